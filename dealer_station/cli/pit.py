"""``dealer-station pit``: the pit supervisor's view of every table on a broker (docs/pit.md).

``pit --broker URL [--broker URL ...] [--table ID ...] [--wait-alert S] [--config TOML] [--screenshot FILE]``
opens a PySide6 window that reads the tables' events and statuses from the broker alone and never writes
to it; several brokers are taken in order of preference, as the station takes them. ``--screenshot FILE.png``
connects, waits (bounded) for the tables' statuses, writes the window as a PNG and exits (works with
``QT_QPA_PLATFORM=offscreen``).
"""

from __future__ import annotations

import argparse
import math

from dealer_station.cli import CliError, echo, log_level

NAME = "pit"
HELP = "the pit supervisor's view of every table on an MQTT broker (read only)"
DESCRIPTION = (
    "A window for a pit supervisor: every table on the broker (or the --tables named) with its station online or "
    "offline, state, shoe and round, the last results as a bead plate, open pauses with their incident and how "
    "long they have waited (oldest first, marked after --wait-alert seconds) and edge alerts. It only "
    "subscribes: it never publishes anything to any station. docs/pit.md."
)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and 0 < value <= 86400):
        raise argparse.ArgumentTypeError(f"{text!r} is not more than 0 and at most 86400 seconds")
    return value


def register(parser: argparse.ArgumentParser) -> None:
    """Add the ``pit`` arguments."""
    parser.add_argument("--broker", metavar="URL", default=None, action="append",
                        help="MQTT broker, mqtt://host[:port] or mqtts://host[:port] (user:password@ and "
                             "?client_id=... allowed); repeat it for brokers to fail over to, in order of "
                             "preference; default [pit] broker or brokers of --config")
    parser.add_argument("--probe-interval", metavar="SECONDS", type=_seconds, default=30.0,
                        help="while on a later broker, look at the first this often and go back to it when it "
                             "answers (default 30)")
    parser.add_argument("--table", metavar="ID", action="extend", nargs="+", default=None,
                        help="show only these tables (default: every table on the broker, or [pit] tables)")
    parser.add_argument("--wait-alert", metavar="SECONDS", type=_seconds, default=None,
                        help="mark a pause OVERDUE after this many seconds (default [pit] wait_alert_seconds, else 60)")
    parser.add_argument("--config", metavar="TOML", default=None,
                        help="the pit's settings file: [pit] broker (or brokers), tables, wait_alert_seconds")
    parser.add_argument("--screenshot", metavar="FILE.png", default=None,
                        help="wait for the tables' statuses, save the window as PNG, exit")
    parser.add_argument("--screenshot-wait", metavar="SECONDS", type=_seconds, default=10.0,
                        help="--screenshot waits at most this long for the statuses (default 10)")
    parser.add_argument("--size", default="1920x1080", help="window size WIDTHxHEIGHT (default 1920x1080)")
    parser.add_argument("--fullscreen", action="store_true", help="open full screen")
    parser.add_argument("--broker-ca", metavar="PEM", default=None, help="CA certificate(s) to trust for mqtts://")
    parser.add_argument("--trust", metavar="DIR", default=None,
                        help="directory of the stations' public keys (ID.pub): a status or event not signed by its "
                             "table's key is refused and the table marked UNVERIFIED (default: every message read)")
    parser.add_argument("--log-level", default="WARNING", type=log_level, metavar="LEVEL",
                        help="log level on standard error (default WARNING)")


def _settings(path: str | None) -> dict:
    """The ``[pit]`` section of ``--config`` ({} without a file); CliError naming a bad file or key."""
    if not path:
        return {}
    import tomllib

    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as err:
        raise CliError(f"--config {path}: {err.strerror or err}") from err
    except tomllib.TOMLDecodeError as err:
        raise CliError(f"--config {path}: not valid TOML: {err}") from err
    section = data.get("pit", {})
    if not isinstance(section, dict):
        raise CliError(f"--config {path}: [pit] is not a section")
    unknown = sorted(set(section) - {"broker", "brokers", "tables", "wait_alert_seconds"})
    if unknown:
        raise CliError(f"--config {path}: [pit] {unknown[0]}: unknown key; allowed: broker, brokers, tables, "
                       "wait_alert_seconds")
    wait = section.get("wait_alert_seconds")
    if wait is not None and (isinstance(wait, bool) or not isinstance(wait, int | float)
                             or not (math.isfinite(wait) and 0 < wait <= 86400)):
        raise CliError(f"--config {path}: [pit] wait_alert_seconds = {wait!r}: use a number of seconds, "
                       "more than 0 and at most 86400")
    tables = section.get("tables")
    if tables is not None and (not isinstance(tables, list) or not all(isinstance(t, str) for t in tables)):
        raise CliError(f"--config {path}: [pit] tables: use a list of table ids, e.g. [\"T1\", \"T2\"]")
    broker = section.get("broker")
    if broker is not None and not isinstance(broker, str):
        raise CliError(f"--config {path}: [pit] broker: use a URL string, e.g. \"mqtt://broker:1883\"")
    brokers = section.get("brokers")
    if brokers is not None and (not isinstance(brokers, list) or not brokers
                                or not all(isinstance(b, str) for b in brokers)):
        raise CliError(f"--config {path}: [pit] brokers: use a list of broker URLs in order of preference, e.g. "
                       "[\"mqtt://a:1883\", \"mqtt://b:1883\"]")
    if broker is not None and brokers is not None:
        raise CliError(f"--config {path}: [pit]: give either broker or brokers, not both")
    return section


def run(args: argparse.Namespace) -> int:
    """Open the pit view; exit 0, 1 when --screenshot could not see every table's status, 2 on bad input."""
    from dealer_station.cli.console import _size, has_display
    from dealer_station.publish import BrokerConfigError, parse_broker_urls
    from dealer_station.publish.topics import validate_table_id

    settings = _settings(args.config)
    urls = args.broker or settings.get("brokers") or ([settings["broker"]] if settings.get("broker") else [])
    if not urls:
        raise CliError("no broker: pass --broker mqtt://HOST[:PORT] (or mqtts://), or [pit] broker in --config")
    tables = args.table or settings.get("tables") or None
    wait_alert = args.wait_alert or float(settings.get("wait_alert_seconds") or 60.0)
    size = _size(args.size)
    try:
        config = parse_broker_urls(urls, ca_certs=args.broker_ca, backoff_min=1.0, backoff_max=5.0,
                                   connect_timeout=5.0, probe_interval=args.probe_interval)
        for table in tables or ():
            validate_table_id(table)
    except BrokerConfigError as err:
        raise CliError(str(err)) from err
    from dealer_station.cli.events import trust_store

    trust = trust_store(args.trust)
    if not has_display():
        raise CliError("no display: the pit view needs a screen; set DISPLAY, or QT_QPA_PLATFORM=offscreen "
                       "with --screenshot")
    from dealer_station.app.logging import configure_logging
    from dealer_station.console.app import qt_is_usable

    configure_logging(level=args.log_level)
    problem = qt_is_usable()
    if problem:
        raise CliError(problem)
    from dealer_station.pit.window import run_pit

    try:
        status = run_pit(config, tables, wait_alert_seconds=wait_alert, screenshot=args.screenshot,
                         screenshot_wait=args.screenshot_wait, size=size, fullscreen=args.fullscreen, trust=trust)
    except OSError as err:
        raise CliError(f"--screenshot {args.screenshot}: {err}") from err
    if args.screenshot:
        echo(f"saved {args.screenshot}" + ("" if status == 0 else
                                           " (not every table's status arrived in time, or no broker)"))
    return status
