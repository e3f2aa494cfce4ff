"""Write the USB shoe fixtures: usbmon pcaps (link type 220) of a keyboard-wedge shoe scanner.

Run from the repository root: ``python hw_fixtures/usb/generate.py`` (rewrites the files here;
the tests check that the committed files equal what this script writes).

The device, ``scanner.umockdev``, is a full-speed HID boot keyboard 0c2e:0b61 at bus 1 address 2
(``/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1``), interface 0, interrupt-IN endpoint 0x81 of
8 bytes. Each capture is what ``usbmon`` shows for the shoe typing card tokens: for every
report the host's submit (``S``) of an 8-byte interrupt URB and its completion (``C``) with the
report; a key-down report then an all-zero key-up report per character, some keys overlapping
as fast scanners type them. Replay: ``umockdev-run -d scanner.umockdev --pcap SYSFS=FILE.pcap``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from drivers.hidkeys import keys_for_char, reports_for_text  # noqa: E402
from drivers.usbmon import UsbmonWriter  # noqa: E402

SYSFS = "/sys/devices/pci0000:00/0000:00:14.0/usb1/1-1"
"""Sysfs path of the scanner in scanner.umockdev (the ``--pcap`` target)."""

DESCRIPTORS = (
    "12010002000000082e0c610b000101020001"  # device: USB 2.0, 0c2e:0b61, EP0 8 bytes, 1 configuration
    "090222000101008032"  # configuration 1: 34 bytes, 1 interface, bus powered 100 mA
    "090400000103010100"  # interface 0: 1 endpoint, HID boot keyboard
    "0921110100012240" "00"  # HID 1.11, report descriptor 64 bytes
    "0705810308000a"  # endpoint 0x81 interrupt IN, 8 bytes, 10 ms
)

UMOCKDEV = f"""P: {SYSFS[len('/sys'):]}
N: bus/usb/001/002
E: DEVNAME=/dev/bus/usb/001/002
E: DEVTYPE=usb_device
E: DRIVER=usb
E: SUBSYSTEM=usb
E: BUSNUM=001
E: DEVNUM=002
E: PRODUCT=c2e/b61/100
E: ID_VENDOR_ID=0c2e
E: ID_MODEL_ID=0b61
E: ID_SERIAL=Shoe_Scanner_0c2e_0b61
A: busnum=1\\n
A: devnum=2\\n
A: idVendor=0c2e\\n
A: idProduct=0b61\\n
A: bcdDevice=0100\\n
A: bDeviceClass=00\\n
A: bConfigurationValue=1\\n
A: bNumConfigurations=1\\n
A: bNumInterfaces= 1\\n
A: bMaxPacketSize0=8\\n
A: speed=12\\n
A: manufacturer=Shoe Scanner\\n
A: product=Card Shoe HID\\n
H: descriptors={DESCRIPTORS.upper()}
"""


def typed(w: UsbmonWriter, text: str, overlap: bool = False, right_shift: bool = False) -> None:
    """Reports typing ``text``. ``overlap``: each next key goes down before the previous is released."""
    if not overlap:
        for report in reports_for_text(text):
            if right_shift and report[0] == 0x02:
                report = bytes([0x20]) + report[1:]
            w.transfer(report)
        return
    prev = None
    for char in text:
        mods, usage = keys_for_char(char)
        if prev is not None and prev[1] != usage:
            w.transfer(bytes([mods, 0, prev[1], usage, 0, 0, 0, 0]))  # both down: only `usage` is new
        w.transfer(bytes([mods, 0, usage, 0, 0, 0, 0, 0]))
        prev = (mods, usage)
    w.transfer(bytes(8))


def write(name: str, build, out: Path = HERE) -> None:
    """Write ``name``.pcap in ``out`` with the records ``build(writer)`` makes."""
    with (out / f"{name}.pcap").open("wb") as fh:
        w = UsbmonWriter(fh, bus=1, device=2, endpoint=0x81, start=1_767_225_600.0)
        build(w)


def round_(w: UsbmonWriter) -> None:
    """A whole round: docs/rules.md §2 worked example, Player A,3,5 = 9 beats Banker J,2,A = 3 (P B P B P B)."""
    for token in ("AS", "JD", "3H", "2C", "5S", "AC"):
        typed(w, token + "\n", overlap=token in ("JD", "5S"))
        w.unanswered()  # the dealer's hand between cards: one read times out


def misread(w: UsbmonWriter) -> None:
    """A card, the scanner's No-Read token, a token broken by ErrorRollOver, the rescan."""
    typed(w, "AS\n")
    typed(w, "NR\n")  # the scanner's own No-Read token
    typed(w, "J")
    w.transfer(bytes([0, 0, 1, 1, 1, 1, 1, 1]))  # ErrorRollOver in the middle of a token
    w.transfer(bytes(8))
    typed(w, "JD\n")  # the rescan


def split(w: UsbmonWriter) -> None:
    """Tokens split by idle reads, typed with the right Shift key: QH, 10D."""
    typed(w, "Q", right_shift=True)
    w.unanswered()  # the token's second half comes after an idle read
    typed(w, "H\n", right_shift=True)
    typed(w, "1")
    w.unanswered()
    typed(w, "0D\n")


def noise(w: UsbmonWriter) -> None:
    """A stray key-up, a report with a reserved usage, printable noise, between two cards."""
    w.transfer(bytes(8))  # a stray key-up
    w.transfer(bytes([0, 0, 0xF0, 0, 0, 0, 0, 0]))  # a reserved usage: not a key
    w.transfer(bytes(8))
    typed(w, "KS\n")
    typed(w, "##\n")  # printable noise with a terminator: no letter or digit
    typed(w, "9C\n")


def disconnect(w: UsbmonWriter) -> None:
    """Two cards, half a token, the device unplugged (URB status -19), then two more cards after replugging."""
    typed(w, "AS\n")
    typed(w, "JD\n")
    typed(w, "3")  # half a token ...
    w.error(-19)  # ... and the shoe is unplugged (URB completes with -ENODEV)
    typed(w, "3H\n")  # after replugging, the dealer rescans the card
    typed(w, "2C\n")


SCENARIOS = {"round": round_, "misread": misread, "split": split, "noise": noise, "disconnect": disconnect}
"""Capture name → builder."""


def main(out: Path = HERE) -> None:
    """Write scanner.umockdev and every scenario's pcap into ``out``."""
    (out / "scanner.umockdev").write_text(UMOCKDEV)
    for name, build in SCENARIOS.items():
        write(name, build, out)


if __name__ == "__main__":
    main()
