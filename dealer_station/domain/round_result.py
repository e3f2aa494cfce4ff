"""A round's result as the table shows it: dealt and not yet confirmed, completed or voided, as values.

Rule source: docs/rules.md §2 (higher total wins, equal totals are a tie) and §5 (a void refunds every bet). The
table machine makes it (``TableMachine.round_result``) and the table's view carries it (``TableView.result``), so a
screen words and paints the winner, the totals and the flags from values; the round's records (the journal's
``round_completed`` / ``round_voided`` outputs) are made apart and keep their own JSON.
"""

from __future__ import annotations

from dataclasses import dataclass

from dealer_station.domain.facts import RoundStatus
from dealer_station.domain.outcome import RoundOutcome, Winner

__all__ = ["RoundResult"]


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The result of one round of the open shoe.

    Attributes
    ----------
    status:
        :attr:`RoundStatus.DEALT` (every card is out, the dealer has not confirmed it yet),
        :attr:`RoundStatus.COMPLETED` or :attr:`RoundStatus.VOIDED`.
    round:
        The round's number in its shoe, from 1.
    winner:
        Who won (:class:`~dealer_station.domain.outcome.Winner`); None for a void.
    player_total, banker_total:
        The final totals, 0–9; None for a void before every card of the round was out.
    outcome:
        The dealt round's :class:`~dealer_station.domain.outcome.RoundOutcome`: its cards and every flag as the
        domain types them (``margin``, ``player_natural``, ``player_pair``, ``lucky_six``, ``cards_used``…); None
        for a void before every card was out.
    """

    status: RoundStatus
    round: int
    winner: Winner | None
    player_total: int | None
    banker_total: int | None
    outcome: RoundOutcome | None = None

    @classmethod
    def of(cls, status: RoundStatus, round_number: int, outcome: RoundOutcome | None) -> RoundResult:
        """The result of round ``round_number`` with ``status`` and its ``outcome`` (None: not every card is out);
        a void has no winner, even when every card was out.
        """
        if outcome is None:
            return cls(status, round_number, None, None, None)
        winner = None if status is RoundStatus.VOIDED else outcome.winner
        return cls(status, round_number, winner, outcome.player_total, outcome.banker_total, outcome)

    @property
    def voided(self) -> bool:
        """True for a voided round (every bet refunded, docs/rules.md §5)."""
        return self.status is RoundStatus.VOIDED
