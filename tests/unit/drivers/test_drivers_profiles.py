"""Profiles and inline specs: what --shoe accepts, and one clear error for what it does not."""

from __future__ import annotations

import pytest

from drivers.errors import ShoeConfigError, ShoeError
from drivers.profiles import build_source, list_profiles, load_profile, open_shoe, parse_spec
from drivers.serial_shoe import SerialShoe
from drivers.simulator import SimulatedShoe
from drivers.usb_shoe import UsbHidShoe


def test_shipped_profiles_load_and_build():
    names = list_profiles()
    assert {"sim", "sim-faults", "serial-lines", "serial-saopai", "serial-stx-etx", "usb-hid"} <= set(names)
    for name in names:
        profile = load_profile(name)
        source = build_source(profile)
        try:
            assert source.codec.name == profile.codec
        finally:
            if isinstance(source, SimulatedShoe):
                source.stop()


def test_profile_by_path(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('transport = "serial"\ncodec = "stx-etx"\n[options]\nport = "socket://127.0.0.1:9"\n'
                    'baudrate = 19200\n[codec_options]\ntoken_timeout = 0.5\n')
    profile = load_profile(str(path))
    assert (profile.name, profile.transport, profile.codec) == ("mine", "serial", "stx-etx")
    source = build_source(profile)
    assert isinstance(source, SerialShoe)
    assert source.settings["baudrate"] == 19200 and source.codec.token_timeout == 0.5


INLINE = [
    ("serial:/dev/ttyUSB0?codec=lines&baud=9600", "serial", "lines", {"port": "/dev/ttyUSB0", "baudrate": 9600}, {}),
    ("serial:socket://127.0.0.1:7000?codec=stx-etx&token_timeout=0.3", "serial", "stx-etx",
     {"port": "socket://127.0.0.1:7000"}, {"token_timeout": "0.3"}),
    ("serial:rfc2217://shoe.local:2217?ign_set_control?codec=saopai", "serial", "saopai",
     {"port": "rfc2217://shoe.local:2217?ign_set_control"}, {}),
    ("usb:0c2e:0b61?codec=hid-keyboard", "usb", "hid-keyboard", {"vid": 0x0C2E, "pid": 0x0B61}, {}),
    ("usb:0c2e:0b61:SN42", "usb", "hid-keyboard", {"vid": 0x0C2E, "pid": 0x0B61, "serial": "SN42"}, {}),
    ("sim?codec=saopai&seed=7", "sim", "saopai", {"seed": 7}, {}),
    ("sim", "sim", "lines", {}, {}),
    ("sim?codec=lines&misread_rate=0.1&disconnect_at=5&split_writes=yes&noread_tokens=ERR,NR", "sim", "lines",
     {"misread_rate": 0.1, "disconnect_at": 5, "split_writes": True}, {"noread_tokens": ["ERR", "NR"]}),
]


@pytest.mark.parametrize(("spec", "transport", "codec", "options", "codec_options"), INLINE)
def test_inline_specs(spec, transport, codec, options, codec_options):
    profile = load_profile(spec)
    assert (profile.transport, profile.codec) == (transport, codec)
    assert profile.options == options
    assert profile.codec_options == codec_options


BAD = [
    ("", "empty shoe spec"),
    ("nonesuch", "no shoe profile named 'nonesuch'"),
    ("serial:?codec=lines", "names no port"),
    ("serial:/dev/ttyUSB0?codec=morse", "unknown codec 'morse'"),
    ("serial:/dev/ttyUSB0?speed=9600", "no option 'speed'"),
    ("serial:/dev/ttyUSB0?baud=fast", "baudrate='fast'"),
    ("serial:/dev/ttyUSB0?parity=X", "parity"),
    ("usb:0c2e?codec=hid-keyboard", "usb:VID:PID"),
    ("usb:zz:0b61", "hex"),
    ("sim?misread_rate=2", "probability"),
    ("sim:/dev/x", "takes no address"),
    ("serial:/dev/ttyUSB0?codec=lines&prefix", "key=value"),
    ("serial:/dev/ttyUSB0?codec=lines&prefix=", None),  # a blank prefix is allowed
    ("/nonexistent/shoe.toml", "does not exist"),
]


@pytest.mark.parametrize(("spec", "message"), BAD)
def test_bad_specs_raise_one_clear_error(spec, message):
    if message is None:
        assert load_profile(spec).codec_options == {"prefix": ""}
        return
    with pytest.raises(ShoeConfigError) as info:
        source = open_shoe(spec)
        source.stop()
    assert message in str(info.value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, ShoeError)


def test_bad_profile_files(tmp_path):
    cases = {
        "broken.toml": ("transport = ", "not valid TOML"),
        "nokey.toml": ('codec = "lines"\n', "missing transport"),
        "extra.toml": ('transport = "sim"\ncodec = "lines"\nspeed = 3\n', "unknown key(s) speed"),
        "badopt.toml": ('transport = "usb"\ncodec = "hid-keyboard"\n[options]\nvid = "0c2e"\n', "needs vid and pid"),
    }
    for name, (text, message) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        with pytest.raises(ShoeConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
            load_profile(str(path))


def test_usb_spec_builds_usb_source_without_touching_the_bus():
    source = build_source(parse_spec("usb:0c2e:0b61?codec=hid-keyboard&read_timeout=0.2"))
    assert isinstance(source, UsbHidShoe)
    assert (source.vid, source.pid, source.read_timeout) == (0x0C2E, 0x0B61, 0.2)
    assert not source.can_draw
    with pytest.raises(ShoeError, match="real shoe"):
        source.draw()


def test_profile_header_is_json_able():
    import json

    header = load_profile("serial:/dev/ttyUSB0?on_open=05").to_header()
    assert json.loads(json.dumps(header))["options"]["on_open"] == "05"


def test_udev_rules_cover_the_shipped_usb_profile_and_parse():
    import re
    from pathlib import Path

    rules = Path(__file__).resolve().parents[3] / "config" / "udev" / "60-dealer-station-shoes.rules"
    pair = re.compile(r'^(SUBSYSTEM|ENV\{\w+\}|ATTRS?\{\w+\}|MODE|GROUP|TAG|SYMLINK)(==|\+=|=)"[^"]*"$')
    lines = [ln.strip() for ln in rules.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    assert lines
    for line in lines:
        for item in (p.strip() for p in line.split(", ")):
            assert pair.match(item), f"not a udev key/value: {item!r} in {line!r}"
    usb = load_profile("usb-hid").options
    wanted = f'ATTR{{idVendor}}=="{usb["vid"]:04x}", ATTR{{idProduct}}=="{usb["pid"]:04x}"'
    assert any(wanted in line and 'MODE="0660"' in line for line in lines)
