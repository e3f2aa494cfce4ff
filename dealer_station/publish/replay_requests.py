"""Answering replay requests: a consumer asks the station for stored events again.

docs/events.md, "Asking for events again".

A consumer that lost events (a broker restarted without persistence, a clean session) publishes a
request on ``baccarat/tables/{table_id}/replay``::

    {"from": 120, "to": 180, "request_id": "c1-7"}      # "to" and "request_id" optional

The station sends the stored events ``from``..``to`` (``to`` absent: up to its last stored event
when the request is taken) again, in ``event_id`` order, with their original ids and payloads, on the
normal events topic, so a consumer treats them like live events (it de-duplicates by ``event_id``
anyway). A request the station cannot answer in full, or at all, is answered on
``baccarat/tables/{table_id}/replay/error`` (QoS 1, not retained)::

    {"schema_version": 1, "table_id": "T1", "request_id": "c1-7", "from": 1, "to": 180,
     "error": "not_retained", "message": "...", "first_available": 40, "last_available": 544,
     "ts": "..."}

``error`` is ``bad_request`` (not JSON, ``from`` not an integer >= 1, ``to`` < ``from``),
``not_retained`` (ids before the first stored one: pruned; the stored part is still sent),
``not_available`` (ids past the last stored one; the stored part is still sent) or ``queue_full``
(too many requests waiting: dropped, ask again later).

Bounds: requests wait in a queue of ``replay_queue`` (a setting); beyond it they are dropped with a
logged warning and a ``queue_full`` error. One request is served at a time, ``replay_batch`` events
per batch; the next batch is sent only once the broker has acknowledged the previous one, and
between batches the publisher sends its live events first, so a flood of requests delays live
events by one batch at most and never starves them.

Threading: paho calls :meth:`ReplayRequests.on_message` from inside the publisher thread's
``client.loop()``; it only parses and queues. :meth:`ReplayRequests.step`, called by the publisher
thread between loops, reads the outbox on the publisher's own SQLite connection.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import paho.mqtt.client as mqtt
import structlog

from dealer_station.journal.outbox_reader import OutboxReader
from dealer_station.publish.status import utc_now
from dealer_station.publish.topics import TOPIC_PREFIX, events_topic, validate_table_id
from dealer_station.signing import Signer, sign_object

__all__ = ["DEFAULT_REPLAY_BATCH", "DEFAULT_REPLAY_QUEUE", "ERROR_SCHEMA_VERSION", "ReplayRequest",
           "ReplayRequests", "ReplayStats", "parse_request", "replay_error_topic", "replay_topic"]

log = structlog.get_logger(__name__)

DEFAULT_REPLAY_BATCH = 500
"""Events sent per batch of a replay (setting ``replay_batch``)."""
DEFAULT_REPLAY_QUEUE = 16
"""Replay requests waiting at most (setting ``replay_queue``); more are dropped with a ``queue_full`` error."""
ERROR_SCHEMA_VERSION = 1
STATUS_EVERY = 5.0
"""Seconds between refreshes of the retained status's ``last_event_id`` while events flow."""
STATUS_IDLE = 0.5
"""Seconds between refreshes once nothing is in flight (the stream paused or ended)."""
MAX_REQUEST_BYTES = 1024
"""A longer request payload is a ``bad_request``."""
MAX_REQUEST_ID = 128
"""Characters of ``request_id`` kept (longer ones are cut)."""


def replay_topic(table_id: str) -> str:
    """``baccarat/tables/{table_id}/replay``: where consumers ask a station to send events again."""
    return f"{TOPIC_PREFIX}/{validate_table_id(table_id)}/replay"


def replay_error_topic(table_id: str) -> str:
    """``baccarat/tables/{table_id}/replay/error``: the station's answer to a request it cannot serve in full."""
    return f"{TOPIC_PREFIX}/{validate_table_id(table_id)}/replay/error"


@dataclass(frozen=True, slots=True)
class ReplayRequest:
    """One request: event ids ``first``..``last`` (``last`` None: to the last stored), and the asker's id."""

    first: int
    last: int | None
    request_id: str | None


class BadRequest(ValueError):
    """A replay request that cannot be read; the message says why. ``request_id`` when one was readable."""

    def __init__(self, message: str, request_id: str | None = None, first: object = None, last: object = None):
        super().__init__(message)
        self.request_id = request_id
        self.first = first
        self.last = last


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_request(payload: bytes) -> ReplayRequest:
    """Read a request ``{"from": N, "to": M?, "request_id": str?}``.

    Raises
    ------
    BadRequest
        Not a JSON object, longer than :data:`MAX_REQUEST_BYTES`, ``from`` not an integer >= 1, ``to``
        not an integer >= ``from`` (or null), ``request_id`` not a string or number.
    """
    if len(payload) > MAX_REQUEST_BYTES:
        raise BadRequest(f"request longer than {MAX_REQUEST_BYTES} bytes")
    try:
        body = json.loads(payload)
    except (ValueError, UnicodeDecodeError) as err:
        raise BadRequest(f"request is not JSON: {err}") from None
    if not isinstance(body, dict):
        raise BadRequest("request is not a JSON object")
    rid = body.get("request_id")
    if rid is not None and not isinstance(rid, str | int) or isinstance(rid, bool):
        raise BadRequest("request_id must be a string")
    rid = None if rid is None else str(rid)[:MAX_REQUEST_ID]
    first, last = body.get("from"), body.get("to")
    if not _int(first) or first < 1:
        raise BadRequest("'from' must be an event id (an integer >= 1)", rid, first, last)
    if last is not None and (not _int(last) or last < first):
        raise BadRequest("'to' must be an event id >= 'from' (or absent)", rid, first, last)
    return ReplayRequest(first, last, rid)


@dataclass(frozen=True, slots=True)
class ReplayStats:
    """What the replay side has done: requests taken, dropped (queue full), refused (errors sent), events re-sent."""

    requests: int
    dropped: int
    errors: int
    resent: int
    queued: int


@dataclass(slots=True)
class _Active:
    request: ReplayRequest
    next_id: int        # the next event id to send
    last: int           # the last event id to send (resolved when taken)
    batch_start: int    # first id of the batch in flight (sent again from here after a lost connection)


class ReplayRequests:
    """The station's replay side, owned by one :class:`~dealer_station.publish.Publisher`.

    Parameters
    ----------
    table_id : str
        The station's table (topics ``.../replay``, ``.../replay/error``, ``.../events``).
    batch : int
        Events per batch, 1-10000 (:data:`DEFAULT_REPLAY_BATCH`).
    max_requests : int
        Requests waiting at most, 1-1000 (:data:`DEFAULT_REPLAY_QUEUE`).
    """

    def __init__(self, table_id: str, *, batch: int = DEFAULT_REPLAY_BATCH,
                 max_requests: int = DEFAULT_REPLAY_QUEUE) -> None:
        self.table_id = validate_table_id(table_id)
        self.request_topic = replay_topic(table_id)
        self.error_topic = replay_error_topic(table_id)
        self.events_topic = events_topic(table_id)
        self.batch = batch
        self.max_requests = max_requests
        self._lock = threading.Lock()
        self._queue: deque[ReplayRequest] = deque()
        self._errors: deque[dict] = deque(maxlen=max(64, 4 * max_requests))   # answers waiting to be sent
        self._active: _Active | None = None
        self._mids: set[int] = set()          # replayed messages of the current batch not yet acknowledged
        self._client: mqtt.Client | None = None
        self._requests = self._dropped = self._n_errors = self._resent = 0
        self.last_acknowledged: int | None = None
        """The station's last acknowledged event id, refreshed by :meth:`step` (None before the first)."""
        self._status_checked = -1e9
        self.signer: Signer | None = None
        """The station's key: it signs every error answer (a platform with ``--trust`` refuses an unsigned one)."""

    # ------------------------------------------------------- paho callbacks (publisher thread, inside loop)
    def subscribe(self, client: mqtt.Client) -> None:
        """Subscribe ``client`` to the request topic (after each CONNACK; sessions are clean)."""
        client.subscribe(self.request_topic, qos=1)

    def on_message(self, client, userdata, message) -> None:  # noqa: ANN001 - paho's signature
        """Queue a request (or its error answer); never reads the database."""
        if message.topic != self.request_topic:
            return
        try:
            request = parse_request(bytes(message.payload))
        except BadRequest as err:
            log.warning("replay request refused", table_id=self.table_id, reason=str(err))
            self._answer(err.request_id, err.first, err.last, "bad_request", str(err))
            return
        with self._lock:
            self._requests += 1
            if len(self._queue) >= self.max_requests:
                self._dropped += 1
                full = True
            else:
                self._queue.append(request)
                full = False
        if full:
            log.warning("replay request dropped: too many waiting", table_id=self.table_id,
                        request_id=request.request_id, first=request.first, last=request.last,
                        waiting=self.max_requests)
            self._answer(request.request_id, request.first, request.last, "queue_full",
                         f"{self.max_requests} replay requests are waiting; ask again later")

    def on_publish(self, mid: int) -> bool:
        """A PUBACK: True when it was one of ours (a replayed event)."""
        if mid in self._mids:
            self._mids.discard(mid)
            return True
        return False

    # ------------------------------------------------------------------ publisher thread, between loops
    def step(self, conn: OutboxReader, client: mqtt.Client,
             publish_status: Callable[[], None] | None = None, *, idle: bool = False,
             status_every: float = STATUS_EVERY, status_idle: float = STATUS_IDLE,
             check: Callable[[int, str], bool] | None = None) -> None:
        """Send pending error answers and, when the previous batch is acknowledged, the next batch.

        ``publish_status``: called when the last acknowledged event id changed, at most every
        ``status_every`` seconds while events flow and every ``status_idle`` seconds once nothing is in
        flight (``idle``), so the retained status soon tells a newly connected consumer how far the
        table is. ``check(event_id, payload)``: False for an event that does not match the journal's
        chain (the publisher's check): it and the rest of the batch are not sent. Raises OutboxError from
        the outbox (the publisher handles it).
        """
        if client is not self._client:        # a new connection: what was in flight may be lost
            self._client = client
            self._mids.clear()
            if self._active is not None:
                self._active.next_id = self._active.batch_start
        now = time.monotonic()
        if publish_status is not None and now >= self._status_checked + (status_idle if idle else status_every):
            self._status_checked = now
            acked = conn.last_acknowledged()
            if acked != self.last_acknowledged:
                self.last_acknowledged = acked
                publish_status()
        while self._errors:
            body = self._errors.popleft()
            client.publish(self.error_topic, json.dumps(sign_object(body, self.signer), separators=(",", ":"),
                                                        sort_keys=True), qos=1)
        if self._mids:
            return                             # the batch in flight first: live events get their turn
        if self._active is None or self._active.next_id > self._active.last:
            self._active = None
            self._take(conn)
            if self._active is None:
                return
        active = self._active
        rows = conn.between(active.next_id, active.last, self.batch)
        active.batch_start = active.next_id
        for event_id, payload in rows:
            if check is not None and not check(event_id, payload):
                return                         # never re-sent as edited; the publisher has told the station
            info = client.publish(self.events_topic, payload, qos=1)
            if info.rc != mqtt.MQTT_ERR_SUCCESS:
                return                         # the publisher sees the broken connection and reconnects
            self._mids.add(info.mid)
            active.next_id = event_id + 1
        with self._lock:
            self._resent += len(rows)
        if not rows or active.next_id > active.last:
            log.info("replay sent", table_id=self.table_id, request_id=active.request.request_id,
                     first=active.request.first, last=active.last)
            active.next_id = active.last + 1

    def _take(self, conn: OutboxReader) -> None:
        """Take the next request: resolve its range against the outbox, answer what is outside it."""
        with self._lock:
            request = self._queue.popleft() if self._queue else None
        if request is None:
            return
        first_available, last_available = conn.event_range()
        last = request.last if request.last is not None else last_available
        rid = request.request_id
        if last_available == 0 or request.first > last_available:
            self._answer(rid, request.first, request.last, "not_available",
                         f"event {request.first} is past the last stored event ({last_available})",
                         first_available, last_available)
            return
        if request.first < first_available:
            self._answer(rid, request.first, request.last, "not_retained",
                         f"events {request.first}-{min(last, first_available - 1)} are no longer kept; "
                         f"the first kept is {first_available}", first_available, last_available)
        if last > last_available:
            self._answer(rid, request.first, request.last, "not_available",
                         f"events {last_available + 1}-{last} are past the last stored event ({last_available})",
                         first_available, last_available)
        start, end = max(request.first, first_available), min(last, last_available)
        if start <= end:
            self._active = _Active(request, start, end, start)
            log.info("replay started", table_id=self.table_id, request_id=rid, first=start, last=end)

    def _answer(self, request_id: str | None, first: object, last: object, error: str, message: str,
                first_available: int | None = None, last_available: int | None = None) -> None:
        with self._lock:
            self._n_errors += 1
        self._errors.append({
            "schema_version": ERROR_SCHEMA_VERSION, "table_id": self.table_id, "request_id": request_id,
            "from": first if _int(first) else None, "to": last if _int(last) else None, "error": error,
            "message": message, "first_available": first_available, "last_available": last_available,
            "ts": utc_now()})

    def stats(self) -> ReplayStats:
        """A snapshot of the counters (thread-safe)."""
        with self._lock:
            return ReplayStats(self._requests, self._dropped, self._n_errors, self._resent, len(self._queue))
