"""Dealing a round and its outcome (docs/rules.md §2–3), with property tests."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.domain.cards import ALL_KINDS, parse_card, parse_cards
from dealer_station.domain.errors import DealError
from dealer_station.domain.outcome import Position, RoundDealer, RoundOutcome, Winner, deal_round, deal_sequence
from tests import reference


def deal(text):
    return deal_round(parse_cards(text.split()))


# cards in deal order -> player hand, banker hand, winner, why
ROUNDS = [
    # naturals: nobody draws, whatever the other hand holds
    ("8S 2D KH KC 5H 5C", "8S KH", "2D KC", Winner.PLAYER, "player natural 8 beats banker 2"),
    ("9S 9D KH KC 5H", "9S KH", "9D KC", Winner.TIE, "natural tie 9-9"),
    ("2S 9D 3H KC 7H", "2S 3H", "9D KC", Winner.BANKER, "banker natural stops a player 5 from drawing"),
    ("4S 4D 4H 5C 7H", "4S 4H", "4D 5C", Winner.BANKER, "banker natural 9 beats player natural 8"),
    ("AS 3D 7H 5C", "AS 7H", "3D 5C", Winner.TIE, "both naturals 8"),
    # player stood on 6/7
    ("6S 5D KH KC 2H", "6S KH", "5D KC 2H", Winner.BANKER, "player 6 stands, banker 5 draws"),
    ("7S 6D KH KC 2H", "7S KH", "6D KC", Winner.PLAYER, "player 7 stands, banker 6 stands"),
    ("6S 6D KH KC 2H", "6S KH", "6D KC", Winner.TIE, "both stand on 6"),
    ("7S 7D QH JC", "7S QH", "7D JC", Winner.TIE, "both stand on 7"),
    ("6S 3D KH KC 9H", "6S KH", "3D KC 9H", Winner.PLAYER, "player stood, banker 3 draws to 2"),
    # player drew
    ("5S 6D KH KC 6H 5C", "5S KH 6H", "6D KC 5C", Winner.TIE, "banker 6 draws on a third card 6"),
    ("4S 3D KH QC 8S 9H", "4S KH 8S", "3D QC", Winner.BANKER, "banker 3 stands on an 8"),
    ("2S 4C 3H JH KD 5S", "2S 3H KD", "4C JH", Winner.PLAYER, "banker 4 stands on a face card (0)"),
    ("AS 3D 3H JS 5D JC", "AS 3H 5D", "3D JS JC", Winner.PLAYER, "sheet 002 example: A,3,5=9 vs 3 (J,2,A order)"),
    ("KS 7D KH KC 9H", "KS KH 9H", "7D KC", Winner.PLAYER, "banker 7 always stands"),
    ("KS 2D KH KC 8H 4C", "KS KH 8H", "2D KC 4C", Winner.PLAYER, "banker 2 always draws"),
]


@pytest.mark.parametrize(("cards", "player", "banker", "winner", "why"), ROUNDS, ids=[r[-1] for r in ROUNDS])
def test_round(cards, player, banker, winner, why):
    outcome, unused = deal(cards)
    assert outcome.player == tuple(parse_cards(player.split()))
    assert outcome.banker == tuple(parse_cards(banker.split()))
    assert outcome.winner is winner
    used = outcome.cards_used
    assert used == len(outcome.player) + len(outcome.banker)
    assert [c.token for c in unused] == [c.token for c in parse_cards(cards.split()[used:])]
    assert outcome.cards_in_deal_order() == parse_cards(cards.split()[:used])


def test_sheet_002_worked_example():
    # Player A, 3, 5 = 9 beats Banker J, 2, A = 3 (deal order P, B, P, B, P3, B3).
    outcome = deal_sequence(parse_cards("AS JD 3H 2C 5D AC".split()))
    assert (outcome.player_total, outcome.banker_total, outcome.winner) == (9, 3, Winner.PLAYER)
    assert outcome.margin == 6


def test_flags_of_a_round():
    outcome = deal_sequence(parse_cards("TS 7D KS 7D 2C 3H".split()))
    assert not outcome.player_pair            # a ten and a king are not a pair
    assert outcome.banker_pair and outcome.banker_perfect_pair and outcome.perfect_pair
    assert not outcome.player_perfect_pair
    assert outcome.winner is Winner.BANKER and outcome.margin == 5
    assert outcome.lucky_six == 0
    flags = outcome.flags()
    assert flags["winner"] == "banker" and flags["margin"] == 5 and flags["cards_used"] == 6
    assert flags["banker_perfect_pair"] is True and flags["player_pair"] is False


def test_pair_by_rank_is_not_perfect():
    outcome = deal_sequence(parse_cards("KS 2D KH 3C 4S 5S".split()))
    assert outcome.player_pair and not outcome.player_perfect_pair and not outcome.perfect_pair


@pytest.mark.parametrize(("cards", "lucky"), [
    ("2S QD 3H 6S KC", 2),        # banker 6 on two cards wins
    ("4C AS KD 2H 9H 3C", 3),     # banker 6 on three cards wins
    ("6S 6D KH KC", 0),           # 6-6 tie is not a lucky six
    ("7S 6D KH KC", 0),           # banker 6 loses
])
def test_lucky_six(cards, lucky):
    assert deal_sequence(parse_cards(cards.split())).lucky_six == lucky


def test_winner_letters():
    assert [w.letter for w in Winner] == ["P", "B", "T"]


@pytest.mark.parametrize(("cards", "missing"), [
    ("", "player1"), ("AS", "banker1"), ("AS 2D", "player2"), ("AS 2D 3H", "banker2"),
    ("AS 2D 3H 2C", "player3"), ("AS 2D 3H 2C 5S", "banker3"), ("6S 5D KH KC", "banker3"),
])
def test_too_few_cards_names_the_missing_position(cards, missing):
    with pytest.raises(DealError, match=missing):
        deal_round(parse_cards(cards.split()))


def test_round_dealer_positions_and_refusals():
    dealer = RoundDealer()
    cards = parse_cards("5S 6D KH KC 6H 5C".split())
    expected = [Position.PLAYER1, Position.BANKER1, Position.PLAYER2, Position.BANKER2, Position.PLAYER3,
                Position.BANKER3]
    for card, position in zip(cards, expected, strict=True):
        assert dealer.next_position is position
        with pytest.raises(DealError):
            _ = dealer.outcome
        assert dealer.add(card) is position
    assert dealer.complete and dealer.next_position is None
    assert dealer.positions == tuple(expected)
    with pytest.raises(DealError, match="complete"):
        dealer.add(cards[0])
    assert dealer.outcome.winner is Winner.TIE
    assert Position.BANKER3.hand == "banker" and Position.BANKER3.index == 3


def test_replace_a_dealt_card():
    dealer = RoundDealer()
    for card in parse_cards("5S 6D KH KC".split()):
        dealer.add(card)
    assert dealer.next_position is Position.PLAYER3          # player 5 draws
    dealer.replace(Position.PLAYER2, parse_cards(["AH"])[0])
    assert dealer.player[1].token == "AH" and dealer.next_position is None  # player 6 and banker 6 stand
    with pytest.raises(DealError):
        dealer.replace(Position.BANKER3, parse_cards(["3H"])[0])


# ---- properties -------------------------------------------------------------------------------
cards_strategy = st.lists(st.sampled_from(ALL_KINDS), min_size=6, max_size=9)


@settings(max_examples=400, deadline=None)
@given(cards_strategy)
def test_properties_of_any_round(cards):
    outcome, unused = deal_round(cards)
    assert 0 <= outcome.player_total <= 9 and 0 <= outcome.banker_total <= 9
    assert 4 <= outcome.cards_used <= 6
    assert len(outcome.player) in (2, 3) and len(outcome.banker) in (2, 3)
    if outcome.natural:
        assert outcome.cards_used == 4
    assert outcome.cards_in_deal_order() + unused == list(cards)
    assert outcome.margin == abs(outcome.player_total - outcome.banker_total)
    # the independent reference deals the same hands
    ref = reference.deal([c.token for c in cards])
    assert ref is not None
    assert [c.token for c in outcome.player] == ref[0]
    assert [c.token for c in outcome.banker] == ref[1]
    assert outcome.winner.value == reference.winner(ref[0], ref[1])


@settings(max_examples=300, deadline=None)
@given(cards_strategy)
def test_dealing_never_reads_past_the_cards_it_needs(cards):
    reads = []

    def shoe():
        for card in cards:
            reads.append(card)
            yield card

    dealer = RoundDealer()
    source = shoe()
    while dealer.next_position is not None:
        dealer.add(next(source))
    used = dealer.outcome.cards_used
    assert len(reads) == used
    # exactly those cards are enough, one fewer is not, and more change nothing
    assert deal_round(cards[:used]) == (dealer.outcome, [])
    with pytest.raises(DealError, match="missing"):
        deal_round(cards[:used - 1])
    assert deal_round(cards)[0] == dealer.outcome


def test_outcome_is_a_value():
    a = deal_sequence(parse_cards("5S 6D KH KC 6H 5C".split()))
    b = RoundOutcome(player=a.player, banker=a.banker)
    assert a == b and hash(a) == hash(b)


def test_flags_are_a_new_dict_each_time():
    """A caller may change the flags it gets (the table adds them to its round record): the outcome's stay."""
    outcome, _ = deal_round(parse_cards("9S 8D KH 2C".split()))
    first = outcome.flags()
    first["winner"] = "banker"
    assert outcome.flags()["winner"] == "player" and outcome.flags() is not outcome.flags()


@pytest.mark.parametrize("dealt", [0, 2, 4, 5, 6])
def test_a_copy_of_the_dealer_has_every_attribute_and_shares_no_list(dealt):
    """The table's checkpoint keeps a copy of the round's dealer: later cards change the original only."""
    cards = [parse_card(t) for t in ("2S", "3H", "4D", "2C", "KS", "QH")]
    dealer = RoundDealer()
    for card in cards[:dealt]:
        if dealer.complete:
            break
        dealer.add(card)
    if dealer.complete:
        _ = dealer.outcome  # made once and kept: the copy keeps it too
    copy = dealer.copy()
    assert type(copy) is RoundDealer and vars(copy) == vars(dealer) and vars(copy).keys() == vars(dealer).keys()
    for name, value in vars(dealer).items():
        if isinstance(value, list):
            assert getattr(copy, name) is not value, name
    before = {k: (list(v) if isinstance(v, list) else v) for k, v in vars(copy).items()}
    if not dealer.complete:
        dealer.add(cards[dealt])
        assert vars(copy) == before and vars(dealer) != before
