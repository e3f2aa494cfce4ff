"""The outbox of events for the betting platform, kept in the journal's SQLite database.

An event is appended in the same transaction as the journal row of the decision that made it
(docs/design.md "Durability and recovery"), so a recorded decision always has its events, and a publisher sends
each one, once per ``event_id``, in order. ``event_id`` increases by one per table (one table
per database).

Every event is a JSON object (the envelope)::

    {"schema_version": 1, "event_id": 17, "type": "card_dealt", "table_id": "T1",
     "shoe_id": "T1-S0003", "round_id": "T1-S0003-R012", "ts": "2026-11-30T04:05:06.123456Z",
     "data": {...}}

``shoe_id`` / ``round_id`` are null where the event belongs to no shoe / round. An event the journal
wrote (:meth:`dealer_station.journal.Journal.append`) also carries its anchor, ``journal_seq`` and
``journal_hash``: the sequence number and hash of the decision row that made it, which lists the
event's :func:`event_digest` (docs/events.md "Anchor fields"). Event types:
``table_status``, ``shoe_started``, ``shoe_ended``, ``round_opened``, ``betting_closed``,
``card_dealt``, ``round_result``, ``round_voided``, ``round_paused``, ``round_resumed``,
``player_edge``, ``alert`` (something the platform should know that changes nothing: a card or
the cut card read with no shoe open), ``signing_key`` (the station's new key, announced under the one it
replaces: :mod:`dealer_station.signing`).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from dealer_station.domain.fact_base import json_default
from dealer_station.domain.status import TableStatusCode

__all__ = ["ANCHOR_FIELDS", "EVENT_TYPES", "PAUSE_ENDS", "SCHEMA_VERSION", "UNDIGESTED_FIELDS", "OutboxEvent", "append",
           "canonical_problem", "ends_pause", "ensure_schema", "envelope", "event_digest", "mark_published",
           "payload_problem", "payload_text", "pending", "read_events"]

SCHEMA_VERSION = 1
"""Version of the event envelope and payloads."""

EVENT_TYPES = frozenset({
    "table_status", "shoe_started", "shoe_ended", "round_opened", "betting_closed", "card_dealt", "card_misread",
    "card_burned", "card_held", "incident_noted", "round_result", "round_voided", "round_paused", "round_resumed",
    "player_edge", "alert", "signing_key",
})
"""The event types a station publishes."""

PAUSE_ENDS = frozenset({"round_resumed", "shoe_started", "round_opened", "round_result"})
"""Event types after which the table's pause (its last ``round_paused``) is over; so is a ``table_status`` whose
``status`` is not ``paused`` (:func:`ends_pause`)."""


def ends_pause(event_type: object, data: object) -> bool:
    """True when an event of ``event_type`` with ``data`` (its ``data`` member) says the table goes on after a pause.

    The one rule of the station's retained status (``open_pause``) and of the pit view: a pause is open from its
    ``round_paused`` until a later :data:`PAUSE_ENDS` event or ``table_status`` other than ``paused``.
    """
    if event_type == "table_status":
        return not (isinstance(data, dict) and data.get("status") == TableStatusCode.PAUSED)
    return event_type in PAUSE_ENDS


ANCHOR_FIELDS = ("journal_seq", "journal_hash")
"""Envelope members naming the decision row an event comes from; left out of :func:`event_digest`."""

UNDIGESTED_FIELDS = (*ANCHOR_FIELDS, "signature")
"""Envelope members left out of :func:`event_digest`: the anchor, and the station's signature
(:mod:`dealer_station.signing`), both made after the decision row that lists the digest is hashed."""

_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=json_default)

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


def schema_sql() -> str:
    """The outbox's ``CREATE`` statements (SQL text), for a database made in one transaction (an archive file)."""
    return _SCHEMA


def ensure_schema(conn: sqlite3.Connection) -> None:
    """Create the outbox table if it is missing (idempotent)."""
    conn.executescript(_SCHEMA)


def envelope(event_id: int, event_type: str, *, table_id: str, ts: str, data: Mapping[str, object],
             shoe_id: str | None = None, round_id: str | None = None) -> dict:
    """The envelope of one event, without its anchor. Raises ValueError for an unknown event type."""
    if event_type not in EVENT_TYPES:
        raise ValueError(f"unknown event type {event_type!r}; allowed: {', '.join(sorted(EVENT_TYPES))}")
    return {
        "schema_version": SCHEMA_VERSION,
        "event_id": event_id,
        "type": event_type,
        "table_id": table_id,
        "shoe_id": shoe_id,
        "round_id": round_id,
        "ts": ts,
        "data": dict(data),
    }


def event_digest(event: Mapping[str, object]) -> str:
    """SHA-256 (64 hex digits) of an envelope without its anchor fields, as the decision row lists it.

    The text hashed is the envelope's canonical JSON: keys sorted, no spaces, non-ASCII characters
    kept, UTF-8 (``json.dumps(e, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``), with
    ``journal_seq`` and ``journal_hash`` left out. A platform computes the same from the message it
    received (docs/events.md "Anchor fields"). Raises ValueError / TypeError for a value with no JSON text.
    """
    body = {k: v for k, v in event.items() if k not in UNDIGESTED_FIELDS}
    return hashlib.sha256(_CANONICAL.encode(body).encode()).hexdigest()


def payload_text(event: Mapping[str, object]) -> str:
    r"""The stored (and published) JSON text of an envelope: keys sorted, no spaces, ASCII (``\uXXXX`` escapes).

    Every stored payload is exactly this text of its own parse (:func:`payload_problem`), so one event has
    one byte string, and the bytes sent are the bytes the chain proves.
    """
    return json.dumps(event, separators=(",", ":"), sort_keys=True, default=json_default)


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _keys_once(pairs: list[tuple[str, object]]) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {key[:40]!r} appears twice in one object")
            seen.add(key)
    return out


def canonical_problem(text: str, encode: Callable[[object], str]) -> tuple[object, str | None]:
    """``(parsed value, None)`` when ``text`` is exactly ``encode`` of its own parse; else ``(value or None, why)``.

    ``why`` names what differs, in plain words: not JSON, a key twice in one object (two readers may take
    different values), NaN or Infinity, or another text of the same value (spaces, key order, escapes,
    number forms such as ``1e0`` or ``-0``). The common case costs one parse and one encoding.
    """
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, TypeError, RecursionError) as err:
        return None, ("its text holds NaN or Infinity, which JSON has no number for" if "JSON number" in str(err)
                      else "its text is not JSON")
    try:
        if encode(value) == text:
            return value, None
    except (ValueError, TypeError, RecursionError):
        return value, "its text has no canonical form"
    try:
        json.loads(text, object_pairs_hook=_keys_once)
    except ValueError as err:
        return value, f"its text is not canonical: {err}"
    return value, ("its text is not canonical: the same value written another way (spaces, key order, escapes or "
                   "number forms)")


def payload_problem(text: str) -> str | None:
    """None when a stored payload is its own canonical text (:func:`payload_text`); else why not (plain words)."""
    return canonical_problem(text, payload_text)[1]


def append(conn: sqlite3.Connection, event_type: str, *, table_id: str, ts: str, data: Mapping[str, object],
           shoe_id: str | None = None, round_id: str | None = None) -> OutboxEvent:
    """Append an event without an anchor inside the caller's open transaction; return it with its new ``event_id``.

    ``ts``: UTC ISO-8601 timestamp ending in ``Z``. Raises ValueError for an unknown event type.
    The caller commits or rolls back. The station's own events are written by
    :meth:`dealer_station.journal.Journal.append`, which anchors them to their decision row; this one
    writes what an event written before anchors existed looks like (tools, tests).
    """
    (last,) = conn.execute("SELECT COALESCE(MAX(event_id), 0) FROM outbox").fetchone()
    event_id = last + 1
    payload = payload_text(envelope(event_id, event_type, table_id=table_id, ts=ts, data=data, shoe_id=shoe_id,
                                    round_id=round_id))
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
