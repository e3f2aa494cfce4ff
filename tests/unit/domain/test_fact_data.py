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
    from dealer_station.domain.fact_data import CardAccepted, TableStatus
    from dealer_station.domain.table import TableMachine
    from tests.support.table import Table

    problems = _every_output_has_its_shape
    t = Table(tmp_path)
    t.ctl.dealer("new_shoe")
    assert problems == []                                   # the real outputs of a new shoe have their shapes
    machine = TableMachine()
    machine._emit(CardAccepted(round="one", position="player1", card="9H", manual=False))
    t.ctl._listeners.tell(FactKind.TABLE_STATUS, TableStatus(status="open", state=None))  # type: ignore[arg-type]
    t.ctl._listeners.tell(FactKind.TABLE_STATUS, {"status": "open", "state": "ready"})        # no class: a dict
    t.journal.close()
    assert len(problems) == 3
    assert "card_accepted" in problems[0] and "table_status" in problems[1] and "state" in problems[1]
    assert "not a TableStatus" in problems[2]
    problems.clear()   # seen: this test's own odd outputs do not fail it


# ---------------------------------------------------------------- the classes themselves

def test_an_outputs_data_is_a_frozen_read_only_mapping_equal_to_its_json():
    from dataclasses import FrozenInstanceError

    from dealer_station.domain.fact_data import CardAccepted

    data = CardAccepted.from_json(CARD)
    assert data == CARD and CARD == data and dict(data) == CARD and {**data} == CARD
    assert data["card"] == "9H" and data.get("cards") is None and "card" in data and "as_json" not in data
    assert data.as_json() == CARD and data.as_json() is not data.as_json()
    assert data != {**CARD, "manual": True} and data != [*CARD.items()]
    with pytest.raises(FrozenInstanceError):
        data.card = "TH"  # type: ignore[misc]
    with pytest.raises(KeyError):
        data["KIND"]
    with pytest.raises(TypeError):
        CardAccepted("1", "player1", "9H", False)  # type: ignore[misc]  # keyword only: a field is named


def test_a_field_it_records_only_sometimes_is_absent_from_its_json():
    from dealer_station.domain.fact_base import ABSENT, json_default
    from dealer_station.domain.fact_data import Connection

    opened = Connection(connected=True, detail="")
    closed = Connection(connected=False, detail="", closed=True)
    assert opened.closed is ABSENT and not ABSENT and "closed" not in opened and len(opened) == 2
    assert opened.as_json() == {"connected": True, "detail": ""} and list(closed) == ["connected", "detail", "closed"]
    assert json.dumps({"o": closed}, default=json_default, sort_keys=True) == \
        '{"o": {"closed": true, "connected": false, "detail": ""}}'


def test_an_edge_alert_keeps_the_monitors_own_fields():
    from dealer_station.domain.fact_data import PlayerEdge, fact_data

    recorded = {"shoe": 1, "round": 2, "bet": "tie", "ev": "0.01", "edge": "0.01", "cards_left": 40}
    alert = fact_data(FactKind.PLAYER_EDGE, recorded)
    assert isinstance(alert, PlayerEdge) and alert.extra == {"edge": "0.01"} and alert.cards_left == 40
    assert alert.as_json() == recorded and alert == recorded and alert["edge"] == "0.01"
    assert fact_data(FactKind.PLAYER_EDGE, {"shoe": 1, "bet": "tie"}) == {"shoe": 1, "bet": "tie"}  # no round


@pytest.mark.parametrize("recorded", [
    {k: v for k, v in CARD.items() if k != "card"},     # a key missing
    {**CARD, "cards": ["9H"]},                           # a key the kind does not know
])
def test_a_recorded_output_of_other_keys_stays_the_mapping_it_was(recorded):
    from dealer_station.domain.fact_data import fact_data

    assert fact_data(FactKind.CARD_ACCEPTED, recorded) is recorded
    assert fact_data("card_dealt", CARD) is CARD                                     # a kind of no station
    assert fact_data(FactKind.CARD_ACCEPTED, {1: "x"}) == {1: "x"}                    # never raises


def test_every_kind_of_an_older_stations_journal_reads_back_as_its_class_and_writes_the_same_json():
    from dealer_station.domain.fact_data import FACT_DATA, fact_data

    rows = [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines() if line.strip()]
    outputs = [item for row in rows if row["kind"] == "decision" for item in row["body"]["outputs"]]
    for kind, recorded in outputs:
        typed = fact_data(kind, recorded)
        assert type(typed) is FACT_DATA[FactKind(kind)], (kind, recorded)
        assert typed.as_json() == recorded and list(typed.as_json()) == list(typed)
        assert fact_problem(kind, typed, made=True) is None


def test_a_made_output_must_be_its_kinds_class():
    from dealer_station.domain.fact_data import CardAccepted, Garbage

    assert fact_problem(FactKind.CARD_ACCEPTED, CARD, made=True) is not None                  # a plain dict
    assert "Garbage" in fact_problem(FactKind.CARD_ACCEPTED, Garbage(raw="x"), made=True)     # another kind's
    assert "round" in fact_problem(FactKind.CARD_ACCEPTED, CardAccepted.from_json({**CARD, "round": "1"}), made=True)
    assert fact_problem(FactKind.CARD_ACCEPTED, CardAccepted.from_json(CARD), made=True) is None


def test_a_card_is_a_card_in_the_output_and_its_token_in_the_json():
    from dealer_station.domain.cards import parse_card
    from dealer_station.domain.fact_data import CardAccepted, RoundCompleted
    from dealer_station.domain.outcome import Position

    data = CardAccepted(round=1, position=Position.PLAYER1, card=parse_card("9H"), manual=False)
    assert data.card is parse_card("9H") and data.position is Position.PLAYER1
    assert data == CARD and data["card"] == "9H" and data.get("position") == "player1"
    assert json.dumps(data.as_json()) == json.dumps(CARD)                              # the journal's bytes
    back = CardAccepted.from_json(json.loads(json.dumps(data.as_json())))
    assert back.card is data.card and back.position is data.position
    token = CardAccepted(round=1, position="player1", card="9H", manual=False)         # text where values belong
    problem = fact_problem(FactKind.CARD_ACCEPTED, token, made=True)
    assert problem is not None and "position" in problem
    problem = fact_problem(FactKind.CARD_ACCEPTED, CardAccepted(round=1, position=Position.PLAYER1, card="9H",
                                                                manual=False), made=True)
    assert problem is not None and "card" in problem
    hands = {f: ["9H", "2D"] for f in ("player", "banker")}
    assert RoundCompleted._FROM_JSON["player"](hands["player"]) == [parse_card("9H"), parse_card("2D")]


def test_only_a_kinds_class_is_an_outputs_data():
    from dealer_station.domain.fact_base import FactData
    from dealer_station.domain.fact_data import Garbage, is_fact_data, json_of

    assert is_fact_data(Garbage(raw="x")) and not is_fact_data({"raw": "x"}) and not is_fact_data(FactData)
    assert json_of(Garbage(raw="x")) == {"raw": "x"} and type(json_of(Garbage(raw="x"))) is dict
    recorded = {"raw": "x"}
    assert json_of(recorded) == recorded and json_of(recorded) is not recorded        # a copy either way


@pytest.mark.parametrize(("kind", "data"), [([], {}), (FactKind.STATE_CHANGED, [1]), (None, {"state": "x"}),
                                            (FactKind.STATE_CHANGED, {"state": "x", "self": 1})])
def test_reading_back_any_kind_and_data_never_raises(kind, data):
    from dealer_station.domain.fact_data import fact_data

    assert fact_data(kind, data) is data


def test_an_outputs_data_walks_as_a_dict_does():
    from dealer_station.domain.fact_data import CardAccepted

    data = CardAccepted.from_json(CARD)
    assert list(reversed(data)) == list(reversed(CARD)) and list(data.items()) == list(CARD.items())
    assert bool(data) and data.keys() == CARD.keys() and list(data.values()) == list(CARD.values())


def test_every_kinds_class_is_slotted_and_a_subclass_still_writes_its_json():
    from dealer_station.domain.fact_base import json_default
    from dealer_station.domain.fact_data import FACT_DATA, Garbage

    assert all(not hasattr(cls.__new__(cls), "__dict__") for cls in FACT_DATA.values())  # mixins add no dict

    class Marked(Garbage):
        __slots__ = ()

    assert json_default(Marked(raw="x")) == {"raw": "x"}          # never its repr



@pytest.mark.parametrize("kind", sorted(FACT_DATA), ids=str)
def test_each_kinds_written_out_as_json_is_the_generic_one_key_for_key_in_order(kind):
    """``as_json`` is written out per class (a dict display for the leading fields every output records): for each
    kind, with its optional fields left out and with every field given, it equals the generic loop, in key order."""
    from dataclasses import fields

    from dealer_station.domain.fact_base import ABSENT, fields_as_json

    cls = FACT_DATA[kind]
    own = [f for f in fields(cls) if f.name != "extra"]
    bare = {f.name: _text_of(cls, f.name) for f in own if f.default is not ABSENT and f.name in cls.REQUIRED}
    full = {f.name: _text_of(cls, f.name) for f in own}
    for given in (bare, full):
        try:
            data = cls.from_json(given)
        except (TypeError, ValueError):  # a class that checks its values: given as the generic loop would see them
            pytest.skip(f"{cls.__name__} refuses plain text values")
        assert list(data.as_json().items()) == list(fields_as_json(data).items())


def _text_of(cls, name: str):
    """A recorded value for field ``name`` of ``cls``: a typed field's text (a card token, a position, a winner)."""
    hint = str(cls.TYPED.get(name, ""))
    text = "9H" if "Card" in hint else "player1" if "Position" in hint else "banker" if "Winner" in hint else None
    if text is None:
        return f"value of {name}"
    return [text] if "list" in hint else text
