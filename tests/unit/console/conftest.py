"""Fixtures of the console tests: a console window on a station, a hanging shoe device (fakes.py)."""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

import pytest

from dealer_station.console.app import qt_is_usable

_QT_PROBLEM = qt_is_usable()
if _QT_PROBLEM:  # the process would abort part-way through the suite (see qt_is_usable)
    pytest.skip(f"console tests need a usable PySide6: {_QT_PROBLEM}", allow_module_level=True)

from dealer_station.console.qt_log import install_message_handler  # noqa: E402

install_message_handler()  # Qt's messages go to the log; the offscreen propagateSizeHints one is dropped

_spec = importlib.util.spec_from_file_location("console_test_fakes", Path(__file__).with_name("fakes.py"))
fakes_module = importlib.util.module_from_spec(_spec)
sys.modules["console_test_fakes"] = fakes_module
_spec.loader.exec_module(fakes_module)


@pytest.fixture(scope="session", autouse=True)
def english(qapp):
    """English's plural forms (``i18n/console_en.qm``), installed as the console installs them: a screen in
    English says ``BURN 1 MORE CARD``; a test's own translation is searched before it."""
    from dealer_station.console.i18n import install_english

    translator = install_english(qapp)
    assert translator is not None, "console_en.qm does not load: run make translations"
    yield translator
    qapp.removeTranslator(translator)


@pytest.fixture
def fakes():
    """The fakes module (BlockingShoe: a device that hangs)."""
    return fakes_module


def on_controller(win, fn):
    """Run ``fn()`` on the console's controller thread and return its value (a test acting as the table)."""
    return win.station.submit(fn).result(timeout=30)


@pytest.fixture
def console(qtbot):
    """A factory: ``console(station_or_controller, source)`` → a shown MainWindow, shut down after the test."""
    from dealer_station.app.runtime import Station
    from dealer_station.console.main_window import MainWindow

    windows = []
    beeps = []

    def make(station, source=None, **kw):
        kw.setdefault("sound", lambda: beeps.append(time.monotonic()))
        if not isinstance(station, Station):
            station = Station.around(station, source)
        win = MainWindow(station, **kw)
        win.beeps = beeps
        qtbot.addWidget(win)
        with qtbot.waitActive(win):
            win.show()
            win.activateWindow()
        win.start()
        windows.append(win)
        return win

    yield make
    for win in windows:
        win.shutdown()

