"""USB HID boot-keyboard reports: usage ids, US layout, and report-to-key decoding.

A boot keyboard report is 8 bytes: modifier bits, a reserved byte, then up to six usage ids of
the keys held down (0 = none). A key press is a usage present in a report and absent from the
previous one (reports overlap when keys are typed fast, so comparing with the previous report is
the only correct way). Shift is either modifier bit 0x02 (left) or 0x20 (right); Ctrl 0x01/0x10;
Alt 0x04/0x40; GUI 0x08/0x80. Usage 0x01 (ErrorRollOver) fills the key slots when too many keys
are down: that report says nothing about which keys were pressed.

Pure functions and a small stateful :class:`KeyTracker`; no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

__all__ = ["REPORT_SIZE", "ROLLOVER", "ENTER_KEYS", "KeyPress", "KeyTracker", "key_text", "keys_for_char",
           "reports_for_text", "is_reserved_usage", "decode_text"]

REPORT_SIZE = 8
"""Bytes in a boot keyboard report (without a report-id byte)."""
ROLLOVER = 0x01
"""Usage ErrorRollOver: too many keys down, no key information in this report."""
ENTER_KEYS = (0x28, 0x58)
"""Enter and keypad Enter: the end of a scanned token."""

_MOD_CTRL, _MOD_SHIFT, _MOD_ALT, _MOD_GUI = 0x11, 0x22, 0x44, 0x88

# usage id -> (unshifted, shifted) for printable keys, US layout.
_PRINTABLE: dict[int, tuple[str, str]] = {}
for _i, _c in enumerate("abcdefghijklmnopqrstuvwxyz"):
    _PRINTABLE[0x04 + _i] = (_c, _c.upper())
for _i, (_a, _b) in enumerate(zip("1234567890", "!@#$%^&*()", strict=True)):
    _PRINTABLE[0x1E + _i] = (_a, _b)
_PRINTABLE.update({
    0x2C: (" ", " "), 0x2D: ("-", "_"), 0x2E: ("=", "+"), 0x2F: ("[", "{"), 0x30: ("]", "}"),
    0x31: ("\\", "|"), 0x32: ("#", "~"), 0x33: (";", ":"), 0x34: ("'", '"'), 0x35: ("`", "~"),
    0x36: (",", "<"), 0x37: (".", ">"), 0x38: ("/", "?"),
    0x54: ("/", "/"), 0x55: ("*", "*"), 0x56: ("-", "-"), 0x57: ("+", "+"),
    0x59: ("1", "1"), 0x5A: ("2", "2"), 0x5B: ("3", "3"), 0x5C: ("4", "4"), 0x5D: ("5", "5"),
    0x5E: ("6", "6"), 0x5F: ("7", "7"), 0x60: ("8", "8"), 0x61: ("9", "9"), 0x62: ("0", "0"), 0x63: (".", "."),
})
_NAMES: dict[int, str] = {
    0x28: "ENTER", 0x29: "ESC", 0x2A: "BS", 0x2B: "TAB", 0x39: "CAPSLOCK",
    0x46: "PRTSC", 0x47: "SCROLLLOCK", 0x48: "PAUSE", 0x49: "INS", 0x4A: "HOME", 0x4B: "PGUP",
    0x4C: "DEL", 0x4D: "END", 0x4E: "PGDN", 0x4F: "RIGHT", 0x50: "LEFT", 0x51: "DOWN", 0x52: "UP",
    0x53: "NUMLOCK", 0x58: "ENTER", 0x65: "MENU",
}
for _i in range(12):
    _NAMES[0x3A + _i] = f"F{_i + 1}"
for _i in range(12):
    _NAMES[0x68 + _i] = f"F{_i + 13}"

_CHAR_KEYS: dict[str, tuple[int, int]] = {}
for _usage, (_plain, _shifted) in sorted(_PRINTABLE.items()):
    if _usage >= 0x54:  # prefer the main block over the keypad when encoding
        continue
    _CHAR_KEYS.setdefault(_plain, (0, _usage))
    _CHAR_KEYS.setdefault(_shifted, (0x02, _usage))
_CHAR_KEYS["\r"] = (0, 0x28)
_CHAR_KEYS["\n"] = (0, 0x28)
_CHAR_KEYS["\t"] = (0, 0x2B)


def is_reserved_usage(usage: int) -> bool:
    """True for usage ids no keyboard sends as a key (POSTFail, ErrorUndefined, reserved ranges)."""
    return usage in (0x02, 0x03) or 0xA5 <= usage <= 0xAF or 0xDE <= usage <= 0xDF or usage >= 0xE8


@dataclass(frozen=True, slots=True)
class KeyPress:
    """One newly pressed key: ``usage`` id and the ``modifiers`` byte of the report it came in."""

    usage: int
    modifiers: int

    @property
    def shift(self) -> bool:
        """Either Shift key held (bits 0x02 or 0x20)."""
        return bool(self.modifiers & _MOD_SHIFT)


def key_text(press: KeyPress) -> str:
    r"""Text of a key press as ``capture-text`` prints it.

    Printable keys give their character (shift honoured, Ctrl/Alt/GUI combinations excepted),
    Enter ``"\n"``, Tab ``"\t"``, any other key ``"<NAME>"`` (``<ESC>``, ``<BS>``, ``<LEFT>``,
    ``<F5>``), combinations ``"<CTRL+c>"``, ``"<ALT+x>"``, unknown usages ``"<0xNN>"``.
    """
    usage, mods = press.usage, press.modifiers
    prefix = "".join(name + "+" for bits, name in ((_MOD_CTRL, "CTRL"), (_MOD_ALT, "ALT"), (_MOD_GUI, "GUI"))
                     if mods & bits)
    if usage in _PRINTABLE:
        char = _PRINTABLE[usage][1 if press.shift else 0]
        return f"<{prefix}{char}>" if prefix else char
    if not prefix and usage in ENTER_KEYS:
        return "\n"
    if not prefix and usage == 0x2B:
        return "\t"
    name = _NAMES.get(usage, f"0x{usage:02X}")
    if press.shift and prefix:
        prefix += "SHIFT+"
    elif press.shift and usage not in _PRINTABLE:
        prefix = "SHIFT+"
    return f"<{prefix}{name}>"


class KeyTracker:
    """Turns successive boot reports into newly pressed keys by comparing with the previous report.

    Feed reports in order with :meth:`presses`; state is the previous report's key set.
    """

    def __init__(self) -> None:
        self._down: frozenset[int] = frozenset()

    def reset(self) -> None:
        """Forget the previous report (after a reconnect: no key is down)."""
        self._down = frozenset()

    def presses(self, report: bytes) -> list[KeyPress]:
        """Newly pressed keys of an 8-byte report, in slot order. ErrorRollOver reports give ``[]``
        and leave the previous key set in place (they carry no key information).
        """
        if len(report) < 3:
            return []
        mods = report[0]
        keys = [k for k in report[2:REPORT_SIZE] if k]
        if ROLLOVER in keys:
            return []
        new = [KeyPress(k, mods) for k in keys if k not in self._down]
        self._down = frozenset(keys)
        return new


def decode_text(reports: Iterable[bytes]) -> str:
    """The text typed by a sequence of 8-byte boot reports, as :func:`key_text` renders each key."""
    tracker = KeyTracker()
    return "".join(key_text(p) for r in reports for p in tracker.presses(r))


def keys_for_char(char: str) -> tuple[int, int]:
    """``(modifiers, usage)`` that types ``char`` on a US keyboard. Raises ValueError if none does."""
    try:
        return _CHAR_KEYS[char]
    except KeyError:
        raise ValueError(f"no US keyboard key types {char!r}") from None


def reports_for_text(text: str, report_id: int | None = None) -> Iterator[bytes]:
    """Reports a keyboard-wedge scanner sends to type ``text``: key-down then all-zero key-up per character.

    With ``report_id`` each report is prefixed by that byte (9 bytes). Raises ValueError for a
    character no key types.
    """
    head = b"" if report_id is None else bytes([report_id])
    for char in text:
        mods, usage = keys_for_char(char)
        yield head + bytes([mods, 0, usage, 0, 0, 0, 0, 0])
        yield head + bytes(REPORT_SIZE)
