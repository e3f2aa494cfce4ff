"""``dealer-station console``: the dealer console (PySide6) on a shoe.

Embedded defaults: the simulated shoe, a journal in the user's data directory (platformdirs),
no broker. ``--screenshot FILE.png`` deals ``--rounds`` rounds with the automatic dealer, saves
the window as a PNG and exits (it works with ``QT_QPA_PLATFORM=offscreen``; its journal is in
memory unless ``--journal`` is given).
"""

from __future__ import annotations

import os
import sys

from dealer_station.cli import CliError, echo, log_level

NAME = "console"
HELP = "open the dealer console (touch screen) on a shoe; the simulated shoe by default"

NO_DISPLAY = ("no display: the console needs a screen; run without one with "
              "'dealer-station run --headless', or set QT_QPA_PLATFORM=offscreen")
"""The one line printed when there is no display (exit status 2)."""


MAX_ROUNDS = 10_000
"""Most rounds ``--rounds`` deals before a screenshot (a shoe holds about 80)."""


def register(parser) -> None:
    """Add the ``console`` arguments."""
    parser.add_argument("--config", default=None, help="station configuration (default config/station.toml)")
    parser.add_argument("--shoe", default=None, help="shoe profile, file or inline spec (default: the simulator)")
    parser.add_argument("--journal", default=None,
                        help="journal database (default: journal.sqlite in the user's data directory)")
    parser.add_argument("--accounts", default=None, help="accounts file (default: beside the journal)")
    parser.add_argument("--screenshot", metavar="FILE.png", default=None,
                        help="deal --rounds rounds with the automatic dealer, save the window as PNG, exit")
    parser.add_argument("--rounds", type=int, default=3, help="rounds to deal before --screenshot (default 3)")
    parser.add_argument("--screen", choices=("dealer", "supervisor"), default="dealer",
                        help="screen to show in --screenshot (default dealer)")
    parser.add_argument("--size", default="1920x1080", help="window size WIDTHxHEIGHT (default 1920x1080)")
    parser.add_argument("--fullscreen", action="store_true", help="open full screen (the table's touch screen)")
    parser.add_argument("--language", "--lang", dest="lang", metavar="CODE", default=None,
                        help="language of the console: ar, en, hu, pt or te (default: the system's locale); "
                             "Arabic is laid out right to left")
    parser.add_argument("--log-level", default="WARNING", type=log_level,
                        help="log level on standard error (default WARNING)")
    from dealer_station.cli.broker_options import add_broker_arguments, add_signing_argument

    add_broker_arguments(parser)
    add_signing_argument(parser)


def has_display() -> bool:
    """True when Qt can show a window: a platform is forced (``QT_QPA_PLATFORM``) or an X/Wayland display is set."""
    if os.environ.get("QT_QPA_PLATFORM"):
        return True
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise CliError(f"--size {text!r}: use WIDTHxHEIGHT, e.g. 1920x1080") from None
    if not (320 <= w <= 10000 and 240 <= h <= 10000):
        raise CliError(f"--size {text!r}: width 320-10000, height 240-10000")
    return w, h


def run(args) -> int:
    """Open the console; exit 0 on a normal close or a saved screenshot, 1 when the screenshot run failed."""
    if not 0 <= args.rounds <= MAX_ROUNDS:
        raise CliError(f"--rounds {args.rounds if args.rounds < 0 else 'past ' + str(MAX_ROUNDS)}: "
                       f"give 0 to {MAX_ROUNDS} rounds")
    if args.shoe is not None and not args.shoe.strip():
        raise CliError("--shoe '': give a shoe profile name, file or inline spec (e.g. sim), or leave --shoe out "
                       "for the simulated shoe")
    size = _size(args.size)
    if args.screenshot and not os.environ.get("QT_QPA_PLATFORM") and not has_display():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if not has_display():
        echo(f"dealer-station console: {NO_DISPLAY}", file=sys.stderr)
        return 2

    from dealer_station.app.logging import configure_logging

    configure_logging(level=args.log_level.upper(), stream=sys.stderr)
    from dealer_station.cli.broker_options import broker_options
    from dealer_station.console.app import run_console

    try:
        status = run_console(config=args.config, shoe=args.shoe, journal=args.journal, accounts=args.accounts,
                           screenshot=args.screenshot, rounds=args.rounds, screen=args.screen, size=size,
                           fullscreen=args.fullscreen, lang=args.lang, publish=broker_options(args),
                           signing_key=args.signing_key, previous_signing_key=args.previous_signing_key)
    except (ValueError, OSError) as err:  # configuration, shoe spec, accounts, journal, PNG
        raise CliError(str(err).splitlines()[0] if str(err) else type(err).__name__) from None
    if status and args.screenshot:
        echo(f"dealer-station console: the automatic dealer could not deal {args.rounds} rounds (the table "
              f"paused or timed out); the picture of where it stopped is in {args.screenshot}", file=sys.stderr)
    return status
