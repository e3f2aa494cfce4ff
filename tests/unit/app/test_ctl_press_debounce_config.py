"""The station setting ``[console] press_debounce_ms``: validated, one line per bad value, exit 2 at the console."""

from __future__ import annotations

import pytest

from dealer_station.app.config import ConfigError, config_from_dict, default_config_path, load_config
from tests.conftest import run_cli


def test_the_default_is_250_ms_and_the_shipped_file_says_so():
    assert config_from_dict({}).press_debounce_ms == 250
    assert load_config(default_config_path()).press_debounce_ms == 250
    assert config_from_dict({"console": {"press_debounce_ms": 0}}).press_debounce_ms == 0  # every press counts
    assert config_from_dict({"console": {"press_debounce_ms": 1000}}).press_debounce_ms == 1000


@pytest.mark.parametrize("value, shown", [
    (-1, "-1"), (1001, "1001"), (250.0, "250.0"), (float("inf"), "inf"), (float("nan"), "nan"),
    (10 ** 400, "0000000000..."), ("250", "'250'"), (True, "True"), ([250], "[250]"),
])
def test_a_bad_debounce_is_one_line_naming_key_value_and_allowed(value, shown):
    with pytest.raises(ConfigError) as err:
        config_from_dict({"console": {"press_debounce_ms": value}}, source="station.toml")
    assert len(err.value.errors) == 1
    line = err.value.errors[0]
    assert line.startswith("console.press_debounce_ms: ") and shown in line and "0..1000" in line, line
    assert "\n" not in str(err.value)


def test_config_check_and_the_console_refuse_a_bad_debounce(tmp_path):
    path = tmp_path / "station.toml"
    path.write_text("[console]\npress_debounce_ms = 5000\n")
    proc = run_cli("config", "check", str(path))
    assert proc.returncode == 1 and "console.press_debounce_ms" in proc.stdout
    proc = run_cli("console", "--config", str(path), "--screenshot", str(tmp_path / "x.png"),
                   env={"QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    assert "console.press_debounce_ms: 5000 is not allowed" in proc.stderr
