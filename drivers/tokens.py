"""Token rules: how the text of one complete token becomes a frame (every codec shares them).

Pure: values in, frames out, never raising on any input. A codec cuts tokens out of its wire format
(:mod:`drivers.framing`, :mod:`drivers.hid_codec`) and hands each to :meth:`TokenRules.classify`.

Classification of a token's text:

- no letter or digit at all → ``Garbage`` (line noise, never a rescan);
- a No-Read token (``NR``, ``NOREAD``, ``%%NoRead``, ``NO LABEL``, configurable) → ``NoRead("no_read")``;
  a cut-card token (``CUT``) → ``CutCard``;
- a card code through the ``cards`` map (:mod:`drivers.cardcodes`) → ``CardRead(token)``; anything else →
  ``NoRead("unknown_code")`` (rescan, nothing guessed).

A No-Read whose text holds a character no shoe sends (a control character other than tab, CR and LF, DEL, or a
byte above 0x7E) is marked ``noise``: line noise with a letter in it, not a card the shoe could not read.

An optional ``prefix``/``suffix`` and an AIM symbology id (``]C0``) are stripped first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from drivers.cardcodes import CARD_MAPS, card_token, to_saopai
from drivers.errors import ShoeConfigError
from drivers.frames import CardRead, CutCard, Frame, Garbage, NoRead, NoReadReason

__all__ = ["DEFAULT_NOREAD_TOKENS", "KNOWN_TOKENS", "NOREAD", "TokenRules", "noisy_text"]

NOREAD = "NOREAD"
"""Marker token for :meth:`Codec.encode`: send this codec's No-Read token."""
KNOWN_TOKENS = 4096
"""Tokens whose frame :meth:`TokenRules.classify` keeps for the next time it sees them."""
DEFAULT_NOREAD_TOKENS = ("NR", "NOREAD", "%%NoRead", "NO LABEL")
"""No-Read tokens recognised by default (compared case-insensitively)."""


_NOT_SENT = re.compile(r"[^\t\r\n\x20-\x7e]")
"""A character no shoe puts in a token's text: control characters other than tab, CR and LF, DEL, and every
byte above 0x7E (the text of a token is its bytes as latin-1)."""


def noisy_text(text: str) -> bool:
    """True when ``text`` holds a character no shoe sends (:data:`_NOT_SENT`): line noise."""
    return _NOT_SENT.search(text) is not None


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
            return NoRead(raw, NoReadReason.NO_READ)
        if up in self._cut_upper:
            return CutCard(raw)
        token = card_token(t, self.cards)
        if token is not None:
            return CardRead(token, raw)
        return NoRead(raw, NoReadReason.UNKNOWN_CODE, noisy_text(text))

    def timed_out(self, raw: bytes, text: str | None = None) -> Frame:
        """The frame for a token left unterminated: ``Garbage`` for noise, else ``NoRead("token_timeout")``
        (marked ``noise`` as :meth:`classify` marks it).
        """
        frame = self.classify(raw, text)
        if isinstance(frame, Garbage):
            return frame
        return NoRead(raw, NoReadReason.TOKEN_TIMEOUT, noisy_text(raw.decode("latin-1") if text is None else text))

    def text_for(self, token: str) -> str:
        """The text a shoe using these rules sends for ``token`` (canonical card, ``CUT`` or :data:`NOREAD`)."""
        if token == NOREAD:
            return self.noread_tokens[0] if self.noread_tokens else "NR"
        if token.upper() == "CUT":
            return self.cut_tokens[0] if self.cut_tokens else "CUT"
        body = to_saopai(token) if self.cards == "saopai" else token
        return f"{self.prefix}{body}{self.suffix}"

