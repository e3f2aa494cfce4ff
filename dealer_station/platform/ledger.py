"""The consumer's ledger: every event of every followed table, exactly once, in id order (SQLite, WAL).

Tables::

    events(table_id, event_id, type, ts, journal_seq, journal_hash, anchor_check, anchor_detail,
           payload, received_utc)  PRIMARY KEY (table_id, event_id)
    given_up(table_id, first_id, last_id, reason, recorded_utc)   -- ids the station no longer kept
    rejected(table_id, event_id, topic, reason, payload, received_utc)   -- refused by --trust, kept with why

``payload`` is the event's JSON text exactly as received. A batch of events is one transaction, so
after a crash the ledger holds a prefix of each table's ids and :meth:`Ledger.state` says where to
go on. The unique key makes a second write of an id an error (the tracker never makes one).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from dealer_station.platform.tracker import ANCHOR_BROKEN, Accepted, Anchor
from dealer_station.publish.status import utc_now

__all__ = ["Ledger", "LedgerError", "TableSummary", "summarize"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL,
    event_id INTEGER NOT NULL,
    type TEXT,
    ts TEXT,
    journal_seq INTEGER,
    journal_hash TEXT,
    anchor_check TEXT NOT NULL,
    anchor_detail TEXT NOT NULL DEFAULT '',
    payload TEXT NOT NULL,
    received_utc TEXT NOT NULL,
    PRIMARY KEY (table_id, event_id)
);
CREATE TABLE IF NOT EXISTS rejected (
    table_id TEXT NOT NULL,
    event_id INTEGER,
    topic TEXT NOT NULL,
    reason TEXT NOT NULL,
    payload TEXT NOT NULL,
    received_utc TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS given_up (
    table_id TEXT NOT NULL,
    first_id INTEGER NOT NULL,
    last_id INTEGER NOT NULL,
    reason TEXT NOT NULL,
    recorded_utc TEXT NOT NULL
);
"""


class LedgerError(RuntimeError):
    """The ledger file cannot be opened or written, or is not a ledger; the message says which."""


class Ledger:
    """The ledger file, opened for writing (created when missing). One writer at a time.

    Raises LedgerError when the file cannot be opened or is another kind of database.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        try:
            self.conn = sqlite3.connect(self.path, timeout=10)
            self.conn.execute("PRAGMA busy_timeout = 10000")
            self.conn.execute("PRAGMA journal_mode = WAL")
            self.conn.execute("PRAGMA synchronous = FULL")
            self.conn.executescript(_SCHEMA)
            self.conn.execute("SELECT table_id, event_id, anchor_check, payload FROM events LIMIT 1").fetchall()
        except sqlite3.Error as err:
            raise LedgerError(f"ledger {self.path} cannot be used: {err}") from err

    def state(self) -> dict[str, tuple[int, Anchor | None]]:
        """``{table_id: (last_event_id, last_anchor)}``: where each table's writing goes on."""
        out: dict[str, tuple[int, Anchor | None]] = {}
        rows = self.conn.execute("SELECT table_id, MAX(event_id) FROM events GROUP BY table_id").fetchall()
        for table_id, last in rows:
            anchor = self.conn.execute(
                "SELECT journal_seq, journal_hash FROM events WHERE table_id = ? AND journal_seq IS NOT NULL "
                "ORDER BY event_id DESC LIMIT 1", (table_id,)).fetchone()
            out[table_id] = (int(last), Anchor(int(anchor[0]), anchor[1]) if anchor else None)
        return out

    def write(self, accepted: Iterable[Accepted]) -> int:
        """Write events in one transaction; return how many. Raises LedgerError (nothing written) on failure."""
        now = utc_now()
        rows = [(a.table_id, a.event_id, _str(a.envelope.get("type")), _str(a.envelope.get("ts")),
                 a.anchor.journal_seq if a.anchor else None, a.anchor.journal_hash if a.anchor else None,
                 a.check, a.detail, a.payload, now) for a in accepted]
        if not rows:
            return 0
        try:
            with self.conn:
                self.conn.executemany(
                    "INSERT INTO events(table_id, event_id, type, ts, journal_seq, journal_hash, anchor_check, "
                    "anchor_detail, payload, received_utc) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
        except sqlite3.Error as err:
            raise LedgerError(f"writing {len(rows)} event(s) to ledger {self.path} failed: {err}") from err
        return len(rows)

    def give_up(self, table_id: str, first_id: int, last_id: int, reason: str) -> None:
        """Record ids that will never come (the station no longer keeps them)."""
        try:
            with self.conn:
                self.conn.execute("INSERT INTO given_up VALUES (?, ?, ?, ?, ?)",
                                  (table_id, first_id, last_id, reason, utc_now()))
        except sqlite3.Error as err:
            raise LedgerError(f"writing to ledger {self.path} failed: {err}") from err

    def announcements(self) -> list[tuple[str, str]]:
        """``(table_id, payload)`` of every stored ``signing_key`` event (a station's new key), by table and id."""
        return self.conn.execute("SELECT table_id, payload FROM events WHERE type = 'signing_key' "
                                 "ORDER BY table_id, event_id").fetchall()

    def reject(self, table_id: str, event_id: int | None, topic: str, reason: str, payload: str) -> None:
        """Keep a message refused by the consumer's trust (unsigned, another key, not verifying), with why.

        It is never an event of the ledger: a genuine event of the same id is still written. Raises LedgerError.
        """
        try:
            with self.conn:
                self.conn.execute("INSERT INTO rejected VALUES (?, ?, ?, ?, ?, ?)",
                                  (table_id, event_id, topic, reason, payload, utc_now()))
        except sqlite3.Error as err:
            raise LedgerError(f"writing to ledger {self.path} failed: {err}") from err

    def close(self) -> None:
        """Close the ledger's database."""
        self.conn.close()


def _str(value: object) -> str | None:
    return value if isinstance(value, str) else None


@dataclass(frozen=True, slots=True)
class TableSummary:
    """What the ledger holds for one table.

    ``gaps``: missing id ranges ``[first, last]`` between 1 and ``last_event_id``; ``given_up``: those
    of them recorded as no longer kept by the station; ``anchor_breaks``: events whose anchor did not
    follow the previous one; ``last_anchor``: the last event's ``{journal_seq, journal_hash}`` or None;
    ``rejected``: messages of the table refused by the consumer's trust (``events follow --trust``).
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

    def as_dict(self) -> dict:
        """The summary as JSON-able values."""
        return {"table_id": self.table_id, "last_event_id": self.last_event_id, "events": self.events,
                "gaps": self.gaps, "last_anchor": self.last_anchor, "unanchored": self.unanchored,
                "anchor_breaks": self.anchor_breaks, "given_up": self.given_up, "rejected": self.rejected}


def summarize(path: str | os.PathLike[str]) -> list[TableSummary]:
    """Per table (sorted by id): last id, count, gaps, anchors. Opens the file read-only.

    Raises LedgerError when the file is missing or not a ledger.
    """
    p = Path(path)
    if not p.is_file():
        raise LedgerError(f"ledger {p} does not exist")
    try:
        conn = sqlite3.connect(f"file:{p}?mode=ro", uri=True, timeout=10)
    except sqlite3.Error as err:
        raise LedgerError(f"ledger {p} cannot be opened: {err}") from err
    try:
        tables = conn.execute("SELECT table_id, MAX(event_id), COUNT(*), "
                              "SUM(anchor_check = 'unanchored'), SUM(anchor_check = ?) "
                              "FROM events GROUP BY table_id ORDER BY table_id", (ANCHOR_BROKEN,)).fetchall()
        try:
            rejected = dict(conn.execute("SELECT table_id, COUNT(*) FROM rejected GROUP BY table_id").fetchall())
        except sqlite3.OperationalError:   # a ledger made before the consumer could trust keys
            rejected = {}
        seen = {t[0] for t in tables}
        tables += [(t, 0, 0, 0, 0) for t in sorted(rejected) if t not in seen]   # only forgeries came
        tables.sort(key=lambda t: t[0])
        out = []
        for table_id, last, count, unanchored, broken in tables:
            gaps, expect = [], 1
            for (event_id,) in conn.execute("SELECT event_id FROM events WHERE table_id = ? ORDER BY event_id",
                                            (table_id,)):
                if event_id > expect:
                    gaps.append([expect, event_id - 1])
                expect = event_id + 1
            anchor = conn.execute("SELECT journal_seq, journal_hash FROM events WHERE table_id = ? "
                                  "ORDER BY event_id DESC LIMIT 1", (table_id,)).fetchone()
            given = [[a, b] for a, b in conn.execute(
                "SELECT first_id, last_id FROM given_up WHERE table_id = ? ORDER BY first_id", (table_id,))]
            out.append(TableSummary(
                table_id, int(last), int(count), gaps,
                {"journal_seq": anchor[0], "journal_hash": anchor[1]} if anchor and anchor[0] is not None else None,
                int(unanchored or 0), int(broken or 0), given, int(rejected.get(table_id, 0))))
        return out
    except sqlite3.Error as err:
        raise LedgerError(f"{p} is not a ledger: {err}") from err
    finally:
        conn.close()
