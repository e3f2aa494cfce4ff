"""One durable commit per input: the input row waits for its decision row's sync (Journal.append ``durable``).

The count of fdatasync/fsync calls is read with strace (a count of system calls, not a time); the durability the
relaxed input row keeps is attacked in-process: a process killed between the input and its decision keeps the input.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap

import pytest

from dealer_station.journal import Journal
from tests.conftest import ROOT

SYNC_LIMIT = 1.05
"""Syncs of the journal's file a journaled input may cost at most (its decision's, and a little for notes and
checkpoints)."""


def _strace_works() -> str | None:
    if shutil.which("strace") is None:
        return "strace is not installed (Debian package strace)"
    probe = subprocess.run(["strace", "-f", "-c", "-o", os.devnull, "true"], capture_output=True, text=True)
    return None if probe.returncode == 0 else f"strace cannot trace here: {probe.stderr.strip()[:200]}"


def _kinds(path) -> dict[str, int]:
    with sqlite3.connect(path) as conn:
        return dict(conn.execute("SELECT kind, COUNT(*) FROM journal GROUP BY kind").fetchall())


def test_a_simulated_shoe_costs_one_sync_a_journaled_input(tmp_path):
    why = _strace_works()
    if why:
        pytest.skip(why)
    db, counts = tmp_path / "j.db", tmp_path / "strace.txt"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(["strace", "-f", "-c", "-e", "trace=fdatasync,fsync", "-o", str(counts), sys.executable,
                           "-m", "dealer_station", "simulate", "--shoes", "1", "--seed", "3", "--journal", str(db)],
                          capture_output=True, text=True, env=env, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    syncs = sum(int(m.group(1)) for m in re.finditer(r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?f(?:data)?sync$",
                                                     counts.read_text(), re.M))
    inputs = _kinds(db)["input"]
    assert inputs > 400   # a whole shoe: the notes and the opening are a small part of the count
    assert syncs / inputs <= SYNC_LIMIT, f"{syncs} syncs for {inputs} inputs"
    assert syncs >= inputs, f"{syncs} syncs for {inputs} inputs: a decision was not written durably"


def test_a_relaxed_row_leaves_the_journal_as_durable_as_before(tmp_path):
    journal = Journal(tmp_path / "j.db")
    journal.append("input", {"n": 1}, "2026-12-03T10:00:00.000000Z", durable=False)
    assert journal._conn.execute("PRAGMA synchronous").fetchone() == (2,)   # FULL again
    with pytest.raises(Exception):  # noqa: B017 - the refused row's error is the journal's own
        journal.append("decision", {"events": []}, "2026-12-03T10:00:00.000000Z", durable=False)
    assert journal._conn.execute("PRAGMA synchronous").fetchone() == (2,)
    journal.close()


def test_an_input_killed_before_its_decision_is_kept(tmp_path):
    """SIGKILL right after the relaxed input's commit: the row is in the write-ahead log and the next opening
    reads it (only a power cut, which a process cannot make, could lose it before the decision's sync)."""
    db = tmp_path / "j.db"
    script = textwrap.dedent(f"""
        import os, signal
        from dealer_station.journal import Journal
        j = Journal({str(db)!r})
        j.append("input", {{"kind": "dealer", "act": "shuffle"}}, "2026-12-03T10:00:00.000000Z", durable=False)
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    done = subprocess.run([sys.executable, "-c", script], env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert done.returncode == -signal.SIGKILL
    journal = Journal(db)
    assert [row.body for row in journal.rows()] == [{"kind": "dealer", "act": "shuffle"}]
    journal.close()
