"""The outbox of events for the betting platform, kept in the journal's SQLite database.

An event is appended in the same transaction as the journal row of the decision that made it
(DESIGN.md "Durability"), so a recorded decision always has its events, and a publisher sends
each one, once per ``event_id``, in order. ``event_id`` increases by one per table (one table
per database).

Every event is a JSON object (the envelope)::

    {"schema_version": 1, "event_id": 17, "type": "card_dealt", "table_id": "T1",
     "shoe_id": "T1-S0003", "round_id": "T1-S0003-R012", "ts": "2026-11-30T04:05:06.123456Z",
     "data": {...}}

``shoe_id`` / ``round_id`` are null where the event belongs to no shoe / round. Event types:
``table_status``, ``shoe_started``, ``shoe_ended``, ``round_opened``, ``betting_closed``,
``card_dealt``, ``round_result``, ``round_voided``, ``round_paused``, ``round_resumed``,
``player_edge``, ``alert`` (something the platform should know that changes nothing: a card or
the cut card read with no shoe open).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["EVENT_TYPES", "SCHEMA_VERSION", "OutboxEvent", "append", "ensure_schema", "mark_published",
           "pending", "read_events"]

SCHEMA_VERSION = 1
"""Version of the event envelope and payloads."""

EVENT_TYPES = frozenset({
    "table_status", "shoe_started", "shoe_ended", "round_opened", "betting_closed", "card_dealt",
    "round_result", "round_voided", "round_paused", "round_resumed", "player_edge", "alert",
})
"""The event types a station publishes."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS outbox (
    event_id INTEGER PRIMARY KEY,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    published_utc TEXT
);
CREATE INDEX IF NOT EXISTS outbox_unpublished ON outbox(event_id) WHERE published_utc IS NULL;
"""


@dataclass(frozen=True, slots=True)
class OutboxEvent:
    """One stored event: its id, type, the JSON text to publish, and when it was acknowledged (or None)."""

    event_id: int
    type: str
    payload: str
    published_utc: str | None = None

    def as_dict(self) -> dict:
        """The envelope as a dict."""
        return json.loads(self.payload)


def ensure_schema(conn: sqlite3.Connection) -> None:
    """Create the outbox table if it is missing (idempotent)."""
    conn.executescript(_SCHEMA)


def append(conn: sqlite3.Connection, event_type: str, *, table_id: str, ts: str, data: Mapping[str, object],
           shoe_id: str | None = None, round_id: str | None = None) -> OutboxEvent:
    """Append an event inside the caller's open transaction; return it with its new ``event_id``.

    ``ts``: UTC ISO-8601 timestamp ending in ``Z``. Raises ValueError for an unknown event type.
    The caller commits (together with its journal row) or rolls back.
    """
    if event_type not in EVENT_TYPES:
        raise ValueError(f"unknown event type {event_type!r}; allowed: {', '.join(sorted(EVENT_TYPES))}")
    (last,) = conn.execute("SELECT COALESCE(MAX(event_id), 0) FROM outbox").fetchone()
    event_id = last + 1
    envelope = {
        "schema_version": SCHEMA_VERSION,
        "event_id": event_id,
        "type": event_type,
        "table_id": table_id,
        "shoe_id": shoe_id,
        "round_id": round_id,
        "ts": ts,
        "data": dict(data),
    }
    payload = json.dumps(envelope, separators=(",", ":"), sort_keys=True, default=str)
    conn.execute("INSERT INTO outbox(event_id, type, payload) VALUES (?, ?, ?)", (event_id, event_type, payload))
    return OutboxEvent(event_id, event_type, payload)


def pending(conn: sqlite3.Connection, limit: int = 100) -> list[OutboxEvent]:
    """Up to ``limit`` unpublished events, oldest first."""
    rows = conn.execute(
        "SELECT event_id, type, payload, published_utc FROM outbox WHERE published_utc IS NULL "
        "ORDER BY event_id LIMIT ?", (limit,)).fetchall()
    return [OutboxEvent(*row) for row in rows]


def mark_published(conn: sqlite3.Connection, event_ids: list[int], ts: str) -> None:
    """Mark events acknowledged by the broker at ``ts`` (UTC ISO). Commits."""
    with conn:
        conn.executemany("UPDATE outbox SET published_utc = ? WHERE event_id = ? AND published_utc IS NULL",
                         [(ts, i) for i in event_ids])


def read_events(conn: sqlite3.Connection, after: int = 0, limit: int | None = None) -> list[OutboxEvent]:
    """Events with ``event_id > after``, oldest first, published or not (for ``events tail``)."""
    sql = "SELECT event_id, type, payload, published_utc FROM outbox WHERE event_id > ? ORDER BY event_id"
    params: tuple = (after,)
    if limit is not None:
        sql += " LIMIT ?"
        params = (after, limit)
    return [OutboxEvent(*row) for row in conn.execute(sql, params).fetchall()]
