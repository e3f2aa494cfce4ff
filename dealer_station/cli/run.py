"""``dealer-station run --headless --shoe PROFILE --auto``: the station without the console."""

from __future__ import annotations

import json
import queue
import signal
import sys
import threading

from dealer_station.cli import CliError, echo, log_level

NAME = "run"
HELP = "run the station headless on a shoe: a profile name, a profile file or an inline spec (docs/drivers.md)"


def register(parser) -> None:
    """Add the ``run`` arguments."""
    parser.add_argument("--headless", action="store_true", help="no console (required for now)")
    parser.add_argument("--shoe", default=None, help="shoe profile (default: shoe.profile of the configuration)")
    parser.add_argument("--auto", action="store_true", help="automatic dealer: open/close betting, confirm, new shoes")
    parser.add_argument("--journal", default=None, help="journal database (default: journal.path of the configuration)")
    parser.add_argument("--config", default=None, help="station configuration (default config/station.toml)")
    parser.add_argument("--json", action="store_true",
                        help="one JSON line per finished round and shoe on standard output")
    parser.add_argument("--idle-exit", type=float, default=None, metavar="S",
                        help="stop after S seconds without any event or action")
    parser.add_argument("--shoes", type=int, default=None, help="with --auto: stop after this many shoes")
    parser.add_argument("--dealer", default=None, metavar="ID",
                        help="dealer id signed in for the run (default: [table] dealer of the configuration, "
                             "else 'auto'); every round names it")
    parser.add_argument("--log-level", default="INFO", type=log_level,
                        help="log level on standard error (default INFO)")
    from dealer_station.cli.broker_options import add_broker_arguments

    add_broker_arguments(parser)


def run(args) -> int:
    """Run until the shoes are done, idle, or interrupted; exit 0 (1 when paused at the end).

    However it ends (SIGTERM, Ctrl-C, the last of ``--shoes``, ``--idle-exit``), the stop is journaled and
    published as a stop (the table ``closed``), never as a pause: the reader's closing link loss is the
    stop's, and the open round stays open for the next start (:meth:`Controller.stop`).
    """
    from dealer_station.app.accounts import Accounts
    from dealer_station.app.autodealer import AutoDealer
    from dealer_station.app.config import ConfigError, load_config
    from dealer_station.app.controller import ActRefused, Controller
    from dealer_station.app.logging import configure_logging
    from dealer_station.app.publishing import open_publisher, with_table_id
    from dealer_station.app.shoes import open_station_shoe
    from dealer_station.app.simulate import human_line, output_line
    from dealer_station.app.station import QUEUE_SIZE, EventRefused, drain_events, run_station
    from dealer_station.cli.broker_options import broker_options
    from dealer_station.journal import Journal, JournalError
    from drivers.errors import ShoeError

    configure_logging(level=args.log_level)
    if args.idle_exit is not None and not args.idle_exit > 0:
        raise CliError(f"--idle-exit {args.idle_exit:g}: give a number of seconds above 0")
    if args.shoes is not None and args.shoes < 1:
        raise CliError(f"--shoes {args.shoes}: give a whole number of shoes, 1 or more")
    if not args.headless:
        raise CliError("only --headless is available in this command; the console is 'dealer-station console'")
    from dealer_station.cli.simulate import configured_dealer

    configured_dealer(args, None)
    try:
        config = with_table_id(load_config(args.config), args.table_id)
    except (ConfigError, ValueError) as err:
        raise CliError(f"refusing to open a shoe: {err}") from None
    if args.shoe is not None and not args.shoe.strip():
        raise CliError("--shoe '': give a shoe profile name, file or inline spec (e.g. sim), or leave --shoe out "
                       "for shoe.profile of the configuration")
    profile = args.shoe if args.shoe is not None else config.shoe_profile
    journal_path = args.journal or config.journal_path
    try:
        journal = Journal(journal_path)
        shoe = open_station_shoe(profile, config, journal)
    except (JournalError, ShoeError, ValueError) as err:
        raise CliError(str(err)) from None
    events: queue.Queue = queue.Queue(maxsize=QUEUE_SIZE)
    spill: list = []
    stop = threading.Event()
    try:  # an event the publisher refuses reaches the controller through the station queue, on its thread
        publishing = open_publisher(config, journal_path, broker_options(args),
                                    on_refused=lambda event_id, problem: _put(events, EventRefused(event_id, problem),
                                                                              stop, spill))
    except ValueError as err:
        journal.close()
        raise CliError(str(err)) from None

    signals: list[str] = []

    def on_signal(signum, _frame) -> None:
        signals.append(signal.Signals(signum).name)
        stop.set()

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, on_signal)

    def start_shoe() -> None:
        try:
            shoe.source.start(lambda event: _put(events, event, stop, spill))
        except ShoeError as err:
            raise CliError(f"shoe {profile!r}: {err}") from None

    with journal:
        if not shoe.simulated:
            # A real shoe is opened before the controller starts (and logs that it did): a shoe that
            # cannot be opened is then the one line said. Its events wait in the queue meanwhile.
            start_shoe()
        try:
            controller = Controller(config, journal, accounts=Accounts(config.accounts_path), require_dealer=True)
            controller.sign_in_configured(configured_dealer(args, config))
        except (JournalError, ActRefused) as err:  # e.g. the open shoe was started with other rule settings
            if not shoe.simulated:
                shoe.source.stop()
            raise CliError(str(err)) from None
        kinds = ("round_completed", "round_voided", "shoe_ended")

        def on_fact(fact) -> None:
            if fact.kind in kinds:
                line = output_line(fact.kind, fact.data)
                sys.stdout.write((json.dumps(line) if args.json else human_line(line)) + "\n")
                sys.stdout.flush()

        controller.subscribe(on_fact)
        if shoe.simulated:
            shoe.prepare(controller.snapshot(), config.decks)
            start_shoe()
        auto = AutoDealer(controller, shoe.draw, new_shoe=shoe.new_shoe, shoes=args.shoes) if args.auto else None
        why = "failed"
        try:
            why = run_station(controller, events, shoe.draw, stop, args.idle_exit, auto=auto)
        finally:
            stop.set()  # the reader no longer waits for room in the queue: it spills (never drops)
            controller.begin_stop()  # the reader's closing ConnectionLost is the stop's, not a lost shoe
            try:
                shoe.source.stop()
            except Exception as err:  # noqa: BLE001 - closing a device must not hide the run's result
                echo(f"dealer-station run: closing the shoe: {err}", file=sys.stderr)
            drain_events(controller, events, spill)  # what the reader delivered while it stopped
            controller.stop(signals[0] if signals else why)  # journaled and published: the table is closed
            left = publishing.finish()
            drain_events(controller, events, spill)  # an event the publisher refused while draining: the pause
            if publishing.refused is not None:
                event_id, problem = publishing.refused
                echo(f"dealer-station run: event {event_id} not published: it does not match the journal "
                     f"({problem})", file=sys.stderr)
            if left:
                echo(f"dealer-station run: {left} events not yet acknowledged by the broker stay in the outbox",
                      file=sys.stderr)
        state = controller.snapshot().state
        echo(f"dealer-station run: {why}; table {state}", file=sys.stderr)
        return 1 if state == "paused" else 0


def _put(events: queue.Queue, event, stop: threading.Event, spill: list) -> None:
    """Hand a shoe event to the controller's thread; waits while the queue is full, never drops.

    Once stopping with a full queue, the event goes to ``spill`` instead (and every later one, to keep
    the order); the owner thread gives ``spill`` to the controller after the queue
    (:func:`dealer_station.app.station.drain_events`).
    """
    while True:
        if spill:
            spill.append(event)
            return
        try:
            events.put(event, timeout=0.5)
            return
        except queue.Full:
            if stop.is_set():
                spill.append(event)
                return
