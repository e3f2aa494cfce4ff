"""The ``dealer-station`` command line.

Each sub-command is a module in this package that defines ``NAME`` (the sub-command), ``HELP``
(one line), ``register(parser)`` (adds its arguments) and ``run(args) -> int`` (the exit status).
Modules are found by name, so adding a command is adding a file. A command line that names its
command imports that command's module alone (the console does not wait for the odds engine, the capture
reader and the rest to import); ``--help``, no command or an unknown one build the whole parser.

Exit statuses: 0 success, 1 a check that failed (verify, compare), 2 bad input or usage.
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import pkgutil
import re
import sys
from collections.abc import Sequence

from dealer_station import __version__

__all__ = ["main", "build_parser", "CliError", "OneLineParser", "echo", "log_level", "LOG_LEVELS", "short_text"]

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


def short_text(value: object, limit: int = 40) -> str:
    """``value`` as text, cut to ``limit`` characters with ``...`` (a 400-digit number is named, not printed whole)."""
    text = str(value)
    return text if len(text) <= limit else f"{text[:limit - 3]}..."


class CliError(Exception):
    """A user error a command reports as one line on standard error with exit status 2."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


_KINDS = {"int": "a whole number", "float": "a number"}
_INVALID_VALUE = re.compile(r"^argument (?P<arg>[^:]+): invalid (?P<kind>\w+) value: (?P<value>.*)$", re.S)
_ARGUMENT = re.compile(r"^argument (?P<arg>[^:]+): (?P<rest>.*)$", re.S)


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on standard error, exit status 2.

    The line names the problem and the fix, e.g. ``dealer-station simulate: --shoes: 'abc' is not a
    whole number; see dealer-station simulate --help``; a mistyped choice or command gets
    "did you mean ...?" (:func:`difflib.get_close_matches`). Sub-parsers are of the same class
    (``add_subparsers`` passes the class on), so every command and action keeps the promise.
    """

    def _check_value(self, action, value):  # noqa: ANN001 - argparse's own hook
        choices = action.choices
        if choices is None or value in choices:
            return
        names = [str(c) for c in choices]
        what = "a command" if isinstance(action, argparse._SubParsersAction) and action.dest == "command" else (
            "an action" if isinstance(action, argparse._SubParsersAction) else "allowed")
        close = difflib.get_close_matches(str(value), names, n=1, cutoff=0.6)
        hint = f"; did you mean {close[0]}?" if close else ""
        if what == "allowed":
            message = f"invalid choice: {value!r} (choose from {', '.join(names)}){hint}"
        else:
            message = f"{value!r} is not {what} ({', '.join(names)}){hint}"
        raise argparse.ArgumentError(action, message)

    def error(self, message: str):  # noqa: ANN201 - never returns
        """Print ``PROG: PROBLEM; see PROG --help`` on standard error and exit 2 (no usage block)."""
        problem = self._plain(message)
        fix = f" (see {self.prog} --help)" if problem.endswith("?") else f"; see {self.prog} --help"
        self.exit(2, f"{self.prog}: {problem}{fix}\n")

    def unrecognized(self, extra: list[str]):  # noqa: ANN201 - never returns
        """The error for arguments no option took: names them, with the nearest option of this parser."""
        options = [o for a in self._actions for o in a.option_strings]
        first = next((e.split("=", 1)[0] for e in extra if e.startswith("-")), None)
        close = difflib.get_close_matches(first, options, n=1, cutoff=0.6) if first else []
        hint = f"; did you mean {close[0]}?" if close else ""
        self.error(f"unrecognized arguments: {' '.join(extra)}{hint}")

    def _plain(self, message: str) -> str:
        message = " ".join(str(message).split())  # one line whatever argparse wrote
        match = _INVALID_VALUE.match(message)
        if match and match["kind"] in _KINDS:
            return f"{match['arg']}: {match['value']} is not {_KINDS[match['kind']]}"
        if message.startswith("the following arguments are required: "):
            missing = message.split(": ", 1)[1]
            for action in self._actions:
                if isinstance(action, argparse._SubParsersAction) and (action.metavar or action.dest) in missing:
                    return f"{missing} is missing: give one of {', '.join(action.choices)}"
            return f"missing {missing}"
        match = _ARGUMENT.match(message)
        if match:
            arg = match["arg"]
            if arg in ("COMMAND", "ACTION"):
                return match["rest"]
            return f"{arg}: {match['rest']}"
        return message


def _commands() -> list:
    mods = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "NAME") and hasattr(module, "run"):
            mods.append(module)
    return mods


def _named_command(argv: Sequence[str]):
    """The module of the command ``argv`` names (its first word not an option), or None.

    None when there is no such word or no command module of that name (the whole parser then says why).
    """
    word = next((a for a in argv if not a.startswith("-")), None)
    if not word:
        return None
    name = word.replace("-", "_")
    if not name.isidentifier() or name.startswith("_"):
        return None
    if not any(info.name == name for info in pkgutil.iter_modules(__path__)):
        return None
    module = importlib.import_module(f"{__name__}.{name}")
    return module if getattr(module, "NAME", None) == word and hasattr(module, "run") else None


def build_parser(commands: Sequence | None = None) -> argparse.ArgumentParser:
    """The argument parser with the sub-commands of ``commands`` registered (default: every command)."""
    parser = OneLineParser(
        prog="dealer-station",
        description="Dealer-side controller of a live punto banco baccarat table.",
    )
    parser.add_argument("--version", action="version", version=f"dealer-station {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _commands() if commands is None else commands:
        p = sub.add_parser(module.NAME, help=module.HELP, description=getattr(module, "DESCRIPTION", module.HELP))
        module.register(p)
        p.set_defaults(_run=module.run, _parser=p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    named = None if any(a in ("-h", "--help", "--version") for a in argv[:1]) else _named_command(argv)
    parser = build_parser(None if named is None else [named])
    args, extra = parser.parse_known_args(argv)
    if extra:
        getattr(args, "_parser", parser).unrecognized(extra)
    if not getattr(args, "_run", None):
        names = ", ".join(m.NAME for m in _commands())
        echo(f"dealer-station: give a command ({names}); see dealer-station --help", file=sys.stderr)
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
