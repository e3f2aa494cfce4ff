"""The journal guard tries a failing journal again by itself (docs/controller.md "Stops and pauses"): once a
write succeeds the pause is journaled and published whether or not a supervisor comes, what the guard held is
noted, a stop is journaled, a restart finds the pause again, and ``journal replay`` re-runs it all."""

from __future__ import annotations

import structlog

from dealer_station import outbox
from dealer_station.app.controller import Controller
from dealer_station.app.journal_guard import HELD_NOTE, RETRY_FIRST_SECONDS, RETRY_MAX_SECONDS
from dealer_station.app.replay import audit_journal
from dealer_station.journal import Journal, JournalError
from tests.support.cards import cards
from tests.support.table import Table


def _events(journal) -> list[dict]:
    return [e.as_dict() for e in outbox.read_events(journal.conn)]


class Disk:
    """The journal's writes fail like a full disk while ``full`` (only rows of ``kinds``, when given)."""

    def __init__(self, journal: Journal, kinds: tuple[str, ...] | None = None) -> None:
        self.full = False
        self.kinds = kinds
        self.tries = 0
        self._real = journal.append
        journal.append = self.append  # type: ignore[method-assign]

    def append(self, kind, body, ts, **kw):
        if self.full and (self.kinds is None or kind in self.kinds):
            self.tries += 1
            raise JournalError("journal write failed: disk full (database or disk is full)", cause="disk full")
        return self._real(kind, body, ts, **kw)


def _failed_table(tmp_path, kinds=None) -> tuple[Table, Disk, int]:
    """A table dealing a round whose journal fills up on the next card; two cards held. Returns the table, its
    disk and the outbox's length before the failure."""
    t = Table(tmp_path, journal_path=tmp_path / "j.sqlite")
    t.start_shoe()
    t.open_round()
    t.card("4S")
    seen = len(_events(t.journal))
    disk = Disk(t.journal, kinds)
    disk.full = True
    t.card("5S", "6S")
    view = t.ctl.snapshot()
    assert view.incident.type == "journal_failure" and view.incident.reason == "disk_full"
    assert t.ctl.journal_failing
    disk.tries = 0  # the writes that failed: counted from here on are the retries
    return t, disk, seen


def test_the_pause_is_journaled_and_published_once_the_journal_works_with_no_supervisor(tmp_path):
    t, disk, seen = _failed_table(tmp_path)
    with structlog.testing.capture_logs() as logs:
        t.ctl.tick()  # the back-off has not run out: nothing is tried
        assert disk.tries == 0
        t.clock.advance(RETRY_FIRST_SECONDS)
        t.ctl.tick()  # tried, still full
        assert disk.tries == 1 and t.ctl.journal_failing
        t.clock.advance(RETRY_FIRST_SECONDS)
        t.ctl.tick()  # the wait doubled after a failed retry: not yet
        assert disk.tries == 1
        t.clock.advance(RETRY_MAX_SECONDS)
        t.ctl.tick()
        assert disk.tries == 2
        for _ in range(10):  # however long it fails, a retry comes at least every RETRY_MAX_SECONDS
            t.clock.advance(RETRY_MAX_SECONDS)
            t.ctl.tick()
        assert disk.tries == 12
        assert len(_events(t.journal)) == seen
        disk.full = False  # the disk is freed; nobody resumes
        t.clock.advance(RETRY_MAX_SECONDS)
        t.ctl.tick()
    retries = [e for e in logs if e["event"] == "journal_retry"]
    assert [e["ok"] for e in retries] == [False] * 12 + [True]
    assert retries[0]["attempt"] == 1 and "disk full" in retries[0]["error"]
    assert [e["next_in"] for e in retries[:3]] == [2 * RETRY_FIRST_SECONDS, RETRY_MAX_SECONDS, RETRY_MAX_SECONDS]
    assert [e["event"] for e in logs].count("journal_recovered") == 1
    assert not t.ctl.journal_failing
    new = _events(t.journal)[seen:]
    assert [(e["type"], e["data"].get("status")) for e in new] == [("round_paused", None), ("table_status", "paused")]
    incident = new[0]["data"]["incident"]
    assert incident["type"] == "journal_failure" and incident["reason"] == "disk_full"
    assert incident["detail"] == "the journal could not be written: disk full"
    assert "disk full" in incident["evidence"]
    assert new[0]["round_id"] == "T1-S0001-R001"
    # the table stays paused for the supervisor; the held cards are noted in the journal, in order, not dealt
    view = t.ctl.snapshot()
    assert view.state == "paused" and view.incident.type == "journal_failure"
    assert view.held_inputs == ("card 5S", "card 6S") and view.player == cards("4S")
    notes = [r.body for r in t.journal.rows(kinds=("note",)) if r.body.get("kind") == HELD_NOTE]
    assert [(n["input"]["token"], n["held"]) for n in notes] == [("5S", 1), ("6S", 2)]
    # a card read now is held and noted at once (the journal works)
    t.card("7S")
    notes = [r.body for r in t.journal.rows(kinds=("note",)) if r.body.get("kind") == HELD_NOTE]
    assert [n["input"]["token"] for n in notes] == ["5S", "6S", "7S"]
    assert [e["type"] for e in _events(t.journal)[seen:]] == ["round_paused", "table_status"]

    # the supervisor's resume: the resolution, then the held cards, the pause not journaled twice
    t.sup("resume", reason="disk_cleared", note="freed space")
    types = [(e["type"], e["data"].get("card") or e["data"].get("status")) for e in _events(t.journal)[seen:]]
    assert types[:4] == [("round_paused", None), ("table_status", "paused"), ("round_resumed", None),
                         ("table_status", "open")]
    assert types[4:7] == [("card_dealt", "5S"), ("card_dealt", "6S"), ("card_dealt", "7S")]
    assert t.ctl.snapshot().player == cards("4S", "6S") and t.ctl.snapshot().banker == cards("5S", "7S")
    again = Controller(t.cfg, t.journal, accounts=t.accounts, clock=t.clock, monotonic=t.clock.monotonic)
    assert again.snapshot() == t.ctl.snapshot()
    report = audit_journal(t.journal, t.cfg)
    assert report.ok, report.first_difference


def test_a_decision_the_journal_refused_is_written_first(tmp_path):
    t, disk, seen = _failed_table(tmp_path, kinds=("decision", "note"))  # the card's input row went in
    inputs = [r.body for r in t.journal.rows(kinds=("input",))]
    assert inputs[-1]["token"] == "5S"  # its decision was kept; the next card is held
    assert t.ctl.snapshot().held_inputs == ("card 6S",)
    disk.full = False
    t.clock.advance(RETRY_FIRST_SECONDS)
    t.ctl.tick()
    new = [(e["type"], e["data"].get("card") or e["data"].get("status")) for e in _events(t.journal)[seen:]]
    assert new == [("card_dealt", "5S"), ("round_paused", None), ("table_status", "paused")]
    assert audit_journal(t.journal, t.cfg).ok


def test_a_restart_after_the_pause_was_journaled_finds_it_and_its_held_cards(tmp_path):
    t, disk, seen = _failed_table(tmp_path)
    disk.full = False
    t.clock.advance(RETRY_FIRST_SECONDS)
    t.ctl.tick()
    assert t.ctl.stop("SIGTERM")  # the journal works: the stop is journaled, the pause stays
    closed = _events(t.journal)[-1]
    assert (closed["type"], closed["data"]) == ("table_status", {"status": "closed", "state": "dealing"})
    assert t.ctl.stop("again")  # nothing since: nothing more
    assert _events(t.journal)[-1]["event_id"] == closed["event_id"]
    t.journal.close()

    again = Table(tmp_path, journal_path=tmp_path / "j.sqlite", clock=t.clock)
    view = again.ctl.snapshot()
    assert view.state == "paused" and view.incident.type == "journal_failure" and view.incident.reason == "disk_full"
    assert view.held_inputs == ("card 5S", "card 6S") and view.player == cards("4S")
    assert not again.ctl.journal_failing
    again.card("7S")  # held again, and noted
    again.sup("resume", reason="disk_cleared", note="after the restart")
    new = [(e["type"], e["data"].get("card") or e["data"].get("status")) for e in _events(again.journal)[seen:]]
    assert new == [("round_paused", None), ("table_status", "paused"), ("table_status", "closed"),
                   ("round_resumed", None), ("table_status", "open"), ("card_dealt", "5S"), ("card_dealt", "6S"),
                   ("card_dealt", "7S")]
    assert again.ctl.snapshot().incident is None
    report = audit_journal(again.journal, again.cfg)
    assert report.ok, report.first_difference
    again.journal.close()
    third = Table(tmp_path, journal_path=tmp_path / "j.sqlite", clock=t.clock)
    assert third.ctl.snapshot().incident is None  # resumed: nothing to restore


def test_a_stop_while_the_journal_fails_is_journaled_once_it_works(tmp_path):
    t, disk, seen = _failed_table(tmp_path)
    assert not t.ctl.stop("SIGTERM")  # tried at once: still full
    assert disk.tries == 1
    assert not t.ctl.stop("SIGTERM")
    disk.full = False
    assert t.ctl.stop("SIGTERM")
    new = [(e["type"], e["data"].get("status")) for e in _events(t.journal)[seen:]]
    assert new == [("round_paused", None), ("table_status", "paused"), ("table_status", "closed")]
    stop = t.journal.last_row("input").body
    assert (stop["kind"], stop["why"]) == ("stop", "SIGTERM")
    assert audit_journal(t.journal, t.cfg).ok


def test_acts_stay_refused_until_the_supervisor_resumes(tmp_path):
    t, disk, _ = _failed_table(tmp_path)
    disk.full = False
    t.clock.advance(RETRY_FIRST_SECONDS)
    t.ctl.tick()
    assert t.ctl.snapshot().incident.type == "journal_failure"
    import pytest

    from dealer_station.app.controller import ActRefused

    with pytest.raises(ActRefused):
        t.ctl.dealer("confirm_result")
    with pytest.raises(ActRefused):
        t.sup("void_round")


def test_a_stop_before_the_first_shoe_tells_the_platform_the_table_is_closed(tmp_path):
    t = Table(tmp_path, journal_path=tmp_path / "j.sqlite")
    assert t.ctl.stop("idle")
    assert [(e["type"], e["data"]) for e in _events(t.journal)] == [
        ("table_status", {"status": "closed", "state": "no_shoe"})]
    assert audit_journal(t.journal, t.cfg).ok


def test_journal_replay_still_accepts_a_stop_recorded_before_every_stop_said_closed(tmp_path, monkeypatch):
    """A journal made when a stop with the status closed already (no shoe yet) told the platform nothing."""
    real = Controller._write_decision

    def older(self, seq, outputs, ts, kinds=None):
        if self._machine.closed and self._machine.shoe_number == 0:
            outputs = [o for o in outputs if o[0] != "table_status"]
            kinds = None
        return real(self, seq, outputs, ts, kinds)

    monkeypatch.setattr(Controller, "_write_decision", older)
    t = Table(tmp_path, journal_path=tmp_path / "j.sqlite")
    assert t.ctl.stop("idle")
    assert _events(t.journal) == []
    monkeypatch.undo()
    t.start_shoe()
    t.round("4S", "5S", "6S", "3S")
    assert t.ctl.stop("SIGTERM")
    report = audit_journal(t.journal, t.cfg)
    assert report.ok, report.first_difference
