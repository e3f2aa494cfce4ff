"""Publishing benchmark: outbox → a local acknowledging Mosquitto.

1. Throughput: N events already in the outbox; time until every one is acknowledged (PUBACK) and marked.
   Aim: at least 1,000 events/s. Measured for the default window and for one event in flight.
2. End-to-end delay: events appended one per transaction (synchronous=FULL, as the controller's
   journal does) at a steady rate; delay from just before the event is made (and signed) to its arrival
   at a QoS 1 subscriber on the same machine; p50 and p99.
3. Both again with every event signed by a station key (Ed25519, as ``--signing-key`` does): the ratios
   signed / unsigned of events/s and of p99 (aim: within 5 %).
   This covers outbox → broker → platform. The part before it (a card's bytes → the controller's
   journal transaction) belongs to the controller's own benchmark; add the two for bytes → subscriber.

Usage: python bench/bench_publish.py [--events N] [--rate PER_S] [--strict]
(--strict: exit 1 when throughput is below the aim). Needs the ``mosquitto`` binary.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import paho.mqtt.client as mqtt  # noqa: E402
import structlog  # noqa: E402
from broker import start_broker  # noqa: E402
from paho.mqtt.enums import CallbackAPIVersion  # noqa: E402

from dealer_station import outbox  # noqa: E402
from dealer_station.publish import Publisher, parse_broker_url, pending_count  # noqa: E402
from dealer_station.signing import Signer, sign_object  # noqa: E402

AIM_PER_SECOND = 1000


def journal(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    outbox.ensure_schema(conn)
    conn.commit()
    return conn


def ts() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def card(conn: sqlite3.Connection, i: int, extra: dict | None = None, signer: Signer | None = None) -> None:
    r = 1 + i // 5
    data = {"round_number": r, "position": "player1", "card": "AS", "manual": False, **(extra or {})}
    if signer is None:
        outbox.append(conn, "card_dealt", table_id="T1", ts=ts(), shoe_id="T1-S0001", round_id=f"T1-S0001-R{r:03d}",
                      data=data)
        return
    (last,) = conn.execute("SELECT COALESCE(MAX(event_id), 0) FROM outbox").fetchone()
    env = outbox.envelope(last + 1, "card_dealt", table_id="T1", ts=ts(), shoe_id="T1-S0001",
                          round_id=f"T1-S0001-R{r:03d}", data=data)
    conn.execute("INSERT INTO outbox(event_id, type, payload) VALUES (?, ?, ?)",
                 (last + 1, "card_dealt", outbox.payload_text(sign_object(env, signer))))


def throughput(port: int, workdir: Path, n: int, window: int, signer: Signer | None = None) -> float:
    db = workdir / f"throughput-{window}-{'signed' if signer else 'plain'}.db"
    conn = journal(db)
    for i in range(n):
        card(conn, i, signer=signer)
    conn.commit()
    pub = Publisher(parse_broker_url(f"mqtt://127.0.0.1:{port}", window=window), db, "T1")
    t0 = time.perf_counter()
    pub.start()
    left = pub.drain(120)
    elapsed = time.perf_counter() - t0
    pub.stop()
    if left:
        raise SystemExit(f"bench_publish: {left} events not acknowledged in 120 s")
    assert pending_count(db) == 0
    return n / elapsed


def delay(port: int, workdir: Path, n: int, rate: float, signer: Signer | None = None) -> list[float]:
    db = workdir / f"delay-{'signed' if signer else 'plain'}.db"
    conn = journal(db)
    delays: list[float] = []
    got = threading.Event()

    def on_message(client, userdata, msg):  # noqa: ANN001
        body = json.loads(msg.payload)
        delays.append(time.time() - body["data"]["t_append"])
        if len(delays) >= n:
            got.set()

    subscribed = threading.Event()
    sub = mqtt.Client(CallbackAPIVersion.VERSION2)
    sub.on_message = on_message
    sub.on_subscribe = lambda *a: subscribed.set()
    sub.connect("127.0.0.1", port)
    sub.subscribe("baccarat/tables/T1/events", qos=1)
    sub.loop_start()
    subscribed.wait(10)
    pub = Publisher(parse_broker_url(f"mqtt://127.0.0.1:{port}"), db, "T1").start()
    time.sleep(0.5)
    period = 1.0 / rate
    next_at = time.perf_counter()
    for i in range(n):
        card(conn, i, {"t_append": time.time()}, signer)
        conn.commit()   # one durable transaction per event, as the controller's decisions
        next_at += period
        time.sleep(max(0.0, next_at - time.perf_counter()))
    got.wait(60)
    pub.stop()
    sub.disconnect()
    sub.loop_stop()
    return delays


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=5000, help="events for the throughput run (default 5000)")
    parser.add_argument("--rate", type=float, default=200.0, help="events/s for the delay run (default 200)")
    parser.add_argument("--delay-events", type=int, default=1000, help="events for the delay run (default 1000)")
    parser.add_argument("--strict", action="store_true", help="exit 1 when throughput is below the aim")
    args = parser.parse_args()
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(40))   # errors only
    with tempfile.TemporaryDirectory(prefix="bench-publish-") as tmp:
        workdir = Path(tmp)
        proc, port = start_broker(workdir, "bench_publish")
        try:
            rate = throughput(port, workdir, args.events, window=100)
            rate1 = throughput(port, workdir, max(500, args.events // 5), window=1)
            delays = sorted(delay(port, workdir, args.delay_events, args.rate))
            key = Signer.generate()
            signed_rate = throughput(port, workdir, args.events, window=100, signer=key)
            signed_delays = sorted(delay(port, workdir, args.delay_events, args.rate, key))
        finally:
            proc.terminate()
            proc.wait(10)
    verdict = "meets" if rate >= AIM_PER_SECOND else "BELOW"
    print(f"throughput outbox -> acknowledging broker: {rate:,.0f} events/s (window 100; {verdict} the aim of "
          f"{AIM_PER_SECOND:,}/s); one in flight: {rate1:,.0f} events/s")
    if len(delays) < args.delay_events:
        print(f"delay: only {len(delays)} of {args.delay_events} events arrived")
        return 1
    p50 = statistics.median(delays) * 1000
    p99 = delays[int(0.99 * (len(delays) - 1))] * 1000
    print(f"delay append-commit -> subscriber ({len(delays)} events at {args.rate:g}/s): "
          f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {delays[-1] * 1000:.1f} ms")
    if len(signed_delays) < args.delay_events:
        print(f"signed delay: only {len(signed_delays)} of {args.delay_events} events arrived")
        return 1
    s99 = signed_delays[int(0.99 * (len(signed_delays) - 1))] * 1000
    print(f"signed events: {signed_rate:,.0f} events/s (x{signed_rate / rate:.3f} of unsigned), delay p50 "
          f"{statistics.median(signed_delays) * 1000:.1f} ms, p99 {s99:.1f} ms (x{s99 / p99:.3f} of unsigned; "
          f"aim: within 5 %)")
    return 1 if args.strict and rate < AIM_PER_SECOND else 0


if __name__ == "__main__":
    raise SystemExit(main())
