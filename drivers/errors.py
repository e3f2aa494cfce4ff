"""The shoe drivers' exception tree: one base per layer, each also the matching builtin.

``ShoeError`` is the base of everything :mod:`drivers` raises on purpose. Library errors
(pyserial, pyusb, OS) are wrapped with ``raise ... from err`` so the cause stays visible. A bad
value is named in a message by :func:`drivers.util.short_repr`.

::

    ShoeError
    ├── ShoeConfigError (ValueError)          bad profile / spec / option; message names the fix
    ├── ShoeUnavailableError (ConnectionError) the device cannot be opened now
    │   ├── ShoeNotConnectedError             nothing matching is plugged in
    │   ├── ShoePermissionError (PermissionError) the user may not open it (udev rules)
    │   ├── LibusbMissingError                no libusb-1.0 backend for pyusb
    │   └── ShoeBusyError                     another program holds the port / interface
    │       └── ShoePortBusyError                 ... and here is its pid and program (serial ports)
    ├── ShoeDisconnectedError (ConnectionError) the device went away while open
    ├── ShoeTimeoutError (TimeoutError)       a bounded wait ran out
    └── ShoeEmptyError                        the simulated shoe has no card left
"""

from __future__ import annotations

__all__ = [
    "ShoeError",
    "ShoeConfigError",
    "ShoeUnavailableError",
    "ShoeNotConnectedError",
    "ShoePermissionError",
    "LibusbMissingError",
    "ShoeBusyError",
    "ShoePortBusyError",
    "ShoeDisconnectedError",
    "ShoeTimeoutError",
    "ShoeEmptyError",
]


class ShoeError(Exception):
    """Base of every error the shoe drivers raise."""


class ShoeConfigError(ShoeError, ValueError):
    """A shoe profile, inline spec or option that cannot be used; the message says what to write instead."""


class ShoeUnavailableError(ShoeError, ConnectionError):
    """The shoe cannot be opened now (not plugged in, no permission, no libusb, busy)."""


class ShoeNotConnectedError(ShoeUnavailableError):
    """No device matching the profile is connected (no such port, no such VID:PID)."""


class ShoePermissionError(ShoeUnavailableError, PermissionError):
    """The device exists but this user may not open it; install the udev rules (docs/drivers.md)."""


class LibusbMissingError(ShoeUnavailableError):
    """pyusb found no libusb-1.0 library (install the ``libusb-package`` wheel or Debian ``libusb-1.0-0``)."""


class ShoeBusyError(ShoeUnavailableError):
    """Another program holds the port or the USB interface."""


class ShoePortBusyError(ShoeBusyError):
    """Another process has the shoe's serial port open: it would take cards out of the stream.

    Attributes
    ----------
    port : str
        The port's path as opened.
    holders : tuple[tuple[int, str], ...]
        ``(pid, program)`` of each other process that has the port open (the program's name as
        ``/proc/PID/comm`` gives it; ``"?"`` when unknown); empty when the kernel refused the open
        and no holder could be seen (another user's process, without root).
    """

    def __init__(self, message: str, *, port: str = "", holders: tuple[tuple[int, str], ...] = ()) -> None:
        super().__init__(message)
        self.port = port
        self.holders = tuple(holders)


class ShoeDisconnectedError(ShoeError, ConnectionError):
    """The device went away while it was open (unplugged, EOF, EIO, USB errno 19)."""


class ShoeTimeoutError(ShoeError, TimeoutError):
    """A bounded wait of the drivers ran out (e.g. stopping a reader thread)."""


class ShoeEmptyError(ShoeError):
    """The simulated shoe was asked for a card after its last one."""
