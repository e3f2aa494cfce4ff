"""Re-exports the project's shared test helpers (tests/conftest.py) under a name no other test dir uses."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_path = Path(__file__).resolve().parents[1] / "conftest.py"
_spec = importlib.util.spec_from_file_location("_project_conftest", _path)
_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_module)

ROOT = _module.ROOT
run_cli = _module.run_cli
shared_path = _module.shared_path
