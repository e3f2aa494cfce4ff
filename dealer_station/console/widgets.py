"""Widgets that keep the 1920×1080 layout whatever the language: a banner that shrinks its font to
fit, and a touch button whose label wraps.

Translated strings run longer than English ones (Portuguese, Hungarian) and right-to-left scripts
must mirror: these widgets never demand more width than the screen has.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from dealer_station.console.theme import font

__all__ = ["MISREAD_WAV", "FitLabel", "TouchButton", "WrapFitLabel", "fit_wrapped", "restyle", "wav_player"]

MISREAD_WAV = Path(__file__).with_name("misread.wav")
"""The misread sound shipped with the station (package data): three short rising tones, 0.5 s."""


def restyle(widget: QWidget, css: str) -> bool:
    """Give ``widget`` the style sheet ``css`` when it has another one; True when it changed.

    Setting a style sheet re-polishes the widget and every child under it (a hand's panel: ~9 ms here), even
    when the sheet is the one it has: a view rendered again with nothing changed must not pay for it.
    """
    if widget.styleSheet() == css:
        return False
    widget.setStyleSheet(css)
    return True


WAV_PROGRAMS = ("pw-play", "paplay", "aplay")
"""Programs that play a .wav, tried in this order when Qt Multimedia is not installed: PipeWire's, PulseAudio's
and ALSA's (Debian packages pipewire-bin, pulseaudio-utils, alsa-utils)."""


def wav_player(path: Path = MISREAD_WAV, parent=None) -> Callable[[], None] | None:
    """A callable that plays the .wav at ``path``, or None when nothing here can play it (or the file is missing).

    Through Qt Multimedia (``QSoundEffect``) when it is installed (PySide6-Essentials lacks it), else through
    the first of :data:`WAV_PROGRAMS` found on ``PATH``, started without waiting (a call never blocks the
    GUI; a sound still playing is not started again). The system beep is not used for it: a touch PC without
    a PC speaker never plays it.
    """
    if not path.is_file():
        return None
    try:
        from PySide6.QtCore import QUrl
        from PySide6.QtMultimedia import QSoundEffect
    except ImportError:
        return _program_player(path)
    effect = QSoundEffect(parent)
    effect.setSource(QUrl.fromLocalFile(str(path)))
    effect.setVolume(1.0)
    return effect.play


def _program_player(path: Path) -> Callable[[], None] | None:
    import shutil
    import subprocess

    program = next((found for name in WAV_PROGRAMS if (found := shutil.which(name))), None)
    if program is None:
        return None
    playing: list[subprocess.Popen] = []

    def play() -> None:
        if playing and playing[0].poll() is None:
            return
        playing.clear()
        try:
            playing.append(subprocess.Popen([program, str(path)], stdin=subprocess.DEVNULL,
                                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                            start_new_session=True))
        except OSError:
            pass   # a sound that cannot be played never stops the console: the banner still shows

    return play


class FitLabel(QLabel):
    """A one-line label whose font shrinks (down to ``min_pixels``) until the text fits its width (and its height).

    Parameters
    ----------
    max_pixels, min_pixels:
        Largest and smallest font pixel size (int).
    fit_height:
        When True the font also shrinks until the text's line (its font metrics' bounding height, the fallback
        fonts of a script with tall glyphs included: Telugu's is 105 pixels at 78) fits the label's height: for a
        label of fixed height, such as the banner.
    """

    def __init__(self, text: str = "", max_pixels: int = 78, min_pixels: int = 30,
                 parent: QWidget | None = None, *, fit_height: bool = False) -> None:
        super().__init__(text, parent)
        self.max_pixels = max_pixels
        self.min_pixels = min_pixels
        self.fit_height = fit_height
        self.pixels = 0
        self._color: str | None = None
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._fit()

    def setText(self, text: str) -> None:  # noqa: D102 - Qt override
        if text == self.text():
            return  # the same words: nothing to measure again
        super().setText(text)
        self._fit()

    def resizeEvent(self, event) -> None:  # noqa: D102 - Qt override
        super().resizeEvent(event)
        self._fit()

    def minimumSizeHint(self) -> QSize:  # noqa: D102 - Qt override
        return QSize(200, QFontMetrics(self._font_at(self.max_pixels)).height())

    def _font_at(self, pixels: int):
        f = self.font()
        f.setPixelSize(pixels)
        f.setBold(True)
        return f

    def _fit(self) -> None:
        width = max(1, self.width() - 20)
        height = self.contentsRect().height() if self.fit_height else 0
        pixels = self.max_pixels
        while pixels > self.min_pixels and not self._fits(pixels, width, height):
            pixels -= 2
        if pixels != self.pixels:
            self.pixels = pixels
            self._restyle()

    def _fits(self, pixels: int, width: int, height: int) -> bool:
        """The text in ``pixels``-pixel type fits ``width`` (and ``height``, when not 0) pixels."""
        metrics = QFontMetrics(self._font_at(pixels))
        if metrics.horizontalAdvance(self.text()) > width:
            return False
        return not height or metrics.boundingRect(self.text()).height() <= height

    def set_color(self, color: str | None) -> None:
        """Text colour (CSS colour) or None for the theme's."""
        if color != self._color:
            self._color = color
            self._restyle()

    def _restyle(self) -> None:
        color = f"color: {self._color};" if self._color else ""
        restyle(self, f"{color} font-size: {self.pixels}px; font-weight: bold;")


class TouchButton(QPushButton):
    """A big touch button: a label that wraps over up to three lines and its keyboard key under it.

    ``text()`` is the label alone; :meth:`set_label` changes it.
    """

    def __init__(self, label: str, key: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.setSpacing(0)
        self._label = QLabel(label)
        self._label.setObjectName("buttonLabel")
        self._label.setWordWrap(True)
        self._key = QLabel(f"[{key}]" if key else "")
        self._key.setObjectName("buttonKey")
        lay.addStretch(1)
        for lab in (self._label, self._key):
            lab.setAlignment(Qt.AlignmentFlag.AlignCenter)
            lab.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
            lay.addWidget(lab)
        lay.addStretch(1)
        self.setAccessibleName(label)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_label(self, label: str, key: str | None = None) -> None:
        """Change the label (and the key shown under it)."""
        if label != self._label.text():
            self._label.setText(label)
            self.setAccessibleName(label)
        if key is not None:
            self._key.setText(f"[{key}]" if key else "")

    def text(self) -> str:  # noqa: D102 - the label, for tests and accessibility
        return self._label.text()

    def sizeHint(self) -> QSize:  # noqa: D102 - Qt override
        return QSize(220, 110)

    def minimumSizeHint(self) -> QSize:  # noqa: D102 - Qt override
        return QSize(120, 104)


def fit_wrapped(label: QLabel, max_pixels: int, min_pixels: int, css: str = "") -> int:
    """Shrink the font of word-wrapped ``label`` from ``max_pixels`` (down to ``min_pixels``) until its text
    fits the label's height (inside its contents margins); return the pixel size set (the style sheet's own when
    ``max_pixels`` fits and no ``css`` is given). ``css``: the rest of the label's style sheet (a colour), kept.
    """
    width, height = label.contentsRect().width(), label.contentsRect().height()  # inside a style sheet's padding
    if width <= 0:   # not laid out yet: its colour now, its size when it is fitted again
        restyle(label, css)
        return max_pixels
    pixels = max_pixels
    while pixels > min_pixels:
        f = QFont(label.font())
        f.setPixelSize(pixels)
        lines = QFontMetrics(f).boundingRect(0, 0, width, 10_000, int(Qt.TextFlag.TextWordWrap), label.text())
        if lines.height() <= height:
            break
        pixels -= 1
    restyle(label, css + (f"font-size: {pixels}px;" if pixels != max_pixels or css else ""))
    return pixels


class WrapFitLabel(QLabel):
    """A word-wrapped label of fixed height whose font shrinks (from ``max_pixels`` down to ``min_pixels``) until
    its text fits that height (:func:`fit_wrapped`), fitted again whenever its text or size changes.

    Parameters
    ----------
    max_pixels, min_pixels:
        Largest and smallest font pixel size (int); the style sheet's size should be ``max_pixels``.
    lines:
        The label's height in lines of ``max_pixels`` bold type (the console's family), or 0 to leave its height
        to the caller.
    """

    def __init__(self, max_pixels: int, min_pixels: int, lines: int = 0, parent: QWidget | None = None) -> None:
        super().__init__("", parent)
        self.max_pixels, self.min_pixels = max_pixels, min_pixels
        self.setWordWrap(True)
        if lines:
            self.setFixedHeight(lines * QFontMetrics(font(max_pixels, bold=True)).lineSpacing() + 6)

    def setText(self, text: str) -> None:  # noqa: D102 - Qt override
        if text != self.text():
            super().setText(text)
            self.fit()

    def resizeEvent(self, event) -> None:  # noqa: D102 - Qt override
        super().resizeEvent(event)
        self.fit()

    def fit(self) -> int:
        """Fit the font to the text, the width and the height now; return its pixel size."""
        return fit_wrapped(self, self.max_pixels, self.min_pixels)
