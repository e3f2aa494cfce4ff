"""Who works the table: the accounts' roles, how a dealer signed in, and who acted.

Rule source: docs/design.md "The table state machine" (dealer and supervisor acts), docs/console.md (signing in),
docs/events.md (``betting_closed`` ``by``). Each is a ``StrEnum``: a member equals its text, so a value read back
from the journal, the accounts file or a recorded session (a plain string) compares and looks up as the member
does, and the JSON written holds the text itself.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Actor", "Role", "SignInMethod"]


class Role(StrEnum):
    """An account's role (the accounts file's ``role``; ``dealer-station users add --role``)."""

    DEALER = "dealer"
    """Deals: signs in at the table and asks for the dealer's acts."""
    SUPERVISOR = "supervisor"
    """Resolves incidents: the supervisor's acts need one signed in with a PIN."""


class SignInMethod(StrEnum):
    """How a dealer signed in (the ``sign_in`` act's ``how``; ``dealer_signed_in``; the decision rows' staff)."""

    PIN = "pin"
    """Dealer id and PIN on the keypad, checked against the accounts."""
    BADGE = "badge"
    """A dealer badge (``DLR:ID``) read by a reader acting as a keyboard."""
    CONFIGURED = "configured"
    """The station's own dealer id (``[table] dealer``, ``--dealer``): headless runs and replays."""
    DEMO = "demo"
    """The console's demo dealer on the simulated shoe while there are no accounts at all."""


class Actor(StrEnum):
    """Who acted on the table: an act's ``by`` (``act_refused``, ``betting_closed``, a recorded session's act
    lines). Each is also the ``kind`` of the input that carries the act (``dealer_station.domain.acts.InputKind``).
    """

    DEALER = "dealer"
    TIMER = "timer"
    """The betting window ran out (``close_betting`` by itself)."""
    SUPERVISOR = "supervisor"
    PUBLISHER = "publisher"
    """The publisher refused an outbox event (``event_refused``)."""
