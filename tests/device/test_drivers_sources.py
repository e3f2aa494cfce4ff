"""Shoe readers: the simulated shoe (a real pty through pyserial), socket:// shoes, reconnection,
and how start-up failures are told apart."""

from __future__ import annotations

import errno
import os
import socket
import threading
import time

import pytest

from drivers.codecs import CODECS, NOREAD, make_codec
from drivers.deck import shuffled_shoe
from drivers.errors import (
    LibusbMissingError,
    ShoeEmptyError,
    ShoeNotConnectedError,
    ShoePermissionError,
    ShoeUnavailableError,
)
from drivers.frames import CardRead, Connected, ConnectionLost, CutCard, Garbage, NoRead
from drivers.profiles import open_shoe
from drivers.serial_shoe import SerialShoe
from drivers.simulator import SimFaults, SimulatedShoe
from drivers.source import ShoeSource


def cards(events):
    return [e.token for e in events if isinstance(e, CardRead)]


def count(kind):
    return lambda events: sum(isinstance(e, kind) for e in events)


def draw_retrying(shoe, timeout=5.0):
    deadline = time.monotonic() + timeout
    while True:
        try:
            return shoe.draw()
        except ShoeUnavailableError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)


@pytest.mark.parametrize("codec", sorted(CODECS))
def test_simulated_shoe_deals_a_whole_shoe_prefix_in_every_wire_format(codec, collector):
    tokens = shuffled_shoe(11)[:30] + ["CUT"] + shuffled_shoe(11)[30:35]
    shoe = open_shoe(f"sim?codec={codec}&split_writes=true&seed=2", tokens=tokens)
    shoe.start(collector)
    try:
        sent = [shoe.draw() for _ in tokens]
        collector.wait_for(lambda ev: count(CardRead)(ev) + count(CutCard)(ev) == len(tokens))
    finally:
        shoe.stop()
    assert sent == tokens
    assert isinstance(collector.events[0], Connected)
    got = [e.token if isinstance(e, CardRead) else "CUT" for e in collector.events if isinstance(e, CardRead | CutCard)]
    assert got == tokens
    with pytest.raises(ShoeEmptyError):
        shoe.dealt = len(tokens)
        shoe.draw()


def test_simulated_misreads_keep_the_card_in_the_shoe(collector):
    shoe = SimulatedShoe(make_codec("lines"), tokens=["AS", "KD", "5C", "9H"], seed=1,
                         faults=SimFaults(misread_rate=0.5))
    shoe.start(collector)
    try:
        sent = []
        while shoe.remaining:
            sent.append(shoe.draw())
        collector.wait_for(lambda ev: count(CardRead)(ev) == 4)
    finally:
        shoe.stop()
    assert NOREAD in sent
    assert cards(collector.events) == ["AS", "KD", "5C", "9H"]
    misreads = [e for e in collector.events if isinstance(e, NoRead)]
    assert len(misreads) == sent.count(NOREAD) and all(e.reason == "no_read" for e in misreads)


def test_simulated_garbage_duplicate_and_foreign_card(collector):
    shoe = SimulatedShoe(make_codec("stx-etx"), tokens=["AS", "KD", "5C", "9H", "2S"], seed=4,
                         faults=SimFaults(garbage_rate=1.0, duplicate_at=1, foreign_at=3))
    shoe.start(collector)
    try:
        sent = [shoe.draw() for _ in range(6)]
        collector.wait_for(lambda ev: count(CardRead)(ev) == 7)
    finally:
        shoe.stop()
    # duplicate_at=1 sends KD twice; foreign_at=3 sends, before 9H, the kind dealt most so far
    # (all once: the highest token, KD); 9H stays in the shoe for the next draw
    assert sent == ["AS", "KD", "5C", "KD", "9H", "2S"]
    assert cards(collector.events) == ["AS", "KD", "KD", "5C", "KD", "9H", "2S"]
    assert count(Garbage)(collector.events) >= 6


def test_simulated_unplug_at_card_n_then_replug(collector):
    shoe = SimulatedShoe(make_codec("saopai"), tokens=["AS", "KD", "5C", "9H"],
                         faults=SimFaults(disconnect_at=2, replug_after=0.2), backoff_initial=0.05)
    shoe.start(collector)
    try:
        shoe.draw()
        shoe.draw()
        with pytest.raises(ShoeUnavailableError, match="unplugged at card 2"):
            shoe.draw()
        assert shoe.dealt == 2  # the card stays in the shoe
        collector.wait_for(count(ConnectionLost))
        draw_retrying(shoe)
        draw_retrying(shoe)
        collector.wait_for(lambda ev: count(CardRead)(ev) == 4)
    finally:
        shoe.stop()
    collector.drain()
    kinds = [type(e).__name__ for e in collector.events]
    assert kinds == ["Connected", "CardRead", "CardRead", "ConnectionLost", "Connected", "CardRead", "CardRead",
                     "ConnectionLost"]
    assert cards(collector.events) == ["AS", "KD", "5C", "9H"]
    assert collector.events[3].error and collector.events[-1].error is None


def test_pty_eof_is_connection_lost_and_partial_token_is_reported(collector):
    master, slave = os.openpty()
    import tty

    tty.setraw(slave)
    path = os.ttyname(slave)
    shoe = SerialShoe(path, make_codec("lines"), reconnect=False)
    shoe.start(collector)
    try:
        os.write(master, b"AS\r\nJ")
        collector.wait_for(count(CardRead))
        time.sleep(0.15)
        os.close(master)  # the far end goes away: EIO on the slave
        collector.wait_for(count(ConnectionLost))
    finally:
        os.close(slave)
        shoe.stop()
    assert not shoe.running
    lost = [e for e in collector.events if isinstance(e, ConnectionLost)]
    assert len(lost) == 1 and lost[0].error
    assert NoRead(b"J", "token_timeout") in collector.events


class ShoeServer:
    """A TCP shoe (as a serial-to-Ethernet adapter would be): accepts, sends, drops, accepts again."""

    def __init__(self) -> None:
        self.srv = socket.socket()
        self.srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.srv.bind(("127.0.0.1", 0))
        self.srv.listen(2)
        self.srv.settimeout(10)
        self.port = self.srv.getsockname()[1]
        self.opened = threading.Semaphore(0)

    def watching(self, sink):
        """``sink``, told to the server too: each ``Connected`` (the shoe's open complete) lets a session send."""
        def deliver(event) -> None:
            if isinstance(event, Connected):
                self.opened.release()
            sink(event)
        return deliver

    def session(self, payload: bytes, hold: float = 0.3) -> None:
        conn, _ = self.srv.accept()
        # pyserial discards what arrives before its open completes: the payload goes once the shoe said so
        if not self.opened.acquire(timeout=60):
            conn.close()
            return
        conn.sendall(payload)
        time.sleep(hold)
        conn.close()


def test_socket_shoe_reconnects_after_the_link_drops(collector):
    server = ShoeServer()
    thread = threading.Thread(target=lambda: (server.session(b"AS\r\nJ"), server.session(b"KD\r\n", hold=2)),
                              daemon=True)
    thread.start()
    shoe = open_shoe(f"serial:socket://127.0.0.1:{server.port}?codec=lines&backoff_initial=0.05")
    shoe.start(server.watching(collector))
    try:
        collector.wait_for(lambda ev: count(CardRead)(ev) == 2)
    finally:
        shoe.stop()
        server.srv.close()
    kinds = [type(e).__name__ for e in collector.events]
    assert kinds[:5] == ["Connected", "CardRead", "NoRead", "ConnectionLost", "Connected"]
    assert cards(collector.events) == ["AS", "KD"]


def test_reconnect_gives_up_after_its_bound(collector):
    server = ShoeServer()
    thread = threading.Thread(target=server.session, args=(b"AS\r\n",), daemon=True)
    thread.start()
    shoe = open_shoe(f"serial:socket://127.0.0.1:{server.port}?backoff_initial=0.05&backoff_max=0.1"
                     f"&reconnect_timeout=0.4")
    shoe.start(server.watching(collector))
    thread.join(5)
    server.srv.close()  # nothing listens any more
    try:
        collector.wait_for(lambda ev: count(ConnectionLost)(ev) == 2)
        deadline = time.monotonic() + 60   # generous: it fails only if the reader never gives up
        while shoe.running and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        shoe.stop()
    assert not shoe.running
    assert "gave up reconnecting" in collector.events[-1].error


def test_sink_failure_does_not_stop_the_reader():
    got = []

    def sink(event):
        got.append(event)
        if isinstance(event, CardRead) and event.token == "AS":
            raise RuntimeError("controller hiccup")

    shoe = SimulatedShoe(make_codec("lines"), tokens=["AS", "KD"])
    shoe.start(sink)
    try:
        shoe.draw()
        shoe.draw()
        deadline = time.monotonic() + 60   # generous: it fails only if the cards never come
        while len(cards(got)) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        shoe.stop()
    assert cards(got) == ["AS", "KD"]


def test_serial_start_up_errors_are_told_apart(tmp_path):
    with pytest.raises(ShoeNotConnectedError, match="plugged in"):
        open_shoe("serial:/dev/ttyNONE7?codec=lines").start(lambda e: None)
    with pytest.raises(ShoeNotConnectedError, match="no serial port with USB id"):
        SerialShoe("", make_codec("lines"), match="ffff:0001").start(lambda e: None)
    if os.geteuid() != 0:  # root opens anything; the check needs an ordinary user
        locked = tmp_path / "ttyLOCKED"
        locked.write_text("")
        locked.chmod(0)
        with pytest.raises(ShoePermissionError, match="dialout"):
            SerialShoe(str(locked), make_codec("lines")).start(lambda e: None)


def test_serial_permission_error_is_classified(monkeypatch):
    import serial

    def refuse(self):
        raise serial.SerialException(errno.EACCES, "could not open port /dev/ttyUSB0: [Errno 13] Permission denied")

    monkeypatch.setattr(serial.Serial, "open", refuse)
    with pytest.raises(ShoePermissionError, match="udev"):
        SerialShoe("/dev/ttyUSB0", make_codec("lines")).start(lambda e: None)


def test_usb_libusb_missing_is_told_apart(monkeypatch):
    import libusb_package
    import usb.backend.libusb1

    monkeypatch.setattr(libusb_package, "get_libusb1_backend", lambda: None)
    monkeypatch.setattr(usb.backend.libusb1, "get_backend", lambda *a, **k: None)
    with pytest.raises(LibusbMissingError, match="libusb-package"):
        open_shoe("usb:0c2e:0b61").start(lambda e: None)


def test_usb_permission_denied_points_to_the_udev_rules(monkeypatch):
    """libusb reports EACCES when the device node is not readable; a stand-in device raises it
    (running as root, the real node cannot be made unreadable)."""
    import usb.core

    class Locked:
        idVendor, idProduct = 0x0C2E, 0x0B61

        def is_kernel_driver_active(self, interface):
            raise usb.core.USBError("Access denied (insufficient permissions)", errno=errno.EACCES)

    monkeypatch.setattr(usb.core, "find", lambda **kw: iter([Locked()]) if kw.get("find_all") else Locked())
    monkeypatch.setattr("usb.util.dispose_resources", lambda dev: None)
    with pytest.raises(ShoePermissionError) as info:
        open_shoe("usb:0c2e:0b61").start(lambda e: None)
    assert "60-dealer-station-shoes.rules" in str(info.value) and "udevadm" in str(info.value)
    assert isinstance(info.value, PermissionError)


def test_usb_open_that_fails_after_detaching_gives_the_keyboard_driver_back(monkeypatch):
    """A shoe held by another program: the kernel driver this open detached is attached again."""
    import usb.core

    from drivers.errors import ShoeBusyError

    class Held:
        idVendor, idProduct = 0x0C2E, 0x0B61
        attached = True

        def is_kernel_driver_active(self, interface):
            return self.attached

        def detach_kernel_driver(self, interface):
            self.attached = False

        def attach_kernel_driver(self, interface):
            self.attached = True

        def set_configuration(self):
            return None

    def busy(dev, interface):
        raise usb.core.USBError("Resource busy", errno=errno.EBUSY)

    device = Held()
    monkeypatch.setattr(usb.core, "find", lambda **kw: iter([device]) if kw.get("find_all") else device)
    monkeypatch.setattr("usb.util.claim_interface", busy)
    monkeypatch.setattr("usb.util.dispose_resources", lambda dev: None)
    with pytest.raises(ShoeBusyError, match="held by another"):
        open_shoe("usb:0c2e:0b61").start(lambda e: None)
    assert device.attached


def test_usb_bus_that_cannot_be_listed_is_not_connected(monkeypatch):
    import usb.core

    def fail(**kw):
        raise usb.core.USBError("Input/Output Error", errno=errno.EIO)

    monkeypatch.setattr(usb.core, "find", fail)
    with pytest.raises(ShoeNotConnectedError, match="cannot list the USB devices"):
        open_shoe("usb:0c2e:0b61").start(lambda e: None)


def test_usb_not_connected_without_any_device():
    with pytest.raises(ShoeNotConnectedError, match="is not connected"):
        open_shoe("usb:0c2e:0b61").start(lambda e: None)


def test_started_twice_is_refused():
    shoe = SimulatedShoe(make_codec("lines"), tokens=["AS"])
    shoe.start(lambda e: None)
    try:
        with pytest.raises(Exception, match="already started"):
            shoe.start(lambda e: None)
    finally:
        shoe.stop()


def test_an_idle_serial_reader_waits_in_its_reads_and_does_not_spin():
    """With nothing on the line each read waits for a byte: every read the reader makes asks pyserial for at least
    one byte with the port's ``read_timeout`` (0.1 s) as its timeout (a blocking read, never a poll with timeout 0
    or None-size), and comes back empty. What each read asked is recorded, not how long it took."""
    asked: list[tuple[float | None, int, bytes]] = []

    class Counted(SimulatedShoe):
        def _read(self):
            ser = self._ser
            real_read = ser.read

            def read(size=1):
                data = real_read(size)
                asked.append((ser.timeout, size, bytes(data)))
                return data

            ser.read = read
            try:
                return super()._read()
            finally:
                ser.read = real_read

    def wait_for_reads(n: int) -> None:
        deadline = time.monotonic() + 60   # generous: it only fails if the reads never come
        while len(asked) < n and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(asked) >= n

    shoe = Counted(make_codec("lines"))
    shoe.start(lambda e: None)
    try:
        wait_for_reads(8)
    finally:
        shoe.stop()
    assert shoe.read_timeout > 0
    assert all(timeout == shoe.read_timeout and size >= 1 for timeout, size, _ in asked), asked
    assert all(data == b"" for _, _, data in asked)


def wait_finished(shoe, idle=0.3, timeout=10.0):
    deadline = time.monotonic() + timeout
    while not (shoe.finished and shoe.idle_seconds() >= idle) and time.monotonic() < deadline:
        time.sleep(0.02)


def test_replay_of_a_tty_script_judges_token_timeouts_on_recorded_time(collector):
    from drivers.replay import ReplayShoe

    root = os.path.join(os.path.dirname(__file__), "..", "..", "hw_fixtures", "serial")
    shoe = open_shoe(f"replay:{root}/timeout-lines.script?codec=lines&speed=0")
    assert isinstance(shoe, ReplayShoe)
    waits_before_the_end = []

    class Waits(threading.Event):
        """The shoe's stop event, writing down each wait that comes before the last recorded chunk."""

        def wait(self, timeout=None):
            if not shoe.finished:
                waits_before_the_end.append(timeout)
            return super().wait(timeout)

    shoe._stop = Waits()
    shoe.start(collector)
    wait_finished(shoe)
    shoe.stop()
    collector.drain()
    assert shoe.finished and waits_before_the_end == []  # the script spans 2 s of recorded time; speed 0 waits none
    frames = [e for e in collector.events if isinstance(e, CardRead | NoRead)]
    assert frames == [CardRead("AS", b"AS"), NoRead(b"JD", "token_timeout"), CardRead("3H", b"3H")]


def test_a_replay_stopped_while_reading_ends_with_a_clean_close(collector):
    from drivers.replay import ReplayShoe

    class StopDuringRead(ReplayShoe):
        def _read(self):
            self._stop.set()  # stop() comes between the reader's loop check and its read
            return super()._read()

    root = os.path.join(os.path.dirname(__file__), "..", "..", "hw_fixtures", "serial")
    shoe = StopDuringRead(f"{root}/timeout-lines.script", make_codec("lines"))
    shoe.start(collector)
    shoe.stop()
    lost = [e for e in collector.drain() if isinstance(e, ConnectionLost)]
    assert lost == [ConnectionLost(None)]  # a stop, not a device loss


def test_replay_of_a_recorded_session_takes_its_codec_from_the_header(tmp_path, collector):
    from drivers.profiles import load_profile
    from drivers.sessions import SessionRecorder

    path = tmp_path / "s.jsonl"
    codec = make_codec("stx-etx")
    with SessionRecorder(path, load_profile("sim?codec=stx-etx").to_header(), clock=lambda: 0.0) as rec:
        for i, token in enumerate(["AS", "KD", "CUT"]):
            rec(0.1 * i, codec.encode(token))
    shoe = open_shoe(f"replay:{path}?speed=1")
    assert shoe.codec.name == "stx-etx"
    shoe.start(collector)
    wait_finished(shoe)
    shoe.stop()
    collector.drain()
    assert cards(collector.events) == ["AS", "KD"] and count(CutCard)(collector.events) == 1
    with pytest.raises(ShoeNotConnectedError):
        open_shoe(f"replay:{tmp_path}/missing.jsonl?codec=lines").start(lambda e: None)


# -- a failing transport or codec is a reported loss, never a silent stop ----------------------------------
class ScriptedShoe(ShoeSource):
    """A transport whose reads and opens follow a script: bytes, or an exception to raise."""

    def __init__(self, codec, reads, opens=(), **kwargs):
        kwargs.setdefault("read_timeout", 0.01)
        super().__init__(codec, **kwargs)
        self.reads, self.opens, self.open_count = list(reads), list(opens), 0

    def _open(self):
        self.open_count += 1
        if self.open_count > 1 and self.opens:
            step = self.opens.pop(0)
            if isinstance(step, Exception):
                raise step

    def _read(self):
        if not self.reads:
            self._stop.wait(self.read_timeout)
            return b""
        step = self.reads.pop(0)
        if isinstance(step, Exception):
            raise step
        return step

    def _close(self):
        return None


def run_until(shoe, collector, done):
    shoe.start(collector)
    try:
        collector.wait_for(done)
    finally:
        shoe.stop()
    return collector.drain(0.1)  # the reader has ended: what it sent last is queued


def test_a_transport_bug_is_a_connection_lost_with_the_partial_token(collector):
    shoe = ScriptedShoe(make_codec("lines"), [b"AS\r\nK", RuntimeError("driver bug")], reconnect=False)
    events = run_until(shoe, collector, lambda ev: any(isinstance(e, ConnectionLost) for e in ev))
    assert [type(e).__name__ for e in events] == ["Connected", "CardRead", "NoRead", "ConnectionLost"]
    assert events[2] == NoRead(b"K", "token_timeout")
    assert "reader failed: RuntimeError: driver bug" in events[3].error
    assert not shoe.running


def test_a_failing_codec_still_ends_in_connection_lost(collector):
    class BrokenCodec(type(make_codec("lines"))):
        def _feed(self, data):
            raise ValueError("codec bug")

        def _pending_frame(self):
            raise ValueError("codec bug on flush")

    shoe = ScriptedShoe(BrokenCodec(), [b"AS\r\n"], reconnect=False)
    events = run_until(shoe, collector, lambda ev: any(isinstance(e, ConnectionLost) for e in ev))
    assert [type(e).__name__ for e in events] == ["Connected", "ConnectionLost"]
    assert "codec bug" in events[1].error


def test_frames_due_before_a_failing_read_are_delivered(collector):
    class FailingFeed(type(make_codec("lines"))):
        def _feed(self, data):
            if data == b"boom":
                raise ValueError("codec bug")
            return super()._feed(data)

    class OneSecondPerRead(ScriptedShoe):
        t = 0.0

        def _clock(self):  # "boom" arrives when the pending "JD" is due as a token timeout
            self.t += 1.0
            return self.t

    shoe = OneSecondPerRead(FailingFeed(token_timeout=1.0), [b"JD", b"boom"], reconnect=False)
    events = run_until(shoe, collector, lambda ev: any(isinstance(e, ConnectionLost) for e in ev))
    assert NoRead(b"JD", "token_timeout") in events
    assert isinstance(events[-1], ConnectionLost) and "codec bug" in events[-1].error


def test_an_unexpected_error_while_reconnecting_is_one_more_attempt(collector):
    from drivers.errors import ShoeDisconnectedError

    shoe = ScriptedShoe(make_codec("lines"), [b"AS\r\n", ShoeDisconnectedError("unplugged"), b"KD\r\n"],
                        opens=[OSError(errno.EIO, "enumeration failed"), None], backoff_initial=0.01)
    events = run_until(shoe, collector, lambda ev: cards(ev) == ["AS", "KD"])
    kinds = [type(e).__name__ for e in events]
    assert kinds == ["Connected", "CardRead", "ConnectionLost", "Connected", "CardRead", "ConnectionLost"]
    assert shoe.open_count == 3
    assert events[-1].error is None
