"""The display's model and page, from a real controller's events: the state after each kind of event, the
result, the rounds and every road cell as the domain computes them from the journal's results, the limits as
the events carry them, the countdown in words, and the page right to left in Arabic."""

from __future__ import annotations

import json
import re

import pytest

from dealer_station import outbox
from dealer_station.display.model import TableDisplay, epoch_ms
from dealer_station.display.page import countdown_texts, money, page, parts, roads_svg
from dealer_station.domain.roads import compute_roads
from tests.support.table import Table, config, shoe_cards


def events_of(t: Table, after: int = 0) -> list[dict]:
    return [json.loads(e.payload) for e in outbox.read_events(t.journal.conn, after=after)]


def fold(events: list[dict]) -> TableDisplay:
    model = TableDisplay("T1")
    for e in events:
        model.apply(e)
    return model


@pytest.fixture
def dealt(tmp_path):
    t = Table(tmp_path, cfg=config(betting__window_seconds=20))
    t.start_shoe()
    cards = shoe_cards(7)
    for _ in range(9):
        t.deal_from(cards)
    return t, cards


def results(events: list[dict]) -> list[dict]:
    return [e["data"] for e in events if e["type"] == "round_result"]


def test_the_shoe_folded_shows_the_last_result_rounds_and_roads_of_the_journal(dealt):
    t, _ = dealt
    events = events_of(t)
    model = fold(events)
    last = results(events)[-1]
    assert (model.state, model.shoe_number, model.round_number) == ("result", 1, 9)
    assert model.result == last and model.last_event_id == events[-1]["event_id"]
    assert model.roads.cells() == compute_roads(results(events)).cells()
    shown = parts(model)
    assert 'id="stat-rounds">9<' in shown["stats"]
    assert f'data-winner="{last["winner"]}"' in shown["result"] and 'data-round="9"' in shown["result"]
    svg = roads_svg(model.roads)
    for name, cells in compute_roads(results(events)).cells().items():
        drawn = re.findall(r'<g class="cell" data-col="(\d+)" data-row="(\d+)"', svg[name])
        assert drawn == [(str(c["col"]), str(c["row"])) for c in cells], name


def test_each_event_sets_the_state_the_table_is_in(dealt):
    t, cards = dealt
    before = events_of(t)[-1]["event_id"]
    model = fold(events_of(t))
    t.ctl.dealer("open_betting")
    for e in events_of(t, before):
        model.apply(e)
    assert model.state == "betting_open" and model.round["betting_window_ms"] == 20000
    opened = [e for e in events_of(t, before) if e["type"] == "round_opened"][-1]
    assert model.betting_closes_ms == epoch_ms(opened["ts"]) + 20000
    assert model.round["bets_offered"] == opened["data"]["bets_offered"]
    state = parts(model)["state"]
    assert f'data-closes-at="{model.betting_closes_ms}"' in state and "PLACE YOUR BETS" in state
    before = events_of(t)[-1]["event_id"]
    t.ctl.dealer("close_betting")
    t.card(next(cards))
    for e in events_of(t, before):
        model.apply(e)
    assert model.state == "dealing" and len(model.cards) == 1 and model.betting_closes_ms is None
    assert "DEALING" in parts(model)["result"]


def test_a_new_shoe_starts_the_roads_afresh(dealt):
    t, _ = dealt
    model = fold(events_of(t))
    model.apply({"event_id": 10_000, "type": "shoe_started", "data": {"shoe_number": 2}})
    assert (model.shoe_number, model.marks, model.result, model.state) == (2, [], None, "shuffle")


def test_a_pause_shows_paused_and_the_resume_goes_back():
    model = TableDisplay("T1")
    model.apply({"event_id": 1, "type": "round_opened", "data": {"round_number": 3}})
    model.apply({"event_id": 2, "type": "round_paused", "data": {"incident": {"state_before": "betting_open"}}})
    assert model.state == "paused" and "PAUSED" in parts(model)["state"]
    model.apply({"event_id": 3, "type": "round_resumed", "data": {"act": "resume"}})
    assert model.state == "betting_open" and model.incident is None


def test_limits_are_shown_as_the_event_carries_them():
    model = TableDisplay("T1")
    model.apply({"event_id": 1, "type": "round_opened", "data": {
        "round_number": 1, "bets_offered": ["player", "tie"], "mode": "no-commission",
        "limits": {"difference": None, "bets": {"player": {"min": "10.00", "max": "5000.00"},
                                                 "tie": {"min": "1.50", "max": None}}}}})
    shown = parts(model)["limits"]
    assert re.findall(r'<tr data-bet="(\w+)"><th>([^<]+)</th><td>([^<]+)</td><td>([^<]+)</td>', shown) == [
        ("player", "Player", "10", "5,000"), ("tie", "Tie", "1.50", "no limit")]
    assert "NO COMMISSION" in shown and "difference at most no limit" in shown
    assert money("10000.00") == "10,000" and money("nonsense") == "nonsense"


def test_the_countdown_is_in_words_for_every_second():
    texts = countdown_texts(12_500)
    assert len(texts) == 14 and texts[13] == "PLACE YOUR BETS – 13 s" and "LAST SECONDS" in texts[3]
    assert countdown_texts(None) == [] and len(countdown_texts(86_400_000)) == 601


def test_the_page_is_right_to_left_in_arabic_and_its_roads_left_to_right():
    model = TableDisplay("T1")
    html = page(parts(model), language="ar", right_to_left=True, overlay=True, last_event_id=0)
    assert html.startswith('<!doctype html><html lang="ar" dir="rtl">') and 'class="overlay"' in html
    assert "#roads {" in html and "direction: ltr" in html
    assert 'dir="ltr"' in page(parts(model), language="en", right_to_left=False, overlay=False, last_event_id=0)


def test_misreads_change_nothing_on_the_display_and_a_pause_stays(tmp_path):
    """``card_misread`` (a rescan, a misread while paused) is a type the display does not show: it takes its id and
    changes nothing else (docs/events.md: a consumer ignores a type it does not know)."""
    t = Table(tmp_path)
    t.start_shoe()
    t.open_round()
    t.card("9S")
    before = events_of(t)[-1]["event_id"]
    shown = fold(events_of(t))
    t.no_read()
    t.ctl.dealer("call_supervisor", note="look")
    paused_at = events_of(t)[-1]["event_id"]
    t.no_read()
    new = events_of(t, after=before)
    assert [e["type"] for e in new if e["type"] == "card_misread"] == ["card_misread"] * 2
    model = fold(events_of(t))
    assert model.last_event_id == new[-1]["event_id"] and model.state == "paused" and model.incident
    rescan = fold(events_of(t)[:before + 1])
    assert (rescan.state, rescan.cards, parts(rescan)) == (shown.state, shown.cards, parts(shown))
    assert new[-1]["event_id"] > paused_at
