"""Shoe driver measurements: idle CPU of each reader, bytes→frame latency through a pty.

Run: ``python bench/bench_drivers.py [--cards 1000] [--idle-seconds 3]``. Prints one line per
measurement and a final JSON object. The controller + journal part of the byte-to-decision
latency is measured where the controller is wired (the frames measured here are what it
receives).

- idle CPU: process CPU time (user + system) over wall time while a started reader waits for
  bytes that do not come; serial reader on a pty (the simulated shoe, nothing dealt) and, when
  ``umockdev-run`` is installed, the USB reader on a replayed scanner whose capture has ended.
  Target: well under 2 % of a core.
- latency: for each codec, a card's bytes are written to the pty master and the time until the
  reader thread delivers its ``CardRead`` is taken, one card at a time, over N cards; p50 and
  p99 in milliseconds. A pty has no baud rate: on a 9600-baud wire add about 1 ms per byte.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import structlog  # noqa: E402

from drivers.codecs import CODECS, make_codec  # noqa: E402
from drivers.deck import deck_tokens  # noqa: E402
from drivers.frames import CardRead  # noqa: E402
from drivers.simulator import SimulatedShoe  # noqa: E402


def emit(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def cpu_seconds() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def idle_cpu(source, seconds: float) -> float:
    """Share of one core the process uses while ``source`` idles (0.01 = 1 %)."""
    source.start(lambda e: None)
    try:
        time.sleep(0.3)
        c0, t0 = cpu_seconds(), time.monotonic()
        time.sleep(seconds)
        return (cpu_seconds() - c0) / (time.monotonic() - t0)
    finally:
        source.stop()


def usb_idle_child(seconds: float) -> None:
    from drivers.profiles import open_shoe

    share = idle_cpu(open_shoe("usb:0c2e:0b61?codec=hid-keyboard"), seconds)
    emit(json.dumps({"usb_idle_cpu": share}))


def usb_idle(seconds: float) -> float | None:
    exe = shutil.which("umockdev-run")
    if exe is None:
        emit("usb idle CPU: skipped (umockdev-run not installed)")
        return None
    d = ROOT / "hw_fixtures" / "usb"
    cmd = [exe, "-d", str(d / "scanner.umockdev"), "--pcap",
           f"/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1={d / 'split.pcap'}", "--", sys.executable, __file__,
           "--usb-idle-child", str(seconds)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 60, env=env)
    for line in out.stdout.splitlines():
        if line.startswith("{"):
            return json.loads(line)["usb_idle_cpu"]
    emit(f"usb idle CPU: failed: {out.stderr[-500:]}")
    return None


def latency(codec_name: str, cards: int) -> tuple[float, float]:
    """p50, p99 milliseconds from the write of a card's bytes to its CardRead on the sink."""
    arrived = threading.Event()
    stamp: list[float] = []

    def sink(event) -> None:
        if isinstance(event, CardRead):
            stamp.append(time.perf_counter())
            arrived.set()

    tokens = (deck_tokens(8) * (cards // 416 + 1))[:cards]
    shoe = SimulatedShoe(make_codec(codec_name), tokens=tokens)
    shoe.start(sink)
    samples = []
    try:
        for token in tokens:
            data = shoe.codec.encode(token)
            arrived.clear()
            t0 = time.perf_counter()
            shoe.write_raw(data)
            if not arrived.wait(2.0):
                raise RuntimeError(f"card {token} was not read within 2 s")
            samples.append((stamp[-1] - t0) * 1000)
    finally:
        shoe.stop()
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.99) - 1]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cards", type=int, default=1000)
    ap.add_argument("--idle-seconds", type=float, default=3.0)
    ap.add_argument("--usb-idle-child", type=float, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr),
                        wrapper_class=structlog.make_filtering_bound_logger(30))
    if args.usb_idle_child is not None:
        usb_idle_child(args.usb_idle_child)
        return 0
    result: dict = {}
    share = idle_cpu(SimulatedShoe(make_codec("lines")), args.idle_seconds)
    result["serial_idle_cpu_percent"] = round(share * 100, 3)
    emit(f"serial reader idle CPU: {share * 100:.2f} % of a core")
    usb = usb_idle(args.idle_seconds)
    if usb is not None:
        result["usb_idle_cpu_percent"] = round(usb * 100, 3)
        emit(f"usb reader idle CPU (umockdev replay): {usb * 100:.2f} % of a core")
    for name in sorted(CODECS):
        p50, p99 = latency(name, args.cards)
        result[f"latency_ms_{name}"] = {"p50": round(p50, 3), "p99": round(p99, 3)}
        emit(f"bytes->frame latency through a pty, {name}, {args.cards} cards: p50 {p50:.3f} ms, p99 {p99:.3f} ms")
    emit(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
