"""The side-bet edge monitor: alerts when the cards left make an offered side bet favour the player."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from fractions import Fraction

import pytest

from dealer_station.domain.cards import Card, Rank, Suit, shoe_counts
from dealer_station.domain.odds import OddsError, analyse, make_edge_monitor, player_edge_alerts
from dealer_station.domain.paytable import Mode, load_paytable


def test_two_cards_lucky_six_turns_positive(low_cards_gone):
    table = load_paytable("commission")
    remaining = low_cards_gone
    alerts = player_edge_alerts(remaining, table, Mode.COMMISSION)
    by_bet = {a["bet"]: a for a in alerts}
    assert "two_cards_lucky_six" in by_bet
    alert = by_bet["two_cards_lucky_six"]
    exact = analyse(remaining, table, exact=True).bets["two_cards_lucky_six"].ev
    assert exact > 0
    assert Decimal(alert["ev"]) == Decimal(exact.numerator / exact.denominator).quantize(Decimal("0.000001"))
    assert alert["cards_left"] == 284
    assert Decimal(alert["house_edge"]) == -Decimal(alert["ev"])
    # every alert is a side bet with positive EV, and every positive side bet is alerted
    report = analyse(remaining, table)
    positive = {b for b, o in report.bets.items() if o.ev > 0 and b not in ("player", "banker", "tie")}
    assert set(by_bet) == positive


def test_only_two_cards_lucky_six_alerts_after_74_cards():
    """8 decks less 8 of each of A-4, 4 fives, 12 of each of 7-9 and 2 sixes: one alert, nothing else."""
    remaining = shoe_counts(8)
    gone = {Rank.ACE: 8, Rank.TWO: 8, Rank.THREE: 8, Rank.FOUR: 8, Rank.FIVE: 4, Rank.SIX: 2,
            Rank.SEVEN: 12, Rank.EIGHT: 12, Rank.NINE: 12}
    for rank, count in gone.items():
        for i in range(count):
            remaining[Card(rank, list(Suit)[i % 4])] -= 1
    assert sum(remaining.values()) == 416 - 74
    alerts = make_edge_monitor(load_paytable("commission"))(remaining, 15)
    assert [a["bet"] for a in alerts] == ["two_cards_lucky_six"]
    assert Decimal("0.005") < Decimal(alerts[0]["ev"]) < Decimal("0.02")
    assert alerts[0]["round"] == 15 and alerts[0]["cards_left"] == 342


def test_full_shoe_gives_no_alert():
    for name in ("commission", "no-commission", "sheet-002", "sheet-004"):
        assert player_edge_alerts(shoe_counts(8), load_paytable(name)) == []


def test_only_watched_and_offered_bets(low_cards_gone):
    remaining = low_cards_gone
    sheet_002 = load_paytable("sheet-002")          # offers no two_cards_lucky_six
    assert all(a["bet"] in {b.value for b in sheet_002.bets} for a in player_edge_alerts(remaining, sheet_002))
    only = player_edge_alerts(remaining, load_paytable("commission"), bets=["two_cards_lucky_six"])
    assert [a["bet"] for a in only] == ["two_cards_lucky_six"]
    assert player_edge_alerts(remaining, load_paytable("commission"), bets=["tie"]) == []


def test_monitor_honours_last_round(low_cards_gone):
    monitor = make_edge_monitor(load_paytable("commission"), Mode.COMMISSION)
    remaining = low_cards_gone
    after_49 = monitor(remaining, 49)           # round 50 is still open to lucky six (last_round 50)
    assert "two_cards_lucky_six" in {a["bet"] for a in after_49}
    assert all(a["round"] == 49 for a in after_49)
    after_50 = monitor(remaining, 50)           # round 51: lucky sixes are closed
    assert "two_cards_lucky_six" not in {a["bet"] for a in after_50}
    after_60 = monitor(remaining, 60)           # round 61: pairs closed too; only bonuses remain
    assert {a["bet"] for a in after_60} <= {"player_bonus", "banker_bonus"}
    assert monitor(shoe_counts(8), 1) == []


def test_monitor_at_the_end_of_the_shoe_and_on_bad_input():
    monitor = make_edge_monitor(load_paytable("commission"))
    assert monitor(Counter(), 70) == []
    few = Counter({card: 1 for card in list(shoe_counts(1))[:5]})
    assert monitor(few, 10) == []
    with pytest.raises(OddsError):
        monitor(Counter({"not a card": 8}), 3)
    with pytest.raises(OddsError):
        monitor(Counter({next(iter(shoe_counts(1))): -2}), 3)


def test_monitor_answers_every_round_from_its_kept_counts(low_cards_gone, monkeypatch):
    """Called after every round, the monitor answers from the counts it keeps: the exact engine (the costly path,
    for the calls its floats cannot settle) is not run for these cards, however often it is asked. Its speed
    is measured in bench/bench_odds.py."""
    from dealer_station.domain.odds import monitor as monitor_module

    engine = []
    real = monitor_module.EdgeMonitor._engine
    monkeypatch.setattr(monitor_module.EdgeMonitor, "_engine",
                        lambda self, *args: engine.append(args[-1]) or real(self, *args))
    monitor = make_edge_monitor(load_paytable("commission"))
    remaining = low_cards_gone
    first = monitor(remaining, 1)
    assert [monitor(remaining, 1) for _ in range(20)] == [first] * 20
    assert first == [{**alert, "round": 1} for alert in player_edge_alerts(remaining, load_paytable("commission"))]
    assert engine == []


def test_ev_strings_are_decimals(low_cards_gone):
    alerts = player_edge_alerts(low_cards_gone, load_paytable("commission"))
    assert alerts
    for alert in alerts:
        assert Decimal(alert["ev"]) > 0
        assert Fraction(alert["ev"]) == Fraction(Decimal(alert["ev"]))
