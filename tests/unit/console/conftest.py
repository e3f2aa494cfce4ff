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


SUPERVISOR = ("sue", "supervisor", "1234")
"""The supervisor's account of the console tests: (user, role, PIN)."""
DEALER = ("dan", "dealer", "0000")
"""A dealer's account of the console tests: (user, role, PIN)."""


@pytest.fixture
def console_station(tmp_path):
    """A factory: ``console_station(...)`` → the console's table (``open_console_station``: a simulated shoe, the
    journal on disk in ``tmp_path``), closed after the test.

    Keywords: ``accounts``, the ``(user, role, pin)`` accounts written to ``tmp_path/accounts.json`` when it is
    not there yet (default :data:`SUPERVISOR`; ``()``: no accounts file); ``sign_in``, the ``(user, pin)`` signed
    in as the dealer when nobody is (default None: nobody, or the demo dealer); ``journal``, its file name in
    ``tmp_path``; ``shoe``, the shoe spec (default ``"sim?seed=7"``); ``config``, a station config path or None.
    """
    from dealer_station.app.accounts import Accounts
    from dealer_station.console.app import open_console_station

    path = tmp_path / "accounts.json"
    opened = []

    def make(*, accounts=(SUPERVISOR,), sign_in=None, journal="journal.sqlite", shoe="sim?seed=7", config=None):
        if accounts and not path.exists():
            book = Accounts(path)
            for user, role, pin in accounts:
                book.add(user, role, pin)
        station = open_console_station(config, shoe, tmp_path / journal, path)
        opened.append(station)
        if sign_in is not None and station.controller.signed_in is None:
            station.controller.sign_in(*sign_in)  # a dealer signs in before betting can open
        return station

    yield make
    for station in opened:
        try:
            station.close()
        except Exception:
            pass


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



@pytest.fixture
def sound_program(tmp_path, monkeypatch):
    """A machine without Qt Multimedia whose PATH is one folder: ``sound_program(name, then="")`` puts a stand-in
    sound program there that writes down its arguments (one line per start, in ``tmp_path / "played"``), then runs
    the shell line ``then``; returns that record's path. Nothing sounds.
    """
    import builtins

    real_import = builtins.__import__

    def no_multimedia(name, *args, **kwargs):
        if name == "PySide6.QtMultimedia":
            raise ImportError("no Qt Multimedia")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_multimedia)
    monkeypatch.setenv("PATH", str(tmp_path))
    played = tmp_path / "played"

    def make(name: str, then: str = "") -> Path:
        program = tmp_path / name
        program.write_text(f"#!/bin/sh\necho \"$@\" >> {played}\n{then}\n")
        program.chmod(0o755)
        return played

    return make
