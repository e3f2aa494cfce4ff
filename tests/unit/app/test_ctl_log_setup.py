"""The station's logging set-up: JSON records with the table's ids bound, the standard library routed through
it, records below the level never built, a renderer that never raises, and structlog set up elsewhere obeyed."""

from __future__ import annotations

import io
import json
import logging

import structlog

from dealer_station.app.logging import configure_logging
from tests.conftest import reset_logging
from tests.support.table import Table, shoe_cards


def test_logging_json_with_bound_ids_and_stdlib_routed(tmp_path):
    stream = io.StringIO()
    configure_logging(json=True, level="INFO", stream=stream)
    try:
        t = Table(tmp_path)
        t.start_shoe()
        t.open_round()
        t.card("4H")
        t.ctl.dealer("call_supervisor", note="x")
        logging.getLogger("some.library").warning("from the standard library")
        records = [json.loads(x) for x in stream.getvalue().splitlines()]
        paused = [r for r in records if r["event"] == "round_paused"]
        assert paused and paused[0]["table_id"] == "T1" and paused[0]["shoe_id"] == "T1-S0001"
        assert paused[0]["round_id"] == "T1-S0001-R001" and paused[0]["level"] == "warning"
        assert any(r["event"] == "from the standard library" and r["logger"] == "some.library" for r in records)
    finally:
        reset_logging()


def test_records_below_the_configured_level_are_not_built(tmp_path):
    """At WARNING the controller's per-round information records are skipped before structlog sees them;
    warnings (a pause) are still written, with the ids bound."""
    from dealer_station.app.logging import log_enabled

    stream = io.StringIO()
    configure_logging(json=True, level="WARNING", stream=stream)
    try:
        assert not log_enabled("info") and log_enabled("warning") and log_enabled("error")
        t = Table(tmp_path)
        t.start_shoe()
        t.deal_from(shoe_cards(4))
        t.open_round()
        t.ctl.dealer("call_supervisor", note="x")
        events = [json.loads(x)["event"] for x in stream.getvalue().splitlines()]
        assert "round_paused" in events and "round_completed" not in events and "shoe_started" not in events
        configure_logging(json=True, level="INFO", stream=stream)
        assert log_enabled("info") and not log_enabled("debug")
    finally:
        reset_logging()


def test_logging_never_raises(tmp_path):
    class Broken(io.StringIO):
        def write(self, s):
            raise OSError("disk gone")

    configure_logging(json=True, stream=Broken())
    try:
        t = Table(tmp_path)
        t.start_shoe()
        t.deal_from(shoe_cards(4))
        assert len(t.ctl.recall()) == 1
    finally:
        reset_logging()


def test_console_renderer_on_a_terminal():
    class Tty(io.StringIO):
        def isatty(self):
            return True

    stream = Tty()
    configure_logging(stream=stream)
    try:
        structlog.get_logger("x").info("hello", a=1)
        text = stream.getvalue()
        assert "hello" in text and not text.lstrip().startswith("{")
    finally:
        reset_logging()


def test_log_enabled_follows_structlog_set_up_elsewhere():
    """Once structlog is set up other than by configure_logging (defaults restored, a capture), records are built
    again and structlog decides."""
    from structlog.testing import capture_logs

    from dealer_station.app.logging import log_enabled

    configure_logging(json=True, level="ERROR", stream=io.StringIO())
    try:
        assert not log_enabled("info")
        structlog.reset_defaults()
        assert log_enabled("info") and log_enabled("debug")
        with capture_logs() as captured:
            assert log_enabled("info")
            structlog.get_logger("x").info("seen")
        assert captured and captured[0]["event"] == "seen"
    finally:
        reset_logging()
