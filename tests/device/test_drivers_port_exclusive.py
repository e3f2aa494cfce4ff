"""The shoe's port is the station's alone: the kernel refuses a second reader (TIOCEXCL), a process that
had the port open before start is named (ShoePortBusyError), and a long read_timeout never makes stop()
fail. Through the real pyserial on a pty (os.openpty), its slave path as the port."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import tty
from pathlib import Path

import pytest

from drivers.codecs import make_codec
from drivers.errors import ShoeBusyError, ShoePortBusyError, ShoeUnavailableError
from drivers.frames import CardRead, Connected, ConnectionLost
from drivers.serial_shoe import SerialShoe, port_holders
from drivers.source import STOP_MARGIN, ShoeSource

ROOT = Path(__file__).resolve().parents[2]

_OPEN_AS_NOBODY = """
import errno, os, sys
if sys.argv[2] == "drop":
    os.setgroups([])
    os.setgid(65534)
    os.setuid(65534)  # nobody: no CAP_SYS_ADMIN, which would open an exclusive tty anyway
try:
    fd = os.open(sys.argv[1], os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
except OSError as err:
    print(errno.errorcode.get(err.errno, err.errno))
else:
    print("opened")
    os.close(fd)
"""


@pytest.fixture
def pty_port():
    """A pty pair: ``(master fd, slave path)``; the slave is raw and open to everyone (mode 0666), so only
    the kernel's exclusive flag can refuse another user."""
    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    os.chmod(path, 0o666)
    yield master, path
    for fd in (master, slave):
        try:
            os.close(fd)
        except OSError:
            pass


def _open_as(path: str, who: str) -> str:
    done = subprocess.run([sys.executable, "-c", _OPEN_AS_NOBODY, path, who], capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_second_unprivileged_reader_is_refused_while_the_station_holds_the_port(pty_port, collector):
    if os.geteuid() != 0:
        pytest.skip("needs root: the second reader drops to uid 65534 (nobody) before it opens the port")
    master, path = pty_port
    assert _open_as(path, "drop") == "opened"  # nobody may open it: the mode does not refuse
    shoe = SerialShoe(path, make_codec("lines"), reconnect=False)
    shoe.start(collector)
    try:
        assert _open_as(path, "drop") == "EBUSY"  # the kernel refuses: TIOCEXCL, not an advisory flock
        os.write(master, b"AS\r\n")
        collector.wait_for(lambda ev: any(isinstance(e, CardRead) for e in ev))
    finally:
        shoe.stop()
    assert [e.token for e in collector.events if isinstance(e, CardRead)] == ["AS"]
    assert _open_as(path, "drop") == "opened"  # released at close (TIOCNXCL)


def test_a_process_holding_the_port_before_start_makes_start_raise_naming_it(pty_port):
    _master, path = pty_port
    holder = subprocess.Popen([sys.executable, "-c", "import os, sys, time\n"
                               "fd = os.open(sys.argv[1], os.O_RDONLY | os.O_NOCTTY)\nprint('ready', flush=True)\n"
                               "time.sleep(60)\n", path], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "ready"
        assert port_holders(path) == [(holder.pid, Path(sys.executable).name[:15])]
        shoe = SerialShoe(path, make_codec("lines"), reconnect=False)
        with pytest.raises(ShoePortBusyError) as caught:
            shoe.start(lambda event: None)
        err = caught.value
        assert isinstance(err, ShoeBusyError) and isinstance(err, ShoeUnavailableError)
        assert err.port == path and [pid for pid, _ in err.holders] == [holder.pid]
        assert f"pid {holder.pid} (" in str(err) and path in str(err)
        assert not shoe.running and not shoe.connected
        # the refused open left the port as it was: once the holder is gone, the station opens it
        holder.kill()
        holder.wait(10)
        again = SerialShoe(path, make_codec("lines"), reconnect=False)
        again.start(lambda event: None)
        again.stop()
    finally:
        holder.kill()
        holder.wait(10)


def test_a_station_that_waits_for_a_busy_port_is_told_who_holds_it_and_reads_once_it_is_free(pty_port, collector):
    """``start(wait_while_busy=True)``: the holder is named in a ConnectionLost (the station pauses on it), the
    reader keeps trying with the back-off, and the shoe is the station's, cards read, once the holder is gone."""
    master, path = pty_port
    holder = subprocess.Popen([sys.executable, "-c", "import os, sys, time\n"
                               "fd = os.open(sys.argv[1], os.O_RDONLY | os.O_NOCTTY)\nprint('ready', flush=True)\n"
                               "time.sleep(60)\n", path], stdout=subprocess.PIPE, text=True)
    shoe = SerialShoe(path, make_codec("lines"), reconnect=True, backoff_initial=0.05, backoff_max=0.2)
    try:
        assert holder.stdout.readline().strip() == "ready"
        shoe.start(collector, wait_while_busy=True)
        lost = collector.wait_for(lambda ev: any(isinstance(e, ConnectionLost) for e in ev))
        first = next(e for e in lost if isinstance(e, ConnectionLost))
        assert f"pid {holder.pid} (" in first.error and path in first.error
        assert shoe.running and not shoe.connected
        time.sleep(0.5)   # several attempts while it is held: none takes the port, none gives up
        assert shoe.running and not shoe.connected
        assert not any(isinstance(e, Connected) for e in collector.events)
        holder.kill()
        holder.wait(10)
        collector.wait_for(lambda ev: any(isinstance(e, Connected) for e in ev))
        os.write(master, b"KD\r\n")
        collector.wait_for(lambda ev: any(isinstance(e, CardRead) for e in ev))
        assert [e.token for e in collector.events if isinstance(e, CardRead)] == ["KD"]
    finally:
        holder.kill()
        holder.wait(10)
        shoe.stop()


def test_a_station_waiting_for_a_busy_port_stops_at_once(pty_port, collector):
    _master, path = pty_port
    holder = subprocess.Popen(["sleep", "60"], stdin=os.open(path, os.O_RDONLY | os.O_NOCTTY))
    try:
        shoe = SerialShoe(path, make_codec("lines"), reconnect=False, backoff_initial=5, backoff_max=5)
        shoe.start(collector, wait_while_busy=True)
        collector.wait_for(lambda ev: any(isinstance(e, ConnectionLost) for e in ev))
        shoe.stop()   # raises ShoeTimeoutError if the wait for the port held the reader thread
        assert not shoe.running
    finally:
        holder.kill()
        holder.wait(10)


def test_run_on_a_port_another_process_holds_records_the_holder_and_waits_for_the_port(tmp_path):
    """No start-up failure: ``run`` records the shoe's loss naming the holder (an open round would pause on it,
    ``shoe_disconnected``), keeps opening the port, and has the shoe once the holder is gone; a stop is exit 0."""
    import signal
    import sqlite3

    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    os.close(slave)   # this process keeps only the master: the holder is the one other program
    held = os.open(path, os.O_RDONLY | os.O_NOCTTY)
    holder = subprocess.Popen(["sleep", "60"], stdin=held)
    os.close(held)
    db = tmp_path / "j.sqlite"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    station = subprocess.Popen([sys.executable, "-m", "dealer_station", "run", "--headless", "--log-level", "ERROR",
                                "--dealer", "auto", "--shoe", f"serial:{path}?codec=lines&backoff_initial=0.05"
                                "&backoff_max=0.2", "--journal", str(db)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)

    def links() -> list[dict]:
        try:
            with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
                rows = [json.loads(b) for (b,) in conn.execute("SELECT body FROM journal WHERE kind = 'decision'")]
        except sqlite3.Error:
            return []
        return [data for row in rows for kind, data in row["outputs"] if kind == "connection"]

    def wait_for(predicate, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert station.poll() is None, station.communicate()[1]
            if predicate():
                return
            time.sleep(0.05)
        raise AssertionError(f"not within {timeout} s: {links()}")

    try:
        wait_for(lambda: any(not link["connected"] for link in links()))
        lost = next(link for link in links() if not link["connected"])
        assert f"pid {holder.pid} (sleep)" in lost["detail"] and path in lost["detail"]
        assert not any(link["connected"] for link in links())
        holder.kill()
        holder.wait(10)
        wait_for(lambda: any(link["connected"] for link in links()))
        station.send_signal(signal.SIGTERM)
        _out, err = station.communicate(timeout=30)
        assert station.returncode == 0, err
    finally:
        holder.kill()
        holder.wait(10)
        if station.poll() is None:
            station.kill()
            station.wait(10)
        os.close(master)


def test_the_holder_scan_skips_this_process_and_says_when_it_cannot_look(pty_port, tmp_path):
    _master, path = pty_port  # this process holds the slave: not another holder
    assert port_holders(path) == []
    assert port_holders(path, proc=str(tmp_path)) is None  # no /proc (not Linux): cannot tell
    assert port_holders(str(tmp_path)) == []  # not a character device


def test_a_read_timeout_longer_than_the_stop_timeout_stops_cleanly(pty_port, collector, monkeypatch):
    """stop() cancels the blocked read: here the port's reads never time out (pyserial ``timeout=None``), so
    only the cancel can end the read within stop's wait (else ShoeTimeoutError), not the read's own timeout."""
    import drivers.serial_shoe as serial_shoe

    opened = []

    def never_timing_out(*args, **kwargs):
        kwargs["timeout"] = None
        opened.append(real(*args, **kwargs))
        return opened[-1]

    real = serial_shoe.serial.serial_for_url
    monkeypatch.setattr(serial_shoe.serial, "serial_for_url", never_timing_out)
    master, path = pty_port
    shoe = SerialShoe(path, make_codec("lines"), read_timeout=5, reconnect=False)
    shoe.start(collector)
    os.write(master, b"KD\r\n")
    collector.wait_for(lambda ev: any(isinstance(e, CardRead) for e in ev))
    assert opened and opened[0].timeout is None   # the reader now waits in a read that only a cancel ends
    shoe.stop(timeout=1)  # raised ShoeTimeoutError before: the read outlasted the wait
    assert not shoe.running
    collector.wait_for(lambda ev: any(isinstance(e, ConnectionLost) for e in ev))
    assert collector.events[-1] == ConnectionLost(None)  # a clean close


class _SlowReads(ShoeSource):
    """A transport whose reads cannot be cancelled: each blocks the whole read_timeout."""

    def _open(self) -> None:
        pass

    def _read(self) -> bytes:
        time.sleep(self.read_timeout)
        return b""

    def _close(self) -> None:
        pass


def test_without_a_cancellable_read_the_stop_wait_is_derived_from_the_read_timeout(collector):
    shoe = _SlowReads(make_codec("lines"), read_timeout=1.5, reconnect=False)
    assert shoe.stop_timeout == 1.5 + STOP_MARGIN
    shoe.start(collector)
    time.sleep(0.1)
    shoe.stop(timeout=0.2)  # the caller's wait is shorter than one read: never less than stop_timeout
    assert not shoe.running
    collector.wait_for(lambda ev: any(isinstance(e, ConnectionLost) for e in ev))
    assert collector.events[-1] == ConnectionLost(None)


def test_the_udev_rules_tell_modemmanager_to_keep_off_every_serial_shoe():
    rules = (ROOT / "config" / "udev" / "60-dealer-station-shoes.rules").read_text()
    tty_lines = [line for line in rules.splitlines() if line.startswith('SUBSYSTEM=="tty"')]
    assert len(tty_lines) >= 3
    for line in tty_lines:
        assert 'ENV{ID_MM_DEVICE_IGNORE}="1"' in line, line
        vid = line.split('ATTRS{idVendor}=="')[1][:4]
        pid = line.split('ATTRS{idProduct}=="')[1][:4]
        device = [rule for rule in rules.splitlines() if rule.startswith('SUBSYSTEM=="usb"')
                  and f'ATTR{{idVendor}}=="{vid}"' in rule and f'ATTR{{idProduct}}=="{pid}"' in rule]
        assert device and all('ENV{ID_MM_DEVICE_IGNORE}="1"' in rule for rule in device), (vid, pid)
