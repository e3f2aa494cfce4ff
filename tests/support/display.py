"""Helpers for the table display's tests and bench: its process, Debian's headless Chromium, the page read back."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import time

from dealer_station.app.config import config_from_dict
from dealer_station.app.controller import Controller
from dealer_station.journal import Journal
from drivers.deck import CUT, shuffled_shoe
from drivers.frames import CardRead, Connected
from tests.support.mqtt import station_process

CHROMIUM = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "") if p and os.path.exists(p)), None)


def browser_problem() -> str | None:
    """None when Playwright and Debian's Chromium are here; else why the page cannot be opened."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install playwright; it drives Debian's chromium, no download)"
    if CHROMIUM is None:
        return "chromium is not installed (Debian package 'chromium', installed by make debs-test when root)"
    return None


def launch(playwright):
    """Debian's Chromium, headless, through Playwright (no browser of Playwright's own)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])


def start_display(broker_url: str, *args: str, timeout: float = 60.0) -> tuple[subprocess.Popen, str]:
    """``dealer-station display --broker URL --table T1 --port 0 ARGS`` as a process, and the URL it prints."""
    proc = station_process("display", "--broker", broker_url, "--port", "0", *(args or ("--table", "T1")))
    deadline = time.monotonic() + timeout
    line = ""
    while time.monotonic() < deadline and proc.poll() is None:
        ready, _, _ = select.select([proc.stdout], [], [], 0.2)
        if ready:
            line = proc.stdout.readline()
            break
    if " at http://" not in line:
        proc.kill()
        raise AssertionError(f"the display did not say where it serves: {line!r} {proc.stderr.read()[-2000:]}")
    return proc, line.split(" at ", 1)[1].split()[0]


def stop(proc: subprocess.Popen) -> tuple[int, str]:
    """SIGTERM the display; its exit status and standard error."""
    if proc.poll() is None:
        proc.terminate()
    try:
        _, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate(timeout=10)
    return proc.returncode, err


class Dealer:
    """A controller dealing shoe 1 of table T1 on a journal, round by round (the table stays mid-shoe)."""

    def __init__(self, path, seed: int = 11) -> None:
        self.journal = Journal(str(path))
        self.ctl = Controller(config_from_dict({"table": {"id": "T1"}, "betting": {"window_seconds": 30}}),
                              self.journal)
        self.cards = iter([t for t in shuffled_shoe(seed) if t != CUT])
        self.ctl.shoe_event(Connected("test"))
        self.ctl.dealer("new_shoe")
        self.ctl.dealer("shuffled")
        while self.ctl.snapshot().state in ("burn_indicator", "burning"):
            self.card()

    def card(self) -> None:
        token = next(self.cards)
        self.ctl.shoe_event(CardRead(token, token.encode()))

    def rounds(self, n: int) -> None:
        for _ in range(n):
            self.ctl.dealer("open_betting")
            self.ctl.dealer("close_betting")
            while self.ctl.snapshot().state in ("betting_closed", "dealing"):
                self.card()
            self.ctl.dealer("confirm_result")


READ_ROADS = """() => Object.fromEntries([...document.querySelectorAll("svg.road")].map(
    (svg) => [svg.id.replace("road-", ""), [...svg.querySelectorAll("g.cell")].map((g) => ({...g.dataset}))]))"""
"""The page's road cells, per road, each cell's ``data-*`` attributes as strings."""


def as_shown(cells: dict) -> dict:
    """The domain's cells (:meth:`Roads.cells`) as the page's ``data-*`` attributes read back (strings)."""
    keys = ("col", "row", "winner", "ties", "colour", "round")
    return {road: [{k: str(c[k]) for k in keys if k in c} for c in road_cells] for road, road_cells in cells.items()}
