"""Fixtures of the report and recall tests: the journal whose counts are known (report_journal.py)."""

from __future__ import annotations

import json

import pytest
from report_journal import build

from dealer_station.cli import main


@pytest.fixture(scope="module")
def known(tmp_path_factory):
    """``(path, info)`` of the known journal, dealers recorded (built once per module)."""
    return build(tmp_path_factory.mktemp("known"))


@pytest.fixture
def cli(capsys):
    """Run ``dealer-station ARGS`` in this process: ``(status, stdout, stderr)``."""
    def run(*args: str):
        capsys.readouterr()   # what came before (a controller's logs) is not the command's output
        status = main(list(args))
        out = capsys.readouterr()
        return status, out.out, out.err
    return run


@pytest.fixture
def report_json(cli):
    """``dealer-station report --json ARGS`` as the parsed document (status 0 asserted)."""
    def run(path, *args: str) -> dict:
        status, out, err = cli("report", "--journal", str(path), "--json", *args)
        assert status == 0, err
        return json.loads(out)
    return run
