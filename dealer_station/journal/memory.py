"""A journal kept in the process's memory only: for replays and journal re-runs, never for a live table.

A QA replay (``replay --fast`` without ``--journal``) and the determinism audit (``journal replay``)
need a table's journal only while they run: the controller still appends every input before it
acts on it and one decision row after, recovery still folds the open shoe from it, and the rows,
their hash chain, ``verify`` and ``export`` are exactly those of :class:`~dealer_station.journal.Journal`
(same canonical JSON, same row hash). What it leaves out is what only a station needs: SQLite, a
file, durability (docs/design.md "Durability and recovery" applies to the on-disk journal of a live station) and the
outbox (a replay publishes nothing to the betting platform, so no platform event is stored).

Rows written with :meth:`MemoryJournal.add` (what the controller uses) get their hash the first time
anything reads the journal (``rows``, ``verify``, ``export``, ``last_row``, ``head``...); a body the
caller declares JSON-only (``json_only=True``: the controller's) also gets its canonical text then,
and is kept until then as ``marshal`` bytes (a copy) or, handed over (``owned=True``), as the dict
itself. A fast replay that never reads its journal never pays for hashing it, and one that does
reads exactly the rows and hashes :meth:`MemoryJournal.append` would have made. Hashed rows are kept
compressed, a block at a time.
"""

from __future__ import annotations

import json
import marshal
import sqlite3
import zlib
from collections.abc import Iterable, Iterator, Mapping
from typing import IO

from dealer_station import outbox
from dealer_station.journal.store import (
    _SCHEMA,
    GENESIS,
    EventSpec,
    JournalError,
    JournalRow,
    VerifyReport,
    canonical,
    chain_problem,
    export_rows,
    row_hash,
    stored_body,
)

__all__ = ["MemoryJournal"]

_Stored = tuple[int, str, str, str, str, str, str]
"""``(seq, ts, kind, mark, body text, prev_hash, hash)``: one row as the SQLite journal stores it."""

_Pending = tuple[int, str, str, str, bytes | str | dict]
"""``(seq, ts, kind, mark, body)`` of a row not hashed yet: the body's canonical text, or for a JSON-only
body its ``marshal`` bytes (a copy that later changes to the caller's dict cannot reach) or the dict
itself when the caller handed it over (``add(..., json_only=True, owned=True)``)."""

BLOCK_ROWS = 512
"""Rows per sealed block: full blocks are kept as one zlib-compressed JSON array (a long replay keeps
about a tenth of the memory; a block is unpacked only when something reads it)."""


class MemoryJournal:
    """The journal of a replay: the rows of :class:`~dealer_station.journal.Journal`, in a Python list.

    Same public methods and row format as ``Journal`` (``append``, ``rows``, ``last_marked``,
    ``last_row``, ``verify``, ``export``, ``close``, ``last_seq``, ``path``); differences:

    - nothing survives the process and nothing is synced (use ``Journal`` wherever durability counts);
    - no outbox: ``append`` checks each event's type (JournalError for an unknown one, nothing is
      written then) but stores no event and returns an empty event list; ``conn`` is an empty
      SQLite database with the journal and outbox tables, for code that reads the outbox; so its
      decision rows have no ``events`` member (the SQLite journal's list their events' digests);
    - ``mark`` look-ups compare the tag exactly (the SQLite journal's ``LIKE`` also ignores ASCII case);
    - :meth:`add` defers a row's canonical text and hash to the next read (see the module docstring).

    Raises JournalError from ``append`` for an unknown event type (as ``Journal`` does).
    """

    path = ":memory:"

    def __init__(self) -> None:
        self._sealed: list[bytes] = []   # full blocks of BLOCK_ROWS rows, compressed
        self._tail: list[_Stored] = []   # the rows after the last full block
        self._last_seq = 0
        self._last_hash = GENESIS
        self._pending: list[_Pending] = []  # rows added but not hashed yet, after every stored row
        self._conn: sqlite3.Connection | None = None

    keeps_events = False
    """This journal has no outbox: a controller need not build platform events for it."""

    @property
    def last_seq(self) -> int:
        """Sequence number of the last row (0 when empty)."""
        return self._last_seq

    @property
    def head(self) -> tuple[int, str]:
        """``(seq, hash)`` of the last row, as :attr:`Journal.head` (rows added are hashed first)."""
        self._settle()
        return self._last_seq, self._last_hash

    @property
    def conn(self) -> sqlite3.Connection:
        """An empty in-memory SQLite database with the journal's and the outbox's tables (no events)."""
        if self._conn is None:
            self._conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            self._conn.executescript(_SCHEMA)
            outbox.ensure_schema(self._conn)
        return self._conn

    def append(self, kind: str, body: Mapping[str, object], ts: str, *, mark: Iterable[str] = (),
               events: Iterable[EventSpec] = (), table_id: str = "") -> tuple[JournalRow, list[outbox.OutboxEvent]]:
        """Append one row (as :meth:`Journal.append`); the events are checked, not stored. Raises JournalError."""
        self._settle()
        seq = self._last_seq + 1
        _check_events(events, seq)
        mark_text = _mark_text(mark)
        text = canonical(body)
        prev = self._last_hash
        digest = self._store(seq, ts, kind, mark_text, text)
        self._last_seq = seq
        return JournalRow(seq, ts, kind, mark_text, stored_body(body, text), prev, digest), []

    def add(self, kind: str, body: Mapping[str, object], ts: str, *, mark: Iterable[str] = (),
            events: Iterable[EventSpec] = (), table_id: str = "", json_only: bool = False,
            owned: bool = False, durable: bool = True) -> int:
        """Append one row as :meth:`append` does and return its sequence number only (``durable`` changes
        nothing in memory).

        The row's hash is made at the next read, in order, so every read sees the rows and hash chain
        :meth:`append` would have made. The body's canonical text is made now (errors now, as
        :meth:`append`), unless ``json_only``: the caller guarantees the body holds only JSON's own
        values (str keys; str, int, float, bool, None; lists, tuples and dicts of them). Then the text
        too waits for the next read, and the body is kept as a ``marshal`` copy (later changes to it do
        not reach the journal) or, with ``owned`` (the caller hands the dict over and nothing changes it
        afterwards: the controller's own input bodies), as the dict itself.

        Raises JournalError for an unknown event type, and (without ``json_only``) for a body that has no
        JSON text, as :meth:`append` does.
        """
        seq = self._last_seq + 1
        if events:
            _check_events(events, seq)
        snapshot: bytes | str | dict | None = None
        if json_only and type(body) is dict:
            try:
                snapshot = body if owned else marshal.dumps(body)
            except ValueError:  # a subclass (an enum member...) marshal will not take: the text now
                snapshot = None
        if snapshot is None:
            try:
                snapshot = canonical(body)
            except (TypeError, ValueError) as err:
                raise JournalError(f"journal write failed at row {seq}: {err}") from err
        self._pending.append((seq, ts, kind, _mark_text(mark) if mark else "", snapshot))
        self._last_seq = seq
        return seq

    def _store(self, seq: int, ts: str, kind: str, mark_text: str, text: str) -> str:
        """Hash one row onto the chain and keep it; return its hash."""
        prev = self._last_hash
        digest = row_hash(seq, ts, kind, mark_text, text, prev)
        self._tail.append((seq, ts, kind, mark_text, text, prev, digest))
        if len(self._tail) >= BLOCK_ROWS:
            self._sealed.append(zlib.compress(
                json.dumps(self._tail, ensure_ascii=False).encode("utf-8", "surrogatepass"), 1))
            self._tail = []
        self._last_hash = digest
        return digest

    def _settle(self) -> None:
        """Give every row added with :meth:`add` its canonical text and hash, oldest first.

        A row leaves the waiting list only once it is stored: should one fail, it and the rows after
        it stay waiting, and every read raises, rather than rows going missing from the chain.
        """
        pending = self._pending
        done = 0
        try:
            for seq, ts, kind, mark_text, snapshot in pending:
                if isinstance(snapshot, bytes):
                    text = canonical(marshal.loads(snapshot))
                elif isinstance(snapshot, dict):
                    text = canonical(snapshot)
                else:
                    text = snapshot
                self._store(seq, ts, kind, mark_text, text)
                done += 1
        finally:
            del pending[:done]

    @staticmethod
    def _row(stored: _Stored) -> JournalRow:
        seq, ts, kind, mark_text, text, prev, digest = stored
        return JournalRow(seq, ts, kind, mark_text, json.loads(text), prev, digest)

    def _block(self, index: int) -> list[_Stored]:
        if index < len(self._sealed):
            return [tuple(r) for r in json.loads(
                zlib.decompress(self._sealed[index]).decode("utf-8", "surrogatepass"))]  # type: ignore[misc]
        return self._tail

    def _stored(self, after: int = 0, until: int | None = None) -> Iterator[_Stored]:
        """Stored rows with ``after < seq <= until``, oldest first."""
        self._settle()
        stop = self._last_seq if until is None else min(until, self._last_seq)
        start = max(0, after)
        if start >= stop:
            return
        for index in range(start // BLOCK_ROWS, (stop - 1) // BLOCK_ROWS + 1):
            first = index * BLOCK_ROWS
            yield from self._block(index)[max(0, start - first):stop - first]

    def _stored_backwards(self) -> Iterator[_Stored]:
        self._settle()
        for index in range(len(self._sealed), -1, -1):
            yield from reversed(self._block(index))

    def rows(self, after: int = 0, *, kinds: Iterable[str] | None = None, mark: str | None = None,
             until: int | None = None) -> Iterator[JournalRow]:
        """Rows with ``seq > after`` (and ``<= until``), oldest first, optionally only some kinds or one mark."""
        wanted = None if kinds is None else set(kinds)
        tag = None if mark is None else f",{mark},"
        for stored in self._stored(after, until):
            if wanted is not None and stored[2] not in wanted:
                continue
            if tag is not None and tag not in stored[3]:
                continue
            yield self._row(stored)

    def last_marked(self, mark: str) -> JournalRow | None:
        """The last row carrying ``mark``, or None."""
        tag = f",{mark},"
        return next((self._row(s) for s in self._stored_backwards() if tag in s[3]), None)

    def last_row(self, kind: str) -> JournalRow | None:
        """The last row of ``kind``, or None."""
        return next((self._row(s) for s in self._stored_backwards() if s[2] == kind), None)

    def count_marked(self, mark: str) -> int:
        """How many rows carry ``mark``."""
        tag = f",{mark},"
        return sum(1 for s in self._stored_backwards() if tag in s[3])

    def verify(self) -> VerifyReport:
        """Check every row's hash and the chain, as :meth:`Journal.verify` does."""
        self._settle()
        prev = GENESIS
        count = 0
        for count, stored in enumerate(self._stored(), start=1):
            problem = chain_problem(count, prev, stored)
            if problem:
                return VerifyReport(False, count, stored[0], problem)
            prev = stored[6]
        return VerifyReport(True, count, None, f"{count} rows intact")

    def export(self, fp: IO[str]) -> int:
        """Write every row as one JSON line to ``fp`` (the ``journal export`` format); return the number of rows."""
        return export_rows(self.rows(), fp)

    def close(self) -> None:
        """Close the outbox database if one was made (idempotent); the rows stay readable."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> "MemoryJournal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _mark_text(mark: Iterable[str]) -> str:
    """The stored form of a row's tags: ``",a,b,"`` (sorted, no repeats), ``""`` for none."""
    tags = sorted(set(mark))
    return f",{','.join(tags)}," if tags else ""


def _check_events(events: Iterable[EventSpec], seq: int) -> None:
    """JournalError when an event's type is not a platform event type (as the SQLite journal refuses it)."""
    for event in events:
        if event.type not in outbox.EVENT_TYPES:
            raise JournalError(f"journal write failed at row {seq}: unknown event type {event.type!r}; "
                               f"allowed: {', '.join(sorted(outbox.EVENT_TYPES))}")
