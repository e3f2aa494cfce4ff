"""The layers contract (pyproject.toml, `lint-imports`) covers every package: a module outside every layer would
import anything unchecked, so each package and top-level module of dealer_station, and drivers, has its layer."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _layers() -> list[list[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = [c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers"]
    assert len(contracts) == 1
    return [[name.strip(" ()") for name in re.split(r"[|:]", layer)] for layer in contracts[0]["layers"]]


def _top_level(package: str) -> set[str]:
    """Each package under ``package`` and each module beside its ``__init__.py``, as dotted names."""
    here = ROOT / package
    names = {f"{package}.{p.parent.name}" for p in here.glob("*/__init__.py")}
    names |= {f"{package}.{p.stem}" for p in here.glob("*.py") if p.stem != "__init__"}
    return names


def test_every_package_and_top_level_module_is_in_a_layer():
    listed = {name for layer in _layers() for name in layer}
    expected = _top_level("dealer_station") | {"drivers"}
    assert len(expected) > 12  # the packages are where this test thinks they are
    assert expected - listed == set()
    assert listed - expected == set()  # and no layer names a package that is gone


def test_the_domain_and_the_drivers_are_the_bottom_layer_and_the_command_line_the_top():
    layers = _layers()
    assert sorted(layers[-1]) == ["dealer_station.domain", "drivers"]
    assert layers[0] == ["dealer_station.__main__"] and layers[1] == ["dealer_station.cli"]
