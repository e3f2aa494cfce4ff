"""The roads board: bead plate, big road and the three derived roads, painted like a casino scoreboard.

The board is computed by :func:`dealer_station.domain.roads.compute_roads` and only drawn here.
:class:`RoadsView` is the widget the dealer console embeds; :func:`render_roads_png` draws the same
board into a PNG file (``dealer-station roads --png``), offscreen.

Layout (top to bottom): a header with the shoe statistics and the ask road; the bead plate (left)
beside the big road (right), 6 rows each; the big eye boy, small road and cockroach pig side by side,
6 rows of half-size cells; a legend. When a road has more columns than fit, the latest are shown.

Marks (colour is never the only signal):

- bead plate: filled circle, red ``B`` / blue ``P`` / green ``T`` with the letter inside;
- big road: hollow circle with a small ``B`` or ``P`` inside, a green slash for ties (with the count
  when more than one), banker pair = red dot at the top left, player pair = blue dot at the bottom
  right (also on the bead plate); leading ties are a slash on the first cell;
- big eye boy: hollow circle, red plain, blue with a dot in the middle;
- small road: filled dot, red plain, blue with a white hole in the middle;
- cockroach pig: slash, red ``/``, blue ``\\``.
"""

from __future__ import annotations

import atexit
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPen
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from dealer_station.console.road_marks import (
    COLOURS,
    paint_bead,
    paint_big_road_cell,
    paint_derived_cell,
    paint_tie_slash,
)
from dealer_station.console.road_marks import font as _font
from dealer_station.console.road_marks import winner_colour as _winner_colour
from dealer_station.domain.roads import DERIVED_ROADS, ROWS, GridCell, Roads, compute_roads

__all__ = ["COLOURS", "BoardLayout", "RoadArea", "RoadsView", "board_layout", "paint_bead_plate", "paint_roads",
           "render_roads_png"]

# --------------------------------------------------------------------------------------------------
# Grids
# --------------------------------------------------------------------------------------------------


def _grid_lines(p: QPainter, origin: QPointF, cols: int, cell: float) -> None:
    p.setPen(QPen(QColor(COLOURS["grid"]), 1))
    p.setBrush(Qt.NoBrush)
    x0, y0 = origin.x(), origin.y()
    for c in range(cols + 1):
        x = x0 + c * cell
        p.drawLine(QPointF(x, y0), QPointF(x, y0 + ROWS * cell))
    for r in range(ROWS + 1):
        y = y0 + r * cell
        p.drawLine(QPointF(x0, y), QPointF(x0 + cols * cell, y))


def _first_visible(cells: Iterable[GridCell], cols: int) -> int:
    """The first drawn column so that the latest column is visible (the board scrolls left)."""
    last = max((c.col for c in cells), default=-1)
    return max(0, last + 1 - cols)


def _cell_rect(origin: QPointF, cell: float, row: int, col: int) -> QRectF:
    return QRectF(origin.x() + col * cell, origin.y() + row * cell, cell, cell)


def _label(p: QPainter, rect: QRectF, text: str) -> None:
    p.setPen(QColor(COLOURS["muted"]))
    p.setFont(_font(rect.height() * 0.8, bold=True))
    p.drawText(rect, int(Qt.AlignLeft | Qt.AlignVCenter), text)


@dataclass(frozen=True)
class RoadArea:
    """Where one road is drawn: its ``label`` strip, grid ``origin`` (top-left), ``cell`` size and ``cols``.

    Sizes are pixels; every road grid has 6 rows.
    """

    label: QRectF
    origin: QPointF
    cell: float
    cols: int

    @property
    def grid(self) -> QRectF:
        """The rectangle of the road's grid, pixels."""
        return QRectF(self.origin.x(), self.origin.y(), self.cols * self.cell, ROWS * self.cell)


@dataclass(frozen=True)
class BoardLayout:
    """Where each part of the board goes in a rectangle (see :func:`board_layout`).

    ``roads`` maps ``"bead_plate"``, ``"big_road"``, ``"big_eye_boy"``, ``"small_road"``,
    ``"cockroach_pig"`` to its :class:`RoadArea`.
    """

    header: QRectF
    legend: QRectF
    roads: dict[str, RoadArea]


translate = QCoreApplication.translate  # context "RoadsView": the board's words in the console's language


def _road_names() -> dict[str, str]:
    """Each road's name on the board, translated."""
    return {
        "bead_plate": translate("RoadsView", "Bead plate"), "big_road": translate("RoadsView", "Big road"),
        "big_eye_boy": translate("RoadsView", "Big eye boy"), "small_road": translate("RoadsView", "Small road"),
        "cockroach_pig": translate("RoadsView", "Cockroach pig"),
    }


def board_layout(rect: QRectF) -> BoardLayout:
    """Lay the board out in ``rect`` (pixels): header, bead plate beside big road, derived roads, legend.

    The cell size follows the height (the two big grids take 6 cells, the derived roads 6 half
    cells) unless the width is short; the bead plate takes about a third of the width.
    """
    w, h = rect.width(), rect.height()
    margin = max(4.0, min(w, h) * 0.012)
    header_h = max(16.0, h * 0.07)
    label_h = max(11.0, h * 0.04)
    legend_h = max(14.0, h * 0.055)
    usable_h = h - 2 * margin - header_h - 2 * label_h - legend_h
    cell = max(4.0, min(usable_h / 9.0, (w - 2 * margin) / 14.0))
    gap = cell * 0.35
    left, top = rect.left() + margin, rect.top() + margin
    inner_w = w - 2 * margin
    header = QRectF(left, top, inner_w, header_h)
    y = top + header_h
    areas: dict[str, RoadArea] = {}

    bead_cols = max(4, int(inner_w * 0.34 // cell))
    big_x = left + bead_cols * cell + gap
    big_w = inner_w - bead_cols * cell - gap
    areas["bead_plate"] = RoadArea(QRectF(left, y, bead_cols * cell, label_h), QPointF(left, y + label_h),
                                   cell, bead_cols)
    areas["big_road"] = RoadArea(QRectF(big_x, y, big_w, label_h), QPointF(big_x, y + label_h),
                                 cell, max(1, int(big_w // cell)))
    y += label_h + ROWS * cell + gap * 0.5

    small = cell / 2.0
    part_w = (inner_w - 2 * gap) / 3.0
    for i, (name, _k) in enumerate(DERIVED_ROADS):
        x = left + i * (part_w + gap)
        areas[name] = RoadArea(QRectF(x, y, part_w, label_h), QPointF(x, y + label_h), small,
                               max(1, int(part_w // small)))
    y += label_h + ROWS * small + gap * 0.3
    legend = QRectF(left, y, inner_w, max(0.0, min(legend_h, rect.bottom() - y)))
    return BoardLayout(header, legend, areas)


def paint_roads(p: QPainter, rect: QRectF, roads: Roads) -> None:
    """Paint the whole roads board of ``roads`` into ``rect`` (pixels) with painter ``p``.

    Parameters
    ----------
    p : QPainter
        An active painter (on a widget or an image).
    rect : QRectF
        The area to fill, pixels; the board scales to it (see :func:`board_layout`).
    roads : Roads
        From :func:`dealer_station.domain.roads.compute_roads`.
    """
    p.save()
    p.setLayoutDirection(Qt.LeftToRight)  # "B?" stays "B?" and labels stay left-aligned in a right-to-left console
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setRenderHint(QPainter.TextAntialiasing, True)
    p.fillRect(rect, QColor(COLOURS["paper"]))
    layout = board_layout(rect)
    _header(p, layout.header, roads)
    names = _road_names()
    for name, area in layout.roads.items():
        _label(p, area.label, names[name])
        _grid_lines(p, area.origin, area.cols, area.cell)

    area = layout.roads["bead_plate"]
    first = max(0, (len(roads.bead_plate) - 1) // ROWS + 1 - area.cols)
    for bead in roads.bead_plate:
        if bead.col >= first:
            paint_bead(p, _cell_rect(area.origin, area.cell, bead.row, bead.col - first), bead.mark)

    area = layout.roads["big_road"]
    grid = roads.big_road.grid
    first = _first_visible(grid, area.cols)
    for g in grid:
        if g.col >= first:
            paint_big_road_cell(p, _cell_rect(area.origin, area.cell, g.row, g.col - first), g.item)
    if roads.big_road.leading_ties and first == 0:
        paint_tie_slash(p, _cell_rect(area.origin, area.cell, 0, 0), roads.big_road.leading_ties)

    for road in roads.derived:
        area = layout.roads[road.name]
        first = _first_visible(road.grid, area.cols)
        for g in road.grid:
            if g.col >= first:
                paint_derived_cell(p, _cell_rect(area.origin, area.cell, g.row, g.col - first), road.k, g.item)

    _legend(p, layout.legend)
    p.restore()


def paint_bead_plate(p: QPainter, rect: QRectF, roads: Roads) -> int:
    """Paint only the bead plate of ``roads`` into ``rect`` (pixels), on paper, the latest columns visible.

    The cells are square: 6 rows fill the height unless the width is short; the columns that fit
    are drawn (at least one), like the board's bead plate. Returns the number of columns drawn.
    Used small by the pit view (:mod:`dealer_station.pit.window`).
    """
    cell = max(4.0, min(rect.height() / ROWS, rect.width()))
    cols = max(1, int(rect.width() // cell))
    origin = QPointF(rect.left(), rect.top())
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setRenderHint(QPainter.TextAntialiasing, True)
    p.fillRect(QRectF(origin.x(), origin.y(), cols * cell, ROWS * cell), QColor(COLOURS["paper"]))
    _grid_lines(p, origin, cols, cell)
    first = max(0, (len(roads.bead_plate) - 1) // ROWS + 1 - cols)
    for bead in roads.bead_plate:
        if bead.col >= first:
            paint_bead(p, _cell_rect(origin, cell, bead.row, bead.col - first), bead.mark)
    p.restore()
    return cols


def _header(p: QPainter, rect: QRectF, roads: Roads) -> None:
    # ask road on the right: "Ask", then "B?" with the three derived marks, then "P?" with its marks
    box = rect.height() * 0.8
    x = rect.right()
    for winner in ("P", "B"):
        marks = roads.ask.get(winner, {})
        for name, k in (("cockroach_pig", 3), ("small_road", 2), ("big_eye_boy", 1)):
            x -= box
            cell = QRectF(x, rect.center().y() - box / 2, box, box)
            letter = marks.get(name, "")
            if letter:
                paint_derived_cell(p, cell, k, letter)
            else:
                p.setPen(QColor(COLOURS["muted"]))
                p.setFont(_font(box * 0.6))
                p.drawText(cell, int(Qt.AlignCenter), "–")
        x -= box * 1.3
        tag = QRectF(x, rect.center().y() - box / 2, box * 1.2, box)
        p.setPen(Qt.NoPen)
        p.setBrush(_winner_colour(winner))
        p.drawRoundedRect(tag, box * 0.2, box * 0.2)
        p.setBrush(Qt.NoBrush)
        p.setPen(QColor(COLOURS["paper"]))
        p.setFont(_font(box * 0.6, bold=True))
        p.drawText(tag, int(Qt.AlignCenter), f"{winner}?")
        x -= box * 0.5
    p.setPen(QColor(COLOURS["muted"]))
    p.setFont(_font(rect.height() * 0.5, bold=True))
    ask = translate("RoadsView", "Ask")
    ask_w = p.fontMetrics().horizontalAdvance(ask) + box * 0.2
    x -= ask_w
    p.drawText(QRectF(x, rect.top(), ask_w, rect.height()), int(Qt.AlignLeft | Qt.AlignVCenter), ask)
    # statistics on the left, in the room that is left (the font shrinks to fit)
    s = roads.stats
    text = "   ".join(f"{word} {count}" for word, count in (
        (translate("RoadsView", "Rounds"), s.rounds), (translate("RoadsView", "Banker"), s.banker),
        (translate("RoadsView", "Player"), s.player), (translate("RoadsView", "Tie"), s.tie),
        (translate("RoadsView", "B pair"), s.banker_pair), (translate("RoadsView", "P pair"), s.player_pair),
        (translate("RoadsView", "Naturals"), s.natural)))
    room = x - rect.left() - box * 0.5
    pixels = rect.height() * 0.55
    p.setFont(_font(pixels, bold=True))
    while pixels > 6 and p.fontMetrics().horizontalAdvance(text) > room > 0:  # longer words in other languages
        pixels = min(pixels - 0.5, pixels * room / p.fontMetrics().horizontalAdvance(text))
        p.setFont(_font(pixels, bold=True))
    p.setPen(QColor(COLOURS["ink"]))
    p.drawText(QRectF(rect.left(), rect.top(), max(0.0, room), rect.height()),
               int(Qt.AlignLeft | Qt.AlignVCenter), text)


def _legend(p: QPainter, rect: QRectF) -> None:
    if rect.height() < 6:
        return
    box = rect.height() * 0.8
    x = rect.left()
    cy = rect.center().y()
    p.setFont(_font(rect.height() * 0.5))
    names = _road_names()
    entries = [
        (1, names["big_eye_boy"]), (2, names["small_road"]), (3, names["cockroach_pig"]),
    ]
    for k, name in entries:
        p.setPen(QColor(COLOURS["ink"]))
        width = p.fontMetrics().horizontalAdvance(name + ":") + box * 0.3
        p.drawText(QRectF(x, rect.top(), width, rect.height()), int(Qt.AlignLeft | Qt.AlignVCenter), name + ":")
        x += width
        for letter, word in (("R", translate("RoadsView", "red")), ("B", translate("RoadsView", "blue"))):
            paint_derived_cell(p, QRectF(x, cy - box / 2, box, box), k, letter)
            x += box * 1.1
            p.setPen(QColor(COLOURS["ink"]))
            ww = p.fontMetrics().horizontalAdvance(word) + box * 0.5
            p.drawText(QRectF(x, rect.top(), ww, rect.height()), int(Qt.AlignLeft | Qt.AlignVCenter), word)
            x += ww
        x += box * 0.8


# --------------------------------------------------------------------------------------------------
# Widget and PNG
# --------------------------------------------------------------------------------------------------


class RoadsView(QWidget):
    """A widget that shows the roads board of the current shoe.

    Call :meth:`set_results` with the shoe's round results whenever a round completes (or a new shoe
    starts, with an empty sequence). The widget only paints: it holds no table state of its own.

    Parameters
    ----------
    parent : QWidget, optional
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._roads = compute_roads(())
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setAccessibleName("Roads")
        # a scoreboard reads left to right (newest column on the right) in every language
        self.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        self._update_description()

    def set_results(self, results: Iterable[Any]) -> None:
        """Show the roads of ``results`` (anything :func:`~dealer_station.domain.roads.compute_roads` accepts).

        For example the controller's ``TableView.history`` (``("B", "P", "T", ...)``), a string
        ``"BBPT"``, ``RoundOutcome`` objects or result dicts. Raises ``RoadsError`` for a result
        that cannot be read; the widget then keeps showing the previous roads.
        """
        self.set_roads(compute_roads(results))

    def set_roads(self, roads: Roads) -> None:
        """Show an already computed :class:`~dealer_station.domain.roads.Roads`."""
        self._roads = roads
        self._update_description()
        self.update()

    def clear(self) -> None:
        """Show empty roads (a new shoe)."""
        self.set_roads(compute_roads(()))

    def roads(self) -> Roads:
        """The roads being shown."""
        return self._roads

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt API)
        """Preferred size: 960 × 440 pixels."""
        return QSize(960, 440)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt API)
        """Smallest useful size: 480 × 220 pixels."""
        return QSize(480, 220)

    def paintEvent(self, event: Any) -> None:  # noqa: N802 (Qt API)
        """Paint the board over the whole widget."""
        painter = QPainter(self)
        try:
            paint_roads(painter, QRectF(self.rect()), self._roads)
        finally:
            painter.end()

    def _update_description(self) -> None:
        r = self._roads
        self.setAccessibleDescription(
            f"{r.stats.rounds} rounds; big road {len(r.big_road.columns)} columns; "
            f"big eye boy {r.big_eye_boy.marks or '-'}; small road {r.small_road.marks or '-'}; "
            f"cockroach pig {r.cockroach_pig.marks or '-'}"
        )


_APP: QApplication | None = None


def _ensure_gui_app() -> None:
    """Make an offscreen application when none runs (the command line); it lives until exit.

    A QApplication (not only a QGuiApplication), so that widgets can still be made afterwards in
    the same process.
    """
    global _APP
    from dealer_station.console.qt_log import install_message_handler

    install_message_handler()
    if QGuiApplication.instance() is None:
        _APP = QApplication(["dealer-station", "-platform", "offscreen"])
        atexit.register(_APP.shutdown)


def render_roads_png(results: Iterable[Any] | Roads, path: str | Path, size: tuple[int, int] = (1200, 560)) -> Path:
    """Draw the roads board into a PNG file, offscreen, exactly as :class:`RoadsView` paints it.

    Parameters
    ----------
    results : iterable or Roads
        The shoe's round results (anything ``compute_roads`` accepts) or computed roads.
    path : str or Path
        The PNG file to write (replaced if it exists).
    size : (int, int)
        Width and height of the image, pixels (each at least 16).

    Returns
    -------
    Path
        ``path``.

    Raises
    ------
    RoadsError
        For a result that cannot be read.
    ValueError
        For a size below 16 × 16 pixels.
    OSError
        When the file cannot be written.
    """
    roads = results if isinstance(results, Roads) else compute_roads(results)
    width, height = int(size[0]), int(size[1])
    if width < 16 or height < 16:
        raise ValueError(f"image size must be at least 16 x 16 pixels, not {width} x {height}")
    path = Path(path)
    _ensure_gui_app()
    image = QImage(width, height, QImage.Format_ARGB32)
    image.fill(QColor(COLOURS["paper"]))
    painter = QPainter(image)
    try:
        paint_roads(painter, QRectF(0, 0, width, height), roads)
    finally:
        painter.end()
    if not image.save(str(path), "PNG"):
        raise OSError(f"cannot write PNG image to {path}")
    return path
