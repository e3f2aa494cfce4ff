"""The console on the station runtime: the controller on its own thread, nothing on the GUI thread reads or
writes the journal (a slow disk and a journal locked by another process included), and the GUI watchdog
logs a blocked event loop as ``gui_stall`` (docs/runtime.md)."""

from __future__ import annotations

import threading
import time

import structlog
from PySide6.QtCore import Qt, QTimer

from dealer_station.app.accounts import Accounts
from dealer_station.console.app import GuiWatchdog, open_console_station
from tests.support.journal_lock import hold_journal_lock

JOURNAL_METHODS = ("append", "add", "rows", "last_row", "last_marked", "prune_events", "verify", "export")
"""The journal's methods a station calls (every read and write of its rows)."""


def _record_threads(journal, slow: dict) -> list[tuple[str, threading.Thread]]:
    """Wrap the journal's methods: each call records (method, thread); ``slow["append"]`` seconds are spent in
    every write first (a disk whose fsync takes that long)."""
    calls: list[tuple[str, threading.Thread]] = []
    for name in JOURNAL_METHODS:
        real = getattr(journal, name)

        def wrapped(*a, _name=name, _real=real, **kw):
            calls.append((_name, threading.current_thread()))
            if _name in ("append", "add") and slow.get("append"):
                time.sleep(slow["append"])
            return _real(*a, **kw)

        setattr(journal, name, wrapped)
    return calls


def _press(qtbot, win, key=Qt.Key.Key_Space):
    before = win.host.snapshot()
    qtbot.keyClick(win, key)
    qtbot.waitUntil(lambda: win.host.snapshot() != before, timeout=15000)


def test_the_gui_thread_never_calls_the_journal(qtbot, console, tmp_path):
    accounts = tmp_path / "accounts.json"
    Accounts(accounts).add("sue", "supervisor", "1234")
    Accounts(accounts).add("dan", "dealer", "0000")
    journal_path = tmp_path / "journal.sqlite"
    station = open_console_station(None, "sim?seed=7", journal_path, accounts)
    slow: dict = {}
    calls = _record_threads(station.journal, slow)
    try:
        win = console(station, authenticate=station.authenticate, load_shoe=station.load_shoe)
        qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=10000)
        win.dealer_sign_in("dan", "0000", "pin")
        assert win.host.snapshot().dealer == "dan"
        while win.host.snapshot().state != "ready":  # new shoe, burn
            _press(qtbot, win)
        for _ in range(3):  # open and close betting, a card
            _press(qtbot, win)
        slow["append"] = 0.5  # the disk's fsync takes half a second now
        for _ in range(2):
            _press(qtbot, win)
        slow["append"] = 0
        locker = hold_journal_lock(journal_path, 3.0)  # another process holds the journal for 3 s
        try:
            _press(qtbot, win)
        finally:
            locker.wait(timeout=30)
        win.do("supervisor")  # the dealer calls the supervisor: the round pauses, the recall reads the journal
        sup = win.supervisor
        sup.user_edit.setText("sue")
        sup.pin_edit.setText("1234")
        assert sup.login(), sup.login_message.text()
        assert sup.load_recall() >= 0  # the round recall (the journal, read on the controller's thread)
        win.show_dealer()
        qtbot.wait(100)
        ran = {thread for _name, thread in calls}
        assert calls and threading.main_thread() not in ran, [n for n, t in calls if t is threading.main_thread()]
        assert ran == {station.thread}  # every read and write of the journal on the controller's thread
        win.shutdown()
        station.stop("console closed")
    finally:
        station.close()


def test_the_round_recall_reads_the_journal_off_the_gui_thread(qtbot, console, tmp_path):
    """A finished round recalled on the supervisor's screen: its result and its story (incidents, acts: every
    decision row) are read on the controller's thread, never on the GUI thread."""
    accounts = tmp_path / "accounts.json"
    Accounts(accounts).add("sue", "supervisor", "1234")
    Accounts(accounts).add("dan", "dealer", "0000")
    station = open_console_station(None, "sim?seed=7", tmp_path / "journal.sqlite", accounts)
    try:
        win = console(station, authenticate=station.authenticate, load_shoe=station.load_shoe)
        qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=10000)
        win.dealer_sign_in("dan", "0000", "pin")
        for _ in range(80):  # new shoe, burn, and one whole round to its confirmation
            if win.host.snapshot().round_number == 1 and win.host.snapshot().state == "ready":
                break
            _press(qtbot, win)
        assert win.host.snapshot().round_number == 1
        calls = _record_threads(station.journal, {})
        win.do("supervisor")
        sup = win.supervisor
        sup.user_edit.setText("sue")
        sup.pin_edit.setText("1234")
        assert sup.login(), sup.login_message.text()
        sup.recall.recall_shoe.setCurrentIndex(sup.recall.recall_shoe.findData(None))   # all shoes
        assert sup.load_recall() == 1
        assert any(name == "rows" for name, _ in calls)
        assert threading.main_thread() not in {thread for _name, thread in calls}, calls
        win.shutdown()
        station.stop("console closed")
    finally:
        station.close()


def test_a_blocked_gui_loop_is_logged_as_a_gui_stall(qtbot):
    from PySide6.QtWidgets import QApplication

    watchdog = GuiWatchdog(QApplication.instance())
    try:
        qtbot.wait(100)  # the watchdog ticks
        with structlog.testing.capture_logs() as logs:
            QTimer.singleShot(0, lambda: time.sleep(0.3))  # something on the GUI thread blocks it for 300 ms
            qtbot.waitUntil(lambda: bool(watchdog.stalls), timeout=5000)
        stalls = [e for e in logs if e["event"] == "gui_stall"]
        assert stalls and stalls[0]["log_level"] == "warning"
        assert stalls[0]["blocked_ms"] == watchdog.stalls[0]  # the block the watchdog measured is the one logged
    finally:
        watchdog.stop()


def test_an_unblocked_gui_loop_logs_no_stall_from_the_watchdog_alone(qtbot):
    """The watchdog's own lateness threshold is above its tick: a clock that runs exactly on time logs nothing."""
    from PySide6.QtWidgets import QApplication

    now = [0.0]
    watchdog = GuiWatchdog(QApplication.instance(), clock=lambda: now[0])
    watchdog.timer.stop()  # the ticks are driven by hand
    for _ in range(10):
        now[0] += 0.020
        watchdog._tick()
    assert not watchdog.stalls
    now[0] += 0.020 + 0.051
    watchdog._tick()
    assert list(watchdog.stalls) == [51.0]


def _turns_of_supervisor_making(monkeypatch) -> list[str]:
    """Record, in order, each step of the supervisor screen's making and each turn of the GUI's event loop
    (a 0 ms timer started again at each turn)."""
    from dealer_station.console import supervisor_screen

    seen: list[str] = []
    steps = supervisor_screen.SupervisorScreen.panel_steps

    def recorded(host):
        def record(make, i):
            return lambda: (seen.append(f"panel {i}"), make())[1]

        return tuple(record(make, i) for i, make in enumerate(steps(host)))

    monkeypatch.setattr(supervisor_screen.SupervisorScreen, "panel_steps", staticmethod(recorded))
    return seen


def test_the_supervisor_screen_is_made_a_step_a_turn_then_the_odds_tables(qtbot, console, tmp_path, monkeypatch):
    """After the window is up, its supervisor screen is made one panel per turn of the event loop (no turn holds
    the window for the whole screen), placed in the window, and only then is the odds tables' build asked of the
    controller's thread (its first paints are not made while that build holds the interpreter)."""
    seen = _turns_of_supervisor_making(monkeypatch)
    station = open_console_station(None, "sim?seed=7", tmp_path / "journal.sqlite", tmp_path / "accounts.json")
    prepared = []
    real_prepare = station.prepare
    monkeypatch.setattr(station, "prepare", lambda: (prepared.append(list(seen)), real_prepare()))
    ticker = QTimer()
    ticker.setInterval(0)
    ticker.timeout.connect(lambda: seen.append("turn"))
    ticker.start()
    try:
        win = console(station)
        qtbot.waitUntil(lambda: bool(prepared), timeout=15000)
        ticker.stop()
        made = [s for s in prepared[0] if s != "turn"]
        assert made == ["panel 0", "panel 1", "panel 2", "panel 3"]  # every panel, once, before the build
        panels = [i for i, s in enumerate(prepared[0]) if s != "turn"]
        assert all("turn" in prepared[0][a:b] for a, b in zip(panels, panels[1:], strict=False))  # a turn apart
        screen = win._supervisor
        assert screen is not None and win.stack.indexOf(screen) >= 0 and win.supervisor is screen
        assert [type(p).__name__ for p in (screen.incident, screen.acts, screen.edge, screen.recall)] == [
            "IncidentPanel", "ActPanel", "EdgeTab", "RecallTab"]
        win.shutdown()
        station.stop("console closed")
    finally:
        station.close()


def test_the_supervisor_screen_asked_for_before_its_turns_is_made_at_once_and_only_once(qtbot, console, tmp_path,
                                                                                          monkeypatch):
    """The screen asked for at once (F9 before the event loop has turned) is whole; the turns then make no
    second one, and the odds tables are still asked for."""
    seen = _turns_of_supervisor_making(monkeypatch)
    station = open_console_station(None, "sim?seed=7", tmp_path / "journal.sqlite", tmp_path / "accounts.json")
    prepared = []
    real_prepare = station.prepare
    monkeypatch.setattr(station, "prepare", lambda: (prepared.append(True), real_prepare()))
    try:
        win = console(station)
        screen = win.supervisor  # before the turns that make it
        qtbot.waitUntil(lambda: bool(prepared), timeout=15000)
        assert win.supervisor is screen and win.stack.indexOf(screen) >= 0
        assert sum(1 for i in range(win.stack.count()) if type(win.stack.widget(i)).__name__ == "SupervisorScreen") == 1
        assert seen.count("panel 0") == 1  # its own panels only
        win.shutdown()
        station.stop("console closed")
    finally:
        station.close()


def test_a_window_shut_down_before_its_supervisor_screen_is_made_asks_nothing_more(qtbot, tmp_path, monkeypatch):
    """Shut down before the turns that make its supervisor's screen, the window makes none of it and never asks the
    controller's thread for the odds tables (the stop would build them on the closing thread)."""
    from dealer_station.console.main_window import MainWindow

    seen = _turns_of_supervisor_making(monkeypatch)
    station = open_console_station(None, "sim?seed=7", tmp_path / "journal.sqlite", tmp_path / "accounts.json")
    asked = []
    submit = station.submit
    monkeypatch.setattr(station, "submit", lambda fn: (asked.append(fn), submit(fn))[1])
    try:
        win = MainWindow(station, sound=lambda: None)
        qtbot.addWidget(win)
        win.shutdown()  # before the event loop has turned
        qtbot.wait(300)
        assert seen == [] and station.prepare not in asked
        station.stop("console closed")
    finally:
        station.close()


def test_closing_the_window_drops_the_queued_presses_and_the_controller_thread_journals_the_stop(qtbot, console,
                                                                                                  tmp_path):
    """Presses queued behind an act the controller's thread is still deciding (a slow disk), each its own key event
    while the one before waits, then the window closes: the close waits for the thread between paints, the presses
    are dropped (each call returns refused), counted in one note and never decided, the stop is journaled, and
    every journal call after the window opened is the controller thread's."""
    from dealer_station.app.controller import ACTS_DROPPED_NOTE
    from dealer_station.journal import Journal

    station = open_console_station(None, "sim?seed=7", tmp_path / "journal.sqlite", tmp_path / "accounts.json")
    try:
        win = console(station, stop_on_close="console closed")
        qtbot.waitUntil(lambda: win.host.snapshot().connected and win.host.snapshot().dealer is not None,
                        timeout=10000)
        calls = _record_threads(station.journal, {"append": 0.05})  # every write 50 ms slower from now on
        entered, release = threading.Event(), threading.Event()
        station.submit(lambda: (entered.set(), release.wait(30)))  # the act being decided when the window closes
        assert entered.wait(30)
        asked = station.request_stop

        def request_stop(why=None, **kw):
            asked(why, **kw)
            release.set()  # the held act ends once the stop has begun

        station.request_stop = request_stop
        presses, done = 12, []

        def press(i):
            if i == presses - 1:
                QTimer.singleShot(0, win.close)  # once the last press is queued
            done.append(win.do("new_shoe"))

        for i in range(presses):
            QTimer.singleShot(i, lambda i=i: press(i))
        qtbot.waitUntil(lambda: len(done) == presses, timeout=30000)
        assert done == [False] * presses  # none was done: each was dropped
        assert station.ended and not win.isVisible()
        station.stop("console closed")  # the controller's thread has stopped the table: its result
        assert station.stop_journaled is True
        assert {thread for _name, thread in calls} == {station.thread}
    finally:
        station.close()
    with Journal(tmp_path / "journal.sqlite") as journal:
        rows = list(journal.rows())
    assert not [r for r in rows if r.kind == "input" and r.body.get("act") == "new_shoe"]
    notes = [r.body for r in rows if r.kind == "note" and r.body.get("kind") == ACTS_DROPPED_NOTE]
    assert [(n["count"], n["acts"]) for n in notes] == [(presses, {"dealer:new_shoe": presses})]
    assert (rows[-2].body["kind"], rows[-2].body["why"]) == ("stop", "console closed")
