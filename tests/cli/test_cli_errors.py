"""Bad command lines are one clear line on standard error with exit status 2, never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT, run_cli


@pytest.mark.parametrize(("args", "stdin", "needle"), [
    (("config", "check", "/nonexistent/station.toml"), None, "no configuration file"),
    (("run", "--headless", "--shoe", "sim", "--auto", "--idle-exit", "-5", "--journal", ":memory:"), None,
     "--idle-exit -5"),
    (("run", "--headless", "--shoe", "sim", "--auto", "--shoes", "0", "--journal", ":memory:"), None, "--shoes 0"),
    (("simulate", "--table-id", "bad/id"), None, "--table-id: 'bad/id' is not allowed; allowed: 1-32 letters"),
    (("users", "--accounts", "{tmp}/a.json", "add", "bob", "--role", "supervisor"), "", "--pin-stdin"),
])
def test_one_line_and_exit_2(tmp_path, args, stdin, needle):
    args = tuple(a.replace("{tmp}", str(tmp_path)) for a in args)
    done = run_cli(*args, input=stdin)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and needle in lines[0], done.stderr


def test_a_named_command_imports_its_own_module_alone():
    """``dealer-station roads ...`` builds its parser from the roads module only: the other commands'
    modules (the odds engine and numpy, the capture reader, the console) are not imported."""
    code = ("import sys; from dealer_station.cli import main; status = main(['roads', 'BPT']); "
            "mods = sorted(m for m in sys.modules if m.startswith('dealer_station.cli.')); "
            "print(status, mods, 'numpy' in sys.modules, 'dpkt' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "0 ['dealer_station.cli.roads'] False False"


def test_help_and_an_unknown_command_still_name_every_command():
    helped = run_cli("--help")
    assert helped.returncode == 0 and "capture-text" in helped.stdout and "simulate" in helped.stdout
    wrong = run_cli("simulat")
    assert wrong.returncode == 2 and "did you mean simulate?" in wrong.stderr
