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


@pytest.mark.parametrize("command", [
    ("run", "--headless", "--shoe", "sim", "--auto", "--shoes", "1", "--journal", ":memory:"),
    ("simulate", "--shoes", "1", "--decks", "1"),
    ("console", "--screenshot", "{tmp}/shot.png"),
    ("events", "publish", "--broker", "mqtt://127.0.0.1:1", "--journal", "{tmp}/none.db"),
])
def test_an_empty_table_id_is_refused_not_taken_for_the_configured_one(tmp_path, command):
    args = [a.replace("{tmp}", str(tmp_path)) for a in command]
    done = run_cli(*args, "--table-id", "")
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    assert lines[0].startswith(f"dealer-station {' '.join(command[:2]) if command[0] == 'events' else command[0]}: "
                               "--table-id: the table id is empty: give 1-32 letters"), lines[0]
    assert "or leave --table-id out for [table] id of the configuration" in lines[0]
    assert done.stdout == "" and not list(tmp_path.iterdir())   # nothing was dealt, shot or opened


def test_an_empty_table_id_from_a_caller_is_refused_by_the_configuration():
    from dealer_station.app.config import ConfigError, config_from_dict
    from dealer_station.app.publishing import with_table_id

    config = config_from_dict({"table": {"id": "T7"}})
    assert with_table_id(config, None) is config and with_table_id(config, "QA-7").table_id == "QA-7"
    with pytest.raises(ConfigError, match="table.id: '' is not allowed"):
        with_table_id(config, "")
