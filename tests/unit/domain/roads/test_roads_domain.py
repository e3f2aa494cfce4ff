"""Roads: known-answer cases, big road, dragon tail, ties, derived-road start cells, ask road."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dealer_station.domain.cards import parse_card
from dealer_station.domain.outcome import RoundOutcome, Winner
from dealer_station.domain.roads import (
    RoadsError,
    RoundMark,
    as_mark,
    ask_road,
    compute_roads,
    derived_road,
    draw_grid,
    parse_sequence,
)

CASES_FILE = Path(__file__).resolve().parents[3] / "cases" / "roads.jsonl"


def _load_cases(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _notation(roads) -> list[list[str]]:
    """Big road columns in the cases' notation: "B", or "B+2T" for a cell followed by two ties."""
    return [[c.winner + (f"+{c.ties}T" if c.ties else "") for c in col] for col in roads.big_road.columns]


CASES = _load_cases(CASES_FILE)


def test_cases_file_is_not_empty():
    assert len(CASES) >= 5


@pytest.mark.parametrize("case", CASES, ids=[c["sequence"] for c in CASES])
def test_known_answer_case(case):
    roads = compute_roads(case["sequence"])
    assert _notation(roads) == case["big_road_columns"]
    assert roads.big_road.leading_ties == case["leading_ties"]
    assert roads.big_eye_boy.marks == case["big_eye_boy"]
    assert roads.small_road.marks == case["small_road"]
    assert roads.cockroach_pig.marks == case["cockroach_pig"]


def test_every_case_has_every_road_and_a_sequence_of_its_own():
    keys = {"sequence", "big_road_columns", "leading_ties", "big_eye_boy", "small_road", "cockroach_pig"}
    assert all(set(case) == keys for case in CASES)
    assert all(case["sequence"] and set(case["sequence"]) <= set("BPT") for case in CASES)
    assert len({case["sequence"] for case in CASES}) == len(CASES)


# --- bead plate -----------------------------------------------------------------------------------

def test_bead_plate_is_column_major_with_ties():
    roads = compute_roads("BPTBBPPT")
    cells = [(b.row, b.col, b.mark.winner) for b in roads.bead_plate]
    assert cells == [(0, 0, "B"), (1, 0, "P"), (2, 0, "T"), (3, 0, "B"), (4, 0, "B"), (5, 0, "P"),
                     (0, 1, "P"), (1, 1, "T")]
    assert roads.to_json()["bead_plate"][6] == [0, 1, "P"]


# --- big road: columns and ties -------------------------------------------------------------------

def test_ties_at_the_start_are_leading_ties():
    roads = compute_roads("TTTBP")
    assert roads.big_road.leading_ties == 3
    assert _notation(roads) == [["B"], ["P"]]
    assert [b.mark.winner for b in roads.bead_plate] == list("TTTBP")


def test_only_ties_make_no_column():
    roads = compute_roads("TTT")
    assert roads.big_road.leading_ties == 3
    assert roads.big_road.columns == ()
    assert roads.big_road.grid == ()
    assert roads.ask == {w: {"big_eye_boy": "", "small_road": "", "cockroach_pig": ""} for w in "BP"}


def test_consecutive_ties_count_on_one_cell():
    roads = compute_roads("BTTTP")
    assert _notation(roads) == [["B+3T"], ["P"]]


def test_tie_after_a_streak_marks_the_last_cell_and_does_not_break_the_column():
    roads = compute_roads("BBBBTBP")
    assert _notation(roads) == [["B", "B", "B", "B+1T", "B"], ["P"]]
    assert roads.big_road.lengths == (5, 1)


def test_tie_between_different_winners_stays_on_the_previous_result():
    assert _notation(compute_roads("BTP")) == [["B+1T"], ["P"]]


def test_pair_and_natural_flags_reach_the_big_road_and_stats():
    marks = [RoundMark("T", player_pair=True), RoundMark("B", banker_pair=True, banker_natural=True),
             RoundMark("P", player_pair=True, banker_pair=True, player_natural=True), RoundMark("T")]
    roads = compute_roads(marks)
    first, second = roads.big_road.columns[0][0], roads.big_road.columns[1][0]
    assert (first.banker_pair, first.player_pair, first.natural) == (True, False, True)
    assert (second.banker_pair, second.player_pair, second.ties) == (True, True, 1)
    assert roads.big_road.leading_ties == 1
    assert roads.stats.to_json() == {"rounds": 4, "banker": 1, "player": 1, "tie": 2, "banker_pair": 2,
                                     "player_pair": 2, "banker_natural": 1, "player_natural": 1, "natural": 2}


# --- big road: drawn grid and dragon tail ---------------------------------------------------------

def _grid(roads):
    return [(g.row, g.col, g.item.winner) for g in roads.big_road.grid]


def test_streak_longer_than_six_turns_right_dragon_tail():
    roads = compute_roads("B" * 8)
    assert roads.big_road.lengths == (8,)           # logical column keeps all eight
    assert _grid(roads) == [(r, 0, "B") for r in range(6)] + [(5, 1, "B"), (5, 2, "B")]


def test_next_column_turns_right_above_an_older_tail():
    roads = compute_roads("B" * 8 + "P" * 7 + "B")
    assert _grid(roads)[8:] == ([(r, 1, "P") for r in range(5)] + [(4, 2, "P"), (4, 3, "P")] + [(0, 2, "B")])


def test_dragon_tails_stack_and_a_taken_top_cell_moves_the_column_right():
    # columns of 7, 6, 5, 4, 3, 2, 1: each one turns right one row higher than the one before,
    # and the last one finds its top cell taken by the 2-long column's tail.
    seq = "B" * 7 + "P" * 6 + "B" * 5 + "P" * 4 + "B" * 3 + "P" * 2 + "B"
    cells = [(g.row, g.col) for g in compute_roads(seq).big_road.grid]
    expected = (
        [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (5, 1)]
        + [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (4, 2)]
        + [(0, 2), (1, 2), (2, 2), (3, 2), (3, 3)]
        + [(0, 3), (1, 3), (2, 3), (2, 4)]
        + [(0, 4), (1, 4), (1, 5)]
        + [(0, 5), (0, 6)]
        + [(0, 7)]
    )
    assert cells == expected


def test_draw_grid_is_generic_and_skips_empty_columns():
    cells = draw_grid([["R", "R"], [], ["B"]])
    assert [(c.row, c.col, c.item) for c in cells] == [(0, 0, "R"), (1, 0, "R"), (0, 1, "B")]


def test_json_grid_shape():
    doc = compute_roads("BBP").to_json()
    assert doc["big_road"] == {
        "columns": [[{"winner": "B", "ties": 0}, {"winner": "B", "ties": 0}], [{"winner": "P", "ties": 0}]],
        "leading_ties": 0,
        "grid": [[0, 0, "B"], [1, 0, "B"], [0, 1, "P"]],
    }
    assert set(doc) == {"bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig", "ask", "stats", "cells"}


# --- derived roads: rules and start cells ---------------------------------------------------------

@pytest.mark.parametrize(
    ("sequence", "big_eye_boy", "small_road", "cockroach_pig"),
    [
        # big eye boy starts at column 2, cell 2 ...
        ("BP", "", "", ""),
        ("BBP", "", "", ""),
        ("BBPP", "R", "", ""),
        ("BPP", "B", "", ""),
        # ... or, when column 2 has one cell, at column 3, cell 1
        ("BPB", "R", "", ""),
        ("BBPB", "B", "", ""),
        # small road: column 3 cell 2, or column 4 cell 1
        ("BPBB", "RB", "B", ""),
        ("BPBP", "RR", "R", ""),
        ("BBPBP", "BR", "B", ""),
        # cockroach pig: column 4 cell 2, or column 5 cell 1
        ("BPBPP", "RRB", "RB", "B"),
        ("BPBPB", "RRR", "RR", "R"),
        ("BBPBPB", "BRR", "BR", "B"),
    ],
)
def test_derived_road_start_cells(sequence, big_eye_boy, small_road, cockroach_pig):
    roads = compute_roads(sequence)
    assert (roads.big_eye_boy.marks, roads.small_road.marks, roads.cockroach_pig.marks) == (
        big_eye_boy, small_road, cockroach_pig)


def test_continue_rule_one_short_is_blue_two_short_is_red():
    # column 2 grows to 4 beside a column of 1: row 2 one short -> blue; rows 3, 4 two or more short -> red
    assert compute_roads("BPPPP").big_eye_boy.marks == "BRR"


def test_new_column_rule_compares_the_two_columns_before():
    # lengths 1, 2 then a new column: column 2 (2) is not as long as column 1 (1) -> blue
    assert compute_roads("BPPB").big_eye_boy.marks == "BB"
    # lengths 2, 2 then a new column -> red
    assert compute_roads("BBPPB").big_eye_boy.marks == "RR"


def test_derived_roads_come_from_logical_columns_not_the_drawn_grid():
    # a 9-long column: its rows 7..9 are drawn in row 6 to the right, but compare as rows 7..9
    roads = compute_roads("P" + "B" * 9 + "P")
    assert roads.big_road.lengths == (1, 9, 1)
    # big eye boy: B rows 2..9 against the 1-long column: row 2 one short (blue), rows 3..9 red;
    # the new P column: 9 vs 1 -> blue
    assert roads.big_eye_boy.marks == "B" + "R" * 7 + "B"


def test_derived_road_grids_group_colours_into_columns():
    roads = compute_roads("BBPPBBPPP")
    assert roads.big_eye_boy.marks == "RRRRRB"
    assert roads.big_eye_boy.columns == [["R"] * 5, ["B"]]
    assert [(g.row, g.col, g.item) for g in roads.big_eye_boy.grid] == (
        [(r, 0, "R") for r in range(5)] + [(0, 1, "B")])


def test_derived_road_rejects_bad_k():
    with pytest.raises(RoadsError):
        derived_road([1, 2], 4)


# --- ask road -------------------------------------------------------------------------------------

def test_ask_road_values():
    roads = compute_roads("BBPPBBPPP")
    assert roads.ask["B"] == {"big_eye_boy": "B", "small_road": "B", "cockroach_pig": "B"}
    assert roads.ask["P"] == {"big_eye_boy": "R", "small_road": "R", "cockroach_pig": "R"}


def test_ask_road_rejects_tie():
    with pytest.raises(RoadsError):
        ask_road([1], "B", "T")


# --- input ----------------------------------------------------------------------------------------

def test_parse_sequence_ignores_spaces_and_accepts_lower_case():
    assert [m.winner for m in parse_sequence(" b P\tt ")] == ["B", "P", "T"]


@pytest.mark.parametrize("text", ["BPX", "B-P", "0", "BPTÉ"])
def test_parse_sequence_names_the_bad_letter(text):
    with pytest.raises(RoadsError, match="position"):
        parse_sequence(text)


def test_as_mark_reads_outcomes_winners_and_records():
    cards = [parse_card(t) for t in ("KS", "4H", "KD", "4C")]           # P: K, K = 0 ; B: 4, 4 = 8
    outcome = RoundOutcome(player=(cards[0], cards[2]), banker=(cards[1], cards[3]))
    mark = as_mark(outcome)
    assert mark == RoundMark("B", banker_pair=True, player_pair=True, banker_natural=True)
    assert as_mark(outcome.flags()) == mark
    assert as_mark(Winner.TIE) == RoundMark("T")
    assert as_mark("player") == RoundMark("P")
    assert as_mark({"winner": "banker"}) == RoundMark("B")


@pytest.mark.parametrize("bad", ["X", "", 3, None, {"no": "winner"}, {"winner": "draw"}])
def test_as_mark_refuses_unreadable_results(bad):
    with pytest.raises(RoadsError):
        as_mark(bad)


def test_bad_result_in_a_shoe_raises_and_computes_nothing():
    with pytest.raises(RoadsError):
        compute_roads(["B", "P", "Q"])


def test_round_mark_validates_winner():
    with pytest.raises(RoadsError):
        RoundMark("X")


# --- a whole dealt shoe ---------------------------------------------------------------------------

def test_a_dealt_shoe_feeds_the_roads_with_its_outcomes():
    from dealer_station.domain.outcome import deal_round
    from drivers.deck import CUT, shuffled_shoe

    cards = [parse_card(t) for t in shuffled_shoe(2026) if t != CUT][8:]      # some cards burned
    outcomes = []
    while len(cards) >= 6 and len(outcomes) < 70:
        outcome, cards = deal_round(cards)
        outcomes.append(outcome)
    roads = compute_roads(outcomes)
    s = roads.stats
    assert s.rounds == len(outcomes) == len(roads.bead_plate)
    assert s.banker == sum(o.winner is Winner.BANKER for o in outcomes)
    assert s.tie == sum(o.winner is Winner.TIE for o in outcomes)
    assert s.banker_pair == sum(o.banker_pair for o in outcomes)
    assert s.player_pair == sum(o.player_pair for o in outcomes)
    assert s.natural == sum(o.natural for o in outcomes)
    assert roads == compute_roads([o.flags() for o in outcomes])
    letters = "".join(o.winner.letter for o in outcomes)
    assert roads.big_road.lengths == compute_roads(letters).big_road.lengths
    assert roads.big_eye_boy.marks == compute_roads(letters).big_eye_boy.marks


def test_the_roads_domain_does_not_import_qt():
    import subprocess
    import sys

    from tests.conftest import ROOT

    code = "import sys, dealer_station.domain.roads; print(sorted(m for m in sys.modules if 'PySide6' in m))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
