"""The derived roads (big eye boy, small road, cockroach pig) and the ask road.

Rule source: see :mod:`dealer_station.domain.roads` (Derived roads, Ask road).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dealer_station.domain.roads.grids import GridCell
from dealer_station.domain.roads.marks import BANKER, BLUE, DERIVED_ROADS, PLAYER, RED, RoadsError

# --------------------------------------------------------------------------------------------------
# Derived roads
# --------------------------------------------------------------------------------------------------


def _entry_colour(lengths: Sequence[int], col: int, row: int, k: int) -> str | None:
    """Colour of the derived-road entry for the big-road cell at logical ``col``/``row`` (0-based).

    ``lengths`` are the logical column lengths, where every column before ``col`` is complete.
    Returns None when the cell is before the road's start cell.
    """
    if row == 0:
        if col < k + 1:
            return None
        return RED if lengths[col - 1] == lengths[col - 1 - k] else BLUE
    if col < k:
        return None
    other = lengths[col - k]
    if other > row:          # that column has a cell at row m
        return RED
    if other == row:         # exactly one short of row m
        return BLUE
    return RED               # shorter by two or more


def derived_road(lengths: Sequence[int], k: int) -> str:
    """The entries of a derived road from the big road's logical column lengths.

    Parameters
    ----------
    lengths : sequence of int
        Number of cells of each logical big-road column, in order (each >= 1).
    k : int
        1 big eye boy, 2 small road, 3 cockroach pig.

    Returns
    -------
    str
        ``R`` (red) and ``B`` (blue) letters, one per big-road result from the road's start cell on.
        Rule: docs/roads.md (the new-column and the continue-column comparisons).

    Raises
    ------
    RoadsError
        When ``k`` is not 1, 2 or 3.
    """
    if k not in (1, 2, 3):
        raise RoadsError(f"derived road k must be 1, 2 or 3, not {k!r}")
    out = []
    for col, length in enumerate(lengths):
        for row in range(length):
            colour = _entry_colour(lengths, col, row, k)
            if colour is not None:
                out.append(colour)
    return "".join(out)


def derived_entries_count(lengths: Sequence[int], k: int) -> int:
    """How many entries a derived road has, from the big road's logical column lengths alone.

    Column ``c`` (1-based) adds ``len - 1`` entries once ``c >= k + 1`` and its first cell adds one
    more once ``c >= k + 2``. Rule: docs/roads.md (standard start cells).
    """
    total = 0
    for col, length in enumerate(lengths, start=1):
        if col >= k + 1:
            total += length - 1
        if col >= k + 2:
            total += 1
    return total


def _colour_columns(marks: str) -> list[list[str]]:
    columns: list[list[str]] = []
    for colour in marks:
        if columns and columns[-1][0] == colour:
            columns[-1].append(colour)
        else:
            columns.append([colour])
    return columns


@dataclass(frozen=True, slots=True)
class DerivedRoad:
    """A derived road: its ``name``, ``k``, the ``marks`` string (``R``/``B``) and its drawn ``grid``.

    ``grid`` items are ``"R"`` or ``"B"``; a new grid column starts when the colour changes.
    """

    name: str
    k: int
    marks: str
    grid: tuple[GridCell, ...]

    @property
    def columns(self) -> list[list[str]]:
        """The marks grouped into logical columns of one colour."""
        return _colour_columns(self.marks)


def ask_road(lengths: Sequence[int], last_winner: str | None, next_winner: str) -> dict[str, str]:
    """What each derived road would show next if the next result were ``next_winner``.

    Parameters
    ----------
    lengths : sequence of int
        The big road's logical column lengths.
    last_winner : str or None
        Winner of the big road's last column (``"B"``/``"P"``), None for an empty big road.
    next_winner : str
        ``"B"`` or ``"P"``.

    Returns
    -------
    dict
        ``{"big_eye_boy": c, "small_road": c, "cockroach_pig": c}`` with ``c`` one of ``"R"``,
        ``"B"``, or ``""`` when the road would get no entry. Rule: docs/roads.md.

    Raises
    ------
    RoadsError
        When ``next_winner`` is not ``"B"`` or ``"P"``.
    """
    if next_winner not in (BANKER, PLAYER):
        raise RoadsError(f"ask road is for B or P, not {next_winner!r}")
    lengths = list(lengths)
    if not lengths or last_winner is None:
        return {name: "" for name, _ in DERIVED_ROADS}
    if next_winner == last_winner:
        col, row = len(lengths) - 1, lengths[-1]
        lengths[-1] += 1
    else:
        col, row = len(lengths), 0
        lengths.append(1)
    return {name: _entry_colour(lengths, col, row, k) or "" for name, k in DERIVED_ROADS}
