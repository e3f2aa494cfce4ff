"""Every output a test makes in its own process, checked against its kind's class (dealer_station.domain.fact_data).

:func:`watch_facts` wraps the two places outputs are made: ``TableMachine._emit`` (the machine's) and
``FactListeners.tell`` (the controller's listeners, dealer_station.app.owner_thread: everything a listener is
told, the controller's own included). An output's data must be an instance of its kind's class
(:data:`~dealer_station.domain.fact_data.FACT_DATA`), and its JSON, taken as the
journal keeps it, is checked against the class's fields: JSON at all, every value of its field's type (pydantic,
strict: a bool is no whole number; a typed field's JSON is its text), and every typed field's value is of its type
(a card a ``Card``, not its token). :func:`fact_problem` checks a recorded output (a dict read back from a
journal) the same way: no key its kind does not name (but for
:data:`~dealer_station.domain.fact_data.OPEN_FACTS`), every required key, every value of its type. A problem is
collected, never raised where it was found (that may be the controller's thread, which tells its own errors as
facts): the test fails when it ends.
"""

from __future__ import annotations

import enum
import json
import types
from dataclasses import fields
from functools import cache
from typing import Any, NotRequired, Union, get_args, get_origin, get_type_hints

from pydantic import TypeAdapter, ValidationError
from typing_extensions import TypedDict

from dealer_station.domain.cards import Card
from dealer_station.domain.fact_base import ABSENT, Absent, FactData
from dealer_station.domain.fact_data import FACT_DATA, OPEN_FACTS
from dealer_station.domain.facts import FactKind


@cache
def _adapter(cls: type[FactData]) -> TypeAdapter:
    """A validator of ``cls``'s JSON: a ``TypedDict`` of its fields, one that may be :data:`ABSENT` not required."""
    hints = get_type_hints(cls)
    keys = {}
    for f in fields(cls):
        if f.name == "extra":
            continue
        hint = _json_hint(hints[f.name])
        if f.default is ABSENT:
            hint = NotRequired[Union[tuple(a for a in get_args(hint) if a is not Absent)]]  # noqa: UP007
        keys[f.name] = hint
    return TypeAdapter(TypedDict(cls.__name__, keys))


def _json_hint(hint: Any) -> Any:
    """The type of ``hint``'s JSON: a card or a plain enumeration's member is text."""
    if get_origin(hint) in (Union, types.UnionType):
        return Union[tuple(_json_hint(a) for a in get_args(hint))]  # noqa: UP007
    if get_origin(hint) is list:
        return list[_json_hint(get_args(hint)[0])]
    if hint is Card or (isinstance(hint, type) and issubclass(hint, enum.Enum) and not issubclass(hint, str | int)):
        return str
    return hint


def _is_of(value: object, hint: Any) -> bool:
    """Whether ``value`` is of type ``hint`` (a class, ``X | None``, ``list[X]``; :data:`ABSENT` is any field's)."""
    if value is ABSENT:
        return True
    if get_origin(hint) in (Union, types.UnionType):
        return any(_is_of(value, a) for a in get_args(hint))
    if get_origin(hint) is list:
        return isinstance(value, list) and all(_is_of(v, get_args(hint)[0]) for v in value)
    if hint is type(None):
        return value is None
    return isinstance(value, hint)


def _typed_problem(member: FactKind, data: FactData) -> str | None:
    """The first typed field of ``data`` whose value is not of its type (a token where a ``Card`` belongs)."""
    for name, hint in data.TYPED.items():
        value = getattr(data, name)
        if not _is_of(value, hint):
            return f"{member}: {name}: {value!r} is not a {hint}"
    return None


def fact_problem(kind: object, data: object, *, made: bool = False) -> str | None:
    """What is wrong with output ``(kind, data)``, in one line, or None when it has its kind's shape.

    ``made``: the output was made by the station (not read back), so its data must be its kind's class.
    """
    try:
        member = FactKind(kind)
    except ValueError:
        return f"{kind!r} is no output kind"
    cls = FACT_DATA[member]
    if isinstance(data, FactData):
        if type(data) is not cls:
            return f"{member}: its data is a {type(data).__name__}, not a {cls.__name__}"
        problem = _typed_problem(member, data)
        if problem is not None:
            return problem
        data = data.as_json()
    elif made:
        return f"{member}: its data is a {type(data).__name__}, not a {cls.__name__}"
    if not isinstance(data, dict):
        return f"{member}: its data is a {type(data).__name__}, not a dict"
    try:
        recorded = json.loads(json.dumps(data))
    except (TypeError, ValueError) as err:
        return f"{member}: its data is not JSON ({err})"
    unknown = set(recorded) - cls.KEYS
    if unknown and member not in OPEN_FACTS:
        return f"{member}: keys {sorted(unknown)} are not in its shape {cls.__name__}"
    try:
        _adapter(cls).validate_python({k: v for k, v in recorded.items() if k in cls.KEYS}, strict=True)
    except ValidationError as err:
        first = err.errors()[0]
        return f"{member}: {'.'.join(map(str, first['loc']))}: {first['msg']} (got {first.get('input')!r})"
    return None


def watch_facts(monkeypatch, *, made: bool = False) -> list[str]:
    """Check every output made from now on (until ``monkeypatch`` undoes it); return the list problems go to.

    ``made``: see :func:`fact_problem`.
    """
    from dealer_station.app.owner_thread import FactListeners
    from dealer_station.domain.table import TableMachine

    problems: list[str] = []
    emit, tell = TableMachine._emit, FactListeners.tell

    def checked_emit(self, data):
        problem = fact_problem(getattr(data, "KIND", None), data, made=made)
        if problem is not None:
            problems.append(problem)
        return emit(self, data)

    def checked_tell(self, kind, data):
        problem = fact_problem(kind, data, made=made)
        if problem is not None:
            problems.append(problem)
        return tell(self, kind, data)

    monkeypatch.setattr(TableMachine, "_emit", checked_emit)
    monkeypatch.setattr(FactListeners, "tell", checked_tell)
    return problems
