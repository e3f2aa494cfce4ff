r"""Archives: closed shoes moved out of the live journal into files whose chain the live journal continues.

A table deals 25-30 shoes a day and its records are kept for years; the live journal keeps only what the
station still needs (the shoes of the last days, and always the newest shoe). :func:`archive_shoes` moves the
rows of older, closed shoes into an archive file, in four steps, each safe to stop at (a kill -9 at any moment
loses nothing):

1. the rows (with their original numbers and hashes) and their outbox events are copied into
   ``<DIR>/<journal>.<first>-<last>.partial``, a SQLite file of the journal's own shape, committed, re-read and
   re-hashed, then renamed to ``<journal>.<first>-<last>.sqlite`` (the directory synced): an archive file is
   whole or absent;
2. a chained ``archived`` note is appended to the live journal: ``{"kind": "archived", "first", "last", "prev",
   "head", "file", "rows", "shoes", "events_through", "event_count", "table_id", "carried"}``: the rows it moved,
   the ``prev_hash`` of the first and the hash of the last (the archive's head, which the live journal's first
   row then carries as its ``prev_hash``), and in the same transaction the outbox events those rows list leave
   the outbox (all of them acknowledged by the broker: a shoe with an event not yet sent is never archived);
3. the rows are deleted from the live journal, newest first, a few thousand a transaction
   (:meth:`~dealer_station.journal.Journal.remove_archived`);
4. a step left undone by a stop is finished by the next archiving (:func:`finish_archiving`), which the station
   runs at every start of archiving.

So ``journal verify`` of the live journal alone links its first row to the note's head and says that the rows
before it are in archives; ``journal verify --archives DIR`` proves the whole history: every archive's chain,
each archive's first row linked to the head of the one before (the first to 64 zeros), every ``archived`` note
matching the file it names, and the live journal linked to the newest (:func:`verify_history`). ``recall``,
``report`` and ``journal export`` read across them (:class:`History`).

Which shoes go: every shoe before the first one that had not ended before the cut-off time, never the newest
shoe (the station starts its next shoe's number from it), and never a shoe with an event the broker has not
acknowledged. Rule source: docs/controller.md "Archives".
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from dealer_station import outbox
from dealer_station.journal.errors import JournalError
from dealer_station.journal.rows import (
    ARCHIVED_MARK,
    GENESIS,
    JOURNAL_TABLE_SQL,
    ArchivedRange,
    JournalRow,
    archived_ranges,
    body_problem,
    chain_problem,
    marked_rows,
    pruned_through,
)

__all__ = ["ARCHIVE_APPLICATION_ID", "ArchiveFile", "ArchiveResult", "History", "HistoryReport", "archive_shoes",
           "finish_archiving", "leftovers", "list_archives", "notes_of", "verify_history"]

ARCHIVE_APPLICATION_ID = 0x44534131
"""SQLite ``application_id`` of an archive file (``"DSA1"``): not a live journal, so nothing publishes from it."""

ARCHIVE_SUFFIX = ".sqlite"
_PARTIAL = ".partial"
_COPY_CHUNK = 2000
_COLUMNS = "seq, ts, kind, mark, body, prev_hash, hash"
_ARCHIVE_SCHEMA = f"""
PRAGMA application_id = {ARCHIVE_APPLICATION_ID};
{JOURNAL_TABLE_SQL}
CREATE TABLE archive (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


@dataclass(frozen=True, slots=True)
class ArchiveResult:
    """What :func:`archive_shoes` did: the file written (None: nothing was archived), the rows ``first``..``last``
    moved, the shoes they hold, the events that went with them, and in plain words what was done or why not.
    """

    file: Path | None
    first: int = 0
    last: int = 0
    shoes: tuple[int, ...] = ()
    events: int = 0
    message: str = ""
    finished: int = 0
    """Rows of an earlier, interrupted archiving removed by this call."""


@dataclass(frozen=True, slots=True)
class _Shoe:
    number: int
    first: int          # its first row (the input of its shoe_started decision)
    ended_ts: str | None


def _shoes(conn: sqlite3.Connection) -> list[_Shoe]:
    """The live journal's shoes in order, with the time each ended (None: not ended)."""
    starts: list[tuple[int, int]] = []
    for seq, text in marked_rows(conn, "shoe_started", where="AND kind = 'decision'"):
        body, _ = body_problem(text)
        if not isinstance(body, dict):
            continue
        first = body.get("input") if type(body.get("input")) is int else seq
        for item in body.get("outputs") or ():
            if isinstance(item, list) and len(item) == 2 and item[0] == "shoe_started" and isinstance(item[1], dict):
                if type(item[1].get("shoe")) is int:
                    starts.append((item[1]["shoe"], min(first, seq)))
    ends = marked_rows(conn, "shoe_ended", "seq, ts", "AND kind = 'decision'")
    out = []
    for i, (number, first) in enumerate(starts):
        until = starts[i + 1][1] if i + 1 < len(starts) else None
        ended = [ts for seq, ts in ends if seq > first and (until is None or seq < until)]
        out.append(_Shoe(number, first, ended[-1] if ended else None))
    return out


def _first_unsent_row(conn: sqlite3.Connection) -> int | None:
    """The row that made the oldest event the broker has not acknowledged (None: every event was)."""
    found = conn.execute("SELECT payload FROM outbox WHERE published_utc IS NULL ORDER BY event_id LIMIT 1").fetchone()
    if found is None:
        return None
    try:
        seq = json.loads(found[0]).get("journal_seq")
    except (ValueError, TypeError, AttributeError, RecursionError):
        return 1   # an event that cannot be read: nothing after it is archived (verify names it)
    return seq if type(seq) is int else 1


def _plan(conn: sqlite3.Connection, before: str) -> tuple[int, int, list[int], str]:
    """``(first, last, shoes, why)``: the rows to archive now (``first > last``: none, ``why`` says why)."""
    (first,) = conn.execute("SELECT MIN(seq) FROM journal").fetchone()
    done = max((r.last for r in archived_ranges(conn)), default=0)
    first = max(first or 1, done + 1)   # rows of an archive not yet removed are never archived twice
    shoes = [s for s in _shoes(conn) if s.first >= first]
    if len(shoes) < 2:
        return 1, 0, [], "the journal holds one shoe or none: the newest shoe always stays"
    taken: list[_Shoe] = []
    for shoe in shoes[:-1]:   # never the newest shoe
        if shoe.ended_ts is None or shoe.ended_ts >= before:
            break
        taken.append(shoe)
    unsent = _first_unsent_row(conn)
    if unsent is not None:
        taken = [s for s in taken if _next_first(shoes, s) <= unsent]
    if not taken:
        if unsent is not None and shoes[0].ended_ts is not None and shoes[0].ended_ts < before:
            return first, 0, [], (f"shoe {_shoe_of(shoes, unsent)} has events the broker has not acknowledged: it "
                                  f"and the shoes after it stay until they are sent")
        return first, 0, [], f"no shoe ended before {before}"
    return first, _next_first(shoes, taken[-1]) - 1, [s.number for s in taken], ""


def _next_first(shoes: list[_Shoe], shoe: _Shoe) -> int:
    return shoes[shoes.index(shoe) + 1].first


def _shoe_of(shoes: list[_Shoe], seq: int) -> int:
    number = shoes[0].number
    for s in shoes:
        if s.first <= seq:
            number = s.number
    return number


def _sync_directory(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_archive(conn: sqlite3.Connection, directory: Path, stem: str, first: int, last: int,
                   info: dict[str, object]) -> tuple[Path, str, str, int, int]:
    """Copy rows ``first``..``last`` and their events into a new archive file; return ``(file, prev, head, rows,
    events)``. The copy is re-read and re-hashed before it is named. Raises JournalError.
    """
    name = f"{stem}.{first:012d}-{last:012d}"
    partial, final = directory / (name + _PARTIAL), directory / (name + ARCHIVE_SUFFIX)
    try:
        for stale in (partial, Path(str(partial) + "-journal")):
            stale.unlink(missing_ok=True)
        _remove_leftovers(conn, directory, f"{stem}.{first:012d}-", final)
        out = sqlite3.connect(partial, isolation_level=None)
    except (sqlite3.Error, OSError) as err:
        raise JournalError(f"the archive {partial} cannot be made: {getattr(err, 'strerror', None) or err}") from err
    try:
        out.execute("PRAGMA synchronous=FULL")
        out.executescript(f"BEGIN;\n{_ARCHIVE_SCHEMA}\n{outbox.schema_sql()}\nCOMMIT;")   # one sync, not one a table
        out.execute("BEGIN")
        low = first - 1
        while low < last:
            chunk = conn.execute(f"SELECT {_COLUMNS} FROM journal WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?",
                                 (low, last, _COPY_CHUNK)).fetchall()
            if not chunk:
                break
            out.executemany(f"INSERT INTO journal({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)", chunk)
            low = chunk[-1][0]
        events = conn.execute("SELECT event_id, type, payload, published_utc FROM outbox WHERE "
                              "json_extract(payload, '$.journal_seq') BETWEEN ? AND ? ORDER BY event_id",
                              (first, last)).fetchall()
        out.executemany("INSERT INTO outbox(event_id, type, payload, published_utc) VALUES (?, ?, ?, ?)", events)
        out.execute("COMMIT")
        file = ArchiveFile.read(out, final)
        prev = out.execute("SELECT prev_hash FROM journal WHERE seq = ?", (first,)).fetchone()[0]
        why = file.chain_problem(prev)
        if why is not None or file.first != first or file.last != last:
            raise JournalError(f"the archive {partial} does not hold rows {first}-{last} as the journal does: {why}")
        head = out.execute("SELECT hash FROM journal WHERE seq = ?", (last,)).fetchone()[0]
        meta = {**info, "first": first, "last": last, "prev": prev, "head": head, "rows": file.count,
                "event_count": len(events)}
        with out:
            out.execute("BEGIN")
            out.executemany("INSERT INTO archive VALUES (?, ?)", [(k, json.dumps(v)) for k, v in meta.items()])
        out.close()
        os.replace(partial, final)
    except (sqlite3.Error, OSError, JournalError) as err:
        out.close()
        for stale in (partial, Path(str(partial) + "-journal")):   # a full disk gets its space back
            stale.unlink(missing_ok=True)
        if isinstance(err, JournalError):
            raise
        why = err.strerror if isinstance(err, OSError) and err.strerror else err
        raise JournalError(f"the archive {partial} cannot be written: {why}") from err
    _sync_directory(directory)
    return final, prev, head, file.count, len(events)


def _remove_leftovers(conn: sqlite3.Connection, directory: Path, prefix: str, final: Path) -> None:
    """Delete the files an archiving of the same first row left when it stopped before its note (a kill, a full
    disk): ``<prefix>*.partial``, and ``<prefix>*.sqlite`` other than ``final`` whose first row is the live
    journal's row (no note records them, so their rows were never removed: nothing is lost). Left, they would
    hold the rows a second time beside the archive written now.
    """
    for stale in directory.glob(f"{prefix}*{_PARTIAL}*"):
        stale.unlink(missing_ok=True)
    for path in directory.glob(f"{prefix}*{ARCHIVE_SUFFIX}"):
        if path == final:
            continue
        try:
            held = ArchiveFile.open(path)
        except JournalError:
            continue   # not an archive, or unreadable: not this journal's to delete
        try:
            ours = _same_first_row(conn, held)
        finally:
            held.close()
        if ours:
            path.unlink(missing_ok=True)


def _same_first_row(conn: sqlite3.Connection, archive: ArchiveFile) -> bool:
    """True when the journal on ``conn`` holds ``archive``'s first row, with the same hash."""
    mine = archive.conn.execute("SELECT hash FROM journal WHERE seq = ?", (archive.first,)).fetchone()
    live = conn.execute("SELECT hash FROM journal WHERE seq = ?", (archive.first,)).fetchone()
    return mine is not None and live is not None and mine[0] == live[0]


def archive_shoes(journal, directory: str | Path, *, before: str, ts: str, chunk: int = 2000) -> ArchiveResult:  # noqa: ANN001
    """Move the closed shoes that ended before ``before`` out of ``journal`` into an archive file in ``directory``.

    ``journal``: a :class:`~dealer_station.journal.Journal` open for writing (the station's own, between rounds,
    or one no station holds); ``before``, ``ts``: UTC ISO-8601 texts ending in ``Z`` (the cut-off, and the note's
    time). An interrupted archiving is finished first. See the module for the steps and which shoes go.

    Raises JournalError when the directory, the archive or the journal cannot be written (whatever was done stays
    consistent: the next call goes on from there).
    """
    directory = Path(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise JournalError(f"the archive directory {directory} cannot be made: {err.strerror or err}") from err
    finished = finish_archiving(journal, directory, chunk=chunk)
    conn = journal.conn
    try:
        first, last, shoes, why = _plan(conn, before)
    except sqlite3.Error as err:
        raise JournalError(f"the journal cannot be read: {err}") from err
    if first > last:
        return ArchiveResult(None, message=f"nothing to archive: {why}", finished=finished)
    stem = Path(journal.path).stem if journal.path != ":memory:" else "journal"
    table = _table_id(conn)
    info = {"journal": Path(journal.path).name, "table_id": table, "shoes": shoes, "made_utc": ts}
    file, prev, head, rows, events = _write_archive(conn, directory, stem, first, last, info)
    (through,) = conn.execute("SELECT COALESCE(MAX(event_id), 0) FROM outbox WHERE "
                              "json_extract(payload, '$.journal_seq') <= ?", (last,)).fetchone()
    # and never below what the journal already accounts for (a note of it may be among the rows archived now)
    through = max(int(through), _listed_through(conn, first, last), pruned_through(conn))
    carried = _carried(conn, first, last)
    note = {"kind": ARCHIVED_MARK, "first": first, "last": last, "prev": prev, "head": head, "file": file.name,
            **({"carried": carried} if carried else {}),
            "rows": rows, "shoes": shoes, "events_through": through, "event_count": events, "table_id": table,
            "before": before, "ts": ts}
    journal.append("note", note, ts, mark=(ARCHIVED_MARK,), prune_through=through or None)
    journal.remove_archived(first, last, chunk=chunk)
    return ArchiveResult(file, first, last, tuple(shoes), events,
                         f"rows {first}-{last} ({len(shoes)} shoes: {_shown(shoes)}, {events} events) moved to {file}",
                         finished)


CARRIED_NOTES = ("simulate", "signing_key")
"""Notes the live journal must keep reading after their rows are archived: ``simulate`` (the run's seed, so a
restarted run deals the same shoes: the first one) and ``signing_key`` (the key handed over, so a restart with the
same keys announces nothing again, under a key consumers refuse by then: the newest one). The ``archived`` note
carries them as ``"carried": {kind: body}``; :func:`notes_of` reads them."""

_NEWEST = frozenset({"signing_key"})


def _carried(conn: sqlite3.Connection, first: int, last: int) -> dict[str, object]:
    """``{kind: body}`` of the :data:`CARRIED_NOTES` among rows ``first``..``last`` (or carried by a note there)."""
    out: dict[str, object] = {}
    for (text,) in conn.execute("SELECT body FROM journal WHERE kind = 'note' AND seq BETWEEN ? AND ? ORDER BY seq",
                                (first, last)):
        body, _ = body_problem(text)
        if not isinstance(body, dict):
            continue
        found = {body["kind"]: body} if body.get("kind") in CARRIED_NOTES else (
            body["carried"] if body.get("kind") == ARCHIVED_MARK and isinstance(body.get("carried"), dict) else {})
        for kind, item in found.items():
            if kind in _NEWEST:
                out[kind] = item
            else:
                out.setdefault(kind, item)
    return out


def notes_of(journal, kind: str) -> Iterator[tuple[int, dict]]:  # noqa: ANN001
    """``(row, body)`` of every note of ``kind`` (one of :data:`CARRIED_NOTES`) the journal holds, oldest first:
    the live notes, and those an ``archived`` note carries for its archived rows (``row``: that note's). Raises
    JournalError when the journal cannot be read.
    """
    for row in journal.rows(kinds=("note",)):
        body = row.body
        if body.get("kind") == ARCHIVED_MARK and isinstance(body.get("carried"), dict):
            body = body["carried"].get(kind)
        if isinstance(body, dict) and body.get("kind") == kind:
            yield row.seq, body


def _listed_through(conn: sqlite3.Connection, first: int, last: int) -> int:
    """The highest event id the decision rows ``first``..``last`` list (0 when none): read from the newest back."""
    for (text,) in conn.execute("SELECT body FROM journal WHERE seq BETWEEN ? AND ? AND body LIKE '%\"events\":[[%' "
                                "ORDER BY seq DESC", (first, last)):
        body, _ = body_problem(text)
        listed = body.get("events") if isinstance(body, dict) else None
        ids = [item[0] for item in listed or () if isinstance(item, list) and item and type(item[0]) is int]
        if ids:
            return max(ids)
    return 0


def _table_id(conn: sqlite3.Connection) -> str:
    """The table id the journal's events (or its notes of pruned or archived ones) name; "" when none does."""
    from dealer_station.journal.reading import table_id_on

    return table_id_on(conn) or ""


def _shown(numbers: list[int] | tuple[int, ...]) -> str:
    if len(numbers) > 6:
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(map(str, numbers))


def finish_archiving(journal, directory: str | Path | None = None, *, chunk: int = 2000) -> int:  # noqa: ANN001
    """Remove the rows an ``archived`` note records that are still in the live journal (an archiving stopped
    between its note and the last deletion); return how many went. With ``directory``, only when the archive
    file it names is there and holds them (else they stay, and the next archiving in that directory goes on).
    Raises JournalError.
    """
    conn = journal.conn
    removed = 0
    try:
        ranges = archived_ranges(conn)
    except sqlite3.Error as err:
        raise JournalError(f"the journal cannot be read: {err}") from err
    for r in ranges:
        (left,) = conn.execute("SELECT COUNT(*) FROM journal WHERE seq BETWEEN ? AND ?", (r.first, r.last)).fetchone()
        if not left:
            continue
        if directory is not None:
            path = Path(directory) / r.file
            try:
                held = ArchiveFile.open(path)
            except JournalError:
                continue
            if (held.first, held.last, held.head) != (r.first, r.last, r.head):
                continue
        removed += journal.remove_archived(r.first, r.last, chunk=chunk)
    return removed


# ---------------------------------------------------------------------------------------------- reading archives
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
        for stored in self.conn.execute(f"SELECT {_COLUMNS} FROM journal ORDER BY seq"):
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
        sql = f"SELECT {_COLUMNS} FROM journal WHERE seq > ?" + (" AND seq <= ?" if until is not None else "")
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
    return [a for a in archives if a.first > done and _same_first_row(journal.conn, a)]


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
