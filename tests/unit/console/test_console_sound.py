"""The misread sound's device, looked at once at start: without one (or with the sound turned off) a warning, a
small NO SOUND mark on the dealer screen, and no sound program started for a misread. Nothing sounds in the
tests: tests/conftest.py turns the sound off, and these tests play through a stand-in program that only
writes down that it was started."""

from __future__ import annotations

import logging
import os
import time

import pytest
from PySide6.QtWidgets import QApplication

from dealer_station.console import sound
from dealer_station.console.dealer_screen import DealerScreen
from dealer_station.console.widgets import MISREAD_WAV

NO_CARD = "0: HDMI 0 : HDMI 0 : capture 1\n"
A_CARD = "00-00: ALC892 Analog : ALC892 Analog : playback 1 : capture 1\n"


@pytest.fixture
def machine(tmp_path, monkeypatch, sound_program):
    """No Qt Multimedia, ``aplay`` on PATH (a stand-in that writes down its arguments), an ALSA list to fill."""
    played = sound_program("aplay")
    pcm = tmp_path / "pcm"
    monkeypatch.setattr(sound, "ALSA_PCM", pcm)
    return pcm, played


def screen_of(qtbot) -> DealerScreen:
    screen = DealerScreen()
    qtbot.addWidget(screen)
    screen.show()
    return screen


def test_no_sound_card_is_a_warning_and_a_mark_and_no_program_is_started(qtbot, machine, monkeypatch, caplog):
    pcm, played = machine
    monkeypatch.delenv(sound.SOUND_ENV)
    pcm.write_text(NO_CARD)
    with caplog.at_level(logging.WARNING):
        screen = screen_of(qtbot)
    assert screen.no_sound.isVisibleTo(screen) and screen.no_sound.text() == "✖ NO SOUND"
    assert "lists no playback device" in screen.sound_problem and not screen.misread_wav
    assert screen.no_sound.toolTip() == screen.sound_problem
    warned = [r.getMessage() for r in caplog.records if "misread_sound_unavailable" in r.getMessage()]
    assert len(warned) == 1 and "no playback device" in warned[0], caplog.text
    screen.misread_sound()
    time.sleep(0.3)
    assert not played.exists()   # aplay was never started for a device that is not there
    # the same machine with a card that plays: the station's .wav goes to the program, and no mark
    pcm.write_text(A_CARD)
    screen = screen_of(qtbot)
    assert screen.sound_problem is None and screen.misread_wav and not screen.no_sound.isVisibleTo(screen)
    screen.misread_sound()
    deadline = time.monotonic() + 10
    while not played.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert played.read_text().split() == [str(MISREAD_WAV)]


def test_no_kernel_sound_at_all_and_no_player_are_said_too(qtbot, machine, monkeypatch, tmp_path):
    pcm, _ = machine
    monkeypatch.delenv(sound.SOUND_ENV)
    assert "cannot be read" in sound.sound_problem(tmp_path / "missing")
    assert sound.sound_problem() is not None   # the list was not written: no card
    pcm.write_text(A_CARD)
    assert sound.sound_problem() is None
    (tmp_path / "aplay").unlink()              # a card, but nothing here plays a .wav
    screen = screen_of(qtbot)
    assert "nothing here plays misread.wav" in screen.sound_problem and screen.no_sound.isVisibleTo(screen)


def test_sound_turned_off_sounds_nothing(qtbot, machine):
    pcm, played = machine
    pcm.write_text(A_CARD)
    assert os.environ[sound.SOUND_ENV] == "off"      # as every test runs
    screen = screen_of(qtbot)
    assert "turned off" in screen.sound_problem and screen.no_sound.isVisibleTo(screen)
    assert screen.sound is not QApplication.beep and screen.misread_sound is screen.sound
    screen.misread_sound()
    screen.sound()
    time.sleep(0.3)
    assert not played.exists()


def test_a_sound_given_is_used_as_is_and_nothing_is_looked_at(qtbot, machine, monkeypatch):
    pcm, _ = machine
    monkeypatch.delenv(sound.SOUND_ENV)
    pcm.write_text(NO_CARD)
    rang = []
    screen = DealerScreen(sound=lambda: rang.append(1))
    qtbot.addWidget(screen)
    assert screen.sound_problem is None and not screen.no_sound.isVisibleTo(screen)
    screen.misread_sound()
    assert rang == [1]


def test_every_test_and_every_process_it_starts_has_the_sound_off():
    """tests/conftest.py turns the switch off for each test; a station a test starts inherits it."""
    import subprocess
    import sys

    from tests.conftest import ROOT, SOUND_ENV

    assert SOUND_ENV == sound.SOUND_ENV and os.environ[SOUND_ENV] == "off" and sound.sound_off()
    child = subprocess.run([sys.executable, "-c", "from dealer_station.console.sound import sound_off; "
                            "print(sound_off())"], capture_output=True, text=True, cwd=ROOT, timeout=120,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert child.returncode == 0 and child.stdout.strip() == "True", child.stderr
