"""Many tables, one broker: N stations and one reference consumer on one local Mosquitto.

The bench starts a Mosquitto on a free loopback port (no persistence), one ``events follow --ledger L``
(a process, clean session) and N station processes, each ``simulate --shoes 1 --decks D --journal Ji
--broker URL --table-id Ti`` (the simulated shoe with the automatic dealer, as fast as the journal
takes it: one durable SQLite transaction per input). When every station has exited (its outbox
drained) and the ledger holds as many events as the outboxes, it stops the consumer and reports:

- events per second end to end: events in the ledger / (last ledger write − first event's decision);
- decision → ledger delay p50 / p99 / max: the event's ``ts`` (the decision, station clock) to the
  ledger's ``received_utc`` (the consumer's write, same machine, same clock);
- CPU per station (user + system seconds, from ``wait4`` of each station process), and of the
  consumer and the broker;
- exactly once: per table, the ledger's ids and payloads equal the journal's outbox (every event
  acknowledged, none missing, none twice, none changed).

Bounded: every wait has a deadline (``--timeout``, default 600 s) and everything it started is stopped
on the way out. Loopback only. Usage::

    python bench/bench_scale.py [--stations 20] [--decks 2] [--timeout 600] [--json]
                                [--ledger postgresql://user@host:port/db]

``--ledger`` puts the consumer's ledger in that PostgreSQL database (empty: the bench refuses one that holds
events) instead of a SQLite file in the bench's directory, for events/s and decision → ledger beside the
SQLite figures.

Exit 0 when every event of every table is in the ledger exactly once, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from broker import start_broker

ROOT = Path(__file__).resolve().parents[1]


def station_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "dealer_station", *args]


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def reap(proc: subprocess.Popen, timeout: float) -> float | None:
    """Wait for ``proc`` up to ``timeout`` s; return its CPU seconds (user + system, from wait4), None if
    it is still running."""
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            proc.returncode = os.waitstatus_to_exitcode(status)
            return usage.ru_utime + usage.ru_stime
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.05)


def stop(proc: subprocess.Popen, sig: int = signal.SIGTERM, timeout: float = 10.0) -> float | None:
    """Signal ``proc`` (when still running) and reap it; its CPU seconds (None if it had been reaped)."""
    if proc.returncode is not None:
        return None
    try:
        proc.send_signal(sig)
    except ProcessLookupError:
        pass
    cpu = reap(proc, timeout)
    if cpu is None:
        proc.kill()
        cpu = reap(proc, 5.0)
    return cpu


def parse_utc(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def outbox_of(path: Path) -> tuple[dict[int, str], int]:
    """``({event_id: payload}, unacknowledged)`` of a station's journal."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
    try:
        rows = conn.execute("SELECT event_id, payload, published_utc FROM outbox ORDER BY event_id").fetchall()
    finally:
        conn.close()
    return {i: p for i, p, _ in rows}, sum(1 for *_, acked in rows if acked is None)


def ledger_rows(target: str, query: str) -> list[tuple]:
    """Rows of ``query`` on the consumer's ledger (SQLite file or PostgreSQL URL); [] while it cannot be read."""
    sys.path.insert(0, str(ROOT))
    from dealer_station.platform.ledger import LedgerError, LedgerReader

    try:
        reader = LedgerReader(target)
    except LedgerError:
        return []
    try:
        return reader.query(query)
    except LedgerError:
        return []
    finally:
        reader.close()


def ledger_count(target: str) -> int:
    found = ledger_rows(target, "SELECT COUNT(*) FROM events")
    return int(found[0][0]) if found else 0


def nearest_rank(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stations", type=int, default=20, help="station processes (default 20)")
    parser.add_argument("--decks", type=int, default=2, help="decks per simulated shoe, 1-8 (default 2)")
    parser.add_argument("--timeout", type=float, default=600.0, help="the whole run's bound, seconds (default 600)")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object")
    parser.add_argument("--ledger", metavar="URL", default=None,
                        help="the consumer's ledger in this empty PostgreSQL database (default: a SQLite file)")
    args = parser.parse_args()
    if args.ledger is not None and not args.ledger.startswith(("postgresql://", "postgres://")):
        parser.error("--ledger: give postgresql://user@host:port/db")
    if args.ledger is not None and ledger_count(args.ledger):
        parser.error(f"--ledger {args.ledger}: the database holds events already; give an empty one")
    if not 1 <= args.stations <= 200 or not 1 <= args.decks <= 8 or not 10 <= args.timeout <= 7200:
        parser.error("--stations 1-200, --decks 1-8, --timeout 10-7200")
    deadline = time.monotonic() + args.timeout
    with tempfile.TemporaryDirectory(prefix="bench-scale-") as tmp:
        work = Path(tmp)
        broker, port = start_broker(work, "bench_scale")
        url = f"mqtt://127.0.0.1:{port}"
        ledger = args.ledger or str(work / "ledger.db")
        follower = subprocess.Popen(station_command("events", "follow", "--broker", url, "--ledger", ledger),
                                    env=child_env(), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                    text=True)
        stations: list[subprocess.Popen] = []
        try:
            line = follower.stdout.readline()   # "following every table on ..." once subscribed
            if not line.startswith("following"):
                raise SystemExit(f"bench_scale: the consumer did not start: {line!r}")
            started = time.monotonic()
            for i in range(args.stations):
                err = open(work / f"station{i}.log", "w")  # noqa: SIM115 - closed when the bench's directory goes
                stations.append(subprocess.Popen(
                    station_command("simulate", "--shoes", "1", "--decks", str(args.decks), "--seed", str(i + 1),
                                    "--journal", str(work / f"j{i}.db"), "--broker", url, "--table-id", f"T{i:03d}",
                                    "--drain-timeout", "60"),
                    env=child_env(), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err))
                err.close()
            cpu: list[float] = []
            failed = []
            for i, proc in enumerate(stations):
                used = reap(proc, max(1.0, deadline - time.monotonic()))
                if used is None:
                    raise SystemExit(f"bench_scale: station T{i:03d} still running at the deadline")
                cpu.append(used)
                if proc.returncode != 0:
                    said = (work / f"station{i}.log").read_text()[-300:]
                    failed.append(f"T{i:03d}: exit {proc.returncode}: {said!r}")
            stations_done = time.monotonic() - started
            outboxes = {f"T{i:03d}": outbox_of(work / f"j{i}.db") for i in range(args.stations)}
            total = sum(len(events) for events, _ in outboxes.values())
            while ledger_count(ledger) < total and time.monotonic() < deadline:
                time.sleep(0.2)
        finally:
            for proc in stations:
                stop(proc, signal.SIGKILL)
            follower_cpu = stop(follower)
            broker_cpu = stop(broker)
        rows = ledger_rows(ledger, "SELECT table_id, event_id, payload, ts, received_utc FROM events")
    # exactly once, per table: the ledger equals the outbox
    problems = list(failed)
    by_table: dict[str, dict[int, str]] = {}
    for table_id, event_id, payload, _ts, _got in rows:
        by_table.setdefault(table_id, {})[event_id] = payload   # the primary key makes a second copy impossible
    for table_id, (events, unacked) in sorted(outboxes.items()):
        got = by_table.get(table_id, {})
        if unacked:
            problems.append(f"{table_id}: {unacked} event(s) never acknowledged")
        missing = sorted(set(events) - set(got))
        extra = sorted(set(got) - set(events))
        changed = sorted(i for i in set(events) & set(got) if events[i] != got[i])
        if missing or extra or changed:
            problems.append(f"{table_id}: missing {missing[:5]}, extra {extra[:5]}, changed {changed[:5]}")
    delays = [(parse_utc(got) - parse_utc(ts)).total_seconds() * 1000 for *_, ts, got in rows]
    first = min(parse_utc(ts) for *_, ts, _ in rows) if rows else None
    last = max(parse_utc(got) for *_, got in rows) if rows else None
    span = (last - first).total_seconds() if rows else float("nan")
    figures = {
        "stations": args.stations, "decks": args.decks, "ledger": "postgresql" if args.ledger else "sqlite",
        "events": total, "ledger_events": len(rows),
        "exactly_once": not problems, "stations_seconds": round(stations_done, 2),
        "events_per_second": round(len(rows) / span, 1) if rows and span > 0 else None,
        "decision_to_ledger_ms": {"p50": round(nearest_rank(delays, 50), 1), "p99": round(nearest_rank(delays, 99), 1),
                                  "max": round(max(delays), 1)} if delays else None,
        "cpu_seconds_per_station": {"mean": round(sum(cpu) / len(cpu), 3), "max": round(max(cpu), 3)},
        "cpu_ms_per_event_station": round(sum(cpu) / total * 1000, 3) if total else None,
        "cpu_seconds_consumer": round(follower_cpu, 3) if follower_cpu is not None else None,
        "cpu_ms_per_event_consumer": round(follower_cpu / len(rows) * 1000, 3) if follower_cpu and rows else None,
        "cpu_seconds_broker": round(broker_cpu, 3) if broker_cpu is not None else None,
        "cores": os.cpu_count(), "load_average_1min": round(os.getloadavg()[0], 2),
    }
    if args.json:
        print(json.dumps(figures))
    else:
        d = figures["decision_to_ledger_ms"] or {}
        c = figures["cpu_seconds_per_station"]
        print(f"{args.stations} stations x 1 shoe of {args.decks} deck(s), one consumer into a {figures['ledger']} "
              "ledger, one Mosquitto: "
              f"{total} events in {stations_done:.1f} s")
        print(f"end to end: {figures['events_per_second']} events/s; decision -> ledger p50 {d.get('p50')} ms, "
              f"p99 {d.get('p99')} ms, max {d.get('max')} ms")
        print(f"CPU per station: mean {c['mean']} s, max {c['max']} s "
              f"({figures['cpu_ms_per_event_station']} ms/event); consumer {figures['cpu_seconds_consumer']} s "
              f"({figures['cpu_ms_per_event_consumer']} ms/event); broker {figures['cpu_seconds_broker']} s; "
              f"{figures['cores']} cores, load {figures['load_average_1min']}")
        print("ledger: every event of every table exactly once" if not problems else "ledger: PROBLEMS")
    for problem in problems:
        print(f"bench_scale: {problem}", file=sys.stderr)
    return 0 if not problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
