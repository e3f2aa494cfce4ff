"""Whole classes: the controller and the table machine are composed of parts that own their state, not mixins
written as ``self: Controller`` in other files. No method anywhere annotates ``self`` as another class, and the
two owners have no base class but ``object`` (``transitions`` runs the machine's states as a part it holds)."""

from __future__ import annotations

import ast
from pathlib import Path

from dealer_station.app.controller import Controller
from dealer_station.domain.table import TableMachine

ROOT = Path(__file__).resolve().parents[2] / "dealer_station"


def _self_annotated_as_another_class(tree: ast.Module) -> list[str]:
    """``Class.method`` of every method whose ``self`` is annotated as a class other than its own."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if not isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) or not item.args.args:
                continue
            first = item.args.args[0]
            if first.arg != "self" or first.annotation is None:
                continue
            named = ast.unparse(first.annotation).strip("'\"")
            if named != node.name:
                found.append(f"{node.name}.{item.name} (self: {named})")
    return found


def test_the_scan_finds_a_mixin_method():
    mixin = ast.parse("class Part:\n    def act(self: Owner) -> None:\n        pass\n"
                      "class Owner(Part):\n    def own(self: Owner) -> None:\n        pass\n")
    assert _self_annotated_as_another_class(mixin) == ["Part.act (self: Owner)"]


def test_no_class_in_the_package_is_a_mixin_of_another():
    files = sorted(ROOT.rglob("*.py"))
    assert len(files) > 100  # the package is where this test thinks it is
    mixins = {str(path.relative_to(ROOT)): found for path in files
              if (found := _self_annotated_as_another_class(ast.parse(path.read_text(encoding="utf-8"))))}
    assert mixins == {}


def test_the_controller_and_the_table_machine_inherit_nothing():
    assert Controller.__bases__ == (object,)
    assert TableMachine.__bases__ == (object,)
