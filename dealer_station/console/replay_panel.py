"""``replay --console``: a recorded session played in the dealer console, with pause, step and speed.

The console (:class:`dealer_station.console.main_window.MainWindow`) renders the replay's
controller exactly as at the table; a small control panel (:class:`ReplayPanel`, docked at the
bottom of the window) paces the :class:`~dealer_station.app.replay.Replayer` from a Qt timer on the
GUI thread; each step runs on the console's controller thread, which owns the controller (docs/style.md
habit 7; :attr:`ReplayPanel.run`). Pausing stops between two steps; a step
plays the next recorded read, link event or act; the speed scales the recorded gaps (or drops them).
The replay's results do not depend on the pace (the codec and the controller see recorded times).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtWidgets import QComboBox, QDockWidget, QHBoxLayout, QLabel, QPushButton, QWidget

from dealer_station.app.replay import Replayer, ReplayResult, ReplaySession

__all__ = ["SPEEDS", "ReplayPanel", "attach_panel", "run_replay_console"]

SPEEDS: tuple[tuple[str, float | None], ...] = (("0.5×", 0.5), ("1×", 1.0), ("2×", 2.0), ("5×", 5.0),
                                                 ("10×", 10.0), ("50×", 50.0), ("fast", None))
"""Speed choices: label and factor of the recorded timing (None: no waiting)."""

TICK_MS = 15
"""Timer interval of the pacing, milliseconds."""
FAST_BATCH = 50
"""Steps played per timer tick at ``fast`` (the console stays responsive)."""


class ReplayPanel(QWidget):
    """Pause / play, step and speed controls of a replay, with its position.

    Parameters
    ----------
    replayer:
        A :class:`Replayer` whose :meth:`~Replayer.begin` has been called with the session.
    speed:
        Initial factor (None: fast).
    autoplay:
        Start playing at once (else paused on the first step).

    Signals
    -------
    finished(object)
        The :class:`ReplayResult`, once every step was played (and :meth:`Replayer.finish` ran).
    """

    finished = Signal(object)

    def __init__(self, replayer: Replayer, *, speed: float | None = 1.0, autoplay: bool = True,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.replayer = replayer
        self.speed = speed
        self.playing = False
        self.done = False
        self.result: ReplayResult | None = None
        self.run: Callable[[Callable[[], object]], object] = lambda fn: fn()
        """Runs a step of the replayer where its controller is owned (the console's controller thread,
        set by :func:`attach_panel`; default: here)."""
        self._busy = False
        self._anchor_t = 0.0
        self._anchor_wall = time.monotonic()
        self._last_t = 0.0

        self.play_button = QPushButton(self.tr("Pause"))
        self.step_button = QPushButton(self.tr("Step"))
        self.speed_box = QComboBox()
        for label, _factor in SPEEDS:
            self.speed_box.addItem(label)
        self.speed_box.setCurrentIndex(next((i for i, (_, f) in enumerate(SPEEDS) if f == speed), 1))
        self.position_label = QLabel()
        for widget in (self.play_button, self.step_button, self.speed_box):
            widget.setMinimumHeight(56)
            widget.setMinimumWidth(140)
        self.position_label.setMinimumHeight(56)
        layout = QHBoxLayout(self)
        layout.addWidget(QLabel(self.tr("REPLAY")))
        layout.addWidget(self.play_button)
        layout.addWidget(self.step_button)
        layout.addWidget(QLabel(self.tr("Speed")))
        layout.addWidget(self.speed_box)
        layout.addWidget(self.position_label, 1)

        self.play_button.clicked.connect(self.toggle)
        self.step_button.clicked.connect(self.step)
        self.speed_box.currentIndexChanged.connect(lambda i: self.set_speed(SPEEDS[i][1]))
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)
        self._show_position()
        if autoplay:
            self.play()
        else:
            self.pause()

    # ------------------------------------------------------------------ controls
    def play(self) -> None:
        """Go on from where the replay is, at the chosen speed."""
        if self.done:
            return
        self.playing = True
        self._anchor_t, self._anchor_wall = self._last_t, time.monotonic()
        self.play_button.setText(self.tr("Pause"))
        self._timer.start()

    def pause(self) -> None:
        """Stop between two steps (the table stays as it is)."""
        self.playing = False
        self._timer.stop()
        self.play_button.setText(self.tr("Play"))

    def toggle(self) -> None:
        """Play when paused, pause when playing."""
        self.pause() if self.playing else self.play()

    def step(self) -> bool:
        """Pause and play exactly the next step; False when the replay is over."""
        if self.playing:
            self.pause()
        return self._advance()

    def set_speed(self, speed: float | None) -> None:
        """Change the speed factor (None: fast) without jumping: the pace re-anchors at the current step."""
        self.speed = speed
        self._anchor_t, self._anchor_wall = self._last_t, time.monotonic()

    # ------------------------------------------------------------------ pacing
    def _advance(self) -> bool:
        t = self.replayer.next_time()
        if t is None:
            self._finish()
            return False
        self.run(self.replayer.advance)
        self._last_t = t
        self._show_position()
        if self.replayer.next_time() is None:
            self._finish()
        return True

    def _advance_batch(self) -> int:
        """Play up to :data:`FAST_BATCH` steps (no widget is touched: it may run off the GUI thread)."""
        played = 0
        while played < FAST_BATCH:
            t = self.replayer.next_time()
            if t is None:
                break
            self.replayer.advance()
            self._last_t = t
            played += 1
        return played

    def _tick(self) -> None:
        if not self.playing or self._busy:
            return  # a tick while a step is decided elsewhere: the next tick goes on
        self._busy = True
        try:
            self._play_due()
        finally:
            self._busy = False

    def _play_due(self) -> None:
        if self.speed is None:  # one batch where the controller is owned, then the position once
            self.run(self._advance_batch)
            self._show_position()
            if self.replayer.next_time() is None:
                self._finish()
            return
        target = self._anchor_t + (time.monotonic() - self._anchor_wall) * self.speed
        for _ in range(FAST_BATCH):  # bounded: a long burst is spread over ticks
            t = self.replayer.next_time()
            if t is None:
                self._finish()
                return
            if t > target:
                return
            self._advance()

    def _finish(self) -> None:
        if self.done:
            return
        self.done = True
        self.pause()
        self.play_button.setEnabled(False)
        self.step_button.setEnabled(False)
        self.result = self.run(self.replayer.finish)
        self._show_position()
        self.finished.emit(self.result)

    def _show_position(self) -> None:
        done, total = self.replayer.position
        rounds = sum(1 for line in self.replayer.result.lines if "round" in line)
        state = (self.tr("replay finished") if self.done
                 else self.tr("replay playing") if self.playing else self.tr("replay paused"))
        self.position_label.setText(f"{state}: step {done}/{total}, t = {self._last_t:.1f} s, {rounds} rounds")


def attach_panel(window, panel: ReplayPanel) -> QDockWidget:
    """Dock ``panel`` at the bottom of the console window ``window`` (a QMainWindow); F7 plays or
    pauses, F8 steps (the dealer's own keys stay as they are).
    """
    from PySide6.QtGui import QKeySequence, QShortcut

    host = getattr(window, "host", None)
    if host is not None:
        panel.run = host.call  # the replayer's steps run on the console's controller thread
    for key, slot in (("F7", panel.toggle), ("F8", panel.step)):
        shortcut = QShortcut(QKeySequence(key), window)
        shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
        shortcut.activated.connect(slot)
    panel.play_button.setToolTip(QCoreApplication.translate("ReplayPanel", "Play / pause the replay [F7]"))
    panel.step_button.setToolTip(QCoreApplication.translate("ReplayPanel", "Play the next recorded step [F8]"))
    dock = QDockWidget(QCoreApplication.translate("ReplayPanel", "Replay"), window)
    dock.setObjectName("replay-controls")
    dock.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)
    dock.setWidget(panel)
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
    return dock


def run_replay_console(replayer: Replayer, session: ReplaySession, *, speed: float | None = 1.0,
                       exit_when_done: bool = False, on_done: Callable[[ReplayResult], None] | None = None,
                       size: tuple[int, int] = (1920, 1080)) -> ReplayResult | None:
    """Open the console on ``replayer``'s table and play ``session`` with the control panel.

    Returns the result when the replay finished before the window closed, else None. Raises
    ValueError when PySide6 is unusable (see ``dealer_station.console.app.qt_is_usable``) and
    ReplayError when the session's codec cannot be built.
    """
    import sys

    from PySide6.QtWidgets import QApplication

    from dealer_station.console.app import qt_is_usable
    from dealer_station.console.main_window import MainWindow

    problem = qt_is_usable()
    if problem:
        raise ValueError(problem)
    from dealer_station.console.i18n import install_english
    from dealer_station.console.qt_log import install_message_handler

    install_message_handler()
    app = QApplication.instance()
    if app is None:  # an application made before (the console's, a second replay's) has its translators
        app = QApplication(sys.argv[:1])
        install_english(app)  # the replay speaks English, its plurals in the right number
    replayer.begin(session)
    window = MainWindow(replayer.station, None)  # the replay's own station runtime (Replayer.station)
    window.setWindowTitle(f"Dealer Station – replay of {session.path}")
    panel = ReplayPanel(replayer, speed=speed, autoplay=True)
    attach_panel(window, panel)

    def done(result: ReplayResult) -> None:
        if on_done is not None:
            on_done(result)
        if exit_when_done:
            QTimer.singleShot(0, window.close)

    panel.finished.connect(done)
    window.resize(*size)
    window.show()
    window.start()
    try:
        app.exec()
    finally:
        panel.pause()
        window.shutdown()
    return panel.result
