"""Recovery: the table is a fold over the journal; a station killed at any moment loses no accepted
card or act and never repeats or changes a published result."""

from __future__ import annotations

import collections
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dealer_station import outbox
from dealer_station.app.controller import ActRefused
from dealer_station.journal import Journal
from drivers.frames import Connected
from tests.support.cards import cards
from tests.support.table import Table, shoe_cards

ROOT = Path(__file__).resolve().parents[3]


def view_fields(t: Table) -> dict:
    v = t.ctl.snapshot()
    return {k: getattr(v, k) for k in ("state", "prompt", "next_position", "shoe_number", "round_number",
                                        "cards_left", "player", "banker", "history", "misreads", "rescan",
                                        "incident", "burned", "last_round", "offered_bets")}


def test_restart_is_exactly_where_it_was(tmp_path):
    path = str(tmp_path / "j.sqlite")
    t = Table(tmp_path, journal_path=path)
    t.start_shoe()
    cards = shoe_cards(2)
    for _ in range(4):
        t.deal_from(cards)
    t.open_round()
    t.card(next(cards), next(cards))
    t.no_read()
    before = view_fields(t)
    events_before = len(outbox.read_events(t.journal.conn))
    t.journal.close()
    again = Table(tmp_path, journal_path=path, accounts=t.accounts)
    assert view_fields(again) == before
    assert len(outbox.read_events(again.journal.conn)) == events_before  # nothing re-published
    again.card(next(cards))
    assert again.ctl.snapshot().misreads == 0


def test_paused_state_survives_a_restart(tmp_path):
    path = str(tmp_path / "j.sqlite")
    t = Table(tmp_path, journal_path=path)
    t.start_shoe()
    t.ctl.dealer("open_betting")
    t.card("4H")
    before = view_fields(t)
    assert before["state"] == "paused"
    t.journal.close()
    again = Table(tmp_path, journal_path=path, accounts=t.accounts)
    assert view_fields(again) == before
    again.sup("resume")
    assert again.state == "betting_open"


def test_input_without_decision_is_decided_once_on_restart(tmp_path):
    """The station died after the input row and before the decision row."""
    path = str(tmp_path / "j.sqlite")
    t = Table(tmp_path, journal_path=path)
    t.start_shoe()
    t.open_round()
    t.card("TS", "TH", "9S")
    ts = "2026-11-30T04:00:00.000000Z"
    t.journal.append("input", {"kind": "frame", "frame": "card", "token": "8H", "raw": "3848", "ts": ts}, ts)
    t.journal.close()
    again = Table(tmp_path, journal_path=path, accounts=t.accounts)
    assert again.state == "result" and again.ctl.snapshot().banker == cards("TH", "8H")
    dealt = [e for e in outbox.read_events(again.journal.conn) if e.type == "card_dealt"]
    assert len(dealt) == 4
    again.journal.close()
    third = Table(tmp_path, journal_path=path, accounts=t.accounts)  # a second restart adds nothing
    assert len([e for e in outbox.read_events(third.journal.conn) if e.type == "card_dealt"]) == 4
    assert third.journal.verify().ok


@pytest.mark.parametrize("token", ["8H", "QS"])
def test_an_undecided_input_publishes_on_restart_what_it_would_have_published_live(tmp_path, token):
    """A card while betting is open pauses the table: its decision, made only on restart, still carries
    the table status change (``table_status`` paused), exactly as the live decision does."""
    ts = "2026-11-30T04:00:00.000000Z"
    live = Table(tmp_path, journal_path=str(tmp_path / "live.sqlite"))
    live.start_shoe()
    live.ctl.dealer("open_betting")
    live.card(token)
    path = str(tmp_path / "j.sqlite")
    t = Table(tmp_path, journal_path=path, accounts=live.accounts)
    t.start_shoe()
    t.ctl.dealer("open_betting")
    t.journal.append("input", {"kind": "frame", "frame": "card", "token": token, "raw": token.encode().hex(),
                               "ts": ts}, ts)
    t.journal.close()
    again = Table(tmp_path, journal_path=path, accounts=live.accounts)
    assert again.state == "paused"

    def published(table: Table) -> list[tuple[str, dict]]:
        return [(e.type, e.as_dict()["data"]) for e in outbox.read_events(table.journal.conn)]

    assert published(again)[-2:] == published(live)[-2:]
    assert published(again)[-1] == ("table_status", {"state": "paused", "status": "paused"})
    again.journal.close()
    third = Table(tmp_path, journal_path=path, accounts=live.accounts)  # a second restart adds nothing
    assert [e for e, _ in published(third)] == [e for e, _ in published(live)]


def test_recovery_replays_only_the_open_shoe(tmp_path):
    path = str(tmp_path / "j.sqlite")
    t = Table(tmp_path, journal_path=path)
    t.start_shoe()
    t.open_round()
    t.cut()
    t.card("TS", "TH", "9S", "8H")
    t.ctl.dealer("confirm_result")
    t.ctl.dealer("change_shoe")
    t.ctl.dealer("new_shoe")
    t.card("2C", "3C", "4C")
    t.journal.close()
    again = Table(tmp_path, journal_path=path, accounts=t.accounts)
    view = again.ctl.snapshot()
    assert view.shoe_number == 2 and view.state == "ready" and view.cards_left == 413
    assert [r.shoe for r in again.ctl.recall()] == [1]


def _ended_shoe(t: Table) -> None:
    t.start_shoe()
    t.open_round()
    t.cut()
    t.card("TS", "TH", "9S", "8H")
    t.ctl.dealer("confirm_result")
    assert t.state == "shoe_end"


def test_a_restart_during_the_shoe_change_comes_back_to_it_and_the_confirm_starts_the_shoe(tmp_path):
    path = str(tmp_path / "j.sqlite")
    t = Table(tmp_path, journal_path=path)
    _ended_shoe(t)
    t.ctl.dealer("change_shoe")
    t.journal.close()
    again = Table(tmp_path, journal_path=path, accounts=t.accounts)
    assert again.state == "shoe_change" and again.ctl.shoe_number == 1  # the journal's change, not a new shoe
    again.ctl.dealer("new_shoe")
    again.journal.close()
    third = Table(tmp_path, journal_path=path, accounts=t.accounts)  # the open shoe starts at its confirm
    view = third.ctl.snapshot()
    assert (view.state, view.shoe_number, view.cards_left) == ("shuffle", 2, 416)


def test_a_journal_whose_shoe_started_without_the_shoe_change_recovers(tmp_path, monkeypatch):
    """A journal written when ``new_shoe`` started the next shoe from ``shoe_end`` itself (before the shoe change
    had its confirm): its open shoe replays to the same table."""
    import dealer_station.domain.table as table_module
    from dealer_station.domain import act_rules
    from dealer_station.domain.states import TableState

    before = tuple({**t, "source": ["no_shoe", "shoe_end"]} if t["trigger"] == "new_shoe" else t
                   for t in table_module.TRANSITIONS if t["trigger"] != "change_shoe")
    path = str(tmp_path / "j.sqlite")
    with monkeypatch.context() as then:
        then.setattr(table_module, "TRANSITIONS", before)
        then.setitem(act_rules.DEALER_ACT_STATES, "new_shoe", frozenset({TableState.NO_SHOE, TableState.SHOE_END}))
        t = Table(tmp_path, journal_path=path)
        _ended_shoe(t)
        t.ctl.dealer("new_shoe")
        t.card("2C", "3C", "4C")
        t.journal.close()
    again = Table(tmp_path, journal_path=path, accounts=t.accounts)
    view = again.ctl.snapshot()
    assert (view.state, view.shoe_number, view.cards_left) == ("ready", 2, 413)


KILLED_SHOES = 6
"""Shoes of one deck the killed runs deal (about 50 rounds, 900 journal rows)."""
KILLS = 8
"""SIGKILLs before the run that is let finish."""


def run_sim(journal: str, *extra: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "dealer_station", "simulate", "--json", "--decks", "1",
                             "--shoes", str(KILLED_SHOES), "--seed", "11", "--journal", journal, "--misread-rate",
                             "0.2", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)


def journal_rows(path: str) -> int:
    """The last row the journal at ``path`` holds (0 before there is one), read as another process reads it."""
    import sqlite3

    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return 0
    try:
        return int(conn.execute("SELECT COALESCE(MAX(seq), 0) FROM journal").fetchone()[0])
    except sqlite3.Error:   # not made yet
        return 0
    finally:
        conn.close()


def kill_at_row(proc: subprocess.Popen, path: str, row: int, bound: float = 300) -> bool:
    """SIGKILL ``proc`` as soon as its journal holds row ``row``; False when it ended before that (or did not get
    there within ``bound`` seconds: it is killed then too, so the test fails rather than hangs)."""
    give_up = time.monotonic() + bound
    while proc.poll() is None:
        if journal_rows(path) >= row:
            proc.send_signal(signal.SIGKILL)
            return True
        if time.monotonic() > give_up:
            proc.kill()
            return False
        time.sleep(0.002)   # a poll of the journal, not a wait for time to pass
    return False


@pytest.mark.slow
def test_killed_simulate_continues_to_the_same_table(tmp_path):
    """``simulate`` killed with SIGKILL as soon as its journal holds a row chosen at random (an input or a decision,
    anywhere in a round, a shoe's start or end), restarted on the same journal each time: the runs' outputs one after
    the other are the uninterrupted run's, the chain verifies and every result is published once, as dealt."""
    from tests.support.simulation import simulate

    rng = random.Random(20261130)
    # the killed runs' shoe also misreads (rescans change no result): the reference has no misreads
    expected = [json.dumps(line) for line in simulate(seed=11, shoes=KILLED_SHOES, decks=1).lines]
    assert len(expected) > 40
    whole = simulate(seed=11, shoes=KILLED_SHOES, decks=1, misread_rate=0.2, journal=tmp_path / "whole.sqlite")
    assert [json.dumps(line) for line in whole.lines] == expected
    total = journal_rows(str(tmp_path / "whole.sqlite"))
    journal = str(tmp_path / "killed.sqlite")
    kills = 0
    printed: list[str] = []   # every run's lines, in order: a restarted run prints only what it deals
    where = 0                 # the expected line after the last one printed
    for run in range(KILLS + 1):
        proc = run_sim(journal)
        if run < KILLS:
            # a row ahead of what the journal holds, short of the end: each run deals something, none finishes
            row = min(journal_rows(journal) + rng.randint(1, 2 * total // (KILLS + 2)), total - 40)
            assert kill_at_row(proc, journal, row), "the run ended before the row it was to be killed at"
        out, _ = proc.communicate(timeout=300)   # a loaded machine only makes it slower
        lines = out.splitlines()
        # whatever a run printed comes after what the runs before it printed, never twice (a killed run's lines
        # not yet flushed are lost from its output, never from the journal: checked below)
        for line in lines:
            assert line in expected[where:], f"{line} printed out of order or twice"
            where = expected.index(line, where) + 1
        printed += lines
        if run < KILLS:
            assert proc.returncode == -signal.SIGKILL
            kills += 1
        else:
            assert proc.returncode == 0
    assert kills == KILLS
    assert printed[-1] == expected[-1]   # the last run finished the shoes
    j = Journal(journal, readonly=True)
    assert j.verify().ok
    results = [e.as_dict() for e in outbox.read_events(j.conn) if e.type == "round_result"]
    per_round = collections.Counter(e["round_id"] for e in results)
    assert set(per_round.values()) == {1}  # every result published once
    assert len(results) == sum(1 for line in expected if json.loads(line).get("status") == "completed")
    # the journal holds what the uninterrupted run dealt, round by round
    dealt = {e["round_id"]: e["data"]["winner"] for e in results}
    wanted = {f"T1-S{r['shoe']:04d}-R{r['round']:03d}": r["winner"] for r in map(json.loads, expected)
              if r.get("status") == "completed"}
    assert dealt == wanted


def _shoe_with_an_open_round(tmp_path, path: str) -> Table:
    t = Table(tmp_path, journal_path=path)
    t.start_shoe()
    t.round("4S", "5S", "AH", "2H", "7C")
    t.open_round()
    t.card("9S", "2D")
    t.journal.close()
    return t


def test_restart_with_other_rule_settings_refuses_the_open_shoe(tmp_path):
    from dealer_station.journal import JournalError
    from tests.support.table import config

    path = str(tmp_path / "j.sqlite")
    t = _shoe_with_an_open_round(tmp_path, path)
    with pytest.raises(JournalError) as err:
        Table(tmp_path, journal_path=path, cfg=config(burn__indicator_counts=True), accounts=t.accounts)
    text = str(err.value)
    assert "burn.indicator_counts" in text and "= false" in text and "says true" in text and "\n" not in text
    j = Journal(path)
    events = [e.type for e in outbox.read_events(j.conn)]
    assert events.count("round_result") == 1 and events.count("round_opened") == 2  # nothing published again
    j.close()
    again = Table(tmp_path, journal_path=path, accounts=t.accounts)  # the old settings still open it
    assert again.ctl.snapshot().player == cards("9S") and again.state == "dealing"


def test_the_shoe_settings_note_the_journal_failed_to_take_is_written_at_resume(tmp_path):
    from dealer_station.journal import JournalError
    from tests.support.table import config

    path = str(tmp_path / "j.sqlite")
    t = Table(tmp_path, journal_path=path)
    real = t.journal.append

    def failing(kind, body, ts, **kw):
        if body.get("kind") == "shoe_settings":
            raise JournalError("disk full")
        return real(kind, body, ts, **kw)

    t.journal.append = failing
    t.ctl.shoe_event(Connected("test"))
    t.ctl.dealer("new_shoe")   # the shoe_started decision is written, its settings note is not
    assert t.state == "paused" and t.journal.last_marked("shoe_settings") is None
    with pytest.raises(ActRefused):
        t.sup("resume")   # still failing: the note is still due
    t.journal.append = real
    t.sup("resume")
    noted = t.journal.last_marked("shoe_settings")
    assert noted is not None and noted.body["shoe"] == 1 and noted.seq > t.journal.last_marked("shoe_started").seq
    t.ctl.dealer("shuffled")
    t.journal.close()
    with pytest.raises(JournalError, match="burn.indicator_counts"):   # the open shoe keeps its settings
        Table(tmp_path, journal_path=path, cfg=config(burn__indicator_counts=True), accounts=t.accounts)


def test_restart_with_other_rule_settings_after_the_shoe_ended_takes_them(tmp_path):
    from tests.support.table import config

    path = str(tmp_path / "j.sqlite")
    t = Table(tmp_path, journal_path=path)
    t.start_shoe()
    t.round("4S", "5S", "AH", "2H", "7C")
    t.ctl.dealer("call_supervisor", note="end")
    t.sup("end_shoe", reason="shoe_fault", note="done")
    t.journal.close()
    again = Table(tmp_path, journal_path=path, cfg=config(burn__indicator_counts=True), accounts=t.accounts)
    assert again.state == "shoe_end" and again.ctl.shoe_number == 1
    again.start_shoe(indicator="3S", burned=("9D", "9H"))  # the indicator counts now: 2 more cards
    assert again.state == "ready" and again.ctl.shoe_number == 2


def test_a_replay_that_differs_from_the_recorded_decisions_refuses_to_start(tmp_path, monkeypatch):
    import dealer_station.app.controller as controller_module
    from dealer_station.journal import JournalError
    from tests.support.table import config

    path = str(tmp_path / "j.sqlite")
    monkeypatch.setattr(controller_module, "rule_settings", lambda cfg: None)  # a journal without settings
    t = _shoe_with_an_open_round(tmp_path, path)
    monkeypatch.undo()
    with pytest.raises(JournalError, match=r"row \d+ \(the decision on input \d+\)"):
        Table(tmp_path, journal_path=path, cfg=config(burn__indicator_counts=True), accounts=t.accounts)
    again = Table(tmp_path, journal_path=path, accounts=t.accounts)  # the same settings replay cleanly
    assert again.ctl.snapshot().banker == cards("2D")
