"""Sessions, tty scripts, USB captures, and the record / capture-text commands."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import socket
import threading
from pathlib import Path

import pytest

from drivers.codecs import decode_all, make_codec
from drivers.errors import ShoeConfigError
from drivers.hidkeys import decode_text, reports_for_text
from drivers.sessions import (
    SessionFormatError,
    SessionRecorder,
    iter_chunks,
    read_session,
    read_tty_script,
    unescape_script,
)
from drivers.usbmon import UsbmonWriter, interrupt_in_reports, read_usb_packets
from tests.conftest import ROOT, run_cli

CAPTURES = ROOT / "hw_fixtures" / "captures"
PICO = "flag{pr355_0nwards_deafcb32}<CTRL+c>"
CSEC = "flag{}<LEFT>QWERTY_was_created_to_give_people_wrist_cancer<DOWN><RIGHT>\n"


def test_session_round_trip(tmp_path):
    path = tmp_path / "s.jsonl"
    with SessionRecorder(path, {"name": "x"}, {"baudrate": 9600}, clock=lambda: 100.0) as rec:
        rec(100.5, b"AS\r")
        rec(100.75, b"\n\x00\xff")
    session = read_session(path)
    assert session.header["profile"] == {"name": "x"} and session.header["port"] == {"baudrate": 9600}
    assert session.chunks == [(0.5, b"AS\r"), (0.75, b"\n\x00\xff")]
    assert session.data == b"AS\r\n\x00\xff"
    lines = path.read_text().splitlines()
    assert json.loads(lines[1]) == {"t": 0.5, "dir": "rx", "hex": "41530d"}
    with pytest.raises(SessionFormatError, match="exists"):
        SessionRecorder(path, {})


def test_session_torn_last_line_is_skipped_other_bad_lines_are_named(tmp_path):
    path = tmp_path / "s.jsonl"
    with SessionRecorder(path, {}) as rec:
        rec(rec._t0 + 1, b"AS\r\n")
    with path.open("a") as fh:
        fh.write('{"t": 2.0, "dir": "rx", "hex": "4a')  # the recorder died mid-line
    assert read_session(path).data == b"AS\r\n"
    bad = tmp_path / "bad.jsonl"
    bad.write_text(path.read_text().replace('"hex":"4153', '"hex":"zz53') + "\n")
    with pytest.raises(SessionFormatError, match=r"bad\.jsonl:2"):
        read_session(bad)
    other = tmp_path / "other.jsonl"
    other.write_text('{"format": "something-else"}\n')
    with pytest.raises(SessionFormatError, match="not a shoe session"):
        read_session(other)
    with pytest.raises(SessionFormatError):
        read_session(tmp_path / "missing.jsonl")


def test_a_failed_session_write_ends_the_recording_and_says_so(tmp_path):
    import errno

    class FullDisk:
        """The recorder's file, filling up after ``room`` writes."""

        def __init__(self, fh, room):
            self.fh, self.room = fh, room

        def write(self, text):
            if self.room == 0:
                self.fh.write(text[:5])  # part of the line made it to the file
                raise OSError(errno.ENOSPC, "No space left on device")
            self.room -= 1
            return self.fh.write(text)

        def __getattr__(self, name):
            return getattr(self.fh, name)

    path = tmp_path / "s.jsonl"
    rec = SessionRecorder(path, {}, clock=lambda: 0.0)
    rec._fh = FullDisk(rec._fh, room=1)
    rec(0.5, b"AS\r\n")
    rec(1.0, b"KD\r\n")  # the disk is full from here on
    rec(1.5, b"5C\r\n")
    rec.close()
    assert (rec.chunks, rec.lost) == (1, 2)
    assert "No space left" in rec.error and str(path) in rec.error
    assert read_session(path).chunks == [(0.5, b"AS\r\n")]  # what was written stays readable


def test_tty_script_reader_and_escaping(tmp_path):
    assert unescape_script("AS^M^J^`^@") == b"AS\r\n^\x00"
    chunks = read_tty_script(ROOT / "hw_fixtures" / "serial" / "round-lines.script")
    assert chunks[0] == (0.05, b"AS\r\n")
    frames = decode_all(make_codec("lines"), [d for _, d in chunks])
    assert [f.token for f in frames] == ["AS", "JD", "3H", "2C", "5S", "AC"]
    assert list(iter_chunks(ROOT / "hw_fixtures" / "serial" / "round-lines.script")) == chunks
    bad = tmp_path / "bad.script"
    bad.write_text("r 10 AS\nx 5 y\n")
    with pytest.raises(SessionFormatError, match=r"bad\.script:2"):
        read_tty_script(bad)


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(f"gen_{path.parent.name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("kind", ["serial", "usb"])
def test_committed_fixtures_equal_their_generator(kind, tmp_path):
    here = ROOT / "hw_fixtures" / kind
    _load(here / "generate.py").main(tmp_path)
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written
    for name in written:
        assert (here / name).read_bytes() == (tmp_path / name).read_bytes(), f"{kind}/{name} is out of date"


def test_usb_fixture_pcaps_are_usbmon_link_type_220():
    for pcap in (ROOT / "hw_fixtures" / "usb").glob("*.pcap"):
        raw = pcap.read_bytes()
        assert int.from_bytes(raw[20:24], "little") == 220
        assert all(len(p.data) in (0, 8) for p in read_usb_packets(pcap))


def test_usbmon_writer_round_trip(tmp_path):
    path = tmp_path / "k.pcap"
    with path.open("wb") as fh:
        w = UsbmonWriter(fh)
        for r in reports_for_text("QD\n"):
            w.transfer(r)
        w.unanswered()
        w.error(-19)
    packets = list(read_usb_packets(path))
    assert [p.status for p in packets][-1] == -19
    assert decode_text(interrupt_in_reports(path)) == "QD\n"


def test_capture_readers_refuse_non_usb_files(tmp_path):
    text = tmp_path / "x.pcap"
    text.write_text("hello")
    with pytest.raises(ShoeConfigError, match="not a pcap"):
        list(read_usb_packets(text))
    import dpkt

    eth = tmp_path / "eth.pcap"
    with eth.open("wb") as fh:
        dpkt.pcap.Writer(fh, linktype=1).writepkt(b"\x00" * 20, ts=0)
    with pytest.raises(ShoeConfigError, match="link type 1"):
        list(read_usb_packets(eth))


def test_public_captures_decode_to_their_readme_text():
    assert decode_text(interrupt_in_reports(CAPTURES / "trk_picoctf2017.pcap")) == PICO
    assert decode_text(interrupt_in_reports(CAPTURES / "csec_keyboard.pcapng")) == CSEC
    assert len(interrupt_in_reports(CAPTURES / "trk_picoctf2017.pcap")) == 66
    assert len(interrupt_in_reports(CAPTURES / "csec_keyboard.pcapng")) == 123


def test_capture_text_command_prints_readme_texts():
    out = run_cli("capture-text", str(CAPTURES / "trk_picoctf2017.pcap"))
    assert out.returncode == 0, out.stderr
    assert out.stdout == PICO + "\n"
    out = run_cli("capture-text", str(CAPTURES / "csec_keyboard.pcapng"), "--device", "2:6", "--endpoint", "0x81")
    assert out.returncode == 0, out.stderr
    assert out.stdout == CSEC
    out = run_cli("capture-text", str(ROOT / "hw_fixtures" / "usb" / "round.pcap"))
    assert out.stdout == "AS\nJD\n3H\n2C\n5S\nAC\n"
    bad = run_cli("capture-text", str(ROOT / "README.md"))
    assert bad.returncode == 2 and "not a pcap" in bad.stderr


def test_public_captures_are_the_published_bytes():
    """The captures are kept as published: each file's SHA-256 is the one its README lists."""
    listed = dict(re.findall(r"^- `([^`]+)`: `([0-9a-f]{64})`$", (CAPTURES / "README.md").read_text(), re.MULTILINE))
    assert set(listed) == {"trk_picoctf2017.pcap", "csec_keyboard.pcapng"}
    for name, digest in listed.items():
        assert hashlib.sha256((CAPTURES / name).read_bytes()).hexdigest() == digest, name


def _serve(port_holder: list, payloads: list[bytes], ready: threading.Event) -> None:
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    port_holder.append(srv.getsockname()[1])
    ready.set()
    srv.settimeout(10)
    conn, _ = srv.accept()
    threading.Event().wait(0.3)  # pyserial discards what arrives before its open completes
    for p in payloads:
        conn.sendall(p)
        threading.Event().wait(0.05)
    threading.Event().wait(0.3)
    conn.close()
    srv.close()


def test_record_command_stores_bytes_as_they_arrive(tmp_path):
    port: list = []
    ready = threading.Event()
    payloads = [b"AS\r", b"\nJD\r\n", b"\x00\xff\r\n", b"CU", b"T\r\n"]
    server = threading.Thread(target=_serve, args=(port, payloads, ready), daemon=True)
    server.start()
    ready.wait(5)
    out_file = tmp_path / "rec.jsonl"
    out = run_cli("record", "--shoe", f"serial:socket://127.0.0.1:{port[0]}?codec=lines&reconnect=false",
                  "-o", str(out_file), "--idle-exit", "1.0", "--frames", timeout=60)
    server.join(10)
    assert out.returncode == 0, out.stderr
    session = read_session(out_file)
    assert session.data == b"".join(payloads)
    assert session.header["profile"]["codec"] == "lines"
    assert session.header["format"] == "dealer-station-shoe-session"
    ts = [t for t, _ in session.chunks]
    assert ts == sorted(ts) and ts[-1] > ts[0]
    events = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    assert [e.get("token") for e in events if e["event"] == "CardRead"] == ["AS", "JD"]
    assert any(e["event"] == "CutCard" for e in events)
    assert any(e["event"] == "Garbage" for e in events)


def test_record_command_with_simulated_shoe_and_errors(tmp_path):
    out_file = tmp_path / "sim.jsonl"
    out = run_cli("record", "--shoe", "sim?codec=saopai&seed=3", "-o", str(out_file), "--deal", "4",
                  "--interval", "0.02", "--idle-exit", "0.5", timeout=60)
    assert out.returncode == 0, out.stderr
    frames = decode_all(make_codec("saopai"), [d for _, d in read_session(out_file)])
    from drivers.deck import shuffled_shoe

    assert [f.token for f in frames] == shuffled_shoe(3)[:4]
    bad = run_cli("record", "--shoe", "nonesuch", "-o", str(tmp_path / "x.jsonl"))
    assert bad.returncode == 2 and "no shoe profile named" in bad.stderr
    missing = run_cli("record", "--shoe", "serial:/dev/ttyNONE9?codec=lines", "-o", str(tmp_path / "y.jsonl"))
    assert missing.returncode == 2 and "cannot open the shoe" in missing.stderr
    assert not (tmp_path / "y.jsonl").exists()


def test_record_deal_ends_by_itself_and_keeps_the_interval(tmp_path, cli, monkeypatch):
    """``--deal N`` alone: the cards are dealt ``--interval`` apart and the recording ends a second after the last.

    Between two deals the loop waits for its queue of shoe events at most until the next deal is due (never its
    0.05 s step while dealing at 0.01 s): the waits it asks for are written down, next to the draws."""
    import queue
    from types import SimpleNamespace

    from dealer_station.cli import record

    steps: list[tuple[str, float]] = []

    class Events(queue.Queue):
        def get(self, block=True, timeout=None):
            steps.append(("wait", timeout))
            return super().get(block, timeout)

    def source_of(*args, **kwargs):
        source = build_source(*args, **kwargs)
        draw = source.draw

        def drawn():
            steps.append(("draw", 0.0))
            return draw()

        source.draw = drawn
        return source

    build_source = record.build_source
    monkeypatch.setattr(record, "queue", SimpleNamespace(Queue=Events, Empty=queue.Empty))
    monkeypatch.setattr(record, "build_source", source_of)
    out_file = tmp_path / "dealt.jsonl"
    status, _, err = cli("record", "--shoe", "sim?codec=lines&seed=5", "-o", str(out_file), "--deal", "12",
                         "--interval", "0.01")   # nothing stops it: it ends by itself
    assert status == 0, err
    chunks = read_session(out_file)
    frames = decode_all(make_codec("lines"), [d for _, d in chunks])
    from drivers.deck import shuffled_shoe

    assert [f.token for f in frames] == shuffled_shoe(5)[:12]
    last_draw = max(i for i, (kind, _) in enumerate(steps) if kind == "draw")
    assert sum(kind == "draw" for kind, _ in steps) == 12
    asked = [timeout for kind, timeout in steps[:last_draw] if kind == "wait"]   # the queue's timeouts, not a clock
    assert len(asked) >= 11 and all(timeout <= 0.01 for timeout in asked), asked


# -- bad files never crash the readers: they raise the readers' own errors ---------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@_FUZZ
@given(data=st.binary(max_size=300))
def test_fuzz_session_reader(tmp_path, data):
    path = tmp_path / "f.jsonl"
    path.write_bytes(b'{"format":"dealer-station-shoe-session","version":1}\n' + data)
    try:
        session = read_session(path)
    except SessionFormatError:
        return
    assert all(isinstance(t, float) and isinstance(d, bytes) for t, d in session)


@_FUZZ
@given(data=st.binary(max_size=300))
def test_fuzz_tty_script_reader(tmp_path, data):
    path = tmp_path / "f.script"
    path.write_bytes(data)
    try:
        chunks = read_tty_script(path)
    except SessionFormatError:
        return
    assert all(isinstance(d, bytes) for _, d in chunks)


@_FUZZ
@given(data=st.binary(max_size=400), head=st.sampled_from(["pcap220", "pcap249", "pcapng", "none"]))
def test_fuzz_capture_reader(tmp_path, data, head):
    import struct

    prefix = {
        "pcap220": struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 220),
        "pcap249": struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 249),
        "pcapng": (CAPTURES / "csec_keyboard.pcapng").read_bytes()[:200],
        "none": b"",
    }[head]
    path = tmp_path / "f.pcap"
    path.write_bytes(prefix + data)
    try:
        reports = interrupt_in_reports(path)
    except ShoeConfigError:
        return
    assert isinstance(decode_text(reports), str)


def _torn_session(tmp_path) -> Path:
    path = tmp_path / "torn.jsonl"
    with SessionRecorder(path, {"codec": "lines"}) as rec:
        rec(rec._t0 + 1, b"AS\r\n")
        rec(rec._t0 + 2, b"KH\r\n")
    with path.open("a") as fh:
        fh.write('{"t": 3.0, "dir": "rx", "hex": "4a')  # the recorder died mid-line: line 4
    return path


def test_a_torn_last_line_is_dropped_with_a_warning_naming_it(tmp_path):
    from structlog.testing import capture_logs

    path = _torn_session(tmp_path)
    with capture_logs() as logs:
        session = read_session(path)
    assert session.data == b"AS\r\nKH\r\n"
    assert session.dropped is not None and f"{path}:4:" in session.dropped and "torn" in session.dropped
    warned = [e for e in logs if e["event"] == "session_torn_line_dropped"]
    assert len(warned) == 1 and warned[0]["log_level"] == "warning"
    assert warned[0]["path"] == str(path) and warned[0]["line"] == 4 and warned[0]["text"].startswith('{"t": 3.0')


def test_a_whole_session_drops_nothing_and_says_nothing(tmp_path):
    from structlog.testing import capture_logs

    path = _torn_session(tmp_path)
    whole = tmp_path / "whole.jsonl"
    whole.write_text(path.read_text().rsplit("\n", 1)[0] + "\n")
    no_newline = tmp_path / "no_newline.jsonl"   # a last line without its newline but whole: kept
    no_newline.write_text(whole.read_text() + '{"t": 3.0, "dir": "rx", "hex": "4a430d0a"}')
    with capture_logs() as logs:
        assert read_session(whole).dropped is None
        kept = read_session(no_newline)
    assert kept.dropped is None and kept.data.endswith(b"JC\r\n")
    assert [e for e in logs if e["event"] == "session_torn_line_dropped"] == []


def test_a_replay_shoe_of_a_torn_session_warns_which_line_it_dropped(tmp_path):
    from structlog.testing import capture_logs

    from drivers.profiles import build_source, load_profile

    path = _torn_session(tmp_path)
    source = build_source(load_profile(f"replay:{path}?codec=lines"))
    got: list = []
    with capture_logs() as logs:
        source.start(got.append)
        source.stop()
    assert [type(e).__name__ for e in got][:3] == ["Connected", "CardRead", "CardRead"]
    warned = [e for e in logs if e["event"] == "session_torn_line_dropped"]
    assert len(warned) == 1 and warned[0]["line"] == 4


# -- one reader: every line with its time checked -----------------------------------------------------

def test_the_reader_returns_every_line_with_its_time(tmp_path):
    from drivers.sessions import SessionLine

    path = tmp_path / "all.jsonl"
    path.write_text("\n".join([
        json.dumps({"format": "dealer-station-shoe-session", "version": 1}),
        '{"t": 0.5, "dir": "rx", "hex": "41530d0a"}',
        '{"t": 0.5, "dir": "tx", "hex": "06"}',
        "",
        '{"t": 1.0, "dir": "link", "event": "lost", "detail": "unplugged"}',
        '{"t": 2.0, "dir": "act", "by": "dealer", "act": "open_betting"}',
        '{"t": 2.5, "dir": "note", "text": "dealer changed"}',
        '{"t": 3, "hex": "4b480d0a"}',
    ]) + "\n")
    session = read_session(path)
    assert [(x.t, x.dir, x.data, x.number) for x in session.lines] == [
        (0.5, "rx", b"AS\r\n", 2), (0.5, "tx", b"\x06", 3), (1.0, "link", b"", 5), (2.0, "act", b"", 6),
        (2.5, "note", b"", 7), (3.0, "rx", b"KH\r\n", 8)]
    assert all(isinstance(x, SessionLine) and isinstance(x.t, float) for x in session.lines)
    assert session.lines[4].fields["text"] == "dealer changed"
    assert session.chunks == [(0.5, b"AS\r\n"), (3.0, b"KH\r\n")] == list(iter_chunks(path))


@pytest.mark.parametrize(("t", "previous", "why"), [
    (0, 0.0, None), (1.5, 1.5, None), ("2.25", 1.0, None), (366 * 86400, 0.0, None),
    (-0.001, 0.0, "not a time in seconds"), (float("nan"), 0.0, "not a time in seconds"),
    (float("inf"), 0.0, "not a time in seconds"), (float("-inf"), 0.0, "not a time in seconds"),
    (366 * 86400 + 1, 0.0, "not a time in seconds from 0 to"), (1e300, 0.0, "not a time in seconds"),
    (10 ** 400, 0.0, "not a time in seconds"),
    (0.999, 1.0, "goes back in time"), ("soon", 0.0, "could not convert"),
])
def test_time_checks(t, previous, why):
    from drivers.sessions import check_time

    if why is None:
        assert check_time(t, previous) == float(t)
    else:
        with pytest.raises(ValueError, match=why):
            check_time(t, previous)
    with pytest.raises(TypeError):
        check_time(None, 0.0)


@pytest.mark.parametrize(("script", "why"), [
    ("r 10 AS^M^J\nr -5 KH^M^J\n", r"bad\.script:2: delay -5 ms goes back in time"),
    ("w -1 x\nr 10 AS^M^J\n", r"bad\.script:1: delay -1 ms goes back in time"),
    ("r 31622400000 AS^M^J\nr 1 KH^M^J\n", r"bad\.script:2: .* past a year"),
    ("r " + "9" * 400 + " AS^M^J\n", r"bad\.script:1: .* past a year"),   # no float overflow
])
def test_tty_script_times_are_checked(tmp_path, script, why):
    bad = tmp_path / "bad.script"
    bad.write_text(script)
    with pytest.raises(SessionFormatError, match=why):
        read_tty_script(bad)
    with pytest.raises(SessionFormatError, match=why):
        list(iter_chunks(bad))


def test_a_replay_shoe_refuses_a_session_whose_time_goes_back(tmp_path):
    from drivers.codecs import make_codec
    from drivers.replay import ReplayShoe

    path = tmp_path / "back.jsonl"
    path.write_text("\n".join([json.dumps({"format": "dealer-station-shoe-session", "version": 1}),
                               '{"t": 2.0, "dir": "rx", "hex": "41530d0a"}',
                               '{"t": 1.0, "dir": "rx", "hex": "4b480d0a"}']) + "\n")
    shoe = ReplayShoe(path, make_codec("lines"))
    with pytest.raises(ShoeConfigError, match=r"back\.jsonl:3: .*goes back in time"):
        shoe._open()
