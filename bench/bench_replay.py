"""Replay throughput: 50 whole shoes in ``--fast`` mode through codec and controller, next to a bare loop.

Cards per second of ``replay --fast`` on 50 shoes (target >= 30,000
cards/s), the ratio to a bare loop that only deals the same cards by the rules in the same process
(``dealer_station.domain.outcome.deal_round``), and the peak memory of the replay.

The session is built first (not timed): 50 shoes shuffled by ``drivers.deck.shuffled_shoe``, each
dealt by the rules up to the cut card's last round, encoded by the ``lines`` codec's encoder into a
``record`` session file. Timed, each ``--repeat`` times (best and median reported; the machines
are noisy): loading that file, decoding every byte, the controller (state machine, journal, facts)
with the automatic dealer, and the output lines, as ``replay --fast`` runs: the journal in memory
(``MemoryJournal``) and, since its alerts would be neither kept nor shown, without the side-bet
edge monitor (:class:`dealer_station.app.replay.Replayer`, ``edge_monitor``). The same replay
with the monitor (``replay --fast --edge-monitor``, or any replay that keeps a journal or shows a
console) is timed too, after the odds engine's tables are built once (that build is reported on
its own). One shoe is also timed on a file journal with ``synchronous=FULL`` as at a table.
Peak memory: ``tracemalloc`` over a separate replay run (tracing slows it down, so the throughput
runs are not traced), and the process's maximum resident set size.

The whole process, the figure with a limit: ``dealer-station replay --fast SESSION`` as a process of its own
(the interpreter's start, the imports, loading, decoding and replaying the session, its lines written to a
file), timed from its start to its end, against the bare loop over the same cards, run in the same way (a process
of its own that imports the rules and deals the cards), the two started in turn ``--repeat`` times; the figure is
the ratio of their best times (bare / replay, the replay's speed as a share of the bare loop's), limit >= 0.1.
The same ratio in processor seconds (user and system, ``RUSAGE_CHILDREN``) is printed beside it: on a machine
shared with other work the wall clock of a process waits for the processor, its processor time much less.
``--against DIR`` also times another checkout's replay (a worktree of an earlier commit) in the same turns. The
project's modules are read from a bytecode cache in a folder of the run's own (``PYTHONPYCACHEPREFIX``, filled by
a first run not counted), as an installed station reads them; ``--no-bytecode-cache`` compiles them at every
start. The figures are measured on demand, never asserted by a test.

Run: ``python bench/bench_replay.py [--shoes N] [--repeat N] [--against DIR] [--no-bytecode-cache]
[--whole-only]``. Exit 1 when a replayed result differs from the bare loop's, or the monitored replay's lines
from the plain one's (a wrong fast replay is worth nothing).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
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
from dealer_station.domain.odds import make_edge_monitor  # noqa: E402
from dealer_station.domain.outcome import deal_round  # noqa: E402
from dealer_station.domain.paytable import load_paytable  # noqa: E402
from dealer_station.journal import Journal  # noqa: E402
from drivers.codecs import make_codec  # noqa: E402
from drivers.deck import CUT, shuffled_shoe  # noqa: E402
from drivers.sessions import SESSION_FORMAT  # noqa: E402


def shoe_tokens(seed: int) -> list[str]:
    """The tokens a dealer pulls from shoe ``seed``: indicator, burn, every round to the cut card's last."""
    tokens = shuffled_shoe(seed)
    used = 1 + parse_card(tokens[0]).rank.burn_count
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
        pos = 1 + parse_card(tokens[0]).rank.burn_count
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


WHOLE_LIMIT = 0.1
"""The whole process's limit: the replay at least a tenth as fast as the bare loop over the same cards."""

_BARE_CHILD = """
import json, sys
from dealer_station.domain.cards import parse_card
from dealer_station.domain.outcome import deal_round
cards = 0
winners = []
for tokens in json.loads(open(sys.argv[1]).read()):
    seq = [parse_card(t) for t in tokens if t != "CUT"]
    cards += len(seq)
    pos = 1 + parse_card(tokens[0]).rank.burn_count
    while pos < len(seq):
        outcome, rest = deal_round(seq[pos:pos + 6])
        pos += 6 - len(rest)
        winners.append(outcome.winner.value)
print(cards, len(winners))
"""


def _child_env(tree: Path, cache: Path | None) -> dict[str, str]:
    """The environment of a timed process of checkout ``tree``: its modules first; ``cache``: the bytecode cache
    folder (None: none, every module compiled at every start)."""
    env = {**os.environ, "PYTHONPATH": str(tree), "DEALER_STATION_SOUND": "off"}
    env.pop("PYTHONPYCACHEPREFIX", None)
    if cache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def _children_cpu() -> float:
    """Processor seconds (user and system) of this process's ended children so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def whole_replay(tree: Path, session: Path, out: Path, cache: Path | None) -> tuple[float, float]:
    """Seconds of one ``dealer-station replay --fast session`` process of checkout ``tree``, start to end, and its
    processor seconds (less swayed by the other processes of a busy machine).

    Raises SystemExit with its standard error when it fails.
    """
    cpu = _children_cpu()
    started = time.perf_counter()
    with out.open("w") as lines:
        done = subprocess.run([sys.executable, "-m", "dealer_station", "replay", "--fast", str(session)],
                              stdout=lines, stderr=subprocess.PIPE, text=True, env=_child_env(tree, cache),
                              cwd=tree, timeout=600)
    seconds = time.perf_counter() - started
    if done.returncode:
        raise SystemExit(f"{tree}: replay failed ({done.returncode}): {done.stderr[-2000:]}")
    return seconds, _children_cpu() - cpu


def whole_bare(tree: Path, shoes_file: Path, cache: Path | None) -> tuple[float, float, str]:
    """Seconds and processor seconds of one bare-loop process (the rules of checkout ``tree``) over the cards in
    ``shoes_file``, and what it printed (cards and rounds)."""
    cpu = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _BARE_CHILD, str(shoes_file)], capture_output=True, text=True,
                          env=_child_env(tree, cache), cwd=tree, timeout=600)
    seconds = time.perf_counter() - started
    if done.returncode:
        raise SystemExit(f"{tree}: the bare loop failed: {done.stderr[-2000:]}")
    return seconds, _children_cpu() - cpu, done.stdout.strip()


def whole_process(shoes: list[list[str]], session: Path, tmp: Path, *, repeat: int, against: Path | None,
                  bytecode_cache: bool) -> bool:
    """Time the whole replay process against the bare loop's (and ``against``'s replay), in turn; print the
    figures with the limit. Returns whether every replay printed the same lines (True without ``against``)."""
    root = Path(__file__).resolve().parents[1]
    trees = {"this": root} if against is None else {"this": root, "against": against.resolve()}
    shoes_file = tmp / "shoes.json"
    shoes_file.write_text(json.dumps(shoes))
    caches = {name: tmp / f"pycache-{name}" if bytecode_cache else None for name in trees}
    for name, tree in trees.items():  # not counted: fills the bytecode caches, warms the disk cache
        whole_replay(tree, session, tmp / f"lines-{name}.txt", caches[name])
    whole_bare(root, shoes_file, caches["this"])
    times: dict[str, list[float]] = {name: [] for name in [*trees, "bare"]}
    cpus: dict[str, list[float]] = {name: [] for name in [*trees, "bare"]}
    shown = ""
    for _ in range(repeat):
        seconds, cpu, shown = whole_bare(root, shoes_file, caches["this"])
        times["bare"].append(seconds)
        cpus["bare"].append(cpu)
        for name, tree in trees.items():
            seconds, cpu = whole_replay(tree, session, tmp / f"lines-{name}.txt", caches[name])
            times[name].append(seconds)
            cpus[name].append(cpu)
    cards, rounds = shown.split()
    cache = "bytecode cache" if bytecode_cache else "no bytecode cache"
    bare, bare_cpu = min(times["bare"]), min(cpus["bare"])
    print(f"whole process ({cache}, best of {repeat}, started in turn): bare loop {bare:.3f} s "
          f"(median {statistics.median(times['bare']):.3f} s; processor {bare_cpu:.3f} s) for {cards} cards, "
          f"{rounds} rounds")
    for name, tree in trees.items():
        best, cpu = min(times[name]), min(cpus[name])
        print(f"  replay --fast ({name}: {tree}): best {best:.3f} s = {int(cards) / best:,.0f} cards/s, median "
              f"{statistics.median(times[name]):.3f} s; bare / replay {bare / best:.3f} (limit {WHOLE_LIMIT}: "
              f"{'met' if bare / best >= WHOLE_LIMIT else 'NOT met'}); in processor seconds {cpu:.3f} s, "
              f"bare / replay {bare_cpu / cpu:.3f}")
    if against is None:
        return True
    print(f"  replay this / against (best runs): {min(times['this']) / min(times['against']):.3f}, in processor "
          f"seconds {min(cpus['this']) / min(cpus['against']):.3f}")
    same = (tmp / "lines-this.txt").read_text() == (tmp / "lines-against.txt").read_text()
    print(f"  the two replays' lines are the same: {'yes' if same else 'NO'}")
    return same


def replay_once(path: Path, journal: Journal | None = None, *, edge_monitor: bool | None = None):
    """Load and replay ``path`` as ``replay --fast`` does (``edge_monitor`` as :class:`Replayer` takes it);
    return (result, seconds)."""
    start = time.perf_counter()
    session = load_session(path)
    replayer = Replayer(load_config(), journal=journal, edge_monitor=edge_monitor)
    result = replayer.play(session)
    seconds = time.perf_counter() - start
    replayer.journal.close()
    return result, seconds


def _rate(cards: int, times: list[float]) -> str:
    best, median = min(times), statistics.median(times)
    return f"best {best:.3f} s = {cards / best:,.0f} cards/s, median {median:.3f} s = {cards / median:,.0f} cards/s"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a report; exit 1 if a replay disagrees with the bare loop."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=5, help="timed runs of each measurement (best and median)")
    parser.add_argument("--against", type=Path, default=None, metavar="DIR",
                        help="another checkout whose whole replay process is timed in turn with this one's")
    parser.add_argument("--no-bytecode-cache", action="store_true",
                        help="the whole processes compile the project's modules at every start")
    parser.add_argument("--whole-only", action="store_true", help="only the whole-process figures")
    args = parser.parse_args(argv)
    configure_logging(level="ERROR")
    shoes = [shoe_tokens(seed) for seed in range(1, args.shoes + 1)]
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        session = Path(tmp) / "bench.session.jsonl"
        size = write_session(shoes, session)
        ok = whole_process(shoes, session, Path(tmp), repeat=args.repeat, against=args.against,
                           bytecode_cache=not args.no_bytecode_cache)
        if args.whole_only:
            return 0 if ok else 1

        bare_times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            bare_cards, bare_winners = bare_loop(shoes)
            bare_times.append(time.perf_counter() - start)

        def agrees(result) -> bool:
            winners = [line["winner"] for line in result.lines if "winner" in line]
            return winners == bare_winners and result.cards == bare_cards and result.state != "paused"

        replay_times = []
        for _ in range(args.repeat):
            result, seconds = replay_once(session)
            ok = ok and agrees(result)
            replay_times.append(seconds)
        rounds = sum(1 for line in result.lines if "winner" in line)

        start = time.perf_counter()
        make_edge_monitor(load_paytable("commission"))     # the odds engine's tables, built once per process
        build_s = time.perf_counter() - start
        monitor_times = []
        for _ in range(args.repeat):
            monitored, seconds = replay_once(session, edge_monitor=True)
            ok = ok and agrees(monitored) and monitored.lines == result.lines
            monitor_times.append(seconds)

        tracemalloc.start()
        replay_once(session)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()

        one = Path(tmp) / "one.session.jsonl"
        write_session(shoes[:1], one)
        file_result, file_s = replay_once(one, Journal(Path(tmp) / "journal.sqlite"))

    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    cards = result.cards
    replay_rate = cards / min(replay_times)
    bare_rate = bare_cards / min(bare_times)
    print(f"session: {args.shoes} shoes, {cards} cards, {rounds} rounds, {size / 1e6:.1f} MB of JSON lines; "
          f"{args.repeat} runs each")
    print(f"replay --fast (load + decode + controller, in-memory journal): {_rate(cards, replay_times)} "
          f"(target 30,000: {'met' if replay_rate >= 30_000 else 'NOT met'})")
    print(f"bare loop (parse + deal_round only): {_rate(bare_cards, bare_times)}")
    print(f"ratio replay / bare loop (best runs): {replay_rate / bare_rate:.3f} "
          f"(the bare loop is {bare_rate / replay_rate:.0f}x faster)")
    print(f"replay --fast --edge-monitor (the side-bet edge monitor after every round): {_rate(cards, monitor_times)}; "
          f"the odds engine's tables, once per process: {build_s:.2f} s")
    print(f"one shoe on a file journal (synchronous=FULL, monitor on as at a table): {file_result.cards} cards in "
          f"{file_s:.2f} s, {file_result.cards / file_s:,.0f} cards/s")
    print(f"peak traced memory of the replay: {peak / 1e6:.1f} MB; process max RSS: {rss_kib / 1024:.0f} MB")
    print(f"replayed results equal the bare loop's: {'yes' if ok else 'NO'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
