"""Logging never loses a record and never raises into the controller.

Each odd value is logged through the real configuration (:func:`configure_logging`), with the JSON
renderer and with the console renderer, into a captured stream: the record must be there (its event
name), rendered. Before the safe renderer, every one of these left the stream empty (the handler's
error was swallowed) or, for the console renderer, lost the record of an object whose repr raises.
"""

from __future__ import annotations

import enum
import io
import json
import logging

import pytest
import structlog

from dealer_station.app.logging import configure_logging, safe_repr, safe_value
from tests.conftest import reset_logging
from tests.support.table import Table


class Colour(enum.Enum):
    RED = 1


class Unprintable:
    """An object whose ``__str__`` and ``__repr__`` both raise."""

    def __str__(self) -> str:
        raise RuntimeError("no str")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class StrRaises:
    """An object whose ``__str__`` raises (its repr works): JSON's ``default=str`` fails on it."""

    def __str__(self) -> str:
        raise ValueError("no str")


class NotText:
    """An object whose ``__str__`` and ``__repr__`` return something that is not text."""

    def __str__(self):  # noqa: D105
        return 5

    def __repr__(self):  # noqa: D105
        return None


def _circular_dict() -> dict:
    d: dict = {"name": "loop"}
    d["self"] = d
    return d


def _circular_list() -> list:
    items: list = [1]
    items.append(items)
    return items


def _deep() -> list:
    value: list = []
    for _ in range(5000):
        value = [value]
    return value


ODD = {
    "enum_key": {Colour.RED: 1},
    "tuple_key": {(1, 2): "pair"},
    "circular_dict": _circular_dict(),
    "circular_list": _circular_list(),
    "unprintable": Unprintable(),
    "unprintable_key": {Unprintable(): 1},
    "str_raises": StrRaises(),
    "not_text": NotText(),
    "bytes": b"\xff\x00\x02",
    "huge_int": 10 ** 5000,
    "nan": float("nan"),
    "deep": _deep(),
    "set": {Colour.RED, (1, 2)},
}


ISOLATED = ("odd", "thirdparty", "dealer_station.controller")
"""Loggers given the station's handler directly: pytest's own capture handler on the root logger formats
records itself (and fails a test on a record it cannot format, e.g. a value nested 5,000 deep), which is
not what is tested here."""


@pytest.fixture
def capture():
    def configure(as_json: bool) -> io.StringIO:
        stream = io.StringIO()
        configure_logging(json=as_json, level="DEBUG", stream=stream)
        handler = next(h for h in logging.getLogger().handlers if getattr(h, "_dealer_station", False))
        for name in ISOLATED:
            logger = logging.getLogger(name)
            logger.handlers = [handler]
            logger.propagate = False
        return stream

    yield configure
    for name in ISOLATED:
        logger = logging.getLogger(name)
        logger.handlers = []
        logger.propagate = True
    reset_logging()


@pytest.mark.parametrize("as_json", [True, False], ids=["json", "console"])
@pytest.mark.parametrize("name", sorted(ODD))
def test_an_odd_value_is_logged_not_lost(capture, as_json, name):
    stream = capture(as_json)
    structlog.get_logger("odd").warning(f"odd_value_{name}", value=ODD[name], plain="kept")
    out = stream.getvalue()
    assert f"odd_value_{name}" in out, out
    assert "kept" in out
    if as_json:
        line = json.loads(out.strip().splitlines()[-1])  # still one valid JSON object per line
        assert line["event"] == f"odd_value_{name}" and line["plain"] == "kept"


@pytest.mark.parametrize("as_json", [True, False], ids=["json", "console"])
def test_an_event_that_is_not_text_is_logged(capture, as_json):
    stream = capture(as_json)
    structlog.get_logger("odd").error(Unprintable(), marker="evt-marker")
    assert "evt-marker" in stream.getvalue() and "<unprintable Unprintable>" in stream.getvalue()


@pytest.mark.parametrize("as_json", [True, False], ids=["json", "console"])
def test_a_standard_library_record_that_cannot_be_formatted_is_logged(capture, as_json):
    stream = capture(as_json)
    logging.getLogger("thirdparty").warning("std_bad_args %d", "not a number")
    logging.getLogger("thirdparty").warning("std_bad_str %s", Unprintable())
    out = stream.getvalue()
    assert "std_bad_args" in out and "std_bad_str" in out, out
    assert "could not be formatted" in out


@pytest.mark.parametrize("as_json", [True, False], ids=["json", "console"])
def test_the_usual_record_is_rendered_as_before(capture, as_json):
    stream = capture(as_json)
    structlog.get_logger("odd").info("usual", count=3, names=["a", "b"])
    out = stream.getvalue()
    if as_json:
        line = json.loads(out)
        assert line["count"] == 3 and line["names"] == ["a", "b"] and "log_error" not in line
    else:
        assert "count=3" in out and "names=['a', 'b']" in out


def test_safe_repr_and_safe_value_never_raise():
    assert safe_repr(Unprintable()) == "<unprintable Unprintable>"
    assert safe_repr(NotText()) == "<unprintable NotText>"
    assert safe_repr(Colour.RED) == "<Colour.RED: 1>"
    assert safe_value(_circular_dict()) == {"name": "loop", "self": "<circular reference>"}
    assert safe_value({Colour.RED: (1, b"x")}) == {"Colour.RED": [1, "b'x'"]}
    assert safe_value(10 ** 5000).startswith("<int of ")
    json.dumps(safe_value(ODD))  # everything made safe is JSON


class BrokenError(Exception):
    """An exception whose ``repr`` and ``str`` raise (again an exception of this kind)."""

    def __repr__(self) -> str:
        raise BrokenError("repr")

    def __str__(self) -> str:
        raise BrokenError("str")


@pytest.mark.parametrize("as_json", [True, False], ids=["json", "console"])
def test_a_listener_whose_exception_cannot_be_shown_neither_raises_nor_stops_the_others(tmp_path, capture,
                                                                                         as_json):
    stream = capture(as_json)
    t = Table(tmp_path)
    told: list[str] = []

    def broken(fact) -> None:
        raise BrokenError("x")

    t.ctl.subscribe(broken)
    t.ctl.subscribe(lambda fact: told.append(fact.kind))
    t.start_shoe()                       # shoe events and dealer acts: none may raise
    assert t.state == "ready"
    assert told.count("card_burned") == 2 and "burn_done" in told   # the listener after the broken one was told
    t.card("4H")                         # a card before betting: a pause, told to every listener
    assert t.state == "paused" and told[-1] == "table_status" and "round_paused" in told
    out = stream.getvalue()
    assert "listener_failed" in out and "<unprintable BrokenError>" in out, out


def test_a_command_run_in_process_leaves_its_level_behind():
    """The first of a pair (pytest runs a file's tests in their order): what ``replay --into`` run in-process does
    to the logging, and leaves, as every command does (its process ends there)."""
    configure_logging(json=True, level="ERROR", stream=io.StringIO())
    assert structlog.get_config()["wrapper_class"] is not structlog.make_filtering_bound_logger(logging.NOTSET)


def test_the_next_test_still_captures_warnings(caplog):
    """The second: it starts with the test run's logging (tests/conftest.py resets it before every test), so its
    captures see a warning; with the level of the test before it they saw nothing, in whichever test came next
    on the same worker."""
    from structlog.testing import capture_logs

    with capture_logs() as logs:
        structlog.get_logger("next").warning("seen_by_capture_logs")
    assert [e["event"] for e in logs] == ["seen_by_capture_logs"]
    with caplog.at_level(logging.WARNING):
        structlog.get_logger("next").warning("seen_by_caplog")
    assert any("seen_by_caplog" in r.getMessage() for r in caplog.records)
