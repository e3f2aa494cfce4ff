"""Byte-to-decision latency: a card's bytes written to the shoe's wire → card accepted and journaled.

Run: ``python bench/bench_latency.py [--cards 1000] [--memory]``. The whole station path: the
simulated shoe writes each card to a pty in the ``lines`` wire format, the reader thread decodes
it and queues the frame, the controller's thread journals the input (SQLite WAL,
``synchronous=FULL``, on disk unless ``--memory``), decides, journals the decision with its
outbox events, and tells its listeners. Measured per card, from just before the write to the
listener's ``card_accepted`` / ``card_burned`` / ``burn_indicator`` fact; p50 and p99 in ms.
A pty has no baud rate: on a 9600-baud wire add about 1 ms per byte (a 4-byte line: ~4 ms).
The same run with an in-memory journal is reported beside it, so the fsync share shows as a ratio.
"""

from __future__ import annotations

import argparse
import json
import logging
import queue
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dealer_station.app.autodealer import AutoDealer  # noqa: E402
from dealer_station.app.config import config_from_dict  # noqa: E402
from dealer_station.app.controller import Controller  # noqa: E402
from dealer_station.app.logging import configure_logging  # noqa: E402
from dealer_station.app.shoes import open_station_shoe  # noqa: E402
from dealer_station.app.station import run_station  # noqa: E402
from dealer_station.journal import Journal  # noqa: E402

CARD_FACTS = {"card_accepted", "card_burned", "burn_indicator"}


def measure(cards: int, journal_path: str) -> list[float]:
    """Latencies in ms of the first ``cards`` cards dealt through the whole station."""
    config = config_from_dict({"table": {"id": "BENCH"}, "monitor": {"player_edge": False}})
    journal = Journal(journal_path)
    controller = Controller(config, journal)
    shoe = open_station_shoe("sim?seed=1", config, journal)
    events: queue.Queue = queue.Queue(maxsize=256)
    stop = threading.Event()
    sent: list[float] = []
    samples: list[float] = []

    def on_fact(fact) -> None:
        if fact.kind in CARD_FACTS and sent:
            samples.append((time.perf_counter() - sent.pop()) * 1000)
            if len(samples) >= cards:
                stop.set()

    def draw() -> bool:
        sent.append(time.perf_counter())
        ok = shoe.draw()
        if not ok:
            sent.pop()
        return ok

    controller.subscribe(on_fact)
    shoe.source.start(events.put)
    auto = AutoDealer(controller, draw, new_shoe=shoe.new_shoe)
    try:
        run_station(controller, events, draw, stop, idle_exit=10, auto=auto, poll=0.001)
    finally:
        shoe.source.stop()
        journal.close()
    return samples


def summary(samples: list[float]) -> dict[str, float]:
    """p50 and p99 in ms."""
    ordered = sorted(samples)
    return {"p50": round(statistics.median(ordered), 3), "p99": round(ordered[int(len(ordered) * 0.99) - 1], 3),
            "n": len(ordered)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000)
    args = parser.parse_args()
    configure_logging(json=True, level=logging.ERROR, stream=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        disk = summary(measure(args.cards, str(Path(tmp) / "bench.sqlite")))
    memory = summary(measure(args.cards, ":memory:"))
    print(f"bytes -> card journaled on disk, {disk['n']} cards: p50 {disk['p50']:.3f} ms, p99 {disk['p99']:.3f} ms "
          f"(target p99 < 10 ms)")
    print(f"bytes -> card journaled in memory, {memory['n']} cards: p50 {memory['p50']:.3f} ms, "
          f"p99 {memory['p99']:.3f} ms")
    print(f"disk / memory p50 ratio: {disk['p50'] / memory['p50']:.1f} x")
    print(json.dumps({"disk_ms": disk, "memory_ms": memory}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
