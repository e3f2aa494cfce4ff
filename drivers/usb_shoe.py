"""USB HID keyboard-wedge shoes through pyusb, with the libusb of the ``libusb-package`` wheel.

Open sequence: find by VID/PID (and serial number when given); detach the kernel's HID
driver when it is active and re-attach it on close; select the configuration; claim the
interface. Each step that only tidies up (``is_kernel_driver_active``, ``detach``,
``set_configuration``) tolerates errors, since some stacks (and umockdev replays) refuse
them; "permission denied" and "no such device" are never tolerated.

Reads are interrupt-IN transfers of the endpoint's ``wMaxPacketSize`` with a timeout;
``USBTimeoutError`` is idle time, errno 19 (ENODEV) is device loss, repeated other errors
(stall, overflow) are treated as loss after ``max_errors`` in a row.

Start-up tells apart: :class:`LibusbMissingError` (no libusb-1.0), :class:`ShoePermissionError`
(install ``config/udev/60-dealer-station-shoes.rules``), :class:`ShoeNotConnectedError`.
"""

from __future__ import annotations

import errno

import structlog

from drivers.codecs import Codec
from drivers.errors import (
    LibusbMissingError,
    ShoeBusyError,
    ShoeConfigError,
    ShoeDisconnectedError,
    ShoeNotConnectedError,
    ShoePermissionError,
    ShoeUnavailableError,
)
from drivers.source import ShoeSource

__all__ = ["UsbHidShoe", "usb_backend", "UDEV_HINT"]

log = structlog.get_logger(__name__)

UDEV_HINT = ("install the udev rules that let the station's user open the shoe: "
             "sudo cp config/udev/60-dealer-station-shoes.rules /etc/udev/rules.d/ && "
             "sudo udevadm control --reload-rules && sudo udevadm trigger, then unplug and replug the shoe "
             "(add the shoe's VID:PID to the file first if it is not listed; docs/drivers.md)")
"""How to fix "permission denied" on a USB shoe."""


def usb_backend():
    """The pyusb libusb-1.0 backend: the ``libusb-package`` wheel's library, else the system's.

    Raises
    ------
    LibusbMissingError
        Neither is available; the message says what to install.
    """
    try:
        import usb.backend.libusb1  # noqa: F401
    except ImportError as err:
        raise LibusbMissingError("pyusb is not installed: pip install pyusb libusb-package") from err
    backend = None
    try:
        import libusb_package

        backend = libusb_package.get_libusb1_backend()
    except ImportError:
        backend = None
    if backend is None:
        import usb.backend.libusb1 as libusb1

        backend = libusb1.get_backend()
    if backend is None:
        raise LibusbMissingError("libusb-1.0 was not found: pip install libusb-package (bundles it) or "
                                 "sudo apt install libusb-1.0-0")
    return backend


def _usb_error_code(err: Exception) -> int | None:
    return getattr(err, "errno", None)


class UsbHidShoe(ShoeSource):
    """A keyboard-wedge shoe (USB HID boot keyboard) read directly, not through the keyboard layer.

    Parameters
    ----------
    vid, pid : int
        USB vendor and product id.
    codec : Codec
        Normally ``hid-keyboard``.
    serial : str, optional
        Serial number string, to tell identical shoes apart (read with a control transfer).
    interface : int
        Interface number of the keyboard (default 0).
    endpoint : int, optional
        Interrupt-IN endpoint address; default: the interface's first interrupt-IN endpoint.
    max_errors : int
        Consecutive non-timeout USB errors treated as device loss.
    **kwargs :
        Reader options of :class:`ShoeSource`.
    """

    def __init__(self, vid: int, pid: int, codec: Codec, *, serial: str | None = None, interface: int = 0,
                 endpoint: int | None = None, max_errors: int = 3, **kwargs):
        super().__init__(codec, **kwargs)
        if not (0 <= vid <= 0xFFFF and 0 <= pid <= 0xFFFF):
            raise ShoeConfigError(f"VID:PID {vid}:{pid} out of range: write them as 4 hex digits, e.g. 0c2e:0b61")
        self.vid, self.pid, self.serial = vid, pid, serial or None
        self.interface = interface
        self.endpoint = endpoint
        self.max_errors = max_errors
        self._dev = None
        self._ep_addr = 0
        self._size = 8
        self._detached = False
        self._errors = 0

    @property
    def description(self) -> str:  # noqa: D102
        ident = f"usb {self.vid:04x}:{self.pid:04x}"
        return f"{ident} serial {self.serial}" if self.serial else ident

    def _find(self, backend):
        import usb.core

        def match(dev) -> bool:
            if self.serial is None:
                return True
            try:
                return dev.serial_number == self.serial
            except (usb.core.USBError, ValueError):
                return False

        try:
            found = list(usb.core.find(find_all=True, idVendor=self.vid, idProduct=self.pid, backend=backend))
        except usb.core.NoBackendError as err:
            raise LibusbMissingError(f"libusb-1.0 could not be loaded: {err}") from err
        except usb.core.USBError as err:  # the bus could not be listed (e.g. while devices come and go)
            raise ShoeNotConnectedError(f"cannot list the USB devices to find shoe {self.vid:04x}:{self.pid:04x}: "
                                        f"{err}") from err
        if not found:
            try:
                present = sorted({f"{d.idVendor:04x}:{d.idProduct:04x}" for d in usb.core.find(find_all=True,
                                                                                              backend=backend)})
            except usb.core.USBError:
                present = []
            raise ShoeNotConnectedError(f"shoe {self.vid:04x}:{self.pid:04x} is not connected (USB devices "
                                        f"present: {', '.join(present) or 'none'}): plug it in, or fix vid/pid "
                                        f"in the profile")
        for dev in found:
            if match(dev):
                return dev
        raise ShoeNotConnectedError(f"no shoe {self.vid:04x}:{self.pid:04x} with serial {self.serial!r} is "
                                    f"connected ({len(found)} with other serials, or unreadable serials: "
                                    f"{UDEV_HINT})")

    def _open(self) -> None:
        import usb.core
        import usb.util

        backend = usb_backend()
        dev = self._find(backend)
        self._detached = False
        claimed = False
        try:
            try:
                if dev.is_kernel_driver_active(self.interface):
                    dev.detach_kernel_driver(self.interface)
                    self._detached = True
            except (usb.core.USBError, NotImplementedError) as err:
                self._check_fatal(err, "detaching the kernel driver")
            try:
                dev.set_configuration()
            except usb.core.USBError as err:
                self._check_fatal(err, "setting the configuration")
            try:
                usb.util.claim_interface(dev, self.interface)
            except usb.core.USBError as err:
                self._check_fatal(err, "claiming the interface")
                if _usb_error_code(err) == errno.EBUSY:
                    raise ShoeBusyError(f"{self.description}: interface {self.interface} is held by another "
                                        f"program or driver") from err
                raise ShoeNotConnectedError(f"{self.description}: cannot claim interface {self.interface}: {err}") \
                    from err
            claimed = True
            self._ep_addr, self._size = self._find_endpoint(dev)
        except ShoeUnavailableError:
            self._release(dev, claimed)  # the kernel driver is given back: a failed open leaves the shoe as it was
            raise
        self._dev = dev
        self._errors = 0
        log.info("shoe_usb_open", shoe=self.description, endpoint=hex(self._ep_addr), packet=self._size)

    def _check_fatal(self, err: Exception, step: str) -> None:
        code = _usb_error_code(err)
        if code == errno.EACCES:
            raise ShoePermissionError(f"permission denied on {self.description} while {step}: {UDEV_HINT}") from err
        if code == errno.ENODEV:
            raise ShoeNotConnectedError(f"{self.description} went away while {step}") from err
        log.debug("shoe_usb_step_tolerated", shoe=self.description, step=step, error=str(err))

    def _find_endpoint(self, dev) -> tuple[int, int]:
        import usb.util

        try:
            cfg = dev[0]
            intf = cfg[(self.interface, 0)]
        except (IndexError, KeyError, ValueError) as err:
            raise ShoeNotConnectedError(f"{self.description} has no interface {self.interface}: check "
                                        f"interface= in the profile") from err
        for ep in intf:
            is_in = usb.util.endpoint_direction(ep.bEndpointAddress) == usb.util.ENDPOINT_IN
            is_intr = usb.util.endpoint_type(ep.bmAttributes) == usb.util.ENDPOINT_TYPE_INTR
            if (self.endpoint is None and is_in and is_intr) or ep.bEndpointAddress == self.endpoint:
                return ep.bEndpointAddress, ep.wMaxPacketSize
        raise ShoeNotConnectedError(f"{self.description} interface {self.interface} has no interrupt-IN endpoint "
                                    f"{'' if self.endpoint is None else hex(self.endpoint)}: not a keyboard-wedge "
                                    f"shoe?")

    def _read(self) -> bytes:
        import usb.core

        dev = self._dev
        if dev is None:
            raise ShoeDisconnectedError("device is closed")
        try:
            data = dev.read(self._ep_addr, self._size, timeout=int(self.read_timeout * 1000))
        except usb.core.USBTimeoutError:
            return b""
        except usb.core.USBError as err:
            code = _usb_error_code(err)
            if code in (errno.ENODEV, errno.ESHUTDOWN):
                raise ShoeDisconnectedError(f"{self.description} unplugged: {err}") from err
            self._errors += 1
            log.warning("shoe_usb_read_error", shoe=self.description, error=str(err), errno=code,
                        in_a_row=self._errors)
            if code == errno.EPIPE:
                try:
                    dev.clear_halt(self._ep_addr)
                except usb.core.USBError:
                    pass
            if self._errors >= self.max_errors:
                raise ShoeDisconnectedError(f"{self.description}: {self._errors} read errors in a row, last: "
                                            f"{err}") from err
            return b""
        self._errors = 0
        return bytes(data)

    def _close(self) -> None:
        dev, self._dev = self._dev, None
        if dev is not None:
            self._release(dev, True)

    def _release(self, dev, claimed: bool) -> None:
        """Release the interface if ``claimed``, re-attach the kernel driver detached by :meth:`_open`,
        free ``dev``; never raises a USB error.
        """
        import usb.core
        import usb.util

        if claimed:
            try:
                usb.util.release_interface(dev, self.interface)
            except usb.core.USBError:
                pass
        if self._detached:
            self._detached = False
            try:
                dev.attach_kernel_driver(self.interface)
            except usb.core.USBError:
                log.debug("shoe_usb_reattach_failed", shoe=self.description)
        try:
            usb.util.dispose_resources(dev)
        except usb.core.USBError:
            pass
