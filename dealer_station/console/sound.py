"""Whether this machine can sound the console's alerts: a sound output device, and the station's own switch.

The misread sound (``misread.wav``, :func:`~dealer_station.console.widgets.wav_player`) goes through Qt
Multimedia when it is installed, else through a sound program (``pw-play``, ``paplay``, ``aplay``). Either
fails without a sound output device, and a program started in the background fails where nobody sees it:
the console asks :func:`sound_problem` once at start, logs a warning and marks the dealer screen
"NO SOUND" when the answer is not None (docs/console.md "Misread and incident alerts").
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["ALSA_PCM", "SOUND_ENV", "sound_off", "sound_problem"]

SOUND_ENV = "DEALER_STATION_SOUND"
"""The environment variable that turns the console's sounds off: ``off`` (a training room; the test run)."""

ALSA_PCM = Path("/proc/asound/pcm")
"""The kernel's list of sound devices (ALSA): one line per device, ``playback 1`` for one that plays."""


def sound_off() -> bool:
    """True when :data:`SOUND_ENV` says ``off`` (any case, spaces around allowed)."""
    return os.environ.get(SOUND_ENV, "").strip().lower() == "off"


def sound_problem(pcm: Path | None = None) -> str | None:
    """None when the console's sounds can play here; else why not, in plain words (for the log).

    Parameters
    ----------
    pcm : Path, optional
        The ALSA device list to read (default :data:`ALSA_PCM`), looked at when Qt Multimedia is not installed
        (the sound programs play through ALSA, PipeWire's and PulseAudio's servers included).

    Notes
    -----
    With Qt Multimedia its own list of audio outputs decides. Reading the list plays nothing and waits for
    nothing but the file (or Qt's device list).
    """
    if sound_off():
        return f"sound is turned off ({SOUND_ENV}=off)"
    try:
        from PySide6.QtMultimedia import QMediaDevices
    except ImportError:
        pass
    else:
        return None if QMediaDevices.audioOutputs() else "no sound output device (Qt Multimedia finds none)"
    path = ALSA_PCM if pcm is None else pcm
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return f"no sound card ({path} cannot be read: the kernel has no sound device)"
    if not any("playback" in line for line in lines):
        return f"no sound card that plays ({path} lists no playback device)"
    return None
