"""Cards as the views carry them, written as tokens in a test: ``cards("4S", "AH")``."""

from __future__ import annotations

from dealer_station.domain.cards import Card, parse_card

__all__ = ["card", "cards"]


def card(token: str) -> Card:
    """The :class:`Card` of ``token`` (``"9H"``)."""
    return parse_card(token)


def cards(*tokens: str) -> tuple[Card, ...]:
    """The :class:`Card` values of ``tokens``, as a hand, the burned cards or the held ones are in a view."""
    return tuple(parse_card(t) for t in tokens)
