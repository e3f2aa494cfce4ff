"""The shoe's roadmaps: bead plate, big road, big eye boy, small road, cockroach pig and "ask road".

Rule source: the trade's roadmaps (as every baccarat table draws them; docs/roads.md) and docs/rules.md §2
(who wins a round). Everything here is pure: a sequence of round results of the current shoe goes in, a
:class:`Roads` value comes out.

Round results
    Each round is a :class:`RoundMark`: the winner letter ``B`` (Banker), ``P`` (Player) or ``T``
    (tie), plus optional pair and natural flags. :func:`as_mark` also accepts the letter itself, a
    :class:`~dealer_station.domain.outcome.Winner`, a
    :class:`~dealer_station.domain.outcome.RoundOutcome` or a result dict with a ``"winner"`` key
    (``"B"``/``"banker"``...), so the console can pass the controller's history directly.

Bead plate
    Every round, ties included, in 6 rows filled column by column: round ``i`` (0-based) sits at
    row ``i % 6``, column ``i // 6``.

Big road
    Logical columns of Banker/Player results: a new column starts when the winner changes. A tie is
    marked on the cell of the previous Banker/Player result (its ``ties`` count); ties before the
    shoe's first Banker/Player result are kept as ``leading_ties``. The displayed grid has 6 rows:
    a column goes down until it runs out of rows or meets an occupied cell, then turns right along
    that row (the "dragon tail"). Each logical column starts at the top row of the display column
    after the previous column's start (further right if that cell is taken by an older tail).

Derived roads (big eye boy k=1, small road k=2, cockroach pig k=3)
    Computed from the big road's *logical* columns (never from the drawn grid). Every Banker/Player
    result from the road's standard start cell on adds one entry:

    - it opens a new column: red (``R``) when the column just before it is as long as the column
      ``k + 1`` before it, else blue (``B``);
    - it continues a column at row ``m``: look at the column ``k`` before; red when that column has
      a cell at row ``m``, blue when it is exactly one short of row ``m``, red when it is shorter by
      two or more.

    The start cell follows from this: the first entry is the 2nd cell of column ``k + 1`` or, when
    that column has only one cell, the 1st cell of column ``k + 2`` (columns counted from 1). So big
    eye boy starts at column 2 row 2 or column 3 row 1, small road at column 3 row 2 or column 4
    row 1, cockroach pig at column 4 row 2 or column 5 row 1. Derived roads are drawn in 6-row
    grids by the big road's rule (new column when the colour changes, dragon tail).

Ask road
    What each derived road would show next if the next result were Banker, or Player (``R``, ``B``,
    or ``""`` when that road would not get an entry yet).

The package: :mod:`.marks` (a round's marks, read from any result), :mod:`.grids` (bead plate, big
road and the 6-row drawing rule), :mod:`.derived` (derived roads, ask road), :mod:`.compute` (statistics
and :class:`Roads`, every road of a shoe).
"""

from __future__ import annotations

from dealer_station.domain.roads.compute import Roads, RoadStats, compute_roads
from dealer_station.domain.roads.derived import DerivedRoad, ask_road, derived_entries_count, derived_road
from dealer_station.domain.roads.grids import BeadCell, BigRoad, BigRoadCell, GridCell, big_road_columns, draw_grid
from dealer_station.domain.roads.marks import (
    BANKER,
    DERIVED_ROADS,
    MARK_CODES,
    PLAYER,
    ROWS,
    TIE,
    RoadsError,
    RoundMark,
    as_mark,
    parse_sequence,
)

__all__ = [
    "BANKER",
    "DERIVED_ROADS",
    "MARK_CODES",
    "PLAYER",
    "ROWS",
    "TIE",
    "BeadCell",
    "BigRoad",
    "BigRoadCell",
    "DerivedRoad",
    "GridCell",
    "Roads",
    "RoadsError",
    "RoadStats",
    "RoundMark",
    "as_mark",
    "ask_road",
    "big_road_columns",
    "compute_roads",
    "derived_entries_count",
    "derived_road",
    "draw_grid",
    "parse_sequence",
]
