"""What ``recall`` and ``report`` share: the journal argument, opening it read-only, verifying its chain
first and folding the verified rows (a record is as trustworthy as the chain).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dealer_station.cli import CliError

JOURNAL_ENV = "DEALER_STATION_JOURNAL"


def add_journal_arguments(parser) -> None:
    """``--journal DB``, ``--table ID`` and ``--unverified``."""
    parser.add_argument("--journal", metavar="DB", default=None,
                        help=f"the journal database (default: ${JOURNAL_ENV}, else journal.sqlite in the user's "
                             "data directory); opened read-only, so a running station's journal can be read")
    parser.add_argument("--table", metavar="ID", default=None,
                        help="the table id of the round ids (default: the id in the journal's events)")
    parser.add_argument("--unverified", action="store_true",
                        help="when the hash chain does not verify, still read the rows before the first bad one "
                             "(flagged as not verified; exit 1)")


def journal_path(args) -> str:
    """The journal the command reads."""
    if args.journal:
        return str(args.journal)
    if os.environ.get(JOURNAL_ENV):
        return os.environ[JOURNAL_ENV]
    from dealer_station.app.config import default_data_dir

    return str(default_data_dir() / "journal.sqlite")


@dataclass
class Loaded:
    """A folded journal and what its verification said."""

    path: str
    history: object
    verified_to_seq: int | None
    verify_message: str


def load(args) -> Loaded:
    """Open the journal read-only, verify its chain, fold the verified rows.

    Raises CliError (exit 2) for a missing or unreadable journal, and (exit 1) when the chain does not
    verify and ``--unverified`` was not given.
    """
    from dealer_station.app.record_fold import fold_journal
    from dealer_station.journal import Journal, JournalError

    path = journal_path(args)
    if Path(path).is_dir():
        raise CliError(f"{path} is a directory: give the journal database file (e.g. {path}/journal.sqlite)")
    try:
        journal = Journal(path, readonly=True)
    except JournalError as err:
        raise CliError(f"{err} (give the station's journal with --journal DB)") from None
    with journal:
        report = journal.verify()
        if report.ok:
            until, verified, message = report.rows, report.rows, f"journal verified to seq {report.rows}"
        else:
            if not args.unverified:
                raise CliError(f"{path}: the journal does not verify: {report.message}; nothing is reported "
                               "(--unverified reads the rows before the bad one, flagged)", status=1)
            until, verified = (report.first_bad or 1) - 1, None
            message = f"the journal does not verify ({report.message}): rows 1 to {until} read"
        try:
            history = fold_journal(journal, table_id=args.table, until=until)
        except JournalError as err:
            raise CliError(str(err)) from None
    if history.skipped:
        shown = ", ".join(map(str, history.skipped[:10])) + (", ..." if len(history.skipped) > 10 else "")
        message += f"; {len(history.skipped)} row(s) not of the table's shape left out (rows {shown})"
    return Loaded(path, history, verified, message)
