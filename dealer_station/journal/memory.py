"""A journal kept in the process's memory only: for replays and journal re-runs, never for a live table.

A QA replay (``replay --fast`` without ``--journal``) and the determinism audit (``journal replay``)
need a table's journal only while they run: the controller still appends every input before it
acts on it and one decision row after, recovery still folds the open shoe from it, and the rows,
their hash chain, ``verify`` and ``export`` are exactly those of :class:`~dealer_station.journal.Journal`
(same canonical JSON, same row hash). What it leaves out is what only a station needs: SQLite, a
file, durability (DESIGN.md "Durability" applies to the on-disk journal of a live station) and the
outbox (a replay publishes nothing to the betting platform, so no platform event is stored).
"""

from __future__ import annotations

import json
import sqlite3
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
    _stored_body,
    canonical,
    row_hash,
)

__all__ = ["MemoryJournal"]

_Stored = tuple[int, str, str, str, str, str, str]
"""``(seq, ts, kind, mark, body text, prev_hash, hash)``: one row as the SQLite journal stores it."""


class MemoryJournal:
    """The journal of a replay: the rows of :class:`~dealer_station.journal.Journal`, in a Python list.

    Same public methods and row format as ``Journal`` (``append``, ``rows``, ``last_marked``,
    ``last_row``, ``verify``, ``export``, ``close``, ``last_seq``, ``path``); differences:

    - nothing survives the process and nothing is synced (use ``Journal`` wherever durability counts);
    - no outbox: ``append`` checks each event's type (JournalError for an unknown one, nothing is
      written then) but stores no event and returns an empty event list; ``conn`` is an empty
      SQLite database with the journal and outbox tables, for code that reads the outbox;
    - ``mark`` look-ups compare the tag exactly (the SQLite journal's ``LIKE`` also ignores ASCII case).

    Raises JournalError from ``append`` for an unknown event type (as ``Journal`` does).
    """

    path = ":memory:"

    def __init__(self) -> None:
        self._rows: list[_Stored] = []
        self._last_seq = 0
        self._last_hash = GENESIS
        self._conn: sqlite3.Connection | None = None

    @property
    def last_seq(self) -> int:
        """Sequence number of the last row (0 when empty)."""
        return self._last_seq

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
        tags = sorted(set(mark))
        mark_text = f",{','.join(tags)}," if tags else ""
        seq = self._last_seq + 1
        text = canonical(body)
        for event in events:
            if event.type not in outbox.EVENT_TYPES:
                raise JournalError(f"journal write failed at row {seq}: unknown event type {event.type!r}; "
                                   f"allowed: {', '.join(sorted(outbox.EVENT_TYPES))}")
        prev = self._last_hash
        digest = row_hash(seq, ts, kind, mark_text, text, prev)
        self._rows.append((seq, ts, kind, mark_text, text, prev, digest))
        self._last_seq, self._last_hash = seq, digest
        return JournalRow(seq, ts, kind, mark_text, _stored_body(body, text), prev, digest), []

    @staticmethod
    def _row(stored: _Stored) -> JournalRow:
        seq, ts, kind, mark_text, text, prev, digest = stored
        return JournalRow(seq, ts, kind, mark_text, json.loads(text), prev, digest)

    def rows(self, after: int = 0, *, kinds: Iterable[str] | None = None, mark: str | None = None,
             until: int | None = None) -> Iterator[JournalRow]:
        """Rows with ``seq > after`` (and ``<= until``), oldest first, optionally only some kinds or one mark."""
        wanted = None if kinds is None else set(kinds)
        tag = None if mark is None else f",{mark},"
        stop = len(self._rows) if until is None else max(0, min(until, len(self._rows)))
        for stored in self._rows[max(0, after):stop]:
            if wanted is not None and stored[2] not in wanted:
                continue
            if tag is not None and tag not in stored[3]:
                continue
            yield self._row(stored)

    def last_marked(self, mark: str) -> JournalRow | None:
        """The last row carrying ``mark``, or None."""
        tag = f",{mark},"
        return next((self._row(s) for s in reversed(self._rows) if tag in s[3]), None)

    def last_row(self, kind: str) -> JournalRow | None:
        """The last row of ``kind``, or None."""
        return next((self._row(s) for s in reversed(self._rows) if s[2] == kind), None)

    def verify(self) -> VerifyReport:
        """Check every row's hash and the chain, as :meth:`Journal.verify` does."""
        prev = GENESIS
        for count, (seq, ts, kind, mark_text, text, prev_hash, digest) in enumerate(self._rows, start=1):
            if seq != count:
                return VerifyReport(False, count, seq, f"row {seq}: expected row {count} (rows missing)")
            if prev_hash != prev:
                return VerifyReport(False, count, seq, f"row {seq}: prev_hash does not match row {seq - 1}'s hash")
            if row_hash(seq, ts, kind, mark_text, text, prev_hash) != digest:
                return VerifyReport(False, count, seq, f"row {seq}: hash does not match its content")
            prev = digest
        return VerifyReport(True, len(self._rows), None, f"{len(self._rows)} rows intact")

    def export(self, fp: IO[str]) -> int:
        """Write every row as one JSON line to ``fp`` (the ``journal export`` format); return the number of rows."""
        for row in self.rows():
            fp.write(json.dumps(row.as_dict(), sort_keys=True, ensure_ascii=False) + "\n")
        return len(self._rows)

    def close(self) -> None:
        """Close the outbox database if one was made (idempotent); the rows stay readable."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> "MemoryJournal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
