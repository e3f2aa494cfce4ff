r"""Journal rows and the hash chain over them: the row, its canonical JSON text and hash, the chain check,
the verify report and the head (``SEQ:HASH``) a log keeps; the database's mark (:data:`APPLICATION_ID`) and how
far its events were pruned (:func:`pruned_through`), which the writer and the outbox audit both read.

Row hash: ``sha256(f"{seq}\n{ts}\n{kind}\n{mark}\n{body}\n{prev_hash}")`` in hex; the first row's
``prev_hash`` is :data:`GENESIS`.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from typing import IO

from dealer_station.domain.fact_base import json_default
from dealer_station.outbox import canonical_problem

GENESIS = "0" * 64
"""``prev_hash`` of the first row."""


@dataclass(frozen=True, slots=True)
class JournalRow:
    """One journal row. ``body`` is the parsed JSON; ``mark`` a comma-framed tag list (``",round,"``)."""

    seq: int
    ts: str
    kind: str
    mark: str
    body: dict
    prev_hash: str
    hash: str

    def as_dict(self) -> dict:
        """The row as a JSON-able dict (export format)."""
        return {"seq": self.seq, "ts": self.ts, "kind": self.kind, "mark": self.mark, "body": self.body,
                "prev_hash": self.prev_hash, "hash": self.hash}


@dataclass(frozen=True, slots=True)
class EventSpec:
    """A platform event to append to the outbox with a journal row (see :mod:`dealer_station.outbox`)."""

    type: str
    data: Mapping[str, object]
    shoe_id: str | None = None
    round_id: str | None = None


@dataclass(frozen=True, slots=True)
class VerifyReport:
    """Result of :meth:`Journal.verify`: ``ok``, rows checked, the first bad row's seq and why.

    ``events``: outbox events matched against the decision rows that list them; ``bad_event``: the id of
    the first outbox event that does not match (its row in ``first_bad`` when known), else None; ``note``:
    information that is no failure (an old journal's unanchored events).
    """

    ok: bool
    rows: int
    first_bad: int | None = None
    message: str = ""
    events: int = 0
    bad_event: int | None = None
    note: str = ""


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=json_default)
_SCALARS = frozenset({str, int, bool, type(None)})


def canonical(body: Mapping[str, object]) -> str:
    """Canonical JSON text of a row body (sorted keys, no spaces, UTF-8 kept)."""
    return _ENCODER.encode(body)


def body_problem(text: str) -> tuple[object, str | None]:
    """``(parsed body, None)`` when a row's body text is exactly :func:`canonical` of its parse; else
    ``(body or None, why)`` (:func:`dealer_station.outbox.canonical_problem`): a duplicate key, NaN, or another
    text of the same value is refused, so the hash covers the one text the row's readers all read alike.
    """
    return canonical_problem(text, _ENCODER.encode)


def stored_body(body: Mapping[str, object], text: str) -> dict:
    """The body as :meth:`Journal.rows` reads it back (``json.loads(text)``), without parsing when it is a flat
    dict of str keys and str/int/bool/None/empty-dict values (those come back equal, keys in sorted order).
    """
    if type(body) is dict and all(type(k) is str and (type(v) in _SCALARS or (type(v) is dict and not v))
                                  for k, v in body.items()):
        return {k: {} if type(body[k]) is dict else body[k] for k in sorted(body)}
    return json.loads(text)


def row_hash(seq: int, ts: str, kind: str, mark: str, body_text: str, prev_hash: str) -> str:
    """SHA-256 (hex) of one row, chained to ``prev_hash``."""
    data = f"{seq}\n{ts}\n{kind}\n{mark}\n{body_text}\n{prev_hash}".encode()
    return hashlib.sha256(data).hexdigest()


def chain_problem(expected: int, prev: str, stored: tuple[int, str, str, str, str, str, str]) -> str | None:
    """What is wrong with one stored row ``(seq, ts, kind, mark, body text, prev_hash, hash)`` read in order,
    where row number ``expected`` chained to hash ``prev`` should come; None when it holds (:meth:`Journal.verify`).
    """
    seq, ts, kind, mark_text, text, prev_hash, digest = stored
    if seq != expected:
        return f"row {seq}: expected row {expected} (rows missing)"
    if prev_hash != prev:
        return f"row {seq}: prev_hash does not match row {seq - 1}'s hash"
    if row_hash(seq, ts, kind, mark_text, text, prev_hash) != digest:
        return f"row {seq}: hash does not match its content"
    return None


def parse_head(text: str) -> tuple[int, str]:
    """Read a chain head written as ``SEQ:HASH`` (``1234:9f2c…``, 64 hex digits). Raises ValueError saying why."""
    seq_text, _, digest = str(text).strip().partition(":")
    if not seq_text.isdigit() or int(seq_text) < 1:
        raise ValueError(f"head {text!r}: expected SEQ:HASH with SEQ a row number from 1 (e.g. 1234:9f2c...)")
    digest = digest.lower()
    if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
        raise ValueError(f"head {text!r}: the hash must be the row's 64 hex digits")
    return int(seq_text), digest


def head_problem(journal, seq: int, digest: str) -> str | None:
    """None when row ``seq`` of ``journal`` (a Journal or MemoryJournal) has hash ``digest``; else what is wrong.

    With :meth:`Journal.verify` (every row's hash and the chain), a head recorded earlier shows rows cut
    off the end or a journal rebuilt from an earlier point. Raises JournalError when the journal cannot be read.
    """
    row = next(journal.rows(seq - 1, until=seq), None)
    if row is None:
        return (f"row {seq} of the recorded head is missing: the journal ends at row {journal.last_seq} "
                f"(rows cut off the end)")
    if row.hash != digest:
        return f"row {seq}'s hash is {row.hash}, the recorded head says {digest} (the journal was rewritten)"
    return None


def export_rows(rows, fp: IO[str]) -> int:
    """Write ``rows`` (journal rows) as JSON Lines to ``fp``, the ``journal export`` format; return the count."""
    count = 0
    for row in rows:
        fp.write(json.dumps(row.as_dict(), sort_keys=True, ensure_ascii=False) + "\n")
        count += 1
    return count


JOURNAL_TABLE_SQL = """
CREATE TABLE IF NOT EXISTS journal (
    seq INTEGER PRIMARY KEY,
    ts TEXT NOT NULL,
    kind TEXT NOT NULL,
    mark TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS journal_mark ON journal(mark) WHERE mark != '';
"""
"""The journal table and its mark index (SQL text): the live journal's and an archive file's."""

APPLICATION_ID = 0x44534A31
"""SQLite's ``application_id`` of a station's journal (``"DSJ1"``), set when the journal is made: a database
that carries it is a chained journal, so its outbox is never published without the chain beside it."""


def pruned_through(conn: sqlite3.Connection) -> int:
    """The highest event id the journal on ``conn`` no longer keeps in its outbox (0 when none): what an
    ``events_pruned`` note records, or an ``archived`` note (:data:`ARCHIVED_MARK`: the events of archived rows
    went with them).
    """
    try:
        rows = conn.execute("SELECT body FROM journal WHERE mark != '' AND (mark LIKE '%,events_pruned,%' "
                            "OR mark LIKE '%,archived,%')").fetchall()
    except sqlite3.OperationalError:   # no journal table (a tool's outbox-only database)
        return 0
    through = 0
    for (text,) in rows:
        try:
            body = json.loads(text)
            value = body.get("through") if body.get("kind") == "events_pruned" else body.get("events_through")
        except (ValueError, TypeError, AttributeError, RecursionError):
            continue
        if type(value) is int and value > through:
            through = value
    return through


ARCHIVED_MARK = "archived"
"""Mark of the note that records rows moved to an archive file (:mod:`dealer_station.journal.archive`)."""


@dataclass(frozen=True, slots=True)
class ArchivedRange:
    """Rows ``first``..``last`` moved to the archive ``file``, as the chained ``archived`` note (row ``seq``) says.

    ``prev``: the ``prev_hash`` of row ``first`` (the head of the archive before, or :data:`GENESIS`); ``head``: the
    hash of row ``last``, which row ``last + 1``, the live journal's first, carries as its ``prev_hash``;
    ``events_through``: the highest event id those rows list (0: none); ``shoes``: the shoe numbers they hold.
    """

    seq: int
    first: int
    last: int
    prev: str
    head: str
    file: str
    events_through: int = 0
    shoes: tuple[int, ...] = ()


def marked_rows(conn: sqlite3.Connection, mark: str, columns: str = "seq, body", where: str = "",
                params: tuple[object, ...] = ()) -> list[tuple]:
    """``columns`` (the first one ``seq``) of the rows carrying ``mark`` (and ``where``, an ``AND ...`` clause with
    ``params``), by seq. Read through the partial mark index and sorted here: an ``ORDER BY seq`` makes SQLite scan
    every row of the journal instead (0.5 s at 2,000 shoes, against 0.02 s). Raises sqlite3.Error.
    """
    return sorted(conn.execute(f"SELECT {columns} FROM journal WHERE mark != '' AND mark LIKE ? {where}",
                               (f"%,{mark},%", *params)).fetchall())


def archived_ranges(conn: sqlite3.Connection) -> list[ArchivedRange]:
    """Every ``archived`` note of the journal on ``conn``, by ``first`` (a note of another shape is left out: the
    chain check names a changed one). Raises sqlite3.Error when the journal cannot be read.
    """
    out = []
    try:
        rows = marked_rows(conn, ARCHIVED_MARK)
    except sqlite3.OperationalError:
        return []
    for seq, text in rows:
        try:
            b = json.loads(text)
            found = ArchivedRange(seq, b["first"], b["last"], b["prev"], b["head"], b["file"],
                                  b.get("events_through", 0), tuple(b.get("shoes", ())))
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            continue
        if type(found.first) is int and type(found.last) is int and 1 <= found.first <= found.last:
            out.append(found)
    return sorted(out, key=lambda r: r.first)


def archived_link(ranges: list[ArchivedRange], expected: int | None, seq: int, *, held_from: int | None = None) \
        -> str | None:
    """The ``prev_hash`` row ``seq`` must carry when the rows before it (from ``expected``, None: the journal's
    first row) were archived as ``ranges`` say; None when no archive accounts for them.

    ``held_from``: the first row the journal holds. Archiving removes rows from the front only (each archive
    starts where the one before ended, and its rows go newest first), so a gap after rows the journal still
    holds is accounted for only when every one of those rows is in an archive too (an archiving stopped part
    way); a gap in the middle of rows no note records is "rows missing", whatever note claims it.
    """
    for r in ranges:
        if seq == r.last + 1 and (expected is None or r.first <= expected):
            if expected is not None and held_from is not None and not archived_cover(ranges, held_from,
                                                                                      expected - 1):
                return None
            return r.head
        if expected is None and seq == r.first:
            return r.prev   # a row or more of this archive still here: being removed when the station stopped
    return None


def archived_cover(ranges: list[ArchivedRange], low: int, high: int) -> bool:
    """True when every row ``low``..``high`` is in one of the archived ``ranges`` (sorted by ``first``)."""
    at = low
    for r in ranges:
        if at > high:
            break
        if r.first <= at <= r.last:
            at = r.last + 1
    return at > high
