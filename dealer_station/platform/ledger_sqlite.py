"""The ledger in a SQLite file (WAL, ``synchronous = FULL``): the embedded default of ``events follow``.

A :class:`~dealer_station.platform.ledger.Store`: it connects, runs transactions (``BEGIN IMMEDIATE`` for an
exclusive one) and holds the gap checker's lock for the consumers of one machine sharing the file
(an exclusive ``flock`` of ``FILE.checker-lock``, released when the process ends however it ends).
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from dealer_station.platform.ledger import LedgerError

__all__ = ["SqliteStore"]


class _Tx:
    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def execute(self, sql: str, params: tuple = ()) -> int:
        return self.conn.execute(sql, params).rowcount

    def executemany(self, sql: str, rows: list[tuple]) -> int:
        return self.conn.executemany(sql, rows).rowcount

    def query(self, sql: str, params: tuple = ()) -> list[tuple]:
        return self.conn.execute(sql, params).fetchall()


class SqliteStore:
    """A ledger file, opened for writing (created when missing) or ``readonly`` (it must exist).

    Raises LedgerError when the file is missing (read-only) or cannot be opened. The connection belongs to the
    thread that made it.
    """

    errors = (sqlite3.Error,)

    def __init__(self, path: str | os.PathLike[str], *, readonly: bool = False) -> None:
        self.path = Path(path)
        self.name = str(self.path)
        self._lock_fd: int | None = None
        try:
            if readonly:
                if not self.path.is_file():
                    raise LedgerError(f"ledger {self.path} does not exist")
                self.conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=10, isolation_level=None)
            else:
                self.conn = sqlite3.connect(self.path, timeout=10, isolation_level=None)
                self.conn.execute("PRAGMA busy_timeout = 10000")
                self.conn.execute("PRAGMA journal_mode = WAL")
                self.conn.execute("PRAGMA synchronous = FULL")
        except sqlite3.Error as err:
            raise LedgerError(f"ledger {self.path} cannot be {'opened' if readonly else 'used'}: {err}") from err

    @contextmanager
    def transaction(self, *, exclusive: bool = False) -> Iterator[_Tx]:
        """One transaction (``BEGIN IMMEDIATE``: the write lock at once, so one writer at a time)."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield _Tx(self.conn)
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        try:
            self.conn.execute("COMMIT")
        except sqlite3.Error:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise

    def query(self, sql: str, params: tuple = ()) -> list[tuple]:
        """The rows of one query."""
        return self.conn.execute(sql, params).fetchall()

    def lead(self) -> bool:
        """Hold ``FILE.checker-lock`` exclusively (``flock``, not waiting): True while this process holds it."""
        if self._lock_fd is not None:
            return True
        try:
            fd = os.open(f"{self.path}.checker-lock", os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as err:
            raise LedgerError(f"ledger {self.path}: the gap checker's lock file cannot be made: "
                              f"{err.strerror or err}") from err
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._lock_fd = fd
        return True

    def close(self) -> None:
        """Close the connection and let the lock go."""
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None
        self.conn.close()
