"""``dealer-station console`` with a dealer's quick key presses, for a test that runs it as another process.

Run ``python -m tests.support.console_presses console --journal ... [console's arguments]``: the console runs
exactly as the command does, and once its shoe is on line the window gets F2 (a new shoe, waited for until the
table shuffles), then ``PRESSES`` presses of F12 (CALL SUPERVISOR), each its own key event ``GAP_MS`` apart, as a
dealer pressing quickly while the disk is slow: every press made while the one before is still being decided acts
on the view the window last showed, and queues a ``call_supervisor`` act behind it. Once the last press is made it
writes ``presses_sent`` on standard error; as the process ends, ``acts_sent N`` (the ``call_supervisor`` acts the
window sent to the controller's thread) and the command's exit status as ``exit N``. The test then closes the
console (SIGTERM) while they are queued.
"""

from __future__ import annotations

import os
import sys

PRESSES = int(os.environ.get("PRESSES", "80"))
GAP_MS = int(os.environ.get("GAP_MS", "10"))


def _say(line: str) -> None:
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def main(argv: list[str]) -> int:
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtTest import QTest

    from dealer_station.cli import main as dealer_station
    from dealer_station.console import bridge, main_window

    sent = [0]
    dealer = bridge.ControllerHost.dealer

    def counted(host, act, **kw):
        if act == "call_supervisor":
            sent[0] += 1
        return dealer(host, act, **kw)

    bridge.ControllerHost.dealer = counted
    start = main_window.MainWindow.start

    def started(window) -> bool:
        done = start(window)
        steps = iter(("connected", "new_shoe", "shuffle", "presses"))
        step = [next(steps)]
        poll = QTimer(window)
        poll.setInterval(50)

        def press(i: int) -> None:
            if i == PRESSES - 1:
                QTimer.singleShot(0, lambda: _say("presses_sent"))  # after the last one was queued
            QTest.keyClick(window, Qt.Key.Key_F12)

        def tick() -> None:
            view = window.host.snapshot()
            if step[0] == "connected" and view.connected and view.dealer is not None:
                step[0] = next(steps)
            elif step[0] == "new_shoe":
                step[0] = next(steps)
                QTest.keyClick(window, Qt.Key.Key_F2)
            elif step[0] == "shuffle" and view.state == "shuffle":
                step[0] = next(steps)
                poll.stop()
                for i in range(PRESSES):
                    QTimer.singleShot(i * GAP_MS, lambda i=i: press(i))

        poll.timeout.connect(tick)
        poll.start()
        return done

    main_window.MainWindow.start = started
    status = dealer_station(argv)
    _say(f"acts_sent {sent[0]}")
    _say(f"exit {status}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
