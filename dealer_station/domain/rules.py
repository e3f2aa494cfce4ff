"""Points, totals and the third-card rules of punto banco.

Rule source: RULES.md §1 (points, totals) and §2 (natural, player's third card, banker table).
Pure functions over values; no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable

from dealer_station.domain.cards import Card

__all__ = [
    "BANKER_DRAWS_ON",
    "banker_draws",
    "banker_rule_reason",
    "hand_total",
    "is_natural",
    "player_draws",
]


def hand_total(cards: Iterable[Card]) -> int:
    """Total of a hand: sum of points mod 10, always 0–9 (RULES.md §1: 8 + 9 = 17 → 7)."""
    return sum([card.points for card in cards]) % 10


def is_natural(total: int) -> bool:
    """True when a two-card total is a natural, 8 or 9 (RULES.md §2)."""
    return total in (8, 9)


def player_draws(player_total: int) -> bool:
    """Player's third card: draw on 0–5, stand on 6–7 (RULES.md §2). Only asked when no natural."""
    _check_total(player_total)
    return player_total <= 5


BANKER_DRAWS_ON: dict[int, frozenset[int]] = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset({0, 1, 2, 3, 4, 5, 6, 7, 9}),
    4: frozenset({2, 3, 4, 5, 6, 7}),
    5: frozenset({4, 5, 6, 7}),
    6: frozenset({6, 7}),
    7: frozenset(),
}
"""Banker's two-card total → points of Player's third card on which Banker draws (RULES.md §2 table)."""


def banker_draws(banker_total: int, player_third_points: int | None) -> bool:
    """Whether Banker draws a third card (RULES.md §2). Only asked when neither hand has a natural.

    Parameters
    ----------
    banker_total:
        Banker's two-card total, 0–7.
    player_third_points:
        Points (0–9) of Player's third card, or ``None`` when Player stood.

    Raises ValueError for a total outside 0–9 or third-card points outside 0–9.
    """
    _check_total(banker_total)
    if player_third_points is None:
        return banker_total <= 5
    _check_total(player_third_points)
    return player_third_points in BANKER_DRAWS_ON.get(banker_total, frozenset())


def banker_rule_reason(banker_total: int, player_third_points: int | None) -> str:
    """A one-line explanation of Banker's decision, for people (e.g. ``"banker 3, player's third card 8: stands"``)."""
    verb = "draws" if banker_draws(banker_total, player_third_points) else "stands"
    if player_third_points is None:
        return f"player stood; banker {banker_total}: {verb}"
    return f"banker {banker_total}, player's third card {player_third_points}: {verb}"


def _check_total(total: int) -> None:
    if not isinstance(total, int) or not 0 <= total <= 9:
        raise ValueError(f"a total or card point must be 0-9, got {total!r}")
