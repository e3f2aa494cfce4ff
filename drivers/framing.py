"""The framing codecs: a token per line (``lines``, ``saopai``) or per ``STX … ETX LRC`` frame (``stx-etx``).

``lines``
    One token per line ending in CR, LF or CRLF; each token through the token rules
    (:mod:`drivers.tokens`). A line longer than ``max_token`` bytes is cut into tokens of that size.
``saopai``
    ``lines`` with the saopai card map: suit letter + two-digit rank (``D12`` = queen of diamonds),
    9600 8N1, one per line.
``stx-etx``
    ``STX payload ETX LRC``; LRC = XOR of the bytes after STX up to and including ETX. A bad LRC
    is ``NoRead(reason="bad_lrc")`` (marked ``noise`` when its payload holds a byte no shoe sends); bytes outside a
    frame are ``Garbage``.

Pure, as every codec (:class:`drivers.codec_base.Codec`).
"""

from __future__ import annotations

import random
import re

from drivers.codec_base import Codec
from drivers.errors import ShoeConfigError
from drivers.frames import Frame, Garbage, NoRead, NoReadReason
from drivers.tokens import TokenRules, noisy_text

__all__ = ["ETX", "STX", "LinesCodec", "SaopaiCodec", "StxEtxCodec", "lrc"]

STX, ETX = 0x02, 0x03
_LINE_END = re.compile(rb"[\r\n]")
_NOISE = b"\x00\x7f\xff#*~!\x1b"


def lrc(data: bytes) -> int:
    """XOR of ``data``'s bytes (the STX/ETX frame check over payload + ETX)."""
    value = 0
    for b in data:
        value ^= b
    return value


class LinesCodec(Codec):
    """A token per line ending in CR, LF or CRLF (codec ``lines``). See the module docstring."""

    name = "lines"

    def __init__(self, rules: TokenRules | None = None, token_timeout: float = 1.0, terminator: str = "\r\n"):
        super().__init__(rules, token_timeout)
        if not terminator or any(c not in "\r\n" for c in terminator):
            raise ShoeConfigError(f"terminator must be made of CR and LF, got {terminator!r}")
        self.terminator = terminator
        self._buf = bytearray()

    def _feed(self, data: bytes) -> list[Frame]:
        frames: list[Frame] = []
        buf = self._buf
        classify = self.rules.classify
        limit = self.rules.max_token
        pieces = _LINE_END.split(data)
        last = len(pieces) - 1
        if not buf and last and 0 < len(pieces[0]) < limit and not any(pieces[1:]):
            return [classify(pieces[0])]  # the usual read: one whole token and its line end
        for index, piece in enumerate(pieces):
            buf += piece
            while len(buf) >= limit:  # a token without an end is cut every max_token bytes
                frames.append(classify(bytes(buf[:limit])))
                del buf[:limit]
            if index < last and buf:  # a CR or LF ends the token (CRLF and empty lines end nothing more)
                frames.append(classify(bytes(buf)))
                buf.clear()
        return frames

    def _pending_bytes(self) -> bytes:
        return bytes(self._buf)

    def _pending_frame(self) -> Frame | None:
        return self.rules.timed_out(bytes(self._buf)) if self._buf else None

    def _clear_pending(self) -> None:
        self._buf.clear()

    def encode(self, token: str) -> bytes:  # noqa: D102
        return (self.rules.text_for(token) + self.terminator).encode("latin-1")

    def encode_garbage(self, rng: random.Random) -> bytes:  # noqa: D102
        return bytes(rng.choice(_NOISE) for _ in range(rng.randint(1, 8))) + self.terminator.encode()


class SaopaiCodec(LinesCodec):
    """Codec ``saopai``: lines whose card codes are suit letter + two-digit rank (``D12`` = Q♦)."""

    name = "saopai"


class StxEtxCodec(Codec):
    """Codec ``stx-etx``: ``STX payload ETX LRC``, LRC = XOR of payload and ETX. Bad LRC → ``NoRead("bad_lrc")``."""

    name = "stx-etx"

    def __init__(self, rules: TokenRules | None = None, token_timeout: float = 1.0):
        super().__init__(rules, token_timeout)
        self._noise = bytearray()
        self._frame = bytearray()  # STX + payload (+ ETX once seen)
        self._in_frame = False

    def _feed(self, data: bytes) -> list[Frame]:
        frames: list[Frame] = []
        for b in data:
            if not self._in_frame:
                if b == STX:
                    if self._noise:
                        frames.append(Garbage(bytes(self._noise)))
                        self._noise.clear()
                    self._frame = bytearray([STX])
                    self._in_frame = True
                else:
                    self._noise.append(b)
                    if len(self._noise) >= self.rules.max_token:
                        frames.append(Garbage(bytes(self._noise)))
                        self._noise.clear()
                continue
            if self._frame[-1] == ETX and len(self._frame) >= 2:  # b is the LRC byte
                raw = bytes(self._frame) + bytes([b])
                body = bytes(self._frame[1:])  # payload + ETX
                if lrc(body) != b:
                    frames.append(NoRead(raw, NoReadReason.BAD_LRC, noisy_text(body[:-1].decode("latin-1"))))
                else:
                    frames.append(self.rules.classify(raw, body[:-1].decode("latin-1")))
                self._frame.clear()
                self._in_frame = False
                continue
            if b == STX:  # a new frame starts before this one ended: the partial one is noise
                frames.append(Garbage(bytes(self._frame)))
                self._frame = bytearray([STX])
                continue
            self._frame.append(b)
            if len(self._frame) > self.rules.max_token + 2:
                frames.append(Garbage(bytes(self._frame)))
                self._frame.clear()
                self._in_frame = False
        return frames

    def _pending_bytes(self) -> bytes:
        return bytes(self._noise) + (bytes(self._frame) if self._in_frame else b"")

    def _pending_frame(self) -> Frame | None:
        if not self._in_frame:
            return Garbage(bytes(self._noise)) if self._noise else None
        raw = bytes(self._frame)  # no noise is held in a frame: it is reported when the frame starts
        payload = raw[1:].rstrip(bytes([ETX]))
        return self.rules.timed_out(raw, payload.decode("latin-1"))

    def _clear_pending(self) -> None:
        self._frame.clear()
        self._noise.clear()
        self._in_frame = False

    def encode(self, token: str) -> bytes:  # noqa: D102
        body = self.rules.text_for(token).encode("latin-1") + bytes([ETX])
        return bytes([STX]) + body + bytes([lrc(body)])

    def encode_garbage(self, rng: random.Random) -> bytes:  # noqa: D102
        return bytes(rng.choice(_NOISE) for _ in range(rng.randint(1, 8)))
