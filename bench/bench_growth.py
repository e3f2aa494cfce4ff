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

Usage: python bench/bench_growth.py [--shoes 10,100,1000] [--repeat 3]   (10,000 shoes: 5 GB, an hour)
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
    parser.add_argument("--repeat", type=int, default=3, help="rounds over every size; the best of each is shown")
    args = parser.parse_args()
    sizes = sorted(int(s) for s in args.shoes.split(","))
    names = ("recall", "report", "+1 shoe", "console", "across")
    with tempfile.TemporaryDirectory(prefix="bench-growth-") as tmp:
        d = Path(tmp)
        template = d / "one.sqlite"
        deal_one_shoe(template)
        paths, sizes_mb, first, verify, archive, rss = {}, {}, {}, {}, {}, {}
        for n in sizes:   # every journal first, so each round below measures the sizes side by side
            paths[n] = d / f"j{n}.sqlite"
            shutil.copy(template, paths[n])
            grow(paths[n], n, pruned_events=True)   # as a station long at the table: every event sent and pruned
            wal = Path(f"{paths[n]}-wal")
            sizes_mb[n] = (paths[n].stat().st_size + (wal.stat().st_size if wal.exists() else 0)) / 1e6
        best: dict[int, dict[str, float]] = {n: {} for n in sizes}

        def keep(n: int, name: str, took: float) -> None:
            best[n][name] = min(took, best[n].get(name, took))

        def rnd(n: int) -> str:
            return f"T1-S{max(1, n // 2):04d}-R010"

        for n in sizes:
            first[n], _ = timed("recall", "--journal", str(paths[n]), rnd(n))   # verifies every row once
            verify[n], _ = timed("journal", "verify", str(paths[n]))
        for _ in range(args.repeat):   # alternating sizes: a machine busier in one round slows every size alike
            for n in sizes:
                took, rss[n] = timed("recall", "--journal", str(paths[n]), rnd(n))
                keep(n, "recall", took)
                keep(n, "report", timed("report", "--shoe", str(max(1, n // 2)), "--journal", str(paths[n]))[0])
                keep(n, "console", timed("console", "--journal", str(paths[n]), "--screenshot", str(d / "shot.png"),
                                         "--rounds", "1", env={"QT_QPA_PLATFORM": "offscreen"})[0])
        for n in sizes:   # one more shoe each round (the journal grows by it), then the archive
            shoes = n
            for _ in range(args.repeat):
                shoes += 1
                keep(n, "+1 shoe", timed("simulate", "--shoes", str(shoes), "--journal", str(paths[n]))[0])
            archive[n], _ = timed("journal", "archive", str(paths[n]), "--before", "2999-01-01", "--to",
                                  str(d / f"a{n}"))
        for _ in range(args.repeat):
            for n in sizes:
                keep(n, "across", timed("recall", "--journal", str(paths[n]), rnd(n), "--archives",
                                        str(d / f"a{n}"))[0])
        print(f"best of {args.repeat}, sizes alternating; seconds")
        print(f"{'shoes':>7} {'MB':>8} {'KB/shoe':>8} {'recall 1st':>11} {'verify':>8} {'archive':>8} "
              + " ".join(f"{name:>8}" for name in names) + f" {'RSS MB':>7}")
        base = best[sizes[0]]
        for n in sizes:
            ratios = ", ".join(f"{name} x{best[n][name] / base[name]:.2f}" for name in names)
            print(f"{n:>7} {sizes_mb[n]:>8.1f} {sizes_mb[n] / n * 1e3:>8.0f} {first[n]:>10.2f}s {verify[n]:>7.2f}s "
                  f"{archive[n]:>7.2f}s " + " ".join(f"{best[n][name]:>7.2f}s" for name in names)
                  + f" {rss[n] / 1024:>7.1f}   ratios to {sizes[0]} shoes: {ratios}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
