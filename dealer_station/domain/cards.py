"""Cards, card tokens and the 8-deck shoe composition.

Rule source: docs/rules.md §1 (cards and the shoe). A card is a rank and a suit; the suit never
affects points. The shoe holds 8 standard 52-card decks: 416 cards, 8 copies of every kind.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from dealer_station.domain.enums import IdentityEnum
from dealer_station.domain.errors import CardError

__all__ = [
    "ALL_KINDS",
    "DECKS_PER_SHOE",
    "Card",
    "Rank",
    "Suit",
    "parse_card",
    "parse_cards",
    "shoe_cards",
    "shoe_counts",
]

DECKS_PER_SHOE = 8
"""Decks in a shoe (docs/rules.md §1: 8 standard decks, 416 cards)."""


class Rank(enum.IntEnum):
    """Card rank, valued 1 (Ace) to 13 (King). Use :attr:`points` for baccarat points."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def points(self) -> int:
        """Baccarat points 0–9: Ace 1, 2–9 face value, 10/J/Q/K 0 (docs/rules.md §1)."""
        return self.value if self.value < 10 else 0

    @property
    def burn_count(self) -> int:
        """Cards burned when this rank is the burn indicator: Ace 1, 2–9 face, 10/J/Q/K 10 (docs/rules.md §1)."""
        return self.value if self.value < 10 else 10

    @property
    def letter(self) -> str:
        """One-character token letter: ``A 2-9 T J Q K``."""
        return _RANK_LETTERS[self]


class Suit(IdentityEnum):
    """Card suit, by its token letter. Never affects points (docs/rules.md §1)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """Unicode suit symbol (♠ ♥ ♦ ♣)."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __lt__(self, other: object) -> bool:
        # Suits order S < H < D < C (declaration order) so that cards sort by rank, then suit.
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] < _SUIT_ORDER[other]

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] <= _SUIT_ORDER[other]

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] > _SUIT_ORDER[other]

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Suit):
            return NotImplemented
        return _SUIT_ORDER[self] >= _SUIT_ORDER[other]


_RANK_LETTERS = {r: ("A" if r == 1 else "T" if r == 10 else "J" if r == 11 else "Q" if r == 12
                     else "K" if r == 13 else str(r.value)) for r in Rank}
_SUIT_SYMBOLS = {Suit.SPADES: "\u2660", Suit.HEARTS: "\u2665", Suit.DIAMONDS: "\u2666", Suit.CLUBS: "\u2663"}
_RANK_BY_TOKEN = {**{v: k for k, v in _RANK_LETTERS.items()}, "10": Rank.TEN}
_SUIT_BY_LETTER = {s.value: s for s in Suit}
_SUIT_ORDER = {s: i for i, s in enumerate(Suit)}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card: a :class:`Rank` and a :class:`Suit`.

    ``str(card)`` is the canonical token (``AS``, ``TD``, ``KH``); :func:`parse_card` reads it back.
    Cards compare, sort and hash by rank and suit only.

    Attributes
    ----------
    points:
        Baccarat points 0–9 (docs/rules.md §1: Ace 1, 2–9 face value, 10/J/Q/K 0).
    token:
        Canonical two-character token, e.g. ``"TD"``.
    """

    rank: Rank
    suit: Suit
    # Worked out once when the card is made: a table reads them for every card of every round.
    points: int = field(init=False, repr=False, compare=False)
    token: str = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rank, suit = Rank(self.rank), Suit(self.suit)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "points", rank.points)
        object.__setattr__(self, "token", rank.letter + suit.value)
        # The same in every process (a card unpickled elsewhere still finds its Counter entry).
        object.__setattr__(self, "_hash", int(rank) * 4 + _SUIT_ORDER[suit])

    def __hash__(self) -> int:
        return self._hash

    @property
    def label(self) -> str:
        """Human label with the suit symbol, e.g. ``"10♦"``."""
        rank = "10" if self.rank == Rank.TEN else self.rank.letter
        return rank + self.suit.symbol

    def __str__(self) -> str:
        return self.token

    def __repr__(self) -> str:
        return f"Card({self.token})"


def parse_card(token: str) -> Card:
    """Parse a card token: rank ``A 2-9 T 10 J Q K`` then suit ``S H D C``, any case.

    Examples: ``"AS"``, ``"td"``, ``"10D"``, ``"KH"``. Surrounding white space is ignored.

    Raises
    ------
    CardError
        If the token is not a card; the message names the token.
    """
    if type(token) is str:
        known = _BY_TOKEN.get(token)
        if known is not None:
            return known
    elif not isinstance(token, str):
        raise CardError(f"not a card token: {token!r}")
    text = token.strip().upper()
    if len(text) < 2:
        raise CardError(f"unknown card token {token!r}: expected rank (A,2-9,T,10,J,Q,K) + suit (S,H,D,C)")
    rank = _RANK_BY_TOKEN.get(text[:-1])
    suit = _SUIT_BY_LETTER.get(text[-1])
    if rank is None or suit is None:
        raise CardError(f"unknown card token {token!r}: expected rank (A,2-9,T,10,J,Q,K) + suit (S,H,D,C)")
    return _BY_TOKEN[rank.letter + suit.value]


def parse_cards(tokens: Iterable[str]) -> list[Card]:
    """Parse many tokens with :func:`parse_card`; raises :class:`CardError` at the first bad one."""
    return [parse_card(t) for t in tokens]


ALL_KINDS: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in Rank)
"""The 52 card kinds, suit by suit (S, H, D, C) and rank A..K within a suit."""

_BY_TOKEN: dict[str, Card] = {card.token: card for card in ALL_KINDS}
"""Canonical token → the one shared :class:`Card` of that kind (cards are immutable values)."""


def shoe_counts(decks: int = DECKS_PER_SHOE) -> Counter[Card]:
    """Composition of a full shoe: each of the 52 kinds ``decks`` times (docs/rules.md §1).

    Raises ValueError if ``decks`` < 1.
    """
    if decks < 1:
        raise ValueError(f"decks must be at least 1, got {decks}")
    return Counter({card: decks for card in ALL_KINDS})


def shoe_cards(decks: int = DECKS_PER_SHOE) -> list[Card]:
    """An unshuffled shoe as a list of ``52 * decks`` cards (416 for 8 decks)."""
    return [card for card in ALL_KINDS for _ in range(decks)]
