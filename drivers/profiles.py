"""Shoe profiles: which transport, which codec, which options; and :func:`open_shoe`.

A profile is a TOML file (``config/shoes/NAME.toml``)::

    description = "Serial shoe, one card per line"
    transport = "serial"          # serial | usb | sim
    codec = "lines"               # lines | saopai | stx-etx | hid-keyboard

    [options]                     # transport and reader options (see below)
    port = "/dev/ttyUSB0"
    baudrate = 9600

    [codec_options]               # codec options (drivers.codecs.make_codec)
    token_timeout = 1.0

or an inline spec (all options in the query string, codec options included)::

    serial:/dev/ttyUSB0?codec=lines&baud=9600
    serial:socket://127.0.0.1:7000?codec=stx-etx       (pyserial URLs allowed as the port)
    usb:0c2e:0b61?codec=hid-keyboard                   (VID:PID[:SERIAL], hex)
    sim?codec=saopai&seed=7&misread_rate=0.05
    replay:session.jsonl?speed=0                       (a recorded session or tty script)

Options by transport (reader options for all: ``read_timeout``, ``reconnect``,
``backoff_initial``, ``backoff_max``, ``reconnect_timeout``):

- serial: ``port``, ``baudrate`` (alias ``baud``), ``bytesize``, ``parity``, ``stopbits``,
  ``match`` (VID:PID[:SERIAL]), ``exclusive``, ``on_open`` (hex bytes sent after every open);
- usb: ``vid``, ``pid``, ``serial``, ``interface``, ``endpoint``, ``max_errors``;
- sim: ``seed``, ``misread_rate``, ``garbage_rate``, ``split_writes``, ``disconnect_at``,
  ``replug_after``, ``duplicate_at``, ``foreign_at``;
- replay: ``path`` (session ``.jsonl`` or umockdev ``.script``), ``speed`` (0 = as fast as possible,
  1 = recorded timing). The codec defaults to the one in the session's header.
"""

from __future__ import annotations

import json
import math
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl

from drivers.codecs import CODEC_OPTIONS, CODECS, RULE_OPTIONS, make_codec
from drivers.errors import ShoeConfigError
from drivers.source import ShoeSource
from drivers.util import short_repr

__all__ = ["ShoeProfile", "load_profile", "parse_spec", "build_source", "open_shoe", "profile_dirs",
           "list_profiles", "TRANSPORTS"]

TRANSPORTS = ("serial", "usb", "sim", "replay")
"""Transport names of profiles."""

_READER = {"read_timeout": float, "reconnect": bool, "backoff_initial": float, "backoff_max": float,
           "reconnect_timeout": float}
_TRANSPORT_OPTIONS: dict[str, dict[str, type]] = {
    "serial": {"port": str, "baudrate": int, "bytesize": int, "parity": str, "stopbits": float, "match": str,
               "exclusive": bool, "on_open": bytes, **_READER},
    "usb": {"vid": int, "pid": int, "serial": str, "interface": int, "endpoint": int, "max_errors": int, **_READER},
    "sim": {"seed": int, "misread_rate": float, "garbage_rate": float, "split_writes": bool, "disconnect_at": int,
            "replug_after": float, "duplicate_at": int, "foreign_at": int, **_READER},
    "replay": {"path": str, "speed": float, **_READER},
}
_SECONDS = {"read_timeout", "backoff_initial", "backoff_max", "reconnect_timeout", "replug_after", "token_timeout"}
"""Options that are a number of seconds: finite, 0 to :data:`MAX_SECONDS` (each transport narrows its own)."""
MAX_SECONDS = 86400.0
"""Longest time any shoe option may name, seconds (a day): a bound every timer and wait can reach."""
MIN_SPEED = 0.001
"""Slowest replay speed factor above 0 (a thousandth of the recorded pace): slower never ends."""
_ALIASES = {"baud": "baudrate"}
_HEX_OPTIONS = {"vid", "pid", "endpoint"}
_INLINE_FORMS = ("serial:/dev/ttyUSB0?codec=lines&baud=9600", "usb:0c2e:0b61?codec=hid-keyboard",
                 "sim?codec=saopai&seed=7")


@dataclass(frozen=True)
class ShoeProfile:
    """A shoe's transport, codec and options, as loaded from a profile file or an inline spec.

    ``options``: transport and reader options, typed; ``codec_options``: passed to
    :func:`drivers.codecs.make_codec`; ``source``: the file or spec it came from.
    """

    name: str
    transport: str
    codec: str
    options: dict = field(default_factory=dict)
    codec_options: dict = field(default_factory=dict)
    description: str = ""
    source: str = ""

    def to_header(self) -> dict:
        """JSON-able summary for a session file header."""
        options = {k: (v.hex() if isinstance(v, bytes) else v) for k, v in self.options.items()}
        return {"name": self.name, "transport": self.transport, "codec": self.codec, "options": options,
                "codec_options": self.codec_options, "source": self.source}


def profile_dirs() -> list[Path]:
    """Directories searched for ``NAME.toml``: ``$DEALER_STATION_SHOES`` (``os.pathsep``-separated),
    then ``config/shoes`` of the source tree.
    """
    dirs = [Path(p) for p in os.environ.get("DEALER_STATION_SHOES", "").split(os.pathsep) if p]
    dirs.append(Path(__file__).resolve().parents[1] / "config" / "shoes")
    return dirs


def list_profiles() -> list[str]:
    """Names of the profiles found in :func:`profile_dirs`, sorted."""
    names = {p.stem for d in profile_dirs() if d.is_dir() for p in d.glob("*.toml")}
    return sorted(names)


def _convert(transport: str, key: str, value: object) -> object:
    kind = _TRANSPORT_OPTIONS[transport][key]
    try:
        if kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise ValueError(value)
        if kind is int:
            if isinstance(value, bool):
                raise ValueError(value)
            if isinstance(value, int):
                return value
            return int(str(value), 16) if key in _HEX_OPTIONS else int(str(value), 0)
        if kind is bytes:
            return bytes.fromhex(str(value))
        if kind is float:
            if isinstance(value, bool):
                raise ValueError(value)
            return _number(key, value)
        return str(value)
    except (TypeError, ValueError, OverflowError) as err:
        if isinstance(err, ShoeConfigError):
            raise
        raise ShoeConfigError(f"option {key}={short_repr(value)} for a {transport} shoe must be "
                              f"{'hex' if key in _HEX_OPTIONS or kind is bytes else kind.__name__}") from err


def _number(key: str, value: object) -> float:
    """A float option: finite; a number of seconds 0..MAX_SECONDS; a replay speed 0 or MIN_SPEED..

    Raises ShoeConfigError naming the key and what is allowed (ValueError/OverflowError for a non-number).
    """
    number = float(value)  # type: ignore[arg-type]
    if not math.isfinite(number):
        raise ShoeConfigError(f"option {key}={short_repr(value)}: give a finite number")
    if key in _SECONDS and not 0 <= number <= MAX_SECONDS:
        raise ShoeConfigError(f"option {key}={short_repr(value)}: give 0 to {MAX_SECONDS:g} seconds")
    if key == "speed" and 0 < number < MIN_SPEED:
        raise ShoeConfigError(f"option speed={short_repr(value)}: give 0 (as fast as possible) or a factor of at "
                              f"least {MIN_SPEED:g}")
    return number


def _make_profile(name: str, transport: str, codec: str, options: dict, codec_options: dict, description: str,
                  source: str) -> ShoeProfile:
    if transport not in TRANSPORTS:
        raise ShoeConfigError(f"{source}: unknown transport {transport!r}: use one of {', '.join(TRANSPORTS)}")
    if codec not in CODECS:
        raise ShoeConfigError(f"{source}: unknown codec {codec!r}: use one of {', '.join(CODECS)}")
    typed: dict = {}
    allowed = _TRANSPORT_OPTIONS[transport]
    for key, value in options.items():
        key = _ALIASES.get(key, key)
        if key not in allowed:
            raise ShoeConfigError(f"{source}: a {transport} shoe has no option {key!r}: accepted are "
                                  f"{', '.join(sorted(allowed))}")
        typed[key] = _convert(transport, key, value)
    if transport == "serial" and not (typed.get("port") or typed.get("match")):
        raise ShoeConfigError(f"{source}: a serial shoe needs port= (e.g. /dev/ttyUSB0 or socket://host:port) "
                              f"or match=VID:PID")
    if transport == "replay" and not typed.get("path"):
        raise ShoeConfigError(f"{source}: a replay shoe needs path= (a session .jsonl or a .script)")
    if transport == "usb" and ("vid" not in typed or "pid" not in typed):
        raise ShoeConfigError(f"{source}: a usb shoe needs vid and pid (hex), e.g. usb:0c2e:0b61?codec=hid-keyboard")
    if "token_timeout" in codec_options and not isinstance(codec_options["token_timeout"], bool):
        try:  # checked here (finite, at most a day); the codec reads the value as given
            _number("token_timeout", codec_options["token_timeout"])
        except (TypeError, ValueError, OverflowError) as err:
            if isinstance(err, ShoeConfigError):
                raise ShoeConfigError(f"{source}: {err}") from None
            raise ShoeConfigError(f"{source}: option token_timeout={short_repr(codec_options['token_timeout'])} "
                                  "must be a number of seconds") from None
    make_codec(codec, codec_options)  # validates the codec options now, with their own messages
    return ShoeProfile(name, transport, codec, typed, dict(codec_options), description, source)


def parse_spec(spec: str) -> ShoeProfile:
    """Parse an inline spec (``serial:PORT?...``, ``usb:VID:PID[:SERIAL]?...``, ``sim?...``).

    Query keys that are codec options go to ``codec_options``; ``codec`` names the codec
    (default ``lines``; ``hid-keyboard`` for ``usb``). The port of a serial spec may be a
    pyserial URL; this spec's own options follow the *last* ``?``.

    Raises
    ------
    ShoeConfigError
        Unknown scheme, option or value; the message shows the accepted forms.
    """
    head, sep, query = spec.rpartition("?")
    if not sep:
        head, query = spec, ""
    scheme, _, rest = head.partition(":")
    if scheme not in TRANSPORTS:
        raise ShoeConfigError(f"cannot read shoe spec {spec!r}: use a profile name ({', '.join(list_profiles())}), "
                              f"a profile file, or an inline spec such as {' or '.join(_INLINE_FORMS)}")
    try:
        pairs = parse_qsl(query, keep_blank_values=True, strict_parsing=bool(query))
    except ValueError as err:
        raise ShoeConfigError(f"shoe spec {spec!r}: the part after '?' must be key=value pairs joined by '&'") \
            from err
    params = dict(pairs)
    seen: set[str] = set()
    for key, _ in pairs:  # dict() would keep the last of a repeated key without a word
        if key in seen:
            raise ShoeConfigError(f"shoe spec {spec!r}: {key} is given twice: give each option once")
        seen.add(key)
    codec = params.get("codec") or ("hid-keyboard" if scheme == "usb" else "lines")
    if "codec" not in params and scheme == "replay" and rest:
        codec = _session_codec(rest) or codec
    params.pop("codec", None)
    codec_keys = (RULE_OPTIONS | CODEC_OPTIONS.get(codec, set()))
    codec_options = {k: v for k, v in params.items() if k in codec_keys}
    options = {k: v for k, v in params.items() if k not in codec_keys}
    for key in ("noread_tokens", "cut_tokens"):
        if key in codec_options:
            codec_options[key] = [t for t in codec_options[key].split(",") if t]
    if scheme == "serial":
        if not rest and "match" not in options:
            raise ShoeConfigError(f"shoe spec {spec!r} names no port: write serial:/dev/ttyUSB0?codec=lines "
                                  f"or serial:?match=VID:PID[:SERIAL]")
        if rest:
            options["port"] = rest
    elif scheme == "usb":
        ids = rest.split(":") if rest else []
        if len(ids) not in (2, 3):
            raise ShoeConfigError(f"shoe spec {spec!r}: write usb:VID:PID[:SERIAL] in hex, e.g. "
                                  f"usb:0c2e:0b61?codec=hid-keyboard")
        options["vid"], options["pid"] = ids[0], ids[1]
        if len(ids) == 3:
            options["serial"] = ids[2]
    elif scheme == "replay":
        if not rest:
            raise ShoeConfigError(f"shoe spec {spec!r} names no file: write replay:session.jsonl?speed=0")
        options["path"] = rest
    elif rest:
        raise ShoeConfigError(f"shoe spec {spec!r}: a simulated shoe takes no address; write sim?codec=lines&seed=7")
    return _make_profile(head, scheme, codec, options, codec_options, "", spec)


def _session_codec(path: str) -> str | None:
    """The codec named in a session file's header, if it is one."""
    try:
        with open(path, encoding="utf-8") as fh:
            header = json.loads(fh.readline())
        codec = header["profile"]["codec"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return codec if codec in CODECS else None


def _load_file(path: Path) -> ShoeProfile:
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except OSError as err:
        raise ShoeConfigError(f"cannot read shoe profile {path}: {err.strerror}") from err
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as err:
        # RecursionError: tables or arrays nested deeper than the parser can follow
        raise ShoeConfigError(f"shoe profile {path} is not valid TOML: {err}") from err
    unknown = sorted(set(data) - {"description", "transport", "codec", "options", "codec_options", "name"})
    if unknown:
        raise ShoeConfigError(f"shoe profile {path}: unknown key(s) {', '.join(unknown)}; a profile has "
                              f"description, transport, codec, [options], [codec_options]")
    for key in ("transport", "codec"):
        if not isinstance(data.get(key), str):
            raise ShoeConfigError(f"shoe profile {path}: missing {key} = \"...\"")
    for key in ("options", "codec_options"):
        if not isinstance(data.get(key, {}), dict):
            raise ShoeConfigError(f"shoe profile {path}: [{key}] must be a table")
    return _make_profile(str(data.get("name", path.stem)), data["transport"], data["codec"], data.get("options", {}),
                         data.get("codec_options", {}), str(data.get("description", "")), str(path))


def _is_file(path: Path) -> bool:
    """``path.is_file()``, False for a name the file system refuses (too long, a NUL character)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def load_profile(spec: str) -> ShoeProfile:
    """A profile from a name (``config/shoes/NAME.toml``), a ``.toml`` path, or an inline spec.

    Raises
    ------
    ShoeConfigError
        Nothing by that name, a bad file, a bad spec; the message names the problem and the fix.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise ShoeConfigError(f"empty shoe spec: use a profile name ({', '.join(list_profiles())}) or an inline "
                              f"spec such as {_INLINE_FORMS[0]}")
    spec = spec.strip()
    scheme = spec.split("?", 1)[0].split(":", 1)[0]
    if scheme in TRANSPORTS and (":" in spec.split("?", 1)[0] or spec.startswith("sim")):
        return parse_spec(spec)
    path = Path(spec)
    if spec.endswith(".toml") or os.sep in spec:
        if not _is_file(path):
            raise ShoeConfigError(f"shoe profile file {spec} does not exist")
        return _load_file(path)
    for d in profile_dirs():
        candidate = d / f"{spec}.toml"
        if _is_file(candidate):
            return _load_file(candidate)
    raise ShoeConfigError(f"no shoe profile named {spec!r}: use one of {', '.join(list_profiles()) or '(none found)'}"
                          f", a profile file path, or an inline spec such as {' or '.join(_INLINE_FORMS)}")


def build_source(profile: ShoeProfile, *, tokens: list[str] | None = None) -> ShoeSource:
    """A new, not yet started :class:`ShoeSource` for ``profile``.

    ``tokens``: for a simulated shoe, the card tokens to deal (default: shuffled from ``seed``).
    Imports the transport module only now (pyusb is not needed for a serial shoe).

    Raises ShoeConfigError for options the transport refuses.
    """
    codec = make_codec(profile.codec, profile.codec_options)
    opts = dict(profile.options)
    reader = {k: opts.pop(k) for k in list(opts) if k in _READER}
    try:
        if profile.transport == "serial":
            from drivers.serial_shoe import SerialShoe

            port = opts.pop("port", "")
            if "stopbits" in opts and float(opts["stopbits"]).is_integer():
                opts["stopbits"] = int(opts["stopbits"])
            return SerialShoe(port, codec, **opts, **reader)
        if profile.transport == "usb":
            from drivers.usb_shoe import UsbHidShoe

            return UsbHidShoe(opts.pop("vid"), opts.pop("pid"), codec, **opts, **reader)
        if profile.transport == "replay":
            from drivers.replay import ReplayShoe

            return ReplayShoe(opts.pop("path"), codec, **opts, **reader)
        from drivers.simulator import SimFaults, SimulatedShoe

        seed = opts.pop("seed", None)
        return SimulatedShoe(codec, tokens=tokens, seed=seed, faults=SimFaults(**opts), **reader)
    except TypeError as err:
        raise ShoeConfigError(f"{profile.source}: {err}") from err
    except ValueError as err:
        if isinstance(err, ShoeConfigError):
            raise
        raise ShoeConfigError(f"{profile.source}: {err}") from err


def open_shoe(spec: str, *, tokens: list[str] | None = None) -> ShoeSource:
    """The shoe a ``--shoe`` argument names, ready to :meth:`~drivers.source.ShoeSource.start`.

    Parameters
    ----------
    spec : str
        Profile name, profile file path, or inline spec (see the module docstring).
    tokens : list of str, optional
        Simulated shoes only: the cards to deal, ``"CUT"`` for the cut card.

    Raises
    ------
    ShoeConfigError
        (also a ValueError) for anything wrong with the spec; nothing is opened yet, so device
        problems come later, from ``start()``.
    """
    return build_source(load_profile(spec), tokens=tokens)
