"""Card tokens of a whole shoe, shuffled, with the cut card placed: what a simulated shoe deals.

Playing cards only: which card means what in a game is not the drivers' business.
"""

from __future__ import annotations

import random

__all__ = ["CUT", "RANKS", "SUITS", "deck_tokens", "shuffled_shoe"]

RANKS = "A23456789TJQK"
"""Rank letters of canonical tokens."""
SUITS = "SHDC"
"""Suit letters of canonical tokens."""
CUT = "CUT"
"""The token this module uses for the cut card in a shoe's sequence."""


def deck_tokens(decks: int = 8) -> list[str]:
    """``52 * decks`` canonical tokens, unshuffled. Raises ValueError for decks < 1."""
    if decks < 1:
        raise ValueError(f"decks must be at least 1, got {decks}")
    return [r + s for s in SUITS for r in RANKS for _ in range(decks)]


def shuffled_shoe(seed: int | None, decks: int = 8, cut_min: int = 60, cut_max: int = 80) -> list[str]:
    """A shuffled shoe with :data:`CUT` inserted ``cut_min``–``cut_max`` cards before the end.

    The position is drawn uniformly in that range ("placed at random near the back", docs/rules.md §1).
    The same seed gives the same shoe. Raises ValueError for a range outside the shoe.
    """
    cards = deck_tokens(decks)
    if not 0 < cut_min <= cut_max < len(cards):
        raise ValueError(f"cut card range {cut_min}-{cut_max} must lie within the {len(cards)}-card shoe")
    rng = random.Random(seed)
    rng.shuffle(cards)
    from_end = rng.randint(cut_min, cut_max)
    cards.insert(len(cards) - from_end, CUT)
    return cards
