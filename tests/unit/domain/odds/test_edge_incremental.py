"""The stateful edge monitor gives exactly the engine's alerts, call after call, whatever the compositions.

The reference is the monitor as it was defined: ``player_edge_alerts`` (the exact engine, no state) on the
bets still offered in the next round, plus the round number (docs/rules.md §3).
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.domain.bets import SIDE_BETS, BetType
from dealer_station.domain.cards import ALL_KINDS, Card, Rank, Suit, parse_card, shoe_counts
from dealer_station.domain.odds import (
    Composition,
    EdgeMonitor,
    OddsError,
    analyse,
    edge_counts,
    make_edge_monitor,
    player_edge_alerts,
)
from dealer_station.domain.odds.edge_counts import ShoeCounts, screen_tables
from dealer_station.domain.odds.engine import _counts, _nets
from dealer_station.domain.odds.monitor import _clear_of_rounding, _ev_text
from dealer_station.domain.paytable import Mode, load_paytable
from drivers.deck import CUT, shuffled_shoe

TABLES = ("commission", "no-commission", "sheet-002", "sheet-004")


def reference(paytable, mode, bets, remaining, round_number) -> list[dict]:
    """The monitor's answer computed the pre-incremental way: the exact engine on the open bets."""
    mode = paytable.mode if mode is None else mode
    if bets is None:
        watched = [b for b in BetType if b in SIDE_BETS and b in paytable.bets]
    else:
        watched = [b for b in BetType if b in set(bets) and b in paytable.bets]
    open_bets = [b for b in watched if paytable.bets[b].offered_in(round_number + 1)]
    if not open_bets:
        return []
    return [{**a, "round": round_number} for a in player_edge_alerts(remaining, paytable, mode, open_bets)]


class Counting:
    """Counts the calls a monitor hands over to the engine (to show the fast path is what is tested)."""

    def __init__(self, monitor: EdgeMonitor, monkeypatch: pytest.MonkeyPatch) -> None:
        self.engine_calls = 0
        original = monitor._engine

        def engine(*args):
            self.engine_calls += 1
            return original(*args)

        monkeypatch.setattr(monitor, "_engine", engine)


def shoe_walk(seed: int, rng: random.Random, step=(4, 6)):
    """(remaining, round) after each round of a whole shoe of ``shuffled_shoe(seed)``, 4-6 cards a round."""
    cards = [parse_card(t) for t in shuffled_shoe(seed) if t != CUT]
    remaining = shoe_counts(8)
    position = 0
    round_number = 0
    while position < len(cards):
        take = rng.randint(*step)
        for card in cards[position:position + take]:
            remaining[card] -= 1
        position += take
        round_number += 1
        yield Counter(remaining), round_number


def pairs_and_sixes() -> Counter:
    """Late shoe rich in pairs and sixes: 5 sixes and 5 kings of each suit, 1 of each other kind (84 cards)."""
    remaining = Counter({card: 1 for card in ALL_KINDS})
    for suit in Suit:
        remaining[Card(Rank.SIX, suit)] = 5
        remaining[Card(Rank.KING, suit)] = 5
    return remaining


# --------------------------------------------------------------------------------------------------
# The monitor against the engine
# --------------------------------------------------------------------------------------------------


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), table=st.sampled_from(TABLES))
def test_whole_shoe_walk_matches_the_engine(seed, table):
    paytable = load_paytable(table)
    monitor = make_edge_monitor(paytable)
    rng = random.Random(seed)
    for remaining, round_number in shoe_walk(seed, rng):
        assert monitor(remaining, round_number) == reference(paytable, None, None, remaining, round_number)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_jumps_new_shoes_and_cards_put_back(seed, data):
    """One monitor over unrelated compositions: new shoes, cards put back, recovery mid-shoe, repeats."""
    paytable = load_paytable("commission")
    monitor = make_edge_monitor(paytable, Mode.COMMISSION)
    rng = random.Random(seed)
    walk = list(shoe_walk(seed, rng))
    other = list(shoe_walk(seed + 1, random.Random(seed + 1), step=(1, 9)))
    for _ in range(12):
        kind = data.draw(st.sampled_from(("walk", "other", "put_back", "repeat", "random")))
        if kind == "walk":
            remaining, round_number = walk[data.draw(st.integers(0, len(walk) - 1))]
        elif kind == "other":
            remaining, round_number = other[data.draw(st.integers(0, len(other) - 1))]
        elif kind == "put_back":
            remaining, round_number = walk[data.draw(st.integers(0, len(walk) - 1))]
            remaining = Counter(remaining)
            for card in data.draw(st.lists(st.sampled_from(ALL_KINDS), max_size=20)):
                remaining[card] += 1
        elif kind == "repeat":
            remaining, round_number = walk[data.draw(st.integers(0, len(walk) - 1))]
            assert monitor(remaining, round_number) == reference(paytable, None, None, remaining, round_number)
        else:
            counts = data.draw(st.lists(st.integers(0, 3), min_size=52, max_size=52))
            remaining = Counter(dict(zip(ALL_KINDS, counts, strict=True)))
            round_number = data.draw(st.integers(0, 70))
        assert monitor(remaining, round_number) == reference(paytable, None, None, remaining, round_number)


def test_shoe_walks_alert_and_mostly_without_the_engine(monkeypatch):
    """Over 12 shoes the fast path settles nearly every call, and alerts really occur (the test is not vacuous)."""
    paytable = load_paytable("commission")
    monitor = make_edge_monitor(paytable)
    counting = Counting(monitor, monkeypatch)
    calls = 0
    alerted: Counter = Counter()
    for seed in range(12):
        for remaining, round_number in shoe_walk(seed, random.Random(seed)):
            got = monitor(remaining, round_number)
            assert got == reference(paytable, None, None, remaining, round_number)
            calls += 1
            alerted.update(a["bet"] for a in got)
    assert sum(alerted.values()) >= 10, alerted
    assert counting.engine_calls <= calls // 50, (counting.engine_calls, calls)


def test_a_late_shoe_rich_in_pairs_and_sixes_alerts_on_every_kind_of_bet(monkeypatch):
    paytable = load_paytable("commission")
    remaining = pairs_and_sixes()
    monitor = make_edge_monitor(paytable)
    counting = Counting(monitor, monkeypatch)
    got = monitor(remaining, 30)
    assert got == reference(paytable, None, None, remaining, 30)
    bets = {a["bet"] for a in got}
    assert {"player_pair", "banker_pair", "either_pair", "perfect_pair"} <= bets
    assert {"lucky_six", "two_cards_lucky_six", "three_cards_lucky_six", "player_bonus"} <= bets
    assert counting.engine_calls == 0
    exact = analyse(remaining, paytable, exact=True)
    for alert in got:
        assert exact.bets[alert["bet"]].ev > 0
        assert alert["cards_left"] == 84 and alert["round"] == 30
    # after round 50 only the pairs (to 60) and bonuses remain; after 60 only bonuses
    assert {a["bet"] for a in monitor(remaining, 50)} <= {"player_pair", "banker_pair", "player_bonus", "banker_bonus"}
    assert monitor(remaining, 60) == reference(paytable, None, None, remaining, 60)


def test_two_cards_lucky_six_example_and_chosen_bets(low_cards_gone):
    paytable = load_paytable("commission")
    remaining = low_cards_gone
    for bets in (None, ["two_cards_lucky_six"], [BetType.LUCKY_SIX, "player_pair"], ["banker", "tie"], []):
        monitor = make_edge_monitor(paytable, "commission", bets)
        chosen = None if bets is None else [b if isinstance(b, BetType) else BetType.parse(b) for b in bets]
        for round_number in (10, 49, 50, 59, 60, 75):
            assert monitor(remaining, round_number) == reference(paytable, Mode.COMMISSION, chosen, remaining,
                                                                 round_number)
    assert "two_cards_lucky_six" in {a["bet"] for a in make_edge_monitor(paytable)(remaining, 10)}


@pytest.mark.parametrize("mode", [Mode.COMMISSION, Mode.NO_COMMISSION])
def test_banker_bet_watched_in_either_mode(mode):
    """Banker, watched explicitly, is screened in the monitor's mode (its 0.95 net is not a float integer)."""
    paytable = load_paytable("commission")
    monitor = make_edge_monitor(paytable, mode, ["banker", "player", "tie"])
    rich = Counter({card: (8 if card.points in (6, 7) else 1) for card in ALL_KINDS})
    for remaining in (shoe_counts(8), rich, pairs_and_sixes()):
        assert monitor(remaining, 5) == reference(paytable, mode, [BetType.BANKER, BetType.PLAYER, BetType.TIE],
                                                  remaining, 5)


def test_every_call_by_the_engine_and_no_table_give_the_same(monkeypatch):
    """With an allowance so wide that nothing is settled by floats, or counts beyond the tables, same answers."""
    paytable = load_paytable("commission")
    walk = list(shoe_walk(7, random.Random(7)))[::6] + [(pairs_and_sixes(), 20)]
    fast = make_edge_monitor(paytable)
    expected = [fast(r, n) for r, n in walk]
    monkeypatch.setattr(edge_counts, "SCREEN_MARGIN", 1.0)
    wide = make_edge_monitor(paytable)
    counting = Counting(wide, monkeypatch)
    assert [wide(r, n) for r, n in walk] == expected
    assert counting.engine_calls == sum(1 for r, n in walk if sum(r.values()) >= 6)
    monkeypatch.setattr(edge_counts, "SCREEN_MARGIN", 1e-11)
    monkeypatch.setattr(edge_counts, "FALLING_LIMIT", 5)
    small = make_edge_monitor(paytable)
    assert [small(r, n) for r, n in walk] == expected
    assert expected == [reference(paytable, None, None, r, n) for r, n in walk]


# --------------------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------------------


def test_other_kinds_of_input_are_read_as_the_engine_reads_them():
    paytable = load_paytable("commission")
    monitor = make_edge_monitor(paytable)
    remaining = pairs_and_sixes()
    expected = reference(paytable, None, None, remaining, 3)
    tokens = {card.token: count for card, count in remaining.items()}
    shuffled = dict(sorted(remaining.items(), key=lambda kv: random.Random(1).random()))
    fresh_cards = Counter({Card(card.rank, card.suit): count for card, count in remaining.items()})
    split = Counter({card.token if card.suit is Suit.SPADES else card: count for card, count in remaining.items()})
    for given_ in (tokens, shuffled, fresh_cards, split, Composition(tuple(remaining[c] for c in ALL_KINDS))):
        assert monitor(given_, 3) == expected
    doubled = {**{card: 1 for card in ALL_KINDS}, "6S": 1, "KS": 1}          # a kind given twice adds up
    assert monitor(doubled, 3) == reference(paytable, None, None, doubled, 3)


@pytest.mark.parametrize("bad", [
    Counter({"not a card": 8}),
    Counter({ALL_KINDS[0]: -2}),
    {**{card: 8 for card in ALL_KINDS}, ALL_KINDS[5]: True},
    {**{card: 8 for card in ALL_KINDS}, ALL_KINDS[5]: 2.0},
    {**{card: 8 for card in ALL_KINDS}, ALL_KINDS[5]: -1},
    [("AS", 8)],
])
def test_bad_input_raises_as_the_engine_does_and_keeps_the_state(bad):
    paytable = load_paytable("commission")
    monitor = make_edge_monitor(paytable)
    remaining = pairs_and_sixes()
    assert monitor(remaining, 3) == reference(paytable, None, None, remaining, 3)
    with pytest.raises(OddsError) as fast_error:
        monitor(bad, 3)
    with pytest.raises(OddsError) as engine_error:
        player_edge_alerts(bad, paytable)
    assert str(fast_error.value) == str(engine_error.value)
    assert monitor(remaining, 3) == reference(paytable, None, None, remaining, 3)
    lucky_six = make_edge_monitor(paytable, bets=["lucky_six"])
    assert lucky_six(bad, 50) == []         # nothing watched is offered in round 51: no work, no check
    assert reference(paytable, None, [BetType.LUCKY_SIX], bad, 50) == []


def test_end_of_shoe_and_closed_bets():
    paytable = load_paytable("commission")
    monitor = make_edge_monitor(paytable)
    assert monitor(Counter(), 20) == []
    assert monitor(Counter({ALL_KINDS[0]: 5}), 20) == []
    assert monitor(pairs_and_sixes(), 1000) == reference(paytable, None, None, pairs_and_sixes(), 1000)


# --------------------------------------------------------------------------------------------------
# The pieces: counts, weights, float EVs, rounding
# --------------------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(counts=st.lists(st.integers(0, 12), min_size=52, max_size=52).filter(lambda c: sum(c) >= 6),
       again=st.lists(st.integers(0, 12), min_size=52, max_size=52).filter(lambda c: sum(c) >= 6))
def test_shoe_counts_equal_the_engine_counts(counts, again):
    state = ShoeCounts()
    tables = screen_tables()
    for kinds in (counts, again, counts):
        state.update(kinds)
        engine = _counts(Composition(tuple(kinds)))
        assert state.pair_counts() == (engine.player_pair, engine.either_pair, engine.perfect_pair)
        assert state.cards == engine.cards
        rounds = state.weights() @ tables.sequences           # exact: every partial sum below 2**53
        assert np.array_equal(rounds.astype(np.int64), engine.rounds)


@settings(max_examples=25, deadline=None)
@given(counts=st.one_of(st.lists(st.integers(0, 8), min_size=52, max_size=52),
                        st.lists(st.integers(0, 26), min_size=52, max_size=52)).filter(lambda c: sum(c) >= 6))
def test_float_evs_are_within_1e_12_of_the_exact_ones(counts):
    """Up to 8 decks the weights are exact; up to 26 decks (1352 cards) they are rounded, still far within."""
    paytable = load_paytable("commission")
    nets = _nets(paytable.bets)
    state = ShoeCounts()
    state.update(counts)
    tables = screen_tables()
    n = sum(counts)
    total = float(n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5))
    exact = analyse(Composition(tuple(counts)), paytable, exact=True)
    floats = analyse(Composition(tuple(counts)), paytable)
    for (bet, _mode), net in nets.category_float.items():
        if bet is BetType.BANKER:
            continue
        ev = float(tables.sequences @ net @ state.weights()) / total
        assert abs(Fraction(ev) - exact.bets[bet.value].ev) < Fraction(1, 10**12)
        assert abs(ev - floats.bets[bet.value].ev) < 1e-12


def test_clear_of_rounding():
    assert _clear_of_rounding(0.0123452, 1e-11)
    assert not _clear_of_rounding(0.0123455, 1e-11)             # half-way: round to nearest may go either way
    assert not _clear_of_rounding(0.012345 + 1e-12, 1e-11)      # a whole millionth: rounding down/up changes
    assert _clear_of_rounding(0.0123455 + 3e-11, 1e-11)
    assert not _clear_of_rounding(0.0123455 + 1e-11, 1e-11)
    assert _ev_text(0.0123452) == "0.012345"


def test_monitor_over_a_shoe_answers_from_its_kept_counts(monkeypatch):
    """Over a whole shoe each call updates the counts it keeps and answers from them: the exact engine (the old
    monitor's ~0.5 ms a call) is run for none of its rounds. The mean call is measured in bench/bench_odds.py."""
    from dealer_station.domain.odds import monitor as monitor_module

    engine = []
    real = monitor_module.EdgeMonitor._engine
    monkeypatch.setattr(monitor_module.EdgeMonitor, "_engine",
                        lambda self, *args: engine.append(args[-1]) or real(self, *args))
    paytable = load_paytable("commission")
    monitor = make_edge_monitor(paytable)
    walk = list(shoe_walk(3, random.Random(3)))
    assert len(walk) > 60
    for remaining, round_number in walk:
        monitor(remaining, round_number)
    assert engine == []


def test_big_shoes_whose_weights_are_rounded_match_the_engine():
    """Beyond 455 cards the float weights are rounded; answers are still the engine's (int64 and big-int engine)."""
    paytable = load_paytable("commission")
    monitor = make_edge_monitor(paytable)
    rng = random.Random(5)
    for top in (12, 20, 26, 30):
        remaining = Counter({card: rng.randint(top // 2, top) for card in ALL_KINDS})
        for point in rng.sample(range(13), 4):                  # thin some ranks out, as late in a shoe
            for suit in Suit:
                remaining[Card(Rank(point + 1), suit)] //= 4
        assert monitor(remaining, 5) == reference(paytable, None, None, remaining, 5)
