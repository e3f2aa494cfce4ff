"""The roads board's marks: how one cell of each road is painted (docs/roads.md "Rules"; colour never alone).

Pieces of :mod:`dealer_station.console.roads_view`: each mark has its own shape, so a reader who
cannot tell red from blue still reads it (the marks are listed in that module's docstring).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPainter, QPen, QTextOption

from dealer_station.domain.roads import Roads

__all__ = ["COLOURS", "LEGEND_FONT_SHARE", "LEGEND_PIXELS", "STATS_FONT_SHARE", "STATS_PIXELS", "TEXT_BOARD_HEIGHT",
           "TITLE_FONT_SHARE", "TITLE_PIXELS", "font", "hand_letter", "page_marks", "paint_bead", "paint_big_road_cell",
           "paint_derived_cell", "paint_header", "paint_legend", "paint_tie_slash", "road_names", "scroll_marks",
           "stats_words", "winner_colour"]

COLOURS = {
    "banker": "#d0021b",     # Banker and the derived roads' red
    "player": "#1f4fd1",     # Player and the derived roads' blue
    "tie": "#138a36",
    "grid": "#c9c9c9",
    "paper": "#ffffff",
    "ink": "#1b1b1b",
    "muted": "#666666",
}
"""Colours of the board (hex RGB)."""

_FAMILY = "DejaVu Sans"

TEXT_BOARD_HEIGHT = 440.0
"""A board this high (pixels) or higher draws its words at least at :data:`TITLE_PIXELS`, :data:`STATS_PIXELS`
and :data:`LEGEND_PIXELS`; the words scale with the board's height (a lower board, smaller words)."""

TITLE_PIXELS = 16
"""Font of a road's name over its grid (and of its ``◀ 12`` marks) on a board :data:`TEXT_BOARD_HEIGHT` high,
pixels: 4.4 mm on a 24-inch 1920x1080 screen, read from two metres."""

STATS_PIXELS = 16
"""Font of the statistics in the board's header on a board :data:`TEXT_BOARD_HEIGHT` high, pixels (the widest
language's line shrinks to fit the header's width)."""

LEGEND_PIXELS = 14
"""Font of the legend under the derived roads on a board :data:`TEXT_BOARD_HEIGHT` high, pixels (a language
whose legend is wider than the board shrinks it)."""

TITLE_FONT_SHARE = 0.8
"""A road's name: its font's pixel size over the height of its label strip."""

STATS_FONT_SHARE = 0.55
"""The header's statistics: their font's pixel size over the header's height (at most: a long line shrinks)."""
LEGEND_FONT_SHARE = 0.62
"""The legend: its font's pixel size over the legend's height (at most: a legend wider than the board shrinks)."""

translate = QCoreApplication.translate  # context "RoadsView": the board's words in the console's language

def font(pixels: float, bold: bool = False) -> QFont:
    """The board's font at ``pixels`` pixels high (at least 6)."""
    f = QFont(_FAMILY)
    f.setPixelSize(max(6, int(pixels)))
    f.setBold(bold)
    return f


def winner_colour(letter: str) -> QColor:
    """Red for ``B`` (banker), blue for ``P`` (player), green otherwise (tie)."""
    return QColor(COLOURS["banker"] if letter == "B" else COLOURS["player"] if letter == "P" else COLOURS["tie"])


def hand_letter(letter: str) -> str:
    """The letter a mark or a card position shows for ``letter`` (``B`` banker, ``P`` player, ``T`` tie), in the
    console's language: the first letter of the hand's name there (Portuguese ``J`` of Jogador for ``P``).
    Anything else is returned as it is.
    """
    words = {"B": translate("RoadsView", "B", "the banker's letter"),
             "P": translate("RoadsView", "P", "the player's letter"),
             "T": translate("RoadsView", "T", "a tie's letter")}
    return words.get(letter, letter)


def _road_colour(letter: str) -> QColor:
    return QColor(COLOURS["banker"] if letter == "R" else COLOURS["player"])


# --------------------------------------------------------------------------------------------------
# Glyphs (each draws into one cell rectangle)
# --------------------------------------------------------------------------------------------------


def _inset(cell: QRectF, fraction: float) -> QRectF:
    d = cell.width() * fraction
    return cell.adjusted(d, d, -d, -d)


def _pair_dots(p: QPainter, cell: QRectF, banker_pair: bool, player_pair: bool) -> None:
    r = cell.width() * 0.12
    p.setPen(QPen(QColor(COLOURS["paper"]), max(1.0, r * 0.35)))
    if banker_pair:
        p.setBrush(QColor(COLOURS["banker"]))
        p.drawEllipse(QPointF(cell.left() + r * 1.3, cell.top() + r * 1.3), r, r)
    if player_pair:
        p.setBrush(QColor(COLOURS["player"]))
        p.drawEllipse(QPointF(cell.right() - r * 1.3, cell.bottom() - r * 1.3), r, r)
    p.setBrush(Qt.NoBrush)


def paint_tie_slash(p: QPainter, cell: QRectF, count: int) -> None:
    """A green slash across ``cell`` for ties (with the count when more than one)."""
    pen = QPen(QColor(COLOURS["tie"]), max(1.5, cell.width() * 0.09))
    pen.setCapStyle(Qt.RoundCap)
    p.setPen(pen)
    inner = _inset(cell, 0.14)
    p.drawLine(inner.bottomLeft(), inner.topRight())
    if count > 1:
        p.setFont(font(cell.height() * 0.3, bold=True))
        p.drawText(QRectF(cell.left(), cell.top(), cell.width() - 1, cell.height() * 0.35),
                   int(Qt.AlignRight | Qt.AlignTop), str(count))


def paint_bead(p: QPainter, cell: QRectF, mark: Any) -> None:
    """A bead plate mark: a filled circle with the winner's letter inside, and the pair dots."""
    colour = winner_colour(mark.winner)
    p.setPen(Qt.NoPen)
    p.setBrush(colour)
    p.drawEllipse(_inset(cell, 0.08))
    p.setBrush(Qt.NoBrush)
    p.setPen(QColor(COLOURS["paper"]))
    p.setFont(font(cell.height() * 0.48, bold=True))
    p.drawText(cell, int(Qt.AlignCenter), hand_letter(mark.winner))
    _pair_dots(p, cell, mark.banker_pair, mark.player_pair)


def paint_big_road_cell(p: QPainter, cell: QRectF, item: Any) -> None:
    """A big road mark: a hollow circle with a small letter inside, the tie slash and the pair dots."""
    colour = winner_colour(item.winner)
    p.setPen(QPen(colour, max(1.5, cell.width() * 0.1)))
    p.setBrush(Qt.NoBrush)
    p.drawEllipse(_inset(cell, 0.14))
    p.setFont(font(cell.height() * 0.34, bold=True))
    p.drawText(cell, int(Qt.AlignCenter), hand_letter(item.winner))
    if item.ties:
        paint_tie_slash(p, cell, item.ties)
    _pair_dots(p, cell, item.banker_pair, item.player_pair)


def paint_derived_cell(p: QPainter, cell: QRectF, k: int, colour_letter: str) -> None:
    """A derived road mark of road ``k`` (1 big eye boy, 2 small road, 3 cockroach pig); ``colour_letter``
    ``R`` red or ``B`` blue, each its own shape.
    """
    colour = _road_colour(colour_letter)
    blue = colour_letter == "B"
    centre = cell.center()
    if k == 1:      # big eye boy: hollow circle (blue: dot in the middle)
        p.setPen(QPen(colour, max(1.2, cell.width() * 0.13)))
        p.setBrush(Qt.NoBrush)
        p.drawEllipse(_inset(cell, 0.15))
        if blue:
            p.setPen(Qt.NoPen)
            p.setBrush(colour)
            r = cell.width() * 0.11
            p.drawEllipse(centre, r, r)
    elif k == 2:    # small road: filled dot (blue: white hole in the middle)
        p.setPen(Qt.NoPen)
        p.setBrush(colour)
        p.drawEllipse(_inset(cell, 0.13))
        if blue:
            p.setBrush(QColor(COLOURS["paper"]))
            r = cell.width() * 0.12
            p.drawEllipse(centre, r, r)
    else:           # cockroach pig: slash (red "/", blue "\")
        pen = QPen(colour, max(1.5, cell.width() * 0.14))
        pen.setCapStyle(Qt.RoundCap)
        p.setPen(pen)
        inner = _inset(cell, 0.2)
        if blue:
            p.drawLine(inner.topLeft(), inner.bottomRight())
        else:
            p.drawLine(inner.bottomLeft(), inner.topRight())
    p.setBrush(Qt.NoBrush)


def road_names() -> dict[str, str]:
    """Each road's name on the board, translated."""
    return {
        "bead_plate": translate("RoadsView", "Bead plate"), "big_road": translate("RoadsView", "Big road"),
        "big_eye_boy": translate("RoadsView", "Big eye boy"), "small_road": translate("RoadsView", "Small road"),
        "cockroach_pig": translate("RoadsView", "Cockroach pig"),
    }


def stats_words(roads: Roads) -> list[tuple[str, str, int]]:
    """The shoe's statistics as the board's header and the table's display show them: ``(key, words in the
    screen's language, count)`` for the rounds, each winner, the pairs and the naturals, in that order.
    """
    s = roads.stats
    return [("rounds", translate("RoadsView", "Rounds"), s.rounds),
            ("banker", translate("RoadsView", "Banker"), s.banker),
            ("player", translate("RoadsView", "Player"), s.player), ("tie", translate("RoadsView", "Tie"), s.tie),
            ("banker_pair", translate("RoadsView", "B pair"), s.banker_pair),
            ("player_pair", translate("RoadsView", "P pair"), s.player_pair),
            ("natural", translate("RoadsView", "Naturals"), s.natural)]


def paint_header(p: QPainter, rect: QRectF, roads: Roads, stats: bool = True) -> None:
    """The board's header in ``rect``: the shoe's statistics (unless ``stats`` is False: the console shows them
    in its statistics box, in larger type), then the ask road (``B?`` and ``P?``, each with the derived marks
    the next banker or player result would add; ``–`` where none).
    """
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
                p.setFont(font(box * 0.6))
                p.drawText(cell, int(Qt.AlignCenter), "–")
        x -= box * 1.3
        tag = QRectF(x, rect.center().y() - box / 2, box * 1.2, box)
        p.setPen(Qt.NoPen)
        p.setBrush(winner_colour(winner))
        p.drawRoundedRect(tag, box * 0.2, box * 0.2)
        p.setBrush(Qt.NoBrush)
        p.setPen(QColor(COLOURS["paper"]))
        p.setFont(font(box * 0.6, bold=True))
        p.drawText(tag, int(Qt.AlignCenter), f"{hand_letter(winner)}?")
        x -= box * 0.5
    p.setPen(QColor(COLOURS["muted"]))
    p.setFont(font(rect.height() * 0.5, bold=True))
    ask = translate("RoadsView", "Ask")
    ask_w = p.fontMetrics().horizontalAdvance(ask) + box * 0.2
    x -= ask_w
    p.drawText(QRectF(x, rect.top(), ask_w, rect.height()), int(Qt.AlignLeft | Qt.AlignVCenter), ask)
    if not stats:
        return
    # statistics on the left, in the room that is left (the font shrinks to fit)
    text = "   ".join(f"{word} {count}" for _, word, count in stats_words(roads))
    room = x - rect.left() - box * 0.5
    pixels = rect.height() * STATS_FONT_SHARE
    p.setFont(font(pixels, bold=True))
    while pixels > 6 and p.fontMetrics().horizontalAdvance(text) > room > 0:  # longer words in other languages
        pixels = min(pixels - 0.5, pixels * room / p.fontMetrics().horizontalAdvance(text))
        p.setFont(font(pixels, bold=True))
    p.setPen(QColor(COLOURS["ink"]))
    # in a right-to-left language each count follows its word as the statistics box beside the board shows
    # it (the number left of the word), though the board itself is laid out left to right
    option = QTextOption(Qt.AlignLeft | Qt.AlignAbsolute | Qt.AlignVCenter)
    option.setTextDirection(QGuiApplication.layoutDirection())
    option.setWrapMode(QTextOption.WrapMode.NoWrap)
    p.drawText(QRectF(rect.left(), rect.top(), max(0.0, room), rect.height()), text, option)


def paint_legend(p: QPainter, rect: QRectF, roads: dict[str, Any]) -> None:
    """The legend of the derived roads' marks in ``rect``: under each derived road of ``roads`` (road name → its
    area: ``origin``, ``cell``, ``cols``), its red and its blue mark, each with the colour's name.

    Its font is :data:`LEGEND_FONT_SHARE` of the height, smaller where a road's legend would be wider than its grid.
    """
    if rect.height() < 6:
        return
    words = (("R", translate("RoadsView", "red")), ("B", translate("RoadsView", "blue")))
    box = rect.height() * 0.8
    cy = rect.center().y()
    for name, k in (("big_eye_boy", 1), ("small_road", 2), ("cockroach_pig", 3)):
        area = roads.get(name)
        if area is None:
            continue
        room = area.cols * area.cell
        pixels = rect.height() * LEGEND_FONT_SHARE
        p.setFont(font(pixels))
        while pixels > 6 and sum(box * 1.6 + p.fontMetrics().horizontalAdvance(w) for _l, w in words) > room:
            pixels -= 0.5
            p.setFont(font(pixels))
        x = area.origin.x()
        for letter, word in words:
            paint_derived_cell(p, QRectF(x, cy - box / 2, box, box), k, letter)
            x += box * 1.1
            p.setPen(QColor(COLOURS["ink"]))
            ww = p.fontMetrics().horizontalAdvance(word) + box * 0.5
            p.drawText(QRectF(x, rect.top(), ww, rect.height()), int(Qt.AlignLeft | Qt.AlignVCenter), word)
            x += ww


def page_marks(p: QPainter, area: Any, first: int, columns: int) -> None:
    """Which of a road's columns one page of a whole-shoe drawing holds, at the right of its label strip."""
    if columns <= 0:
        return
    last = min(columns, first + area.cols)
    text = f"columns {first + 1}–{last} of {columns}" if first < columns else f"all {columns} columns above"
    p.setPen(QColor(COLOURS["ink"]))
    p.setFont(font(area.label.height() * TITLE_FONT_SHARE, bold=True))
    right = QRectF(area.label.left(), area.label.top(), area.cols * area.cell, area.label.height())
    p.drawText(right, int(Qt.AlignRight | Qt.AlignVCenter), text)


def scroll_marks(p: QPainter, area: Any, first: int, columns: int) -> None:
    """``◀ N`` (N older columns out of view) and ``N ▶`` (newer) at the right of a road's label strip."""
    newer = max(0, columns - first - area.cols)
    text = "   ".join(t for t in (f"◀ {first}" if first else "", f"{newer} ▶" if newer else "") if t)
    if text:
        p.setPen(QColor(COLOURS["ink"]))
        p.setFont(font(area.label.height() * TITLE_FONT_SHARE, bold=True))
        right = QRectF(area.label.left(), area.label.top(), area.cols * area.cell, area.label.height())
        p.drawText(right, int(Qt.AlignRight | Qt.AlignVCenter), text)
