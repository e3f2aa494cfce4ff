"""Time: the betting window runs on the monotonic clock; the wall clock only stamps rows.

A wall clock that steps (NTP after a long time offline, a hand-set clock) by an hour back or forward while
betting is open neither keeps betting open for an hour nor closes it at once: the window closes after
exactly ``betting.window_seconds`` of monotonic time (docs/controller.md "Time")."""

from __future__ import annotations

import pytest

from dealer_station.app.controller import Controller, iso_utc
from tests.support.table import FakeClock, Table, config

WINDOW = 15


def _open(tmp_path, clock=None, journal_path=":memory:"):
    t = Table(tmp_path, journal_path, cfg=config(betting__window_seconds=WINDOW), clock=clock)
    t.start_shoe()
    t.ctl.dealer("open_betting")
    assert t.state == "betting_open" and t.ctl.snapshot().betting_seconds_left == WINDOW
    return t


@pytest.mark.parametrize("step", [-3600, 3600, -86400 * 365, 59])
@pytest.mark.parametrize("when", ["just_after_opening", "mid_window"])
def test_a_wall_clock_step_neither_lengthens_nor_shortens_the_betting_window(tmp_path, step, when):
    t = _open(tmp_path)
    opened_ts = t.clock.now
    if when == "mid_window":
        t.clock.advance(7)
    t.clock.step(step)  # the wall clock jumps; no time passes
    t.ctl.tick()
    assert t.state == "betting_open", "the window closed on a wall-clock step"
    done = 7 if when == "mid_window" else 0
    assert t.ctl.snapshot().betting_seconds_left == WINDOW - done
    t.clock.advance(WINDOW - done - 0.001)
    t.ctl.tick()
    assert t.state == "betting_open", "the window closed before betting.window_seconds of monotonic time"
    t.clock.advance(0.001)
    t.ctl.tick()
    assert t.state == "betting_closed", "the window did not close after betting.window_seconds of monotonic time"
    closed = [f for f in t.facts if f.kind == "betting_closed"]
    assert len(closed) == 1 and closed[0].data["by"] == "timer"
    # the rows are stamped with the wall clock as it read, stepped
    timer = [r for r in t.journal.rows(kinds=("input",)) if r.body.get("kind") == "timer"]
    assert len(timer) == 1
    assert timer[0].ts == iso_utc(t.clock.now) and (t.clock.now - opened_ts).total_seconds() == step + WINDOW


def test_only_monotonic_time_closes_the_window_not_wall_time(tmp_path):
    """The wall clock alone running on (a monotonic clock standing still) never closes the window."""
    t = _open(tmp_path)
    t.clock.step(WINDOW * 10)
    t.ctl.tick()
    assert t.state == "betting_open"


def test_after_a_restart_with_betting_open_a_fresh_window_runs_on_the_monotonic_clock(tmp_path):
    """Recovery opens a fresh whole window (today's behaviour, documented): the time already run is not
    known without the wall clock, which may have stepped while the station was down."""
    clock = FakeClock()
    t = _open(tmp_path, clock=clock, journal_path=str(tmp_path / "j.sqlite"))
    clock.advance(10)
    t.journal.close()
    clock.step(-3600)  # the station comes back with a clock an hour behind
    from dealer_station.journal import Journal

    journal = Journal(tmp_path / "j.sqlite")
    ctl = Controller(t.cfg, journal, accounts=t.accounts, clock=clock, monotonic=clock.monotonic)
    assert ctl.snapshot().state == "betting_open" and ctl.snapshot().betting_seconds_left == WINDOW
    clock.advance(WINDOW - 0.5)
    ctl.tick()
    assert ctl.snapshot().state == "betting_open"
    clock.advance(0.5)
    ctl.tick()
    assert ctl.snapshot().state == "betting_closed"
    journal.close()


def test_the_default_monotonic_clock_is_the_system_one(tmp_path):
    import inspect
    import time

    assert inspect.signature(Controller).parameters["monotonic"].default is time.monotonic


@pytest.mark.parametrize(("window", "expected"), [(WINDOW, WINDOW * 1000), (12.5, 12500), (0, None)])
def test_round_opened_tells_the_platform_the_betting_window(tmp_path, window, expected):
    """A display counts the window down from the event's ts: whole milliseconds, null when the dealer closes."""
    import json

    from dealer_station import outbox

    t = Table(tmp_path, cfg=config(betting__window_seconds=window))
    t.start_shoe()
    t.ctl.dealer("open_betting")
    opened = [e for e in outbox.read_events(t.journal.conn) if e.type == "round_opened"]
    assert len(opened) == 1 and json.loads(opened[0].payload)["data"]["betting_window_ms"] == expected
