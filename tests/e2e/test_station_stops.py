"""Stops and pauses (docs/controller.md "Stops and pauses"): a stop is journaled and published as a stop
(the table closed, the open round kept for the next start), a lost shoe as a pause, and a journal
failure's pause and its resolution reach the outbox, in order, once the journal takes rows again."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
import structlog

from dealer_station import outbox
from dealer_station.app.controller import ActRefused, Controller
from dealer_station.journal import Journal, JournalError
from drivers.frames import CardRead, Connected, ConnectionLost
from tests.support.cards import cards
from tests.support.disk import fill, small_tmpfs
from tests.support.table import Table, shoe_cards

ROOT = Path(__file__).resolve().parents[2]


def _events(journal) -> list[dict]:
    return [e.as_dict() for e in outbox.read_events(journal.conn)]


def _outputs(journal) -> list[tuple[str, dict]]:
    return [(k, d) for r in journal.rows(kinds=("decision",)) for k, d in r.body["outputs"]]


# ------------------------------------------------------------------------------------------- stops

def test_a_stop_closes_the_table_keeps_the_round_and_is_no_pause(tmp_path):
    t = Table(tmp_path, journal_path=tmp_path / "j.sqlite")
    t.start_shoe()
    t.open_round()
    t.card("4S", "5S", "6S")
    t.ctl.begin_stop()
    t.ctl.shoe_event(ConnectionLost(None))  # the stopping reader's close
    t.ctl.shoe_event(ConnectionLost("EIO while closing"))  # a loss while stopping is the stop's too
    assert t.ctl.stop("SIGTERM")
    view = t.ctl.snapshot()
    assert view.state == "dealing" and view.incident is None and view.player == cards("4S", "6S")
    outputs = _outputs(t.journal)
    assert not [d for k, d in outputs if k == "round_paused"]
    assert "shoe_disconnected" not in json.dumps(outputs)
    events = _events(t.journal)
    assert events[-1]["type"] == "table_status" and events[-1]["data"]["status"] == "closed"
    assert events[-1]["data"]["state"] == "dealing"
    assert not [e for e in events if e["type"] == "round_paused"]
    stop = t.journal.last_row("input").body
    assert stop["kind"] == "stop" and stop["why"] == "SIGTERM"
    assert t.ctl.stop("again")  # nothing since: nothing more is journaled
    assert t.journal.last_row("input").body["kind"] == "stop" and len(_events(t.journal)) == len(events)
    t.journal.close()

    # the next start: the same round, the same cards; the table opens again for the platform
    again = Table(tmp_path, journal_path=tmp_path / "j.sqlite")
    view = again.ctl.snapshot()
    assert view.state == "dealing" and view.player == cards("4S", "6S") and view.banker == cards("5S")
    again.ctl.shoe_event(Connected("sim"))
    assert _events(again.journal)[-1]["data"] == {"status": "open", "state": "dealing"}
    again.card("3S")  # player 0, banker 8: natural
    again.ctl.dealer("confirm_result")
    assert again.ctl.recall()[-1].player == ("4S", "6S") and again.ctl.recall()[-1].banker == ("5S", "3S")
    from dealer_station.app.replay import audit_journal

    report = audit_journal(again.journal, again.cfg)
    assert report.ok, report.first_difference  # the stop and the closed link re-run to the same decisions


def test_a_lost_shoe_while_not_stopping_is_still_a_pause(table: Table):
    table.open_round()
    table.ctl.shoe_event(ConnectionLost(None))  # the reader ended without a stop: nobody knows why
    assert table.ctl.snapshot().incident.type == "shoe_disconnected"


def test_a_stop_while_paused_keeps_the_incident_for_the_next_start(tmp_path):
    t = Table(tmp_path, journal_path=tmp_path / "j.sqlite")
    t.start_shoe()
    t.open_round()
    t.no_read(3)
    assert t.ctl.snapshot().incident.type == "misread_limit"
    assert t.ctl.stop("SIGINT")
    assert _events(t.journal)[-1]["data"] == {"status": "closed", "state": "paused"}
    t.journal.close()
    again = Table(tmp_path, journal_path=tmp_path / "j.sqlite")
    assert again.ctl.snapshot().incident.type == "misread_limit"


# ---------------------------------------------------------------------------------- journal failure

def _failing_append(journal, broken: dict, cause: str = "disk full"):
    real = journal.append

    def append(kind, body, ts, **kw):
        if broken["on"]:
            raise JournalError(f"journal write failed: {cause} (database or disk is full)", cause=cause)
        return real(kind, body, ts, **kw)

    return append


def test_a_journal_failure_pause_and_its_resume_reach_the_outbox_in_order(table: Table, monkeypatch):
    table.open_round()
    table.card("4S")
    seen = len(_events(table.journal))
    broken = {"on": True}
    monkeypatch.setattr(table.journal, "append", _failing_append(table.journal, broken))
    with structlog.testing.capture_logs() as logs:
        table.card("5S", "6S")  # held
    view = table.ctl.snapshot()
    assert view.incident.type == "journal_failure" and view.incident.reason == "disk_full"
    assert view.incident.detail == "the journal could not be written: disk full"
    assert "(DISK FULL)" in view.prompt and "2 SHOE EVENTS HELD" in view.prompt
    assert [e.get("cause") for e in logs if e["event"] == "journal_failure"][0] == "disk full"
    assert len(_events(table.journal)) == seen  # nothing reaches the outbox while the journal fails
    broken["on"] = False
    table.sup("resume", reason="disk_cleared", note="freed space")
    new = _events(table.journal)[seen:]
    kinds = [(e["type"], e["data"].get("status") or e["data"].get("card")) for e in new]
    assert kinds[:4] == [("round_paused", None), ("table_status", "paused"), ("round_resumed", None),
                         ("table_status", "open")]
    assert kinds[4:] == [("card_dealt", "5S"), ("card_dealt", "6S")]  # then the held cards, in order
    paused = new[0]["data"]["incident"]
    assert paused["type"] == "journal_failure" and paused["reason"] == "disk_full"
    resumed = new[2]["data"]
    assert resumed["incident_type"] == "journal_failure" and resumed["reason"] == "disk_cleared"
    assert table.ctl.snapshot().player == cards("4S", "6S")
    # the pause and the resume are inputs with decisions: a restart and the re-run agree
    again = Controller(table.cfg, table.journal, accounts=table.accounts, clock=table.clock)
    assert again.snapshot() == table.ctl.snapshot()
    from dealer_station.app.replay import audit_journal

    report = audit_journal(table.journal, table.cfg)
    assert report.ok, report.first_difference


def test_a_resume_that_fails_half_way_writes_the_pause_once(table: Table, monkeypatch):
    table.open_round()
    broken = {"on": True}
    monkeypatch.setattr(table.journal, "append", _failing_append(table.journal, broken, "I/O error"))
    table.card("4S")
    calls = {"n": 0}
    inner = _failing_append(table.journal, broken, "I/O error")

    def once_then_fail(kind, body, ts, **kw):  # the pause's input is written, then the journal fails again
        calls["n"] += 1
        broken["on"] = calls["n"] > 1
        return inner(kind, body, ts, **kw)

    monkeypatch.setattr(table.journal, "append", once_then_fail)
    with pytest.raises(ActRefused):  # the journal still fails
        table.sup("resume")
    assert table.ctl.snapshot().incident.reason == "io_error"
    monkeypatch.undo()
    table.sup("resume")
    types = [e["type"] for e in _events(table.journal)]
    assert types.count("round_paused") == 1 and types.count("round_resumed") == 1
    assert types.index("round_paused") < types.index("round_resumed") < types.index("card_dealt")


def test_rollback_failure_does_not_hide_a_full_disk(tmp_path):
    """SQLite rolls a transaction back by itself on SQLITE_FULL; the ROLLBACK's own error must not hide why."""
    journal = Journal(tmp_path / "j.sqlite")

    class Full(sqlite3.OperationalError):
        sqlite_errorcode = sqlite3.SQLITE_FULL

    class Conn:  # the real connection, except that an INSERT fails as a full disk does
        def __init__(self, real):
            self.real = real

        def execute(self, sql, *a):
            if sql.startswith("INSERT INTO journal"):
                self.real.execute("ROLLBACK")  # what SQLite does itself on SQLITE_FULL
                raise Full("database or disk is full")
            return self.real.execute(sql, *a)

    journal._conn = Conn(journal._conn)
    with pytest.raises(JournalError) as caught:
        journal.append("note", {"kind": "x"}, "2026-11-30T04:00:00.000000Z")
    assert caught.value.cause == "disk full" and "disk full" in str(caught.value)
    assert "cannot rollback" not in str(caught.value)


# ------------------------------------------------------------------------- a full disk, for real

@pytest.fixture
def small_disk(tmp_path):
    with small_tmpfs(tmp_path / "disk") as disk:
        yield disk


def test_a_full_disk_is_named_held_and_published_when_freed(small_disk, tmp_path):
    t = Table(tmp_path, journal_path=small_disk / "j.sqlite")
    cards = shoe_cards(5)
    t.start_shoe()
    t.deal_from(cards)
    filler = fill(small_disk)
    seen = len(_events(t.journal))
    inputs = t.journal.last_seq
    with structlog.testing.capture_logs() as logs:
        for _ in range(5000):  # the journal fails within a few writes once the disk is full
            if t.ctl.snapshot().incident is not None:
                break
            try:
                if t.state == "ready":
                    t.ctl.dealer("open_betting")
                elif t.state == "betting_open":
                    t.ctl.dealer("close_betting")
                elif t.state == "result":
                    t.ctl.dealer("confirm_result")
                else:
                    t.card(next(cards))
            except ActRefused:  # the journal failed on a dealer act: refused, and the table pauses
                pass
    view = t.ctl.snapshot()
    assert view.incident is not None and view.incident.type == "journal_failure", view
    assert view.incident.reason == "disk_full" and "disk full" in view.incident.detail
    assert "cannot rollback" not in view.incident.evidence + view.incident.detail
    assert "DISK FULL" in view.prompt
    failures = [e for e in logs if e["event"] == "journal_failure"]
    assert failures and failures[0]["cause"] == "disk full" and "cannot rollback" not in failures[0]["error"]
    held = [next(cards) for _ in range(3)]
    for token in held:
        t.ctl.shoe_event(CardRead(token, token.encode()))
    assert len(t.ctl.snapshot().held_inputs) >= 3
    before_resume = len(_events(t.journal))
    filler.unlink()  # the supervisor frees space
    t.sup("resume", reason="disk_cleared", note="removed old logs")
    assert t.ctl.snapshot().incident is None or t.ctl.snapshot().incident.type != "journal_failure"
    new = [e["type"] for e in _events(t.journal)[before_resume:]]
    assert new[:4] == ["round_paused", "table_status", "round_resumed", "table_status"], new
    assert _events(t.journal)[before_resume]["data"]["incident"]["reason"] == "disk_full"
    assert seen <= before_resume
    journaled = [r.body.get("token") for r in t.journal.rows(inputs, kinds=("input",))
                 if r.body.get("frame") == "card"]
    assert journaled[-3:] == held  # every card held while failing is journaled, in order
    assert t.journal.verify().ok


# ------------------------------------------------------------------------ signals to real processes

def _rows(path: Path) -> int:
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1)
        try:
            return conn.execute("SELECT count(*) FROM journal").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error:
        return 0


def _start(args: list[str]) -> subprocess.Popen:
    """A station of its own, forked from one that imported the station already (tests/support/forked_cli.py)."""
    from tests.support.forked_cli import start

    return start(*args, stdout=subprocess.DEVNULL)


def _interrupt(proc: subprocess.Popen, path: Path, sig: int, after_rows: int) -> str:
    """``sig`` to the station once its journal holds ``after_rows`` rows, at a moment its open round has one or two
    cards: the station is frozen (SIGSTOP) wherever it is, the journal read, and the signal sent and the station
    let go only when the round is at that point (a round needs four cards at least: it is still open when the
    signal is heard). Returns the station's standard error."""
    deadline = time.monotonic() + 60
    while _rows(path) < after_rows and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    for _ in range(2000):   # bounded: rounds are dealt all the time, one of the first looks finds one
        assert proc.poll() is None, proc.stderr.read()
        proc.send_signal(signal.SIGSTOP)
        try:
            open_id, cards = _open_round(path)
        except JournalError:   # frozen inside a write of the WAL's index ("locking protocol"): another look
            open_id, cards = None, []
        if open_id is not None and 1 <= len(cards) <= 2:
            break
        proc.send_signal(signal.SIGCONT)
        time.sleep(0.01)
    try:
        proc.send_signal(sig)
    finally:
        proc.send_signal(signal.SIGCONT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err[-3000:]
    assert "Traceback" not in err, err[-3000:]
    return err


def _open_round(path: Path) -> tuple[str | None, list[str]]:
    """The round open at the end of the journal (its id) and its cards dealt so far."""
    with Journal(path, readonly=True) as journal:
        events = _events(journal)
    open_id, cards = None, []
    for event in events:
        if event["type"] == "round_opened":
            open_id, cards = event["round_id"], []
        elif event["type"] == "card_dealt" and event["round_id"] == open_id:
            cards.append(event["data"]["card"])
        elif event["type"] in ("round_result", "round_voided") and event["round_id"] == open_id:
            open_id, cards = None, []
    return open_id, cards


def _check_stopped(path: Path, why: str) -> None:
    with Journal(path, readonly=True) as journal:
        events = _events(journal)
        assert events[-1]["type"] == "table_status" and events[-1]["data"]["status"] == "closed", events[-3:]
        text = json.dumps(events) + json.dumps(_outputs(journal))
        assert "shoe_disconnected" not in text
        last = journal.last_row("input").body
        assert (last["kind"], last["why"]) == ("stop", why)
        assert journal.verify().ok


def _result_cards(path: Path, round_id: str) -> list[str] | None:
    with Journal(path, readonly=True) as journal:
        events = [e for e in _events(journal) if e["round_id"] == round_id]
    cards = [e["data"]["card"] for e in events if e["type"] == "card_dealt"]
    done = [e for e in events if e["type"] in ("round_result", "round_voided")]
    return cards if done else None


@pytest.mark.parametrize("command", ["run", "simulate"])
def test_sigterm_and_sigint_mid_round_stop_cleanly_and_the_round_goes_on(tmp_path, command):
    path = tmp_path / "j.sqlite"
    if command == "run":
        args = ["run", "--headless", "--shoe", "sim?seed=7", "--auto", "--journal", str(path), "--log-level", "WARNING"]
    else:
        args = ["simulate", "--shoes", "100000", "--seed", "7", "--journal", str(path), "--decks", "2"]
    rows = 40
    continued = 0
    for sig in (signal.SIGTERM, signal.SIGINT):
        proc = _start(args)
        _interrupt(proc, path, sig, rows)
        _check_stopped(path, signal.Signals(sig).name)
        open_id, cards = _open_round(path)
        if open_id is not None:
            # the next start continues the open round with the same cards
            proc = _start(args)
            deadline = time.monotonic() + 60
            while _result_cards(path, open_id) is None and time.monotonic() < deadline and proc.poll() is None:
                time.sleep(0.05)
            proc.send_signal(signal.SIGTERM)
            _, err = proc.communicate(timeout=60)
            assert proc.returncode == 0, err[-3000:]
            finished = _result_cards(path, open_id)
            assert finished is not None and finished[:len(cards)] == cards
            continued += 1
        rows = _rows(path) + 20
    assert continued >= 1  # a stop came mid-round (each was sent mid-round), and the round went on after it
    with Journal(path, readonly=True) as journal:
        assert journal.verify().ok


@pytest.mark.parametrize("how", [["--shoes", "1"], ["--idle-exit", "0.5"]])
def test_the_end_of_the_shoes_and_idle_exit_are_stops_too(tmp_path, how):
    cfg = tmp_path / "s.toml"
    cfg.write_text("[shoe]\ndecks = 1\ncut_min = 8\ncut_max = 10\n")
    path = tmp_path / "j.sqlite"
    auto = ["--auto"] if how[0] == "--shoes" else []  # without a dealer nothing happens: idle
    done = subprocess.run([sys.executable, "-m", "dealer_station", "run", "--headless", "--shoe", "sim?seed=3",
                           *auto, *how, "--journal", str(path), "--config", str(cfg), "--log-level", "WARNING"],
                          cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    with Journal(path, readonly=True) as journal:
        last = journal.last_row("input").body
        assert (last["kind"], last["why"]) == ("stop", "finished" if auto else "idle")
        closing = [r.body for r in journal.rows(kinds=("input",)) if r.body.get("kind") == "link"][-1]
        assert closing["event"] == "closed"  # the reader's close at the stop, not a lost shoe
        events = _events(journal)
        assert events[-1]["type"] == "table_status" and events[-1]["data"]["status"] == "closed"
        if not auto:  # no shoe was ever opened: the table was closed all along, and the stop says so
            assert [(e["type"], e["data"]) for e in events] == [("table_status", {"status": "closed",
                                                                                  "state": "no_shoe"})]
        assert "shoe_disconnected" not in json.dumps(_outputs(journal))
