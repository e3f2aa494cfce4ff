"""``dealer-station pit``: a bad command line or settings file is one line naming the fix, exit 2."""

from __future__ import annotations

import pytest

from tests.conftest import run_cli


@pytest.mark.parametrize(("args", "config", "needle"), [
    ((), None, "no broker: pass --broker"),
    (("--broker", "http://x"), None, "scheme must be mqtt:// or mqtts://"),
    (("--broker", "mqtt://127.0.0.1:1", "--table", "bad/id"), None, "cannot name a topic"),
    (("--broker", "mqtt://127.0.0.1:1", "--size", "10x10"), None, "--size"),
    (("--config", "{tmp}/pit.toml"), "[pit]\nwait_alert = 5\n", "[pit] wait_alert: unknown key"),
    (("--config", "{tmp}/pit.toml"), "[pit]\nbroker = 'mqtt://h'\nwait_alert_seconds = -1\n",
     "wait_alert_seconds = -1"),
    (("--config", "{tmp}/pit.toml"), "[pit]\nbroker = 'mqtt://h'\ntables = 'T1'\n", "[pit] tables: use a list"),
    (("--config", "{tmp}/pit.toml"), "pit = 3\n", "[pit] is not a section"),
    (("--config", "{tmp}/pit.toml"), "[pit]\nbrokers = []\n", "[pit] brokers: use a list of broker URLs"),
    (("--config", "{tmp}/pit.toml"), "[pit]\nbrokers = 'mqtt://h'\n", "[pit] brokers: use a list of broker URLs"),
    (("--config", "{tmp}/pit.toml"), "[pit]\nbroker = 'mqtt://a'\nbrokers = ['mqtt://b']\n",
     "either broker or brokers"),
    (("--broker", "mqtt://127.0.0.1:1", "--broker", "nope://x"), None, "nope://x"),
    (("--broker", "mqtt://127.0.0.1:1", "--probe-interval", "7200"), None, "probe_interval"),
    (("--config", "{tmp}/pit.toml"), "[pit\n", "not valid TOML"),
    (("--config", "{tmp}/missing.toml"), None, "--config"),
])
def test_one_line_and_exit_2(tmp_path, args, config, needle):
    if config is not None:
        (tmp_path / "pit.toml").write_text(config)
    done = run_cli("pit", *(a.replace("{tmp}", str(tmp_path)) for a in args))
    assert done.returncode == 2, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert "Traceback" not in done.stderr and len(lines) == 1 and needle in lines[0], done.stderr


@pytest.mark.parametrize("value", ["0", "-3", "abc", "nan", "inf"])
def test_a_bad_wait_alert_is_refused_by_the_parser(value):
    done = run_cli("pit", "--broker", "mqtt://127.0.0.1:1", "--wait-alert", value)
    assert done.returncode == 2 and "--wait-alert" in done.stderr and "Traceback" not in done.stderr


def test_no_display_is_one_line(tmp_path):
    done = run_cli("pit", "--broker", "mqtt://127.0.0.1:1", env={"QT_QPA_PLATFORM": "", "DISPLAY": "",
                                                                  "WAYLAND_DISPLAY": ""})
    assert done.returncode == 2 and "no display" in done.stderr and "Traceback" not in done.stderr


def test_the_settings_file_gives_the_broker_and_wait_alert_when_the_command_line_does_not(tmp_path):
    # no broker listens on port 1: the screenshot is still written after the bounded wait, exit 1
    (tmp_path / "pit.toml").write_text("[pit]\nbroker = 'mqtt://127.0.0.1:1'\nwait_alert_seconds = 30\n"
                                       "tables = ['T1']\n")
    png = tmp_path / "pit.png"
    done = run_cli("pit", "--config", str(tmp_path / "pit.toml"), "--screenshot", str(png), "--screenshot-wait", "1",
                   env={"QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 1, done.stderr
    assert png.exists() and "Traceback" not in done.stderr
