"""What every output kind's data is: a frozen dataclass that is also a read-only mapping of its JSON keys.

Rule source: docs/design.md "Data flow" (the decision row records the outputs as JSON; listeners are told them).
:class:`FactData` is the base of each kind's class (:mod:`dealer_station.domain.fact_data` has them, one per
:class:`~dealer_station.domain.facts.FactKind`); :func:`fact_class` makes a class of its fields and registers
it. A field that a kind records only sometimes is :data:`ABSENT` when it is not recorded: the mapping has no
such key and the JSON no member.

A field of a typed value (a :class:`~dealer_station.domain.cards.Card`, a list of them, a position or a winner
member) keeps the value as it is (``data.card`` is a ``Card``); its JSON, and so the mapping's value of its key, is
the recorded text (``data["card"] == "9H"``), the one the journal and the platform events have always had. Read
back (:meth:`FactData.from_json`), the text becomes the value again: a card token is parsed once, here.
"""

from __future__ import annotations

import enum
import types
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Union, final, get_args, get_origin, get_type_hints

from dealer_station.domain.cards import Card, parse_card
from dealer_station.domain.facts import FactKind
from dealer_station.domain.slot_init import slot_init

__all__ = ["ABSENT", "Absent", "FactData", "fact_class", "fields_as_json", "json_default", "json_form"]


@final
class Absent:
    """The type of :data:`ABSENT`: a field its output does not record."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ABSENT"

    def __bool__(self) -> bool:
        return False

    def __reduce__(self) -> str:
        return "ABSENT"


ABSENT = Absent()
"""A field its output does not record (no key in the mapping, no member in the JSON)."""


class FactData(Mapping[str, Any]):
    """The data of one output: a frozen dataclass per kind, and a read-only mapping of its recorded keys.

    ``KIND``: its :class:`FactKind`; ``KEYS``: every key it may record; ``REQUIRED``: those it always records.
    """

    __slots__ = ()
    KIND: ClassVar[FactKind]
    KEYS: ClassVar[frozenset[str]]
    REQUIRED: ClassVar[frozenset[str]]
    _ORDER: ClassVar[tuple[str, ...]]
    TYPED: ClassVar[Mapping[str, Any]] = {}
    """The fields of a typed value (a card, a position…) and their type hints: their JSON is text."""
    _TO_JSON: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}
    _FROM_JSON: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}

    def __getitem__(self, key: str) -> Any:
        if key in self.KEYS:
            value = getattr(self, key)
            if value is not ABSENT:
                to_json = self._TO_JSON.get(key)
                return value if to_json is None else to_json(value)
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        """The value of ``key`` as its JSON has it (a card as its token), or ``default`` when it records no such
        key (no exception raised inside).
        """
        if key in self.KEYS:
            value = getattr(self, key)
            if value is not ABSENT:
                to_json = self._TO_JSON.get(key)
                return value if to_json is None else to_json(value)
        return default

    def __contains__(self, key: object) -> bool:
        return key in self.KEYS and getattr(self, key) is not ABSENT  # type: ignore[arg-type]

    # Whole-object views go through the JSON object (written out per class): a reader that copies an output
    # (``dict(data)``, ``{**data}``) or walks it does not pay a Python call per key twice.
    def __iter__(self) -> Iterator[str]:
        return iter(self.as_json())

    def __len__(self) -> int:
        return len(self.as_json())

    def __reversed__(self) -> Iterator[str]:
        return reversed(self.as_json())

    def keys(self):  # noqa: ANN201 - dict's own view
        """Its recorded keys (a view of its JSON object)."""
        return self.as_json().keys()

    def items(self):  # noqa: ANN201
        """Its recorded ``(key, value)`` pairs (a view of its JSON object)."""
        return self.as_json().items()

    def values(self):  # noqa: ANN201
        """Its recorded values (a view of its JSON object)."""
        return self.as_json().values()

    def as_json(self) -> dict[str, Any]:
        """The JSON object its decision row records: a new dict of its recorded keys (the values its own, a typed
        one as its text).
        """
        return fields_as_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FactData | None:
        """``data`` (a recorded JSON object) as this kind's, or None when its keys are not this kind's (one
        missing, one it does not know). The values are taken as recorded, unchecked, but for the typed fields'
        text, made the value again (a card token parsed).

        Raises
        ------
        ValueError
            A typed field's text that is no such value (:class:`~dealer_station.domain.errors.CardError` for a
            card token).
        """
        keys = data.keys()
        if not (keys >= cls.REQUIRED and keys <= cls.KEYS):
            return None
        back = cls._FROM_JSON
        if back:
            return cls(**{k: (v if (f := back.get(k)) is None else f(v)) for k, v in data.items()})
        return cls(**data)


def fields_as_json(data: FactData) -> dict[str, Any]:
    """The generic :meth:`FactData.as_json` (an open kind's fields before its ``extra``)."""
    to_json = data._TO_JSON
    return {key: (value if (f := to_json.get(key)) is None else f(value))
            for key in data._ORDER if (value := getattr(data, key)) is not ABSENT}


# --------------------------------------------------------------------------- typed values and their text

def _card_text(card: Card) -> str:
    return card.token


def _member_text(member: enum.Enum) -> Any:
    return member.value


def _optional(fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def maybe(value: Any) -> Any:
        return None if value is None else fn(value)
    return maybe


def _each(fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def every(values: Any) -> list[Any]:
        return [fn(v) for v in values]
    return every


def json_form(hint: Any) -> tuple[Callable[[Any], Any], Callable[[Any], Any]] | None:
    """How a field of type ``hint`` is recorded: ``(to_json, from_json)``, or None when its value is its JSON.

    A :class:`~dealer_station.domain.cards.Card` is its token (:func:`~dealer_station.domain.cards.parse_card` reads
    it back); a plain enumeration's member (a position, a winner) its value; ``list[…]`` of either a list of
    them; ``… | None`` leaves None as None (and :data:`ABSENT` is never recorded).
    """
    optional = False
    if get_origin(hint) in (Union, types.UnionType):
        rest = [a for a in get_args(hint) if a is not type(None) and a is not Absent]
        optional = len(rest) < len(get_args(hint)) and type(None) in get_args(hint)
        if len(rest) != 1:
            return None
        hint = rest[0]
    form: tuple[Callable[[Any], Any], Callable[[Any], Any]] | None
    if get_origin(hint) is list and get_args(hint):
        inner = json_form(get_args(hint)[0])
        form = None if inner is None else (_each(inner[0]), _each(inner[1]))
    elif hint is Card:
        form = (_card_text, parse_card)
    elif isinstance(hint, type) and issubclass(hint, enum.Enum) and not issubclass(hint, str | int):
        form = (_member_text, hint)
    else:
        form = None
    if form is not None and optional:
        form = (_optional(form[0]), _optional(form[1]))
    return form


def _as_json(cls: type[FactData]):
    """``cls.as_json`` written out for its fields (a dict display, a test per field it may not record): the
    generic loop costs about four times as much, once per output on the card path.
    """
    lines = ["def as_json(self):", "    d = {}"]
    scope: dict[str, Any] = {"ABSENT": ABSENT}
    for name in cls._ORDER:
        value = f"self.{name}" if name in cls.REQUIRED else "v"
        if name in cls._TO_JSON:
            scope[f"_to_{name}"] = cls._TO_JSON[name]
            value = f"_to_{name}({value})"
        if name in cls.REQUIRED:
            lines.append(f"    d[{name!r}] = {value}")
        else:
            lines += [f"    v = self.{name}", f"    if v is not ABSENT: d[{name!r}] = {value}"]
    lines.append("    return d")
    exec("\n".join(lines), scope)  # noqa: S102 - code made here from the class's own field names
    function = scope["as_json"]
    function.__doc__ = FactData.as_json.__doc__
    function.__qualname__ = f"{cls.__qualname__}.as_json"
    return function


def fact_class(kind: FactKind, registry: dict[FactKind, type[FactData]]) -> Callable[[type], type[FactData]]:
    """A class decorator: make ``cls`` the frozen, slotted, keyword-only dataclass of ``kind``'s data, with its
    ``KIND``, ``KEYS``, ``REQUIRED``, a written-out ``as_json`` unless it has its own, and the quicker ``__init__``
    of :func:`~dealer_station.domain.slot_init.slot_init`; put it in ``registry``. A field named ``extra`` (an open
    kind's keys beyond its fields) is no key of its own.
    """

    def make(cls: type) -> type[FactData]:
        made = slot_init(dataclass(frozen=True, slots=True, kw_only=True, eq=False)(cls))
        made.KIND = kind
        made._ORDER = tuple(f.name for f in fields(made) if f.name != "extra")
        made.KEYS = frozenset(made._ORDER)
        made.REQUIRED = frozenset(f.name for f in fields(made) if f.default is not ABSENT and f.name != "extra")
        hints = get_type_hints(made)
        forms = {name: form for name in made._ORDER if (form := json_form(hints[name])) is not None}
        made.TYPED = {name: hints[name] for name in forms}
        made._TO_JSON = {name: form[0] for name, form in forms.items()}
        made._FROM_JSON = {name: form[1] for name, form in forms.items()}
        if "as_json" not in cls.__dict__:
            made.as_json = _as_json(made)
        registry[kind] = made
        return made

    return make


def json_default(value: object) -> object:
    """For ``json``'s ``default`` (called only for a value JSON has no form of): an output's data as its JSON
    object, anything else as its ``str``.
    """
    if isinstance(value, FactData):
        return value.as_json()
    return str(value)
