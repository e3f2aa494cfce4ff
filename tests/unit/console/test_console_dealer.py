"""Who is at the table, on the console and the real controller: the sign-in before betting, the touch keypad,
a dealer badge from a keyboard-wedge reader, the rotation between rounds, the demo dealer of a fresh install
on the simulated shoe, and a real shoe with no accounts."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from dealer_station.app.accounts import Accounts
from dealer_station.console.app import dealer_note
from dealer_station.console.sign_in import parse_badge
from tests.unit.console.conftest import DEALER, SUPERVISOR, on_controller

DEMO_NOTE = "Demo dealer — no accounts yet: create them with dealer-station users add"


@pytest.fixture
def open_table(console_station):
    """``open_table(accounts=True, config=None, journal="journal.sqlite")`` → a station (a supervisor and a dealer
    account; ``accounts=False``: none), nobody signed in."""
    return lambda accounts=True, **kw: console_station(accounts=(SUPERVISOR, DEALER) if accounts else (), **kw)


@pytest.fixture
def table_console(console):
    def make(station):
        return console(station, authenticate=station.authenticate,
                       load_shoe=station.load_shoe, badge_signs_in=station.config.badge_signs_in,
                       dealer_note=dealer_note(station))
    return make


def _press(qtbot, win, key=Qt.Key.Key_Space):
    before = win.host.snapshot()  # the view the console shows: it changes when the step is told
    qtbot.keyClick(win, key)
    qtbot.waitUntil(lambda: win.host.snapshot() != before, timeout=5000)


def _to_state(qtbot, win, state, limit=80):
    for _ in range(limit):
        if win.host.snapshot().state == state:
            return
        _press(qtbot, win)
    raise AssertionError(f"never reached {state}: {win.host.snapshot()}")


def _keypad_sign_in(qtbot, win, user, pin):
    win.sign_in.user_edit.setText(user)
    for digit in pin:
        qtbot.mouseClick(win.sign_in.keypad_buttons[digit], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(win.sign_in.sign_in_button, Qt.MouseButton.LeftButton)


def test_the_badge_format():
    assert parse_badge("DLR:ana") == "ana"
    assert parse_badge("  DLR:a.b-c_1\r\n") == "a.b-c_1"
    for bad in ("dlr:ana", "DLR:", "DLR:a b", "ana", "DLR:" + "x" * 33, "SUP:ana"):
        assert parse_badge(bad) is None, bad


def test_no_betting_until_a_dealer_signs_in_on_the_keypad(qtbot, open_table, table_console):
    station = open_table()
    win = table_console(station)
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=10000)
    assert station.controller.signed_in is None
    assert win.stack.currentWidget() is win.sign_in  # the sign-in shows by itself
    assert "Nobody is signed in" in win.sign_in.who.text()
    qtbot.keyClick(win, Qt.Key.Key_Space)  # the NEXT key does nothing here
    assert win.do("new_shoe") is False and win.host.snapshot().state == "no_shoe"
    _keypad_sign_in(qtbot, win, "dan", "9999")  # a wrong PIN
    assert "REFUSED" in win.sign_in.message.text() and station.controller.signed_in is None
    assert win.sign_in.pin_edit.text() == ""
    _keypad_sign_in(qtbot, win, "dan", "0000")
    assert station.controller.signed_in == "dan"
    assert win.stack.currentWidget() is win.dealer
    assert "dan" in win.dealer.dealer_button.text()
    _to_state(qtbot, win, "result")
    _press(qtbot, win)  # confirm
    (record,) = station.controller.recall()
    assert record.dealer == "dan" and record.line()["dealer"] == "dan"


def test_a_badge_fills_the_id_and_asks_the_pin_then_the_rotation_between_rounds(qtbot, open_table, table_console):
    station = open_table()
    station.controller.sign_in("dan", "0000")
    win = table_console(station)
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=10000)
    _to_state(qtbot, win, "dealing")
    frames = station.controller.frames_in_shoe
    # mid-round: a badge opens the sign-in, but the change is refused until the round ends
    qtbot.keyClicks(win, "DLR:sue")
    qtbot.keyClick(win, Qt.Key.Key_Return)
    assert win.stack.currentWidget() is win.sign_in and win.sign_in.user_edit.text() == "sue"
    assert station.controller.frames_in_shoe == frames  # the D of the badge drew no card, Enter did nothing
    for digit in "1234":
        qtbot.mouseClick(win.sign_in.keypad_buttons[digit], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(win.sign_in.sign_in_button, Qt.MouseButton.LeftButton)
    assert "a round is open" in win.sign_in.message.text() and station.controller.signed_in == "dan"
    qtbot.mouseClick(win.sign_in.back_button, Qt.MouseButton.LeftButton)
    assert win.stack.currentWidget() is win.dealer
    _to_state(qtbot, win, "result")
    _press(qtbot, win)  # confirm round 1: between rounds now
    qtbot.keyClicks(win, "DLR:sue")
    qtbot.keyClick(win, Qt.Key.Key_Enter)
    assert win.sign_in.user_edit.text() == "sue" and "enter the PIN" in win.sign_in.message.text()
    qtbot.keyClicks(win.sign_in.pin_edit, "1234")
    qtbot.keyClick(win.sign_in.pin_edit, Qt.Key.Key_Return)
    assert station.controller.signed_in == "sue" and win.stack.currentWidget() is win.dealer
    _to_state(qtbot, win, "result")
    _press(qtbot, win)
    assert [r.dealer for r in station.controller.recall()] == ["dan", "sue"]
    signs = [r.body["args"] for r in station.journal.rows(kinds=("input",)) if r.body.get("act") == "sign_in"]
    # the sign-in refused mid-round is journaled too (an input the table refused), then the rotation
    assert signs == [{"user": "dan", "how": "pin"}, {"user": "sue", "how": "badge"}, {"user": "sue", "how": "badge"}]


def test_a_plain_d_still_draws_with_the_badge_reader(qtbot, open_table, table_console):
    station = open_table()
    station.controller.sign_in("dan", "0000")
    win = table_console(station)
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=10000)
    _to_state(qtbot, win, "betting_closed")
    frames = station.controller.frames_in_shoe
    qtbot.keyClick(win, Qt.Key.Key_D)
    qtbot.waitUntil(lambda: station.controller.frames_in_shoe > frames, timeout=3000)


def test_a_badge_alone_signs_in_where_configured(qtbot, open_table, table_console, tmp_path):
    cfg = tmp_path / "station.toml"
    cfg.write_text("[console]\nbadge_signs_in = true\n")
    station = open_table(config=str(cfg))
    win = table_console(station)
    assert win.stack.currentWidget() is win.sign_in
    qtbot.keyClicks(win, "DLR:dan")
    qtbot.keyClick(win, Qt.Key.Key_Return)
    assert station.controller.signed_in == "dan" and station.controller.snapshot().dealer_how == "badge"
    assert win.stack.currentWidget() is win.dealer


def test_a_fresh_install_on_the_sim_runs_as_the_demo_dealer_and_says_so(qtbot, open_table, table_console):
    station = open_table(accounts=False)
    assert station.controller.signed_in == "demo" and dealer_note(station) == DEMO_NOTE
    win = table_console(station)
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=10000)
    assert win.stack.currentWidget() is win.dealer
    assert win.dealer.dealer_note.isVisible() and win.dealer.dealer_note.text() == DEMO_NOTE
    assert "DEMO" in win.dealer.dealer_button.text()
    _to_state(qtbot, win, "result")
    _press(qtbot, win)
    assert station.controller.recall()[0].dealer == "demo"
    station.close()
    # accounts created: the demo dealer is signed out between rounds, a dealer with an account signs in
    Accounts(station.accounts.path).add("dan", "dealer", "0000")
    again = open_table(accounts=False)
    assert again.controller.signed_in is None and dealer_note(again) == ""


def test_a_real_shoe_with_no_accounts_asks_for_them(qtbot, console, tmp_path):
    from dealer_station.app.config import load_config
    from dealer_station.app.controller import ActRefused, Controller
    from dealer_station.app.runtime import Station
    from dealer_station.journal import Journal

    config = load_config()
    journal = Journal(":memory:")
    accounts = Accounts(tmp_path / "none.json")
    controller = Controller(config, journal, accounts=accounts, require_dealer=True)
    station = Station.around(controller)  # not the simulator
    assert station.seat_dealer() is None  # no demo dealer on a real shoe
    assert "dealer-station users add" in dealer_note(station)
    win = console(station, dealer_note=dealer_note(station))
    assert win.stack.currentWidget() is win.sign_in
    assert win.sign_in.accounts_note.isVisible() and "users add" in win.sign_in.accounts_note.text()
    with pytest.raises(ActRefused, match="no dealer"):
        on_controller(win, lambda: controller.dealer("new_shoe"))
    _keypad_sign_in(qtbot, win, "dan", "0000")
    assert "REFUSED" in win.sign_in.message.text() and controller.signed_in is None
    journal.close()


def test_the_signed_in_dealer_survives_a_restart_of_the_console(qtbot, open_table, table_console):
    station = open_table()
    station.controller.sign_in("dan", "0000")
    win = table_console(station)
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=10000)
    _to_state(qtbot, win, "dealing")
    win.shutdown()
    station.close()
    again = open_table()
    assert again.controller.signed_in == "dan"
    win2 = table_console(again)
    assert win2.stack.currentWidget() is win2.dealer and "dan" in win2.dealer.dealer_button.text()


def test_the_first_accounts_are_offered_and_added_from_the_console(qtbot, console, open_table):
    station = open_table(accounts=False)
    win = console(station, load_shoe=station.load_shoe, dealer_note=dealer_note(station),
                  first_accounts=station.add_first_account)
    qtbot.keyClick(win, Qt.Key.Key_F6)
    assert win.stack.currentWidget() is win.sign_in and win.sign_in.create_button.isVisible()
    dialog = win.create_first_accounts()
    dialog.user_edit.setText("dan")
    dialog.pin_edit.setText("0000")
    dialog.pin_again.setText("0001")
    assert dialog.add() is False and "differ" in dialog.message.text()
    dialog.pin_again.setText("0000")
    assert dialog.add() is True
    dialog.user_edit.setText("sue")
    dialog.role.setCurrentIndex(1)
    dialog.pin_edit.setText("1234")
    dialog.pin_again.setText("1234")
    assert dialog.add() is True
    dialog.user_edit.setText("eve")
    dialog.role.setCurrentIndex(1)
    dialog.pin_edit.setText("5555")
    dialog.pin_again.setText("5555")
    assert dialog.add() is False and "supervisor account exists" in dialog.message.text()
    assert {a.user: a.role for a in station.accounts.list()} == {"dan": "dealer", "sue": "supervisor"}
    dialog.accept()
    assert not win.sign_in.create_button.isVisible() and not win.dealer.dealer_note.isVisible()
    _keypad_sign_in(qtbot, win, "dan", "0000")  # the demo dealer hands over between rounds
    assert station.controller.signed_in == "dan"
