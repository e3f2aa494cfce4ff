"""The journal's errors: a failed open, read or write (with its plain cause), and a journal another station holds."""

from __future__ import annotations

import sqlite3


class JournalError(OSError):
    """The journal could not be opened, read or written (wraps the ``sqlite3`` error as its cause).

    ``cause``: what went wrong in plain words when SQLite says (``"disk full"``, ``"I/O error"``,
    ``"database is locked"``: :func:`write_cause`), else ``""``.
    """

    def __init__(self, *args: object, cause: str = "") -> None:
        super().__init__(*args)
        self.cause = cause


_CAUSES = {sqlite3.SQLITE_FULL: "disk full", sqlite3.SQLITE_IOERR: "I/O error",
           sqlite3.SQLITE_BUSY: "database is locked", sqlite3.SQLITE_LOCKED: "database is locked",
           sqlite3.SQLITE_READONLY: "read-only database", sqlite3.SQLITE_CANTOPEN: "cannot open the database file"}


def write_cause(err: BaseException) -> str:
    """The plain cause of a failed write: ``"disk full"`` (SQLITE_FULL), ``"I/O error"`` (SQLITE_IOERR and its
    extended codes), ``"database is locked"`` (SQLITE_BUSY, SQLITE_LOCKED), ``"read-only database"``; ``""``
    for anything else (a body with no JSON text...).
    """
    code = getattr(err, "sqlite_errorcode", None)
    if not isinstance(code, int):
        return ""
    return _CAUSES.get(code & 0xFF, "")


class JournalBusyError(JournalError):
    """Another process (a running station) holds the journal's writer lock.

    ``path``: the journal; ``pid``: the holder's process id, None when it could not be read.
    """

    def __init__(self, path: str, pid: int | None) -> None:
        who = f"pid {pid}" if pid is not None else "pid unknown"
        super().__init__(f"the journal {path} is in use by another station ({who}); stop it or use another --journal")
        self.path = path
        self.pid = pid
