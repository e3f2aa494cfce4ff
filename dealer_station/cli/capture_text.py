"""``dealer-station capture-text FILE``: the text a USB keyboard (or keyboard-wedge shoe) typed in a capture.

Reads pcap or pcapng files of link type 220/189 (Linux usbmon) or 249 (USBPcap), takes the
interrupt-IN reports of the keyboard and prints the typed text: printable characters as typed,
Enter as a newline, Tab as a tab, every other key as ``<NAME>`` (``<ESC>``, ``<BS>``, ``<LEFT>``,
``<CTRL+c>``).
"""

from __future__ import annotations

import argparse
import sys

from dealer_station.cli import CliError
from drivers.errors import ShoeConfigError
from drivers.hidkeys import decode_text
from drivers.usbmon import interrupt_in_reports

NAME = "capture-text"
HELP = "print the text a USB keyboard typed in a pcap/pcapng capture (usbmon or USBPcap)"


def register(parser: argparse.ArgumentParser) -> None:
    """Arguments: FILE, ``--device BUS:ADDRESS``, ``--endpoint``."""
    parser.add_argument("file", help="capture file (.pcap or .pcapng; link type 220, 189 or 249)")
    parser.add_argument("--device", metavar="BUS:ADDRESS",
                        help="the keyboard's USB bus and device address (default: the device that sent the "
                             "most 8-byte interrupt reports)")
    parser.add_argument("--endpoint", metavar="EP", help="interrupt-IN endpoint, e.g. 0x81 (default: any)")
    parser.add_argument("--report-id", action="store_true",
                        help="reports start with a report-id byte (9-byte reports)")


def run(args: argparse.Namespace) -> int:
    """Print the typed text; exit 2 for an unreadable file or bad arguments."""
    bus = device = endpoint = None
    try:
        if args.device:
            bus_text, _, dev_text = args.device.partition(":")
            bus, device = int(bus_text), int(dev_text)
        if args.endpoint:
            endpoint = int(args.endpoint, 0)
    except ValueError as err:
        raise CliError("--device is BUS:ADDRESS in decimal (e.g. 2:6), --endpoint a number (e.g. 0x81)") from err
    try:
        reports = interrupt_in_reports(args.file, bus, device, endpoint)
    except ShoeConfigError as err:
        raise CliError(str(err)) from err
    if args.report_id:
        reports = [r[1:] for r in reports]
    if not reports:
        raise CliError(f"{args.file}: no keyboard reports found (no interrupt-IN transfers of 8 bytes)", status=1)
    text = decode_text(reports)
    sys.stdout.write(text)
    if text and not text.endswith("\n"):
        sys.stdout.write("\n")
    return 0
