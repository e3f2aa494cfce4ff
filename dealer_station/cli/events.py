"""``dealer-station events``: show the outbox of events for the betting platform, or publish it.

``events tail [--follow] [--journal PATH] [--json] [--after N] [--pending]`` lists the events stored in
a journal's outbox, oldest first, with whether the broker has acknowledged each; ``--follow`` keeps
showing new ones. ``events stats [--journal PATH] [--json]`` prints per shoe the p50/p99 of first card
scanned → result decided → broker acknowledged. ``events publish --broker URL --journal PATH [--follow]``
sends what is pending to a broker (and, with ``--follow``, whatever the station adds later) — the way to
publish events kept while no broker was configured.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

from dealer_station.cli import CliError, echo, log_level, short_text
from dealer_station.journal.outbox_reader import NoOutboxError, NotAJournalError, OutboxError, OutboxReader
from dealer_station.outbox import OutboxEvent

NAME = "events"
HELP = "show the outbox of events for the betting platform, or publish it to an MQTT broker"
DESCRIPTION = (
    "Events for the betting platform are stored in the journal database (the outbox) in the same "
    "transaction as each decision, then published to MQTT when a broker is configured. 'tail' shows them; "
    "'publish' sends the pending ones to a broker. Topics and payloads: docs/events.md."
)

JOURNAL_ENV = "DEALER_STATION_JOURNAL"
DEFAULT_JOURNAL = "journal.sqlite in the user's data directory"
"""How the help names the station's default journal (``dealer_station.app.config.default_data_dir``)."""


def register(parser: argparse.ArgumentParser) -> None:
    """Add the ``tail``, ``publish``, ``follow``, ``ledger`` and ``stats`` sub-commands."""
    from dealer_station.cli.broker_options import add_broker_arguments

    sub = parser.add_subparsers(dest="events_command", metavar="ACTION")
    tail = sub.add_parser("tail", help="list the outbox's events, oldest first (published or pending)")
    _journal_argument(tail)
    tail.add_argument("--follow", "-f", action="store_true", help="keep showing new events until interrupted")
    tail.add_argument("--json", action="store_true", help="print each event's JSON envelope, one per line")
    tail.add_argument("--after", type=int, default=None, metavar="N",
                      help="only events with event_id > N (default: the last 20, or all with --all)")
    tail.add_argument("--all", action="store_true", help="every event from the first")
    tail.add_argument("--pending", action="store_true", help="only events the broker has not acknowledged")
    tail.add_argument("--interval", type=float, default=0.2, metavar="SECONDS", help="--follow polling period")
    publish = sub.add_parser("publish", help="send the pending events to an MQTT broker")
    _journal_argument(publish)
    add_broker_arguments(publish)
    publish.add_argument("--follow", action="store_true",
                         help="keep publishing new events until interrupted (SIGINT/SIGTERM)")
    publish.add_argument("--log-level", default="ERROR", type=log_level, metavar="LEVEL",
                         help="log level on standard error (default ERROR: the last line says what failed)")
    _register_consumer(sub)
    stats = sub.add_parser("stats", help="per shoe: p50/p99 of first card scanned -> result decided -> broker "
                                         "acknowledged (ms), from the outbox")
    _journal_argument(stats)
    stats.add_argument("--json", action="store_true", help="one JSON object per shoe per line")


def _configure_logging(level: str) -> None:
    """Logs to standard error: the station's set-up when it is present, else a minimal structlog one."""
    try:
        from dealer_station.app.logging import configure_logging
    except ImportError:
        import logging

        import structlog

        number = logging.getLevelName(level.upper())
        structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr),
                            wrapper_class=structlog.make_filtering_bound_logger(
                                number if isinstance(number, int) else logging.WARNING))
        return
    configure_logging(level=level)


def _journal_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--journal", metavar="PATH", default=None,
                        help=f"the station's journal database (default: ${JOURNAL_ENV}, else [journal] path of "
                             f"--config, else {DEFAULT_JOURNAL})")
    parser.add_argument("--config", metavar="TOML", default=None,
                        help="station configuration: its [journal] path, [table] id and [broker] section are used")


def _station_config(args: argparse.Namespace) -> dict:
    """The station configuration file named by ``--config`` as a dict ({} without one)."""
    if not getattr(args, "config", None):
        return {}
    import tomllib

    try:
        with open(args.config, "rb") as f:
            data = tomllib.load(f)
    except OSError as err:
        raise CliError(f"--config {args.config}: {err.strerror or err}") from err
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as err:
        # RecursionError: tables or arrays nested deeper than the parser can follow
        raise CliError(f"--config {args.config}: not valid TOML: {err}") from err
    for name in ("journal", "table", "broker"):
        if name in data and not isinstance(data[name], dict):
            raise CliError(f"--config {args.config}: [{name}] is not a section")
    return data


def _journal_path(args: argparse.Namespace, station: dict) -> str:
    configured = station.get("journal", {}).get("path")
    from dealer_station.app.config import default_data_dir

    return args.journal or os.environ.get(JOURNAL_ENV) or (
        str(configured) if configured else str(default_data_dir() / "journal.sqlite"))


def _open(path_text: str, *, readonly: bool = False) -> OutboxReader:
    path = Path(path_text)
    if not path.is_file():
        raise CliError(f"journal {path} does not exist")
    try:
        return OutboxReader(path, require_outbox=True, readonly=readonly)
    except NoOutboxError as err:
        raise CliError(f"journal {path} has no outbox (no event was recorded yet)") from err
    except NotAJournalError as err:
        raise CliError(f"{path} is not a journal database: {err}") from err
    except OutboxError as err:
        raise CliError(f"journal {path} cannot be read: {err}") from err


def _summary(data: object) -> str:
    if not isinstance(data, dict):
        return json.dumps(data, default=str)
    parts = []
    for key, value in data.items():
        if isinstance(value, list):
            text = ",".join(str(v) for v in value) if all(not isinstance(v, dict | list) for v in value) \
                else json.dumps(value, separators=(",", ":"))
        elif isinstance(value, dict):
            text = json.dumps(value, separators=(",", ":"), default=str)
        else:
            text = str(value).lower() if isinstance(value, bool) else str(value)
        parts.append(f"{key}={text}")
    return " ".join(parts)


def format_event(event: OutboxEvent) -> str:
    """One line for a human: id, time, type, round (or shoe), data as key=value, published state."""
    state = "pending" if event.published_utc is None else f"published {event.published_utc}"
    try:
        env = event.as_dict()
    except ValueError:
        return f"{event.event_id:>7}  {event.type:<14}  (unreadable payload {event.payload[:60]!r})  [{state}]"
    where = env.get("round_id") or env.get("shoe_id") or env.get("table_id") or "-"
    return (f"{event.event_id:>7}  {env.get('ts', '?')}  {event.type:<14}  {where}  "
            f"{_summary(env.get('data', {}))}  [{state}]")


MAX_EVENT_ID = 2**63 - 1
"""The largest event id SQLite can hold (``--after`` beyond it names no event)."""
MAX_INTERVAL = 3600.0
"""Longest ``--follow`` polling period, seconds."""
TAIL_PAGE = 1000
"""Events ``tail`` reads from the outbox at a time: it holds one page, however many it prints."""


def _tail(args: argparse.Namespace) -> int:
    if args.after is not None and not 0 <= args.after <= MAX_EVENT_ID:
        raise CliError(f"--after {short_text(args.after)}: give an event id from 0 to {MAX_EVENT_ID}")
    if not 0 < args.interval <= MAX_INTERVAL:  # refuses nan and inf too
        raise CliError(f"--interval {args.interval:g}: give a polling period above 0 and at most "
                       f"{MAX_INTERVAL:g} seconds")
    path = _journal_path(args, _station_config(args))
    conn = _open(path, readonly=True)   # tail only reads: a finished journal on read-only media is read too
    shown = 0
    try:
        after = args.after
        if after is None:
            if args.all:
                after = 0
            else:
                after = max(0, conn.last_event_id() - 20)
        while True:
            while page := conn.events(after=after, limit=TAIL_PAGE):   # every page, one in memory at a time
                after = page[-1].event_id
                for event in page:
                    if args.pending and event.published_utc is not None:
                        continue
                    echo(event.payload if args.json else format_event(event), flush=args.follow)
                    shown += 1
                if len(page) < TAIL_PAGE:
                    break
            if not shown and not getattr(args, "_said_empty", False):
                what = "pending events" if args.pending else "events"
                echo(f"dealer-station events: no {what} in the outbox of {path}"
                     + ("; waiting for new ones" if args.follow else ""), file=sys.stderr, flush=True)
                args._said_empty = True
            if not args.follow:
                return 0
            time.sleep(max(0.01, args.interval))
    except OutboxError as err:
        raise CliError(f"reading the outbox failed: {err}") from err
    finally:
        conn.close()


def _drain_or_refused(publisher, timeout: float) -> int:
    """``publisher.drain(timeout)``, but given up at once when the broker refuses the connection, or when
    the publisher refused an event (``publisher.refused``: it does not match the journal).

    A refused connection (ECONNREFUSED: nothing listens at that address) before any connection was
    made is not going to change within a drain timeout: waiting it out only delays the error.
    Returns the events left; raises CliError (exit 1) naming the refusal.
    """
    deadline = time.monotonic() + timeout
    while True:
        left = publisher.remaining()
        if not left:
            return 0
        stats = publisher.stats()
        if stats.connects == 0 and stats.failed_attempts and "ConnectionRefused" in (stats.last_error or ""):
            raise CliError(f"{left} event(s) not acknowledged within {timeout:g} s ({stats.last_error}): no "
                           "broker listens there, so it was not waited out; check --broker (or [broker] of "
                           "--config); they stay in the outbox", status=1)
        wait = deadline - time.monotonic()
        if wait <= 0 or not publisher.running or publisher.refused is not None:
            return left   # a refused event (it does not match the journal) stops the drain at once
        if publisher.drain(min(wait, 0.1)) == 0:
            return 0


def _publish(args: argparse.Namespace) -> int:
    from dealer_station.cli.broker_options import broker_options
    from dealer_station.publish import (
        BrokerConfigError,
        OutboxBusyError,
        Publisher,
        broker_config_from,
        drain_timeout_from,
    )

    _configure_logging(args.log_level)
    station = _station_config(args)
    section = station.get("broker")
    journal = _journal_path(args, station)
    conn = _open(journal)
    try:
        first = conn.events(after=0, limit=1)
    finally:
        conn.close()
    try:
        options = broker_options(args)
        config = broker_config_from(options, section)
        if config is None:
            raise CliError("no broker: pass --broker mqtt://HOST[:PORT] (or mqtts://), or --config with [broker]")
        table_id = args.table_id if args.table_id is not None else station.get("table", {}).get("id")
        if table_id is None and first:
            try:
                table_id = first[0].as_dict()["table_id"]
            except (ValueError, KeyError) as err:
                raise CliError("cannot tell the table id from the outbox: pass --table-id") from err
        if table_id is None:
            raise CliError("the outbox is empty and no --table-id was given")
        publisher = Publisher(config, journal, table_id)
        timeout = drain_timeout_from(options, section)
    except BrokerConfigError as err:
        raise CliError(str(err)) from err
    stop = threading.Event()
    try:
        publisher.start()
    except OutboxBusyError as err:
        raise CliError(f"{err}: is the station running with a broker?") from err
    previous = signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        if args.follow:
            told = None
            while not stop.wait(0.2):
                if not publisher.running:
                    raise CliError(f"the publisher stopped: {publisher.stats().last_error}", status=1)
                if publisher.refused is not None and publisher.refused != told:
                    told = publisher.refused
                    echo(_refusal_line(*told), file=sys.stderr)
            left = publisher.remaining()
        else:
            left = _drain_or_refused(publisher, timeout)
    except KeyboardInterrupt:
        left = publisher.remaining()
    finally:
        publisher.stop()
        signal.signal(signal.SIGTERM, previous)
    stats = publisher.stats()
    echo(f"published {stats.published} event(s) of table {table_id} to {config.url}; {left} pending")
    if publisher.refused is not None and not args.follow:
        echo(_refusal_line(*publisher.refused), file=sys.stderr)
        return 1
    if left and not args.follow:
        echo(f"dealer-station events: {left} event(s) not acknowledged within {timeout:g} s "
              f"({stats.last_error or 'broker slow'}); they stay in the outbox", file=sys.stderr)
        return 1
    return 0


def _refusal_line(event_id: int, problem: str) -> str:
    return (f"dealer-station events: event {event_id} does not match the journal ({problem}): it and the events "
            f"after it were not published; 'dealer-station journal verify' names what changed")


def run(args: argparse.Namespace) -> int:
    """Run ``events tail``, ``publish``, ``follow``, ``ledger`` or ``stats``; return the exit status (1: events left
    unpublished, gaps left open, or a ledger with gaps or broken anchors).
    """
    if args.events_command in ("follow", "ledger"):
        return _follow(args) if args.events_command == "follow" else _ledger(args)
    if args.events_command == "tail":
        return _tail(args)
    if args.events_command == "publish":
        return _publish(args)
    if args.events_command == "stats":
        return _stats(args)
    raise CliError("say what to do: events tail | publish | follow | ledger | stats")


def _leg_text(summary: dict) -> str:
    if not summary["n"]:
        return "-"
    return f"p50 {summary['p50']:.1f} p99 {summary['p99']:.1f}"


def _stats(args: argparse.Namespace) -> int:
    """``events stats``: per shoe, the p50/p99 (ms) of scan -> decision -> acknowledgement."""
    from dealer_station.publish.timing import LEGS, shoe_timings

    conn = _open(_journal_path(args, _station_config(args)), readonly=True)

    def results():   # the outbox's round results, read a page at a time
        after = 0
        while page := conn.events(after=after, limit=5000):
            after = page[-1].event_id
            yield from ((e.payload, e.published_utc) for e in page if e.type == "round_result")

    try:
        shoes = shoe_timings(results())
    except OutboxError as err:
        raise CliError(f"reading the outbox failed: {err}") from err
    finally:
        conn.close()
    for shoe in shoes:
        if args.json:
            echo(json.dumps(shoe.as_dict(), separators=(",", ":")))
            continue
        legs = ", ".join(f"{leg.replace('_', ' ')} {_leg_text(shoe.summary(leg))}" for leg in LEGS)
        line = f"{shoe.shoe_id}: {shoe.rounds} result(s); ms: {legs}"
        if shoe.unacknowledged:
            line += f"; {shoe.unacknowledged} not acknowledged yet"
        if shoe.untimed:
            line += f"; {shoe.untimed} without scan/decision times"
        echo(line)
    if not shoes and not args.json:
        echo("the outbox holds no round result")
    return 0


# ------------------------------------------------------------------ the reference consumer
def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 86400:
        raise argparse.ArgumentTypeError(f"{text!r} is not 0-86400 seconds")
    return value


def _register_consumer(sub: argparse._SubParsersAction) -> None:
    follow = sub.add_parser(
        "follow", help="follow tables on a broker into a ledger, each event exactly once (a reference consumer)",
        description="Subscribe to the tables' events and status, de-duplicate, ask the stations for what is "
                    "missing, check each event's chain anchor and write every event once, in order, into a "
                    "ledger: a SQLite file, or a PostgreSQL database several consumers may write (--share). Runs "
                    "until SIGINT/SIGTERM (or --idle-exit). docs/events.md.")
    follow.add_argument("--broker", metavar="URL", required=True, action="append",
                        help="MQTT broker, mqtt://host[:port] or mqtts://host[:port] (user:password@ and "
                             "?client_id=... allowed); repeat it for brokers to fail over to, in order of preference")
    follow.add_argument("--probe-interval", metavar="SECONDS", type=_seconds, default=30.0,
                        help="while on a later broker, look at the first this often and go back to it when it "
                             "answers (default 30)")
    follow.add_argument("--table", metavar="ID", action="extend", nargs="+", default=None,
                        help="follow only these tables (default: every table on the broker)")
    follow.add_argument("--ledger", metavar="FILE|URL", required=True,
                        help="the ledger: a SQLite file (created when missing) or postgresql://user@host:port/db "
                             "(its tables made on first use)")
    follow.add_argument("--share", metavar="GROUP", default=None,
                        help="be one of a pool of consumers writing one ledger: the events through the shared "
                             "subscription $share/GROUP/..., each written as it comes; one member at a time checks "
                             "the ledger's anchors and asks for its gaps")
    follow.add_argument("--idle-exit", metavar="SECONDS", type=_seconds, default=None,
                        help="stop after this many seconds without an event")
    follow.add_argument("--retry", metavar="SECONDS", type=_seconds, default=1.0,
                        help="ask again for a gap that made no progress for this long (default 1)")
    follow.add_argument("--broker-ca", metavar="PEM", default=None, help="CA certificate(s) to trust for mqtts://")
    follow.add_argument("--trust", metavar="DIR", default=None,
                        help="directory of the stations' public keys (ID.pub, made by dealer-station keys init): "
                             "a message not signed by its table's key is refused and kept in the ledger's "
                             "rejected table (default: every message is read)")
    follow.add_argument("--log-level", default="WARNING", type=log_level, metavar="LEVEL",
                        help="log level on standard error (default WARNING)")
    ledger = sub.add_parser("ledger", help="per table: the last event id, the number of events, the gaps and "
                                           "the last anchor of a ledger written by 'events follow'")
    ledger.add_argument("ledger", metavar="FILE|URL", help="the ledger: a SQLite file or postgresql://...")
    ledger.add_argument("--json", action="store_true", help="one JSON object per table per line")


def _gap_text(gaps: list) -> str:
    if not gaps:
        return "none"
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in gaps)


def trust_store(directory: str | None):  # noqa: ANN201 - a TrustStore, imported late
    """The :class:`~dealer_station.signing.TrustStore` of ``--trust DIR`` (None without it).

    Raises CliError (exit 2, one line) when the directory cannot be read, holds no ``ID.pub`` or a bad key file.
    """
    if directory is None:
        return None
    from dealer_station.signing import SigningKeyError, TrustStore

    try:
        store = TrustStore(directory)
    except SigningKeyError as err:
        raise CliError(str(err)) from None
    if not store.tables():
        raise CliError(f"--trust {directory}: no public key in it (ID.pub files, made by dealer-station keys init)")
    return store


def _follow(args: argparse.Namespace) -> int:
    from dealer_station.platform.follow import Follower, validate_group
    from dealer_station.platform.ledger import Ledger, LedgerError
    from dealer_station.publish import BrokerConfigError, parse_broker_urls

    _configure_logging(args.log_level)
    if args.share is not None:
        try:
            validate_group(args.share)
        except ValueError as err:
            raise CliError(f"--share: {err}") from None
    try:
        config = parse_broker_urls(args.broker, ca_certs=args.broker_ca, backoff_min=0.1, backoff_max=2.0,
                                   connect_timeout=5.0, probe_interval=args.probe_interval)
        ledger = Ledger(args.ledger)
    except BrokerConfigError as err:
        raise CliError(str(err)) from err
    except LedgerError as err:
        raise CliError(f"{err}: pass --ledger with a new file, a PostgreSQL database, or a ledger written by "
                       "'events follow'") from err
    try:
        trust = trust_store(args.trust)
    except CliError:
        ledger.close()
        raise
    try:
        follower = Follower(config, ledger, args.table, retry=args.retry, idle_exit=args.idle_exit, trust=trust,
                            share=args.share)
    except BrokerConfigError as err:
        ledger.close()
        raise CliError(f"--table: {err}") from err
    where = ", ".join(args.table) if args.table else "every table"
    pool = f" as a member of pool {args.share}" if args.share else ""
    follower.on_connected = lambda: echo(f"following {where} on {follower.connected_url} into {ledger.name}{pool}",
                                         flush=True)
    previous = signal.signal(signal.SIGTERM, lambda *_: follower.stop())
    try:
        result = follower.run()
    except KeyboardInterrupt:
        result = follower.result()
    except LedgerError as err:
        raise CliError(str(err), status=1) from err
    finally:
        signal.signal(signal.SIGTERM, previous)
        ledger.close()
    echo(f"wrote {result.written} event(s); {result.duplicates} duplicate(s) dropped; {result.asks} replay "
         f"request(s); {result.replay_errors} replay error(s); {result.anchor_breaks} anchor break(s); "
         f"{result.connects} connection(s)" + (f"; {result.rejected} message(s) refused: not signed by a "
                                                f"trusted key" if trust is not None else "")
         + (f"; {result.checked} event(s) checked as the pool's gap checker" if args.share else ""), flush=True)
    for table_id, gaps in sorted(result.gaps.items()):
        echo(f"dealer-station events: table {table_id}: gaps still open: {_gap_text(gaps)}", file=sys.stderr)
    return 1 if result.gaps else 0


def _ledger(args: argparse.Namespace) -> int:
    from dealer_station.platform.ledger import LedgerError, summarize

    try:
        tables = summarize(args.ledger)
    except LedgerError as err:
        raise CliError(str(err)) from err
    bad = False
    for t in tables:
        bad = bad or bool(t.gaps) or bool(t.anchor_breaks)
        if args.json:
            echo(json.dumps(t.as_dict(), separators=(",", ":")))
            continue
        anchor = (f"journal_seq {t.last_anchor['journal_seq']} hash {t.last_anchor['journal_hash'][:16]}"
                  if t.last_anchor else "none (unanchored)")
        line = (f"{t.table_id}: last event {t.last_event_id}, {t.events} event(s), gaps: {_gap_text(t.gaps)}, "
                f"last anchor: {anchor}")
        if t.anchor_breaks:
            line += f", {t.anchor_breaks} anchor break(s)"
        if t.given_up:
            line += f", given up (no longer kept by the station): {_gap_text(t.given_up)}"
        if t.rejected:
            line += f", {t.rejected} message(s) refused (not signed by the table's trusted key)"
        if t.unchecked:
            line += f", {t.unchecked} event(s) not yet checked by the pool's gap checker"
        echo(line)
    if not tables and not args.json:
        echo("the ledger holds no event")
    return 1 if bad else 0
