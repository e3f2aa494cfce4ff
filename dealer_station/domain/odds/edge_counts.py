"""Incremental counts of a shoe for the side-bet edge monitor, kept from one round to the next.

Rule source: docs/rules.md §1 (cards, points), §2 (the round), §3 (pair bets, side bets).

The edge monitor is called after every round of a shoe with the cards left, a few cards fewer each time.
:class:`ShoeCounts` keeps what it computed last time and, given the new 52 counts, updates only what the
cards that changed affect:

* the pair counts of :mod:`dealer_station.domain.odds` (Player/Banker Pair, Either Pair, Perfect Pair)
  as exact Python integers, from running sums over ranks and kinds;
* the weight of each of the engine's 5005 point-value multisets (ordered draws of its six values,
  :mod:`dealer_station.domain.odds.tables`) as ``float64``, as seven outer products of the weights of
  their halves (point values 0–4 and 5–9, 462 half-multisets each): no per-call index gathers over
  the 5005 multisets.

The weights are floats: exact integers up to 455 cards (every product stays below 2**53), within 19 ulp
beyond. The monitor takes float EVs from them, with the error bound of :data:`SCREEN_MARGIN`, and leaves
to the exact engine every call those floats cannot settle.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from itertools import compress
from operator import ne

import numpy as np

from dealer_station.domain.cards import ALL_KINDS
from dealer_station.domain.odds.tables import MAX_CARDS, round_tables

__all__ = ["SCREEN_MARGIN", "FALLING_LIMIT", "ShoeCounts", "screen_tables"]

KINDS = len(ALL_KINDS)
_KIND_RANK = tuple(card.rank.value - 1 for card in ALL_KINDS)
_KIND_POINTS = tuple(card.points for card in ALL_KINDS)
_LOW_POINTS = 5
"""Point values 0-4 form the low half of a multiset, 5-9 the high half."""

FALLING_LIMIT = 4096
"""Point-value counts below this are looked up in the falling-factorial table; beyond, no screening."""

SCREEN_MARGIN = 1e-11
"""Error allowance of the monitor's float EVs, per unit of the bet's largest ``|net|`` (at least 1).

A float EV is ``(sum over 5005 multisets of weight * net of the multiset) / N (N-1) ... (N-5)``: weights
within 19 ulp (exact up to 455 cards), each multiset's net a float sum over at most 181 categories, one
dot product of 5005 terms and a division. With ``u = 2**-53`` its absolute error is at most
``(19 + 182 + 5005 + 2) u * largest |net|``, below ``5.8e-13 * largest |net|``; the engine's own float
EV is within ``2.1e-14 * largest |net|`` of the exact one. The allowance is over 15 times their sum.
"""


@dataclass(frozen=True, slots=True)
class ScreenTables:
    """Composition-independent tables of the monitor's multiset weights.

    The engine's 5005 multisets of six point values are split into a low half (values 0–4) and a high half
    (values 5–9); each half is one of 462 *half-multisets* of at most six values. Half-multisets are sorted
    by size, and the multisets by (size of the low half, low half, high half), so that the multisets whose
    low half has ``k`` values are the outer product of the low halves of size ``k`` and the high halves of
    size ``6 - k``: each low half's weight is repeated over a run of consecutive multisets.

    Attributes
    ----------
    half_index:
        ``int64[5, 924]``: for the 462 low then the 462 high half-multisets, the flat index ``7 * v + m_v``
        into a ``[10, 7]`` falling-factorial table, one row per point value of the half.
    blocks:
        Seven ``(start, stop, low_start, low_stop, high_start, high_stop)``: the multisets ``start:stop``
        (in this module's order) are ``outer(low[low_start:low_stop], high[high_start:high_stop])``.
    order:
        ``int64[5005]``: ``order[i]`` is the ``round_tables()`` row of this module's multiset ``i``.
    sequences:
        ``float64[5005, C]``: ``round_tables().sequences`` in this module's order.
    falling:
        ``float64[FALLING_LIMIT, 7]``: ``c (c-1) ... (c-m+1)`` for ``c`` cards and ``m`` draws, 0 when m > c.
    """

    half_index: np.ndarray
    blocks: tuple[tuple[int, int, int, int, int, int], ...]
    low_repeat: np.ndarray
    high_of: np.ndarray
    order: np.ndarray
    sequences: np.ndarray
    falling: np.ndarray


def _halves(part: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(distinct rows of ``part`` sorted by size then value, each row's index among them, their sizes)."""
    distinct, of = np.unique(part, axis=0, return_inverse=True)
    sizes = distinct.sum(axis=1)
    by_size = np.argsort(sizes, kind="stable")
    rank = np.empty_like(by_size)
    rank[by_size] = np.arange(by_size.shape[0])
    return distinct[by_size], rank[of.reshape(-1)], sizes[by_size]


@functools.cache
def screen_tables() -> ScreenTables:
    """Build the monitor's tables once (cached; a few milliseconds after :func:`round_tables`).

    Returns
    -------
    ScreenTables
        Read-only arrays, shapes as documented there.
    """
    tables = round_tables()
    multiplicity = tables.multiplicity
    low, low_of, low_sizes = _halves(multiplicity[:, :_LOW_POINTS])
    high, high_of, high_sizes = _halves(multiplicity[:, _LOW_POINTS:])
    order = np.lexsort((high_of, low_of, low_sizes[low_of]))
    blocks = []
    start = 0
    for k in range(MAX_CARDS + 1):
        low_span = np.flatnonzero(low_sizes == k)
        high_span = np.flatnonzero(high_sizes == MAX_CARDS - k)
        stop = start + low_span.shape[0] * high_span.shape[0]
        offset = low.shape[0]                   # the high halves follow the low ones in ``half_index``
        blocks.append((start, stop, int(low_span[0]), int(low_span[-1]) + 1,
                       offset + int(high_span[0]), offset + int(high_span[-1]) + 1))
        start = stop
    if start != multiplicity.shape[0]:
        raise AssertionError("the half-multiset blocks do not cover every multiset")
    width = MAX_CARDS + 1
    half_index = np.concatenate([
        low.T + width * np.arange(_LOW_POINTS)[:, None],
        high.T + width * np.arange(_LOW_POINTS, 10)[:, None],
    ], axis=1).astype(np.int64)
    falling = np.zeros((FALLING_LIMIT, width))
    for c in range(FALLING_LIMIT):
        product = 1
        for m in range(width):
            falling[c, m] = float(product)
            product *= c - m
    low_repeat = np.zeros(low.shape[0], dtype=np.int64)
    high_of_block = np.zeros(multiplicity.shape[0], dtype=np.int64)
    for start, stop, low_start, low_stop, high_start, high_stop in blocks:
        low_repeat[low_start:low_stop] = high_stop - high_start
        high_of_block[start:stop] = np.tile(np.arange(high_start, high_stop), low_stop - low_start)
    screen = ScreenTables(np.ascontiguousarray(half_index), tuple(blocks), low_repeat, high_of_block,
                          order.astype(np.int64), np.ascontiguousarray(tables.sequences[order].astype(float)),
                          falling)
    for array in (screen.half_index, screen.low_repeat, screen.high_of, screen.order, screen.sequences,
                  screen.falling):
        array.setflags(write=False)
    return screen


def _either(one: int, squares: int, both_same: int, n: int) -> int:
    """Ordered draws of the first four of ``n`` cards in which Player's or Banker's first two cards are equal
    (by the groups the sums are over: ranks, or kinds), as the engine's ``_pair_counts`` counts them.

    ``one = sum c (c-1)``, ``squares = sum (c (c-1))**2``, ``both_same = sum c (c-1) (c-2) (c-3)`` over the groups.
    """
    both = one * one - squares + both_same        # Player and Banker both paired
    return 2 * one * (n - 2) * (n - 3) - both


class ShoeCounts:
    """The cards left in a shoe, updated from one call of the edge monitor to the next.

    Holds the 52 kind counts last given to :meth:`update` and what follows from them. Every quantity is
    a function of those counts only, so any new composition (next round, new shoe, recovery) is right:
    :meth:`update` diffs the counts and recomputes what the changed ones touch.
    """

    def __init__(self) -> None:
        self.kinds: list[int] = [0] * KINDS
        self.cards = 0
        self.points: list[int] = [0] * 10
        self._ranks: list[int] = [0] * 13
        # running sums over ranks and over kinds: c (c-1), its square, c (c-1) (c-2) (c-3)
        self._rank_sums = (0, 0, 0)
        self._kind_sums = (0, 0, 0)
        self._tables = screen_tables()
        t = self._tables
        self._low_count = t.low_repeat.shape[0]
        self._weights = np.empty(t.sequences.shape[0])
        self._fresh = False

    def update(self, kinds: list[int]) -> None:
        """Take the new counts: ``kinds`` is 52 ints >= 0 in ``ALL_KINDS`` order (validated by the caller)."""
        old_kinds = self.kinds
        if kinds == old_kinds:
            return
        ranks, points = self._ranks, self.points
        k_one, k_squares, k_both = self._kind_sums
        r_one, r_squares, r_both = self._rank_sums
        for i in compress(range(KINDS), map(ne, kinds, old_kinds)):
            new, old = kinds[i], old_kinds[i]
            a, b = old * (old - 1), new * (new - 1)
            k_one += b - a
            k_squares += b * b - a * a
            k_both += b * (new - 2) * (new - 3) - a * (old - 2) * (old - 3)
            r = _KIND_RANK[i]
            old_rank = ranks[r]
            ranks[r] = new_rank = old_rank + new - old
            a, b = old_rank * (old_rank - 1), new_rank * (new_rank - 1)
            r_one += b - a
            r_squares += b * b - a * a
            r_both += b * (new_rank - 2) * (new_rank - 3) - a * (old_rank - 2) * (old_rank - 3)
            points[_KIND_POINTS[i]] += new - old
        self._kind_sums = (k_one, k_squares, k_both)
        self._rank_sums = (r_one, r_squares, r_both)
        self.kinds = list(kinds)
        self.cards = sum(points)
        self._fresh = False

    def pair_counts(self) -> tuple[int, int, int]:
        """``(player_pair, either_pair, perfect_pair)``: exact counts as the engine's ``_Counts`` has them.

        ``player_pair`` (Banker Pair the same) is over ``N (N-1)``; the other two over ``N (N-1) (N-2) (N-3)``.
        docs/rules.md §3: pairs by rank, perfect pairs by rank and suit, either hand paid once.
        """
        n = self.cards
        return self._rank_sums[0], _either(*self._rank_sums, n), _either(*self._kind_sums, n)

    def screenable(self) -> bool:
        """True when every point-value count is within the falling-factorial table (:data:`FALLING_LIMIT`)."""
        return max(self.points) < FALLING_LIMIT

    def weights(self) -> np.ndarray:
        """``float64[5005]``: ordered draws of each multiset's six point values, in :class:`ScreenTables` order.

        Each weight is a product of exact falling factorials (one per point value), so it is exact while below 2**53
        (always when ``N (N-1) ... (N-5) < 2**53``, i.e. up to 455 cards), else within 19 ulp. Only valid
        when :meth:`screenable`. The returned array is overwritten by the next update.
        """
        if not self._fresh:
            t = self._tables
            halves = np.multiply.reduce(t.falling.take(self.points, axis=0).ravel()[t.half_index], axis=0)
            np.multiply(np.repeat(halves[:self._low_count], t.low_repeat), halves[t.high_of], out=self._weights)
            self._fresh = True
        return self._weights
