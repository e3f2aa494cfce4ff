"""``--table-id`` on the commands that publish (run, simulate, console, events publish): the one table-id rule
of docs/events.md "Table ids"."""

from __future__ import annotations

import sqlite3

import pytest

from dealer_station import outbox
from tests.conftest import run_cli
from tests.unit.publish.test_publish_table_ids import DOC_EXAMPLES


@pytest.mark.parametrize("table_id", [*DOC_EXAMPLES, "a" * 32])
def test_an_id_the_docs_allow_names_the_events_of_a_run(tmp_path, table_id):
    db = tmp_path / "sim.db"
    done = run_cli("simulate", "--shoes", "1", "--decks", "1", "--seed", "3", "--journal", str(db),
                   "--table-id", table_id)
    assert done.returncode == 0, done.stderr
    conn = sqlite3.connect(db)
    try:
        events = [e.as_dict() for e in outbox.read_events(conn)]
    finally:
        conn.close()
    assert events and {e["table_id"] for e in events} == {table_id}
    assert events[-1]["shoe_id"] == f"{table_id}-S0001"
