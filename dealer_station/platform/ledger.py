"""The consumer's ledger: every event of every followed table, exactly once, in id order.

One ledger, two stores: a SQLite file (WAL, the embedded default: :mod:`~dealer_station.platform.ledger_sqlite`)
or a PostgreSQL database (``postgresql://user@host:port/db``, :mod:`~dealer_station.platform.ledger_postgres`),
which several consumers may write at once. Everything a ledger promises is here, once, in SQL both speak;
a store only connects, runs transactions and says who is the one gap checker (:meth:`Store.lead`).

Tables::

    events(table_id, event_id, type, ts, journal_seq, journal_hash, anchor_check, anchor_detail,
           payload, received_utc)  PRIMARY KEY (table_id, event_id)
    given_up(table_id, first_id, last_id, reason, recorded_utc)   -- ids the station no longer kept
    rejected(table_id, event_id, topic, reason, payload, received_utc)   -- refused by --trust, kept with why
    ledger_schema(version, description, applied_utc)   -- the migrations applied, by number

``payload`` is the event's JSON text exactly as received. A batch of events is one transaction, so
after a crash the ledger holds a prefix of each table's ids and :meth:`Ledger.state` says where to
go on. The key ``(table_id, event_id)`` makes a second write of an id a no-op (``ON CONFLICT``): a
replayed or doubled event, or one a member of a pool wrote first, changes nothing.

A member of a pool (``events follow --share GROUP``) writes what it receives as it comes, its anchor
not yet checked (``anchor_check = 'pending'``, :meth:`Ledger.receive`); the one gap checker of the
ledger reads those (:meth:`Ledger.unchecked`) into its tracker, which checks their anchors in id
order and finds the gaps, and writes the checks back (:meth:`Ledger.write`).

The schema is made on first use and moved on by numbered migrations (:data:`MIGRATIONS`), each in one
transaction with the number it brings recorded in ``ledger_schema``; a ledger of a later schema than
this version knows is refused, never changed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Protocol

from dealer_station.platform.tracker import ANCHOR_BROKEN, Accepted, Anchor, anchor_of
from dealer_station.publish.status import utc_now

__all__ = ["ANCHOR_PENDING", "LATEST_SCHEMA", "MIGRATIONS", "Ledger", "LedgerError", "LedgerReader", "Migration",
           "Store", "TableSummary", "error_line", "is_postgres_url", "open_store", "summarize"]

ANCHOR_PENDING = "pending"
"""``anchor_check`` of an event a pool member wrote as it came: the gap checker has not checked it yet."""


@dataclass(frozen=True, slots=True)
class Migration:
    """One step of the ledger's schema: its number, what it brings, and its statements (SQL both stores run)."""

    number: int
    description: str
    statements: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "events, given up ids and refused messages", (
        """CREATE TABLE IF NOT EXISTS events (
            table_id TEXT NOT NULL,
            event_id BIGINT NOT NULL,
            type TEXT,
            ts TEXT,
            journal_seq BIGINT,
            journal_hash TEXT,
            anchor_check TEXT NOT NULL,
            anchor_detail TEXT NOT NULL DEFAULT '',
            payload TEXT NOT NULL,
            received_utc TEXT NOT NULL,
            PRIMARY KEY (table_id, event_id))""",
        """CREATE TABLE IF NOT EXISTS rejected (
            table_id TEXT NOT NULL,
            event_id BIGINT,
            topic TEXT NOT NULL,
            reason TEXT NOT NULL,
            payload TEXT NOT NULL,
            received_utc TEXT NOT NULL)""",
        """CREATE TABLE IF NOT EXISTS given_up (
            table_id TEXT NOT NULL,
            first_id BIGINT NOT NULL,
            last_id BIGINT NOT NULL,
            reason TEXT NOT NULL,
            recorded_utc TEXT NOT NULL)""",
    )),
    Migration(2, "a pool's unchecked events found by the one gap checker; events by type for reports", (
        "CREATE INDEX IF NOT EXISTS events_unchecked ON events (table_id, event_id) WHERE anchor_check = 'pending'",
        "CREATE INDEX IF NOT EXISTS events_by_type ON events (type, table_id, event_id)",
    )),
)
"""The ledger's schema, step by step: a new step is appended with the next number, never edited once shipped."""

LATEST_SCHEMA = MIGRATIONS[-1].number
"""The schema version this code writes."""

_SCHEMA_TABLE = ("CREATE TABLE IF NOT EXISTS ledger_schema (version BIGINT PRIMARY KEY, description TEXT NOT NULL, "
                 "applied_utc TEXT NOT NULL)")

_COLUMNS = ("table_id, event_id, type, ts, journal_seq, journal_hash, anchor_check, anchor_detail, payload, "
            "received_utc")
_INSERT = f"INSERT INTO events({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, event_id) "
_WRITE = _INSERT + ("DO UPDATE SET anchor_check = excluded.anchor_check, anchor_detail = excluded.anchor_detail "
                    f"WHERE events.anchor_check = '{ANCHOR_PENDING}'")
"""A checked event: new, or the check of one a pool member wrote unchecked; an id already checked is a no-op."""
_RECEIVE = _INSERT + "DO NOTHING"
"""An event as a pool member received it, unchecked; an id already there is a no-op."""


class LedgerError(RuntimeError):
    """The ledger cannot be opened or written, or is not a ledger; the message says which."""


class Transaction(Protocol):
    """What a store's open transaction runs (``?`` placeholders)."""

    def execute(self, sql: str, params: tuple = ()) -> int:
        """Run one statement; the number of rows it changed."""

    def executemany(self, sql: str, rows: list[tuple]) -> int:
        """Run one statement per row; the number of rows changed in all."""

    def query(self, sql: str, params: tuple = ()) -> list[tuple]:
        """Run one query; its rows."""


class Store(Protocol):
    """Where a ledger lives: :class:`~dealer_station.platform.ledger_sqlite.SqliteStore` or
    :class:`~dealer_station.platform.ledger_postgres.PostgresStore`.

    ``name`` names it in messages (a URL without its password); ``errors`` are the driver's exceptions, which
    the ledger turns into :class:`LedgerError` with what it was doing.
    """

    name: str
    errors: tuple[type[BaseException], ...]

    def transaction(self, *, exclusive: bool = False) -> AbstractContextManager[Transaction]:
        """One transaction, committed on leaving, rolled back on an exception; ``exclusive``: one at a time
        across every writer of the ledger (the migrations).
        """

    def query(self, sql: str, params: tuple = ()) -> list[tuple]:
        """Rows of one query, outside any write."""

    def lead(self) -> bool:
        """True while this process is the ledger's one gap checker (a lock the store holds for it)."""

    def close(self) -> None:
        """Release the store's connections and lock."""


def is_postgres_url(target: str | os.PathLike[str]) -> bool:
    """True for a ``postgresql://`` (or ``postgres://``) URL, False for a SQLite file's path."""
    return str(target).startswith(("postgresql://", "postgres://"))


def open_store(target: str | os.PathLike[str], *, readonly: bool = False) -> Store:
    """The store of ``target``: a PostgreSQL URL or a SQLite file (created when missing unless ``readonly``).

    Raises LedgerError when it cannot be opened (the message names it, never a password).
    """
    if is_postgres_url(target):
        from dealer_station.platform.ledger_postgres import PostgresStore

        return PostgresStore(str(target))
    from dealer_station.platform.ledger_sqlite import SqliteStore

    return SqliteStore(target, readonly=readonly)


class LedgerReader:
    """A ledger opened to read (``events ledger``, ``report --ledger``, ``recall --ledger``): never migrated nor
    written. A SQLite file is opened read-only (it must exist); a PostgreSQL ledger is only read.

    Raises LedgerError when it cannot be opened.
    """

    def __init__(self, target: str | os.PathLike[str], *, store: Store | None = None) -> None:
        self.store = store if store is not None else open_store(target, readonly=True)
        self.name = self.store.name

    def _read(self, sql: str, params: tuple = ()) -> list[tuple]:
        try:
            return self.store.query(sql, params)
        except self.store.errors as err:
            raise LedgerError(f"ledger {self.name} cannot be read: {error_line(err)}") from err

    def query(self, sql: str, params: tuple = ()) -> list[tuple]:
        """The rows of a query of the ledger's tables (``?`` placeholders; tools and benchmarks). Raises LedgerError."""
        return self._read(sql, params)

    def state(self) -> dict[str, tuple[int, Anchor | None]]:
        """``{table_id: (last_event_id, last_anchor)}`` of the checked events: where each table's writing goes on.

        Events a pool member wrote unchecked are not counted: the tracker reads them again (:meth:`unchecked`).
        """
        out: dict[str, tuple[int, Anchor | None]] = {}
        rows = self._read("SELECT table_id, MAX(event_id) FROM events WHERE anchor_check <> ? GROUP BY table_id",
                          (ANCHOR_PENDING,))
        for table_id, last in rows:
            anchor = self._read(
                "SELECT journal_seq, journal_hash FROM events WHERE table_id = ? AND journal_seq IS NOT NULL "
                "AND anchor_check <> ? ORDER BY event_id DESC LIMIT 1", (table_id, ANCHOR_PENDING))
            out[table_id] = (int(last), Anchor(int(anchor[0][0]), anchor[0][1]) if anchor else None)
        return out

    def unchecked(self, after: dict[str, int], limit: int = 5000) -> Iterator[tuple[str, int, str]]:
        """``(table_id, event_id, payload)`` of the events written unchecked, per table in id order, past
        ``after[table_id]`` (the checker's last checked id), at most ``limit`` per table.
        """
        tables = self._read("SELECT DISTINCT table_id FROM events WHERE anchor_check = ?", (ANCHOR_PENDING,))
        for (table_id,) in sorted(tables):
            yield from self._read(
                "SELECT table_id, event_id, payload FROM events WHERE table_id = ? AND anchor_check = ? "
                "AND event_id > ? ORDER BY event_id LIMIT ?", (table_id, ANCHOR_PENDING, after.get(table_id, 0),
                                                               limit))

    def announcements(self) -> list[tuple[str, str]]:
        """``(table_id, payload)`` of every stored ``signing_key`` event (a station's new key), by table and id."""
        return [(t, p) for t, p in self._read("SELECT table_id, payload FROM events WHERE type = 'signing_key' "
                                              "ORDER BY table_id, event_id")]

    def tables(self) -> list[str]:
        """The ids of the tables with events in the ledger, sorted."""
        return [t for (t,) in self._read("SELECT DISTINCT table_id FROM events ORDER BY table_id")]

    def events(self, tables: Iterable[str] | None = None) -> Iterator[tuple[str, int, str]]:
        """``(table_id, event_id, payload)`` of every event (of ``tables`` only), by table and id, read a page
        at a time.
        """
        for table_id in sorted(set(tables)) if tables else self.tables():
            after = 0
            while page := self._read("SELECT table_id, event_id, payload FROM events WHERE table_id = ? AND "
                                     "event_id > ? ORDER BY event_id LIMIT 5000", (table_id, after)):
                yield from page
                after = page[-1][1]

    def summarize(self) -> list[TableSummary]:
        """Per table (sorted by id): last id, count, gaps, anchors (:class:`TableSummary`)."""
        return _summaries(self)

    def close(self) -> None:
        """Close the ledger's store."""
        self.store.close()


class Ledger(LedgerReader):
    """A ledger, opened for writing: its schema made or migrated to :data:`LATEST_SCHEMA` first.

    Parameters
    ----------
    target : str or path-like
        A SQLite file (created when missing) or a ``postgresql://user@host:port/db`` URL.
    store : Store, optional
        An open store to use instead (``target`` then only names it).

    Raises LedgerError when the ledger cannot be opened, is another kind of database, or has a later schema.
    """

    def __init__(self, target: str | os.PathLike[str], *, store: Store | None = None) -> None:
        super().__init__(target, store=store if store is not None else open_store(target))
        try:
            self.schema_version = self._migrate()
            self.store.query("SELECT table_id, event_id, anchor_check, payload FROM events LIMIT 1")
        except self.store.errors as err:
            self.store.close()
            raise LedgerError(f"ledger {self.name} cannot be used: {error_line(err)}") from err
        except LedgerError:
            self.store.close()
            raise

    @property
    def conn(self):  # noqa: ANN201 - the SQLite store's connection
        """The SQLite store's connection (tests and tools reading a file ledger)."""
        return self.store.conn

    def _migrate(self) -> int:
        """Apply the migrations this ledger lacks, in order, in one transaction; return the schema version."""
        with self.store.transaction(exclusive=True) as tx:
            tx.execute(_SCHEMA_TABLE)
            ((have,),) = tx.query("SELECT COALESCE(MAX(version), 0) FROM ledger_schema")
            if have > LATEST_SCHEMA:
                raise LedgerError(f"ledger {self.name} has schema {have}, made by a later dealer-station (this one "
                                  f"knows schemas up to {LATEST_SCHEMA}): not changed")
            for step in MIGRATIONS:
                if step.number > have:
                    for statement in step.statements:
                        tx.execute(statement)
                    tx.execute("INSERT INTO ledger_schema VALUES (?, ?, ?)",
                               (step.number, step.description, utc_now()))
        return max(have, LATEST_SCHEMA)

    def migrations(self) -> list[tuple[int, str, str]]:
        """``(version, description, applied_utc)`` of every migration applied, in order."""
        return [(int(v), d, a) for v, d, a in self._read(
            "SELECT version, description, applied_utc FROM ledger_schema ORDER BY version")]

    def _tx(self, what: str) -> _Guard:
        return _Guard(self, what)

    def write(self, accepted: Iterable[Accepted]) -> int:
        """Write checked events in one transaction (an id already checked is left as it is); return how many
        were written or checked. Raises LedgerError (nothing written) on failure.
        """
        now = utc_now()
        rows = [(a.table_id, a.event_id, _str(a.envelope.get("type")), _str(a.envelope.get("ts")),
                 a.anchor.journal_seq if a.anchor else None, a.anchor.journal_hash if a.anchor else None,
                 a.check, a.detail, a.payload, now) for a in accepted]
        if not rows:
            return 0
        with self._tx(f"writing {len(rows)} event(s) to") as tx:
            return tx.executemany(_WRITE, rows)


    def receive(self, events: Iterable[tuple[str, dict, str]]) -> int:
        """Write ``(table_id, envelope, payload)`` as a pool member received them, unchecked, in one transaction;
        return how many were new (the rest were in the ledger already). Raises LedgerError (nothing written).
        """
        now = utc_now()
        rows = []
        for table_id, envelope, payload in events:
            anchor = anchor_of(envelope)
            anchor = anchor if isinstance(anchor, Anchor) else None
            rows.append((table_id, envelope["event_id"], _str(envelope.get("type")), _str(envelope.get("ts")),
                         anchor.journal_seq if anchor else None, anchor.journal_hash if anchor else None,
                         ANCHOR_PENDING, "", payload, now))
        if not rows:
            return 0
        with self._tx(f"writing {len(rows)} event(s) to") as tx:
            return tx.executemany(_RECEIVE, rows)


    def give_up(self, table_id: str, first_id: int, last_id: int, reason: str) -> None:
        """Record ids that will never come (the station no longer keeps them)."""
        with self._tx("writing to") as tx:
            tx.execute("INSERT INTO given_up VALUES (?, ?, ?, ?, ?)", (table_id, first_id, last_id, reason, utc_now()))


    def reject(self, table_id: str, event_id: int | None, topic: str, reason: str, payload: str) -> None:
        """Keep a message refused by the consumer's trust (unsigned, another key, not verifying), with why.

        It is never an event of the ledger: a genuine event of the same id is still written. Raises LedgerError.
        """
        with self._tx("writing to") as tx:
            tx.execute("INSERT INTO rejected VALUES (?, ?, ?, ?, ?, ?)",
                       (table_id, event_id, topic, reason, payload, utc_now()))

    def lead(self) -> bool:
        """True while this process is the ledger's one gap checker (:meth:`Store.lead`). Raises LedgerError."""
        try:
            return self.store.lead()
        except self.store.errors as err:
            raise LedgerError(f"ledger {self.name}: the gap checker's lock failed: {error_line(err)}") from err


class _Guard:
    """A write transaction of the ledger whose driver errors become one LedgerError naming what was done."""

    def __init__(self, ledger: Ledger, what: str) -> None:
        self.ledger, self.what = ledger, what
        self._cm: AbstractContextManager[Transaction] | None = None

    def __enter__(self) -> Transaction:
        try:
            self._cm = self.ledger.store.transaction()
            return self._cm.__enter__()
        except self.ledger.store.errors as err:
            raise self._error(err) from err

    def __exit__(self, kind, value, tb) -> bool:  # noqa: ANN001
        assert self._cm is not None
        try:
            self._cm.__exit__(kind, value, tb)
        except self.ledger.store.errors as err:
            raise self._error(err) from err
        if value is not None and isinstance(value, self.ledger.store.errors):
            raise self._error(value) from value
        return False

    def _error(self, err: BaseException) -> LedgerError:
        return LedgerError(f"{self.what} ledger {self.ledger.name} failed: {error_line(err)}")


def error_line(err: BaseException) -> str:
    """A driver's error in one line (its message's lines joined)."""
    return " ".join(str(err).split()) or type(err).__name__


def _str(value: object) -> str | None:
    return value if isinstance(value, str) else None


@dataclass(frozen=True, slots=True)
class TableSummary:
    """What the ledger holds for one table.

    ``gaps``: missing id ranges ``[first, last]`` between 1 and ``last_event_id``; ``given_up``: those
    of them recorded as no longer kept by the station; ``anchor_breaks``: events whose anchor did not
    follow the previous one; ``last_anchor``: the last event's ``{journal_seq, journal_hash}`` or None;
    ``rejected``: messages of the table refused by the consumer's trust (``events follow --trust``);
    ``unchecked``: events a pool member wrote whose anchor the gap checker has not checked yet.
    """

    table_id: str
    last_event_id: int
    events: int
    gaps: list[list[int]]
    last_anchor: dict | None
    unanchored: int
    anchor_breaks: int
    given_up: list[list[int]]
    rejected: int = 0
    unchecked: int = 0

    def as_dict(self) -> dict:
        """The summary as JSON-able values."""
        return {"table_id": self.table_id, "last_event_id": self.last_event_id, "events": self.events,
                "gaps": self.gaps, "last_anchor": self.last_anchor, "unanchored": self.unanchored,
                "anchor_breaks": self.anchor_breaks, "given_up": self.given_up, "rejected": self.rejected,
                "unchecked": self.unchecked}


def summarize(target: str | os.PathLike[str]) -> list[TableSummary]:
    """Per table (sorted by id): last id, count, gaps, anchors, read with a :class:`LedgerReader` (a ledger of
    any schema, not migrated).

    Raises LedgerError when the ledger is missing, cannot be opened or is not a ledger.
    """
    reader = LedgerReader(target)
    try:
        return reader.summarize()
    finally:
        reader.close()


def _summaries(ledger: LedgerReader) -> list[TableSummary]:
    read = ledger._read
    tables = [list(t) for t in read(
        "SELECT table_id, MAX(event_id), COUNT(*), SUM(CASE WHEN anchor_check = 'unanchored' THEN 1 ELSE 0 END), "
        "SUM(CASE WHEN anchor_check = ? THEN 1 ELSE 0 END), SUM(CASE WHEN anchor_check = ? THEN 1 ELSE 0 END) "
        "FROM events GROUP BY table_id ORDER BY table_id", (ANCHOR_BROKEN, ANCHOR_PENDING))]
    try:
        rejected = dict(read("SELECT table_id, COUNT(*) FROM rejected GROUP BY table_id"))
    except LedgerError:   # a ledger made before the consumer could trust keys
        rejected = {}
    seen = {t[0] for t in tables}
    tables += [[t, 0, 0, 0, 0, 0] for t in sorted(rejected) if t not in seen]   # only forgeries came
    tables.sort(key=lambda t: t[0])
    out = []
    for table_id, last, count, unanchored, broken, pending in tables:
        gaps, expect, after = [], 1, 0
        while page := read("SELECT event_id FROM events WHERE table_id = ? AND event_id > ? ORDER BY event_id "
                           "LIMIT 20000", (table_id, after)):
            for (event_id,) in page:
                if event_id > expect:
                    gaps.append([expect, event_id - 1])
                expect = event_id + 1
            after = page[-1][0]
        anchor = read("SELECT journal_seq, journal_hash FROM events WHERE table_id = ? ORDER BY event_id DESC LIMIT 1",
                      (table_id,))
        given = [[int(a), int(b)] for a, b in read(
            "SELECT first_id, last_id FROM given_up WHERE table_id = ? ORDER BY first_id", (table_id,))]
        out.append(TableSummary(
            table_id, int(last), int(count), gaps,
            {"journal_seq": int(anchor[0][0]), "journal_hash": anchor[0][1]}
            if anchor and anchor[0][0] is not None else None,
            int(unanchored or 0), int(broken or 0), given, int(rejected.get(table_id, 0)), int(pending or 0)))
    return out
