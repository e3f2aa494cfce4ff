"""The journal's edge: what a shoe event is as a journal input (JSON values only, raw bytes as hex).

DESIGN.md "Data flow" (the controller appends the input to the journal before acting on it). The journal
keeps inputs as JSON; the shoe's frames (:mod:`drivers.frames`) become those values here and nowhere else.
"""

from __future__ import annotations

from typing import Any

from drivers.frames import CardRead, Connected, ConnectionLost, CutCard, Garbage, NoRead

__all__ = ["shoe_event_input"]


def shoe_event_input(event: Any) -> dict:
    """A shoe event (``drivers.frames``) as a journal input body: ``{"kind": "frame", "frame": "card", "token",
    "raw"}`` and the like, raw bytes as hex; an unknown event as ``frame: unknown`` with its repr (at most 200
    characters), which the table ignores (told, never dropped).
    """
    raw = getattr(event, "raw", b"")
    raw_hex = raw.hex() if isinstance(raw, (bytes, bytearray)) else ""
    if isinstance(event, CardRead):
        return {"kind": "frame", "frame": "card", "token": str(event.token), "raw": raw_hex}
    if isinstance(event, NoRead):
        return {"kind": "frame", "frame": "no_read", "reason": str(event.reason), "raw": raw_hex}
    if isinstance(event, CutCard):
        return {"kind": "frame", "frame": "cut", "raw": raw_hex}
    if isinstance(event, Garbage):
        return {"kind": "frame", "frame": "garbage", "raw": raw_hex}
    if isinstance(event, Connected):
        return {"kind": "link", "event": "connected", "detail": str(event.description)}
    if isinstance(event, ConnectionLost):
        return {"kind": "link", "event": "lost", "detail": str(event.error or "")}
    return {"kind": "frame", "frame": "unknown", "raw": raw_hex, "repr": repr(event)[:200]}
