"""``dealer-station journal verify|export|replay|archive DB``: check the hash chain; write the rows as JSON Lines;
re-run the recorded inputs through a fresh controller and check every decision is the same; move closed shoes to
archive files the live journal's chain continues (docs/controller.md "Archives").
"""

from __future__ import annotations

import sys
from pathlib import Path

from dealer_station.cli import CliError, _journal_replay, echo

NAME = "journal"
HELP = ("verify a journal's hash chain (exit 0 intact, 1 naming the first bad row), export it as JSON Lines, "
        "replay its inputs to audit that every decision is the same, or archive its closed shoes")


def register(parser) -> None:
    """Add the ``journal`` sub-commands."""
    sub = parser.add_subparsers(dest="journal_command", metavar="ACTION", required=True)
    verify = sub.add_parser("verify", help="check every row's SHA-256 and the chain")
    verify.add_argument("db", help="journal database file")
    verify.add_argument("--head", default=None, metavar="SEQ:HASH",
                        help="a head recorded earlier (the station logs journal_head at every shoe end): "
                             "row SEQ must still be there with that hash, so rows cut off the end show")
    verify.add_argument("--archives", metavar="DIR", default=None,
                        help="the journal's archive directory: prove the whole history, every archive and the "
                             "live journal as one chain from row 1")
    export = sub.add_parser("export", help="write every row as one JSON line")
    export.add_argument("db", help="journal database file")
    export.add_argument("-o", "--output", default="-", help="a new output file (default standard output)")
    export.add_argument("--archives", metavar="DIR", default=None,
                        help="write the archived rows too, first (the journal's archive directory)")
    _journal_replay.add_action(sub)
    archive = sub.add_parser("archive", help="move closed shoes to an archive file the journal's chain continues")
    archive.add_argument("db", help="journal database file (no station may be dealing on it: a station archives "
                                    "its own journal, [journal] archive_after_days)")
    when = archive.add_mutually_exclusive_group(required=True)
    when.add_argument("--before", metavar="DATE", type=_before_date,
                      help="archive the shoes that ended before this UTC date or time (2026-11-01, "
                           "2026-11-01T06:00:00Z)")
    when.add_argument("--shoes-older-than", metavar="DAYS", type=_days,
                      help="archive the shoes that ended more than DAYS days ago (a whole number >= 1)")
    archive.add_argument("--to", metavar="DIR", required=True, help="the archive directory (made when missing)")


def _before_date(text: str) -> str:
    """``--before``: a UTC date or time, as the journal's ``...Z`` text. Raises ArgumentTypeError."""
    import argparse
    from datetime import UTC, datetime

    value = str(text).strip()
    try:
        moment = datetime.fromisoformat(value.removesuffix("Z").removesuffix("z"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date: give a UTC date or time such as 2026-11-01 or "
                                         f"2026-11-01T06:00:00Z") from None
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%f") + "Z"


def _days(text: str) -> int:
    """``--shoes-older-than``: a whole number of days >= 1. Raises ArgumentTypeError."""
    import argparse

    value = str(text).strip().removesuffix("d")
    if not value.isdigit() or not 1 <= int(value) <= 36500:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of days: give a whole number from 1 (e.g. 7)")
    return int(value)


def run(args) -> int:
    """Run ``verify`` (0 intact, 1 tampered; ``--head`` also checks a recorded head), ``export`` (0) or
    ``replay`` (0 identical, 1 different).
    """
    if Path(args.db).is_dir():
        raise CliError(f"{args.db} is a directory: give the journal database file (e.g. {args.db}/journal.sqlite)")
    if args.journal_command == "replay":
        return _journal_replay.run(args)
    if args.journal_command == "archive":
        return _archive(args)
    from dealer_station.journal import Journal, JournalError, head_problem, parse_head
    from dealer_station.journal.rows import export_rows

    head = None
    if args.journal_command == "verify" and args.head is not None:
        try:
            head = parse_head(args.head)
        except ValueError as err:
            raise CliError(f"--head: {err}") from None
    output = getattr(args, "output", "-")
    if args.journal_command == "export" and output != "-" and Path(output).exists() and Path(output).stat().st_size:
        raise CliError(f"-o {output}: the file exists; an export never overwrites one: give a new file")
    try:
        journal = Journal(args.db, readonly=True)
    except JournalError as err:
        raise CliError(str(err)) from None
    with journal:
        if args.journal_command == "verify" and args.archives is not None:
            return _verify_history(args, journal, head)
        if args.journal_command == "verify":
            report = journal.verify()
            problem = None
            if report.ok and head is not None and (archived := _archived_through(journal)) >= head[0]:
                echo(f"{args.db}: {report.message}; the head {args.head} is not checked: row {head[0]} is in an "
                     f"archive file (rows 1-{archived} were archived): give --archives DIR to check it")
                return 1
            if report.ok and head is not None:
                try:
                    problem = head_problem(journal, *head)
                except JournalError as err:
                    problem = str(err)
            return _verified(args.db, journal, report.ok, report.message, problem)
        source = journal
        if args.archives is not None:
            source = _proven_history(args, journal)
        try:
            if args.output == "-":
                export_rows(source.rows(), sys.stdout)
            else:
                with open(args.output, "w", encoding="utf-8") as fp:
                    export_rows(source.rows(), fp)
        except BrokenPipeError:
            return 0
        except (OSError, JournalError) as err:
            raise CliError(str(err)) from None
        finally:
            if source is not journal:
                source.close()
    return 0


def _archived_through(journal) -> int:  # noqa: ANN001
    """The last row an ``archived`` note of ``journal`` records (0: none)."""
    from dealer_station.journal.rows import archived_ranges

    return max((r.last for r in archived_ranges(journal.conn)), default=0)


def _proven_history(args, journal):  # noqa: ANN001, ANN202
    """``export --archives DIR``: the archives and the live journal as one, once the whole history is proven
    (:func:`~dealer_station.journal.archive_read.verify_history`): an archive edited, swapped, cut or held twice is
    never exported as the record. Raises CliError (2: the directory or a file cannot be read; 1: it does not
    verify).
    """
    from dealer_station.journal import JournalError
    from dealer_station.journal.archive_read import History, list_archives, verify_history

    try:
        proof = verify_history(journal, args.archives)
        if not proof.ok:
            raise CliError(f"{args.db}: --archives {args.archives}: the history does not verify: {proof.message}; "
                           f"nothing is exported", status=1)
        return History(journal, list_archives(args.archives))
    except JournalError as err:
        raise CliError(f"--archives {args.archives}: {err}") from None


def _verify_history(args, journal, head) -> int:  # noqa: ANN001
    """``verify --archives DIR``: the whole history (:func:`~dealer_station.journal.archive_read.verify_history`); a
    ``head`` recorded earlier is looked up across the archives and the live journal.
    """
    from dealer_station.journal import JournalError, head_problem
    from dealer_station.journal.archive_read import History, list_archives, verify_history

    try:
        report = verify_history(journal, args.archives)
        problem = None
        if report.ok and head is not None:
            history = History(journal, list_archives(args.archives))
            try:
                problem = head_problem(history, *head)
            finally:
                history.close()
    except JournalError as err:
        raise CliError(f"--archives {args.archives}: {err}") from None
    return _verified(args.db, journal, report.ok, report.message, problem)


def _verified(db: str, journal, ok: bool, message: str, problem: str | None) -> int:  # noqa: ANN001
    """Say what ``verify`` found: 0 with the head when ``ok`` and no head ``problem``, else 1 naming what is wrong."""
    if ok and problem is None:
        seq, digest = journal.head
        echo(f"{db}: {message}; head {seq}:{digest}")
        return 0
    echo(f"{db}: TAMPERED: {message if not ok else problem}")
    return 1


def _archive(args) -> int:  # noqa: ANN001
    """``archive``: move the closed shoes out (:func:`~dealer_station.journal.archive.archive_shoes`); 0, or 2."""
    from datetime import timedelta

    from dealer_station.app.clock import iso_utc, utcnow
    from dealer_station.journal import Journal, JournalBusyError, JournalError
    from dealer_station.journal.archive import archive_shoes

    if not Path(args.db).is_file():
        raise CliError(f"{args.db}: no such journal (give the station's journal database file)")
    now = utcnow()
    before = args.before or iso_utc(now - timedelta(days=args.shoes_older_than))
    try:
        journal = Journal(args.db)
    except JournalBusyError as err:
        raise CliError(f"{err}: a dealing station archives its own journal between shoes "
                       f"([journal] archive_after_days and archive_dir in its configuration)") from None
    except JournalError as err:
        raise CliError(str(err)) from None
    with journal:
        try:
            result = archive_shoes(journal, args.to, before=before, ts=iso_utc(now))
        except JournalError as err:
            raise CliError(f"{args.db}: archiving stopped: {err}; what was done is kept, run it again to go on") \
                from None
    if result.finished:
        echo(f"{args.db}: {result.finished} rows of an earlier archiving removed (they were archived already)")
    echo(f"{args.db}: {result.message}")
    return 0
