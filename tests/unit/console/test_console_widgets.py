"""The console's widgets on the real controller (an in-memory journal, a real station's accounts): the
supervisor's log-in and previews, errors that never crash the console, keyboard shortcuts, a hung device,
right-to-left layout, and the prompts. The console's whole-shoe flows on the simulated shoe are in
test_console_station.py."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtWidgets import QApplication

from dealer_station.app.accounts import Accounts, AuthError
from dealer_station.app.config import config_from_dict
from dealer_station.app.controller import ActRefused, Controller
from dealer_station.app.runtime import Station
from dealer_station.console import prompts
from dealer_station.console.cards import CardFace, card_label
from dealer_station.console.supervisor_screen import classify_error
from dealer_station.journal import Journal
from drivers import frames


@pytest.fixture
def table(tmp_path):
    """``table(source=None)`` → a station around a real controller: in-memory journal, connected, sue's
    supervisor PIN 1234 and dan's dealer PIN 0000; ``source`` is its shoe (a real one: the dealer draws)."""
    journals = []

    def make(source=None) -> Station:
        accounts = Accounts(tmp_path / "accounts.json")
        if not accounts.list():
            accounts.add("sue", "supervisor", "1234")
            accounts.add("dan", "dealer", "0000")
        journal = Journal(":memory:")
        journals.append(journal)
        controller = Controller(config_from_dict({"table": {"id": "T1"}}), journal, accounts=accounts,
                                require_dealer=True)
        controller.shoe_event(frames.Connected("test"))
        controller.sign_in("dan", "0000")
        return Station.around(controller, source)

    yield make
    for journal in journals:
        journal.close()


def _send(qtbot, win, event):
    before = win.bridge.delivered
    threading.Thread(target=win.bridge.sink, args=(event,)).start()  # as a reader thread does
    qtbot.waitUntil(lambda: win.bridge.delivered > before, timeout=3000)


def _pause_by_misreads(qtbot, win):
    """New shoe, burn, round 1 to its first card, then three No-Reads: paused at banker card 1."""
    assert win.host.dealer("new_shoe") and win.host.dealer("shuffled")
    for token in ("2S", "9D", "9H"):
        _send(qtbot, win, frames.CardRead(token, token.encode()))
    assert win.host.dealer("open_betting") and win.host.dealer("close_betting")
    _send(qtbot, win, frames.CardRead("4S", b"4S"))
    for _ in range(3):
        _send(qtbot, win, frames.NoRead(b"\x02NR\x03"))
    assert win.host.snapshot().state == "paused"


def test_card_label_and_faces(qtbot):
    from dealer_station.console.cards import token_label
    from dealer_station.domain.cards import parse_card

    assert card_label(parse_card("TD")) == ("10", "♦", True)
    assert card_label(parse_card("as")) == ("A", "♠", False)
    assert card_label(parse_card("KC")) == ("K", "♣", False)
    assert card_label(None) is None
    assert token_label("TD") == ("10", "♦", True)                   # the shoe's own text, for its records
    assert token_label("ZZ") is None and token_label(None) is None and token_label("") is None
    face = CardFace("player3")
    qtbot.addWidget(face)
    face.resize(170, 238)
    for card, text in ((parse_card("QH"), "Q♥"), (None, "")):
        face.set_card(card)
        assert face.text_shown() == text
        assert not face.grab().isNull()
    face.set_card(None, is_rescan=True)
    assert face.text_shown() == "RESCAN"


def test_login_check_refuses_a_wrong_pin_at_once(qtbot, console, table):
    station = table()
    win = console(station, authenticate=station.authenticate)
    sup = win.supervisor
    sup.user_edit.setText("sue")
    sup.pin_edit.setText("1111")
    assert sup.login() is False
    assert "REFUSED" in sup.login_message.text()
    assert sup.pin_edit.text() == ""
    assert not sup.logged_in
    sup.select_act("resume")
    sup.set_reason("other", "x")
    assert not sup.confirm.isEnabled()  # "log in" still needed


def test_act_refused_when_not_paused(qtbot, console, table):
    win = console(table())
    sup = win.supervisor
    sup.user_edit.setText("sue")
    sup.pin_edit.setText("1234")
    sup.login()
    sup.show_view(win.host.snapshot())
    assert not sup.act_buttons["resume"].isEnabled()  # nothing to act on: no act can be chosen
    sup.select_act("resume")
    sup.set_reason("other", "testing")
    assert "not paused" in sup.preview_text()
    assert sup.perform() is False
    assert sup.outcome.text() == "✖ Still needed: an incident to act on", sup.outcome.text()
    assert sup.logged_in


def test_previews_say_what_will_happen(qtbot, console, table):
    win = console(table())
    sup = win.supervisor
    sup.show_view(win.host.snapshot())
    sup.select_act("void_round")
    assert "not paused" in sup.preview_text()
    _pause_by_misreads(qtbot, win)  # misread limit at banker card 1
    sup.show_view(win.host.snapshot())
    sup.select_act("enter_card")
    sup.card_edit.setText("qd")
    assert "Card Q♦ is placed at BANKER CARD 1" in sup.preview_text() and "MANUAL" in sup.preview_text()
    sup.select_act("move_card")
    sup.from_position.setCurrentIndex(0)
    sup.to_position.setCurrentIndex(2)
    assert "PLAYER CARD 1" in sup.preview_text() and "PLAYER CARD 2" in sup.preview_text()
    sup.set_reason("wrong_position", "n")
    sup.to_position.setCurrentIndex(0)
    assert "two different positions" in sup.missing()
    sup.select_act("end_shoe")
    assert "ENDS" in sup.preview_text()
    sup.select_act("resume")
    assert "resumes" in sup.preview_text()
    with pytest.raises(ValueError):
        sup.select_act("deal_myself")


def test_resume_preview_says_a_held_card_must_be_dealt_with(qtbot, console, table):
    real = Controller(config_from_dict({"table": {"id": "T1"}}), Journal(":memory:"))
    real.shoe_event(frames.Connected("test"))
    real.dealer("new_shoe")
    real.dealer("shuffled")
    for token in ("2S", "9D", "9H"):
        real.shoe_event(frames.CardRead(token))
    real.dealer("open_betting")
    real.dealer("close_betting")
    real.shoe_event(frames.CardRead("4S"))
    for _ in range(3):
        real.shoe_event(frames.NoRead(b"\x15", "no_read"))
    real.shoe_event(frames.CardRead("AH"))  # read while paused: held
    win = console(table())
    sup = win.supervisor
    sup.show_view(real.snapshot())
    sup.select_act("resume")
    text = sup.preview_text()
    assert "AH" in text and "refused" in text and "No card changes" not in text
    assert sup.act_params() == {}
    sup.discard_held.setChecked(True)
    assert "DISCARDED" in sup.preview_text() and sup.act_params() == {"discard_held": True}


def test_resume_preview_after_a_journal_failure_names_the_held_shoe_events(qtbot, console, table):
    from dealer_station.journal import JournalError

    journal = Journal(":memory:")
    real = Controller(config_from_dict({"table": {"id": "T1"}}), journal)
    real.shoe_event(frames.Connected("test"))
    real.dealer("new_shoe")
    real.dealer("shuffled")

    def failing(*args, **kw):
        raise JournalError("disk full")

    journal.append = failing
    real.shoe_event(frames.CardRead("2S"))  # the burn card, read while the journal fails: held
    view = real.snapshot()
    assert view.state == "paused" and view.held_inputs == ("card 2S",)
    win = console(table())
    sup = win.supervisor
    sup.show_view(view)
    sup.select_act("resume")
    text = sup.preview_text()
    assert "journal" in text and "card 2S" in text and "in order" in text


def test_gui_keeps_ticking_while_the_reader_blocks(qtbot, console, fakes, table):
    """A shoe whose open hangs never stops the GUI: its timers keep firing while start() is still blocked
    (released by the test only after they did), and the card comes once it is. No duration is asserted."""
    release = threading.Event()
    shoe = fakes.BlockingShoe(block_in_start=True, release=release)
    ticks = []
    timer = QTimer()
    timer.setInterval(50)
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start()
    try:
        win = console(table(shoe))
        qtbot.waitUntil(lambda: shoe.start_thread is not None and len(ticks) >= 20, timeout=30000)
        assert win.bridge.delivered == 0 and not shoe.done.is_set()   # still blocked in start(), GUI ticking
        assert shoe.start_thread != threading.get_ident()  # start() ran off the GUI thread
    finally:
        release.set()
        timer.stop()
    qtbot.waitUntil(lambda: win.bridge.delivered >= 1, timeout=30000)


def test_controller_errors_never_crash_the_console(qtbot, console, table):
    station = table()
    controller = station.controller

    def broken(event):
        raise RuntimeError("boom")

    real, controller.shoe_event = controller.shoe_event, broken
    win = console(station)
    _send(qtbot, win, frames.CardRead("AS", b"AS"))
    qtbot.waitUntil(lambda: "boom" in win.dealer.problem.text(), timeout=3000)
    controller.shoe_event = real
    assert win.do("new_shoe") is True
    assert win.do("close_betting") is False  # refused by the controller: shown, not raised
    assert "close_betting" in win.dealer.problem.text()


def test_keyboard_shortcuts(qtbot, console, table):
    win = console(table())
    qtbot.keyClick(win, Qt.Key.Key_F2)
    assert win.host.snapshot().state == "shuffle"
    qtbot.keyClick(win, Qt.Key.Key_F2)  # NEW SHOE again while shuffling: the shuffle is done
    assert win.host.snapshot().state == "burn_indicator"
    qtbot.keyClick(win, Qt.Key.Key_F12)
    assert win.stack.currentWidget() is win.supervisor
    qtbot.keyClick(win, Qt.Key.Key_F2)  # dealer keys are off on the supervisor screen
    qtbot.keyClick(win, Qt.Key.Key_Escape)
    assert win.stack.currentWidget() is win.dealer
    assert not win.dealer.next_button.isEnabled()  # a real shoe: the next step is a card


def test_right_to_left_layout(qtbot, console, table):
    app = QApplication.instance()
    app.setLayoutDirection(Qt.LayoutDirection.RightToLeft)
    try:
        win = console(table())
        win.resize(1920, 1080)
        qtbot.waitExposed(win)
        assert not win.grab().isNull()
        d = win.dealer
        assert d.player.mapTo(win, d.player.rect().topLeft()).x() > d.banker.mapTo(win, d.banker.rect().topLeft()).x()
        assert d.minimumSizeHint().width() <= 1920
        win.show_supervisor()
        assert not win.grab().isNull()
        assert win.supervisor.minimumSizeHint().width() <= 1920
    finally:
        app.setLayoutDirection(Qt.LayoutDirection.LeftToRight)


def test_prompts_are_translatable():
    assert QCoreApplication.translate("Prompts", "NO MORE BETS") == "NO MORE BETS"
    assert prompts.position_name("banker3") == "BANKER CARD 3"
    assert prompts.position_name("dealer9") == ""
    assert prompts.winner_name("B") == "BANKER"


def test_classify_error():
    assert classify_error(AuthError("locked", "x")) == "auth"
    assert classify_error(ActRefused("resume", "x")) == "refused"
    assert classify_error(ValueError("x")) == "error"


def test_a_hung_device_never_holds_the_console_on_close(qtbot, table):
    from dealer_station.console import bridge as bridge_module
    from dealer_station.console.bridge import ShoeBridge

    stopping, release, returned = threading.Event(), threading.Event(), threading.Event()

    class HangingShoe:
        def start(self, sink, **_options):
            pass

        def stop(self):
            stopping.set()
            release.wait(60)   # a device call that hangs until the test lets it go
            returned.set()

    station = table(HangingShoe())
    b = ShoeBridge(station)
    assert b.start()
    orphans = len(bridge_module._ORPHANED_WORKERS)
    try:
        b.close(timeout=0.3)
        # close came back while the device call still hangs: it did not wait for the device
        assert not returned.is_set()
        assert stopping.wait(60)    # the stop was handed to the device (on the worker) all the same
        assert len(bridge_module._ORPHANED_WORKERS) == orphans + 1
    finally:
        release.set()
    worker = bridge_module._ORPHANED_WORKERS[-1]
    assert worker.wait(30_000)  # it ends on its own once the device call returns
    b.sink(frames.CardRead("AS", b"AS"))
    qtbot.wait(50)
    assert station.events.empty()  # nothing is delivered after close


@pytest.mark.parametrize("player, banker, text", [
    ((), (), ""),
    (("9S", "KD"), ("3H", "4C"), "NATURAL: PLAYER 9, BANKER 7: NO MORE CARDS"),
    (("5S", "KD"), ("3H", "4C"), "PLAYER DRAWS ON 5"),
    (("5S", "KD", "8C"), ("3H", "4C"), "BANKER STANDS (BANKER 7, PLAYER'S THIRD CARD 8: STANDS)"),
    (("5S", "KD", "2C"), ("3H", "AC"), "BANKER DRAWS (BANKER 4, PLAYER'S THIRD CARD 2: DRAWS)"),
    (("5S", "KD", "2C"), ("3H", "AC", "9D"), ""),
    (("6S", "KD"), ("3H", "2C"), "BANKER DRAWS (PLAYER STOOD; BANKER 5: DRAWS)"),
    (("7S", "KD"), ("3H", "3C"), "PLAYER STANDS ON 7; BANKER STANDS (PLAYER STOOD; BANKER 6: STANDS)"),
])
def test_who_draws_by_the_third_card_rules(player, banker, text):
    from tests.support.views import typed_view

    view = typed_view(**{**_BARE, "player": player, "banker": banker})
    assert prompts.who_draws(view) == text


def test_who_draws_words_the_views_reason_and_reads_no_card():
    """The words come from the view's draw reason alone: the cards are not looked at again."""
    from types import SimpleNamespace

    from dealer_station.domain.rules import DrawReason, DrawVerdict

    reason = DrawReason(DrawVerdict.PLAYER_DRAWS, 4, 7)
    assert prompts.who_draws(SimpleNamespace(draw_reason=reason, player=None, banker=None)) == "PLAYER DRAWS ON 4"
    assert prompts.who_draws(SimpleNamespace(draw_reason=None, who_draws="FROM THE CONTROLLER")) == ""


_BARE = {"state": "dealing", "prompt": "", "next_position": None, "who_draws": None, "table_id": "T1",
         "shoe_number": 1, "round_number": 1, "cards_left": 300, "burn_indicator": None, "burn_remaining": 0,
         "cut_card_out": False, "last_round": False, "player": (), "banker": (), "player_total": None,
         "banker_total": None, "offered_bets": (), "misreads": 0, "rescan": None, "incident": None, "result": None,
         "history": (), "betting_seconds_left": None, "connected": True}
"""A view's fields with nothing dealt (tests.support.views.typed_view fills in the rest)."""


def test_rescan_names():
    assert prompts.rescan_name("player3") == "PLAYER CARD 3"
    assert prompts.rescan_name("burn_indicator") == "THE BURN CARD"
    assert prompts.rescan_name("burn") == "THE BURN CARD"
    assert prompts.rescan_name(None) == "THE CARD"


def test_every_instruction_of_the_domain_has_its_banner():
    """The banner words each :class:`~dealer_station.domain.dealer_prompt.Say` (none falls through to English)."""
    from types import SimpleNamespace

    from dealer_station.domain.dealer_prompt import DealerPrompt, Say
    from dealer_station.domain.facts import RoundStatus
    from dealer_station.domain.outcome import Position, Winner
    from dealer_station.domain.round_result import RoundResult

    shown = {}
    for say in Say:
        view = SimpleNamespace(state="", dealer_prompt=DealerPrompt(say, Position.PLAYER2, count=3, round=4, shoe=2),
                               result=RoundResult(RoundStatus.DEALT, 3, Winner.BANKER, 5, 7), last_round=False,
                               betting_seconds_left=None, round_number=3, prompt="THE ENGLISH")
        shown[say] = prompts.banner(view)
    assert all(text and text != "THE ENGLISH" for text in shown.values()), shown
    assert shown[Say.DEAL] == "DEAL PLAYER CARD 2" and shown[Say.RESCAN] == "RESCAN PLAYER CARD 2"
    assert shown[Say.BURN] == "BURN 3 MORE CARDS" and shown[Say.OPEN_BETTING] == "OPEN BETTING – ROUND 4"
    assert shown[Say.CONFIRM_RESULT] == "BANKER WINS 7 – 5" and shown[Say.NO_MORE_BETS] == "NO MORE BETS"


def test_a_wrapped_message_set_before_its_label_is_laid_out_gets_its_colour(qtbot):
    """A message fitted before its label has a width (a refusal told before the screen was shown) is coloured at
    once; its size is fitted when the label is laid out."""
    from PySide6.QtWidgets import QLabel

    from dealer_station.console.widgets import fit_wrapped

    label = QLabel("✖ REFUSED")
    qtbot.addWidget(label)
    label.resize(0, 0)   # no width: nothing to fit its size to yet
    fit_wrapped(label, 30, 12, "color: #ff0000;")
    assert "color: #ff0000;" in label.styleSheet()
    fit_wrapped(label, 30, 12, "color: #ffbf00;")
    assert "#ff0000" not in label.styleSheet() and "color: #ffbf00;" in label.styleSheet()
