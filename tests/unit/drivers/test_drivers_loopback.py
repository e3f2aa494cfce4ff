"""The loopback shoe: a simulated shoe's draws as a codec's wire bytes, decoded by that codec, no device."""

from __future__ import annotations

import random

import pytest

from drivers.codecs import NOREAD, make_codec
from drivers.deck import CUT
from drivers.errors import ShoeConfigError, ShoeEmptyError, ShoeError, ShoeUnavailableError
from drivers.frames import CardRead, Connected, ConnectionLost, CutCard, Garbage, NoRead
from drivers.simulator import LoopbackShoe, SimFaults, with_misreads


@pytest.mark.parametrize("codec", ["lines", "saopai", "stx-etx", "hid-keyboard"])
def test_each_draw_is_the_codecs_bytes_decoded_by_it(codec):
    """Cards, the cut card and a planned No-Read come out as the frames the codec makes of its own bytes."""
    wire = make_codec(codec)
    shoe = LoopbackShoe(make_codec(codec), tokens=["AS", NOREAD, "KD", CUT, "TC"])
    events, raw = [], []
    shoe.start(events.append, lambda _t, data: raw.append(data))
    assert events == [Connected(shoe.description)] and shoe.connected
    sent = [shoe.draw() for _ in range(5)]
    assert sent == ["AS", NOREAD, "KD", CUT, "TC"] and shoe.remaining == 0
    frames = events[1:]
    assert [type(f) for f in frames] == [CardRead, NoRead, CardRead, CutCard, CardRead]
    assert [f.token for f in frames if isinstance(f, CardRead)] == ["AS", "KD", "TC"]
    assert frames[1].reason == "no_read"
    assert b"".join(raw) == b"".join(wire.encode(t) for t in sent)
    with pytest.raises(ShoeEmptyError):
        shoe.draw()


def test_start_and_stop_are_a_sources():
    """``Connected`` on start, ``ConnectionLost(None)`` on stop (once); no draw before start or after stop."""
    shoe = LoopbackShoe(make_codec("lines"), tokens=["AS", "KD"])
    with pytest.raises(ShoeUnavailableError):
        shoe.draw()
    events = []
    shoe.start(events.append)
    with pytest.raises(ShoeError):
        shoe.start(events.append)
    shoe.draw()
    shoe.stop()
    shoe.stop()
    assert events[-1] == ConnectionLost(None) and sum(isinstance(e, ConnectionLost) for e in events) == 1
    with pytest.raises(ShoeUnavailableError):
        shoe.draw()


def test_the_pending_partial_token_is_a_frame_at_stop():
    """Bytes left without their terminator become the codec's timed-out frame when the shoe stops."""
    shoe = LoopbackShoe(make_codec("lines"), tokens=["AS"])
    events = []
    shoe.start(events.append)
    shoe._write(b"KD")  # half a line: nothing yet
    assert events == [Connected(shoe.description)]
    shoe.stop()
    assert events[1] == NoRead(b"KD", "token_timeout") and events[2] == ConnectionLost(None)


def test_faults_are_the_simulators_and_reproducible():
    """Garbage and split writes as the pty simulator injects them, the same for the same seed; the cards
    still come out whole and in order."""
    def run(seed):
        shoe = LoopbackShoe(make_codec("stx-etx"), tokens=["AS", "KD", "5C", "9H", CUT], seed=seed,
                            faults=SimFaults(garbage_rate=0.5, split_writes=True))
        events = []
        shoe.start(events.append)
        while shoe.remaining:
            shoe.draw()
        return events[1:]

    frames = run(3)
    assert frames == run(3)
    assert [f.token for f in frames if isinstance(f, CardRead)] == ["AS", "KD", "5C", "9H"]
    assert any(isinstance(f, Garbage) for f in frames)
    assert not any(isinstance(f, NoRead) for f in frames)


def test_a_loopback_has_no_wire_to_unplug():
    with pytest.raises(ShoeConfigError, match="disconnect_at"):
        LoopbackShoe(make_codec("lines"), faults=SimFaults(disconnect_at=3))


def test_misreads_planned_ahead_never_exceed_the_limit_and_never_touch_the_cut_card():
    tokens = ["AS", "KD", CUT, "5C", "9H"] * 40
    planned = with_misreads(tokens, 0.6, random.Random(1), max_in_a_row=2)
    assert [t for t in planned if t != NOREAD] == tokens
    assert planned == with_misreads(tokens, 0.6, random.Random(1), max_in_a_row=2)
    runs, run = [], 0
    for before, token in zip([None, *planned], planned, strict=False):
        if token == NOREAD:
            run += 1
            continue
        if token == CUT:
            assert before != NOREAD
        runs.append(run)
        run = 0
    assert max(runs) == 2 and sum(runs) == planned.count(NOREAD) > 0
    assert with_misreads(tokens, 0.0, random.Random(1), max_in_a_row=2) == tokens
    with pytest.raises(ShoeConfigError):
        with_misreads(tokens, 1.0, random.Random(1), max_in_a_row=2)


def test_an_empty_shoe_with_empty_reads_answers_a_draw_with_a_no_read():
    """``empty_reads``: past the last token a draw is a No-Read ``empty`` with no bytes (nothing on the wire),
    never an error; without it the draw raises ShoeEmptyError."""
    shoe = LoopbackShoe(make_codec("lines"), tokens=["AS"], empty_reads=True)
    events = []
    shoe.start(events.append)
    assert shoe.draw() == "AS"
    assert shoe.draw() == NOREAD and shoe.draw() == NOREAD
    assert events[-2:] == [NoRead(b"", "empty"), NoRead(b"", "empty")]
    shoe.stop()
    with pytest.raises(ShoeUnavailableError):
        shoe.draw()
