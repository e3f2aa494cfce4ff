"""The plain enumerations' base: members that hash by identity.

A plain :class:`enum.Enum` member hashes through ``Enum.__hash__``, a Python function (``hash(self._name_)``),
so every dict or set lookup of a card position, a suit or a bet type is a Python call; the card path makes
several a card. A member is a singleton that compares by identity (pickling and copying give the member
itself back), so ``object.__hash__`` hashes it the same way every time, in C. ``StrEnum`` and ``IntEnum``
members hash as their ``str`` / ``int`` value already and need none of this.
"""

from __future__ import annotations

import enum

__all__ = ["IdentityEnum"]


class IdentityEnum(enum.Enum):
    """An :class:`enum.Enum` whose members hash by identity (``object.__hash__``), as they compare.

    Subclass it instead of ``enum.Enum``; everything else is the standard enumeration's (lookup by value
    and name, iteration in definition order, pickling by name).
    """

    __hash__ = object.__hash__
