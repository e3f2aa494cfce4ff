"""The tests' command runner (tests/support/forked_cli.py): a command forked from the fork server tells what a
fresh ``python -m dealer_station`` tells, with its own exit status, standard streams, environment and directory."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys

import pytest

from tests.support import forked_cli
from tests.support.forked_cli import ROOT, run
from tests.support.mqtt import wait_until


def fresh(*args: str, input: str | None = None, env: dict | None = None, cwd=None) -> subprocess.CompletedProcess:
    full = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), **(env or {})}
    return subprocess.run([sys.executable, "-m", "dealer_station", *args], input=input, capture_output=True,
                          text=True, timeout=120, env=full, cwd=cwd or ROOT)


def same(a: subprocess.CompletedProcess, b: subprocess.CompletedProcess) -> None:
    assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)


@pytest.mark.parametrize(("args", "input"), [
    (("deal", "5S", "6D", "KH", "KC", "6H", "5C", "--json"), None),
    (("deal", "--json"), "5S 6D KH KC 6H 5C\nQQ\n7S 6D KH KC\n"),   # standard input, a bad line: exit 2
    (("deal", "--mode", "cheap", "5S", "6D", "KH", "KC"), None),
    (("simulat",), None),
    (("--help",), None),
])
def test_a_forked_command_tells_what_a_fresh_one_tells(args, input):
    assert forked_cli._the_server() is not None   # the fork server runs here: the forked path is the one tried
    same(run(*args, input=input), fresh(*args, input=input))


def test_the_environment_and_the_directory_are_the_commands(tmp_path):
    done = run("simulate", "--shoes", "1", "--decks", "1", "--seed", "3", "--journal", "here.sqlite", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "here.sqlite").exists()   # a relative path is the command's directory's
    tail = run("events", "tail", "--json", env={"DEALER_STATION_JOURNAL": str(tmp_path / "here.sqlite")})
    assert tail.returncode == 0, tail.stderr
    assert [json.loads(line)["table_id"] for line in tail.stdout.splitlines()]
    same(tail, fresh("events", "tail", "--json", env={"DEALER_STATION_JOURNAL": str(tmp_path / "here.sqlite")}))
    gone = run("events", "tail", "--json", drop_env=("DEALER_STATION_JOURNAL",),
               env={"XDG_DATA_HOME": str(tmp_path / "none")})
    same(gone, fresh("events", "tail", "--json", env={"XDG_DATA_HOME": str(tmp_path / "none")}))


def test_a_command_past_its_timeout_is_killed_and_said(tmp_path):
    assert run("simulate", "--shoes", "1", "--decks", "1", "--journal", str(tmp_path / "j.sqlite")).returncode == 0
    with pytest.raises(subprocess.TimeoutExpired):   # --follow never ends by itself
        run("events", "tail", "--follow", "--journal", str(tmp_path / "j.sqlite"), timeout=2)
    # the server goes on serving after it
    same(run("deal", "5S", "6D", "KH", "KC"), fresh("deal", "5S", "6D", "KH", "KC"))


def test_another_locale_or_interpreter_option_runs_in_a_fresh_interpreter(monkeypatch):
    calls = []
    real = subprocess.run

    def spy(*a, **kw):
        calls.append(kw["env"])
        return real(*a, **kw)

    monkeypatch.setattr(forked_cli.subprocess, "run", spy)
    run("deal", "5S", "6D", "KH", "KC")
    assert calls == []
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("PYTHONHASHSEED", raising=False)
    run("deal", "5S", "6D", "KH", "KC", env={"LC_MESSAGES": "C"})
    run("deal", "5S", "6D", "KH", "KC", env={"PYTHONHASHSEED": "7"})
    assert [(c.get("LC_MESSAGES"), c.get("PYTHONHASHSEED")) for c in calls] == [("C", None), (None, "7")]


def test_a_running_station_is_signalled_read_and_waited_for_as_a_popen(tmp_path):
    journal = tmp_path / "j.sqlite"
    station = forked_cli.start("run", "--headless", "--shoe", "sim?seed=7", "--auto", "--journal", str(journal),
                               "--log-level", "INFO")
    assert isinstance(station, forked_cli.Forked) and station.pid != os.getpid()
    first = station.stderr.readline()   # it logs as it starts: its standard error is the pipe read here
    assert first and station.poll() is None

    def dealing() -> bool:
        try:
            with sqlite3.connect(f"file:{journal}?mode=ro", uri=True) as conn:
                return conn.execute("SELECT COUNT(*) FROM journal").fetchone()[0] > 20
        except sqlite3.Error:
            return False

    assert wait_until(dealing, 120)   # its signal handlers are in place once it deals
    station.send_signal(signal.SIGTERM)   # a stop: journaled, exit 0
    out, err = station.communicate(timeout=120)
    assert station.returncode == 0, err
    # its standard output is its own: the round lines it dealt before the stop (none when the stop came first)
    assert all(line.startswith("shoe 1 round ") for line in out.splitlines()), out
    assert "dealer-station run: stopped" in err
    killed = forked_cli.start("run", "--headless", "--shoe", "sim?seed=7", "--auto", "--journal", str(journal))
    killed.kill()
    assert killed.wait(120) == -signal.SIGKILL   # ended by a signal: minus its number, as Popen says
