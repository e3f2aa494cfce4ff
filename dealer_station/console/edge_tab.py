"""The supervisor screen's side-bet edge monitor: side bets that favour the player with the cards left.

The edge monitor's alerts of the shoe (app/edge.py), as the table's view lists them (``TableView.edges``: the
controller keeps them and reads them back from the journal after a restart); a new shoe has none.
"""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QFrame, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from dealer_station.app.clock import parse_time
from dealer_station.console import prompts
from dealer_station.console.panel_parts import label, panel
from dealer_station.console.theme import COLORS

__all__ = ["EdgeTab"]


class EdgeTab(QFrame):
    """The edge alerts of the shoe: ``edge_status`` (the last one, in words) and ``edge_table`` (time, bet, EV,
    cards left, round).

    :attr:`view` is the table's last ``TableView`` (for the cards left and the round of an alert that does not
    say them); :attr:`edges` the alerts shown (their data), oldest first.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = None
        self.edges: list[dict] = []
        self._shown: tuple = ()
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

    def show_view(self, view) -> None:
        """Show the alerts of ``view`` (``TableView.edges``: :class:`~dealer_station.app.views.EdgeAlert` values,
        oldest first); nothing is redrawn while they are the ones shown.
        """
        self.view = view
        edges = tuple(getattr(view, "edges", None) or ())
        if edges == self._shown:
            return
        self._shown = edges
        self.edges = [dict(alert.data) for alert in edges]
        self.edge_table.setRowCount(0)
        for alert in edges:
            self._add_row(alert)
        if not edges:
            self.edge_status.setText(self.tr("No alert in this shoe"))
            self.edge_status.setStyleSheet("font-size: 30px; font-weight: bold;")
            return
        data = edges[-1].data
        bet = str(data.get("bet", data.get("bet_type", "?")))
        ev = data.get("ev", data.get("player_ev", ""))
        self.edge_status.setText(
            "⚠ "
            + self.tr("%1 favours the player now (EV %2)").replace("%1", prompts.bet_name(bet)).replace("%2", str(ev))
        )
        self.edge_status.setStyleSheet(f"font-size: 30px; font-weight: bold; color: {COLORS['alert']};")

    def _add_row(self, alert) -> None:
        data = alert.data
        row = self.edge_table.rowCount()
        self.edge_table.insertRow(row)
        bet = str(data.get("bet", data.get("bet_type", "?")))
        values = (
            _clock_time(alert.ts),
            prompts.bet_name(bet),
            str(data.get("ev", data.get("player_ev", ""))),
            str(data.get("cards_left", self.view.cards_left if self.view is not None else "")),
            str(data.get("round", self.view.round_number if self.view is not None else "")),
        )
        for c, value in enumerate(values):
            self.edge_table.setItem(row, c, QTableWidgetItem(value))


def _clock_time(ts: str) -> str:
    """``"04:00:12"``: the time of day (UTC) of the journal's stamp ``ts``; the stamp itself when it is no time."""
    try:
        return parse_time(ts).strftime("%H:%M:%S")
    except ValueError:
        return str(ts)
