"""Every output a test makes in its own process, checked against its kind's shape (dealer_station.domain.fact_data).

:func:`watch_facts` wraps the two places outputs are made: ``TableMachine._emit`` (the machine's) and
``Controller._tell`` (everything a listener is told, the controller's own included). Each output's data is
taken as the journal keeps it (through JSON) and checked: JSON at all, no key its shape does not name (but for
:data:`~dealer_station.domain.fact_data.OPEN_FACTS`), every required key, every value of its type (pydantic,
strict: a bool is no whole number). A problem is collected, never raised where it was found (that may be the
controller's thread, which tells its own errors as facts): the test fails when it ends.
"""

from __future__ import annotations

import json
from functools import cache

from pydantic import TypeAdapter, ValidationError

from dealer_station.domain.fact_data import FACT_DATA, OPEN_FACTS
from dealer_station.domain.facts import FactKind


@cache
def _adapter(shape: type) -> TypeAdapter:
    return TypeAdapter(shape)


def fact_problem(kind: object, data: object) -> str | None:
    """What is wrong with output ``(kind, data)``, in one line, or None when it has its kind's shape."""
    try:
        member = FactKind(kind)
    except ValueError:
        return f"{kind!r} is no output kind"
    if not isinstance(data, dict):
        return f"{member}: its data is a {type(data).__name__}, not a dict"
    try:
        recorded = json.loads(json.dumps(data))
    except (TypeError, ValueError) as err:
        return f"{member}: its data is not JSON ({err})"
    shape = FACT_DATA[member]
    unknown = set(recorded) - shape.__required_keys__ - shape.__optional_keys__
    if unknown and member not in OPEN_FACTS:
        return f"{member}: keys {sorted(unknown)} are not in its shape {shape.__name__}"
    try:
        _adapter(shape).validate_python(recorded, strict=True)
    except ValidationError as err:
        first = err.errors()[0]
        return f"{member}: {'.'.join(map(str, first['loc']))}: {first['msg']} (got {first.get('input')!r})"
    return None


def watch_facts(monkeypatch) -> list[str]:
    """Check every output made from now on (until ``monkeypatch`` undoes it); return the list problems go to."""
    from dealer_station.app.controller import Controller
    from dealer_station.domain.table import TableMachine

    problems: list[str] = []
    emit, tell = TableMachine._emit, Controller._tell

    def checked_emit(self, kind, data):
        problem = fact_problem(kind, data)
        if problem is not None:
            problems.append(problem)
        return emit(self, kind, data)

    def checked_tell(self, kind, data):
        problem = fact_problem(kind, data)
        if problem is not None:
            problems.append(problem)
        return tell(self, kind, data)

    monkeypatch.setattr(TableMachine, "_emit", checked_emit)
    monkeypatch.setattr(Controller, "_tell", checked_tell)
    return problems
