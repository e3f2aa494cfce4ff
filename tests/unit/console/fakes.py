"""What the console tests cannot get from the station itself: a shoe device that hangs.

Every console test drives the real controller (docs/controller.md), on an in-memory or on-disk journal,
and most deal from the real simulated shoe (``sim?seed=N``, a pty); this double stands for a device
whose open or read blocks, which no real transport here can be made to do on demand.
"""

from __future__ import annotations

import threading
import time

from drivers import frames


class BlockingShoe:
    """A shoe that hangs ``seconds`` (a device open or a read that blocks) and then delivers one card.

    With ``block_in_start`` the ``start()`` call itself blocks (a hung open); otherwise the reader
    thread blocks.
    """

    def __init__(self, seconds: float = 5.0, block_in_start: bool = False,
                 release: threading.Event | None = None) -> None:
        self.seconds = seconds
        self.release = release   # given: block until it is set (at most 60 s) instead of ``seconds``
        self.block_in_start = block_in_start
        self.thread = None
        self.start_thread = None
        self.done = threading.Event()

    def start(self, sink, **_options):
        self.start_thread = threading.get_ident()
        if self.block_in_start:
            self._block()

        def run():
            if not self.block_in_start:
                self._block()
            sink(frames.CardRead("9H", b"9H\r\n"))
            self.done.set()
        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def _block(self) -> None:
        if self.release is not None:
            self.release.wait(60)
        else:
            time.sleep(self.seconds)

    def stop(self):
        if self.thread:
            self.thread.join(self.seconds + 1)
