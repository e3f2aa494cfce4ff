"""Alerts no one misses, prompts no one misreads: focus at start, the betting countdown, the round number,
the void announcement, the burn card, and the misread's own colour, sound and place.

Every test runs the real controller (a stepped ``monotonic`` clock where time matters) behind the real
window, as the table does.
"""

from __future__ import annotations

import subprocess
import sys
import wave

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from dealer_station.app.accounts import Accounts
from dealer_station.app.config import config_from_dict
from dealer_station.app.controller import Controller
from dealer_station.console.theme import COLORS
from dealer_station.console.widgets import MISREAD_WAV
from dealer_station.journal import Journal
from drivers import frames


class Clock:
    """A monotonic clock the test steps by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class OnTable:
    """A real controller as the test drives it: directly until a console runs it, then on the console's
    controller thread (each call waits for its answer), as the table's own inputs are."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        self.win = None

    def __getattr__(self, name):
        value = getattr(self.controller, name)
        if not callable(value) or self.win is None:
            return value
        return lambda *a, **kw: self.win.station.submit(lambda: value(*a, **kw)).result(timeout=30)


@pytest.fixture
def console(console):
    """The console of a table (:class:`OnTable`): from now on the test's calls go to its controller thread."""

    def make(table, source=None, **kw):
        win = console(table.controller, source, **kw)
        table.win = win
        return win

    return make


@pytest.fixture
def table(tmp_path):
    """``table(window_seconds=0)`` → (controller, clock): a real controller (:class:`OnTable`), connected,
    with sue's PIN 1234."""
    made = []

    def make(window_seconds: float = 0):
        accounts = Accounts(tmp_path / "accounts.json")
        accounts.add("sue", "supervisor", "1234")
        clock = Clock()
        journal = Journal(":memory:")
        config = config_from_dict({"table": {"id": "T1"}, "betting": {"window_seconds": window_seconds}})
        controller = Controller(config, journal, accounts=accounts, monotonic=clock)
        controller.shoe_event(frames.Connected("test"))
        made.append(journal)
        return OnTable(controller), clock

    yield make
    for journal in made:
        journal.close()


def _to_ready(controller, burn=("2S", "9D", "9H")):
    controller.dealer("new_shoe")
    controller.dealer("shuffled")
    for token in burn:
        controller.shoe_event(frames.CardRead(token))
    assert controller.snapshot().state == "ready"


def _show(win):
    win.host.call(lambda: None)  # the view after what the test did is on screen when this returns
    QApplication.processEvents()
    return win.dealer


def test_a_key_at_start_reaches_the_next_act_without_a_click(qtbot, table):
    """Shown and nothing touched: the window is active and the dealer screen holds the keyboard, so a
    foot pedal's Space does NEW SHOE (the buttons never take the focus from it)."""
    from PySide6.QtWidgets import QLineEdit

    from dealer_station.console.main_window import MainWindow

    controller, _ = table()
    other = QLineEdit()  # another window had the keyboard (a terminal, the desktop) when the console started
    qtbot.addWidget(other)
    other.show()
    other.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is other, timeout=3000)
    win = MainWindow(controller.controller, None, sound=lambda: None)
    controller.win = win
    qtbot.addWidget(win)
    asked = []  # offscreen activates any shown window; a window manager may not, unless the window asks
    win.activateWindow = lambda: (asked.append(1), MainWindow.activateWindow(win))
    win.show()  # no activateWindow, no click: showing the window is all the station does
    assert asked, "the window does not ask for the keyboard when shown"
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=3000)
    assert QApplication.focusWidget() is win.dealer
    assert controller.snapshot().state == "no_shoe"
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: controller.snapshot().state == "shuffle", timeout=3000)
    win.shutdown()


def test_the_countdown_shows_seconds_and_warns_in_its_last_five(qtbot, console, table):
    controller, clock = table(window_seconds=12)
    win = console(controller, None)
    _to_ready(controller)
    controller.dealer("open_betting")
    dealer = _show(win)
    assert dealer.banner.text() == "PLACE YOUR BETS – 12 s"
    assert not dealer.countdown_warning and dealer.banner._color is None
    clock.now += 6.5  # 5.5 s left: shown as 6, not yet the last five
    dealer = _show(win)
    assert dealer.banner.text() == "PLACE YOUR BETS – 6 s" and not dealer.countdown_warning
    clock.now += 0.6  # 4.9 s left → 5
    dealer = _show(win)
    assert dealer.banner.text() == "PLACE YOUR BETS – 5 s – LAST SECONDS"
    assert dealer.countdown_warning and dealer.banner._color == COLORS["alert"]
    clock.now += 4.0
    assert _show(win).banner.text() == "PLACE YOUR BETS – 1 s – LAST SECONDS"


def test_the_round_number_is_on_screen_in_every_state(qtbot, console, table):
    controller, _ = table()
    win = console(controller, None)
    controller.dealer("new_shoe")
    seen = {}

    def look():
        dealer = _show(win)
        seen[controller.snapshot().state] = dealer.tile_round.value.text()

    look()  # shuffle: round 1 is about to be dealt
    controller.dealer("shuffled")
    look()  # burn indicator
    controller.shoe_event(frames.CardRead("2S"))
    look()  # burning
    for token in ("9D", "9H"):
        controller.shoe_event(frames.CardRead(token))
    look()  # ready
    controller.dealer("open_betting")
    look()
    controller.dealer("close_betting")
    look()
    controller.shoe_event(frames.CardRead("4S"))
    look()  # dealing
    for token in ("5H", "3C", "2D", "KS", "QS"):
        controller.shoe_event(frames.CardRead(token))
        if controller.snapshot().state == "result":
            break
    look()
    controller.dealer("call_supervisor", note="test")
    look()  # paused
    assert set(seen) >= {"shuffle", "burn_indicator", "burning", "ready", "betting_open", "betting_closed",
                         "dealing", "result", "paused"}, seen
    assert all(text == "1" for text in seen.values()), seen


def test_after_a_void_the_dealer_sees_what_to_announce(qtbot, console, table):
    controller, _ = table()
    win = console(controller, None)
    _to_ready(controller)
    controller.dealer("open_betting")
    controller.dealer("close_betting")
    controller.shoe_event(frames.CardRead("4S"))
    controller.dealer("call_supervisor", note="card dropped")
    controller.supervisor("void_round", user="sue", pin="1234", reason="card_dropped", note="dropped")
    dealer = _show(win)
    assert controller.snapshot().state == "ready"
    assert dealer.banner.text() == "ROUND 1 VOID – ALL BETS RETURNED"
    assert dealer.next.text() == "Announce it, then press OPEN BETTING for round 2"
    assert dealer.tile_round.value.text() == "2"
    controller.dealer("open_betting")  # the next round: the announcement has been made
    assert "VOID" not in _show(win).banner.text()


def test_the_burn_card_is_shown_while_burning(qtbot, console, table):
    """As a card face, drawn as the hands' cards are, with its words in large letters beside it."""
    from dealer_station.console.cards import CardFace

    controller, _ = table()
    win = console(controller, None)
    controller.dealer("new_shoe")
    controller.dealer("shuffled")
    controller.shoe_event(frames.CardRead("7H"))  # the indicator: seven more to burn
    dealer = _show(win)
    assert controller.snapshot().state == "burning"
    assert dealer.felt_stack.currentWidget() is dealer.burn and dealer.burn.isVisible()
    assert isinstance(dealer.burn.card, CardFace) and dealer.burn.card.text_shown() == "7♥"
    assert dealer.burn.card.width() >= dealer.player.cards[0].width() * 0.8  # a card, not a line of text
    assert dealer.burn.text.text() == "BURN CARD 7♥\u200e: 7 MORE TO BURN" and dealer.why.text() == ""
    assert "7 TO BURN" in dealer.tile_burn.value.text()
    controller.shoe_event(frames.CardRead("2C"))
    assert _show(win).burn.text.text() == "BURN CARD 7♥\u200e: 6 MORE TO BURN"
    for token in ("2D", "3D", "4D", "5D", "6D", "7D"):  # the burn done: the hands are back
        controller.shoe_event(frames.CardRead(token))
    dealer = _show(win)
    assert controller.snapshot().state == "ready"
    assert dealer.felt_stack.currentWidget() is dealer.hands and not dealer.burn.isVisible()


def test_a_misread_has_its_colour_its_sound_and_its_place(qtbot, console, table):
    """Violet (not the pause's red nor the notice's amber), a sound of its own, and the hands stay put."""
    controller, _ = table()
    misreads = []
    win = console(controller, None)
    win.dealer.misread_sound = lambda: misreads.append(1)
    _to_ready(controller)
    controller.dealer("open_betting")
    controller.dealer("close_betting")
    controller.shoe_event(frames.CardRead("4S"))
    dealer = _show(win)
    qtbot.wait(50)
    before = (dealer.player.geometry(), dealer.banker.geometry(), dealer.player.cards[0].geometry())
    assert not dealer.misread.isVisible()
    controller.shoe_event(frames.NoRead(b"\x15", "no_read"))
    dealer = _show(win)
    qtbot.wait(50)
    assert dealer.misread.isVisible() and "RESCAN" in dealer.misread.text.text()
    assert (dealer.player.geometry(), dealer.banker.geometry(), dealer.player.cards[0].geometry()) == before
    assert misreads == [1] and win.beeps == []  # the misread's sound, not the incident sound
    assert dealer.banner._color == COLORS["misread"]
    assert COLORS["misread"] not in (COLORS["danger"], COLORS["alert"])
    drawn = dealer.misread.grab().toImage()
    edge = drawn.pixelColor(drawn.width() // 2, 1).name()  # the bar's border as painted on screen
    assert edge == COLORS["misread"], edge
    assert dealer.misread.text.palette().color(dealer.misread.text.foregroundRole()).name() == COLORS["misread"]
    controller.dealer("call_supervisor", note="test")
    dealer = _show(win)
    assert dealer.banner._color == COLORS["danger"] != COLORS["misread"]
    drawn = dealer.incident.grab().toImage()
    assert drawn.pixelColor(drawn.width() // 2, 1).name() == COLORS["danger"]  # the pause's bar is red
    assert len(misreads) == 1 and len(win.beeps) == 1  # the pause sounds the incident sound


def test_the_misread_sound_is_shipped_with_the_station(qtbot, monkeypatch, tmp_path, sound_program):
    """A short .wav in the package (package data ``*.wav``), handed to the machine's sound program where it has a
    sound card: here a stand-in ``aplay`` (tests/unit/console/conftest.py) and an ALSA list with a card; the real
    device is never used."""
    import time
    import tomllib

    from dealer_station.console import sound

    monkeypatch.delenv(sound.SOUND_ENV)
    played = sound_program("aplay")
    pcm = tmp_path / "pcm"
    pcm.write_text("00-00: ALC892 Analog : ALC892 Analog : playback 1 : capture 1\n")
    monkeypatch.setattr(sound, "ALSA_PCM", pcm)

    from tests.conftest import ROOT

    with wave.open(str(MISREAD_WAV)) as w:   # the shipped file's own length in samples: a fifth to one and a half
        frames, rate = w.getnframes(), w.getframerate()                           # of its rate's second
    assert rate // 5 <= frames <= rate * 3 // 2
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "*.wav" in data["tool"]["setuptools"]["package-data"]["*"]
    from dealer_station.console.dealer_screen import DealerScreen

    screen = DealerScreen()
    qtbot.addWidget(screen)
    assert screen.sound_problem is None and screen.misread_wav
    assert screen.misread_sound != QApplication.beep
    screen.misread_sound()
    deadline = time.monotonic() + 30   # generous: it fails only if the program is never started
    while not played.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert played.read_text().split() == [str(MISREAD_WAV)]


def test_without_qt_multimedia_the_misread_wav_is_played_by_a_sound_program(tmp_path, sound_program):
    """No QSoundEffect (PySide6-Essentials) and a player on PATH: the station's own .wav is handed to it, without
    waiting, and not started again while it plays; with no player at all there is no wav player (the beep)."""
    import time

    from dealer_station.console import widgets

    calls = sound_program("paplay", "exec /bin/sleep 1")
    player = tmp_path / "paplay"
    play = widgets.wav_player()
    assert play is not None
    play()
    play()   # still playing: not started twice
    deadline = time.monotonic() + 10
    while not calls.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.2)
    assert calls.read_text().split() == [str(widgets.MISREAD_WAV)]
    player.unlink()
    assert widgets.wav_player() is None


_FOCUS_SCRIPT = """
import sys
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit
app = QApplication(sys.argv)
from dealer_station.app.config import config_from_dict
from dealer_station.app.controller import Controller
from dealer_station.console.main_window import MainWindow
from dealer_station.journal import Journal
from drivers import frames
other = QLineEdit()
other.show()
other.activateWindow()
for _ in range(100):
    QTest.qWait(20)
    if app.activeWindow() is other:
        break
assert app.activeWindow() is other, "the other window never had the keyboard"
controller = Controller(config_from_dict({"table": {"id": "T1"}}), Journal(":memory:"))
controller.shoe_event(frames.Connected("test"))
win = MainWindow(controller, None, sound=lambda: None)
win.show()
for _ in range(100):
    QTest.qWait(20)
    if app.activeWindow() is win and app.focusWidget() is win.dealer:
        break
print("active", app.activeWindow() is win, "focus", app.focusWidget() is win.dealer)
QTest.keyClick(app.focusWidget() or win, Qt.Key.Key_Space)
QTest.qWait(100)
print("state", controller.snapshot().state)
win.shutdown()
"""


def test_a_real_x_window_takes_the_keyboard_from_another_at_start(tmp_path):
    """On a real X server (Xvfb, Qt's xcb) a window is not given the keyboard for being shown: the console
    asks for it, so the pedal's first Space does NEW SHOE though another window had the keyboard."""
    from tests.conftest import ROOT
    from tests.support.xvfb import x_display

    with x_display("1920x1080x24") as env:
        env["PYTHONPATH"] = str(ROOT)
        done = subprocess.run([sys.executable, "-c", _FOCUS_SCRIPT], capture_output=True, text=True, timeout=120,
                              env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "active True focus True" in done.stdout, done.stdout
    assert "state shuffle" in done.stdout, done.stdout


def _dealer_acts(win) -> list[str]:
    """The dealer acts the journal holds, in order (read on the controller's thread)."""
    journal = win.station.controller.journal
    return win.station.submit(lambda: [row.body["act"] for row in journal.rows(kinds=("input",))
                                       if row.body.get("kind") == "dealer"]).result(timeout=30)


def _last_round_dealt(controller) -> None:
    """Round 1 dealt with the cut card out before its first card: the shoe's last round, on the table."""
    _to_ready(controller)
    controller.dealer("open_betting")
    controller.dealer("close_betting")
    controller.shoe_event(frames.CutCard(b"CUT"))
    for token in ("TS", "TH", "9S", "8H"):  # Player 9, Banker 8: no third card
        controller.shoe_event(frames.CardRead(token))
    assert controller.snapshot().state == "result" and controller.snapshot().last_round


def test_a_pedal_pressed_again_and_again_at_the_shoes_end_starts_no_shoe_until_new_shoe_confirms(
        qtbot, console, table):
    """The pedal confirms the last round's result and goes on being pressed (a looping key, 300 ms apart, each a
    press of its own, so no debounce is asked for): the shoe ends, the shoe change begins, and nothing more;
    NEW SHOE (F2) starts shoe 2."""
    controller, _ = table()
    clock = Clock()
    win = console(controller, None, clock=clock)
    _last_round_dealt(controller)
    _show(win)
    for _ in range(400):
        clock.now += 0.3
        qtbot.keyClick(win, Qt.Key.Key_Space)
    dealer = _show(win)
    view = controller.snapshot()
    assert (view.state, view.shoe_number) == ("shoe_change", 1)
    assert _dealer_acts(win)[-2:] == ["confirm_result", "change_shoe"] and "new_shoe" not in _dealer_acts(win)[1:]
    assert dealer.banner.text() == "SHOE CHANGE – CONFIRM WITH NEW SHOE"
    assert dealer.next.text() == ("Take the old cards off the table, load new decks, then press NEW SHOE [F2] to "
                                  "start shoe 2")
    assert not dealer.next_button.isEnabled() and dealer.buttons["new_shoe"].isEnabled()
    clock.now += 0.3
    qtbot.keyClick(win, Qt.Key.Key_F2)  # the deliberate confirm, a key of its own
    view = controller.snapshot()
    assert (view.state, view.shoe_number) == ("shuffle", 2)
    assert _dealer_acts(win)[-3:] == ["confirm_result", "change_shoe", "new_shoe"]


def test_the_shoes_end_refuses_new_shoe_before_the_shoe_change(qtbot, console, table):
    controller, _ = table()
    win = console(controller, None)
    _last_round_dealt(controller)
    controller.dealer("confirm_result")
    dealer = _show(win)
    assert controller.snapshot().state == "shoe_end" and not dealer.buttons["new_shoe"].isEnabled()
    assert dealer.next_button.text().startswith("▶ CHANGE SHOE")
    qtbot.keyClick(win, Qt.Key.Key_F2)  # NEW SHOE straight away: the procedure refuses it, in words
    dealer = _show(win)
    assert controller.snapshot().state == "shoe_end" and controller.snapshot().shoe_number == 1
    assert "the shoe change comes first" in dealer.problem.text()


def test_a_bouncing_pedal_counts_once(qtbot, console, table):
    """One press of a pedal that bounces (Space three times in 10 ms): the result is confirmed, betting is not
    opened; the gold button tapped twice as fast counts once too; the next press, later, opens betting."""
    controller, _ = table()
    clock = Clock()
    win = console(controller, None, clock=clock, press_debounce_ms=250)
    _to_ready(controller)
    for act in ("open_betting", "close_betting"):
        controller.dealer(act)
    for token in ("TS", "TH", "9S", "8H"):
        controller.shoe_event(frames.CardRead(token))
    _show(win)
    for _ in range(3):
        clock.now += 0.005
        qtbot.keyClick(win, Qt.Key.Key_Space)
    assert controller.snapshot().state == "ready" and win.presses_ignored == 2
    clock.now += 0.3
    dealer = _show(win)
    qtbot.mouseClick(dealer.next_button, Qt.MouseButton.LeftButton)  # OPEN BETTING ...
    clock.now += 0.01
    qtbot.mouseClick(_show(win).next_button, Qt.MouseButton.LeftButton)  # ... and a double tap: no NO MORE BETS
    assert controller.snapshot().state == "betting_open" and win.presses_ignored == 3
    clock.now += 0.3
    qtbot.keyClick(win, Qt.Key.Key_Space)
    assert controller.snapshot().state == "betting_closed"
    assert _dealer_acts(win)[-3:] == ["confirm_result", "open_betting", "close_betting"]


def test_the_last_round_and_the_end_of_the_shoe_are_announced(qtbot, console, table):
    """The cut card out between rounds: the next round is the shoe's last (docs/rules.md §1), and the banner and the
    line under the hands tell the dealer to announce it, then the end of the shoe."""
    controller, _ = table()
    win = console(controller, None)
    _to_ready(controller)
    controller.dealer("open_betting")
    controller.dealer("close_betting")
    for token in ("TD", "TC", "8D", "9D"):  # round 1: Banker wins 9 – 8
        controller.shoe_event(frames.CardRead(token))
    controller.dealer("confirm_result")
    controller.shoe_event(frames.CutCard(b"CUT"))  # between rounds: one more round
    dealer = _show(win)
    assert dealer.banner.text() == "LAST ROUND – OPEN BETTING – ROUND 2"
    assert dealer.next.text() == "Announce the last round of the shoe, then press OPEN BETTING"
    assert dealer.last_round.isVisible()
    controller.dealer("open_betting")
    dealer = _show(win)
    assert dealer.banner.text() == "LAST ROUND – PLACE YOUR BETS"
    assert dealer.next.text() == "Announce the last round of the shoe; press NO MORE BETS to close betting"
    controller.dealer("close_betting")
    assert _show(win).banner.text() == "LAST ROUND – NO MORE BETS"
    for token in ("TS", "TH", "9S", "8H"):
        controller.shoe_event(frames.CardRead(token))
    dealer = _show(win)
    assert dealer.banner.text() == "PLAYER WINS 9 – 8"
    assert dealer.next.text() == "Announce the result and the end of the shoe, then CONFIRM"
    controller.dealer("confirm_result")
    dealer = _show(win)
    assert dealer.banner.text() == "SHOE ENDED – CHANGE THE SHOE"
    assert dealer.next.text() == "Announce the end of the shoe, then press CHANGE SHOE"
    assert not dealer.last_round.isVisible()


def test_a_round_that_is_not_the_last_is_not_announced_as_it(qtbot, console, table):
    controller, _ = table()
    win = console(controller, None)
    _to_ready(controller)
    controller.dealer("open_betting")
    dealer = _show(win)
    assert dealer.banner.text() == "PLACE YOUR BETS" and "last round" not in dealer.next.text()
    controller.dealer("close_betting")
    for token in ("TS", "TH", "9S", "8H"):
        controller.shoe_event(frames.CardRead(token))
    assert _show(win).next.text() == "Announce the result, then CONFIRM"
