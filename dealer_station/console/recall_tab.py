"""The supervisor screen's round recall: past rounds of the shoe (or all shoes) from the journal, in plain words.

``Controller.recall`` gives the finished rounds; the incidents and acts of each come from the
journal's decisions (:func:`round_story`). Cards are shown as faces, results as the result banner
says them, incidents, reasons and acts as translated sentences: no state names or reason codes.
"""

from __future__ import annotations

import structlog
from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from dealer_station.app.views import RoundRecord
from dealer_station.console import incident_prompts, prompts
from dealer_station.console.bridge import ControllerHost
from dealer_station.console.cards import token_label
from dealer_station.console.panel_parts import label, panel
from dealer_station.domain.acts import SupervisorAct
from dealer_station.domain.facts import FactKind, RoundStatus
from dealer_station.domain.incidents import PauseReason

__all__ = ["MANUAL_CARD", "RecallTab", "round_story"]

MANUAL_CARD = "manual_card"
"""The act of a round's story (:func:`round_story`) that is a card a supervisor placed by hand."""

log = structlog.get_logger(__name__)


class RecallTab(QFrame):
    """The recall: a shoe choice, LOAD ROUNDS, the rounds' table and the detail of the round selected.

    Parameters
    ----------
    host:
        The :class:`ControllerHost` of the table (``recall``; the incidents and acts from its controller's
        ``recorded_outputs``).

    :attr:`view` is the table's last ``TableView`` (its shoe is "this shoe").
    """

    def __init__(self, host: ControllerHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.view = None
        _, lay = panel(self)
        row = QHBoxLayout()
        row.addWidget(label(self.tr("SHOE"), "caption"))
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
        header = self.recall_table.horizontalHeader()
        for column in range(5):  # shoe, round, status and the cards: as wide as they are
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(5, QHeaderView.ResizeMode.ResizeToContents)
        for column in (6, 7):  # incidents and acts: the rest, on as many lines as they take
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        self.recall_table.setWordWrap(True)
        self.recall_table.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.recall_table.setStyleSheet("QTableWidget::item { padding: 2px 10px; }")
        self.recall_table.itemSelectionChanged.connect(self._show_recall_detail)
        lay.addWidget(self.recall_table, 3)
        self.recall_detail = QPlainTextEdit()
        self.recall_detail.setReadOnly(True)
        self.recall_detail.setStyleSheet("font-size: 20px;")
        lay.addWidget(self.recall_detail, 2)
        self.recalled: list = []
        self.recall_events: list[dict] = []
        self.recall_shoe.currentIndexChanged.connect(lambda _i: self.load_recall())

    def load_recall(self) -> int:
        """Load past rounds from the journal (``Controller.recall``) into the table; return how many.

        Every cell is in plain words of the console's language: card faces (``10♠``), the result as
        the result banner says it, each incident and act as a sentence; nothing in code words.
        """
        choice = self.recall_shoe.currentData()
        shoe = self.view.shoe_number if choice == "current" and self.view is not None else None
        self.recalled = self.host.recall(shoe or None) if choice != "current" or shoe else []
        events = self._story() if self.recalled else {}
        self.recall_table.setRowCount(len(self.recalled))
        self.recall_events = []
        for r, rec in enumerate(self.recalled):
            key = (rec.shoe, rec.round)
            ev = events.get(key, {"incidents": [], "acts": []})
            self.recall_events.append(ev)
            values = (
                key[0],
                key[1],
                self._status(rec),
                _faces(rec.player),
                _faces(rec.banker),
                _result_text(rec),
                "; ".join(self.incident_text(i) for i in ev["incidents"]),
                "; ".join(self.act_text(a) for a in ev["acts"]),
            )
            for c, value in enumerate(values):
                item = QTableWidgetItem(str(value))
                item.setToolTip(str(value))
                self.recall_table.setItem(r, c, item)
        self.recall_table.resizeRowsToContents()
        self.recall_detail.setPlainText("")
        return len(self.recalled)

    def select_round(self, row: int) -> None:
        """Select row ``row`` (0-based) of the table and bring it into view; its record shows below.

        Through the selection model: ``QTableView.selectRow`` selects nothing in a right-to-left
        console (Arabic).
        """
        index = self.recall_table.model().index(row, 0)
        flags = QItemSelectionModel.SelectionFlag
        table = self.recall_table
        table.selectionModel().select(index, flags.ClearAndSelect | flags.Rows)
        # in view by the header's own positions (scrollTo misses in a right-to-left console too)
        header, bar = table.verticalHeader(), table.verticalScrollBar()
        top, height = header.sectionPosition(row), header.sectionSize(row)
        if top < bar.value():
            bar.setValue(top)
        elif top + height > bar.value() + table.viewport().height():
            bar.setValue(top + height - table.viewport().height())

    def _story(self) -> dict:
        """The rounds' incidents and acts (:func:`round_story`), read on the controller's thread: the journal is
        never read on the GUI thread (a locked journal would freeze the screen). An error gives none.
        """
        try:
            shoe = self.recalled[0].shoe if self.recalled and len({r.shoe for r in self.recalled}) == 1 else None
            return self.host.call(lambda: round_story(self.host.controller, shoe))  # type: ignore[return-value]
        except Exception as err:
            log.warning("round_story_failed", error=str(err))
            return {}

    def _status(self, rec: RoundRecord) -> str:
        status = str(rec.status)
        return {RoundStatus.COMPLETED: self.tr("completed"), RoundStatus.VOIDED: self.tr("voided")}.get(status, status)

    def incident_text(self, inc: dict) -> str:
        """One incident (``{"type", "reason", "position"}``) as a plain sentence."""
        title = incident_prompts.incident_title(inc.get("type"), inc.get("reason"))
        reason = "" if inc.get("reason") == PauseReason.DEALER_CALL else incident_prompts.reason_name(inc.get("reason"))
        if inc.get("position"):
            text = self.tr("%1 at %2").replace("%1", title).replace("%2", prompts.position_name(inc["position"]))
        else:
            text = title
        return f"{text} ({reason})" if reason else text

    def act_text(self, act: dict) -> str:
        """One act (``{"act", "user", "reason", "note", ...}``) as a plain sentence: who did what, why."""
        user, kind = str(act.get("user") or "?"), act.get("act")
        if kind == MANUAL_CARD:
            return (self.tr("%1 placed by hand at %2").replace("%1", _faces([act.get("card")]))
                    .replace("%2", prompts.position_name(act.get("position"))))
        texts = {
            SupervisorAct.RESUME: self.tr("%1 resumed the round"),
            SupervisorAct.ENTER_CARD: self.tr("%1 entered a card by hand"),
            SupervisorAct.MOVE_CARD: self.tr("%1 swapped the cards at %2 and %3"),
            SupervisorAct.VOID_ROUND: self.tr("%1 voided the round"),
            SupervisorAct.END_SHOE: self.tr("%1 ended the shoe"),
        }
        text = texts.get(kind, self.tr("%1 acted")).replace("%1", user)
        if kind == SupervisorAct.MOVE_CARD:
            text = (text.replace("%2", prompts.position_name(act.get("from_position")))
                    .replace("%3", prompts.position_name(act.get("to_position"))))
        if act.get("reason"):
            text += f" ({incident_prompts.reason_name(act['reason'])})"
        if act.get("note"):
            text += f": {act['note']}"
        return text

    def detail_text(self, rec: RoundRecord, ev: dict) -> str:
        """The whole record of one round in plain lines: cards, totals, result, who dealt, incidents, acts."""
        lines = [self.tr("Shoe %1, round %2: %3").replace("%1", str(rec.shoe))
                 .replace("%2", str(rec.round)).replace("%3", self._status(rec))]
        if rec.dealer:
            lines.append(self.tr("Dealt by %1").replace("%1", str(rec.dealer)))
        for caption, hand, total in ((self.tr("Player"), rec.player, rec.player_total),
                                     (self.tr("Banker"), rec.banker, rec.banker_total)):
            cards = _faces(hand) or "–"
            lines.append(f"{caption}: {cards}" + (f"  ({self.tr('total %1').replace('%1', str(total))})"
                                                   if total is not None else ""))
        result = _result_text(rec)
        if result:
            lines.append(self.tr("Result: %1").replace("%1", result))
        flags = rec.flags or {}
        marks = [word for key, word in (
            ("player_natural", self.tr("player natural")), ("banker_natural", self.tr("banker natural")),
            ("player_pair", self.tr("player pair")), ("banker_pair", self.tr("banker pair")),
        ) if flags.get(key)]
        if marks:
            lines.append(self.tr("Also: %1").replace("%1", ", ".join(marks)))
        manual = rec.manual or ()
        if manual:
            lines.append(self.tr("Entered by hand: %1").replace("%1", ", ".join(prompts.position_name(p)
                                                                                  for p in manual)))
        if rec.status == RoundStatus.VOIDED and (rec.reason or rec.note):
            why = incident_prompts.reason_name(rec.reason) + (f": {rec.note}" if rec.note else "")
            lines.append(self.tr("Voided because: %1").replace("%1", why))
        if ev["incidents"]:
            lines.append(self.tr("Incidents:"))
            lines.extend("  • " + self.incident_text(i) for i in ev["incidents"])
        if ev["acts"]:
            lines.append(self.tr("Acts:"))
            lines.extend("  • " + self.act_text(a) for a in ev["acts"])
        return "\n".join(lines)

    def _show_recall_detail(self) -> None:
        rows = self.recall_table.selectionModel().selectedRows()
        if not rows or rows[0].row() >= len(self.recalled):
            return
        row = rows[0].row()
        ev = self.recall_events[row] if row < len(self.recall_events) else {"incidents": [], "acts": []}
        self.recall_detail.setPlainText(self.detail_text(self.recalled[row], ev))


def round_story(controller: object, shoe: int | None = None) -> dict[tuple[int, int], dict[str, list[dict]]]:
    """The incidents and acts of every round in the journal, by (shoe, round), as data to put in words.

    Read from ``controller.recorded_outputs`` (the journal's decisions, in order) when it has it, else
    nothing: ``{"incidents": [{"type", "reason", "position"}], "acts": [{"act", "user", "reason", "note",
    "from_position", "to_position"} or {"act": "manual_card", "card", "position"}]}``. An error reading
    gives what was read so far. ``shoe``: the stories of that shoe are wanted (the open shoe is then read from its
    first row on, :meth:`Controller.shoe_first_seq`); None: every shoe.
    """
    outputs = getattr(controller, "recorded_outputs", None)
    out: dict[tuple[int, int], dict[str, list[dict]]] = {}
    if not callable(outputs):
        return out
    kinds = (FactKind.SHOE_STARTED, FactKind.BETTING_OPENED, FactKind.ROUND_PAUSED, FactKind.ROUND_RESUMED,
             FactKind.CARD_MOVED, FactKind.ROUND_VOIDED, FactKind.CARD_ACCEPTED)
    first = getattr(controller, "shoe_first_seq", None)
    after = first(shoe) - 1 if callable(first) and shoe is not None else 0
    shoe = rnd = 0
    try:
        for kind, data in (outputs(kinds, after=after) if after else outputs(kinds)):
            if kind == FactKind.SHOE_STARTED:
                shoe, rnd = int(data.get("shoe", shoe + 1)), 0
                continue
            if kind == FactKind.BETTING_OPENED:
                rnd = int(data.get("round", rnd + 1))
                continue
            entry = out.setdefault((shoe, rnd), {"incidents": [], "acts": []})
            if kind == FactKind.ROUND_PAUSED:
                entry["incidents"].append({k: data.get(k) for k in ("type", "reason", "position")})
            elif kind == FactKind.CARD_ACCEPTED:
                if data.get("manual"):
                    entry["acts"].append({"act": MANUAL_CARD, "card": data.get("card"),
                                          "position": data.get("position")})
            else:
                act = {"act": data.get("act") or (SupervisorAct.MOVE_CARD if kind == FactKind.CARD_MOVED
                                                  else SupervisorAct.VOID_ROUND),
                       **{k: data.get(k) for k in ("user", "reason", "note", "from_position", "to_position")}}
                if act not in entry["acts"]:  # a void both resumes and voids: one act
                    entry["acts"].append(act)
    except Exception as err:  # noqa: BLE001 - the recall shows what it could read
        log.warning("round_story_failed", error=str(err))
    return out


def _faces(tokens) -> str:
    """Card tokens as faces (``["TS", "KD"]`` → ``"10♠ K♦"``); an unreadable token as it is."""
    out = []
    for token in tokens or ():
        label = token_label(token)
        # left-to-right marks around each face keep the suit after the rank in a right-to-left table
        out.append("\u200e" + label[0] + label[1] + "\u200e" if label else str(token))
    return " ".join(out)


def _result_text(rec: RoundRecord) -> str:
    """The result as the dealer's result banner says it (``BANKER WINS 7 – 5``), or "" without one."""
    if rec.status == RoundStatus.VOIDED:
        return prompts.result_line({"status": RoundStatus.VOIDED})
    if not rec.winner:
        return ""
    return prompts.result_line({"winner": rec.winner, "player_total": rec.player_total,
                                "banker_total": rec.banker_total})
