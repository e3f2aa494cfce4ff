r"""The journal: an append-only, hash-chained record of every input and decision, in SQLite.

docs/design.md "Durability and recovery": SQLite in WAL mode with ``synchronous=FULL``; one row per
input and per decision; each row holds the SHA-256 of the previous row, so a changed, removed or
inserted row breaks the chain from that row on (tamper evident). The outbox of platform events
(:mod:`dealer_station.outbox`) lives in the same database and is written in the same transaction
as the decision that made its events.

Row hash: ``sha256(f"{seq}\n{ts}\n{kind}\n{mark}\n{body}\n{prev_hash}")`` in hex, where ``body``
is the canonical JSON text stored in the row; the first row's ``prev_hash`` is 64 zeros.
Row kinds: ``input`` (appended before it is acted on), ``decision`` (what the table decided for
one input, after), ``note`` (recorded, not part of the table's fold: refused log-ins, start-ups).

The outbox is under the chain: :meth:`Journal.append` lists a decision row's events in its body as
``"events": [[event_id, digest], ...]`` before hashing the row, then stores each event with the
row's ``journal_seq`` / ``journal_hash``; :meth:`Journal.verify` checks the outbox against those
lists (:mod:`dealer_station.journal.anchor`).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO

from dealer_station import outbox
from dealer_station.journal.anchor import OutboxAudit
from dealer_station.journal.errors import JournalBusyError, JournalError, write_cause
from dealer_station.journal.lock import SidecarLock
from dealer_station.journal.opening import open_readonly, writer_lock
from dealer_station.journal.rows import (
    APPLICATION_ID,
    GENESIS,
    JOURNAL_TABLE_SQL,
    ArchivedRange,
    EventSpec,
    JournalRow,
    VerifyReport,
    archived_link,
    archived_ranges,
    body_problem,
    canonical,
    chain_problem,
    export_rows,
    head_problem,
    parse_head,
    pruned_through,
    row_hash,
    stored_body,
)
from dealer_station.signing import Signer, sign_object

__all__ = ["APPLICATION_ID", "GENESIS", "EventSpec", "Journal",
           "JournalBusyError", "JournalError", "JournalRow", "VerifyReport",
           "canonical", "chain_problem", "export_rows", "head_problem", "parse_head", "pruned_through", "row_hash",
           "write_cause"]


EVENTS_MEMBER = "events"
"""Body member of a decision row listing its outbox events as ``[[event_id, digest], ...]``
(:func:`dealer_station.outbox.event_digest`); written by :meth:`Journal.append`, ``[]`` for none."""

_SCHEMA = f"""
PRAGMA application_id = {APPLICATION_ID};
{JOURNAL_TABLE_SQL}
CREATE TRIGGER IF NOT EXISTS journal_no_update BEFORE UPDATE ON journal
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER IF NOT EXISTS journal_no_delete BEFORE DELETE ON journal
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
"""
_NO_DELETE = _SCHEMA[_SCHEMA.index("CREATE TRIGGER IF NOT EXISTS journal_no_delete"):].strip()
_SYNCED = frozenset({"FULL", "EXTRA"})
"""The ``synchronous`` levels whose every commit waits for the disk (a row written with ``durable=False``
waits for none)."""


class Journal:
    """The station's journal and outbox in one SQLite database.

    Parameters
    ----------
    path:
        Database file, or ``":memory:"`` (tests and benchmarks; nothing survives the process).
    synchronous:
        SQLite ``synchronous`` pragma; ``"FULL"`` (default) makes each commit durable on power loss.
    readonly:
        Open an existing journal for reading only (verify, export): nothing is created or changed, no
        lock is taken (a reader runs beside the station), and a finished journal on read-only media
        (no ``-wal``/``-shm`` file can be made there) is read as an immutable file.
    signer:
        The station's key (:mod:`dealer_station.signing`): every stored event then carries its ``signature``
        over the envelope with its anchor (docs/events.md "What a platform can trust").

    Raises
    ------
    JournalBusyError
        Opened for writing while another process writes it (its pid is named): one station per
        journal, held by an OS lock on ``<journal>.station.lock`` until :meth:`close` or the
        process's end (the kernel drops it, even on SIGKILL; :mod:`dealer_station.journal.lock`).
    JournalError
        When the database cannot be opened or is not a journal; for writing, also when its path is
        under a regular file, needs a new directory at the top of the file system, or is not writable.
    """

    def __init__(self, path: str | Path = ":memory:", *, synchronous: str = "FULL", readonly: bool = False,
                 signer: Signer | None = None) -> None:
        if not isinstance(path, str | os.PathLike):  # str() of any object would name a file after its repr
            raise TypeError(f"a journal's path is a str or a path, not {type(path).__name__}")
        self.path = str(path)
        self.signer = signer
        """The station's key: it signs every event :meth:`append` stores (None: events are stored unsigned)."""
        self._lock: SidecarLock | None = None
        if synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise JournalError(f"synchronous {synchronous!r}: allowed OFF, NORMAL, FULL, EXTRA")
        self._readonly = readonly
        self._synchronous = synchronous.upper()
        if readonly:
            self._conn = open_readonly(Path(self.path))
            try:
                self._load_tail()
            except sqlite3.Error as err:
                self._conn.close()
                raise JournalError(f"{self.path} is not a readable journal: {err}") from err
            return
        if self.path != ":memory:":
            self._lock = writer_lock(Path(self.path))   # before anything is made or changed
        try:
            self._conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=10)
            if self.path != ":memory:":
                self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute(f"PRAGMA synchronous={synchronous}")
            self._conn.executescript(_SCHEMA)
            outbox.ensure_schema(self._conn)
            self._load_tail()
        except sqlite3.Error as err:
            self._abandon()
            raise JournalError(f"cannot open journal {self.path}: {err}") from err
        except BaseException:
            self._abandon()
            raise

    def _release_lock(self) -> None:
        if self._lock is not None:
            self._lock.release()

    def _abandon(self) -> None:
        """A failed open: close what was opened, then let the lock go (no connection outlives it)."""
        conn = getattr(self, "_conn", None)
        if conn is not None:
            try:
                conn.close()
            except sqlite3.Error:
                pass
        self._release_lock()

    @property
    def conn(self) -> sqlite3.Connection:
        """The SQLite connection (for the outbox readers on the owner thread)."""
        return self._conn

    def _load_tail(self) -> None:
        row = self._conn.execute("SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1").fetchone()
        self._last_seq, self._last_hash = (row[0], row[1]) if row else (0, GENESIS)
        if self._readonly:
            return   # a reader makes no event: the next id (a look back through the rows) is the writer's alone
        try:
            (last,) = self._conn.execute("SELECT COALESCE(MAX(event_id), 0) FROM outbox").fetchone()
        except sqlite3.OperationalError:   # a journal opened read-only from before the outbox existed
            last = 0
        # Ids go on from the chain's, not only the outbox's: an event removed from the end of the outbox
        # never has its id given again (the publisher then finds the gap; verify names the event).
        # And from the archived ones: their events left the outbox with them (an ``archived`` note says how far).
        self._next_event_id = max(int(last), self._last_listed_event_id(), pruned_through(self._conn)) + 1

    def _last_listed_event_id(self) -> int:
        """The highest event id a decision row (or a note with events) lists (0 for none): the last row with a
        non-empty list.
        """
        # Only rows whose text lists an event or has no list (an old row) can answer: SQLite skips the others
        # ("events":[] of a decision that made none, and notes without events) without a JSON parse each.
        cursor = self._conn.execute("SELECT kind, body FROM journal WHERE kind IN ('decision', 'note') AND "
                                    "(body LIKE '%\"events\":[[%' OR (kind = 'decision' AND body NOT LIKE "
                                    "'%\"events\":[%')) ORDER BY seq DESC")
        for kind, text in cursor:
            try:
                listed = json.loads(text).get(EVENTS_MEMBER)
            except (ValueError, TypeError, RecursionError, AttributeError):
                continue
            if listed is None:      # a row from before events were listed: none before it lists any
                if kind == "note":
                    continue        # a note lists events only when it made some
                return 0
            if listed:
                try:
                    return max(int(item[0]) for item in listed)
                except (TypeError, ValueError, IndexError):
                    return 0
        return 0

    @property
    def last_seq(self) -> int:
        """Sequence number of the last row (0 when empty)."""
        return self._last_seq

    @property
    def head(self) -> tuple[int, str]:
        """``(seq, hash)`` of the last row (``(0, GENESIS)`` when empty): the chain's head.

        Kept somewhere else (the station logs it at every shoe end as ``journal_head``), it lets
        ``journal verify --head`` find rows cut off the end, which the chain alone cannot show.
        """
        return self._last_seq, self._last_hash

    def append(self, kind: str, body: Mapping[str, object], ts: str, *, mark: Iterable[str] = (),
               events: Iterable[EventSpec] = (), table_id: str = "", prune_through: int | None = None,
               sign_with: Signer | None = None,
               durable: bool = True) -> tuple[JournalRow, list[outbox.OutboxEvent]]:
        """Append one row and its outbox events in one durable transaction.

        Parameters
        ----------
        kind:
            ``"input"``, ``"decision"`` or ``"note"``.
        body:
            JSON-able dict.
        ts:
            UTC ISO-8601 time ending in ``Z``.
        mark:
            Tags for fast look-up (``"shoe_started"``, ``"round"``, ``"shoe_ended"``).
        events:
            Platform events appended to the outbox in the same transaction. A ``decision`` row (and any row
            with events) gets the body member ``"events"``: ``[[event_id, digest], ...]`` of them (``[]``
            for none; :func:`dealer_station.outbox.event_digest`), hashed with the row; each stored event
            gets ``journal_seq`` / ``journal_hash``, the row's number and hash, and with a :attr:`signer`
            its ``signature`` over all of that.
        table_id:
            Table id for the events' envelope.
        prune_through:
            Delete the outbox events with ``event_id <= prune_through`` in the same transaction (the row
            records the prune: :meth:`prune_events`).
        sign_with:
            Sign this row's events with this key instead of :attr:`signer` (a new key's announcement is
            signed by the key it replaces, :mod:`dealer_station.app.signing_keys`).
        durable:
            False: the row is committed without waiting for the disk (``synchronous=NORMAL`` for this one
            transaction). A process killed after it keeps the row (it is in the write-ahead log); a power cut
            before the next durable commit may lose it, and the next durable commit makes it durable with its
            own row, in the same sync. The controller writes an input so, then its decision durably: one
            sync a card, and nothing of the input is told to anyone before its decision is on disk.

        Returns the row (its body with ``events``) and the stored events. Raises JournalError (nothing is
        written then), also for a body that already holds ``events`` or an unknown event type.
        """
        tags = sorted(set(mark))
        mark_text = f",{','.join(tags)}," if tags else ""
        seq = self._last_seq + 1
        stored: list[outbox.OutboxEvent] = []
        try:
            made: list[tuple[int, str, dict]] = []
            if events or kind == "decision":
                # The row lists its events' digests (every decision, none: []), so the chain proves the outbox.
                if EVENTS_MEMBER in body:
                    raise ValueError(f"the body must not hold {EVENTS_MEMBER!r}: the journal writes it")
                event_id = self._next_event_id
                for event in events:
                    made.append((event_id, event.type, outbox.envelope(
                        event_id, event.type, table_id=table_id, ts=ts, data=event.data, shoe_id=event.shoe_id,
                        round_id=event.round_id)))
                    event_id += 1
                body = {**body, EVENTS_MEMBER: [[i, outbox.event_digest(e)] for i, _, e in made]}
            text = canonical(body)   # a body with no JSON text (a tuple key...) is refused like a failed write
            digest = row_hash(seq, ts, kind, mark_text, text, self._last_hash)
            stored = [outbox.OutboxEvent(i, t, outbox.payload_text(
                sign_object({**e, "journal_seq": seq, "journal_hash": digest}, sign_with or self.signer)))
                for i, t, e in made]
            relaxed = not durable and self._synchronous in _SYNCED
            if relaxed:
                self._conn.execute("PRAGMA synchronous=NORMAL")   # for this transaction only (restored below)
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                self._conn.execute(
                    "INSERT INTO journal(seq, ts, kind, mark, body, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (seq, ts, kind, mark_text, text, self._last_hash, digest))
                if stored:
                    self._conn.executemany("INSERT INTO outbox(event_id, type, payload) VALUES (?, ?, ?)",
                                           [(e.event_id, e.type, e.payload) for e in stored])
                if prune_through is not None:
                    self._conn.execute("DELETE FROM outbox WHERE event_id <= ?", (prune_through,))
                self._conn.execute("COMMIT")
            except BaseException:
                try:
                    self._conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # SQLite already rolled back (disk full, I/O error): the original error says why
                raise
            finally:
                if relaxed:
                    self._conn.execute(f"PRAGMA synchronous={self._synchronous}")
        except (sqlite3.Error, ValueError, TypeError) as err:
            try:
                self._load_tail()
            except sqlite3.Error:
                pass
            cause = write_cause(err)
            raise JournalError(f"journal write failed at row {seq}: {cause} ({err})" if cause
                               else f"journal write failed at row {seq}: {err}", cause=cause) from err
        row = JournalRow(seq, ts, kind, mark_text, stored_body(body, text), self._last_hash, digest)
        self._last_seq, self._last_hash = seq, digest
        self._next_event_id += len(stored)
        return row, stored

    def prune_events(self, before: str, ts: str, *, table_id: str = "") -> int:
        """Prune from the outbox the events the broker acknowledged before ``before``; return how many went.

        The station keeps sent events for a retention period so a platform can ask for them again
        (``journal.event_retention_days``); older ones go, oldest first, and only a whole prefix of ids:
        from the first event not yet acknowledged, or acknowledged at or after ``before``, every event stays.
        The prune is itself a chained row, a note ``{"kind": "events_pruned", "through": N, "count": k}``
        (mark ``events_pruned``) written in the same transaction as the deletion, so :meth:`verify` knows
        that events up to ``N`` may be gone (each one still listed, with its digest, by its decision row)
        and the chain verifies as before. ``before``, ``ts``: UTC ISO-8601 times ending in ``Z``; ``table_id``: the
        table of the events, kept in the note (an outbox emptied by its retention still names its table).

        Raises JournalError (nothing is pruned then).
        """
        try:
            (kept,) = self._conn.execute(
                "SELECT MIN(event_id) FROM outbox WHERE published_utc IS NULL OR published_utc >= ?",
                (before,)).fetchone()
            (last,) = self._conn.execute("SELECT MAX(event_id) FROM outbox").fetchone()
        except sqlite3.Error as err:
            raise JournalError(f"the outbox cannot be read: {err}", cause=write_cause(err)) from err
        through = (kept - 1) if kept is not None else last
        if not through or through <= self.pruned_through():
            return 0
        (count,) = self._conn.execute("SELECT COUNT(*) FROM outbox WHERE event_id <= ?", (through,)).fetchone()
        if not count:
            return 0
        self.append("note", {"kind": "events_pruned", "through": through, "count": count, "before": before,
                             **({"table_id": table_id} if table_id else {}),
                             "ts": ts}, ts, mark=("events_pruned",), prune_through=through)
        return int(count)

    def pruned_through(self) -> int:
        """The highest event id pruned from the outbox by :meth:`prune_events` (0 when none was)."""
        return pruned_through(self._conn)

    def remove_archived(self, first: int, last: int, *, chunk: int = 2000) -> int:
        """Delete rows ``first``..``last`` once they are archived; return how many went.

        Only a range a chained ``archived`` note records is deleted (:mod:`dealer_station.journal.archive` writes
        the archive file, checks it, then journals the note), newest row first, ``chunk`` rows a transaction:
        whenever it stops, the rows left are whole and :meth:`verify` links them to the note's hashes. Never the
        journal's last row. Raises JournalError (the rows of the failed transaction stay).
        """
        if first > last:
            return 0
        try:
            ranges = archived_ranges(self._conn)
        except sqlite3.Error as err:
            raise JournalError(f"the journal cannot be read: {err}", cause=write_cause(err)) from err
        if not any(r.first <= first and last <= r.last for r in ranges) or last >= self._last_seq:
            raise JournalError(f"rows {first}-{last}: no archived note of the journal records them; nothing removed")
        removed = 0
        top = last
        while top >= first:
            low = max(first, top - chunk + 1)
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    self._conn.execute("DROP TRIGGER journal_no_delete")
                    cursor = self._conn.execute("DELETE FROM journal WHERE seq BETWEEN ? AND ?", (low, top))
                    self._conn.execute(_NO_DELETE)
                    self._conn.execute("COMMIT")
                except BaseException:
                    try:
                        self._conn.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                    raise
            except sqlite3.Error as err:
                raise JournalError(f"removing archived rows {low}-{top} failed: {err}", cause=write_cause(err)) from err
            removed += cursor.rowcount
            top = low - 1
        return removed

    keeps_events = True
    """This journal keeps the outbox: a controller builds the platform events of every decision for it."""

    def add(self, kind: str, body: Mapping[str, object], ts: str, *, mark: Iterable[str] = (),
            events: Iterable[EventSpec] = (), table_id: str = "", json_only: bool = False,
            owned: bool = False, durable: bool = True) -> int:
        """:meth:`append`, returning only the new row's sequence number (``json_only`` and ``owned``, see
        :meth:`MemoryJournal.add`, change nothing here: the row is written now). Raises JournalError.
        """
        return self.append(kind, body, ts, mark=mark, events=events, table_id=table_id, durable=durable)[0].seq

    def rows(self, after: int = 0, *, kinds: Iterable[str] | None = None, mark: str | None = None,
             until: int | None = None) -> Iterator[JournalRow]:
        """Rows with ``seq > after`` (and ``<= until``), oldest first, optionally only some kinds or one mark.

        Raises JournalError on a read failure; a row whose body is not JSON is returned with
        ``body={"_unreadable": text}`` (``verify`` names it).
        """
        sql = "SELECT seq, ts, kind, mark, body, prev_hash, hash FROM journal WHERE seq > ?"
        params: list[object] = [after]
        if until is not None:
            sql += " AND seq <= ?"
            params.append(until)
        if kinds is not None:
            kinds = list(kinds)
            sql += f" AND kind IN ({','.join('?' * len(kinds))})"
            params += kinds
        if mark is not None:
            sql += " AND mark LIKE ?"
            params.append(f"%,{mark},%")
        sql += " ORDER BY seq"
        try:
            cursor = self._conn.execute(sql, params)
            for seq, ts, kind, mark_text, text, prev, digest in cursor:
                try:
                    body = json.loads(text)
                except (ValueError, TypeError, RecursionError):  # not JSON, too long a number, too deep
                    body = {"_unreadable": text}
                yield JournalRow(seq, ts, kind, mark_text, body, prev, digest)
        except sqlite3.Error as err:
            raise JournalError(f"journal read failed: {err}") from err

    def last_marked(self, mark: str) -> JournalRow | None:
        """The last row carrying ``mark``, or None."""
        try:
            found = self._conn.execute(
                "SELECT seq FROM journal WHERE mark LIKE ? ORDER BY seq DESC LIMIT 1", (f"%,{mark},%",)).fetchone()
        except sqlite3.Error as err:
            raise JournalError(f"journal read failed: {err}") from err
        if not found:
            return None
        return next(self.rows(found[0] - 1, until=found[0]))

    def count_marked(self, mark: str) -> int:
        """How many rows carry ``mark`` (counted in the mark index, no body read). Raises JournalError."""
        try:
            return int(self._conn.execute("SELECT COUNT(*) FROM journal WHERE mark != '' AND mark LIKE ?",
                                          (f"%,{mark},%",)).fetchone()[0])
        except sqlite3.Error as err:
            raise JournalError(f"journal read failed: {err}") from err

    def last_row(self, kind: str) -> JournalRow | None:
        """The last row of ``kind``, or None."""
        try:
            found = self._conn.execute("SELECT seq FROM journal WHERE kind = ? ORDER BY seq DESC LIMIT 1",
                                       (kind,)).fetchone()
        except sqlite3.Error as err:
            raise JournalError(f"journal read failed: {err}") from err
        return next(self.rows(found[0] - 1, until=found[0])) if found else None

    def verify(self) -> VerifyReport:
        """Check every row's hash and the chain, and the outbox against the chain; report the first problem.

        docs/design.md "Durability and recovery": tamper evident. Detects a changed row, a removed or inserted
        row (sequence gap or broken chain) and an unreadable body; then every outbox event against the decision
        row that lists it (:mod:`dealer_station.journal.anchor`): an event changed, added, removed, renumbered or
        anchored to a wrong row is named by its ``event_id`` (``bad_event``). A broken chain is reported
        before an outbox problem. Cannot detect rows cut off the end (keep the last hash elsewhere for that:
        :func:`head_problem`). An old journal's unanchored events are told in ``note``, not a failure.
        """
        prev = GENESIS
        expected: int | None = None   # the first row: 1, or the one after the rows archived
        count = 0
        archived: list[ArchivedRange] = []
        try:
            archived = archived_ranges(self._conn)
            try:
                events = self._conn.execute("SELECT event_id, type, payload FROM outbox ORDER BY event_id")
            except sqlite3.OperationalError as err:
                if "no such table" not in str(err):
                    raise
                events = iter(())
            audit = OutboxAudit(iter(events), pruned_through=pruned_through(self._conn))
            cursor = self._conn.execute("SELECT seq, ts, kind, mark, body, prev_hash, hash FROM journal ORDER BY seq")
            held_from: int | None = None   # the first row held
            for seq, ts, kind, mark_text, text, prev_hash, digest in cursor:
                count += 1
                held_from = seq if held_from is None else held_from
                if seq != expected and (link := archived_link(archived, expected, seq,
                                                              held_from=held_from)) is not None:
                    expected, prev = seq, link   # the rows before it are in an archive, as a chained note says
                elif expected is None:
                    expected = 1
                problem = chain_problem(expected, prev, (seq, ts, kind, mark_text, text, prev_hash, digest))
                if problem:
                    return VerifyReport(False, count, seq, problem)
                body, why = body_problem(text)
                if why is not None:
                    return VerifyReport(False, count, seq, f"row {seq}: body {why.removeprefix('its text ')}")
                if kind == "decision" or (kind == "note" and isinstance(body, dict) and EVENTS_MEMBER in body):
                    audit.decision(seq, digest, body)   # a note lists events only when it made some
                prev = digest
                expected = seq + 1
            audit.finish(expected - 1 if expected else 0)
        except sqlite3.Error as err:
            return VerifyReport(False, count, expected, f"row {expected}: unreadable: {err}")
        if audit.problem is not None:
            event_id, row, why = audit.problem
            return VerifyReport(False, count, row, f"event {event_id}: {why}", audit.checked, event_id, audit.note)
        message = f"{count} rows intact, {audit.checked} events match the chain"
        if audit.pruned:
            message += f", {audit.pruned} pruned after their retention" + (" or archived" if archived else "")
        if audit.note:
            message += f" ({audit.note})"
        if archived:
            last = max(r.last for r in archived)
            message += (f"; rows 1-{last} are in archive files, not proven here: 'journal verify --archives DIR' "
                        f"proves them")
        return VerifyReport(True, count, None, message, audit.checked, None, audit.note)

    def export(self, fp: IO[str]) -> int:
        """Write every row as one JSON line to ``fp``; return the number of rows."""
        return export_rows(self.rows(), fp)

    def close(self) -> None:
        """Close the database, then let the writer's lock go (idempotent)."""
        try:
            self._conn.close()
        except sqlite3.Error:
            pass
        finally:
            self._release_lock()

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
