"""The publisher's broker connection: connect to the first broker of the list that answers, take the first
back when it answers again, back off between attempts, and drop a connection cleanly.

:class:`BrokerConnection` is the half of :class:`~dealer_station.publish.Publisher` that keeps the link;
the other half (the outbox, what is sent and marked) is the publisher's own. Both run on the
publisher's thread and share its state: the broker list (``_brokers``, ``_current``), the look at the
first broker (``_watch``), the back-off (``_backoff``), the client of the current connection
(``_client``) with what its callbacks saw (``_connack``, ``_connack_reason``, ``_lost``), what is in
flight on it (``_inflight``, ``_sent_order``, ``_acked``, ``_refused``) and the counters read under
``_lock``.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import paho.mqtt.client as mqtt
import structlog

from dealer_station.domain.status import OfflineReason, StationStatus
from dealer_station.publish.client import close_client, connect_and_wait, new_client
from dealer_station.publish.config import BrokerConfig

if TYPE_CHECKING:
    import threading

    from dealer_station.publish.probe import FirstBrokerWatch
    from dealer_station.publish.replay_requests import ReplayRequests
    from drivers.util import Backoff

__all__ = ["STABLE_SECONDS", "BrokerConnection"]

log = structlog.get_logger("dealer_station.publish.publisher")

STABLE_SECONDS = 10.0
"""A connection that lasted this long (or marked an event) resets the reconnect back-off."""


class BrokerConnection:
    """Keeps the publisher's connection (a base of :class:`~dealer_station.publish.Publisher`; see the module doc)."""

    # the publisher's state this half works on (set by Publisher.__init__)
    config: BrokerConfig
    table_id: str
    client_id: str
    status_topic: str
    replay: ReplayRequests
    _brokers: tuple[BrokerConfig, ...]
    _current: int
    _watch: FirstBrokerWatch
    _backoff: Backoff
    _stop: threading.Event
    _lock: threading.Lock
    _client: mqtt.Client | None
    _connack: bool | None
    _connack_reason: str
    _lost: bool
    _inflight: dict[int, int]
    _sent_order: list[int]
    _acked: set[int]
    _refused: list[tuple[int, str]]
    _connected_at: float
    _progress: bool
    _lost_at: float | None
    _last_sent: int
    _last_published: int
    _connected: bool
    _connects: int
    _failed: int
    _last_error: str | None

    def _status_payload(self, status: str, reason: str | None = None) -> bytes:
        raise NotImplementedError   # the publisher's

    def _on_publish(self, client, userdata, mid, reason_code, properties) -> None:  # noqa: ANN001
        raise NotImplementedError   # the publisher's

    def _back_off(self) -> None:
        """Wait the current reconnect delay (x0.8-1.0 jitter); the next is twice as long, up to ``backoff_max``."""
        wait = self._backoff.next()
        log.debug("broker reconnect scheduled", table_id=self.table_id, in_seconds=round(wait, 2))
        self._stop.wait(wait)

    def _new_client(self, cfg: BrokerConfig | None = None, client_id: str | None = None) -> mqtt.Client:
        cfg = cfg or self.config
        client_id = client_id or self.client_id
        client = new_client(cfg, client_id)
        client.max_inflight_messages_set(cfg.window)
        client.max_queued_messages_set(0)
        will = self._status_payload(StationStatus.OFFLINE, OfflineReason.CONNECTION_LOST)
        client.will_set(self.status_topic, will, qos=1, retain=True)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_publish = self._on_publish
        client.on_message = self.replay.on_message   # only queues: the outbox is read in _step
        return client

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:  # noqa: ANN001
        self._connack = not reason_code.is_failure
        self._connack_reason = str(reason_code)

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:  # noqa: ANN001
        self._lost = True

    def _connect(self) -> bool:
        """One connection attempt per broker, in order of preference, each bounded by ``connect_timeout``;
        True when connected (to the first that answered). While on a later broker, the first is probed every
        ``probe_interval`` seconds (:meth:`_probe_first`).
        """
        index = self._watch.connect_first(self._brokers, self._connect_to, self._stop, current=self._current,
                                          doing="publishing", table_id=self.table_id,
                                          resend_from=self._last_published + 1)
        if index is None:
            return False
        self._current = index
        return True

    def _probe_first(self) -> None:
        """While on a later broker: look at the first every ``probe_interval`` seconds
        (:class:`~dealer_station.publish.probe.FirstBrokerWatch`: its probe on its own thread, so sending goes
        on meanwhile); once it answers, leave the current broker (its retained status says ``offline``,
        ``switched_broker``) and connect to the first again. Sending resumes after the last acknowledged event
        (the outbox decides, as after any reconnect).
        """
        if not self._current:
            return
        first = self._brokers[0]
        if not self._watch.first_answers(first, lambda: self._new_client(first, f"{self.client_id}-probe"),
                                         table_id=self.table_id):
            return
        client = self._client
        if client is not None:   # tell the consumers still on this broker that the station went elsewhere
            try:
                gone = self._status_payload(StationStatus.OFFLINE, OfflineReason.SWITCHED_BROKER)
                info = client.publish(self.status_topic, gone, qos=1, retain=True)
                deadline = time.monotonic() + 1.0
                while not info.is_published() and time.monotonic() < deadline and not self._lost:
                    if client.loop(0.05) != mqtt.MQTT_ERR_SUCCESS:
                        break
            except Exception as err:  # noqa: BLE001 - best effort: the station leaves this broker anyway
                log.warning("switched_broker status not published", table_id=self.table_id, error=repr(err))
        self._lose(f"the first broker {first.url} answers again")
        self._lost_at = None   # no back-off: connect to the first broker at once

    def _connect_to(self, cfg: BrokerConfig) -> bool:
        """One connection attempt to ``cfg``, bounded by ``connect_timeout``; True when connected."""
        client: mqtt.Client | None = None
        self._connack, self._connack_reason, self._lost = None, "", False
        try:
            client = self._new_client(cfg)   # TLS set-up reads the CA/certificate files: it may fail too
            # no session state at the broker: the outbox decides what is re-sent
            connect_and_wait(client, cfg, lambda: self._connack is not None or self._lost, self._stop)
        except Exception as err:  # noqa: BLE001 - any failure to connect is a failed attempt, retried later
            self._connack_reason = f"{type(err).__name__}: {err}"
        if not self._connack:
            reason = self._connack_reason or ("no CONNACK in time" if not self._lost else "connection closed")
            if client is not None:
                self._close(client)
            error = f"connect {cfg.url}: {reason}"
            with self._lock:
                self._failed += 1
                repeated = error == self._last_error
                self._last_error = error
            # the same failure again and again is logged once, then every 10th attempt
            if not repeated or self._failed % 10 == 0:
                log.warning("broker connection failed", table_id=self.table_id, broker=cfg.url, reason=reason,
                            failed_attempts=self._failed)
            return False
        assert client is not None
        self._client = client
        self._connected_at = time.monotonic()
        self._progress = False
        self._inflight.clear()
        self._sent_order.clear()
        self._acked.clear()
        self._refused.clear()
        self._last_sent = self._last_published
        with self._lock:
            self._connected = True
            self._connects += 1
        client.publish(self.status_topic, self._status_payload(StationStatus.ONLINE), qos=1, retain=True)
        self.replay.subscribe(client)
        log.info("broker connected", table_id=self.table_id, broker=cfg.url, client_id=self.client_id)
        return True

    @staticmethod
    def _close(client: mqtt.Client) -> None:
        close_client(client)

    def _lose(self, why: str) -> None:
        now = time.monotonic()
        # a connection that did its work (or lasted) starts the back-off afresh; one that fails at once
        # (refused events, another client taking over the client id) keeps doubling it
        if self._progress or now - self._connected_at >= STABLE_SECONDS:
            self._backoff.reset()
        self._lost_at = now
        if self._client is not None:
            self._close(self._client)
        self._client = None
        self._inflight.clear()
        self._sent_order.clear()
        self._acked.clear()
        self._refused.clear()
        with self._lock:
            self._connected = False
            self._last_error = f"connection lost: {why}"
        log.warning("broker connection lost", table_id=self.table_id, reason=why,
                    resend_from=self._last_published + 1)
