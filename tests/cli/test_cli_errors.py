"""Bad command lines are one clear line on standard error with exit status 2, never a traceback."""

from __future__ import annotations

import pytest

from tests.conftest import run_cli


@pytest.mark.parametrize(("args", "stdin", "needle"), [
    (("config", "check", "/nonexistent/station.toml"), None, "no configuration file"),
    (("run", "--headless", "--shoe", "sim", "--auto", "--idle-exit", "-5", "--journal", ":memory:"), None,
     "--idle-exit -5"),
    (("run", "--headless", "--shoe", "sim", "--auto", "--shoes", "0", "--journal", ":memory:"), None, "--shoes 0"),
    (("simulate", "--table-id", "bad/id"), None, "table.id: 'bad/id' is not allowed"),
    (("users", "--accounts", "{tmp}/a.json", "add", "bob", "--role", "supervisor"), "", "--pin-stdin"),
])
def test_one_line_and_exit_2(tmp_path, args, stdin, needle):
    args = tuple(a.replace("{tmp}", str(tmp_path)) for a in args)
    done = run_cli(*args, input=stdin)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and needle in lines[0], done.stderr
