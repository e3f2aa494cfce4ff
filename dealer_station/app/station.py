"""The station loop: a reader thread delivers shoe events through a bounded queue to the thread
that owns the controller (DESIGN.md "Data flow"; STYLE.md habit 7).

:func:`run_station` is the owner loop. Any transport plugs in by putting ``drivers.frames``
events on the queue from its own reader thread; :class:`SimReader` is the simulated shoe as such
a reader (it deals a card when asked, as a dealer pulls one from a real shoe).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable

import structlog

from dealer_station.app.autodealer import AutoDealer
from dealer_station.app.controller import Controller
from dealer_station.app.simulate import SimShoe
from drivers.frames import ConnectionLost

__all__ = ["QUEUE_SIZE", "SimReader", "parse_sim_profile", "run_station"]

QUEUE_SIZE = 256
"""Bound of the reader → controller queue."""

_log = structlog.get_logger("dealer_station.station")


def parse_sim_profile(profile: str) -> int | None:
    """``"sim"`` → None (random seed), ``"sim?seed=7"`` → 7. Raises ValueError for anything else."""
    if profile == "sim":
        return None
    if profile.startswith("sim?"):
        key, _, value = profile[4:].partition("=")
        if key == "seed" and value.lstrip("-").isdigit():
            return int(value)
    raise ValueError(f"shoe profile {profile!r}: allowed here: 'sim' or 'sim?seed=N'")


class SimReader:
    """The simulated shoe behind a reader thread: :meth:`draw` asks for a card, the thread puts the
    frame on ``events`` (bounded, with a timeout), as a real shoe's reader would.

    ``load(n, position)`` loads shoe ``n``; :meth:`close` ends the thread with ``ConnectionLost(None)``
    only when ``announce_close`` is true.
    """

    def __init__(self, events: queue.Queue, seed: int, *, decks: int = 8, cut_min: int = 60, cut_max: int = 80,
                 put_timeout: float = 5.0) -> None:
        self.events = events
        self.put_timeout = put_timeout
        self.shoe = SimShoe(self._put, seed, decks=decks, cut_min=cut_min, cut_max=cut_max)
        self._requests: queue.Queue = queue.Queue(maxsize=64)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sim-shoe-reader", daemon=True)
        self.overflows = 0

    def start(self) -> None:
        """Start the reader thread."""
        self._thread.start()

    def load(self, shoe_number: int, position: int = 0) -> None:
        """Load shoe ``shoe_number`` with ``position`` cards already drawn (asked on the owner thread)."""
        self._requests.put(("load", shoe_number, position), timeout=self.put_timeout)

    def draw(self) -> None:
        """Ask the shoe for the next card (non-blocking for the owner thread)."""
        self._requests.put(("draw",), timeout=self.put_timeout)

    def _put(self, event: object) -> None:
        try:
            self.events.put(event, timeout=self.put_timeout)
        except queue.Full:
            self.overflows += 1
            _log.error("reader_queue_full", dropped=repr(event))

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                request = self._requests.get(timeout=0.1)
            except queue.Empty:
                continue
            if request[0] == "load":
                self.shoe.load(request[1], request[2])
            elif request[0] == "draw":
                self.shoe.draw()

    def close(self, announce_close: bool = False) -> None:
        """Stop the thread (waits up to 2 s)."""
        self._stop.set()
        self._thread.join(timeout=2)
        if announce_close:
            self._put(ConnectionLost(None))


def run_station(controller: Controller, events: queue.Queue, draw: Callable[[], None] | None,
                stop: threading.Event, idle_exit: float | None, *, auto: AutoDealer | None = None,
                poll: float = 0.05) -> str:
    """Own the controller: take events from ``events`` and let the automatic dealer act, until stopped.

    Parameters
    ----------
    controller:
        The table; only this thread touches it.
    events:
        Bounded queue of ``drivers.frames`` events from a reader thread.
    draw:
        Asks the shoe for the next card (simulated shoe), or None for a real shoe (the dealer pulls
        the cards). Used by the automatic dealer that is built when ``auto`` is None and ``draw`` is given.
    stop:
        Set by another thread (or a signal handler) to end the loop.
    idle_exit:
        Seconds without any event or dealer action after which the loop ends; None: never.
    auto:
        The automatic dealer (``--auto``), or None for none.
    poll:
        Seconds to wait for an event before letting time act (the betting timer).

    Returns why it ended: ``"stopped"``, ``"idle"`` or ``"finished"`` (the automatic dealer's shoes are done).
    """
    last = time.monotonic()
    while not stop.is_set():
        if auto is not None:
            while not stop.is_set() and auto.step() is not None:
                last = time.monotonic()
            if auto.finished:
                return "finished"
        try:
            event = events.get(timeout=poll)
        except queue.Empty:
            controller.tick()
            if idle_exit is not None and time.monotonic() - last > idle_exit:
                return "idle"
            continue
        controller.shoe_event(event)
        last = time.monotonic()
    return "stopped"
