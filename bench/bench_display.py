"""Table display benchmark: an MQTT event published → the page updated in the browser, p50/p99.

A shoe's real events (``simulate --shoes 1``, table T1) are published one by one at a steady rate on a local
Mosquitto, as a station's publisher sends them; ``dealer-station display`` (another process) shows the table,
and the page is open in Debian's headless Chromium (Playwright). The page notes when it applied each update
(``window.displayUpdates``: the last event shown and ``performance.timeOrigin + performance.now()``, the same
wall clock as the publisher's on this machine). Delay = that time − the time just before the event's publish,
for every event that changed the page. Publisher, broker, display and browser share the machine's cores.

Usage: python bench/bench_display.py [--rate PER_S] [--events N]
Needs the ``mosquitto`` binary, ``pip install playwright`` and Debian's ``chromium``.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from broker import start_broker  # noqa: E402

from tests.support.display import browser_problem, launch, start_display, stop  # noqa: E402


def shoe_events(workdir: Path) -> list[bytes]:
    """The outbox payloads of one simulated shoe of table T1, in id order."""
    db = workdir / "shoe.sqlite"
    subprocess.run([sys.executable, "-m", "dealer_station", "simulate", "--shoes", "1", "--seed", "9", "--journal",
                    str(db)], check=True, capture_output=True, cwd=Path(__file__).resolve().parents[1])
    with sqlite3.connect(db) as conn:
        return [p.encode() if isinstance(p, str) else p
                for (p,) in conn.execute("SELECT payload FROM outbox ORDER BY event_id")]


def nearest_rank(values: list[float], q: float) -> float:
    """The nearest-rank percentile ``q`` (0..1) of ``values`` (a value that occurred)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q * len(ordered) + 0.5) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=20.0, help="events per second (default 20)")
    parser.add_argument("--events", type=int, default=0, help="publish only the first N events (default: the shoe)")
    args = parser.parse_args()
    problem = browser_problem()
    if problem:
        print(f"bench_display: skipped: {problem}")
        return 0
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        payloads = shoe_events(work)
        if args.events:
            payloads = payloads[:args.events]
        broker, port = start_broker(work, "bench_display")
        url = f"mqtt://127.0.0.1:{port}"
        display = None
        try:
            display, page_url = start_display(url, "--table", "T1")
            with sync_playwright() as p:
                browser = launch(p)
                page = browser.new_page(viewport={"width": 1920, "height": 1080})
                page.goto(page_url)
                page.wait_for_function("async () => (await (await fetch('state.json')).json()).subscribed",
                                       timeout=30_000, polling=100)
                client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-station", protocol=mqtt.MQTTv5)
                client.connect("127.0.0.1", port)
                client.loop_start()
                sent: dict[int, float] = {}
                start = time.monotonic()
                for i, payload in enumerate(payloads):
                    time.sleep(max(0.0, start + i / args.rate - time.monotonic()))
                    event_id = json.loads(payload)["event_id"]
                    sent[event_id] = time.time() * 1000
                    client.publish("baccarat/tables/T1/events", payload, qos=1)
                last = json.loads(payloads[-1])["event_id"]
                page.wait_for_function(f"document.body.dataset.lastEvent === '{last}'", timeout=60_000)
                updates = page.evaluate("window.displayUpdates")
                client.loop_stop()
                client.disconnect()
                browser.close()
        finally:
            if display is not None:
                stop(display)
            broker.terminate()
            broker.wait(10)
    delays = [u["at_ms"] - sent[u["last_event_id"]] for u in updates if u["last_event_id"] in sent]
    if not delays:
        print("bench_display: no update of the page was timed")
        return 1
    print(f"table display, {len(payloads)} events of one shoe at {args.rate:g}/s, {len(delays)} page updates timed: "
          f"MQTT publish → page updated in the browser p50 {nearest_rank(delays, 0.5):.1f} ms, "
          f"p99 {nearest_rank(delays, 0.99):.1f} ms, max {max(delays):.1f} ms "
          f"(mean {statistics.fmean(delays):.1f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
