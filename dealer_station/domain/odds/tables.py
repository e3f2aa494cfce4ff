"""Composition-independent tables of the exact odds engine.

Rule source: docs/rules.md §2 (deal order, natural, Player's third card, the banker table).

Every round is decided by at most six cards in shoe order c1..c6: c1 Player, c2 Banker, c3 Player,
c4 Banker, then c5 (Player's third card when Player draws, else Banker's third card) and c6 (Banker's
third card when both draw). A uniformly shuffled shoe of at least 6 cards makes the first six
positions a uniform draw without replacement, so the probability of any round outcome is

    (number of ordered 6-card draws giving it) / (N (N-1) (N-2) (N-3) (N-4) (N-5)).

The number of ordered draws of distinct cards that show a given sequence of point values depends
only on how many times each point value 0–9 occurs in the sequence (its *multiset*): it is
``prod_v c_v (c_v - 1) ... (c_v - m_v + 1)`` for ``c_v`` cards of value ``v`` left and ``m_v``
occurrences. The 10**6 point sequences fall into 5005 multisets. This module deals all 10**6 sequences
once (vectorised) and tabulates, for every multiset, how many of its sequences end in each round
*category* (final totals, naturals, Banker's number of cards). The engine then only weighs 5005
multisets by the shoe composition and takes one matrix product.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from dealer_station.domain.rules import banker_draws, is_natural, player_draws

__all__ = ["RoundTables", "round_tables"]

MAX_CARDS = 6
"""Cards a round can use (docs/rules.md §2: 4, 5 or 6)."""


@dataclass(frozen=True, slots=True)
class RoundTables:
    """The engine's fixed tables.

    Attributes
    ----------
    multiplicity:
        ``int64[5005, 10]``: how many times each point value 0–9 occurs in each multiset of six values.
    sequences:
        ``int64[5005, C]``: number of the 10**6 point sequences of each multiset that end in category ``c``.
    player_total, banker_total:
        ``int64[C]``: final totals 0–9 of each category.
    player_natural, banker_natural:
        ``bool[C]``: the hand's first two cards total 8 or 9.
    banker_cards:
        ``int64[C]``: 2 or 3, cards in Banker's final hand.
    nonzero_multiset, nonzero_count, category_starts:
        ``sequences`` as a sparse list sorted by category: entry ``i`` says ``nonzero_count[i]`` sequences of
        multiset ``nonzero_multiset[i]`` end in its category; category ``c``'s entries start at
        ``category_starts[c]``. Every category has at least one entry. For ``np.add.reduceat``.
    """

    multiplicity: np.ndarray
    sequences: np.ndarray
    player_total: np.ndarray
    banker_total: np.ndarray
    player_natural: np.ndarray
    banker_natural: np.ndarray
    banker_cards: np.ndarray
    nonzero_multiset: np.ndarray
    nonzero_count: np.ndarray
    category_starts: np.ndarray

    @property
    def categories(self) -> int:
        """Number of round categories C."""
        return int(self.player_total.shape[0])


def _banker_draw_table() -> np.ndarray:
    """``bool[10, 11]``: Banker's 2-card total × Player's third-card points (10 = Player stood) → draws.

    Built from :func:`dealer_station.domain.rules.banker_draws` (docs/rules.md §2), so the table has one source.
    """
    table = np.zeros((10, 11), dtype=bool)
    for total in range(10):
        table[total, 10] = banker_draws(total, None)
        for third in range(10):
            table[total, third] = banker_draws(total, third)
    return table


def _dense(keys: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """(sorted distinct keys, index of each key among them) for non-negative int keys below ``size``."""
    present = np.bincount(keys, minlength=size) > 0
    index = np.cumsum(present) - 1
    return np.flatnonzero(present).astype(np.int64), index[keys]


@functools.cache
def round_tables() -> RoundTables:
    """Deal every sequence of six point values once and tabulate the categories (cached; ~0.3 s).

    Returns
    -------
    RoundTables
        Shapes as documented there; read-only arrays.
    """
    values = np.indices((10,) * MAX_CARDS, dtype=np.int8).reshape(MAX_CARDS, -1)
    c1, c2, c3, c4, c5, c6 = values
    player2 = (c1 + c3) % 10
    banker2 = (c2 + c4) % 10
    natural_table = np.array([is_natural(total) for total in range(10)])
    player_natural = natural_table[player2]
    banker_natural = natural_table[banker2]
    natural = player_natural | banker_natural
    player_draws_ = ~natural & np.array([player_draws(total) for total in range(10)])[player2]
    player_total = np.where(player_draws_, (player2 + c5) % 10, player2)
    draw_table = _banker_draw_table()
    banker_draws_ = ~natural & draw_table[banker2, np.where(player_draws_, c5, 10)]
    banker_third = np.where(player_draws_, c6, c5)
    banker_total = np.where(banker_draws_, (banker2 + banker_third) % 10, banker2)

    code = (player_total.astype(np.int32) + 10 * banker_total + 100 * player_natural.astype(np.int32)
            + 200 * banker_natural + 400 * banker_draws_)
    category_codes, category = _dense(code, 800)

    # the multiset of a sequence is its sorted values, read as a 6-digit decimal number
    digits = 10 ** np.arange(MAX_CARDS - 1, -1, -1, dtype=np.int32)
    key = np.sort(values.T, axis=1).astype(np.int32) @ digits
    multiset_keys, multiset = _dense(key, 10**MAX_CARDS)
    sorted_values = (multiset_keys[:, None] // digits) % 10
    multiplicity = np.stack([(sorted_values == v).sum(axis=1) for v in range(10)], axis=1).astype(np.int64)
    n_cat = category_codes.shape[0]
    sequences = np.bincount(multiset * n_cat + category, minlength=multiset_keys.shape[0] * n_cat)
    sequences = sequences.reshape(multiset_keys.shape[0], n_cat).astype(np.int64)

    nonzero_category, nonzero_multiset = np.nonzero(sequences.T)
    starts = np.flatnonzero(np.r_[True, nonzero_category[1:] != nonzero_category[:-1]])
    tables = RoundTables(
        multiplicity=multiplicity,
        sequences=sequences,
        player_total=category_codes % 10,
        banker_total=(category_codes // 10) % 10,
        player_natural=((category_codes // 100) % 2).astype(bool),
        banker_natural=((category_codes // 200) % 2).astype(bool),
        banker_cards=2 + (category_codes // 400),
        nonzero_multiset=nonzero_multiset.astype(np.int64),
        nonzero_count=sequences.T[nonzero_category, nonzero_multiset],
        category_starts=starts,
    )
    for array in (tables.multiplicity, tables.sequences, tables.player_total, tables.banker_total,
                  tables.player_natural, tables.banker_natural, tables.banker_cards, tables.nonzero_multiset,
                  tables.nonzero_count, tables.category_starts):
        array.setflags(write=False)
    return tables
