"""Benchmark of the exact odds engine (issue 5, speed): full analysis of an 8-deck composition.

Times, in one process:
  * the engine's one-time table build (first call);
  * ``analyse`` of a full 8-deck shoe, every bet of the commission pay table, both Banker modes
    (floats, and ``exact=True`` fractions) -- target: at most 10 ms;
  * the same analysis by the plain pure-Python exact enumeration (``odds_plain.plain_evs``);
  * the side-bet edge monitor, as the controller calls it after every round.
Checks that the engine and the plain enumeration agree exactly, then prints milliseconds and the ratio.

Run: ``python bench/bench_odds.py [--repeat N] [--json]``; exit status 1 when the engine misses 10 ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_station.domain.bets import BetType  # noqa: E402
from dealer_station.domain.cards import shoe_counts  # noqa: E402
from dealer_station.domain.odds import analyse, decks_composition, make_edge_monitor  # noqa: E402
from dealer_station.domain.odds_plain import plain_evs  # noqa: E402
from dealer_station.domain.paytable import Mode, load_paytable  # noqa: E402

TARGET_MS = 10.0


def _median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50, help="timed runs of the engine (median reported)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()

    table = load_paytable("commission")
    shoe = decks_composition(8)

    start = time.perf_counter()
    exact = analyse(shoe, table, exact=True)
    build_ms = (time.perf_counter() - start) * 1000

    plain_start = time.perf_counter()
    plain = plain_evs(shoe, table)
    plain_ms = (time.perf_counter() - plain_start) * 1000
    plain_ms = min(plain_ms, _median_ms(lambda: plain_evs(shoe, table), 3))
    for (bet, mode), ev in plain.items():
        if bet is BetType.BANKER:
            got = exact.banker_commission if mode is Mode.COMMISSION else exact.banker_no_commission
        else:
            got = exact.bets[bet.value]
        if got.ev != ev:
            print(f"MISMATCH {bet.value} {mode.value}: engine {got.ev} plain {ev}", file=sys.stderr)
            return 2

    fast_ms = _median_ms(lambda: analyse(shoe, table), args.repeat)
    exact_ms = _median_ms(lambda: analyse(shoe, table, exact=True), max(5, args.repeat // 5))
    monitor = make_edge_monitor(table)
    remaining = shoe_counts(8)
    monitor_ms = _median_ms(lambda: monitor(remaining, 10), args.repeat)

    result = {
        "cards": exact.cards,
        "bets": len(exact.bets) + 1,
        "first_call_with_table_build_ms": round(build_ms, 2),
        "engine_ms": round(fast_ms, 3),
        "engine_exact_ms": round(exact_ms, 3),
        "plain_enumeration_ms": round(plain_ms, 2),
        "ratio_plain_over_engine": round(plain_ms / fast_ms, 1),
        "ratio_plain_over_engine_exact": round(plain_ms / exact_ms, 1),
        "edge_monitor_ms": round(monitor_ms, 3),
        "target_ms": TARGET_MS,
        "ok": fast_ms <= TARGET_MS,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"8-deck composition ({result['cards']} cards), commission pay table, "
              f"{result['bets']} bets incl. both Banker modes")
        print(f"  first call (builds the engine's tables once) {build_ms:10.2f} ms")
        print(f"  engine, floats                               {fast_ms:10.3f} ms   (target <= {TARGET_MS} ms)")
        print(f"  engine, exact fractions                      {exact_ms:10.3f} ms")
        print(f"  plain exact enumeration (pure Python)        {plain_ms:10.2f} ms")
        print(f"  ratio plain / engine                         {plain_ms / fast_ms:10.1f} x "
              f"(exact: {plain_ms / exact_ms:.1f} x)")
        print(f"  edge monitor, one call after a round         {monitor_ms:10.3f} ms")
        print("  engine and plain enumeration agree exactly on every bet")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
