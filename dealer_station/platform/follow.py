"""The consumer's MQTT shell: ``dealer-station events follow`` (docs/events.md "A reference consumer").

One thread does everything: it drives its paho-mqtt client itself (``client.loop()``, no paho
network thread), feeds each message to the :class:`~dealer_station.platform.tracker.Tracker`,
writes what it releases to the :class:`~dealer_station.platform.ledger.Ledger` (one transaction per
loop round) and publishes the replay requests the tracker asks for. The session is clean (MQTT 5
``clean_start`` with no session expiry, or 3.1.1 ``clean_session``): nothing relies on the broker
keeping messages; what was lost is asked of the station again.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

import paho.mqtt.client as mqtt
import structlog

from dealer_station.platform.ledger import Ledger
from dealer_station.platform.tracker import (
    ANCHOR_BROKEN,
    Accepted,
    BadMessage,
    Tracker,
    parse_topic,
    read_message,
)
from dealer_station.publish.client import close_client, connect_and_wait, new_client
from dealer_station.publish.config import BrokerConfig
from dealer_station.publish.probe import FirstBrokerWatch
from dealer_station.publish.topics import TOPIC_PREFIX, validate_table_id
from dealer_station.signing import TrustStore
from drivers.backoff import Backoff

__all__ = ["FollowResult", "Follower", "topics_for"]

log = structlog.get_logger(__name__)

ROUND_SECONDS = 0.02
"""Longest a loop round keeps reading before it writes what it has (seconds)."""
ROUND_EVENTS = 1000
"""Events written per ledger transaction at most."""


def topics_for(tables: Sequence[str] | None) -> list[str]:
    """The subscriptions: events, status and replay errors of the named tables (all tables: ``+``)."""
    names = [validate_table_id(t) for t in tables] if tables else ["+"]
    return [f"{TOPIC_PREFIX}/{t}/{kind}" for t in names for kind in ("events", "status", "replay/error")]


@dataclass(frozen=True, slots=True)
class FollowResult:
    """What a run did: events written, duplicates dropped, replay requests sent, error answers and bad
    messages received, anchor breaks seen, connections made, the gaps still open per table, and messages
    refused by the trusted keys (``rejected``).
    """

    written: int
    duplicates: int
    asks: int
    replay_errors: int
    bad_messages: int
    anchor_breaks: int
    connects: int
    gaps: dict[str, list[tuple[int, int]]]
    rejected: int = 0


class Follower:
    """Follows tables on a broker into a ledger.

    Parameters
    ----------
    config : BrokerConfig
        The broker (address, credentials, TLS, keepalive, protocol; backoff bounds for reconnects), and its
        ``fallbacks``: on a failed connection the next broker is tried, in order; while on a later one the
        first is probed every ``probe_interval`` seconds and taken back when it answers. Nothing is lost
        across a switch: the events the new broker does not bring are gaps, asked of the stations.
    ledger : Ledger
        Where events are written; its :meth:`~Ledger.state` says where each table goes on.
    tables : sequence of str, optional
        The tables to follow (default: every table on the broker).
    retry : float
        Seconds without progress before a gap is asked for again.
    idle_exit : float, optional
        Stop after this many seconds without any event (default: run until :meth:`stop`).
    trust : TrustStore, optional
        The public keys trusted per table (``--trust DIR``): an event, status or replay error that is unsigned,
        signed by another key or not verifying is refused before anything reads it (it is not an event of its
        id, so the station's real one is still written), kept in the ledger's ``rejected`` table with why and
        logged as an error. None: every message is read (docs/events.md "What a platform can trust").
    """

    def __init__(self, config: BrokerConfig, ledger: Ledger, tables: Sequence[str] | None = None, *,
                 retry: float = 1.0, idle_exit: float | None = None, trust: TrustStore | None = None) -> None:
        self.config = config
        self.ledger = ledger
        self.topics = topics_for(tables)
        self.tables = set(tables or ())
        self.tracker = Tracker(ledger.state(), retry=retry)
        self.idle_exit = idle_exit
        self.trust = trust
        if trust is not None:
            for table_id, payload in ledger.announcements():   # keys announced before a restart, in id order
                trust.accept(table_id, json.loads(payload))
        self._rejected = 0
        self._brokers = config.endpoints
        self._current = 0
        self._watch = FirstBrokerWatch(self.config.probe_interval)   # the look at the first broker
        self.connected_url: str | None = None
        """The URL of the broker of the current (or last) connection."""
        self.client_id = config.client_id or f"dealer-station-follow-{os.getpid()}-{random.randrange(1 << 32):08x}"
        self._stop = threading.Event()
        self._pending: list[Accepted] = []
        self._got = False
        self._client: mqtt.Client | None = None
        self._lost = False
        self._connack: bool | None = None
        self._ids = itertools.count(1)
        self._last_event_at = time.monotonic()
        self._written = self._asks = self._replay_errors = self._bad = self._breaks = self._connects = 0
        self.on_connected = None
        """Called with no argument after each successful connection (the CLI prints a line)."""

    def stop(self) -> None:
        """Ask :meth:`run` to return (thread-safe)."""
        self._stop.set()

    # --------------------------------------------------------------------------- loop
    def run(self) -> FollowResult:
        """Follow until :meth:`stop` or ``idle_exit``; return what was done. Raises LedgerError."""
        backoff = Backoff(self.config.backoff_min, self.config.backoff_max, jitter=0.2)
        try:
            while not self._stop.is_set():
                if self._client is None:
                    if self._connect():
                        backoff.reset()
                    else:
                        self._stop.wait(backoff.next())
                        if self._idle():
                            break
                        continue
                rc = self._read_round()
                self._flush()
                if rc != mqtt.MQTT_ERR_SUCCESS or self._lost:
                    log.warning("broker connection lost; reconnecting", broker=self.config.url,
                                reason=mqtt.error_string(rc))
                    self._drop()
                    continue
                self._ask(time.monotonic())
                self._probe_first()
                if self._idle():
                    break
        finally:
            self._flush()
            if self._client is not None:
                try:
                    self._client.disconnect()
                except Exception:  # noqa: BLE001 - best effort on the way out
                    pass
                self._drop()
        return self.result()

    def _read_round(self) -> mqtt.MQTTErrorCode:
        """Read what the broker sends for up to 50 ms, then up to 20 ms more while messages keep coming
        (paho reads about one packet per loop call): one ledger transaction per round, not per event.
        """
        client = self._client
        assert client is not None
        self._got = False
        rc = client.loop(0.05)
        deadline = time.monotonic() + ROUND_SECONDS
        while rc == mqtt.MQTT_ERR_SUCCESS and self._got and not self._lost and time.monotonic() < deadline \
                and len(self._pending) < ROUND_EVENTS:
            self._got = False
            rc = client.loop_read()           # the next packet already here: no select() per packet
            if rc == mqtt.MQTT_ERR_SUCCESS and client.want_write():
                rc = client.loop_write()      # the PUBACKs
        return rc

    def result(self) -> FollowResult:
        """What the follower has done so far: events written, duplicates, asks, errors, gaps."""
        dups = sum(t.duplicates for t in self.tracker.tables.values())
        return FollowResult(self._written, dups, self._asks, self._replay_errors, self._bad, self._breaks,
                            self._connects, self.tracker.gaps(), self._rejected)

    def _idle(self) -> bool:
        return self.idle_exit is not None and time.monotonic() - self._last_event_at >= self.idle_exit

    def _new_client(self, cfg: BrokerConfig | None = None, client_id: str | None = None) -> mqtt.Client:
        cfg = cfg or self.config
        client_id = client_id or self.client_id
        client = new_client(cfg, client_id)
        client.max_queued_messages_set(0)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        return client

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:  # noqa: ANN001
        self._connack = not reason_code.is_failure

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:  # noqa: ANN001
        self._lost = True

    def _connect(self) -> bool:
        """Connect to the first broker of the list that answers, in order of preference; True when connected."""
        index = self._watch.connect_first(self._brokers, self._connect_to, self._stop, current=self._current,
                                          doing="following")
        if index is None:
            return False
        self._current = index
        return True

    def _probe_first(self) -> None:
        """While on a later broker: look at the first every ``probe_interval`` seconds (a
        :class:`~dealer_station.publish.probe.FirstBrokerWatch`, its probe on its own thread); once it answers, drop the
        current connection: the next round connects to the first again (and asks for whatever went missing).
        """
        if not self._current or self._client is None:
            return
        first = self._brokers[0]
        if not self._watch.first_answers(first, lambda: self._new_client(first, f"{self.client_id}-probe")):
            return
        log.warning("the first broker answers again: switching back", broker=first.url,
                    leaving=self._brokers[self._current].url)
        self._flush()
        try:
            self._client.disconnect()
        except Exception:  # noqa: BLE001 - best effort
            pass
        self._drop()

    def _connect_to(self, cfg: BrokerConfig) -> bool:
        self._connack, self._lost = None, False
        client = None
        try:
            client = self._new_client(cfg)
            connect_and_wait(client, cfg, lambda: self._connack is not None or self._lost, self._stop)
        except Exception as err:  # noqa: BLE001 - any failure to connect is retried after a back-off
            log.warning("broker connection failed", broker=cfg.url, reason=f"{type(err).__name__}: {err}")
        if not self._connack:
            if client is not None:
                self._close(client)
            return False
        assert client is not None
        client.subscribe([(topic, 1) for topic in self.topics])
        self._client = client
        self._connects += 1
        self.tracker.nudge_all()     # whatever went missing while away shows up as gaps: ask at once
        self.connected_url = cfg.url
        log.info("following", broker=cfg.url, topics=self.topics, client_id=self.client_id)
        if self.on_connected is not None:
            self.on_connected()
        return True

    @staticmethod
    def _close(client: mqtt.Client) -> None:
        close_client(client, disconnect=False)

    def _drop(self) -> None:
        if self._client is not None:
            self._close(self._client)
        self._client = None

    # --------------------------------------------------------------------------- messages
    def _on_message(self, client, userdata, message) -> None:  # noqa: ANN001
        self._got = True
        where = parse_topic(message.topic)
        if where is None or (self.tables and where[0] not in self.tables):
            return
        try:
            read = read_message(message.topic, bytes(message.payload))
            if read is None:
                return
            table_id, kind = read.table_id, read.kind
            if self.trust is not None:
                # the station's own canonical, signed text of this table and kind; a new key it announces is learnt
                why = self.trust.message_problem(table_id, kind, read.body, bytes(message.payload))
                if why is not None:
                    self._reject(message.topic, read, why, bytes(message.payload))
                    return
            if kind == "events":
                envelope, text = read.body, read.text or ""
                if envelope.get("table_id") != table_id:
                    log.warning("event of another table id on a table's topic; kept under the topic's table",
                                topic=message.topic, event_table_id=envelope.get("table_id"))
                self._last_event_at = time.monotonic()
                self._pending += self.tracker.offer(table_id, envelope, text, self._last_event_at)
            elif kind == "status":
                self.tracker.status(table_id, read.body)
            else:
                self._replay_error(table_id, read.body)
        except BadMessage as err:
            self._bad += 1
            log.error("unreadable message", topic=message.topic, reason=str(err),
                      payload=bytes(message.payload[:80]).decode(errors="replace"))

    def _reject(self, topic: str, read, why: str, payload: bytes) -> None:  # noqa: ANN001 - a tracker Message
        """Keep a message the trusted keys refuse (never an event of the ledger) and say so."""
        event_id = read.body.get("event_id") if read.kind == "events" else None
        event_id = event_id if isinstance(event_id, int) and not isinstance(event_id, bool) else None
        self._rejected += 1
        self._flush()   # the ledger's order: what came before is written first
        self.ledger.reject(read.table_id, event_id, topic, why, payload.decode("utf-8", errors="replace"))
        log.error("message refused: not signed by a key trusted for its table", table_id=read.table_id,
                  topic=topic, event_id=event_id, reason=why)

    def _replay_error(self, table_id: str, body: dict) -> None:
        self._replay_errors += 1
        error = body.get("error")
        request_id = body.get("request_id")
        if not (isinstance(request_id, str) and request_id.startswith(f"{self.client_id}-")):
            # an answer to someone else's request (or to none) changes nothing here: only ours can give ids up
            log.info("replay answer to another consumer's request ignored", table_id=table_id, error=error,
                     request_id=request_id)
            return
        log.warning("the station could not replay all that was asked", table_id=table_id, error=error,
                    message=body.get("message"), request_id=body.get("request_id"))
        table = self.tracker.table(table_id)
        first, last = body.get("first_available"), body.get("last_available")
        if error == "not_retained" and isinstance(first, int) and not isinstance(first, bool):
            lost, ready = table.skip_to(first)
            if lost is not None:
                self._flush()
                self.ledger.give_up(table_id, lost[0], lost[1], "not_retained")
                log.error("events no longer kept by the station: given up", table_id=table_id,
                          first=lost[0], last=lost[1])
                self._pending += ready
        elif error == "not_available" and isinstance(last, int) and not isinstance(last, bool):
            table.lower_known_last(last)

    def _flush(self) -> None:
        if not self._pending:
            return
        batch, self._pending = self._pending, []
        try:
            self._written += self.ledger.write(batch)
        except Exception:
            self._pending = batch + self._pending   # not written: kept for the next round
            raise
        for accepted in batch:
            if accepted.check == ANCHOR_BROKEN:
                self._breaks += 1
                log.error("event anchor does not follow the previous one", table_id=accepted.table_id,
                          event_id=accepted.event_id, detail=accepted.detail)

    def _ask(self, now: float) -> None:
        client = self._client
        if client is None:
            return
        for ask in self.tracker.due_asks(now):
            request_id = f"{self.client_id}-{next(self._ids)}"
            client.publish(f"{TOPIC_PREFIX}/{ask.table_id}/replay", ask.payload(request_id), qos=1)
            self._asks += 1
            log.info("replay asked", table_id=ask.table_id, first=ask.first, last=ask.last, request_id=request_id)
