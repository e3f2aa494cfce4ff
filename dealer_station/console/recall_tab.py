"""The supervisor screen's round recall: past rounds of the shoe (or all shoes) from the journal.

``Controller.recall`` gives the finished rounds; the incidents and acts of each come from the
journal's decisions (``ControllerHost.round_events``).
"""

from __future__ import annotations

import json

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

from dealer_station.console import prompts
from dealer_station.console.bridge import ControllerHost
from dealer_station.console.panel_parts import label, panel
from dealer_station.console.util import as_dict, field

__all__ = ["RecallTab"]


class RecallTab(QFrame):
    """The recall: a shoe choice, LOAD ROUNDS, the rounds' table and the detail of the round selected.

    Parameters
    ----------
    host:
        The :class:`ControllerHost` of the table (``recall``, ``round_events``).

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
        self.recall_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.recall_table.itemSelectionChanged.connect(self._show_recall_detail)
        lay.addWidget(self.recall_table, 2)
        self.recall_detail = QPlainTextEdit()
        self.recall_detail.setReadOnly(True)
        self.recall_detail.setStyleSheet("font-family: 'DejaVu Sans Mono'; font-size: 18px;")
        lay.addWidget(self.recall_detail, 1)
        self.recalled: list = []
        self.recall_events: list[dict] = []
        self.recall_shoe.currentIndexChanged.connect(lambda _i: self.load_recall())

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
