"""The plain enumerations' base: members that hash by identity; a text read back as its ``StrEnum`` member.

A plain :class:`enum.Enum` member hashes through ``Enum.__hash__``, a Python function (``hash(self._name_)``),
so every dict or set lookup of a card position, a suit or a bet type is a Python call; the card path makes
several a card. A member is a singleton that compares by identity (pickling and copying give the member
itself back), so ``object.__hash__`` hashes it the same way every time, in C. ``StrEnum`` and ``IntEnum``
members hash as their ``str`` / ``int`` value already and need none of this.
"""

from __future__ import annotations

import enum
from enum import StrEnum
from typing import TypeVar

__all__ = ["IdentityEnum", "member_or_text"]

_E = TypeVar("_E", bound=StrEnum)


class IdentityEnum(enum.Enum):
    """An :class:`enum.Enum` whose members hash by identity (``object.__hash__``), as they compare.

    Subclass it instead of ``enum.Enum``; everything else is the standard enumeration's (lookup by value
    and name, iteration in definition order, pickling by name).
    """

    __hash__ = object.__hash__


def member_or_text(kind: type[_E], value: object) -> _E | str:
    """``value`` read from outside (the journal, a file, a command line, a broker payload) as a member of ``kind``.

    Parameters
    ----------
    kind : type of StrEnum
        The enumeration the value should be one of.
    value : object
        The text as it came in (a member is given back as it is).

    Returns
    -------
    member of ``kind`` or str
        The member whose text ``value`` is; any other value as its plain ``str``, as it came (an unknown text is
        the caller's to handle as it always was, never an error here).
    """
    if isinstance(value, kind):
        return value
    text = str(value)
    try:
        return kind(text)
    except ValueError:
        return text
