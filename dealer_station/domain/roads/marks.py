"""A round as the roads see it: the winner and its pair and natural marks, read from any result.

Rule source: docs/rules.md §2 (who wins), §3 (pairs); the roads' rules are in :mod:`dealer_station.domain.roads`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from dealer_station.domain.errors import DomainError
from dealer_station.domain.outcome import Winner

BANKER = "B"
PLAYER = "P"
TIE = "T"
RED = "R"
BLUE = "B"

ROWS = 6
"""Rows of every drawn road (bead plate, big road and the derived roads)."""

DERIVED_ROADS: tuple[tuple[str, int], ...] = (("big_eye_boy", 1), ("small_road", 2), ("cockroach_pig", 3))
"""The derived roads in display order, each with its ``k`` (how many columns back it compares)."""

_WINNER_WORDS = {
    "B": BANKER, "BANKER": BANKER,
    "P": PLAYER, "PLAYER": PLAYER,
    "T": TIE, "TIE": TIE,
}

_Item = TypeVar("_Item")


class RoadsError(DomainError):
    """A round result the roads cannot place: an unknown winner letter or value."""


@dataclass(frozen=True, slots=True)
class RoundMark:
    """One round of the shoe as the roads see it.

    Parameters
    ----------
    winner : str
        ``"B"`` (Banker), ``"P"`` (Player) or ``"T"`` (tie); docs/rules.md §2.
    banker_pair, player_pair : bool
        Banker's / Player's first two cards have the same rank (docs/rules.md §3).
    banker_natural, player_natural : bool
        Banker's / Player's first two cards total 8 or 9 (docs/rules.md §2).

    Raises
    ------
    RoadsError
        When ``winner`` is not one of ``B``, ``P``, ``T``.
    """

    winner: str
    banker_pair: bool = False
    player_pair: bool = False
    banker_natural: bool = False
    player_natural: bool = False

    def __post_init__(self) -> None:
        if self.winner not in (BANKER, PLAYER, TIE):
            raise RoadsError(f"winner must be 'B', 'P' or 'T', not {self.winner!r}")

    @property
    def natural(self) -> bool:
        """Either hand has a natural."""
        return self.banker_natural or self.player_natural


def _winner_letter(value: Any) -> str:
    if isinstance(value, Winner):
        return value.letter
    if isinstance(value, str):
        letter = _WINNER_WORDS.get(value.strip().upper())
        if letter is not None:
            return letter
    raise RoadsError(f"not a round winner: {value!r} (expected B, P or T)")


def as_mark(result: Any) -> RoundMark:
    """Turn one round result into a :class:`RoundMark`.

    Parameters
    ----------
    result : RoundMark, str, Winner, RoundOutcome or Mapping
        A mark; a winner letter or word (``"B"``, ``"banker"``, case-insensitive); a
        :class:`~dealer_station.domain.outcome.Winner`; any object with a ``winner`` attribute and
        optional ``banker_pair``, ``player_pair``, ``banker_natural``, ``player_natural`` attributes
        (e.g. a ``RoundOutcome``); or a mapping with a ``"winner"`` key and the same optional keys
        (e.g. ``RoundOutcome.flags()`` or the controller's result record).

    Returns
    -------
    RoundMark

    Raises
    ------
    RoadsError
        When the winner cannot be read.
    """
    if isinstance(result, RoundMark):
        return result
    if isinstance(result, (str, Winner)):
        return RoundMark(_winner_letter(result))
    if isinstance(result, Mapping):
        if "winner" not in result:
            raise RoadsError(f"round result has no 'winner': {dict(result)!r}")
        get = result.get
    elif hasattr(result, "winner"):
        def get(name: str, default: Any = None) -> Any:
            return getattr(result, name, default)
    else:
        raise RoadsError(f"not a round result: {result!r}")
    return RoundMark(
        _winner_letter(get("winner")),
        banker_pair=bool(get("banker_pair", False)),
        player_pair=bool(get("player_pair", False)),
        banker_natural=bool(get("banker_natural", False)),
        player_natural=bool(get("player_natural", False)),
    )


MARK_CODES: dict[str, str] = {
    "bp": "banker_pair", "pp": "player_pair", "bn": "banker_natural", "pn": "player_natural",
}
"""The marks a round of a sequence may carry in brackets after its letter (``B[bp,pn]``), and the
:class:`RoundMark` flag each sets: banker pair, player pair, banker natural, player natural."""


def parse_sequence(text: str) -> list[RoundMark]:
    """Read a sequence of round results such as ``"BBP T PB"`` or ``"B[bp] P[pp,pn] T"``.

    Parameters
    ----------
    text : str
        Letters ``B`` (Banker), ``P`` (Player), ``T`` (tie), upper or lower case; whitespace is
        ignored. A letter may be followed by its marks in brackets, comma-separated codes of
        :data:`MARK_CODES`: ``bp`` banker pair, ``pp`` player pair, ``bn`` banker natural,
        ``pn`` player natural (docs/rules.md §2–3), e.g. ``B[bp,pn]``.

    Returns
    -------
    list of RoundMark
        One mark per letter, in order, with the flags its brackets name.

    Raises
    ------
    RoadsError
        Naming the first character that is not ``B``, ``P``, ``T`` or a bracket, or the first bad
        mark code, with its 1-based position.
    """
    marks: list[RoundMark] = []
    pos, n = 0, len(text)
    while pos < n:
        char = text[pos]
        pos += 1
        if char.isspace():
            continue
        letter = char.upper()
        if letter not in (BANKER, PLAYER, TIE):
            raise RoadsError(f"bad letter {char!r} at position {pos}: use B (Banker), P (Player), T (tie), "
                             "each optionally followed by marks such as [bp,pp]")
        flags: dict[str, bool] = {}
        if pos < n and text[pos] == "[":
            end = text.find("]", pos)
            if end < 0:
                raise RoadsError(f"the '[' at position {pos + 1} is never closed: write marks as B[bp,pp]")
            for code in text[pos + 1:end].split(","):
                flag = MARK_CODES.get(code.strip().lower())
                if flag is None:
                    raise RoadsError(f"bad mark {code.strip()!r} at position {pos + 1}: use "
                                     + ", ".join(f"{c} ({f.replace('_', ' ')})" for c, f in MARK_CODES.items()))
                flags[flag] = True
            pos = end + 1
        marks.append(RoundMark(letter, **flags))
    return marks
