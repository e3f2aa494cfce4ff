"""A shoe event (:mod:`drivers.frames`) as a table input (:mod:`dealer_station.domain.inputs`) and back.

docs/runtime.md "One card, from the shoe to the screen" (step 5: the frame becomes a typed input, journaled before
anything acts on it). The app is where drivers meet the domain: the controller turns each frame or link event into its
input here (:func:`shoe_event`), the replays and the determinism audit turn a recorded frame input back into the
frame the shoe sent (:func:`shoe_frame`). The journal only stores and reads the inputs
(:mod:`dealer_station.journal.codec`), knowing nothing of the drivers.
"""

from __future__ import annotations

from typing import Any

from dealer_station.domain.acts import FrameKind, LinkEvent
from dealer_station.domain.inputs import FrameInput, LinkInput
from dealer_station.journal.codec import encode_input
from drivers.frames import CardRead, Connected, ConnectionLost, CutCard, Garbage, NoRead, NoReadReason

__all__ = ["no_read_reason", "shoe_event", "shoe_event_input", "shoe_frame"]

_NO_READ_REASONS = {reason.value: reason for reason in NoReadReason}


def no_read_reason(text: object) -> NoReadReason | str:
    """A No-Read's reason as recorded (the journal's or a recording's plain text), as the shoe's own code.

    Returns the :class:`~drivers.frames.NoReadReason` member of that text; ``no_read`` for none (an empty or
    missing reason); a code this version does not know stays the plain text, as it was recorded.
    """
    text = str(text or NoReadReason.NO_READ.value)
    return _NO_READ_REASONS.get(text, text)


def shoe_event(event: Any, ts: str | None = None) -> FrameInput | LinkInput:
    """A shoe event (``drivers.frames``) as a table input (raw bytes as hex).

    Parameters
    ----------
    event : drivers.frames.ShoeEvent or object
        A frame (card, No-Read, cut card, garbage) or a link event (connected, lost); anything else is recorded
        as frame ``unknown`` with its repr (at most 200 characters), which the table ignores (told, never
        dropped).
    ts : str, optional
        The input's time, UTC ISO (None: set when it is journaled).

    Returns
    -------
    FrameInput or LinkInput
        A :class:`FrameInput` of a card, No-Read (its reason code), cut card, garbage or unknown frame; a
        :class:`LinkInput` ``connected`` / ``lost``.
    """
    kind = type(event)
    if kind is CardRead:  # the card path first, by its exact type (a subclass goes the long way, below)
        raw = event.raw
        return FrameInput(FrameKind.CARD, raw.hex() if isinstance(raw, (bytes, bytearray)) else "",
                          str(event.token), None, (), ts)
    raw = getattr(event, "raw", b"")
    raw_hex = raw.hex() if isinstance(raw, (bytes, bytearray)) else ""
    if isinstance(event, CardRead):
        return FrameInput(FrameKind.CARD, raw_hex, token=str(event.token), ts=ts)
    if isinstance(event, NoRead):
        return FrameInput(FrameKind.NO_READ, raw_hex, reason=str(event.reason), ts=ts)
    if isinstance(event, CutCard):
        return FrameInput(FrameKind.CUT, raw_hex, ts=ts)
    if isinstance(event, Garbage):
        return FrameInput(FrameKind.GARBAGE, raw_hex, ts=ts)
    if isinstance(event, Connected):
        return LinkInput(LinkEvent.CONNECTED, str(event.description), ts=ts)
    if isinstance(event, ConnectionLost):
        return LinkInput(LinkEvent.LOST, str(event.error or ""), ts=ts)
    return FrameInput("unknown", raw_hex, extra=(("repr", repr(event)[:200]),), ts=ts)


def shoe_frame(inp: FrameInput) -> CardRead | NoRead | CutCard | Garbage:
    """The shoe frame (``drivers.frames``) a frame input records: the inverse of :func:`shoe_event` for frames.

    Parameters
    ----------
    inp : FrameInput
        A frame input as the journal gives it back.

    Returns
    -------
    CardRead, NoRead, CutCard or Garbage
        The frame, its raw bytes from the input's hex.

    Raises
    ------
    ValueError
        A frame the shoe does not make (``unknown``) or raw bytes that are not hex.
    """
    raw = bytes.fromhex(str(inp.raw or ""))
    if inp.frame == FrameKind.CARD:
        return CardRead(str(inp.token or ""), raw)
    if inp.frame == FrameKind.NO_READ:
        return NoRead(raw, no_read_reason(inp.reason))
    if inp.frame == FrameKind.CUT:
        return CutCard(raw)
    if inp.frame == FrameKind.GARBAGE:
        return Garbage(raw)
    raise ValueError(f"frame {inp.frame!r} is not a shoe frame")


def shoe_event_input(event: Any) -> dict:
    """A shoe event as a journal input body (:func:`shoe_event`, then
    :func:`~dealer_station.journal.codec.encode_input`), without ``ts``.

    Parameters
    ----------
    event : drivers.frames.ShoeEvent or object
        As :func:`shoe_event` takes it.

    Returns
    -------
    dict
        ``{"kind": "frame", "frame": "card", "token", "raw"}`` and the like.
    """
    return encode_input(shoe_event(event))
