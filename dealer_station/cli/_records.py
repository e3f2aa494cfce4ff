"""What ``recall`` and ``report`` share: the journal argument, opening it read-only, verifying its chain
first and folding the verified rows (a record is as trustworthy as the chain).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
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
    shoe_numbers: list[int] = field(default_factory=list)
    """Every shoe the journal started, in order (from its index)."""


_ROUND_ID = re.compile(r"-S(\d+)-R\d+$", re.I)


def shoe_of_round(round_id: str) -> int | None:
    """The shoe number of a round id (``T1-S0042-R007`` → 42), or None when it is not one."""
    found = _ROUND_ID.search(round_id.strip())
    return int(found.group(1)) if found else None


def load(args, *, shoes: list[int] | None = None, start: str | None = None, end: str | None = None) -> Loaded:
    """Open the journal read-only, verify its chain, fold the verified rows (of ``shoes`` or a time range only).

    The chain is verified through the journal's index (:class:`~dealer_station.journal.index.JournalIndex`):
    the rows after its checkpoint now, the rows before it when they were first read, and the rows folded re-hashed;
    so one shoe, one round or one time range costs the same at ten shoes and at ten thousand. ``shoes``: fold only
    these shoes' rows; ``start``/``end`` (UTC ISO texts): only the shoes with rows in that range; neither: every
    row. Raises CliError (exit 2) for a missing or unreadable journal, and (exit 1) when the chain does not verify
    and ``--unverified`` was not given.
    """
    from dealer_station.app.record_fold import fold_journal
    from dealer_station.journal import Journal, JournalError
    from dealer_station.journal.index import JournalIndex

    path = journal_path(args)
    if Path(path).is_dir():
        raise CliError(f"{path} is a directory: give the journal database file (e.g. {path}/journal.sqlite)")
    try:
        journal = Journal(path, readonly=True)
    except JournalError as err:
        raise CliError(f"{err} (give the station's journal with --journal DB)") from None
    with journal, JournalIndex(journal) as index:
        try:
            report = index.refresh()
        except Exception as err:  # noqa: BLE001 - sqlite3 errors of a damaged file: the journal's own message
            raise CliError(f"{path}: the journal cannot be read: {err}") from None
        after, until = 0, report.rows
        if report.ok:
            verified, message = report.rows, report.message
            wanted = shoes if shoes is not None else (
                index.shoes_between(start, end) or None if (start or end) else None)   # none in range: all
            if wanted is not None:
                ranges = [r for r in (index.shoe_rows(n) for n in wanted) if r is not None]
                if ranges:
                    after = min(r[0] for r in ranges) - 1
                    ends = [r[1] for r in ranges]
                    until = report.rows if None in ends else max(e for e in ends if e is not None)
                else:
                    after = until   # no such shoe: nothing to fold, the caller says so
            # every row folded is re-hashed and its links checked: what is reported is what the chain holds
            why = index.check_range(after + 1, until) if until > after else None
            if why is not None:
                raise CliError(f"{path}: the journal does not verify: {why}; nothing is reported "
                               "(journal verify names every changed row)", status=1)
        else:
            if not args.unverified:
                raise CliError(f"{path}: the journal does not verify: {report.problem}; nothing is reported "
                               "(--unverified reads the rows before the bad one, flagged)", status=1)
            until, verified = (report.first_bad or 1) - 1, None
            message = f"the journal does not verify ({report.problem}): rows 1 to {until} read"
        try:
            history = fold_journal(journal, table_id=args.table, until=until, after=after)
        except JournalError as err:
            raise CliError(str(err)) from None
        numbers = index.shoes()
    if history.skipped:
        shown = ", ".join(map(str, history.skipped[:10])) + (", ..." if len(history.skipped) > 10 else "")
        message += f"; {len(history.skipped)} row(s) not of the table's shape left out (rows {shown})"
    return Loaded(path, history, verified, message, numbers)
