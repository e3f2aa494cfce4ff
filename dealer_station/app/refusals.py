"""Refusals of the controller's inputs: an act that does not fit the table now.

Raised by :class:`dealer_station.app.controller.Controller` (and re-exported there); the refusal is
journaled and told as fact ``act_refused`` before it is raised.
"""

from __future__ import annotations

__all__ = ["ActRefused"]


class ActRefused(RuntimeError):
    """A dealer or supervisor act that does not fit the table now (journaled). ``act``, ``why``."""

    def __init__(self, act: str, why: str) -> None:
        super().__init__(f"{act}: {why}")
        self.act = act
        self.why = why
