"""The side-bet edge monitor inside the controller: alerts when a bet turns favourable."""

from __future__ import annotations

from collections import Counter

import pytest

from dealer_station.app.autodealer import AutoDealer
from dealer_station.app.edge import EdgeWatch, edge_watch_for
from dealer_station.domain.cards import Rank, parse_card, shoe_counts
from dealer_station.domain.paytable import Mode, load_paytable
from drivers.deck import deck_tokens
from drivers.frames import CardRead
from tests.support.table import Table


def low_cards_gone() -> Counter:
    """8 decks after every Ace-4 and one six of each suit have gone: Two Cards Lucky Six favours players."""
    counts = shoe_counts()
    for card in list(counts):
        if card.rank <= Rank.FOUR:
            counts[card] = 0
    for suit in "SHDC":
        counts[parse_card("6" + suit)] -= 1
    return +counts


def test_watch_alerts_once_per_favourable_stretch() -> None:
    answers = iter([[{"bet": "lucky_six"}], [{"bet": "lucky_six"}], [], [{"bet": "lucky_six"}]])
    watch = EdgeWatch(lambda remaining, n: next(answers))
    assert [a["bet"] for a in watch(Counter(), 1)] == ["lucky_six"]
    assert watch(Counter(), 2) == []            # still positive: no second alert
    assert watch(Counter(), 3) == []            # turned negative
    assert [a["bet"] for a in watch(Counter(), 4)] == ["lucky_six"]   # positive again: alert again


def test_watch_forgets_on_a_new_shoe() -> None:
    watch = EdgeWatch(lambda remaining, n: [{"bet": "perfect_pair"}])
    assert watch(Counter(), 7)
    assert watch(Counter(), 8) == []
    assert watch(Counter(), 1)                  # round numbers restart: a new shoe


def test_a_built_watch_makes_its_monitor_once_at_first_need() -> None:
    made = []

    def build():
        made.append(1)
        return lambda remaining, n: [{"bet": "perfect_pair"}] if n == 2 else []

    watch = EdgeWatch(build=build)
    assert not watch.ready and made == []
    assert watch(Counter(), 1) == [] and watch.ready and made == [1]
    assert watch(Counter(), 2) == [{"bet": "perfect_pair"}]
    watch.prepare()
    assert made == [1]


def test_prepare_builds_before_the_first_round() -> None:
    watch = edge_watch_for(load_paytable("commission"), Mode.COMMISSION)
    assert not watch.ready
    watch.prepare()
    assert watch.ready
    assert watch(shoe_counts(), 1) == []


@pytest.mark.parametrize("given", [{}, {"monitor": lambda r, n: [], "build": lambda: (lambda r, n: [])}])
def test_a_watch_takes_a_monitor_or_a_builder(given) -> None:
    with pytest.raises(ValueError, match="not both or neither"):
        EdgeWatch(**given)


def test_real_monitor_on_a_depleted_shoe() -> None:
    watch = edge_watch_for(load_paytable("commission"), Mode.COMMISSION)
    assert watch(shoe_counts(), 1) == []
    alerts = watch(low_cards_gone(), 20)
    assert "two_cards_lucky_six" in {a["bet"] for a in alerts}
    assert watch(low_cards_gone(), 21) == []


def test_controller_reports_player_edge_from_its_default_monitor(tmp_path) -> None:
    """A shoe stacked with the low cards first: the default monitor raises player_edge, and never pauses."""
    tokens = deck_tokens(8)
    low = [t for t in tokens if t[0] in "A234"]
    sixes = ["6S", "6H", "6D", "6C"]
    burn = ["2S", "2H", "2D"]                                # indicator 2S burns 2H and 2D
    rest = list(tokens)
    for t in burn:
        low.remove(t)
    for t in burn + low + sixes:
        rest.remove(t)
    shoe = iter(burn + low + sixes + rest)
    table = Table(tmp_path)
    dealer = AutoDealer(table.ctl, lambda: table.ctl.shoe_event(CardRead(next(shoe))), shoes=1)
    dealer.run(limit=400)
    edges = [f for f in table.facts if f.kind == "player_edge"]
    assert edges, "the low cards are gone: a side bet must turn favourable"
    assert "two_cards_lucky_six" in {f.data["bet"] for f in edges}
    assert "round_paused" not in table.kinds()
    first = [f.data["round"] for f in edges if f.data["bet"] == "two_cards_lucky_six"][0]
    assert first > 10, "a full shoe favours the house: the alert comes only after the low cards have gone"


def test_a_monitor_that_cannot_be_built_never_stops_the_table(tmp_path) -> None:
    """The warm-up before the loop (Controller.prepare, which run and simulate call) swallows the failure; each
    round's end tries again, tells it as an error fact, and the shoe is dealt on to its end."""
    def build():
        raise RuntimeError("no odds tables today")

    table = Table(tmp_path, edge_monitor=EdgeWatch(build=build))
    table.ctl.prepare()                                       # no exception out of the warm-up
    shoe = iter(deck_tokens(8))
    AutoDealer(table.ctl, lambda: table.ctl.shoe_event(CardRead(next(shoe))), shoes=1).run(limit=40)
    completed = [f for f in table.facts if f.kind == "round_completed"]
    errors = [f.data["detail"] for f in table.facts if f.kind == "error"]
    assert completed and len(errors) == len(completed)
    assert all("edge monitor failed" in e and "no odds tables today" in e for e in errors)
    assert "round_paused" not in table.kinds()


def test_a_monitors_own_fields_are_told_and_an_alert_without_a_bet_is_an_error(tmp_path) -> None:
    """An edge monitor is pluggable: the fields it adds are kept on the ``player_edge`` fact (and its event); an
    alert that names no bet is not an alert and is told as an error, the table dealing on."""
    alerts = iter([[{"bet": "tie", "edge": "0.012"}], [{"ev": "0.1"}]])

    def monitor(remaining, round_number):  # a monitor of its own (not the station's EdgeWatch)
        return next(alerts, [])

    table = Table(tmp_path, edge_monitor=monitor)
    shoe = iter(deck_tokens(8))
    AutoDealer(table.ctl, lambda: table.ctl.shoe_event(CardRead(next(shoe))), shoes=1).run(limit=30)
    [edge] = [f.data for f in table.facts if f.kind == "player_edge"]
    assert edge["bet"] == "tie" and edge["edge"] == "0.012" and edge["round"] == 1 and edge.extra == {"edge": "0.012"}
    errors = [f.data["detail"] for f in table.facts if f.kind == "error"]
    assert len(errors) == 1 and "edge monitor failed" in errors[0] and "names no bet" in errors[0]
    assert len([f for f in table.facts if f.kind == "round_completed"]) > 2 and "round_paused" not in table.kinds()
