"""The pump: a shoe's bytes through its codec into frames, handed on in order. One under every shoe.

Whatever carries the bytes, one :class:`Pump` turns them into frames and hands each to its
``deliver`` as the codec completes it:

- a device's reader thread (:class:`drivers.source.ShoeSource`: serial, USB, the pty simulator, a
  recorded session played as a shoe) after each read: :meth:`Pump.read` (tick, then feed the bytes);
  at device loss, at a stop or when the reader fails: :meth:`Pump.flush`;
- the loopback simulator (:class:`drivers.simulator.LoopbackShoe`), for each write of a draw:
  :meth:`Pump.feed`; at its stop: :meth:`Pump.flush`;
- the replayer (``dealer_station.app.replay``), for each recorded read: :meth:`Pump.read` on the
  recorded time; a frame recorded as its bytes: :meth:`Pump.feed` then :meth:`Pump.flush`; a recorded
  loss of the link and the end of the session: :meth:`Pump.flush`.

The three moves:

``tick(now)``
    The frames due at ``now`` with no new bytes: a partial token older than the codec's
    ``token_timeout`` becomes ``NoRead("token_timeout")`` (``Garbage`` if it is noise).
``feed(data, now)``
    The bytes noted (time of arrival, count, the last reads, the raw sink), then decoded; every
    frame they complete is delivered, in order. Bad bytes are the codec's ``NoRead`` or ``Garbage``.
``flush()``
    The end of the input: the codec's pending partial token as a frame, never dropped.

The pump keeps no thread and takes no lock: its owner calls it from one thread at a time.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

import structlog

from drivers.codec_base import Codec
from drivers.frames import Frame

__all__ = ["Deliver", "Pump", "RECENT_READS", "RawSink"]

log = structlog.get_logger(__name__)

Deliver = Callable[[Frame], None]
"""Receives each frame the codec completes, on the pump's caller's thread."""
RawSink = Callable[[float, bytes], None]
"""Receives every chunk of bytes as read: ``(time.monotonic() seconds, data)``; for recording."""

RECENT_READS = 16
"""Reads :attr:`Pump.recent` keeps (logged as hex when a link is lost)."""


class Pump:
    """Bytes through ``codec`` into frames, each handed to ``deliver``: tick, feed, flush.

    Parameters
    ----------
    codec : Codec
        Decodes the bytes (owned by this pump from now on).
    deliver : callable
        ``deliver(frame)`` for every frame, in the order the codec makes them. An exception from it
        goes to the caller of the move that delivered the frame.
    raw_sink : callable, optional
        ``raw_sink(arrived, data)`` for every chunk fed, before it is decoded (``arrived``:
        ``time.monotonic()`` seconds). An exception from it is logged and the bytes are decoded all the same.
    name : str
        The shoe, in that log line (default the codec's name).
    noting : bool
        Note the bytes fed (the attributes below, the raw sink): a live shoe's pump. False: bytes
        that were noted when they were read (a replay of a recording) are only decoded.

    Attributes
    ----------
    last_activity : float
        ``time.monotonic()`` of the last byte fed (or of the pump's making, or of :meth:`touch`).
    bytes_received : int
        Bytes fed so far.
    recent : deque of (float, bytes)
        The last :data:`RECENT_READS` chunks fed, with their time of arrival.
    """

    def __init__(self, codec: Codec, deliver: Deliver, raw_sink: RawSink | None = None, *, name: str = "",
                 noting: bool = True) -> None:
        self.codec = codec
        self.name = name or codec.name
        self.noting = noting
        self.deliver = deliver
        self.raw_sink = raw_sink
        self.last_activity = time.monotonic()
        self.bytes_received = 0
        self.recent: deque[tuple[float, bytes]] = deque(maxlen=RECENT_READS)

    def touch(self) -> None:
        """Count the idle time from now (a device just opened): :attr:`last_activity` is now."""
        self.last_activity = time.monotonic()

    def tick(self, now: float) -> None:
        """Deliver the frames due at ``now`` (seconds on the codec's clock) without new bytes."""
        for frame in self.codec.tick(now):
            self.deliver(frame)

    def feed(self, data: bytes, now: float) -> None:
        """Note ``data`` and decode it at ``now`` (seconds on the codec's clock); deliver what it completes."""
        if data:
            if self.noting:
                self._note(data)
            for frame in self.codec.feed(data, now):
                self.deliver(frame)

    def read(self, data: bytes, now: float) -> None:
        """What a reader does after each read (``b""``: the read timed out idle): note the bytes, deliver the
        frames due at ``now`` (before the new bytes, and delivered even if decoding them fails), then feed them.
        """
        codec, deliver = self.codec, self.deliver   # one call a read: a fast replay makes one a recorded read
        if data and self.noting:
            self._note(data)
        for frame in codec.tick(now):
            deliver(frame)
        if data:
            for frame in codec.feed(data, now):
                deliver(frame)

    def flush(self) -> None:
        """End of input: deliver the codec's pending partial token as its frame (none when nothing is held)."""
        for frame in self.codec.flush():
            self.deliver(frame)

    def _note(self, data: bytes) -> None:
        arrived = self.last_activity = time.monotonic()
        self.bytes_received += len(data)
        self.recent.append((arrived, data))
        if self.raw_sink is not None:
            try:
                self.raw_sink(arrived, data)
            except Exception:  # a recorder's failure must not cost the station the bytes
                log.exception("shoe_raw_sink_failed", shoe=self.name)

