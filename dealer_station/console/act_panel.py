"""The supervisor screen's act panel: choose an act, give a reason and a note, see what it will do.

docs/design.md "The table state machine" (supervisor acts, each with a reason and a note). What an act
will do, or why it is refused, is not worked out here: the panel renders what
:func:`dealer_station.domain.act_rules.preview` (the rules the controller refuses by) says of the
table shown, in the supervisor's language.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QButtonGroup, QCheckBox, QComboBox, QFrame, QGridLayout, QLineEdit, QPushButton, QWidget

from dealer_station.console import incident_prompts, prompts
from dealer_station.console.cards import token_label
from dealer_station.console.incident_panel import POSITIONS
from dealer_station.console.panel_parts import label, panel
from dealer_station.console.theme import COLORS
from dealer_station.domain.act_rules import ACT_RULES, ActPreview, Effect, Refusal, preview
from dealer_station.domain.acts import SupervisorAct
from dealer_station.domain.cards import Card, parse_card
from dealer_station.domain.errors import CardError
from dealer_station.domain.free_text import free_text_problem, is_blank

__all__ = ["ACTS", "REASON_CODES", "ActPanel"]

ACTS = tuple(act for act, rule in ACT_RULES.items() if rule.role == "supervisor")
"""Supervisor acts, as the controller names them (docs/controller.md): the act rules' own list."""

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


class ActPanel(QFrame):
    """The acts, the reason and note form, the preview (``WHAT WILL HAPPEN``), CONFIRM ACT and the outcome.

    Parameters
    ----------
    needs_login:
        True while the supervisor must still log in before an act can be confirmed. The act buttons are enabled
        only once logged in, and only while the table shown has an incident (:meth:`has_incident`).
    parent:
        The parent widget.

    The supervisor screen sends the act (``confirm`` is its button); :attr:`view` is the
    ``TableView`` the preview is made for.
    """

    def __init__(self, needs_login: Callable[[], bool] = lambda: False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.needs_login = needs_login
        self.view = None
        _, lay = panel(self)
        lay.addWidget(label(self.tr("ACT"), "caption"))
        acts_row = QGridLayout()
        self.act_group = QButtonGroup(self)
        self.act_group.setExclusive(True)
        self.act_buttons: dict[str, QPushButton] = {}
        names = {
            SupervisorAct.RESUME: self.tr("RESUME"),
            SupervisorAct.ENTER_CARD: self.tr("ENTER CARD"),
            SupervisorAct.MOVE_CARD: self.tr("MOVE CARD"),
            SupervisorAct.VOID_ROUND: self.tr("VOID ROUND"),
            SupervisorAct.END_SHOE: self.tr("END SHOE"),
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
        lay.addLayout(acts_row)

        form = QGridLayout()
        form.setHorizontalSpacing(12)
        self.card_edit = QLineEdit()
        self.card_edit.setPlaceholderText(self.tr("card, e.g. QD or 10H"))
        self.typed_card: Card | None = None
        """The card typed in :attr:`card_edit`, parsed once as it is typed (None: no card yet)."""
        self.card_edit.textChanged.connect(self._card_typed)
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
            self.reason.addItem(incident_prompts.reason_name(code), code)
        self.reason.currentIndexChanged.connect(self._update_preview)
        self.note = QLineEdit()
        self.note.setPlaceholderText(self.tr("note (required): what happened, who was called"))
        self.note.textChanged.connect(self._update_preview)
        self.card_caption = label(self.tr("CARD"), "caption")
        self.from_caption = label(self.tr("FROM"), "caption")
        self.to_caption = label(self.tr("TO"), "caption")
        form.addWidget(self.card_caption, 0, 0)
        form.addWidget(self.card_edit, 0, 1, 1, 3)
        # FROM and TO share a row: with the keypad shown the panel must still fit 1080 pixels in every language
        form.addWidget(self.from_caption, 1, 0)
        form.addWidget(self.from_position, 1, 1)
        form.addWidget(self.to_caption, 1, 2)
        form.addWidget(self.to_position, 1, 3)
        form.addWidget(self.discard_held, 5, 1, 1, 3)
        form.addWidget(label(self.tr("REASON"), "caption"), 3, 0)
        form.addWidget(self.reason, 3, 1, 1, 3)
        form.addWidget(label(self.tr("NOTE"), "caption"), 4, 0)
        form.addWidget(self.note, 4, 1, 1, 3)
        form.setColumnStretch(1, 1)
        form.setColumnStretch(3, 1)
        lay.addLayout(form)

        lay.addWidget(label(self.tr("WHAT WILL HAPPEN"), "caption"))
        self.preview = label("", None, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.preview.setWordWrap(True)
        self.preview.setStyleSheet(f"font-size: 28px; color: {COLORS['gold']};")
        self.preview.setMinimumHeight(120)
        lay.addWidget(self.preview, 1)
        self.confirm = QPushButton(self.tr("CONFIRM ACT"))
        self.confirm.setObjectName("primary")
        lay.addWidget(self.confirm)
        self.outcome = label("", None)
        self.outcome.setWordWrap(True)
        self.outcome.setStyleSheet("font-size: 26px; font-weight: bold;")
        lay.addWidget(self.outcome)
        self.selected_act: str | None = None
        self._update_preview()

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
        if act == SupervisorAct.ENTER_CARD:
            return {"token": self.card_edit.text().strip().upper()}
        if act == SupervisorAct.MOVE_CARD:
            return {"from_position": self.from_position.currentData(), "to_position": self.to_position.currentData()}
        if act == SupervisorAct.RESUME and self._held() and self.discard_held.isChecked():
            return {"discard_held": True}
        return {}

    def act_preview(self) -> ActPreview | None:
        """What the controller's rules (:func:`dealer_station.domain.act_rules.preview`) say the
        selected act would do on the table shown, or None when no act is chosen.
        """
        if self.selected_act is None:
            return None
        p = self.act_params()
        if self.selected_act == SupervisorAct.RESUME and self.discard_held.isChecked():
            p["discard_held"] = True
        return preview(self.view, self.selected_act, **p)

    def preview_text(self) -> str:
        """What the selected act will do, or why it is refused, in plain words (shown before confirming)."""
        verdict = self.act_preview()
        if verdict is None:
            return self.tr("Choose an act.")
        return self.refusal_text(verdict) if not verdict.allowed else self._effect_text(verdict)

    def refusal_text(self, v: ActPreview) -> str:
        """Why the act of ``v`` (a refused :class:`ActPreview`) is refused, in the screen's language."""
        before = prompts.state_name(str(v.state_before or "?"))
        held = ", ".join(v.held)
        if v.refusal is Refusal.NOT_PAUSED:
            return self.tr("The table is not paused: there is nothing to resolve, and the controller will refuse.")
        if v.refusal is Refusal.SHOE_DISCONNECTED:
            return self.tr("The shoe is still disconnected: reconnect it first (the controller refuses to resume).")
        if v.refusal is Refusal.NO_ROUND_OPEN:
            return self.tr("No round is open (paused from %1): nothing to void. Use RESUME or END SHOE.").replace(
                "%1", before)
        if v.refusal is Refusal.HELD_CARDS and v.act == SupervisorAct.RESUME:
            return self.tr(
                "The shoe read %1 while paused; the card is held. RESUME is refused until it is dealt with: "
                "ENTER CARD %1 to place it, or tick DISCARD THE HELD CARDS to discard it."
            ).replace("%1", held)
        if v.refusal is Refusal.HELD_CARDS:
            return self.tr("The shoe read %1 while paused; the card is held. Enter %1, or RESUME with DISCARD "
                           "THE HELD CARDS ticked to discard it first.").replace("%1", held)
        if v.refusal is Refusal.JOURNAL_FAILED:
            return self.tr("The journal cannot be written: only RESUME is taken until it can.")
        if v.refusal is Refusal.NO_CARD_EXPECTED:
            return self.tr("No card is expected now (paused from %1): ENTER CARD is refused.").replace("%1", before)
        if v.refusal is Refusal.NO_CARD_DUE:
            return self.tr("The round's cards are all out: no card is due. Use RESUME.")
        if v.refusal is Refusal.CUT_CARD_OUT:
            return self.tr("The cut card came out before this round's first card: no more rounds are dealt. "
                           "Use RESUME, VOID ROUND or END SHOE.")
        if v.refusal is Refusal.BAD_CARD:
            return self._effect_text(v)  # "Card (type a valid card) is placed …": the card is still to type
        if v.refusal is Refusal.BEYOND_INVENTORY:
            return self.tr("%1 is not in the shoe any more (all its copies are out): ENTER CARD is refused.").replace(
                "%1", _card_text(v.card))
        if v.refusal is Refusal.NOT_DUE_AFTER_MOVE:
            return self.tr("After this move %1 would not be due by the third-card rules: MOVE CARD is refused. "
                           "Void the round instead.").replace("%1", prompts.position_name(v.position))
        if v.refusal is Refusal.MORE_CARDS_AFTER_MOVE:
            return self.tr("After this move the round would need more cards: MOVE CARD is refused.")
        return (self.tr("%1 and %2 must be two different cards already dealt in this round: MOVE CARD is refused.")
                .replace("%1", prompts.position_name(v.from_position) or "–")
                .replace("%2", prompts.position_name(v.to_position) or "–"))  # NOT_DEALT, BAD_POSITIONS

    def _effect_text(self, v: ActPreview) -> str:
        shoe, rnd, held = str(v.shoe), str(v.round), ", ".join(v.held)
        before = prompts.state_name(str(v.state_before or "?"))
        if v.effect is Effect.RESUME_JOURNAL:
            text = self.tr(
                "The journal is written again first (RESUME is refused while it still fails); then the table "
                "goes on where it stopped."
            )
            if v.held_inputs:
                text += " " + self.tr(
                    "The shoe events held during the failure (%1) are then journaled and acted on, in order, "
                    "as if read now."
                ).replace("%1", ", ".join(v.held_inputs))
            return text
        if v.effect in (Effect.RESUME_BURN, Effect.RESUME_SHOE):
            if v.effect is Effect.RESUME_BURN:
                text = self.tr("The burn of shoe %1 resumes where it stopped (%2); the misread count restarts. "
                               "No card changes.")
            else:
                text = self.tr("Shoe %1 resumes where it stopped (%2); the misread count restarts. No card changes.")
            text = text.replace("%1", shoe).replace("%2", before)
            if held:
                text = self.tr("The held cards %1 are DISCARDED (recorded).").replace("%1", held) + " " + text
            return text
        if v.effect is Effect.RESUME_ROUND:
            if held:
                return (self.tr("The held cards %1 are DISCARDED (recorded). Round %2 of shoe %3 resumes where it "
                                "stopped (%4); the misread count restarts.")
                        .replace("%1", held).replace("%2", rnd).replace("%3", shoe).replace("%4", before))
            return (self.tr("Round %1 of shoe %2 resumes where it stopped (%3); the misread count restarts. "
                            "No card changes.")
                    .replace("%1", rnd).replace("%2", shoe).replace("%3", before))
        if v.act == SupervisorAct.ENTER_CARD:
            card = _card_text(v.card) if v.card else self.tr("(type a valid card)")
            return (self.tr("Card %1 is placed at %2 of round %3 and recorded as MANUAL; the round goes on by the "
                            "third-card rules.")
                    .replace("%1", card)
                    .replace("%2", prompts.position_name(v.position) or self.tr("the position due"))
                    .replace("%3", rnd))
        if v.effect is Effect.SWAP_CARDS:
            return (self.tr("The cards at %1 and %2 change places; totals and who draws are worked out again.")
                    .replace("%1", prompts.position_name(v.from_position))
                    .replace("%2", prompts.position_name(v.to_position)))
        if v.effect is Effect.VOID_ROUND:
            return (self.tr("Round %1 of shoe %2 is VOIDED: every bet of it is refunded. Its cards are discarded. "
                            "The next round is round %3.")
                    .replace("%1", rnd).replace("%2", shoe).replace("%3", str(v.round + 1)))
        return (self.tr("Shoe %1 ENDS now after round %2: a round in progress is voided and refunded; the dealer "
                        "is asked for a new shoe (shuffle and burn).")
                .replace("%1", shoe).replace("%2", rnd))

    def due_position(self) -> str | None:
        """The position a hand-entered card goes to: the one to rescan, the incident's, or the next one."""
        v = self.view
        if v is None:
            return None
        due, rescan = v.next_position, v.rescan
        return ((rescan.value if rescan is not None else None)
                or (v.incident.position if v.incident is not None else None) or (due.value if due else None))

    def _held(self) -> tuple[Card, ...]:
        """The cards held while paused on the table shown (empty before any ``TableView``)."""
        return self.view.held if self.view is not None else ()

    def has_incident(self) -> bool:
        """True when the table shown has an incident to act on (it is paused, or its journal failed)."""
        return self.view is not None and getattr(self.view, "incident", None) is not None

    def missing(self) -> list[str]:
        """What still keeps the act from being confirmed (empty when it can be)."""
        out = []
        if self.needs_login():
            out.append(self.tr("log in"))
        if not self.has_incident():
            out.append(self.tr("an incident to act on"))
        if self.selected_act is None:
            out.append(self.tr("choose an act"))
        if not self.reason.currentData():
            out.append(self.tr("a reason code"))
        if is_blank(self.note.text()):
            out.append(self.tr("a note"))
        elif free_text_problem(self.note.text()) is not None:
            out.append(self.tr("a note in plain text (no control characters)"))
        if self.selected_act == SupervisorAct.ENTER_CARD:
            if self.typed_card is None:
                out.append(self.tr("a valid card"))
        if (self.selected_act == SupervisorAct.MOVE_CARD
                and self.from_position.currentData() == self.to_position.currentData()):
            out.append(self.tr("two different positions"))
        return out

    def _card_typed(self, text: str) -> None:
        """The supervisor typed in the card's field: the text is parsed here, once (:attr:`typed_card`)."""
        try:
            self.typed_card = parse_card(text)
        except CardError:
            self.typed_card = None
        self._update_preview()

    def _update_preview(self, *_args) -> None:
        if not hasattr(self, "confirm"):
            return
        verdict = self.act_preview()
        self.preview.setText(self.preview_text())
        refused = verdict is not None and not verdict.allowed
        self.preview.setStyleSheet(f"font-size: 28px; color: {COLORS['danger' if refused else 'gold']};")
        missing = self.missing()
        act = self.selected_act
        for w in (self.card_caption, self.card_edit):
            w.setVisible(act == SupervisorAct.ENTER_CARD)
        for w in (self.from_caption, self.from_position, self.to_caption, self.to_position):
            w.setVisible(act == SupervisorAct.MOVE_CARD)
        self.discard_held.setVisible(act == SupervisorAct.RESUME and bool(self._held()))
        # an act is chosen only in a supervisor's session (when the log-in is asked for) and on an incident
        can_choose = not self.needs_login() and self.has_incident()
        for btn in self.act_buttons.values():
            btn.setEnabled(can_choose)
        self.confirm.setEnabled(not missing)
        self.confirm.setToolTip(self.tr("Still needed: %1").replace("%1", ", ".join(missing)) if missing else "")

    def _outcome(self, text: str, color: str) -> None:
        self.outcome.setText(("✔ " if color == "ok" else "✖ ") + text)
        self.outcome.setStyleSheet(f"font-size: 26px; font-weight: bold; color: {COLORS[color]};")

    def clear_act(self, keep_outcome: bool = False) -> None:
        """Forget the chosen act, its reason, note, card, positions and preview (a new incident
        starts from nothing); the last act's outcome stays when ``keep_outcome``.
        """
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


def _card_text(token: str | None) -> str:
    """A card the act preview names, as its token (``"QD"``), as the screen shows it (``"Q♦"``); the text itself
    when it is no card.
    """
    label = token_label(token)
    return label[0] + label[1] if label else str(token or "")
