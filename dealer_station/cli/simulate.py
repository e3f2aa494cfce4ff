"""``dealer-station simulate``: whole shoes on the simulated shoe with an automatic dealer."""

from __future__ import annotations

import json
import queue
import signal
import sys

from dealer_station.cli import CliError, echo, log_level

NAME = "simulate"
HELP = "deal whole shoes on the simulated shoe with an automatic dealer (one line per round and per shoe)"


def register(parser) -> None:
    """Add the ``simulate`` arguments."""
    parser.add_argument("--shoes", type=int, default=1, help="shoes to deal (default 1)")
    parser.add_argument("--seed", type=int, default=None,
                        help="shuffle seed (default: random, or the one recorded in --journal)")
    parser.add_argument("--journal", default=None,
                        help="journal database; a restarted run continues it (default: in memory)")
    parser.add_argument("--json", action="store_true", help="JSON lines on standard output")
    parser.add_argument("--config", default=None, help="station configuration (default config/station.toml)")
    parser.add_argument("--decks", type=int, default=None,
                        help="decks per shoe, 1..8 (default from the configuration: 8); the cut-card range scales")
    parser.add_argument("--misread-rate", type=float, default=0.0,
                        help="probability that the simulated shoe first reads a card as a No-Read (rescans; default 0)")
    parser.add_argument("--dealer", default=None, metavar="ID",
                        help="dealer id signed in for the run (default: [table] dealer of the configuration, "
                             "else 'auto'); every round line names it")
    parser.add_argument("--log-level", default="WARNING", type=log_level,
                        help="log level on standard error (default WARNING)")
    from dealer_station.cli.broker_options import add_broker_arguments

    add_broker_arguments(parser)


def run(args) -> int:
    """Run the simulation; exit 0 when every shoe was dealt or it was stopped (SIGTERM, Ctrl-C), 1 when an
    incident stopped it. A stop is journaled as a stop (the table ``closed``); a restart goes on from there."""
    from dealer_station.app.config import ConfigError, load_config
    from dealer_station.app.logging import configure_logging
    from dealer_station.app.publishing import open_publisher, with_table_id
    from dealer_station.app.simulate import recorded_seed
    from dealer_station.cli.broker_options import broker_options
    from dealer_station.journal import Journal, JournalError

    configure_logging(level=args.log_level)
    if not 0.0 <= args.misread_rate < 1.0:
        raise CliError(f"--misread-rate {args.misread_rate}: allowed 0 <= rate < 1")
    if args.shoes < 1:
        raise CliError(f"--shoes {args.shoes}: must be at least 1")
    configured_dealer(args, None)
    try:
        config = load_config(args.config)
        if args.decks is not None:
            if not 1 <= args.decks <= 8:
                raise CliError(f"--decks {args.decks}: allowed 1..8")
            cut_min = max(1, round(config.cut_min * args.decks / config.decks))
            cut_max = max(cut_min, round(config.cut_max * args.decks / config.decks))
            config = config.with_overrides(decks=args.decks, cut_min=cut_min, cut_max=cut_max)
        config = with_table_id(config, args.table_id)
    except (ConfigError, ValueError) as err:
        raise CliError(str(err)) from None
    try:
        journal = Journal(args.journal or ":memory:")
    except JournalError as err:
        raise CliError(str(err)) from None
    refused: queue.SimpleQueue = queue.SimpleQueue()   # events the publisher refused, for the controller's thread
    with journal:
        try:
            seed = recorded_seed(journal, args.seed, config.decks, args.misread_rate)
            publishing = open_publisher(config, args.journal or ":memory:", broker_options(args),
                                        on_refused=lambda event_id, problem: refused.put((event_id, problem)))
        except (ValueError, JournalError) as err:  # JournalError: the seed note could not be read or written
            raise CliError(str(err)) from None
        return _simulate(args, config, journal, seed, publishing, refused)


def _simulate(args, config, journal, seed, publishing, refused) -> int:
    """The simulation proper (the journal is open; publishing, if any, runs beside it; ``refused`` holds the
    events it refused, given to the controller here, on its thread: before each dealer act and at the end)."""
    from dealer_station.app.controller import Controller
    from dealer_station.app.simulate import human_line, run_simulation
    from dealer_station.journal import JournalError

    try:
        controller = Controller(config, journal, require_dealer=True)
    except JournalError as err:  # e.g. the open shoe was started with other rule settings
        publishing.finish()
        raise CliError(str(err)) from None

    def take_refused() -> None:
        while not refused.empty():
            controller.event_refused(*refused.get())

    closed = []
    signals: list[str] = []

    def on_signal(signum, _frame) -> None:
        signals.append(signal.Signals(signum).name)  # the automatic dealer stops before its next act

    previous = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            previous[sig] = signal.signal(sig, on_signal)
        except ValueError:  # not the main thread (called in-process): signals stay as they are
            pass

    def emit(line: dict) -> None:
        if closed:
            return
        try:
            sys.stdout.write((json.dumps(line) if args.json else human_line(line)) + "\n")
            sys.stdout.flush()  # one line per round as it happens (a reader sees rounds live)
        except BrokenPipeError:
            closed.append(True)

    def stop() -> bool:
        take_refused()
        return bool(closed or signals)

    try:
        run_simulation(controller, seed=seed, shoes=args.shoes, emit=emit, stop=stop, misread_rate=args.misread_rate,
                       dealer=configured_dealer(args, config))
    finally:
        controller.stop(signals[0] if signals else "output closed" if closed else "finished")
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        publishing.finish()   # after the stop: the table's closed status goes out with the rest
        take_refused()
    state = controller.snapshot().state
    if publishing.refused is not None:
        event_id, problem = publishing.refused
        echo(f"dealer-station simulate: event {event_id} not published: it does not match the journal ({problem})",
             file=sys.stderr)
        return 1
    if closed:
        return 0
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        return 0
    if state == "paused":
        view = controller.snapshot()
        incident = view.incident.type if view.incident else "?"
        echo(f"dealer-station simulate: stopped: the table is paused ({incident})", file=sys.stderr)
        return 1
    return 0


def configured_dealer(args, config) -> str:
    """The dealer id of a headless run: ``--dealer``, else ``[table] dealer``, else ``"auto"``.

    Raises CliError (exit 2) naming the id and the form allowed when ``--dealer`` is not a dealer id.
    """
    from dealer_station.app.config import DEALER_ID

    wanted = getattr(args, "dealer", None)
    if wanted is not None:
        if not DEALER_ID.match(wanted):
            raise CliError(f"--dealer {wanted!r}: give a dealer id of 1-32 letters, digits, '_', '.' or '-'")
        return wanted
    return (getattr(config, "dealer", "") or "auto") if config is not None else "auto"
