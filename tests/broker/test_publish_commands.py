"""The station's commands publish through --broker: every event of a simulated shoe reaches a subscriber once."""

from __future__ import annotations

import json
import sqlite3

from dealer_station import outbox
from tests.conftest import run_cli


def test_simulate_publishes_every_event_to_the_broker(tmp_path, broker, subscriber_factory):
    sub = subscriber_factory(broker.port)
    journal = tmp_path / "j.sqlite"
    done = run_cli("simulate", "--json", "--seed", "3", "--decks", "1", "--journal", str(journal),
                   "--broker", f"mqtt://127.0.0.1:{broker.port}", "--table-id", "QA-7", "--drain-timeout", "20")
    assert done.returncode == 0, done.stderr
    rounds = [json.loads(line) for line in done.stdout.splitlines() if '"round"' in line]
    conn = sqlite3.connect(journal)
    stored = outbox.read_events(conn)
    assert stored and all(e.published_utc for e in stored), "every event acknowledged and marked"
    assert sub.wait_for(lambda: len(set(sub.ids("QA-7"))) == len(stored))
    ids = sorted(set(sub.ids("QA-7")))
    assert ids == list(range(1, len(stored) + 1))
    results = [e for e in sub.events if e["type"] == "round_result"]
    assert len({e["event_id"] for e in results}) == len(rounds)
    assert all(e["_topic"] == "baccarat/tables/QA-7/events" for e in sub.events)


def test_without_a_broker_events_wait_in_the_outbox(tmp_path):
    journal = tmp_path / "j.sqlite"
    done = run_cli("simulate", "--seed", "3", "--decks", "1", "--journal", str(journal))
    assert done.returncode == 0, done.stderr
    conn = sqlite3.connect(journal)
    stored = outbox.read_events(conn)
    assert stored and not any(e.published_utc for e in stored)


def test_a_broker_needs_a_journal_file():
    done = run_cli("simulate", "--broker", "mqtt://127.0.0.1:1")
    assert done.returncode == 2 and "--journal" in done.stderr and "Traceback" not in done.stderr
