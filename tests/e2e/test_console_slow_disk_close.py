"""The console closed on a slow disk (docs/runtime.md "How a stop ends"): a real ``dealer-station console`` process
whose every fsync takes half a second (an ``LD_PRELOAD`` shim, tests/support/slow_disk.py), a dealer's quick presses
queued behind the one being decided, then SIGTERM, which closes the console as its window's close does. It exits 0,
the presses still queued are dropped and counted in the journal, never decided, the stop is journaled after them
and nothing after it, and the journal's chain verifies."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from dealer_station.app.controller import ACTS_DROPPED_NOTE
from dealer_station.journal import Journal
from tests.conftest import ROOT
from tests.support.slow_disk import slow_sync_env

PRESSES = 80


def _wait_for(path, text: str, proc, seconds: float) -> bool:
    """Wait (up to ``seconds``, generous) until ``text`` is in the file ``path`` or the process has ended."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists() and text in path.read_text(encoding="utf-8", errors="replace"):
            return True
        if proc.poll() is not None:
            return False
        time.sleep(0.05)
    return False


def _outputs(row) -> list[str]:
    return [kind for kind, _data in row.body.get("outputs", ())]


def test_sigterm_on_a_slow_disk_drops_the_queued_presses_and_journals_the_stop(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT), PRESSES=str(PRESSES), GAP_MS="10",
               **slow_sync_env(tmp_path, seconds=0.5))
    journal = tmp_path / "j.sqlite"
    err = tmp_path / "console.log"
    with open(err, "w", encoding="utf-8") as log:
        proc = subprocess.Popen([sys.executable, "-m", "tests.support.console_presses", "console", "--journal",
                                 str(journal), "--accounts", str(tmp_path / "a.json"), "--log-level", "INFO"],
                                stdout=subprocess.DEVNULL, stderr=log, env=env, cwd=ROOT)
        try:
            assert _wait_for(err, "presses_sent", proc, 180), err.read_text(encoding="utf-8")[-3000:]
            proc.send_signal(signal.SIGTERM)  # the console closes with the presses queued
            proc.wait(timeout=180)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    said = err.read_text(encoding="utf-8")
    assert proc.returncode == 0, said[-3000:]  # not 139
    assert "console_signal" in said and "exit 0" in said
    assert "controller_thread_did_not_end" not in said and "journal_close_left_to_controller_thread" not in said
    sent = int(said.split("acts_sent ")[1].split()[0])

    with Journal(journal) as j:
        report = j.verify()
        assert report.ok, report.message
        rows = list(j.rows())
    stop = rows[-2]
    assert stop.kind == "input" and (stop.body["kind"], stop.body["why"]) == ("stop", "console closed")
    assert rows[-1].kind == "decision" and _outputs(rows[-1]) == ["stopped", "table_status"]  # nothing after it
    notes = [r for r in rows if r.kind == "note" and r.body.get("kind") == ACTS_DROPPED_NOTE]
    assert len(notes) == 1 and notes[0].seq < stop.seq
    dropped = notes[0].body
    assert dropped["count"] >= 1 and dropped["acts"] == {"dealer:call_supervisor": dropped["count"]}
    calls = [r for r in rows if r.kind == "input" and r.body.get("act") == "call_supervisor"]
    assert len(calls) + dropped["count"] == sent  # each press: decided before the stop began, or dropped
    assert all(r.seq < notes[0].seq for r in calls)  # none decided once the stop began
    paused = [r for r in rows if r.kind == "decision" and "round_paused" in _outputs(r)]
    assert len(paused) <= 1 and all(r.seq < notes[0].seq for r in paused)  # the first press's own pause at most
