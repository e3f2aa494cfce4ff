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
    """``--journal DB`` or ``--ledger URL``, ``--table ID`` and ``--unverified``."""
    parser.add_argument("--journal", metavar="DB", default=None,
                        help=f"the journal database (default: ${JOURNAL_ENV}, else journal.sqlite in the user's "
                             "data directory); opened read-only, so a running station's journal can be read")
    parser.add_argument("--ledger", metavar="FILE|URL", default=None,
                        help="read the platform's ledger instead ('events follow --ledger': a SQLite file or "
                             "postgresql://...): every table's events, folded into the same records")
    parser.add_argument("--table", metavar="ID", action="extend", nargs="+", default=None,
                        help="the table id of the round ids (default: the id in the journal's events); with "
                             "--ledger, the tables to read (default: every table of the ledger)")
    parser.add_argument("--unverified", action="store_true",
                        help="when the hash chain does not verify, still read the rows before the first bad one "
                             "(flagged as not verified; exit 1)")
    parser.add_argument("--archives", metavar="DIR", default=None,
                        help="the journal's archive directory ('journal archive --to DIR'): shoes moved there are "
                             "read too")


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
    elsewhere: str = ""
    """When rows of the journal were archived and ``--archives`` was not given: a hint saying so ("" otherwise)."""
    histories: list = field(default_factory=list)
    """Every table's folded records (one for a journal; a ledger's tables)."""


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
    and ``--unverified`` was not given. With ``--ledger``: :func:`load_ledger`.
    """
    if getattr(args, "ledger", None) is not None:
        return load_ledger(args)
    if args.table and len(args.table) > 1:
        raise CliError(f"--table {' '.join(args.table)}: a journal is one table's; give one id (several with "
                       "--ledger)")
    from dealer_station.app.record_fold import fold_journal
    from dealer_station.journal import Journal, JournalError
    from dealer_station.journal.index import JournalIndex
    from dealer_station.journal.reading import table_id_of

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
        from dealer_station.journal.rows import archived_ranges

        floor = max((r.last for r in archived_ranges(journal.conn)), default=0)   # the rows archived end here
        after, until = floor, report.rows
        wanted = None
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
            after = min(max(after, floor), until)   # rows an archiving stopped removing are its archive's
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
            message = f"the journal does not verify ({report.problem}): rows {floor + 1} to {until} read"
        source = journal
        numbers = index.shoes(after=floor)
        archived = archived_ranges(journal.conn) if getattr(args, "archives", None) is None else []
        elsewhere = (f"; rows 1-{archived[-1].last} of this journal are in archive files: give --archives DIR to "
                     f"read them") if archived else ""
        if getattr(args, "archives", None) is not None and verified is not None:
            source, after, until, numbers, said = _across_archives(args.archives, journal, wanted, start, end,
                                                                   (after, until), numbers)
            message += said
        try:
            history = fold_journal(source, table_id=(args.table or [None])[0] or table_id_of(journal)
                                   or _archived_table(source),
                                   until=until, after=after)
        except JournalError as err:
            raise CliError(str(err)) from None
        finally:
            if source is not journal:
                source.close()
    if history.skipped:
        shown = ", ".join(map(str, history.skipped[:10])) + (", ..." if len(history.skipped) > 10 else "")
        message += f"; {len(history.skipped)} row(s) not of the table's shape left out (rows {shown})"
    return Loaded(path, history, verified, message, numbers, elsewhere, [history])


def load_ledger(args, tables: list[str] | None = None) -> Loaded:
    """Read the ledger of ``--ledger`` (never written) and fold each table's events into its records
    (:func:`~dealer_station.platform.ledger_records.fold_events`): ``tables``, else ``--table``, else every table.

    It is complete when no table has a gap, a broken anchor or an event not yet checked; ``verified_to_seq`` is then
    the last anchor's ``journal_seq`` for one table (the station's row the ledger is anchored to: ``journal verify
    --head``), 0 for several; else None and the message says what is missing. Raises CliError (exit 2) when the
    ledger cannot be read, or names no such table; (exit 1) when it is not complete and ``--unverified`` was not
    given.
    """
    from dealer_station.platform.ledger import LedgerError, LedgerReader
    from dealer_station.platform.ledger_records import fold_events

    if args.journal:
        raise CliError("give --journal DB or --ledger URL, not both")
    try:
        reader = LedgerReader(args.ledger)
    except LedgerError as err:
        raise CliError(str(err)) from None
    try:
        summaries = {s.table_id: s for s in reader.summarize()}
        wanted = tables or args.table or sorted(summaries)
        missing = [t for t in wanted if t not in summaries]
        if missing:
            raise CliError(f"no event of table {', '.join(missing)} in ledger {reader.name} (tables: "
                           f"{', '.join(sorted(summaries)) or 'none'})")
        histories = []
        for table_id in wanted:
            histories.append(fold_events(table_id, ((i, p) for _, i, p in reader.events([table_id]))))
    except LedgerError as err:
        raise CliError(str(err)) from None
    finally:
        reader.close()
    said, problems = [], []
    for table_id in wanted:
        s = summaries[table_id]
        anchor = f", anchored to journal seq {s.last_anchor['journal_seq']}" if s.last_anchor else ""
        said.append(f"{table_id} events 1-{s.last_event_id}{anchor}")
        if s.gaps:
            problems.append(f"{table_id}: gaps {', '.join(f'{a}-{b}' if a != b else str(a) for a, b in s.gaps)}")
        if s.anchor_breaks:
            problems.append(f"{table_id}: {s.anchor_breaks} anchor break(s)")
        if s.unchecked:
            problems.append(f"{table_id}: {s.unchecked} event(s) not yet checked")
    message = f"ledger {reader.name}: {'; '.join(said) or 'no table'}"
    if problems:
        if not args.unverified:
            raise CliError(f"ledger {reader.name} is not complete ({'; '.join(problems)}); nothing is reported "
                           "(--unverified reads what it holds, flagged)", status=1)
        message += f": not complete ({'; '.join(problems)})"
        verified = None
    else:
        message += ": no gap, every anchor checked"
        one = summaries[wanted[0]].last_anchor if len(wanted) == 1 else None
        verified = one["journal_seq"] if one else 0
    skipped = sum(len(h.skipped) for h in histories)
    if skipped:
        message += f"; {skipped} event(s) that cannot be read left out"
    numbers = sorted({s.shoe for h in histories for s in h.shoes})
    return Loaded(reader.name, histories[0] if histories else None, verified, message, numbers, "", histories)


def _archived_table(source) -> str | None:  # noqa: ANN001
    """The table id an archive's events name, when the live outbox names none."""
    from dealer_station.journal.reading import table_id_of

    for archive in getattr(source, "archives", ()):
        if (found := table_id_of(archive)) is not None:
            return found
    return None


def _across_archives(directory: str, journal, wanted: list[int] | None, start: str | None, end: str | None,  # noqa: ANN001, PLR0913
                     live: tuple[int, int], numbers: list[int]):
    """:func:`~dealer_station.journal.archive_read.read_across_archives` as ``(source, after, until, shoe numbers,
    words)``. Raises CliError (2) for a missing directory, (1) for an archive that does not match.
    """
    from dealer_station.journal import JournalError
    from dealer_station.journal.archive_read import ArchiveMismatchError, read_across_archives

    try:
        read = read_across_archives(journal, directory, wanted=wanted, start=start, end=end, live=live,
                                    numbers=numbers)
    except ArchiveMismatchError as err:
        raise CliError(f"--archives {directory}: {err}; nothing is reported", status=1) from None
    except JournalError as err:
        raise CliError(f"--archives {directory}: {err}") from None
    return read.history, read.after, read.until, read.numbers, read.words
