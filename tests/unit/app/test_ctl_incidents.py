"""Incidents that pause the round, and the supervisor's acts (docs/rules.md §5)."""

from __future__ import annotations

import pytest

from dealer_station.app.accounts import AuthError
from dealer_station.app.controller import ActRefused
from dealer_station.domain import table_frames
from dealer_station.domain.outcome import Position
from dealer_station.journal import JournalError
from drivers.frames import CardRead, Connected, ConnectionLost, Garbage, NoRead
from tests.support.cards import cards
from tests.support.table import DEALER, DEALER_PIN, SUP, SUP_PIN, Table


def paused(t: Table, kind: str) -> None:
    view = t.ctl.snapshot()
    assert view.state == "paused", view
    assert view.incident is not None and view.incident.type == kind
    assert view.prompt.startswith("PAUSED")


# ------------------------------------------------------------------ misreads

def test_no_read_asks_for_a_rescan_of_the_same_position(table: Table):
    table.open_round()
    table.card("2S")
    table.no_read()
    view = table.ctl.snapshot()
    assert view.state == "dealing" and view.rescan is Position.BANKER1 and view.misreads == 1
    assert view.prompt == "RESCAN BANKER CARD 1"
    rescans = [f for f in table.facts if f.kind == "rescan_requested"]
    assert rescans[-1].data["position"] == "banker1"
    table.card("3S")
    view = table.ctl.snapshot()
    assert view.misreads == 0 and view.rescan is None and view.banker == cards("3S")


def test_unknown_code_is_a_misread(table: Table):
    table.open_round()
    table.ctl.shoe_event(CardRead("ZZ", b"ZZ\r\n"))
    view = table.ctl.snapshot()
    assert view.misreads == 1 and view.rescan is Position.PLAYER1


def test_misread_limit_pauses(table: Table):
    table.open_round()
    table.no_read(3)
    paused(table, "misread_limit")
    incident = table.ctl.snapshot().incident
    assert incident.position == "player1" and incident.state_before == "betting_closed"
    assert incident.evidence == "15"


def test_misread_during_burn_and_its_limit(tmp_path):
    t = Table(tmp_path)
    t.ctl.dealer("new_shoe")
    t.ctl.dealer("shuffled")
    t.no_read()
    view = t.ctl.snapshot()
    assert view.rescan is None and view.rescan_burn and view.prompt == "RESCAN THE BURN CARD"
    t.card("3S")
    t.no_read(3)
    paused(t, "misread_limit")
    assert t.ctl.snapshot().incident.position == "burn"


def test_garbage_is_journaled_in_its_burst_never_a_rescan(table: Table):
    table.open_round()
    table.ctl.shoe_event(Garbage(b"\x00\xff"))
    view = table.ctl.snapshot()
    assert view.misreads == 0 and view.state == "betting_closed"
    table.card("4S")   # a card ends the burst: its one note, then the card
    notes = [r.body for r in table.journal.rows(kinds=("note",)) if r.body.get("kind") == "line_noise"]
    assert [(n["bytes"], n["frames"], n["raw"]) for n in notes] == [(2, 1, "00ff")]
    assert table.ctl.snapshot().player == cards("4S")


# ----------------------------------------------------------- incidents by kind

def test_card_while_betting(table: Table):
    table.ctl.dealer("open_betting")
    table.card("4H")
    paused(table, "card_while_betting")
    assert "4H" in table.ctl.snapshot().incident.evidence


def test_card_after_round(table: Table):
    table.open_round()
    table.card("TS", "TH", "9S", "8H")
    assert table.state == "result"
    table.card("2C")
    paused(table, "card_after_round")


def test_card_before_betting_is_a_procedure_violation(table: Table):
    table.card("2C")
    paused(table, "procedure_violation")
    assert table.ctl.snapshot().incident.reason == "card_before_betting"


def test_card_without_a_shoe(tmp_path):
    t = Table(tmp_path)
    t.card("2C")
    assert t.state == "no_shoe" and t.facts[-1].kind == "procedure_violation"
    assert t.facts[-1].data["reason"] == "card_without_shoe"


def test_foreign_card(table: Table):
    table.open_round()
    # the burn used 2S 9D 9H: seven more 9D are allowed, the eighth is a ninth copy
    table.card("9D", "9D", "9D", "9D")  # player 8 natural -> result
    table.ctl.dealer("confirm_result")
    table.open_round()
    table.card("9D", "9D", "9D")
    left = table.ctl.snapshot().cards_left
    table.card("9D")
    paused(table, "foreign_card")
    assert table.ctl.snapshot().incident.position == "banker2"
    assert table.ctl.snapshot().player == cards("9D", "9D") and table.ctl.snapshot().cards_left == left


def test_cut_card_in_burn(tmp_path):
    t = Table(tmp_path)
    t.ctl.dealer("new_shoe")
    t.card("5S", "2C")
    t.cut()
    paused(t, "cut_card_in_burn")
    t.sup("end_shoe")
    assert t.state == "shoe_end"


def test_shoe_disconnected_pauses_and_resume_waits_for_the_link(table: Table):
    table.open_round()
    table.card("2S")
    table.ctl.shoe_event(ConnectionLost("unplugged"))
    paused(table, "shoe_disconnected")
    assert not table.ctl.snapshot().connected
    with pytest.raises(ActRefused):
        table.sup("resume")
    table.ctl.shoe_event(Connected("back"))
    table.sup("resume")
    view = table.ctl.snapshot()
    assert view.state == "dealing" and view.next_position is Position("banker1") and view.player == cards("2S")


def test_unexpected_exception_pauses(table: Table, monkeypatch):
    def boom(machine, card, manual):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(table_frames, "place", boom)
    table.open_round()
    table.card("2S")
    paused(table, "unexpected_error")
    assert "kaboom" in table.ctl.snapshot().incident.detail


def test_journal_failure_pauses_and_nothing_is_lost(table: Table, monkeypatch):
    table.open_round()
    real = table.journal.append
    calls = {"n": 0}

    def failing(kind, body, ts, **kw):
        if calls["n"] == 0 and kind == "decision":
            calls["n"] += 1
            raise JournalError("disk full")
        return real(kind, body, ts, **kw)

    monkeypatch.setattr(table.journal, "append", failing)
    table.card("2S")  # input written, decision not
    paused(table, "journal_failure")
    table.card("3S")  # the card is out of the shoe: held while the journal is failing, and said so
    assert table.facts[-1].kind == "input_held"
    view = table.ctl.snapshot()
    assert view.player == cards("2S") and view.banker == cards() and view.held_inputs == ("card 3S",)
    assert "1 SHOE EVENT HELD" in view.prompt
    table.sup("resume")
    view = table.ctl.snapshot()
    assert view.state == "dealing" and view.banker == cards("3S") and view.held_inputs == ()  # nothing lost
    decided = [r.body["input"] for r in table.journal.rows(kinds=("decision",))]
    inputs = [r.seq for r in table.journal.rows(kinds=("input",))]
    assert inputs == sorted(set(decided))  # every input has exactly one decision
    assert table.journal.verify().ok


def test_journal_failure_on_the_input_refuses_it(table: Table, monkeypatch):
    table.open_round()
    real = table.journal.append
    broken = {"on": True}

    def failing(kind, body, ts, **kw):
        if broken["on"]:
            raise JournalError("disk full")
        return real(kind, body, ts, **kw)

    monkeypatch.setattr(table.journal, "append", failing)
    seq = table.journal.last_seq
    table.card("2S")
    paused(table, "journal_failure")
    assert table.ctl.snapshot().player == cards() and table.facts[-1].kind == "input_held"
    with pytest.raises(ActRefused):
        table.ctl.dealer("confirm_result")  # a dealer act is refused, and the dealer is told
    with pytest.raises(ActRefused):
        table.sup("resume")  # still failing
    with pytest.raises(ActRefused):
        table.sup("void_round")  # only resume while the journal fails
    assert table.ctl.snapshot().held_inputs == ("card 2S",)
    broken["on"] = False
    table.sup("resume")
    assert table.state == "dealing" and table.journal.last_seq > seq
    assert table.ctl.snapshot().player == cards("2S")  # the card read during the failure is not lost
    table.card("3S")
    assert table.ctl.snapshot().banker == cards("3S")
    inputs = [r.body for r in table.journal.rows(kinds=("input",))]
    assert [b.get("token") for b in inputs if b.get("frame") == "card"][-2:] == ["2S", "3S"]


def test_a_card_read_during_a_journal_failure_takes_its_own_place(table: Table, monkeypatch):
    table.open_round()
    table.card("4S", "5S")
    real = table.journal.append
    broken = {"on": True}

    def failing(kind, body, ts, **kw):
        if broken["on"]:
            raise JournalError("disk full")
        return real(kind, body, ts, **kw)

    monkeypatch.setattr(table.journal, "append", failing)
    table.card("AH")  # player2, while the journal is down
    table.no_read()
    broken["on"] = False
    table.sup("resume")
    view = table.ctl.snapshot()
    assert view.player == cards("4S", "AH") and view.rescan is Position.BANKER2 and view.misreads == 1
    table.card("2H")
    assert table.ctl.snapshot().banker == cards("5S", "2H")  # the next card is not moved into AH's place
    notes = [r.body for r in table.journal.rows(kinds=("note",)) if r.body.get("kind") == "held_inputs"]
    assert notes and notes[-1]["count"] == 2


def test_dealer_call_pauses(table: Table):
    table.ctl.dealer("call_supervisor", note="spilled drink")
    paused(table, "procedure_violation")
    assert table.ctl.snapshot().incident.reason == "dealer_call"
    table.sup("resume")
    assert table.state == "ready"


# ------------------------------------------------------------- supervisor acts

def test_supervisor_enters_a_card_by_hand(table: Table):
    table.open_round()
    table.card("2S")
    table.no_read(3)
    paused(table, "misread_limit")
    table.sup("enter_card", token="3S", reason="unreadable", note="card bent")
    view = table.ctl.snapshot()
    assert view.state == "dealing" and view.banker == cards("3S") and view.manual == (Position.BANKER1,)
    table.card("4S", "5S")  # player 6, banker 8: natural
    table.ctl.dealer("confirm_result")
    record = table.ctl.recall()[-1]
    assert record.manual == ("banker1",) and record.banker == ("3S", "5S")
    dealt = [f.data for f in table.facts if f.kind == "card_accepted"]
    assert dealt[1] == {"round": 1, "position": "banker1", "card": "3S", "manual": True}


def test_supervisor_moves_a_card(table: Table):
    table.open_round()
    table.card("TS", "TH", "9S", "8H")  # player 9 natural
    table.ctl.dealer("call_supervisor", note="banker card went to player")
    table.sup("move_card", from_position="player2", to_position="banker2")
    table.sup("resume")
    assert table.state == "result"
    table.ctl.dealer("confirm_result")
    record = table.ctl.recall()[-1]
    assert record.player == ("TS", "8H") and record.banker == ("TH", "9S") and record.winner == "banker"


def test_move_that_breaks_the_rules_is_refused(table: Table):
    table.open_round()
    table.card("2S", "3S", "2D", "4C", "8C")  # player draws a third card
    table.ctl.dealer("call_supervisor", note="check")
    with pytest.raises(ActRefused):
        # banker 3S 8C = 1 would have to draw on the player's third card 4C: a card is missing
        table.sup("move_card", from_position="banker2", to_position="player3")
    with pytest.raises(ActRefused):
        table.sup("move_card", from_position="banker3", to_position="player3")  # banker3 was not dealt
    assert table.state == "paused"
    table.sup("move_card", from_position="player1", to_position="banker1")  # legal: same positions due
    assert table.ctl.snapshot().player == cards("3S", "2D", "8C")


def test_the_manual_flag_follows_a_moved_card(table: Table):
    table.open_round()
    table.card("4S", "5S")
    table.no_read(3)
    table.sup("enter_card", token="7H")  # player2 entered by hand
    table.card("2D")  # banker2: player 1, banker 7
    table.ctl.dealer("call_supervisor", note="cards swapped on the layout")
    table.sup("move_card", from_position="player2", to_position="banker2")  # the 7H now sits at banker2
    table.sup("resume")
    view = table.ctl.snapshot()
    assert view.player == cards("4S", "2D") and view.banker == cards("5S", "7H") and view.manual == (Position.BANKER2,)
    table.card("3C")  # player 6 draws: banker 2 draws too
    while table.state == "dealing":
        table.card("3D")
    table.ctl.dealer("confirm_result")
    record = table.ctl.recall()[-1]
    assert record.banker[:2] == ("5S", "7H") and record.manual == ("banker2",)
    result = [f.data for f in table.facts if f.kind == "round_completed"][-1]
    assert result["manual"] == ["banker2"]


def test_enter_card_when_no_card_is_due_is_refused_and_changes_nothing(table: Table):
    table.open_round()
    table.card("4S", "5S", "AH", "2H")  # player 9, banker 3: player draws
    table.ctl.dealer("call_supervisor", note="cards swapped on the layout")
    table.sup("move_card", from_position="player2", to_position="banker1")  # player 6, banker 8: complete
    before = table.ctl.snapshot()
    assert before.next_position is None
    seen = len(table.facts)
    with pytest.raises(ActRefused, match="no card is due"):
        table.sup("enter_card", token="7C")
    kinds = [f.kind for f in table.facts[seen:]]
    assert "round_resumed" not in kinds and "error" not in kinds
    after = table.ctl.snapshot()
    assert after.state == "paused" and after.incident == before.incident
    assert after.cards_left == before.cards_left and after.player == before.player
    table.sup("resume")
    assert table.state == "result"


def test_void_round_keeps_the_number(table: Table):
    table.open_round()
    table.card("2S")
    table.ctl.dealer("call_supervisor", note="wrong card")
    table.sup("void_round", reason="dealer_error", note="card exposed")
    assert table.state == "ready"
    table.round("TS", "TH", "9S", "8H")
    records = table.ctl.recall()
    assert [(r.round, r.status) for r in records] == [(1, "voided"), (2, "completed")]
    assert records[0].reason == "dealer_error" and records[0].note == "card exposed"
    events = [e.type for e in __import__("dealer_station.outbox", fromlist=["x"]).read_events(table.journal.conn)]
    assert "round_voided" in events


def test_void_without_an_open_round_is_refused(tmp_path):
    t = Table(tmp_path)
    t.ctl.dealer("new_shoe")
    t.card("5S")
    t.ctl.shoe_event(ConnectionLost("x"))
    t.ctl.shoe_event(Connected("y"))
    with pytest.raises(ActRefused):
        t.sup("void_round")


def test_end_shoe_voids_the_open_round(table: Table):
    table.open_round()
    table.card("2S", "3S")
    table.ctl.dealer("call_supervisor", note="shoe jammed")
    table.sup("end_shoe", reason="shoe_fault", note="jammed")
    assert table.state == "shoe_end"
    assert table.ctl.recall()[-1].status == "voided"
    ended = [f for f in table.facts if f.kind == "shoe_ended"][-1].data
    assert ended["reason"] == "supervisor"


def test_supervisor_acts_only_from_paused(table: Table):
    with pytest.raises(ActRefused):
        table.sup("resume")


def test_dealer_cannot_act_as_supervisor(table: Table):
    table.ctl.dealer("call_supervisor", note="x")
    with pytest.raises(AuthError) as err:
        table.ctl.supervisor("resume", user=DEALER, pin=DEALER_PIN, reason="r", note="n")
    assert err.value.code == "not_supervisor"
    assert table.state == "paused"
    notes = [r.body for r in table.journal.rows(kinds=("note",))]
    assert notes[-1]["kind"] == "auth_refused" and notes[-1]["code"] == "not_supervisor"
    assert "pin" not in notes[-1]


def test_wrong_pin_and_lockout(table: Table):
    table.ctl.dealer("call_supervisor", note="x")
    for _ in range(5):
        with pytest.raises(AuthError) as err:
            table.ctl.supervisor("resume", user=SUP, pin="0000", reason="r", note="n")
        assert err.value.code == "wrong_pin"
    with pytest.raises(AuthError) as err:
        table.sup("resume")
    assert err.value.code == "locked"
    table.clock.advance(299)
    with pytest.raises(AuthError):
        table.sup("resume")
    table.clock.advance(2)
    table.sup("resume")
    assert table.state == "ready"


def test_reason_and_note_are_required(table: Table):
    table.ctl.dealer("call_supervisor", note="x")
    with pytest.raises(ActRefused):
        table.ctl.supervisor("resume", user=SUP, pin=SUP_PIN, reason="", note="n")
    with pytest.raises(ActRefused):
        table.ctl.supervisor("resume", user=SUP, pin=SUP_PIN, reason="r", note=" ")
    assert table.state == "paused"


def test_no_accounts_no_authority(tmp_path):
    from dealer_station.app.controller import Controller
    from dealer_station.journal import Journal
    from tests.support.table import config

    ctl = Controller(config(), Journal(":memory:"))
    with pytest.raises(AuthError):
        ctl.supervisor("resume", user=SUP, pin=SUP_PIN, reason="r", note="n")


def test_card_while_paused_is_held_and_enter_card_uses_it(table: Table):
    table.open_round()
    table.no_read(3)
    left = table.ctl.snapshot().cards_left
    table.card("7H")  # the dealer finally got a read while paused
    assert table.facts[-1].kind == "card_while_paused" and table.ctl.snapshot().cards_left == left - 1
    table.sup("enter_card", token="7H")
    assert table.ctl.snapshot().cards_left == left - 1 and table.ctl.snapshot().player == cards("7H")


def test_a_card_held_while_paused_is_never_thrown_away_by_resume(table: Table):
    table.open_round()
    table.card("4S", "5S")
    table.no_read(3)
    paused(table, "misread_limit")
    left = table.ctl.snapshot().cards_left
    table.card("AH")  # the rescan read fine, but the table is paused
    assert table.ctl.snapshot().held == cards("AH")
    with pytest.raises(ActRefused, match="AH"):
        table.sup("resume")
    with pytest.raises(ActRefused, match="AH"):
        table.sup("enter_card", token="2C")  # another card while AH is held
    view = table.ctl.snapshot()
    assert view.state == "paused" and view.held == cards("AH") and view.cards_left == left - 1
    table.sup("enter_card", token="AH")
    view = table.ctl.snapshot()
    assert view.state == "dealing" and view.player == cards("4S", "AH") and view.held == ()
    assert view.cards_left == left - 1 and "cards_discarded" not in table.kinds()


def test_a_held_card_is_discarded_only_when_the_supervisor_says_so(table: Table):
    table.open_round()
    table.card("4S", "5S")
    table.no_read(3)
    table.card("AH")
    table.sup("resume", discard_held=True)
    view = table.ctl.snapshot()
    assert view.state == "dealing" and view.player == cards("4S") and view.held == ()
    assert [f.data for f in table.facts if f.kind == "cards_discarded"] == [{"cards": ["AH"]}]
    assert table.ctl.machine.discarded == ["AH"]


def test_no_read_while_betting_open_pauses(table: Table):
    table.ctl.dealer("open_betting")
    table.ctl.shoe_event(NoRead(b"?", "no_read"))
    paused(table, "card_while_betting")
