"""Colour is never the only signal: with the colour taken away, each mark still has its own shape.

Each mark of tests/roads/test_roads_view.py's board is painted here alone, at the size the console draws
it at 1920x1080 (a big-road cell of about 30 pixels, a derived cell of DERIVED_MIN_CELL), then reduced to
where it is inked (any pixel clearly darker than the paper): banker, player and tie differ in shape.
"""

from __future__ import annotations

from itertools import combinations
from types import SimpleNamespace

import pytest

pytest.importorskip("PySide6")
from PySide6.QtCore import QRectF  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402

from dealer_station.console.road_marks import (  # noqa: E402
    COLOURS,
    paint_bead,
    paint_big_road_cell,
    paint_derived_cell,
)
from dealer_station.console.roads_view import DERIVED_MIN_CELL, _ensure_gui_app  # noqa: E402

BIG = 30


def _shape(paint, size: int) -> frozenset[tuple[int, int]]:
    """The inked pixels of one mark painted by ``paint(painter, cell)`` in a ``size``-pixel cell."""
    _ensure_gui_app()
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(QColor(COLOURS["paper"]))
    p = QPainter(image)
    try:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        paint(p, QRectF(0, 0, size, size))
    finally:
        p.end()
    inked = set()
    for y in range(size):
        for x in range(size):
            c = QColor(image.pixel(x, y))
            if c.red() + c.green() + c.blue() < 600:
                inked.add((x, y))
    return frozenset(inked)


def _differ(a: frozenset, b: frozenset, share: float) -> bool:
    return len(a ^ b) > share * max(len(a), len(b))


def _mark(winner: str, ties: int = 0):
    return SimpleNamespace(winner=winner, ties=ties, banker_pair=False, player_pair=False)


def test_bead_plate_banker_player_and_tie_differ_in_shape():
    shapes = {w: _shape(lambda p, cell, w=w: paint_bead(p, cell, _mark(w)), BIG) for w in "BPT"}
    for a, b in combinations("BPT", 2):
        assert _differ(shapes[a], shapes[b], 0.05), (a, b)  # the letter inside the bead


def test_big_road_banker_player_and_a_tie_differ_in_shape():
    shapes = {"B": _shape(lambda p, c: paint_big_road_cell(p, c, _mark("B")), BIG),
              "P": _shape(lambda p, c: paint_big_road_cell(p, c, _mark("P")), BIG),
              "B+tie": _shape(lambda p, c: paint_big_road_cell(p, c, _mark("B", ties=1)), BIG)}
    for a, b in combinations(shapes, 2):
        assert _differ(shapes[a], shapes[b], 0.05), (a, b)


@pytest.mark.parametrize(("k", "road"), [(1, "big eye boy"), (2, "small road"), (3, "cockroach pig")])
def test_derived_red_and_blue_differ_in_shape_at_the_consoles_size(k, road):
    size = int(DERIVED_MIN_CELL)
    red = _shape(lambda p, c: paint_derived_cell(p, c, k, "R"), size)
    blue = _shape(lambda p, c: paint_derived_cell(p, c, k, "B"), size)
    assert red and blue
    assert _differ(red, blue, 0.1), road
