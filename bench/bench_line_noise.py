"""Line noise on a running station: journal rows, journal bytes and the station's CPU for a burst of random bytes.

Run: ``python bench/bench_line_noise.py [--bytes 1000000] [--seed 5] [--root CHECKOUT]``. Prints one line per
measurement and a final JSON object.

``dealer-station run --headless --auto`` reads a serial shoe on a pty (codec ``lines``); once the shoe is prepared
and a round's betting is closed, ``--bytes`` random bytes (``random.Random(seed)``) are written on the pty's master
as fast as the station reads them. When the journal has taken no row for two seconds after the last byte, the
station is stopped (SIGTERM; its stop journals what is left). Measured from the first byte of noise to the end of
the stop: the rows the journal gained, the bytes its files gained (database and write-ahead log), the station's
CPU (user + system, from ``/proc/PID/stat``), and what the noise did to the table (cards dealt, cards held, the
incidents). ``--root`` runs the station of another checkout (the same measure of an older station).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import tty
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def emit(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def station_cpu(pid: int) -> float:
    """Seconds of CPU (user + system) the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def journal_bytes(db: Path) -> int:
    return sum(p.stat().st_size for p in (db, Path(f"{db}-wal")) if p.exists())


def rows(db: Path) -> list[tuple[str, dict]]:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            return [(k, json.loads(b)) for k, b in conn.execute("SELECT kind, body FROM journal ORDER BY seq")]
    except sqlite3.Error:
        return []


def state(db: Path) -> str | None:
    decisions = [body for kind, body in rows(db) if kind == "decision"]
    return decisions[-1]["state"] if decisions else None


def wait_for(station: subprocess.Popen, predicate, what: str, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if station.poll() is not None:
            raise SystemExit(f"the station ended: {station.communicate()[1][-2000:]}")
        if predicate():
            return
        time.sleep(0.05)
    raise SystemExit(f"not within {timeout} s: {what}")


def measure(root: Path, size: int, seed: int) -> dict:
    noise = random.Random(seed).randbytes(size)
    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    os.close(slave)
    work = Path(tempfile.mkdtemp(prefix="bench-noise-"))
    db = work / "j.sqlite"
    env = {**os.environ, "PYTHONPATH": str(root), "HOME": str(work), "XDG_DATA_HOME": str(work)}
    station = subprocess.Popen([sys.executable, "-m", "dealer_station", "run", "--headless", "--auto", "--log-level",
                                "ERROR", "--dealer", "auto", "--shoe", f"serial:{path}?codec=lines", "--journal",
                                str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                               cwd=root)
    try:
        wait_for(station, lambda: state(db) == "burn_indicator", "the shoe prepared")
        os.write(master, b"2S\r\n9D\r\n9H\r\n")
        wait_for(station, lambda: state(db) == "betting_closed", "betting closed")
        time.sleep(1.0)
        before_rows, before_bytes, before_cpu = len(rows(db)), journal_bytes(db), station_cpu(station.pid)
        started = time.monotonic()
        view = memoryview(noise)
        while view:
            view = view[os.write(master, view[:4096]):]
        count, still = len(rows(db)), time.monotonic()
        while time.monotonic() - still < 2.0:   # the journal takes no more rows: the station has read it all
            time.sleep(0.1)
            now = len(rows(db))
            if now != count:
                count, still = now, time.monotonic()
        cpu = station_cpu(station.pid) - before_cpu
        station.send_signal(signal.SIGTERM)
        station.communicate(timeout=120)
        wall = time.monotonic() - started
    finally:
        if station.poll() is None:
            station.kill()
            station.wait(10)
        os.close(master)
    added = rows(db)[before_rows:]
    outputs = [(k, d) for kind, body in added if kind == "decision" for k, d in body["outputs"]]
    return {"bytes": size, "seed": seed, "rows_added": len(added),
            "journal_bytes_added": journal_bytes(db) - before_bytes,
            "station_cpu_seconds": round(cpu, 2), "wall_seconds": round(wall, 1),
            "cards_dealt": sum(k == "card_accepted" for k, _ in outputs),
            "cards_held": [d.get("card") for k, d in outputs if k == "card_while_paused"],
            "incidents": sorted({f"{d.get('type')}/{d.get('reason')}" for k, d in outputs if k == "round_paused"}),
            "line_noise_notes": sum(kind == "note" and body.get("kind") == "line_noise" for kind, body in added),
            "rows": dict(Counter(f"{kind}:{body.get('kind', 'decision')}" for kind, body in added))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bytes", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose station runs (default: this one)")
    args = parser.parse_args()
    result = measure(args.root.resolve(), args.bytes, args.seed)
    for key, value in result.items():
        emit(f"{key}: {value}")
    emit(json.dumps(result))


if __name__ == "__main__":
    main()
