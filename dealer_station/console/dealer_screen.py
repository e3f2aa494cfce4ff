"""The dealer screen: what a dealer reads from two metres and touches without looking twice.

Built for a 1920×1080 touch screen (docs/design.md "Users": the dealer). It renders a controller
``TableView`` (docs/controller.md) and nothing else: the state banner, both hands with their
cards and totals, the next action, round and shoe numbers, cards left, burn and cut-card status,
"LAST ROUND", the bets still offered, a misread alert naming the position to rescan (colour,
icon, text and a sound), an incident banner while paused, the roads and shoe statistics, and big
buttons with keyboard shortcuts. Colour is never the only signal: every state has its words.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import structlog
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_station.console import incident_prompts, prompts
from dealer_station.console.dealer_panels import AlertBar, BetsBox, BurnPanel, HandPanel, StatsBox, StatusTile
from dealer_station.console.dealer_panels import label as _label
from dealer_station.console.prompts import ScreenAct
from dealer_station.console.sound import sound_off, sound_problem
from dealer_station.console.status_bar import SHOE_OVER, StatusBar, prompts_card
from dealer_station.console.theme import COLORS
from dealer_station.console.widgets import FitLabel, TouchButton, WrapFitLabel, wav_player
from dealer_station.domain.acts import DealerAct
from dealer_station.domain.outcome import Winner
from dealer_station.domain.roads import RoadsError, compute_roads
from dealer_station.domain.staff import SignInMethod
from dealer_station.domain.states import DEAL_STATES, NO_SHOE_STATES, TableState

__all__ = ["SHOE_OVER", "DealerScreen", "HandPanel", "StatusTile", "prompts_card"]
# the panels are dealer_panels', the status bar's status_bar's: kept here for callers

log = structlog.get_logger(__name__)

BANNER_HEIGHT = 100
"""Height of the banner, pixels: one line of its 78-pixel letters."""

ALERT_HEIGHT = 80
"""Height of the misread, incident and notice bars over the hands, pixels: one place, whichever shows."""

WHY_PIXELS = 32
"""Font of who draws and why (the third-card rule), pixels: one line (a longer one shrinks, down to 20)."""

NEXT_PIXELS = 44
"""Font of the next action, pixels: two lines (a longer one shrinks, down to 24)."""

PROBLEM_PIXELS = 24
"""Font of a refused act's line, pixels: one line (a longer one shrinks, down to 16)."""

ROADS_HEAD_HEIGHT = 46
"""Height of the line over the roads (ROADS, the DEALER button), pixels."""

SIDE_STATS_HEIGHT = 72
"""Height of the shoe's statistics box under the roads, pixels."""

_SHOE_BUTTON_STATES = frozenset({TableState.NO_SHOE, TableState.SHOE_CHANGE, TableState.SHUFFLE})
"""States in which the NEW SHOE / SHUFFLED button (F2) acts: a first shoe, the shoe change's confirm, the shuffle."""


def _silence() -> None:
    """The sound of a console whose sound is turned off."""


class DealerScreen(QWidget):
    """The dealer's screen (a QWidget); feed it ``TableView`` snapshots with :meth:`show_view`.

    Parameters
    ----------
    roads:
        The roads widget to embed (a ``RoadsView``: given the computed roads by ``set_roads``), or None.
    sound:
        Called once each time an incident or a notice appears, and a misread when ``misread_sound`` is not
        given (default ``QApplication.beep``).
    misread_sound:
        Called once each time a misread alert appears. Default: ``sound`` when one is given, else the
        station's own ``misread.wav`` (:func:`~dealer_station.console.widgets.wav_player`: Qt Multimedia, else a
        sound program such as ``aplay``), else ``QApplication.beep`` when neither is there (:attr:`misread_wav`
        is then False). Without either, the machine is looked at once (:func:`~dealer_station.console.sound.
        sound_problem`): with no sound output device the .wav is not tried, a warning is logged and the screen
        shows a small "NO SOUND" mark (:attr:`no_sound`); with the sound turned off (``DEALER_STATION_SOUND=off``)
        nothing sounds at all.

    Signals
    -------
    act_requested(str)
        A button was pressed: its act's value, a dealer act (``"new_shoe"``, ``"shuffled"``, ``"open_betting"``,
        ``"close_betting"``, ``"confirm_result"``) or a :class:`~dealer_station.console.prompts.ScreenAct`
        (``"draw"``, ``"supervisor"``).
    """

    act_requested = Signal(str)
    change_dealer_requested = Signal()

    BUTTONS = (
        (DealerAct.NEW_SHOE, "NEW SHOE", "F2"),
        (DealerAct.OPEN_BETTING, "OPEN BETTING", "F3"),
        (DealerAct.CLOSE_BETTING, "NO MORE BETS", "F4"),
        (DealerAct.CONFIRM_RESULT, "CONFIRM RESULT", "F5"),
        (ScreenAct.DRAW, "DRAW CARD", "D"),
        (ScreenAct.SUPERVISOR, "SUPERVISOR", "F12"),
    )
    """Buttons: act, label, keyboard shortcut. NEXT (Space / Enter / foot pedal) does :func:`prompts.next_act`."""

    def __init__(
        self, roads: QWidget | None = None, sound: Callable[[], None] | None = None, parent: QWidget | None = None,
        misread_sound: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self.sound_problem: str | None = None
        """Why the misread sound cannot play here (no sound device, no player, turned off); None when it can."""
        wav = None
        if not (misread_sound or sound):
            self.sound_problem = sound_problem()
            wav = None if self.sound_problem else wav_player(parent=self)
            if wav is None and self.sound_problem is None:
                self.sound_problem = "nothing here plays misread.wav (no Qt Multimedia, no pw-play, paplay or aplay)"
            if self.sound_problem:   # turned off on purpose: said, not warned of (a screenshot run prints nothing)
                (log.info if sound_off() else log.warning)(
                    "misread_sound_unavailable", reason=self.sound_problem,
                    consequence="a misread is shown on the dealer screen without its sound")
        self.sound = sound or (_silence if sound_off() else QApplication.beep)
        self.misread_wav = wav is not None
        """True when a misread plays the station's misread.wav (Qt Multimedia, or a sound program, is here)."""
        self.misread_sound = misread_sound or sound or wav or self.sound
        # a foot pedal sends keys: the screen takes the keyboard focus (its buttons never do)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.can_draw = False
        self.view = None
        self.countdown_warning = False
        self.alerts_sounded = 0
        self._alert_key: tuple | None = None
        self._incident_key: tuple | None = None
        self._roads_key: tuple | None = None
        self._offered_key: tuple | None = None

        root = QVBoxLayout(self)
        root.setContentsMargins(20, 8, 20, 8)
        root.setSpacing(10)

        self.status_bar = StatusBar()
        for name in ("tile_table", "tile_shoe", "tile_round", "tile_left", "tile_burn", "tile_cut", "tile_link",
                     "last_round"):
            setattr(self, name, getattr(self.status_bar, name))  # the bar's widgets, on the screen as before
        root.addWidget(self.status_bar)
        self.dealer_button = QPushButton("")
        self.dealer_button.setObjectName("dealerButton")  # a low button: the roads below get the height
        self.dealer_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.dealer_button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
        self.dealer_button.setFixedHeight(ROADS_HEAD_HEIGHT)
        self.dealer_button.clicked.connect(self.change_dealer_requested)
        self.dealer_button.hide()

        # banner
        self.banner = FitLabel("", 78, 34, fit_height=True)  # a script with tall glyphs (Telugu) in its height too
        self.banner.setObjectName("banner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.banner.setFixedHeight(BANNER_HEIGHT)
        root.addWidget(self.banner)
        self.misread = AlertBar("misread", "⚠")
        # its place is kept while hidden, so the hands do not jump when a misread appears; an incident or a
        # notice takes that place, of the same height
        policy = self.misread.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.misread.setSizePolicy(policy)
        self.incident = AlertBar("incident", "‼")
        self.notice = AlertBar("notice", "⚠")
        for bar in (self.misread, self.incident, self.notice):
            bar.setFixedHeight(ALERT_HEIGHT)
        self.notices = 0
        """Notices shown since the last time a shoe was open (a card read with no shoe open...)."""

        # middle: felt with the hands | side column with roads, stats and bets
        middle = QHBoxLayout()
        middle.setSpacing(16)
        felt = QFrame()
        felt.setObjectName("felt")
        felt_lay = QVBoxLayout(felt)
        felt_lay.setContentsMargins(22, 12, 22, 12)
        felt_lay.addWidget(self.misread)
        felt_lay.addWidget(self.incident)
        felt_lay.addWidget(self.notice)
        self.hands = QWidget()
        hands = QHBoxLayout(self.hands)
        hands.setContentsMargins(0, 0, 0, 0)
        hands.setSpacing(22)
        self.player = HandPanel("player", self.tr("PLAYER"))
        self.banker = HandPanel("banker", self.tr("BANKER"))
        hands.addWidget(self.player, 1)
        hands.addWidget(self.banker, 1)
        # while the shoe is burned the burn card takes the hands' place (they are empty until betting opens)
        self.burn = BurnPanel()
        self.felt_stack = QStackedWidget()
        self.felt_stack.addWidget(self.hands)
        self.felt_stack.addWidget(self.burn)
        felt_lay.addWidget(self.felt_stack, 1)
        # the lines under the hands have fixed heights (their fonts shrink for a longer text): the cards above
        # keep their size whatever the words
        self.why = self._fixed_lines("why", WHY_PIXELS, 20, 1)
        felt_lay.addWidget(self.why)
        self.next = self._fixed_lines("next", NEXT_PIXELS, 24, 2)
        felt_lay.addWidget(self.next)
        # a refused act's line; while there is none, the demo dealer's notice in amber in the same place (the
        # roads keep their height: the notice takes no place of its own)
        self.problem = self._fixed_lines("problem", PROBLEM_PIXELS, 16, 1)
        self.dealer_note = self._fixed_lines("dealerNote", PROBLEM_PIXELS, 16, 1)
        self.felt_line = QStackedWidget()
        self.felt_line.setObjectName("feltLine")  # on the felt, as the lines above it
        self.felt_line.addWidget(self.problem)
        self.felt_line.addWidget(self.dealer_note)
        self.felt_line.setFixedHeight(self.problem.height())
        felt_lay.addWidget(self.felt_line)
        middle.addWidget(felt, 1)

        side = QVBoxLayout()
        side.setSpacing(6)
        roads_box = QFrame()
        roads_box.setObjectName("panel")
        roads_lay = QVBoxLayout(roads_box)
        roads_lay.setContentsMargins(8, 4, 8, 6)
        roads_lay.setSpacing(4)
        roads_head = QHBoxLayout()  # the ROADS caption, and who deals (a button: the dealer change)
        roads_head.setContentsMargins(0, 0, 0, 0)
        roads_caption = _label(self.tr("ROADS"), "caption", Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        roads_caption.setFixedHeight(ROADS_HEAD_HEIGHT)  # as high as the DEALER button, shown or not
        roads_head.addWidget(roads_caption)
        roads_head.addStretch(1)
        # the misread sound cannot play here: said on the screen, not only in the log
        self.no_sound = _label("✖ " + self.tr("NO SOUND"), "hint", Qt.AlignmentFlag.AlignRight)
        self.no_sound.setStyleSheet(f"color: {COLORS['alert']}; font-size: 20px;")
        self.no_sound.setToolTip(self.sound_problem or "")
        self.no_sound.setVisible(self.sound_problem is not None)
        roads_head.addWidget(self.no_sound)
        roads_head.addWidget(self.dealer_button)
        roads_lay.addLayout(roads_head)
        self.roads = roads
        if roads is not None:
            roads_lay.addWidget(roads, 1)
        else:
            missing = _label(self.tr("Roads are not available in this build"), "hint")
            missing.setWordWrap(True)
            roads_lay.addWidget(missing, 1)
        roads_box.setMinimumHeight(300)
        side.addWidget(roads_box, 1)

        self.stats_box = StatsBox()
        # the side column's boxes have heights for the tallest script's lines (Telugu's): the roads above get the
        # same height in every language
        self.stats_box.setFixedHeight(SIDE_STATS_HEIGHT)
        self.stat_labels = self.stats_box.stat_labels
        self.pairs_label = self.stats_box.pairs_label
        side.addWidget(self.stats_box, 0)

        self.bets_box = BetsBox()
        self.offered = self.bets_box.offered
        side.addWidget(self.bets_box, 0)
        side_box = QWidget()
        side_box.setLayout(side)
        side_box.setFixedWidth(700)
        side.setContentsMargins(0, 0, 0, 0)
        middle.addWidget(side_box)
        root.addLayout(middle, 1)

        # buttons
        buttons = QHBoxLayout()
        buttons.setSpacing(14)
        self.buttons: dict[str, QPushButton] = {}
        self.labels = labels = {
            DealerAct.NEW_SHOE: self.tr("NEW SHOE"),
            DealerAct.CHANGE_SHOE: self.tr("CHANGE SHOE"),
            DealerAct.SHUFFLED: self.tr("SHUFFLED"),
            DealerAct.OPEN_BETTING: self.tr("OPEN BETTING"),
            DealerAct.CLOSE_BETTING: self.tr("NO MORE BETS"),
            DealerAct.CONFIRM_RESULT: self.tr("CONFIRM RESULT"),
            ScreenAct.DRAW: self.tr("DRAW CARD"),
            ScreenAct.SUPERVISOR: self.tr("CALL SUPERVISOR"),
        }
        for act, _text, key in self.BUTTONS:
            btn = TouchButton(labels[act], key)
            btn.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            btn.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            if act == ScreenAct.SUPERVISOR:
                btn.setObjectName("danger")
            btn.setProperty("act", str(act))
            btn.clicked.connect(lambda _=False, b=btn: self.act_requested.emit(str(b.property("act"))))
            self.buttons[act] = btn
            buttons.addWidget(btn, 1)
        self.next_button = TouchButton(self.tr("NEXT"), self.tr("SPACE / ENTER"))
        self.next_button.setObjectName("primary")
        self.next_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.next_button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.next_button.setMinimumHeight(120)
        self.next_button.clicked.connect(lambda: self.act_requested.emit("next"))
        buttons.addWidget(self.next_button, 2)
        root.addLayout(buttons)

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt override
        """The roads' scrolling keys (←, →, PageUp, PageDown, Home, End) go to the roads; others on."""
        handle = getattr(self.roads, "handle_key", None)
        if callable(handle) and handle(event.key()):
            event.accept()
            return
        super().keyPressEvent(event)

    # ------------------------------------------------------------------ rendering
    def show_dealer(self, dealer: str | None, how: str | None, note: str = "") -> None:
        """Who deals (a button above the roads: the dealer change, F6) and a line under the bets (the demo dealer's
        notice).
        """
        if dealer is None:
            self.dealer_button.setText(self.tr("NO DEALER  [F6]"))
        elif how == SignInMethod.DEMO:
            self.dealer_button.setText(self.tr("DEMO DEALER  [F6]"))
        else:
            self.dealer_button.setText(self.tr("DEALER %1  [F6]").replace("%1", dealer))
        self.dealer_button.show()
        self.dealer_note.setText(note)
        self._show_felt_line()

    def show_problem(self, text: str) -> None:
        """Show a refused act or an error, in one line under the next action (over the demo dealer's notice)."""
        self.problem.setText("✖ " + text if text else "")
        self._show_felt_line()

    def _show_felt_line(self) -> None:
        """The line under the next action: a refused act, else the demo dealer's notice (if any)."""
        note = bool(self.dealer_note.text()) and not self.problem.text()
        self.felt_line.setCurrentWidget(self.dealer_note if note else self.problem)

    def show_notice(self, text: str) -> None:
        """Show a notice in plain words (e.g. a card read with no shoe open) in an amber bar, with a sound.

        It stays while no shoe is open and goes when one is (the next view in another state), or with
        ``show_notice("")``. A second notice replaces the first and counts them (``(2×)``).
        """
        if not text:
            self.notice.hide()
            self.notices = 0
            self._keep_misread_place()
            return
        self.notices += 1
        if self.notices > 1:
            text += "  " + self.tr("(%1×)").replace("%1", str(self.notices))
        self.notice.text.setText(text)
        self._keep_misread_place(False)
        self.notice.show()
        self._sound()

    def show_view(self, view) -> None:
        """Render one ``TableView`` snapshot (docs/controller.md). Never raises on odd values."""
        try:
            self._show(view)
        except Exception as err:  # a rendering bug must never take the table down
            log.error("dealer_screen_render_failed", error=str(err))

    def _show(self, view) -> None:
        self.view = view
        state = view.state
        # the hands first: a card dealt is painted at once (CardFace.set_card), before the words are fitted
        rescan, rescan_burn = view.rescan, view.rescan_burn
        if state == TableState.PAUSED:
            rescan, rescan_burn = None, False  # paused: the one instruction is to call the supervisor, no card asked
        due = view.next_position
        next_position = due.value if due is not None and state in DEAL_STATES else None
        if state == TableState.BETTING_CLOSED and not next_position:
            next_position = "player1"
        manual = tuple(view.manual or ())
        self.player.show_hand(
            tuple(view.player or ()), view.player_total, next_position, rescan, manual
        )
        self.banker.show_hand(
            tuple(view.banker or ()), view.banker_total, next_position, rescan, manual
        )
        if self.notices and state not in NO_SHOE_STATES:
            self.show_notice("")  # a shoe is open: what was read without one is told and done
        self.banner.setText(prompts.banner(view))
        self.countdown_warning = prompts.countdown_warning(view)
        """True in the betting window's last seconds (the banner is amber and says LAST SECONDS)."""
        if state == TableState.PAUSED:
            self.banner.set_color(COLORS["danger"])
        elif view.rescan is not None or view.rescan_burn:
            self.banner.set_color(COLORS["misread"])
        elif self.countdown_warning:
            self.banner.set_color(COLORS["alert"])
        else:
            self.banner.set_color(None)
        self.status_bar.show_view(view)

        winner = view.result.winner if view.result is not None else None
        if state == TableState.RESULT and winner is not None:
            self.player.set_winner("tie" if winner is Winner.TIE else "win" if winner is Winner.PLAYER else "lose")
            self.banker.set_winner("tie" if winner is Winner.TIE else "win" if winner is Winner.BANKER else "lose")
        else:
            self.player.set_winner(None)
            self.banker.set_winner(None)
        burning = prompts.burn_line(view)
        if burning:
            self.burn.show_burn(view.burn_indicator, burning)
        self.felt_stack.setCurrentWidget(self.burn if burning else self.hands)
        self.why.setText("" if burning else prompts.who_draws(view))
        self.next.setText(prompts.next_line(view, self.can_draw))

        self._show_alerts(view, state, prompts.rescan_words(rescan, rescan_burn))
        self._show_stats(view)
        offered = tuple(view.offered_bets or ())
        if offered != self._offered_key:  # the same bets: their words and their fit stay
            self._offered_key = offered
            # a bet's name never breaks across lines ("Banker / Bonus"): its spaces do not break, the dots do
            self.bets_box.show_offered("  ·  ".join(prompts.bet_name(b).replace(" ", "\u00a0") for b in offered)
                                       if offered else self.tr("none"))
        self._enable_buttons(view)

    def _show_alerts(self, view, state: str, where: str) -> None:
        """``where``: the card to scan again in words (:func:`prompts.rescan_words`), ``""`` when none."""
        if where and state != TableState.PAUSED:
            misreads = view.misreads or 0
            text = self.tr("MISREAD – RESCAN %1").replace("%1", where)
            if misreads:
                text += "  " + self.tr("(%1×)").replace("%1", str(misreads))
            self.misread.text.setText(text)
            self.misread.show()
            key = (view.rescan, view.rescan_burn, misreads)   # not the words: a language change sounds nothing
            if key != self._alert_key:
                self._alert_key = key
                self._sound(self.misread_sound)
        else:
            self.misread.hide()
            self._alert_key = None
        incident = view.incident
        if state == TableState.PAUSED or incident is not None:
            self._keep_misread_place(False)  # before the incident bar shows: the window never grows
            kind = str(incident.type or "") if incident is not None else ""
            where = prompts.position_name(incident.position if incident is not None else None)
            reason = str(incident.reason or "") if incident is not None else ""
            text = incident_prompts.incident_title(kind, reason) or self.tr("INCIDENT")
            if where:
                text = self.tr("%1 AT %2").replace("%1", text).replace("%2", where)
            self.incident.text.setText(text)
            self.incident.show()
            key = (kind, str(incident.ts if incident is not None else ""))
            if key != self._incident_key:
                self._incident_key = key
                self._sound()
        else:
            self.incident.hide()
            self._incident_key = None
            self._keep_misread_place()

    def _keep_misread_place(self, keep: bool | None = None) -> None:
        """The misread bar's place is kept while it is hidden, so the hands stay put when it shows; an
        incident or notice bar (the table paused, or no shoe open) takes that place instead.
        """
        if keep is None:
            keep = not (self.incident.isVisibleTo(self) or self.notice.isVisibleTo(self))
        policy = self.misread.sizePolicy()
        if policy.retainSizeWhenHidden() != keep:
            policy.setRetainSizeWhenHidden(keep)
            self.misread.setSizePolicy(policy)

    def _sound(self, sound: Callable[[], None] | None = None) -> None:
        self.alerts_sounded += 1
        try:
            (sound or self.sound)()
        except Exception as err:
            log.warning("alert_sound_failed", error=str(err))

    def _show_stats(self, view) -> None:
        """The shoe's statistics and roads, from the view's round marks (``TableView.marks``: the winner, pairs
        and naturals of each completed round), or from its winner letters alone (``history``) for a view
        without them.
        """
        history = tuple(view.history or ())
        marks = tuple(getattr(view, "marks", None) or ())
        if len(marks) != len(history):
            marks = history
        over = view.state in SHOE_OVER
        key = (view.shoe_number, history, marks, over)
        if key == self._roads_key:
            return
        self._roads_key = key
        try:  # the shoe's statistics and roads are the domain's: only shown here
            roads = compute_roads(marks)
        except RoadsError as err:
            log.warning("roads_update_failed", error=str(err))
            return
        if over:  # no next round to ask about
            roads = dataclasses.replace(roads, ask={})
        self.stats_box.show_stats(roads.stats)
        if self.roads is not None and hasattr(self.roads, "set_roads"):
            try:
                self.roads.set_roads(roads)
            except Exception as err:
                log.warning("roads_update_failed", error=str(err))

    @staticmethod
    def _fixed_lines(name: str, most: int, least: int, lines: int) -> WrapFitLabel:
        """A centred label (style sheet name ``name``) as high as ``lines`` lines of ``most``-pixel type; its font
        shrinks (down to ``least`` pixels) for a text that needs more.
        """
        out = WrapFitLabel(most, least, lines)
        out.setObjectName(name)
        out.setAlignment(Qt.AlignmentFlag.AlignCenter)
        return out

    def _enable_buttons(self, view) -> None:
        state = view.state
        act = prompts.next_act(view, self.can_draw)
        shoe_act = DealerAct.SHUFFLED if state == TableState.SHUFFLE else DealerAct.NEW_SHOE
        # after a shoe ended NEW SHOE is the shoe change's confirm: only once the change has begun
        self.buttons[DealerAct.NEW_SHOE].setEnabled(state in _SHOE_BUTTON_STATES)
        self.buttons[DealerAct.NEW_SHOE].set_label(self.labels[shoe_act])
        self.buttons[DealerAct.NEW_SHOE].setProperty("act", str(shoe_act))
        self.buttons[DealerAct.OPEN_BETTING].setEnabled(act == DealerAct.OPEN_BETTING)
        self.buttons[DealerAct.CLOSE_BETTING].setEnabled(state == TableState.BETTING_OPEN)
        self.buttons[DealerAct.CONFIRM_RESULT].setEnabled(state == TableState.RESULT)
        self.buttons[ScreenAct.DRAW].setVisible(self.can_draw)
        self.buttons[ScreenAct.DRAW].setEnabled(self.can_draw and state in prompts.CARD_STATES)
        self.next_button.setEnabled(act is not None)
        what = self.labels.get(act, self.tr("NEXT")) if act else self.tr("NEXT")
        self.next_button.set_label("▶ " + what)

