"""The bead plate and the big road: where each round is drawn on a 6-row grid (the "dragon tail").

Rule source: see :mod:`dealer_station.domain.roads` (Bead plate, Big road).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from dealer_station.domain.roads.marks import ROWS, TIE, RoundMark, _Item

# --------------------------------------------------------------------------------------------------
# Bead plate and big road
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BeadCell:
    """One round on the bead plate: 0-based ``row`` (0–5), ``col`` and the round's ``index`` in the shoe."""

    row: int
    col: int
    index: int
    mark: RoundMark


@dataclass(frozen=True, slots=True)
class BigRoadCell:
    """A Banker or Player result on the big road.

    ``ties`` counts the ties that followed it before the next Banker/Player result. Pair and natural
    flags are those of this round (a tie's own flags show on the bead plate and in the statistics).
    ``index`` is the round's 0-based position in the shoe.
    """

    winner: str
    ties: int = 0
    banker_pair: bool = False
    player_pair: bool = False
    natural: bool = False
    index: int = 0


@dataclass(frozen=True, slots=True)
class GridCell:
    """A drawn cell: 0-based ``row`` (0–5, top to bottom), ``col`` (left to right) and its ``item``."""

    row: int
    col: int
    item: Any


@dataclass(frozen=True, slots=True)
class BigRoad:
    """The big road: logical ``columns`` of cells, ``leading_ties`` and the drawn 6-row ``grid``.

    ``grid[i]`` draws the i-th Banker/Player result of the shoe (column-major over ``columns``), its
    ``item`` is the :class:`BigRoadCell`.
    """

    columns: tuple[tuple[BigRoadCell, ...], ...]
    leading_ties: int
    grid: tuple[GridCell, ...]

    @property
    def lengths(self) -> tuple[int, ...]:
        """Number of cells in each logical column."""
        return tuple(len(c) for c in self.columns)


def big_road_columns(marks: Iterable[RoundMark]) -> tuple[list[list[BigRoadCell]], int]:
    """Group the shoe's results into the big road's logical columns.

    Parameters
    ----------
    marks : iterable of RoundMark
        The shoe's rounds in order.

    Returns
    -------
    (columns, leading_ties)
        ``columns`` is a list of columns, each a non-empty list of :class:`BigRoadCell` of one
        winner; ``leading_ties`` counts ties before the first Banker/Player result. Rule: docs/roads.md.
    """
    columns: list[list[BigRoadCell]] = []
    leading = 0
    for index, mark in enumerate(marks):
        if mark.winner == TIE:
            if not columns:
                leading += 1
            else:
                last = columns[-1][-1]
                columns[-1][-1] = BigRoadCell(last.winner, last.ties + 1, last.banker_pair, last.player_pair,
                                              last.natural, last.index)
            continue
        cell = BigRoadCell(mark.winner, 0, mark.banker_pair, mark.player_pair, mark.natural, index)
        if columns and columns[-1][0].winner == mark.winner:
            columns[-1].append(cell)
        else:
            columns.append([cell])
    return columns, leading


def draw_grid(columns: Sequence[Sequence[_Item]], rows: int = ROWS) -> list[GridCell]:
    """Draw logical columns into a grid of ``rows`` rows with dragon tails.

    Parameters
    ----------
    columns : sequence of sequences
        Logical columns (big road cells, or derived-road colours); items are copied into the grid.
    rows : int
        Rows of the grid (6 on every road).

    Returns
    -------
    list of GridCell
        One cell per item, in order. A column starts at the top row of the display column after the
        previous column's start (moving further right while that top cell is taken by an older
        tail); it goes down while the next row exists and is free, otherwise it turns right along
        its row, skipping cells already taken. No two cells share a position. Rule: docs/roads.md.
    """
    occupied: set[tuple[int, int]] = set()
    out: list[GridCell] = []
    start = -1
    for column in columns:
        if not column:
            continue
        start += 1
        while (0, start) in occupied:
            start += 1
        row, col = 0, start
        turned = False
        for n, item in enumerate(column):
            if n > 0:
                if not turned and row + 1 < rows and (row + 1, col) not in occupied:
                    row += 1
                else:
                    turned = True
                    col += 1
                    while (row, col) in occupied:
                        col += 1
            occupied.add((row, col))
            out.append(GridCell(row, col, item))
    return out
