"""The supervisor screen's side-bet edge monitor: side bets that favour the player with the cards left.

The controller's ``player_edge`` facts (its edge monitor, app/edge.py), listed as they come; a new
shoe clears them.
"""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtWidgets import QAbstractItemView, QFrame, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from dealer_station.console import prompts
from dealer_station.console.panel_parts import label, panel
from dealer_station.console.theme import COLORS
from dealer_station.domain.facts import FactKind

__all__ = ["EdgeTab"]


class EdgeTab(QFrame):
    """The edge alerts of the shoe: ``edge_status`` (the last one, in words) and ``edge_table``.

    :attr:`view` is the table's last ``TableView`` (for the cards left and the round of an alert).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = None
        self.edges: list[dict] = []
        _, lay = panel(self)
        lay.addWidget(label(self.tr("SIDE BETS THAT FAVOUR THE PLAYER WITH THE CARDS LEFT"), "caption"))
        self.edge_status = label(self.tr("No alert in this shoe"), None)
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

    def add_fact(self, fact) -> None:
        """Take a controller fact: ``player_edge`` alerts go to the edge monitor; a new shoe clears it."""
        kind = fact.kind
        data = fact.data or {}
        if kind == FactKind.SHOE_STARTED:
            self.edges.clear()
            self.edge_table.setRowCount(0)
            self.edge_status.setText(self.tr("No alert in this shoe"))
            self.edge_status.setStyleSheet("font-size: 30px; font-weight: bold;")
        if kind != FactKind.PLAYER_EDGE:
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
            str(data.get("cards_left", self.view.cards_left if self.view is not None else "")),
            str(data.get("round", self.view.round_number if self.view is not None else "")),
        )
        for c, value in enumerate(values):
            self.edge_table.setItem(row, c, QTableWidgetItem(value))
        self.edge_status.setText(
            "⚠ "
            + self.tr("%1 favours the player now (EV %2)").replace("%1", prompts.bet_name(bet)).replace("%2", str(ev))
        )
        self.edge_status.setStyleSheet(f"font-size: 30px; font-weight: bold; color: {COLORS['alert']};")
