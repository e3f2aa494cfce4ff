"""The pump: tick, feed and flush of a shoe's bytes through its codec; the one under every shoe."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest

from drivers.codecs import make_codec
from drivers.frames import CardRead, Connected, ConnectionLost, CutCard, Garbage, NoRead
from drivers.framing import ETX, STX
from drivers.pump import RECENT_READS, Pump

ROOT = Path(__file__).resolve().parents[3]


def pumped(codec: str = "lines", **options):
    frames: list = []
    return Pump(make_codec(codec, options or None), frames.append), frames


def test_feed_delivers_each_frame_as_its_bytes_complete_it():
    pump, frames = pumped()
    pump.feed(b"AS\r\nK", 0.0)
    assert frames == [CardRead("AS", b"AS")]
    pump.feed(b"D\r\nCUT\r", 0.1)
    assert frames == [CardRead("AS", b"AS"), CardRead("KD", b"KD"), CutCard(b"CUT")]
    pump.feed(b"", 0.2)  # an empty read completes nothing
    assert len(frames) == 3


def test_a_partial_token_is_due_at_its_timeout_and_flushed_at_the_end_once():
    pump, frames = pumped(token_timeout=1.0)
    pump.read(b"AS\r\nK", 10.0)
    pump.read(b"", 10.5)
    assert frames == [CardRead("AS", b"AS")]       # not due yet
    pump.read(b"", 11.0)
    assert frames[1:] == [NoRead(b"K", "token_timeout")]
    pump.tick(50.0)
    assert len(frames) == 2                          # timed out once, nothing left pending
    pump.feed(b"Q", 60.0)
    pump.flush()
    assert frames[2:] == [NoRead(b"Q", "token_timeout")]  # the end of the input: the partial token, never dropped
    pump.flush()
    assert len(frames) == 3


def test_a_read_delivers_the_timed_out_token_before_the_new_bytes():
    """After a read the frames due come first: the late bytes start a token of their own, not ``KAS``."""
    pump, frames = pumped(token_timeout=1.0)
    pump.read(b"K", 0.0)
    pump.read(b"AS\r\n", 1.5)
    assert frames == [NoRead(b"K", "token_timeout"), CardRead("AS", b"AS")]


def _stx(payload: bytes, check: int | None = None) -> bytes:
    body = payload + bytes([ETX])
    lrc = 0
    for b in body:
        lrc ^= b
    return bytes([STX]) + body + bytes([lrc if check is None else check])


@pytest.mark.parametrize(("codec", "data", "expected"), [
    ("lines", b"ZZ\r\n", [NoRead]),                                          # an unknown code
    ("lines", b"NR\r\n", [NoRead]),                                          # the shoe's No-Read token
    ("lines", b"\x00\x7f\xff\r\n", [Garbage]),                               # line noise
    ("stx-etx", _stx(b"AS", check=0x00), [NoRead]),                          # a bad LRC
    ("stx-etx", b"\x7f\x7f" + _stx(b"KD"), [Garbage, CardRead]),             # noise before a frame
    ("stx-etx", bytes([STX]) + b"9H", [NoRead]),                             # a frame cut off: flushed
    ("hid-keyboard", bytes([0, 0, 0x04, 0, 0, 0, 0, 0]), [NoRead]),          # "a" and no Enter: flushed
])
def test_bad_bytes_are_the_codecs_no_read_or_garbage_as_the_codec_alone_makes_them(codec, data, expected):
    pump, frames = pumped(codec)
    pump.feed(data, 0.0)
    pump.flush()
    alone = make_codec(codec)
    assert frames == alone.feed(data, 0.0) + alone.flush()
    assert [type(f) for f in frames] == expected
    if codec == "stx-etx" and expected == [NoRead] and data[-1:] == b"\x00":
        assert frames[0].reason == "bad_lrc"


def test_the_bytes_are_noted_and_a_failing_raw_sink_costs_no_frame():
    frames: list = []

    def broken_recorder(arrived, data):
        raise OSError("disk full")

    pump = Pump(make_codec("lines"), frames.append, broken_recorder)
    for n in range(RECENT_READS + 2):
        pump.feed(b"AS\r\n", float(n))
    assert len(frames) == RECENT_READS + 2 and pump.bytes_received == 4 * (RECENT_READS + 2)
    assert len(pump.recent) == RECENT_READS and pump.recent[-1][1] == b"AS\r\n"
    assert pump.last_activity == pump.recent[-1][0]
    kept: list = []
    quiet = Pump(make_codec("lines"), frames.append, lambda t, data: kept.append(data), noting=False)
    quiet.read(b"KD\r\n", 0.0)
    assert frames[-1] == CardRead("KD", b"KD") and kept == [] and quiet.bytes_received == 0 and not quiet.recent


def test_every_shoe_source_holds_a_pump(tmp_path):
    from drivers.replay import ReplayShoe
    from drivers.serial_shoe import SerialShoe
    from drivers.simulator import LoopbackShoe, SimulatedShoe
    from drivers.usb_shoe import UsbHidShoe

    shoes = [LoopbackShoe(make_codec("lines")), SimulatedShoe(make_codec("stx-etx")),
             ReplayShoe(tmp_path / "s.script", make_codec("saopai")), SerialShoe("/dev/ttyUSB9", make_codec("lines")),
             UsbHidShoe(0x0C2E, 0x0B61, make_codec("hid-keyboard"))]
    for shoe in shoes:
        assert isinstance(shoe.pump, Pump) and shoe.codec is shoe.pump.codec, shoe
        assert shoe.recent is shoe.pump.recent and shoe.bytes_received == shoe.pump.bytes_received == 0


@pytest.fixture
def pump_calls(monkeypatch):
    """Every call of the pump's moves, as ``(move, data)``."""
    calls: list[tuple[str, bytes]] = []
    read, feed, flush = Pump.read, Pump.feed, Pump.flush

    def spy_read(self, data, now):
        calls.append(("read", data))
        read(self, data, now)

    def spy_feed(self, data, now):
        calls.append(("feed", data))
        feed(self, data, now)

    def spy_flush(self):
        calls.append(("flush", b""))
        flush(self)

    monkeypatch.setattr(Pump, "read", spy_read)
    monkeypatch.setattr(Pump, "feed", spy_feed)
    monkeypatch.setattr(Pump, "flush", spy_flush)
    return calls


def test_the_reader_thread_reads_through_the_pump_and_its_stop_loses_no_partial_token(tmp_path, collector,
                                                                                       pump_calls):
    from drivers.replay import ReplayShoe

    script = tmp_path / "partial.script"
    script.write_bytes(b"r 0 AS\r\nr 0 K\n")
    idle = threading.Event()

    class Played(ReplayShoe):
        def _read(self):
            if self.finished:
                idle.set()   # every chunk went through the pump: the reader is back for more
            return super()._read()

    shoe = Played(script, make_codec("lines", {"token_timeout": 3600}))
    shoe.start(collector)
    try:
        assert idle.wait(30)
    finally:
        shoe.stop()
    events = collector.wait_for(lambda ev: any(isinstance(e, ConnectionLost) for e in ev))
    assert events == [Connected(shoe.description), CardRead("AS", b"AS"), NoRead(b"K", "token_timeout"),
                      ConnectionLost(None)]
    data = [d for move, d in pump_calls if move == "read" and d]
    assert data == [b"AS\r", b"K"] and pump_calls[-1] == ("flush", b"")


def test_the_loopback_feeds_each_write_through_the_pump_and_flushes_it_at_its_stop(pump_calls):
    from drivers.simulator import LoopbackShoe

    events: list = []
    shoe = LoopbackShoe(make_codec("lines"), tokens=["AS", "KD"])
    shoe.start(events.append)
    shoe.draw()
    shoe.draw()
    shoe.pump.feed(b"9", 0.0)   # a partial token on the wire when the shoe stops
    shoe.stop()
    assert pump_calls == [("feed", b"AS\r\n"), ("feed", b"KD\r\n"), ("feed", b"9"), ("flush", b"")]
    assert events[1:] == [CardRead("AS", b"AS"), CardRead("KD", b"KD"), NoRead(b"9", "token_timeout"),
                          ConnectionLost(None)]


def test_the_replayer_plays_recorded_bytes_through_the_pump(pump_calls):
    from dealer_station.app.replay import Replayer, ReplaySession, Step
    from tests.support.table import config

    steps = [Step(0.0, "bytes", data=b"7C\r\n"), Step(0.5, "bytes", data=b"3"), Step(1.0, "raw_frame", data=b"CUT\r\n"),
             Step(2.0, "bytes", data=b"H\r\nQ")]
    result = Replayer(config()).play(ReplaySession("mem.script", "script", "lines", {}, steps))
    assert pump_calls == [("read", b"7C\r\n"), ("read", b"3"), ("feed", b"CUT\r\n"), ("flush", b""),
                          ("read", b"H\r\nQ"), ("flush", b"")]
    assert result.frames == 4   # 7C, CUT, 3H and the partial Q flushed at the session's end


def test_no_other_loop_feeds_a_codec():
    """Outside the pump nothing hands bytes to a codec or asks it for its timed-out or pending token."""
    call = re.compile(r"codec\w*\.(feed|tick|flush)\(")
    found = [f"{path.relative_to(ROOT)}:{n}" for top in ("drivers", "dealer_station", "bench")
             for path in sorted((ROOT / top).rglob("*.py")) if path.name != "pump.py"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if call.search(line)]
    assert found == []
