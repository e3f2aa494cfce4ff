"""Reading a roads PNG back: is every cell of every road inked where the board puts it, and every empty cell not?

A whole-shoe PNG (:func:`dealer_station.console.roads_view.render_roads_png`) stacks boards of one size; a
road's column ``c`` is on the board whose window (:func:`~dealer_station.console.roads_view.whole_pages`)
holds it. :func:`undrawn_cells` names every occupied cell of every road found blank at its place.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from dealer_station.console.roads_view import board_layout, whole_pages
from dealer_station.domain.roads import Roads


def pixels(image: QImage) -> np.ndarray:
    """H x W x 3 uint8 RGB array of the image."""
    img = image.convertToFormat(QImage.Format_RGB888)
    w, h, stride = img.width(), img.height(), img.bytesPerLine()
    raw = np.frombuffer(img.constBits(), dtype=np.uint8, count=stride * h).reshape(h, stride)
    return raw[:, : w * 3].reshape(h, w, 3).copy()


def road_cells(roads: Roads) -> dict[str, set[tuple[int, int]]]:
    """Every occupied ``(row, col)`` of each road, by the board's road names."""
    out = {"bead_plate": {(b.row, b.col) for b in roads.bead_plate},
           "big_road": {(g.row, g.col) for g in roads.big_road.grid}}
    for road in roads.derived:
        out[road.name] = {(g.row, g.col) for g in road.grid}
    return out


def _inked(px: np.ndarray, rect: QRectF) -> int:
    """Pixels clearly darker than the paper inside ``rect`` (its border, the grid lines, left out)."""
    inset = max(2, int(rect.width() * 0.2))
    x0, y0 = int(rect.left()) + inset, int(rect.top()) + inset
    x1, y1 = int(rect.right()) - inset, int(rect.bottom()) - inset
    return int((px[y0:y1, x0:x1].astype(int).sum(axis=2) < 600).sum())


def undrawn_cells(image: QImage, roads: Roads, size: tuple[int, int]) -> list[str]:
    """Every occupied cell of ``roads`` blank in ``image`` (boards of ``size`` stacked), and every empty cell
    inked, as ``"big_road row 2 col 30"``; an empty list when the image draws the whole shoe as it is.
    Also a line when the image is not as high as the boards :func:`whole_pages` needs.
    """
    width, height = size
    pages = whole_pages(roads, size)
    problems = []
    if (image.width(), image.height()) != (width, height * len(pages)):
        problems.append(f"image {image.width()} x {image.height()}, not {len(pages)} boards of {width} x {height}")
        return problems
    px = pixels(image)
    for name, cells in road_cells(roads).items():
        for page, firsts in enumerate(pages):
            area = board_layout(QRectF(0, page * height, width, height)).roads[name]
            first = firsts[name]
            for col in range(first, first + area.cols):
                for row in range(6):
                    rect = QRectF(area.origin.x() + (col - first) * area.cell, area.origin.y() + row * area.cell,
                                  area.cell, area.cell)
                    ink = _inked(px, rect)
                    if (row, col) in cells and ink == 0:
                        problems.append(f"{name} row {row} col {col} not drawn (board {page + 1})")
                    elif (row, col) not in cells and ink and name != "big_road":   # a tie slash may cross
                        problems.append(f"{name} row {row} col {col} inked but empty (board {page + 1})")
    return problems
