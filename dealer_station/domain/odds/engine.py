"""The exact odds engine: outcome probabilities and each bet's EV over every ordering of the remaining cards.

Rule source: docs/rules.md §1–3; see :mod:`dealer_station.domain.odds` for what *exact* means.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from dealer_station.domain.bets import BetType
from dealer_station.domain.cards import Card
from dealer_station.domain.odds.composition import (
    _INT64_SAFE_CARDS,
    Composition,
    Number,
    composition_from_counts,
)
from dealer_station.domain.odds.report import BetOdds, OddsReport
from dealer_station.domain.odds.tables import MAX_CARDS, round_tables
from dealer_station.domain.outcome import FinalTotals
from dealer_station.domain.paytable import BetRule, Mode, PayTable
from dealer_station.domain.settlement import net_for_rule

# --------------------------------------------------------------------------------------------------
# Exact counts
# --------------------------------------------------------------------------------------------------


def _falling(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result *= n - i
    return result


@dataclass(frozen=True, slots=True)
class _Counts:
    """Exact integer counts of one composition; each ``*_count`` is over its own denominator."""

    cards: int
    rounds: np.ndarray            # int64 or object [C]: ordered 6-card draws ending in each category
    round_total: int              # N (N-1) ... (N-5)
    pair_total: int               # N (N-1): ordered draws of a hand's first two cards
    four_total: int               # N (N-1) (N-2) (N-3): ordered draws of the first four cards
    player_pair: int              # over pair_total (Banker Pair has the same count)
    either_pair: int              # over four_total
    perfect_pair: int             # over four_total (either hand perfect, paid once)


def _pair_counts(group_counts: Iterable[int], n: int) -> tuple[int, int]:
    """(one-hand pair count over N(N-1), either-hand pair count over N(N-1)(N-2)(N-3)) for groups of equal cards."""
    one = 0
    both_same = 0
    squares = 0
    for c in group_counts:
        pair = c * (c - 1)
        one += pair
        squares += pair * pair
        both_same += _falling(c, 4)
    both = one * one - squares + both_same      # Player and Banker both paired
    either = 2 * one * (n - 2) * (n - 3) - both
    return one, either


def _counts(composition: Composition) -> _Counts:
    tables = round_tables()
    n = composition.cards
    points = composition.point_counts()
    big = n > _INT64_SAFE_CARDS
    dtype = object if big else np.int64
    falling = np.array([[_falling(c, m) for m in range(MAX_CARDS + 1)] for c in points], dtype=dtype)
    weights = falling[0][tables.multiplicity[:, 0]]
    for value in range(1, 10):
        weights = weights * falling[value][tables.multiplicity[:, value]]
    if big:
        rounds = weights @ tables.sequences.astype(object)
    else:
        rounds = np.add.reduceat(weights[tables.nonzero_multiset] * tables.nonzero_count, tables.category_starts)
    player_pair, either_pair = _pair_counts(composition.rank_counts(), n)
    _, perfect_pair = _pair_counts(composition.counts, n)
    return _Counts(
        cards=n,
        rounds=rounds,
        round_total=_falling(n, MAX_CARDS),
        pair_total=_falling(n, 2),
        four_total=_falling(n, 4),
        player_pair=player_pair,
        either_pair=either_pair,
        perfect_pair=perfect_pair,
    )


# --------------------------------------------------------------------------------------------------
# Payouts: the one place a round becomes a net result per unit staked
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Round(FinalTotals):
    """What a bet needs to know of a dealt round (docs/rules.md §2–3).

    Totals are final totals 0–9; naturals are on each hand's first two cards; ``banker_cards`` is 2 or 3;
    pairs are on each hand's first two cards (by rank; ``perfect``: rank and suit, either hand).
    """

    player_total: int
    banker_total: int
    player_natural: bool = False
    banker_natural: bool = False
    banker_cards: int = 2
    player_pair: bool = False
    banker_pair: bool = False
    perfect_pair: bool = False


def net_per_unit(bet: BetType, rule: BetRule, mode: Mode, r: Round) -> Fraction:
    """The player's net result of a 1-unit bet on a dealt round: +payout "to one", 0 returned, -1 lost.

    Parameters
    ----------
    bet:
        The bet type.
    rule:
        Its pay table rule (payouts "to one", as loaded; docs/rules.md §3).
    mode:
        Table mode; only the Banker bet depends on it.
    r:
        The round.

    Returns
    -------
    Fraction
        Exact net result per unit staked.

    Rule source: docs/rules.md §3 (the bet table and the Player/Banker Bonus pay table).
    """
    return Fraction(net_for_rule(bet, rule, r, mode))


_PAIR_BETS = (BetType.PLAYER_PAIR, BetType.BANKER_PAIR, BetType.EITHER_PAIR, BetType.PERFECT_PAIR)
_PAIR_WIN = {
    BetType.PLAYER_PAIR: Round(0, 0, player_pair=True),
    BetType.BANKER_PAIR: Round(0, 0, banker_pair=True),
    BetType.EITHER_PAIR: Round(0, 0, player_pair=True, banker_pair=True),
    BetType.PERFECT_PAIR: Round(0, 0, perfect_pair=True),
}


@dataclass(frozen=True, slots=True)
class _Nets:
    """Net results per unit for one set of bet rules: per round category, or win/lose for pair bets."""

    category: dict[tuple[BetType, Mode], tuple[Fraction, ...]]   # net per category
    pair: dict[BetType, tuple[Fraction, Fraction]]               # (win net, lose net)
    category_float: dict[tuple[BetType, Mode], np.ndarray]


def _rule_key(rule: BetRule) -> tuple:
    return (rule.bet, rule.pays, tuple(sorted(rule.extra.items())))


_NETS_CACHE: dict[tuple, _Nets] = {}


def _nets(rules: Mapping[BetType, BetRule]) -> _Nets:
    key = tuple(_rule_key(rules[b]) for b in BetType if b in rules)
    cached = _NETS_CACHE.get(key)
    if cached is not None:
        return cached
    tables = round_tables()
    rounds = [
        Round(int(tables.player_total[c]), int(tables.banker_total[c]), bool(tables.player_natural[c]),
              bool(tables.banker_natural[c]), int(tables.banker_cards[c]))
        for c in range(tables.categories)
    ]
    category: dict[tuple[BetType, Mode], tuple[Fraction, ...]] = {}
    pair: dict[BetType, tuple[Fraction, Fraction]] = {}
    for bet, rule in rules.items():
        if bet in _PAIR_BETS:
            pair[bet] = (net_per_unit(bet, rule, Mode.COMMISSION, _PAIR_WIN[bet]),
                         net_per_unit(bet, rule, Mode.COMMISSION, Round(0, 0)))
            continue
        modes = (Mode.COMMISSION, Mode.NO_COMMISSION) if bet is BetType.BANKER else (Mode.COMMISSION,)
        for mode in modes:
            category[(bet, mode)] = tuple(net_per_unit(bet, rule, mode, r) for r in rounds)
    nets = _Nets(category, pair, {k: np.array([float(x) for x in v]) for k, v in category.items()})
    if len(_NETS_CACHE) > 64:
        _NETS_CACHE.clear()
    _NETS_CACHE[key] = nets
    return nets


# --------------------------------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------------------------------


def _bet_odds(bet: str, ev: Number) -> BetOdds:
    return BetOdds(bet, ev, -ev, 1 + ev)


def _exact_ev(rounds: list[int], round_total: int, nets: tuple[Fraction, ...]) -> Fraction:
    # integer arithmetic over the nets' common denominator, one Fraction at the end
    denominator = math.lcm(*(net.denominator for net in nets))
    scaled = [net.numerator * (denominator // net.denominator) for net in nets]
    return Fraction(sum(c * k for c, k in zip(rounds, scaled, strict=True)), round_total * denominator)


def _pair_probability(counts: _Counts, bet: BetType, exact: bool) -> Number:
    if bet in (BetType.PLAYER_PAIR, BetType.BANKER_PAIR):
        num, den = counts.player_pair, counts.pair_total
    elif bet is BetType.EITHER_PAIR:
        num, den = counts.either_pair, counts.four_total
    else:
        num, den = counts.perfect_pair, counts.four_total
    return Fraction(num, den) if exact else num / den


def _category_probabilities(counts: _Counts, exact: bool) -> Callable[[np.ndarray], Number]:
    """A function summing round probability over a boolean category mask."""
    if exact:
        rounds = [int(x) for x in counts.rounds.tolist()]

        def exact_sum(mask: np.ndarray) -> Number:
            return Fraction(sum(c for c, m in zip(rounds, mask.tolist(), strict=True) if m), counts.round_total)

        return exact_sum
    probs = counts.rounds.astype(float) / float(counts.round_total)
    return lambda mask: float(probs[mask].sum())


def _details(counts: _Counts, exact: bool) -> dict[str, Number]:
    t = round_tables()
    prob = _category_probabilities(counts, exact)
    p, b = t.player_total, t.banker_total
    lucky = (b > p) & (b == 6)
    return {
        "banker": prob(b > p),
        "player": prob(p > b),
        "tie": prob(p == b),
        "player_natural": prob(t.player_natural),
        "banker_natural": prob(t.banker_natural),
        "natural": prob(t.player_natural | t.banker_natural),
        "banker_three_cards": prob(t.banker_cards == 3),
        "lucky_six_two_cards": prob(lucky & (t.banker_cards == 2)),
        "lucky_six_three_cards": prob(lucky & (t.banker_cards == 3)),
        "player_pair": _pair_probability(counts, BetType.PLAYER_PAIR, exact),
        "banker_pair": _pair_probability(counts, BetType.BANKER_PAIR, exact),
        "either_pair": _pair_probability(counts, BetType.EITHER_PAIR, exact),
        "perfect_pair": _pair_probability(counts, BetType.PERFECT_PAIR, exact),
    }


def outcome_probabilities(remaining: Mapping[Card | str, int] | Composition, *,
                          exact: bool = False) -> dict[str, Number]:
    """Exact probabilities of the outcomes bets depend on, for the next round from ``remaining``.

    Parameters
    ----------
    remaining:
        Cards left (see :func:`composition_from_counts`); at least 6.
    exact:
        ``True`` for ``Fraction`` results, else ``float``.

    Returns
    -------
    dict
        ``banker``, ``player``, ``tie`` (winner); ``player_natural``, ``banker_natural``, ``natural`` (either);
        ``banker_three_cards``; ``lucky_six_two_cards``, ``lucky_six_three_cards`` (Banker wins with 6 on 2/3
        cards); ``player_pair``, ``banker_pair``, ``either_pair`` (by rank), ``perfect_pair`` (either hand, rank
        and suit).

    Raises
    ------
    OddsError
        Bad composition or fewer than 6 cards.

    Rule source: docs/rules.md §2–3.
    """
    return _details(_counts(composition_from_counts(remaining)), exact)


def _bet_evs(counts: _Counts, nets: _Nets, bets: Iterable[tuple[BetType, Mode]], exact: bool) -> dict:
    out: dict[tuple[BetType, Mode], Number] = {}
    probs = None if exact else counts.rounds.astype(float) / float(counts.round_total)
    rounds = [int(x) for x in counts.rounds.tolist()] if exact else []
    for bet, mode in bets:
        if bet in nets.pair:
            win, lose = nets.pair[bet]
            p = _pair_probability(counts, bet, exact)
            out[(bet, mode)] = p * win + (1 - p) * lose if exact else p * float(win) + (1 - p) * float(lose)
        elif exact:
            out[(bet, mode)] = _exact_ev(rounds, counts.round_total, nets.category[(bet, mode)])
        else:
            out[(bet, mode)] = float(probs @ nets.category_float[(bet, mode)])
    return out


def analyse(remaining: Mapping[Card | str, int] | Composition, paytable: PayTable, *,
            mode: Mode | str | None = None, exact: bool = False) -> OddsReport:
    """EV, house edge and RTP of every bet of ``paytable`` for the next round dealt from ``remaining``.

    Parameters
    ----------
    remaining:
        Cards left in the shoe (see :func:`composition_from_counts`); at least 6.
        ``decks_composition(8)`` is a full 8-deck shoe.
    paytable:
        The pay table (payouts "to one"; a "for one" table is converted when loaded).
    mode:
        Mode (or its name) the Banker bet of ``bets`` is paid in; default the pay table's mode. Both Banker modes are
        always given as ``banker_commission`` and ``banker_no_commission``.
    exact:
        ``True``: every number a ``Fraction``. ``False``: ``float`` (same integer counts, divided at the end).

    Returns
    -------
    OddsReport

    Raises
    ------
    OddsError
        Bad composition or fewer than 6 cards.

    ValueError
        ``mode`` is a string that names no mode.

    Rule source: docs/rules.md §3 (bets, payouts, RTP). A full 8-deck analysis takes well under a millisecond
    (floats) or about a millisecond (exact) once the engine's tables are built (first call, about 0.2 s).
    """
    composition = composition_from_counts(remaining)
    mode = paytable.mode if mode is None else Mode.parse(mode.value if isinstance(mode, Mode) else mode)
    counts = _counts(composition)
    nets = _nets(paytable.bets)
    wanted = [(b, mode if b is BetType.BANKER else Mode.COMMISSION) for b in BetType if b in paytable.bets]
    if BetType.BANKER in paytable.bets:
        wanted += [(BetType.BANKER, m) for m in Mode if m is not mode]
    evs = _bet_evs(counts, nets, wanted, exact)
    bets = {b.value: _bet_odds(b.value, evs[(b, m)]) for b, m in wanted[:len(paytable.bets)]}
    banker = {m: _bet_odds(BetType.BANKER.value, evs[(BetType.BANKER, m)])
              for m in Mode if (BetType.BANKER, m) in evs}
    details = _details(counts, exact)
    return OddsReport(
        cards=composition.cards,
        mode=mode,
        probabilities={k: details[k] for k in ("banker", "player", "tie")},
        details=details,
        bets=bets,
        banker_commission=banker.get(Mode.COMMISSION),
        banker_no_commission=banker.get(Mode.NO_COMMISSION),
        exact=exact,
    )
