"""A quicker ``__init__`` for the frozen, slotted dataclasses made on the card path.

A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__`` (the frozen class refuses
its own ``__setattr__``). :func:`slot_init` gives such a class an ``__init__`` of the same parameters that
sets each field through its slot's descriptor: the same object, a third quicker to make. The outputs, the
frame input and the decision are made once or more for every card (tests/unit/domain/test_slot_init.py
checks each against the dataclass's own ``__init__``, kept as ``_dataclass_init``).
"""

from __future__ import annotations

from dataclasses import MISSING, fields, is_dataclass
from typing import TypeVar

__all__ = ["slot_init"]

_T = TypeVar("_T", bound=type)


def slot_init(cls: _T) -> _T:
    """Give the frozen, slotted dataclass ``cls`` an ``__init__`` that sets its slots directly.

    The parameters are the dataclass's own (names, order, keyword-only fields after ``*``, defaults and
    default factories); ``__post_init__`` runs last when the class has one. Returns ``cls``.

    Raises TypeError for a class that is not a frozen, slotted dataclass, or has a field left out of
    ``__init__`` (``init=False``): those keep the dataclass's ``__init__``.
    """
    if not (is_dataclass(cls) and cls.__dataclass_params__.frozen and "__slots__" in cls.__dict__):
        raise TypeError(f"{cls.__name__}: slot_init takes a frozen, slotted dataclass")
    names: dict[str, object] = {}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for f in fields(cls):
        if not f.init:
            raise TypeError(f"{cls.__name__}.{f.name}: slot_init takes no init=False field")
        param = f.name
        if f.default is not MISSING:
            names[f"_default_{f.name}"] = f.default
            param += f"=_default_{f.name}"
        elif f.default_factory is not MISSING:
            names[f"_factory_{f.name}"] = f.default_factory
            param += "=_FACTORY"
            body.append(f"    if {f.name} is _FACTORY:\n        {f.name} = _factory_{f.name}()")
        (keyword if f.kw_only else positional).append(param)
        names[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        body.append(f"    _set_{f.name}(self, {f.name})")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    params = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    source = f"def __init__({params}):\n" + ("\n".join(body) or "    pass") + "\n"
    namespace: dict[str, object] = {"_FACTORY": _FACTORY, **names}
    exec(source, namespace)  # noqa: S102 - the source is made here, of field names only
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    cls._dataclass_init = cls.__init__  # the dataclass's own (tests compare the two)
    cls.__init__ = init
    return cls


class _Factory:
    __slots__ = ()

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()
