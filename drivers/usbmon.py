"""USB captures: read interrupt-IN data from pcap/pcapng files, write usbmon pcaps.

Link types read (the capture's own, whatever the file suffix):

- 220 ``LINKTYPE_USB_LINUX_MMAPPED``: Linux usbmon, 64-byte header (Wireshark on Linux);
- 189 ``LINKTYPE_USB_LINUX``: Linux usbmon, 48-byte header (older captures);
- 249 ``LINKTYPE_USBPCAP``: USBPcap on Windows, a header of its own length.

Writing produces link type 220 pcaps that ``umockdev-run --pcap`` replays into libusb: for each
interrupt-IN transfer an ``S`` (submit) record and a ``C`` (complete) record with the data, or a
completion with an error status (-19 ENODEV: device unplugged; -32 EPIPE: stall).
Uses ``dpkt`` for the file formats; no device access.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import dpkt

from drivers.errors import ShoeConfigError

__all__ = ["UsbPacket", "read_usb_packets", "keyboard_device", "interrupt_in_reports", "UsbmonWriter", "LINKTYPES"]

LINKTYPE_USB_LINUX = 189
LINKTYPE_USB_LINUX_MMAPPED = 220
LINKTYPE_USBPCAP = 249
LINKTYPES = (LINKTYPE_USB_LINUX, LINKTYPE_USB_LINUX_MMAPPED, LINKTYPE_USBPCAP)
"""Link types :func:`read_usb_packets` understands."""

_USBMON = struct.Struct("<QBBBBHbbqiiII8siiII")  # 64 bytes; the first 48 are the link type 189 header
_USBPCAP = struct.Struct("<HQIHBHHBBI")  # 27 bytes
_XFER_INTERRUPT = 1


@dataclass(frozen=True, slots=True)
class UsbPacket:
    """One completed transfer seen in a capture.

    ``ts``: capture time in seconds (float); ``bus``/``device``: USB address; ``endpoint``: with
    direction bit 0x80 for IN; ``transfer``: 0 iso, 1 interrupt, 2 control, 3 bulk; ``status``:
    URB status (0 ok, negative errno); ``data``: payload bytes.
    """

    ts: float
    bus: int
    device: int
    endpoint: int
    transfer: int
    status: int
    data: bytes


def _open_reader(fh: BinaryIO):
    head = fh.read(4)
    fh.seek(0)
    if head == b"\x0a\x0d\x0d\x0a":
        return dpkt.pcapng.Reader(fh)
    return dpkt.pcap.Reader(fh)


def read_usb_packets(path: str | os.PathLike) -> Iterator[UsbPacket]:
    """Completed device-to-host and host-to-device transfers of a USB capture, in file order.

    Only completions are yielded (usbmon ``C``/``E`` events; USBPcap records from the device,
    or any record carrying data). Malformed records are skipped.

    Raises
    ------
    ShoeConfigError
        The file is missing, is no pcap/pcapng, or its link type is not a USB one.
    """
    path = Path(path)
    try:
        fh = path.open("rb")
    except OSError as err:
        raise ShoeConfigError(f"cannot open capture {path}: {err.strerror}") from err
    with fh:
        try:
            reader = _open_reader(fh)
        except (ValueError, dpkt.dpkt.UnpackError, dpkt.dpkt.NeedData) as err:
            raise ShoeConfigError(f"{path} is not a pcap or pcapng capture ({err})") from err
        linktype = reader.datalink()
        if linktype not in LINKTYPES:
            raise ShoeConfigError(f"{path} has link type {linktype}, not a USB capture: expected one of "
                                  f"{', '.join(map(str, LINKTYPES))} (usbmon or USBPcap)")
        try:
            for ts, buf in reader:
                pkt = _parse(linktype, float(ts), bytes(buf))
                if pkt is not None:
                    yield pkt
        except (ValueError, dpkt.dpkt.UnpackError, dpkt.dpkt.NeedData, struct.error):
            return  # a truncated capture ends where it is cut


def _parse(linktype: int, ts: float, buf: bytes) -> UsbPacket | None:
    if linktype == LINKTYPE_USBPCAP:
        if len(buf) < _USBPCAP.size:
            return None
        hlen, _irp, status, _func, info, bus, device, endpoint, transfer, dlen = _USBPCAP.unpack_from(buf)
        if not info & 0x01:  # 0: host to device (the submit); 1: completion from the device
            return None
        data = buf[hlen:hlen + dlen]
        return UsbPacket(ts, bus, device, endpoint, transfer, -int(status != 0), data)
    hsize = 64 if linktype == LINKTYPE_USB_LINUX_MMAPPED else 48
    if len(buf) < hsize:
        return None
    (_id, etype, transfer, endpoint, device, bus, _fs, _fd, _sec, _usec, status, _length,
     len_cap) = _USBMON.unpack_from(buf.ljust(64, b"\0"))[:13]
    if etype not in (ord("C"), ord("E")):
        return None
    return UsbPacket(ts, bus, device, endpoint, transfer, status, buf[hsize:hsize + len_cap])


def keyboard_device(packets: Iterable[UsbPacket]) -> tuple[int, int] | None:
    """``(bus, device)`` of the keyboard in a capture: the device with the most completed 8- or 9-byte
    interrupt-IN reports (boot keyboard reports, with or without a report id); None when there is none.
    """
    counts: dict[tuple[int, int], int] = {}
    for p in packets:
        if p.transfer == _XFER_INTERRUPT and p.endpoint & 0x80 and p.status == 0 and len(p.data) in (8, 9):
            counts[(p.bus, p.device)] = counts.get((p.bus, p.device), 0) + 1
    return max(counts, key=lambda k: counts[k]) if counts else None


def interrupt_in_reports(path: str | os.PathLike, bus: int | None = None, device: int | None = None,
                         endpoint: int | None = None) -> list[bytes]:
    """Interrupt-IN payloads of one device in a capture (a keyboard's reports), in order.

    Without ``bus``/``device`` the device with the most 8- or 9-byte interrupt-IN reports is
    chosen. Raises ShoeConfigError like :func:`read_usb_packets`.
    """
    packets = [p for p in read_usb_packets(path)
               if p.transfer == _XFER_INTERRUPT and p.endpoint & 0x80 and p.data and p.status == 0]
    if bus is None or device is None:
        found = keyboard_device(packets)
        if found is None:
            return []
        bus, device = found
    return [p.data for p in packets
            if p.bus == bus and p.device == device and (endpoint is None or p.endpoint == endpoint)]


class UsbmonWriter:
    """Writes a link type 220 (usbmon, 64-byte header) pcap of one device's interrupt-IN traffic.

    Parameters
    ----------
    fh : binary file
        Open for writing.
    bus, device : int
        USB address the records carry (must match the ``busnum``/``devnum`` of the umockdev
        device description that replays them).
    endpoint : int
        Interrupt-IN endpoint address (with bit 0x80).
    start : float
        Timestamp of the first record, seconds.
    """

    def __init__(self, fh: BinaryIO, bus: int = 1, device: int = 2, endpoint: int = 0x81, start: float = 1e9):
        self._w = dpkt.pcap.Writer(fh, linktype=LINKTYPE_USB_LINUX_MMAPPED, snaplen=65535)
        self.bus, self.device, self.endpoint = bus, device, endpoint
        self.t = start
        self._urb = 0xFFFF_8880_0000_0000

    def _record(self, urb: int, etype: str, status: int, length: int, data: bytes = b"") -> None:
        sec = int(self.t)
        usec = int(round((self.t - sec) * 1e6))
        header = _USBMON.pack(urb, ord(etype), _XFER_INTERRUPT, self.endpoint, self.device, self.bus,
                              ord("-") if etype == "S" else 0, 0 if data else ord("<"), sec, usec, status,
                              length, len(data), bytes(8), 10, 0, 0x200 if etype == "S" else 0, 0)
        self._w.writepkt(header + data, ts=self.t)

    def transfer(self, data: bytes, gap: float = 0.008, length: int | None = None) -> None:
        """One interrupt-IN transfer completed with ``data``, ``gap`` seconds after the previous record.
        ``length``: the URB buffer length the host submits (default ``len(data)``; replay needs the
        reader's read size to equal it).
        """
        self._urb += 0x100
        self.t += gap
        self._record(self._urb, "S", -115, length or len(data))
        self.t += 0.0005
        self._record(self._urb, "C", 0, len(data), data)

    def error(self, status: int, length: int = 8, gap: float = 0.008) -> None:
        """An interrupt-IN transfer that completes with ``status`` (negative errno, e.g. -19 device gone)."""
        self._urb += 0x100
        self.t += gap
        self._record(self._urb, "S", -115, length)
        self.t += 0.0005
        self._record(self._urb, "C", status, 0)

    def unanswered(self, length: int = 8, gap: float = 0.008) -> None:
        """A submitted transfer that never completes: the reader sees one read timeout (idle)."""
        self._urb += 0x100
        self.t += gap
        self._record(self._urb, "S", -115, length)

