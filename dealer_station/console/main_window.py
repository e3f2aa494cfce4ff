"""The console's main window: the dealer screen and the supervisor screen over one controller.

The window is handed its station (:class:`dealer_station.app.runtime.Station`; no globals, docs/style.md
habit 7), whose controller runs on the station's controller thread; the window only renders
the views that thread tells it and sends commands to it (docs/design.md "Layout": console; docs/runtime.md). Keyboard
shortcuts make a foot pedal that sends a key work like a button: Space or Enter is the next
dealer action, F2–F5 the dealer acts, D draws from a simulated shoe, F12 calls the supervisor
(the table pauses and the supervisor screen opens), F9 opens the supervisor screen without
pausing (recall, edge monitor) and Esc returns. F6 (or the DEALER button) opens the dealer's sign-in
(:mod:`dealer_station.console.sign_in`): on a controller that requires a dealer the sign-in shows by
itself while nobody is signed in, and a dealer badge read anywhere opens it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import structlog
from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QMainWindow, QStackedWidget, QWidget

from dealer_station.console import incident_prompts, prompts
from dealer_station.console.auto_rounds import deal_rounds
from dealer_station.console.bridge import ControllerHost, ShoeBridge
from dealer_station.console.dealer_screen import DealerScreen
from dealer_station.console.prompts import ScreenAct
from dealer_station.console.refusal_words import staff_words
from dealer_station.console.sign_in import BadgeReader, SignInScreen
from dealer_station.console.theme import STYLE_SHEET
from dealer_station.domain.acts import DealerAct
from dealer_station.domain.facts import FactKind
from dealer_station.domain.states import PAUSABLE, TableState

if TYPE_CHECKING:
    from dealer_station.console.supervisor_screen import SupervisorScreen

__all__ = ["MainWindow", "make_roads_view"]

log = structlog.get_logger(__name__)

CALL_PAUSES = frozenset(PAUSABLE)
"""States in which CALL SUPERVISOR pauses the table first (the controller's pausable states)."""

SCREEN_SIZE = (1920, 1080)
"""The screen the console is laid out for (pixels)."""


def make_roads_view() -> QWidget | None:
    """The roads widget (``roads_view.RoadsView``, no statistics in its header: the screen's box has them), or None."""
    try:
        from dealer_station.console.roads_view import RoadsView
    except ImportError as err:
        log.info("roads_view_unavailable", error=str(err))
        return None
    try:
        return RoadsView(header_stats=False)
    except Exception as err:
        log.warning("roads_view_failed", error=str(err))
        return None


class MainWindow(QMainWindow):
    """The dealer console window.

    Parameters
    ----------
    station:
        The table (:class:`~dealer_station.app.runtime.Station`): its controller and shoe source; or a
        controller built elsewhere (a replay's), run by :meth:`Station.around` with ``source``, the shoe
        source (``start(sink)``, ``stop()``, optionally ``draw()``) or None. The window starts the
        controller's thread now and ends it at :meth:`shutdown`; :meth:`start` starts the shoe's reader.
    authenticate:
        Optional ``(user, pin) -> bool`` for the supervisor log-in (see :class:`SupervisorScreen`); it
        runs on the controller's thread (the accounts file and the PIN's hash stay off the GUI thread).
    sound:
        The alert sound (default ``QApplication.beep``).
    roads:
        The roads widget; default :func:`make_roads_view`.
    load_shoe:
        ``load_shoe(shoe_number)`` puts a new shoe in a simulated shoe; called on the shoe worker
        thread when the controller starts a shoe (before any card of it is drawn).
    supervisor_idle_seconds:
        A supervisor's session ends after this many seconds without a touch (station setting
        ``[console] supervisor_idle_seconds``; None: ``supervisor_screen.IDLE_SECONDS``); it also ends when the
        supervisor screen is left and with its incident (:mod:`dealer_station.console.supervisor_screen`).
    clock:
        Monotonic seconds for the supervisor's session and the presses' debounce (default ``time.monotonic``;
        tests step it).
    badge_signs_in:
        A dealer badge alone signs in (``[console] badge_signs_in``); else it fills the id and the PIN is asked.
    dealer_note:
        A line under the status bar and on the sign-in screen about the accounts (the demo dealer's notice,
        or how to add accounts); "" for none.
    first_accounts:
        ``(user, role, pin) -> None`` to add an account from the sign-in (CREATE THE FIRST ACCOUNTS), offered
        while ``dealer_note`` is shown (no accounts yet); None: not offered. Runs on the controller's thread.
    press_debounce_ms:
        The dealer's presses of one key or button (Space, Enter, a foot pedal that sends one, F2–F5, D, the
        screen's buttons) closer together than this many milliseconds on ``clock`` count once: a pedal's bounce
        or a key held down is one press (station setting ``[console] press_debounce_ms``, 250 by default, which
        the console command passes; 0 here: every press counts). :meth:`do` itself is never debounced.
    stop_on_close:
        The stop's reason when the window closes (the console's ``"console closed"``): the controller's thread
        then drops the presses still queued, journals them and the stop, and ends (:meth:`shutdown`); None (a
        replay, a test that stops its station itself): closing only ends the controller's thread.
    """

    def __init__(
        self,
        station: object,
        source: object | None = None,
        *,
        authenticate: Callable[[str, str], bool] | None = None,
        sound: Callable[[], None] | None = None,
        roads: QWidget | None = None,
        load_shoe: Callable[[int], None] | None = None,
        parent: QWidget | None = None,
        supervisor_idle_seconds: float | None = None,
        clock: Callable[[], float] | None = None,
        badge_signs_in: bool = False,
        dealer_note: str = "",
        first_accounts: Callable[[str, str, str], object] | None = None,
        stop_on_close: str | None = None,
        press_debounce_ms: int = 0,
    ) -> None:
        super().__init__(parent)
        from dealer_station.app.runtime import Station

        if not isinstance(station, Station):  # a bare controller (a test's)
            station = Station.around(station, source)
        self.dealer_note = dealer_note
        self.stop_on_close = stop_on_close
        self.load_shoe = load_shoe
        self.rounds_completed = 0
        self.press_debounce = max(0, int(press_debounce_ms)) / 1000.0
        """Presses of one act closer together than this (seconds, on :attr:`clock`) count once (:meth:`press`)."""
        self.clock = clock or time.monotonic
        self._last_press: dict[str, float] = {}
        self.presses_ignored = 0
        """The dealer's presses that counted as the one before them (:meth:`press`)."""
        self.setWindowTitle(self.tr("Dealer Station – Punto Banco"))
        self.setStyleSheet(STYLE_SHEET)
        self.station = station
        self.host = ControllerHost(station, self)
        self.bridge = ShoeBridge(station, self)
        self.host.took.connect(self.bridge.took)
        # the accounts' file and the PIN's hash are read on the controller's thread, never on the GUI thread
        self.first_accounts = None if first_accounts is None else (
            lambda user, role, pin: self.host.call(lambda: first_accounts(user, role, pin)))
        if authenticate is not None:
            authenticate = (lambda auth: lambda user, pin: self.host.call(lambda: auth(user, pin)))(authenticate)
        self.dealer = DealerScreen(roads if roads is not None else make_roads_view(), sound)
        self.dealer.can_draw = self.bridge.can_draw
        # the supervisor's screen (its acts, edge monitor and recall) is built once the window is up, or when
        # first asked for: the dealer's screen is painted first (start-up); the facts until then are kept for it
        self._supervisor: SupervisorScreen | None = None
        self._panel_steps: list | None = None  # the supervisor screen's panels still to make (_supervisor_step)
        self._panels_made: list = []
        self._shut = False  # shutdown() was called
        self._supervisor_args = (authenticate, supervisor_idle_seconds, clock)
        self._last_view = None
        self.stack = QStackedWidget()
        self.stack.addWidget(self.dealer)
        self.sign_in = SignInScreen(badge_signs_in=badge_signs_in)
        self.stack.addWidget(self.sign_in)
        self.setCentralWidget(self.stack)
        self.requires_dealer = bool(station.controller.require_dealer)
        """True when the controller refuses betting while no dealer is signed in (the real station)."""
        self.sign_in.sign_in_requested.connect(self.dealer_sign_in)
        self.sign_in.sign_out_requested.connect(self.dealer_sign_out)
        self.sign_in.back_requested.connect(self.show_dealer)
        self.sign_in.create_accounts_requested.connect(self.create_first_accounts)
        self.sign_in.offer_first_accounts(bool(first_accounts and dealer_note))
        self.dealer.change_dealer_requested.connect(self.show_sign_in)
        self.badges: BadgeReader | None = None
        if self.requires_dealer:
            from PySide6.QtWidgets import QApplication

            self.badges = BadgeReader(self, on_plain_d=lambda: self.press(ScreenAct.DRAW))
            self.badges.badge.connect(self.read_badge)
            QApplication.instance().installEventFilter(self.badges)
        self.stack.currentChanged.connect(self._on_screen_changed)

        self.host.view_changed.connect(self._on_view)
        self.host.fact.connect(self._on_fact)
        self.host.problem.connect(self.dealer.show_problem)
        self.bridge.failed.connect(self.dealer.show_problem)
        self.dealer.act_requested.connect(self.press)

        self.shortcuts: list[QShortcut] = []
        for keys, act in (
            (("Space", "Return", "Enter"), ScreenAct.NEXT),
            (("F2",), DealerAct.NEW_SHOE),
            (("F3",), DealerAct.OPEN_BETTING),
            (("F4",), DealerAct.CLOSE_BETTING),
            (("F5",), DealerAct.CONFIRM_RESULT),
            (("D",), ScreenAct.DRAW),
        ):
            for key in keys:
                sc = QShortcut(QKeySequence(key), self)
                sc.setContext(Qt.ShortcutContext.WindowShortcut)
                sc.activated.connect(lambda a=act: self.press(a))
                self.shortcuts.append(sc)
        call = QShortcut(QKeySequence("F12"), self)
        call.activated.connect(lambda: self.do(ScreenAct.SUPERVISOR))
        sup = QShortcut(QKeySequence("F9"), self)
        sup.activated.connect(self.show_supervisor)
        back = QShortcut(QKeySequence("Escape"), self)
        back.activated.connect(self.show_dealer)
        change = QShortcut(QKeySequence("F6"), self)
        change.activated.connect(self.show_sign_in)
        self.resize(*SCREEN_SIZE)
        self._auto = False
        self._on_view(self.host.snapshot())
        QTimer.singleShot(0, self, self._after_first_turn)
        station.start()  # the controller's thread: from now on the window only sends it commands

    def _after_first_turn(self) -> None:
        """On the event loop's first turn, the window up: make the supervisor's screen a step a turn
        (:meth:`_supervisor_step`), and only then ask the controller's thread to build what it would build at
        the first round's end (the edge watch's odds tables): no turn holds the window for the whole screen,
        and the window's first paints are not made while that build holds the interpreter.
        """
        if self._shut:
            return  # the window was shut down meanwhile: nothing more is built, nothing asked of the controller
        if self._supervisor_step():
            QTimer.singleShot(0, self, self._after_first_turn)
        else:
            self.station.submit(self.station.prepare)

    def _supervisor_step(self) -> bool:
        """Make the next piece of the supervisor's screen: its module, one panel of
        :meth:`SupervisorScreen.panel_steps`, the screen of them, its place in the window. False once it is whole.
        """
        if self._supervisor is not None:
            if self.stack.indexOf(self._supervisor) >= 0:
                return False
            self.stack.insertWidget(1, self._supervisor)
        elif self._panel_steps is None:
            from dealer_station.console.supervisor_screen import SupervisorScreen

            self._panel_steps = list(SupervisorScreen.panel_steps(self.host))
        elif self._panel_steps:
            self._panels_made.append(self._panel_steps.pop(0)())
        else:
            self._make_supervisor(self._panels_made)
        return True

    @property
    def supervisor(self) -> SupervisorScreen:
        """The supervisor's screen (:class:`~dealer_station.console.supervisor_screen.SupervisorScreen`), made
        whole now when its turns have not made it yet: it is handed the last view (the edge alerts of the shoe
        are the view's).
        """
        while self._supervisor_step():
            pass
        return self._supervisor

    def _make_supervisor(self, panels: list) -> SupervisorScreen:
        """Make the supervisor's screen of ``panels`` (:meth:`SupervisorScreen.panel_steps`, made) and hand it the
        last view; :meth:`_supervisor_step` places it in the window.
        """
        from dealer_station.console.supervisor_screen import SupervisorScreen

        authenticate, idle_seconds, clock = self._supervisor_args
        screen = SupervisorScreen(self.host, lambda: list(self.bridge.frames), authenticate,
                                  **({"idle_seconds": idle_seconds} if idle_seconds is not None else {}),
                                  **({"clock": clock} if clock is not None else {}), panels=panels)
        self._supervisor = screen
        screen.back_requested.connect(self.show_dealer)
        screen.act_done.connect(lambda _act: QTimer.singleShot(0, self.host.refresh))
        if self._last_view is not None:
            screen.follow(self._last_view)
        return screen

    # ------------------------------------------------------------------ screens
    def show_supervisor(self) -> None:
        """Show the supervisor screen (dealer shortcuts are off there)."""
        self.stack.setCurrentWidget(self.supervisor)
        for sc in self.shortcuts:
            sc.setEnabled(False)
        self.supervisor.show_view(self.host.snapshot())
        self.supervisor.focus_login()

    def show_dealer(self) -> None:
        """Show the dealer screen: a supervisor's session ends. While a dealer is required and nobody is
        signed in, the sign-in shows instead.
        """
        if self._supervisor is not None:
            self._supervisor.leave()
        if self.requires_dealer and self.host.snapshot().dealer is None:
            self.show_sign_in()
            return
        self.stack.setCurrentWidget(self.dealer)
        for sc in self.shortcuts:
            sc.setEnabled(True)

    def show_sign_in(self) -> None:
        """Show the dealer's sign-in (F6, the DEALER button; by itself while nobody is signed in)."""
        if self._supervisor is not None and self.stack.currentWidget() is self._supervisor:
            self._supervisor.leave()
        view = self.host.snapshot()
        self.sign_in.show_dealer(view.dealer, view.dealer_how, self.dealer_note)
        self.stack.setCurrentWidget(self.sign_in)
        for sc in self.shortcuts:
            sc.setEnabled(False)
        self.sign_in.focus_form()

    def create_first_accounts(self):
        """Open the dialog that adds the first accounts (a fresh install); returns the dialog (shown, modeless)."""
        from dealer_station.console.sign_in import FirstAccountsDialog

        if self.first_accounts is None:
            return None
        dialog = FirstAccountsDialog(self.first_accounts, self)

        def finished(_result: int) -> None:
            if dialog.added:
                self.dealer_note = ""
                view = self.host.snapshot()
                self.dealer.show_dealer(view.dealer, view.dealer_how, "")
                self.sign_in.offer_first_accounts(False)
                self.sign_in.show_dealer(view.dealer, view.dealer_how, "")
                self.sign_in.show_message(self.tr("Accounts added: sign in with one"), None)

        dialog.finished.connect(finished)
        dialog.open()
        return dialog

    def read_badge(self, user: str) -> None:
        """A dealer badge was read (anywhere in the window): the sign-in takes it."""
        if self._supervisor is not None and self.stack.currentWidget() is self._supervisor:
            return  # the supervisor's screen: a badge there is not a dealer change
        if self.stack.currentWidget() is not self.sign_in:
            self.show_sign_in()
        self.sign_in.read_badge(user)

    def dealer_sign_in(self, user: str, pin: str, how: str) -> bool:
        """Sign ``user`` in (the PIN or badge is checked by the controller); True when signed in."""
        try:
            self.host.sign_in(user, pin, how)
        except Exception as err:
            log.info("dealer_sign_in_refused", user=user, how=how, error=str(err))
            self.sign_in.refused(staff_words(err))
            return False
        self.sign_in.signed_in()
        self.show_dealer()
        return True

    def dealer_sign_out(self) -> bool:
        """The dealer signs out; the sign-in stays for the next dealer. True when signed out."""
        try:
            self.host.sign_out()
        except Exception as err:
            self.sign_in.refused(staff_words(err))
            return False
        view = self.host.snapshot()
        self.sign_in.show_dealer(view.dealer, view.dealer_how, self.dealer_note)
        self.sign_in.show_message(self.tr("Signed out: the next dealer signs in"), None)
        return True

    def _on_screen_changed(self, _index: int) -> None:
        if self._supervisor is not None and self.stack.currentWidget() is not self._supervisor:
            self._supervisor.leave()  # whatever switched the screen

    # ------------------------------------------------------------------ acts
    def press(self, act: str) -> bool:
        """A press of the dealer's keys or buttons (a foot pedal that sends a key is one): :meth:`do` ``act``,
        unless the last press of the same act was less than :attr:`press_debounce` seconds ago on :attr:`clock`
        (a pedal's bounce, a key held down): repeated presses that close together count once, however many
        (each one starts the time again). True when done.
        """
        now = self.clock()
        last = self._last_press.get(act)
        self._last_press[act] = now
        if last is not None and 0 <= now - last < self.press_debounce:
            self.presses_ignored += 1
            log.debug("press_debounced", act=str(act), ms=round((now - last) * 1000))
            return False
        return self.do(act)

    def do(self, act: str) -> bool:
        """Perform a dealer-screen act: a :class:`ScreenAct` or a dealer act of :attr:`DealerScreen.BUTTONS`; True
        when done. Nothing is sent once the window is shut (:meth:`shutdown`).
        """
        if self._shut:
            return False
        if act == ScreenAct.SUPERVISOR:  # the dealer calls the supervisor: an open round pauses first
            on_dealer = self.stack.currentWidget() is self.dealer
            if on_dealer and self.host.snapshot().state in CALL_PAUSES:
                self.host.dealer(DealerAct.CALL_SUPERVISOR, note=self.tr("called from the dealer console"))
                if self._shut:
                    return False  # closed while the call was decided (or dropped)
            self.show_supervisor()
            return True
        if self.stack.currentWidget() is not self.dealer:
            return False
        if act == ScreenAct.NEXT:
            act = prompts.next_act(self.host.snapshot(), self.bridge.can_draw)
            if act is None:
                return False
        self.dealer.show_problem("")
        if act == DealerAct.NEW_SHOE and self.host.snapshot().state == TableState.SHUFFLE:
            act = DealerAct.SHUFFLED
        if act == ScreenAct.DRAW:
            return self.bridge.draw()
        return self.host.dealer(act)

    def start(self) -> bool:
        """Start the shoe source's reader (off the GUI thread); the controller's thread runs already."""
        return self.bridge.start()

    def showEvent(self, event) -> None:  # noqa: D102 - Qt override
        super().showEvent(event)
        # the keyboard is the window's from the start: a foot pedal (a key) works without a touch first
        self.activateWindow()
        self.raise_()
        if self.stack.currentWidget() is self.dealer:
            self.dealer.setFocus(Qt.FocusReason.ActiveWindowFocusReason)

    def closeEvent(self, event) -> None:  # noqa: D102 - Qt override
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self, timeout: float = 10.0) -> bool:
        """Stop the shoe, its worker thread and the controller's thread (also done on close); True when the
        controller's thread has ended.

        With :attr:`stop_on_close` the controller's thread stops the table itself before it ends
        (:meth:`~dealer_station.app.runtime.Station.request_stop`): the presses still queued are dropped and counted
        in the journal, then the stop is journaled; :meth:`Station.stop` afterwards only hands over its result.
        Without it the loop only ends: nothing is journaled here, the station's ``stop`` journals the stop
        afterwards and the controller is the calling thread's from then on.

        The window waits for the thread until the stop's deadline (``Station.stop_deadline``: at most
        ``Station.stop_seconds(timeout)`` from now; ``timeout`` without a stop), in steps of 20 ms between which it
        paints (its keys and clicks wait: no press is sent
        once the window is shut). A thread that does not end in time is logged (``controller_thread_did_not_end``)
        and left to finish; the station then leaves its journal to it (:meth:`Station.close`).
        """
        if self._shut:
            return self.station.ended
        self._shut = True
        self._remove_badge_reader()
        self.setCursor(Qt.CursorShape.BusyCursor)
        self.bridge.close()
        if self.stop_on_close:
            self.station.request_stop(self.stop_on_close, timeout=timeout)
        else:
            self.station.request_stop()
        deadline = self.station.stop_deadline
        ended = self._wait_for_controller(timeout if deadline is None else max(0.0, deadline - time.monotonic()))
        self.unsetCursor()
        return ended

    def _wait_for_controller(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the controller's thread to end, painting between steps of 20 ms."""
        from PySide6.QtWidgets import QApplication

        app = QApplication.instance()
        deadline = time.monotonic() + seconds
        while not self.station.wait_ended(0.02):
            if time.monotonic() >= deadline:
                log.error("controller_thread_did_not_end", timeout=seconds)
                return False
            if app is not None:
                app.processEvents(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        return True

    def _remove_badge_reader(self) -> None:
        if self.badges is not None:
            from PySide6.QtWidgets import QApplication

            app = QApplication.instance()
            if app is not None:
                app.removeEventFilter(self.badges)

    # ------------------------------------------------------------------ rendering
    def _on_view(self, view) -> None:
        self.dealer.show_view(view)
        dealer = view.dealer
        if self.requires_dealer or dealer is not None:
            self.dealer.show_dealer(dealer, view.dealer_how, self.dealer_note)
        if self.requires_dealer and dealer is None and self.stack.currentWidget() is self.dealer:
            self.show_sign_in()
        self._last_view = view
        if self._supervisor is None:
            return  # it follows the last view when it is built
        if self.stack.currentWidget() is self._supervisor:
            self._supervisor.show_view(view)
        else:
            self._supervisor.follow(view)

    def _on_fact(self, fact) -> None:
        kind = fact.kind
        data = fact.data or {}
        if kind == FactKind.SHOE_STARTED:
            if self.load_shoe is not None and not self._auto:  # the automatic dealer loads its own shoes
                number = int(data.get("shoe") or self.host.snapshot().shoe_number or 0)
                self.bridge.submit("load_shoe", lambda n=number: self.load_shoe(n))
        elif kind == FactKind.ROUND_COMPLETED:
            self.rounds_completed += 1
        elif kind == FactKind.PROCEDURE_VIOLATION:  # a frame with no shoe open: told in plain words, nothing changes
            self.dealer.show_notice(incident_prompts.stray_frame(data))

    def run_auto(self, rounds: int, timeout: float = 120.0) -> bool:
        """Deal ``rounds`` rounds with the automatic dealer, the GUI live
        (:func:`~dealer_station.console.auto_rounds.deal_rounds`): until the result of the last round is on
        screen, the table pauses, or ``timeout`` seconds have passed. Returns True when the rounds were dealt.
        Needs a simulated shoe.
        """
        self._auto = True   # the automatic dealer loads its own shoes (_on_fact)
        try:
            return deal_rounds(self.host, self.station, rounds, timeout)
        finally:
            self._auto = False

    def save_png(self, path: str | Path) -> Path:
        """Render the window (at its current size) to a PNG file; return the path. Raises OSError on failure."""
        path = Path(path)
        pixmap = self.grab()
        if not pixmap.save(str(path), "PNG"):
            raise OSError(f"could not write {path}")
        return path
