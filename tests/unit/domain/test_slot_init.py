"""``slot_init`` gives a frozen, slotted dataclass an ``__init__`` that makes the very object the dataclass's own
makes: the same parameters, defaults, refusals and ``__post_init__``, still frozen."""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import FrozenInstanceError, dataclass, field

import pytest

from dealer_station.app.views import Fact
from dealer_station.domain.fact_data import FACT_DATA, PlayerEdge
from dealer_station.domain.facts import Decision
from dealer_station.domain.inputs import FrameInput
from dealer_station.domain.slot_init import slot_init

MADE = [*FACT_DATA.values(), FrameInput, Decision, Fact]
"""Every class made with slot_init on the card path."""


def _params(function) -> list[tuple[str, object, object]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


def _value(f: dataclasses.Field, n: int) -> object:
    return {"bool": n % 2 == 0, "int": n}.get(str(f.type).split(" ")[0], f"v{n}")


def _fields(obj: object) -> dict[str, object]:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}


@pytest.mark.parametrize("cls", MADE, ids=lambda c: c.__name__)
def test_the_parameters_are_the_dataclass_own(cls):
    assert cls.__init__ is not cls._dataclass_init
    ours, theirs = _params(cls.__init__), _params(cls._dataclass_init)
    # the dataclass writes a default factory's default as its own marker; ours is a marker too
    assert [(n, k) for n, k, _ in ours] == [(n, k) for n, k, _ in theirs]
    for (name, _, mine), (_, _, dataclass_default) in zip(ours, theirs, strict=True):
        if repr(dataclass_default) == "<factory>":
            assert repr(mine) == "<factory>", name
        else:
            assert mine is dataclass_default or mine == dataclass_default, name


@pytest.mark.parametrize("cls", MADE, ids=lambda c: c.__name__)
def test_the_object_made_is_the_dataclass_own(cls):
    every = {f.name: _value(f, i) for i, f in enumerate(dataclasses.fields(cls))}
    required = {f.name: every[f.name] for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    for kw in (every, required):
        ours = cls(**kw)
        theirs = object.__new__(cls)
        cls._dataclass_init(theirs, **kw)
        assert _fields(ours) == _fields(theirs)
        assert type(ours) is cls and not hasattr(ours, "__dict__")
        name = next(iter(kw))
        with pytest.raises(FrozenInstanceError):
            setattr(ours, name, "other")


@pytest.mark.parametrize("cls", MADE, ids=lambda c: c.__name__)
def test_it_refuses_what_the_dataclass_refuses(cls):
    names = [f.name for f in dataclasses.fields(cls)]
    with pytest.raises(TypeError):
        cls(**{n: 1 for n in names}, not_a_field=1)
    required = [f.name for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if required:
        with pytest.raises(TypeError):
            cls(**{n: 1 for n in required[1:]})
    if all(f.kw_only for f in dataclasses.fields(cls)) and required:
        with pytest.raises(TypeError):
            cls(*[1] * len(required))


def test_a_default_factory_makes_a_new_value_each_time():
    one, two = PlayerEdge(shoe=1, round=1, bet="tie"), PlayerEdge(shoe=1, round=1, bet="tie")
    assert one.extra == {} and one.extra is not two.extra


def test_post_init_runs_after_every_field_is_set():
    @slot_init
    @dataclass(frozen=True, slots=True)
    class Totals:
        a: int
        b: int = 2
        total: int = field(default=0, kw_only=True)

        def __post_init__(self) -> None:
            object.__setattr__(self, "total", self.a + self.b)

    assert Totals(1).total == 3 and Totals(1, 5).total == 6 and Totals(a=1, b=1, total=99).total == 2
    assert _params(Totals.__init__) == _params(Totals._dataclass_init)


@pytest.mark.parametrize("decorate", [
    lambda c: dataclass(c),
    lambda c: dataclass(frozen=True)(c),
    lambda c: dataclass(slots=True)(c),
])
def test_it_takes_only_a_frozen_slotted_dataclass(decorate):
    class Plain:
        a: int

    with pytest.raises(TypeError, match="frozen, slotted"):
        slot_init(decorate(Plain))
    with pytest.raises(TypeError, match="frozen, slotted"):
        slot_init(Plain)


def test_it_takes_no_field_left_out_of_init():
    @dataclass(frozen=True, slots=True)
    class Partial:
        a: int
        b: int = field(default=0, init=False)

    with pytest.raises(TypeError, match="init=False"):
        slot_init(Partial)
