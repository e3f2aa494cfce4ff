"""The roads of one shoe: statistics and every road together, computed from its round results.

Rule source: see :mod:`dealer_station.domain.roads`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from dealer_station.domain.roads.derived import DerivedRoad, _colour_columns, ask_road, derived_road
from dealer_station.domain.roads.grids import BeadCell, BigRoad, big_road_columns, draw_grid
from dealer_station.domain.roads.marks import (
    BANKER,
    BLUE,
    DERIVED_ROADS,
    PLAYER,
    RED,
    ROWS,
    TIE,
    RoundMark,
    as_mark,
    parse_sequence,
)

# --------------------------------------------------------------------------------------------------
# Statistics and the whole model
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoadStats:
    """Counts over the shoe's rounds: results, pairs (rounds with that pair) and naturals.

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

    def columns(self) -> dict[str, int]:
        """How many drawn columns each road fills: ``{"bead_plate": 12, "big_road": 28, "big_eye_boy": 30,
        "small_road": 26, "cockroach_pig": 29}`` (0 for an empty road), in display order.
        """
        out = {"bead_plate": (len(self.bead_plate) + ROWS - 1) // ROWS,
               "big_road": max((g.col for g in self.big_road.grid), default=-1) + 1}
        for road in self.derived:
            out[road.name] = max((g.col for g in road.grid), default=-1) + 1
        return out

    def to_json(self) -> dict[str, Any]:
        """The roads as the JSON document of ``dealer-station roads --json``.

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
            "cells": self.cells(),
        }

    def cells(self) -> dict[str, list[dict[str, Any]]]:
        """Every road as the grid cells the console draws, oldest first (``roads --json``'s ``"cells"``).

        Returns
        -------
        dict
            ``{"bead_plate": [...], "big_road": [...], "big_eye_boy": [...], "small_road": [...],
            "cockroach_pig": [...]}``. Each cell is a dict with 0-based ``col`` (left to right) and
            ``row`` (0–5, top to bottom), the positions of the full grid; the console shows the
            newest columns that fit. Bead plate and big road cells add ``winner`` (``"B"``, ``"P"``,
            ``"T"``), ``banker_pair``, ``player_pair`` and ``natural``, and the round's 0-based
            ``round`` in the shoe; big road cells add ``ties`` (ties marked on that cell); derived
            road cells have ``colour``: ``"red"`` or ``"blue"``.
        """
        def marks(mark: Any) -> dict[str, Any]:
            return {"banker_pair": mark.banker_pair, "player_pair": mark.player_pair, "natural": mark.natural}

        out: dict[str, list[dict[str, Any]]] = {
            "bead_plate": [{"col": c.col, "row": c.row, "winner": c.mark.winner, **marks(c.mark), "round": c.index}
                           for c in self.bead_plate],
            "big_road": [{"col": g.col, "row": g.row, "winner": g.item.winner, "ties": g.item.ties,
                          **marks(g.item), "round": g.item.index} for g in self.big_road.grid],
        }
        colours = {RED: "red", BLUE: "blue"}
        for road in self.derived:
            out[road.name] = [{"col": g.col, "row": g.row, "colour": colours[g.item]} for g in road.grid]
        return out


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
