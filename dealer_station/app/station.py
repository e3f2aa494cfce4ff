"""The station loop: a reader thread delivers shoe events through a bounded queue to the thread
that owns the controller (docs/design.md "Data flow"; docs/style.md habit 7).

:func:`run_station` is the owner loop. Any transport plugs in by putting ``drivers.frames``
events on the queue from its own reader thread (:mod:`dealer_station.app.shoes` opens them).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass

import structlog

from dealer_station.app.autodealer import AutoDealer
from dealer_station.app.controller import Controller
from dealer_station.domain.states import TableState

__all__ = ["QUEUE_SIZE", "Command", "EventRefused", "drain_events", "put_event", "run_station"]

QUEUE_SIZE = 256
"""Bound of the reader → controller queue."""

_log = structlog.get_logger("dealer_station.station")


@dataclass(frozen=True, slots=True)
class EventRefused:
    """Put on the station's queue by the publisher's ``on_refused`` (its own thread): the owner loop gives it
    to :meth:`Controller.event_refused` on the controller's thread, in order with the shoe's events.
    """

    event_id: int
    problem: str


@dataclass(frozen=True, slots=True)
class Command:
    """A call put on the station's queue (:meth:`dealer_station.app.runtime.Station.submit`): ``fn()`` runs on
    the controller's thread, in order with the shoe's events, and its value or exception goes to ``future``.

    ``act``: the press it carries (``"dealer:open_betting"``, ``"supervisor:resume"``), or None for any other
    call. A stop drops the commands queued when it began, and journals the presses among them.
    """

    fn: Callable[[], object]
    future: Future
    act: str | None = None


def _give(controller: Controller, event: object, after: Callable[[object], None] | None = None,
          on_error: Callable[[object, Exception], None] | None = None) -> None:
    if isinstance(event, Command):
        if not event.future.set_running_or_notify_cancel():
            return
        try:
            value = event.fn()
        except BaseException as err:  # noqa: BLE001 - the caller's future carries it
            if after is not None:
                after(event)
            event.future.set_exception(err)
            return
        if after is not None:
            after(event)  # what the command changed is told before its caller hears it is done
        event.future.set_result(value)
        return
    try:
        if isinstance(event, EventRefused):
            controller.event_refused(event.event_id, event.problem)
        else:
            controller.shoe_event(event)
    except Exception as err:
        if on_error is None:
            raise
        on_error(event, err)  # a table that raised: told, and the loop goes on with the next event
    if after is not None:
        after(event)


def run_station(controller: Controller, events: queue.Queue, draw: Callable[[], None] | None,
                stop: threading.Event, idle_exit: float | None, *, auto: AutoDealer | None = None,
                poll: float = 0.05, after: Callable[[object], None] | None = None,
                dealer: Callable[[], AutoDealer | None] | None = None, end_paused: bool = False,
                on_error: Callable[[object, Exception], None] | None = None,
                drop: Callable[[Command], None] | None = None) -> str:
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
    after:
        Called on this thread after each event, command, dealer act and tick, with the item taken from
        ``events`` (None for an act or a tick): the station tells its listeners what changed. None: nothing.
    dealer:
        Asked before each round of dealer acts for the automatic dealer to use (it can change while the
        loop runs, e.g. the console's screenshot run); overrides ``auto`` when given.
    end_paused:
        End the loop (``"paused"``) when the automatic dealer has nothing to do and the table is paused
        (``simulate``: no supervisor comes).
    on_error:
        Called with an event and the exception the controller raised on it (the loop goes on); None: raised.
    drop:
        Once ``stop`` is set, called with each :class:`Command` still queued instead of running it (the
        presses queued when a stop began are not decided on a view that is gone); None: they run.

    Items on ``events`` are shoe events, :class:`EventRefused` and :class:`Command` (run here, in order).

    Returns why it ended: ``"stopped"``, ``"idle"``, ``"paused"`` (``end_paused``) or ``"finished"`` (the
    automatic dealer's shoes are done).
    Before it returns, every event already on the queue is given to the controller (:func:`drain_events`):
    a card the shoe has read is journaled even when the station stops right after.
    """
    pick = dealer if dealer is not None else (lambda: auto)
    try:
        return _loop(controller, events, stop, idle_exit, pick, poll, after, end_paused, on_error)
    finally:
        taken = drain_events(controller, events, after=after, on_error=on_error,
                             drop=drop if stop.is_set() else None)
        if taken:
            _log.info("events_drained", events=taken)


def drain_events(controller: Controller, events: queue.Queue, spill: list | None = None, *,
                 after: Callable[[object], None] | None = None,
                 on_error: Callable[[object, Exception], None] | None = None,
                 drop: Callable[[Command], None] | None = None) -> int:
    """Give the controller every event waiting on ``events``, then those in ``spill`` (in that order).

    Call it on the owner thread when the loop ends, and again after the reader thread has stopped,
    so that no event read from the shoe is dropped. ``spill``: events a reader could not queue while
    stopping (emptied here). ``drop``: called with each :class:`Command` instead of running it (a stop);
    None: commands run. Returns the number of events given or dropped.
    """
    taken = 0
    while True:
        try:
            event = events.get_nowait()
        except queue.Empty:
            break
        if drop is not None and isinstance(event, Command):
            drop(event)
        else:
            _give(controller, event, after, on_error)
        taken += 1
    while spill:
        _give(controller, spill.pop(0), after, on_error)
        taken += 1
    return taken


def _loop(controller: Controller, events: queue.Queue, stop: threading.Event, idle_exit: float | None,
          pick: Callable[[], AutoDealer | None], poll: float, after: Callable[[object], None] | None,
          end_paused: bool = False, on_error: Callable[[object, Exception], None] | None = None) -> str:
    last = time.monotonic()
    while not stop.is_set():
        auto = pick()
        if auto is not None:
            while not stop.is_set() and auto.step() is not None:
                last = time.monotonic()
                if after is not None:
                    after(None)
            if auto.finished:
                return "finished"
            if end_paused and not auto.waiting and controller.state == TableState.PAUSED:
                return "paused"
        try:
            event = events.get(timeout=poll)
        except queue.Empty:
            controller.tick()
            if after is not None:
                after(None)
            if idle_exit is not None and time.monotonic() - last > idle_exit:
                return "idle"
            continue
        _give(controller, event, after, on_error)
        last = time.monotonic()
    return "stopped"


def put_event(events: queue.Queue, event: object, stop: threading.Event, spill: list) -> None:
    """Hand a shoe event to the controller's thread (from the reader's); waits while the queue is full, never drops.

    Once stopping (``stop`` set) with a full queue, the event goes to ``spill`` instead (and every later
    one, to keep the order); the owner thread gives ``spill`` to the controller after the queue
    (:func:`drain_events`).
    """
    while True:
        if spill:
            spill.append(event)
            return
        try:
            events.put(event, timeout=0.5)
            return
        except queue.Full:
            if stop.is_set():
                spill.append(event)
                return
