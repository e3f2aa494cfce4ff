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
matching the file it names, and the live journal linked to the newest
(:func:`~dealer_station.journal.archive_read.verify_history`). ``recall``, ``report`` and ``journal export`` read
across them (:class:`~dealer_station.journal.archive_read.History`). This module writes archives; reading them is
:mod:`dealer_station.journal.archive_read`.

Which shoes go: every shoe before the first one that had not ended before the cut-off time, never the newest
shoe (the station starts its next shoe's number from it), and never a shoe with an event the broker has not
acknowledged. Rule source: docs/controller.md "Archives".
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from dealer_station import outbox
from dealer_station.journal.archive_read import (
    ARCHIVE_APPLICATION_ID,
    ARCHIVE_SUFFIX,
    ROW_COLUMNS,
    ArchiveFile,
    note_file_problem,
    same_first_row,
)
from dealer_station.journal.errors import JournalError
from dealer_station.journal.rows import (
    ARCHIVED_MARK,
    JOURNAL_TABLE_SQL,
    archived_ranges,
    body_problem,
    marked_rows,
    pruned_through,
)

__all__ = ["CARRIED_NOTES", "ArchiveResult", "archive_shoes", "finish_archiving", "notes_of"]

_PARTIAL = ".partial"
_COPY_CHUNK = 2000
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
            chunk = conn.execute(f"SELECT {ROW_COLUMNS} FROM journal WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?",
                                 (low, last, _COPY_CHUNK)).fetchall()
            if not chunk:
                break
            out.executemany(f"INSERT INTO journal({ROW_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)", chunk)
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
            ours = same_first_row(conn, held)
        finally:
            held.close()
        if ours:
            path.unlink(missing_ok=True)


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
    file it names is there and holds them (else they stay, and the next archiving in that directory goes on); never
    on the word of a note naming a path (:func:`~dealer_station.journal.archive_read.note_file_problem`). Raises
    JournalError.
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
        if note_file_problem(r) is not None:
            continue   # a note naming a path was changed: its rows stay (verify_history names it)
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
