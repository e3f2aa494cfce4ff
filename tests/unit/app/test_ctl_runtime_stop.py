"""How a stop ends on a slow disk (docs/runtime.md "How a stop ends"): the presses queued when it began are
dropped and counted in one note, never decided; the controller's thread journals the stop itself; the journal is
closed only once that thread has ended, never while it may be writing."""

from __future__ import annotations

import itertools
import threading
import time
from concurrent.futures import CancelledError

import pytest

from dealer_station.app.controller import ACTS_DROPPED_NOTE, Controller
from dealer_station.app.runtime import StationSettings, StationStopping, open_station
from dealer_station.journal import Journal, JournalError

SLOW_APPEND = 0.05
"""Seconds every journal write takes once the disk is slow (its fsync)."""

PRESSES = 40
"""Presses queued behind the one the controller's thread is deciding when the stop begins."""


class SlowDisk:
    """The journal's writes and its close, watched: every ``append`` takes :data:`SLOW_APPEND` longer once
    :attr:`slow` is set and records ``(thread, start, end)`` (the next :attr:`failing` ones fail); ``close``
    records its thread and whether the controller's thread was still alive. Built into the table by
    ``open_station(controller=disk.controller)``."""

    def __init__(self) -> None:
        self.slow = False
        self.failing = 0  # the next writes that fail (a full disk, freed after that many)
        self.order = itertools.count()   # the order of the steps, not their times
        self.appends: list[tuple[threading.Thread, int, int]] = []
        self.closes: list[tuple[threading.Thread, int, bool]] = []
        self.station = None

    def controller(self, config, journal, **kw) -> Controller:
        real_append, real_close = journal.append, journal.close

        def append(*a, **k):
            start = next(self.order)
            if self.slow:
                time.sleep(SLOW_APPEND)
            if self.failing:
                self.failing -= 1
                raise JournalError("journal write failed: disk full (database or disk is full)", cause="disk full")
            try:
                return real_append(*a, **k)
            finally:
                self.appends.append((threading.current_thread(), start, next(self.order)))

        def close():
            thread = None if self.station is None else self.station.thread
            self.closes.append((threading.current_thread(), next(self.order),
                                thread is not None and thread.is_alive()))
            real_close()

        journal.append, journal.close = append, close
        return Controller(config, journal, **kw)


def _open(tmp_path, disk: SlowDisk, **settings):
    station = open_station(StationSettings(shoe="sim?seed=7", journal=tmp_path / "j.sqlite", use_accounts=False,
                                           dealer="dan", **settings), controller=disk.controller)
    disk.station = station
    return station


def _hold_the_controller(station):
    """Submit a press that holds the controller's thread until released: ``(its future, entered, release)``."""
    entered, release = threading.Event(), threading.Event()

    def held_new_shoe():
        entered.set()
        assert release.wait(30)
        station.controller.dealer("new_shoe")

    future = station.submit(held_new_shoe, act="dealer:new_shoe")
    assert entered.wait(30), "the controller's thread never took the first press"
    return future, release


def _journal_rows(path):
    with Journal(path) as journal:
        assert journal.verify().ok
        return list(journal.rows())


def test_a_stop_drops_the_presses_queued_on_a_slow_disk_notes_them_and_journals_itself(tmp_path):
    disk = SlowDisk()
    station = _open(tmp_path, disk)
    station.start()
    opened = len(disk.appends)  # the dealer's sign-in, on this thread before the loop ran
    disk.slow = True  # every write takes longer from now on
    first, release = _hold_the_controller(station)
    ctl = station.controller
    queued = [station.submit(lambda: ctl.dealer("open_betting"), act="dealer:open_betting") for _ in range(PRESSES)]
    queued.append(station.submit(lambda: ctl.supervisor("resume", user="sue", pin="1234", reason="other"),
                                 act="supervisor:resume"))
    queued.append(station.submit(lambda: None))  # a refresh: dropped too, no press to count
    station.request_stop("console closed")  # the window closes: the stop begins with all of them queued
    late = station.submit(lambda: ctl.dealer("open_betting"), act="dealer:open_betting")
    release.set()
    station.stop("console closed")
    station.close()

    assert first.result(timeout=1) is None  # the press being decided when the stop began: done
    assert all(f.cancelled() for f in queued)  # the rest: dropped, not decided
    with pytest.raises(CancelledError):
        queued[0].result(timeout=0)
    assert isinstance(late.exception(timeout=0), StationStopping)  # after the stop began: never queued
    assert station.stop_journaled is True and station.ended

    rows = _journal_rows(tmp_path / "j.sqlite")
    dealer_acts = [r.body["act"] for r in rows if r.kind == "input" and r.body.get("kind") == "dealer"]
    assert dealer_acts == ["sign_in", "new_shoe"]  # none of the queued presses was decided
    assert not [r for r in rows if r.kind == "input" and r.body.get("kind") == "supervisor"]
    assert not [r for r in rows if r.kind == "note" and r.body.get("kind") in ("act_refused", "auth_refused")]
    notes = [r for r in rows if r.kind == "note" and r.body.get("kind") == ACTS_DROPPED_NOTE]
    assert len(notes) == 1
    assert notes[0].body["count"] == PRESSES + 1
    assert notes[0].body["acts"] == {"dealer:open_betting": PRESSES, "supervisor:resume": 1}
    stop = rows[-2]
    assert stop.kind == "input" and (stop.body["kind"], stop.body["why"]) == ("stop", "console closed")
    assert rows[-1].kind == "decision" and notes[0].seq < stop.seq  # the note, then the stop, then nothing

    writers = {thread for thread, _start, _end in disk.appends[opened:]}
    assert writers == {station.thread}  # the press, the note and the stop: all by the controller's thread
    (closed_by, closed_at, alive), = disk.closes
    assert closed_by is threading.main_thread() and not alive
    assert closed_at >= max(end for _thread, _start, end in disk.appends)  # closed after the last write ended


def test_a_controller_thread_that_outlives_the_stops_wait_closes_the_journal_itself(tmp_path):
    """The stop's wait runs out while the controller's thread is still deciding a press: the journal is not closed
    under it; the thread journals the stop when it gets to it, then closes the journal itself."""
    disk = SlowDisk()
    station = _open(tmp_path, disk, stop_journal_seconds=0)
    station.start()
    disk.slow = True
    first, release = _hold_the_controller(station)
    queued = [station.submit(lambda: station.controller.dealer("open_betting"), act="dealer:open_betting")
              for _ in range(3)]
    assert station.stop("console closed", timeout=0.05) == 0  # the thread is held: the wait gives up
    assert station.stop_journaled is False and not station.ended
    station.close()
    assert disk.closes == []  # not closed while the thread may be writing
    release.set()
    assert station.wait_ended(30)
    assert first.result(timeout=1) is None and all(f.cancelled() for f in queued)

    (closed_by, closed_at, _alive), = disk.closes
    assert closed_by is station.thread  # the thread closed it as it ended
    assert closed_at >= max(end for _thread, _start, end in disk.appends)
    rows = _journal_rows(tmp_path / "j.sqlite")
    assert [r.body.get("kind") for r in rows if r.kind == "note"][-1] == ACTS_DROPPED_NOTE
    assert rows[-2].kind == "input" and rows[-2].body["kind"] == "stop"
    assert [r.body["act"] for r in rows if r.kind == "input" and r.body.get("kind") == "dealer"] == [
        "sign_in", "new_shoe"]


def test_a_stop_with_nothing_queued_journals_no_note(tmp_path):
    disk = SlowDisk()
    station = _open(tmp_path, disk)
    station.start()
    assert station.submit(lambda: station.controller.dealer("new_shoe"), act="dealer:new_shoe").result(timeout=30) \
        is None
    station.stop("console closed")
    station.close()
    rows = _journal_rows(tmp_path / "j.sqlite")
    assert not [r for r in rows if r.kind == "note" and r.body.get("kind") == ACTS_DROPPED_NOTE]
    assert rows[-2].body["kind"] == "stop"


def test_presses_dropped_while_the_journal_fails_are_noted_once_it_takes_the_stop(tmp_path):
    """The journal fails as the stop begins (the held press's write): the stop tries it again until it takes rows;
    the pause, then the stop are journaled, and the dropped presses' note right after them."""
    disk = SlowDisk()
    station = _open(tmp_path, disk, stop_journal_seconds=30)
    station.start()
    first, release = _hold_the_controller(station)
    queued = [station.submit(lambda: station.controller.dealer("open_betting"), act="dealer:open_betting")
              for _ in range(3)]
    station.request_stop("console closed")
    disk.failing = 2  # the held press's row, then the stop's first try
    release.set()
    station.stop("console closed")
    station.close()
    assert isinstance(first.exception(timeout=1), Exception) and all(f.cancelled() for f in queued)
    assert station.stop_journaled is True
    rows = _journal_rows(tmp_path / "j.sqlite")
    kinds = [(r.kind, r.body.get("kind")) for r in rows]
    stop = kinds.index(("input", "stop"))
    assert ("input", "journal") in kinds[:stop]  # the journal failure's pause, before the stop
    assert kinds[stop + 1:] == [("decision", None), ("note", ACTS_DROPPED_NOTE)]
    assert rows[-1].body["acts"] == {"dealer:open_betting": 3}
    assert [r.body["act"] for r in rows if r.kind == "input" and r.body.get("kind") == "dealer"] == ["sign_in"]
