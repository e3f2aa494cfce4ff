"""The supervisor screen: log in with a PIN, see the incident, act on it, watch edges, recall rounds.

docs/design.md "Users" (the supervisor) and docs/rules.md §5: a paused round is resolved by an
authenticated supervisor who resumes it, enters or moves a card, voids the round (every bet
refunded) or ends the shoe. Every act asks for a reason code and a note and shows what will
happen before it happens; the controller checks the PIN against the station's accounts and
journals every attempt (docs/controller.md ``Controller.supervisor``: AuthError, ActRefused).

A supervisor's session (the PIN typed at log-in, sent with every act) is authority in their name,
so it lasts no longer than they are at the screen for one incident. It ends, and the
PIN is forgotten, when:

* the screen is left, any way (Esc, DEALER SCREEN, another screen, the window hidden):
  :meth:`SupervisorScreen.leave`, called by the main window and by ``hideEvent``;
* the screen sits idle for ``idle_seconds`` (station setting ``[console] supervisor_idle_seconds``,
  default 60) on the injected monotonic ``clock``: a touch or a key on the screen, or an act,
  starts the count again; :data:`IDLE_WARN_SECONDS` before the end the screen says so, with the
  seconds left, until a touch;
* the incident on the table is no longer the one it was opened for (resolved, or replaced by
  another; a session opened with no incident ends when one appears).

Each is checked again right before an act is sent, so a timer that has not fired yet never lets
an expired session act. The screen then says in plain words why the session ended and asks for
the PIN again, with the cursor in the PIN field: the PIN typed then, and Enter, sign the supervisor in
again. The acts can be chosen only in a session and on an incident; a new incident starts with no
line left from the one before (the act's outcome, a session's end).

The screen is built of panels, each in its own module: the incident (:mod:`incident_panel`), the
acts (:mod:`act_panel`), the side-bet edge monitor (:mod:`edge_tab`) and the round recall
(:mod:`recall_tab`); this module keeps the log-in and the session, and sends the acts.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence

import structlog
from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLineEdit, QPushButton, QTabWidget, QVBoxLayout, QWidget

from dealer_station.app.accounts import AuthError
from dealer_station.app.refusals import ActRefused
from dealer_station.console.act_panel import ACTS, REASON_CODES, ActPanel
from dealer_station.console.bridge import ControllerHost, RawFrame
from dealer_station.console.edge_tab import EdgeTab
from dealer_station.console.incident_panel import BYTES_COLUMN_CHARS, POSITIONS, IncidentPanel
from dealer_station.console.panel_parts import label
from dealer_station.console.recall_tab import RecallTab
from dealer_station.console.refusal_words import error_words
from dealer_station.console.theme import COLORS, font
from dealer_station.console.widgets import fit_wrapped

__all__ = ["ACTS", "BYTES_COLUMN_CHARS", "IDLE_SECONDS", "IDLE_WARN_SECONDS", "POSITIONS", "REASON_CODES",
           "SupervisorScreen",
           "classify_error", "incident_key"]

log = structlog.get_logger(__name__)

IDLE_SECONDS = 60.0
"""A supervisor's session ends after this many seconds without a touch (the default of the station
setting ``[console] supervisor_idle_seconds``)."""

SESSION_CHECK_MS = 500
"""How often the open session's idle time is checked (milliseconds)."""

MESSAGE_PIXELS = 24
"""The log-in's and the session's message beside the PIN keypad: its font, pixels (two lines of it in its row)."""

IDLE_WARN_SECONDS = 10.0
"""The session's idle end is told on screen this many seconds before it (half the idle time when that is shorter)."""

_ACTIVITY = frozenset({QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress, QEvent.Type.TouchBegin,
                       QEvent.Type.Wheel, QEvent.Type.InputMethod})
"""Events on the screen that count as the supervisor being there."""


def incident_key(view) -> tuple | None:
    """What identifies the incident of a ``TableView`` (None when there is none).

    Shoe and round numbers and the incident's type, reason, position, state before and time: a
    resolved incident gives None, another incident (even of the same type) another key.
    """
    inc = view.incident if view is not None else None
    if inc is None:
        return None
    return (view.shoe_number, view.round_number,
            *(str(value or "") for value in (inc.type, inc.reason, inc.position, inc.state_before, inc.ts)))


def classify_error(err: BaseException) -> str:
    """What a refused act was, for the supervisor: ``"auth"``, ``"refused"`` or ``"error"``.

    ``"auth"`` for an :class:`~dealer_station.app.accounts.AuthError` (wrong PIN, locked, not a supervisor),
    ``"refused"`` for an :class:`~dealer_station.app.refusals.ActRefused` (the act does not fit the table now),
    ``"error"`` for any other exception (a subclass of either counts as it).
    """
    if isinstance(err, AuthError):
        return "auth"
    if isinstance(err, ActRefused):
        return "refused"
    return "error"


class SupervisorScreen(QWidget):
    """The supervisor's screen (a QWidget).

    Parameters
    ----------
    host:
        The :class:`ControllerHost` of the table.
    frames:
        Returns the last raw frames from the shoe (oldest first), for the incident view.
    authenticate:
        Optional ``(user, pin) -> bool`` check at log-in (e.g. the station's accounts); without
        it the PIN is checked by the controller at the first act.
    idle_seconds:
        Seconds without a touch after which the session ends (> 0; default :data:`IDLE_SECONDS`).
    clock:
        Monotonic seconds (default ``time.monotonic``); tests step it.
    panels:
        The four panels already made by :meth:`panel_steps`, in its order (default: made here).

    Signals
    -------
    back_requested()
        The supervisor wants the dealer screen back.
    act_done(str)
        An act the controller accepted (its name).
    """

    back_requested = Signal()
    act_done = Signal(str)

    def __init__(
        self,
        host: ControllerHost,
        frames: Callable[[], list[RawFrame]] | None = None,
        authenticate: Callable[[str, str], bool] | None = None,
        parent: QWidget | None = None,
        *,
        idle_seconds: float = IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        panels: Sequence[QWidget] | None = None,
    ) -> None:
        super().__init__(parent)
        if isinstance(idle_seconds, bool) or not isinstance(idle_seconds, int | float) or not (
                math.isfinite(idle_seconds) and idle_seconds > 0):
            raise ValueError(f"idle_seconds {idle_seconds!r} is not allowed; allowed: a number of seconds > 0")
        self.host = host
        self.frames = frames or (lambda: [])
        self.authenticate = authenticate
        self.idle_seconds = float(idle_seconds)
        self.clock = clock
        self.user: str | None = None
        self._pin: str | None = None
        self._session_incident: tuple | None = None
        self._last_touch = 0.0
        self.idle_warning = False
        """True while the screen warns that the session is about to end for want of a touch."""
        self.view = None
        self._form_incident: tuple | None = None
        self._session = QTimer(self)
        self._session.setInterval(min(SESSION_CHECK_MS, max(1, int(self.idle_seconds * 1000))))
        self._session.timeout.connect(self.check_session)

        root = QVBoxLayout(self)
        root.setContentsMargins(20, 14, 20, 14)
        root.setSpacing(12)

        # header: title, login, back
        head = QHBoxLayout()
        title = label(self.tr("SUPERVISOR"), None)
        title.setStyleSheet(f"color: {COLORS['gold']}; font-size: 56px; font-weight: bold;")
        title.setFixedHeight(80)  # the tallest script's line of it (Telugu's, 76): the header as high in every language
        head.addWidget(title)
        head.addStretch(1)
        self.user_edit = QLineEdit()
        self.user_edit.setPlaceholderText(self.tr("user"))
        self.user_edit.setFixedWidth(230)
        self.pin_edit = QLineEdit()
        self.pin_edit.setPlaceholderText(self.tr("PIN"))
        self.pin_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin_edit.setFixedWidth(170)
        self.pin_edit.returnPressed.connect(self.login)
        self.login_button = QPushButton(self.tr("LOG IN"))
        self.login_button.setObjectName("small")
        self.login_button.clicked.connect(self.login)
        self.logout_button = QPushButton(self.tr("LOG OUT"))
        self.logout_button.setObjectName("small")
        self.logout_button.clicked.connect(self.logout)
        self.who = label("", None)
        self.who.setStyleSheet("font-size: 26px; font-weight: bold;")
        self.back_button = QPushButton(self.tr("DEALER SCREEN") + "  [Esc]")
        self.back_button.setObjectName("small")
        self.back_button.clicked.connect(self.back_requested)
        for w in (self.user_edit, self.pin_edit, self.login_button, self.who, self.logout_button, self.back_button):
            head.addWidget(w)
        root.addLayout(head)
        # a PIN keypad for the touch screen (a keyboard works too), and beside it the log-in's and the session's
        # message: the row keeps its place logged in or not, with a message or none, so the tabs never move
        self.keypad = QWidget()
        pad = QHBoxLayout(self.keypad)
        pad.setContentsMargins(0, 0, 0, 0)
        pad.addWidget(label(self.tr("PIN"), "caption"))
        self.keypad_buttons: dict[str, QPushButton] = {}
        for key in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "⌫"):
            btn = QPushButton(key)
            btn.setObjectName("small")
            btn.setFixedWidth(76)
            btn.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            btn.clicked.connect(lambda _=False, k=key: self.key_pin(k))
            self.keypad_buttons[key] = btn
            pad.addWidget(btn)
        self.keypad.setLayoutDirection(Qt.LayoutDirection.LeftToRight)  # digits 1…0 in every language
        kept = self.keypad.sizePolicy()
        kept.setRetainSizeWhenHidden(True)
        self.keypad.setSizePolicy(kept)
        self.login_message = label("", None)
        self.login_message.setWordWrap(True)
        self.login_message.setStyleSheet(f"font-weight: bold; font-size: {MESSAGE_PIXELS}px;")  # measured so
        self.login_message.setFixedHeight(2 * QFontMetrics(font(MESSAGE_PIXELS, bold=True)).lineSpacing() + 4)
        keys = QHBoxLayout()
        keys.addWidget(self.login_message, 1)
        keys.addWidget(self.keypad)
        root.addLayout(keys)

        made = list(panels) if panels is not None else [make() for make in self.panel_steps(host)]
        self.incident, self.acts, self.edge, self.recall = made
        self.acts.needs_login = lambda: not self.logged_in and self.authenticate is not None
        self.acts.confirm.clicked.connect(self.perform)
        self._expose()
        page = QWidget()
        lay = QHBoxLayout(page)
        lay.setSpacing(16)
        lay.addWidget(self.incident, 5)
        lay.addWidget(self.acts, 4)
        self.tabs = QTabWidget()
        self.tabs.addTab(page, self.tr("INCIDENT && ACTS"))
        self.tabs.addTab(self.edge, self.tr("SIDE-BET EDGE"))
        self.tabs.addTab(self.recall, self.tr("ROUND RECALL"))
        self.tabs.currentChanged.connect(lambda i: self.load_recall() if i == 2 else None)
        root.addWidget(self.tabs, 1)
        self._show_login()


    # ------------------------------------------------------------------ the panels' widgets, as before
    @staticmethod
    def panel_steps(host: ControllerHost) -> tuple[Callable[[], QWidget], ...]:
        """The screen's four panels (incident, acts, side-bet edge, round recall), each made by one call: the
        console makes them one per turn of its event loop, then the screen from them (``panels``), so that no
        turn holds the window for the whole screen's making.
        """
        return (IncidentPanel, ActPanel, EdgeTab, lambda: RecallTab(host))

    _WIDGETS = {
        "incident": ("incident_title", "incident_fields", "round_cards", "round_totals", "round_missing",
                     "raw_table"),
        "acts": ("act_group", "act_buttons", "card_edit", "from_position", "to_position", "discard_held", "reason",
                 "note", "card_caption", "from_caption", "to_caption", "preview", "confirm", "outcome"),
        "edge": ("edge_status", "edge_table"),
        "recall": ("recall_shoe", "recall_button", "recall_table", "recall_detail"),
    }
    """The widgets of each panel, also reachable on the screen itself (``screen.preview``, ``screen.raw_table``)."""

    def _expose(self) -> None:
        for panel_name, names in self._WIDGETS.items():
            panel_widget = getattr(self, panel_name)
            for name in names:
                setattr(self, name, getattr(panel_widget, name))
        acts = self.acts
        for name in ("select_act", "set_reason", "act_params", "act_preview", "preview_text", "due_position",
                     "missing", "clear_act", "_outcome"):
            setattr(self, name, getattr(acts, name))

    @property
    def selected_act(self) -> str | None:
        """The act chosen on the act panel (one of :data:`ACTS`), or None."""
        return self.acts.selected_act

    @property
    def edges(self) -> list[dict]:
        """The shoe's ``player_edge`` alerts so far (their data), oldest first."""
        return self.edge.edges

    @property
    def recalled(self) -> list:
        """The rounds last loaded by :meth:`load_recall`."""
        return self.recall.recalled

    def missing_position(self, view=None) -> str | None:
        """The position whose card the paused round is missing (:meth:`IncidentPanel.missing_position`)."""
        return self.incident.missing_position(self.view if view is None else view)

    # ------------------------------------------------------------------ login
    def login(self) -> bool:
        """Start a session with the typed user and PIN; False (with the reason shown) when refused."""
        user, pin = self.user_edit.text().strip(), self.pin_edit.text()
        if not user or not pin:
            self._message(self.tr("Type the user and the PIN"), "danger")
            return False
        if self.authenticate is not None:
            try:
                ok = bool(self.authenticate(user, pin))
            except Exception as err:
                ok = False
                log.info("supervisor_login_refused", user=user, error=str(err))
                self._message(self.tr("REFUSED: %1").replace("%1", str(err) or self.tr("wrong PIN")), "danger")
                self.pin_edit.clear()
                return False
            if not ok:
                self.pin_edit.clear()
                self._message(self.tr("REFUSED: wrong user or PIN"), "danger")
                return False
        self.user, self._pin = user, pin
        app = QApplication.instance()
        if app is not None:  # while a session is open, a touch or a key anywhere on this screen keeps it
            app.installEventFilter(self)   # (only then: every event of the application passes through it)
        self._session_incident = incident_key(self._current_view())
        self._last_touch = self.clock()
        self.pin_edit.clear()
        self._session.start()
        self._message("", None)
        self._show_login()
        log.info("supervisor_session_started", user=user, incident=self._session_incident)
        return True

    def logout(self) -> None:
        """End the session: the PIN is forgotten."""
        self.user, self._pin = None, None
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)
        self._session_incident = None
        self._session.stop()
        if self.idle_warning:
            self._idle_warning(None)
        self._show_login()

    # ------------------------------------------------------------------ the session's limits
    def _current_view(self):
        try:
            return self.host.fresh_view()  # asked of the controller's thread: the table as it is now
        except Exception as err:  # a broken snapshot: the last view shown
            log.warning("supervisor_snapshot_failed", error=str(err))
            return self.view

    def touch(self) -> None:
        """The supervisor is at the screen: the idle time of an open session starts again (and its warning goes)."""
        if self.user is not None:
            self._last_touch = self.clock()
            if self.idle_warning:
                self._idle_warning(None)

    def _idle_warning(self, left: float | None) -> None:
        """Warn that the session ends in ``left`` seconds without a touch (rounded up), or take the warning off
        (None).
        """
        if left is None:
            self.idle_warning = False
            self._message("", None)
            return
        self.idle_warning = True
        seconds = max(1, math.ceil(left))
        text = self.tr("Session of %1 ends in %n s without a touch: touch the screen to stay logged in.", "",
                       seconds).replace("%1", str(self.user))
        self._message(text, "alert")

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        """Count a key, a click or a touch on this screen (or a widget on it) as the supervisor being there."""
        if self.user is not None and event.type() in _ACTIVITY and isinstance(obj, QWidget) and (
                obj is self or self.isAncestorOf(obj)):
            self.touch()
        return False

    def check_session(self, view=None) -> bool:
        """True while the session is open and may act; else it is ended (with the reason shown).

        Ends a session idle for :attr:`idle_seconds` on :attr:`clock`, and, when ``view`` (a
        ``TableView``) is given, a session whose incident is no longer the view's.
        """
        if self.user is None:
            self._session.stop()
            return False
        try:
            idle = self.clock() - self._last_touch
        except Exception as err:  # a broken clock: the session cannot be timed, so it ends
            log.warning("supervisor_clock_failed", error=str(err))
            idle = math.inf
        if not idle < self.idle_seconds:
            self.end_session("idle")
            return False
        left = self.idle_seconds - idle
        if left <= min(IDLE_WARN_SECONDS, self.idle_seconds / 2):
            self._idle_warning(left)
        elif self.idle_warning:
            self._idle_warning(None)
        if view is not None:
            key = incident_key(view)
            if key != self._session_incident:
                self.end_session("resolved" if key is None else "replaced")
                return False
        return True

    def end_session(self, why: str) -> None:
        """End an open session and say why in plain words (no-op without one).

        ``why``: ``"left"`` (the screen was left), ``"idle"``, ``"resolved"`` (the incident is over)
        or ``"replaced"`` (another incident, or one where there was none).
        """
        if self.user is None:
            return
        user = self.user
        self.logout()
        self.pin_edit.clear()
        texts = {
            "left": self.tr("Session of %1 ended: the supervisor screen was left. Type the PIN again to act."),
            "idle": self.tr("Session of %1 ended after %2 seconds without a touch. Type the PIN again to act."),
            "resolved": self.tr("Session of %1 ended: the incident it was opened for is over. "
                                "Type the PIN again to act."),
            "replaced": self.tr("Session of %1 ended: there is another incident on the table now. "
                                "Type the PIN again to act."),
        }
        text = texts.get(why, texts["left"]).replace("%1", user).replace("%2", f"{self.idle_seconds:g}")
        self._message(text, "danger")
        if self.isVisible():  # the PIN typed now, and Enter, sign the supervisor in again
            self.focus_login()
        log.info("supervisor_session_ended", user=user, why=why)

    def leave(self) -> None:
        """The screen is left (any way): the session ends."""
        self.end_session("left")

    def focus_login(self) -> None:
        """Put the cursor where the supervisor types next: the PIN when the user is already typed."""
        (self.pin_edit if self.user_edit.text().strip() else self.user_edit).setFocus()

    def hideEvent(self, event) -> None:  # noqa: N802 - Qt override
        """Hidden (another screen, the window closed or minimised): the session ends."""
        self.leave()
        super().hideEvent(event)

    @property
    def logged_in(self) -> bool:
        """True while a supervisor session is open."""
        return self.user is not None

    def key_pin(self, key: str) -> None:
        """A keypad key: a digit is added to the PIN, ``⌫`` removes the last one."""
        if key == "⌫":
            self.pin_edit.backspace()
        elif key.isdigit() and len(self.pin_edit.text()) < 12:
            self.pin_edit.setText(self.pin_edit.text() + key)

    def _show_login(self) -> None:
        logged = self.logged_in
        for w in (self.user_edit, self.pin_edit, self.login_button, self.keypad):
            w.setVisible(not logged)
        self.logout_button.setVisible(logged)
        self.who.setText(
            ("● " + self.tr("logged in: %1").replace("%1", self.user)) if logged else self.tr("not logged in")
        )
        self.who.setStyleSheet(f"font-size: 26px; font-weight: bold; color: {COLORS['ok' if logged else 'muted']};")
        self.acts._update_preview()

    def _message(self, text: str, color: str | None) -> None:
        self.login_message.setText(("✖ " if color == "danger" else "") + text)
        # a longer text, or a taller script, shrinks the font to the row's two lines
        fit_wrapped(self.login_message, MESSAGE_PIXELS, 14,
                    "font-weight: bold;" + (f" color: {COLORS[color]};" if color else ""))

    def perform(self) -> bool:
        """Send the selected act to the controller; True when accepted. Refusals are shown, never raised."""
        missing = self.missing()
        if missing:
            self._outcome(self.tr("Still needed: %1").replace("%1", ", ".join(missing)), "danger")
            return False
        if self.user is not None and not self.check_session(self._current_view()):
            self._outcome(self.login_message.text().lstrip("✖ "), "danger")  # nothing is sent
            return False
        user, pin = self.user, self._pin
        if user is None:  # no log-in check here: the controller checks the PIN typed now
            user, pin = self.user_edit.text().strip(), self.pin_edit.text()
        act = self.selected_act
        kw = self.act_params()
        try:
            self.host.supervisor(
                act, user=user, pin=pin, reason=self.reason.currentData(), note=self.note.text().strip(), **kw
            )
        except Exception as err:
            kind = classify_error(err)
            log.info("supervisor_act_refused", act=act, user=user, kind=kind, error=str(err))
            if kind == "auth":
                self.logout()
                self.pin_edit.clear()
                self._outcome(
                    self.tr("REFUSED – not authorised: %1").replace("%1", str(err) or self.tr("wrong PIN")), "danger"
                )
            elif kind == "refused":
                verdict = self.act_preview()   # the table as it is now: the rule the act broke, in plain words
                why = (self.acts.refusal_text(verdict) if verdict is not None and not verdict.allowed
                       else self.tr("the table changed before the act arrived: look at the incident again"))
                self._outcome(self.tr("REFUSED – not allowed now: %1").replace("%1", why), "danger")
            else:
                self._outcome(self.tr("ERROR: %1").replace("%1", error_words()), "danger")
            return False
        self.touch()
        self._outcome(self.tr("DONE: %1").replace("%1", self.act_buttons[act].text()), "ok")
        self.note.clear()
        self.card_edit.clear()
        self.reason.setCurrentIndex(0)
        self.act_done.emit(act)
        return True


    # ------------------------------------------------------------------ rendering
    def follow(self, view) -> None:
        """Take the table's latest ``TableView`` without rendering it; a session whose incident is
        no longer the view's ends; another incident (or none) clears the act chosen for the last.
        """
        self.view = self.acts.view = self.recall.view = view
        self.edge.show_view(view)  # the shoe's edge alerts are the view's
        key = incident_key(view)
        if key != self._form_incident:
            self._form_incident = key
            self.acts.clear_act(keep_outcome=key is None)
            if key is not None and not self.idle_warning:  # a new incident: no line left from the last one's session
                self._message("", None)
        if self.user is not None:
            self.check_session(view)


    def show_view(self, view) -> None:
        """Render a ``TableView``: the incident and the act preview (and :meth:`follow` it)."""
        self.follow(view)
        self.incident.show_view(view, self.frames())
        self.acts._update_preview()

    def load_recall(self) -> int:
        """Load past rounds from the journal (``Controller.recall``) into the recall; return how many."""
        return self.recall.load_recall()
