"""``dealer-station replay SESSION... [--fast | --speed X] [--json] [--expected FILE]``: QA replay.

Each SESSION (a ``record`` session, a journal export, a umockdev tty script or a USB capture) is replayed on a
fresh table through the same codec and controller as at the table, run by the station runtime's loop
(:mod:`dealer_station.app.replay`, :mod:`dealer_station.app.runtime`); the round and shoe lines are the
same as ``simulate``'s. ``--expected FILE`` compares them with
an expected-results file (JSON Lines) and exits 1 with a per-round diff; ``--check`` compares each
SESSION with the ``NAME.expected.jsonl`` beside it.

Exit statuses: 0 replayed (and equal to the expected results); 1 a difference, or a table left
paused when nothing was compared; 2 bad usage (missing file, unknown codec, unreadable session).
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

from dealer_station.app.round_lines import human_line
from dealer_station.cli import CliError, echo, log_level
from dealer_station.cli.console import has_display
from dealer_station.domain.states import TableState

NAME = "replay"
HELP = "replay recorded shoe sessions through the station (headless), optionally against expected results"


def register(parser) -> None:
    """Add the ``replay`` arguments."""
    parser.add_argument("sessions", nargs="+", metavar="SESSION",
                        help="record session (.jsonl), journal export (.jsonl), umockdev tty script (.script) "
                             "or USB capture (.pcap, .pcapng)")
    pace = parser.add_mutually_exclusive_group()
    pace.add_argument("--fast", action="store_true", help="no timing: as fast as possible (the default headless)")
    pace.add_argument("--speed", type=float, default=None, metavar="X",
                      help="recorded timing divided by X (1: the table's own pace; 2: twice as fast)")
    parser.add_argument("--codec", default=None, metavar="NAME",
                        help="wire format where the recording does not name it: lines, saopai, stx-etx, hid-keyboard")
    parser.add_argument("--acts", default=None, metavar="EXPORT",
                        help="a journal export of the same shoe: its dealer and supervisor acts and link events "
                             "are placed among the recorded bytes by clock time (one SESSION)")
    parser.add_argument("--json", action="store_true", help="JSON lines on standard output")
    parser.add_argument("--expected", default=None, metavar="FILE",
                        help="compare with this expected-results file (JSON lines); exit 1 on any difference")
    parser.add_argument("--check", action="store_true",
                        help="compare each SESSION with SESSION-NAME.expected.jsonl beside it")
    parser.add_argument("--auto", choices=("yes", "no", "session"), default="session",
                        help="automatic dealer: 'session' (default) acts unless the session holds dealer acts")
    parser.add_argument("--journal", default=None, metavar="DB",
                        help="keep the replayed table's journal in this file (one SESSION only; default in memory)")
    parser.add_argument("--config", default=None, help="station configuration (default config/station.toml)")
    parser.add_argument("--console", action="store_true",
                        help="show the replay in the dealer console with pause, step and speed controls "
                             "(one SESSION; the table's own pace unless --fast or --speed)")
    parser.add_argument("--console-exit", action="store_true",
                        help="with --console: close the console when the replay ends")
    parser.add_argument("--edge-monitor", action="store_true",
                        help="run the side-bet edge monitor ([monitor] player_edge) even when its alerts are neither "
                             "kept nor shown (it runs with --journal, --console and --log-level INFO)")
    parser.add_argument("--log-level", default="WARNING", type=log_level,
                        help="log level on standard error (default WARNING)")


MIN_SPEED = 0.001
"""Slowest ``--speed``: a thousandth of the recorded pace (slower, a recorded second is days long)."""
MAX_SPEED = 1e6
"""Fastest ``--speed`` (use ``--fast`` for no waiting at all)."""


def expected_path(session: str | Path) -> Path:
    """``hw_fixtures/sessions/foo.session.jsonl`` → ``hw_fixtures/sessions/foo.expected.jsonl``."""
    p = Path(session)
    stem = p.name
    for suffix in (".session.jsonl", ".journal.jsonl", ".jsonl", ".script", ".pcapng", ".pcap"):
        if stem.endswith(suffix):
            stem = stem[: -len(suffix)]
            break
    return p.with_name(stem + ".expected.jsonl")


def run(args) -> int:
    """Replay every SESSION; exit 0, 1 (difference or paused) or 2 (bad input)."""
    from dealer_station.app.config import ConfigError, load_config
    from dealer_station.app.logging import configure_logging
    from dealer_station.app.replay import (
        ExpectedError,
        Replayer,
        ReplayError,
        load_expected,
        load_session,
        with_acts,
    )
    from dealer_station.journal import Journal, JournalError
    from drivers.codecs import CODECS

    configure_logging(level=args.log_level)
    if args.console:
        if len(args.sessions) > 1:
            raise CliError("--console shows one SESSION")
        if not has_display():
            raise CliError("no display: the console needs a screen; replay headless (without --console), "
                           "or set QT_QPA_PLATFORM=offscreen")
    if args.speed is not None and not (MIN_SPEED <= args.speed <= MAX_SPEED):  # refuses nan too
        raise CliError(f"--speed {args.speed:g}: give a positive factor, {MIN_SPEED:g} to {MAX_SPEED:g} "
                       "(1 = the table's own pace; --fast: no waiting)")
    if args.codec is not None and args.codec not in CODECS:
        raise CliError(f"unknown codec {args.codec!r}: use one of {', '.join(CODECS)}")
    if args.console_exit and not args.console:
        raise CliError("--console-exit closes the console: it goes with --console")
    if args.expected and args.check:
        raise CliError("give --expected FILE (one SESSION) or --check (each SESSION's NAME.expected.jsonl), not both")
    if args.expected and len(args.sessions) > 1:
        raise CliError("--expected compares one SESSION; use --check for several")
    if args.acts and len(args.sessions) > 1:
        raise CliError("--acts goes with one SESSION")
    if args.journal and len(args.sessions) > 1:
        raise CliError("--journal keeps the journal of one SESSION")
    if args.journal:
        kept = Path(args.journal)
        if kept.is_dir():
            raise CliError(f"--journal {kept} is a directory: give a new file's name (e.g. {kept}/replay.sqlite)")
        if kept.exists() and kept.stat().st_size > 0:
            raise CliError(f"--journal {kept}: the file exists; a replay writes a new journal")
        if not kept.absolute().parent.is_dir():
            above = next(p for p in kept.absolute().parents if p.exists())
            if not above.is_dir():
                raise CliError(f"--journal {kept}: {above} is a file, not a directory; choose a path in a directory")
            raise CliError(f"--journal {kept}: no directory {kept.absolute().parent}; create it first")
    try:
        config = load_config(args.config)
    except ConfigError as err:
        raise CliError(str(err)) from None
    expected_for: dict[str, list[dict]] = {}
    sessions = []
    try:
        for name in args.sessions:
            sessions.append(load_session(name, codec=args.codec))
            if sessions[-1].dropped:
                echo(f"dealer-station replay: warning: {sessions[-1].dropped}", file=sys.stderr)
            if args.acts:
                sessions[-1] = with_acts(sessions[-1], args.acts)
            if args.check:
                expected_for[name] = load_expected(expected_path(name))
        if args.expected:
            expected_for[args.sessions[0]] = load_expected(args.expected)
    except (ReplayError, ExpectedError) as err:
        raise CliError(str(err)) from None

    closed: list[bool] = []

    def emit(line: dict) -> None:
        if closed:
            return
        try:
            sys.stdout.write((json.dumps(line) if args.json else human_line(line)) + "\n")
        except BrokenPipeError:
            closed.append(True)

    if args.console:
        return _run_console(args, config, sessions[0], expected_for.get(args.sessions[0]), emit)

    stop = threading.Event()
    status = 0
    progress = _Progress() if sys.stderr.isatty() else None
    try:
        for name, session in zip(args.sessions, sessions, strict=True):
            try:
                journal = Journal(args.journal) if args.journal else None
            except JournalError as err:
                raise CliError(str(err)) from None
            if progress is not None:
                progress.begin(Path(name).name, len(session.steps))
            auto = {"yes": True, "no": False, "session": None}[args.auto]
            replayer = Replayer(config, journal=journal, speed=args.speed, auto=auto, on_line=emit, stop=stop,
                                on_step=progress.advance if progress is not None else None,
                                edge_monitor=True if args.edge_monitor else None)
            try:
                result = replayer.play(session)
            except ReplayError as err:
                raise CliError(str(err)) from None
            finally:
                replayer.journal.close()
            if progress is not None:
                progress.end()
            status = _report(name, session, result, expected_for.get(name), several=len(sessions) > 1) or status
    finally:
        if progress is not None:
            progress.close()
    if not closed:
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            pass
    return status



def _summary(result) -> str:
    """``"74 rounds, 1 shoe ended"``: what one session's replay made (several SESSIONs are told apart by it)."""
    rounds = sum(1 for line in result.lines if "round" in line)
    shoes = len(result.lines) - rounds
    return f"{rounds} round{'s' if rounds != 1 else ''}, {shoes} shoe{'s' if shoes != 1 else ''} ended"


def _no_cards(session, result) -> str:
    """Why a replay that took no card is suspect, and what to check."""
    if not session.steps:
        return "the session holds no reads: nothing was replayed (is it the whole recording?)"
    if result.frames and result.garbage == result.frames and session.codec:
        return (f"no card was read: all {result.frames} frames decoded as noise with codec {session.codec!r}; "
                f"is that the shoe's wire format? (--codec: lines, saopai, stx-etx, hid-keyboard)")
    return (f"no card was read from {len(session.steps)} recorded steps ({result.frames} frames, {result.garbage} "
            f"of them noise)")


def _run_console(args, config, session, expected: list[dict] | None, emit) -> int:
    """``--console``: the replay in the dealer console; the same lines, comparison and exit status."""
    from dealer_station.app.replay import Replayer, ReplayError
    from dealer_station.journal import Journal, JournalError

    try:
        from dealer_station.console.replay_panel import run_replay_console
    except ImportError as err:
        raise CliError(f"--console needs the dealer console (PySide6): {err}") from None
    try:
        journal = Journal(args.journal) if args.journal else None
    except JournalError as err:
        raise CliError(str(err)) from None
    auto = {"yes": True, "no": False, "session": None}[args.auto]
    speed = None if args.fast else (args.speed if args.speed is not None else 1.0)
    replayer = Replayer(config, journal=journal, auto=auto, on_line=emit, edge_monitor=True)
    try:
        result = run_replay_console(replayer, session, speed=speed, exit_when_done=args.console_exit)
    except (ValueError, ReplayError) as err:
        raise CliError(str(err).splitlines()[0]) from None
    finally:
        replayer.journal.close()
    if result is None:
        echo(f"dealer-station replay: {args.sessions[0]}: the console was closed before the replay ended",
              file=sys.stderr)
        return 1
    return _report(args.sessions[0], session, result, expected, several=False)


def _report(name: str, session, result, expected: list[dict] | None, *, several: bool) -> int:
    """Tell on standard error what one session's replay left to look at; its exit status (0 or 1).

    Refused acts and a round cut off by the end of the recording are named; with ``expected`` the
    status is the comparison's (a per-round diff); without, a table left paused or a replay that took
    no card is a failure. ``several``: more SESSIONs were given, so each one gets a summary line.
    """
    from dealer_station.app.replay import compare_lines

    for why in result.refused:
        echo(f"dealer-station replay: {name}: refused: {why}", file=sys.stderr)
    if result.unfinished:
        echo(f"dealer-station replay: {name}: {result.unfinished}", file=sys.stderr)
    if expected is not None:
        diff = compare_lines(expected, result.lines)
        if diff:
            echo(f"dealer-station replay: {name}: {len(diff)} difference(s) from the expected results:",
                 file=sys.stderr)
            for item in diff:
                echo(f"  {item}", file=sys.stderr)
            return 1
        if several:
            echo(f"dealer-station replay: {name}: {_summary(result)}, equal to the expected results", file=sys.stderr)
        return 0
    if several:
        echo(f"dealer-station replay: {name}: {_summary(result)}", file=sys.stderr)
    if result.state == TableState.PAUSED:
        echo(f"dealer-station replay: {name}: the table is left paused ({result.incident})", file=sys.stderr)
        return 1
    if result.cards == 0:
        echo(f"dealer-station replay: {name}: {_no_cards(session, result)}", file=sys.stderr)
        return 1
    return 0


class _Progress:
    """A rich progress bar on standard error (used only when it is a terminal)."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        self._progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                  TimeRemainingColumn(), console=Console(stderr=True), transient=True,
                                  redirect_stdout=False, redirect_stderr=False)
        self._progress.start()
        self._task = None

    def begin(self, name: str, total: int) -> None:
        self._task = self._progress.add_task(name, total=total)

    def advance(self, done: int, total: int) -> None:
        if self._task is not None and (done % 64 == 0 or done == total):
            self._progress.update(self._task, completed=done)

    def end(self) -> None:
        if self._task is not None:
            self._progress.remove_task(self._task)
            self._task = None

    def close(self) -> None:
        self._progress.stop()
