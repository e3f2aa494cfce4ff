"""Dealing a round and its outcome.

Rule source: docs/rules.md §2. Deal order P, B, P, B; a natural (8 or 9 on two cards) stops the round;
otherwise Player draws on 0–5, then Banker by the banker table. A round has 4, 5 or 6 cards.

:class:`RoundDealer` deals one card at a time (what the table controller uses: it always knows the
next position and who draws); :func:`deal_round` deals a whole round from a sequence of cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from dealer_station.domain.cards import Card
from dealer_station.domain.enums import IdentityEnum
from dealer_station.domain.errors import DealError
from dealer_station.domain.rules import banker_draws, hand_total, is_natural, player_draws

__all__ = ["FinalTotals", "Position", "RoundDealer", "RoundOutcome", "Winner", "deal_round"]


class Winner(IdentityEnum):
    """Who won the round (docs/rules.md §2: higher total wins; equal totals are a tie)."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"

    @property
    def letter(self) -> str:
        """Road letter: ``P``, ``B`` or ``T``."""
        return self.value[0].upper()


class Position(IdentityEnum):
    """A card position in a round, in deal order (docs/rules.md §2)."""

    PLAYER1 = "player1"
    BANKER1 = "banker1"
    PLAYER2 = "player2"
    BANKER2 = "banker2"
    PLAYER3 = "player3"
    BANKER3 = "banker3"

    @property
    def hand(self) -> str:
        """``"player"`` or ``"banker"``."""
        return self.value[:-1]

    @property
    def index(self) -> int:
        """Card number within its hand, 1–3."""
        return int(self.value[-1])


_FIRST_FOUR = (Position.PLAYER1, Position.BANKER1, Position.PLAYER2, Position.BANKER2)
_PLAYER_POSITIONS = frozenset({Position.PLAYER1, Position.PLAYER2, Position.PLAYER3})


class FinalTotals:
    """Winner, margin and Lucky Six from ``player_total``, ``banker_total`` and ``banker_cards`` (docs/rules.md §2:
    higher total wins, equal totals are a tie; §3: Lucky Six). Mixed into every type that describes a
    finished round.
    """

    __slots__ = ()
    player_total: int
    banker_total: int
    banker_cards: int

    @property
    def winner(self) -> Winner:
        """The winner by final totals."""
        p, b = self.player_total, self.banker_total
        return Winner.PLAYER if p > b else Winner.BANKER if b > p else Winner.TIE

    @property
    def margin(self) -> int:
        """Winning total minus losing total, 0–9 (0 on a tie)."""
        return abs(self.player_total - self.banker_total)

    @property
    def lucky_six(self) -> int:
        """0 when Banker did not win with 6; else the number of cards in Banker's hand, 2 or 3 (docs/rules.md §3)."""
        return self.banker_cards if self.winner is Winner.BANKER and self.banker_total == 6 else 0


@dataclass(frozen=True, slots=True)
class RoundOutcome(FinalTotals):
    """The result of a dealt round (docs/rules.md §2–3): everything settlement and the roads need.

    ``margin`` is winning total − losing total (0 for a tie). Pairs are by rank on each hand's first
    two cards; ``perfect_pair`` is true when either hand's first two cards match in rank and suit.
    """

    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    _totals: tuple[int, int] = field(init=False, repr=False, compare=False)
    _flags: dict[str, object] | None = field(init=False, default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_totals", (hand_total(self.player), hand_total(self.banker)))

    @property
    def player_total(self) -> int:
        """Player's final total, 0–9."""
        return self._totals[0]

    @property
    def banker_total(self) -> int:
        """Banker's final total, 0–9."""
        return self._totals[1]

    @property
    def player_natural(self) -> bool:
        """Player's first two cards total 8 or 9."""
        return is_natural(hand_total(self.player[:2]))

    @property
    def banker_natural(self) -> bool:
        """Banker's first two cards total 8 or 9."""
        return is_natural(hand_total(self.banker[:2]))

    @property
    def natural(self) -> bool:
        """Either hand has a natural (the round stopped at four cards)."""
        return self.player_natural or self.banker_natural

    @property
    def player_pair(self) -> bool:
        """Player's first two cards have the same rank (K-K yes, K-10 no)."""
        return self.player[0].rank == self.player[1].rank

    @property
    def banker_pair(self) -> bool:
        """Banker's first two cards have the same rank."""
        return self.banker[0].rank == self.banker[1].rank

    @property
    def player_perfect_pair(self) -> bool:
        """Player's first two cards are the same rank and suit."""
        return self.player[0] == self.player[1]

    @property
    def banker_perfect_pair(self) -> bool:
        """Banker's first two cards are the same rank and suit."""
        return self.banker[0] == self.banker[1]

    @property
    def perfect_pair(self) -> bool:
        """Either hand's first two cards are the same rank and suit."""
        return self.player_perfect_pair or self.banker_perfect_pair

    @property
    def cards_used(self) -> int:
        """Number of cards in the round: 4, 5 or 6."""
        return len(self.player) + len(self.banker)

    @property
    def banker_cards(self) -> int:
        """Number of cards in Banker's hand: 2 or 3."""
        return len(self.banker)

    def cards_in_deal_order(self) -> list[Card]:
        """The round's cards in the order they left the shoe: P1, B1, P2, B2, then P3, B3 as drawn."""
        order = [self.player[0], self.banker[0], self.player[1], self.banker[1]]
        return order + list(self.player[2:]) + list(self.banker[2:])

    def flags(self) -> dict[str, object]:
        """Every flag a bet needs, as a new plain dict (for journals and events); worked out once."""
        if self._flags is None:
            object.__setattr__(self, "_flags", self._make_flags())
        return dict(self._flags)  # type: ignore[arg-type]

    def _make_flags(self) -> dict[str, object]:
        return {
            "winner": self.winner.value,
            "player_total": self.player_total,
            "banker_total": self.banker_total,
            "margin": self.margin,
            "player_natural": self.player_natural,
            "banker_natural": self.banker_natural,
            "player_pair": self.player_pair,
            "banker_pair": self.banker_pair,
            "player_perfect_pair": self.player_perfect_pair,
            "banker_perfect_pair": self.banker_perfect_pair,
            "lucky_six": self.lucky_six,
            "cards_used": self.cards_used,
        }


class RoundDealer:
    """Deals one round card by card by the rules (docs/rules.md §2).

    Use :attr:`next_position` to know which position the next card goes to (``None`` when the
    round is complete), :meth:`add` to place it, and :attr:`outcome` once complete.
    """

    def __init__(self) -> None:
        self._player: list[Card] = []
        self._banker: list[Card] = []
        self._positions: list[Position] = []
        self._next: Position | None = Position.PLAYER1  # worked out after every change of the cards
        self._outcome: RoundOutcome | None = None       # the complete round's outcome, made once

    def copy(self) -> RoundDealer:
        """A copy that later cards do not change: its card lists copied (the rest is immutable)."""
        clone = RoundDealer.__new__(RoundDealer)
        clone._player = self._player.copy()
        clone._banker = self._banker.copy()
        clone._positions = self._positions.copy()
        clone._next = self._next
        clone._outcome = self._outcome
        return clone

    @property
    def player(self) -> tuple[Card, ...]:
        """Player's cards so far."""
        return tuple(self._player)

    @property
    def banker(self) -> tuple[Card, ...]:
        """Banker's cards so far."""
        return tuple(self._banker)

    @property
    def positions(self) -> tuple[Position, ...]:
        """The positions dealt so far, in deal order."""
        return tuple(self._positions)

    @property
    def next_position(self) -> Position | None:
        """The position the next card goes to, or ``None`` when the round needs no more cards."""
        return self._next

    def _due(self) -> Position | None:
        """The position due next by the rules (docs/rules.md §2), from the cards dealt so far."""
        dealt = len(self._positions)
        if dealt < 4:
            return _FIRST_FOUR[dealt]
        p2, b2 = hand_total(self._player[:2]), hand_total(self._banker[:2])
        if is_natural(p2) or is_natural(b2):
            return None
        if len(self._player) == 2 and len(self._banker) == 2 and player_draws(p2):
            return Position.PLAYER3
        if len(self._banker) == 2:
            third = self._player[2].points if len(self._player) == 3 else None
            if banker_draws(b2, third):
                return Position.BANKER3
        return None

    @property
    def complete(self) -> bool:
        """True when the round needs no more cards."""
        return self._next is None

    def add(self, card: Card) -> Position:
        """Place ``card`` at :attr:`next_position` and return that position.

        Raises DealError if the round is already complete.
        """
        position = self._next
        if position is None:
            raise DealError(f"the round is complete; card {card} is not part of it")
        (self._player if position in _PLAYER_POSITIONS else self._banker).append(card)
        self._positions.append(position)
        self._next = self._due()
        self._outcome = None
        return position

    def replace(self, position: Position, card: Card) -> None:
        """Put ``card`` at an already dealt ``position`` (a supervisor's correction).

        Cards dealt after a changed first-four card may no longer be due; the caller checks
        :attr:`next_position` and the dealt positions afterwards. Raises DealError if the position
        has not been dealt.
        """
        if position not in self._positions:
            raise DealError(f"position {position.value} has not been dealt")
        hand = self._player if position.hand == "player" else self._banker
        hand[position.index - 1] = card
        self._next = self._due()
        self._outcome = None

    @property
    def outcome(self) -> RoundOutcome:
        """The round's outcome. Raises DealError while the round still needs cards."""
        if not self.complete:
            pos = self.next_position
            raise DealError(f"the round is not complete: {pos.value if pos else '?'} still to deal")
        if self._outcome is None:
            self._outcome = RoundOutcome(player=tuple(self._player), banker=tuple(self._banker))
        return self._outcome


def deal_round(cards: Iterable[Card]) -> tuple[RoundOutcome, list[Card]]:
    """Deal a round from ``cards`` in shoe order; return the outcome and the cards not needed.

    Reads only as many cards as the round needs (4, 5 or 6). Raises DealError, naming the missing
    position, when the cards run out first.
    """
    dealer = RoundDealer()
    iterator = iter(cards)
    while (position := dealer.next_position) is not None:
        try:
            dealer.add(next(iterator))
        except StopIteration:
            raise DealError(f"not enough cards: {position.value} is missing "
                            f"(got {len(dealer.positions)})") from None
    return dealer.outcome, list(iterator)


def deal_sequence(cards: Sequence[Card]) -> RoundOutcome:
    """Deal a round from a sequence and return only the outcome (extra cards ignored)."""
    return deal_round(cards)[0]
