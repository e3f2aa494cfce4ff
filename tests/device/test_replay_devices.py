"""Fixtures through the real device stacks: umockdev plays a library script to pyserial and a library
usbmon capture to libusb/pyusb, ``dealer-station record`` records what the shoe reader got, and the
replay of that recording gives the fixture's expected results."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.support.replay import ROOT, SESSIONS, run_cli

UMOCKDEV_RUN = shutil.which("umockdev-run")
USB_SYSFS = "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1"


def _record(umockdev_args: list[str], spec: str, out, idle: str) -> None:
    if UMOCKDEV_RUN is None:
        pytest.skip("umockdev-run is not installed (Debian package umockdev; `make test` installs it)")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [UMOCKDEV_RUN, *umockdev_args, "--", sys.executable, "-m", "dealer_station", "record", "--shoe", spec,
           "-o", str(out), "--idle-exit", idle]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=90, env=env, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]


# The two device stacks: umockdev arguments, the station's --shoe spec, the fixture's expected results.
SERIAL = pytest.param(["-d", str(ROOT / "hw_fixtures" / "serial" / "shoe.umockdev"),
                       "-s", f"/dev/ttyUSB0={SESSIONS / 'script-saopai.script'}"],
                      "serial:/dev/ttyUSB0?codec=saopai&on_open=05", "script-saopai.expected.jsonl",
                      id="serial-pyserial")
USB = pytest.param(["-d", str(ROOT / "hw_fixtures" / "usb" / "scanner.umockdev"),
                    "--pcap", f"{USB_SYSFS}={SESSIONS / 'usb-hid-rescans.pcap'}"],
                   "usb:0c2e:0b61?codec=hid-keyboard", "usb-hid-rescans.expected.jsonl", id="usb-pyusb")


@pytest.mark.parametrize("umockdev_args, spec, expected", [SERIAL, USB])
def test_recorded_through_the_device_stack_replays_to_its_expected_results(umockdev_args, spec, expected,
                                                                           tmp_path):
    out = tmp_path / "recorded.session.jsonl"
    _record(umockdev_args, spec, out, "2")
    done = run_cli("replay", str(out), "--expected", str(SESSIONS / expected))
    assert done.returncode == 0, done.stderr


def _run_headless(umockdev_args: list[str], spec: str, tmp_path) -> list[dict]:
    """``dealer-station run --headless --auto --json`` on a shoe that umockdev plays; its round lines."""
    import json

    if UMOCKDEV_RUN is None:
        pytest.skip("umockdev-run is not installed (Debian package umockdev; `make test` installs it)")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [UMOCKDEV_RUN, *umockdev_args, "--", sys.executable, "-m", "dealer_station", "run", "--headless",
           "--shoe", spec, "--auto", "--json", "--idle-exit", "2", "--journal", str(tmp_path / "j.sqlite"),
           "--log-level", "WARNING"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=90, env=env, cwd=ROOT)
    # the recording ends with the device gone: the station stops idle, paused on shoe_disconnected
    assert proc.returncode in (0, 1), proc.stderr[-2000:]
    assert "idle" in proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]


def _expected(name: str) -> list[dict]:
    import json

    return [json.loads(line) for line in (SESSIONS / name).read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("umockdev_args, spec, expected", [SERIAL, USB])
def test_run_headless_through_the_device_stack(umockdev_args, spec, expected, tmp_path):
    lines = _run_headless(umockdev_args, spec, tmp_path)
    # run signs in its configured dealer ("auto" by default): every round names it; the rest is the expected line
    assert [line.pop("dealer", None) for line in lines] == ["auto"] * len(lines)
    assert lines == _expected(expected)
