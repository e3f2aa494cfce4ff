"""The shoe's roadmaps: bead plate, big road, big eye boy, small road, cockroach pig and "ask road".

Rule source: issue 6 ("Roadmaps") and RULES.md §2 (who wins a round). Everything here is pure: a
sequence of round results of the current shoe goes in, a :class:`Roads` value comes out.

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
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from dealer_station.domain.errors import DomainError
from dealer_station.domain.outcome import Winner

__all__ = [
    "BANKER",
    "DERIVED_ROADS",
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

BANKER = "B"
PLAYER = "P"
TIE = "T"
RED = "R"
BLUE = "B"

ROWS = 6
"""Rows of every drawn road (bead plate, big road and the derived roads)."""

DERIVED_ROADS: tuple[tuple[str, int], ...] = (("big_eye_boy", 1), ("small_road", 2), ("cockroach_pig", 3))
"""The derived roads in display order, each with its ``k`` (how many columns back it compares)."""

_WINNER_WORDS = {
    "B": BANKER, "BANKER": BANKER,
    "P": PLAYER, "PLAYER": PLAYER,
    "T": TIE, "TIE": TIE,
}

_Item = TypeVar("_Item")


class RoadsError(DomainError):
    """A round result the roads cannot place: an unknown winner letter or value (issue 6)."""


@dataclass(frozen=True, slots=True)
class RoundMark:
    """One round of the shoe as the roads see it.

    Parameters
    ----------
    winner : str
        ``"B"`` (Banker), ``"P"`` (Player) or ``"T"`` (tie); RULES.md §2.
    banker_pair, player_pair : bool
        Banker's / Player's first two cards have the same rank (RULES.md §3).
    banker_natural, player_natural : bool
        Banker's / Player's first two cards total 8 or 9 (RULES.md §2).

    Raises
    ------
    RoadsError
        When ``winner`` is not one of ``B``, ``P``, ``T``.
    """

    winner: str
    banker_pair: bool = False
    player_pair: bool = False
    banker_natural: bool = False
    player_natural: bool = False

    def __post_init__(self) -> None:
        if self.winner not in (BANKER, PLAYER, TIE):
            raise RoadsError(f"winner must be 'B', 'P' or 'T', not {self.winner!r}")

    @property
    def natural(self) -> bool:
        """Either hand has a natural."""
        return self.banker_natural or self.player_natural


def _winner_letter(value: Any) -> str:
    if isinstance(value, Winner):
        return value.letter
    if isinstance(value, str):
        letter = _WINNER_WORDS.get(value.strip().upper())
        if letter is not None:
            return letter
    raise RoadsError(f"not a round winner: {value!r} (expected B, P or T)")


def as_mark(result: Any) -> RoundMark:
    """Turn one round result into a :class:`RoundMark`.

    Parameters
    ----------
    result : RoundMark, str, Winner, RoundOutcome or Mapping
        A mark; a winner letter or word (``"B"``, ``"banker"``, case-insensitive); a
        :class:`~dealer_station.domain.outcome.Winner`; any object with a ``winner`` attribute and
        optional ``banker_pair``, ``player_pair``, ``banker_natural``, ``player_natural`` attributes
        (e.g. a ``RoundOutcome``); or a mapping with a ``"winner"`` key and the same optional keys
        (e.g. ``RoundOutcome.flags()`` or the controller's result record).

    Returns
    -------
    RoundMark

    Raises
    ------
    RoadsError
        When the winner cannot be read.
    """
    if isinstance(result, RoundMark):
        return result
    if isinstance(result, (str, Winner)):
        return RoundMark(_winner_letter(result))
    if isinstance(result, Mapping):
        if "winner" not in result:
            raise RoadsError(f"round result has no 'winner': {dict(result)!r}")
        get = result.get
    elif hasattr(result, "winner"):
        def get(name: str, default: Any = None) -> Any:
            return getattr(result, name, default)
    else:
        raise RoadsError(f"not a round result: {result!r}")
    return RoundMark(
        _winner_letter(get("winner")),
        banker_pair=bool(get("banker_pair", False)),
        player_pair=bool(get("player_pair", False)),
        banker_natural=bool(get("banker_natural", False)),
        player_natural=bool(get("player_natural", False)),
    )


def parse_sequence(text: str) -> list[RoundMark]:
    """Read a sequence of winner letters such as ``"BBP T PB"``.

    Parameters
    ----------
    text : str
        Letters ``B``, ``P``, ``T`` (upper or lower case); whitespace is ignored.

    Returns
    -------
    list of RoundMark
        One mark per letter, in order, without pair or natural flags.

    Raises
    ------
    RoadsError
        Naming the first character that is not ``B``, ``P`` or ``T`` and its 1-based position.
    """
    marks = []
    for pos, char in enumerate(text, start=1):
        if char.isspace():
            continue
        letter = char.upper()
        if letter not in (BANKER, PLAYER, TIE):
            raise RoadsError(f"bad letter {char!r} at position {pos}: use B (Banker), P (Player), T (tie)")
        marks.append(RoundMark(letter))
    return marks


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
        winner; ``leading_ties`` counts ties before the first Banker/Player result. Rule: issue 6.
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
        its row, skipping cells already taken. No two cells share a position. Rule: issue 6.
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
        Rule: issue 6 (the new-column and the continue-column comparisons).

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
    more once ``c >= k + 2``. Rule: issue 6 (standard start cells).
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
        ``"B"``, or ``""`` when the road would get no entry. Rule: issue 6.

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


# --------------------------------------------------------------------------------------------------
# Statistics and the whole model
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoadStats:
    """Counts over the shoe's rounds (issue 6): results, pairs (rounds with that pair) and naturals.

    ``natural`` counts rounds where either hand had a natural.
    """

    rounds: int = 0
    banker: int = 0
    player: int = 0
    tie: int = 0
    banker_pair: int = 0
    player_pair: int = 0
    banker_natural: int = 0
    player_natural: int = 0
    natural: int = 0

    def to_json(self) -> dict[str, int]:
        """The counts as a plain dict."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _stats(marks: Sequence[RoundMark]) -> RoadStats:
    return RoadStats(
        rounds=len(marks),
        banker=sum(m.winner == BANKER for m in marks),
        player=sum(m.winner == PLAYER for m in marks),
        tie=sum(m.winner == TIE for m in marks),
        banker_pair=sum(m.banker_pair for m in marks),
        player_pair=sum(m.player_pair for m in marks),
        banker_natural=sum(m.banker_natural for m in marks),
        player_natural=sum(m.player_natural for m in marks),
        natural=sum(m.natural for m in marks),
    )


@dataclass(frozen=True, slots=True)
class Roads:
    """Every road of one shoe, computed by :func:`compute_roads`.

    Attributes
    ----------
    marks : tuple of RoundMark
        The rounds the roads were computed from.
    bead_plate : tuple of BeadCell
        Every round, 6 rows, column-major.
    big_road : BigRoad
    big_eye_boy, small_road, cockroach_pig : DerivedRoad
    ask : dict
        ``{"B": {...}, "P": {...}}``, see :func:`ask_road`.
    stats : RoadStats
    """

    marks: tuple[RoundMark, ...]
    bead_plate: tuple[BeadCell, ...]
    big_road: BigRoad
    big_eye_boy: DerivedRoad
    small_road: DerivedRoad
    cockroach_pig: DerivedRoad
    ask: dict[str, dict[str, str]] = field(default_factory=dict)
    stats: RoadStats = field(default_factory=RoadStats)

    @property
    def derived(self) -> tuple[DerivedRoad, DerivedRoad, DerivedRoad]:
        """The three derived roads in display order (k = 1, 2, 3)."""
        return (self.big_eye_boy, self.small_road, self.cockroach_pig)

    def to_json(self) -> dict[str, Any]:
        """The roads as the JSON document of ``dealer-station roads --json`` (issue 6).

        Shape::

            {"bead_plate": [[row, col, "B"], ...],
             "big_road": {"columns": [[{"winner": "B", "ties": 0}, ...], ...],
                          "leading_ties": n, "grid": [[row, col, "B"], ...]},
             "big_eye_boy": "RRB...", "small_road": "...", "cockroach_pig": "...",
             "ask": {"B": {"big_eye_boy": "R", "small_road": "", "cockroach_pig": ""}, "P": {...}},
             "stats": {"rounds": n, "banker": n, "player": n, "tie": n, "banker_pair": n,
                       "player_pair": n, "banker_natural": n, "player_natural": n, "natural": n}}

        Rows and columns are 0-based, rows top to bottom.
        """
        return {
            "bead_plate": [[c.row, c.col, c.mark.winner] for c in self.bead_plate],
            "big_road": {
                "columns": [[{"winner": c.winner, "ties": c.ties} for c in column]
                            for column in self.big_road.columns],
                "leading_ties": self.big_road.leading_ties,
                "grid": [[g.row, g.col, g.item.winner] for g in self.big_road.grid],
            },
            "big_eye_boy": self.big_eye_boy.marks,
            "small_road": self.small_road.marks,
            "cockroach_pig": self.cockroach_pig.marks,
            "ask": {w: dict(v) for w, v in self.ask.items()},
            "stats": self.stats.to_json(),
        }


def compute_roads(results: Iterable[Any]) -> Roads:
    """Compute every road of a shoe from its round results.

    Parameters
    ----------
    results : iterable
        The shoe's rounds in order; each anything :func:`as_mark` accepts (a ``RoundMark``, a
        letter ``"B"``/``"P"``/``"T"``, a ``Winner``, a ``RoundOutcome``, a result dict). A string
        is read as a sequence of letters (see :func:`parse_sequence`).

    Returns
    -------
    Roads

    Raises
    ------
    RoadsError
        When a result cannot be read (nothing is computed from a partly bad shoe).
    """
    if isinstance(results, str):
        marks = tuple(parse_sequence(results))
    else:
        marks = tuple(as_mark(r) for r in results)
    bead = tuple(BeadCell(i % ROWS, i // ROWS, i, m) for i, m in enumerate(marks))
    columns, leading = big_road_columns(marks)
    big = BigRoad(
        columns=tuple(tuple(c) for c in columns),
        leading_ties=leading,
        grid=tuple(draw_grid(columns)),
    )
    lengths = big.lengths
    derived = []
    for name, k in DERIVED_ROADS:
        road_marks = derived_road(lengths, k)
        derived.append(DerivedRoad(name, k, road_marks, tuple(draw_grid(_colour_columns(road_marks)))))
    last = columns[-1][0].winner if columns else None
    ask = {w: ask_road(lengths, last, w) for w in (BANKER, PLAYER)}
    return Roads(marks, bead, big, derived[0], derived[1], derived[2], ask, _stats(marks))
