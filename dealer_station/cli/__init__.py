"""The ``dealer-station`` command line.

Each sub-command is a module in this package that defines ``NAME`` (the sub-command), ``HELP``
(one line), ``register(parser)`` (adds its arguments) and ``run(args) -> int`` (the exit status).
Modules are found by name, so adding a command is adding a file.

Exit statuses: 0 success, 1 a check that failed (verify, compare), 2 bad input or usage.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from dealer_station import __version__

__all__ = ["main", "build_parser", "CliError", "echo", "log_level", "LOG_LEVELS"]

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
"""The levels ``--log-level`` takes (any case)."""


def log_level(text: str) -> str:
    """The argparse type of every ``--log-level``: one of :data:`LOG_LEVELS`, any case, returned upper case.

    Raises argparse.ArgumentTypeError (exit 2 with the usage) naming the levels otherwise.
    """
    level = str(text).strip().upper()
    if level not in LOG_LEVELS:
        raise argparse.ArgumentTypeError(f"{text!r} is not a log level: use one of {', '.join(LOG_LEVELS)}")
    return level


def echo(*values: object, sep: str = " ", end: str = "\n", file=None, flush: bool = False) -> None:
    """Write a command's output (like ``print``): the one place the command line writes text for people.

    ``file``: a text stream, default standard output. Logging goes through structlog, never here.
    """
    stream = sys.stdout if file is None else file
    stream.write(sep.join(str(v) for v in values) + end)
    if flush:
        stream.flush()


class CliError(Exception):
    """A user error a command reports as one line on standard error with exit status 2."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def _commands() -> list:
    mods = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "NAME") and hasattr(module, "run"):
            mods.append(module)
    return mods


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered."""
    parser = argparse.ArgumentParser(
        prog="dealer-station",
        description="Dealer-side controller of a live punto banco baccarat table.",
    )
    parser.add_argument("--version", action="version", version=f"dealer-station {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _commands():
        p = sub.add_parser(module.NAME, help=module.HELP, description=getattr(module, "DESCRIPTION", module.HELP))
        module.register(p)
        p.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args._run(args) or 0)
    except CliError as err:
        echo(f"dealer-station {args.command}: {err}", file=sys.stderr)
        return err.status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
