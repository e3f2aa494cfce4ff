"""The station setting ``[console] supervisor_idle_seconds``: validated, one line per bad value."""

from __future__ import annotations

import pytest

from dealer_station.app.config import ConfigError, config_from_dict, default_config_path, load_config
from tests.conftest import run_cli


def test_the_default_is_sixty_seconds_and_the_shipped_file_says_so():
    assert config_from_dict({}).supervisor_idle_seconds == 60.0
    assert load_config(default_config_path()).supervisor_idle_seconds == 60.0
    assert config_from_dict({"console": {"supervisor_idle_seconds": 12.5}}).supervisor_idle_seconds == 12.5
    assert config_from_dict({"console": {"supervisor_idle_seconds": 600}}).supervisor_idle_seconds == 600.0


@pytest.mark.parametrize("value, shown", [
    (0, "0"), (-1, "-1"), (601, "601"), (float("inf"), "inf"), (float("nan"), "nan"), (1e308, "1e+308"),
    (10 ** 400, "an integer of 401 digits"), ("60", "'60'"), (True, "True"), ([60], "[60]"),
])
def test_a_bad_idle_time_is_one_line_naming_key_value_and_allowed(value, shown):
    with pytest.raises(ConfigError) as err:
        config_from_dict({"console": {"supervisor_idle_seconds": value}}, source="station.toml")
    assert len(err.value.errors) == 1
    line = err.value.errors[0]
    assert line.startswith("console.supervisor_idle_seconds: ") and shown in line and "<= 600" in line, line
    assert "\n" not in str(err.value)


def test_an_unknown_console_key_is_named():
    allowed = "badge_signs_in, press_debounce_ms, supervisor_idle_seconds"
    with pytest.raises(ConfigError, match=f"console.idle: unknown key; allowed: {allowed}"):
        config_from_dict({"console": {"idle": 5}})


def test_config_check_and_run_refuse_a_bad_idle_time(tmp_path):
    path = tmp_path / "station.toml"
    path.write_text("[console]\nsupervisor_idle_seconds = 1e400\n")  # TOML: inf
    proc = run_cli("config", "check", str(path))
    assert proc.returncode == 1 and "console.supervisor_idle_seconds" in proc.stdout
    proc = run_cli("console", "--config", str(path), "--screenshot", str(tmp_path / "x.png"),
                   env={"QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    assert "console.supervisor_idle_seconds" in proc.stderr
