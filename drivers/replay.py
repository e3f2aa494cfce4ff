"""Replay of a recorded shoe session as a shoe: the bytes go through the same codec and reader.

Sources: a session file of ``dealer-station record`` (``.jsonl``) or a umockdev tty script
(``.script``). ``speed``: 1.0 replays with the recorded timing, 2.0 twice as fast, 0 as fast as
possible. Token timeouts are judged on the *recorded* times, so a replay at any speed yields
the frames the live reader produced. After the last chunk the shoe stays idle (for
``--idle-exit``).
"""

from __future__ import annotations

import time
from pathlib import Path

from drivers.codecs import Codec
from drivers.errors import ShoeConfigError, ShoeNotConnectedError
from drivers.sessions import SessionFormatError, iter_chunks
from drivers.source import ShoeSource

__all__ = ["ReplayShoe"]


class ReplayShoe(ShoeSource):
    """A recorded session played back as a shoe.

    Parameters
    ----------
    path : str or Path
        Session ``.jsonl`` or umockdev ``.script``.
    codec : Codec
        The wire format of the recording.
    speed : float
        Replay speed factor (0 = as fast as possible).

    Raises
    ------
    ShoeConfigError
        A negative speed. A missing or unreadable file raises ShoeNotConnectedError / a
        SessionFormatError from ``start()``.
    """

    def __init__(self, path: str | Path, codec: Codec, *, speed: float = 0.0, **kwargs):
        kwargs.setdefault("reconnect", False)
        super().__init__(codec, **kwargs)
        if speed < 0:
            raise ShoeConfigError(f"speed={speed!r}: use 0 (as fast as possible) or a positive factor")
        self.path = Path(path)
        self.speed = float(speed)
        self._chunks: list[tuple[float, bytes]] = []
        self._index = 0
        self._virtual = 0.0
        self._start = 0.0

    @property
    def description(self) -> str:  # noqa: D102
        return f"replay of {self.path}"

    @property
    def finished(self) -> bool:
        """True once every recorded chunk has been delivered to the codec."""
        return self._index >= len(self._chunks)

    def _open(self) -> None:
        if self._chunks:
            return
        if not self.path.is_file():
            raise ShoeNotConnectedError(f"no recorded session at {self.path}")
        try:
            self._chunks = list(iter_chunks(self.path))
        except SessionFormatError as err:
            raise ShoeConfigError(str(err)) from err
        self._start = time.monotonic()

    def _read(self) -> bytes:
        if self.finished:
            self._virtual += self.read_timeout  # recorded time runs on, so a pending token times out
            self._stop.wait(self.read_timeout)
            return b""
        t, data = self._chunks[self._index]
        if self.speed > 0:
            wait = self._start + t / self.speed - time.monotonic()
            if wait > 0:
                self._stop.wait(min(wait, self.read_timeout))
                if wait > self.read_timeout:
                    self._virtual = max(self._virtual, t - (wait - self.read_timeout) * self.speed)
                    return b""
        self._index += 1
        self._virtual = t
        return data

    def _close(self) -> None:
        return None

    def _clock(self) -> float:
        return self._virtual
