"""Throughput of the table controller: simulate rounds per second with the journal on disk and in
memory, and raw journal rows per second. Run: python bench/bench_simulate.py"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_station.app.config import load_config  # noqa: E402
from dealer_station.app.controller import Controller  # noqa: E402
from dealer_station.app.logging import configure_logging  # noqa: E402
from dealer_station.app.simulate import run_simulation  # noqa: E402
from dealer_station.journal import Journal  # noqa: E402


def rounds_per_second(journal: Journal, shoes: int) -> tuple[float, int, int]:
    controller = Controller(load_config(), journal)
    lines: list[dict] = []
    start = time.perf_counter()
    run_simulation(controller, seed=1, shoes=shoes, emit=lines.append)
    elapsed = time.perf_counter() - start
    rounds = sum(1 for x in lines if "status" in x)
    return rounds / elapsed, rounds, journal.last_seq


def rows_per_second(journal: Journal, rows: int) -> float:
    body = {"kind": "frame", "frame": "card", "token": "QD", "raw": "51440d0a"}
    start = time.perf_counter()
    for _ in range(rows):
        journal.append("input", body, "2026-11-30T04:00:00.000000Z")
    return rows / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shoes", type=int, default=2)
    parser.add_argument("--rows", type=int, default=2000)
    args = parser.parse_args()
    configure_logging(level="WARNING")
    with tempfile.TemporaryDirectory() as tmp:
        for label, path in (("memory", ":memory:"), ("disk (WAL, synchronous=FULL)", f"{tmp}/sim.sqlite")):
            with Journal(path) as journal:
                rate, rounds, rows = rounds_per_second(journal, args.shoes)
            print(f"simulate, journal in {label}: {rate:,.0f} rounds/s ({rounds} rounds, {rows} journal rows)")
        for label, path in (("memory", ":memory:"), ("disk (WAL, synchronous=FULL)", f"{tmp}/rows.sqlite")):
            with Journal(path) as journal:
                print(f"journal appends, {label}: {rows_per_second(journal, args.rows):,.0f} rows/s "
                      "(one durable transaction per row)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
