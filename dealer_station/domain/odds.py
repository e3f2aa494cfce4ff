"""Exact odds of punto banco for any shoe composition: outcome probabilities, EV, house edge and RTP.

Rule source: RULES.md §1 (cards, points), §2 (the round), §3 (bets, payouts, RTP).

*Exact* means counts over all orderings of the remaining cards, drawn without replacement: a round's
probability is the number of ordered draws of its first 4 cards (then up to 2 more) over all ordered
draws. Pairs are by rank, perfect pairs by rank and suit (a hand's first two cards are the same kind);
Either Pair and Perfect Pair are paid once even when both hands qualify. The engine counts with
integers (see :mod:`dealer_station.domain.odds_tables`), so its counts are exact; ``exact=True`` returns
:class:`fractions.Fraction`, otherwise ``float``.

Payouts come from the :class:`~dealer_station.domain.paytable.PayTable` ("to one"); the only place that
turns a round into a player's net result per unit staked is :func:`net_per_unit`, which applies
settlement's one payout rule (:func:`dealer_station.domain.settlement.net_for_rule`).

EV is the player's expected net result per unit staked (a push counts as 0), house edge is ``-EV`` and
RTP (return to player) is ``1 + EV``: the Banker bet with 5% commission in 8 decks has RTP 98.94%
(RULES.md §3).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

import numpy as np

from dealer_station.domain import edge_counts
from dealer_station.domain.bets import SIDE_BETS, BetType
from dealer_station.domain.cards import ALL_KINDS, Card, parse_card
from dealer_station.domain.errors import CardError, DomainError
from dealer_station.domain.odds_tables import MAX_CARDS, round_tables
from dealer_station.domain.outcome import FinalTotals
from dealer_station.domain.paytable import BetRule, Mode, PayTable
from dealer_station.domain.settlement import net_for_rule

__all__ = [
    "BetOdds",
    "Composition",
    "EdgeMonitor",
    "OddsError",
    "OddsReport",
    "Round",
    "analyse",
    "composition_from_counts",
    "composition_from_json",
    "decks_composition",
    "make_edge_monitor",
    "net_per_unit",
    "outcome_probabilities",
    "player_edge_alerts",
]

Number = float | Fraction

_KIND_PATTERN = re.compile(r"[A2-9TJQK][SHDC]")
_INT64_SAFE_CARDS = 1400
"""Up to this many cards N**6 < 2**63, so the engine's int64 counts cannot overflow; beyond, Python ints."""


class OddsError(DomainError):
    """A composition the engine cannot analyse: a bad kind or count, or fewer than 6 cards (RULES.md §2)."""


# --------------------------------------------------------------------------------------------------
# Compositions
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Composition:
    """The cards left in a shoe: a count for each of the 52 kinds, in ``ALL_KINDS`` order.

    Build one with :func:`composition_from_counts`, :func:`composition_from_json` or
    :func:`decks_composition`; they validate. ``counts`` is a tuple of 52 non-negative ints.
    """

    counts: tuple[int, ...]

    @property
    def cards(self) -> int:
        """Number of cards left."""
        return sum(self.counts)

    def point_counts(self) -> list[int]:
        """Cards left of each point value 0–9 (RULES.md §1: 10/J/Q/K are 0)."""
        points = [0] * 10
        for card, count in zip(ALL_KINDS, self.counts, strict=True):
            points[card.points] += count
        return points

    def rank_counts(self) -> list[int]:
        """Cards left of each rank A..K (13 entries), for pairs by rank."""
        ranks = [0] * 13
        for card, count in zip(ALL_KINDS, self.counts, strict=True):
            ranks[card.rank.value - 1] += count
        return ranks

    def as_dict(self) -> dict[str, int]:
        """Counts by token (``"AS"``, ``"TD"``), kinds with 0 left omitted: the composition file format."""
        return {card.token: count for card, count in zip(ALL_KINDS, self.counts, strict=True) if count}


def _check_count(kind: str, count: object) -> int:
    if isinstance(count, bool) or not isinstance(count, int):
        raise OddsError(f"count of {kind} must be a whole number, got {count!r}")
    if count < 0:
        raise OddsError(f"count of {kind} must not be negative, got {count}")
    return count


def _checked(counts: list[int]) -> Composition:
    total = sum(counts)
    if total < MAX_CARDS:
        raise OddsError(f"a composition needs at least {MAX_CARDS} cards to deal a round, got {total}")
    return Composition(tuple(counts))


def composition_from_counts(remaining: Mapping[Card | str, int] | Composition) -> Composition:
    """Validate the cards left in a shoe.

    Parameters
    ----------
    remaining:
        Count per kind: keys are :class:`Card` or card tokens (``"AS"``, ``"10D"``); missing kinds are 0.
        A ``collections.Counter[Card]`` of the shoe's remaining cards fits. A :class:`Composition` is
        returned as it is.

    Returns
    -------
    Composition

    Raises
    ------
    OddsError
        A key that is not a card, a count that is not a whole number >= 0, or fewer than 6 cards.
    """
    if isinstance(remaining, Composition):
        return remaining
    return _checked(_kind_vector(remaining))


_KIND_INDEX: dict[Card, int] = {card: i for i, card in enumerate(ALL_KINDS)}
_KIND_BY_ID: dict[int, int] = {id(card): i for i, card in enumerate(ALL_KINDS)}
"""``ALL_KINDS`` by object identity: the shoe's own Card objects (``shoe_counts``) are found without hashing."""
_KINDS_LIST: list[Card] = list(ALL_KINDS)
_INT = {int}


def _kind_vector(remaining: Mapping[Card | str, int] | Composition) -> list[int]:
    """52 validated counts in ``ALL_KINDS`` order (no minimum); OddsError for a bad key or count.

    A mapping keyed by the 52 kinds in ``ALL_KINDS`` order (``shoe_counts`` and its copies) with plain int
    counts >= 0 is read without a Python loop; anything else is checked key by key.
    """
    if isinstance(remaining, Composition):
        return list(remaining.counts)
    if not isinstance(remaining, Mapping):
        raise OddsError(f"a composition is a mapping of card to count, got {type(remaining).__name__}")
    if len(remaining) == len(ALL_KINDS) and list(remaining) == _KINDS_LIST:   # the shoe's own cards: by identity
        values = list(remaining.values())
        if set(map(type, values)) <= _INT and min(values) >= 0:
            return values
    counts = [0] * len(ALL_KINDS)
    by_id = _KIND_BY_ID.get
    for key, count in remaining.items():
        i = by_id(id(key))
        if i is None or type(count) is not int or count < 0:
            try:
                card = key if isinstance(key, Card) else parse_card(key)
            except CardError as err:
                raise OddsError(f"bad card kind {key!r}: {err}") from None
            i = _KIND_INDEX[card]
            count = _check_count(str(card), count)
        counts[i] += count
    return counts


def decks_composition(decks: int) -> Composition:
    """A full shoe of ``decks`` standard 52-card decks (RULES.md §1: 8 decks, 416 cards).

    Raises OddsError when ``decks`` is not a whole number >= 1.
    """
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise OddsError(f"decks must be a whole number >= 1, got {decks!r}")
    return Composition((decks,) * len(ALL_KINDS))


def composition_from_json(text: str) -> Composition:
    """Read a composition file: ``{"counts": {"AS": 8, "TD": 3, ...}}``.

    Kinds are RANK+SUIT with RANK in ``A23456789TJQK`` and SUIT in ``SHDC``; missing kinds are 0.

    Raises
    ------
    OddsError
        Not JSON, no ``counts`` object, a bad or repeated kind, a bad count, or fewer than 6 cards;
        the message says which.
    """

    def pairs_hook(pairs: list[tuple[str, object]]) -> dict[str, object]:
        seen: dict[str, object] = {}
        for key, value in pairs:
            if key in seen:
                raise OddsError(f"kind {key!r} is given twice")
            seen[key] = value
        return seen

    try:
        data = json.loads(text, object_pairs_hook=pairs_hook)
    except OddsError:
        raise
    except (ValueError, RecursionError) as err:
        # JSONDecodeError, and what the decoder raises past Python's limits: an integer of more than 4300
        # digits (ValueError) or arrays and objects nested too deep (RecursionError).
        raise OddsError(f"not valid JSON: {err}") from None
    if not isinstance(data, dict) or not isinstance(data.get("counts"), dict):
        raise OddsError('expected {"counts": {"AS": 8, "TD": 3, ...}}')
    index = {card.token: i for i, card in enumerate(ALL_KINDS)}
    counts = [0] * len(ALL_KINDS)
    for kind, count in data["counts"].items():
        if not _KIND_PATTERN.fullmatch(kind):
            raise OddsError(f"bad card kind {kind!r}: expected RANK+SUIT, RANK in A23456789TJQK, SUIT in SHDC")
        counts[index[kind]] = _check_count(kind, count)
    return _checked(counts)


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
    """What a bet needs to know of a dealt round (RULES.md §2–3).

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
        Its pay table rule (payouts "to one", as loaded; RULES.md §3).
    mode:
        Table mode; only the Banker bet depends on it.
    r:
        The round.

    Returns
    -------
    Fraction
        Exact net result per unit staked.

    Rule source: RULES.md §3 (the bet table and the Player/Banker Bonus pay table).
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


@dataclass(frozen=True, slots=True)
class BetOdds:
    """EV, house edge and RTP of one bet, per unit staked (RULES.md §3).

    ``ev`` is the player's expected net result (push = 0), ``house_edge = -ev``, ``rtp = 1 + ev``;
    ``Fraction`` when computed exactly, else ``float``.
    """

    bet: str
    ev: Number
    house_edge: Number
    rtp: Number


@dataclass(frozen=True, slots=True)
class OddsReport:
    """Full analysis of one composition under one pay table.

    Attributes
    ----------
    cards:
        Cards left in the shoe.
    mode:
        Mode the Banker bet of ``bets`` is paid in.
    probabilities:
        ``{"banker", "player", "tie"}``: chance of each winner.
    details:
        Further exact outcome probabilities (see :func:`outcome_probabilities`).
    bets:
        Every bet of the pay table by identifier, in ``BetType`` order; Banker paid per ``mode``.
    banker_commission, banker_no_commission:
        The Banker bet in each mode, whatever ``mode`` is (``None`` if the table has no Banker bet).
    exact:
        True when numbers are ``Fraction``.
    """

    cards: int
    mode: Mode
    probabilities: dict[str, Number]
    details: dict[str, Number]
    bets: dict[str, BetOdds]
    banker_commission: BetOdds | None
    banker_no_commission: BetOdds | None
    exact: bool

    def to_json(self) -> dict[str, object]:
        """The ``dealer-station odds --json`` document.

        ``{"cards": N, "probabilities": {"banker", "player", "tie"}, "bets": {id: {"ev", "house_edge", "rtp"}},
        "banker_no_commission": {"ev", "house_edge", "rtp"}}``; numbers are JSON numbers, or fraction strings
        ``"p/q"`` when exact. ``banker_no_commission`` is ``null`` for a table without a Banker bet.
        """

        def num(x: Number) -> object:
            return str(x) if isinstance(x, Fraction) else float(x)

        def bet(b: BetOdds) -> dict[str, object]:
            return {"ev": num(b.ev), "house_edge": num(b.house_edge), "rtp": num(b.rtp)}

        return {
            "cards": self.cards,
            "probabilities": {k: num(v) for k, v in self.probabilities.items()},
            "bets": {k: bet(v) for k, v in self.bets.items()},
            "banker_no_commission": bet(self.banker_no_commission) if self.banker_no_commission else None,
        }


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

    Rule source: RULES.md §2–3.
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

    Rule source: RULES.md §3 (bets, payouts, RTP). A full 8-deck analysis takes well under a millisecond
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


# --------------------------------------------------------------------------------------------------
# Side-bet edge monitor
# --------------------------------------------------------------------------------------------------


def _ev_text(ev: float) -> str:
    return f"{Decimal(repr(ev)):.6f}"


def _mode_and_watched(paytable: PayTable, mode: Mode | str | None,
                      bets: Iterable[BetType | str] | None) -> tuple[Mode, list[BetType]]:
    """The table mode and the watched bets, in ``BetType`` order, for the edge alerts and the monitor.

    ``mode`` defaults to the pay table's; ``bets`` to every side bet (RULES.md §3); bets the table does
    not offer are dropped. Raises ValueError for an unknown bet id or mode name.
    """
    mode = paytable.mode if mode is None else Mode.parse(mode.value if isinstance(mode, Mode) else mode)
    if bets is None:
        return mode, [b for b in BetType if b in SIDE_BETS and b in paytable.bets]
    chosen = {b if isinstance(b, BetType) else BetType.parse(b) for b in bets}
    return mode, [b for b in BetType if b in chosen and b in paytable.bets]


def player_edge_alerts(remaining: Mapping[Card | str, int] | Composition, paytable: PayTable,
                       mode: Mode | str | None = None, bets: Iterable[BetType | str] | None = None) -> list[dict]:
    """The offered bets whose EV for the player is positive for the next round from ``remaining``.

    Parameters
    ----------
    remaining:
        Cards left in the shoe, e.g. a ``collections.Counter[Card]``.
    paytable:
        The table's pay table.
    mode:
        Table mode (Banker bet); default the pay table's mode.
    bets:
        Bet ids or types to watch; default every side bet of the pay table (RULES.md §3: all bets but
        Player, Banker and Tie). Bets the table does not offer are ignored.

    Returns
    -------
    list of dict
        One per bet with positive EV, in ``BetType`` order: ``{"bet": id, "ev": "0.012345" (decimal
        string, player's EV per unit, 6 places), "house_edge": "-0.012345", "cards_left": N}``.
        Empty when no bet favours the player, or when fewer than 6 cards are left (no round can be
        analysed; the shoe is at its end).

    Raises
    ------
    OddsError
        A bad composition (a key that is not a card, a negative count).
    ValueError
        An unknown bet id or mode name.

    Rule source: RULES.md §3 (side bets close after round 50/60 because late-shoe counts can favour
    the player).

    Stateless: every call runs the exact engine (about 0.4 ms for 8 decks). After every round of a shoe,
    use :func:`make_edge_monitor`, which gives the same answers about ten times faster; this function is
    its reference.
    """
    kinds = _kind_vector(remaining)
    if sum(kinds) < MAX_CARDS:
        return []
    composition = Composition(tuple(kinds))
    mode, watched = _mode_and_watched(paytable, mode, bets)
    if not watched:
        return []
    counts = _counts(composition)
    nets = _nets(paytable.bets)
    evs = _bet_evs(counts, nets, [(b, mode if b is BetType.BANKER else Mode.COMMISSION) for b in watched],
                   exact=False)
    alerts = []
    for (bet, _), ev in evs.items():
        if ev > 0:
            alerts.append({"bet": bet.value, "ev": _ev_text(ev), "house_edge": _ev_text(-ev),
                           "cards_left": composition.cards})
    return alerts


@dataclass(frozen=True, slots=True)
class _MonitorPlan:
    """What the edge monitor checks after a given round: the bets open in the next one (RULES.md §3)."""

    open_bets: tuple[BetType, ...]
    category: tuple[tuple[int, BetType], ...]           # (place in open_bets, bet) of bets paid by round category
    screen: np.ndarray                                  # float64[len(category), 5005]: net of each multiset
    margin: tuple[float, ...]                           # per category bet: float EV error allowance
    pairs: tuple[tuple[int, BetType, int, float, float], ...]   # (place, bet, 2 or 4 first cards, win, lose net)


def _clear_of_rounding(ev: float, margin: float) -> bool:
    """True when ``ev`` is more than ``2 * margin`` from every multiple of ``0.5e-6``.

    Those are the places where a 6-place decimal text can change (half-way points for rounding to
    nearest, whole millionths for rounding up or down, whatever the decimal context): every number within
    ``margin`` of ``ev`` then has the same :func:`_ev_text`, and so has its negation.
    """
    scaled = ev * 2e6
    return abs(scaled - round(scaled)) * 0.5e-6 > 2 * margin


class EdgeMonitor:
    """The side-bet edge monitor the controller calls after every round (see :func:`make_edge_monitor`).

    Called as ``monitor(remaining, round_number) -> list[dict]``; the result is exactly
    ``[{**alert, "round": round_number} for alert in player_edge_alerts(remaining, paytable, mode, open_bets)]``
    with ``open_bets`` the watched bets still offered in round ``round_number + 1`` (RULES.md §3).
    Build one with :func:`make_edge_monitor`; the constructor takes the pay table, the parsed ``mode`` and
    the watched bets in ``BetType`` order (each offered by the pay table).

    How it is fast. It keeps the previous call's counts (:class:`~dealer_station.domain.edge_counts.ShoeCounts`)
    and updates only what the changed cards touch. Pair bets are computed exactly as the engine computes
    them, from running integer sums. The other open bets get a float EV from the multiset weights (one
    matrix-vector product), within ``5.8e-13 * largest |net|`` of the exact EV; the engine's own float EV
    is within ``2.1e-14 * largest |net|``. The allowance used is ``SCREEN_MARGIN * max(1, largest |net|)``
    (``SCREEN_MARGIN = 1e-11``), over 15 times their sum. A bet whose float EV is below minus the allowance
    cannot alert; one above it alerts, and its ``"ev"`` and ``"house_edge"`` strings are the engine's:
    both floats round alike to 6 places unless one lies near a rounding boundary. When a float EV is within
    the allowance of 0, or within twice of a rounding boundary (rare, :func:`_clear_of_rounding`), or a
    point-value count is beyond the monitor's tables, the call returns :func:`player_edge_alerts` itself.
    Any composition is right, whatever the previous one was (new shoe, cards put back, recovery): the 52
    counts are diffed on every call.

    Raises
    ------
    OddsError
        (from a call) a key that is not a card or a count that is not a whole number >= 0.
    """

    def __init__(self, paytable: PayTable, mode: Mode, watched: list[BetType]) -> None:
        self._paytable = paytable
        self._mode = mode
        self._watched = watched
        self._plans: dict[int, _MonitorPlan] = {}                       # by round number
        self._plan_for: dict[tuple[BetType, ...], _MonitorPlan] = {}    # by open bets
        self._nets = _nets(paytable.bets)
        sequences = edge_counts.screen_tables().sequences
        self._multisets = sequences.shape[0]
        self._columns: dict[BetType, np.ndarray] = {}
        self._margins: dict[BetType, float] = {}
        for bet in watched:
            if bet not in self._nets.pair:
                net = self._nets.category_float[(bet, mode if bet is BetType.BANKER else Mode.COMMISSION)]
                self._columns[bet] = sequences @ net
                self._margins[bet] = edge_counts.SCREEN_MARGIN * max(1.0, float(np.abs(net).max()))
        self._counts = edge_counts.ShoeCounts()

    def _plan(self, round_number: int) -> _MonitorPlan:
        plan = self._plans.get(round_number)
        if plan is None:
            rules = self._paytable.bets
            open_bets = tuple(b for b in self._watched if rules[b].offered_in(round_number + 1))
            plan = self._plan_for.get(open_bets)
            if plan is None:
                # one plan (and one screen matrix, kept hot in cache) per set of open bets
                category = tuple((i, b) for i, b in enumerate(open_bets) if b in self._columns)
                screen = (np.ascontiguousarray(np.stack([self._columns[b] for _, b in category]))
                          if category else np.zeros((0, self._multisets)))
                pairs = tuple((i, b, 2 if b in (BetType.PLAYER_PAIR, BetType.BANKER_PAIR) else 4,
                               float(self._nets.pair[b][0]), float(self._nets.pair[b][1]))
                              for i, b in enumerate(open_bets) if b in self._nets.pair)
                plan = _MonitorPlan(open_bets, category, screen, tuple(self._margins[b] for _, b in category),
                                    pairs)
                self._plan_for[open_bets] = plan
            if len(self._plans) > 512:
                self._plans.clear()
            self._plans[round_number] = plan
        return plan

    def __call__(self, remaining: Mapping[Card | str, int] | Composition, round_number: int) -> list[dict]:
        """Alerts for the bets offered in round ``round_number + 1`` that favour the player."""
        plan = self._plan(round_number)
        if not plan.open_bets:
            return []
        kinds = _kind_vector(remaining)
        n = sum(kinds)
        if n < MAX_CARDS:
            return []
        state = self._counts
        state.update(kinds)
        pair_total = n * (n - 1)
        four_total = pair_total * (n - 2) * (n - 3)
        positive: list[tuple[int, BetType, float]] = []          # (place in open_bets, bet, EV)
        if plan.category:
            if not state.screenable():
                return self._engine(kinds, plan, round_number)
            evs = (plan.screen @ state.weights() / float(four_total * (n - 4) * (n - 5))).tolist()
            for (place, bet), ev, margin in zip(plan.category, evs, plan.margin, strict=True):
                if ev < -margin:
                    continue
                if ev <= margin or not _clear_of_rounding(ev, margin):
                    return self._engine(kinds, plan, round_number)
                positive.append((place, bet, ev))
        if plan.pairs:
            player_pair, either_pair, perfect_pair = state.pair_counts()
            for place, bet, first, win, lose in plan.pairs:
                if first == 2:
                    p = player_pair / pair_total
                else:
                    p = (either_pair if bet is BetType.EITHER_PAIR else perfect_pair) / four_total
                ev = p * win + (1 - p) * lose
                if ev > 0:
                    positive.append((place, bet, ev))
        if not positive:
            return []
        positive.sort(key=lambda item: item[0])
        return [{"bet": bet.value, "ev": _ev_text(ev), "house_edge": _ev_text(-ev), "cards_left": n,
                 "round": round_number} for _, bet, ev in positive]

    def _engine(self, kinds: list[int], plan: _MonitorPlan, round_number: int) -> list[dict]:
        """The engine's own answer (:func:`player_edge_alerts`), for the calls the floats cannot settle."""
        alerts = player_edge_alerts(Composition(tuple(kinds)), self._paytable, self._mode, plan.open_bets)
        return [{**alert, "round": round_number} for alert in alerts]


def make_edge_monitor(paytable: PayTable, mode: Mode | str | None = None,
                      bets: Iterable[BetType | str] | None = None) -> EdgeMonitor:
    """A side-bet edge monitor for the controller, to call after every round.

    Parameters
    ----------
    paytable, mode, bets:
        As for :func:`player_edge_alerts`.

    Returns
    -------
    EdgeMonitor
        Callable ``edge_monitor(remaining: Counter[Card], round_number: int) -> list[dict]``.
        ``round_number`` is the number (1-based) of the round just completed in this shoe; only bets still
        offered in the next round (``round_number + 1`` <= the bet's ``last_round``, RULES.md §3) are
        checked. Each alert is a :func:`player_edge_alerts` dict plus ``"round": round_number``, and the
        list is exactly what :func:`player_edge_alerts` gives for the open bets. The monitor keeps the
        previous call's counts to update only what changed (about 40 us a call over a shoe instead of
        about 0.5 ms); any composition is right whatever came before, so one monitor serves shoe after
        shoe. Once no watched bet is offered any more, a call does no work at all.

    Raises
    ------
    ValueError
        An unknown bet id or mode name.
    OddsError
        (from a call) a bad composition: a key that is not a card, a count that is not a whole number >= 0.
    """
    mode, watched = _mode_and_watched(paytable, mode, bets)
    return EdgeMonitor(paytable, mode, watched)
