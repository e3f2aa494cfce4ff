"""A plain exact enumeration of the next round, in pure Python: the reference the fast engine is measured against.

Rule source: docs/rules.md §2 (deal order, natural, third-card rules) and §3 (bets).

It walks the round card by card over point values (10 kinds of points), multiplying the number of cards
of each value left, exactly as a person would write it; pairs by walking ranks (pairs) and kinds (perfect
pairs). It is slow (about 100 ms for 8 decks) and simple; :mod:`dealer_station.domain.odds` must agree with
it to the last integer.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from dealer_station.domain.bets import BetType
from dealer_station.domain.odds.composition import Composition
from dealer_station.domain.odds.engine import Round, net_per_unit
from dealer_station.domain.paytable import Mode, PayTable
from dealer_station.domain.rules import banker_draws, is_natural, player_draws

__all__ = ["plain_evs", "plain_pair_counts", "plain_round_counts"]


def plain_round_counts(composition: Composition) -> tuple[Counter, int]:
    """Ordered draws of the first six cards ending in each round, by nested loops.

    Returns
    -------
    (Counter, int)
        Counter keyed by ``(player_total, banker_total, player_natural, banker_natural, banker_cards)``
        and the denominator ``N (N-1) ... (N-5)``. Rounds using fewer than six cards are weighted by the
        draws of the unused positions, so all counts share the denominator.
    """
    left = composition.point_counts()
    n = sum(left)
    result: Counter = Counter()

    def tail(used: int) -> int:
        weight = 1
        for i in range(used, 6):
            weight *= n - i
        return weight

    for p1 in range(10):
        w1 = left[p1]
        if not w1:
            continue
        left[p1] -= 1
        for b1 in range(10):
            w2 = w1 * left[b1]
            if not w2:
                continue
            left[b1] -= 1
            for p2 in range(10):
                w3 = w2 * left[p2]
                if not w3:
                    continue
                left[p2] -= 1
                for b2 in range(10):
                    w4 = w3 * left[b2]
                    if not w4:
                        continue
                    left[b2] -= 1
                    _after_four(left, (p1 + p2) % 10, (b1 + b2) % 10, w4, tail, result)
                    left[b2] += 1
                left[p2] += 1
            left[b1] += 1
        left[p1] += 1
    return result, tail(0)


def _after_four(left: list[int], player: int, banker: int, weight: int, tail, result: Counter) -> None:
    pn, bn = is_natural(player), is_natural(banker)
    if pn or bn:
        result[(player, banker, pn, bn, 2)] += weight * tail(4)
        return
    if not player_draws(player):
        if not banker_draws(banker, None):
            result[(player, banker, False, False, 2)] += weight * tail(4)
            return
        for b3 in range(10):
            w = weight * left[b3]
            if w:
                result[(player, (banker + b3) % 10, False, False, 3)] += w * tail(5)
        return
    for p3 in range(10):
        w = weight * left[p3]
        if not w:
            continue
        final_player = (player + p3) % 10
        if not banker_draws(banker, p3):
            result[(final_player, banker, False, False, 2)] += w * tail(5)
            continue
        left[p3] -= 1
        for b3 in range(10):
            w6 = w * left[b3]
            if w6:
                result[(final_player, (banker + b3) % 10, False, False, 3)] += w6
        left[p3] += 1


def plain_pair_counts(composition: Composition) -> dict[str, Fraction]:
    """Chance of a Player pair (= Banker pair), of either pair and of a perfect pair (either hand), by loops.

    Returns ``{"player_pair", "either_pair", "perfect_pair"}`` as Fractions (docs/rules.md §3).
    """
    n = composition.cards
    ranks = composition.rank_counts()
    kinds = list(composition.counts)

    def one_and_either(groups: list[int]) -> tuple[Fraction, Fraction]:
        one = Fraction(sum(c * (c - 1) for c in groups), n * (n - 1))
        both = 0
        for a, ca in enumerate(groups):
            for b, cb in enumerate(groups):
                if a == b:
                    both += ca * (ca - 1) * (ca - 2) * (ca - 3)
                else:
                    both += ca * (ca - 1) * cb * (cb - 1)
        both_p = Fraction(both, n * (n - 1) * (n - 2) * (n - 3))
        return one, 2 * one - both_p

    pair, either = one_and_either(ranks)
    _, perfect = one_and_either(kinds)
    return {"player_pair": pair, "either_pair": either, "perfect_pair": perfect}


def plain_evs(composition: Composition, paytable: PayTable) -> dict[tuple[BetType, Mode], Fraction]:
    """Exact EV per unit of every bet of ``paytable``, both Banker modes, by plain enumeration.

    Keys are ``(bet, mode)``; every bet but Banker appears with ``Mode.COMMISSION`` only.
    """
    rounds, total = plain_round_counts(composition)
    pairs = plain_pair_counts(composition)
    pair_chance = {BetType.PLAYER_PAIR: pairs["player_pair"], BetType.BANKER_PAIR: pairs["player_pair"],
                   BetType.EITHER_PAIR: pairs["either_pair"], BetType.PERFECT_PAIR: pairs["perfect_pair"]}
    pair_round = {BetType.PLAYER_PAIR: Round(0, 0, player_pair=True),
                  BetType.BANKER_PAIR: Round(0, 0, banker_pair=True),
                  BetType.EITHER_PAIR: Round(0, 0, player_pair=True),
                  BetType.PERFECT_PAIR: Round(0, 0, perfect_pair=True)}
    evs: dict[tuple[BetType, Mode], Fraction] = {}
    for bet, rule in paytable.bets.items():
        if bet in pair_chance:
            p = pair_chance[bet]
            win = net_per_unit(bet, rule, Mode.COMMISSION, pair_round[bet])
            lose = net_per_unit(bet, rule, Mode.COMMISSION, Round(0, 0))
            evs[(bet, Mode.COMMISSION)] = p * win + (1 - p) * lose
            continue
        for mode in (Mode.COMMISSION, Mode.NO_COMMISSION) if bet is BetType.BANKER else (Mode.COMMISSION,):
            numerator = Fraction(0)
            for (pt, bt, pn, bn, cards), count in rounds.items():
                numerator += count * net_per_unit(bet, rule, mode, Round(pt, bt, pn, bn, cards))
            evs[(bet, mode)] = numerator / total
    return evs
