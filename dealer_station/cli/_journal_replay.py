"""``dealer-station journal replay DB``: re-run a station's recorded inputs and check every decision.

An audit of determinism: the journal's hash chain is verified, then every
recorded input (frames, link events, dealer, timer and supervisor acts) is fed to a fresh
controller on an in-memory journal, and every decision and result must be identical
(:func:`dealer_station.app.replay.audit_journal`). Exit 0 identical, 1 naming the first
difference, 2 bad usage.

The ``journal`` command group (:mod:`dealer_station.cli.journal`) hooks this action in with
:func:`add_action` and :func:`run`; ``python -m dealer_station.cli._journal_replay DB`` runs it alone.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from dealer_station.cli import CliError, OneLineParser, echo

ACTION = "replay"
HELP = "re-run the recorded inputs on a fresh controller; exit 1 naming the first decision that differs"


def add_action(sub) -> argparse.ArgumentParser:
    """Add ``replay DB [--config FILE] [--edge-monitor auto|yes|no]`` to the ``journal`` sub-command parsers."""
    parser = sub.add_parser(ACTION, help=HELP, description=HELP)
    parser.add_argument("db", help="journal database file")
    parser.add_argument("--config", default=None,
                        help="the station configuration the journal was made with (default config/station.toml)")
    parser.add_argument("--edge-monitor", choices=("auto", "yes", "no"), default="auto",
                        help="re-run with the side-bet edge monitor the console runs (auto: when the journal "
                             "holds its alerts)")
    parser.set_defaults(journal_command=ACTION)
    return parser


def run(args) -> int:
    """Audit ``args.db``; print one line; exit 0 identical, 1 different."""
    from dealer_station.app.config import ConfigError, load_config
    from dealer_station.app.logging import configure_logging
    from dealer_station.app.replay import audit_journal
    from dealer_station.journal import Journal, JournalError

    configure_logging(level="ERROR")
    try:
        config = load_config(args.config)
    except ConfigError as err:
        raise CliError(str(err)) from None
    try:
        journal = Journal(args.db, readonly=True)
    except JournalError as err:
        raise CliError(str(err)) from None
    with journal:
        try:
            monitor = _edge_monitor(journal, config, getattr(args, "edge_monitor", "auto"))
            report = audit_journal(journal, config, edge_monitor=monitor)
        except JournalError as err:
            raise CliError(str(err)) from None
    echo(f"{args.db}: {report.message}")
    return 0 if report.ok else 1


def _edge_monitor(journal, config, wanted: str):
    """The edge monitor as the station builds it (``edge_watch_for(paytable, mode)``), or one that never alerts.

    ``auto``: only when the journal holds ``player_edge`` outputs (a station without a monitor has none;
    a monitor that never alerted changes no decision). Raises CliError when one is wanted but cannot be made.
    """
    def silent(remaining, round_number):
        return []

    if wanted == "no" or config.paytable is None:
        if wanted == "yes":
            raise CliError("--edge-monitor yes: the configuration has no pay table")
        return silent
    if wanted == "auto":
        from dealer_station.domain.facts import FactKind
        from dealer_station.journal.codec import decode_decision

        found = any(kind == FactKind.PLAYER_EDGE for row in journal.rows(kinds=("decision",))
                    for kind, _ in decode_decision(row.body).outputs)
        if not found:
            return silent
    from dealer_station.app.edge import edge_watch_for

    try:
        return edge_watch_for(config.paytable, config.mode)
    except Exception as err:  # noqa: BLE001 - reported as one line
        raise CliError(f"cannot build the edge monitor: {err}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m dealer_station.cli._journal_replay DB``: the action on its own."""
    parser = OneLineParser(prog="dealer-station journal")
    add_action(parser.add_subparsers(dest="journal_command", required=True))
    args = parser.parse_args(["replay", *(sys.argv[1:] if argv is None else argv)])
    try:
        return run(args)
    except CliError as err:
        echo(f"dealer-station journal replay: {err}", file=sys.stderr)
        return err.status


if __name__ == "__main__":
    sys.exit(main())
