"""A reader's index of a journal: where each shoe's rows are, and how far the chain was verified.

``recall`` and ``report`` of one shoe (or one round, or a time range) should cost the same on a journal of
ten shoes and of ten thousand. Two things made them grow: the whole chain was verified on every call, and every
row was folded. :class:`JournalIndex` keeps, in a small SQLite file of its own beside the journal
(``<journal>.index``; where that cannot be written, in the user's cache directory; failing both, in memory),

- the **checkpoint**: the last row whose chain this index verified (its seq and hash), and when;
- the **shoes**: for each shoe number, its first row (the input of its ``shoe_started`` decision) and time.

:meth:`JournalIndex.refresh` checks that the checkpoint row still carries the hash it had (a journal rewritten
before it shows there: the index is then made again from row 1), verifies every row after it as
:meth:`Journal.verify` does (each row's hash, the chain, canonical bodies), indexes the shoes started since,
and moves the checkpoint. The rows up to the checkpoint are not verified again: a row changed there with its
hashes forged up to the checkpoint is found by ``journal verify`` (which checks every row and the outbox), not by
this check, and :attr:`Refreshed.message` says so. :meth:`JournalIndex.check_range` re-hashes the rows a reader
folds and their links, so a row of the shoe read that was edited without forging the chain is found.

The index is only a cache: deleting it costs one full verification. Rule source: docs/controller.md "Journal".
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from dealer_station.journal.rows import (
    GENESIS,
    archived_link,
    archived_ranges,
    body_problem,
    chain_problem,
    marked_rows,
)

__all__ = ["INDEX_SUFFIX", "JournalIndex", "Refreshed", "range_problem", "shoe_starts"]

INDEX_SUFFIX = ".index"
"""The index file's name is the journal's with this added."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS shoes (number INTEGER PRIMARY KEY, first_seq INTEGER NOT NULL, started_ts TEXT NOT NULL);
"""
_READ = "SELECT seq, ts, kind, mark, body, prev_hash, hash FROM journal WHERE seq > ? ORDER BY seq"


@dataclass(frozen=True, slots=True)
class Refreshed:
    """What :meth:`JournalIndex.refresh` found.

    ``ok``: every row verified (now, or up to the checkpoint earlier); ``rows``: the journal's rows verified;
    ``first_bad``/``problem``: the first row that does not verify and why (``ok`` False); ``checked_now``: rows
    verified by this call; ``earlier``: rows verified by an earlier call, not again; ``message``: in plain words.
    """

    ok: bool
    rows: int
    checked_now: int
    earlier: int
    first_bad: int | None = None
    problem: str = ""
    message: str = ""


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _index_path(journal_path: str) -> list[str]:
    """Where the index of ``journal_path`` may live, in order: beside it, then in the user's cache directory."""
    if journal_path in ("", ":memory:") or journal_path.startswith("file::memory:"):
        return []
    real = os.path.realpath(journal_path)
    places = [real + INDEX_SUFFIX]
    try:
        import platformdirs

        cache = Path(platformdirs.user_cache_dir("dealer-station"))
        places.append(str(cache / f"journal-{hashlib.sha256(real.encode()).hexdigest()[:24]}{INDEX_SUFFIX}"))
    except Exception:  # noqa: BLE001 - no cache directory: the next place
        pass
    return places


def _open_index(journal_path: str) -> tuple[sqlite3.Connection, str]:
    """The first index database that can be written, and its path (``":memory:"`` when none can)."""
    for place in _index_path(journal_path):
        try:
            Path(place).parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(place, timeout=10, isolation_level=None)
            conn.executescript(_SCHEMA)
            conn.execute("BEGIN IMMEDIATE")   # can it be written at all (a read-only directory, a full disk)?
            conn.execute("COMMIT")
            return conn, place
        except (OSError, sqlite3.Error):
            continue
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.executescript(_SCHEMA)
    return conn, ":memory:"


class JournalIndex:
    """The index of one journal (a :class:`~dealer_station.journal.Journal`, open read-only or not).

    Raises JournalError when the journal cannot be read; the index itself never fails a reader (one that cannot
    be kept is kept in memory, for this call).
    """

    def __init__(self, journal) -> None:  # noqa: ANN001 - a Journal (imported late: the store imports nothing here)
        self.journal = journal
        self.conn, self.path = _open_index(journal.path)

    def close(self) -> None:
        """Close the index database (idempotent)."""
        self.conn.close()

    def __enter__(self) -> JournalIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ state
    def _meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def _reset(self) -> None:
        with self._write():
            self.conn.execute("DELETE FROM meta")
            self.conn.execute("DELETE FROM shoes")

    def _write(self):  # noqa: ANN202 - a context manager of one write transaction
        conn = self.conn

        class _Tx:
            def __enter__(self) -> None:
                conn.execute("BEGIN IMMEDIATE")

            def __exit__(self, kind, *rest) -> None:  # noqa: ANN001
                conn.execute("COMMIT" if kind is None else "ROLLBACK")

        return _Tx()

    def checkpoint(self) -> tuple[int, str]:
        """``(seq, hash)`` of the last row this index verified (``(0, GENESIS)`` when none, or unreadable)."""
        seq, digest = self._meta("checkpoint_seq"), self._meta("checkpoint_hash")
        if seq is None or digest is None or not seq.isdigit() or not 0 < int(seq) < 2 ** 62:
            return 0, GENESIS
        return int(seq), digest

    def _checkpoint_holds(self, seq: int, digest: str) -> bool:
        """True when row ``seq`` still has hash ``digest``, matches it, and links to the row before, and row 1 is
        the one this index was made of: a row changed before the checkpoint with its chain forged changes it.
        """
        conn = self.journal.conn
        row = conn.execute("SELECT seq, ts, kind, mark, body, prev_hash, hash FROM journal WHERE seq = ?",
                           (seq,)).fetchone()
        if row is None or row[6] != digest or not self._first_holds(conn):
            return False
        before = conn.execute("SELECT hash FROM journal WHERE seq = ?", (seq - 1,)).fetchone()
        return chain_problem(seq, before[0] if before else GENESIS, row) is None

    def _first_holds(self, conn: sqlite3.Connection) -> bool:
        """True when the journal's first row is the one this index was made of, or the rows before a later first
        row were archived (its ``prev_hash`` is the head an ``archived`` note records for the rows from the old
        first on): the shoes archived then leave the index.
        """
        first = conn.execute("SELECT seq, prev_hash, hash FROM journal ORDER BY seq LIMIT 1").fetchone()
        if first is None:
            return False
        if first[2] == self._meta("first_hash"):
            return True
        known = self._meta("first_seq")
        old = int(known) if known and known.isdigit() else 1
        if first[0] <= old or archived_link(archived_ranges(conn), old, first[0]) != first[1]:
            return False
        with self._write():
            self.conn.execute("DELETE FROM shoes WHERE first_seq < ?", (first[0],))
            self.conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                                  [("first_seq", str(first[0])), ("first_hash", first[2])])
        return True

    # ------------------------------------------------------------------ refresh
    def refresh(self) -> Refreshed:
        """Verify the rows after the checkpoint, index their shoes, move the checkpoint; see the module.

        Raises JournalError when the journal cannot be read.
        """
        conn = self.journal.conn
        start, prev = self.checkpoint()
        if start and not self._checkpoint_holds(start, prev):
            self._reset()   # rewritten (or another journal at this path, or a damaged index): all again, from row 1
            start, prev = 0, GENESIS
        earlier = start
        since = self._meta("verified_utc") or _now()   # when the rows up to the checkpoint were verified
        problem: tuple[int, str] | None = None
        shoes: list[tuple[int, int, str]] = []
        last_event = int(self._meta("last_event_id") or 0)
        if not start:
            # From row 1: the journal's own whole check (every row, and the outbox against the chain).
            report = self.journal.verify()
            if not report.ok:
                return Refreshed(False, (report.first_bad or 1) - 1, 0, 0, report.first_bad, report.message,
                                 f"the journal does not verify: {report.message}")
            # the last row verify saw (its count of rows, from the first: row 1, or the one after the archived)
            found = conn.execute("SELECT seq, hash FROM journal ORDER BY seq LIMIT 1 OFFSET ?",
                                 (report.rows - 1,)).fetchone() if report.rows else None
            last_good, last_hash = found if found else (0, GENESIS)
            # only what verify saw: a running station may have written more since (checked at the next refresh)
            for seq, ts, text in marked_rows(conn, "shoe_started", "seq, ts, body",
                                             "AND kind = 'decision' AND seq <= ?", (last_good,)):
                shoes += _shoe_started(seq, ts, body_problem(text)[0])
            last_event = _last_event_id(conn, last_good)
        else:
            expected, last_good, last_hash = start + 1, start, prev
            for seq, ts, kind, mark, text, prev_hash, digest in conn.execute(_READ, (start,)):
                why = chain_problem(expected, last_hash, (seq, ts, kind, mark, text, prev_hash, digest))
                body = None
                if why is None:
                    body, bad = body_problem(text)
                    why = f"row {seq}: body {bad.removeprefix('its text ')}" if bad else None
                if why is not None:
                    problem = (seq, why)
                    break
                if kind == "decision" and ",shoe_started," in mark:
                    shoes += _shoe_started(seq, ts, body)
                last_good, last_hash, expected = seq, digest, seq + 1
            if problem is None:
                problem, last_event = _new_events_problem(conn, last_event, last_good)
        with self._write():
            self.conn.execute("INSERT OR REPLACE INTO meta VALUES ('last_event_id', ?)", (str(last_event),))
            if last_good and (first := conn.execute("SELECT seq, hash FROM journal ORDER BY seq LIMIT 1").fetchone()):
                self.conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                                      [("first_seq", str(first[0])), ("first_hash", first[1])])
            self.conn.executemany("INSERT OR REPLACE INTO shoes VALUES (?, ?, ?)", shoes)
            if last_good > start:
                self.conn.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", [
                    ("checkpoint_seq", str(last_good)), ("checkpoint_hash", last_hash), ("verified_utc", _now())])
        checked = last_good - start
        where = "" if self.path != ":memory:" else " (no index file could be kept: every row is verified each time)"
        if problem is not None:
            return Refreshed(False, min(last_good, problem[0] - 1), checked, earlier, problem[0], problem[1],
                             f"the journal does not verify: {problem[1]}")
        if earlier:
            lowest = self._meta("first_seq") or 1
            message = (f"journal verified to seq {last_good}: rows {earlier + 1}-{last_good} now, rows "
                       f"{lowest}-{earlier} when first read (last {since}); those earlier rows are not proven again "
                       f"here, 'dealer-station journal verify' checks every row{where}")
            if not checked:
                message = (f"journal verified to seq {last_good}: every row when first read (last {since}), none "
                           f"since; 'dealer-station journal verify' checks every row again{where}")
        else:
            message = f"journal verified to seq {last_good}{where}"
        archived = archived_ranges(conn)
        if archived:
            message += (f"; rows 1-{max(r.last for r in archived)} are in archive files, proven by "
                        f"'dealer-station journal verify --archives DIR'")
        return Refreshed(True, last_good, checked, earlier, message=message)

    # ------------------------------------------------------------------ look-ups
    def shoe_rows(self, number: int) -> tuple[int, int | None] | None:
        """``(first seq, last seq or None for the journal's end)`` of shoe ``number``, or None when not indexed."""
        if not 0 <= number < 2 ** 62:
            return None
        row = self.conn.execute("SELECT first_seq FROM shoes WHERE number = ?", (number,)).fetchone()
        if row is None:
            return None
        after = self.conn.execute("SELECT MIN(first_seq) FROM shoes WHERE first_seq > ?", (row[0],)).fetchone()
        return int(row[0]), (int(after[0]) - 1 if after and after[0] is not None else None)

    def shoes_between(self, start: str | None, end: str | None) -> list[int]:
        """The shoes with a row between ``start`` and ``end`` (UTC ISO texts; None: open), by number."""
        rows = self.conn.execute("SELECT number, started_ts FROM shoes ORDER BY first_seq").fetchall()
        out = []
        for i, (number, started) in enumerate(rows):
            ends = rows[i + 1][1] if i + 1 < len(rows) else None
            if (end is None or started < end) and (start is None or ends is None or ends > start):
                out.append(int(number))
        return out

    def shoes(self, after: int = 0) -> list[int]:
        """Every indexed shoe number (of the shoes whose first row is after row ``after``), in journal order."""
        return [int(n) for (n,) in self.conn.execute("SELECT number FROM shoes WHERE first_seq > ? ORDER BY first_seq",
                                                      (after,))]

    def check_range(self, first: int, last: int | None) -> str | None:
        """Re-hash rows ``first``..``last`` (None: to the end) and their links; None when they hold, else why."""
        return range_problem(self.journal.conn, first, last)


def range_problem(conn: sqlite3.Connection, first: int, last: int | None) -> str | None:
    """Re-hash rows ``first``..``last`` (None: to the end) of the journal (or archive) on ``conn`` and their links
    to the rows around them; None when they hold, else why.
    """
    lowest = conn.execute("SELECT MIN(seq) FROM journal").fetchone()[0]
    first = max(first, lowest or 1)   # the rows before the file's first are in an archive
    before = conn.execute("SELECT hash FROM journal WHERE seq = ?", (first - 1,)).fetchone()
    if before is not None:
        prev = before[0]
    else:   # the file's first row: it links to what its own prev_hash says (the archive before it, or row 0)
        found = conn.execute("SELECT prev_hash FROM journal WHERE seq = ?", (first,)).fetchone()
        prev = found[0] if found and first > 1 else GENESIS
    expected = first
    sql = _READ if last is None else _READ.replace("ORDER BY", "AND seq <= ? ORDER BY")
    params: tuple[object, ...] = (first - 1,) if last is None else (first - 1, last)
    for stored in conn.execute(sql, params):
        why = chain_problem(expected, prev, stored)
        if why is not None:
            return why
        prev, expected = stored[6], stored[0] + 1
    if last is not None:
        after = conn.execute("SELECT prev_hash FROM journal WHERE seq = ?", (last + 1,)).fetchone()
        if after is not None and after[0] != prev:
            return f"row {last + 1}: prev_hash does not match row {last}'s hash"
    return None


def shoe_starts(conn: sqlite3.Connection) -> list[tuple[int, int, str]]:
    """``[(shoe number, first seq, ts)]`` of every ``shoe_started`` decision of the journal (or archive) on
    ``conn``, in order. Raises sqlite3.Error.
    """
    out: list[tuple[int, int, str]] = []
    for seq, ts, text in marked_rows(conn, "shoe_started", "seq, ts, body", "AND kind = 'decision'"):
        out += _shoe_started(seq, ts, body_problem(text)[0])
    return out


def _last_event_id(conn: sqlite3.Connection, last_row: int) -> int:
    """The highest event id anchored at or before row ``last_row`` (what a whole verify up to it checked)."""
    try:
        found = conn.execute("SELECT MAX(event_id) FROM outbox WHERE json_extract(payload, '$.journal_seq') <= ? "
                             "OR json_extract(payload, '$.journal_seq') IS NULL", (last_row,)).fetchone()[0]
    except sqlite3.Error:   # a journal from before the outbox, or a payload that is not JSON (verify said so)
        return 0
    return int(found or 0)


def _new_events_problem(conn: sqlite3.Connection, after: int, last_row: int) -> tuple[tuple[int, str] | None, int]:
    """The outbox events after id ``after`` checked against the chain as the publisher checks them
    (:class:`~dealer_station.journal.anchor.EventCheck`): ``((row or 0, why) or None, last event id checked)``.
    """
    from dealer_station.journal.anchor import EventCheck

    try:
        rows = conn.execute("SELECT event_id, payload FROM outbox WHERE event_id > ? ORDER BY event_id",
                            (after,)).fetchall()
    except sqlite3.OperationalError:
        return None, after
    check = EventCheck(conn)
    last = after
    for event_id, payload in rows:
        why = check.problem(event_id, payload)
        if why is not None:
            return (last_row + 1, f"event {event_id}: {why}"), last
        last = event_id
    return None, last


def _shoe_started(seq: int, ts: str, body: object) -> list[tuple[int, int, str]]:
    """``[(shoe number, first seq, ts)]`` of a ``shoe_started`` decision row (its input is the shoe's first row)."""
    if not isinstance(body, dict):
        return []
    first = body.get("input") if type(body.get("input")) is int else seq
    out = []
    for item in body.get("outputs") or ():
        if isinstance(item, list) and len(item) == 2 and item[0] == "shoe_started" and isinstance(item[1], dict):
            number = item[1].get("shoe")
            if type(number) is int:
                out.append((number, min(first, seq), ts))
    return out

