"""The ledger in a PostgreSQL database: one ledger several consumers write at once (psycopg 3, psycopg_pool).

A :class:`~dealer_station.platform.ledger.Store` for ``postgresql://user[:password]@host[:port]/db`` (any libpq
URL: ``?host=/run/postgresql`` for a Unix socket, ``sslmode=...``). Writes go through a small connection pool
(each connection checked before use, so a restarted server costs one failed batch at most); an exclusive
transaction (the migrations) takes a transaction-scoped advisory lock first, so consumers starting together
migrate once; the one gap checker of the ledger is whoever holds a session advisory lock, on a connection of
its own: the server lets it go when that process ends, however it ends, and another member takes it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit, urlunsplit

from dealer_station.platform.ledger import LedgerError, error_line

__all__ = ["CHECKER_LOCK", "MIGRATION_LOCK", "PostgresStore", "redacted"]

MIGRATION_LOCK = 0x4453_4C47_4D49_4752 & 0x7FFF_FFFF_FFFF_FFFF
"""Advisory lock key (bigint) the migrations of a ledger take, one transaction at a time."""
CHECKER_LOCK = 0x4453_4C47_4348_4B52 & 0x7FFF_FFFF_FFFF_FFFF
"""Advisory lock key (bigint) held by the ledger's one gap checker for as long as its session lasts."""
CONNECT_TIMEOUT = 10
"""Seconds a connection to the server may take."""
LEAD_CHECK_SECONDS = 1.0
"""How often the gap checker's lock connection is asked whether it still stands."""


def redacted(url: str) -> str:
    """``url`` without its password (``postgresql://sue:***@db:5432/ledger``), for messages."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        host = parts.hostname or ""
        netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
        return urlunsplit(parts._replace(netloc=netloc))
    except ValueError:   # a port that is not a number: say nothing of what follows the user
        return url.split("@", 1)[-1] if "@" in url else url


class _Tx:
    def __init__(self, cursor) -> None:  # noqa: ANN001 - a psycopg cursor
        self.cursor = cursor

    def execute(self, sql: str, params: tuple = ()) -> int:
        self.cursor.execute(_sql(sql), params)
        return self.cursor.rowcount

    def executemany(self, sql: str, rows: list[tuple]) -> int:
        self.cursor.executemany(_sql(sql), rows)
        return self.cursor.rowcount

    def query(self, sql: str, params: tuple = ()) -> list[tuple]:
        self.cursor.execute(_sql(sql), params)
        return self.cursor.fetchall()


def _sql(text: str) -> str:
    """The ledger's ``?`` placeholders as psycopg's ``%s`` (the ledger's SQL has no other ``?`` or ``%``)."""
    return text.replace("?", "%s")


class PostgresStore:
    """A PostgreSQL ledger at ``url``; raises LedgerError (one line, no password) when it cannot be reached,
    or when psycopg is not installed.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.name = redacted(url)
        try:
            import psycopg
            import psycopg_pool
        except ImportError as err:
            raise LedgerError(f"ledger {self.name}: a PostgreSQL ledger needs psycopg 3 and psycopg_pool (pip install "
                              f"'psycopg[binary]' psycopg_pool): {err}") from None
        self._psycopg = psycopg
        self.errors = (psycopg.Error,)
        self._lock_conn = None
        self._lead_checked = 0.0
        try:
            psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT).close()   # says why, where a pool would wait
        except psycopg.Error as err:
            raise LedgerError(f"ledger {self.name} cannot be reached: {error_line(err)}") from None
        except ValueError as err:   # libpq refuses the URL itself
            raise LedgerError(f"ledger {self.name} is not a PostgreSQL URL libpq reads: {error_line(err)}") from None
        self.pool = psycopg_pool.ConnectionPool(
            url, min_size=1, max_size=4, open=True, timeout=30, name="dealer-station-ledger",
            kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT},
            check=psycopg_pool.ConnectionPool.check_connection)

    @contextmanager
    def transaction(self, *, exclusive: bool = False) -> Iterator[_Tx]:
        """One transaction on a pooled connection; ``exclusive`` takes :data:`MIGRATION_LOCK` first."""
        with self.pool.connection() as conn, conn.transaction(), conn.cursor() as cursor:
            if exclusive:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
            yield _Tx(cursor)

    def query(self, sql: str, params: tuple = ()) -> list[tuple]:
        """The rows of one query."""
        with self.pool.connection() as conn:
            return conn.execute(_sql(sql), params).fetchall()

    def lead(self) -> bool:
        """Hold :data:`CHECKER_LOCK` on a connection of its own: True while it is held (asked of the server at
        most every :data:`LEAD_CHECK_SECONDS`; a lost connection loses it, and it is tried for again).
        """
        psycopg = self._psycopg
        now = time.monotonic()
        if self._lock_conn is not None:
            if now - self._lead_checked < LEAD_CHECK_SECONDS:
                return True
            try:
                self._lock_conn.execute("SELECT 1").fetchall()
                self._lead_checked = now
                return True
            except psycopg.Error:
                self._drop_lock()
        conn = psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
        try:
            ((held,),) = conn.execute("SELECT pg_try_advisory_lock(%s)", (CHECKER_LOCK,)).fetchall()
        except BaseException:
            conn.close()
            raise
        if not held:
            conn.close()
            return False
        self._lock_conn, self._lead_checked = conn, now
        return True

    def _drop_lock(self) -> None:
        if self._lock_conn is not None:
            try:
                self._lock_conn.close()
            except self._psycopg.Error:
                pass
            self._lock_conn = None

    def close(self) -> None:
        """Close the pool and the lock's connection (which lets the lock go)."""
        self._drop_lock()
        self.pool.close()

