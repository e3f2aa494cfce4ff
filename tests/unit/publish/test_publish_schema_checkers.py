"""The shipped event schemas under other validators than the station's: Ajv in strict mode and check-jsonschema.

Ajv comes from npm: ``make test`` installs the versions of tests/js/package-lock.json into tests/js/node_modules;
without them (pytest run by itself) this test installs the same into a folder of its own. No node, or no npm to
install Ajv with: the Ajv test is skipped with the reason.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_station.schemas import event_schema_names

ROOT = Path(__file__).resolve().parents[3]
SCHEMAS = ROOT / "dealer_station" / "schemas" / "events"
JS = ROOT / "tests" / "js"

LOOSE = {   # "properties" without "type": "object", and "required" naming a member no "properties" defines
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://dealer-station.example/schemas/events/loose.json",
    "properties": {"a": {"type": "integer"}},
    "if": {"required": ["b"]},
    "then": {"required": ["a"]},
}


@pytest.fixture(scope="module")
def node_modules(tmp_path_factory) -> Path:
    """The node_modules folder holding ajv and ajv-formats (tests/js's, else one installed here with npm ci)."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed: the schemas are not compiled with Ajv")
    if (JS / "node_modules" / "ajv" / "package.json").is_file():
        return JS / "node_modules"
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed: Ajv cannot be installed (make test installs it into tests/js)")
    folder = tmp_path_factory.mktemp("ajv")
    for name in ("package.json", "package-lock.json"):
        shutil.copy(JS / name, folder / name)
    done = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=folder, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, f"npm ci of tests/js/package-lock.json failed: {done.stderr[-2000:]}"
    return folder / "node_modules"


def _compile(folder: Path, node_modules: Path) -> tuple[int, dict]:
    env = {**os.environ, "NODE_PATH": str(node_modules)}
    done = subprocess.run(["node", str(JS / "compile_schemas.js"), str(folder)], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.stdout.strip(), done.stderr[-2000:]
    return done.returncode, json.loads(done.stdout)


def test_every_shipped_schema_compiles_under_ajv_strict(node_modules):
    status, results = _compile(SCHEMAS, node_modules)
    assert set(results) == set(event_schema_names())
    assert {name: error for name, error in results.items() if error} == {}
    assert status == 0


def test_ajv_strict_refuses_a_loose_schema(node_modules, tmp_path):
    """The check above can fail: strict mode is on and a failure comes out as the file's message."""
    (tmp_path / "loose.json").write_text(json.dumps(LOOSE))
    status, results = _compile(tmp_path, node_modules)
    assert status == 1 and "strict mode" in results["loose"]


def _check_jsonschema() -> list[str]:
    found = shutil.which("check-jsonschema", path=str(Path(sys.executable).parent)) or shutil.which("check-jsonschema")
    if found is None:
        pytest.fail("check-jsonschema is not installed: pip install -e '.[test]'")
    return [found]


def test_every_shipped_schema_passes_check_jsonschema_metaschema():
    files = sorted(SCHEMAS.glob("*.json"))
    assert [f.stem for f in files] == event_schema_names()
    done = subprocess.run([*_check_jsonschema(), "--check-metaschema", *map(str, files)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_check_jsonschema_metaschema_refuses_a_bad_schema(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**LOOSE, "type": "objekt", "properties": {"a": {"pattern": "(unclosed"}}}))
    done = subprocess.run([*_check_jsonschema(), "--check-metaschema", str(bad)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 1 and "objekt" in done.stdout, done.stdout + done.stderr
