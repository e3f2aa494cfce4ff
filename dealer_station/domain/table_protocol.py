"""What the table's handlers are given: the table machine's state and the few steps every handler takes.

The handlers of each input are module functions (:mod:`dealer_station.domain.table_frames`,
:mod:`dealer_station.domain.table_acts`, :mod:`dealer_station.domain.table_rounds`) that take the table as their
first argument; :class:`dealer_station.domain.table.TableMachine` is the one class that is a :class:`Table`, and
it calls them. They name the table by this protocol, never by its class, so no handler module imports the
machine (the machine imports them).
"""

from __future__ import annotations

from collections import Counter
from typing import Protocol

from dealer_station.domain.cards import Card
from dealer_station.domain.fact_base import FactData
from dealer_station.domain.facts import FactKind
from dealer_station.domain.incidents import Incident, IncidentType
from dealer_station.domain.outcome import Position, RoundDealer
from dealer_station.domain.roads.marks import RoundMark
from dealer_station.domain.round_result import RoundResult
from dealer_station.domain.states import TableState
from dealer_station.domain.table_settings import TableSettings

__all__ = ["Table"]


class Table(Protocol):
    """One table's state as its handlers read and change it (attributes as :class:`TableMachine` documents them),
    and the steps they take through it: every move of the state is a ``transitions`` trigger (:meth:`_trigger`),
    every output one :meth:`_emit`.
    """

    settings: TableSettings
    shoe_number: int
    round_number: int
    connected: bool
    signed_in: str | None
    signed_in_how: str | None
    staffed: bool
    remaining: Counter[Card]
    burn_indicator: Card | None
    burn_total: int
    burn_remaining: int
    burned: list[Card]
    cut_card_out: bool
    cut_card_round: int | None
    last_round_number: int | None
    cut_pending: bool
    dealer: RoundDealer | None
    manual_positions: list[Position]
    offered: tuple[str, ...]
    misreads: int
    rescan: Position | str | None
    incident: Incident | None
    state_before: str | None
    result: RoundResult | None
    history: list[str]
    marks: list[RoundMark]
    rounds: list[dict]
    held: list[Card]
    discarded: list[str]
    frames_in_shoe: int

    @property
    def state(self) -> TableState:
        """The current state."""

    @property
    def round_open(self) -> bool:
        """True when a round is open, paused or not."""

    @property
    def cards_left(self) -> int:
        """Cards still in the shoe by the inventory."""

    def expected_position(self) -> str | None:
        """Where the next card from the shoe goes (a round position, ``burn_indicator``, ``burn``) or None."""

    def last_round(self) -> bool:
        """True when the current (or next, between rounds) round is the shoe's last."""

    def _shoe_last_round_reached(self) -> bool:
        """True when the round numbered ``round_number`` is the shoe's last or later."""

    def _where(self) -> TableState:
        """The state, or the state before the pause while paused."""

    def _reset_shoe(self) -> None:
        """Every count and card of the shoe as a new shoe has them."""

    def _trigger(self, name: str) -> None:
        """Fire ``transitions`` trigger ``name`` and emit the state change."""

    def _emit(self, data: FactData) -> None:
        """Add the output ``data`` says (its kind is its class's)."""

    def _emit_recorded(self, kind: FactKind, data: dict) -> None:
        """Add an output whose data comes from a recorded input."""

    def _refuse(self, by: str, act: str, why: str) -> None:
        """Add the ``act_refused`` output of ``act`` by ``by``."""

    def _pause(self, kind: IncidentType, reason: str, raw: str, *, position: str | None, token: str = "",
               detail: str = "") -> None:
        """Pause with an incident (recorded as evidence while paused, a procedure violation with no shoe open)."""
