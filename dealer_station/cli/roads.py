"""``dealer-station roads SEQUENCE [--json] [--png FILE]``: the roads of a shoe from its winners.

SEQUENCE is the shoe's results as letters ``B`` (Banker), ``P`` (Player), ``T`` (tie), each optionally
followed by its marks in brackets (``B[bp,pn]``: ``bp`` banker pair, ``pp`` player pair, ``bn`` banker
natural, ``pn`` player natural); spaces are ignored, and the sequence may be split over several arguments.
Without ``--json`` a text summary is printed. ``--png FILE`` also draws the roads board, offscreen, as the
console shows it.
Rule source: docs/roads.md.
"""

from __future__ import annotations

import argparse
import json
import sys

from dealer_station.cli import CliError, echo
from dealer_station.domain.roads import ROWS, Roads, RoadsError, compute_roads, parse_sequence

NAME = "roads"
HELP = "show the bead plate, big road, derived roads and ask road of a sequence of B/P/T results"
DESCRIPTION = (
    "Compute the roadmaps of a shoe from its results: letters B (Banker), P (Player), T (tie), each "
    "optionally followed by marks in brackets: B[bp,pn] (bp banker pair, pp player pair, bn banker natural, "
    "pn player natural); spaces ignored. Prints a text summary, or JSON with --json (every road's grid "
    "cells under \"cells\"); --png FILE draws the roads board."
)


def register(parser: argparse.ArgumentParser) -> None:
    """Add the ``roads`` arguments to ``parser``."""
    parser.add_argument("sequence", nargs="+", metavar="SEQUENCE",
                        help="results, e.g. 'BBPT PB' or 'B[bp] P[pp,pn] T' (B, P, T; marks bp, pp, bn, pn)")
    parser.add_argument("--json", action="store_true", help="print the roads as JSON")
    parser.add_argument("--png", metavar="FILE", help="draw the roads board into the PNG file FILE")
    parser.add_argument("--size", metavar="WxH", default="1200x560", help="PNG size in pixels (default 1200x560)")


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise CliError(f"--size must be WIDTHxHEIGHT in pixels, e.g. 1200x560, not {text!r}") from None
    if w < 16 or h < 16 or w > 10000 or h > 10000:
        raise CliError(f"--size must be between 16x16 and 10000x10000 pixels, not {text!r}")
    return w, h


def _text_grid(cells: list[tuple[int, int, str]]) -> list[str]:
    cols = max((c for _, c, _ in cells), default=-1) + 1
    rows = [["."] * cols for _ in range(ROWS)]
    for r, c, letter in cells:
        rows[r][c] = letter
    return ["".join(row) for row in rows] if cols else ["(empty)"]


def _text(roads: Roads) -> str:
    s = roads.stats
    out = [f"rounds {s.rounds}: banker {s.banker}, player {s.player}, tie {s.tie}, "
           f"banker pair {s.banker_pair}, player pair {s.player_pair}, naturals {s.natural}"]
    out.append("bead plate:")
    out += ["  " + line for line in _text_grid([(b.row, b.col, b.mark.winner) for b in roads.bead_plate])]
    big = roads.big_road
    out.append(f"big road ({len(big.columns)} columns, leading ties {big.leading_ties}):")
    out += ["  " + line for line in _text_grid([(g.row, g.col, g.item.winner) for g in big.grid])]
    columns = " ".join(",".join(c.winner + (f"+{c.ties}T" if c.ties else "") for c in col) for col in big.columns)
    out.append(f"big road columns: {columns or '-'}")
    for road in roads.derived:
        out.append(f"{road.name.replace('_', ' ')} (R red, B blue): {road.marks or '-'}")
    words = {"R": "red", "B": "blue", "": "-"}
    for winner, who in (("B", "Banker"), ("P", "Player")):
        ask = roads.ask[winner]
        shown = ", ".join(f"{k.replace('_', ' ')} {words[v]}" for k, v in ask.items())
        out.append(f"ask {who}: {shown}")
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    """Compute and print the roads; 2 for a bad letter or an unwritable PNG."""
    try:
        marks = parse_sequence(" ".join(args.sequence))
    except RoadsError as err:
        raise CliError(str(err)) from None
    size = _size(args.size) if args.png else None
    roads = compute_roads(marks)
    if args.png:
        from dealer_station.console.roads_view import render_roads_png  # Qt only when drawing

        try:
            render_roads_png(roads, args.png, size=size)
        except (OSError, ValueError) as err:   # ValueError: roads too long to draw whole at that size
            raise CliError(str(err)) from None
    if args.json:
        json.dump(roads.to_json(), sys.stdout)
        sys.stdout.write("\n")
    else:
        echo(_text(roads))
    return 0
