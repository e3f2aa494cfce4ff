"""Logging, configured once at the entry point (STYLE.md habit 10; issue 3 §7).

structlog renders JSON lines when standard error is not a terminal and a readable console
rendering on a terminal; standard-library loggers are routed through the same renderer; the
table, shoe and round ids are bound with ``structlog.contextvars`` by the controller. Logs go to
standard error (standard output is for command output). Logging never raises into the caller:
a failing handler is reported by ``logging`` itself and swallowed (``logging.raiseExceptions`` is off).
"""

from __future__ import annotations

import logging
import sys

import structlog

__all__ = ["configure_logging", "log_enabled"]

_LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR,
           "critical": logging.CRITICAL}
_minimum: int | None = None  # the level configure_logging set; None: not configured, everything is passed on
_wrapper: object = None      # the filtering logger class it installed


def log_enabled(level: str) -> bool:
    """Whether a record at ``level`` (``"info"``, ``"warning"``...) would be written after :func:`configure_logging`.

    Lets a hot path (the controller, once per output) skip building a record that would be dropped:
    structlog's logger proxy does its set-up on every call, filtered or not. True (structlog decides)
    before any configuration, once structlog has been set up otherwise since (its defaults restored, a
    test's capture), and for an unknown level name.
    """
    if _minimum is None or structlog.get_config()["wrapper_class"] is not _wrapper:
        return True
    return _LEVELS.get(level, logging.CRITICAL) >= _minimum


def configure_logging(json: bool | None = None, level: int | str = logging.INFO, stream=None) -> None:
    """Configure structlog and the standard library's ``logging`` together.

    Parameters
    ----------
    json:
        True for JSON lines, False for the console renderer, None (default) to choose by whether
        ``stream`` is a terminal.
    level:
        Minimum level (``logging.INFO`` or a name such as ``"DEBUG"``).
    stream:
        Where logs go (default ``sys.stderr``).
    """
    global _minimum
    stream = stream or sys.stderr
    if isinstance(level, str):
        level = logging.getLevelName(level.upper())
        if not isinstance(level, int):
            level = logging.INFO
    _minimum = level
    if json is None:
        try:
            json = not stream.isatty()
        except (AttributeError, ValueError):
            json = True
    shared = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        structlog.processors.StackInfoRenderer(),
    ]
    renderer = structlog.processors.JSONRenderer(default=str) if json else structlog.dev.ConsoleRenderer(
        colors=False)
    global _wrapper
    _wrapper = structlog.make_filtering_bound_logger(level)
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=_wrapper,
        cache_logger_on_first_use=False,
    )
    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=shared,
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                    structlog.processors.format_exc_info, renderer],
    )
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    root = logging.getLogger()
    for old in list(root.handlers):
        if getattr(old, "_dealer_station", False):
            root.removeHandler(old)
    handler._dealer_station = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(level)
    logging.raiseExceptions = False
