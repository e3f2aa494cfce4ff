"""Refusals of the controller's inputs: an act that does not fit the table now.

Raised by :class:`dealer_station.app.controller.Controller` (and re-exported there); the refusal is
journaled and told as fact ``act_refused`` before it is raised. It carries the act rules' code
(:class:`dealer_station.domain.act_rules.Refusal`) beside its English ``why``: a screen words it by the code.
"""

from __future__ import annotations

from dealer_station.domain.act_rules import Refusal

__all__ = ["ActRefused"]


class ActRefused(RuntimeError):
    """A dealer or supervisor act that does not fit the table now (journaled).

    Attributes
    ----------
    act:
        The act refused.
    why:
        Why, in plain English (the journal's words).
    code:
        Why, as the act rules' :class:`~dealer_station.domain.act_rules.Refusal` (None: a refusal the rules do
        not name, such as a supervisor act the table refused after the rules allowed it).
    """

    def __init__(self, act: str, why: str, code: Refusal | None = None) -> None:
        super().__init__(f"{act}: {why}")
        self.act = act
        self.why = why
        self.code = code
