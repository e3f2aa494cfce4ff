"""``dealer-station simulate``: whole shoes on the simulated shoe with an automatic dealer."""

from __future__ import annotations

import json
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
                        help="journal database; a restarted run continues it, printing only what it deals "
                             "(default: in memory)")
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
    from dealer_station.cli.broker_options import add_broker_arguments, add_signing_argument

    add_broker_arguments(parser)
    add_signing_argument(parser)


def run(args) -> int:
    """Run the simulation; exit 0 when every shoe was dealt or it was stopped (SIGTERM, Ctrl-C), 1 when an
    incident stopped it. A stop is journaled as a stop (the table ``closed``); a restart goes on from there.

    The table runs on the station runtime (:mod:`dealer_station.app.runtime`): the simulated shoe (a loopback
    transport: each card's bytes in the ``sim`` profile's wire format, decoded by its codec) puts its frames on
    the station's queue, and they, the automatic dealer's acts and the publisher's refusals all reach the
    controller on its one thread.
    """
    from dealer_station.app.config import ConfigError, load_config
    from dealer_station.app.logging import configure_logging
    from dealer_station.app.publishing import with_table_id
    from dealer_station.app.runtime import open_station
    from dealer_station.app.simulate import (
        OUTPUT_KINDS,
        human_line,
        output_line,
        simulation_settings,
        simulation_shoe,
    )
    from dealer_station.cli.broker_options import broker_options
    from dealer_station.journal import JournalError
    configure_logging(level=args.log_level)
    if not 0.0 <= args.misread_rate < 1.0:
        raise CliError(f"--misread-rate {args.misread_rate}: allowed 0 <= rate < 1")
    if args.shoes < 1:
        raise CliError(f"--shoes {args.shoes}: must be at least 1")
    configured_dealer(args, None)
    if args.decks is not None and not 1 <= args.decks <= 8:
        raise CliError(f"--decks {args.decks}: allowed 1..8")
    try:
        config = load_config(args.config)
        config = with_table_id(config, args.table_id)
    except (ConfigError, ValueError) as err:
        raise CliError(str(err)) from None

    settings = simulation_settings(journal=args.journal or ":memory:", shoes=args.shoes, decks=args.decks,
                                   dealer=configured_dealer(args, config), config_path=args.config,
                                   table_id=args.table_id, publish=broker_options(args),
                                   signing_key=args.signing_key, previous_signing_key=args.previous_signing_key)
    closed: list[bool] = []
    signals: list[str] = []

    def emit(line: dict) -> None:
        if closed:
            return
        try:
            sys.stdout.write((json.dumps(line) if args.json else human_line(line)) + "\n")
            sys.stdout.flush()  # one line per round as it happens (a reader sees rounds live)
        except BrokenPipeError:
            closed.append(True)

    try:
        station = open_station(settings, shoe=simulation_shoe(args.seed, args.misread_rate),
                               before_dealer=lambda ctl: _begin(ctl, args))
    except (ValueError, JournalError) as err:  # JournalError: the seed note could not be read or written
        raise CliError(str(err)) from None

    def on_fact(fact) -> None:
        if fact.kind in OUTPUT_KINDS:
            emit(output_line(fact.kind, fact.data))
            if closed:
                station.request_stop()

    def on_signal(signum, _frame) -> None:
        signals.append(signal.Signals(signum).name)  # the automatic dealer stops before its next act
        station.request_stop()

    previous = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            previous[sig] = signal.signal(sig, on_signal)
        except ValueError:  # not the main thread (called in-process): signals stay as they are
            pass
    with station.journal:
        controller = station.controller
        controller.subscribe(on_fact)
        why = "failed"
        try:
            why = station.run()  # this thread owns the controller from now on
        finally:
            station.stop(signals[0] if signals else "output closed" if closed
                         else "finished" if why in ("finished", "paused") else why)
            for sig, handler in previous.items():
                signal.signal(sig, handler)
        return _status(station, closed)


def _begin(controller, args) -> None:
    """A restarted run says in one line how many rounds the journal held already (they are not printed again):
    on standard output, or on standard error with ``--json`` (standard output holds only rounds and shoes).

    The shoe connects when the station starts it: its ``Connected`` is the first thing the loop gives the table.
    """
    from dealer_station.app.simulate import before_words, dealt_before

    line = before_words(*dealt_before(controller), args.journal or ":memory:")
    if line:
        try:
            echo(line, file=sys.stderr if args.json else sys.stdout)
        except BrokenPipeError:   # nobody reads the output: the run's first round line finds it closed too
            pass


def _status(station, closed: list) -> int:
    """The exit status of a finished simulation (the station is stopped)."""
    from dealer_station.domain.states import TableState

    publishing = station.publishing
    state = station.controller.snapshot().state
    if publishing is not None and publishing.refused is not None:
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
    if state == TableState.PAUSED:
        view = station.controller.snapshot()
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
