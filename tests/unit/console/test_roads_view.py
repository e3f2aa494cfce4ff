"""The roads board: offscreen PNG and the RoadsView widget.

Colours are checked inside each road's grid (the legend always shows both colours), and shapes are
checked with the colour taken away: colour is never the only signal.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage

from dealer_station.console.roads_view import COLOURS, RoadsView, board_layout, render_roads_png
from dealer_station.domain.roads import RoadsError
from tests.support.roads_pixels import pixels as _pixels

SIZE = (900, 420)


def _crop(px: np.ndarray, rect: QRectF) -> np.ndarray:
    x0, y0 = int(rect.left()) + 1, int(rect.top()) + 1
    x1, y1 = int(rect.right()) - 1, int(rect.bottom()) - 1
    return px[y0:y1, x0:x1]


def _count_colour(px: np.ndarray, hex_colour: str, tolerance: int = 40) -> int:
    c = QColor(hex_colour)
    target = np.array([c.red(), c.green(), c.blue()], dtype=int)
    return int((np.abs(px.astype(int) - target).sum(axis=2) < tolerance).sum())


def _render(tmp_path, sequence, name="r.png", size=SIZE) -> tuple[np.ndarray, object]:
    path = render_roads_png(sequence, tmp_path / name, size=size)
    image = QImage(str(path))
    assert not image.isNull()
    return _pixels(image), board_layout(QRectF(0, 0, size[0], size[1]))


def test_png_has_the_asked_size_and_is_not_blank(tmp_path):
    path = render_roads_png("BBPT", tmp_path / "a.png", size=(640, 300))
    assert path.stat().st_size > 1000
    image = QImage(str(path))
    assert (image.width(), image.height()) == (640, 300)
    px = _pixels(image)
    assert (px.sum(axis=2) < 600).sum() > 500          # plenty of non-white pixels


@pytest.mark.parametrize("road", ["bead_plate", "big_road"])
def test_both_colours_drawn_for_a_sequence_with_both(tmp_path, road):
    px, layout = _render(tmp_path, "BBPBPPT")
    grid = _crop(px, layout.roads[road].grid)
    assert _count_colour(grid, COLOURS["banker"]) > 50
    assert _count_colour(grid, COLOURS["player"]) > 50


@pytest.mark.parametrize("road", ["bead_plate", "big_road"])
def test_only_red_drawn_for_banker_only(tmp_path, road):
    px, layout = _render(tmp_path, "BBBBBBBBB")
    grid = _crop(px, layout.roads[road].grid)
    assert _count_colour(grid, COLOURS["banker"]) > 50
    assert _count_colour(grid, COLOURS["player"]) == 0


def test_derived_roads_draw_their_colours(tmp_path):
    px, layout = _render(tmp_path, "BBPPBBPPP")      # big eye boy RRRRRB, small road RRRB, cockroach RB
    for name in ("big_eye_boy", "small_road", "cockroach_pig"):
        grid = _crop(px, layout.roads[name].grid)
        assert _count_colour(grid, COLOURS["banker"]) > 5, name
        assert _count_colour(grid, COLOURS["player"]) > 5, name
    px, layout = _render(tmp_path, "PBPBPB", "b.png")  # all red
    grid = _crop(px, layout.roads["big_eye_boy"].grid)
    assert _count_colour(grid, COLOURS["banker"]) > 5
    assert _count_colour(grid, COLOURS["player"]) == 0


def _shape(px: np.ndarray, rect: QRectF) -> np.ndarray:
    """Where the cell is inked, colour taken away (anything clearly darker than the paper)."""
    return _crop(px, rect).astype(int).sum(axis=2) < 600


def _first_cell(layout, road: str) -> QRectF:
    area = layout.roads[road]
    return QRectF(area.origin.x(), area.origin.y(), area.cell, area.cell)


@pytest.mark.parametrize("road", ["bead_plate", "big_road"])
def test_banker_and_player_differ_without_colour(tmp_path, road):
    b_px, layout = _render(tmp_path, "B", "b.png")
    p_px, _ = _render(tmp_path, "P", "p.png")
    b, p = _shape(b_px, _first_cell(layout, road)), _shape(p_px, _first_cell(layout, road))
    assert b.sum() > 0 and p.sum() > 0
    assert (b != p).sum() > 0.02 * b.size


@pytest.mark.parametrize(
    ("road", "red_sequence", "blue_sequence"),
    [("big_eye_boy", "BPB", "BBPB"), ("small_road", "BPBP", "BBPBP"), ("cockroach_pig", "BPBPB", "BBPBPB")],
)
def test_derived_red_and_blue_differ_without_colour(tmp_path, road, red_sequence, blue_sequence):
    r_px, layout = _render(tmp_path, red_sequence, "r.png")
    b_px, _ = _render(tmp_path, blue_sequence, "b.png")
    r, b = _shape(r_px, _first_cell(layout, road)), _shape(b_px, _first_cell(layout, road))
    assert r.sum() > 0 and b.sum() > 0
    assert (r != b).sum() > 0.03 * r.size


def _shoe_results(n: int = 80, seed: int = 3) -> str:
    """A shoe's results as letters, about as often as the game gives them (B 46 %, P 45 %, T 9 %)."""
    import random

    rng = random.Random(seed)
    return "".join(rng.choices("BPT", weights=(46, 45, 9), k=n))


def test_a_whole_shoe_png_draws_every_column_of_every_road(tmp_path):
    """80 rounds fill more columns of every road than one board holds: the PNG stacks boards until every
    column is drawn, each cell where the board puts it, and says on each road which columns a board holds."""
    from dealer_station.console.roads_view import road_columns, whole_pages
    from dealer_station.domain.roads import compute_roads
    from tests.support.roads_pixels import undrawn_cells

    roads = compute_roads(_shoe_results())
    layout = board_layout(QRectF(0, 0, *SIZE))
    for name, area in layout.roads.items():
        assert road_columns(roads, name) > area.cols, name   # one board cuts every road
    pages = whole_pages(roads, SIZE)
    assert len(pages) >= 2
    path = render_roads_png(roads, tmp_path / "shoe.png", size=SIZE)
    assert undrawn_cells(QImage(str(path)), roads, SIZE) == []


def test_a_shoe_that_fits_is_one_board_of_the_asked_size(tmp_path):
    from dealer_station.console.roads_view import whole_pages
    from dealer_station.domain.roads import compute_roads

    roads = compute_roads("BBPPTBPB")
    assert whole_pages(roads, SIZE) == [dict.fromkeys(board_layout(QRectF(0, 0, *SIZE)).roads, 0)]
    path = render_roads_png(roads, tmp_path / "short.png", size=SIZE)
    from tests.support.roads_pixels import undrawn_cells

    assert undrawn_cells(QImage(str(path)), roads, SIZE) == []


def test_roads_too_long_to_draw_whole_are_refused_not_cut(tmp_path):
    with pytest.raises(ValueError, match="every column"):
        render_roads_png("BP" * 20000, tmp_path / "x.png", size=(640, 300))
    assert not (tmp_path / "x.png").exists()


def test_png_refuses_a_tiny_size(tmp_path):
    with pytest.raises(ValueError):
        render_roads_png("BP", tmp_path / "x.png", size=(4, 4))


def test_png_bad_result_raises_roads_error(tmp_path):
    with pytest.raises(RoadsError):
        render_roads_png(["B", "Q"], tmp_path / "x.png")
    assert not (tmp_path / "x.png").exists()


def test_widget_shows_controller_history(qtbot):
    view = RoadsView()
    qtbot.addWidget(view)
    view.resize(*SIZE)
    view.set_results(("B", "P", "T", "P"))
    assert view.roads().stats.rounds == 4
    assert view.roads().big_road.lengths == (1, 2)
    px = _pixels(view.grab().toImage())
    assert px.shape[:2] == (SIZE[1], SIZE[0])
    layout = board_layout(QRectF(0, 0, *SIZE))
    grid = _crop(px, layout.roads["big_road"].grid)
    assert _count_colour(grid, COLOURS["banker"]) > 50
    assert _count_colour(grid, COLOURS["player"]) > 50
    assert "big eye boy" in view.accessibleDescription()


def test_widget_keeps_previous_roads_on_bad_input(qtbot):
    view = RoadsView()
    qtbot.addWidget(view)
    view.set_results("BBP")
    with pytest.raises(RoadsError):
        view.set_results(["B", "nonsense"])
    assert view.roads().stats.rounds == 3
    view.clear()
    assert view.roads().stats.rounds == 0
