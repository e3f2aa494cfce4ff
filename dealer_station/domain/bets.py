"""Bet types of the game, by their fixed identifiers (docs/rules.md §3)."""

from __future__ import annotations

from dealer_station.domain.enums import IdentityEnum

__all__ = ["BetType", "SIDE_BETS", "MAIN_BETS"]


class BetType(IdentityEnum):
    """The 15 bet types named by the rule sheets; values are the fixed public identifiers.

    Banker (Commission) and Banker (No Commission) are one identifier, ``banker``: the table's
    mode decides how it pays (docs/rules.md §3).
    """

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"
    PLAYER_PAIR = "player_pair"
    BANKER_PAIR = "banker_pair"
    EITHER_PAIR = "either_pair"
    PERFECT_PAIR = "perfect_pair"
    PLAYER_NATURAL = "player_natural"
    BANKER_NATURAL = "banker_natural"
    PLAYER_BONUS = "player_bonus"
    BANKER_BONUS = "banker_bonus"
    LUCKY_SIX = "lucky_six"
    TWO_CARDS_LUCKY_SIX = "two_cards_lucky_six"
    THREE_CARDS_LUCKY_SIX = "three_cards_lucky_six"

    @classmethod
    def parse(cls, text: str) -> "BetType":
        """The bet type named ``text`` (an identifier above). Raises ValueError naming the allowed ones."""
        try:
            return cls(text)
        except ValueError:
            allowed = ", ".join(b.value for b in cls)
            raise ValueError(f"unknown bet {text!r}; allowed: {allowed}") from None


MAIN_BETS = frozenset({BetType.PLAYER, BetType.BANKER, BetType.TIE})
"""Player, Banker and Tie: offered every round."""

SIDE_BETS = frozenset(BetType) - MAIN_BETS
"""Every other bet type."""
