"""``dealer-station journal verify|export|replay DB``: check the hash chain; write the rows as JSON Lines;
re-run the recorded inputs through a fresh controller and check every decision is the same.
"""

from __future__ import annotations

import sys
from pathlib import Path

from dealer_station.cli import CliError, _journal_replay, echo

NAME = "journal"
HELP = ("verify a journal's hash chain (exit 0 intact, 1 naming the first bad row), export it as JSON Lines, "
        "or replay its inputs to audit that every decision is the same")


def register(parser) -> None:
    """Add the ``journal`` sub-commands."""
    sub = parser.add_subparsers(dest="journal_command", metavar="ACTION", required=True)
    verify = sub.add_parser("verify", help="check every row's SHA-256 and the chain")
    verify.add_argument("db", help="journal database file")
    verify.add_argument("--head", default=None, metavar="SEQ:HASH",
                        help="a head recorded earlier (the station logs journal_head at every shoe end): "
                             "row SEQ must still be there with that hash, so rows cut off the end show")
    export = sub.add_parser("export", help="write every row as one JSON line")
    export.add_argument("db", help="journal database file")
    export.add_argument("-o", "--output", default="-", help="a new output file (default standard output)")
    _journal_replay.add_action(sub)


def run(args) -> int:
    """Run ``verify`` (0 intact, 1 tampered; ``--head`` also checks a recorded head), ``export`` (0) or
    ``replay`` (0 identical, 1 different).
    """
    if Path(args.db).is_dir():
        raise CliError(f"{args.db} is a directory: give the journal database file (e.g. {args.db}/journal.sqlite)")
    if args.journal_command == "replay":
        return _journal_replay.run(args)
    from dealer_station.journal import Journal, JournalError, head_problem, parse_head

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
        if args.journal_command == "verify":
            report = journal.verify()
            problem = None
            if report.ok and head is not None:
                try:
                    problem = head_problem(journal, *head)
                except JournalError as err:
                    problem = str(err)
            if report.ok and problem is None:
                seq, digest = journal.head
                echo(f"{args.db}: {report.message}; head {seq}:{digest}")
                return 0
            echo(f"{args.db}: TAMPERED: {report.message if not report.ok else problem}")
            return 1
        try:
            if args.output == "-":
                journal.export(sys.stdout)
            else:
                with open(args.output, "w", encoding="utf-8") as fp:
                    journal.export(fp)
        except BrokenPipeError:
            return 0
        except (OSError, JournalError) as err:
            raise CliError(str(err)) from None
    return 0
