"""The replay benchmark runs and its replay agrees with the bare loop (one shoe, to stay fast)."""

from __future__ import annotations

import subprocess
import sys

from tests.support.replay import ROOT


def test_bench_runs_and_agrees_with_the_bare_loop():
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_replay.py"), "--shoes", "2", "--repeat", "1"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "replayed results equal the bare loop's: yes" in done.stdout
    assert "cards/s" in done.stdout and "peak traced memory" in done.stdout
