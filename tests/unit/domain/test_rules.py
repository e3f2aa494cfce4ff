"""Totals, naturals and the third-card rules, cell by cell (docs/rules.md §1–2); the burn, the cut card, misreads,
cards out of place, the next dealer act and why a hand draws, table by table (docs/rules.md §1, §2, §5)."""

from __future__ import annotations

import pytest

from dealer_station.domain.acts import DealerAct
from dealer_station.domain.cards import parse_card, parse_cards
from dealer_station.domain.incidents import IncidentType
from dealer_station.domain.outcome import deal_round
from dealer_station.domain.rules import (
    BANKER_DRAWS_ON,
    NEXT_DEALER_ACT,
    CutPlace,
    DrawReason,
    DrawVerdict,
    MisreadVerdict,
    banker_draws,
    banker_rule_reason,
    burn_count,
    burn_remaining,
    cut_card_place,
    cut_ends_shoe_at_once,
    draw_reason,
    draw_reason_text,
    hand_total,
    is_natural,
    last_round_after_cut,
    misread_verdict,
    next_dealer_act,
    player_draws,
    stray_card_incident,
)
from dealer_station.domain.states import STATES, Phase, TableState

# The banker table of docs/rules.md §2, written out as the sheets print it: one row per banker two-card
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


# Naturals (docs/rules.md §2): 8 or 9 on either hand's first two cards stops the round at four cards,
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


# ---------------------------------------------------------------- the table's procedure rules (docs/rules.md §1, §5)

# indicator rank -> cards burned with an Ace burning 1 (default) and 11 (docs/rules.md §1: 10/J/Q/K burn 10, not 0)
BURN_COUNTS = [("A", 1, 11), ("2", 2, 2), ("3", 3, 3), ("4", 4, 4), ("5", 5, 5), ("6", 6, 6), ("7", 7, 7),
               ("8", 8, 8), ("9", 9, 9), ("T", 10, 10), ("J", 10, 10), ("Q", 10, 10), ("K", 10, 10)]


@pytest.mark.parametrize(("rank", "ace_1", "ace_11"), BURN_COUNTS, ids=[r for r, _, _ in BURN_COUNTS])
@pytest.mark.parametrize("suit", "SHDC")
def test_burn_count_by_indicator_rank(rank, ace_1, ace_11, suit):
    card = parse_card(rank + suit)
    assert burn_count(card) == burn_count(card, ace_burns=1) == ace_1
    assert burn_count(card, ace_burns=11) == ace_11


@pytest.mark.parametrize(("count", "counted", "remaining"), [
    (1, False, 1), (1, True, 0), (7, False, 7), (7, True, 6), (10, False, 10), (10, True, 9), (11, True, 10)])
def test_burn_remaining_with_the_indicator_counted_or_not(count, counted, remaining):
    assert burn_remaining(count, indicator_counts=counted) == remaining
    if not counted:
        assert burn_remaining(count) == remaining  # default: the indicator is not among the burned cards


# state, cards of the round dealt -> where the cut card came out
CUT_PLACES = [
    ("no_shoe", 0, None), ("shoe_end", 0, None), ("shoe_change", 0, None),
    ("shuffle", 0, CutPlace.IN_BURN), ("burn_indicator", 0, CutPlace.IN_BURN), ("burning", 0, CutPlace.IN_BURN),
    ("ready", 0, CutPlace.BETWEEN_ROUNDS), ("betting_open", 0, CutPlace.BEFORE_FIRST_CARD),
    ("betting_closed", 0, CutPlace.BEFORE_FIRST_CARD), ("betting_closed", 1, CutPlace.IN_ROUND),
    ("dealing", 1, CutPlace.IN_ROUND), ("dealing", 5, CutPlace.IN_ROUND), ("result", 4, CutPlace.AWAITING_CONFIRM),
]


@pytest.mark.parametrize(("state", "dealt", "place"), CUT_PLACES)
def test_cut_card_place(state, dealt, place):
    assert cut_card_place(state, dealt) is place
    assert cut_card_place(TableState(state), dealt) is place


def test_cut_card_places_cover_every_state_but_paused():
    assert {s for s, _, _ in CUT_PLACES} == set(STATES) - {"paused"}


# place, round number, setting -> the shoe's last round; does the shoe end where it is
LAST_ROUNDS = [
    (CutPlace.IN_BURN, 0, "one_more", 1, False), (CutPlace.IN_BURN, 0, "none", 1, False),
    (CutPlace.IN_ROUND, 7, "one_more", 7, False), (CutPlace.IN_ROUND, 7, "none", 7, False),
    (CutPlace.BEFORE_FIRST_CARD, 7, "one_more", 7, False), (CutPlace.BEFORE_FIRST_CARD, 7, "none", 7, True),
    (CutPlace.BETWEEN_ROUNDS, 0, "one_more", 1, False), (CutPlace.BETWEEN_ROUNDS, 6, "one_more", 7, False),
    (CutPlace.BETWEEN_ROUNDS, 6, "none", 6, True),
    (CutPlace.AWAITING_CONFIRM, 7, "one_more", 8, False), (CutPlace.AWAITING_CONFIRM, 7, "none", 7, False),
]


@pytest.mark.parametrize(("place", "rnd", "setting", "last", "ends"), LAST_ROUNDS)
def test_last_round_after_a_cut_card(place, rnd, setting, last, ends):
    assert last_round_after_cut(place, rnd, setting) == last
    assert cut_ends_shoe_at_once(place, setting) is ends


def test_last_round_default_is_one_more():
    assert last_round_after_cut(CutPlace.BETWEEN_ROUNDS, 3) == 4


@pytest.mark.parametrize(("in_a_row", "limit", "verdict"), [
    (1, 3, MisreadVerdict.RESCAN), (2, 3, MisreadVerdict.RESCAN), (3, 3, MisreadVerdict.PAUSE),
    (4, 3, MisreadVerdict.PAUSE), (1, 1, MisreadVerdict.PAUSE), (9, 10, MisreadVerdict.RESCAN)])
def test_misread_verdict(in_a_row, limit, verdict):
    assert misread_verdict(in_a_row, limit) is verdict


# phase, round number, reason -> incident type and reason code of a card where none is due
STRAY = [
    (Phase.BETTING, 3, "card", IncidentType.CARD_WHILE_BETTING, "card"),
    (Phase.BETTING, 3, "no_read", IncidentType.CARD_WHILE_BETTING, "no_read"),
    (Phase.RESULT, 3, "card", IncidentType.CARD_AFTER_ROUND, "card"),
    (Phase.READY, 3, "card", IncidentType.CARD_AFTER_ROUND, "card"),
    (Phase.READY, 3, "unknown_code", IncidentType.CARD_AFTER_ROUND, "unknown_code"),
    (Phase.READY, 0, "card", IncidentType.PROCEDURE_VIOLATION, "card_before_betting"),
    (Phase.READY, 0, "no_read", IncidentType.PROCEDURE_VIOLATION, "card_before_betting"),
    (Phase.NO_SHOE, 0, "card", IncidentType.PROCEDURE_VIOLATION, "card_without_shoe"),
    (Phase.NO_SHOE, 4, "no_read", IncidentType.PROCEDURE_VIOLATION, "no_read_without_shoe"),
]


@pytest.mark.parametrize(("phase", "rnd", "reason", "kind", "code"), STRAY)
def test_stray_card_incident(phase, rnd, reason, kind, code):
    assert stray_card_incident(phase, rnd, reason) == (kind, code)


@pytest.mark.parametrize("phase", [Phase.BURN, Phase.DEAL, Phase.PAUSED])
def test_no_stray_card_where_one_is_due_or_held(phase):
    with pytest.raises(ValueError):
        stray_card_incident(phase, 1)


NEXT_ACTS = {"no_shoe": "new_shoe", "shoe_end": "change_shoe", "shoe_change": "new_shoe", "shuffle": "shuffled",
             "burn_indicator": None, "burning": None, "ready": "open_betting", "betting_open": "close_betting",
             "betting_closed": None, "dealing": None, "result": "confirm_result", "paused": None}


@pytest.mark.parametrize("state", STATES)
def test_next_dealer_act_of_each_state(state):
    act = next_dealer_act(state)
    assert act == NEXT_ACTS[state]
    assert act is None or isinstance(act, DealerAct)
    assert next_dealer_act(TableState(state)) is act


def test_next_dealer_act_table_lists_every_state_with_an_act():
    assert set(NEXT_DEALER_ACT) == {s for s, act in NEXT_ACTS.items() if act}


# player cards, banker cards -> why the next card is dealt or not (docs/rules.md §2)
V = DrawVerdict
DRAW_REASONS = [
    ("KS", "5D", None),                                              # before the first four cards
    ("KS 8H", "5D 2C", DrawReason(V.NATURAL, 8, 7)),
    ("KS 3H", "9D KC", DrawReason(V.NATURAL, 3, 9)),
    ("KS 3H", "2D 4C", DrawReason(V.PLAYER_DRAWS, 3, 6)),
    ("KS 5H", "2D 4C", DrawReason(V.PLAYER_DRAWS, 5, 6)),
    ("KS 6H", "2D 3C", DrawReason(V.BANKER_DRAWS, 6, 5)),            # player stood: banker 0-5 draws
    ("KS 7H", "3D 3C", DrawReason(V.BANKER_STANDS, 7, 6)),           # player stood: banker 6-7 stands
    ("KS 2H 8D", "3D KC", DrawReason(V.BANKER_STANDS, 2, 3, 8)),     # banker 3, third card 8: stands
    ("KS 2H 9D", "3D KC", DrawReason(V.BANKER_DRAWS, 2, 3, 9)),      # banker 3, third card 9: draws
    ("KS 2H 6D", "6D KC", DrawReason(V.BANKER_DRAWS, 2, 6, 6)),      # banker 6, third card 6: draws
    ("KS 2H 5D", "6D KC", DrawReason(V.BANKER_STANDS, 2, 6, 5)),
    ("KS 2H 5D", "2D KC 4S", None),                                  # banker has drawn: nothing to explain
]


@pytest.mark.parametrize(("player", "banker", "reason"), DRAW_REASONS, ids=[f"{p}|{b}" for p, b, _ in DRAW_REASONS])
def test_draw_reason(player, banker, reason):
    assert draw_reason(parse_cards(player.split()), parse_cards(banker.split())) == reason


@pytest.mark.parametrize(("banker", "third", "draws"), CELLS, ids=[f"b{b}-p3_{t}" for b, t, _ in CELLS])
def test_draw_reason_follows_the_banker_table(banker, third, draws):
    player = parse_cards(["KS", "AH", _BY_POINTS[third] + "D"])
    reason = draw_reason(player, parse_cards(["KD", _BY_POINTS[banker] + "C"]))
    assert reason == DrawReason(V.BANKER_DRAWS if draws else V.BANKER_STANDS, 1, banker, third)


@pytest.mark.parametrize("player, banker, text", [
    ("", "", None),
    ("9S KD", "3H 4C", "NATURAL: PLAYER 9, BANKER 7: NO MORE CARDS"),
    ("5S KD", "3H 4C", "PLAYER DRAWS ON 5"),
    ("5S KD 8C", "3H 4C", "BANKER STANDS (BANKER 7, PLAYER'S THIRD CARD 8: STANDS)"),
    ("5S KD 2C", "3H AC", "BANKER DRAWS (BANKER 4, PLAYER'S THIRD CARD 2: DRAWS)"),
    ("5S KD 2C", "3H AC 9D", None),
    ("6S KD", "3H 2C", "BANKER DRAWS (PLAYER STOOD; BANKER 5: DRAWS)"),
    ("7S KD", "3H 3C", "PLAYER STANDS ON 7; BANKER STANDS (PLAYER STOOD; BANKER 6: STANDS)"),
])
def test_draw_reason_text(player, banker, text):
    """Why a hand draws, in the dealer's English (docs/rules.md §2 third-card rules); the console words the same
    reasons in the dealer's language (tests/unit/console/test_console_widgets.py, the same table)."""
    reason = draw_reason(parse_cards(player.split()), parse_cards(banker.split()))
    assert draw_reason_text(reason) == text
