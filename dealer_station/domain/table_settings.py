"""The rule settings the table machine is built with (validated by the station configuration).

Rule source: docs/rules.md §1 (decks, the burn), §3 (bets offered per round), §5 (the misread limit).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["TableSettings"]


@dataclass(frozen=True)
class TableSettings:
    """The rule settings the machine needs (validated by the station configuration).

    Attributes
    ----------
    decks:
        Decks in a shoe (docs/rules.md §1: 8); sets the inventory (a ``decks + 1``-th copy is foreign).
    max_misreads:
        No-Reads in a row at one position before the round pauses with ``misread_limit`` (docs/rules.md §5).
    indicator_counts:
        True when the burn indicator is the first of the N burned cards (docs/rules.md §1; default False).
    ace_burns:
        Cards an Ace indicator burns: 1 (default) or 11.
    cut_between_rounds:
        ``"one_more"`` (default: one more round after a cut card between rounds) or ``"none"``.
    auto_open:
        Open betting as soon as the table is ready (else the dealer opens it).
    offered_in:
        Round number (1-based) → offered bet ids in that round (docs/rules.md §3 last round offered).
    """

    decks: int = 8
    max_misreads: int = 3
    indicator_counts: bool = False
    ace_burns: int = 1
    cut_between_rounds: str = "one_more"
    auto_open: bool = False
    offered_in: Callable[[int], tuple[str, ...]] = field(default=lambda n: ("player", "banker", "tie"))
