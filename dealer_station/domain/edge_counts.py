"""Incremental counts of a shoe for the side-bet edge monitor, kept from one round to the next.

Rule source: RULES.md §1 (cards, points), §2 (the round), §3 (pair bets, side bets).

The edge monitor is called after every round of a shoe with the cards left, a few cards fewer each time.
:class:`ShoeCounts` keeps what it computed last time and, given the new 52 counts, updates only what the
cards that changed affect:

* the pair counts of :mod:`dealer_station.domain.odds` (Player/Banker Pair, Either Pair, Perfect Pair)
  as exact Python integers, from running sums over ranks and kinds;
* the weight of each of the engine's 5005 point-value multisets (ordered draws of its six values,
  :mod:`dealer_station.domain.odds_tables`) as ``float64``, as seven outer products of the weights of
  their halves (point values 0–4 and 5–9, 462 half-multisets each): no per-call index gathers over
  the 5005 multisets.

The weights are floats: exact integers up to 455 cards (every product stays below 2**53), within 12 ulp
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
from dealer_station.domain.odds_tables import MAX_CARDS, round_tables

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
within 12 ulp (exact up to 455 cards), each multiset's net a float sum over at most 181 categories, one
dot product of 5005 terms and a division. With ``u = 2**-53`` its absolute error is at most
``(12 + 182 + 5005 + 2) u * largest |net|``, below ``5.8e-13 * largest |net|``; the engine's own float
EV is within ``2.1e-14 * largest |net|`` of the exact one. The allowance is over 15 times their sum.
"""


@dataclass(frozen=True, slots=True)
class ScreenTables:
    """Composition-independent tables of the monitor's multiset weights.

    The engine's 5005 multisets of six point values are split into a low half (values 0–4) and a high half
    (values 5–9); each half is one of 462 *half-multisets* of at most six values. Half-multisets are sorted
    by size, and the multisets by (size of the low half, low half, high half), so that the multisets whose
    low half has ``k`` values are exactly the outer product of the low halves of size ``k`` and the high
    halves of size ``6 - k``: the weights are seven outer products, no gathers.

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
    screen = ScreenTables(np.ascontiguousarray(half_index), tuple(blocks), order.astype(np.int64),
                          np.ascontiguousarray(tables.sequences[order].astype(float)), falling)
    for array in (screen.half_index, screen.order, screen.sequences, screen.falling):
        array.setflags(write=False)
    return screen


class _PairSums:
    """Running sums over groups of equal cards (ranks or kinds) for the pair counts."""

    __slots__ = ("one", "squares", "both_same")

    def __init__(self) -> None:
        self.one = 0            # sum c (c-1): ordered pairs of equal cards
        self.squares = 0        # sum (c (c-1))**2
        self.both_same = 0      # sum c (c-1) (c-2) (c-3)

    def change(self, old: int, new: int) -> None:
        a, b = old * (old - 1), new * (new - 1)
        self.one += b - a
        self.squares += b * b - a * a
        self.both_same += b * (new - 2) * (new - 3) - a * (old - 2) * (old - 3)

    def either(self, n: int) -> int:
        """Ordered draws of the first four cards in which Player's or Banker's two cards pair (same formula
        as the engine's ``_pair_counts``)."""
        both = self.one * self.one - self.squares + self.both_same
        return 2 * self.one * (n - 2) * (n - 3) - both


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
        self._rank_sums = _PairSums()
        self._kind_sums = _PairSums()
        self._tables = screen_tables()
        t = self._tables
        self._gathered = np.empty(t.half_index.shape)
        self._halves = np.empty(t.half_index.shape[1])
        self._weights = np.empty(t.sequences.shape[0])
        halves, weights = self._halves, self._weights
        self._outer = tuple((halves[low_start:low_stop, None], halves[None, high_start:high_stop],
                             weights[start:stop].reshape(low_stop - low_start, high_stop - high_start))
                            for start, stop, low_start, low_stop, high_start, high_stop in t.blocks)
        self._fresh = False

    def update(self, kinds: list[int]) -> None:
        """Take the new counts: ``kinds`` is 52 ints >= 0 in ``ALL_KINDS`` order (validated by the caller)."""
        old_kinds = self.kinds
        if kinds == old_kinds:
            return
        ranks, points = self._ranks, self.points
        kind_sums, rank_sums = self._kind_sums, self._rank_sums
        for i in compress(range(KINDS), map(ne, kinds, old_kinds)):
            new, old = kinds[i], old_kinds[i]
            kind_sums.change(old, new)
            r = _KIND_RANK[i]
            rank_old = ranks[r]
            ranks[r] = rank_new = rank_old + new - old
            rank_sums.change(rank_old, rank_new)
            points[_KIND_POINTS[i]] += new - old
        self.kinds = list(kinds)
        self.cards = sum(points)
        self._fresh = False

    def pair_counts(self) -> tuple[int, int, int]:
        """``(player_pair, either_pair, perfect_pair)``: exact counts as the engine's ``_Counts`` has them.

        ``player_pair`` (Banker Pair the same) is over ``N (N-1)``; the other two over ``N (N-1) (N-2) (N-3)``.
        RULES.md §3: pairs by rank, perfect pairs by rank and suit, either hand paid once.
        """
        n = self.cards
        return self._rank_sums.one, self._rank_sums.either(n), self._kind_sums.either(n)

    def screenable(self) -> bool:
        """True when every point-value count is within the falling-factorial table (:data:`FALLING_LIMIT`)."""
        return max(self.points) < FALLING_LIMIT

    def weights(self) -> np.ndarray:
        """``float64[5005]``: ordered draws of each multiset's six point values, in :class:`ScreenTables` order.

        Each weight is a product of six exact falling factorials, so it is exact while it is below 2**53
        (always when ``N (N-1) ... (N-5) < 2**53``, i.e. up to 455 cards), else within 12 ulp. Only valid
        when :meth:`screenable`. The returned array is overwritten by the next update.
        """
        if not self._fresh:
            t = self._tables
            np.take(t.falling.take(self.points, axis=0).ravel(), t.half_index, out=self._gathered)
            np.multiply.reduce(self._gathered, axis=0, out=self._halves)
            for low, high, out in self._outer:
                np.multiply(low, high, out=out)
            self._fresh = True
        return self._weights
