"""The supervisor screen: log in with a PIN, see the incident, act on it, watch edges, recall rounds.

DESIGN.md "Users" (the supervisor) and RULES.md §5: a paused round is resolved by an
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
  starts the count again;
* the incident on the table is no longer the one it was opened for (resolved, or replaced by
  another; a session opened with no incident ends when one appears).

Each is checked again right before an act is sent, so a timer that has not fired yet never lets
an expired session act. The screen then says in plain words why the session ended and asks for
the PIN again.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from datetime import UTC, datetime

import structlog
from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_station.console import prompts
from dealer_station.console.bridge import ControllerHost, RawFrame
from dealer_station.console.theme import COLORS
from dealer_station.console.util import as_dict, field
from dealer_station.domain.free_text import free_text_problem, is_blank
from dealer_station.domain.outcome import Position
from dealer_station.domain.table import ROUND_STATES, SUPERVISOR_ACTS

__all__ = ["ACTS", "IDLE_SECONDS", "POSITIONS", "REASON_CODES", "SupervisorScreen", "classify_error",
           "incident_key"]

log = structlog.get_logger(__name__)

ACTS = SUPERVISOR_ACTS
"""Supervisor acts, as the controller names them (docs/controller.md): the table's own list."""

REASON_CODES = (
    "scanner_misread",
    "card_exposed",
    "card_dropped",
    "dealer_error",
    "wrong_position",
    "device_fault",
    "network_fault",
    "procedure",
    "game_integrity",
    "other",
)
"""Reason codes a supervisor picks from; the code is journaled with the act and the free-text note."""

POSITIONS = tuple(p.value for p in Position)
"""Card positions of a round in deal order (RULES.md §2), as the domain names them."""

IDLE_SECONDS = 60.0
"""A supervisor's session ends after this many seconds without a touch (the default of the station
setting ``[console] supervisor_idle_seconds``)."""

SESSION_CHECK_MS = 500
"""How often the open session's idle time is checked (milliseconds)."""

FRAME_COLUMN_CHARS = 22
"""The raw-frames table's ``frame`` column is at most this many characters wide (a longer one is
elided, whole in its tooltip), so time, hex and text stay in view."""

_ACTIVITY = frozenset({QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress, QEvent.Type.TouchBegin,
                       QEvent.Type.Wheel, QEvent.Type.InputMethod})
"""Events on the screen that count as the supervisor being there."""


def incident_key(view) -> tuple | None:
    """What identifies the incident of a ``TableView`` (None when there is none).

    Shoe and round numbers and the incident's type, reason, position, state before and time: a
    resolved incident gives None, another incident (even of the same type) another key.
    """
    inc = field(view, "incident", None)
    if inc is None:
        return None
    return (field(view, "shoe_number", None), field(view, "round_number", None),
            *(str(field(inc, name, "") or "") for name in ("type", "reason", "position", "state_before", "ts")))


def classify_error(err: BaseException) -> str:
    """``"auth"`` for an AuthError, ``"refused"`` for ActRefused, ``"error"`` otherwise (by class name in the MRO)."""
    names = {k.__name__ for k in type(err).__mro__}
    if "AuthError" in names:
        return "auth"
    if "ActRefused" in names:
        return "refused"
    return "error"


def _label(text: str = "", name: str | None = None, align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter):
    lab = QLabel(text)
    if name:
        lab.setObjectName(name)
    lab.setAlignment(align)
    return lab


def _panel() -> tuple[QFrame, QVBoxLayout]:
    frame = QFrame()
    frame.setObjectName("panel")
    lay = QVBoxLayout(frame)
    lay.setContentsMargins(16, 12, 16, 12)
    lay.setSpacing(10)
    return frame, lay


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
        self.view = None
        self._form_incident: tuple | None = None
        self.edges: list[dict] = []
        self._session = QTimer(self)
        self._session.setInterval(min(SESSION_CHECK_MS, max(1, int(self.idle_seconds * 1000))))
        self._session.timeout.connect(self.check_session)

        root = QVBoxLayout(self)
        root.setContentsMargins(20, 14, 20, 14)
        root.setSpacing(12)

        # header: title, login, back
        head = QHBoxLayout()
        title = _label(self.tr("SUPERVISOR"), None)
        title.setStyleSheet(f"color: {COLORS['gold']}; font-size: 56px; font-weight: bold;")
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
        self.who = _label("", None)
        self.who.setStyleSheet("font-size: 26px; font-weight: bold;")
        self.back_button = QPushButton(self.tr("DEALER SCREEN") + "  [Esc]")
        self.back_button.setObjectName("small")
        self.back_button.clicked.connect(self.back_requested)
        for w in (self.user_edit, self.pin_edit, self.login_button, self.who, self.logout_button, self.back_button):
            head.addWidget(w)
        root.addLayout(head)
        # a PIN keypad for the touch screen (a keyboard works too)
        self.keypad = QWidget()
        pad = QHBoxLayout(self.keypad)
        pad.setContentsMargins(0, 0, 0, 0)
        pad.addStretch(1)
        pad.addWidget(_label(self.tr("PIN"), "caption"))
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
        root.addWidget(self.keypad)
        self.login_message = _label("", None)
        root.addWidget(self.login_message)

        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_incident_tab(), self.tr("INCIDENT && ACTS"))
        self.tabs.addTab(self._build_edge_tab(), self.tr("SIDE-BET EDGE"))
        self.tabs.addTab(self._build_recall_tab(), self.tr("ROUND RECALL"))
        self.tabs.currentChanged.connect(lambda i: self.load_recall() if i == 2 else None)
        self.recall_shoe.currentIndexChanged.connect(lambda _i: self.load_recall())
        root.addWidget(self.tabs, 1)
        self._show_login()
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)  # a touch or a key anywhere on this screen keeps the session

    # ------------------------------------------------------------------ building
    def _build_incident_tab(self) -> QWidget:
        page = QWidget()
        lay = QHBoxLayout(page)
        lay.setSpacing(16)

        left, left_lay = _panel()
        left_lay.addWidget(_label(self.tr("INCIDENT"), "caption"))
        self.incident_title = _label(self.tr("No incident: the round is not paused"), None)
        self.incident_title.setStyleSheet("font-size: 40px; font-weight: bold;")
        self.incident_title.setWordWrap(True)
        left_lay.addWidget(self.incident_title)
        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        self.incident_fields: dict[str, QLabel] = {}
        for row, (key, caption) in enumerate(
            (
                ("ts", self.tr("WHEN")),
                ("position", self.tr("POSITION")),
                ("reason", self.tr("REASON")),
                ("state_before", self.tr("STATE BEFORE")),
                ("detail", self.tr("DETAIL")),
                ("round", self.tr("SHOE / ROUND")),
            )
        ):
            grid.addWidget(_label(caption, "caption"), row, 0)
            val = _label("–", None)
            val.setStyleSheet("font-size: 28px;")
            val.setWordWrap(True)
            grid.addWidget(val, row, 1)
            self.incident_fields[key] = val
        grid.setColumnStretch(1, 1)
        left_lay.addLayout(grid)
        left_lay.addWidget(_label(self.tr("THE ROUND"), "caption"))
        hands = QGridLayout()
        hands.setHorizontalSpacing(18)
        self.round_cards: dict[str, QLabel] = {}
        self.round_totals: dict[str, QLabel] = {}
        for row, (hand, caption) in enumerate((("player", self.tr("PLAYER")), ("banker", self.tr("BANKER")))):
            hands.addWidget(_label(caption, "caption"), row, 0)
            for i in (1, 2, 3):
                card = _label("–", None, Qt.AlignmentFlag.AlignCenter)
                card.setMinimumWidth(90)
                hands.addWidget(card, row, i)
                self.round_cards[f"{hand}{i}"] = card
            total = _label("", None)
            total.setStyleSheet("font-size: 28px; font-weight: bold;")
            hands.addWidget(total, row, 4)
            self.round_totals[hand] = total
        hands.setColumnStretch(4, 1)
        left_lay.addLayout(hands)
        self.round_missing = _label("", None)
        self.round_missing.setWordWrap(True)
        left_lay.addWidget(self.round_missing)
        left_lay.addWidget(_label(self.tr("EVIDENCE AND LAST RAW FRAMES FROM THE SHOE"), "caption"))
        self.raw_table = QTableWidget(0, 4)
        self.raw_table.setHorizontalHeaderLabels([self.tr("time"), self.tr("frame"), self.tr("hex"), self.tr("text")])
        self.raw_table.verticalHeader().hide()
        self.raw_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # time, frame, hex and text all in view at 1920x1080: no sideways scrolling; a long cell is
        # elided in the middle and shown whole in its tooltip
        self.raw_table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.raw_table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.raw_table.setWordWrap(False)
        self.raw_table.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.raw_table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.raw_table.setStyleSheet("font-family: 'DejaVu Sans Mono'; font-size: 20px;")
        self.raw_table.setLayoutDirection(Qt.LayoutDirection.LeftToRight)  # bytes and hex read left to right
        left_lay.addWidget(self.raw_table, 1)
        lay.addWidget(left, 5)

        right, right_lay = _panel()
        right_lay.addWidget(_label(self.tr("ACT"), "caption"))
        acts_row = QGridLayout()
        self.act_group = QButtonGroup(self)
        self.act_group.setExclusive(True)
        self.act_buttons: dict[str, QPushButton] = {}
        names = {
            "resume": self.tr("RESUME"),
            "enter_card": self.tr("ENTER CARD"),
            "move_card": self.tr("MOVE CARD"),
            "void_round": self.tr("VOID ROUND"),
            "end_shoe": self.tr("END SHOE"),
        }
        for i, act in enumerate(ACTS):
            btn = QPushButton(names[act])
            btn.setCheckable(True)
            btn.setObjectName("small")
            btn.setStyleSheet("QPushButton:checked { background: #e8c15a; color: #17120a; }")
            self.act_group.addButton(btn)
            btn.clicked.connect(lambda _=False, a=act: self.select_act(a))
            self.act_buttons[act] = btn
            acts_row.addWidget(btn, i // 3, i % 3)
        right_lay.addLayout(acts_row)

        form = QGridLayout()
        form.setHorizontalSpacing(12)
        self.card_edit = QLineEdit()
        self.card_edit.setPlaceholderText(self.tr("card, e.g. QD or 10H"))
        self.card_edit.textChanged.connect(self._update_preview)
        self.from_position = QComboBox()
        self.to_position = QComboBox()
        for combo in (self.from_position, self.to_position):
            for pos in POSITIONS:
                combo.addItem(prompts.position_name(pos), pos)
            combo.currentIndexChanged.connect(self._update_preview)
        self.discard_held = QCheckBox(self.tr("DISCARD THE HELD CARDS"))
        self.discard_held.toggled.connect(self._update_preview)
        self.reason = QComboBox()
        self.reason.addItem(self.tr("— choose a reason code —"), "")
        for code in REASON_CODES:
            self.reason.addItem(prompts.reason_name(code), code)
        self.reason.currentIndexChanged.connect(self._update_preview)
        self.note = QLineEdit()
        self.note.setPlaceholderText(self.tr("note (required): what happened, who was called"))
        self.note.textChanged.connect(self._update_preview)
        self.card_caption = _label(self.tr("CARD"), "caption")
        self.from_caption = _label(self.tr("FROM"), "caption")
        self.to_caption = _label(self.tr("TO"), "caption")
        form.addWidget(self.card_caption, 0, 0)
        form.addWidget(self.card_edit, 0, 1, 1, 3)
        # FROM and TO share a row: with the keypad shown the panel must still fit 1080 pixels in every language
        form.addWidget(self.from_caption, 1, 0)
        form.addWidget(self.from_position, 1, 1)
        form.addWidget(self.to_caption, 1, 2)
        form.addWidget(self.to_position, 1, 3)
        form.addWidget(self.discard_held, 5, 1, 1, 3)
        form.addWidget(_label(self.tr("REASON"), "caption"), 3, 0)
        form.addWidget(self.reason, 3, 1, 1, 3)
        form.addWidget(_label(self.tr("NOTE"), "caption"), 4, 0)
        form.addWidget(self.note, 4, 1, 1, 3)
        form.setColumnStretch(1, 1)
        form.setColumnStretch(3, 1)
        right_lay.addLayout(form)

        right_lay.addWidget(_label(self.tr("WHAT WILL HAPPEN"), "caption"))
        self.preview = _label("", None, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.preview.setWordWrap(True)
        self.preview.setStyleSheet(f"font-size: 28px; color: {COLORS['gold']};")
        self.preview.setMinimumHeight(120)
        right_lay.addWidget(self.preview, 1)
        self.confirm = QPushButton(self.tr("CONFIRM ACT"))
        self.confirm.setObjectName("primary")
        self.confirm.clicked.connect(self.perform)
        right_lay.addWidget(self.confirm)
        self.outcome = _label("", None)
        self.outcome.setWordWrap(True)
        self.outcome.setStyleSheet("font-size: 26px; font-weight: bold;")
        right_lay.addWidget(self.outcome)
        lay.addWidget(right, 4)
        self.selected_act: str | None = None
        self._update_preview()
        return page

    def _build_edge_tab(self) -> QWidget:
        page, lay = _panel()
        lay.addWidget(_label(self.tr("SIDE BETS THAT FAVOUR THE PLAYER WITH THE CARDS LEFT"), "caption"))
        self.edge_status = _label(self.tr("No alert in this shoe"), None)
        self.edge_status.setStyleSheet("font-size: 30px; font-weight: bold;")
        lay.addWidget(self.edge_status)
        self.edge_table = QTableWidget(0, 5)
        self.edge_table.setHorizontalHeaderLabels(
            [self.tr("time"), self.tr("bet"), self.tr("player EV per unit"), self.tr("cards left"), self.tr("round")]
        )
        self.edge_table.verticalHeader().hide()
        self.edge_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.edge_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        lay.addWidget(self.edge_table, 1)
        return page

    def _build_recall_tab(self) -> QWidget:
        page, lay = _panel()
        row = QHBoxLayout()
        row.addWidget(_label(self.tr("SHOE"), "caption"))
        self.recall_shoe = QComboBox()
        self.recall_shoe.addItem(self.tr("this shoe"), "current")
        self.recall_shoe.addItem(self.tr("all shoes"), None)
        row.addWidget(self.recall_shoe)
        self.recall_button = QPushButton(self.tr("LOAD ROUNDS"))
        self.recall_button.setObjectName("small")
        self.recall_button.clicked.connect(self.load_recall)
        row.addWidget(self.recall_button)
        row.addStretch(1)
        lay.addLayout(row)
        self.recall_table = QTableWidget(0, 8)
        self.recall_table.setHorizontalHeaderLabels(
            [
                self.tr("shoe"),
                self.tr("round"),
                self.tr("status"),
                self.tr("player"),
                self.tr("banker"),
                self.tr("result"),
                self.tr("incidents"),
                self.tr("acts"),
            ]
        )
        self.recall_table.verticalHeader().hide()
        self.recall_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.recall_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.recall_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.recall_table.itemSelectionChanged.connect(self._show_recall_detail)
        lay.addWidget(self.recall_table, 2)
        self.recall_detail = QPlainTextEdit()
        self.recall_detail.setReadOnly(True)
        self.recall_detail.setStyleSheet("font-family: 'DejaVu Sans Mono'; font-size: 18px;")
        lay.addWidget(self.recall_detail, 1)
        self.recalled: list = []
        self.recall_events: list[dict] = []
        return page

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
        self._session_incident = None
        self._session.stop()
        self._show_login()

    # ------------------------------------------------------------------ the session's limits
    def _current_view(self):
        try:
            return self.host.fresh_view()  # asked of the controller's thread: the table as it is now
        except Exception as err:  # a broken snapshot: the last view shown
            log.warning("supervisor_snapshot_failed", error=str(err))
            return self.view

    def touch(self) -> None:
        """The supervisor is at the screen: the idle time of an open session starts again."""
        if self.user is not None:
            self._last_touch = self.clock()

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
        self._update_preview()

    def _message(self, text: str, color: str | None) -> None:
        self.login_message.setText(("✖ " if color == "danger" else "") + text)
        self.login_message.setStyleSheet(
            f"color: {COLORS[color]}; font-size: 26px; font-weight: bold;" if color else ""
        )

    # ------------------------------------------------------------------ acts
    def select_act(self, act: str) -> None:
        """Choose the act to perform (one of :data:`ACTS`) and show its preview."""
        if act not in ACTS:
            raise ValueError(f"unknown act {act!r}; allowed: {', '.join(ACTS)}")
        self.selected_act = act
        self.act_buttons[act].setChecked(True)
        self.outcome.setText("")
        self._update_preview()

    def set_reason(self, code: str, note: str) -> None:
        """Pick the reason ``code`` (one of :data:`REASON_CODES`) and type ``note``."""
        index = self.reason.findData(code)
        if index < 0:
            raise ValueError(f"unknown reason code {code!r}")
        self.reason.setCurrentIndex(index)
        self.note.setText(note)
        self.note.setCursorPosition(0)

    def act_params(self) -> dict:
        """Keyword arguments of the selected act (``token=``, ``from_position=``, ``to_position=``)."""
        act = self.selected_act
        if act == "enter_card":
            return {"token": self.card_edit.text().strip().upper()}
        if act == "move_card":
            return {"from_position": self.from_position.currentData(), "to_position": self.to_position.currentData()}
        if act == "resume" and field(self.view, "held", ()) and self.discard_held.isChecked():
            return {"discard_held": True}
        return {}

    def preview_text(self) -> str:
        """What the selected act will do, in words, from the current snapshot (shown before confirming)."""
        act, v = self.selected_act, self.view
        shoe, rnd = field(v, "shoe_number", 0), field(v, "round_number", 0)
        inc = field(v, "incident", None)
        before = field(inc, "state_before", None) or "?"
        if act is None:
            return self.tr("Choose an act.")
        if inc is None:
            return self.tr("The table is not paused: there is nothing to resolve, and the controller will refuse.")
        if act == "resume" and field(inc, "type", "") == "shoe_disconnected" and not field(v, "connected", True):
            return self.tr("The shoe is still disconnected: reconnect it first (the controller refuses to resume).")
        if act == "void_round" and before not in ROUND_STATES:
            return self.tr("No round is open (paused from %1): nothing to void. Use RESUME or END SHOE.").replace(
                "%1", prompts.state_name(str(before))
            )
        held = ", ".join(field(v, "held", ()) or ())
        waiting = ", ".join(field(v, "held_inputs", ()) or ())
        if act == "resume" and field(inc, "type", "") == "journal_failure":
            text = self.tr(
                "The journal is written again first (RESUME is refused while it still fails); then the table "
                "goes on where it stopped."
            )
            if waiting:
                text += " " + self.tr(
                    "The shoe events held during the failure (%1) are then journaled and acted on, in order, "
                    "as if read now."
                ).replace("%1", waiting)
            return text
        if act == "resume" and held and not self.discard_held.isChecked():
            return self.tr(
                "The shoe read %1 while paused; the card is held. RESUME is refused until it is dealt with: "
                "ENTER CARD %1 to place it, or tick DISCARD THE HELD CARDS to discard it."
            ).replace("%1", held)
        if act == "resume" and before not in ROUND_STATES:  # no round is open: the burn or the shoe goes on
            if before in ("burning", "burn_indicator"):
                text = self.tr("The burn of shoe %1 resumes where it stopped (%2); the misread count restarts. "
                               "No card changes.")
            else:
                text = self.tr("Shoe %1 resumes where it stopped (%2); the misread count restarts. No card changes.")
            text = text.replace("%1", str(shoe)).replace("%2", prompts.state_name(str(before)))
            if held:
                text = self.tr("The held cards %1 are DISCARDED (recorded).").replace("%1", held) + " " + text
        elif act == "resume":
            text = (
                self.tr(
                    "Round %1 of shoe %2 resumes where it stopped (%3); the misread count restarts. No card changes."
                )
                .replace("%1", str(rnd))
                .replace("%2", str(shoe))
                .replace("%3", prompts.state_name(str(before)))
            )
            if held:
                text = (
                    self.tr(
                        "The held cards %1 are DISCARDED (recorded). Round %2 of shoe %3 resumes where it stopped "
                        "(%4); the misread count restarts."
                    )
                    .replace("%1", held)
                    .replace("%2", str(rnd))
                    .replace("%3", str(shoe))
                    .replace("%4", prompts.state_name(str(before)))
                )
        elif act == "enter_card":
            p = self.act_params()
            from dealer_station.console.cards import card_label

            label = card_label(p["token"])
            card = label[0] + label[1] if label else self.tr("(type a valid card)")
            text = (
                self.tr(
                    "Card %1 is placed at %2 of round %3 and recorded as MANUAL; the round goes on by the "
                    "third-card rules."
                )
                .replace("%1", card)
                .replace("%2", prompts.position_name(self.due_position()) or self.tr("the position due"))
                .replace("%3", str(rnd))
            )
        elif act == "move_card":
            p = self.act_params()
            text = (
                self.tr(
                    "The cards at %1 and %2 change places; totals and who draws are recomputed. Refused when a "
                    "card dealt after them would no longer be due: then void the round."
                )
                .replace("%1", prompts.position_name(p["from_position"]))
                .replace("%2", prompts.position_name(p["to_position"]))
            )
        elif act == "void_round":
            text = (
                self.tr(
                    "Round %1 of shoe %2 is VOIDED: every bet of it is refunded. Its cards are discarded. "
                    "The next round is round %3."
                )
                .replace("%1", str(rnd))
                .replace("%2", str(shoe))
                .replace("%3", str(int(rnd or 0) + 1))
            )
        else:
            text = (
                self.tr(
                    "Shoe %1 ENDS now after round %2: a round in progress is voided and refunded; the dealer "
                    "is asked for a new shoe (shuffle and burn)."
                )
                .replace("%1", str(shoe))
                .replace("%2", str(rnd))
            )
        return text

    def due_position(self) -> str | None:
        """The position a hand-entered card goes to: the one to rescan, the incident's, or the next one."""
        v = self.view
        return (
            field(v, "rescan", None)
            or field(field(v, "incident", None), "position", None)
            or field(v, "next_position", None)
        )

    def missing(self) -> list[str]:
        """What still keeps the act from being confirmed (empty when it can be)."""
        out = []
        if not self.logged_in and self.authenticate is not None:
            out.append(self.tr("log in"))
        if self.selected_act is None:
            out.append(self.tr("choose an act"))
        if not self.reason.currentData():
            out.append(self.tr("a reason code"))
        if is_blank(self.note.text()):
            out.append(self.tr("a note"))
        elif free_text_problem(self.note.text()) is not None:
            out.append(self.tr("a note in plain text (no control characters)"))
        if self.selected_act == "enter_card":
            from dealer_station.console.cards import card_label

            if card_label(self.card_edit.text().strip()) is None:
                out.append(self.tr("a valid card"))
        if self.selected_act == "move_card" and self.from_position.currentData() == self.to_position.currentData():
            out.append(self.tr("two different positions"))
        return out

    def _update_preview(self, *_args) -> None:
        if not hasattr(self, "confirm"):
            return
        self.preview.setText(self.preview_text())
        missing = self.missing()
        act = self.selected_act
        for w in (self.card_caption, self.card_edit):
            w.setVisible(act == "enter_card")
        for w in (self.from_caption, self.from_position, self.to_caption, self.to_position):
            w.setVisible(act == "move_card")
        self.discard_held.setVisible(act == "resume" and bool(field(self.view, "held", ())))
        self.confirm.setEnabled(not missing)
        self.confirm.setToolTip(self.tr("Still needed: %1").replace("%1", ", ".join(missing)) if missing else "")

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
                self._outcome(self.tr("REFUSED – not allowed now: %1").replace("%1", str(err)), "danger")
            else:
                self._outcome(self.tr("ERROR: %1").replace("%1", f"{type(err).__name__}: {err}"), "danger")
            return False
        self.touch()
        self._outcome(self.tr("DONE: %1").replace("%1", self.act_buttons[act].text()), "ok")
        self.note.clear()
        self.card_edit.clear()
        self.reason.setCurrentIndex(0)
        self.act_done.emit(act)
        return True

    def _outcome(self, text: str, color: str) -> None:
        self.outcome.setText(("✔ " if color == "ok" else "✖ ") + text)
        self.outcome.setStyleSheet(f"font-size: 26px; font-weight: bold; color: {COLORS[color]};")

    # ------------------------------------------------------------------ rendering
    def follow(self, view) -> None:
        """Take the table's latest ``TableView`` without rendering it; a session whose incident is
        no longer the view's ends; another incident (or none) clears the act chosen for the last."""
        self.view = view
        key = incident_key(view)
        if key != self._form_incident:
            self._form_incident = key
            self.clear_act(keep_outcome=key is None)
        if self.user is not None:
            self.check_session(view)

    def clear_act(self, keep_outcome: bool = False) -> None:
        """Forget the chosen act, its reason, note, card, positions and preview (a new incident
        starts from nothing); the last act's outcome stays when ``keep_outcome``."""
        if not hasattr(self, "confirm"):
            return
        self.selected_act = None
        self.act_group.setExclusive(False)  # an exclusive group never unchecks its last button
        for btn in self.act_buttons.values():
            btn.setChecked(False)
        self.act_group.setExclusive(True)
        self.reason.setCurrentIndex(0)
        self.note.clear()
        self.card_edit.clear()
        self.from_position.setCurrentIndex(0)
        self.to_position.setCurrentIndex(0)
        self.discard_held.setChecked(False)
        if not keep_outcome:
            self.outcome.setText("")
        self._update_preview()

    def show_view(self, view) -> None:
        """Render a ``TableView``: the incident and the act preview (and :meth:`follow` it)."""
        self.follow(view)
        inc = field(view, "incident", None)
        if inc is None:
            self.incident_title.setText(self.tr("No incident: the round is not paused"))
            self.incident_title.setStyleSheet(f"font-size: 36px; font-weight: bold; color: {COLORS['ok']};")
            for lab in self.incident_fields.values():
                lab.setText("–")
        else:
            kind = str(field(inc, "type", "") or "?")
            self.incident_title.setText("‼ " + prompts.incident_title(kind, str(field(inc, "reason", "") or "")))
            self.incident_title.setStyleSheet(f"font-size: 44px; font-weight: bold; color: {COLORS['danger']};")
            self.incident_fields["ts"].setText(_when(field(inc, "ts", None)))
            pos = field(inc, "position", None)
            self.incident_fields["position"].setText(prompts.position_name(pos) or (str(pos) if pos else "–"))
            self.incident_fields["reason"].setText(prompts.reason_name(str(field(inc, "reason", "") or "")) or "–")
            self.incident_fields["detail"].setText(str(field(inc, "detail", "") or "–"))
            self.incident_fields["state_before"].setText(prompts.state_name(str(field(inc, "state_before", "") or "")))
        self.incident_fields["round"].setText(f"{field(view, 'shoe_number', '–')} / {field(view, 'round_number', '–')}")
        self._show_round(view, inc)
        self._show_frames(inc)
        self._update_preview()

    def missing_position(self, view=None) -> str | None:
        """The position whose card the paused round is missing (the one to rescan, else the
        incident's, else the next one due), or None when no round is being dealt."""
        v = self.view if view is None else view
        inc = field(v, "incident", None)
        before = field(inc, "state_before", None) if inc is not None else field(v, "state", None)
        if before not in ("betting_closed", "dealing"):
            return None
        for pos in (field(v, "rescan", None), field(inc, "position", None), field(v, "next_position", None)):
            if pos in POSITIONS:
                return pos
        return None

    def _show_round(self, view, inc) -> None:
        """The round of the view beside the incident: cards by position, totals, the card missing
        (from the ``TableView`` alone; nothing is read from the journal here)."""
        from dealer_station.console.cards import card_label

        missing = self.missing_position(view)
        manual = set(field(view, "manual", ()) or ())
        for hand in ("player", "banker"):
            tokens = tuple(field(view, hand, ()) or ())
            for i in (1, 2, 3):
                pos = f"{hand}{i}"
                token = tokens[i - 1] if i <= len(tokens) else None
                label = card_label(token)
                lab = self.round_cards[pos]
                if label is not None:
                    lab.setText(label[0] + label[1] + (" ✎" if pos in manual else ""))
                    color = COLORS["danger"] if label[2] else COLORS["text"]
                    lab.setStyleSheet(f"font-size: 30px; font-weight: bold; color: {color};"
                                      f" border: 2px solid {COLORS['muted']}; border-radius: 6px; padding: 2px 8px;")
                elif pos == missing:
                    lab.setText("?")
                    lab.setStyleSheet(f"font-size: 30px; font-weight: bold; color: {COLORS['alert']};"
                                      f" border: 3px solid {COLORS['alert']}; border-radius: 6px; padding: 2px 8px;")
                else:
                    lab.setText("–")
                    lab.setStyleSheet(f"font-size: 30px; color: {COLORS['muted']}; padding: 2px 8px;")
            total = field(view, f"{hand}_total", None)
            self.round_totals[hand].setText(
                self.tr("total %1").replace("%1", str(total)) if total is not None and tokens else "")
        if missing is not None:
            self.round_missing.setText("? " + self.tr("Card missing: %1").replace("%1", prompts.position_name(missing)))
            self.round_missing.setStyleSheet(f"font-size: 26px; font-weight: bold; color: {COLORS['alert']};")
        else:
            self.round_missing.setText(self.tr("No card is being dealt") if inc is not None else "")
            self.round_missing.setStyleSheet("font-size: 26px;")

    def _show_frames(self, inc) -> None:
        rows: list[tuple[str, str, str, str]] = []
        evidence = field(inc, "evidence", None) if inc is not None else None
        for raw in _evidence_bytes(evidence):
            frame = RawFrame("evidence", raw, datetime.now(UTC))
            rows.append((self.tr("incident"), self.tr("evidence"), frame.hex, frame.text))
        for frame in reversed(list(self.frames())):
            kind = frame.kind + (f" ({frame.detail})" if frame.detail else "")
            rows.append((frame.received.strftime("%H:%M:%S.%f")[:-3], kind, frame.hex, frame.text))
        self.raw_table.setRowCount(len(rows))
        for r, values in enumerate(rows):
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setToolTip(value)  # the whole value, however narrow its column
                self.raw_table.setItem(r, c, item)
        self.raw_table.resizeColumnToContents(0)
        self.raw_table.resizeColumnToContents(1)
        cap = self.raw_table.fontMetrics().horizontalAdvance("M" * FRAME_COLUMN_CHARS)
        if self.raw_table.columnWidth(1) > cap:  # a long kind and detail would push hex and text out of view
            self.raw_table.setColumnWidth(1, cap)

    def add_fact(self, fact) -> None:
        """Take a controller fact: ``player_edge`` alerts go to the edge monitor; a new shoe clears it."""
        kind = field(fact, "kind", "")
        data = field(fact, "data", {}) or {}
        if kind == "shoe_started":
            self.edges.clear()
            self.edge_table.setRowCount(0)
            self.edge_status.setText(self.tr("No alert in this shoe"))
            self.edge_status.setStyleSheet("font-size: 30px; font-weight: bold;")
        if kind != "player_edge":
            return
        self.edges.append(dict(data))
        row = self.edge_table.rowCount()
        self.edge_table.insertRow(row)
        bet = str(data.get("bet", data.get("bet_type", "?")))
        ev = data.get("ev", data.get("player_ev", ""))
        values = (
            datetime.now(UTC).strftime("%H:%M:%S"),
            prompts.bet_name(bet),
            str(ev),
            str(data.get("cards_left", field(self.view, "cards_left", ""))),
            str(data.get("round", field(self.view, "round_number", ""))),
        )
        for c, value in enumerate(values):
            self.edge_table.setItem(row, c, QTableWidgetItem(value))
        self.edge_status.setText(
            "⚠ "
            + self.tr("%1 favours the player now (EV %2)").replace("%1", prompts.bet_name(bet)).replace("%2", str(ev))
        )
        self.edge_status.setStyleSheet(f"font-size: 30px; font-weight: bold; color: {COLORS['alert']};")

    def load_recall(self) -> int:
        """Load past rounds from the journal (``Controller.recall``) into the table; return how many."""
        choice = self.recall_shoe.currentData()
        shoe = field(self.view, "shoe_number", None) if choice == "current" else None
        self.recalled = self.host.recall(shoe or None) if choice != "current" or shoe else []
        events = self.host.round_events() if self.recalled else {}
        self.recall_table.setRowCount(len(self.recalled))
        self.recall_events = []
        for r, rec in enumerate(self.recalled):
            d = as_dict(rec)
            key = (int(d.get("shoe", d.get("shoe_number", 0)) or 0), int(d.get("round", d.get("round_number", 0)) or 0))
            ev = events.get(key, {"incidents": [], "acts": []})
            self.recall_events.append(ev)
            incidents = ev["incidents"] or d.get("incidents") or ([d["reason"]] if d.get("reason") else [])
            acts = ev["acts"] or d.get("acts") or []
            values = (
                key[0],
                key[1],
                {"completed": self.tr("completed"), "voided": self.tr("voided")}.get(
                    str(d.get("status", "")), str(d.get("status", ""))),
                " ".join(map(str, d.get("player", []) or [])),
                " ".join(map(str, d.get("banker", []) or [])),
                _winner_text(d),
                _join(incidents),
                _join(acts),
            )
            for c, value in enumerate(values):
                self.recall_table.setItem(r, c, QTableWidgetItem(str(value)))
        self.recall_detail.setPlainText("")
        return len(self.recalled)

    def _show_recall_detail(self) -> None:
        rows = self.recall_table.selectionModel().selectedRows()
        if not rows or rows[0].row() >= len(self.recalled):
            return
        rec = as_dict(self.recalled[rows[0].row()])
        if rows[0].row() < len(self.recall_events):
            rec = {**rec, **{k: v for k, v in self.recall_events[rows[0].row()].items() if v}}
        self.recall_detail.setPlainText(json.dumps(rec, indent=2, default=str, ensure_ascii=False))


def _winner_text(d: dict) -> str:
    res = d.get("result") or {}
    winner = d.get("winner") or (res.get("winner") if isinstance(res, dict) else None)
    if not winner:
        return ""
    p = d.get("player_total", res.get("player_total") if isinstance(res, dict) else None)
    b = d.get("banker_total", res.get("banker_total") if isinstance(res, dict) else None)
    totals = f" {p}–{b}" if p is not None and b is not None else ""
    return prompts.winner_name(str(winner)) + totals


def _join(items) -> str:
    if not items:
        return ""
    if isinstance(items, str):
        return items
    out = []
    for item in items:
        if isinstance(item, dict):
            out.append(
                ", ".join(f"{k}={v}" for k, v in item.items() if k in ("type", "act", "user", "reason", "note", "kind"))
                or json.dumps(item, default=str)
            )
        else:
            out.append(str(item))
    return "; ".join(out)


def _when(ts) -> str:
    if ts is None:
        return "–"
    if isinstance(ts, str):
        try:
            ts = datetime.fromisoformat(ts.replace("Z", "+00:00"))
        except ValueError:
            return ts
    if isinstance(ts, datetime):
        return ts.astimezone(UTC).strftime("%H:%M:%S UTC  %Y-%m-%d")
    return str(ts)


def _evidence_bytes(evidence) -> list[bytes]:
    """Evidence as raw byte strings: hex text, bytes, or a list of either. Unreadable hex is kept as text."""
    if evidence is None or evidence == "":
        return []
    if isinstance(evidence, bytes | bytearray):
        return [bytes(evidence)]
    if isinstance(evidence, list | tuple):
        out = []
        for item in evidence:
            out.extend(_evidence_bytes(item))
        return out
    if isinstance(evidence, dict):
        for key in ("raw", "hex", "frames"):
            if key in evidence:
                return _evidence_bytes(evidence[key])
        return [json.dumps(evidence, default=str).encode()]
    text = str(evidence)
    try:
        return [bytes.fromhex(text.replace(" ", ""))]
    except ValueError:
        return [text.encode("utf-8", "replace")]
