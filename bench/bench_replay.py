"""Replay throughput: 50 whole shoes in ``--fast`` mode through codec and controller, next to a bare loop.

Issue "QA replay", Measure: cards per second of ``replay --fast`` on 50 shoes (target >= 30,000
cards/s), the ratio to a bare loop that only deals the same cards by the rules in the same process
(``dealer_station.domain.outcome.deal_round``), and the peak memory of the replay.

The session is built first (not timed): 50 shoes shuffled by ``drivers.deck.shuffled_shoe``, each
dealt by the rules up to the cut card's last round, encoded by the ``lines`` codec's encoder into a
``record`` session file. Timed: loading that file, decoding every byte, the controller (state
machine, journal, outbox, facts) with the automatic dealer, and the output lines. The journal is in
memory (``":memory:"``); one shoe is also timed on a file journal with ``synchronous=FULL`` as at a
table. Peak memory: ``tracemalloc`` over a second, separate replay run (tracing slows it down, so
the throughput run is not traced), and the process's maximum resident set size.

Run: ``python bench/bench_replay.py [--shoes N]``. Exit 1 when a replayed result differs from the
bare loop's (a wrong fast replay is worth nothing).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import resource
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_station.app.config import load_config  # noqa: E402
from dealer_station.app.logging import configure_logging  # noqa: E402
from dealer_station.app.replay import Replayer, load_session  # noqa: E402
from dealer_station.domain.cards import parse_card  # noqa: E402
from dealer_station.domain.errors import DealError  # noqa: E402
from dealer_station.domain.outcome import deal_round  # noqa: E402
from dealer_station.journal import Journal  # noqa: E402
from drivers.codecs import make_codec  # noqa: E402
from drivers.deck import CUT, shuffled_shoe  # noqa: E402
from drivers.sessions import SESSION_FORMAT  # noqa: E402


def burn_count(token: str) -> int:
    """RULES.md §1: A = 1, 2-9 face value, 10/J/Q/K = 10."""
    return 1 if token[0] == "A" else 10 if token[0] in "TJQK" else int(token[0])


def shoe_tokens(seed: int) -> list[str]:
    """The tokens a dealer pulls from shoe ``seed``: indicator, burn, every round to the cut card's last."""
    tokens = shuffled_shoe(seed)
    used = 1 + burn_count(tokens[0])
    rest = tokens[used:]
    i = 0
    last = False
    while not last:
        cards: list = []
        while True:
            if rest[i] == CUT:
                last = True
                i += 1
                continue
            cards.append(parse_card(rest[i]))
            i += 1
            if len(cards) >= 4:
                try:
                    _, extra = deal_round(cards)
                except DealError:
                    continue
                if not extra:
                    break
    return tokens[:used] + rest[:i]


def bare_loop(shoes: list[list[str]]) -> tuple[int, list[str]]:
    """Deal the same cards by the rules only: parse, burn, deal_round. Returns (cards, winners)."""
    cards = 0
    winners = []
    for tokens in shoes:
        seq = [parse_card(t) for t in tokens if t != CUT]
        cards += len(seq)
        pos = 1 + burn_count(tokens[0])
        while pos < len(seq):
            outcome, rest = deal_round(seq[pos:pos + 6])
            pos += 6 - len(rest)
            winners.append(outcome.winner.value)
    return cards, winners


def write_session(shoes: list[list[str]], path: Path) -> int:
    """The shoes as a ``record`` session in the ``lines`` wire format; returns the bytes written."""
    codec = make_codec("lines")
    header = {"format": SESSION_FORMAT, "version": 1, "profile": {"name": "bench", "transport": "serial",
              "codec": "lines", "options": {}, "codec_options": {}}, "port": {}, "started": "2026-11-30T00:00:00Z"}
    out = [json.dumps(header)]
    t = 0.0
    for tokens in shoes:
        for token in tokens:
            t += 0.4
            out.append(json.dumps({"t": round(t, 3), "dir": "rx", "hex": codec.encode(token).hex()}))
    text = "\n".join(out) + "\n"
    path.write_text(text)
    return len(text)


def replay_once(path: Path, journal: Journal | None = None, *, monitor: bool = True):
    """Load and replay ``path`` (the side-bet edge monitor on unless ``monitor`` is False); return (result, seconds)."""
    start = time.perf_counter()
    session = load_session(path)
    config = load_config()
    if not monitor:
        config = dataclasses.replace(config, player_edge_monitor=False)
    replayer = Replayer(config, journal=journal)
    result = replayer.play(session)
    seconds = time.perf_counter() - start
    replayer.journal.close()
    return result, seconds


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a report; exit 1 if the replay disagrees with the bare loop."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=50)
    args = parser.parse_args(argv)
    configure_logging(level="ERROR")
    shoes = [shoe_tokens(seed) for seed in range(1, args.shoes + 1)]
    with tempfile.TemporaryDirectory() as tmp:
        session = Path(tmp) / "bench.session.jsonl"
        size = write_session(shoes, session)

        start = time.perf_counter()
        bare_cards, bare_winners = bare_loop(shoes)
        bare_s = time.perf_counter() - start

        result, replay_s = replay_once(session)
        winners = [line["winner"] for line in result.lines if "winner" in line]
        ok = winners == bare_winners and result.cards == bare_cards and result.state != "paused"

        tracemalloc.start()
        replay_once(session)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()

        nomon_result, nomon_s = replay_once(session, monitor=False)

        one = Path(tmp) / "one.session.jsonl"
        write_session(shoes[:1], one)
        file_result, file_s = replay_once(one, Journal(Path(tmp) / "journal.sqlite"))

    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    replay_rate = result.cards / replay_s
    bare_rate = bare_cards / bare_s
    print(f"session: {args.shoes} shoes, {result.cards} cards, {len(winners)} rounds, "
          f"{size / 1e6:.1f} MB of JSON lines")
    print(f"replay --fast (load + decode + controller, in-memory journal): {replay_s:.2f} s, "
          f"{replay_rate:,.0f} cards/s (target 30,000: {'met' if replay_rate >= 30_000 else 'NOT met'})")
    print(f"bare loop (parse + deal_round only): {bare_s:.3f} s, {bare_rate:,.0f} cards/s")
    print(f"ratio replay / bare loop: {replay_rate / bare_rate:.3f} "
          f"(the bare loop is {bare_rate / replay_rate:.0f}x faster)")
    print(f"the same replay without the side-bet edge monitor ([monitor] player_edge = false): {nomon_s:.2f} s, "
          f"{nomon_result.cards / nomon_s:,.0f} cards/s (the monitor's share: "
          f"{1 - nomon_s / replay_s:.0%} of the replay)")
    print(f"one shoe on a file journal (synchronous=FULL): {file_result.cards} cards in {file_s:.2f} s, "
          f"{file_result.cards / file_s:,.0f} cards/s")
    print(f"peak traced memory of the replay: {peak / 1e6:.1f} MB; process max RSS: {rss_kib / 1024:.0f} MB")
    print(f"replayed results equal the bare loop's: {'yes' if ok else 'NO'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
