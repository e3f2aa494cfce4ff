"""Raw shoe sessions: recording bytes as they arrive, reading them back for replay.

Session files (``dealer-station record``) are JSON lines: a header object, then one object
per chunk of bytes as the reader got it::

    {"format": "dealer-station-shoe-session", "version": 1, "profile": {...}, "port": {...},
     "started": "2026-11-30T04:00:00.000000+00:00"}
    {"t": 0.412345, "dir": "rx", "hex": "41530d0a"}

``t`` is seconds since the recording started (float, monotonic clock). Every line is
flushed when written, so a crash loses at most the line being written; a torn last line (no
newline, not JSON) is dropped on reading, with a warning naming the file and line.

Besides ``rx`` (what the shoe sent) a session may hold ``tx`` lines (bytes sent to the shoe, with
``hex``), ``link`` lines (``{"t", "dir": "link", "event": "connected" | "lost", "detail"}``) and
``act`` lines (a dealer's, supervisor's or the betting timer's act, replayed by QA replay:
``{"t", "dir": "act", "by": "dealer" | "supervisor" | "timer", "act", "args", ...}``); lines of
another ``dir`` are kept as they are, for readers that know them. :func:`parse_session` is the one
reader: every line, each with its time checked (a number of seconds, finite, not negative, not
past :data:`MAX_SESSION_SECONDS`, never before the previous line's), for ``--shoe replay:`` and QA
replay alike.

Also read here: umockdev tty scripts (``hw_fixtures/serial/*.script``), whose ``r`` lines
are what a device sent, with the delay in milliseconds since the previous operation.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple, TextIO

import structlog

from drivers.errors import ShoeError
from drivers.frames import Connected, ConnectionLost

__all__ = ["MAX_SESSION_SECONDS", "SESSION_FORMAT", "SessionFormatError", "SessionLine", "SessionRecorder", "Session",
           "check_time", "link_event", "parse_session", "read_session", "iter_chunks", "read_tty_script",
           "torn_line_message", "escape_script", "unescape_script"]

log = structlog.get_logger(__name__)

SESSION_FORMAT = "dealer-station-shoe-session"
"""Value of the header's ``format`` key."""

MAX_SESSION_SECONDS = 366 * 86400.0
"""Latest time a session or script line may carry, seconds from its start (a year): later is no
recording (a corrupt file, that would overflow a replay's clock or stall its pacing)."""


class SessionFormatError(ShoeError, ValueError):
    """A session or script file that cannot be read; the message names the file and line."""


class SessionRecorder:
    """Appends a shoe's raw bytes to a session file; use as the ``raw_sink`` of ``ShoeSource.start``.

    Parameters
    ----------
    path : str or Path
        File to create (an existing file is refused rather than overwritten).
    profile : dict
        The profile's header summary (``ShoeProfile.to_header()``).
    port : dict, optional
        Port settings worth keeping (baud rate, VID:PID ...).

    Raises
    ------
    SessionFormatError
        The file exists or cannot be created.

    Notes
    -----
    A write that fails (disk full, I/O error) ends the recording: the file keeps every read up
    to it (its last line may be torn, which readers skip), ``error`` says why and ``lost``
    counts the reads not written from then on. Nothing is raised on the reader thread.
    """

    def __init__(self, path: str | os.PathLike, profile: dict, port: dict | None = None,
                 clock=time.monotonic) -> None:
        self.path = Path(path)
        try:
            self._fh: TextIO = self.path.open("x", encoding="utf-8")
        except FileExistsError as err:
            raise SessionFormatError(f"{self.path} exists: choose another file name (sessions are never "
                                     f"overwritten)") from err
        except OSError as err:
            raise SessionFormatError(f"cannot create {self.path}: {err.strerror}") from err
        self._t0 = clock()
        self.chunks = 0
        self.bytes = 0
        self.lost = 0
        """Reads not written because of :attr:`error`."""
        self.error: str | None = None
        """Why writing stopped (the first failed write or close), or None."""
        header = {"format": SESSION_FORMAT, "version": 1, "profile": profile, "port": port or {},
                  "started": datetime.now(UTC).isoformat()}
        self._write(header)

    def _write(self, obj: dict) -> None:
        self._fh.write(json.dumps(obj, separators=(",", ":")) + "\n")
        self._fh.flush()

    def __call__(self, t: float, data: bytes) -> None:
        """Record ``data`` received at monotonic time ``t`` (seconds); counted in ``lost`` once writing failed."""
        if self.error is not None:
            self.lost += 1
            return
        if self._fh.closed:
            return
        try:
            self._write({"t": round(max(0.0, t - self._t0), 6), "dir": "rx", "hex": data.hex()})
        except OSError as err:
            self._failed(err)
            self.lost += 1
            return
        self.chunks += 1
        self.bytes += len(data)

    def _failed(self, err: OSError) -> None:
        if self.error is None:
            self.error = f"cannot write {self.path}: {err.strerror or err}"
            log.error("session_write_failed", path=str(self.path), error=self.error, chunks=self.chunks)

    def close(self) -> None:
        """Flush to disk and close (fsync: a recorded session is evidence); a failure sets ``error``."""
        if self._fh.closed:
            return
        try:
            self._fh.flush()
            os.fsync(self._fh.fileno())
        except OSError as err:
            self._failed(err)
        finally:
            try:
                self._fh.close()
            except OSError as err:
                self._failed(err)

    def __enter__(self) -> SessionRecorder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class SessionLine(NamedTuple):
    """One line of a session after its header, its time checked.

    ``t``: seconds from the session's start (float, finite, 0 <= t <= :data:`MAX_SESSION_SECONDS`, never
    less than the previous line's); ``dir``: ``"rx"`` (the default), ``"tx"``, ``"link"``, ``"act"`` or
    another direction as written; ``data``: the bytes of an ``rx``/``tx`` line (``b""`` for others);
    ``fields``: the line's JSON object as written; ``number``: its line number in the file (1-based).
    Immutable (a named tuple: a session has one per read, made fast).
    """

    t: float
    dir: str
    data: bytes
    fields: dict
    number: int


@dataclass
class Session:
    """A recorded session: ``header`` dict and ``lines`` (every :class:`SessionLine` after the header).

    Iterating gives the ``rx`` chunks ``(t seconds, bytes)``, as :attr:`chunks` lists them.
    """

    header: dict
    lines: list[SessionLine] = field(default_factory=list)
    dropped: str | None = None
    """The torn last line that was dropped (``FILE:LINE: ...``), or None."""

    @property
    def chunks(self) -> list[tuple[float, bytes]]:
        """What the shoe sent: ``(t seconds, bytes)`` of each ``rx`` line, in order."""
        return [(line.t, line.data) for line in self.lines if line.dir == "rx"]

    def __iter__(self) -> Iterator[tuple[float, bytes]]:
        return iter(self.chunks)

    @property
    def data(self) -> bytes:
        """All received bytes, concatenated."""
        return b"".join(d for _, d in self.chunks)


_SCAN = json.JSONDecoder().scan_once


def _json_line(line: str) -> object:
    """The one JSON value of a session line, as ``json.loads(line)`` reads it (same value, same errors),
    without its per-call set-up on the usual line (a session has a line per read). Raises ValueError
    (RecursionError for nesting too deep).
    """
    text = line.strip(" \t\r\n")
    try:
        value, end = _SCAN(text, 0)
    except (StopIteration, ValueError):
        return json.loads(line)  # not JSON: json.loads says where, in its own words
    if end != len(text):
        return json.loads(line)  # extra data after the value
    return value


def torn_line_message(where: str, line: str) -> str:
    """What is said of a torn last line ``where`` (``FILE:LINE``) that was dropped."""
    return (f"{where}: the last line is torn (no newline, not JSON: the recording stopped while writing it); "
            f"dropped, not replayed: {line[:80]!r}")


def check_time(t: object, previous: float) -> float:
    """A line's ``t`` as seconds from the session's start, checked; ``previous``: the last line's.

    Raises ValueError when ``t`` is not a number of seconds (finite, 0 <= t <= :data:`MAX_SESSION_SECONDS`)
    or is before ``previous`` (the recorder's clock is monotonic: a line that goes back is a damaged file).
    """
    try:
        seconds = float(t)  # type: ignore[arg-type]  # TypeError / ValueError for what is no number
    except OverflowError as err:  # an integer of 400 digits
        raise ValueError(f"t={str(t)[:20]}... is not a time in seconds from 0 to {MAX_SESSION_SECONDS:g}") from err
    if not 0 <= seconds <= MAX_SESSION_SECONDS:  # nan, Infinity, 1e308: no reader's clock gets there
        raise ValueError(f"t={seconds!r} is not a time in seconds from 0 to {MAX_SESSION_SECONDS:g}")
    if seconds < previous:
        raise ValueError(f"t={seconds} goes back in time (previous line t={previous})")
    return seconds


def link_event(fields: dict) -> Connected | ConnectionLost:
    """The frame of a ``link`` line (or journal input): ``event`` ``connected`` or ``lost``, ``detail`` text.

    Raises ValueError for another event.
    """
    event = fields.get("event")
    detail = str(fields.get("detail") or "")
    if event == "connected":
        return Connected(detail)
    if event == "lost":
        return ConnectionLost(detail or None)
    raise ValueError(f"link event {event!r}: use 'connected' or 'lost'")


def _check_act(fields: dict) -> None:
    """The shape of an ``act`` line (the act's name is the replay's to check). Raises ValueError."""
    by = fields.get("by")
    if not isinstance(fields.get("args") or {}, dict):
        raise ValueError("args must be an object")
    if by == "supervisor":
        for key in ("user", "reason", "note"):
            if not isinstance(fields.get(key), str) or not fields[key].strip():
                raise ValueError(f"a supervisor act needs {key!r} (text)")
    elif by not in ("dealer", "timer"):
        raise ValueError(f"act by {by!r}: use 'dealer', 'supervisor' or 'timer'")
    if by != "timer" and not isinstance(fields.get("act"), str):
        raise ValueError(f"act {fields.get('act')!r}: name the act (text)")


def parse_session(text: str, path: str | os.PathLike) -> Session:
    """Every line of a session file's ``text`` (``path`` names it in messages), each with its time checked.

    The first non-blank line is the header (``format`` = :data:`SESSION_FORMAT`); after it each
    non-blank line is a JSON object with ``t`` (:func:`check_time`: finite, 0 to
    :data:`MAX_SESSION_SECONDS`, in order) and ``dir`` (default ``"rx"``). ``rx`` and ``tx`` lines
    need ``hex``; ``link`` lines a known ``event`` (:func:`link_event`); ``act`` lines ``by`` (and a
    supervisor's ``user``, ``reason`` and ``note``) and ``args`` an object. A last line that has no
    newline and is not JSON is torn (the recorder stopped while writing it): it is dropped and named
    in :attr:`Session.dropped`; nothing is logged here (the caller says it its own way).

    Returns a :class:`Session`. Raises SessionFormatError naming ``FILE:LINE`` for the header or any
    other bad line.
    """
    lines = text.split("\n")
    torn_last = not text.endswith("\n")
    session: Session | None = None
    out: list[SessionLine] = []
    append = out.append
    new_line = tuple.__new__  # a SessionLine without the named tuple's keyword handling (one per line)
    last_t = 0.0
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        number = index + 1
        try:
            obj = _json_line(line)
        except (ValueError, RecursionError) as err:  # JSONDecodeError, a number too long, nesting too deep
            if number == len(lines) and torn_last:
                if session is not None:  # (a torn header alone is an empty session: refused below)
                    session.dropped = torn_line_message(f"{path}:{number}", line)
                break
            raise SessionFormatError(f"{path}:{number}: bad session line ({err}): "
                                     f"{line[:80]!r}") from err
        if session is None:
            if not isinstance(obj, dict) or obj.get("format") != SESSION_FORMAT:
                found = obj.get("format") if isinstance(obj, dict) else None
                raise SessionFormatError(f"{path}:{number}: not a shoe session (header format is {found!r}, "
                                         f"expected {SESSION_FORMAT!r})")
            session = Session(obj)
            continue
        try:
            if not isinstance(obj, dict):
                raise ValueError("not a JSON object")
            t = obj["t"]
            if t.__class__ is not float or not last_t <= t <= MAX_SESSION_SECONDS:  # (NaN fails it too)
                t = check_time(t, last_t)  # the usual line skips the call; the rest is checked there
            direction = obj.get("dir", "rx")
            if direction == "rx" or direction == "tx":
                append(new_line(SessionLine, (t, direction, bytes.fromhex(obj["hex"]), obj, number)))
            else:
                if direction == "link":
                    link_event(obj)
                elif direction == "act":
                    _check_act(obj)
                append(new_line(SessionLine, (t, direction, b"", obj, number)))
        except (ValueError, KeyError, TypeError) as err:
            raise SessionFormatError(f"{path}:{number}: bad session line ({err}): {line[:80]!r}") from err
        last_t = t
    if session is None:
        raise SessionFormatError(f"{path} is empty: no session header")
    session.lines = out
    return session


def read_session(path: str | os.PathLike) -> Session:
    """Read a session file written by :class:`SessionRecorder` (:func:`parse_session`: every line, times checked).

    A torn last line (no newline and not JSON: a crash while writing) is dropped: logged as
    ``session_torn_line_dropped`` (a warning naming the file and line) and kept in :attr:`Session.dropped`.

    Raises
    ------
    SessionFormatError
        Missing file, wrong format, a bad time, or a bad line other than a torn last one; names the line.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise SessionFormatError(f"cannot read session {path}: {err.strerror}") from err
    except UnicodeDecodeError as err:
        raise SessionFormatError(f"{path} is not a session file (not UTF-8 text)") from err
    session = parse_session(text, path)
    if session.dropped is not None:
        lines = text.split("\n")
        log.warning("session_torn_line_dropped", path=str(path), line=len(lines), text=lines[-1][:80],
                    chunks=len(session.chunks))
    return session


def iter_chunks(path: str | os.PathLike) -> Iterator[tuple[float, bytes]]:
    """``(t seconds from start, bytes)`` of a session file or a umockdev tty script (``.script``)."""
    if str(path).endswith(".script"):
        yield from read_tty_script(path)
    else:
        yield from read_session(path)


def escape_script(data: bytes) -> str:
    """Escape bytes as umockdev scripts do: bytes below 32 as ``^`` + chr(b + 64), ``^`` as ``^```."""
    out = []
    for b in data:
        if b == 0x5E:
            out.append("^`")
        elif b < 32:
            out.append("^" + chr(b + 64))
        else:
            out.append(chr(b))
    return "".join(out)


def unescape_script(text: str) -> bytes:
    """Inverse of :func:`escape_script` (characters above 255 are encoded as UTF-8, as written)."""
    out = bytearray()
    i = 0
    while i < len(text):
        c = text[i]
        if c == "^" and i + 1 < len(text):
            nxt = text[i + 1]
            out.append(0x5E if nxt == "`" else (ord(nxt) - 64) & 0xFF)
            i += 2
            continue
        out += c.encode("latin-1") if ord(c) < 256 else c.encode("utf-8")
        i += 1
    return bytes(out)


def read_tty_script(path: str | os.PathLike) -> list[tuple[float, bytes]]:
    """The ``r`` (device → program) chunks of a umockdev tty script as ``(t seconds, bytes)``.

    ``t`` accumulates the delays of every operation (``r`` and ``w``). ``#`` comments and ``f``
    lines are skipped; ``Q`` ends the script.

    Raises SessionFormatError for a missing file or a malformed line (names the line): an unknown
    operation, a delay that is not a whole number of milliseconds or is negative (time goes back), or
    a time past :data:`MAX_SESSION_SECONDS`.
    """
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as err:
        raise SessionFormatError(f"cannot read script {path}: {err.strerror}") from err
    chunks: list[tuple[float, bytes]] = []
    t = 0.0
    for number, line in enumerate(raw.decode("latin-1").split("\n"), 1):
        if not line or line.startswith("#"):
            continue
        op, _, rest = line.partition(" ")
        if op == "Q":
            break
        if op not in ("r", "w", "f"):
            raise SessionFormatError(f"{path}:{number}: unknown script operation {op!r} (r, w, f, Q, #)")
        delay, _, data = rest.partition(" ")
        try:
            ms = int(delay)
        except ValueError as err:
            raise SessionFormatError(f"{path}:{number}: delay {delay!r} is not a number of milliseconds") from err
        if op == "f":
            continue
        if ms < 0:
            raise SessionFormatError(f"{path}:{number}: delay {ms} ms goes back in time (a delay is 0 or more)")
        if ms > (MAX_SESSION_SECONDS - t) * 1000.0:  # (compared before dividing: a huge delay is no float)
            raise SessionFormatError(f"{path}:{number}: delay {delay[:20]} ms takes the script past a year "
                                     f"({MAX_SESSION_SECONDS:g} s): no recording is that long")
        t += ms / 1000.0
        if op == "r":
            chunks.append((round(t, 6), unescape_script(data)))
    return chunks
