"""Card-code maps: a shoe's own text for a card → the canonical token of :mod:`drivers.frames`.

Canonical tokens are rank ``A 2-9 T J Q K`` + suit ``S H D C`` (``"QD"``). Maps:

- ``canonical``: the canonical token, any case, ``10`` accepted for ``T`` (``"10d"`` → ``"TD"``),
  as the ``deal`` command reads cards.
- ``saopai``: suit letter then a two-digit rank 01–13: ``A`` spades, ``H`` hearts, ``C`` clubs,
  ``D`` diamonds (``"D12"`` → ``"QD"``, ``"A01"`` → ``"AS"``).
- ``any``: either of the above (they never overlap: a saopai code starts with a suit letter
  followed by a digit, a canonical one ends with a suit letter).

Pure functions, no I/O.
"""

from __future__ import annotations

import re

__all__ = ["CARD_MAPS", "RANKS", "SUITS", "card_token", "to_saopai", "from_saopai", "is_canonical"]

RANKS = "A23456789TJQK"
"""Rank letters in rank order (index + 1 = rank number)."""
SUITS = "SHDC"
"""Suit letters of canonical tokens."""
CARD_MAPS = ("canonical", "saopai", "any")
"""Names of the card-code maps a profile may choose (option ``cards``)."""

_SAOPAI_SUIT = {"A": "S", "H": "H", "C": "C", "D": "D"}
_SAOPAI_LETTER = {v: k for k, v in _SAOPAI_SUIT.items()}
_SAOPAI_RE = re.compile(r"^([AHCD])(0[1-9]|1[0-3])$")
_CANON_RE = re.compile(r"^(10|[A2-9TJQK])([SHDC])$")


def is_canonical(token: str) -> bool:
    """True when ``token`` is exactly a canonical token (upper case, ``T`` for ten)."""
    return len(token) == 2 and token[0] in RANKS and token[1] in SUITS


def from_saopai(code: str) -> str | None:
    """Canonical token of a saopai code (``"D12"`` → ``"QD"``); None if it is not one. Case-insensitive."""
    m = _SAOPAI_RE.match(code.strip().upper())
    if not m:
        return None
    return RANKS[int(m.group(2)) - 1] + _SAOPAI_SUIT[m.group(1)]


def to_saopai(token: str) -> str:
    """Saopai code of a canonical token (``"QD"`` → ``"D12"``). Raises ValueError for a non-card token."""
    if not is_canonical(token):
        raise ValueError(f"not a canonical card token: {token!r}")
    return f"{_SAOPAI_LETTER[token[1]]}{RANKS.index(token[0]) + 1:02d}"


def _from_canonical(code: str) -> str | None:
    m = _CANON_RE.match(code.strip().upper())
    if not m:
        return None
    rank = "T" if m.group(1) == "10" else m.group(1)
    return rank + m.group(2)


def card_token(code: str, card_map: str = "any") -> str | None:
    """The canonical token a shoe's code stands for, or None when it is no card of that map.

    Parameters
    ----------
    code : str
        The token text as the shoe sent it, prefix/suffix already stripped.
    card_map : str
        One of :data:`CARD_MAPS`.

    Raises
    ------
    ValueError
        For an unknown ``card_map`` (a programming or profile error, never bad input).
    """
    if card_map == "canonical":
        return _from_canonical(code)
    if card_map == "saopai":
        return from_saopai(code)
    if card_map == "any":
        return _from_canonical(code) or from_saopai(code)
    raise ValueError(f"unknown card map {card_map!r}: use one of {', '.join(CARD_MAPS)}")
