"""Serial shoes through pyserial: device paths, ``socket://``, ``rfc2217://`` and any pyserial URL.

The port is the station's alone (``exclusive``, default true): another program reading the tty (a
``cat``, ModemManager probing a new USB-serial adapter) would take cards out of the stream. So a
device port is (1) locked with pyserial's ``exclusive=True`` (an advisory ``flock``, which only
programs that also ask for it respect), (2) made exclusive at the kernel with ``TIOCEXCL`` right after
the open, so every later ``open()`` by a process without ``CAP_SYS_ADMIN`` fails with ``EBUSY``
(released with ``TIOCNXCL`` on close), and (3) checked for processes that had it open before:
:func:`port_holders` scans ``/proc/*/fd`` (Linux) for the same device number, and any other holder
makes the open fail with :class:`~drivers.errors.ShoePortBusyError` naming its pid and program.
Without ``/proc`` (not Linux) the check is skipped and (1) and (2) remain; without root only the
station user's own processes can be seen (ModemManager runs as root: the udev rules tell it to keep
off shoes, ``ENV{ID_MM_DEVICE_IGNORE}="1"``). Reads block at most ``read_timeout`` seconds; ``stop()``
cancels a read in progress (pyserial's ``cancel_read``). Device loss is a
``SerialException``/``OSError`` on read (EOF, EIO) or, while idle, the device node vanishing;
after it the reader reopens the shoe by a **stable identity**: the ``/dev/serial/by-id/...``
link of the port when one exists, or ``match="VID:PID[:SERIAL]"`` looked up among the
system's ports (the ``ttyUSBn`` number may change on replugging).

Note: pyserial discards input that arrived before the port was opened.
"""

from __future__ import annotations

import errno
import fcntl
import glob
import os
import stat
import termios
import threading

import serial
import serial.tools.list_ports
import structlog

from drivers.codecs import Codec
from drivers.errors import (
    ShoeBusyError,
    ShoeConfigError,
    ShoeDisconnectedError,
    ShoeNotConnectedError,
    ShoePermissionError,
    ShoePortBusyError,
)
from drivers.source import ShoeSource

__all__ = ["SerialShoe", "find_port_by_id", "port_holders", "stable_path"]

log = structlog.get_logger(__name__)

_PARITIES = {"N": serial.PARITY_NONE, "E": serial.PARITY_EVEN, "O": serial.PARITY_ODD, "M": serial.PARITY_MARK,
             "S": serial.PARITY_SPACE}


def stable_path(port: str) -> str:
    """The ``/dev/serial/by-id/…`` link that points to ``port`` now, or ``port`` itself."""
    if "://" in port or not port.startswith("/dev/"):
        return port
    real = os.path.realpath(port)
    for link in sorted(glob.glob("/dev/serial/by-id/*")):
        if os.path.realpath(link) == real:
            return link
    return port


def port_holders(path: str, *, proc: str = "/proc") -> list[tuple[int, str]] | None:
    """Other processes that have the character device ``path`` open, as ``(pid, program)``, by pid.

    Linux: every ``/proc/PID/fd/N`` link that names a ``/dev`` node is compared by device number
    (``st_rdev``) with ``path``, so another name of the same tty (a ``/dev/serial/by-id`` link, the
    ``ttyUSBn`` node) is found too. This process is skipped. A process whose ``fd`` directory cannot be
    read (another user's, without root) is not seen.

    Returns
    -------
    list of (int, str) or None
        The holders (``program`` from ``/proc/PID/comm``, ``"?"`` when unknown); empty when none is
        seen or ``path`` is not a character device; None when there is no ``/proc`` to look in.
    """
    try:
        mode = os.stat(path)
    except OSError:
        return []
    if not stat.S_ISCHR(mode.st_mode):
        return []
    if not os.path.isdir(os.path.join(proc, "self", "fd")):
        return None
    me = os.getpid()
    found: list[tuple[int, str]] = []
    try:
        entries = [e.name for e in os.scandir(proc) if e.name.isdigit()]
    except OSError:
        return None
    for name in entries:
        pid = int(name)
        if pid == me:
            continue
        fd_dir = os.path.join(proc, name, "fd")
        try:
            fds = os.listdir(fd_dir)
        except OSError:  # gone meanwhile, or another user's process
            continue
        for fd in fds:
            link = os.path.join(fd_dir, fd)
            try:
                if not os.readlink(link).startswith("/dev/"):
                    continue  # a file, socket or pipe: never stat what may hang (a network file system)
                other = os.stat(link)
            except OSError:
                continue
            if stat.S_ISCHR(other.st_mode) and other.st_rdev == mode.st_rdev:
                found.append((pid, _program(proc, name)))
                break
    return sorted(found)


def _program(proc: str, pid: str) -> str:
    try:
        with open(os.path.join(proc, pid, "comm"), encoding="utf-8", errors="replace") as f:
            return f.read().strip() or "?"
    except OSError:
        return "?"


def _busy(target: str, holders: list[tuple[int, str]] | None, err: BaseException | None = None) -> ShoeBusyError:
    """The start-up error for a port another process has open: named when the holder can be seen."""
    if holders:
        named = ", ".join(f"pid {pid} ({program})" for pid, program in holders)
        return ShoePortBusyError(f"{target} is open in another program: {named}; it would take cards out of the "
                                 f"shoe's stream: stop it and retry (ModemManager: install "
                                 f"config/udev/60-dealer-station-shoes.rules, docs/drivers.md)",
                                 port=target, holders=tuple(holders))
    why = f" ({err})" if err is not None else ""
    return ShoePortBusyError(f"{target} is in use by another program{why}: close it and retry (find it with "
                             f"`fuser -v {target}` as root)", port=target)


def find_port_by_id(match: str) -> str | None:
    """Device path of the serial port whose USB ``VID:PID[:SERIAL]`` is ``match`` (hex ids), or None.

    Raises ShoeConfigError when ``match`` is not of that form.
    """
    parts = match.split(":")
    if len(parts) not in (2, 3):
        raise ShoeConfigError(f"match={match!r} must be VID:PID or VID:PID:SERIAL in hex, e.g. 0403:6001:A9XYZ")
    try:
        vid, pid = int(parts[0], 16), int(parts[1], 16)
    except ValueError as err:
        raise ShoeConfigError(f"match={match!r}: VID and PID are hex numbers, e.g. 0403:6001") from err
    want_serial = parts[2] if len(parts) == 3 else None
    for info in serial.tools.list_ports.comports():
        if info.vid == vid and info.pid == pid and (want_serial is None or info.serial_number == want_serial):
            return info.device
    return None


class SerialShoe(ShoeSource):
    """A shoe on a serial port.

    Parameters
    ----------
    port : str
        Device path (``/dev/ttyUSB0``, ``/dev/serial/by-id/...``) or pyserial URL
        (``socket://host:port``, ``rfc2217://host:port``, ``loop://``).
    codec : Codec
        Wire format decoder.
    baudrate, bytesize, parity, stopbits :
        Line settings, default 9600 8N1. ``parity`` one of ``N E O M S``.
    match : str, optional
        ``VID:PID[:SERIAL]`` of a USB serial adapter: the port is looked up by it at every open.
    exclusive : bool
        Lock the port against other programs (default True).
    on_open : bytes
        Written to the shoe after every open (a scanner's enable or trigger command); default none.
    **kwargs :
        Reader options of :class:`ShoeSource` (``read_timeout``, ``reconnect``, backoff...).

    Raises
    ------
    ShoeConfigError
        Bad line settings.
    """

    def __init__(self, port: str, codec: Codec, *, baudrate: int = 9600, bytesize: int = 8, parity: str = "N",
                 stopbits: float = 1, match: str | None = None, exclusive: bool = True, on_open: bytes = b"", **kwargs):
        super().__init__(codec, **kwargs)
        if parity.upper() not in _PARITIES:
            raise ShoeConfigError(f"parity={parity!r}: use one of N, E, O, M, S")
        if bytesize not in (5, 6, 7, 8):
            raise ShoeConfigError(f"bytesize={bytesize!r}: use 5, 6, 7 or 8")
        if stopbits not in (1, 1.5, 2):
            raise ShoeConfigError(f"stopbits={stopbits!r}: use 1, 1.5 or 2")
        if not (isinstance(baudrate, int) and 50 <= baudrate <= 4_000_000):
            raise ShoeConfigError(f"baudrate={baudrate!r}: use a number of bits per second such as 9600")
        if not port and not match:
            raise ShoeConfigError("a serial shoe needs port=/dev/ttyUSB0 (or a pyserial URL) or match=VID:PID")
        self.port = port
        self.match = match
        self.settings = {"baudrate": baudrate, "bytesize": bytesize, "parity": _PARITIES[parity.upper()],
                         "stopbits": stopbits}
        self.exclusive = exclusive
        self.on_open = bytes(on_open)
        self._identity: str | None = None  # the stable path found at the first open
        self._found: str | None = None  # the port found by ``match`` at the last open
        self._ser: serial.SerialBase | None = None
        self._inq_ok = True
        self._excl_fd: int | None = None  # the fd made exclusive with TIOCEXCL, released at close
        self._io_lock = threading.Lock()  # stop()'s cancel_read never meets a close of the same port

    @property
    def description(self) -> str:  # noqa: D102
        if self.match:
            return f"{self._found} (USB {self.match})" if self._found else f"serial port USB {self.match}"
        return self._identity or self.port

    def _target(self) -> str:
        if self.match:
            found = find_port_by_id(self.match)
            if found is None:
                raise ShoeNotConnectedError(f"no serial port with USB id {self.match} is connected: plug the shoe "
                                            f"in, or check match= in the profile (see `python -m serial.tools."
                                            f"list_ports -v`)")
            self._found = found
            return found
        if self._identity is None:
            self._identity = stable_path(self.port)
        return self._identity

    def _open(self) -> None:
        target = self._target()
        try:
            ser = serial.serial_for_url(target, do_not_open=True, timeout=self.read_timeout,
                                        exclusive=self.exclusive, **self.settings)
            ser.open()
        except serial.SerialException as err:
            code = getattr(err, "errno", None)
            text = str(err)
            if code == errno.EACCES or "Permission denied" in text:
                raise ShoePermissionError(f"no permission to open {target}: add your user to the 'dialout' group "
                                          f"(sudo usermod -aG dialout $USER, then log in again) or install "
                                          f"config/udev/60-dealer-station-shoes.rules (docs/drivers.md)") from err
            if code == errno.EBUSY or "exclusively lock" in text or "Resource busy" in text:
                raise _busy(target, port_holders(target), err) from err
            # pyserial's text repeats the port and the errno ("could not open port X: [Errno 2] ..."): say it once
            reason = os.strerror(code) if isinstance(code, int) and code > 0 else text
            raise ShoeNotConnectedError(f"cannot open shoe port {target}: {reason}; is the shoe plugged in and "
                                        f"the port right?") from err
        except (ValueError, OSError) as err:
            if isinstance(err, OSError) and err.errno == errno.EACCES:
                raise ShoePermissionError(f"no permission to open {target}: see docs/drivers.md (udev rules, "
                                          f"dialout group)") from err
            if isinstance(err, OSError):
                raise ShoeNotConnectedError(f"cannot open shoe port {target}: {err}") from err
            raise ShoeConfigError(f"cannot open {target} with these settings: {err}") from err
        if self.exclusive:
            self._make_exclusive(ser, target)
        if self.on_open:
            try:
                ser.write(self.on_open)
            except (serial.SerialException, OSError) as err:
                self._release(ser)
                raise ShoeNotConnectedError(f"cannot write the on_open bytes to {target}: {err}") from err
        self._ser = ser
        self._inq_ok = True
        log.info("shoe_port_open", port=target, **{k: str(v) for k, v in self.settings.items()})

    def _make_exclusive(self, ser, target: str) -> None:
        """TIOCEXCL on the open port, then refuse it if another process had it open already.

        Raises ShoePortBusyError naming the other process(es); the port is closed again then.
        """
        fd = getattr(ser, "fd", None)
        if not isinstance(fd, int) or not target.startswith("/"):
            return  # a pyserial URL (socket://, rfc2217://, loop://): no tty of ours to lock
        try:
            fcntl.ioctl(fd, termios.TIOCEXCL)
            self._excl_fd = fd
        except OSError as err:  # not a tty (an emulated port): the flock still holds
            log.warning("shoe_port_not_exclusive", port=target, error=str(err))
        holders = port_holders(target)
        if holders is None:
            log.info("shoe_port_holders_unknown", port=target, why="no /proc: only the lock and TIOCEXCL hold")
        elif holders:
            self._release(ser)
            raise _busy(target, holders)

    def _release(self, ser) -> None:
        """TIOCNXCL (when set) and close ``ser``; never raises."""
        fd, self._excl_fd = self._excl_fd, None
        if fd is not None and getattr(ser, "fd", None) == fd:
            try:
                fcntl.ioctl(fd, termios.TIOCNXCL)
            except OSError:  # the device is gone: so is its exclusive flag
                pass
        try:
            ser.close()
        except Exception:  # closing a dead port may fail; nothing to recover
            log.debug("shoe_port_close_failed", port=self.description)

    def _interrupt(self) -> None:
        with self._io_lock:
            ser = self._ser
            cancel = getattr(ser, "cancel_read", None)
            if ser is not None and getattr(ser, "is_open", False) and callable(cancel):
                try:
                    cancel()  # the blocked read returns at once: stop() does not wait out read_timeout
                except (NotImplementedError, OSError, TypeError, serial.SerialException):
                    pass

    def _read(self) -> bytes:
        ser = self._ser
        if ser is None:
            raise ShoeDisconnectedError("port is closed")
        try:
            data = ser.read(max(1, self._waiting(ser)))
        except (serial.SerialException, OSError) as err:
            raise ShoeDisconnectedError(f"serial port {self.description} lost: {err}") from err
        if not data and self._ser is not None:
            path = getattr(ser, "port", None)
            if isinstance(path, str) and path.startswith("/") and not os.path.exists(path):
                raise ShoeDisconnectedError(f"serial port {path} vanished (device unplugged)")
        return bytes(data)

    def _waiting(self, ser) -> int:
        """Bytes already buffered (so one read takes them all); 0 where the port cannot tell."""
        if not self._inq_ok:
            return 0
        try:
            return ser.in_waiting
        except (OSError, serial.SerialException) as err:
            if getattr(err, "errno", None) in (errno.ENOTTY, errno.EINVAL) or "ioctl" in str(err):
                self._inq_ok = False  # e.g. an emulated tty: fall back to one-byte reads
                return 0
            raise

    def _close(self) -> None:
        with self._io_lock:
            ser, self._ser = self._ser, None
            if ser is not None:
                self._release(ser)
