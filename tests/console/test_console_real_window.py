"""The console in a real X window (Xvfb, Qt's xcb platform), as on the table's screen."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.conftest import ROOT


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="xvfb-run is not installed (Debian package 'xvfb')")
def test_console_opens_a_real_window_and_saves_its_picture(tmp_path):
    png = tmp_path / "dealer.png"
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", sys.executable, "-m", "dealer_station", "console",
         "--screenshot", str(png), "--rounds", "2", "--journal", ":memory:"],
        capture_output=True, text=True, timeout=180, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert png.stat().st_size > 10_000
    from PySide6.QtGui import QImage

    image = QImage(str(png))
    assert (image.width(), image.height()) == (1920, 1080)
