"""What the table is told: the kinds of input, shoe frames, link events and the acts of dealer and supervisor.

Rule source: docs/design.md "The table state machine" (dealer and supervisor acts) and "Data flow" (frames).
Each is a ``StrEnum``: a member equals its value, so an input read back from the journal (plain strings)
compares and looks up as the member does.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "DEALER_ACTS",
    "STAFF_ACTS",
    "SUPERVISOR_ACTS",
    "DealerAct",
    "FrameKind",
    "InputKind",
    "LinkEvent",
    "StaffAct",
    "SupervisorAct",
]


class InputKind(StrEnum):
    """The ``kind`` of a table input (:meth:`dealer_station.domain.table.TableMachine.step`)."""

    FRAME = "frame"
    """A frame from the shoe (:class:`FrameKind`)."""
    LINK = "link"
    """The shoe's link (:class:`LinkEvent`)."""
    DEALER = "dealer"
    """A dealer act (:class:`DealerAct`) or who is at the table (:class:`StaffAct`)."""
    TIMER = "timer"
    """The betting window ran out (act ``close_betting``)."""
    SUPERVISOR = "supervisor"
    """A supervisor act (:class:`SupervisorAct`), already authenticated."""
    PUBLISHER = "publisher"
    """The publisher refused an outbox event (act ``event_refused``)."""
    STOP = "stop"
    """The station stops."""
    JOURNAL = "journal"
    """A journal failure (``failed``) or its resolution (``resumed``), journaled once the journal takes rows."""
    NOISE = "noise"
    """The shoe's line is noisy (the station's noise watch): a ``line_noise`` pause."""


class FrameKind(StrEnum):
    """What the shoe's codec made of its bytes (``drivers.frames``)."""

    CARD = "card"
    NO_READ = "no_read"
    CUT = "cut"
    GARBAGE = "garbage"


class LinkEvent(StrEnum):
    """What happened to the shoe's link."""

    CONNECTED = "connected"
    LOST = "lost"
    """The link went away: a ``shoe_disconnected`` pause."""
    CLOSED = "closed"
    """The station stopped the reader: a stop, not a lost shoe (no pause)."""


class DealerAct(StrEnum):
    """Acts a dealer may ask for (each refused when it does not fit the state)."""

    NEW_SHOE = "new_shoe"
    """Start a shoe: from ``no_shoe``, or, after a shoe ended, as the confirm of the shoe change."""
    CHANGE_SHOE = "change_shoe"
    """The shoe ended: begin the shoe change (the old cards out, new decks in); ``new_shoe`` confirms it."""
    SHUFFLED = "shuffled"
    OPEN_BETTING = "open_betting"
    CLOSE_BETTING = "close_betting"
    CONFIRM_RESULT = "confirm_result"
    CALL_SUPERVISOR = "call_supervisor"


class StaffAct(StrEnum):
    """Who is at the table: a dealer signs in (the shift rotation) or out, between rounds only."""

    SIGN_IN = "sign_in"
    SIGN_OUT = "sign_out"


class SupervisorAct(StrEnum):
    """Acts that need an authenticated supervisor, a reason code and a note; all from ``paused``."""

    RESUME = "resume"
    ENTER_CARD = "enter_card"
    MOVE_CARD = "move_card"
    VOID_ROUND = "void_round"
    END_SHOE = "end_shoe"


DEALER_ACTS: tuple[str, ...] = tuple(act.value for act in DealerAct)
"""The dealer acts' names, in order (refusals list them)."""

STAFF_ACTS: tuple[str, ...] = tuple(act.value for act in StaffAct)
"""The staff acts' names."""

SUPERVISOR_ACTS: tuple[str, ...] = tuple(act.value for act in SupervisorAct)
"""The supervisor acts' names, in order."""
