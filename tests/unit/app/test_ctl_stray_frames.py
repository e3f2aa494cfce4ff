"""A card, the cut card or a misread with no shoe open is told, logged and published.

Before, such a frame left only a journal row: no log line, no platform event, nothing on screen
(the console's side is in tests/unit/console). Now: a ``procedure_violation`` fact (no state change), a
warning in the log, and an ``alert`` event in the outbox that validates against the shipped schema.
"""

from __future__ import annotations

import io
import json
import sqlite3

import pytest

from dealer_station import outbox
from dealer_station.app.logging import configure_logging
from dealer_station.journal import Journal
from dealer_station.schemas import validate_event
from drivers.frames import CardRead, NoRead
from tests.conftest import reset_logging
from tests.support.table import SUP, SUP_PIN, Table, make_accounts


def _alerts(path) -> list[dict]:
    conn = sqlite3.connect(path)
    try:
        return [e.as_dict() for e in outbox.read_events(conn) if e.type == "alert"]
    finally:
        conn.close()


def _end_shoe(t: Table) -> None:
    t.ctl.dealer("call_supervisor", note="the shoe is changed")
    t.ctl.supervisor("end_shoe", user=SUP, pin=SUP_PIN, reason="shoe_change", note="new cards")
    assert t.state == "shoe_end"


@pytest.fixture
def logs():
    stream = io.StringIO()
    configure_logging(json=True, level="INFO", stream=stream)
    yield stream
    reset_logging()


def test_a_card_before_any_shoe_is_an_alert_and_changes_nothing(tmp_path, logs):
    path = tmp_path / "j.sqlite"
    t = Table(tmp_path, journal_path=str(path))
    before = t.ctl.snapshot()
    t.ctl.shoe_event(CardRead("QH", b"QH"))
    assert t.ctl.snapshot() == before                   # no state change, no pause
    assert t.facts[-1].kind == "procedure_violation"
    [alert] = _alerts(path)
    assert alert["type"] == "alert" and alert["shoe_id"] is None and alert["round_id"] is None
    assert alert["data"] == {"kind": "frame_without_shoe", "reason": "card_without_shoe", "card": "QH",
                             "evidence": "5148 (QH)", "state": "no_shoe", "after_shoe": None}
    assert validate_event(alert) == []
    warned = [json.loads(x) for x in logs.getvalue().splitlines() if '"procedure_violation"' in x]
    assert len(warned) == 1 and warned[0]["level"] == "warning"
    assert warned[0]["data"]["reason"] == "card_without_shoe" and warned[0]["table_id"] == "T1"


def test_a_cut_card_and_a_misread_after_the_shoe_ended_are_alerts(tmp_path):
    path = tmp_path / "j.sqlite"
    t = Table(tmp_path, journal_path=str(path))
    t.start_shoe()
    _end_shoe(t)
    before = t.ctl.snapshot()
    t.cut()
    t.ctl.shoe_event(NoRead(b"\x15", "no_read"))
    t.ctl.shoe_event(CardRead("ZZ", b"ZZ"))              # an unknown code: no card to name
    t.ctl.shoe_event(CardRead("TD", b""))                # a card without raw bytes
    assert t.ctl.snapshot() == before
    alerts = _alerts(path)
    assert [(a["data"]["reason"], a["data"]["card"]) for a in alerts] == [
        ("cut_card_without_shoe", None), ("no_read_without_shoe", None), ("unknown_code_without_shoe", None),
        ("card_without_shoe", "TD")]
    assert {a["data"]["state"] for a in alerts} == {"shoe_end"}
    assert {a["data"]["after_shoe"] for a in alerts} == {"T1-S0001"}
    assert all(validate_event(a) == [] for a in alerts)
    ids = [e.event_id for e in outbox.read_events(sqlite3.connect(path))]
    assert ids == list(range(1, len(ids) + 1))           # one stream, no gap


def test_the_alert_is_kept_once_across_a_restart_and_the_journal_verifies(tmp_path):
    path = tmp_path / "j.sqlite"
    t = Table(tmp_path, journal_path=str(path))
    t.card("QH")
    t.start_shoe()
    _end_shoe(t)
    t.card("AS")
    t.journal.close()
    journal = Journal(str(path))
    again = Table(tmp_path, journal_path=journal, accounts=make_accounts(tmp_path / "again.json"))
    assert again.state == "shoe_end"
    assert [a["data"]["card"] for a in _alerts(path)] == ["QH", "AS"]   # recovery appends no event again
    assert journal.verify().ok
    journal.close()


def test_a_card_in_an_open_shoe_is_a_pause_not_an_alert(tmp_path):
    path = tmp_path / "j.sqlite"
    t = Table(tmp_path, journal_path=str(path))
    t.start_shoe()
    t.card("4H")                                         # before betting: the table pauses
    assert t.state == "paused"
    conn = sqlite3.connect(path)
    types = [e.type for e in outbox.read_events(conn)]
    conn.close()
    assert "round_paused" in types and "alert" not in types
