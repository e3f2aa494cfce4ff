"""Codecs: pure objects fed bytes that return frames (:mod:`drivers.frames`).

No clock, no threads, no I/O: the caller passes ``now`` (seconds, any monotonic origin) with the
bytes and calls :meth:`Codec.tick` when a read times out, so a token left without its terminator
for ``token_timeout`` seconds becomes ``NoRead(reason="token_timeout")``. Bad bytes become
``NoRead`` or ``Garbage`` frames; no input makes a codec raise (fuzzed in the tests).

Codecs (names as profiles spell them):

``lines``
    One token per line ending in CR, LF or CRLF. Optional ``prefix``/``suffix`` and an AIM
    symbology id (``]C0``) are stripped; No-Read tokens (``NR``, ``NOREAD``, ``%%NoRead``,
    ``NO LABEL``, configurable) give ``NoRead``; cut-card tokens (``CUT``) give ``CutCard``; card
    codes through the ``cards`` map (:mod:`drivers.cardcodes`).
``saopai``
    ``lines`` with the saopai card map: suit letter + two-digit rank (``D12`` = queen of diamonds),
    9600 8N1, one per line.
``stx-etx``
    ``STX payload ETX LRC``; LRC = XOR of the bytes after STX up to and including ETX. A bad LRC
    is ``NoRead(reason="bad_lrc")``; bytes outside a frame are ``Garbage``.
``hid-keyboard``
    8-byte boot keyboard reports (optionally a report-id byte first) from a keyboard-wedge
    scanner; newly pressed keys found by comparing with the previous report, both shift bits,
    Enter ends a token, ErrorRollOver is ``NoRead(reason="rollover")``; the token then goes
    through the ``lines`` rules.

Classification of a token's text (all text codecs):

- no letter or digit at all → ``Garbage`` (line noise, never a rescan);
- a No-Read token → ``NoRead("no_read")``; a cut-card token → ``CutCard``;
- a card code → ``CardRead(token)``; anything else → ``NoRead("unknown_code")`` (rescan,
  nothing guessed).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields

from drivers.cardcodes import CARD_MAPS, card_token, to_saopai
from drivers.errors import ShoeConfigError
from drivers.frames import CardRead, CutCard, Frame, Garbage, NoRead
from drivers.hidkeys import ENTER_KEYS, REPORT_SIZE, ROLLOVER, KeyTracker, is_reserved_usage, key_text, reports_for_text

__all__ = ["Codec", "TokenRules", "LinesCodec", "SaopaiCodec", "StxEtxCodec", "HidKeyboardCodec", "CODECS",
           "make_codec", "NOREAD", "DEFAULT_NOREAD_TOKENS", "lrc"]

NOREAD = "NOREAD"
"""Marker token for :meth:`Codec.encode`: send this codec's No-Read token."""
KNOWN_TOKENS = 4096
"""Tokens whose frame :meth:`TokenRules.classify` keeps for the next time it sees them."""
DEFAULT_NOREAD_TOKENS = ("NR", "NOREAD", "%%NoRead", "NO LABEL")
"""No-Read tokens recognised by default (compared case-insensitively)."""
STX, ETX = 0x02, 0x03
_LINE_END = re.compile(rb"[\r\n]")
_NOISE = b"\x00\x7f\xff#*~!\x1b"


def lrc(data: bytes) -> int:
    """XOR of ``data``'s bytes (the STX/ETX frame check over payload + ETX)."""
    value = 0
    for b in data:
        value ^= b
    return value


@dataclass(frozen=True)
class TokenRules:
    """How a token's text becomes a frame (shared by every codec).

    Parameters
    ----------
    prefix, suffix : str
        Stripped when present (a scanner's configured pre/postamble).
    aim : bool
        Strip a leading AIM symbology identifier (``]`` + 2 characters, e.g. ``]C0``).
    noread_tokens, cut_tokens : tuple of str
        Tokens meaning "no read" and "cut card", compared case-insensitively.
    cards : str
        Card-code map, one of :data:`drivers.cardcodes.CARD_MAPS`.
    max_token : int
        Longest token in bytes; longer input is a frame of its own (bounded buffers).
    """

    prefix: str = ""
    suffix: str = ""
    aim: bool = True
    noread_tokens: tuple[str, ...] = DEFAULT_NOREAD_TOKENS
    cut_tokens: tuple[str, ...] = ("CUT",)
    cards: str = "any"
    max_token: int = 64
    _noread_upper: frozenset[str] = field(init=False, repr=False, compare=False)
    _cut_upper: frozenset[str] = field(init=False, repr=False, compare=False)
    _known: dict[tuple[bytes, str | None], Frame] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.cards not in CARD_MAPS:
            raise ShoeConfigError(f"unknown card map cards={self.cards!r}: use one of {', '.join(CARD_MAPS)}")
        if self.max_token < 4:
            raise ShoeConfigError(f"max_token={self.max_token} is too small: use at least 4")
        object.__setattr__(self, "_noread_upper", frozenset(t.upper() for t in self.noread_tokens))
        object.__setattr__(self, "_cut_upper", frozenset(t.upper() for t in self.cut_tokens))
        object.__setattr__(self, "_known", {})

    def classify(self, raw: bytes, text: str | None = None) -> Frame:
        """The frame for one complete token. ``raw``: its bytes as received; ``text``: its decoded
        text when it is not ``raw`` itself (HID); never raises.

        Frames are immutable values, so the frame of a token seen before is given again (a shoe sends
        the same few hundred tokens all day; at most :data:`KNOWN_TOKENS` are kept).
        """
        key = (raw, text)
        try:
            known = self._known.get(key)
        except TypeError:  # bytes given as a mutable bytearray: not kept
            return self._classify(raw, text)
        if known is not None:
            return known
        frame = self._classify(raw, text)
        if len(self._known) >= KNOWN_TOKENS:
            self._known.clear()
        self._known[key] = frame
        return frame

    def _classify(self, raw: bytes, text: str | None) -> Frame:
        if text is None:
            text = raw.decode("latin-1")
        if not any(c.isascii() and c.isalnum() for c in text):
            return Garbage(raw)
        t = text.strip()
        if self.aim and t.startswith("]") and len(t) >= 3:
            t = t[3:]
        if self.prefix and t.startswith(self.prefix):
            t = t[len(self.prefix):]
        if self.suffix and t.endswith(self.suffix):
            t = t[: -len(self.suffix)]
        t = t.strip()
        up = t.upper()
        if up in self._noread_upper:
            return NoRead(raw, "no_read")
        if up in self._cut_upper:
            return CutCard(raw)
        token = card_token(t, self.cards)
        if token is not None:
            return CardRead(token, raw)
        return NoRead(raw, "unknown_code")

    def timed_out(self, raw: bytes, text: str | None = None) -> Frame:
        """The frame for a token left unterminated: ``Garbage`` for noise, else ``NoRead("token_timeout")``."""
        frame = self.classify(raw, text)
        return frame if isinstance(frame, Garbage) else NoRead(raw, "token_timeout")

    def text_for(self, token: str) -> str:
        """The text a shoe using these rules sends for ``token`` (canonical card, ``CUT`` or :data:`NOREAD`)."""
        if token == NOREAD:
            return self.noread_tokens[0] if self.noread_tokens else "NR"
        if token.upper() == "CUT":
            return self.cut_tokens[0] if self.cut_tokens else "CUT"
        body = to_saopai(token) if self.cards == "saopai" else token
        return f"{self.prefix}{body}{self.suffix}"


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
                    frames.append(NoRead(raw, "bad_lrc"))
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
            return [NoRead(raw, "rollover")]
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
                frames.append(NoRead(bytes(self._raw), "unknown_code"))
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


CODECS: dict[str, type[Codec]] = {c.name: c for c in (LinesCodec, SaopaiCodec, StxEtxCodec, HidKeyboardCodec)}
"""Codec classes by the name profiles use."""

RULE_OPTIONS = {f.name for f in fields(TokenRules) if f.init}
CODEC_OPTIONS = {
    "lines": {"token_timeout", "terminator"},
    "saopai": {"token_timeout", "terminator"},
    "stx-etx": {"token_timeout"},
    "hid-keyboard": {"token_timeout", "report_id"},
}


def _tuple(value: object, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, Iterable) and all(isinstance(v, str) for v in value):  # type: ignore[union-attr]
        return tuple(value)  # type: ignore[arg-type]
    raise ShoeConfigError(f"option {key} must be a string or a list of strings, got {value!r}")


def make_codec(name: str, options: dict | None = None) -> Codec:
    """A new codec by profile name with its options.

    Parameters
    ----------
    name : str
        ``lines``, ``saopai``, ``stx-etx`` or ``hid-keyboard``.
    options : dict, optional
        Token rules (``prefix``, ``suffix``, ``aim``, ``noread_tokens``, ``cut_tokens``, ``cards``,
        ``max_token``) and codec options (``token_timeout`` seconds; ``terminator`` for line
        codecs; ``report_id`` for ``hid-keyboard``). Unknown keys are refused.

    Raises
    ------
    ShoeConfigError
        Unknown codec or option, or a bad value; the message lists what is accepted.
    """
    if name not in CODECS:
        raise ShoeConfigError(f"unknown codec {name!r}: use one of {', '.join(CODECS)}")
    options = dict(options or {})
    allowed = RULE_OPTIONS | CODEC_OPTIONS[name]
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise ShoeConfigError(f"codec {name} has no option {', '.join(unknown)}: accepted are "
                              f"{', '.join(sorted(allowed))}")
    rule_kw: dict = {k: options.pop(k) for k in list(options) if k in RULE_OPTIONS}
    for key in ("noread_tokens", "cut_tokens"):
        if key in rule_kw:
            rule_kw[key] = _tuple(rule_kw[key], key)
    if name == "saopai":
        rule_kw.setdefault("cards", "saopai")
    try:
        if "aim" in rule_kw:
            rule_kw["aim"] = _bool(rule_kw["aim"], "aim")
        if "max_token" in rule_kw:
            rule_kw["max_token"] = int(rule_kw["max_token"])
        if "token_timeout" in options:
            options["token_timeout"] = float(options["token_timeout"])
        if options.get("report_id") is not None:
            options["report_id"] = int(str(options["report_id"]), 0)
        rules = TokenRules(**rule_kw)
        return CODECS[name](rules, **options)
    except (TypeError, ValueError) as err:
        if isinstance(err, ShoeConfigError):
            raise
        raise ShoeConfigError(f"codec {name}: bad option value ({err})") from err


def _bool(value: object, key: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on", "0", "false", "no", "off"):
        return value.lower() in ("1", "true", "yes", "on")
    raise ShoeConfigError(f"option {key} must be true or false, got {value!r}")


def decode_all(codec: Codec, chunks: Sequence[bytes]) -> list[Frame]:
    """Feed every chunk then flush: all frames of a finished byte stream (tests, replays)."""
    frames: list[Frame] = []
    for chunk in chunks:
        frames.extend(codec.feed(chunk))
    frames.extend(codec.flush())
    return frames


__all__.append("decode_all")
