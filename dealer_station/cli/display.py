"""``dealer-station display``: the table's own display, the pole screen and a stream's overlay (docs/display.md).

``display --broker URL --table ID [--port P] [--language CODE] [--overlay] [--trust DIR]`` serves one web page
for the table: the last result in large type, the shoe's roads, its statistics, the round's limits and bets
offered and the table's state, pushed live (Server-Sent Events) from the table's MQTT events, current on
load (it asks the station for the shoe so far). It runs until SIGINT or SIGTERM.
"""

from __future__ import annotations

import argparse

from dealer_station.cli import CliError, echo, log_level

NAME = "display"
HELP = "the table's own display (pole screen, stream overlay) as a web page, live from its MQTT events"
DESCRIPTION = (
    "Serve one web page for the table's pole screen or, with --overlay, a transparent one for a stream's browser "
    "source: the last result in large type, the bead plate, big road and derived roads of the whole shoe, the "
    "shoe's statistics, the round's limits and bets offered, and the table's state (betting open with its "
    "countdown, dealing, paused), pushed live from the table's events. A page opened mid-shoe shows the shoe so "
    "far (the display asks the station for it). docs/display.md."
)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0 to 65535; 0: any free port)")
    return value


def register(parser: argparse.ArgumentParser) -> None:
    """Add the ``display`` arguments."""
    parser.add_argument("--broker", metavar="URL", required=True,
                        help="MQTT broker, mqtt://host[:port] or mqtts://host[:port] (user:password@ and "
                             "?client_id=... allowed)")
    parser.add_argument("--table", metavar="ID", required=True, help="the table shown (its table id)")
    parser.add_argument("--port", metavar="P", type=_port, default=8080,
                        help="the web server's port (default 8080; 0: any free port, printed)")
    parser.add_argument("--host", metavar="ADDRESS", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)")
    parser.add_argument("--language", metavar="CODE", default="en",
                        help="the page's language: en, pt, te, hu, ar (right to left), as the console (default en)")
    parser.add_argument("--overlay", action="store_true",
                        help="a transparent page for a stream's browser source (no limits panel)")
    parser.add_argument("--trust", metavar="DIR", default=None,
                        help="directory of the stations' public keys (ID.pub): show only events and statuses signed "
                             "by the table's key (default: every message read)")
    parser.add_argument("--broker-ca", metavar="PEM", default=None, help="CA certificate(s) to trust for mqtts://")
    parser.add_argument("--log-level", default="WARNING", type=log_level, metavar="LEVEL",
                        help="log level on standard error (default WARNING)")


def run(args: argparse.Namespace) -> int:
    """Serve the display until SIGINT/SIGTERM: exit 0; 2 on bad input or a port that cannot be listened on."""
    from dealer_station.cli.events import trust_store
    from dealer_station.publish import BrokerConfigError, parse_broker_url
    from dealer_station.publish.topics import validate_table_id

    try:
        table = validate_table_id(args.table)
        config = parse_broker_url(args.broker, ca_certs=args.broker_ca, backoff_min=1.0, backoff_max=5.0,
                                  connect_timeout=5.0)
    except BrokerConfigError as err:
        raise CliError(str(err)) from err
    trust = trust_store(args.trust)
    from dealer_station.console.app import languages

    if args.language not in languages():
        raise CliError(f"--language {args.language}: no translation for it; use one of {', '.join(languages())}")
    from PySide6.QtCore import QCoreApplication, Qt

    from dealer_station.app.logging import configure_logging
    from dealer_station.console.app import install_language

    configure_logging(level=args.log_level)
    app = QCoreApplication.instance() or QCoreApplication(["dealer-station"])
    locale = install_language(app, args.language)
    right_to_left = locale.textDirection() == Qt.LayoutDirection.RightToLeft
    from dealer_station.display.server import run_display

    def ready(url: str) -> None:
        echo(f"the display of table {table} at {url}" + (" (overlay)" if args.overlay else ""), flush=True)

    try:
        return run_display(config, table, host=args.host, port=args.port, language=args.language,
                           right_to_left=right_to_left, overlay=args.overlay, trust=trust, on_ready=ready)
    except OSError as err:
        raise CliError(f"--host {args.host} --port {args.port}: cannot listen there: {err.strerror or err}") from err
