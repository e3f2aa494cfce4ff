"""Helpers of the driver tests: umockdev device runs and event collection (imported by the test modules)."""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "hw_fixtures"
PROBE = Path(__file__).resolve().parent / "probe.py"
UMOCKDEV_RUN = shutil.which("umockdev-run")
USB_SYSFS = "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1"


def need_umockdev() -> None:
    """Skip the test with a clear reason when umockdev-run is not installed."""
    if UMOCKDEV_RUN is None:
        pytest.skip("umockdev-run is not installed (Debian package umockdev; `make test` installs it as root)")


def run_probe(umockdev_args: list[str], spec: str, *probe_args: str, timeout: float = 60) -> list[dict]:
    """Run tests/support/probe.py under umockdev-run; return its JSON events (asserting a clean exit)."""
    need_umockdev()
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    cmd = [UMOCKDEV_RUN, *umockdev_args, "--", sys.executable, str(PROBE), spec, *probe_args]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env, cwd=ROOT)
    assert proc.returncode in (0, 3), f"probe failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr[-3000:]}"
    return [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]


def serial_run(script: str, codec: str, *probe_args: str) -> list[dict]:
    """Replay hw_fixtures/serial/SCRIPT.script to /dev/ttyUSB0 and read it with a serial shoe."""
    d = FIXTURES / "serial"
    return run_probe(["-d", str(d / "shoe.umockdev"), "-s", f"/dev/ttyUSB0={d / (script + '.script')}"],
                     f"serial:/dev/ttyUSB0?codec={codec}&on_open=05", *probe_args)


def usb_run(capture: str, *probe_args: str, spec: str = "usb:0c2e:0b61?codec=hid-keyboard") -> list[dict]:
    """Replay hw_fixtures/usb/CAPTURE.pcap to the scanner and read it with the USB shoe."""
    d = FIXTURES / "usb"
    return run_probe(["-d", str(d / "scanner.umockdev"), "--pcap", f"{USB_SYSFS}={d / (capture + '.pcap')}"],
                     spec, *probe_args)


def brief(events: list[dict]) -> list[tuple]:
    """Events as short tuples: ("CardRead", "AS"), ("NoRead", "no_read"), ("Garbage", raw hex) ..."""
    out = []
    for e in events:
        kind = e["event"]
        if kind == "CardRead":
            out.append((kind, e["token"]))
        elif kind == "NoRead":
            out.append((kind, e["reason"]))
        elif kind == "Garbage":
            out.append((kind, e["raw"]))
        elif kind == "ConnectionLost":
            out.append((kind, e["error"] is None))
        else:
            out.append((kind,))
    return out


class Collector:
    """A sink that keeps events in a queue, with a bounded wait for a condition."""

    def __init__(self) -> None:
        self.q: queue.Queue = queue.Queue()
        self.events: list = []

    def __call__(self, event) -> None:
        self.q.put(event)

    def wait_for(self, predicate, timeout: float = 60.0) -> list:
        """Collect until ``predicate(events)`` is true; fail after ``timeout`` seconds (a bound for a test that
        would otherwise hang, generous so a busy machine never reaches it: a passing test returns at once)."""
        deadline = time.monotonic() + timeout
        while not predicate(self.events):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"timed out; events so far: {self.events}")
            try:
                self.events.append(self.q.get(timeout=min(remaining, 0.05)))
            except queue.Empty:
                pass
        return self.events

    def drain(self, settle: float = 0.2) -> list:
        """Collect whatever arrives within ``settle`` seconds."""
        deadline = time.monotonic() + settle
        while time.monotonic() < deadline:
            try:
                self.events.append(self.q.get(timeout=0.02))
            except queue.Empty:
                pass
        return self.events
