"""The shoe and round procedure: every state, transition, prompt and the burn and cut-card rules
(docs/rules.md §1–2)."""

from __future__ import annotations

import pytest

from dealer_station.app.controller import ActRefused
from dealer_station.domain.cards import parse_cards
from dealer_station.domain.facts import RoundStatus
from dealer_station.domain.outcome import Position, Winner, deal_round
from dealer_station.domain.round_result import RoundResult
from dealer_station.domain.table import STATES, TRANSITIONS
from drivers.frames import Connected
from tests.support.cards import card, cards
from tests.support.table import Table, config, shoe_cards


def test_states_and_transitions_are_data():
    assert set(STATES) >= {"no_shoe", "shuffle", "burn_indicator", "burning", "ready", "betting_open",
                           "betting_closed", "dealing", "result", "paused", "shoe_end"}
    for t in TRANSITIONS:
        sources = t["source"] if isinstance(t["source"], list) else [t["source"]]
        assert set(sources) <= set(STATES) and t["dest"] in STATES


def test_a_shoe_from_start_to_a_confirmed_round(tmp_path):
    t = Table(tmp_path)
    assert t.state == "no_shoe" and t.ctl.snapshot().prompt == "LOAD A NEW SHOE"
    t.ctl.shoe_event(Connected("x"))
    t.ctl.dealer("new_shoe")
    assert t.state == "shuffle"
    t.ctl.dealer("shuffled")
    view = t.ctl.snapshot()
    assert view.state == "burn_indicator" and view.cards_left == 416 and view.shoe_number == 1
    t.card("3C")
    view = t.ctl.snapshot()
    assert view.state == "burning" and view.burn_indicator == card("3C") and view.burn_remaining == 3
    assert view.prompt == "BURN 3 MORE CARDS"
    t.card("4D", "5H")
    assert t.ctl.snapshot().prompt == "BURN 1 MORE CARD"
    t.card("6S")
    view = t.ctl.snapshot()
    assert view.state == "ready" and view.burned == cards("4D", "5H", "6S") and view.cards_left == 412
    assert view.prompt == "OPEN BETTING FOR ROUND 1"
    t.ctl.dealer("open_betting")
    view = t.ctl.snapshot()
    assert view.state == "betting_open" and view.round_number == 1 and "player_pair" in view.offered_bets
    assert view.prompt == "PLACE YOUR BETS"
    t.ctl.dealer("close_betting")
    assert t.ctl.snapshot().prompt == "DEAL PLAYER CARD 1"
    t.card("2H")
    view = t.ctl.snapshot()
    assert view.state == "dealing" and view.next_position is Position("banker1") and view.prompt == "DEAL BANKER CARD 1"
    t.card("3S", "2D", "4C")  # player 4, banker 7
    view = t.ctl.snapshot()
    assert view.next_position is Position("player3") and view.who_draws == "PLAYER DRAWS ON 4"
    t.card("8C")  # player third card 8: banker 7 stands
    view = t.ctl.snapshot()
    assert view.state == "result" and view.player == cards("2H", "2D", "8C") and view.banker == cards("3S", "4C")
    assert view.player_total == 2 and view.banker_total == 7 and "STANDS" in view.who_draws
    assert view.result == RoundResult(RoundStatus.DEALT, 1, Winner.BANKER, 2, 7, view.result.outcome)
    assert view.result.outcome.cards_in_deal_order() == list(cards("2H", "3S", "2D", "4C", "8C"))
    t.ctl.dealer("confirm_result")
    view = t.ctl.snapshot()
    assert view.state == "ready" and view.history == ("B",) and view.result.status is RoundStatus.COMPLETED
    assert view.result.winner is Winner.BANKER and (view.result.player_total, view.result.banker_total) == (2, 7)
    [record] = t.ctl.recall()
    expected, _ = deal_round(parse_cards(["2H", "3S", "2D", "4C", "8C"]))
    assert record.winner == expected.winner.value and record.player == ("2H", "2D", "8C")
    assert record.flags["margin"] == expected.margin


@pytest.mark.parametrize("indicator, ace, counts, burned", [
    ("7H", 1, False, 7), ("7H", 1, True, 6), ("KD", 1, False, 10), ("TS", 1, False, 10), ("QC", 1, True, 9),
    ("AS", 1, False, 1), ("AS", 11, False, 11), ("AS", 1, True, 0), ("9C", 1, False, 9),
])
def test_burn_count_by_indicator(tmp_path, indicator, ace, counts, burned):
    t = Table(tmp_path, cfg=config(burn__ace_burns=ace, burn__indicator_counts=counts))
    t.ctl.dealer("new_shoe")
    t.card(indicator)  # a card while shuffling is the burn card: the dealer finished shuffling
    assert t.ctl.snapshot().burn_remaining == burned
    t.card(*["5S", "5H", "5D", "5C", "6S", "6H", "6D", "6C", "7S", "7D", "7C"][:burned])
    assert t.state == "ready" and len(t.ctl.snapshot().burned) == burned


def test_who_draws_and_banker_prompt(table: Table):
    table.open_round()
    table.card("4S", "2H", "KD", "3C")  # player 4 draws, banker 5
    table.card("6D")  # player's third 6: banker 5 draws
    view = table.ctl.snapshot()
    assert view.next_position is Position("banker3") and view.prompt == "DEAL BANKER CARD 3"
    assert view.who_draws.startswith("BANKER DRAWS")
    table.card("AH")
    assert table.state == "result"


def test_natural_stops_the_round(table: Table):
    table.open_round()
    table.card("5S", "2H", "4H", "3C")  # player 9: natural
    view = table.ctl.snapshot()
    assert view.state == "result" and view.who_draws.startswith("NATURAL")


def test_dealer_acts_out_of_place_are_refused_and_journaled(table: Table):
    with pytest.raises(ActRefused):
        table.ctl.dealer("close_betting")
    with pytest.raises(ActRefused):
        table.ctl.dealer("confirm_result")
    with pytest.raises(ActRefused):
        table.ctl.dealer("dance")
    assert table.state == "ready"
    refused = [r for r in table.journal.rows(kinds=("decision",))
               if any(o[0] == "act_refused" for o in r.body["outputs"])]
    assert len(refused) == 3


def test_bets_offered_close_after_their_last_round(tmp_path):
    t = Table(tmp_path)
    t.start_shoe()
    cards = shoe_cards(5)
    for n in range(1, 62):
        t.deal_from(cards)
        record = t.ctl.recall()[-1]
        assert record.round == n
        assert ("either_pair" in record.available_bets) == (n <= 50)
        assert ("player_pair" in record.available_bets) == (n <= 60)
        assert "player" in record.available_bets and "tie" in record.available_bets
    assert t.ctl.snapshot().round_number == 61 and len(t.ctl.snapshot().history) == 61


def test_cut_card_during_a_round_makes_it_the_last(table: Table):
    table.open_round()
    table.card("2S")
    table.cut()
    assert table.ctl.snapshot().cut_card_out and table.ctl.snapshot().last_round
    table.card("3S", "4S", "5S")  # player 6 stands... banker 8: natural
    table.ctl.dealer("confirm_result")
    view = table.ctl.snapshot()
    assert view.state == "shoe_end" and view.prompt.startswith("SHOE ENDED")
    ended = [f for f in table.facts if f.kind == "shoe_ended"][-1].data
    assert ended["rounds"] == 1 and ended["cut_card_round"] == 1 and ended["burn_indicator"] == "2S"
    assert table.ctl.recall()[-1].last_round


def test_cut_card_before_the_first_card_one_more_round(table: Table):
    table.round("TS", "TH", "9S", "8H")
    table.open_round()
    table.cut()  # no card of round 2 yet: round 2 is the one more round
    assert table.ctl.snapshot().last_round
    table.card("TS", "TH", "9S", "8H")
    table.ctl.dealer("confirm_result")
    assert table.state == "shoe_end"
    assert [r.round for r in table.ctl.recall()] == [1, 2]


def test_cut_card_between_rounds_setting_none_voids_the_open_round(tmp_path):
    t = Table(tmp_path, cfg=config(cut_card__between_rounds="none"))
    t.start_shoe()
    t.round("TS", "TH", "9S", "8H")
    t.open_round()
    t.cut()
    assert t.state == "shoe_end"
    records = t.ctl.recall()
    assert [(r.round, r.status) for r in records] == [(1, "completed"), (2, "voided")]
    assert records[-1].reason == "cut_card"


@pytest.mark.parametrize("resolve", ["resume", "void_round", "end_shoe"])
def test_cut_card_setting_none_while_paused_acts_the_same_when_the_pause_is_resolved(tmp_path, resolve):
    t = Table(tmp_path, cfg=config(cut_card__between_rounds="none"))
    t.start_shoe()
    t.round("TS", "TH", "9S", "8H")
    t.open_round()
    t.ctl.dealer("call_supervisor", note="the cut card is out")
    t.cut()
    assert t.state == "paused"
    with pytest.raises(ActRefused, match="cut card"):
        t.sup("enter_card", token="2S")  # no card of round 2 is dealt any more
    t.sup(resolve)
    assert t.state == "shoe_end"  # as when the cut card comes out unpaused: no more rounds
    records = t.ctl.recall()
    assert [(r.round, r.status) for r in records] == [(1, "completed"), (2, "voided")]
    ended = [f.data for f in t.facts if f.kind == "shoe_ended"]
    assert len(ended) == 1 and ended[0]["rounds"] == 2


def test_cut_card_setting_none_while_paused_between_rounds_ends_the_shoe_at_resume(tmp_path):
    t = Table(tmp_path, cfg=config(cut_card__between_rounds="none"))
    t.start_shoe()
    t.round("TS", "TH", "9S", "8H")
    t.ctl.dealer("call_supervisor", note="the cut card is out")
    t.cut()
    t.sup("resume")
    assert t.state == "shoe_end" and [r.round for r in t.ctl.recall()] == [1]


def test_new_shoe_after_shoe_end(table: Table):
    table.open_round()
    table.cut()
    table.card("TS", "TH", "9S", "8H")
    table.ctl.dealer("confirm_result")
    with pytest.raises(ActRefused, match="the shoe change comes first"):
        table.ctl.dealer("new_shoe")  # the press that ended the shoe's last round, again: no shoe starts
    table.ctl.dealer("change_shoe")  # the old cards out, new decks in
    view = table.ctl.snapshot()
    assert view.state == "shoe_change" and view.shoe_number == 1 and view.prompt.startswith("SHOE CHANGE")
    with pytest.raises(ActRefused, match="not allowed in state shoe_change"):
        table.ctl.dealer("change_shoe")
    table.ctl.dealer("new_shoe")  # the confirm
    view = table.ctl.snapshot()
    assert view.state == "shuffle" and view.shoe_number == 2 and view.round_number == 0 and view.cards_left == 416
    acts = [row.body["act"] for row in table.journal.rows(kinds=("input",)) if row.body.get("kind") == "dealer"]
    assert acts[-5:] == ["confirm_result", "new_shoe", "change_shoe", "change_shoe", "new_shoe"]  # each journaled


def test_auto_open_and_betting_timer(tmp_path):
    t = Table(tmp_path, cfg=config(betting__auto_open=True, betting__window_seconds=15))
    t.start_shoe()
    view = t.ctl.snapshot()
    assert view.state == "betting_open" and view.betting_seconds_left == 15
    t.clock.advance(10)
    t.ctl.tick()
    assert t.state == "betting_open" and t.ctl.snapshot().betting_seconds_left == 5
    t.clock.advance(5)
    t.ctl.tick()
    assert t.state == "betting_closed"
    closed = [f for f in t.facts if f.kind == "betting_closed"][-1]
    assert closed.data["by"] == "timer"
    t.card("TS", "TH", "9S", "8H")
    t.ctl.dealer("confirm_result")
    assert t.state == "betting_open" and t.ctl.snapshot().round_number == 2
