"""``dealer-station display``: a bad command line is one line naming the fix, exit 2; a port taken is one too."""

from __future__ import annotations

import socket

import pytest

from tests.conftest import run_cli

BROKER = ("--broker", "mqtt://127.0.0.1:1")


@pytest.mark.parametrize(("args", "needle"), [
    (("--table", "T1"), "--broker"),
    (BROKER, "--table"),
    (("--broker", "http://x", "--table", "T1"), "scheme must be mqtt:// or mqtts://"),
    ((*BROKER, "--table", "bad/id"), "cannot name a topic"),
    ((*BROKER, "--table", ""), "table id"),
    ((*BROKER, "--table", "T1", "--port", "65536"), "--port"),
    ((*BROKER, "--table", "T1", "--port", "eighty"), "--port"),
    ((*BROKER, "--table", "T1", "--language", "fr"), "--language fr: no translation for it; use one of ar, en"),
    ((*BROKER, "--table", "T1", "--trust", "{tmp}/nowhere"), "--trust"),
    ((*BROKER, "--table", "T1", "--trust", "{tmp}"), "no public key in it"),
    ((*BROKER, "--table", "T1", "--overlay", "yes"), "unrecognized"),
    ((*BROKER, "--table", "T1", "--log-level", "loud"), "--log-level"),
])
def test_one_line_and_exit_2(tmp_path, args, needle):
    done = run_cli("display", *(a.replace("{tmp}", str(tmp_path)) for a in args))
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert "Traceback" not in done.stderr and len(lines) == 1 and needle in lines[0], done.stderr


def test_a_port_already_taken_is_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = run_cli("display", *BROKER, "--table", "T1", "--port", str(port))
    lines = [line for line in done.stderr.splitlines() if line.strip() and '"level"' not in line]
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert len(lines) == 1 and f"--port {port}: cannot listen there" in lines[0], done.stderr
