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
``not_retained`` (ids before the first stored one: pruned, or archived with their rows; the stored part is still
sent; with none stored at all, ``first_available``/``last_available`` are null),
``not_available`` (ids past the last stored one; the stored part is still sent) or ``queue_full``
(too many requests waiting: dropped, ask again later).

Bounds: requests wait in a queue of ``replay_queue`` (a setting); beyond it they are dropped with a
``queue_full`` error. Refused requests (bad ones, dropped ones) are logged as one WARNING line per
``warn_every`` seconds at most, with their counts by reason, however many come. One request is
served at a time, ``replay_batch`` events per batch; the next batch is sent only once the broker has
acknowledged the previous one, and between batches the publisher sends its live events first, so a
flood of requests delays live events by one batch at most and never starves them.

One asker, one answer: while a request is waiting or being sent, a request from the same asker
(:func:`asker_of`: its ``request_id`` without the final ``-N`` counter) is cut to the ids the earlier
one does not ask for; a duplicate or a range inside it is queued not at all, so the ids go out once.

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

__all__ = ["DEFAULT_REPLAY_BATCH", "DEFAULT_REPLAY_QUEUE", "ERROR_SCHEMA_VERSION", "WARN_EVERY", "RefusalLog",
           "ReplayRequest", "ReplayRequests", "ReplayStats", "asker_of", "parse_request", "replay_error_topic",
           "replay_topic", "uncovered"]

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
WARN_EVERY = 10.0
"""Seconds between two WARNING lines about refused requests, at least: a flood of them is a line per interval."""


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
    """A replay request that cannot be read; the message says why. ``request_id`` when one was readable.

    ``reason`` names the kind of fault in one word, the same for every request with it (``too_long``,
    ``not_json``, ``not_an_object``, ``bad_request_id``, ``bad_from``, ``bad_to``): what the warnings count.
    """

    def __init__(self, message: str, request_id: str | None = None, first: object = None, last: object = None, *,
                 reason: str = "bad_request"):
        super().__init__(message)
        self.request_id = request_id
        self.first = first
        self.last = last
        self.reason = reason


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
        raise BadRequest(f"request longer than {MAX_REQUEST_BYTES} bytes", reason="too_long")
    try:
        body = json.loads(payload)
    except (ValueError, UnicodeDecodeError) as err:
        raise BadRequest(f"request is not JSON: {err}", reason="not_json") from None
    if not isinstance(body, dict):
        raise BadRequest("request is not a JSON object", reason="not_an_object")
    rid = body.get("request_id")
    if rid is not None and not isinstance(rid, str | int) or isinstance(rid, bool):
        raise BadRequest("request_id must be a string", reason="bad_request_id")
    rid = None if rid is None else str(rid)[:MAX_REQUEST_ID]
    first, last = body.get("from"), body.get("to")
    if not _int(first) or first < 1:
        raise BadRequest("'from' must be an event id (an integer >= 1)", rid, first, last, reason="bad_from")
    if last is not None and (not _int(last) or last < first):
        raise BadRequest("'to' must be an event id >= 'from' (or absent)", rid, first, last, reason="bad_to")
    return ReplayRequest(first, last, rid)


def asker_of(request_id: str | None) -> str | None:
    """Who asked, as a ``request_id`` tells: ``NAME`` for ``NAME-N`` (``N`` ASCII digits, the asker's counter, as
    ``events follow`` writes ``CLIENT_ID-N``), else the ``request_id`` itself; None without one (nobody's).
    """
    if request_id is None:
        return None
    name, dash, counter = request_id.rpartition("-")
    return name if dash and name and counter.isascii() and counter.isdigit() else request_id


def uncovered(first: int, last: int | None, covered: list[tuple[int, int | None]]) -> list[tuple[int, int | None]]:
    """The parts of ids ``first``..``last`` outside every ``(first, last)`` of ``covered``, in id order.

    ``last`` None: no end (a request up to the last stored event). Returns ``[]`` when all is covered.
    """
    pieces: list[tuple[int, int | None]] = [(first, last)]
    for a, b in covered:
        cut: list[tuple[int, int | None]] = []
        for f, t in pieces:
            if f < a:                                             # before the covered range
                cut.append((f, a - 1 if t is None or t >= a else t))
            if b is not None and (t is None or t > b):            # after it
                cut.append((max(f, b + 1), t))
        pieces = cut
    return sorted(pieces)


@dataclass(frozen=True, slots=True)
class ReplayStats:
    """What the replay side has done: requests taken, dropped (queue full), refused (errors sent), events re-sent,
    waiting, and joined (asked by an asker whose earlier request, waiting or being sent, covers them all).
    """

    requests: int
    dropped: int
    errors: int
    resent: int
    queued: int
    joined: int = 0


class RefusalLog:
    """The WARNING lines about refused replay requests: one per ``every`` seconds at most, with counts by reason.

    The first refusal after a quiet interval is said at once; those that follow within ``every`` seconds are
    counted and said together by the first :meth:`say` (or :meth:`note`) at least ``every`` seconds after the
    previous line: ``replay requests refused`` with ``refused`` (how many), ``by_reason`` ({reason: count}),
    ``seconds`` (from the first counted to the line, by ``clock``) and ``last`` (the last one's message).

    Parameters
    ----------
    table_id : str
        Named in each line.
    every : float
        Seconds between two lines, at least (> 0).
    clock : callable
        Seconds, increasing (default ``time.monotonic``): a test gives its own.
    """

    def __init__(self, table_id: str, *, every: float = WARN_EVERY, clock: Callable[[], float] = time.monotonic):
        if not every > 0:
            raise ValueError(f"every {every!r}: give a number of seconds above 0")
        self.table_id = table_id
        self.every = every
        self._clock = clock
        self._counts: dict[str, int] = {}
        self._first_at = 0.0
        self._last = ""
        self._said_at: float | None = None

    def note(self, reason: str, message: str) -> None:
        """Count one refused request (``reason``: a word, ``message``: what it was told); say the lines due."""
        if not self._counts:
            self._first_at = self._clock()
        self._counts[reason] = self._counts.get(reason, 0) + 1
        self._last = message
        self.say()

    def say(self, *, now: bool = False) -> None:
        """Log what was counted when ``every`` seconds passed since the last line (``now``: at once, e.g. on stop)."""
        if not self._counts:
            return
        at = self._clock()
        if not now and self._said_at is not None and at - self._said_at < self.every:
            return
        counts, self._counts = self._counts, {}
        self._said_at = at
        log.warning("replay requests refused", table_id=self.table_id, refused=sum(counts.values()),
                    by_reason=dict(sorted(counts.items())), seconds=round(at - self._first_at, 3), last=self._last)


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
    warn_every : float
        Seconds between two WARNING lines about refused requests, at least (:data:`WARN_EVERY`; :class:`RefusalLog`).
    clock : callable
        Seconds, increasing (default ``time.monotonic``): the warnings' and the status refreshes' time.
    """

    def __init__(self, table_id: str, *, batch: int = DEFAULT_REPLAY_BATCH,
                 max_requests: int = DEFAULT_REPLAY_QUEUE, warn_every: float = WARN_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
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
        self._requests = self._dropped = self._n_errors = self._resent = self._joined = 0
        self.last_acknowledged: int | None = None
        """The station's last acknowledged event id, refreshed by :meth:`step` (None before the first)."""
        self._status_checked = -1e9
        self._clock = clock
        self.refusals = RefusalLog(self.table_id, every=warn_every, clock=clock)
        """The WARNING lines about refused requests (said by :meth:`step` when due; ``say(now=True)`` on stop)."""
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
            self.refusals.note(err.reason, str(err))
            self._answer(err.request_id, err.first, err.last, "bad_request", str(err))
            return
        with self._lock:
            self._requests += 1
            pieces = self._not_in_flight(request)
            full = len(self._queue) + len(pieces) > self.max_requests
            if not pieces:
                self._joined += 1
            elif full:
                self._dropped += 1
            else:
                self._queue.extend(ReplayRequest(f, t, request.request_id) for f, t in pieces)
        if not pieces:
            log.debug("replay request joined the one in flight", table_id=self.table_id,
                      request_id=request.request_id, first=request.first, last=request.last)
        elif full:
            self.refusals.note("queue_full", f"request {request.request_id!r} for {request.first}-"
                                             f"{'' if request.last is None else request.last} dropped: "
                                             f"{self.max_requests} requests are waiting")
            self._answer(request.request_id, request.first, request.last, "queue_full",
                         f"{self.max_requests} replay requests are waiting; ask again later")

    def _not_in_flight(self, request: ReplayRequest) -> list[tuple[int, int | None]]:
        """The ranges of ``request`` that no earlier request of its asker, waiting or being sent, asks for."""
        asker = asker_of(request.request_id)
        if asker is None:
            return [(request.first, request.last)]
        mine = [q for q in self._queue if asker_of(q.request_id) == asker]
        active = self._active
        if active is not None and (active.next_id <= active.last or self._mids) \
                and asker_of(active.request.request_id) == asker:
            mine.append(active.request)
        return uncovered(request.first, request.last, [(q.first, q.last) for q in mine])

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
        self.refusals.say()
        now = self._clock()
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
        gone = conn.pruned_through() if last_available == 0 else 0
        if request.first <= gone:   # every event made was pruned or archived: none is kept
            self._answer(rid, request.first, request.last, "not_retained",
                         f"events {request.first}-{min(request.last or gone, gone)} are no longer kept; no event "
                         f"is kept now", None, None)
            if request.last is not None and request.last > gone:
                self._answer(rid, request.first, request.last, "not_available",
                             f"events {gone + 1}-{request.last} are past the last event made ({gone})", None, None)
            return
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
            return ReplayStats(self._requests, self._dropped, self._n_errors, self._resent, len(self._queue),
                               self._joined)
