"""The fast odds engine against brute force over every ordering of small shoes (6 to 10 cards), exactly.

The brute force here is independent of the engine: its own tiny dealer (docs/rules.md §2 written out again)
and its own payout code; only the payout numbers are read from the pay table data.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from dealer_station.domain.bets import BetType
from dealer_station.domain.cards import ALL_KINDS, Card, parse_cards, shoe_cards
from dealer_station.domain.odds import analyse, composition_from_counts, outcome_probabilities
from dealer_station.domain.outcome import deal_round
from dealer_station.domain.paytable import Mode, load_paytable, paytable_from_dict

# ---------------------------------------------------------------- an independent tiny dealer


def _points(card: Card) -> int:
    return card.rank.value if card.rank.value < 10 else 0


def _banker_hits(banker: int, third: int) -> bool:
    if banker <= 2:
        return True
    if banker == 3:
        return third != 8
    if banker == 4:
        return 2 <= third <= 7
    if banker == 5:
        return 4 <= third <= 7
    if banker == 6:
        return third in (6, 7)
    return False


def tiny_deal(cards: tuple[Card, ...]) -> tuple[list[Card], list[Card]]:
    """Player's and Banker's hands dealt from ``cards`` in shoe order."""
    player, banker = [cards[0], cards[2]], [cards[1], cards[3]]
    pt = (_points(cards[0]) + _points(cards[2])) % 10
    bt = (_points(cards[1]) + _points(cards[3])) % 10
    if pt >= 8 or bt >= 8:
        return player, banker
    nxt = 4
    if pt <= 5:
        player.append(cards[nxt])
        nxt += 1
        if _banker_hits(bt, _points(player[2])):
            banker.append(cards[nxt])
    elif bt <= 5:
        banker.append(cards[nxt])
    return player, banker


def _signature(player: list[Card], banker: list[Card]) -> tuple:
    pt = sum(_points(c) for c in player) % 10
    bt = sum(_points(c) for c in banker) % 10
    p2 = (_points(player[0]) + _points(player[1])) % 10
    b2 = (_points(banker[0]) + _points(banker[1])) % 10
    return (pt, bt, p2 >= 8, b2 >= 8, len(banker), player[0].rank == player[1].rank,
            banker[0].rank == banker[1].rank, player[0] == player[1], banker[0] == banker[1])


def brute_force(cards: list[Card]) -> tuple[Counter, int]:
    """Every ordering of the shoe's physical cards, dealt; signature counts and the number of orderings.

    Up to 8 cards every full ordering is dealt. For 9 and 10 cards every ordering of the first six
    positions is dealt and counted (N-6)! times: the orderings of the rest, which no round reaches.
    """
    n = len(cards)
    signatures: Counter = Counter()
    if n <= 8:
        for order in itertools.permutations(cards):
            signatures[_signature(*tiny_deal(order))] += 1
        return signatures, math.factorial(n)
    rest = math.factorial(n - 6)
    for order in itertools.permutations(cards, 6):
        signatures[_signature(*tiny_deal(order))] += rest
    return signatures, math.factorial(n)


# ---------------------------------------------------------------- plain payouts from the pay table data


def plain_net(bet: BetType, rule, mode: Mode, sig: tuple) -> Fraction:
    pt, bt, pn, bn, nb, ppair, bpair, pperfect, bperfect = sig

    def pays(value) -> Fraction:
        return Fraction(value)

    if bet is BetType.PLAYER:
        return pays(rule.pays) if pt > bt else Fraction(0) if pt == bt else Fraction(-1)
    if bet is BetType.BANKER:
        if pt == bt:
            return Fraction(0)
        if bt < pt:
            return Fraction(-1)
        if mode is Mode.COMMISSION:
            return pays(rule.pays)
        return pays(rule.extra["no_commission_six"]) if bt == 6 else pays(rule.extra["no_commission"])
    if bet is BetType.TIE:
        return pays(rule.pays) if pt == bt else Fraction(-1)
    wins = {
        BetType.PLAYER_PAIR: ppair,
        BetType.BANKER_PAIR: bpair,
        BetType.EITHER_PAIR: ppair or bpair,
        BetType.PERFECT_PAIR: pperfect or bperfect,
        BetType.PLAYER_NATURAL: pn,
        BetType.BANKER_NATURAL: bn,
        BetType.TWO_CARDS_LUCKY_SIX: bt == 6 and bt > pt and nb == 2,
        BetType.THREE_CARDS_LUCKY_SIX: bt == 6 and bt > pt and nb == 3,
    }
    if bet in wins:
        return pays(rule.pays) if wins[bet] else Fraction(-1)
    if bet is BetType.LUCKY_SIX:
        if bt == 6 and bt > pt:
            return pays(rule.extra["two_cards" if nb == 2 else "three_cards"])
        return Fraction(-1)
    if bet in (BetType.PLAYER_BONUS, BetType.BANKER_BONUS):
        mine, theirs, my_nat, their_nat = (pt, bt, pn, bn) if bet is BetType.PLAYER_BONUS else (bt, pt, bn, pn)
        if mine == theirs and (my_nat or their_nat):
            return Fraction(0)
        if mine > theirs and my_nat:
            return pays(rule.extra["natural"])
        if mine > theirs and f"margin_{mine - theirs}" in rule.extra:
            return pays(rule.extra[f"margin_{mine - theirs}"])
        return Fraction(-1)
    raise AssertionError(bet)


# ---------------------------------------------------------------- shoes and pay tables

SHOES = {
    "6 cards, two perfect pairs possible": "AS AS KH KH 6D 9C",
    "6 cards, sixes and tens": "6S 6H TC JD QD KS",
    "7 cards, mixed": "2S 3H 4D 5C 6S 7H 8D",
    "7 cards, suited duplicates": "9S 9S 9H TD TD 4C 3C",
    "8 cards, one of each point 2-9": "2S 3S 4H 5D 6C 7S 8H 9D",
    "8 cards, pairs and a natural mix": "AS AH 7D 7D KC QC 5S 6S",
    "9 cards, low": "AS 2H 3D 4C 5S AH 2D 3C 4S",
    "10 cards, 8-deck-like": "AS KH 6D 6D 9C 3S TH 2C 5D 8H",
}


def _random_shoes() -> dict[str, str]:
    rng = random.Random(20261130)
    two_decks = shoe_cards(2)
    shoes = {}
    for n in (6, 7, 8, 9, 10):
        shoes[f"random {n} from 2 decks"] = " ".join(c.token for c in rng.sample(two_decks, n))
    return shoes


ALL_SHOES = {**SHOES, **_random_shoes()}

ODD_TABLE = paytable_from_dict({
    "name": "odd", "mode": "no-commission", "bets": {
        "player": {"pays": "1:1"},
        "banker": {"pays": "0.9:1", "no_commission": "1:1", "no_commission_six": "0.4:1"},
        "tie": {"pays": "9:1"},
        "player_pair": {"pays": "12:1"}, "banker_pair": {"pays": "10:1"},
        "either_pair": {"pays": "6:1"}, "perfect_pair": {"pays": "30:1"},
        "player_natural": {"pays": "4:1"}, "banker_natural": {"pays": "3:1"},
        "player_bonus": {"natural": "2:1", "margin": {"1": "0.5:1", "3": "1:1", "9": "40:1"}},
        "banker_bonus": {"natural": "1:1", "margin": {"2": "1:1", "6": "5:1"}},
        "lucky_six": {"two_cards": "15:1", "three_cards": "25:1"},
        "two_cards_lucky_six": {"pays": "20:1"}, "three_cards_lucky_six": {"pays": "45:1"},
    },
})

TABLES = [load_paytable("commission"), load_paytable("sheet-004"), ODD_TABLE]


@pytest.fixture(scope="module", params=list(ALL_SHOES), ids=list(ALL_SHOES))
def shoe(request):
    cards = parse_cards(ALL_SHOES[request.param].split())
    signatures, orderings = brute_force(cards)
    return cards, signatures, orderings


@pytest.mark.parametrize("table", TABLES, ids=[t.name for t in TABLES])
def test_every_bet_matches_brute_force_exactly(shoe, table):
    cards, signatures, orderings = shoe
    report = analyse(Counter(cards), table, exact=True)
    by_mode = {Mode.COMMISSION: report.banker_commission, Mode.NO_COMMISSION: report.banker_no_commission}
    for bet, rule in table.bets.items():
        modes = list(Mode) if bet is BetType.BANKER else [Mode.COMMISSION]
        for mode in modes:
            expected = sum((plain_net(bet, rule, mode, s) * k for s, k in signatures.items()), Fraction(0))
            expected /= orderings
            if bet is BetType.BANKER:
                got = by_mode[mode]
                assert (report.bets["banker"] == got) == (mode is report.mode)
            else:
                got = report.bets[bet.value]
            assert isinstance(got.ev, Fraction)
            assert got.ev == expected, (bet, mode)
            assert got.house_edge == -expected and got.rtp == 1 + expected


def test_outcome_probabilities_match_brute_force_exactly(shoe):
    cards, signatures, orderings = shoe
    probs = outcome_probabilities(Counter(cards), exact=True)

    def chance(pred) -> Fraction:
        return Fraction(sum(k for s, k in signatures.items() if pred(*s)), orderings)

    assert probs["banker"] == chance(lambda pt, bt, *_: bt > pt)
    assert probs["player"] == chance(lambda pt, bt, *_: pt > bt)
    assert probs["tie"] == chance(lambda pt, bt, *_: pt == bt)
    assert probs["player_natural"] == chance(lambda pt, bt, pn, *_: pn)
    assert probs["banker_natural"] == chance(lambda pt, bt, pn, bn, *_: bn)
    assert probs["banker_three_cards"] == chance(lambda pt, bt, pn, bn, nb, *_: nb == 3)
    assert probs["lucky_six_two_cards"] == chance(lambda pt, bt, pn, bn, nb, *_: bt == 6 > pt and nb == 2)
    assert probs["lucky_six_three_cards"] == chance(lambda pt, bt, pn, bn, nb, *_: bt == 6 > pt and nb == 3)
    assert probs["player_pair"] == chance(lambda *s: s[5])
    assert probs["banker_pair"] == chance(lambda *s: s[6])
    assert probs["either_pair"] == chance(lambda *s: s[5] or s[6])
    assert probs["perfect_pair"] == chance(lambda *s: s[7] or s[8])
    assert sum(probs[k] for k in ("banker", "player", "tie")) == 1


def test_float_mode_agrees_with_exact(shoe):
    cards = shoe[0]
    table = load_paytable("commission")
    exact = analyse(Counter(cards), table, exact=True)
    fast = analyse(Counter(cards), table)
    for bet_id, odds in exact.bets.items():
        assert isinstance(fast.bets[bet_id].ev, float)
        assert fast.bets[bet_id].ev == pytest.approx(float(odds.ev), abs=1e-12)


def test_tiny_dealer_agrees_with_domain_dealer():
    """The brute force's own dealer and dealer_station.domain.outcome.deal_round deal the same hands."""
    rng = random.Random(7)
    shoe = shoe_cards(1)
    for _ in range(3000):
        cards = tuple(rng.sample(shoe, 6))
        player, banker = tiny_deal(cards)
        outcome, _ = deal_round(cards)
        assert (list(outcome.player), list(outcome.banker)) == (player, banker)


def test_brute_force_sees_every_kind_of_win():
    """Guard: the shoes above reach perfect pairs, 3-card lucky sixes and naturals, so those paths are checked."""
    seen = Counter()
    for text in ALL_SHOES.values():
        signatures, _ = brute_force(parse_cards(text.split())) if len(text.split()) <= 7 else (Counter(), 0)
        for s in signatures:
            seen["perfect"] += s[7] or s[8]
            seen["lucky3"] += s[1] == 6 > s[0] and s[4] == 3
            seen["lucky2"] += s[1] == 6 > s[0] and s[4] == 2
            seen["natural"] += s[2] or s[3]
            seen["natural_tie"] += (s[2] or s[3]) and s[0] == s[1]
    assert all(seen[k] for k in ("perfect", "lucky3", "lucky2", "natural", "natural_tie")), seen


def test_composition_accepts_tokens_and_cards_alike():
    assert composition_from_counts({"AS": 2, Card(ALL_KINDS[0].rank, ALL_KINDS[0].suit): 1, "10D": 3}).cards == 6
