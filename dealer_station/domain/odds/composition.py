"""Shoe compositions: how many cards of each kind are left (docs/rules.md §1).

The odds engine and the edge monitor take a :class:`Composition`; it is read from a card inventory, a
number of decks or a JSON document, and every reader checks kinds and counts the same way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from dealer_station.domain.cards import ALL_KINDS, Card, parse_card
from dealer_station.domain.errors import CardError, DomainError
from dealer_station.domain.odds.tables import MAX_CARDS

Number = float | Fraction

_KIND_PATTERN = re.compile(r"[A2-9TJQK][SHDC]")
_INT64_SAFE_CARDS = 1400
"""Up to this many cards N**6 < 2**63, so the engine's int64 counts cannot overflow; beyond, Python ints."""


class OddsError(DomainError):
    """A composition the engine cannot analyse: a bad kind or count, or fewer than 6 cards (docs/rules.md §2)."""


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
        """Cards left of each point value 0–9 (docs/rules.md §1: 10/J/Q/K are 0)."""
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
    """A full shoe of ``decks`` standard 52-card decks (docs/rules.md §1: 8 decks, 416 cards).

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
