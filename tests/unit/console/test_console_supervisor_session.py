"""A supervisor's session on the real controller, journal and accounts: it ends when the screen is
left, after the idle time (a stepped clock) and with its incident; nobody acts in the name of a
supervisor who is gone."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from dealer_station.app.accounts import Accounts
from drivers import frames


class Clock:
    """Monotonic seconds that move only when told."""

    def __init__(self) -> None:
        self.now = 5000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def table(console, console_station):
    """``table(idle=60)`` → (window, station, clock): the console on a real station, simulated shoe."""

    def make(idle: float = 60.0):
        station = console_station(sign_in=("sue", "1234"))
        clock = Clock()
        win = console(station, authenticate=station.authenticate,
                      load_shoe=station.load_shoe, supervisor_idle_seconds=idle, clock=clock)
        return win, station, clock

    return make


def _press(qtbot, win):
    before = win.host.snapshot()  # the view the console shows: it changes when the step is told
    qtbot.keyClick(win, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: win.host.snapshot() != before, timeout=5000)


def _dealing(qtbot, win, cards=1):
    """Deal ``cards`` cards of round 1 (the table is then dealing)."""
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=10000)
    for _ in range(80):
        if win.host.snapshot().state == "ready":
            break
        _press(qtbot, win)
    _press(qtbot, win)  # open betting
    _press(qtbot, win)  # no more bets
    for _ in range(cards):
        _press(qtbot, win)
    assert win.host.snapshot().state == "dealing"


def _call(qtbot, win):
    """The dealer presses F12: the round pauses and the supervisor screen opens."""
    qtbot.keyClick(win, Qt.Key.Key_F12)
    assert win.stack.currentWidget() is win.supervisor
    assert win.host.snapshot().state == "paused"


def _login(sup):
    sup.user_edit.setText("sue")
    sup.pin_edit.setText("1234")
    assert sup.login(), sup.login_message.text()
    assert sup.logged_in


def _acts(station):
    """The supervisor inputs the journal holds (what was done in a supervisor's name)."""
    return [row.body for row in station.journal.rows(kinds=("input",)) if row.body.get("kind") == "supervisor"]


def _try_resume(sup):
    sup.select_act("resume")
    sup.set_reason("other", "card flashed; checked")
    return sup.perform()


def _asks_for_the_pin(sup, words):
    assert not sup.logged_in
    text = sup.login_message.text()
    assert text.startswith("✖ Session of sue ended") and words in text and "Type the PIN again" in text, text
    assert sup.pin_edit.isVisible() and sup.keypad.isVisible() and sup.pin_edit.text() == ""


@pytest.mark.parametrize("how", ["escape", "back_button", "another_screen"])
def test_leaving_the_screen_ends_the_session_and_f12_asks_for_the_pin_again(qtbot, table, how):
    win, station, _clock = table()
    _dealing(qtbot, win)
    _call(qtbot, win)
    sup = win.supervisor
    _login(sup)
    if how == "escape":
        qtbot.keyClick(win, Qt.Key.Key_Escape)
    elif how == "back_button":
        qtbot.mouseClick(sup.back_button, Qt.MouseButton.LeftButton)
    else:
        win.stack.setCurrentWidget(win.dealer)  # whatever switches the screen
    assert win.stack.currentWidget() is win.dealer
    assert not sup.logged_in and sup._pin is None  # the PIN is forgotten
    qtbot.keyClick(win, Qt.Key.Key_F12)  # anyone at the table presses F12 ...
    assert win.stack.currentWidget() is sup
    _asks_for_the_pin(sup, "the supervisor screen was left")
    assert sup.pin_edit.hasFocus()  # the user is still typed: the PIN is asked for
    assert _try_resume(sup) is False  # ... and cannot act in sue's name
    assert "log in" in sup.outcome.text()
    assert win.host.snapshot().state == "paused" and _acts(station) == []
    _login(sup)  # sue comes back and types her PIN
    assert _try_resume(sup), sup.outcome.text()
    assert win.host.snapshot().state == "dealing"
    assert [a["user"] for a in _acts(station)] == ["sue"]


def test_idle_time_on_the_screen_ends_the_session(qtbot, table):
    win, station, clock = table(idle=60)
    _dealing(qtbot, win)
    _call(qtbot, win)
    sup = win.supervisor
    _login(sup)
    clock.now += 59
    qtbot.wait(3 * 500)  # the session timer runs: 59 s is not 60
    assert sup.logged_in
    qtbot.keyClick(sup.note, Qt.Key.Key_A)  # a key on the screen: she is there
    clock.now += 59
    qtbot.wait(3 * 500)
    assert sup.logged_in
    clock.now += 1
    qtbot.waitUntil(lambda: not sup.logged_in, timeout=3000)  # the timer ends it, untouched
    _asks_for_the_pin(sup, "after 60 seconds without a touch")
    assert _try_resume(sup) is False and _acts(station) == []


def test_an_expired_session_cannot_act_before_its_timer_fires(qtbot, table):
    win, station, clock = table(idle=30)
    _dealing(qtbot, win)
    _call(qtbot, win)
    sup = win.supervisor
    _login(sup)
    sup.select_act("resume")
    sup.set_reason("other", "card flashed; checked")
    clock.now += 30  # no event is processed before the act: only the check at the act can see it
    assert sup.perform() is False
    assert "after 30 seconds without a touch" in sup.outcome.text()
    assert win.host.snapshot().state == "paused" and _acts(station) == []


def test_the_session_ends_with_the_incident_it_was_opened_for(qtbot, table):
    win, station, _clock = table()
    _dealing(qtbot, win)
    _call(qtbot, win)
    sup = win.supervisor
    _login(sup)
    assert _try_resume(sup), sup.outcome.text()
    assert sup.outcome.text().startswith("✔")
    _asks_for_the_pin(sup, "the incident it was opened for is over")
    # the next pause is another incident: the old session must not reach it
    qtbot.keyClick(win, Qt.Key.Key_Escape)
    _call(qtbot, win)
    assert _try_resume(sup) is False and len(_acts(station)) == 1


def test_a_new_incident_ends_the_session(qtbot, table):
    win, station, _clock = table()
    _dealing(qtbot, win)
    _call(qtbot, win)
    sup = win.supervisor
    _login(sup)
    first = win.host.snapshot().incident
    # elsewhere (another console, the command line) the pause is resolved and the table pauses again
    controller = station.controller
    controller.supervisor("resume", user="sue", pin="1234", reason="other", note="resumed elsewhere")
    controller.dealer("call_supervisor", note="called again")
    assert controller.snapshot().incident != first
    assert _try_resume(sup) is False  # checked at the act, before any view reached the screen
    assert "another incident on the table" in sup.outcome.text()
    assert [a["note"] for a in _acts(station)] == ["resumed elsewhere"]
    _asks_for_the_pin(sup, "another incident on the table")


def test_a_session_opened_with_no_incident_ends_when_one_appears(qtbot, table):
    win, station, _clock = table()
    _dealing(qtbot, win)
    qtbot.keyClick(win, Qt.Key.Key_F9)  # the supervisor screen without pausing (recall, edge monitor)
    sup = win.supervisor
    _login(sup)
    assert win.host.snapshot().incident is None
    before = win.bridge.delivered
    for _ in range(3):
        win.bridge.sink(frames.NoRead(b"NR\r\n"))
    qtbot.waitUntil(lambda: win.bridge.delivered >= before + 3, timeout=3000)
    assert win.host.snapshot().state == "paused"
    qtbot.waitUntil(lambda: not sup.logged_in, timeout=3000)  # the view of the pause reached the screen
    _asks_for_the_pin(sup, "another incident on the table")
    assert _try_resume(sup) is False and _acts(station) == []


@pytest.mark.parametrize("note", ["\u200b\u200b", "\x00", "\x1b[2J", "\ufeff", " \u3000 ", "\u200e"])
def test_the_form_refuses_a_note_that_shows_nothing(qtbot, table, note):
    win, station, _clock = table()
    _dealing(qtbot, win)
    _call(qtbot, win)
    sup = win.supervisor
    _login(sup)
    sup.select_act("resume")
    sup.set_reason("other", note)
    assert not sup.confirm.isEnabled()
    assert "a note" in sup.missing()
    assert sup.perform() is False and _acts(station) == []
    sup.set_reason("other", "lens\x00dirty")
    assert sup.missing() == ["a note in plain text (no control characters)"]
    sup.set_reason("other", "lens dirty \u200b")  # visible words: accepted as typed
    assert sup.confirm.isEnabled()
    assert sup.perform(), sup.outcome.text()
    assert _acts(station)[-1]["note"] == "lens dirty \u200b"


def test_the_console_locks_a_supervisor_out_when_the_accounts_file_cannot_be_written(qtbot, table, monkeypatch):
    import errno

    win, station, _clock = table()
    _dealing(qtbot, win)
    _call(qtbot, win)
    sup = win.supervisor

    def no_space(self, users):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Accounts, "_save", no_space)  # a full disk
    for _ in range(5):
        sup.user_edit.setText("sue")
        sup.pin_edit.setText("9999")
        assert sup.login() is False
        assert "wrong PIN" in sup.login_message.text() and "counted in memory" in sup.login_message.text()
    sup.pin_edit.setText("1234")
    assert sup.login() is False and "locked" in sup.login_message.text()  # the right PIN too, from memory
    sup.authenticate = None  # and the controller, checking the PIN at the act, sees the same lock
    sup.pin_edit.setText("1234")
    assert _try_resume(sup) is False and "locked" in sup.outcome.text()
    assert win.host.snapshot().state == "paused" and _acts(station) == []


def _at_the_incident(qtbot, table, idle: float = 60.0):
    """``(win, station, clock, sup)``: round 1 dealing, the dealer called the supervisor (F12), nobody logged in."""
    win, station, clock = table(idle=idle)
    _dealing(qtbot, win)
    _call(qtbot, win)
    return win, station, clock, win.supervisor


def test_the_pin_typed_after_the_idle_end_signs_the_supervisor_in_again(qtbot, table):
    """The session ends after 60 s untouched; sue types her PIN where the screen leaves the cursor, then Enter."""
    from PySide6.QtWidgets import QApplication

    win, station, clock, sup = _at_the_incident(qtbot, table)
    sup.user_edit.setText("sue")
    qtbot.keyClicks(sup.pin_edit, "1234")
    qtbot.keyClick(sup.pin_edit, Qt.Key.Key_Return)
    assert sup.logged_in
    clock.now += 60
    assert sup.check_session() is False  # what the session's timer does
    _asks_for_the_pin(sup, "after 60 seconds without a touch")
    typing = QApplication.focusWidget()
    assert typing is sup.pin_edit
    qtbot.keyClicks(typing, "1234")
    qtbot.keyClick(typing, Qt.Key.Key_Return)
    assert sup.logged_in and sup.who.text() == "● logged in: sue" and sup.login_message.text() == ""
    assert _try_resume(sup), sup.outcome.text()
    assert [a["user"] for a in _acts(station)] == ["sue"]


def test_the_idle_end_is_told_ten_seconds_before_it(qtbot, table):
    win, _station, clock, sup = _at_the_incident(qtbot, table)
    _login(sup)
    clock.now += 49
    assert sup.check_session() and not sup.idle_warning and sup.login_message.text() == ""
    clock.now += 1.25  # 9.75 s left: the warning counts whole seconds, up
    assert sup.check_session() and sup.idle_warning
    assert sup.login_message.text().startswith("Session of sue ends in 10 s")
    clock.now += 0.75
    assert sup.check_session()
    assert sup.login_message.text() == ("Session of sue ends in 9 s without a touch: touch the screen to stay "
                                        "logged in.")
    assert sup.login_message.isVisible()
    qtbot.keyClick(sup.note, Qt.Key.Key_A)  # she is there: the count starts again and the warning goes
    assert not sup.idle_warning and sup.login_message.text() == ""
    clock.now += 59
    assert sup.check_session() and sup.login_message.text().startswith("Session of sue ends in 1 s")
    clock.now += 1
    assert sup.check_session() is False and not sup.idle_warning
    _asks_for_the_pin(sup, "after 60 seconds without a touch")


def test_the_acts_are_disabled_without_a_session_and_without_an_incident(qtbot, table):
    win, _station, _clock = table()
    _dealing(qtbot, win)
    qtbot.keyClick(win, Qt.Key.Key_F9)  # the supervisor screen, nobody logged in, no incident
    sup = win.supervisor
    buttons = list(sup.act_buttons.values())
    assert not any(b.isEnabled() for b in buttons) and not sup.confirm.isEnabled()
    _login(sup)
    assert not any(b.isEnabled() for b in buttons)  # nothing to act on
    assert "an incident to act on" in sup.missing()
    qtbot.keyClick(win, Qt.Key.Key_Escape)
    _call(qtbot, win)
    assert not any(b.isEnabled() for b in buttons)  # an incident, nobody logged in
    _login(sup)
    assert all(b.isEnabled() for b in buttons)
    sup.logout()
    assert not any(b.isEnabled() for b in buttons) and not sup.confirm.isEnabled()


def test_a_new_incident_starts_without_the_last_ones_red_lines(qtbot, table):
    win, station, _clock, sup = _at_the_incident(qtbot, table)
    sup.user_edit.setText("sue")
    sup.pin_edit.setText("9999")
    assert sup.login() is False and sup.login_message.text().startswith("✖ REFUSED")  # a wrong PIN, in red
    _login(sup)
    assert _try_resume(sup), sup.outcome.text()
    _asks_for_the_pin(sup, "the incident it was opened for is over")  # the session's end, in red
    qtbot.keyClick(win, Qt.Key.Key_Escape)
    _call(qtbot, win)  # the next incident
    assert sup.login_message.text() == "" and sup.outcome.text() == ""
    assert not sup.logged_in and sup.pin_edit.isVisible()


def test_after_resume_no_card_is_missing(qtbot, table):
    win, _station, _clock, sup = _at_the_incident(qtbot, table)
    assert sup.round_missing.text() == "? Card missing: BANKER CARD 1"
    _login(sup)
    assert _try_resume(sup), sup.outcome.text()
    sup.show_view(win.host.snapshot())
    assert win.host.snapshot().state == "dealing"
    assert sup.incident_title.text() == "No incident: the round is not paused"
    assert sup.round_missing.text() == "" and sup.missing_position() is None
    assert "?" not in [lab.text() for lab in sup.round_cards.values()]
