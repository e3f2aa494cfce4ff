"""The data of each kind of output (:class:`~dealer_station.domain.facts.FactKind`), as typed dicts.

Rule source: DESIGN.md "Data flow" (the decision row records the outputs as JSON; listeners are told them) and
docs/controller.md "Fact kinds". An output's data is the JSON object its decision row records, and the platform
events are built from it (docs/events.md), so it stays a plain dict: a :class:`typing.TypedDict` per kind names
its keys and their JSON types without changing a byte of the journal. :data:`FACT_DATA` maps each kind to its
shape; the test suite checks every output a test makes in its own process against it
(tests/support/fact_shapes.py), so a key added, renamed or retyped in one place and not here fails there.

Values are as the journal reads them back: text (a ``StrEnum`` member is its text), whole numbers, true/false,
lists of text (card tokens ``"9H"``, positions ``"player1"``), or null where the type says so.
"""

# No ``from __future__ import annotations`` here: the shapes are read at run time (``__required_keys__``, the
# value types), and ``NotRequired`` is seen only in annotations that are evaluated. typing_extensions' TypedDict
# (the standard one from Python 3.12) is the one a validator can read on 3.11.
from typing import Any, NotRequired

from typing_extensions import TypedDict

from dealer_station.domain.facts import FactKind

__all__ = ["FACT_DATA", "OPEN_FACTS"]


class StateChanged(TypedDict):
    state: str


class ShoeStarted(TypedDict):
    shoe: int
    decks: int


class BurnIndicator(TypedDict):
    card: str
    burn_count: int
    manual: bool
    burn_remaining: int


class CardBurned(TypedDict):
    card: str
    burn_remaining: int
    manual: bool


class BurnDone(TypedDict):
    burn_indicator: str | None
    burned: list[str]


class CutCard(TypedDict):
    round: int
    last_round_number: int | None


class ShoeEnded(TypedDict):
    shoe: int
    rounds: int
    burn_indicator: str | None
    burned: list[str]
    cut_card_round: int | None
    reason: str
    cards_left: int


class BettingOpened(TypedDict):
    round: int
    offered_bets: list[str]
    last_round: bool


class BettingNotOpened(TypedDict):
    round: int
    why: str


class BettingClosed(TypedDict):
    round: int
    by: str


class CardAccepted(TypedDict):
    round: int
    position: str
    card: str
    manual: bool


class RescanRequested(TypedDict):
    position: str | None
    misreads: int
    reason: str
    raw: str
    token: str


class _Flags(TypedDict):
    """Every flag of a round's outcome (``RoundOutcome.flags``)."""

    winner: str
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


class RoundDealt(_Flags):
    """The last card is out: the provisional outcome's flags."""

    round: int


class _Record(TypedDict):
    """A finished round's record (``TableMachine._record``)."""

    shoe: int
    round: int
    status: str
    player: list[str]
    banker: list[str]
    available_bets: list[str]
    last_round: bool
    manual: list[str]
    dealer: NotRequired[str | None]
    """Who dealt it; a station without sign-ins records no key."""


class RoundCompleted(_Record, _Flags):
    """The round's record with every flag of its outcome."""


class RoundVoided(_Record):
    """The round's record, voided (no winner; totals only when every card of it was out), with who voided it and
    why.
    """

    player_total: int | None
    banker_total: int | None
    winner: None
    reason: str
    note: str
    user: str | None


class RoundPaused(TypedDict):
    """An incident (``Incident.as_dict``)."""

    type: str
    reason: str
    state_before: str
    position: str | None
    evidence: str
    ts: str
    detail: str


class RoundResumed(TypedDict):
    incident_type: str | None
    act: str
    user: str | None
    reason: str | None
    note: str | None


class CardMoved(TypedDict):
    round: int
    from_position: str
    to_position: str
    user: str
    reason: str
    note: str
    player: list[str]
    banker: list[str]


class CardsDiscarded(TypedDict):
    cards: list[str]


class CardWhilePaused(TypedDict):
    card: str
    raw: str


class NoReadWhilePaused(TypedDict):
    reason: str
    raw: str
    token: str


class IncidentWhilePaused(TypedDict):
    type: str
    reason: str
    evidence: str


class ProcedureViolation(TypedDict):
    type: str
    reason: str
    evidence: str
    state: str
    detail: str


class Connection(TypedDict):
    connected: bool
    detail: str
    closed: NotRequired[bool]
    """The station's own close of the reader at a stop (no pause)."""


class Garbage(TypedDict):
    raw: str


class Ignored(TypedDict):
    why: str
    frame: NotRequired[str]
    event: NotRequired[str]
    act: NotRequired[str]
    kind: NotRequired[str]


class Stopped(TypedDict):
    why: str
    state: str


class DealerSignedIn(TypedDict):
    dealer: str
    previous: str | None
    how: str
    shoe: int
    after_round: int


class DealerSignedOut(TypedDict):
    dealer: str
    shoe: int
    after_round: int


class ActRefused(TypedDict):
    by: str
    act: str
    why: str
    state: NotRequired[str]


class Error(TypedDict):
    detail: str
    input: NotRequired[dict[str, Any]]
    """The input the step failed on, as its journal body without ``ts``."""


class PlayerEdge(TypedDict):
    """The edge monitor's alert: the shoe and round it follows and the monitor's own fields (:data:`OPEN_FACTS`)."""

    shoe: int
    round: int
    bet: str
    ev: NotRequired[str]
    house_edge: NotRequired[str]
    cards_left: NotRequired[int]


class TableStatus(TypedDict):
    status: str
    state: str


class AuthRefused(TypedDict):
    act: str
    user: str
    code: str
    why: str
    how: NotRequired[str]
    reason: NotRequired[str]
    note: NotRequired[str]


class InputRefused(TypedDict):
    input: dict[str, Any]
    why: str


class InputHeld(TypedDict):
    input: dict[str, Any]
    held: int
    why: str


FACT_DATA: dict[FactKind, type] = {
    FactKind.STATE_CHANGED: StateChanged, FactKind.SHOE_STARTED: ShoeStarted, FactKind.BURN_INDICATOR: BurnIndicator,
    FactKind.CARD_BURNED: CardBurned, FactKind.BURN_DONE: BurnDone, FactKind.CUT_CARD: CutCard,
    FactKind.SHOE_ENDED: ShoeEnded, FactKind.BETTING_OPENED: BettingOpened,
    FactKind.BETTING_NOT_OPENED: BettingNotOpened, FactKind.BETTING_CLOSED: BettingClosed,
    FactKind.CARD_ACCEPTED: CardAccepted, FactKind.RESCAN_REQUESTED: RescanRequested, FactKind.ROUND_DEALT: RoundDealt,
    FactKind.ROUND_COMPLETED: RoundCompleted, FactKind.ROUND_VOIDED: RoundVoided, FactKind.ROUND_PAUSED: RoundPaused,
    FactKind.ROUND_RESUMED: RoundResumed, FactKind.CARD_MOVED: CardMoved, FactKind.CARDS_DISCARDED: CardsDiscarded,
    FactKind.CARD_WHILE_PAUSED: CardWhilePaused, FactKind.NO_READ_WHILE_PAUSED: NoReadWhilePaused,
    FactKind.INCIDENT_WHILE_PAUSED: IncidentWhilePaused, FactKind.PROCEDURE_VIOLATION: ProcedureViolation,
    FactKind.CONNECTION: Connection, FactKind.GARBAGE: Garbage, FactKind.IGNORED: Ignored, FactKind.STOPPED: Stopped,
    FactKind.DEALER_SIGNED_IN: DealerSignedIn, FactKind.DEALER_SIGNED_OUT: DealerSignedOut,
    FactKind.ACT_REFUSED: ActRefused, FactKind.ERROR: Error, FactKind.PLAYER_EDGE: PlayerEdge,
    FactKind.TABLE_STATUS: TableStatus, FactKind.AUTH_REFUSED: AuthRefused, FactKind.INPUT_REFUSED: InputRefused,
    FactKind.INPUT_HELD: InputHeld,
}
"""Each output kind's data shape: every :class:`FactKind` has one."""

OPEN_FACTS = frozenset({FactKind.PLAYER_EDGE})
"""Kinds whose data may carry keys beyond their shape: an edge monitor is pluggable and adds its own fields."""
