"""Opening a journal: the writer's directory checked and its lock taken, a reader's read-only connection
(also on read-only media).
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from dealer_station.journal.errors import JournalBusyError, JournalError
from dealer_station.journal.lock import SidecarLock, sidecar_path


def writer_lock(path: Path) -> SidecarLock:
    """The journal's directory made ready and its writer lock taken (a held :class:`SidecarLock`).

    Raises JournalBusyError when another process holds it, JournalError (one line naming the path and
    the fix) when the path cannot hold a journal: under a regular file, a directory itself, a new
    directory at the top of the file system, a directory or database that cannot be written, a database
    with more than one name (hard links, :func:`one_name`).
    """
    _journal_directory(path)
    lock = SidecarLock(sidecar_path(path, ".station.lock"))
    try:
        taken = lock.acquire()
    except OSError as err:
        raise JournalError(f"the journal {path} cannot be written: {lock.path.parent}: {err.strerror or err}; "
                           f"use a writable directory (another --journal); a finished journal on read-only "
                           f"media is read with journal verify|export") from err
    if not taken:
        raise JournalBusyError(str(path), lock.holder())
    try:
        one_name(path)
        if path.exists() and not os.access(path, os.R_OK | os.W_OK):
            raise JournalError(f"the journal {path} cannot be written (the file is read-only): make it writable, "
                               f"or read it with journal verify|export")
    except OSError:
        lock.release()
        raise
    return lock


def _journal_directory(path: Path) -> None:
    """Make the journal's directory when it is missing; raise JournalError saying why it cannot be.

    The station makes the missing directories of a path (the data directory of a first start), but
    never one at the top of the file system (``/nonexistent/dir/j.sqlite``: a system directory, a
    typing error more often than not, is the administrator's to make).
    """
    try:
        if path.is_dir():
            raise JournalError(f"the journal {path} is a directory: give a database file's name "
                               f"(e.g. {path / 'journal.sqlite'})")
        parent = path.absolute().parent
        missing: list[Path] = []
        found = parent
        while not found.exists():
            missing.append(found)
            found = found.parent
        if not found.is_dir():
            raise JournalError(f"the journal {path} cannot be made: {found} is a file, not a directory; "
                               f"choose a path in a directory (another --journal)")
        if not missing:
            return
        top = missing[-1]
        if top.parent == Path(top.anchor):
            raise JournalError(f"the journal {path} cannot be made: there is no directory {top}; create {parent} "
                               f"first or choose another --journal (a directory at the top of the file system "
                               f"is never made for you)")
        parent.mkdir(parents=True, exist_ok=True)
    except JournalError:
        raise
    except OSError as err:
        raise JournalError(f"the journal {path} cannot be made: {err.strerror or err}"
                           f"{f' ({err.filename})' if err.filename else ''}; create its directory or choose "
                           f"another --journal") from err


def one_name(path: Path) -> None:
    """Raise JournalError when the database at ``path`` has more than one name (hard links).

    The writer's lock is by name (symbolic links resolved), and SQLite keeps a database's write-ahead
    log and shared memory in files named after the name it was opened by: through a second name, a
    second station would take a second lock and write a second log of the same database, and a reader
    would miss what the first log holds. Either corrupts the journal or reads a wrong one, so a
    database with a hard link is refused, naming the fix. A path that does not exist yet passes.
    """
    try:
        links = os.stat(path).st_nlink
    except FileNotFoundError:
        return
    except OSError as err:
        raise JournalError(f"the journal {path} cannot be read: {err.strerror or err}") from err
    if links > 1:
        raise JournalError(f"the journal {path} has {links} names (hard links): one station and its readers "
                           f"must reach it by one name; remove the other names (find -samefile {path})")


def open_readonly(path: Path, table: str = "journal") -> sqlite3.Connection:
    """A read-only connection to the existing journal at ``path``; raises JournalError saying why not.

    SQLite reads a WAL database only with a ``-shm`` file, which it makes next to the database. On
    read-only media (a read-only mount, a directory this user cannot write) none can be made: a
    finished journal (no ``-wal`` file, or an empty one: every write is in the database) is then read
    as ``immutable``; one whose ``-wal`` still holds writes cannot be read without them and is refused,
    naming the fix (copy the database with its ``-wal`` file to writable storage). ``table`` is the table
    that must be there (``"journal"``; the outbox's readers ask for ``"outbox"`` or ``"sqlite_master"``).
    """
    try:
        if not path.is_file():
            raise JournalError(f"no journal at {path}")
        one_name(path)
        uri = path.resolve().as_uri()
    except JournalError:
        raise
    except OSError as err:
        raise JournalError(f"no journal at {path}: {err.strerror or err}") from err

    def connect(query: str) -> sqlite3.Connection:
        conn = sqlite3.connect(f"{uri}?{query}", uri=True, isolation_level=None, check_same_thread=False,
                               timeout=10)
        try:
            conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchall()
        except BaseException:
            conn.close()
            raise
        return conn

    try:
        return connect("mode=ro")
    except sqlite3.Error as err:
        first = err
    wal = path.with_name(path.name + "-wal")
    try:
        writable = os.access(path.parent, os.W_OK)
        pending = wal.exists() and wal.stat().st_size > 0
    except OSError:
        writable, pending = True, False
    if writable or not isinstance(first, sqlite3.OperationalError):
        raise JournalError(f"{path} is not a readable journal: {first}") from first
    if pending:
        raise JournalError(f"{path} cannot be read on read-only media: its {wal.name} file still holds writes "
                           f"and no {path.name}-shm can be made here; copy both files to writable storage and "
                           f"read the copy") from first
    try:
        return connect("mode=ro&immutable=1")
    except sqlite3.Error as err:
        raise JournalError(f"{path} is not a readable journal: {err}") from err
