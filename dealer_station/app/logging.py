"""Logging, configured once at the entry point (docs/style.md habit 10).

structlog renders JSON lines when standard error is not a terminal and a readable console
rendering on a terminal; standard-library loggers are routed through the same renderer; the
table, shoe and round ids are bound with ``structlog.contextvars`` by the controller. Logs go to
standard error (standard output is for command output). Logging never raises into the caller
and never loses a record: a value the renderer cannot show (an enum or tuple dict key, a circular
dict, an object whose ``__str__``/``__repr__`` raises, bytes) is rendered again made safe
(:func:`safe_value`: ``<unprintable X>``, ``<circular reference>``), and a record that still cannot
be formatted is written as a minimal line naming why; a failing stream is reported by ``logging``
itself and swallowed (``logging.raiseExceptions`` is off).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Mapping

import structlog

__all__ = ["configure_logging", "log_enabled", "safe_repr", "safe_value"]

_LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR,
           "critical": logging.CRITICAL}
_minimum: int | None = None  # the level configure_logging set; None: not configured, everything is passed on
_wrapper: object = None      # the filtering logger class it installed

SAFE_DEPTH = 32
"""How deep :func:`safe_value` follows nested containers before it writes ``<nested too deep>``."""


def safe_repr(value: object) -> str:
    """``repr(value)``, else ``str(value)``, else ``<unprintable TypeName>``: never raises.

    For an error or a value shown in a log line or on a screen, where the object's own
    ``__repr__``/``__str__`` may raise (or return something that is not text).
    """
    for show in (repr, str):
        try:
            text = show(value)
        except Exception:  # noqa: BLE001, S112 - an object's own repr may raise anything
            continue
        if isinstance(text, str):
            return text
    try:
        name = type(value).__name__
    except Exception:  # noqa: BLE001 - a type whose name cannot be read
        name = "object"
    return f"<unprintable {name}>"


def _key(key: object) -> str:
    if isinstance(key, str):
        return key
    try:
        text = str(key)
    except Exception:  # noqa: BLE001 - a key's own str may raise anything
        return safe_repr(key)
    return text if isinstance(text, str) else safe_repr(key)


def safe_value(value: object, _depth: int = 0, _seen: frozenset[int] = frozenset()) -> object:
    """``value`` as something every renderer can show: text keys, JSON values, text for the rest.

    Dicts (and other mappings) keep their items with keys as text (``str(key)``: an enum, a tuple);
    lists, tuples and sets become lists; strings, booleans, whole numbers, finite floats and None stay;
    non-finite floats and whole numbers too long to print become text; bytes and every other object
    become :func:`safe_repr`. A container inside itself is ``"<circular reference>"``, one nested
    deeper than :data:`SAFE_DEPTH` is ``"<nested too deep>"``. Never raises.
    """
    if value is None or isinstance(value, (str, bool)):
        return value
    if isinstance(value, int):
        try:
            int.__repr__(value)
        except ValueError:  # more digits than Python prints (sys.set_int_max_str_digits)
            return f"<int of {value.bit_length()} bits>"
        return int(value)
    if isinstance(value, float):
        return float(value) if value == value and value not in (float("inf"), float("-inf")) else repr(float(value))
    if isinstance(value, (dict, list, tuple, set, frozenset)) or _is_mapping(value):
        if id(value) in _seen:
            return "<circular reference>"
        if _depth >= SAFE_DEPTH:
            return "<nested too deep>"
        seen = _seen | {id(value)}
        try:
            if isinstance(value, dict) or _is_mapping(value):
                return {_key(k): safe_value(v, _depth + 1, seen) for k, v in list(value.items())}
            return [safe_value(v, _depth + 1, seen) for v in list(value)]
        except Exception:  # noqa: BLE001 - a container whose iteration raises
            return safe_repr(value)
    return safe_repr(value)


def _is_mapping(value: object) -> bool:
    try:
        return isinstance(value, Mapping)
    except Exception:  # noqa: BLE001 - an object whose isinstance check raises
        return False


class _SafeRenderer:
    """A structlog renderer that never raises: on failure the record is made safe and rendered again.

    The usual record is rendered as the wrapped renderer renders it (nothing changes); one with a
    value it cannot render (``json.dumps`` of a circular dict or an enum key, ``repr`` that raises)
    is rendered from :func:`safe_value` of the record; if even that fails, a minimal line says why.
    """

    def __init__(self, renderer, json: bool) -> None:
        self._renderer = renderer
        self._json = json

    def __call__(self, logger, name: str, event_dict: dict) -> str:
        original = dict(event_dict)  # a renderer may pop keys before it fails
        try:
            return self._renderer(logger, name, event_dict)
        except Exception as err:  # noqa: BLE001 - logging never loses a record
            failure = err
        try:
            safe = safe_value(original)
            if not isinstance(safe, dict):
                safe = {"event": safe}
            return self._renderer(logger, name, safe)
        except Exception as err:  # noqa: BLE001 - logging never loses a record
            failure = err
        return minimal_line(original, name, failure, json=self._json)


def minimal_line(event_dict: dict, level: str, failure: BaseException, *, json: bool) -> str:
    """The last resort: the record's event, level and logger, and why it could not be rendered."""
    import json as _json

    def text(key: str, default: str = "") -> str:
        try:
            value = event_dict.get(key, default)
        except Exception:  # noqa: BLE001 - a record that is not a dict
            value = default
        return value if isinstance(value, str) else safe_repr(value)

    line = {"event": text("event"), "level": text("level", str(level)), "logger": text("logger"),
            "timestamp": text("timestamp"),
            "log_error": f"the record could not be rendered: {safe_repr(failure)}"}
    if json:
        return _json.dumps(line)
    return " ".join(f"{k}={v}" for k, v in line.items() if v)


class _SafeFormatter(structlog.stdlib.ProcessorFormatter):
    """structlog's formatter for ``logging`` handlers, which never raises and never loses a record.

    A standard-library record whose message cannot be formatted (``"%d" % "x"``, an argument whose
    ``__str__`` raises) or a structlog record that a processor fails on is written from what it holds,
    made safe, with ``log_error`` saying what went wrong.
    """

    def __init__(self, *args, safe_renderer: _SafeRenderer, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._safe_renderer = safe_renderer

    def format(self, record: logging.LogRecord) -> str:  # noqa: D102 - logging.Formatter override
        try:
            return super().format(record)
        except Exception as err:  # noqa: BLE001 - logging never loses a record
            failure = err
        level = str(getattr(record, "levelname", "error")).lower()
        try:
            msg = getattr(record, "msg", None)
            if isinstance(msg, dict):
                ed = {k: v for k, v in msg.items() if k not in ("exc_info", "_record", "_from_structlog")}
            else:
                ed = {"event": msg, "positional_args": getattr(record, "args", None), "_record": record}
                for proc in self.foreign_pre_chain or ():  # the ids, level, logger and time, as far as they go
                    try:
                        ed = proc(None, level, ed)
                    except Exception:  # noqa: BLE001, S112 - the rest of the line is still written
                        continue
                ed.pop("_record", None)
            ed.setdefault("level", level)
            ed.setdefault("logger", getattr(record, "name", ""))
            ed["log_error"] = f"the record could not be formatted: {safe_repr(failure)}"
            return self._safe_renderer(None, level, ed)
        except Exception as err:  # noqa: BLE001 - logging never loses a record
            return minimal_line({"event": safe_repr(getattr(record, "msg", None))}, level, err,
                                json=self._safe_renderer._json)


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
    renderer = _SafeRenderer(structlog.processors.JSONRenderer(default=str) if json else structlog.dev.ConsoleRenderer(
        colors=False), json=bool(json))
    global _wrapper
    _wrapper = structlog.make_filtering_bound_logger(level)
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=_wrapper,
        cache_logger_on_first_use=False,
    )
    formatter = _SafeFormatter(
        foreign_pre_chain=shared,
        processors=[structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                    structlog.processors.format_exc_info, renderer],
        safe_renderer=renderer,
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
