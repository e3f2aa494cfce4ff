"""Read-side helpers over a journal database that need SQL (the rest reads :meth:`Journal.rows`).

Only the journal package speaks SQL (pyproject's import contract); the round records and reports
(:mod:`dealer_station.app.records`, :mod:`dealer_station.app.reports`) call these.
"""

from __future__ import annotations

import json
import sqlite3

__all__ = ["table_id_of"]


def table_id_of(journal) -> str | None:
    """The table id the journal's station wrote in its outbox events (the first event's envelope), or None.

    Parameters
    ----------
    journal:
        A :class:`~dealer_station.journal.store.Journal` (read-only is enough); any other object (a
        ``MemoryJournal``, which keeps no outbox) gives None.

    Returns None too when the outbox is missing, empty or unreadable and no ``archived`` note names it (the
    note of rows moved to an archive carries the table id of their events): the other rows do not name the
    table (DESIGN.md "Durability": the envelope carries ``table_id``). Never raises.
    """
    conn = getattr(journal, "conn", None)
    if conn is None:
        return None
    try:
        row = conn.execute("SELECT payload FROM outbox ORDER BY event_id LIMIT 1").fetchone()
        if not row:   # every event archived: the newest archived note names the table
            row = conn.execute("SELECT body FROM journal WHERE mark LIKE '%,archived,%' ORDER BY seq DESC "
                               "LIMIT 1").fetchone()
    except sqlite3.Error:
        return None
    if not row:
        return None
    try:
        table = json.loads(row[0]).get("table_id")
    except (ValueError, TypeError, AttributeError):
        return None
    return str(table) if table else None
