"""What a shoe says, as values: the frames a codec yields and the transport's link events.

Frames carry the raw bytes they came from (for the journal and the supervisor's hex view).
A card token is canonical: rank ``A 2-9 T J Q K`` + suit ``S H D C`` (``"QD"``, ``"TS"``);
the card-code maps of :mod:`drivers` turn a device's own codes into that form. Drivers know
nothing of baccarat: what a card means is the controller's business.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["CardRead", "NoRead", "NoReadReason", "CutCard", "Garbage", "Connected", "ConnectionLost", "Frame",
           "LinkEvent", "ShoeEvent"]


@dataclass(frozen=True, slots=True)
class CardRead:
    """A card was read. ``token``: canonical card token; ``raw``: the frame's bytes."""

    token: str
    raw: bytes = b""


class NoReadReason(StrEnum):
    """Why a shoe could not read a card: :attr:`NoRead.reason`. A member equals its text, so a reason read back
    from a recording (a plain string) compares and hashes as the member does, and its JSON is the text itself.
    """

    NO_READ = "no_read"
    """The shoe sent its own No-Read token."""
    UNKNOWN_CODE = "unknown_code"
    """A token that is no card code, no No-Read and no cut card."""
    BAD_LRC = "bad_lrc"
    """A framed token whose checksum (LRC) was wrong."""
    TOKEN_TIMEOUT = "token_timeout"
    """A token left unterminated for the codec's ``token_timeout`` seconds."""
    ROLLOVER = "rollover"
    """A keyboard scanner reported too many keys at once (HID ErrorRollOver)."""
    EMPTY = "empty"
    """The simulated shoe was drawn from when empty (no bytes)."""


@dataclass(frozen=True, slots=True)
class NoRead:
    """The shoe could not read a card (a No-Read token, an unknown code, a bad checksum, a token
    left unterminated). ``reason`` is a short code (:class:`NoReadReason`): ``no_read``, ``unknown_code``,
    ``bad_lrc``, ``token_timeout``, ``rollover``, ``empty``; a plain string only when a recording read back names
    a code this version does not know. ``raw``: the bytes. ``noise``: the token's text holds what no shoe sends
    (a control character, DEL, a byte above 0x7E): line noise that happened to hold a letter or a digit, not a
    card the shoe failed to read (the station counts it with the line's noise, never as a misread).
    """

    raw: bytes = b""
    reason: NoReadReason | str = NoReadReason.NO_READ
    noise: bool = False


@dataclass(frozen=True, slots=True)
class CutCard:
    """The cut card came out of the shoe."""

    raw: bytes = b""


@dataclass(frozen=True, slots=True)
class Garbage:
    """Bytes that are no frame at all (line noise, a stray report). Never a card, never a rescan."""

    raw: bytes = b""


@dataclass(frozen=True, slots=True)
class Connected:
    """The transport (re)opened the device. ``description``: port, VID:PID or URL."""

    description: str = ""


@dataclass(frozen=True, slots=True)
class ConnectionLost:
    """The device went away (unplugged, EOF, I/O error). ``error``: its text, or None on a clean close."""

    error: str | None = None


Frame = CardRead | NoRead | CutCard | Garbage
"""A decoded frame."""

LinkEvent = Connected | ConnectionLost
"""A change of the link to the device."""

ShoeEvent = Frame | LinkEvent
"""Anything a shoe reader delivers to the controller."""
