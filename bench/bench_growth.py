"""Growth benchmark: what one shoe's reading costs as the journal grows (a year at the table is ~10,000 shoes).

A real shoe is dealt once by the simulator; its rows are copied as shoes 2, 3, ... (``tests/support/
synthetic_journal.py``: renumbered and chained, so the journal verifies). At each size it measures, as whole
processes: ``recall ROUND_ID`` (a round of the middle shoe), ``report --shoe N``, ``journal verify``; and the
journal's bytes per shoe and the recall's peak memory (RSS). ``recall`` is measured twice: the first reading
of a journal verifies every row once (and writes the index), the next only what was added since. The ratio of
each figure to the smallest journal's, in the same run, is what to read.

Usage: python bench/bench_growth.py [--shoes 10,100,1000]   (10,000 takes a few minutes to build)
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.synthetic_journal import deal_one_shoe, grow  # noqa: E402


def timed(*args: str) -> tuple[float, int]:
    """Seconds and peak RSS (KB) of ``python -m dealer_station ARGS``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "dealer_station", *args], cwd=ROOT, capture_output=True, text=True)
    took = time.perf_counter() - t0
    if proc.returncode not in (0, 1):
        raise SystemExit(f"bench_growth: {' '.join(args)} failed: {proc.stderr.strip()}")
    return took, max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)


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
              f"{'verify':>8} {'RSS MB':>7}")
        base = None
        for n in sizes:
            path = d / f"j{n}.sqlite"
            shutil.copy(template, path)
            grow(path, n)
            size = path.stat().st_size + (Path(f"{path}-wal").stat().st_size if Path(f"{path}-wal").exists() else 0)
            middle = max(1, n // 2)
            first, _ = timed("recall", "--journal", str(path), f"T1-S{middle:04d}-R010")
            again, rss = timed("recall", "--journal", str(path), f"T1-S{middle:04d}-R010")
            report, _ = timed("report", "--shoe", str(middle), "--journal", str(path))
            verify, _ = timed("journal", "verify", str(path))
            row = (again, report, verify)
            base = base or row
            print(f"{n:>7} {size / 1e6:>8.1f} {size / n / 1e3:>8.0f} {first:>10.2f}s {again:>7.2f}s {report:>7.2f}s "
                  f"{verify:>7.2f}s {rss / 1024:>7.1f}   ratios to {sizes[0]} shoes: recall x{again / base[0]:.2f}, "
                  f"report x{report / base[1]:.2f}, verify x{verify / base[2]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
