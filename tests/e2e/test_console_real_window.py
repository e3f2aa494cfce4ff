"""The console in a real X window (Xvfb, Qt's xcb platform), as on the table's screen."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT
from tests.support.xvfb import x_display


def test_console_opens_a_real_window_and_saves_its_picture(tmp_path):
    png = tmp_path / "dealer.png"
    with x_display("1920x1080x24") as env:
        env["PYTHONPATH"] = str(ROOT)
        done = subprocess.run(
            [sys.executable, "-m", "dealer_station", "console", "--screenshot", str(png), "--rounds", "2",
             "--journal", ":memory:"], capture_output=True, text=True, timeout=180, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    from PySide6.QtGui import QImage

    image = QImage(str(png))
    assert (image.width(), image.height()) == (1920, 1080)
    assert_console_picture(image)


def colour_share(image, colour: str, tolerance: int = 24) -> float:
    """The share of ``image``'s pixels within ``tolerance`` (each of R, G, B) of ``colour`` (``#rrggbb``)."""
    import numpy as np
    from PySide6.QtGui import QImage

    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    data = np.frombuffer(rgb.constBits(), dtype=np.uint8, count=rgb.sizeInBytes())
    rows = data.reshape(rgb.height(), rgb.bytesPerLine())[:, : rgb.width() * 3].reshape(rgb.height(), -1, 3)
    want = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)], dtype=np.int16)
    near = (np.abs(rows.astype(np.int16) - want) <= tolerance).all(axis=2)
    return float(near.mean())


def assert_console_picture(image) -> None:
    """The picture is the console after two rounds: the theme's dark ground, its warm-white text, and the
    results on the board in banker red or player blue (a blank, black or foreign window fails)."""
    from dealer_station.console.theme import COLORS

    assert colour_share(image, COLORS["bg"]) + colour_share(image, COLORS["panel"]) + \
        colour_share(image, COLORS["felt"]) > 0.4
    assert colour_share(image, COLORS["text"], 40) > 0.001
    assert colour_share(image, COLORS["banker"], 40) + colour_share(image, COLORS["player"], 40) > 0.0002
