"""The outbox under the hash chain: every platform event is proven by the decision row that made it.

:meth:`~dealer_station.journal.Journal.append` lists each event of a decision in the row's body as
``"events": [[event_id, digest], ...]`` (every decision row has the member, ``[]`` for none), where
``digest`` is :func:`dealer_station.outbox.event_digest` of the envelope without its anchor, and only
then hashes the row; the stored envelope then gets the anchor ``journal_seq`` / ``journal_hash`` (that
row's sequence number and hash). So an outbox row edited by hand (a winner changed, a card, a void, an
incident), added, removed, moved to another id or pointed at another row no longer matches the chain.

Both checks first require the stored payload to be exactly its own canonical text
(:func:`dealer_station.outbox.payload_problem`): a payload with a key twice (``"winner"`` read as one value
by one consumer and another by the next), re-spaced, re-ordered or with another number form is refused,
so the bytes the digest is taken from are the bytes stored and sent.

Two checks use that:

- :class:`OutboxAudit`, fed every row by :meth:`Journal.verify` in order, compares the whole outbox
  with the events the decision rows list and names the first event that does not match;
- :class:`EventCheck`, used by the publisher before it sends an event, checks that one event against
  its anchor row (the row's hash recomputed from its columns, the next row's ``prev_hash``, the
  event's digest in the row's list) and that the event before it is in the outbox.

Journals written before events were anchored: their decision rows have no ``events`` member. Events
below the first one a decision lists (all of them while none is listed yet) are *unanchored*: they
cannot be proven, ``verify`` says so as information (not a failure), and the publisher sends them as
stored. Everything from the first anchored event on is checked. In a journal whose first decision row
lists its events (every journal made since), nothing is unanchored: an event without an anchor fails.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator

from dealer_station.journal.rows import APPLICATION_ID, pruned_through, row_hash
from dealer_station.outbox import canonical_problem, event_digest, payload_problem, payload_text

__all__ = ["EventCheck", "OutboxAudit", "event_problem"]

_EVENTS = "events"


def _listed(body: object) -> list[tuple[int, str]] | None:
    """The ``[[event_id, digest], ...]`` list of a decision body; None when it has none (an old row).

    Raises ValueError when the member is there but malformed.
    """
    if not isinstance(body, dict) or _EVENTS not in body:
        return None
    items = body[_EVENTS]
    if not isinstance(items, list):
        raise ValueError("its events member is not a list")
    out = []
    for item in items:
        if (not isinstance(item, list) or len(item) != 2 or type(item[0]) is not int or not isinstance(item[1], str)):
            raise ValueError(f"its events member holds {json.dumps(item)[:60]}, not [event_id, digest]")
        out.append((item[0], item[1]))
    return out


def event_problem(event_id: int, event_type: str | None, payload: str, seq: int, row_hash: str,
                  digest: str) -> str | None:
    """What is wrong with outbox event ``event_id`` (its ``type`` column and payload text) that decision row
    ``seq`` (hash ``row_hash``) lists with ``digest``; None when it matches. ``event_type`` None: not checked.
    """
    envelope, why = canonical_problem(payload, payload_text)
    if why is not None:
        return f"{why.replace('its text', 'its payload', 1)} (changed after it was journaled)"
    if not isinstance(envelope, dict):
        return "its payload is not a JSON object (changed after it was journaled)"
    if envelope.get("event_id") != event_id:
        return (f"its payload says event_id {json.dumps(envelope.get('event_id'))[:40]} (events renumbered or "
                f"moved to another id)")
    if event_type is not None and envelope.get("type") != event_type:
        return f"its type column says {event_type!r} but its payload {json.dumps(envelope.get('type'))[:40]}"
    anchor = envelope.get("journal_seq")
    if anchor != seq:
        return (f"its anchor journal_seq is {json.dumps(anchor)[:40]}, but decision row {seq} made it "
                f"(the anchor points at a wrong row)")
    if envelope.get("journal_hash") != row_hash:
        return f"its anchor journal_hash is not decision row {seq}'s hash (the anchor points at a wrong row)"
    try:
        actual = event_digest(envelope)
    except (ValueError, TypeError):
        actual = ""
    if actual != digest:
        return f"its content differs from what decision row {seq} recorded (changed after it was journaled)"
    return None


class OutboxAudit:
    """The outbox compared with the events the journal's decision rows list (:meth:`Journal.verify`).

    Feed every decision row, in order, to :meth:`decision`; then call :meth:`finish`. ``problem`` is
    then None or ``(event_id, row seq or None, what is wrong)`` for the first event that does not match;
    ``checked`` counts events matched; ``note`` tells unanchored events of an old journal (information).

    Parameters
    ----------
    outbox_rows:
        ``(event_id, type, payload)`` of every outbox row, by ``event_id``.
    pruned_through:
        Events up to this id may be missing: pruned after their retention (an ``events_pruned`` note of
        the chain says so, :meth:`Journal.prune_events`); ``pruned`` counts those missing.
    """

    def __init__(self, outbox_rows: Iterator[tuple[int, str, str]], *, pruned_through: int = 0) -> None:
        self._rows = outbox_rows
        self._pruned_through = pruned_through
        self.pruned = 0
        self._current = next(self._rows, None)
        self.problem: tuple[int, int | None, str] | None = None
        self.checked = 0
        self.note = ""
        self._first_legacy: bool | None = None   # is the first decision row from before anchors?
        self._anchored_seen = False
        self._unanchored: list[int] = []         # ids of unanchored events: first, last
        self._unanchored_count = 0
        self._first_anchored_row: int | None = None
        self._last_seq = 0

    def _advance(self) -> None:
        self._current = next(self._rows, None)

    def _fail(self, event_id: int, seq: int | None, why: str) -> None:
        if self.problem is None:
            self.problem = (event_id, seq, why)

    def _unlisted(self, event_id: int, payload: str) -> None:
        """An outbox event no decision row lists (before ``event_id``'s turn): old and unanchored, or added."""
        if self._first_legacy and not self._anchored_seen and not _has_anchor(payload):
            why = payload_problem(payload)
            if why is not None:
                self._fail(event_id, None, f"{why.replace('its text', 'its payload', 1)} (changed after it was "
                                           f"stored)")
                return
            self._unanchored_count += 1
            self._unanchored = [self._unanchored[0] if self._unanchored else event_id, event_id]
            return
        anchor = _anchor_seq(payload)
        if anchor is not None and self._last_seq and anchor > self._last_seq:   # known once every row was fed
            self._fail(event_id, None, f"its anchor is journal row {anchor}, but the journal ends at row "
                                       f"{self._last_seq} (rows cut off the end, or an event added)")
            return
        self._fail(event_id, None, "no decision row lists it (an event added to the outbox)")

    def decision(self, seq: int, row_hash: str, body: object) -> None:
        """One decision row (parsed body), in chain order."""
        if self.problem is not None:
            return
        try:
            listed = _listed(body)
        except ValueError as err:
            self._fail(0, seq, f"decision row {seq}: {err}")
            return
        if self._first_legacy is None:
            self._first_legacy = listed is None
        if listed is None:
            return
        if self._first_anchored_row is None:
            self._first_anchored_row = seq
        for event_id, digest in listed:
            while self._current is not None and self._current[0] < event_id:
                self._unlisted(self._current[0], self._current[2])
                if self.problem is not None:
                    return
                self._advance()
            if self._current is None or self._current[0] != event_id:
                if event_id <= self._pruned_through:
                    self.pruned += 1   # pruned after its retention, as a chained note says
                    continue
                self._fail(event_id, seq, f"decision row {seq} lists it but the outbox has no such event (removed)")
                return
            why = event_problem(event_id, self._current[1], self._current[2], seq, row_hash, digest)
            if why:
                self._fail(event_id, seq, why)
                return
            self._anchored_seen = True
            self.checked += 1
            self._advance()

    def finish(self, last_seq: int) -> None:
        """After the last row (``last_seq``): outbox events no row lists are added ones (or an old journal's
        unanchored).
        """
        self._last_seq = last_seq
        while self.problem is None and self._current is not None:
            self._unlisted(self._current[0], self._current[2])
            self._advance()
        if self._unanchored_count:
            first, last = self._unanchored
            where = (f"before row {self._first_anchored_row}" if self._first_anchored_row is not None
                     else "(no decision row lists its events yet)")
            self.note = (f"{self._unanchored_count} events ({first}-{last}) unanchored: written {where} by a "
                         f"version that did not anchor events; they cannot be checked against the chain")


def _anchor_seq(payload: str) -> int | None:
    """The ``journal_seq`` an event's payload text claims, or None."""
    try:
        envelope = json.loads(payload)
    except (ValueError, TypeError, RecursionError):
        return None
    seq = envelope.get("journal_seq") if isinstance(envelope, dict) else None
    return seq if type(seq) is int else None


def _has_anchor(payload: str) -> bool:
    """True when the payload text is a JSON object with an anchor member (it claims a decision row)."""
    try:
        envelope = json.loads(payload)
    except (ValueError, TypeError, RecursionError):
        return False
    return isinstance(envelope, dict) and ("journal_seq" in envelope or "journal_hash" in envelope)


class EventCheck:
    """The publisher's check of one event against the chain, before it is sent.

    Parameters
    ----------
    conn:
        A connection to the journal database (the publisher's own).

    :meth:`problem` returns None when the event may be sent, else what is wrong (one sentence part).
    Raises sqlite3.Error when the database cannot be read (the publisher retries).
    """

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        self._row: tuple[int, str, dict[int, str]] | None = None   # seq, hash, {event_id: digest}
        self._last_ok = 0                # the last event id found good (its successor needs no gap look-up)
        self._first_listed: int | None = None
        self._legacy: bool | None = None  # the first decision row has no events member (an old journal)
        self._journal_seen = False

    def problem(self, event_id: int, payload: str) -> str | None:
        """None when outbox event ``event_id`` with ``payload`` matches the chain; else what is wrong.

        An outbox with no journal table beside it has nothing to be checked against. That is a tool's or a
        test's database, never a station's: a station's journal always has the table and carries the
        journal's ``application_id``, and its events carry their anchor. So the event is refused when the
        database is marked as a journal or the event claims an anchor and the table is gone (dropped to
        publish an edited outbox unchecked); otherwise None.
        """
        try:
            envelope = json.loads(payload)
        except (ValueError, TypeError, RecursionError):
            envelope = None
        anchored = isinstance(envelope, dict) and ("journal_seq" in envelope or "journal_hash" in envelope)
        if not self._has_journal():
            if anchored or self._marked_journal():
                return "the database has no journal table: nothing proves the event (the chain is gone)"
            return None
        if not anchored:
            why = payload_problem(payload)
            if why is not None:
                return f"{why.replace('its text', 'its payload', 1)} (changed after it was stored)"
            why = self._unanchored(event_id)
        else:
            why = self._anchored(event_id, payload, envelope)
        if why is None:
            self._last_ok = event_id
        return why

    def _unanchored(self, event_id: int) -> str | None:
        if self._legacy is None:
            first = self._conn.execute(
                "SELECT body FROM journal WHERE kind = 'decision' ORDER BY seq LIMIT 1").fetchone()
            if first is not None:
                try:
                    self._legacy = _listed(json.loads(first[0])) is None
                except (ValueError, TypeError, RecursionError):
                    self._legacy = False
        if self._legacy and (self._first_listed_id() is None or event_id < self._first_listed_id()):
            return None   # written before events were anchored: sent as stored
        return "it has no journal anchor (journal_seq, journal_hash) and no decision row lists it (added)"

    def _marked_journal(self) -> bool:
        """True when the database carries a station journal's ``application_id``."""
        return self._conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID

    def _has_journal(self) -> bool:
        if not self._journal_seen:
            self._journal_seen = self._conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'journal'").fetchone() is not None
        return self._journal_seen

    def _first_listed_id(self) -> int | None:
        """The first event id any decision row lists (found once; None while there is none)."""
        if self._first_listed is None:
            cursor = self._conn.execute("SELECT body FROM journal WHERE kind = 'decision' AND body LIKE ? "
                                        "ORDER BY seq", ('%"events":[[%',))
            for (text,) in cursor:
                try:
                    listed = _listed(json.loads(text))
                except (ValueError, TypeError, RecursionError):
                    continue
                if listed:
                    self._first_listed = listed[0][0]
                    break
        return self._first_listed

    def _anchored(self, event_id: int, payload: str, envelope: dict) -> str | None:
        seq = envelope.get("journal_seq")
        if type(seq) is not int:
            return f"its anchor journal_seq is {json.dumps(seq)[:40]}, not a row number"
        row = self._anchor_row(seq)
        if isinstance(row, str):
            return row
        row_seq, digest_of_row, listed = row
        if event_id not in listed:
            return f"decision row {seq}, its anchor, does not list it (an event added or moved to another id)"
        why = event_problem(event_id, None, payload, row_seq, digest_of_row, listed[event_id])
        if why:
            return why
        if event_id > 1 and self._last_ok != event_id - 1:
            if (self._conn.execute("SELECT 1 FROM outbox WHERE event_id = ?", (event_id - 1,)).fetchone() is None
                    and event_id - 1 > pruned_through(self._conn)):
                return f"event {event_id - 1} before it is missing from the outbox (removed)"
        return None

    def _anchor_row(self, seq: int) -> tuple[int, str, dict[int, str]] | str:
        """Decision row ``seq`` as ``(seq, hash, {event_id: digest})`` once its hash is proven, else what is wrong."""
        if self._row is not None and self._row[0] == seq:
            return self._row
        found = self._conn.execute("SELECT seq, ts, kind, mark, body, prev_hash, hash FROM journal WHERE seq = ?",
                                   (seq,)).fetchone()
        if found is None:
            return f"its anchor is journal row {seq}, which is not in the journal"
        _, ts, kind, mark, text, prev_hash, digest = found
        if row_hash(seq, ts, kind, mark, text, prev_hash) != digest:
            return f"its anchor, journal row {seq}, does not match its own hash (the row was changed)"
        after = self._conn.execute("SELECT prev_hash FROM journal WHERE seq = ?", (seq + 1,)).fetchone()
        if after is not None and after[0] != digest:
            return f"its anchor, journal row {seq}, is not the row the chain holds (row {seq + 1}'s prev_hash differs)"
        if kind not in ("decision", "note"):
            return f"its anchor, journal row {seq}, is a {kind} row, not a decision"
        try:
            listed = _listed(json.loads(text))
        except (ValueError, TypeError, RecursionError):
            listed = None
        if listed is None:
            return f"its anchor, journal row {seq}, lists no events"
        self._row = (seq, digest, dict(listed))
        return self._row

