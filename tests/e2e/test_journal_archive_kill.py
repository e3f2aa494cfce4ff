"""kill -9 during ``journal archive`` loses nothing: whenever the process dies, the live journal verifies, and so does
the whole history with its archives as it stands (every row once), the next archiving finishes the work, and the
archives with the live journal hold every row as it was, proven from row 1.

The archiving runs on a slow disk (every fsync 0.2 s longer, an ``LD_PRELOAD`` shim), so its steps (the archive
file written, renamed, the chained note, the rows deleted in chunks) each last long enough to be hit; the kill
moments are spread over the length of one whole run. What is checked does not depend on the moment.
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from dealer_station.journal import Journal
from dealer_station.journal.archive import archive_shoes
from dealer_station.journal.archive_read import History, list_archives, verify_history
from tests.conftest import ROOT
from tests.support.slow_disk import slow_sync_env
from tests.support.synthetic_journal import acknowledged_shoes

_ARCHIVE = ("from dealer_station.journal import Journal\n"
            "from dealer_station.journal.archive import archive_shoes\n"
            "import sys\n"
            "with Journal(sys.argv[1]) as j:\n"
            "    archive_shoes(j, sys.argv[2], before='2999-01-01T00:00:00Z', ts='2026-12-03T00:00:00Z', chunk=900)\n")


@pytest.fixture(scope="module")
def original(tmp_path_factory):
    path = acknowledged_shoes(tmp_path_factory.mktemp("orig") / "journal.sqlite", 6)
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT seq, hash FROM journal ORDER BY seq").fetchall()
    return path, rows


def _start(journal, directory, env):
    return subprocess.Popen([sys.executable, "-c", _ARCHIVE, str(journal), str(directory)], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT), **env},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _history(live, directory, through: int) -> list[tuple[int, str]]:
    """``(seq, hash)`` of the history's rows to ``through``, read across the archives and the live journal."""
    history = History(live, list_archives(directory))
    try:
        return [(r.seq, r.hash) for r in history.rows() if r.seq <= through]
    finally:
        history.close()


def test_kill_9_at_any_moment_of_archiving_loses_nothing(original, tmp_path):
    source, rows = original
    env = slow_sync_env(tmp_path, seconds=0.2)
    # one whole run, to spread the kill moments over its length
    whole = tmp_path / "whole"
    whole.mkdir()
    shutil.copy(source, whole / "journal.sqlite")
    began = time.monotonic()
    proc = _start(whole / "journal.sqlite", whole / "arch", env)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err.decode()
    length = time.monotonic() - began
    killed_at_work = 0
    for trial, fraction in enumerate([0.15, 0.3, 0.45, 0.55, 0.65, 0.75, 0.85, 0.95]):
        here = tmp_path / f"t{trial}"
        here.mkdir()
        journal = here / "journal.sqlite"
        shutil.copy(source, journal)
        proc = _start(journal, here / "arch", env)
        try:
            proc.wait(timeout=length * fraction)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=60)
            killed_at_work += 1
        # whatever it had done, the live journal verifies as it stands, and so does the history with its archives:
        # every row once, as it was (an archive named before its note is no part of it)
        with Journal(journal, readonly=True) as live:
            report = live.verify()
            assert report.ok, f"trial {trial}: {report.message}"
            if (here / "arch").is_dir():
                proof = verify_history(live, here / "arch")
                assert proof.ok, f"trial {trial}, before the next archiving: {proof.message}"
                assert _history(live, here / "arch", rows[-1][0]) == [tuple(r) for r in rows], f"trial {trial}"
        # the next archiving goes on from there and finishes
        with Journal(journal) as live:
            archive_shoes(live, here / "arch", before="2999-01-01T00:00:00Z", ts="2026-12-03T00:00:01Z")
        with Journal(journal, readonly=True) as live:
            proof = verify_history(live, here / "arch")
            assert proof.ok, f"trial {trial}: {proof.message}"
            got = _history(live, here / "arch", rows[-1][0])
        assert got == [tuple(r) for r in rows], f"trial {trial}: rows lost or doubled"
        names = sorted(p.name for p in (here / "arch").glob("*.sqlite"))
        assert len(names) == len(set(names)) and all(n.startswith("journal.") for n in names)
    if killed_at_work == 0:
        pytest.skip("every run ended before its kill moment: the machine was too fast to hit a step")
