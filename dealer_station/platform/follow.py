"""The consumer's MQTT shell: ``dealer-station events follow`` (docs/events.md "A reference consumer").

One thread does everything: it drives its paho-mqtt client itself (``client.loop()``, no paho
network thread), feeds each message to the :class:`~dealer_station.platform.tracker.Tracker`,
writes what it releases to the :class:`~dealer_station.platform.ledger.Ledger` (one transaction per
loop round) and publishes the replay requests the tracker asks for. The session is clean (MQTT 5
``clean_start`` with no session expiry, or 3.1.1 ``clean_session``): nothing relies on the broker
keeping messages; what was lost is asked of the station again.

A member of a pool (``share``: a shared subscription ``$share/GROUP/...`` of the events; status and replay
errors unshared) writes each event as it comes, unchecked (:meth:`Ledger.receive`): its neighbours got the
events between. The one gap checker of the ledger (whichever member holds :meth:`Ledger.lead`) reads the
unchecked events back into its tracker, in id order, writes their anchor checks and asks for the gaps;
when it ends, another member takes the lock and goes on from the ledger.
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
    parse_event,
    parse_topic,
    read_message,
)
from dealer_station.publish.client import close_client, connect_and_wait, new_client
from dealer_station.publish.config import BrokerConfig
from dealer_station.publish.probe import FirstBrokerWatch
from dealer_station.publish.topics import TOPIC_PREFIX, validate_table_id
from dealer_station.signing import TrustStore
from drivers.util import Backoff

__all__ = ["CHECK_SECONDS", "LEAD_SECONDS", "FollowResult", "Follower", "topics_for", "validate_group"]

log = structlog.get_logger(__name__)

ROUND_SECONDS = 0.02
"""Longest a loop round keeps reading before it writes what it has (seconds)."""
ROUND_EVENTS = 1000
"""Events written per ledger transaction at most."""


CHECK_SECONDS = 0.1
"""How often a pool's gap checker reads the shared ledger's unchecked events (seconds, at most)."""
LEAD_SECONDS = 1.0
"""How often a pool member that is not the gap checker tries to become it (seconds)."""


def topics_for(tables: Sequence[str] | None, share: str | None = None) -> list[str]:
    """The subscriptions: events, status and replay errors of the named tables (all tables: ``+``); with
    ``share``, the events through the shared subscription ``$share/GROUP/...`` (the rest unshared).
    """
    names = [validate_table_id(t) for t in tables] if tables else ["+"]
    shared = f"$share/{validate_group(share)}/" if share is not None else ""
    return [f"{shared if kind == 'events' else ''}{TOPIC_PREFIX}/{t}/{kind}"
            for t in names for kind in ("events", "status", "replay/error")]


def validate_group(name: str) -> str:
    """A shared subscription's group name (``--share``): 1-64 letters, digits, ``.``, ``_`` or ``-``.

    Raises ValueError naming the rule.
    """
    if not (1 <= len(name) <= 64) or any(not (c.isascii() and (c.isalnum() or c in "._-")) for c in name):
        raise ValueError(f"group {name!r}: give 1-64 letters, digits, '.', '_' or '-' (it names a shared "
                         "subscription: no '/', '+' or '#')")
    return name


@dataclass(frozen=True, slots=True)
class FollowResult:
    """What a run did: events written, duplicates dropped, replay requests sent, error answers and bad
    messages received, anchor breaks seen, connections made, the gaps still open per table, and messages
    refused by the trusted keys (``rejected``). A pool member's ``written`` are the events it received first;
    ``checked``: those whose anchors it checked as the pool's gap checker.
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
    checked: int = 0


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
    share : str, optional
        Be a member of the pool ``share`` (a shared subscription's group) writing one ledger with the others:
        each event is written as it comes, and whichever member holds the ledger's lock is its one gap checker
        (module docstring). None: this consumer alone owns its tables.
    """

    def __init__(self, config: BrokerConfig, ledger: Ledger, tables: Sequence[str] | None = None, *,
                 retry: float = 1.0, idle_exit: float | None = None, trust: TrustStore | None = None,
                 share: str | None = None) -> None:
        self.config = config
        self.ledger = ledger
        self.share = share
        self.topics = topics_for(tables, share)
        self.tables = set(tables or ())
        self.retry = retry
        self.leading = False
        """A pool member: True while it is the ledger's gap checker."""
        self._lead_tried = -LEAD_SECONDS
        self._checked_at = -CHECK_SECONDS
        self._received: list[tuple[str, dict, str]] = []
        self._status_last: dict[str, object] = {}
        self._checked = self._ledger_duplicates = 0
        self.tracker = Tracker(ledger.state(), retry=retry) if share is None else Tracker(retry=retry)
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
                self._check(time.monotonic())
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
                and len(self._pending) + len(self._received) < ROUND_EVENTS:
            self._got = False
            rc = client.loop_read()           # the next packet already here: no select() per packet
            if rc == mqtt.MQTT_ERR_SUCCESS and client.want_write():
                rc = client.loop_write()      # the PUBACKs
        return rc

    def result(self) -> FollowResult:
        """What the follower has done so far: events written, duplicates, asks, errors, gaps."""
        dups = sum(t.duplicates for t in self.tracker.tables.values()) + self._ledger_duplicates
        return FollowResult(self._written, dups, self._asks, self._replay_errors, self._bad, self._breaks,
                            self._connects, self.tracker.gaps(), self._rejected, self._checked)

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
                if why is not None and self.share is not None and self._learn_keys():
                    # a pool member may not have received the announcement of the key: another did, and wrote it
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
                if self.share is not None:
                    self._received.append((table_id, envelope, text))   # the pool's checker orders them
                else:
                    self._pending += self.tracker.offer(table_id, envelope, text, self._last_event_at)
            elif kind == "status":
                self._status_last[table_id] = read.body
                if self.share is None or self.leading:   # a pool member that does not check keeps it for later
                    self.tracker.status(table_id, read.body)
            else:
                self._replay_error(table_id, read.body)
        except BadMessage as err:
            self._bad += 1
            log.error("unreadable message", topic=message.topic, reason=str(err),
                      payload=bytes(message.payload[:80]).decode(errors="replace"))

    def _learn_keys(self) -> bool:
        """Trust the keys announced in the ledger (a pool's other members may have written them); True when
        it announced any.
        """
        assert self.trust is not None
        announced = self.ledger.announcements()
        for table_id, payload in announced:
            self.trust.accept(table_id, json.loads(payload))
        return bool(announced)

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
        if self._received:
            batch, new = self._write_all("_received", self.ledger.receive)
            self._written += new
            self._ledger_duplicates += len(batch) - new
        if not self._pending:
            return
        batch, written = self._write_all("_pending", self.ledger.write)
        if self.share is None:
            self._written += written
        else:
            self._checked += written
        for accepted in batch:
            if accepted.check == ANCHOR_BROKEN:
                self._breaks += 1
                log.error("event anchor does not follow the previous one", table_id=accepted.table_id,
                          event_id=accepted.event_id, detail=accepted.detail)

    def _write_all(self, name: str, write) -> tuple[list, int]:  # noqa: ANN001 - a Ledger method
        """Write the batch kept in attribute ``name`` with ``write``: ``(batch, what write returned)``; when it
        raises, the batch is kept for the next round (before what came meanwhile).
        """
        batch = getattr(self, name)
        setattr(self, name, [])
        try:
            return batch, write(batch)
        except Exception:
            setattr(self, name, batch + getattr(self, name))   # not written: kept for the next round
            raise

    def _check(self, now: float) -> None:
        """A pool member: try to be the gap checker (every :data:`LEAD_SECONDS`); as the checker, read the
        ledger's unchecked events into the tracker (every :data:`CHECK_SECONDS`) and write their checks.
        """
        if self.share is None:
            return
        if not self.leading and now - self._lead_tried >= LEAD_SECONDS:
            self._lead_tried = now
            if self.ledger.lead():
                self._take_lead()
        elif self.leading and not self.ledger.lead():
            log.warning("no longer the pool's gap checker: another member takes it", group=self.share)
            self.leading = False
            self.tracker = Tracker(retry=self.retry)
        if not self.leading or now - self._checked_at < CHECK_SECONDS:
            return
        self._checked_at = now
        tables = self.tracker.tables
        for table_id, event_id, payload in self.ledger.unchecked({t: tr.last_id for t, tr in tables.items()}):
            if self.tables and table_id not in self.tables:
                continue
            table = self.tracker.table(table_id)
            if event_id <= table.last_id or event_id in table.held:
                continue   # held ahead of a gap already
            try:
                envelope, text = parse_event(payload)
            except BadMessage:
                envelope, text = {"event_id": event_id}, payload   # stored as received: checked as it is
            self._pending += table.offer(envelope, text, now)
        self._flush()

    def _take_lead(self) -> None:
        """Become the pool's gap checker: a tracker from the ledger's checked events and the statuses heard."""
        self.leading = True
        self.tracker = Tracker(self.ledger.state(), retry=self.retry, patience=max(self.retry, 1.0))
        for table_id, body in self._status_last.items():
            self.tracker.status(table_id, body)
        self.tracker.nudge_all()
        log.warning("the pool's gap checker: checking the shared ledger's anchors and asking for its gaps",
                    group=self.share, client_id=self.client_id)

    def _ask(self, now: float) -> None:
        client = self._client
        if client is None or (self.share is not None and not self.leading):
            return
        for ask in self.tracker.due_asks(now):
            request_id = f"{self.client_id}-{next(self._ids)}"
            client.publish(f"{TOPIC_PREFIX}/{ask.table_id}/replay", ask.payload(request_id), qos=1)
            self._asks += 1
            log.info("replay asked", table_id=ask.table_id, first=ask.first, last=ask.last, request_id=request_id)
