"""Write the serial shoe fixtures: umockdev tty scripts of shoes sending cards, and the device.

Run from the repository root: ``python hw_fixtures/serial/generate.py`` (rewrites the files
here; the tests check that the committed files equal what this script writes).

``shoe.umockdev`` describes an FTDI USB-serial adapter's ``/dev/ttyUSB0`` (0403:6001, serial
SHOE0001) with its USB parents, so pyserial's port list finds it by USB id. Each
``*.script`` is what a shoe sends, in umockdev's script format: ``r DELAY_MS DATA`` lines,
DELAY_MS after the previous operation. pyserial discards input that arrives before it opens the
port, so every script starts with ``w 0 ^E``: replay waits until the reader has opened the port
and written its ``on_open`` byte (ENQ, 0x05; profile option ``on_open = "05"``).
Bytes are split the way a UART delivers them to a reader that polls: a 5-byte frame takes about
5 ms at 9600 baud, so one card may arrive in two reads. Replay:
``umockdev-run -d shoe.umockdev -s /dev/ttyUSB0=FILE.script -- CMD``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from drivers.codecs import make_codec  # noqa: E402
from drivers.sessions import escape_script  # noqa: E402

ON_OPEN = b"\x05"
"""What the test profile writes after every open; each script waits for it before sending."""
WAIT = (-1, ON_OPEN)
"""A script step: wait for the reader's on_open write."""

UMOCKDEV = """P: /devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/ttyUSB0/tty/ttyUSB0
N: ttyUSB0
E: DEVNAME=/dev/ttyUSB0
E: SUBSYSTEM=tty
E: MAJOR=188
E: MINOR=0
E: ID_VENDOR_ID=0403
E: ID_MODEL_ID=6001
E: ID_SERIAL=FTDI_FT232R_USB_UART_SHOE0001
E: ID_SERIAL_SHORT=SHOE0001
E: ID_BUS=usb
E: DEVLINKS=/dev/serial/by-id/usb-FTDI_FT232R_USB_UART_SHOE0001-if00-port0
L: device=../..

P: /devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/ttyUSB0
E: SUBSYSTEM=usb-serial
E: DRIVER=ftdi_sio

P: /devices/pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0
E: SUBSYSTEM=usb
E: DEVTYPE=usb_interface
E: DRIVER=ftdi_sio
A: interface=FT232R USB UART\\n

P: /devices/pci0000:00/0000:00:14.0/usb1/1-2
E: SUBSYSTEM=usb
E: DEVTYPE=usb_device
A: idVendor=0403\\n
A: idProduct=6001\\n
A: serial=SHOE0001\\n
A: manufacturer=FTDI\\n
A: product=FT232R USB UART\\n
A: bNumInterfaces= 1\\n
"""

ROUND = ("AS", "JD", "3H", "2C", "5S", "AC")
"""docs/rules.md §2 worked example, dealt P B P B P B: Player A,3,5 = 9 beats Banker J,2,A = 3."""


def cards(codec: str, tokens, gap_ms: int = 300, first_ms: int = 50) -> list[tuple[int, bytes]]:
    """The open handshake, then one script chunk per token, ``gap_ms`` apart."""
    c = make_codec(codec)
    return [WAIT] + [(first_ms if i == 0 else gap_ms, c.encode(t)) for i, t in enumerate(tokens)]


SCRIPTS: dict[str, list[tuple[int, bytes]]] = {
    # a whole round, one line per card, CRLF
    "round-lines": cards("lines", ROUND),
    # a misread: the shoe's No-Read token, an AIM-prefixed rescan, another No-Read form, a cut card
    "misread-lines": [WAIT, (50, b"AS\r\n"), (400, b"NR\r\n"), (400, b"]C0JD\r\n"), (400, b"%%NoRead\r\n"),
                      (400, b"3H\n"), (400, b"CUT\r\n")],
    # split tokens in saopai codes: frames cut across reads, and CR/LF split
    "split-saopai": [WAIT, (50, b"A0"), (30, b"1\r"), (30, b"\nD1"), (30, b"1\r\nH03\r"), (30, b"\nC02\r\n")],
    # noise on an STX/ETX line: bytes between frames, a frame with a bad LRC, a frame cut by a new STX
    "noise-stx-etx": [WAIT, (50, b"\x00\xff" + make_codec("stx-etx").encode("KS")),
                      (300, b"\x02H05\x03\x00"),  # LRC should be 0x3e: misread
                      (300, b"\x02C0" + make_codec("stx-etx").encode("9C")),
                      (300, b"~~~")],
    # a token left without its terminator: a misread after token_timeout (1 s), then a good card
    "timeout-lines": [WAIT, (50, b"AS\r\n"), (300, b"JD"), (1600, b"3H\r\n")],
    # unplugged mid-round: two cards and half a token; the test removes /dev/ttyUSB0 after 2 frames
    # and puts it back. The script then waits for the reopened port's on_open write; umockdev
    # (0.17) starts a script again from its first line when the program closes the port while the
    # script waits for a write, so after the reconnect the first reads come again.
    "disconnect-lines": [WAIT, (50, b"AS\r\n"), (100, b"JD\r\n"), (50, b"3"), WAIT, (50, b"3H\r\n")],
}
"""Script name → ``(delay ms, bytes)`` reads."""


def main(out: Path = HERE) -> None:
    """Write shoe.umockdev and every script into ``out``."""
    (out / "shoe.umockdev").write_text(UMOCKDEV)
    for name, chunks in SCRIPTS.items():
        with (out / f"{name}.script").open("w", encoding="latin-1", newline="\n") as fh:
            for delay, data in chunks:
                op = "w" if delay < 0 else "r"
                fh.write(f"{op} {max(delay, 0)} {escape_script(data)}\n")


if __name__ == "__main__":
    main()
