r"""Archives read: an archive file's rows and head, the directory's archives, the whole history proven from row 1,
and the live journal and its archives read as one journal.

:func:`~dealer_station.journal.archive.archive_shoes` writes the files (see its module for the steps); this module
only reads them, opened read-only. :func:`verify_history` proves the whole history (``journal verify --archives
DIR``); :class:`History` reads rows across the files (``recall``, ``report``, ``journal export``). Rule source:
docs/controller.md "Archives".
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from dealer_station.journal.errors import JournalError
from dealer_station.journal.index import range_problem, shoe_starts
from dealer_station.journal.rows import (
    GENESIS,
    ArchivedRange,
    JournalRow,
    archived_ranges,
    body_problem,
    chain_problem,
)

__all__ = ["ARCHIVE_APPLICATION_ID", "ARCHIVE_SUFFIX", "ROW_COLUMNS", "ArchiveFile", "ArchiveMismatchError",
           "ArchivedRead", "History", "HistoryReport", "leftovers", "list_archives", "note_file_problem",
           "read_across_archives", "same_first_row", "verify_history"]

ARCHIVE_APPLICATION_ID = 0x44534131
"""SQLite ``application_id`` of an archive file (``"DSA1"``): not a live journal, so nothing publishes from it."""

ARCHIVE_SUFFIX = ".sqlite"
"""How an archive file's name ends (a file still being written ends in ``.partial``)."""

ROW_COLUMNS = "seq, ts, kind, mark, body, prev_hash, hash"
"""The columns of a journal row, in the order an archive file's rows are copied and read."""


@dataclass
class ArchiveFile:
    """One archive file: its rows ``first``..``last`` and its ``head`` (the hash of ``last``), read from its rows;
    ``count``: the rows from ``first`` to ``last`` (all there when :meth:`chain_problem` holds).

    ``info``: what the file says of itself (its ``archive`` table: table id, shoes...), for finding a shoe; the
    proof is the chain, never this.
    """

    path: Path
    first: int
    last: int
    head: str
    count: int
    info: dict[str, object] = field(default_factory=dict)
    conn: sqlite3.Connection | None = None

    @classmethod
    def open(cls, path: str | Path) -> ArchiveFile:
        """Open an archive file read-only. Raises JournalError when it is not one (named, with why)."""
        path = Path(path)
        if not path.is_file():
            raise JournalError(f"the archive {path} is missing")
        try:
            conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            (app,) = conn.execute("PRAGMA application_id").fetchone()
            if app != ARCHIVE_APPLICATION_ID:
                conn.close()
                raise JournalError(f"{path} is not a journal archive")
            return cls.read(conn, path)
        except sqlite3.Error as err:
            raise JournalError(f"the archive {path} cannot be read: {err}") from err

    @classmethod
    def read(cls, conn: sqlite3.Connection, path: Path) -> ArchiveFile:
        """The archive on ``conn``. Raises sqlite3.Error."""
        # each an index look-up (MIN and MAX with COUNT(*) in one query read every row of a 5 GB archive); the
        # rows between are all there when the chain holds, which chain_problem proves
        (first,) = conn.execute("SELECT MIN(seq) FROM journal").fetchone()
        (last,) = conn.execute("SELECT MAX(seq) FROM journal").fetchone()
        count = last - first + 1 if first is not None and last is not None else 0
        head = conn.execute("SELECT hash FROM journal WHERE seq = ?", (last,)).fetchone() if last else None
        info = {}
        try:
            for key, value in conn.execute("SELECT key, value FROM archive"):
                info[key] = json.loads(value)
        except (sqlite3.Error, ValueError):
            info = {}
        return cls(path, int(first or 0), int(last or 0), head[0] if head else GENESIS, int(count), info, conn)

    def chain_problem(self, prev: str) -> str | None:
        """None when the rows are whole, each hash matches its row and chains to the one before, the first to
        ``prev``; else what is wrong (the first bad row).
        """
        expected, link = self.first, prev
        for stored in self.conn.execute(f"SELECT {ROW_COLUMNS} FROM journal ORDER BY seq"):
            why = chain_problem(expected, link, stored)
            if why is None:
                _, bad = body_problem(stored[4])
                why = f"row {stored[0]}: body {bad.removeprefix('its text ')}" if bad else None
            if why is not None:
                return why
            expected, link = stored[0] + 1, stored[6]
        return None

    def rows(self, after: int = 0, *, until: int | None = None) -> Iterator[JournalRow]:
        """Its rows with ``after < seq <= until``, oldest first (as :meth:`Journal.rows`)."""
        sql = f"SELECT {ROW_COLUMNS} FROM journal WHERE seq > ?" + (" AND seq <= ?" if until is not None else "")
        params = (after,) if until is None else (after, until)
        for seq, ts, kind, mark, text, prev, digest in self.conn.execute(sql + " ORDER BY seq", params):
            try:
                body = json.loads(text)
            except (ValueError, TypeError, RecursionError):
                body = {"_unreadable": text}
            yield JournalRow(seq, ts, kind, mark, body, prev, digest)

    def close(self) -> None:
        """Close the file (idempotent)."""
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def same_first_row(conn: sqlite3.Connection, archive: ArchiveFile) -> bool:
    """True when the journal on ``conn`` holds ``archive``'s first row, with the same hash."""
    mine = archive.conn.execute("SELECT hash FROM journal WHERE seq = ?", (archive.first,)).fetchone()
    live = conn.execute("SELECT hash FROM journal WHERE seq = ?", (archive.first,)).fetchone()
    return mine is not None and live is not None and mine[0] == live[0]


def list_archives(directory: str | Path) -> list[ArchiveFile]:
    """The archive files in ``directory``, by their first row (other files are left alone).

    Raises JournalError when the directory is missing or an archive file cannot be read.
    """
    directory = Path(directory)
    if not directory.is_dir():
        raise JournalError(f"the archive directory {directory} is missing (give the directory 'journal archive' "
                           f"wrote to)")
    found = []
    for path in sorted(directory.glob(f"*{ARCHIVE_SUFFIX}")):
        try:
            found.append(ArchiveFile.open(path))
        except JournalError as err:
            if "is not a journal archive" in str(err):
                continue
            raise
    return sorted(found, key=lambda a: a.first)


@dataclass(frozen=True, slots=True)
class HistoryReport:
    """What :func:`verify_history` found: ``ok``, in plain words, and the archives it proved."""

    ok: bool
    message: str
    archives: int = 0
    rows: int = 0


def leftovers(journal, archives: list[ArchiveFile]) -> list[ArchiveFile]:  # noqa: ANN001
    """The archives of an archiving that stopped before its note (a kill, a full disk): after every range the live
    journal's notes record, and their first row still in the live journal with the same hash (their rows were
    never removed). They are no part of the history (the next archiving replaces them); every reader leaves
    them out. Raises sqlite3.Error.
    """
    done = max((r.last for r in archived_ranges(journal.conn)), default=0)
    return [a for a in archives if a.first > done and same_first_row(journal.conn, a)]


def note_file_problem(note: ArchivedRange) -> str | None:
    """None when the ``archived`` note names its archive by a plain file name (as archiving writes it: the file is
    in the archive directory); else why not: a name holding a path separator, ``.`` or ``..``, or empty, points
    outside the directory, which no archiving writes (a changed note). Every reader refuses such a note.
    """
    name = note.file
    if (isinstance(name, str) and name and name not in (".", "..") and "/" not in name and "\\" not in name
            and "\0" not in name and (os.altsep is None or os.altsep not in name)):
        return None
    return (f"the journal's note of row {note.seq} names the archive {name!r}, which is not a file name in the "
            f"archive directory (no archiving writes a path): the note was changed")


def verify_history(journal, directory: str | Path) -> HistoryReport:  # noqa: ANN001
    """Prove the whole history of ``journal`` (open read-only) with the archives in ``directory``.

    Every archive's chain holds; the first starts at row 1 from 64 zeros; each next one starts at the row after
    the one before and links to its head; every ``archived`` note (the live journal's and the archives') names a
    file there with the same rows and head; the live journal's own :meth:`~dealer_station.journal.Journal.verify`
    holds and its first row follows the newest archive. Raises JournalError when a file cannot be read.
    """
    found = list_archives(directory)
    try:
        left = leftovers(journal, found)
        archives = [a for a in found if all(a is not b for b in left)]
        problem, rows = _archives_problem(journal, archives)
    except sqlite3.Error as err:
        raise JournalError(f"the archives cannot be read: {err}") from err
    finally:
        for a in found:
            a.close()
    if problem is not None:
        return HistoryReport(False, problem, len(archives), rows)
    live = journal.verify()
    if not live.ok:
        return HistoryReport(False, live.message, len(archives), rows)
    message = live.message.split("; rows 1-")[0]
    plural = "s" if len(archives) != 1 else ""
    aside = "".join(f"; {a.path.name} was left by an archiving stopped before its note (its rows are all in the "
                    f"live journal): no part of the history, the next archiving replaces it" for a in left)
    return HistoryReport(True, f"{len(archives)} archive{plural} ({rows} rows) and the live journal: {message}; "
                               f"the chain holds from row 1 to row {journal.last_seq}{aside}", len(archives),
                         rows + live.rows)


def _archives_problem(journal, archives: list[ArchiveFile]) -> tuple[str | None, int]:  # noqa: ANN001
    notes: dict[str, ArchivedRange] = {}
    for a in [*archives, journal]:
        for r in archived_ranges(a.conn):
            if (why := note_file_problem(r)) is not None:
                return why, 0
            notes[r.file] = r
    prev, expected, rows = GENESIS, 1, 0
    for a in archives:
        if a.first < expected:
            return (f"{a.path.name}: starts at row {a.first}, but the archive before holds the rows to {expected - 1} "
                    f"(rows {a.first}-{min(a.last, expected - 1)} in two archives)"), rows
        if a.first != expected:
            return (f"{a.path.name}: starts at row {a.first}, but the row after the archive before is {expected} "
                    f"(an archive missing)"), rows
        why = a.chain_problem(prev)
        if why is not None:
            return f"{a.path.name}: {why}", rows
        note = notes.get(a.path.name)
        if note is None or (note.first, note.last, note.head) != (a.first, a.last, a.head):
            return f"{a.path.name}: no archived note of the journal records it with these rows and head", rows
        prev, expected, rows = a.head, a.last + 1, rows + a.count
    for name, note in notes.items():
        if not any(a.path.name == name for a in archives):
            return f"the journal's note of row {note.seq} names the archive {name}, which is not in the directory", rows
    if archives and (why := _held_twice(journal, archives, expected)) is not None:
        return why, rows
    first = journal.conn.execute("SELECT seq, prev_hash FROM journal WHERE seq >= ? ORDER BY seq LIMIT 1",
                                 (expected,)).fetchone()
    if archives and first is not None and (first[0] != expected or first[1] != prev):
        return (f"the live journal's first row {first[0]} does not follow the newest archive "
                f"({archives[-1].path.name}, rows to {expected - 1})"), rows
    return None, rows


def _held_twice(journal, archives: list[ArchiveFile], expected: int) -> str | None:  # noqa: ANN001
    """None when every live row before ``expected`` (the rows of an archiving stopped while it removed them) is
    its archive's row, with the same hash; else which is not.
    """
    for seq, digest in journal.conn.execute("SELECT seq, hash FROM journal WHERE seq < ? ORDER BY seq", (expected,)):
        held = next((a for a in archives if a.first <= seq <= a.last), None)
        mine = held.conn.execute("SELECT hash FROM journal WHERE seq = ?", (seq,)).fetchone() if held else None
        if mine is None or mine[0] != digest:
            return (f"the live journal's row {seq} is archived (rows to {expected - 1}) but is not "
                    f"{held.path.name if held else 'an archive'}'s row {seq}")
    return None


class History:
    """The rows of a live journal and its archives as one journal, by row number (for ``recall``, ``report``,
    ``journal export``): ``rows(after, until=)`` reads across files; ``path`` and ``conn`` are the live journal's.

    Parameters
    ----------
    journal:
        The live journal, open read-only.
    archives:
        Its archive files (:func:`list_archives`), in order.
    """

    def __init__(self, journal, archives: list[ArchiveFile]) -> None:  # noqa: ANN001
        self.journal = journal
        self._opened = archives
        left = leftovers(journal, archives)
        self.archives = [a for a in archives if all(a is not b for b in left)]
        """The archives read (those an archiving left before its note, :func:`leftovers`, are not)."""
        self.path = journal.path
        self.conn = journal.conn

    def rows(self, after: int = 0, *, kinds=None, mark: str | None = None,  # noqa: ANN001
             until: int | None = None) -> Iterator[JournalRow]:
        """Rows with ``after < seq <= until`` of every file, oldest first (``kinds``/``mark``: of the live rows,
        as :meth:`Journal.rows`; archived rows are filtered here).
        """
        wanted = set(kinds) if kinds is not None else None
        for a in self.archives:
            if a.last <= after or (until is not None and a.first > until):
                continue
            for row in a.rows(after, until=until):
                if (wanted is None or row.kind in wanted) and (mark is None or f",{mark}," in row.mark):
                    yield row
        done = max((a.last for a in self.archives), default=0)   # rows still here of an archiving not finished
        yield from self.journal.rows(max(after, done), kinds=kinds, mark=mark, until=until)

    @property
    def last_seq(self) -> int:
        """The live journal's last row (the history's)."""
        return self.journal.last_seq

    def shoe_archive(self, number: int) -> ArchiveFile | None:
        """The archive holding shoe ``number`` (as its own record says), or None."""
        for a in self.archives:
            if number in (a.info.get("shoes") or ()):
                return a
        return None

    def close(self) -> None:
        """Close the archive files (the live journal is the caller's)."""
        for a in self._opened:
            a.close()


class ArchiveMismatchError(JournalError):
    """An archive read across is not the one the journal's ``archived`` notes record, or its rows do not verify
    (the message names the file and what differs).
    """


@dataclass(frozen=True, slots=True)
class ArchivedRead:
    """What :func:`read_across_archives` found to fold: the :class:`History` to read (the caller closes it), the
    rows ``after < seq <= until`` to fold, the shoe numbers the history holds, oldest first, and in plain words
    what was read and proven (``""`` when no archive holds a row asked for).
    """

    history: History
    after: int
    until: int
    numbers: list[int]
    words: str


def read_across_archives(journal, directory: str | Path, *, wanted: list[int] | None,  # noqa: ANN001, PLR0913
                         start: str | None, end: str | None, live: tuple[int, int],
                         numbers: list[int]) -> ArchivedRead:
    """The rows to fold of ``journal`` (open read-only) with the archives in ``directory`` (``recall --archives``,
    ``report --archives``).

    ``wanted``: the shoe numbers asked for (None: every shoe, or those of the time range ``start``..``end``, UTC
    ISO-8601 texts, None: open); ``live``: the live journal's own ``(after, until)`` rows for them; ``numbers``:
    the live journal's shoe numbers. Each archive that holds a row asked for has those rows re-hashed and its head
    matched to the chained ``archived`` note naming it; the rest of the history is proven by
    :func:`verify_history`, as the words say.

    Raises JournalError when the directory is missing or an archive cannot be opened; ArchiveMismatchError (a
    JournalError) when an archive read is not the one its note records, a note names its archive by a path
    (:func:`note_file_problem`), or an archive's rows do not verify.
    """
    history = History(journal, list_archives(directory))
    try:
        spans, numbers = _spans_asked(history, wanted, start, end, numbers)
    except BaseException:
        history.close()
        raise
    if not spans:
        return ArchivedRead(history, live[0], live[1], numbers, "")
    after = min(first for _, first, _ in spans) - 1
    live_wanted = live[1] > live[0]
    until = live[1] if live_wanted else max(last for _, _, last in spans)
    if wanted is None and not (start or end):
        after = 0
    elif live_wanted:
        after = min(after, live[0])
    names = sorted({a.path.name for a, _, _ in spans})
    return ArchivedRead(history, after, until, numbers, (
        f"; rows {after + 1}-{max(last for _, _, last in spans)} read from {len(names)} archive file(s) ("
        f"{', '.join(names[:3])}{', ...' if len(names) > 3 else ''}): re-hashed, each archive's head matched to the "
        f"journal's note; 'journal verify --archives DIR' proves every archived row"))


def _spans_asked(history: History, wanted: list[int] | None, start: str | None, end: str | None,
                 numbers: list[int]) -> tuple[list[tuple[ArchiveFile, int, int]], list[int]]:
    """``([(archive, first, last)], shoe numbers)``: the archived rows asked for, each span proven (its rows
    re-hashed, its archive matched to its note), and the archives' shoe numbers before ``numbers``. Raises
    ArchiveMismatchError, sqlite3.Error.
    """
    notes: dict[str, ArchivedRange] = {}
    for a in [*history.archives, history.journal]:
        for r in archived_ranges(a.conn):
            if (why := note_file_problem(r)) is not None:
                raise ArchiveMismatchError(why)
            notes[r.file] = r
    spans: list[tuple[ArchiveFile, int, int]] = []
    for a in history.archives:
        starts = shoe_starts(a.conn)
        numbers = [n for n, _, _ in starts if n not in numbers] + numbers
        if wanted is not None:
            for i, (number, first, _) in enumerate(starts):
                if number in wanted:
                    spans.append((a, first, starts[i + 1][1] - 1 if i + 1 < len(starts) else a.last))
        elif start or end:
            (low, high) = a.conn.execute("SELECT MIN(ts), MAX(ts) FROM journal").fetchone()
            if (end is None or low < end) and (start is None or high > start):
                spans.append((a, a.first, a.last))
        else:
            spans.append((a, a.first, a.last))
    for a, first, last in spans:
        note = notes.get(a.path.name)
        if note is None or (note.first, note.last, note.head) != (a.first, a.last, a.head):
            raise ArchiveMismatchError(f"{a.path.name} is not the archive the journal's notes record (journal "
                                       f"verify --archives DIR names what differs)")
        if (why := range_problem(a.conn, first, last)) is not None:
            raise ArchiveMismatchError(f"{a.path.name} does not verify: {why}")
    return spans, numbers
