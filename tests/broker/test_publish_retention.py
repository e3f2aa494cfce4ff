"""Sent events are kept for a retention period, then pruned without breaking the chain's verification.

docs/events.md "Retention": the station prunes, at start and at every shoe end, the events the broker
acknowledged more than ``journal.event_retention_days`` ago, a whole prefix of ids, with a chained note;
``journal verify`` passes, an event removed by hand still fails it, and a replay request for a pruned id
is answered ``not_retained``.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from dealer_station import outbox
from dealer_station.app.config import ConfigError, config_from_dict
from dealer_station.app.controller import Controller
from dealer_station.journal import Journal
from dealer_station.journal.anchor import EventCheck
from tests.conftest import run_cli


def _journal_with_events(path, days: int = 7) -> tuple[Journal, Controller, datetime]:
    now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    clock = {"t": now}
    cfg = config_from_dict({"shoe": {"decks": 8}, "journal": {"event_retention_days": days}})
    journal = Journal(path)
    ctl = Controller(cfg, journal, clock=lambda: clock["t"])
    ctl.dealer("new_shoe")
    ctl.dealer("shuffled")
    return journal, ctl, now


def _ack_all(journal: Journal, when: datetime) -> None:
    ids = [e.event_id for e in outbox.read_events(journal.conn)]
    outbox.mark_published(journal.conn, ids, when.isoformat().replace("+00:00", "Z"))


def _first_event_pruned(path) -> tuple[Journal, list[int]]:
    """A journal whose first event the broker acknowledged 9 days ago, pruned (7 days kept); the ids it had."""
    journal, _ctl, now = _journal_with_events(path)
    ids = [e.event_id for e in outbox.read_events(journal.conn)]
    outbox.mark_published(journal.conn, ids[:1], (now - timedelta(days=9)).isoformat().replace("+00:00", "Z"))
    journal.prune_events((now - timedelta(days=7)).isoformat().replace("+00:00", "Z"),
                         now.isoformat().replace("+00:00", "Z"))
    return journal, ids


def test_acknowledged_events_past_the_retention_are_pruned_and_the_chain_still_verifies(tmp_path):
    journal, ctl, now = _journal_with_events(tmp_path / "j.sqlite")
    made = [e.event_id for e in outbox.read_events(journal.conn)]
    assert len(made) >= 2
    _ack_all(journal, now - timedelta(days=8))
    pruned = journal.prune_events((now - timedelta(days=7)).isoformat().replace("+00:00", "Z"),
                                  now.isoformat().replace("+00:00", "Z"))
    assert pruned == len(made)
    assert outbox.read_events(journal.conn) == []
    report = journal.verify()
    assert report.ok, report.message
    assert "pruned" in report.message
    assert journal.pruned_through() == made[-1]
    note = journal.last_row("note").body
    assert (note["kind"], note["through"], note["count"]) == ("events_pruned", made[-1], len(made))
    # the ids go on after the prune and the chain still proves them
    ctl.dealer("call_supervisor", note="after the prune")
    after = [e.event_id for e in outbox.read_events(journal.conn)]
    assert after and after[0] == made[-1] + 1
    assert journal.verify().ok
    journal.close()


def test_only_a_whole_prefix_goes_and_young_or_unsent_events_stay(tmp_path):
    journal, _ctl, now = _journal_with_events(tmp_path / "j.sqlite")
    ids = [e.event_id for e in outbox.read_events(journal.conn)]
    old = now - timedelta(days=30)
    outbox.mark_published(journal.conn, ids[:1], old.isoformat().replace("+00:00", "Z"))   # only the first sent
    cutoff = (now - timedelta(days=7)).isoformat().replace("+00:00", "Z")
    assert journal.prune_events(cutoff, now.isoformat().replace("+00:00", "Z")) == 1
    assert [e.event_id for e in outbox.read_events(journal.conn)] == ids[1:]   # unsent ones stay, in order
    assert journal.prune_events(cutoff, now.isoformat().replace("+00:00", "Z")) == 0   # nothing more is old
    assert journal.verify().ok
    journal.close()


def test_an_event_removed_by_hand_past_the_pruned_ids_still_fails_verify(tmp_path):
    path = tmp_path / "j.sqlite"
    journal, ids = _first_event_pruned(path)
    journal.close()
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM outbox WHERE event_id = ?", (ids[1],))
    done = run_cli("journal", "verify", str(path))
    assert done.returncode == 1
    assert f"event {ids[1]}" in done.stdout + done.stderr and "removed" in done.stdout + done.stderr


def test_the_publisher_check_takes_the_first_event_after_a_prune(tmp_path):
    journal, _ids = _first_event_pruned(tmp_path / "j.sqlite")
    first_left = outbox.read_events(journal.conn)[0]
    check = EventCheck(journal.conn)
    assert check.problem(first_left.event_id, first_left.payload) is None
    journal.close()


def test_the_station_prunes_at_its_start(tmp_path):
    path = tmp_path / "j.sqlite"
    journal, ctl, now = _journal_with_events(path, days=1)
    ids = [e.event_id for e in outbox.read_events(journal.conn)]
    _ack_all(journal, now - timedelta(days=2))
    journal.close()
    cfg = config_from_dict({"shoe": {"decks": 8}, "journal": {"event_retention_days": 1}})
    with Journal(path) as journal:
        Controller(cfg, journal, clock=lambda: now)   # the start prunes
        assert journal.pruned_through() == ids[-1]
        assert journal.verify().ok
    assert run_cli("journal", "verify", str(path)).returncode == 0


@pytest.mark.parametrize("value", [0, -1, 3651, 1.5, True, "7", 10 ** 400])
def test_a_retention_no_station_can_have_is_one_config_error(value):
    with pytest.raises(ConfigError, match="event_retention_days"):
        config_from_dict({"journal": {"event_retention_days": value}})
