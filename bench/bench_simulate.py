"""Throughput of the table: what ``dealer-station simulate`` runs (its station opened by ``open_station``, the
simulated shoe's bytes through its codec, the loop on this thread), in rounds per second with the journal on
disk and in memory; and raw journal rows per second. Run: python bench/bench_simulate.py"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_station.app.logging import configure_logging  # noqa: E402
from dealer_station.app.runtime import open_station  # noqa: E402
from dealer_station.app.simulate import OUTPUT_KINDS, output_line, simulation_settings, simulation_shoe  # noqa: E402
from dealer_station.journal import Journal  # noqa: E402


def rounds_per_second(path: str, shoes: int) -> tuple[float, float, int, int]:
    """``simulate --seed 1 --shoes SHOES --journal PATH --json`` as the command runs it, its lines kept.

    Returns (rounds a second from the station's opening to its stop, rounds a second of ``Station.run`` alone,
    rounds, journal rows).
    """
    lines: list[dict] = []
    start = time.perf_counter()
    station = open_station(simulation_settings(journal=path, shoes=shoes), shoe=simulation_shoe(1))
    station.controller.subscribe(lambda fact: lines.append(output_line(fact.kind, fact.data)), kinds=OUTPUT_KINDS)
    with station.journal:
        dealing = time.perf_counter()
        why = station.run()
        dealt = time.perf_counter() - dealing
        station.stop("finished" if why in ("finished", "paused") else why)
        elapsed = time.perf_counter() - start
        rows = station.journal.last_seq
    rounds = sum(1 for x in lines if "status" in x)
    return rounds / elapsed, rounds / dealt, rounds, rows


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
            whole, run, rounds, rows = rounds_per_second(path, args.shoes)
            print(f"simulate, journal in {label}: {whole:,.0f} rounds/s from opening to stop, {run:,.0f} rounds/s "
                  f"in Station.run ({rounds} rounds, {rows} journal rows)")
        for label, path in (("memory", ":memory:"), ("disk (WAL, synchronous=FULL)", f"{tmp}/rows.sqlite")):
            with Journal(path) as journal:
                print(f"journal appends, {label}: {rows_per_second(journal, args.rows):,.0f} rows/s "
                      "(one durable transaction per row)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
