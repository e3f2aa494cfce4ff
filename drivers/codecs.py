"""The codecs by name: the table profiles choose from, and the factory that builds one with its options.

Codecs are pure objects fed bytes that return frames (:mod:`drivers.frames`); the template, its
timeouts and its promise never to raise: :class:`Codec` (:mod:`drivers.codec_base`). By the names
profiles spell:

``lines``, ``saopai``, ``stx-etx``
    A token per line, saopai card codes per line, ``STX payload ETX LRC`` frames (:mod:`drivers.framing`).
``hid-keyboard``
    Boot keyboard reports of a keyboard-wedge scanner (:mod:`drivers.hid_codec`).

Every codec turns a token's text into a frame by the same token rules (:mod:`drivers.tokens`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields

from drivers.codec_base import NOREAD, Codec
from drivers.errors import ShoeConfigError
from drivers.frames import Frame
from drivers.framing import LinesCodec, SaopaiCodec, StxEtxCodec
from drivers.hid_codec import HidKeyboardCodec
from drivers.pump import Pump
from drivers.tokens import TokenRules

__all__ = ["CODECS", "CODEC_OPTIONS", "NOREAD", "RULE_OPTIONS", "Codec", "decode_all", "make_codec"]


CODECS: dict[str, type[Codec]] = {c.name: c for c in (LinesCodec, SaopaiCodec, StxEtxCodec, HidKeyboardCodec)}
"""Codec classes by the name profiles use."""

RULE_OPTIONS = {f.name for f in fields(TokenRules) if f.init}
CODEC_OPTIONS = {
    "lines": {"token_timeout", "terminator"},
    "saopai": {"token_timeout", "terminator"},
    "stx-etx": {"token_timeout"},
    "hid-keyboard": {"token_timeout", "report_id"},
}


def _tuple(value: object, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, Iterable) and all(isinstance(v, str) for v in value):  # type: ignore[union-attr]
        return tuple(value)  # type: ignore[arg-type]
    raise ShoeConfigError(f"option {key} must be a string or a list of strings, got {value!r}")


def make_codec(name: str, options: dict | None = None) -> Codec:
    """A new codec by profile name with its options.

    Parameters
    ----------
    name : str
        ``lines``, ``saopai``, ``stx-etx`` or ``hid-keyboard``.
    options : dict, optional
        Token rules (``prefix``, ``suffix``, ``aim``, ``noread_tokens``, ``cut_tokens``, ``cards``,
        ``max_token``) and codec options (``token_timeout`` seconds; ``terminator`` for line
        codecs; ``report_id`` for ``hid-keyboard``). Unknown keys are refused.

    Raises
    ------
    ShoeConfigError
        Unknown codec or option, or a bad value; the message lists what is accepted.
    """
    if name not in CODECS:
        raise ShoeConfigError(f"unknown codec {name!r}: use one of {', '.join(CODECS)}")
    options = dict(options or {})
    allowed = RULE_OPTIONS | CODEC_OPTIONS[name]
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise ShoeConfigError(f"codec {name} has no option {', '.join(unknown)}: accepted are "
                              f"{', '.join(sorted(allowed))}")
    rule_kw: dict = {k: options.pop(k) for k in list(options) if k in RULE_OPTIONS}
    for key in ("noread_tokens", "cut_tokens"):
        if key in rule_kw:
            rule_kw[key] = _tuple(rule_kw[key], key)
    if name == "saopai":
        rule_kw.setdefault("cards", "saopai")
    try:
        if "aim" in rule_kw:
            rule_kw["aim"] = _bool(rule_kw["aim"], "aim")
        if "max_token" in rule_kw:
            rule_kw["max_token"] = int(rule_kw["max_token"])
        if "token_timeout" in options:
            options["token_timeout"] = float(options["token_timeout"])
        if options.get("report_id") is not None:
            options["report_id"] = int(str(options["report_id"]), 0)
        rules = TokenRules(**rule_kw)
        return CODECS[name](rules, **options)
    except (TypeError, ValueError) as err:
        if isinstance(err, ShoeConfigError):
            raise
        raise ShoeConfigError(f"codec {name}: bad option value ({err})") from err


def _bool(value: object, key: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on", "0", "false", "no", "off"):
        return value.lower() in ("1", "true", "yes", "on")
    raise ShoeConfigError(f"option {key} must be true or false, got {value!r}")


def decode_all(codec: Codec, chunks: Sequence[bytes]) -> list[Frame]:
    """Feed every chunk then flush, through a :class:`~drivers.pump.Pump`: all frames of a finished byte stream."""
    frames: list[Frame] = []
    pump = Pump(codec, frames.append, noting=False)
    for chunk in chunks:
        pump.feed(chunk, 0.0)
    pump.flush()
    return frames
