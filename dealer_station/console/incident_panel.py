"""The supervisor screen's incident panel: what stopped the table, the round beside it, the evidence.

docs/design.md "Users" (the supervisor sees the typed incident: why the round stopped, which card, what
the shoe said) and docs/rules.md §5. Rendered from the ``TableView`` alone and the shoe's last raw frames;
nothing is read from the journal here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QGridLayout,
    QHeaderView,
    QLabel,
    QStyle,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from dealer_station.console import incident_prompts, prompts
from dealer_station.console.bridge import EVIDENCE, RawFrame
from dealer_station.console.cards import card_label
from dealer_station.console.panel_parts import label, panel
from dealer_station.console.theme import COLORS
from dealer_station.domain.outcome import Position
from dealer_station.domain.states import DEAL_STATES

__all__ = ["BYTES_COLUMN_CHARS", "POSITIONS", "IncidentPanel"]

POSITIONS = tuple(p.value for p in Position)
"""Card positions of a round in deal order (docs/rules.md §2), as the domain names them."""

BYTES_COLUMN_CHARS = 20
"""The raw-frames table's ``hex`` and ``text`` columns are each at most this many characters wide (longer bytes
wrap onto more lines of their row): the ``frame`` column, the words, takes the rest of the row."""


class IncidentPanel(QFrame):
    """The incident, the paused round (cards by position, totals, the card missing) and the raw frames.

    Attributes ``incident_title``, ``incident_fields`` (by ``ts``, ``position``, ``reason``,
    ``state_before``, ``detail``, ``round``), ``round_cards`` (by position), ``round_totals`` (by
    hand), ``round_missing`` and ``raw_table`` are the widgets shown.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.view = None
        _, lay = panel(self)
        lay.setSpacing(4)  # closer lines: the raw frames get the height (at least 6 rows at 1920x1080)
        lay.addWidget(label(self.tr("INCIDENT"), "caption"))
        self.incident_title = label(self.tr("No incident: the round is not paused"), None)
        self.incident_title.setStyleSheet("font-size: 40px; font-weight: bold;")
        self.incident_title.setWordWrap(True)
        lay.addWidget(self.incident_title)
        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        grid.setVerticalSpacing(2)
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
            grid.addWidget(label(caption, "caption"), row, 0)
            val = label("–", None)
            val.setStyleSheet("font-size: 28px;")
            val.setWordWrap(True)
            grid.addWidget(val, row, 1)
            self.incident_fields[key] = val
        grid.setColumnStretch(1, 1)
        lay.addLayout(grid)
        lay.addWidget(label(self.tr("THE ROUND"), "caption"))
        hands = QGridLayout()
        hands.setHorizontalSpacing(18)
        self.round_cards: dict[str, QLabel] = {}
        self.round_totals: dict[str, QLabel] = {}
        for row, (hand, caption) in enumerate((("player", self.tr("PLAYER")), ("banker", self.tr("BANKER")))):
            hands.addWidget(label(caption, "caption"), row, 0)
            for i in (1, 2, 3):
                card = label("–", None, Qt.AlignmentFlag.AlignCenter)
                card.setMinimumWidth(90)
                hands.addWidget(card, row, i)
                self.round_cards[f"{hand}{i}"] = card
            total = label("", None)
            total.setStyleSheet("font-size: 28px; font-weight: bold;")
            hands.addWidget(total, row, 4)
            self.round_totals[hand] = total
        hands.setColumnStretch(4, 1)
        lay.addLayout(hands)
        self.round_missing = label("", None)
        self.round_missing.setWordWrap(True)
        lay.addWidget(self.round_missing)
        lay.addWidget(label(self.tr("EVIDENCE AND LAST RAW FRAMES FROM THE SHOE"), "caption"))
        self.raw_table = QTableWidget(0, 4)
        self.raw_table.setHorizontalHeaderLabels([self.tr("time"), self.tr("frame"), self.tr("hex"), self.tr("text")])
        self.raw_table.verticalHeader().hide()
        self.raw_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # time, frame, hex and text all in view at 1920x1080: no sideways scrolling; a long cell wraps
        # onto more lines of its row, never cut (a touch screen shows no tooltip)
        self.raw_table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.raw_table.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.raw_table.setWordWrap(True)
        self.raw_table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.raw_table.setStyleSheet("font-family: 'DejaVu Sans Mono'; font-size: 20px;")
        self.raw_table.setLayoutDirection(Qt.LayoutDirection.LeftToRight)  # bytes and hex read left to right
        lay.addWidget(self.raw_table, 1)

    def show_view(self, view, frames: list[RawFrame]) -> None:
        """Render the incident of ``view`` (a ``TableView``), its round and the shoe's last ``frames``."""
        self.view = view
        inc = view.incident
        if inc is None:
            self.incident_title.setText(self.tr("No incident: the round is not paused"))
            self.incident_title.setStyleSheet(f"font-size: 36px; font-weight: bold; color: {COLORS['ok']};")
            for lab in self.incident_fields.values():
                lab.setText("–")
        else:
            kind = str(inc.type or "?")
            self.incident_title.setText("‼ " + incident_prompts.incident_title(kind, str(inc.reason or "")))
            self.incident_title.setStyleSheet(f"font-size: 44px; font-weight: bold; color: {COLORS['danger']};")
            self.incident_fields["ts"].setText(_when(inc.ts))
            pos = inc.position
            self.incident_fields["position"].setText(prompts.position_name(pos) or (str(pos) if pos else "–"))
            self.incident_fields["reason"].setText(incident_prompts.incident_reason(inc) or "–")
            advice = incident_prompts.incident_advice(kind)
            detail = incident_prompts.incident_detail(inc) or "–"
            self.incident_fields["detail"].setText(f"{detail}\n{advice}" if advice else detail)
            self.incident_fields["state_before"].setText(prompts.state_name(str(inc.state_before or "")))
        self.incident_fields["round"].setText(f"{view.shoe_number} / {view.round_number}")
        self._show_round(view, inc)
        self._show_frames(inc, frames)

    def missing_position(self, view=None) -> str | None:
        """The position whose card the paused round is missing (the one to rescan, else the
        incident's, else the next one due), or None when no round is being dealt or nothing is paused (a
        round resumed is dealt on: no card is missing from it).
        """
        v = self.view if view is None else view
        if v is None or v.incident is None:
            return None
        inc = v.incident
        if inc.state_before not in DEAL_STATES:
            return None
        due = v.next_position
        rescan = v.rescan.value if v.rescan is not None else None
        for pos in (rescan, inc.position, due.value if due is not None else None):
            if pos in POSITIONS:
                return pos
        return None

    def _show_round(self, view, inc) -> None:
        """The round of the view beside the incident: cards by position, totals, the card missing
        (from the ``TableView`` alone; nothing is read from the journal here).
        """
        missing = self.missing_position(view)
        manual = {position.value for position in view.manual or ()}
        for hand, cards, total in (("player", view.player, view.player_total),
                                   ("banker", view.banker, view.banker_total)):
            dealt = tuple(cards or ())
            for i in (1, 2, 3):
                pos = f"{hand}{i}"
                label = card_label(dealt[i - 1] if i <= len(dealt) else None)
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
            self.round_totals[hand].setText(
                self.tr("total %1").replace("%1", str(total)) if total is not None and dealt else "")
        if missing is not None:
            self.round_missing.setText("? " + self.tr("Card missing: %1").replace("%1", prompts.position_name(missing)))
            self.round_missing.setStyleSheet(f"font-size: 26px; font-weight: bold; color: {COLORS['alert']};")
        else:
            self.round_missing.setText(self.tr("No card is being dealt") if inc is not None else "")
            self.round_missing.setStyleSheet("font-size: 26px;")

    def _show_frames(self, inc, frames: list[RawFrame]) -> None:
        rows: list[tuple[str, str, str, str]] = []
        evidence = inc.evidence if inc is not None else None
        for raw in _evidence_bytes(evidence):
            frame = RawFrame(EVIDENCE, raw, datetime.now(UTC))
            rows.append((self.tr("incident"), self.tr("evidence"), frame.hex, frame.text))
        for frame in reversed(list(frames)):
            kind = incident_prompts.frame_words(frame)
            rows.append((frame.received.strftime("%H:%M:%S.%f")[:-3], kind, frame.hex, frame.text))
        self.raw_table.setRowCount(len(rows))
        for r, values in enumerate(rows):
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setToolTip(value)  # the whole value, however narrow its column
                self.raw_table.setItem(r, c, item)
        cap = self.raw_table.fontMetrics().horizontalAdvance("M" * BYTES_COLUMN_CHARS)
        for column in (0, 2, 3):  # the time whole; long bytes would push the words out of their line
            self.raw_table.resizeColumnToContents(column)
            if column and self.raw_table.columnWidth(column) > cap:
                self.raw_table.setColumnWidth(column, cap)
        self._fit_rows()

    def _fit_rows(self) -> None:
        """Each row as high as its cell of the most wrapped lines: one line's rows stay compact, so more fit."""
        table, metrics = self.raw_table, self.raw_table.fontMetrics()
        margin = 2 * (table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1)
        wrap = int(Qt.TextFlag.TextWordWrap | Qt.TextFlag.TextWrapAnywhere)
        for row in range(table.rowCount()):
            need = max(metrics.boundingRect(0, 0, max(1, table.columnWidth(c) - margin), 100_000, wrap,
                                            table.item(row, c).text()).height() for c in range(4))
            table.setRowHeight(row, max(table.verticalHeader().defaultSectionSize(), need + 6))

    def resizeEvent(self, event) -> None:  # noqa: D102 - Qt override: the columns' widths change with the panel's
        super().resizeEvent(event)
        self._fit_rows()


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
    if isinstance(evidence, Mapping):
        for key in ("raw", "hex", "frames"):
            if key in evidence:
                return _evidence_bytes(evidence[key])
        return [json.dumps(dict(evidence), default=str).encode()]
    text = str(evidence)
    try:
        return [bytes.fromhex(text.replace(" ", ""))]
    except ValueError:
        return [text.encode("utf-8", "replace")]
