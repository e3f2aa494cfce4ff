"""The consumer's pure core: de-duplication, gaps, replay asks and chain anchors, per table.

Fed envelopes (dicts, as read from ``baccarat/tables/{table_id}/events``) and statuses, a
:class:`Tracker` returns the events to write, in ``event_id`` order, each exactly once: an id already
written (or held) is a duplicate and dropped; an id past the next one is held until the ids before
it arrive; the missing ranges are the table's gaps, which :meth:`Tracker.due_asks` turns into replay
requests. No I/O and no clock: the caller passes ``now`` (seconds, monotonic).

Chain anchors: every envelope of a station with the integrity chain carries ``journal_seq`` (the
sequence number of the journal decision row that made the event; the events of one decision share
it) and ``journal_hash`` (that row's SHA-256, hex). Along a table's event ids ``journal_seq`` never
decreases, and events with one ``journal_seq`` carry one ``journal_hash``. An event without them
(an older station) is ``unanchored``, never refused.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from dealer_station.domain.status import StationStatus

__all__ = ["ANCHOR_BROKEN", "ANCHOR_OK", "ANCHOR_START", "ANCHOR_UNANCHORED", "Accepted", "Anchor", "Ask",
           "BadMessage", "Message", "TableTracker", "Tracker", "anchor_of", "check_anchor", "parse_event",
           "parse_status", "parse_topic", "read_message"]

ANCHOR_OK = "ok"
"""The anchor follows the previous one."""
ANCHOR_START = "start"
"""The first anchor of a table (or the first after a gap that cannot be filled): nothing to compare with."""
ANCHOR_UNANCHORED = "unanchored"
"""No ``journal_seq`` / ``journal_hash`` (a station without the integrity chain)."""
ANCHOR_BROKEN = "broken"
"""The anchor goes back, or one ``journal_seq`` came with two hashes, or it is malformed."""

TOPIC_PREFIX = "baccarat/tables/"
_HASH = re.compile(r"^[0-9a-f]{64}$")


class BadMessage(ValueError):
    """A message that cannot be read as an event, a status or a replay error; the message says why."""


@dataclass(frozen=True, slots=True)
class Anchor:
    """An event's place in the station's journal chain: decision row number and its SHA-256 (hex)."""

    journal_seq: int
    journal_hash: str

    def as_dict(self) -> dict:
        """The anchor as JSON-able values."""
        return {"journal_seq": self.journal_seq, "journal_hash": self.journal_hash}


@dataclass(frozen=True, slots=True)
class Accepted:
    """An event to write: its table, id, envelope, raw JSON text, anchor and the anchor check.

    ``check`` is one of :data:`ANCHOR_OK`, :data:`ANCHOR_START`, :data:`ANCHOR_UNANCHORED`,
    :data:`ANCHOR_BROKEN`; ``detail`` says why for a broken one.
    """

    table_id: str
    event_id: int
    envelope: dict
    payload: str
    anchor: Anchor | None
    check: str
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Ask:
    """A replay request to publish on ``baccarat/tables/{table_id}/replay``: ids ``first``..``last``."""

    table_id: str
    first: int
    last: int

    def payload(self, request_id: str) -> bytes:
        """The replay request as the station reads it (JSON bytes: ``from``, ``to``, ``request_id``)."""
        return json.dumps({"from": self.first, "to": self.last, "request_id": request_id},
                          separators=(",", ":")).encode()


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_topic(topic: str) -> tuple[str, str] | None:
    """``(table_id, kind)`` for ``baccarat/tables/{id}/events|status|replay/error``; None for other topics."""
    if not topic.startswith(TOPIC_PREFIX):
        return None
    table_id, _, kind = topic[len(TOPIC_PREFIX):].partition("/")
    if not table_id or kind not in ("events", "status", "replay/error"):
        return None
    return table_id, kind


def parse_event(payload: bytes | str) -> tuple[dict, str]:
    """The envelope and its JSON text; raises :class:`BadMessage` unless a JSON object with an ``event_id`` >= 1."""
    try:
        text = payload.decode() if isinstance(payload, bytes | bytearray) else str(payload)
        body = json.loads(text)
    except (UnicodeDecodeError, ValueError) as err:
        raise BadMessage(f"event is not JSON: {err}") from None
    if not isinstance(body, dict):
        raise BadMessage("event is not a JSON object")
    if not _int(body.get("event_id")) or body["event_id"] < 1:
        raise BadMessage(f"event has no event_id >= 1 (got {body.get('event_id')!r})")
    return body, text


def parse_status(payload: bytes | str) -> dict:
    """A status or replay error body (a JSON object); raises :class:`BadMessage` otherwise. Empty: ``{}``."""
    if not payload:
        return {}   # a retained message being cleared
    try:
        body = json.loads(payload)
    except (UnicodeDecodeError, ValueError) as err:
        raise BadMessage(f"not JSON: {err}") from None
    if not isinstance(body, dict):
        raise BadMessage("not a JSON object")
    return body


@dataclass(frozen=True, slots=True)
class Message:
    """One message of a table, read: ``kind`` is ``events``, ``status`` or ``replay/error``.

    ``body`` is the envelope (events) or the status / replay error object (``{}`` for a cleared
    retained status); ``text`` is the event's JSON text as received (None for the other kinds).
    """

    table_id: str
    kind: str
    body: dict
    text: str | None = None


def read_message(topic: str, payload: bytes | str) -> Message | None:
    """Read one MQTT message the way every consumer here does (``events follow``, ``pit``).

    Returns None for a topic that is not a table's events, status or replay errors; raises
    :class:`BadMessage` for a payload that cannot be read (:func:`parse_event`, :func:`parse_status`).
    """
    where = parse_topic(topic)
    if where is None:
        return None
    table_id, kind = where
    if kind == "events":
        envelope, text = parse_event(payload)
        return Message(table_id, kind, envelope, text)
    return Message(table_id, kind, parse_status(payload))


def anchor_of(envelope: dict) -> Anchor | None | str:
    """The envelope's :class:`Anchor`; None without one; a string saying why when it is malformed."""
    seq, digest = envelope.get("journal_seq"), envelope.get("journal_hash")
    if seq is None and digest is None:
        return None
    if not _int(seq) or seq < 0 or not isinstance(digest, str) or not _HASH.match(digest):
        return f"malformed anchor journal_seq={seq!r} journal_hash={str(digest)[:20]!r}"
    return Anchor(seq, digest)


def check_anchor(previous: Anchor | None, current: Anchor | None | str) -> tuple[str, str]:
    """``(check, detail)`` for ``current`` following ``previous`` (the last anchor of the table's earlier ids)."""
    if isinstance(current, str):
        return ANCHOR_BROKEN, current
    if current is None:
        return ANCHOR_UNANCHORED, ""
    if previous is None:
        return ANCHOR_START, ""
    if current.journal_seq < previous.journal_seq:
        return ANCHOR_BROKEN, f"journal_seq {current.journal_seq} after {previous.journal_seq}"
    if current.journal_seq == previous.journal_seq and current.journal_hash != previous.journal_hash:
        return ANCHOR_BROKEN, f"journal_seq {current.journal_seq} with two hashes"
    return ANCHOR_OK, ""


@dataclass
class TableTracker:
    """One table's state: the last written id, the held events ahead of a gap, what exists at the station.

    ``last_id``: every id up to it is written (or given up, see :meth:`skip_to`). ``known_last``: the
    highest id known to exist (seen, or from the status's ``last_event_id``). ``max_held``: events
    held at most; beyond it the highest are dropped (asked for again later), so memory is bounded.
    """

    table_id: str
    last_id: int = 0
    last_anchor: Anchor | None = None
    max_held: int = 100_000
    known_last: int = 0
    held: dict[int, tuple[dict, str]] = field(default_factory=dict)
    duplicates: int = 0
    asked_at: float | None = None
    progress_at: float = 0.0
    nudged: bool = False
    asked_to: int = 0
    """The highest id of the last round of asks: once everything up to it came, the rest is asked at once."""
    advanced_at: float = 0.0
    """When the ids written in order last went forward (the ``now`` of that :meth:`offer`)."""

    def __post_init__(self) -> None:
        self.known_last = max(self.known_last, self.last_id)

    def offer(self, envelope: dict, payload: str, now: float = 0.0) -> list[Accepted]:
        """Take one event; return the events now writable, in id order (empty for a duplicate or a held one)."""
        event_id = envelope["event_id"]
        if event_id <= self.last_id or event_id in self.held:
            self.duplicates += 1
            return []
        had_gaps = self.has_gaps()
        if event_id <= self.known_last:
            self.progress_at = now            # a missing event came: the replay is moving
        self.known_last = max(self.known_last, event_id)
        if event_id != self.last_id + 1:
            self.held[event_id] = (envelope, payload)
            if len(self.held) > self.max_held:
                del self.held[max(self.held)]   # asked for again: known_last remembers it exists
            if not had_gaps:
                self.nudged = True
            return []
        out = [self._accept(envelope, payload)]
        while self.last_id + 1 in self.held:
            out.append(self._accept(*self.held.pop(self.last_id + 1)))
        self.advanced_at = now
        return out

    def _accept(self, envelope: dict, payload: str) -> Accepted:
        anchor = anchor_of(envelope)
        check, detail = check_anchor(self.last_anchor, anchor)
        if isinstance(anchor, Anchor):
            self.last_anchor = anchor
        self.last_id = envelope["event_id"]
        return Accepted(self.table_id, self.last_id, envelope, payload,
                        anchor if isinstance(anchor, Anchor) else None, check, detail)

    def note_last(self, last_event_id: object) -> None:
        """The station says events up to ``last_event_id`` exist (its retained status)."""
        if _int(last_event_id) and last_event_id > self.known_last:
            had_gaps = self.has_gaps()
            self.known_last = last_event_id
            if not had_gaps:
                self.nudged = True

    def lower_known_last(self, last_available: int) -> None:
        """The station has nothing past ``last_available``: stop asking for more."""
        floor = max([self.last_id, *self.held])
        self.known_last = max(floor, min(self.known_last, last_available))

    def skip_to(self, first_available: int) -> tuple[tuple[int, int] | None, list[Accepted]]:
        """Give up the ids before ``first_available`` (the station no longer keeps them).

        Returns the range given up (or None) and the held events now writable. The anchor check starts
        afresh after it (:data:`ANCHOR_START`).
        """
        if first_available <= self.last_id + 1:
            return None, []
        lost = (self.last_id + 1, first_available - 1)
        for event_id in [i for i in self.held if i < first_available]:
            del self.held[event_id]
        self.last_id = first_available - 1
        self.last_anchor = None
        self.known_last = max(self.known_last, self.last_id)
        out = []
        while self.last_id + 1 in self.held:
            out.append(self._accept(*self.held.pop(self.last_id + 1)))
        return lost, out

    def has_gaps(self) -> bool:
        """True while events are missing between the last in order and the last known."""
        return self.known_last > self.last_id + len(self.held)

    def gaps(self) -> list[tuple[int, int]]:
        """The missing id ranges ``(first, last)``, lowest first."""
        out, expect = [], self.last_id + 1
        for event_id in sorted(self.held):
            if event_id > expect:
                out.append((expect, event_id - 1))
            expect = event_id + 1
        if self.known_last >= expect:
            out.append((expect, self.known_last))
        return out


class Tracker:
    """Every followed table's :class:`TableTracker`, created on a table's first message.

    Parameters
    ----------
    state : mapping, optional
        ``{table_id: (last_id, last_anchor)}`` from the ledger, to go on where it stopped.
    retry : float
        Seconds without progress before a gap is asked for again (> 0).
    max_asks : int
        Replay requests per table per round at most (the lowest gaps first).
    max_span : int
        Ids per replay request at most: a long gap is asked for in pieces, the next as soon as the
        previous one came, so a consumer never has more than about this many replayed events coming
        at once (a broker's queue per subscriber is bounded too: Mosquitto's default is 1000).
    max_held : int
        Events held per table at most.
    patience : float
        Seconds a table's ids written in order must have stood still before its gaps are asked for (default 0:
        at once). A gap checker reading a pool's shared ledger waits so: a gap there is most often an event
        another member received and is writing.
    """

    def __init__(self, state: dict[str, tuple[int, Anchor | None]] | None = None, *, retry: float = 1.0,
                 max_asks: int = 4, max_held: int = 100_000, max_span: int = 500, patience: float = 0.0) -> None:
        self.retry = retry
        self.patience = patience
        self.max_asks = max_asks
        self.max_span = max_span
        self.max_held = max_held
        self.tables: dict[str, TableTracker] = {}
        for table_id, (last_id, anchor) in (state or {}).items():
            self.tables[table_id] = TableTracker(table_id, last_id, anchor, max_held)

    def table(self, table_id: str) -> TableTracker:
        """The tracker of ``table_id``, made on first use."""
        if table_id not in self.tables:
            self.tables[table_id] = TableTracker(table_id, max_held=self.max_held)
        return self.tables[table_id]

    def offer(self, table_id: str, envelope: dict, payload: str, now: float = 0.0) -> list[Accepted]:
        """An event read on ``table_id``'s events topic (see :meth:`TableTracker.offer`)."""
        return self.table(table_id).offer(envelope, payload, now)

    def status(self, table_id: str, body: dict) -> None:
        """A status message: note its ``last_event_id``; an ``online`` station is asked again at once."""
        table = self.table(table_id)
        table.note_last(body.get("last_event_id"))
        if body.get("status") == StationStatus.ONLINE and table.has_gaps():
            table.nudged = True

    def nudge_all(self) -> None:
        """Ask again at once for every open gap (after this consumer reconnected)."""
        for table in self.tables.values():
            if table.has_gaps():
                table.nudged = True

    def due_asks(self, now: float) -> list[Ask]:
        """The replay requests to publish now: a table's gaps when new, nudged, or stuck ``retry`` seconds."""
        asks = []
        for table in self.tables.values():
            if not table.has_gaps():
                table.nudged = False
                continue
            if self.patience and now - table.advanced_at < self.patience:
                continue   # the ids in order still go forward: the gap is most likely being written
            stuck = table.asked_at is None or (now - table.asked_at >= self.retry
                                               and now - table.progress_at >= self.retry)
            came = table.asked_to and table.last_id >= table.asked_to   # all that was asked came: next piece
            if not (table.nudged or stuck or came):
                continue
            table.nudged = False
            table.asked_at = now
            budget, mine = self.max_span, []
            for a, b in table.gaps():
                if budget <= 0 or len(mine) >= self.max_asks:
                    break
                b = min(b, a + budget - 1)
                mine.append(Ask(table.table_id, a, b))
                budget -= b - a + 1
            table.asked_to = mine[-1].last
            asks += mine
        return asks

    def gaps(self) -> dict[str, list[tuple[int, int]]]:
        """Open gaps per table (tables without any left out)."""
        return {t: g for t, tr in self.tables.items() if (g := tr.gaps())}
