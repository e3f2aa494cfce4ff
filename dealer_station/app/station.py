"""The station loop: a reader thread delivers shoe events through a bounded queue to the thread
that owns the controller (DESIGN.md "Data flow"; STYLE.md habit 7).

:func:`run_station` is the owner loop. Any transport plugs in by putting ``drivers.frames``
events on the queue from its own reader thread (:mod:`dealer_station.app.shoes` opens them).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import structlog

from dealer_station.app.autodealer import AutoDealer
from dealer_station.app.controller import Controller

__all__ = ["QUEUE_SIZE", "EventRefused", "drain_events", "run_station"]

QUEUE_SIZE = 256
"""Bound of the reader → controller queue."""

_log = structlog.get_logger("dealer_station.station")


@dataclass(frozen=True, slots=True)
class EventRefused:
    """Put on the station's queue by the publisher's ``on_refused`` (its own thread): the owner loop gives it
    to :meth:`Controller.event_refused` on the controller's thread, in order with the shoe's events."""

    event_id: int
    problem: str


def _give(controller: Controller, event: object) -> None:
    if isinstance(event, EventRefused):
        controller.event_refused(event.event_id, event.problem)
    else:
        controller.shoe_event(event)


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
    Before it returns, every event already on the queue is given to the controller (:func:`drain_events`):
    a card the shoe has read is journaled even when the station stops right after.
    """
    try:
        return _loop(controller, events, stop, idle_exit, auto, poll)
    finally:
        taken = drain_events(controller, events)
        if taken:
            _log.info("events_drained", events=taken)


def drain_events(controller: Controller, events: queue.Queue, spill: list | None = None) -> int:
    """Give the controller every event waiting on ``events``, then those in ``spill`` (in that order).

    Call it on the owner thread when the loop ends, and again after the reader thread has stopped,
    so that no event read from the shoe is dropped. ``spill``: events a reader could not queue while
    stopping (emptied here). Returns the number of events given.
    """
    taken = 0
    while True:
        try:
            event = events.get_nowait()
        except queue.Empty:
            break
        _give(controller, event)
        taken += 1
    while spill:
        _give(controller, spill.pop(0))
        taken += 1
    return taken


def _loop(controller: Controller, events: queue.Queue, stop: threading.Event, idle_exit: float | None,
          auto: AutoDealer | None, poll: float) -> str:
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
        _give(controller, event)
        last = time.monotonic()
    return "stopped"
