"""A platform event refused for its content is an input of the table's: ``event_refused`` is journaled and decided
like any other, pauses the round with an ``event_mismatch`` incident (recorded, not a pause, with no shoe open),
and a restart, an audit and a QA replay of the journal's export all come to the same; and the event schema takes the
anchor fields (the journal row's number and hash) only together and well formed."""

from __future__ import annotations

import json

from dealer_station import outbox
from dealer_station.app.config import load_config
from dealer_station.app.replay import Replayer, audit_journal, load_session
from dealer_station.journal import Journal
from dealer_station.schemas import validate_event
from tests.broker.test_publish_outbox_chain import station_journal


def test_a_refusal_is_an_input_that_pauses_and_re_runs_identically(tmp_path):
    """``event_refused`` is journaled and decided like any input: recovery folds it and the audit re-runs it."""
    from dealer_station.app.controller import Controller

    path = station_journal(tmp_path)
    with Journal(path) as journal:
        controller = Controller(load_config(), journal)
        state = controller.state
        controller.event_refused(9, "its content differs from what decision row 30 recorded")
        view = controller.snapshot()
        assert view.state == "paused" and view.incident.type == "event_mismatch"
        assert view.incident.state_before == state and view.incident.evidence == "event 9"
        assert "event 9 for the betting platform does not match the journal" in view.incident.detail
        paused = [json.loads(e.payload) for e in outbox.read_events(journal.conn) if e.type == "round_paused"]
        assert paused[-1]["data"]["incident"]["type"] == "event_mismatch"
        assert validate_event(paused[-1]) == []
    with Journal(path) as journal:   # a restart folds it back: still paused, same incident
        again = Controller(load_config(), journal).snapshot()
        assert again.state == "paused" and again.incident == view.incident
        assert audit_journal(journal, load_config()).ok


def test_a_qa_replay_of_a_journal_export_replays_the_refusal(tmp_path):
    from dealer_station.app.controller import Controller

    path = station_journal(tmp_path)
    export = tmp_path / "table.journal.jsonl"
    with Journal(path) as journal:
        Controller(load_config(), journal).event_refused(9, "removed")
        with open(export, "w", encoding="utf-8") as fp:
            journal.export(fp)
    replayer = Replayer(load_config())
    try:
        replayer.play(load_session(export))
        view = replayer.controller.snapshot()
    finally:
        replayer.journal.close()
    assert view.state == "paused" and view.incident.type == "event_mismatch" and view.incident.evidence == "event 9"


def test_a_refusal_with_no_shoe_open_is_recorded_not_a_pause(tmp_path):
    from dealer_station.app.controller import Controller

    journal = Journal(tmp_path / "j.sqlite")
    controller = Controller(load_config(), journal)
    facts = []
    controller.subscribe(facts.append)
    controller.event_refused(3, "removed")
    assert controller.state == "no_shoe"
    assert [(f.kind, f.data["type"]) for f in facts if f.kind == "procedure_violation"] == \
        [("procedure_violation", "event_mismatch")]
    journal.close()


def test_the_schema_takes_the_anchor_fields_together_and_well_formed():
    event = {"schema_version": 1, "event_id": 3, "type": "betting_closed", "table_id": "T1", "shoe_id": "T1-S0001",
             "round_id": "T1-S0001-R001", "ts": "2026-11-30T04:05:06.123456Z",
             "data": {"round_number": 1, "by": "dealer"}}
    anchored = {**event, "journal_seq": 12, "journal_hash": "a" * 64}
    assert validate_event(anchored) == [] and validate_event(event) == []
    assert validate_event({**event, "journal_seq": 12})            # one without the other
    assert validate_event({**event, "journal_hash": "a" * 64})
    assert validate_event({**anchored, "journal_hash": "A" * 64})   # lower-case hex, 64 digits
    assert validate_event({**anchored, "journal_seq": 0})
