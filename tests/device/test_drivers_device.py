"""Device tests: the real pyserial / pyusb / libusb code paths against umockdev replays.

Each test runs tests/support/probe.py under ``umockdev-run`` in a subprocess: the probe opens
the shoe with :func:`drivers.profiles.open_shoe` and prints every event as JSON. Serial shoes
read umockdev tty scripts (hw_fixtures/serial); the USB shoe reads usbmon pcaps replayed into
libusb (hw_fixtures/usb).
"""

from __future__ import annotations

import pytest

from tests.support.drivers import brief, serial_run, usb_run

pytestmark = pytest.mark.device

ROUND = [("CardRead", t) for t in ("AS", "JD", "3H", "2C", "5S", "AC")]


def frames(events):
    return [e for e in brief(events) if e[0] in ("CardRead", "NoRead", "CutCard", "Garbage")]


# -- serial ------------------------------------------------------------------------------------------

def test_serial_whole_round():
    events = serial_run("round-lines", "lines")
    assert brief(events)[0] == ("Connected",)
    assert frames(events) == ROUND
    assert brief(events)[-1] == ("ConnectionLost", True)  # the clean close at stop


def test_serial_misread_noread_tokens_aim_and_cut_card():
    events = serial_run("misread-lines", "lines")
    assert frames(events) == [("CardRead", "AS"), ("NoRead", "no_read"), ("CardRead", "JD"), ("NoRead", "no_read"),
                              ("CardRead", "3H"), ("CutCard",)]


def test_serial_split_tokens_saopai():
    events = serial_run("split-saopai", "saopai")
    assert frames(events) == [("CardRead", "AS"), ("CardRead", "JD"), ("CardRead", "3H"), ("CardRead", "2C")]


def test_serial_noise_and_bad_lrc_stx_etx():
    events = serial_run("noise-stx-etx", "stx-etx", "--idle-exit", "2.5")
    assert frames(events) == [("Garbage", "00ff"), ("CardRead", "KS"), ("NoRead", "bad_lrc"), ("Garbage", "024330"),
                              ("CardRead", "9C"), ("Garbage", "7e7e7e")]


def test_serial_unterminated_token_is_a_misread_after_token_timeout():
    events = serial_run("timeout-lines", "lines", "--idle-exit", "2.5")
    assert frames(events) == [("CardRead", "AS"), ("NoRead", "token_timeout"), ("CardRead", "3H")]
    timeout_event = next(e for e in events if e["event"] == "NoRead")
    assert timeout_event["raw"] == b"JD".hex()


def test_serial_unplug_mid_round_then_reconnect_by_id():
    by_id = "/dev/serial/by-id/usb-FTDI_FT232R_USB_UART_SHOE0001-if00-port0"
    events = serial_run("disconnect-lines", "lines", "--unplug", "/dev/ttyUSB0", "--unplug-after", "2",
                        "--replug-after", "0.4", "--by-id", by_id, "--until-events", "8",
                        "--max-seconds", "50")
    kinds = brief(events)
    assert kinds[:5] == [("Connected",), ("CardRead", "AS"), ("CardRead", "JD"), ("NoRead", "token_timeout"),
                         ("ConnectionLost", False)]
    lost = events[4]
    assert "vanished" in lost["error"]
    assert events[3]["raw"] == b"3".hex()  # the half token is reported, not dropped
    # reopened by its stable identity; umockdev replays the script again from its start
    assert kinds[5] == ("Connected",)
    assert events[5]["description"] == by_id
    assert kinds[6:8] == [("CardRead", "AS"), ("CardRead", "JD")]


# -- USB HID ---------------------------------------------------------------------------------------------

def test_usb_whole_round_with_overlapping_reports():
    events = usb_run("round")
    assert brief(events)[0] == ("Connected",)
    assert frames(events) == ROUND
    assert brief(events)[-1] == ("ConnectionLost", True)


def test_usb_misread_noread_token_and_rollover():
    events = usb_run("misread")
    assert frames(events) == [("CardRead", "AS"), ("NoRead", "no_read"), ("NoRead", "rollover"), ("CardRead", "JD")]


def test_usb_split_token_across_idle_reads_right_shift():
    events = usb_run("split")
    assert frames(events) == [("CardRead", "QH"), ("CardRead", "TD")]


def test_usb_noise():
    events = usb_run("noise")
    got = frames(events)
    assert got == [("Garbage", "0000f00000000000"), ("CardRead", "KS"), got[2], ("CardRead", "9C")]
    assert got[2][0] == "Garbage"  # "##" typed: no letter or digit


def test_usb_unplug_mid_round_errno_19_then_reconnect():
    events = usb_run("disconnect")
    assert brief(events) == [("Connected",), ("CardRead", "AS"), ("CardRead", "JD"), ("NoRead", "token_timeout"),
                             ("ConnectionLost", False), ("Connected",), ("CardRead", "3H"), ("CardRead", "2C"),
                             ("ConnectionLost", True)]
    assert "Errno 19" in events[4]["error"]


def test_usb_shoe_not_connected_is_told_apart():
    events = usb_run("round", spec="usb:0c2e:0b62?codec=hid-keyboard")
    assert events[0]["event"] == "StartError"
    assert events[0]["type"] == "ShoeNotConnectedError"
    assert "0c2e:0b61" in events[0]["message"]  # lists what is plugged in


def test_record_a_usb_shoe_then_replay_the_session(tmp_path):
    """`dealer-station record` on the replayed scanner stores each report as read; the session
    replays through the same codec to the same cards."""
    import os
    import subprocess
    import sys

    from drivers.codecs import decode_all, make_codec
    from drivers.sessions import read_session
    from tests.support.drivers import FIXTURES, ROOT, USB_SYSFS, need_umockdev

    need_umockdev()
    out = tmp_path / "usb.jsonl"
    d = FIXTURES / "usb"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(["umockdev-run", "-d", str(d / "scanner.umockdev"), "--pcap",
                           f"{USB_SYSFS}={d / 'round.pcap'}", "--", sys.executable, "-m", "dealer_station", "record",
                           "--shoe", "usb-hid", "-o", str(out), "--idle-exit", "1.0"],
                          capture_output=True, text=True, timeout=60, env=env, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    session = read_session(out)
    assert session.header["profile"]["transport"] == "usb"
    assert all(len(data) == 8 for _, data in session)  # one boot report per interrupt read
    frames = decode_all(make_codec("hid-keyboard"), [data for _, data in session])
    assert [f.token for f in frames] == [t for _, t in ROUND]


def test_serial_port_found_by_usb_id():
    from tests.support.drivers import FIXTURES, run_probe

    d = FIXTURES / "serial"
    umockdev = ["-d", str(d / "shoe.umockdev"), "-s", f"/dev/ttyUSB0={d / 'round-lines.script'}"]
    events = run_probe(umockdev, "serial:?codec=lines&on_open=05&match=0403:6001:SHOE0001")
    assert events[0]["description"] == "/dev/ttyUSB0 (USB 0403:6001:SHOE0001)"
    assert frames(events) == ROUND
    events = run_probe(umockdev, "serial:?codec=lines&match=0403:6001:OTHER")
    assert events[0]["event"] == "StartError" and events[0]["type"] == "ShoeNotConnectedError"
    assert "0403:6001:OTHER" in events[0]["message"]
