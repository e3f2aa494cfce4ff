"""A shoe event as a table input and back (dealer_station.app.shoe_inputs): the inputs the journal has always
held for each frame and link event, and the frame a recorded frame input gives back (docs/runtime.md "One card,
from the shoe to the screen", step 5)."""

from __future__ import annotations

import pytest

from dealer_station.app.shoe_inputs import shoe_event, shoe_event_input, shoe_frame
from dealer_station.domain.acts import FrameKind
from dealer_station.domain.inputs import FrameInput
from dealer_station.journal.codec import decode_input
from drivers.frames import CardRead, Connected, ConnectionLost, CutCard, Garbage, NoRead


@pytest.mark.parametrize(("event", "body"), [
    (CardRead("AS", b"AS"), {"kind": "frame", "frame": "card", "token": "AS", "raw": "4153"}),
    (NoRead(b"\x00", "damaged"), {"kind": "frame", "frame": "no_read", "reason": "damaged", "raw": "00"}),
    (CutCard(b"\xff"), {"kind": "frame", "frame": "cut", "raw": "ff"}),
    (Garbage(b"\x01"), {"kind": "frame", "frame": "garbage", "raw": "01"}),
    (Connected("pty"), {"kind": "link", "event": "connected", "detail": "pty"}),
    (ConnectionLost(None), {"kind": "link", "event": "lost", "detail": ""}),
])
def test_shoe_events_become_the_inputs_they_always_were(event, body):
    assert shoe_event_input(event) == body
    assert decode_input(body) == shoe_event(event)


@pytest.mark.parametrize("event", [CardRead("AS", b"AS"), NoRead(b"\x00", "damaged"), CutCard(b"\xff"),
                                   Garbage(b"\x01")])
def test_a_frame_input_gives_back_the_frame_it_records(event):
    assert shoe_frame(decode_input(shoe_event_input(event))) == event


@pytest.mark.parametrize("body", [{"kind": "frame", "frame": "unknown", "raw": "", "repr": "x"},
                                  {"kind": "frame", "frame": "card", "token": "AS", "raw": "zz"}])
def test_a_frame_the_shoe_does_not_make_is_refused(body):
    with pytest.raises(ValueError):
        shoe_frame(decode_input(body))


def test_an_event_the_shoe_does_not_send_is_recorded_as_an_unknown_frame_with_its_repr():
    class Thing:
        raw = b"\x01"

        def __repr__(self) -> str:
            return "T" * 300

    inp = shoe_event(Thing(), "2026-11-30T10:00:00.000000Z")
    assert inp == FrameInput("unknown", "01", extra=(("repr", "T" * 200),), ts="2026-11-30T10:00:00.000000Z")
    assert inp.frame != FrameKind.CARD
