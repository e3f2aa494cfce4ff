"""Incidents: the typed reasons a round stops and waits for a supervisor.

Rule source: RULES.md §5 (misreads, unexpected problems, disconnections) and DESIGN.md "The table
state machine" (procedure violations pause the round; nothing is dropped silently). Pure values.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

__all__ = ["INCIDENT_TYPES", "PAUSING_INCIDENTS", "Incident"]

INCIDENT_TYPES = frozenset({
    "misread_limit",         # max_misreads No-Reads / unknown codes in a row at one position
    "card_while_betting",    # a card (or a No-Read) came out while betting was open
    "card_after_round",      # a card after the round's last card
    "foreign_card",          # a card beyond the shoe's inventory (a 9th copy in 8 decks)
    "cut_card_in_burn",      # the cut card while showing the burn card or burning
    "shoe_disconnected",     # the shoe's link went away
    "journal_failure",       # the journal could not be written
    "unexpected_error",      # any unexpected exception while acting on an input
    "event_mismatch",        # an outbox event does not match the journal's chain: the publisher refused it
    "procedure_violation",   # any other input that does not fit the state, or a dealer's call
    "player_edge",           # the edge monitor's alert: recorded and published, never pauses
})
"""Every incident type. All but ``player_edge`` pause the round."""

PAUSING_INCIDENTS = INCIDENT_TYPES - {"player_edge"}
"""Incident types that pause the round until a supervisor acts."""


@dataclass(frozen=True, slots=True)
class Incident:
    """Why the round is paused, with the evidence a supervisor needs.

    Attributes
    ----------
    type:
        One of :data:`INCIDENT_TYPES`.
    reason:
        A short machine-readable reason code (``"no_read"``, ``"ninth_copy"``, ``"dealer_call"``, ...).
    state_before:
        The table state when the incident happened (where ``resume`` goes back to).
    position:
        The card position concerned (``"player1"`` … ``"banker3"``, ``"burn_indicator"``,
        ``"burn"``) or ``None``.
    evidence:
        The raw frame bytes as hex (``""`` when the input had none), or a token / a message.
    ts:
        UTC ISO-8601 time of the input that caused it, ending in ``Z``.
    detail:
        One human sentence.
    """

    type: str
    reason: str
    state_before: str
    position: str | None = None
    evidence: str = ""
    ts: str = ""
    detail: str = ""

    def __post_init__(self) -> None:
        if self.type not in INCIDENT_TYPES:
            raise ValueError(f"unknown incident type {self.type!r}; allowed: {', '.join(sorted(INCIDENT_TYPES))}")

    def as_dict(self) -> dict[str, object]:
        """The incident as a JSON-able dict."""
        return asdict(self)
