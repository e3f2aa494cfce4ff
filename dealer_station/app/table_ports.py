"""What the controller's parts (who is at the table, the journal-failure guard) call back into: the controller's
clock, its facts and log, and its one way of taking an input. Each part is handed these, never the controller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dealer_station.domain.fact_base import FactData
from dealer_station.domain.inputs import TableInput

__all__ = ["TablePorts"]


@dataclass(frozen=True, slots=True)
class TablePorts:
    """The controller's callables a part uses.

    Attributes
    ----------
    now:
        The time of a row, UTC ISO-8601 text (the controller's clock; a replay's recorded time).
    monotonic:
        Seconds on a clock that never steps (any origin): every wait a part measures.
    say:
        Tell listeners a fact the controller makes itself (not journaled).
    log:
        ``log(level, event, **fields)``: logged, never raising.
    call:
        ``call(fn, *args)``: run an input now, or after the one being decided (its value, or None when queued).
    take_input:
        Journal an input, act on it and journal the decision; the outputs, or None on a journal fault.
    """

    now: Callable[[], str]
    monotonic: Callable[[], float]
    say: Callable[[FactData], None]
    log: Callable[..., None]
    call: Callable[..., Any]
    take_input: Callable[[TableInput], list | None]
