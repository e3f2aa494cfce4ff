"""Growth benchmark: what one shoe's reading costs as the journal grows (a year at the table is ~10,000 shoes).

A real shoe is dealt once by the simulator; its rows are copied as shoes 2, 3, ... (``tests/support/
synthetic_journal.py``: renumbered and chained, so the journal verifies; each copy lists its own events, all
pruned after their retention, as in a station's journal after months at the table). At each size it measures, as whole
processes: ``recall ROUND_ID`` (a round of the middle shoe), ``report --shoe N``, ``journal verify``, one more
shoe dealt (``simulate`` going on with the journal), the console's start to a screenshot of one round (offscreen);
then the journal archived but for its newest shoe (``journal archive``) and a ``recall`` of a round of the middle
shoe read across the archive (``--archives``); and the journal's bytes per shoe and the recall's peak memory (RSS).
``recall`` is measured twice: the first reading of a journal verifies every row once (and writes the index), the
next only what was added since. The ratio of each figure to the smallest journal's, in the same run, is what to
read.

Usage: python bench/bench_growth.py [--shoes 10,100,1000]   (10,000 takes a few minutes to build)
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.synthetic_journal import deal_one_shoe, grow  # noqa: E402


def timed(*args: str, env: dict[str, str] | None = None) -> tuple[float, int]:
    """Seconds and peak RSS (KB) of one ``python -m dealer_station ARGS`` process (``env``: added to the
    environment).
    """
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "dealer_station", *args], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    _, status, usage = os.wait4(proc.pid, 0)
    took = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"bench_growth: {' '.join(args)} failed: {err.strip()}")
    return took, usage.ru_maxrss


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", default="10,100,1000", help="journal sizes in shoes, comma-separated")
    args = parser.parse_args()
    sizes = sorted(int(s) for s in args.shoes.split(","))
    with tempfile.TemporaryDirectory(prefix="bench-growth-") as tmp:
        d = Path(tmp)
        template = d / "one.sqlite"
        deal_one_shoe(template)
        print(f"{'shoes':>7} {'MB':>8} {'KB/shoe':>8} {'recall 1st':>11} {'recall':>8} {'report':>8} "
              f"{'verify':>8} {'+1 shoe':>8} {'console':>8} {'archive':>8} {'across':>8} {'RSS MB':>7}")
        base = None
        for n in sizes:
            path = d / f"j{n}.sqlite"
            shutil.copy(template, path)
            grow(path, n, pruned_events=True)   # as a station long at the table: every event sent and pruned
            size = path.stat().st_size + (Path(f"{path}-wal").stat().st_size if Path(f"{path}-wal").exists() else 0)
            middle = max(1, n // 2)
            first, _ = timed("recall", "--journal", str(path), f"T1-S{middle:04d}-R010")
            again, rss = timed("recall", "--journal", str(path), f"T1-S{middle:04d}-R010")
            report, _ = timed("report", "--shoe", str(middle), "--journal", str(path))
            verify, _ = timed("journal", "verify", str(path))
            more, _ = timed("simulate", "--shoes", str(n + 1), "--journal", str(path))
            console, _ = timed("console", "--journal", str(path), "--screenshot", str(d / "shot.png"), "--rounds", "1",
                               env={"QT_QPA_PLATFORM": "offscreen"})
            archive, _ = timed("journal", "archive", str(path), "--before", "2999-01-01", "--to", str(d / f"a{n}"))
            across, _ = timed("recall", "--journal", str(path), f"T1-S{middle:04d}-R010", "--archives",
                              str(d / f"a{n}"))
            row = (again, report, verify, more, console, across)
            base = base or row
            ratios = ", ".join(f"{name} x{value / b:.2f}" for name, value, b in zip(
                ("recall", "report", "verify", "one more shoe", "console", "recall across"), row, base, strict=True))
            print(f"{n:>7} {size / 1e6:>8.1f} {size / n / 1e3:>8.0f} {first:>10.2f}s {again:>7.2f}s {report:>7.2f}s "
                  f"{verify:>7.2f}s {more:>7.2f}s {console:>7.2f}s {archive:>7.2f}s {across:>7.2f}s {rss / 1024:>7.1f}"
                  f"   ratios to {sizes[0]} shoes: {ratios}", flush=True)
            for leftover in d.glob(f"j{n}.sqlite*"):
                leftover.unlink()
            shutil.rmtree(d / f"a{n}", ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
