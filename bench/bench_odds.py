"""Benchmark of the exact odds engine: full analysis of an 8-deck composition.

Times, in one process:
  * the engine's one-time table build (first call);
  * ``analyse`` of a full 8-deck shoe, every bet of the commission pay table, both Banker modes
    (floats, and ``exact=True`` fractions) -- target: at most 10 ms;
  * the same analysis by the plain pure-Python exact enumeration (``odds_plain.plain_evs``);
  * the side-bet edge monitor, as the controller calls it after every round: one call on a full shoe, and
    the mean per call over whole shoes (``shuffled_shoe(seed)`` dealt round by round by the third-card
    rules up to the cut card, the monitor called after each round with a ``Counter`` of the cards left,
    one monitor for all shoes as a table has), next to the reference computation of the monitor as it
    was before it kept state (the exact engine on every call), timed in the same process on the same calls
    (walks alternated, median of each).
Checks that the engine and the plain enumeration agree exactly, and that the monitor and the reference
give identical alerts on every call, then prints the times and the ratios.

Run: ``python bench/bench_odds.py [--repeat N] [--shoes N] [--walks N] [--json]``; exit status 1 when the engine misses
10 ms, 2 on a disagreement.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from collections import Counter  # noqa: E402

from dealer_station.domain.bets import SIDE_BETS, BetType  # noqa: E402
from dealer_station.domain.cards import parse_card, shoe_counts  # noqa: E402
from dealer_station.domain.odds import (  # noqa: E402
    analyse,
    decks_composition,
    make_edge_monitor,
    player_edge_alerts,
)
from dealer_station.domain.odds.plain import plain_evs  # noqa: E402
from dealer_station.domain.outcome import deal_round  # noqa: E402
from dealer_station.domain.paytable import Mode, PayTable, load_paytable  # noqa: E402
from drivers.deck import CUT, shuffled_shoe  # noqa: E402

TARGET_MS = 10.0


def _median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def reference_monitor(paytable: PayTable):
    """The edge monitor as it was before it kept state: the exact engine on every call (the baseline)."""
    watched = [b for b in BetType if b in SIDE_BETS and b in paytable.bets]

    def edge_monitor(remaining, round_number: int) -> list[dict]:
        open_bets = [b for b in watched if paytable.bets[b].offered_in(round_number + 1)]
        if not open_bets:
            return []
        alerts = player_edge_alerts(remaining, paytable, None, open_bets)
        return [{**alert, "round": round_number} for alert in alerts]

    return edge_monitor


def shoe_calls(seeds: range) -> list[tuple[Counter, int]]:
    """The monitor's calls over whole shoes: ``(Counter of the cards left, round just completed)``.

    Each shoe is ``shuffled_shoe(seed)`` dealt round by round (4-6 cards, third-card rules) until the
    round in which the cut card comes out, as the table does (docs/rules.md §1-2); the shoe's round numbers
    start at 1.
    """
    calls = []
    for seed in seeds:
        tokens = shuffled_shoe(seed)
        cut = tokens.index(CUT)
        cards = [parse_card(t) for t in tokens if t != CUT]
        remaining = shoe_counts(8)
        position, round_number = 0, 0
        while position <= cut and len(cards) - position >= 6:
            outcome, _ = deal_round(cards[position:position + 6])
            for card in cards[position:position + outcome.cards_used]:
                remaining[card] -= 1
            position += outcome.cards_used
            round_number += 1
            calls.append((Counter(remaining), round_number))
    return calls


def _walk_us(monitor, calls: list[tuple[Counter, int]]) -> tuple[float, list[list[dict]]]:
    """Mean microseconds per call over ``calls`` in order, and the answers."""
    answers = []
    start = time.perf_counter()
    for remaining, round_number in calls:
        answers.append(monitor(remaining, round_number))
    return (time.perf_counter() - start) / len(calls) * 1e6, answers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50, help="timed runs of the engine (median reported)")
    parser.add_argument("--shoes", type=int, default=20, help="shoes walked for the edge monitor figure")
    parser.add_argument("--walks", type=int, default=3, help="walks over those shoes (median reported)")
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
    # one call after a round: alternately a full shoe and the same less 5 cards, so every call has 5 cards
    # to take into account, as after a real round
    monitor = make_edge_monitor(table)
    full = shoe_counts(8)
    dealt = Counter(full)
    for card in list(full)[:5]:
        dealt[card] -= 1
    states = itertools.cycle([full, dealt])
    monitor_ms = _median_ms(lambda: monitor(next(states), 10), args.repeat)
    reference = reference_monitor(table)
    reference_ms = _median_ms(lambda: reference(next(states), 10), args.repeat)

    # the walks alternate (monitor, reference, monitor, ...) so that a busy machine slows both alike;
    # each figure is the median over the walks, each monitor walk with a fresh monitor
    calls = shoe_calls(range(args.shoes))
    walks, reference_walks = [], []
    for _ in range(args.walks):
        us, answers = _walk_us(make_edge_monitor(table), calls)
        walks.append(us)
        us, expected = _walk_us(reference, calls)
        reference_walks.append(us)
    walk_us, reference_walk_us = statistics.median(walks), statistics.median(reference_walks)
    for (_, round_number), got, want in zip(calls, answers, expected, strict=True):
        if got != want:
            print(f"MISMATCH edge monitor after round {round_number}: {got} != {want}", file=sys.stderr)
            return 2

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
        "edge_monitor_reference_ms": round(reference_ms, 3),
        "edge_monitor_shoes": args.shoes,
        "edge_monitor_walks": args.walks,
        "edge_monitor_calls": len(calls),
        "edge_monitor_alerts": sum(len(a) for a in answers),
        "edge_monitor_shoe_us_per_call": round(walk_us, 1),
        "edge_monitor_reference_shoe_us_per_call": round(reference_walk_us, 1),
        "ratio_edge_monitor_reference_over_monitor": round(reference_walk_us / walk_us, 1),
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
        print(f"  edge monitor, one call after a 5-card round  {monitor_ms:10.3f} ms   "
              f"(reference {reference_ms:.3f} ms)")
        print(f"  edge monitor over a whole shoe, mean us per call {walk_us:8.1f} us   "
              f"(reference {reference_walk_us:.1f} us, ratio {reference_walk_us / walk_us:.1f} x; "
              f"{args.shoes} shoes, {len(calls)} calls, {result['edge_monitor_alerts']} alerts)")
        print("  engine and plain enumeration agree exactly on every bet; the edge monitor and the reference "
              "give identical alerts on every call")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
