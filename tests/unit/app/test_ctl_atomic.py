"""A decision applies whole or not at all: a failing step leaves nothing of itself, and an input given
from inside another (a listener calling back) waits until that one has ended (docs/controller.md
"Atomic decisions")."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from dealer_station.app.controller import Controller
from dealer_station.domain import table_acts, table_frames
from dealer_station.domain.outcome import RoundDealer
from tests.support.table import Table


def _table_fields(view):
    """The view without what the unexpected_error pause itself changes (state, the prompt and the instruction it
    words, incident)."""
    return dataclasses.replace(view, state="", prompt="", dealer_prompt=None, incident=None)


def _rebuilt(t: Table):
    return Controller(t.cfg, t.journal, accounts=t.accounts, clock=t.clock).snapshot()


def test_a_step_that_raises_half_way_leaves_nothing_of_itself(table: Table, monkeypatch):
    table.round("4S", "5S", "6S", "3S")  # one round done: history, rounds, inventory all moved
    before = table.ctl.snapshot()
    machine = table.ctl.machine
    inventory = Counter(machine.remaining)
    rounds, history, marks = list(machine.rounds), list(machine.history), list(machine.marks)

    def broken(m):  # half of open_round, then a surprise
        m.round_number += 1
        m.dealer = RoundDealer()
        m.offered = ("player",)
        m.remaining[next(iter(m.remaining))] -= 1
        m.history.append("X")
        m.marks.append(m.marks[-1])
        m._trigger("open_betting")
        raise RuntimeError("kaboom")

    monkeypatch.setattr(table_acts, "open_round", broken)   # where the dealer's open_betting finds it
    table.ctl.dealer("open_betting")
    view = table.ctl.snapshot()
    assert view.state == "paused" and view.incident.type == "unexpected_error"
    assert "kaboom" in view.incident.detail and view.incident.state_before == "ready"
    assert _table_fields(view) == _table_fields(before)  # round number, cards, history, counts: as before
    assert machine.remaining == inventory and machine.rounds == rounds and machine.history == history
    assert machine.marks == marks
    assert type(machine.remaining) is Counter  # put back as the Counter it was (a card it has none of counts 0)
    assert machine.round_number == 1 and machine.dealer is None and machine.state_before == "ready"
    decision = table.journal.last_row("decision").body
    assert [k for k, _ in decision["outputs"]] == ["error", "state_changed", "round_paused", "table_status"]
    assert decision["round"] == 1  # the failed step's round 2 was never opened
    monkeypatch.undo()
    # recovery agrees: a controller rebuilt from the journal shows the same table (the failure replayed
    # as recorded, though the rule no longer fails)
    assert _rebuilt(table) == view
    table.sup("resume")
    table.ctl.dealer("open_betting")
    assert table.ctl.snapshot().round_number == 2


def test_a_decision_that_raises_after_the_step_is_undone_too(table: Table, monkeypatch):
    import dealer_station.app.controller as controller_module

    before = table.ctl.snapshot()
    real = controller_module.platform_events

    def events(outputs, *more):
        if any(kind == "betting_opened" for kind, _ in outputs):
            raise KeyError("limits")
        return real(outputs, *more)

    monkeypatch.setattr(controller_module, "platform_events", events)
    table.ctl.dealer("open_betting")
    view = table.ctl.snapshot()
    assert view.state == "paused" and view.incident.type == "unexpected_error" and "KeyError" in view.incident.detail
    assert _table_fields(view) == _table_fields(before) and view.round_number == 0
    assert table.ctl.machine.dealer is None and table.ctl.machine.offered == ()
    monkeypatch.undo()
    assert _rebuilt(table) == view  # the journal's recovery agrees
    inputs = [r.seq for r in table.journal.rows(kinds=("input",))]
    decided = [r.body["input"] for r in table.journal.rows(kinds=("decision",))]
    assert inputs == decided  # one decision per input, the failed one included


def test_a_listener_calling_the_controller_runs_after_the_current_decision(table: Table):
    calls = []

    def listener(fact):
        if fact.kind == "betting_opened":
            # inside the first decision: queued, returns at once, raises nothing
            calls.append(table.ctl.dealer("close_betting"))
            calls.append(table.ctl.snapshot().state)  # the first decision is whole: betting is open

    table.ctl.subscribe(listener)
    after = table.journal.last_seq
    table.ctl.dealer("open_betting")
    assert calls == [None, "betting_open"]
    assert table.ctl.snapshot().state == "betting_closed"  # the queued act ran once the first one ended
    rows = [(r.kind, r.body.get("act") if r.kind == "input" else r.body.get("input"), r.seq)
            for r in table.journal.rows(after) if r.kind in ("input", "decision")]
    (k1, a1, s1), (k2, i1, _), (k3, a2, s2), (k4, i2, _) = rows
    assert (k1, a1, k2, i1) == ("input", "open_betting", "decision", s1)
    assert (k3, a2, k4, i2) == ("input", "close_betting", "decision", s2)


def test_a_queued_call_that_is_refused_is_journaled_and_told_not_raised(table: Table):
    def listener(fact):
        if fact.kind == "betting_opened":
            table.ctl.dealer("confirm_result")  # not allowed now: refused when it runs, after

    table.ctl.subscribe(listener)
    table.ctl.dealer("open_betting")  # does not raise the queued act's refusal
    refused = [f for f in table.facts if f.kind == "act_refused"]
    assert refused and refused[-1].data["act"] == "confirm_result"
    assert table.ctl.snapshot().state == "betting_open"


def test_nested_queued_calls_keep_their_order(table: Table):
    order = []
    seen = []

    def listener(fact):
        if fact.kind == "state_changed" and fact.data["state"] == "betting_open":  # the first fact of the first act
            table.ctl.dealer("close_betting")
            table.ctl.dealer("call_supervisor", note="after the close")
        if fact.kind == "betting_closed":
            order.append(table.ctl.snapshot().state)

    table.ctl.subscribe(listener)
    table.ctl.subscribe(lambda fact: seen.append(fact.kind))  # a listener after the calling one
    table.ctl.dealer("open_betting")
    acts = [r.body.get("act") for r in table.journal.rows(kinds=("input",))][-3:]
    assert acts == ["open_betting", "close_betting", "call_supervisor"]
    assert order == ["betting_closed"] and table.ctl.snapshot().incident.reason == "dealer_call"
    # every listener hears the first act's facts whole, before any of the queued acts' facts
    assert seen.index("betting_opened") < seen.index("betting_closed") < seen.index("round_paused")


@pytest.mark.parametrize(("rule", "module"), [("place", table_frames), ("confirm", table_acts),
                                               ("_misread", table_frames)])
def test_a_failing_rule_at_any_moment_changes_nothing_but_the_pause(make_table, monkeypatch, rule, module, tmp_path):
    t = make_table()
    t.start_shoe()
    t.open_round()
    t.card("4S", "5S", "6S")
    if rule == "confirm":
        t.card("3S")
    before = t.ctl.snapshot()
    inventory = Counter(t.ctl.machine.remaining)
    real = getattr(module, rule)

    def broken(machine, *a, **kw):
        real(machine, *a, **kw)  # the rule's whole work, then a surprise
        raise ValueError("late")

    monkeypatch.setattr(module, rule, broken)   # where the handler calling it finds it
    if rule == "confirm":
        t.ctl.dealer("confirm_result")
    elif rule == "_misread":
        t.no_read()
    else:
        t.card("7S")
    view = t.ctl.snapshot()
    assert view.incident is not None and view.incident.type == "unexpected_error"
    assert _table_fields(view) == _table_fields(before) and t.ctl.machine.remaining == inventory
    monkeypatch.undo()
    assert _rebuilt(t) == view


def test_a_listener_subscribed_while_a_fact_is_told_hears_the_facts_after_it(table: Table):
    heard: list[tuple[str, str]] = []

    def late(fact):
        heard.append(("late", fact.kind))

    def first(fact):
        heard.append(("first", fact.kind))
        if len(heard) == 1:
            table.ctl.subscribe(late)

    table.ctl.subscribe(first)
    table.ctl.dealer("open_betting")
    kinds = [k for who, k in heard if who == "first"]
    assert len(kinds) >= 2
    # the late listener missed the fact it was subscribed in, and heard every one after it, in order
    assert [k for who, k in heard if who == "late"] == kinds[1:]


def _play_a_shoe(tmp_path, listener=None):
    """The first twelve rounds of one shoe on a memory journal (as ``replay --fast`` keeps it); returns the
    journal's rows."""
    from dealer_station.journal.memory import MemoryJournal
    from tests.support.table import shoe_cards

    table = Table(tmp_path, journal_path=MemoryJournal())
    if listener is not None:
        table.ctl.subscribe(listener)
    table.start_shoe()
    cards = iter(shoe_cards(3))
    for _ in range(12):
        table.deal_from(cards)
    assert table.journal.verify().ok
    return [(r.seq, r.kind, r.body) for r in table.journal.rows()]


def test_a_listener_that_changes_what_it_is_told_changes_nothing_journaled(tmp_path):
    """An adversary among the listeners: it changes every list and dict in every fact it is told, at once. The
    memory journal makes a decision's text only when the journal is next read, so what it keeps until then must
    not change with the facts: the journal is the one the same shoe makes without that listener."""
    def vandal(fact):
        for key in list(fact.data):
            value = fact.data[key]
            if isinstance(value, list):
                value.append("XX")
                value.insert(0, "YY")
            elif isinstance(value, dict):
                value["vandal"] = True

    honest, attacked = _play_a_shoe(tmp_path / "a"), _play_a_shoe(tmp_path / "b", vandal)
    assert [b for _, k, b in attacked if k == "decision"] == [b for _, k, b in honest if k == "decision"]
    assert attacked == honest
    assert any("burned" in data for _, k, b in honest if k == "decision" for _, data in b["outputs"])
