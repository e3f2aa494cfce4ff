"""``dealer-station report [--journal DB | --ledger URL [--table ID ...]] [--shoe N | --from TIME --to TIME]
[--by shoe|dealer|table|day] [--csv FILE] [--html FILE] [--json]``: statistics for the pit and the regulator,
from the journal alone, or from the platform's ledger of every table (its events folded into the same records:
:mod:`dealer_station.platform.ledger_records`).

Rounds, results, pairs and naturals, voids and their reasons, misreads per 1,000 cards, incidents by type,
rounds per hour and the time a round takes (first card scan to confirmation: p50, p90, max), per table,
shoe and dealer. The journal's hash chain is verified first and every output says to which row
("journal verified to seq N"). Definitions and the CSV columns: docs/reports.md.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from dealer_station.cli import CliError, echo
from dealer_station.cli._records import add_journal_arguments, load

NAME = "report"
HELP = "statistics of the journal's rounds by shoe or dealer (text, JSON, CSV, HTML with each shoe's roads)"
DESCRIPTION = (
    "Count the journal's rounds: results, pairs and naturals, voids and their reasons, misreads per 1,000 "
    "cards, incidents by type, rounds per hour and the time a round takes, per table, shoe and dealer. "
    "The hash chain is verified first. Definitions and CSV columns: docs/reports.md."
)


def register(parser) -> None:
    """Add the ``report`` arguments."""
    parser.add_argument("--shoe", type=int, default=None, metavar="N", help="only shoe N")
    parser.add_argument("--from", dest="start", default=None, metavar="TIME",
                        help="only rounds whose betting opened at or after TIME (ISO-8601, UTC unless a zone is "
                             "given: 2026-11-30T04:00:00Z, 2026-11-30)")
    parser.add_argument("--to", dest="end", default=None, metavar="TIME", help="only rounds opened before TIME")
    parser.add_argument("--by", choices=("shoe", "dealer", "table", "day"), default="shoe",
                        help="one block per shoe (default), dealer, table or UTC day")
    parser.add_argument("--csv", metavar="FILE", help="write one row per (table, shoe, dealer) group to FILE")
    parser.add_argument("--html", metavar="FILE", help="write a self-contained HTML report (each shoe's roads "
                                                       "drawn in it) to FILE")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON document")
    add_journal_arguments(parser)


def _time(option: str, text: str | None):
    if text is None:
        return None
    from dealer_station.app.clock import parse_time

    try:
        return parse_time(text)
    except ValueError as err:
        raise CliError(f"{option}: {err}") from None


def _roads_pngs(report) -> dict[int, bytes]:
    from dealer_station.app.reports import road_marks
    from dealer_station.console.roads_view import render_roads_png  # Qt only when drawing

    out = {}
    with tempfile.TemporaryDirectory(prefix="dealer-station-report-") as tmp:
        for (table, number), rounds in sorted(report.shoes.items()):
            marks = road_marks(rounds)
            if not marks:
                continue
            path = Path(tmp) / f"{table}-shoe-{number}.png"
            render_roads_png(marks, path)
            out[table, number] = path.read_bytes()
    return out


def _iso(moment) -> str | None:  # noqa: ANN001 - a datetime or None
    from dealer_station.app.clock import iso_utc

    return None if moment is None else iso_utc(moment)


def _write(option: str, path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as err:
        raise CliError(f"{option} {path}: {err.strerror or err}") from None


def run(args) -> int:
    """Print (and write) the report: 0; 1 when the chain does not verify (with --unverified, flagged)."""
    from dealer_station.app.reports import build_report, report_csv, report_html, report_json, report_text

    if args.shoe is not None and (args.start or args.end):
        raise CliError("give --shoe N or --from/--to, not both")
    start, end = _time("--from", args.start), _time("--to", args.end)
    if start and end and start >= end:
        raise CliError(f"--from {args.start} is not before --to {args.end}")
    for option, path in (("--csv", args.csv), ("--html", args.html)):
        if path and Path(path).is_dir():
            raise CliError(f"{option} {path} is a directory: give a file")
    loaded = load(args, shoes=None if args.shoe is None else [args.shoe],
                  start=_iso(start), end=_iso(end))
    ledger = args.ledger is not None
    report = build_report(loaded.histories, shoe=args.shoe, start=start, end=end, by=args.by,
                          verified_to_seq=loaded.verified_to_seq, verify_message=loaded.verify_message,
                          journal=loaded.path, source="ledger" if ledger else "journal")
    if args.csv:
        _write("--csv", args.csv, report_csv(report))
    if args.html:
        _write("--html", args.html, report_html(report, _roads_pngs(report)))
    if args.json:
        json.dump(report_json(report), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        echo(report_text(report))
    return 0 if loaded.verified_to_seq is not None else 1
