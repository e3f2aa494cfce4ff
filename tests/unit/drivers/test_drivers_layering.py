"""The drivers' layer: bytes and devices only (docs/design.md "Layout"): no dealer_station, no Qt."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FORBIDDEN = ("dealer_station", "PySide6")


def _imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_driver_module_imports_the_station_or_qt():
    modules = sorted((ROOT / "drivers").glob("*.py"))
    assert len(modules) > 10  # the package is where this test thinks it is
    bad = {p.name: sorted(n for n in _imported(p) if n.split(".")[0] in FORBIDDEN) for p in modules}
    assert {name: found for name, found in bad.items() if found} == {}


def test_importing_every_driver_module_loads_neither_the_station_nor_qt():
    names = [f"drivers.{p.stem}" for p in sorted((ROOT / "drivers").glob("*.py")) if p.stem != "__init__"]
    code = ("import importlib, sys\n"
            f"for name in {names!r}: importlib.import_module(name)\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "[]"
