"""What the station tells its listeners after each step of the controller's thread: the facts the step made, the
fresh view and the shoe event it took (a :class:`~dealer_station.app.runtime_settings.StationUpdate`), and every
quarter second the view alone while the betting timer runs (docs/runtime.md).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import structlog

from dealer_station.app.runtime_settings import StationUpdate
from dealer_station.app.station import Command, EventRefused
from dealer_station.app.views import Fact
from dealer_station.domain.fact_data import Error
from dealer_station.domain.facts import FactKind

__all__ = ["TICK_VIEWS", "StationListeners"]

log = structlog.get_logger("dealer_station.app.runtime")

TICK_VIEWS = 0.25
"""Seconds between two views told for the betting timer alone (a tick that changed nothing else)."""


class StationListeners:
    """The station's listeners, the facts gathered for them since the last step, and when they were last told.

    Parameters
    ----------
    controller:
        Returns the station's controller (it is set after the station is built): the one whose facts are
        gathered and whose view is told.

    Every method but :meth:`listen` runs on the controller's thread.
    """

    def __init__(self, controller: Callable[[], object]) -> None:
        self._controller = controller
        self._listeners: list[Callable[[StationUpdate], None]] = []
        self._facts: list[Fact] = []
        self._commanded = False   # a command ran: its listeners hear of it even when it changed nothing
        self._told = 0.0          # when the listeners were last told (monotonic seconds)

    def listen(self, listener: Callable[[StationUpdate], None]) -> None:
        """Call ``listener(update)`` after each step that changed something (see :meth:`Station.listen`)."""
        if not self._listeners:
            self._controller().subscribe(self.on_fact)
        self._listeners.append(listener)

    def on_fact(self, fact: Fact) -> None:
        """Keep a controller's fact for the listeners (none kept while nobody listens)."""
        if self._listeners:
            self._facts.append(fact)

    def commanded(self) -> None:
        """A command is running: the next :meth:`after` tells the listeners even when it changed nothing."""
        self._commanded = True

    def after(self, item: object = None) -> None:
        """Tell the listeners what the last step changed; ``item``: what the step took from the queue (a shoe
        event, a command, a refusal) or None (an act, a tick). A listener that raises is logged, never raised.
        """
        if not self._listeners:
            return
        facts, self._facts = tuple(self._facts), []
        taken = () if item is None or isinstance(item, (Command, EventRefused)) else (item,)
        quiet = not facts and not taken and not self._commanded
        if quiet and time.monotonic() - self._told < TICK_VIEWS:
            return
        view = self._controller().snapshot()
        if quiet and view.betting_seconds_left is None:
            return  # a tick that changed nothing shown
        self._commanded = False
        self._told = time.monotonic()
        update = StationUpdate(facts, view, taken)
        for listener in tuple(self._listeners):
            try:
                listener(update)
            except Exception as err:  # noqa: BLE001 - a listener never stops the table
                log.error("station_listener_failed", error=repr(err))

    def event_failed(self, event: object, err: Exception) -> None:
        """The controller raised on ``event`` (its own errors it tells as facts): logged, told as an ``error``
        fact, and the loop goes on.
        """
        log.error("controller_event_failed", frame=type(event).__name__, error=repr(err))
        self.on_fact(Fact(FactKind.ERROR, Error(detail=f"{type(err).__name__}: {err}")))
