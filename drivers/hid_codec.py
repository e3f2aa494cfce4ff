"""The ``hid-keyboard`` codec: boot keyboard reports of a keyboard-wedge scanner, turned into tokens.

8-byte boot keyboard reports (optionally a report-id byte first); newly pressed keys found by comparing
with the previous report (:mod:`drivers.hidkeys`), both shift bits, Enter ends a token, ErrorRollOver is
``NoRead(reason="rollover")``; the token's text then goes through the token rules (:mod:`drivers.tokens`).
Pure, as every codec (:class:`drivers.codec_base.Codec`).
"""

from __future__ import annotations

import random

from drivers.codec_base import Codec
from drivers.errors import ShoeConfigError
from drivers.frames import Frame, Garbage, NoRead, NoReadReason
from drivers.hidkeys import ENTER_KEYS, REPORT_SIZE, ROLLOVER, KeyTracker, is_reserved_usage, key_text, reports_for_text
from drivers.tokens import TokenRules

__all__ = ["HidKeyboardCodec"]


class HidKeyboardCodec(Codec):
    """Codec ``hid-keyboard``: boot keyboard reports of a keyboard-wedge scanner (see module docstring).

    ``report_id``: when set, every report starts with this byte (9 bytes); a report with another
    id is ``Garbage``. Reports are cut from the byte stream by size, so the codec serves a USB
    interrupt endpoint (one report per read) and a byte stream (a pty simulator) alike.
    """

    name = "hid-keyboard"

    def __init__(self, rules: TokenRules | None = None, token_timeout: float = 1.0, report_id: int | None = None):
        super().__init__(rules, token_timeout)
        if report_id is not None and not 0 < int(report_id) < 256:
            raise ShoeConfigError(f"report_id must be 1-255 or absent, got {report_id!r}")
        self.report_id = None if report_id is None else int(report_id)
        self.report_size = REPORT_SIZE + (0 if self.report_id is None else 1)
        self._stream = bytearray()
        self._tracker = KeyTracker()
        self._text: list[str] = []
        self._raw = bytearray()

    def _feed(self, data: bytes) -> list[Frame]:
        frames: list[Frame] = []
        self._stream += data
        size = self.report_size
        while len(self._stream) >= size:
            report = bytes(self._stream[:size])
            del self._stream[:size]
            frames.extend(self._report(report))
        return frames

    def _report(self, report: bytes) -> list[Frame]:
        if self.report_id is not None:
            if report[0] != self.report_id:
                return [Garbage(report)]
            body = report[1:]
        else:
            body = report
        keys = [k for k in body[2:] if k]
        if any(is_reserved_usage(k) for k in keys if k != ROLLOVER):
            return [Garbage(report)]
        if ROLLOVER in keys:
            raw = bytes(self._raw) + report
            self._text.clear()
            self._raw.clear()
            return [NoRead(raw, NoReadReason.ROLLOVER)]
        frames: list[Frame] = []
        if self._text:
            self._raw += report
        for press in self._tracker.presses(body):
            if press.usage in ENTER_KEYS and not (press.modifiers & 0xDD):
                if self._text:
                    frames.append(self.rules.classify(bytes(self._raw), "".join(self._text)))
                self._text.clear()
                self._raw.clear()
                continue
            if not self._text:
                self._raw = bytearray(report)
            self._text.append(key_text(press))
            if len(self._raw) > self.rules.max_token * 2 * self.report_size:
                frames.append(NoRead(bytes(self._raw), NoReadReason.UNKNOWN_CODE))
                self._text.clear()
                self._raw.clear()
        return frames

    def _pending_bytes(self) -> bytes:
        return bytes(self._raw) + bytes(self._stream) if (self._text or self._stream) else b""

    def _pending_frame(self) -> Frame | None:
        if self._text:
            return self.rules.timed_out(bytes(self._raw) + bytes(self._stream), "".join(self._text))
        if self._stream:  # a report cut short: no key information in it
            return Garbage(bytes(self._stream))
        return None

    def _clear_pending(self) -> None:
        self._text.clear()
        self._raw.clear()
        self._stream.clear()
        self._tracker.reset()

    def encode(self, token: str) -> bytes:  # noqa: D102
        return b"".join(reports_for_text(self.rules.text_for(token) + "\n", self.report_id))

    def encode_garbage(self, rng: random.Random) -> bytes:  # noqa: D102
        head = b"" if self.report_id is None else bytes([self.report_id])
        usage = rng.choice([0xE8, 0xF0, 0xFF, 0xA5])
        return head + bytes([0, 0, usage, 0, 0, 0, 0, 0]) + head + bytes(REPORT_SIZE)
