"""Settlement: what every bet of a round returns, to the cent, and which bets the table refuses.

Rule source: docs/rules.md §3 (bets, payouts, last round offered), §4 (limits, the Player/Banker
difference) and §5 (a voided round refunds every bet). Pure functions over values.

Terms
-----
odds
    "to one": a win returns the stake plus ``odds`` × stake (docs/rules.md §3).
net per unit
    :func:`net_for_unit`: the result of 1 unit staked, stake excluded: ``-1`` (lost), ``0`` (push),
    ``0.95``, ``3.5``, ``30`` …
paid
    The total handed back to the player for a bet, stake included: 0 on a loss, the stake on a
    push or a refund, stake + winnings on a win.
net
    ``paid - amount``.

Sub-cent rule
-------------
Stakes are whole cents, but winnings at 0.95:1, 3.5:1 or 0.5:1 can fall between cents
(0.95 × 0.15 = 0.1425). The winnings are then rounded to the cent by the table's
:class:`SubCentRule`; the default, :attr:`SubCentRule.HOUSE`, rounds down in the house's
favour (0.1425 → 0.14). The rule applies to winnings only: a stake is always returned in full.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from typing import Protocol

from dealer_station.domain.bets import BetType
from dealer_station.domain.enums import IdentityEnum
from dealer_station.domain.errors import BetRefused, MoneyError
from dealer_station.domain.money import CENT, format_money, to_money
from dealer_station.domain.outcome import RoundOutcome, Winner
from dealer_station.domain.paytable import BetRule, Mode, PayTable

__all__ = [
    "Bet",
    "BetSettlement",
    "Result",
    "SubCentRule",
    "Void",
    "bet_result",
    "check_bet",
    "check_bets",
    "net_for_unit",
    "settle",
    "settle_bet",
]

_LOSE = Decimal(-1)
_PUSH = Decimal(0)


class Result(IdentityEnum):
    """The result of one bet (docs/rules.md §3, §5)."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"
    """Tie on Player/Banker, natural tie on a bonus bet: the stake is returned."""
    REFUND = "refund"
    """The round was voided: the stake is returned (docs/rules.md §5)."""


class SubCentRule(IdentityEnum):
    """How winnings that fall between cents are rounded to the cent (see the module doc).

    ``HOUSE`` (default): down, in the house's favour. ``HALF_UP``, ``HALF_EVEN``: to the nearest
    cent. ``PLAYER``: up, in the player's favour. Winnings are never negative, so "down" is
    towards zero.
    """

    HOUSE = "house"
    HALF_UP = "half-up"
    HALF_EVEN = "half-even"
    PLAYER = "player"

    @property
    def rounding(self) -> str:
        """The :mod:`decimal` rounding constant of this rule."""
        return {SubCentRule.HOUSE: ROUND_FLOOR, SubCentRule.HALF_UP: ROUND_HALF_UP,
                SubCentRule.HALF_EVEN: ROUND_HALF_EVEN, SubCentRule.PLAYER: ROUND_CEILING}[self]

    @classmethod
    def parse(cls, text: str) -> "SubCentRule":
        """Rule from its setting text (``"house"``, ``"half-up"``, ``"half-even"``, ``"player"``).

        Raises ValueError naming the allowed values.
        """
        try:
            return cls(str(text).strip().lower().replace("_", "-"))
        except ValueError:
            allowed = ", ".join(r.value for r in cls)
            raise ValueError(f"unknown sub-cent rule {text!r}; allowed: {allowed}") from None


@dataclass(frozen=True, slots=True)
class Bet:
    """A stake on one bet type.

    Parameters
    ----------
    bet:
        The bet type (a :class:`BetType`; an identifier string such as ``"player"`` is accepted by
        :func:`check_bet` and :func:`settle`).
    amount:
        The stake, a Decimal in whole cents, > 0.
    ref:
        An optional reference kept with the bet (player seat, bet slip id); not interpreted.
    """

    bet: BetType
    amount: Decimal
    ref: str = ""


@dataclass(frozen=True, slots=True)
class Void:
    """A voided round: every bet of it is refunded (docs/rules.md §5). ``reason`` is for people and records."""

    reason: str = ""


@dataclass(frozen=True, slots=True)
class BetSettlement:
    """How one bet was settled.

    ``paid`` is the total returned to the player (stake included), ``net`` is ``paid - amount``;
    both are Decimals to the cent. ``per_unit`` is :func:`net_for_unit` of the bet (0 for a refund).
    """

    bet: Bet
    result: Result
    paid: Decimal
    net: Decimal
    per_unit: Decimal

    def to_dict(self) -> dict[str, str]:
        """Plain JSON-able form: identifiers and amounts as strings (``"12.50"``)."""
        return {"bet": self.bet.bet.value, "ref": self.bet.ref, "amount": str(self.bet.amount),
                "result": self.result.value, "paid": str(self.paid), "net": str(self.net)}


def net_for_unit(bet: BetType, outcome: RoundOutcome, paytable: PayTable, mode: Mode | None = None) -> Decimal:
    """The net result of 1 unit staked on ``bet`` in a completed round (docs/rules.md §3).

    Parameters
    ----------
    bet:
        The bet type (or its identifier, e.g. ``"banker"``).
    outcome:
        The round's outcome.
    paytable:
        The table's pay table (odds "to one").
    mode:
        Commission or No Commission; ``None`` uses the pay table's mode. Only the Banker bet
        depends on it.

    Returns
    -------
    Decimal
        ``-1`` when the bet loses, ``0`` for a push, else the odds it pays "to one"
        (``0.95``, ``0.5``, ``1``, ``3.5``, ``8``, ``30`` …), exact.

    Raises
    ------
    BetRefused
        Code ``not_offered`` when the pay table does not offer ``bet`` or it is no identifier.
    """
    if not isinstance(bet, BetType):
        bet = _as_bet((bet, 1)).bet
    return net_for_rule(bet, _rule(paytable, bet), outcome, paytable.mode if mode is None else mode)


class OutcomeLike(Protocol):
    """What a payout needs to know of a round: a :class:`RoundOutcome` or any object with these."""

    winner: Winner
    banker_total: int
    margin: int
    player_natural: bool
    banker_natural: bool
    player_pair: bool
    banker_pair: bool
    perfect_pair: bool
    lucky_six: int


def net_for_rule(bet: BetType, rule: BetRule, outcome: OutcomeLike, mode: Mode) -> Decimal:
    """The net result of 1 unit on ``bet`` paid by ``rule`` (docs/rules.md §3): the one payout rule.

    ``outcome`` is a :class:`RoundOutcome` or anything with the attributes of :class:`OutcomeLike`
    (the odds engine passes round categories). Returns -1 (lost), 0 (push) or the odds "to one".
    """
    winner = outcome.winner
    if bet is BetType.PLAYER:
        return rule.pays if winner is Winner.PLAYER else _PUSH if winner is Winner.TIE else _LOSE
    if bet is BetType.BANKER:
        if winner is Winner.TIE:
            return _PUSH
        if winner is Winner.PLAYER:
            return _LOSE
        if mode is Mode.COMMISSION:
            return rule.pays
        if outcome.banker_total == 6:
            return rule.extra["no_commission_six"]
        return rule.extra["no_commission"]
    if bet is BetType.TIE:
        return rule.pays if winner is Winner.TIE else _LOSE
    if bet in (BetType.PLAYER_BONUS, BetType.BANKER_BONUS):
        side = Winner.PLAYER if bet is BetType.PLAYER_BONUS else Winner.BANKER
        natural = outcome.player_natural if side is Winner.PLAYER else outcome.banker_natural
        if winner is Winner.TIE:
            return _PUSH if natural else _LOSE
        if winner is not side:
            return _LOSE
        if natural:
            return rule.extra["natural"]
        return rule.extra.get(f"margin_{outcome.margin}", _LOSE)
    if bet is BetType.LUCKY_SIX:
        cards = outcome.lucky_six
        return rule.extra["two_cards"] if cards == 2 else rule.extra["three_cards"] if cards == 3 else _LOSE
    wins = {
        BetType.PLAYER_PAIR: outcome.player_pair,
        BetType.BANKER_PAIR: outcome.banker_pair,
        BetType.EITHER_PAIR: outcome.player_pair or outcome.banker_pair,
        BetType.PERFECT_PAIR: outcome.perfect_pair,
        BetType.PLAYER_NATURAL: outcome.player_natural,
        BetType.BANKER_NATURAL: outcome.banker_natural,
        BetType.TWO_CARDS_LUCKY_SIX: outcome.lucky_six == 2,
        BetType.THREE_CARDS_LUCKY_SIX: outcome.lucky_six == 3,
    }[bet]
    return rule.pays if wins else _LOSE


def bet_result(bet: BetType, outcome: RoundOutcome, paytable: PayTable, mode: Mode | None = None) -> Result:
    """WIN, LOSE or PUSH of ``bet`` in ``outcome`` (from :func:`net_for_unit`; same errors)."""
    net = net_for_unit(bet, outcome, paytable, mode)
    return Result.WIN if net > 0 else Result.PUSH if net == 0 else Result.LOSE


def check_bet(bet: Bet | tuple[BetType | str, object], paytable: PayTable,
              round_number: int | None = None) -> Bet:
    """Check one bet against the pay table; return it as a :class:`Bet` (docs/rules.md §3–4).

    Parameters
    ----------
    bet:
        A :class:`Bet` or a ``(bet type or identifier, amount)`` pair.
    paytable:
        The table's pay table: offered bets, last rounds, stake limits.
    round_number:
        The round of the shoe the bet is for (1-based); ``None`` skips the last-round check.

    Raises
    ------
    BetRefused
        ``not_offered`` (unknown identifier or a bet the table does not offer), ``bad_amount``
        (not a Decimal/int/str amount, not positive, fractions of a cent), ``closed`` (after the
        bet's last round), ``below_minimum`` / ``above_maximum`` (outside the bet's stake limits).
    """
    checked = _as_bet(bet)
    rule = _rule(paytable, checked.bet, checked)
    name = checked.bet.value
    if round_number is not None and not rule.offered_in(round_number):
        raise BetRefused("closed", f"{name} is closed: it is offered until round {rule.last_round} of the "
                                   f"shoe and this is round {round_number}", checked)
    if rule.min_stake is not None and checked.amount < rule.min_stake:
        raise BetRefused("below_minimum", f"{name} stake {format_money(checked.amount)} is below the minimum "
                                          f"{_show(rule.min_stake)}", checked)
    if rule.max_stake is not None and checked.amount > rule.max_stake:
        raise BetRefused("above_maximum", f"{name} stake {format_money(checked.amount)} is above the maximum "
                                          f"{_show(rule.max_stake)}", checked)
    return checked


def check_bets(bets: Iterable[Bet | tuple[BetType | str, object]], paytable: PayTable,
               round_number: int | None = None, *, placed: Iterable[Bet] = ()) -> list[Bet]:
    """Check the bets of one round: each with :func:`check_bet`, then the Player/Banker difference.

    Parameters
    ----------
    bets:
        The bets to check (:class:`Bet` or ``(type, amount)`` pairs).
    paytable:
        The table's pay table; its ``difference_limit`` (``None``: no limit) caps
        ``|total on Player - total on Banker|`` over the whole round (docs/rules.md §4: money on Player
        offsets money on Banker).
    round_number:
        As in :func:`check_bet`.
    placed:
        Bets of the round accepted before; they count towards the difference and the type totals.

    A bet type's ``max`` is the table's limit for that type (docs/rules.md §4: "table limits apply to
    the whole table; every bet type has its own limit"): the round's total on a side bet or on
    Tie must stay within it. For Player and Banker the table limit is the difference limit.

    Returns
    -------
    list of Bet
        ``bets`` as :class:`Bet` values, in order.

    Raises
    ------
    BetRefused
        The first refusal of :func:`check_bet`; ``above_maximum`` when a type's total at the table
        goes over its limit; ``difference_limit`` naming both totals.
    """
    checked = [check_bet(b, paytable, round_number) for b in bets]
    placed = [_as_bet(b) for b in placed]
    totals: dict[BetType, Decimal] = {}
    for b in [*placed, *checked]:
        totals[b.bet] = totals.get(b.bet, Decimal(0)) + b.amount
    for bet_type, total in totals.items():
        rule = paytable.bets.get(bet_type)
        if bet_type in (BetType.PLAYER, BetType.BANKER) or rule is None or rule.max_stake is None:
            continue
        if total > rule.max_stake:
            over = next((b for b in reversed(checked) if b.bet is bet_type), None)
            raise BetRefused("above_maximum", f"{bet_type.value}: the table's total {format_money(total)} would be "
                                              f"above the limit {_show(rule.max_stake)}", over)
    limit = paytable.difference_limit
    if limit is not None:
        everything = [*placed, *checked]
        on_player = sum((b.amount for b in everything if b.bet is BetType.PLAYER), Decimal(0))
        on_banker = sum((b.amount for b in everything if b.bet is BetType.BANKER), Decimal(0))
        if abs(on_player - on_banker) > limit:
            over = next((b for b in reversed(checked) if b.bet in (BetType.PLAYER, BetType.BANKER)), None)
            raise BetRefused(
                "difference_limit",
                f"Player/Banker difference {format_money(abs(on_player - on_banker))} is above the limit "
                f"{_show(limit)} (Player {format_money(on_player)}, Banker {format_money(on_banker)})",
                over,
            )
    return checked


def settle_bet(bet: Bet, result: RoundOutcome | Void, paytable: PayTable, *, mode: Mode | None = None,
               sub_cent: SubCentRule = SubCentRule.HOUSE) -> BetSettlement:
    """Settle one already checked bet (see :func:`settle`; no limit checks here).

    Raises BetRefused ``not_offered`` when the table does not offer the bet, ``bad_amount`` for a
    stake that is not a positive whole number of cents.
    """
    bet = _as_bet(bet)
    if isinstance(result, Void):
        _rule(paytable, bet.bet, bet)
        return BetSettlement(bet, Result.REFUND, bet.amount, Decimal("0.00"), _PUSH)
    per_unit = net_for_unit(bet.bet, result, paytable, mode)
    if per_unit < 0:
        return BetSettlement(bet, Result.LOSE, Decimal("0.00"), -bet.amount, per_unit)
    if per_unit == 0:
        return BetSettlement(bet, Result.PUSH, bet.amount, Decimal("0.00"), per_unit)
    winnings = (bet.amount * per_unit).quantize(CENT, rounding=sub_cent.rounding)
    return BetSettlement(bet, Result.WIN, bet.amount + winnings, winnings, per_unit)


def settle(bets: Iterable[Bet | tuple[BetType | str, object]], result: RoundOutcome | Void, paytable: PayTable,
           *, mode: Mode | None = None, sub_cent: SubCentRule = SubCentRule.HOUSE,
           round_number: int | None = None) -> list[BetSettlement]:
    """Settle every bet of a round (docs/rules.md §3–5).

    Parameters
    ----------
    bets:
        The round's bets: :class:`Bet` values or ``(bet type or identifier, amount)`` pairs;
        amounts are Decimals in whole cents.
    result:
        The completed round's :class:`RoundOutcome`, or a :class:`Void` (every bet refunded).
    paytable:
        The table's pay table.
    mode:
        Commission or No Commission; ``None`` uses the pay table's mode.
    sub_cent:
        Rounding of winnings that fall between cents; default down, in the house's favour.
    round_number:
        The round of the shoe (1-based); when given, bets after their last round are refused.

    Returns
    -------
    list of BetSettlement
        One per bet, in order: result, ``paid`` (stake included) and ``net``, Decimals to the cent.

    Raises
    ------
    BetRefused
        As :func:`check_bets`: nothing is settled when any bet is refused.
    """
    checked = check_bets(bets, paytable, round_number)
    return [settle_bet(b, result, paytable, mode=mode, sub_cent=sub_cent) for b in checked]


def _rule(paytable: PayTable, bet: BetType, subject: Bet | None = None) -> BetRule:
    if bet not in paytable.bets:
        offered = ", ".join(b.value for b in BetType if b in paytable.bets)
        raise BetRefused("not_offered", f"{bet.value} is not offered at this table "
                                        f"(pay table {paytable.name!r} offers: {offered})", subject)
    return paytable.bets[bet]


def _as_bet(bet: Bet | Sequence[object]) -> Bet:
    if isinstance(bet, Bet):
        kind, amount, ref = bet.bet, bet.amount, bet.ref
    else:
        try:
            kind, amount = bet
        except (TypeError, ValueError):
            raise BetRefused("bad_amount", f"a bet is a (type, amount) pair, not {bet!r}") from None
        ref = ""
    if not isinstance(kind, BetType):
        try:
            kind = BetType.parse(str(kind))
        except ValueError as err:
            raise BetRefused("not_offered", str(err)) from None
    try:
        money = to_money(amount)
    except MoneyError as err:
        raise BetRefused("bad_amount", f"{kind.value} stake refused: {err}") from None
    if money <= 0:
        raise BetRefused("bad_amount", f"{kind.value} stake must be more than 0, got {format_money(money)}")
    return Bet(kind, money, ref)


def _show(amount: Decimal) -> str:
    try:
        return format_money(amount)
    except MoneyError:
        return str(amount)
