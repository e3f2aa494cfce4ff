"""Read-side helpers over a journal database that need SQL (the rest reads :meth:`Journal.rows`).

Only the journal package speaks SQL (pyproject's import contract); the round records and reports
(:mod:`dealer_station.app.records`, :mod:`dealer_station.app.reports`) call these.
"""

from __future__ import annotations

import json
import sqlite3

from dealer_station.journal.rows import marked_rows

__all__ = ["table_id_of", "table_id_on"]


def table_id_of(journal) -> str | None:
    """The table id the journal's station wrote in its outbox events (the first event's envelope), or None.

    Parameters
    ----------
    journal:
        A :class:`~dealer_station.journal.store.Journal` (read-only is enough); any other object (a
        ``MemoryJournal``, which keeps no outbox) gives None.

    Returns None too when the outbox is missing, empty or unreadable and no ``archived`` or ``events_pruned``
    note names it (the notes of events moved to an archive or pruned carry their table id): the other rows do not
    name the table (docs/design.md "Durability and recovery": the envelope carries ``table_id``). Never raises.
    """
    conn = getattr(journal, "conn", None)
    return None if conn is None else table_id_on(conn)


def table_id_on(conn: sqlite3.Connection) -> str | None:
    """:func:`table_id_of` the journal (or archive) on ``conn``. Never raises."""
    try:
        row = conn.execute("SELECT payload FROM outbox ORDER BY event_id LIMIT 1").fetchone()
        if not row:   # every event archived or pruned: the newest note of it names the table
            named = [found for mark in ("archived", "events_pruned")
                     for found in marked_rows(conn, mark, where="AND body LIKE '%\"table_id\":\"_%'")]
            row = (max(named)[1],) if named else None
    except sqlite3.Error:
        return None
    if not row:
        return None
    try:
        table = json.loads(row[0]).get("table_id")
    except (ValueError, TypeError, AttributeError):
        return None
    return str(table) if table else None
