"""The pit view's MQTT side: subscribe to the tables' events and statuses, read each message, hand it on.

:class:`PitFeed` runs paho-mqtt's network thread (``loop_start``): messages are read there with
:func:`dealer_station.platform.tracker.read_message` (the reading ``events follow`` uses) and handed
to ``deliver`` on that thread; the window crosses to the GUI thread with a queued signal. The pit is
a reader only: it subscribes, never publishes (no replay request, no status, no last will), so it
cannot act on any station; :class:`_ReadOnlyClient` refuses ``publish`` outright.

The table display (``dealer-station display``, docs/display.md) reads through the same feed with
``asks_replays=True``: it subscribes to the replay answers too and may publish replay requests
(:meth:`PitFeed.ask`) and nothing else; :class:`_ReplayAskingClient` refuses any other publish.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import paho.mqtt.client as mqtt
import structlog

from dealer_station.platform.tracker import BadMessage, Message, parse_topic, read_message
from dealer_station.publish.client import connect, new_client
from dealer_station.publish.config import BrokerConfig
from dealer_station.publish.topics import TOPIC_PREFIX, validate_table_id
from dealer_station.signing import TrustStore

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
    """A message read, with when it was received (seconds since the epoch, UTC)."""

    message: Message
    received: float


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
    """The broker connection changed: ``subscribed`` true once the broker acknowledged the subscriptions."""

    connected: bool
    subscribed: bool
    reason: str = ""


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


class PitFeed:
    """Subscribes to the tables on a broker and hands every message, read, to ``deliver``.

    Parameters
    ----------
    config : BrokerConfig
        The broker (address, credentials, TLS, keepalive, protocol; reconnect back-off bounds).
    deliver : callable
        Called on paho's network thread with a :class:`Delivery`, :class:`Unreadable` or
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
        self.client = self._new_client()
        self._started = False

    def ask(self, table_id: str, payload: bytes) -> None:
        """Publish a replay request for ``table_id`` (QoS 1); only a feed made with ``asks_replays``.

        Raises RuntimeError on the pit's feed (it never publishes).
        """
        self.client.publish(f"{TOPIC_PREFIX}/{table_id}/replay", payload, qos=1)

    def _new_client(self) -> mqtt.Client:
        cfg = self.config
        kind = _ReplayAskingClient if self.asks_replays else _ReadOnlyClient
        client = new_client(cfg, self.client_id, client_class=kind, reconnect_on_failure=True)
        client.reconnect_delay_set(max(1, int(cfg.backoff_min)), max(1, int(cfg.backoff_max)))
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_subscribe = self._on_subscribe
        client.on_message = self._on_message
        return client

    def start(self) -> None:
        """Connect in the background (paho's thread retries until the broker answers)."""
        cfg = self.config
        connect(self.client, cfg, background=True)
        self.client.loop_start()
        self._started = True
        log.info("pit_connecting", broker=cfg.url, topics=self.topics, client_id=self.client_id)

    def stop(self) -> None:
        """Disconnect and stop paho's thread (idempotent)."""
        if not self._started:
            return
        self._started = False
        try:
            self.client.disconnect()
        except Exception:  # noqa: BLE001 - best effort on the way out
            pass
        self.client.loop_stop()

    # ------------------------------------------------------------------ paho callbacks (network thread)
    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:  # noqa: ANN001
        if reason_code.is_failure:
            self.deliver(Connection(False, False, str(reason_code)))
            return
        client.subscribe([(topic, 1) for topic in self.topics])
        self.deliver(Connection(True, False))

    def _on_subscribe(self, client, userdata, mid, reason_codes, properties) -> None:  # noqa: ANN001
        self.deliver(Connection(True, True))

    def _on_disconnect(self, client, userdata, flags, reason_code, properties) -> None:  # noqa: ANN001
        self.deliver(Connection(False, False, str(reason_code)))

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
        self.deliver(Delivery(read, self.clock()))
