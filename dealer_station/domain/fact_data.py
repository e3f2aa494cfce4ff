"""The data of each kind of output (:class:`~dealer_station.domain.facts.FactKind`): one frozen dataclass per kind.

Rule source: docs/design.md "Data flow" (the decision row records the outputs as JSON; listeners are told them) and
docs/controller.md "Fact kinds". The table and the controller make an output as ``Output(kind, data)`` with
``data`` an instance of its kind's class here (:data:`FACT_DATA`); :mod:`dealer_station.journal.codec` is where it
becomes the JSON object its decision row records (:meth:`FactData.as_json`) and where a recorded one is read back
(:func:`fact_data`). The platform events are built from it (docs/events.md), so its fields are named as the
journal's keys are, and the journal's bytes are those of the dicts the table made before.

An instance is also a read-only mapping of those keys (``data["card"]``, ``data.get("round")``, ``{**data}``) and
equals a dict of the same items, so a reader of an output, new or read back from the journal, reads it one way.
A field that a kind records only sometimes (a station without sign-ins records no ``dealer``) is :data:`ABSENT`
when it is not recorded: the mapping has no such key and the JSON no member. Values are as the journal reads them
back: text (a ``StrEnum`` member is its text), whole numbers, true/false, lists of text, or None where the type
says so; a card is a :class:`~dealer_station.domain.cards.Card` (and a hand a list of them), a round position a
:class:`~dealer_station.domain.outcome.Position`, a winner a :class:`~dealer_station.domain.outcome.Winner`: the
attribute is the value (``data.card``), the mapping and the JSON its text (``data["card"] == "9H"``,
:mod:`dealer_station.domain.fact_base`). Frozen: a field is never reassigned (a list in one may
be shared with the table's own record of the round, which nothing changes once made).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dealer_station.domain.cards import Card
from dealer_station.domain.fact_base import ABSENT, Absent, FactData, fact_class, fields_as_json
from dealer_station.domain.facts import FactKind, Output
from dealer_station.domain.outcome import Position, Winner

__all__ = ["FACT_CLASSES", "FACT_DATA", "OPEN_FACTS", "fact_data", "is_fact_data", "json_of", "output"]

FACT_DATA: dict[FactKind, type[FactData]] = {}
"""Each output kind's data class: every :class:`FactKind` has one."""


def _fact(kind: FactKind):
    """The kind's class, registered in :data:`FACT_DATA` (:func:`~dealer_station.domain.fact_base.fact_class`)."""
    return fact_class(kind, FACT_DATA)


@_fact(FactKind.STATE_CHANGED)
class StateChanged(FactData):
    state: str


@_fact(FactKind.SHOE_STARTED)
class ShoeStarted(FactData):
    shoe: int
    decks: int


@_fact(FactKind.BURN_INDICATOR)
class BurnIndicator(FactData):
    card: Card
    burn_count: int
    manual: bool
    burn_remaining: int


@_fact(FactKind.CARD_BURNED)
class CardBurned(FactData):
    card: Card
    burn_remaining: int
    manual: bool


@_fact(FactKind.BURN_DONE)
class BurnDone(FactData):
    burn_indicator: Card | None
    burned: list[Card]


@_fact(FactKind.CUT_CARD)
class CutCard(FactData):
    round: int
    last_round_number: int | None


@_fact(FactKind.SHOE_ENDED)
class ShoeEnded(FactData):
    shoe: int
    rounds: int
    burn_indicator: Card | None
    burned: list[Card]
    cut_card_round: int | None
    reason: str
    cards_left: int


@_fact(FactKind.BETTING_OPENED)
class BettingOpened(FactData):
    round: int
    offered_bets: list[str]
    last_round: bool


@_fact(FactKind.BETTING_NOT_OPENED)
class BettingNotOpened(FactData):
    round: int
    why: str


@_fact(FactKind.BETTING_CLOSED)
class BettingClosed(FactData):
    round: int
    by: str


@_fact(FactKind.CARD_ACCEPTED)
class CardAccepted(FactData):
    round: int
    position: Position
    card: Card
    manual: bool


@_fact(FactKind.RESCAN_REQUESTED)
class RescanRequested(FactData):
    position: str | None
    misreads: int
    reason: str
    raw: str
    token: str


# The two parts a round's outputs share, as field mixins (``__slots__ = ()``: a slotted dataclass takes one
# base with slots; the kind's own class makes the slots of them all).

@dataclass(frozen=True, kw_only=True, eq=False)
class _Flags(FactData):
    """Every flag of a round's outcome (``RoundOutcome.flags``)."""

    __slots__ = ()
    winner: Winner
    player_total: int
    banker_total: int
    margin: int
    player_natural: bool
    banker_natural: bool
    player_pair: bool
    banker_pair: bool
    player_perfect_pair: bool
    banker_perfect_pair: bool
    lucky_six: int
    cards_used: int


@dataclass(frozen=True, kw_only=True, eq=False)
class _RoundRecord(FactData):
    """A finished round's record (``table_rounds.round_record``): what a completed and a voided round share."""

    __slots__ = ()
    shoe: int
    round: int
    status: str
    player: list[Card]
    banker: list[Card]
    available_bets: list[str]
    last_round: bool
    manual: list[str]
    dealer: str | None | Absent = ABSENT
    """Who dealt it; a station without sign-ins records no key."""


@_fact(FactKind.ROUND_DEALT)
class RoundDealt(_Flags):
    """The last card is out: the provisional outcome's flags."""

    round: int


@_fact(FactKind.ROUND_COMPLETED)
class RoundCompleted(_RoundRecord, _Flags):
    """The round's record with every flag of its outcome."""


@_fact(FactKind.ROUND_VOIDED)
class RoundVoided(_RoundRecord):
    """The round's record, voided (no winner; totals only when every card of it was out), with who voided it and
    why.
    """

    player_total: int | None
    banker_total: int | None
    winner: None
    reason: str
    note: str
    user: str | None


@_fact(FactKind.ROUND_PAUSED)
class RoundPaused(FactData):
    """An incident (``Incident.as_dict``)."""

    type: str
    reason: str
    state_before: str
    position: str | None
    evidence: str
    ts: str
    detail: str


@_fact(FactKind.ROUND_RESUMED)
class RoundResumed(FactData):
    incident_type: str | None
    act: str
    user: str | None
    reason: str | None
    note: str | None


@_fact(FactKind.CARD_MOVED)
class CardMoved(FactData):
    round: int
    from_position: Position
    to_position: Position
    user: str
    reason: str
    note: str
    player: list[Card]
    banker: list[Card]


@_fact(FactKind.CARDS_DISCARDED)
class CardsDiscarded(FactData):
    cards: list[str]


@_fact(FactKind.CARD_WHILE_PAUSED)
class CardWhilePaused(FactData):
    card: Card
    raw: str


@_fact(FactKind.NO_READ_WHILE_PAUSED)
class NoReadWhilePaused(FactData):
    reason: str
    raw: str
    token: str


@_fact(FactKind.INCIDENT_WHILE_PAUSED)
class IncidentWhilePaused(FactData):
    type: str
    reason: str
    evidence: str


@_fact(FactKind.PROCEDURE_VIOLATION)
class ProcedureViolation(FactData):
    type: str
    reason: str
    evidence: str
    state: str
    detail: str


@_fact(FactKind.CONNECTION)
class Connection(FactData):
    connected: bool
    detail: str
    closed: bool | Absent = ABSENT
    """The station's own close of the reader at a stop (no pause)."""


@_fact(FactKind.GARBAGE)
class Garbage(FactData):
    raw: str


@_fact(FactKind.IGNORED)
class Ignored(FactData):
    why: str
    frame: str | Absent = ABSENT
    event: str | Absent = ABSENT
    act: str | Absent = ABSENT
    kind: str | Absent = ABSENT


@_fact(FactKind.STOPPED)
class Stopped(FactData):
    why: str
    state: str


@_fact(FactKind.DEALER_SIGNED_IN)
class DealerSignedIn(FactData):
    dealer: str
    previous: str | None
    how: str
    shoe: int
    after_round: int


@_fact(FactKind.DEALER_SIGNED_OUT)
class DealerSignedOut(FactData):
    dealer: str
    shoe: int
    after_round: int


@_fact(FactKind.ACT_REFUSED)
class ActRefused(FactData):
    by: str
    act: str
    why: str
    state: str | Absent = ABSENT


@_fact(FactKind.ERROR)
class Error(FactData):
    detail: str
    input: dict[str, Any] | Absent = ABSENT
    """The input the step failed on, as its journal body without ``ts``."""


@_fact(FactKind.PLAYER_EDGE)
class PlayerEdge(FactData):
    """The edge monitor's alert: the shoe and round it follows and the monitor's own fields (:data:`OPEN_FACTS`):
    ``extra`` holds, in order, those the monitor adds beyond these.
    """

    shoe: int
    round: int
    bet: str
    ev: str | Absent = ABSENT
    house_edge: str | Absent = ABSENT
    cards_left: int | Absent = ABSENT
    extra: dict[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        if key in self.KEYS:
            return FactData.__getitem__(self, key)
        return self.extra[key]

    def get(self, key: str, default: Any = None) -> Any:
        """The value of ``key`` (a field or the monitor's own), or ``default``."""
        return FactData.get(self, key, default) if key in self.KEYS else self.extra.get(key, default)

    def __contains__(self, key: object) -> bool:
        return FactData.__contains__(self, key) or key in self.extra

    def as_json(self) -> dict[str, Any]:
        return {**fields_as_json(self), **self.extra}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlayerEdge | None:
        """``data`` as an alert, its keys beyond the fields kept in ``extra``; None without ``shoe``, ``round``
        or ``bet``.
        """
        if not data.keys() >= cls.REQUIRED:
            return None
        return cls(**{k: v for k, v in data.items() if k in cls.KEYS},
                   extra={k: v for k, v in data.items() if k not in cls.KEYS})


@_fact(FactKind.TABLE_STATUS)
class TableStatus(FactData):
    status: str
    state: str


@_fact(FactKind.AUTH_REFUSED)
class AuthRefused(FactData):
    act: str
    user: str
    code: str
    why: str
    how: str | Absent = ABSENT
    reason: str | Absent = ABSENT
    note: str | Absent = ABSENT


@_fact(FactKind.INPUT_REFUSED)
class InputRefused(FactData):
    input: dict[str, Any]
    why: str


@_fact(FactKind.INPUT_HELD)
class InputHeld(FactData):
    input: dict[str, Any]
    held: int
    why: str


FACT_CLASSES = frozenset(FACT_DATA.values())
"""Every kind's :class:`FactData` class: ``type(value) in FACT_CLASSES`` is :func:`is_fact_data` without its call."""

OPEN_FACTS = frozenset({FactKind.PLAYER_EDGE})
"""Kinds whose data may carry keys beyond their fields: an edge monitor is pluggable and adds its own."""


def fact_data(kind: object, data: Mapping[str, Any]) -> FactData | Mapping[str, Any]:
    """A recorded output's data (its JSON object) as its kind's class, or ``data`` itself when the kind is not
    the station's or its keys are not the kind's (an older or an edited row: a reader of such a row reads a
    plain mapping, as every reader of outputs can). Never raises.
    """
    try:
        cls = FACT_DATA.get(kind)  # type: ignore[call-overload]
        typed = None if cls is None else cls.from_json(data)
    except (TypeError, ValueError, AttributeError):  # an unhashable kind, no mapping, a key no field takes
        return data
    return data if typed is None else typed


def output(data: FactData) -> Output:
    """The output ``data`` says: ``Output(data.KIND, data)``."""
    return Output(data.KIND, data)


def is_fact_data(value: object) -> bool:
    """Whether ``value`` is one kind's :class:`FactData` (a set lookup of its type: ``isinstance`` against the
    mapping ABC costs four times as much, once per output on the card path).
    """
    return type(value) in FACT_CLASSES


def json_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """An output's data as a new JSON object: a :class:`FactData`'s :meth:`~FactData.as_json`, a recorded plain
    mapping copied.
    """
    return data.as_json() if type(data) in FACT_CLASSES else dict(data)  # type: ignore[attr-defined]
