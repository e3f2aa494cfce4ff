"""The codec template: bytes in, frames out, a partial token timed out on the caller's clock.

No clock, no threads, no I/O: the caller passes ``now`` (seconds, any monotonic origin) with the
bytes and calls :meth:`Codec.tick` when a read times out, so a token left without its terminator
for ``token_timeout`` seconds becomes ``NoRead(reason="token_timeout")``. Bad bytes become
``NoRead`` or ``Garbage`` frames; no input makes a codec raise (fuzzed in the tests). The codecs
themselves: :mod:`drivers.framing`, :mod:`drivers.hid_codec`; by name: :mod:`drivers.codecs`.
"""

from __future__ import annotations

import random

from drivers.errors import ShoeConfigError
from drivers.frames import Frame
from drivers.tokens import NOREAD, TokenRules

__all__ = ["Codec", "NOREAD"]


class Codec:
    """Base of the codecs: bytes in, frames out; pure and never raising on any input.

    Subclasses implement :meth:`_feed`, :meth:`_pending_frame` and :meth:`_clear_pending`.
    ``token_timeout``: seconds a partial token may wait for its terminator.
    """

    name = "codec"

    def __init__(self, rules: TokenRules | None = None, token_timeout: float = 1.0) -> None:
        if not token_timeout > 0:
            raise ShoeConfigError(f"token_timeout must be a positive number of seconds, got {token_timeout!r}")
        self.rules = rules or TokenRules()
        self.token_timeout = float(token_timeout)
        self._started: float | None = None

    # -- public template -------------------------------------------------------------------
    def feed(self, data: bytes, now: float = 0.0) -> list[Frame]:
        """Decode ``data`` (any length, any split); ``now`` is the arrival time in seconds.

        Returns the frames completed by these bytes, in order. Never raises on bad bytes.
        """
        frames = self._feed(bytes(data))
        if self.pending:
            if self._started is None or frames:
                # a token completed in these bytes: what is pending now began in them
                self._started = now
        else:
            self._started = None
        return frames

    def tick(self, now: float) -> list[Frame]:
        """Frames due at ``now`` without new bytes: a partial token older than ``token_timeout``
        becomes ``NoRead("token_timeout")`` (or ``Garbage`` if it is noise).
        """
        if self._started is not None and now - self._started >= self.token_timeout:
            return self.flush()
        return []

    def flush(self) -> list[Frame]:
        """End of input (timeout, connection lost): whatever is pending, as a frame; never drops it."""
        frame = self._pending_frame()
        self._clear_pending()
        self._started = None
        return [frame] if frame is not None else []

    @property
    def pending(self) -> bytes:
        """Bytes of an incomplete token held by the codec (``b""`` when none)."""
        return self._pending_bytes()

    def deadline(self) -> float | None:
        """The ``now`` at which :meth:`tick` will time out the pending token, or None."""
        return None if self._started is None else self._started + self.token_timeout

    # -- encoding, for the simulated shoe --------------------------------------------------------
    def encode(self, token: str) -> bytes:
        """Wire bytes of ``token`` (canonical card token, ``"CUT"`` or :data:`NOREAD`) in this format."""
        raise NotImplementedError

    def encode_garbage(self, rng: random.Random) -> bytes:
        """Some line noise in this format that decodes to ``Garbage`` only (never a card or a rescan)."""
        raise NotImplementedError

    # -- subclass hooks ---------------------------------------------------------------------
    def _feed(self, data: bytes) -> list[Frame]:
        raise NotImplementedError

    def _pending_bytes(self) -> bytes:
        raise NotImplementedError

    def _pending_frame(self) -> Frame | None:
        raise NotImplementedError

    def _clear_pending(self) -> None:
        raise NotImplementedError
