r"""The roads board: bead plate, big road and the three derived roads, painted like a casino scoreboard.

The board is computed by :func:`dealer_station.domain.roads.compute_roads` and only drawn here.
:class:`RoadsView` is the widget the dealer console embeds; :func:`render_roads_png` draws the same
board into a PNG file (``dealer-station roads --png``), offscreen.

Layout (top to bottom): a header with the shoe statistics and the ask road; the bead plate (left)
beside the big road (right), 6 rows each; the big eye boy, small road and cockroach pig side by side,
6 rows of half-size cells; under each, its legend. When a road has more columns than fit, the widget shows the latest
(and scrolls back); a PNG (:func:`render_roads_png`) draws every column of every road, on as many boards
("pages") stacked one below the other as the longest road needs (:func:`whole_pages`).

Marks (colour is never the only signal):

- bead plate: filled circle, red ``B`` / blue ``P`` / green ``T`` with the letter inside;
- big road: hollow circle with a small ``B`` or ``P`` inside, a green slash for ties (with the count
  when more than one), banker pair = red dot at the top left, player pair = blue dot at the bottom
  right (also on the bead plate); leading ties are a slash on the first cell;
- big eye boy: hollow circle, red plain, blue with a dot in the middle;
- small road: filled dot, red plain, blue with a white hole in the middle;
- cockroach pig: slash, red ``/``, blue ``\``.
"""

from __future__ import annotations

import atexit
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPen
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from dealer_station.console.road_marks import (
    COLOURS,
    LEGEND_FONT_SHARE,
    LEGEND_PIXELS,
    STATS_FONT_SHARE,
    STATS_PIXELS,
    TEXT_BOARD_HEIGHT,
    TITLE_FONT_SHARE,
    TITLE_PIXELS,
    page_marks,
    paint_bead,
    paint_big_road_cell,
    paint_derived_cell,
    paint_tie_slash,
    scroll_marks,
)
from dealer_station.console.road_marks import font as _font
from dealer_station.console.road_marks import paint_header as _header
from dealer_station.console.road_marks import paint_legend as _legend
from dealer_station.console.road_marks import road_names as _road_names
from dealer_station.domain.roads import DERIVED_ROADS, ROWS, Roads, compute_roads

__all__ = ["COLOURS", "DERIVED_MIN_CELL", "LEGEND_PIXELS", "MAX_PIXELS", "SCROLLED", "STATS_PIXELS",
           "TEXT_BOARD_HEIGHT", "TITLE_PIXELS", "BoardLayout", "RoadArea", "RoadsView", "board_layout",
           "first_columns", "paint_bead_plate", "paint_roads", "render_roads_png", "road_columns", "whole_pages"]

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


def _cell_rect(origin: QPointF, cell: float, row: int, col: int) -> QRectF:
    return QRectF(origin.x() + col * cell, origin.y() + row * cell, cell, cell)


def _label(p: QPainter, rect: QRectF, text: str) -> None:
    p.setPen(QColor(COLOURS["muted"]))
    p.setFont(_font(rect.height() * TITLE_FONT_SHARE, bold=True))
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


DERIVED_MIN_CELL = 28.0
"""Smallest cell of the big eye boy, small road and cockroach pig on a board tall enough (pixels).

A derived mark is a shape (hollow circle, dot, slash), about 0.7 of its cell: 28 pixels give a mark of
about 20 pixels, 5.5 mm on a 24-inch 1920x1080 screen (0.277 mm pixels), about 10 minutes of arc
from two metres, where a half-size cell (20 pixels, a 14-pixel mark) was under 7."""

DERIVED_GAP = 0.8 * 0.35
"""The gaps above and below the derived roads together, in big-road cells."""


def board_layout(rect: QRectF) -> BoardLayout:
    """Lay the board out in ``rect`` (pixels): header, bead plate beside big road, derived roads, legend.

    The strips of words (header, road names, legend) are a share of the height, so that a board
    :data:`TEXT_BOARD_HEIGHT` high has words of :data:`TITLE_PIXELS`, :data:`STATS_PIXELS` and
    :data:`LEGEND_PIXELS`. The cell size follows the height left (the two big grids take 6 cells, the
    derived roads 6 half cells, at least :data:`DERIVED_MIN_CELL` pixels where the height allows) unless the
    width is short; the bead plate takes about a third of the width.
    """
    w, h = rect.width(), rect.height()
    text = h / TEXT_BOARD_HEIGHT
    margin = max(4.0, min(w, h) * 0.012)
    header_h = max(16.0, STATS_PIXELS / STATS_FONT_SHARE * text)
    label_h = max(11.0, TITLE_PIXELS / TITLE_FONT_SHARE * text)
    legend_h = max(14.0, LEGEND_PIXELS / LEGEND_FONT_SHARE * text)
    usable_h = h - 2 * margin - header_h - 2 * label_h - legend_h
    # the derived roads' cells are half the big ones, but never under DERIVED_MIN_CELL while the
    # board is tall enough to give both rows of grids the same height (a 1920x1080 console is); the gaps
    # around the derived roads are a share of a big cell (taken from the height first, the legend never squeezed)
    small = max(usable_h / (18.0 + 2 * DERIVED_GAP), min(DERIVED_MIN_CELL, usable_h / (12.0 + DERIVED_GAP)))
    cell = max(4.0, min((usable_h - ROWS * small) / (ROWS + DERIVED_GAP), (w - 2 * margin) / 14.0))
    small = max(2.0, min(small, cell))
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

    part_w = (inner_w - 2 * gap) / 3.0
    for i, (name, _k) in enumerate(DERIVED_ROADS):
        x = left + i * (part_w + gap)
        areas[name] = RoadArea(QRectF(x, y, part_w, label_h), QPointF(x, y + label_h), small,
                               max(1, int(part_w // small)))
    y += label_h + ROWS * small + gap * 0.3
    legend = QRectF(left, y, inner_w, max(0.0, min(legend_h, rect.bottom() - y)))
    return BoardLayout(header, legend, areas)


SCROLLED = ("bead_plate", "big_road")
"""The roads a reader scrolls back through (the whole shoe); the derived roads show their newest columns."""


def road_columns(roads: Roads, name: str) -> int:
    """How many columns road ``name`` (a :class:`BoardLayout` road name) of ``roads`` fills."""
    return roads.columns()[name]


def first_columns(roads: Roads, layout: BoardLayout, back: int = 0) -> dict[str, int]:
    """The first column drawn of each road of ``roads`` laid out by ``layout``.

    Each road shows its newest columns; the bead plate and the big road (:data:`SCROLLED`) are
    shown ``back`` columns (int ≥ 0) further back, down to their first column.
    """
    out = {}
    for name, area in layout.roads.items():
        newest = max(0, road_columns(roads, name) - area.cols)
        out[name] = max(0, newest - back) if name in SCROLLED else newest
    return out


def paint_roads(p: QPainter, rect: QRectF, roads: Roads, back: int = 0,
                firsts: dict[str, int] | None = None, header_stats: bool = True) -> None:
    """Paint the whole roads board of ``roads`` into ``rect`` (pixels) with painter ``p``.

    Parameters
    ----------
    p : QPainter
        An active painter (on a widget or an image).
    rect : QRectF
        The area to fill, pixels; the board scales to it (see :func:`board_layout`).
    roads : Roads
        From :func:`dealer_station.domain.roads.compute_roads`.
    back : int
        Columns the bead plate and the big road are scrolled back from their newest (≥ 0, see
        :func:`first_columns`); a road with columns out of view says how many on its label strip
        (``◀ 12`` older, ``3 ▶`` newer).
    firsts : dict, optional
        One page of a whole-shoe drawing (:func:`whole_pages`): the first column drawn of each road (``back``
        is then unused); each road's label strip says which of its columns the page holds
        (``columns 18–34 of 35``).
    header_stats : bool
        The shoe's statistics in the header, left of the ask road (the console shows them in its own box, in
        larger type, and leaves them out here: False).
    """
    p.save()
    p.setLayoutDirection(Qt.LeftToRight)  # "B?" stays "B?" and labels stay left-aligned in a right-to-left console
    p.setRenderHint(QPainter.Antialiasing, True)
    p.setRenderHint(QPainter.TextAntialiasing, True)
    p.fillRect(rect, QColor(COLOURS["paper"]))
    layout = board_layout(rect)
    shown = first_columns(roads, layout, back) if firsts is None else {n: firsts.get(n, 0) for n in layout.roads}
    _header(p, layout.header, roads, header_stats)
    names = _road_names()
    for name, area in layout.roads.items():
        _label(p, area.label, names[name])
        _grid_lines(p, area.origin, area.cols, area.cell)
        if firsts is not None:
            page_marks(p, area, shown[name], road_columns(roads, name))
        elif name in SCROLLED:
            scroll_marks(p, area, shown[name], road_columns(roads, name))

    area, first = layout.roads["bead_plate"], shown["bead_plate"]
    for bead in roads.bead_plate:
        if first <= bead.col < first + area.cols:
            paint_bead(p, _cell_rect(area.origin, area.cell, bead.row, bead.col - first), bead.mark)

    area, first = layout.roads["big_road"], shown["big_road"]
    for g in roads.big_road.grid:
        if first <= g.col < first + area.cols:
            paint_big_road_cell(p, _cell_rect(area.origin, area.cell, g.row, g.col - first), g.item)
    if roads.big_road.leading_ties and first == 0:
        paint_tie_slash(p, _cell_rect(area.origin, area.cell, 0, 0), roads.big_road.leading_ties)

    for road in roads.derived:
        area, first = layout.roads[road.name], shown[road.name]
        for g in road.grid:
            if first <= g.col < first + area.cols:
                paint_derived_cell(p, _cell_rect(area.origin, area.cell, g.row, g.col - first), road.k, g.item)

    _legend(p, layout.legend, layout.roads)
    p.restore()


def whole_pages(roads: Roads, size: tuple[int, int]) -> list[dict[str, int]]:
    """The pages that draw every column of every road of ``roads`` on boards of ``size`` (width, height pixels).

    Page ``i`` shows each road's columns from ``i × cols`` on, ``cols`` being how many that road's grid holds
    on such a board (:func:`board_layout`), so the pages together hold every column of every road, none twice.
    Returns one dict per page, road name → the first column drawn (0-based); at least one page.
    """
    layout = board_layout(QRectF(0, 0, size[0], size[1]))
    count = max([1] + [-(-road_columns(roads, name) // area.cols) for name, area in layout.roads.items()])
    return [{name: i * area.cols for name, area in layout.roads.items()} for i in range(count)]


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


# --------------------------------------------------------------------------------------------------
# Widget and PNG
# --------------------------------------------------------------------------------------------------


class RoadsView(QWidget):
    """A widget that shows the roads board of the current shoe, the whole shoe reachable.

    Call :meth:`set_results` with the shoe's round results whenever a round completes (or a new shoe
    starts, with an empty sequence). The widget only paints: it holds no table state of its own.

    The newest columns are in view; the bead plate and the big road scroll back through the whole
    shoe (:meth:`scroll`): the keys ← / PageUp (older), → / PageDown (newer), Home (the shoe's
    first column), End (the newest) (:meth:`handle_key`, which the dealer screen forwards), the mouse
    wheel, and a drag sideways with a finger or the mouse. A new round brings the newest back into view.

    Parameters
    ----------
    parent : QWidget, optional
    header_stats : bool
        The shoe's statistics in the board's header (:func:`paint_roads`); the dealer screen, whose statistics
        box shows them, makes its board without (False).
    """

    def __init__(self, parent: QWidget | None = None, *, header_stats: bool = True) -> None:
        super().__init__(parent)
        self.header_stats = header_stats
        self._roads = compute_roads(())
        self.back = 0
        """Columns the bead plate and big road are scrolled back from their newest (int ≥ 0)."""
        self._drag: tuple[float, int] | None = None
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the dealer screen keeps the keyboard (foot pedal)
        self.setAccessibleName("Roads")
        # a scoreboard reads left to right (newest column on the right) in every language
        self.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        self._update_description()

    def set_results(self, results: Iterable[Any]) -> None:
        """Show the roads of ``results`` (anything :func:`~dealer_station.domain.roads.compute_roads` accepts).

        For example the controller's ``TableView.marks`` (each round with its pairs and naturals), its
        ``TableView.history`` (``("B", "P", "T", ...)``: no pair dots), a string ``"BBPT"``, ``RoundOutcome``
        objects or result dicts. Raises ``RoadsError`` for a result
        that cannot be read; the widget then keeps showing the previous roads.
        """
        self.set_roads(compute_roads(results))

    def set_roads(self, roads: Roads) -> None:
        """Show an already computed :class:`~dealer_station.domain.roads.Roads`; another number of
        rounds (a new round, a new shoe) brings the newest columns back into view.
        """
        if roads.stats.rounds != self._roads.stats.rounds:
            self.back = 0
        self._roads = roads
        self.back = min(self.back, self.max_back())
        self._update_description()
        self.update()

    def clear(self) -> None:
        """Show empty roads (a new shoe)."""
        self.set_roads(compute_roads(()))

    def roads(self) -> Roads:
        """The roads being shown."""
        return self._roads

    def layout_now(self) -> BoardLayout:
        """The board's layout at the widget's size now."""
        return board_layout(QRectF(self.rect()))

    def visible(self, name: str) -> range:
        """The columns of road ``name`` in view now (a range; empty for an empty road)."""
        area = self.layout_now().roads[name]
        first = first_columns(self._roads, self.layout_now(), self.back)[name]
        return range(first, min(first + area.cols, road_columns(self._roads, name)))

    def max_back(self) -> int:
        """How far back the view can scroll: until the first column of the longest scrolled road."""
        layout = self.layout_now()
        return max(0, *(road_columns(self._roads, n) - layout.roads[n].cols for n in SCROLLED))

    def page(self) -> int:
        """Columns one page moves: the fewest columns in view of a scrolled road, less one (at least 1),
        so a page never skips a column of the bead plate or the big road.
        """
        layout = self.layout_now()
        return max(1, min(layout.roads[n].cols for n in SCROLLED) - 1)

    def scroll(self, columns: int) -> int:
        """Scroll ``columns`` back (older, > 0) or forward (newer, < 0); return :attr:`back` (clamped)."""
        back = max(0, min(self.back + int(columns), self.max_back()))
        if back != self.back:
            self.back = back
            self._update_description()
            self.update()
        return self.back

    def handle_key(self, key: int) -> bool:
        """Scroll for key ``key`` (a ``Qt.Key``): ←/PageUp, →/PageDown, Home, End. True when it scrolled."""
        k = Qt.Key
        moves = {k.Key_Left: 1, k.Key_PageUp: self.page(), k.Key_Right: -1, k.Key_PageDown: -self.page(),
                 k.Key_Home: self.max_back(), k.Key_End: -self.max_back()}
        if key not in moves:
            return False
        self.scroll(moves[key])
        return True

    def keyPressEvent(self, event: Any) -> None:  # noqa: N802 (Qt API)
        """The scrolling keys (:meth:`handle_key`); any other goes on to the screen."""
        if not self.handle_key(event.key()):
            super().keyPressEvent(event)

    def wheelEvent(self, event: Any) -> None:  # noqa: N802 (Qt API)
        """A wheel notch up or left: a column older; down or right: a column newer."""
        delta = event.angleDelta()
        notches = (delta.y() or delta.x()) / 120.0
        if notches:
            self.scroll(round(notches) or (1 if notches > 0 else -1))
        event.accept()

    def mousePressEvent(self, event: Any) -> None:  # noqa: N802 (Qt API)
        """Start a drag: sideways, it scrolls (to the right shows older columns, like turning back a page)."""
        self._drag = (event.position().x(), self.back)
        event.accept()

    def mouseMoveEvent(self, event: Any) -> None:  # noqa: N802 (Qt API)
        """Scroll with the drag: a column per big-road cell moved."""
        if self._drag is None:
            return
        x0, back0 = self._drag
        cell = self.layout_now().roads["big_road"].cell
        self.scroll(back0 + int((event.position().x() - x0) / cell) - self.back)
        event.accept()

    def mouseReleaseEvent(self, event: Any) -> None:  # noqa: N802 (Qt API)
        """End a drag."""
        self._drag = None
        event.accept()

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
            paint_roads(painter, QRectF(self.rect()), self._roads, self.back, header_stats=self.header_stats)
        finally:
            painter.end()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 (Qt API)
        """Keep the scroll within the shoe at the new size."""
        self.back = min(self.back, self.max_back())
        super().resizeEvent(event)

    def _update_description(self) -> None:
        r = self._roads
        self.setAccessibleDescription(
            f"{r.stats.rounds} rounds; big road {len(r.big_road.columns)} columns"
            f"{f', {self.back} columns back' if self.back else ''}; "
            f"big eye boy {r.big_eye_boy.marks or '-'}; small road {r.small_road.marks or '-'}; "
            f"cockroach pig {r.cockroach_pig.marks or '-'}"
        )


_APP: QApplication | None = None

MAX_PIXELS = 100_000_000
"""The most pixels a roads PNG may have (400 MB while drawn; one board of the largest ``roads --size``): a real
shoe (at most about 100 rounds) needs a few boards; a sequence that needs more is refused, never cut."""


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
    """Draw the roads board into a PNG file, offscreen, as :class:`RoadsView` paints it, every column of every road.

    A shoe whose roads hold more columns than one board of ``size`` shows is drawn on several boards stacked
    one below the other (:func:`whole_pages`): the first holds each road's first columns, the next the
    columns after them, and each road's label strip says which of its columns it holds. Nothing is cut.

    Parameters
    ----------
    results : iterable or Roads
        The shoe's round results (anything ``compute_roads`` accepts) or computed roads.
    path : str or Path
        The PNG file to write (replaced if it exists).
    size : (int, int)
        Width and height of one board, pixels (each at least 16). The image is that wide and as many
        boards high as :func:`whole_pages` gives.

    Returns
    -------
    Path
        ``path``.

    Raises
    ------
    RoadsError
        For a result that cannot be read.
    ValueError
        For a size below 16 × 16 pixels, or roads needing an image of more than :data:`MAX_PIXELS` pixels.
    OSError
        When the file cannot be written.
    """
    roads = results if isinstance(results, Roads) else compute_roads(results)
    width, height = int(size[0]), int(size[1])
    if width < 16 or height < 16:
        raise ValueError(f"image size must be at least 16 x 16 pixels, not {width} x {height}")
    path = Path(path)
    _ensure_gui_app()
    pages = whole_pages(roads, (width, height))
    if width * height * len(pages) > MAX_PIXELS:
        raise ValueError(f"the roads need {len(pages)} boards of {width} x {height} pixels to show every column: "
                         f"more than {MAX_PIXELS:,} pixels; give a wider size")
    image = QImage(width, height * len(pages), QImage.Format_ARGB32)
    image.fill(QColor(COLOURS["paper"]))
    painter = QPainter(image)
    try:
        for i, firsts in enumerate(pages):
            paint_roads(painter, QRectF(0, i * height, width, height), roads,
                        firsts=firsts if len(pages) > 1 else None)
    finally:
        painter.end()
    if not image.save(str(path), "PNG"):
        raise OSError(f"cannot write PNG image to {path}")
    return path
