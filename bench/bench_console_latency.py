"""The console's latency, start-up and memory: a card's bytes written to the shoe's pty → the card painted.

Run: ``python bench/bench_console_latency.py [--cards 500] [--slow-fsync 0.02]`` (offscreen; no display
needed). Each measurement runs in a process of its own, the console on the station runtime as at the
table: the simulated shoe writes each card to its pty in the ``lines`` wire format, the reader thread
decodes it and queues the frame, the controller's thread journals the input and the decision (SQLite WAL,
``synchronous=FULL``, on disk), and the view reaches the GUI thread through a queued signal; measured from
just before the write to the end of the first paint of the card's face showing that card. p50 and p99 in
ms over ``--cards`` cards dealt to the hands (burn cards are not shown on a face and not counted).

The same run with every journal write slowed by ``--slow-fsync`` seconds (a slow disk's fsync, by
wrapping the journal's write) shows the latency following the disk while the GUI stays free: each run
reports the longest the GUI's event loop was blocked (its watchdog, ``gui_stall`` above 50 ms).

The issue's two freezes, as the dealer meets them (the space bar, in a process of its own): every journal write
taking 0.5 s for four acts, then another process holding the journal locked for 3 s while the dealer acts;
reported: the watchdog's blocks longer than 50 ms in each (none is the aim) and how long the locked act took.

Start-up: from starting ``dealer-station console`` (a fresh process, on-disk journal) to its window
shown, and the process's peak resident memory (``ru_maxrss``) there and after dealing the cards.
Targets: p99 within one 60 Hz frame (16.7 ms) on disk; p50 within 25 ms with every journal write slowed by 20 ms;
the window within 1.0 s (``bench_console_start.py`` measures it alone); under 250 MB.

Measured here (2 cores, load average 0.5–1, the session's first and last commits back to back): window
shown 2.1 s → 0.9–1.2 s after the process started; peak RSS 176 MB → 203 MB; pty bytes → card painted on
disk p50 28.7 ms → 10.8–12.6 ms, p99 93 ms → 20.6–39.8 ms; with every journal write slowed by 20 ms p50
63 ms → 52–56 ms, p99 73 ms → 72–89 ms. Under a load average of 3–4 the same code measured p99 65–122 ms on
disk and a window after 3.5 s: the figures follow the machine. The p99 aim (16.7 ms) is not met here.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FRAME_MS = 1000 / 60

SLOW_DISK_P50_MS = 25.0
"""The aim with every journal write slowed by 20 ms: the card painted within 25 ms at the median."""


def summary(samples: list[float]) -> dict[str, float]:
    """p50 and p99 in ms."""
    ordered = sorted(samples)
    return {"p50": round(statistics.median(ordered), 3), "p99": round(ordered[max(0, int(len(ordered) * 0.99) - 1)], 3),
            "max": round(ordered[-1], 3), "n": len(ordered)}


def _slow_writes(station, seconds) -> None:
    """Every durable journal write of ``station`` takes ``seconds()`` longer (a slow disk's fsync; 0: as it is).

    An input's row is committed without waiting for the disk (``durable=False``) and its decision's row with a
    sync: on a slow disk only the second waits, once a card.
    """
    write = station.journal.append

    def slow_append(*a, **kw):
        delay = seconds() if kw.get("durable", True) else 0
        if delay:
            time.sleep(delay)
        return write(*a, **kw)

    station.journal.append = slow_append


def latency_child(cards: int, slow: float, folder: str) -> dict:
    """In this process: the console on an on-disk journal; deal until ``cards`` cards were painted."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import logging

    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from dealer_station.app.logging import configure_logging
    from dealer_station.console.app import GuiWatchdog, open_console_station
    from dealer_station.console.cards import CardFace
    from dealer_station.console.main_window import MainWindow

    configure_logging(json=True, level=logging.ERROR, stream=sys.stderr)
    app = QApplication.instance() or QApplication([])
    station = open_console_station(None, "sim?seed=1", str(Path(folder) / "journal.sqlite"),
                                   str(Path(folder) / "accounts.json"))
    if station.controller.signed_in is None:
        station.controller.sign_in_configured("bench")
    if slow:
        _slow_writes(station, lambda: slow)
    painted: list[tuple[float, object, str | None]] = []
    paint = CardFace.paintEvent

    def recording_paint(face, event):
        paint(face, event)
        painted.append((time.perf_counter(), face, face.card.token if face.card is not None else None))

    CardFace.paintEvent = recording_paint
    window = MainWindow(station, load_shoe=station.load_shoe, sound=lambda: None)
    window.resize(1920, 1080)
    window.show()
    window.start()
    watchdog = GuiWatchdog(app)
    deadline = time.monotonic() + 20
    while not window.host.snapshot().connected and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.005)
    host, source = window.host, station.source
    acts = {"no_shoe": "new_shoe", "shoe_end": "new_shoe", "shuffle": "shuffled", "ready": "open_betting",
            "betting_open": "close_betting", "result": "confirm_result"}
    samples: list[float] = []
    stalls_before = len(watchdog.stalls)
    started = time.monotonic()

    def wait(condition, timeout: float = 30.0) -> bool:
        loop = QEventLoop()
        timer = QTimer()
        timer.setInterval(1)  # a 1 kHz look: the GUI thread is not kept busy
        end = time.monotonic() + timeout
        timer.timeout.connect(lambda: (condition() or time.monotonic() > end) and loop.quit())
        timer.start()
        loop.exec()
        timer.stop()
        return condition()

    while len(samples) < cards:
        view = host.snapshot()
        if view.state == "paused":
            raise SystemExit(f"the table paused: {view.incident}")
        act = acts.get(view.state)
        if act is not None:
            if act == "new_shoe":
                station.load_shoe(view.shoe_number + 1)
            host.dealer(act)
            continue
        position = view.next_position.value if view.next_position is not None else ""
        hand = window.dealer.player if position.startswith("player") else window.dealer.banker
        face = hand.cards[int(position[-1]) - 1] if position[-1:].isdigit() else None
        before = host.snapshot()
        count = len(painted)
        t0 = time.perf_counter()
        token = source.draw()  # the card's bytes to the pty
        if face is not None and view.state in ("betting_closed", "dealing"):
            if wait(lambda face=face, token=token, count=count: any(
                    f is face and t == token for _, f, t in painted[count:])):
                first = next(when for when, f, t in painted[count:] if f is face and t == token)
                samples.append((first - t0) * 1000)
        else:  # a burn card: no face shows it
            wait(lambda before=before: host.snapshot() != before)
    seconds = time.monotonic() - started
    stalls = list(watchdog.stalls)[stalls_before:]
    watchdog.stop()
    window.shutdown()
    window.close()
    station.stop("bench")
    station.close()
    return {"ms": summary(samples), "seconds": round(seconds, 1), "gui_stalls": len(stalls),
            "longest_stall_ms": max(stalls, default=0.0),
            "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}


def freeze_child(folder: str) -> dict:
    """In this process: the console on an on-disk journal, dealt by its own keys (the dealer's space bar) while
    every journal write takes 0.5 s (a slow disk's fsync) for four acts, then while another process holds the
    journal locked for 3 s; the GUI watchdog's blocks longer than 50 ms in each (the issue's two freezes).
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import logging

    from PySide6.QtCore import QEventLoop, Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from dealer_station.app.accounts import Accounts
    from dealer_station.app.logging import configure_logging
    from dealer_station.console.app import GuiWatchdog, open_console_station
    from dealer_station.console.main_window import MainWindow
    from tests.support.journal_lock import hold_journal_lock

    configure_logging(json=True, level=logging.ERROR, stream=sys.stderr)
    app = QApplication.instance() or QApplication([])
    accounts = Path(folder) / "accounts.json"
    Accounts(accounts).add("dan", "dealer", "0000")
    journal = Path(folder) / "journal.sqlite"
    station = open_console_station(None, "sim?seed=7", str(journal), str(accounts))
    slow = {"seconds": 0.0}
    _slow_writes(station, lambda: slow["seconds"])
    window = MainWindow(station, authenticate=station.authenticate, load_shoe=station.load_shoe, sound=lambda: None)
    window.resize(1920, 1080)
    window.show()
    window.start()

    def turn(until, timeout: float = 30.0) -> None:
        end = time.monotonic() + timeout
        while not until() and time.monotonic() < end:
            loop = QEventLoop()
            QTimer.singleShot(5, loop.quit)
            loop.exec()

    turn(lambda: window.host.snapshot().connected)
    window.dealer_sign_in("dan", "0000", "pin")
    turn(lambda: False, 2.0)  # the supervisor's screen made, the odds tables built

    def press() -> None:
        before = window.host.snapshot()
        QTest.keyClick(window, Qt.Key.Key_Space)
        turn(lambda: window.host.snapshot() != before)

    while window.host.snapshot().state != "ready":  # new shoe, burn
        press()
    watchdog = GuiWatchdog(app)
    slow["seconds"] = 0.5
    for _ in range(4):
        press()
    slow["seconds"] = 0.0
    on_slow_disk = list(watchdog.stalls)
    locker = hold_journal_lock(journal, 3.0)  # (this wait for the other process is the benchmark's, not the console's)
    watchdog.stalls.clear()
    watchdog._last = watchdog.clock()
    started = time.monotonic()
    press()
    locked_act = time.monotonic() - started  # the act waits for the journal; the window does not
    turn(lambda: locker.poll() is not None, 15.0)
    turn(lambda: False, 0.5)
    on_locked = list(watchdog.stalls)
    watchdog.stop()
    window.shutdown()
    window.close()
    station.stop("bench")
    station.close()
    return {"slow_disk_stalls_ms": on_slow_disk, "locked_stalls_ms": on_locked,
            "locked_act_s": round(locked_act, 2)}


_STARTUP = """
import os, resource, sys, time
from PySide6.QtCore import QTimer
from dealer_station.console import main_window
shown = main_window.MainWindow.showEvent
def show_event(self, event):
    shown(self, event)
    if not getattr(self, "_bench_shown", False):
        self._bench_shown = True
        print("shown", time.time(), flush=True)
        QTimer.singleShot(300, self.close)
main_window.MainWindow.showEvent = show_event
from dealer_station.cli import main
try:
    main(["console", "--journal", sys.argv[1], "--accounts", sys.argv[2]])
finally:
    print("rss_mb", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, flush=True)
"""


def startup(folder: str) -> dict:
    """Seconds from starting the console's process to its window shown; its peak RSS in MB."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    t0 = time.time()
    done = subprocess.run([sys.executable, "-c", _STARTUP, str(Path(folder) / "startup.sqlite"),
                           str(Path(folder) / "accounts.json")], capture_output=True, text=True, env=env,
                          timeout=120, cwd=ROOT)
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines() if line.startswith(("shown", "rss_mb")))
    if "shown" not in lines:
        raise SystemExit(f"the console did not show its window: {done.stderr[-2000:]}")
    return {"window_shown_s": round(float(lines["shown"]) - t0, 3), "peak_rss_mb": round(float(lines["rss_mb"]), 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=500)
    parser.add_argument("--slow-fsync", type=float, default=0.02, metavar="S",
                        help="seconds added to every journal write in the second run (default 0.02)")
    parser.add_argument("--child", choices=("latency", "freeze"), help=argparse.SUPPRESS)
    parser.add_argument("--slow", type=float, default=0.0, help=argparse.SUPPRESS)
    parser.add_argument("--folder", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child == "latency":
        print(json.dumps(latency_child(args.cards, args.slow, args.folder)))
        return 0
    if args.child == "freeze":
        print(json.dumps(freeze_child(args.folder)))
        return 0
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        results["startup"] = startup(tmp)
        for name, slow in (("disk", 0.0), ("slow_fsync", args.slow_fsync)):
            folder = Path(tmp) / name
            folder.mkdir()
            done = subprocess.run([sys.executable, __file__, "--child", "latency", "--cards", str(args.cards),
                                   "--slow", str(slow), "--folder", str(folder)], capture_output=True, text=True,
                                  env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, timeout=1800)
            if done.returncode:
                raise SystemExit(f"{name}: {done.stderr[-3000:]}")
            results[name] = json.loads(done.stdout.strip().splitlines()[-1])
        folder = Path(tmp) / "freeze"
        folder.mkdir()
        done = subprocess.run([sys.executable, __file__, "--child", "freeze", "--folder", str(folder)],
                              capture_output=True, text=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
                              timeout=600)
        if done.returncode:
            raise SystemExit(f"freeze: {done.stderr[-3000:]}")
        results["freeze"] = json.loads(done.stdout.strip().splitlines()[-1])
    s, d, w = results["startup"], results["disk"], results["slow_fsync"]
    print(f"console start-up: window shown {s['window_shown_s']:.3f} s after the process started (target < 1.0 s); "
          f"peak RSS {s['peak_rss_mb']:.1f} MB")
    print(f"pty bytes -> card painted, journal on disk, {d['ms']['n']} cards: p50 {d['ms']['p50']:.3f} ms, "
          f"p99 {d['ms']['p99']:.3f} ms, max {d['ms']['max']:.3f} ms (target p99 < {FRAME_MS:.1f} ms); "
          f"GUI blocked > 50 ms: {d['gui_stalls']} times (longest {d['longest_stall_ms']} ms); "
          f"peak RSS {d['peak_rss_mb']:.1f} MB")
    print(f"the same with every journal write slowed by {args.slow_fsync * 1000:.0f} ms, {w['ms']['n']} cards: "
          f"p50 {w['ms']['p50']:.3f} ms (target p50 < {SLOW_DISK_P50_MS:.0f} ms), p99 {w['ms']['p99']:.3f} ms; "
          f"GUI blocked > 50 ms: {w['gui_stalls']} times "
          f"(longest {w['longest_stall_ms']} ms); peak RSS {w['peak_rss_mb']:.1f} MB")
    f = results["freeze"]
    print(f"every journal write taking 0.5 s for four acts: GUI blocked > 50 ms {len(f['slow_disk_stalls_ms'])} times "
          f"{f['slow_disk_stalls_ms']}; the journal locked by another process for 3 s: "
          f"{len(f['locked_stalls_ms'])} times {f['locked_stalls_ms']}, the act taken after {f['locked_act_s']} s "
          "(the issue: never more than 50 ms)")
    print(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
