"""``dealer-station run --headless --shoe PROFILE --auto``: the station without the console."""

from __future__ import annotations

import json
import signal
import sys

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
    from dealer_station.cli.broker_options import add_broker_arguments, add_signing_argument

    add_broker_arguments(parser)
    add_signing_argument(parser)


def run(args) -> int:
    """Run until the shoes are done, idle, or interrupted; exit 0 (1 when paused at the end, when the stop
    could not be journaled, or when the publisher refused an outbox event that does not match the journal, as
    ``simulate`` does).

    However it ends (SIGTERM, Ctrl-C, the last of ``--shoes``, ``--idle-exit``), the stop is journaled and
    published as a stop (the table ``closed``), never as a pause: the reader's closing link loss is the
    stop's, and the open round stays open for the next start (:meth:`Controller.stop`). While the journal
    fails the stop keeps trying it for a while (:meth:`Station.stop`); a journal-failure pause the journal
    recorded once it worked again is no reason for exit 1 (the next start is paused on it for the supervisor).
    """
    from dealer_station.app.config import ConfigError, load_config
    from dealer_station.app.controller import ActRefused
    from dealer_station.app.logging import configure_logging
    from dealer_station.app.publishing import with_table_id
    from dealer_station.app.runtime import StationSettings, open_station
    from dealer_station.app.simulate import human_line, output_line
    from dealer_station.cli.broker_options import broker_options
    from dealer_station.domain.states import TableState
    from dealer_station.journal import JournalError
    from drivers.errors import ShoeConfigError, ShoeError

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
    settings = StationSettings(config_path=args.config, shoe=args.shoe, journal=args.journal or None,
                               table_id=args.table_id, dealer=configured_dealer(args, config), auto=args.auto,
                               shoes=args.shoes, idle_exit=args.idle_exit, publish=broker_options(args),
                               shoe_first=True, signing_key=args.signing_key,
                               previous_signing_key=args.previous_signing_key)
    profile = args.shoe if args.shoe is not None else config.shoe_profile
    try:
        station = open_station(settings)
    except ShoeConfigError as err:
        raise CliError(str(err)) from None
    except ShoeError as err:
        raise CliError(f"shoe {profile!r}: {err}") from None
    except (JournalError, ActRefused, ValueError) as err:  # e.g. the open shoe was started with other rules
        raise CliError(str(err)) from None

    signals: list[str] = []

    def on_signal(signum, _frame) -> None:
        signals.append(signal.Signals(signum).name)
        station.request_stop()

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, on_signal)
    kinds = ("round_completed", "round_voided", "shoe_ended")

    def on_fact(fact) -> None:
        if fact.kind in kinds:
            line = output_line(fact.kind, fact.data)
            sys.stdout.write((json.dumps(line) if args.json else human_line(line)) + "\n")
            sys.stdout.flush()

    with station.journal:
        controller = station.controller
        controller.subscribe(on_fact)
        why = "failed"
        try:
            try:
                why = station.run()  # this thread owns the controller from now on
            except ShoeError as err:
                raise CliError(f"shoe {profile!r}: {err}") from None
        finally:
            left = station.stop(signals[0] if signals else why)  # journaled and published: the table is closed
            publishing = station.publishing
            refused = publishing is not None and publishing.refused is not None
            if refused:
                event_id, problem = publishing.refused
                echo(f"dealer-station run: event {event_id} not published: it does not match the journal "
                     f"({problem})", file=sys.stderr)
            if left:
                echo(f"dealer-station run: {left} events not yet acknowledged by the broker stay in the outbox",
                      file=sys.stderr)
        view = controller.snapshot()
        state = view.state
        if not station.stop_journaled:
            echo(f"dealer-station run: the stop could not be journaled: {controller.last_journal_error}; the "
                 f"broker was told (offline, journal_failure); the next start goes on where the journal stops",
                 file=sys.stderr)
            return 1
        echo(f"dealer-station run: {why}; table {state}", file=sys.stderr)
        # the journal failure was journaled and published once the journal worked again: the record is whole
        recorded_failure = view.incident is not None and view.incident.type == "journal_failure"
        if recorded_failure:
            echo("dealer-station run: the journal failure is in the journal; a supervisor resumes it at the "
                 "next start", file=sys.stderr)
        return 1 if (state == TableState.PAUSED and not recorded_failure) or refused else 0
