"""The publisher: sends the outbox to the betting platform's MQTT broker, at least once, in order.

One thread per station. It reads the journal database's outbox on a connection of its own
(:class:`dealer_station.journal.outbox_reader.OutboxReader`: WAL mode, so it reads while the
controller writes), sends unpublished events in ``event_id`` order with QoS 1 to
``baccarat/tables/{table_id}/events`` and marks an event published only once the broker has
acknowledged it (PUBACK) and every earlier event has been acknowledged too. After a lost
connection or a crash, sending starts again from the oldest unmarked event: a consumer may see an
event twice, never a gap, and de-duplicates by ``event_id`` (docs/design.md "Durability and recovery").

The thread drives its paho-mqtt client itself (no paho network thread, no paho automatic
reconnect): a fresh client per connection, so nothing but the outbox decides what is re-sent.

With several brokers (``BrokerConfig.fallbacks``) each connection goes to the first of the list that
answers; while on a later one the first is probed every ``probe_interval`` seconds and taken back when
it answers. A switch is a reconnect like any other: sending resumes after the last acknowledged event.

Before it sends an event, it checks it against the journal's hash chain
(:class:`dealer_station.journal.anchor.EventCheck`, through :meth:`OutboxReader.problem`: its anchor
row's hash, recomputed, and the event's digest in that row's list). An event that does not match is
not sent, nor any after it: the publisher logs it and tells ``on_refused(event_id, problem)`` once,
then looks again every :data:`RECHECK_SECONDS` (an outbox row put back as it was is sent then).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import paho.mqtt.client as mqtt
import structlog

from dealer_station.domain.status import OfflineReason, StationStatus
from dealer_station.journal.lock import SidecarLock, sidecar_path
from dealer_station.journal.outbox_reader import OutboxError, OutboxReader, pending_count
from dealer_station.publish.config import BrokerConfig, BrokerConfigError
from dealer_station.publish.connection import BrokerConnection
from dealer_station.publish.probe import FirstBrokerWatch
from dealer_station.publish.replay_requests import ReplayRequests
from dealer_station.publish.settings import BrokerOptions, broker_config_from
from dealer_station.publish.status import (
    NOT_READ,
    OutboxBusyError,
    PublisherStats,
    open_pause_member,
    status_payload,
    utc_now,
)
from dealer_station.publish.topics import events_topic, status_topic, validate_table_id
from dealer_station.signing import Signer
from drivers.util import Backoff

__all__ = ["OutboxBusyError", "Publisher", "PublisherStats", "pending_count"]

log = structlog.get_logger(__name__)

RECHECK_SECONDS = 1.0
"""How often a refused event (one that does not match the journal's chain) is checked again."""


class Publisher(BrokerConnection):
    """Publishes one table's outbox to an MQTT broker from a background thread.

    Parameters
    ----------
    config : BrokerConfig
        The broker and the connection tuning (window, backoff bounds, keepalive).
    db_path : path
        The journal database holding the ``outbox`` table. The publisher waits for the file and the
        table to appear; it never creates either. Raises BrokerConfigError for ``":memory:"``.
    table_id : str
        The table: topics are ``baccarat/tables/{table_id}/events`` and ``.../status``.
    station_info : mapping, optional
        Extra JSON-able fields for the retained ``online`` status (e.g. game mode, pay table name).
    poll_interval : float
        Seconds between looks at the outbox when nothing is in flight (default 0.01).
    on_refused : callable, optional
        ``on_refused(event_id, problem)``: called once per refused event (one that does not match the
        journal's hash chain; ``problem`` is a plain English sentence part), **on the publisher thread**:
        it must only hand the news over to the thread that owns the controller (a queue), never act on
        the controller itself. An exception it raises is logged.

    Notes
    -----
    Delivery is at least once: an event is marked published only after its PUBACK and the PUBACKs
    of every earlier event; after a lost connection or a restart every unmarked event is sent again,
    oldest first. Order per table holds because a broker forwards one client's QoS 1 messages on one
    topic in the order received. The retained status is ``online`` after each connection, ``offline``
    on :meth:`stop`, and ``offline`` by last will when the connection dies.
    """

    def __init__(self, config: BrokerConfig, db_path: str | os.PathLike[str], table_id: str, *,
                 station_info: Mapping[str, object] | None = None, poll_interval: float = 0.01,
                 on_refused: Callable[[int, str], None] | None = None, signer: Signer | None = None) -> None:
        if not str(db_path) or str(db_path) == ":memory:" or str(db_path).startswith("file::memory:"):
            raise BrokerConfigError("publishing needs the journal in a file (an in-memory journal cannot be "
                                    "shared with the publisher): pass --journal PATH")
        self.config = config
        self.db_path = Path(db_path)
        self.table_id = validate_table_id(table_id)
        self.events_topic = events_topic(table_id)
        self.status_topic = status_topic(table_id)
        self.client_id = config.client_id_for(table_id)
        self._brokers = config.endpoints   # in order of preference (docs/events.md "Several brokers")
        self._current = 0                  # index of the broker of the current (or last) connection
        self._watch = FirstBrokerWatch(self.config.probe_interval)   # the look at the first broker
        self._station_info = dict(station_info or {})
        self._poll = poll_interval
        self._on_refused = on_refused
        self.signer = signer
        """The station's key: it signs the retained status and the last will (the journal signs the events)."""
        self._held: tuple[int, str] | None = None   # (event_id, problem): refused, nothing from it on is sent
        self._recheck_at = 0.0
        self._stop = threading.Event()
        self._offline: tuple[str, str | None] = (OfflineReason.STOPPED, None)   # the offline status's reason, detail
        self._open_pause: tuple[int, dict | None] | None = None   # (as of event id, the status's open_pause)
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._marking = threading.Lock()   # held while acknowledged events are marked and counted (drain waits)
        # one publisher per outbox: a lock of its own, apart from the station's (a station runs its publisher)
        self._outbox_lock = SidecarLock(sidecar_path(self.db_path, ".publisher.lock"))
        self.replay = ReplayRequests(self.table_id, batch=config.replay_batch, max_requests=config.replay_queue)
        self.replay.signer = signer
        """Answers replay requests on ``.../replay`` (docs/events.md "Asking for events again")."""
        # connection state, touched by the publisher thread only
        self._client: mqtt.Client | None = None
        self._connack: bool | None = None
        self._connack_reason = ""
        self._lost = False
        self._inflight: dict[int, int] = {}   # mid -> event_id
        self._sent_order: list[int] = []       # event ids sent on this connection, not yet marked, in order
        self._acked: set[int] = set()
        self._refused: list[tuple[int, str]] = []   # (event_id, reason) refused in a PUBACK on this connection
        self._refusal_streak = 0
        self._backoff = Backoff(config.backoff_min, config.backoff_max, jitter=0.2)   # reconnect delays
        self._connected_at = 0.0                     # monotonic time of the current connection
        self._progress = False                       # an event was marked on the current connection
        self._lost_at: float | None = None           # set when a connection ends, until the back-off
        self._last_sent = 0
        self._warned_table = False
        # stats, read by other threads under the lock
        self._connected = False
        self._n_sent = 0
        self._n_published = 0
        self._last_published = 0
        self._connects = 0
        self._failed = 0
        self._last_error: str | None = None

    # ----------------------------------------------------------------- public
    @classmethod
    def configured(cls, db_path: str | os.PathLike[str], table_id: str | None = None, *,
                   options: BrokerOptions | None = None, section: Mapping[str, object] | None = None,
                   start: bool = True, station_info: Mapping[str, object] | None = None,
                   on_refused: Callable[[int, str], None] | None = None,
                   signer: Signer | None = None) -> Publisher | None:
        """A publisher for the broker named by ``options`` (or the ``[broker]`` section), started.

        Parameters
        ----------
        db_path : path
            The journal database.
        table_id : str, optional
            Used when ``options.table_id`` is None. One of the two is required when a broker is set.
        options : BrokerOptions, optional
            The run's broker settings (the command line's); they win over ``section``.
        section : mapping, optional
            The ``[broker]`` section of the station config.
        start : bool
            Start the thread (default True).
        on_refused : callable, optional
            See :class:`Publisher`.
        signer : Signer, optional
            The station's key, which signs the status (:mod:`dealer_station.signing`).

        Returns
        -------
        Publisher or None
            ``None`` when no broker is configured: events then stay in the outbox.

        Raises
        ------
        BrokerConfigError
            Malformed settings, or a broker without a table id.
        """
        config = broker_config_from(options, section)
        if config is None:
            return None
        given = options.table_id if options is not None else None
        chosen = table_id if given is None else given   # "" is refused below, not replaced
        if chosen is None:
            raise BrokerConfigError("publishing needs a table id: pass --table-id ID")
        publisher = cls(config, db_path, chosen, station_info=station_info, on_refused=on_refused, signer=signer)
        if start:
            publisher.start()
        return publisher

    def start(self) -> Publisher:
        """Start the publishing thread (once); return self.

        Raises OutboxBusyError when another publisher already publishes this journal (checked now
        when the journal's directory exists, else by the thread, which then waits for the lock). A lock
        file that cannot be made is left to the thread too: it says so once and tries again.
        """
        if self._thread is not None:
            raise RuntimeError("publisher already started")
        try:
            busy = self.db_path.parent.is_dir() and not self._outbox_lock.acquire()
        except OSError:
            busy = False
        if busy:
            pid = self._outbox_lock.holder()
            raise OutboxBusyError(f"another publisher{f' (pid {pid})' if pid else ''} is publishing {self.db_path} "
                                  f"(lock {self._outbox_lock.path})")
        self._thread = threading.Thread(target=self._run, name=f"publisher-{self.table_id}", daemon=True)
        self._thread.start()
        return self

    @property
    def running(self) -> bool:
        """True while the thread runs."""
        return self._thread is not None and self._thread.is_alive()

    @property
    def connected(self) -> bool:
        """True while connected to the broker (CONNACK received, connection not lost)."""
        with self._lock:
            return self._connected

    def stats(self) -> PublisherStats:
        """A snapshot of the counters (thread-safe)."""
        with self._lock:
            return PublisherStats(self._connected, self._n_sent, self._n_published, self._last_published,
                                  self._connects, self._failed, self._last_error, self._brokers[self._current].url)

    @property
    def refused(self) -> tuple[int, str] | None:
        """``(event_id, problem)`` of the event held back because it does not match the journal's chain, or None."""
        with self._lock:
            return self._held

    def remaining(self) -> int:
        """Unpublished events in the outbox now (reads the database; 0 when it does not exist yet)."""
        return pending_count(self.db_path)

    def drain(self, timeout: float) -> int:
        """Wait until the outbox is empty or ``timeout`` seconds pass; return how many events remain.

        Returns at once when the thread is not running, and as soon as an event is refused (:attr:`refused`:
        it and the events after it are not sent). ``timeout``: seconds, >= 0. Once it returns 0, every event this
        publisher marked published is counted in :meth:`stats`.
        """
        deadline = time.monotonic() + max(0.0, timeout)
        while True:
            left = self.remaining()
            if left == 0:
                with self._marking:   # the mark that emptied the outbox has counted its events: stats() says so
                    return left
            if not self.running or time.monotonic() >= deadline or self.refused is not None:
                return left
            time.sleep(min(0.02, max(0.0, deadline - time.monotonic())))

    def stop(self, timeout: float = 5.0, *, reason: str = OfflineReason.STOPPED, detail: str | None = None) -> None:
        """Stop the thread: publish the retained ``offline`` status, disconnect, close the database.

        Events not yet acknowledged stay in the outbox for the next run. ``timeout``: seconds to
        wait for the thread to end. ``reason``: the offline status's reason (``"stopped"``; ``"journal_failure"``:
        the station stopped without its journal taking the stop), ``detail``: a sentence that goes with it.
        """
        self._offline = (str(reason), None if detail is None else str(detail)[:500])
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            if self._thread.is_alive():
                log.warning("publisher did not stop in time", table_id=self.table_id, timeout=timeout)

    def __enter__(self) -> Publisher:
        if self._thread is None:
            self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ----------------------------------------------------------------- thread
    def _set(self, **values: object) -> None:
        with self._lock:
            for key, value in values.items():
                setattr(self, key, value)

    def _run(self) -> None:
        log.info("publisher started", table_id=self.table_id, broker=self.config.url,
                 fallbacks=[b.url for b in self.config.fallbacks] or None, journal=str(self.db_path))
        conn: OutboxReader | None = None
        try:
            while not self._stop.is_set():
                if conn is None:
                    conn = self._try_open()
                    if conn is None:
                        self._stop.wait(0.2)
                        continue
                if self._client is None:
                    if self._lost_at is not None:   # a connection ended: back off before the next one
                        self._lost_at = None
                        self._back_off()
                        if self._stop.is_set():
                            break
                    if not self._connect():
                        self._back_off()
                        continue
                try:
                    self._step(conn)
                    if self._client is not None:
                        self._probe_first()   # on a fallback broker: back to the first once it answers
                except OutboxError as err:
                    self._set(_last_error=f"journal: {err}")
                    log.error("publisher journal error", table_id=self.table_id, error=str(err))
                    self._stop.wait(0.5)
                except Exception as err:  # noqa: BLE001 - a surprise drops the connection, never the thread
                    self._set(_last_error=f"unexpected: {err!r}")
                    log.exception("publisher error; reconnecting", table_id=self.table_id)
                    self._lose(f"unexpected error {err!r}")
        except Exception as err:  # never die silently: the station must know publishing stopped
            self._set(_last_error=f"unexpected: {err!r}")
            log.exception("publisher stopped by an unexpected error", table_id=self.table_id)
        finally:
            self._shutdown(conn)
            if conn is not None:
                conn.close()
            self._outbox_lock.release()
            self.replay.refusals.say(now=True)   # what was counted since the last line is not lost
            stats = self.stats()
            log.info("publisher stopped", table_id=self.table_id, sent=stats.sent, published=stats.published,
                     last_published_id=stats.last_published_id)

    def _try_open(self) -> OutboxReader | None:
        if not self.db_path.exists():
            return None
        try:
            if not self._outbox_lock.acquire():
                if self._last_error != "outbox busy":
                    log.error("another publisher is publishing this journal; waiting", path=str(self.db_path))
                self._set(_last_error="outbox busy")
                return None
        except OSError as err:
            if self._last_error != f"lock: {err}":   # tried again every 0.2 s: said once per new error
                log.error("publisher cannot lock the outbox", path=str(self._outbox_lock.path), error=str(err))
            self._set(_last_error=f"lock: {err}")
            return None
        try:
            return OutboxReader(self.db_path)
        except OutboxError as err:
            if self._last_error != f"journal: {err}":
                log.error("publisher cannot open the journal", path=str(self.db_path), error=str(err))
            self._set(_last_error=f"journal: {err}")
            return None

    def _status_payload(self, status: str, reason: str | None = None, detail: str | None = None) -> bytes:
        last = self.replay.last_acknowledged
        known = self._open_pause
        return status_payload(status, table_id=self.table_id, client_id=self.client_id,
                              station_info=self._station_info, last_event_id=last,
                              reason=reason, detail=detail, signer=self.signer,
                              open_pause=known[1] if known is not None and known[0] == last else NOT_READ)

    def _note_open_pause(self, conn: OutboxReader) -> None:
        """Read the pause open as of the last acknowledged event, for the statuses (``open_pause``) that follow.

        Read again only when that id moved. A pause event whose text cannot be read leaves the member out.
        Raises OutboxError from the outbox.
        """
        last = self.replay.last_acknowledged
        if last is None or (self._open_pause is not None and self._open_pause[0] == last):
            return
        found = conn.open_pause(last)
        member = None if found is None else open_pause_member(*found)
        self._open_pause = None if found is not None and member is None else (last, member)

    def _on_publish(self, client, userdata, mid, reason_code, properties) -> None:  # noqa: ANN001
        if self.replay.on_publish(mid):
            return
        event_id = self._inflight.pop(mid, None)
        if event_id is None:
            return
        if getattr(reason_code, "is_failure", False):   # MQTT 5: the broker refused it (not authorized, quota)
            self._refused.append((event_id, str(reason_code)))
        else:
            self._acked.add(event_id)

    def _step(self, conn: OutboxReader) -> None:
        client = self._client
        assert client is not None
        # after a refusal, one event in flight until it goes through: nothing overtakes the refused one twice
        window = 1 if self._refusal_streak else self.config.window
        room = window - len(self._sent_order)
        if self._held is not None and time.monotonic() < self._recheck_at:
            room = 0   # a refused event: nothing from it on is sent; looked at again every RECHECK_SECONDS
        if room > 0:
            for event_id, payload in conn.unpublished(self._last_sent, room):
                if not self._matches_chain(conn, event_id, payload):
                    break
                self._check_table(event_id, payload)
                info = client.publish(self.events_topic, payload, qos=1)
                if info.rc != mqtt.MQTT_ERR_SUCCESS:
                    self._lose(f"publish returned {mqtt.error_string(info.rc)}")
                    return
                self._inflight[info.mid] = event_id
                self._sent_order.append(event_id)
                self._last_sent = event_id
                with self._lock:
                    self._n_sent += 1
        # one replay batch at most, after the live events
        self.replay.step(conn, client, lambda: self._publish_status(conn), idle=not self._sent_order,
                         check=lambda event_id, payload: self._matches_chain(conn, event_id, payload))
        busy = bool(self._sent_order)
        rc = client.loop(self._poll if not busy else 0.005)
        self._mark(conn)
        if self._refused:
            event_id, reason = self._refused[0]
            self._refusal_streak += 1
            log.error("broker refused an event; it stays in the outbox and is sent again later",
                      table_id=self.table_id, event_id=event_id, reason=reason, topic=self.events_topic)
            self._lose(f"broker refused event {event_id}: {reason}")
            return
        if rc != mqtt.MQTT_ERR_SUCCESS or self._lost:
            self._lose(mqtt.error_string(rc) if rc != mqtt.MQTT_ERR_SUCCESS else "broker closed the connection")

    def _matches_chain(self, conn: OutboxReader, event_id: int, payload: str) -> bool:
        """True when the event matches the journal's chain; else hold it back (log, ``on_refused`` once).

        Raises OutboxError when the journal cannot be read (retried by the thread).
        """
        problem = conn.problem(event_id, payload)
        held = self._held
        if problem is None:
            if held is not None and held[0] == event_id:
                log.warning("outbox event matches the journal again; publishing goes on", table_id=self.table_id,
                            event_id=event_id)
                self._set(_held=None)
            return True
        self._recheck_at = time.monotonic() + RECHECK_SECONDS
        if held == (event_id, problem):
            return False
        self._set(_held=(event_id, problem), _last_error=f"event {event_id} refused: {problem}")
        log.error("outbox event does not match the journal; it and the events after it are not sent",
                  table_id=self.table_id, event_id=event_id, problem=problem)
        if self._on_refused is not None:
            try:
                self._on_refused(event_id, problem)
            except Exception:  # noqa: BLE001 - the callback's failure never stops the publisher
                log.exception("on_refused callback failed", table_id=self.table_id, event_id=event_id)
        return False

    def _publish_status(self, conn: OutboxReader) -> None:
        """Publish the retained ``online`` status again (it carries the last acknowledged event id and the pause
        open as of it).
        """
        self._note_open_pause(conn)
        if self._client is not None:
            self._client.publish(self.status_topic, self._status_payload(StationStatus.ONLINE), qos=1, retain=True)

    def _check_table(self, event_id: int, payload: str) -> None:
        """Log (never drop) an event that is not a JSON object or belongs to another table id."""
        try:
            table = json.loads(payload).get("table_id")
        except (ValueError, AttributeError):
            log.error("outbox event is not a JSON object; published as stored", event_id=event_id,
                      table_id=self.table_id, payload=payload[:80])
            return
        if table != self.table_id and not self._warned_table:
            self._warned_table = True
            log.warning("outbox event of another table id; published on this station's topic",
                        event_id=event_id, event_table_id=table, table_id=self.table_id)

    def _mark(self, conn: OutboxReader) -> None:
        """Mark the acknowledged prefix of the sent events (never one after an unacknowledged event)."""
        n = 0
        for event_id in self._sent_order:
            if event_id not in self._acked:
                break
            n += 1
        if not n:
            return
        done = self._sent_order[:n]
        with self._marking:
            conn.mark_published(done, utc_now())   # raises OutboxError: the ids stay acked, marked next time
            with self._lock:
                self._n_published += n
                self._last_published = done[-1]
        del self._sent_order[:n]
        self._acked.difference_update(done)
        self._refusal_streak = 0
        self._progress = True

    def _shutdown(self, conn: OutboxReader | None) -> None:
        client = self._client
        if client is None:
            return
        if conn is not None:   # the last word tells a consumer how far the table got
            try:
                self._mark(conn)
                self.replay.last_acknowledged = conn.last_acknowledged()
                self._note_open_pause(conn)
            except OutboxError as err:   # the status goes out with the last value known
                log.warning("last acknowledged event id not read", table_id=self.table_id, error=str(err))
        try:
            reason, detail = self._offline
            info = client.publish(self.status_topic, self._status_payload(StationStatus.OFFLINE, reason, detail), qos=1,
                                  retain=True)
            deadline = time.monotonic() + 2.0
            while not info.is_published() and time.monotonic() < deadline and not self._lost:
                if client.loop(0.05) != mqtt.MQTT_ERR_SUCCESS:
                    break
            if conn is not None:
                self._mark(conn)   # PUBACKs that came in meanwhile: fewer events sent twice next time
        except Exception as err:  # noqa: BLE001 - best effort: the last will says offline anyway
            log.warning("offline status not published", table_id=self.table_id, error=str(err))
        self._close(client)
        self._client = None
        with self._lock:
            self._connected = False
