"""Totals, naturals and the third-card rules, cell by cell (RULES.md §1–2)."""

from __future__ import annotations

import pytest

from dealer_station.domain.cards import parse_cards
from dealer_station.domain.outcome import deal_round
from dealer_station.domain.rules import (
    BANKER_DRAWS_ON,
    banker_draws,
    banker_rule_reason,
    hand_total,
    is_natural,
    player_draws,
)

# The banker table of RULES.md §2, written out as the sheets print it: one row per banker two-card
# total, one column per point value of Player's third card (0..9). D = Banker draws, S = Banker stands.
BANKER_TABLE = """
          0 1 2 3 4 5 6 7 8 9
banker 0: D D D D D D D D D D
banker 1: D D D D D D D D D D
banker 2: D D D D D D D D D D
banker 3: D D D D D D D D S D
banker 4: S S D D D D D D S S
banker 5: S S S S D D D D S S
banker 6: S S S S S S D D S S
banker 7: S S S S S S S S S S
"""


def _cells():
    rows = [line for line in BANKER_TABLE.strip().splitlines()[1:]]
    for row in rows:
        label, marks = row.split(":")
        banker = int(label.split()[1])
        for third, mark in enumerate(marks.split()):
            yield banker, third, mark == "D"


CELLS = list(_cells())


def test_table_has_every_cell():
    assert len(CELLS) == 8 * 10
    assert {(b, t) for b, t, _ in CELLS} == {(b, t) for b in range(8) for t in range(10)}


@pytest.mark.parametrize(("banker", "third", "draws"), CELLS, ids=[f"b{b}-p3_{t}" for b, t, _ in CELLS])
def test_banker_table_cell(banker, third, draws):
    assert banker_draws(banker, third) is draws
    assert (third in BANKER_DRAWS_ON[banker]) is draws
    reason = banker_rule_reason(banker, third)
    assert reason.endswith("draws" if draws else "stands")
    assert f"banker {banker}" in reason and f"third card {third}" in reason


# Player stood (6 or 7): Banker draws on 0-5 and stands on 6-7.
STOOD = [(0, True), (1, True), (2, True), (3, True), (4, True), (5, True), (6, False), (7, False)]


@pytest.mark.parametrize(("banker", "draws"), STOOD)
def test_banker_when_player_stood(banker, draws):
    assert banker_draws(banker, None) is draws
    reason = banker_rule_reason(banker, None)
    assert reason.startswith("player stood") and reason.endswith("draws" if draws else "stands")


@pytest.mark.parametrize(("total", "draws"), [(0, True), (1, True), (2, True), (3, True), (4, True), (5, True),
                                              (6, False), (7, False)])
def test_player_third_card(total, draws):
    assert player_draws(total) is draws


@pytest.mark.parametrize(("total", "natural"), [(t, t in (8, 9)) for t in range(10)])
def test_natural_is_8_or_9(total, natural):
    assert is_natural(total) is natural


@pytest.mark.parametrize(("tokens", "total"), [
    (["8S", "9H"], 7),            # sheets 000/001: 8 + 9 = 17 -> 7
    (["8S", "7H"], 5),            # sheet 002
    (["7S", "9H"], 6),            # sheet 004: 7 + 9 = 16 -> 6
    (["AS", "3H", "5D"], 9),      # sheet 002 worked example: player A, 3, 5 = 9
    (["JS", "2H", "AD"], 3),      # ... beats banker J, 2, A = 3
    (["KS", "QH"], 0),
    (["TS", "JH", "KD"], 0),
    (["9S", "9H", "9D"], 7),
    ([], 0),
])
def test_hand_total(tokens, total):
    assert hand_total(parse_cards(tokens)) == total


@pytest.mark.parametrize("bad", [-1, 10, 3.0, "3", None])
def test_totals_outside_0_9_are_refused(bad):
    with pytest.raises(ValueError):
        player_draws(bad)
    with pytest.raises(ValueError):
        banker_draws(bad, 3)
    if bad is not None:
        with pytest.raises(ValueError):
            banker_draws(3, bad)


# Naturals (RULES.md §2): 8 or 9 on either hand's first two cards stops the round at four cards,
# even when the other hand would have drawn. cards in deal order (P, B, P, B), then spare cards.
NATURALS = [
    ("8S 2D KH KC 5H 5C", "player 8 natural; banker 2 would always draw"),
    ("9S AD KH KC 5H 5C", "player 9 natural; banker 1 would always draw"),
    ("2S 9D 3H KC 7H 7C", "banker 9 natural; player 5 would draw"),
    ("KS 8D KH KC 7H 7C", "banker 8 natural; player 0 would draw"),
    ("4S 4D 4H 5C 7H 7C", "player 8 and banker 9"),
    ("AS 3D 7H 5C 2H 2C", "both 8: a natural tie"),
    ("5S 5D 4H 3C 2H 2C", "player 9 and banker 8"),
]


@pytest.mark.parametrize(("cards", "why"), NATURALS, ids=[w for _, w in NATURALS])
def test_a_natural_stops_the_round_at_four_cards(cards, why):
    outcome, unused = deal_round(parse_cards(cards.split()))
    assert outcome.natural and outcome.cards_used == 4 and len(unused) == 2
    assert is_natural(outcome.player_total) or is_natural(outcome.banker_total)


# The same table cell by cell through the dealing of a round (deal_round), not only the rule function:
# Player K + A = 1 draws; Banker's two cards make the row total; Player's third card has the column points.
_BY_POINTS = ["K", "A", "2", "3", "4", "5", "6", "7", "8", "9"]


@pytest.mark.parametrize(("banker", "third", "draws"), CELLS, ids=[f"b{b}-p3_{t}" for b, t, _ in CELLS])
def test_banker_table_cell_when_dealing_a_round(banker, third, draws):
    cards = f"KS KD AH {_BY_POINTS[banker]}C {_BY_POINTS[third]}H 2C 3C"
    outcome, unused = deal_round(parse_cards(cards.split()))
    assert not outcome.natural and len(outcome.player) == 3
    assert outcome.player[2].points == third and hand_total(outcome.banker[:2]) == banker
    assert len(outcome.banker) == (3 if draws else 2)
    assert outcome.cards_used == (6 if draws else 5) and len(unused) == (1 if draws else 2)


@pytest.mark.parametrize("player", [6, 7])
@pytest.mark.parametrize(("banker", "draws"), STOOD)
def test_player_stands_and_banker_rule_when_dealing_a_round(player, banker, draws):
    cards = f"KS KD {_BY_POINTS[player]}H {_BY_POINTS[banker]}C 2H 3C"
    outcome, unused = deal_round(parse_cards(cards.split()))
    assert not outcome.natural and len(outcome.player) == 2 and outcome.player_total == player
    assert len(outcome.banker) == (3 if draws else 2)
    assert outcome.cards_used == (5 if draws else 4) and len(unused) == (1 if draws else 2)


@pytest.mark.parametrize("player", range(6))
def test_player_draws_on_0_to_5_when_dealing_a_round(player):
    # Banker 7 stands whatever Player's third card is, so the round is five cards when Player draws.
    outcome, _ = deal_round(parse_cards(f"KS KD {_BY_POINTS[player]}H 7C 2H 3C".split()))
    assert not outcome.natural and len(outcome.player) == 3 and len(outcome.banker) == 2
