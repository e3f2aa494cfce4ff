"""The console's automatic rounds (``console --auto N``, the documentation's pictures, the end-to-end tests): the
automatic dealer (:mod:`dealer_station.app.autodealer`) deals on the controller's thread while the window stays
live, until the result of the last round is on screen.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QEventLoop, QTimer

from dealer_station.app.autodealer import DRAW, AutoDealer
from dealer_station.domain.facts import FactKind
from dealer_station.domain.states import TableState

__all__ = ["RoundsDealer", "deal_rounds"]


def deal_rounds(host, station, rounds: int, timeout: float = 120.0) -> bool:  # noqa: ANN001
    """Deal ``rounds`` rounds on ``station`` (its ``auto``, on the controller's thread, drawing from its simulated
    shoe), running the Qt event loop meanwhile; ``host``: the window's
    :class:`~dealer_station.console.bridge.ControllerHost`. Stops on the result of the last round (cards and winner
    on screen), when the table pauses, or after ``timeout`` seconds. Returns True when the rounds were dealt.
    """
    def begin() -> RoundsDealer:
        station.auto = RoundsDealer(station, max(0, int(rounds)))
        return station.auto

    dealer = host.call(begin)
    loop = QEventLoop()
    deadline = time.monotonic() + timeout

    def check() -> None:
        if dealer.done or host.snapshot().state == TableState.PAUSED or time.monotonic() > deadline:
            loop.quit()

    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(check)
    timer.start()
    loop.exec()
    timer.stop()
    host.call(lambda: setattr(station, "auto", None))
    return dealer.done


class RoundsDealer:
    """The automatic dealer of :func:`deal_rounds`, on the controller's thread: it deals until the
    result of round ``rounds`` (counted from now) is on the table, then does nothing (:attr:`done`).

    A draw that brought no card within 2 s (the shoe was unplugged) is drawn again.
    """

    waiting = False
    finished = False  # the station's loop goes on; the window stops asking

    def __init__(self, station, rounds: int) -> None:
        self.controller = station.controller
        self.auto = AutoDealer(station.controller, station.shoe.draw, new_shoe=station.load_shoe)
        self.rounds = rounds
        self.completed = 0
        self.done = rounds == 0
        self._drawn = 0.0
        station.controller.subscribe(self._count, kinds=(FactKind.ROUND_COMPLETED,))

    def _count(self, _fact) -> None:
        self.completed += 1

    def step(self) -> str | None:
        """One act of the automatic dealer, or None (nothing to do, or done)."""
        if self.done:
            return None
        state = self.controller.state
        if self.completed >= self.rounds or (state == TableState.RESULT and self.completed >= self.rounds - 1):
            self.done = True
            return None
        if not self.controller.machine.connected:
            return None  # the reader is not connected yet: a draw would fail
        if self.auto.waiting and time.monotonic() - self._drawn > 2.0:
            self.auto.waiting = False  # a draw that failed (shoe unplugged): draw again
        did = self.auto.step()
        if did == DRAW:
            self._drawn = time.monotonic()
        return did
