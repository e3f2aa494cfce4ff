"""The data shape of each output kind (dealer_station.domain.fact_data) and the check every test runs against it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dealer_station.domain.fact_data import FACT_DATA
from dealer_station.domain.facts import FactKind
from tests.support.fact_shapes import fact_problem

FIXTURE = Path(__file__).resolve().parents[3] / "hw_fixtures" / "sessions" / "journal-void.journal.jsonl"
CARD = {"round": 1, "position": "player1", "card": "9H", "manual": False}


def test_every_kind_has_a_shape():
    assert set(FACT_DATA) == set(FactKind)


def test_an_output_of_its_shape_passes():
    assert fact_problem(FactKind.CARD_ACCEPTED, CARD) is None
    assert fact_problem("card_accepted", CARD) is None                       # as the journal reads it back
    assert fact_problem(FactKind.CONNECTION, {"connected": False, "detail": "", "closed": True}) is None
    assert fact_problem(FactKind.PLAYER_EDGE, {"shoe": 1, "round": 2, "bet": "tie", "edge": "0.01"}) is None  # open


@pytest.mark.parametrize(("kind", "data", "named"), [
    (FactKind.CARD_ACCEPTED, {k: v for k, v in CARD.items() if k != "card"}, "card"),           # a key missing
    (FactKind.CARD_ACCEPTED, {**CARD, "cards": ["9H"]}, "cards"),                                # a key of no shape
    (FactKind.CARD_ACCEPTED, {**CARD, "round": "1"}, "round"),                                   # text for a number
    (FactKind.CARD_ACCEPTED, {**CARD, "round": True}, "round"),                                  # a bool is no number
    (FactKind.CARD_ACCEPTED, {**CARD, "manual": 0}, "manual"),
    (FactKind.SHOE_ENDED, {"shoe": 1}, "rounds"),
    (FactKind.CARD_ACCEPTED, {**CARD, "card": object()}, "not JSON"),
    (FactKind.CARD_ACCEPTED, ["9H"], "not a dict"),
    ("card_dealt", CARD, "no output kind"),
])
def test_an_output_of_another_shape_is_named(kind, data, named):
    problem = fact_problem(kind, data)
    assert problem is not None and named in problem, problem


def test_an_older_stations_journal_has_the_shapes():
    rows = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines() if line.strip()]
    outputs = [item for row in rows if row["kind"] == "decision" for item in row["body"]["outputs"]]
    assert len({kind for kind, _ in outputs}) >= 12
    assert [fact_problem(kind, data) for kind, data in outputs if fact_problem(kind, data)] == []


def test_the_suites_watch_sees_the_machine_and_the_controller(_every_output_has_its_shape, tmp_path):
    """The watch every test runs under (tests/conftest.py) sees an output of another shape where it is made: a
    machine's own and one the controller tells."""
    from dealer_station.app.controller import Controller
    from dealer_station.domain.table import TableMachine
    from tests.support.table import Table

    problems = _every_output_has_its_shape
    t = Table(tmp_path)
    t.ctl.dealer("new_shoe")
    assert problems == []                                   # the real outputs of a new shoe have their shapes
    machine = TableMachine()
    machine._emit(FactKind.CARD_ACCEPTED, {"round": "one"})
    Controller._tell(t.ctl, FactKind.TABLE_STATUS, {"status": "open"})
    t.journal.close()
    assert len(problems) == 2
    assert "card_accepted" in problems[0] and "table_status" in problems[1] and "state" in problems[1]
    problems.clear()   # seen: this test's own odd outputs do not fail it
