"""What the table decided: the kinds of output of :meth:`dealer_station.domain.table.TableMachine.step`, and
those the controller adds, as one ``StrEnum``; an output is a kind and its data.

Rule source: docs/design.md "Data flow" (the decision row records the outputs; listeners are told them as facts) and
docs/events.md (which of them make a platform event). A member equals its value, so an output read back from
the journal (plain strings) compares and looks up as the member does; the journal's JSON holds the value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from dealer_station.domain.slot_init import slot_init

__all__ = ["Decision", "FactKind", "Output", "RoundStatus", "ShoeEndReason"]


class FactKind(StrEnum):
    """The kind of an output (a fact for listeners; some also make a platform event)."""

    # the shoe and the burn (docs/rules.md §1)
    SHOE_STARTED = "shoe_started"
    BURN_INDICATOR = "burn_indicator"
    CARD_BURNED = "card_burned"
    BURN_DONE = "burn_done"
    CUT_CARD = "cut_card"
    SHOE_ENDED = "shoe_ended"
    # a round (docs/rules.md §2, §3)
    BETTING_OPENED = "betting_opened"
    BETTING_NOT_OPENED = "betting_not_opened"
    """Betting would open by itself but no dealer is signed in."""
    BETTING_CLOSED = "betting_closed"
    CARD_ACCEPTED = "card_accepted"
    RESCAN_REQUESTED = "rescan_requested"
    ROUND_DEALT = "round_dealt"
    ROUND_COMPLETED = "round_completed"
    ROUND_VOIDED = "round_voided"
    # pauses and the supervisor (docs/rules.md §5)
    ROUND_PAUSED = "round_paused"
    ROUND_RESUMED = "round_resumed"
    CARD_MOVED = "card_moved"
    CARDS_DISCARDED = "cards_discarded"
    CARD_WHILE_PAUSED = "card_while_paused"
    NO_READ_WHILE_PAUSED = "no_read_while_paused"
    INCIDENT_WHILE_PAUSED = "incident_while_paused"
    PROCEDURE_VIOLATION = "procedure_violation"
    """A frame with no shoe open: recorded and told (an ``alert`` event), nothing to pause."""
    # the table
    STATE_CHANGED = "state_changed"
    CONNECTION = "connection"
    GARBAGE = "garbage"
    IGNORED = "ignored"
    STOPPED = "stopped"
    DEALER_SIGNED_IN = "dealer_signed_in"
    DEALER_SIGNED_OUT = "dealer_signed_out"
    ACT_REFUSED = "act_refused"
    ERROR = "error"
    """Acting on an input raised (the machine's), or the controller failed on one (told only)."""
    # added by the controller
    PLAYER_EDGE = "player_edge"
    TABLE_STATUS = "table_status"
    AUTH_REFUSED = "auth_refused"
    INPUT_REFUSED = "input_refused"
    INPUT_HELD = "input_held"


class RoundStatus(StrEnum):
    """A round's ``status``: a finished round's (``round_completed``, ``round_voided``; the recall's records), or
    the open round's (the recall's in progress; the table's view of a dealt round not yet confirmed).
    """

    COMPLETED = "completed"
    VOIDED = "voided"
    IN_PROGRESS = "in_progress"
    """A running station's open round (the recall of a journal only)."""
    DEALT = "dealt"
    """Every card of the open round is out; the dealer has not confirmed its result yet (the table's view only)."""


class ShoeEndReason(StrEnum):
    """Why a shoe ended (``shoe_ended``'s ``reason``)."""

    CUT_CARD = "cut_card"
    """The cut card's last round is over (docs/rules.md §1)."""
    SUPERVISOR = "supervisor"
    """The supervisor ended it (``end_shoe``)."""


class Output(NamedTuple):
    """One output: ``(kind, data)``. ``data``: the kind's frozen dataclass
    (:data:`dealer_station.domain.fact_data.FACT_DATA`), itself a read-only mapping of its JSON keys; read back
    from a row whose keys are not the kind's, the row's own plain mapping. A tuple, so ``kind, data = output``
    and the journal's ``[kind, data]`` pairs compare with it as before.
    """

    kind: FactKind | str
    data: Mapping[str, Any]


@slot_init
@dataclass(frozen=True, slots=True)
class Decision:
    """What the table decided on one input and where it stood after it: the journal's ``decision`` row.

    Rule source: docs/design.md "Data flow" (the decision row follows its input row); docs/controller.md "Journal".
    :mod:`dealer_station.journal.codec` writes it (``encode_decision``) and reads it back (``decode_decision``).

    Attributes
    ----------
    input:
        The sequence number of the input row it decides; None when the row names none it could.
    shoe, round:
        The shoe and round numbers after it (0 before the first); None when the row records none.
    state:
        The machine's state name after it (``"betting_open"``); None when not recorded.
    connected:
        Whether the shoe's link was up after it; None when not recorded.
    outputs:
        What the table decided, in order; a kind the station does not know stays a plain ``str``.
    staff:
        Who was at the table after it (``{"dealer": id or None, "how": ...}``) once a dealer has signed in at this
        table (``TableMachine.staffed``), else None (a station without sign-ins, a journal written before them).
    """

    input: int | None
    shoe: int | None
    round: int | None
    state: str | None
    connected: bool | None
    outputs: tuple[Output, ...]
    staff: Mapping[str, Any] | None = None
