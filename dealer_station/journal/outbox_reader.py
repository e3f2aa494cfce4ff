"""Reading (and marking) a journal's outbox on a connection of its own: the publisher's and ``events``' view.

The controller writes the journal and its outbox in one transaction (:class:`~dealer_station.journal.Journal`);
a publisher, a replay answer and ``dealer-station events tail|publish|stats`` read the outbox beside it,
on their own connection (WAL mode: they read while the controller writes), and the publisher marks
what a broker acknowledged. :class:`OutboxReader` is that connection: every SQL statement about the
outbox outside the journal package's writer is here, and every SQLite failure comes out as an
:class:`OutboxError` (a :class:`~dealer_station.journal.JournalError`, so an ``OSError``) with the
SQLite error as its cause.

An outbox table that does not exist yet (a journal no event was written to) reads as empty.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from dealer_station.journal.anchor import EventCheck
from dealer_station.journal.errors import JournalError
from dealer_station.journal.opening import one_name, open_readonly
from dealer_station.journal.rows import pruned_through
from dealer_station.outbox import PAUSE_ENDS, OutboxEvent, ends_pause, mark_published, read_events

__all__ = ["BUSY_TIMEOUT_MS", "NoOutboxError", "NotAJournalError", "OutboxError", "OutboxReader", "pending_count"]

BUSY_TIMEOUT_MS = 5000
"""How long a statement waits for the controller's write lock, milliseconds."""

T = TypeVar("T")


class OutboxError(JournalError):
    """The outbox could not be read or marked; the message is SQLite's, the ``sqlite3`` error is the cause."""


class NoOutboxError(OutboxError):
    """The database has no outbox table: no event was recorded in it yet."""


class NotAJournalError(OutboxError):
    """The file is not an SQLite database."""


@contextmanager
def _wrapped() -> Iterator[None]:
    """Turn an SQLite failure into :class:`OutboxError` (``raise … from err``)."""
    try:
        yield
    except sqlite3.Error as err:
        raise OutboxError(str(err)) from err


def _missing_table(err: sqlite3.Error) -> bool:
    return isinstance(err, sqlite3.OperationalError) and "no such table" in str(err)


class OutboxReader:
    """A connection of its own to the outbox of the journal database at ``path`` (which must exist).

    Parameters
    ----------
    path : path
        The journal database. It is opened read-write (to mark events) and never created, by one name
        only (a database with hard links is refused: SQLite's write-ahead log goes by name).
    require_outbox : bool
        Raise :class:`NoOutboxError` when the database has no outbox table yet (``events`` commands);
        by default a missing table reads as empty (the publisher, which may start before the first event).
    readonly : bool
        Open it to read only (``events tail|stats``): as the journal's readers do, so a finished journal on
        read-only media is read too (:func:`~dealer_station.journal.opening.open_readonly`); marking is
        then refused by SQLite (OutboxError).

    Raises
    ------
    OutboxError
        The file cannot be opened (:class:`NotAJournalError`: it is not a database;
        :class:`NoOutboxError`: it has no outbox and ``require_outbox``).

    Notes
    -----
    ``synchronous = NORMAL``: a mark lost to a power cut only makes an event be sent again
    (at-least-once), so the publisher's marks need not wait for the disk.
    """

    def __init__(self, path: str | os.PathLike[str], *, require_outbox: bool = False, readonly: bool = False) -> None:
        self.path = Path(path)
        try:
            if readonly:
                try:
                    conn = open_readonly(self.path, "outbox" if require_outbox else "sqlite_master")
                except JournalError as err:
                    cause = err.__cause__
                    if isinstance(cause, sqlite3.Error) and _missing_table(cause):
                        raise NoOutboxError(str(cause)) from cause
                    if isinstance(cause, sqlite3.DatabaseError) and not isinstance(cause, sqlite3.OperationalError):
                        raise NotAJournalError(str(cause)) from cause
                    raise
            else:
                one_name(self.path)
                conn = sqlite3.connect(f"file:{self.path}?mode=rw", uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
        except OutboxError:
            raise
        except JournalError as err:
            raise OutboxError(str(err)) from err
        except sqlite3.Error as err:
            raise OutboxError(str(err)) from err
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            if not readonly:
                conn.execute("PRAGMA synchronous = NORMAL")
            if require_outbox:
                conn.execute("SELECT 1 FROM outbox LIMIT 1").fetchall()
        except sqlite3.Error as err:
            conn.close()
            if _missing_table(err):
                raise NoOutboxError(str(err)) from err
            if not isinstance(err, sqlite3.OperationalError) and isinstance(err, sqlite3.DatabaseError):
                raise NotAJournalError(str(err)) from err
            raise OutboxError(str(err)) from err
        self._conn = conn
        self._check: EventCheck | None = None

    # ----------------------------------------------------------------- reading
    def _read(self, read: Callable[[sqlite3.Connection], T], empty: T) -> T:
        try:
            return read(self._conn)
        except sqlite3.Error as err:
            if _missing_table(err):
                return empty
            raise OutboxError(str(err)) from err

    def unpublished(self, after: int, limit: int) -> list[tuple[int, str]]:
        """``(event_id, payload)`` of up to ``limit`` unpublished events with ``event_id > after``, in order."""
        return self._read(lambda c: c.execute(
            "SELECT event_id, payload FROM outbox WHERE published_utc IS NULL AND event_id > ? "
            "ORDER BY event_id LIMIT ?", (after, limit)).fetchall(), [])

    def between(self, first: int, last: int, limit: int) -> list[tuple[int, str]]:
        """``(event_id, payload)`` of up to ``limit`` events with ``first <= event_id <= last``, published or not."""
        return self._read(lambda c: c.execute(
            "SELECT event_id, payload FROM outbox WHERE event_id >= ? AND event_id <= ? ORDER BY event_id LIMIT ?",
            (first, last, limit)).fetchall(), [])

    def events(self, after: int = 0, limit: int | None = None) -> list[OutboxEvent]:
        """Events with ``event_id > after``, oldest first, published or not (``events tail``)."""
        return self._read(lambda c: read_events(c, after=after, limit=limit), [])

    def pending_count(self) -> int:
        """Number of unpublished events."""
        return self._read(lambda c: int(c.execute(
            "SELECT COUNT(*) FROM outbox WHERE published_utc IS NULL").fetchone()[0]), 0)

    def event_range(self) -> tuple[int, int]:
        """``(first, last)`` stored event ids; ``(0, 0)`` when the outbox is empty or missing."""
        first, last = self._read(lambda c: c.execute("SELECT MIN(event_id), MAX(event_id) FROM outbox").fetchone(),
                                 (0, 0))
        return (first or 0), (last or 0)

    def pruned_through(self) -> int:
        """The highest event id the outbox no longer keeps: pruned after its retention or archived with its rows, as
        a chained note says (0: none; :func:`~dealer_station.journal.rows.pruned_through`).
        """
        return self._read(pruned_through, 0)

    def last_event_id(self) -> int:
        """The last stored event id (0: none)."""
        return self.event_range()[1]

    def last_acknowledged(self) -> int:
        """The highest event id with every stored id up to it acknowledged by a broker (0: none).

        Events are marked in id order, so this is the first unmarked id minus one, or the last id.
        """
        def read(c: sqlite3.Connection) -> int:
            (unmarked,) = c.execute("SELECT MIN(event_id) FROM outbox WHERE published_utc IS NULL").fetchone()
            if unmarked is not None:
                return int(unmarked) - 1
            (last,) = c.execute("SELECT MAX(event_id) FROM outbox").fetchone()
            return int(last or 0)

        return self._read(read, 0)

    def open_pause(self, as_of: int) -> tuple[int, str] | None:
        """``(event_id, payload)`` of the ``round_paused`` event still open once the events up to ``as_of`` happened,
        or None (no pause, or the last one is over: :func:`~dealer_station.outbox.ends_pause`).

        Reads back from ``as_of`` through the events that open or end a pause only, and stops at the first that
        decides: a round or a status change away, so the cost does not grow with the journal.
        """
        kinds = ("round_paused", "table_status", *sorted(PAUSE_ENDS))

        def read(c: sqlite3.Connection) -> tuple[int, str] | None:
            rows = c.execute(f"SELECT event_id, type, payload FROM outbox WHERE event_id <= ? AND type IN "
                             f"({', '.join('?' * len(kinds))}) ORDER BY event_id DESC", (as_of, *kinds))
            for event_id, kind, payload in rows:
                if kind == "round_paused":
                    return int(event_id), payload
                try:
                    data = json.loads(payload).get("data") if kind == "table_status" else None
                except (ValueError, AttributeError):
                    data = None   # an unreadable status says nothing of the pause: look further back
                    continue
                if ends_pause(kind, data):
                    return None
            return None

        return self._read(read, None)

    def problem(self, event_id: int, payload: str) -> str | None:
        """None when outbox event ``event_id`` matches the journal's hash chain, else what is wrong.

        The check of :class:`~dealer_station.journal.anchor.EventCheck`, kept for the reader's life.
        Raises OutboxError when the journal cannot be read.
        """
        with _wrapped():
            if self._check is None:
                self._check = EventCheck(self._conn)
            return self._check.problem(event_id, payload)

    # ----------------------------------------------------------------- marking
    def mark_published(self, event_ids: list[int], ts: str) -> None:
        """Mark events acknowledged by a broker at ``ts`` (UTC ISO text); commits. Raises OutboxError."""
        with _wrapped():
            mark_published(self._conn, event_ids, ts)

    # ----------------------------------------------------------------- life
    def close(self) -> None:
        """Close the connection (idempotent)."""
        self._conn.close()

    def __enter__(self) -> OutboxReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def pending_count(path: str | os.PathLike[str]) -> int:
    """Number of unpublished events in the outbox of the journal at ``path``.

    Returns 0 when the database or its outbox table does not exist yet. Raises OutboxError when the
    file is not a database.
    """
    if not Path(path).exists():
        return 0
    with OutboxReader(path) as reader:
        return reader.pending_count()
