"""The pit view's MQTT side: subscribe to the tables' events and statuses, read each message, hand it on.

:class:`PitFeed` runs a network thread of its own: messages are read there with
:func:`dealer_station.platform.tracker.read_message` (the reading ``events follow`` uses) and handed
to ``deliver`` on that thread; the window crosses to the GUI thread with a queued signal. The pit is
a reader only: it subscribes, never publishes (no replay request, no status, no last will), so it
cannot act on any station; :class:`_ReadOnlyClient` refuses ``publish`` outright.

Several brokers are taken as the station takes them (docs/events.md "Several brokers"): in order of
preference, the next tried when one does not answer or the connection is lost, and while on a later
one the first is looked at every ``probe_interval`` seconds and taken back as soon as it answers.

The table display (``dealer-station display``, docs/display.md) reads through the same feed with
``asks_replays=True``: it subscribes to the replay answers too and may publish replay requests
(:meth:`PitFeed.ask`) and nothing else; :class:`_ReplayAskingClient` refuses any other publish.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import paho.mqtt.client as mqtt
import structlog

from dealer_station.platform.tracker import BadMessage, Message, parse_topic, read_message
from dealer_station.publish.client import close_client, connect_and_wait, new_client
from dealer_station.publish.config import BrokerConfig
from dealer_station.publish.probe import FirstBrokerWatch
from dealer_station.publish.topics import TOPIC_PREFIX, validate_table_id
from dealer_station.signing import TrustStore
from drivers.util import Backoff

__all__ = ["Connection", "Delivery", "PitFeed", "Refused", "Unreadable", "pit_topics"]

log = structlog.get_logger(__name__)


def pit_topics(tables: Sequence[str] | None, kinds: Sequence[str] = ("events", "status")) -> list[str]:
    """The subscriptions: ``kinds`` (events and status; ``replay/error`` too for a feed that asks for replays)
    of the named tables (all tables: ``+``).

    Raises BrokerConfigError for a table id that cannot name a topic.
    """
    names = [validate_table_id(t) for t in tables] if tables else ["+"]
    return [f"{TOPIC_PREFIX}/{t}/{kind}" for t in names for kind in kinds]


@dataclass(frozen=True, slots=True)
class Delivery:
    """A message read, with when it was received (seconds since the epoch, UTC); ``retained``: the broker kept
    it from before the pit subscribed (a retained status), rather than passing it on as it was sent.
    """

    message: Message
    received: float
    retained: bool = False


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A message that could not be read: its topic's table (None if none) and why."""

    table_id: str | None
    reason: str


@dataclass(frozen=True, slots=True)
class Refused:
    """A message the trusted keys refuse (``pit --trust``): its table, ``"events"`` or ``"status"``, and why."""

    table_id: str
    kind: str
    reason: str


@dataclass(frozen=True, slots=True)
class Connection:
    """The broker connection changed: ``subscribed`` true once the broker acknowledged the subscriptions;
    ``broker``: the URL of the broker of the connection (password hidden), "" while none; ``fallback``: it is
    not the first of the list.
    """

    connected: bool
    subscribed: bool
    reason: str = ""
    broker: str = ""
    fallback: bool = False


class _ReadOnlyClient(mqtt.Client):
    """A paho client that cannot publish: the pit view never writes to a station or a topic."""

    def publish(self, *args, **kwargs):  # noqa: ANN002, ANN003, ANN201 - paho's signature
        raise RuntimeError("the pit view is read only: it never publishes")


class _ReplayAskingClient(mqtt.Client):
    """A paho client that publishes replay requests only (not retained), on a table's ``.../replay`` topic."""

    def publish(self, topic, payload=None, qos=0, retain=False, properties=None):  # noqa: ANN001, ANN201 - paho's
        table_id, _, kind = str(topic).removeprefix(f"{TOPIC_PREFIX}/").partition("/")
        if retain or kind != "replay" or not str(topic).startswith(f"{TOPIC_PREFIX}/") or not table_id:
            raise RuntimeError(f"this feed only asks for replays: it never publishes on {topic!r}")
        return super().publish(topic, payload, qos, retain, properties)


LOOP_SECONDS = 0.1
"""Longest wait for the broker per turn of the feed's thread (seconds): how soon a stop or a probe's answer is seen."""


class PitFeed:
    """Subscribes to the tables on a broker and hands every message, read, to ``deliver``.

    Parameters
    ----------
    config : BrokerConfig
        The broker (address, credentials, TLS, keepalive, protocol; reconnect back-off bounds, connect timeout)
        and its ``fallbacks``, in order of preference, looked at again every ``probe_interval`` seconds.
    deliver : callable
        Called on the feed's network thread with a :class:`Delivery`, :class:`Unreadable`, :class:`Refused` or
        :class:`Connection`; it must only queue (e.g. emit a queued Qt signal).
    tables : sequence of str, optional
        Only these tables (default: every table on the broker).
    clock : callable, optional
        The wall clock, seconds since the epoch (default ``time.time``).
    trust : TrustStore, optional
        The public keys trusted per table (``--trust DIR``): a message not signed by its table's key is handed
        on as :class:`Refused`, never as the table's; None: every message is read.
    asks_replays : bool
        Also subscribe to the tables' replay answers (``replay/error``) and allow :meth:`ask` (the table
        display); False (the pit): subscribe only, never publish.

    Notes
    -----
    No session is kept at a broker: after each connection (the same broker again, or another of the list) the
    broker sends every table's retained status again, and events go on from there; what a table sent while
    the pit was not connected is not asked for (the pit never publishes), the model orders what comes by
    event id.
    """

    def __init__(self, config: BrokerConfig, deliver: Callable[[object], None],
                 tables: Sequence[str] | None = None, *, clock: Callable[[], float] = time.time,
                 trust: TrustStore | None = None, asks_replays: bool = False) -> None:
        self.config = config
        self.trust = trust
        self.asks_replays = asks_replays
        self.topics = pit_topics(tables, ("events", "status", "replay/error") if asks_replays else ("events", "status"))
        self.tables = frozenset(tables or ())
        self.deliver = deliver
        self.clock = clock
        role = "display" if asks_replays else "pit"
        self.client_id = config.client_id or f"dealer-station-{role}-{os.getpid()}-{random.randrange(1 << 32):08x}"
        self._brokers = config.endpoints
        self._current = 0
        self._watch = FirstBrokerWatch(config.probe_interval)
        self.client = self._new_client(self._brokers[0])
        """The client of the current (or next) connection."""
        self._connected = False
        self._connack: bool | None = None
        self._connack_reason = ""
        self._lost = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def ask(self, table_id: str, payload: bytes) -> None:
        """Publish a replay request for ``table_id`` (QoS 1); only a feed made with ``asks_replays``.

        Raises RuntimeError on the pit's feed (it never publishes).
        """
        self.client.publish(f"{TOPIC_PREFIX}/{table_id}/replay", payload, qos=1)

    @property
    def broker(self) -> str:
        """The URL of the broker of the current (or last) connection, password hidden."""
        return self._brokers[self._current].url

    def _new_client(self, cfg: BrokerConfig, client_id: str | None = None) -> mqtt.Client:
        kind = _ReplayAskingClient if self.asks_replays else _ReadOnlyClient
        client = new_client(cfg, client_id or self.client_id, client_class=kind)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_subscribe = self._on_subscribe
        client.on_message = self._on_message
        return client

    def start(self) -> None:
        """Connect in the background: the feed's thread tries the brokers in order until one answers."""
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="pit-feed", daemon=True)
        self._thread.start()
        log.info("pit_connecting", brokers=self.config.urls, topics=self.topics, client_id=self.client_id)

    def stop(self, timeout: float = 2.0) -> None:
        """Disconnect and end the feed's thread (idempotent); waits at most ``timeout`` seconds for it (one
        connection attempt under way may take longer: the thread is a daemon and ends by itself).
        """
        thread = self._thread
        if thread is None:
            return
        self._thread = None
        self._stop.set()
        thread.join(timeout)

    # ------------------------------------------------------------------ the feed's thread
    def _run(self) -> None:
        backoff = Backoff(self.config.backoff_min, self.config.backoff_max, jitter=0.2)
        try:
            while not self._stop.is_set():
                if not self._connected:
                    if self._connect():
                        backoff.reset()
                    else:
                        self._stop.wait(backoff.next())
                    continue
                rc = self.client.loop(LOOP_SECONDS)
                if rc != mqtt.MQTT_ERR_SUCCESS or self._lost:
                    why = mqtt.error_string(rc) if rc != mqtt.MQTT_ERR_SUCCESS else "broker closed the connection"
                    log.warning("pit_connection_lost", broker=self.broker, reason=why)
                    self._drop(why)
                    continue
                self._probe_first()
        except Exception as err:  # noqa: BLE001 - the window says the pit is not connected, never a silent end
            log.exception("pit_feed_failed")
            self._drop(f"unexpected error: {err!r}")
        finally:
            if self._connected:
                try:
                    self.client.disconnect()
                except Exception:  # noqa: BLE001 - best effort on the way out
                    pass
            close_client(self.client, disconnect=False)
            self._connected = False

    def _connect(self) -> bool:
        """One attempt per broker, in order of preference; True when connected (to the first that answered)."""
        index = self._watch.connect_first(self._brokers, self._connect_to, self._stop, current=self._current,
                                          doing="the pit view reading")
        if index is None:
            if not self._stop.is_set():
                self.deliver(Connection(False, False, self._connack_reason or "no broker answered"))
            return False
        self._current = index
        self.client.subscribe([(topic, 1) for topic in self.topics])
        self.deliver(Connection(True, False, broker=self.broker, fallback=index > 0))
        return True

    def _connect_to(self, cfg: BrokerConfig) -> bool:
        """One connection attempt to ``cfg``, bounded by its ``connect_timeout``; True when connected."""
        self._connack, self._connack_reason, self._lost = None, "", False
        client = None
        try:
            client = self._new_client(cfg)
            connect_and_wait(client, cfg, lambda: self._connack is not None or self._lost, self._stop)
        except Exception as err:  # noqa: BLE001 - any failure to connect is a failed attempt, tried again later
            self._connack_reason = f"{type(err).__name__}: {err}"
        if not self._connack:
            reason = self._connack_reason or ("no CONNACK in time" if not self._lost else "connection closed")
            self._connack_reason = f"{cfg.url}: {reason}"
            log.info("pit_connection_failed", broker=cfg.url, reason=reason)
            if client is not None:
                close_client(client, disconnect=False)
            return False
        self.client = client
        self._connected = True
        log.info("pit_connected", broker=cfg.url, client_id=self.client_id)
        return True

    def _probe_first(self) -> None:
        """While on a later broker: look at the first every ``probe_interval`` seconds (its probe on a thread of
        its own, :class:`~dealer_station.publish.probe.FirstBrokerWatch`); once it answers, leave this broker: the
        next turn connects to the first again.
        """
        if not self._current:
            return
        first = self._brokers[0]
        if not self._watch.first_answers(first, lambda: self._new_client(first, f"{self.client_id}-probe")):
            return
        log.warning("pit_first_broker_answers_again", broker=first.url, leaving=self.broker)
        try:
            self.client.disconnect()
        except Exception:  # noqa: BLE001 - best effort: the pit leaves this broker anyway
            pass
        self._drop("the first broker answers again")

    def _drop(self, why: str) -> None:
        close_client(self.client, disconnect=False)
        self._connected = False
        self.deliver(Connection(False, False, why))

    # ------------------------------------------------------------------ paho callbacks (the feed's thread)
    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:  # noqa: ANN001
        self._connack = not reason_code.is_failure
        self._connack_reason = str(reason_code)

    def _on_subscribe(self, client, userdata, mid, reason_codes, properties) -> None:  # noqa: ANN001
        self.deliver(Connection(True, True, broker=self.broker, fallback=self._current > 0))

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:  # noqa: ANN001
        self._lost = True

    def _on_message(self, client, userdata, message) -> None:  # noqa: ANN001
        where = parse_topic(message.topic)
        if where is None or (self.tables and where[0] not in self.tables):
            return
        try:
            read = read_message(message.topic, bytes(message.payload))
        except BadMessage as err:
            log.warning("pit_unreadable_message", topic=message.topic, reason=str(err))
            self.deliver(Unreadable(where[0], str(err)))
            return
        if read is None:
            return
        if self.trust is not None:
            why = self.trust.message_problem(read.table_id, read.kind, read.body, bytes(message.payload))
            if why is not None:
                log.error("pit_message_refused", topic=message.topic, reason=why)
                self.deliver(Refused(read.table_id, read.kind, why))
                return
        self.deliver(Delivery(read, self.clock(), bool(getattr(message, "retain", False))))
