"""Shared compositions for the odds and edge-monitor tests."""

from __future__ import annotations

from collections import Counter

import pytest

from dealer_station.domain.cards import Rank, shoe_counts


@pytest.fixture
def low_cards_gone() -> Counter:
    """8 decks after every Ace, 2, 3 and 4 (128 cards) and one six of each suit have been dealt.

    Two Cards Lucky Six favours the player from these cards (docs/rules.md §3 pays 22:1).
    """
    remaining = shoe_counts(8)
    for card in list(remaining):
        if card.rank in (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR):
            remaining[card] = 0
        elif card.rank is Rank.SIX:
            remaining[card] -= 1
    assert sum(remaining.values()) == 284
    return remaining
