"""Raw shoe sessions: recording bytes as they arrive, reading them back for replay.

Session files (``dealer-station record``) are JSON lines: a header object, then one object
per chunk of bytes as the reader got it::

    {"format": "dealer-station-shoe-session", "version": 1, "profile": {...}, "port": {...},
     "started": "2026-11-30T04:00:00.000000+00:00"}
    {"t": 0.412345, "dir": "rx", "hex": "41530d0a"}

``t`` is seconds since the recording started (float, monotonic clock). Every line is
flushed when written, so a crash loses at most the line being written; a torn last line (no
newline, not JSON) is dropped on reading, with a warning naming the file and line.

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
from typing import TextIO

import structlog

from drivers.errors import ShoeError

__all__ = ["SESSION_FORMAT", "SessionFormatError", "SessionRecorder", "Session", "read_session", "iter_chunks",
           "read_tty_script", "escape_script", "unescape_script"]

log = structlog.get_logger(__name__)

SESSION_FORMAT = "dealer-station-shoe-session"
"""Value of the header's ``format`` key."""
MAX_SESSION_SECONDS = 366 * 86400.0
"""Latest time a session line may carry, seconds from the start (a year): later is no recording."""


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


@dataclass
class Session:
    """A recorded session: ``header`` dict and ``chunks`` list of ``(t seconds, bytes)``."""

    header: dict
    chunks: list[tuple[float, bytes]] = field(default_factory=list)
    dropped: str | None = None
    """The torn last line that was dropped (``FILE:LINE: ...``), or None."""

    def __iter__(self) -> Iterator[tuple[float, bytes]]:
        return iter(self.chunks)

    @property
    def data(self) -> bytes:
        """All received bytes, concatenated."""
        return b"".join(d for _, d in self.chunks)


def read_session(path: str | os.PathLike) -> Session:
    """Read a session file written by :class:`SessionRecorder`.

    Only ``"dir": "rx"`` chunks are kept. A torn last line (no newline and not JSON: a crash while
    writing) is dropped: logged as ``session_torn_line_dropped`` (a warning naming the file and
    line) and kept in :attr:`Session.dropped`.

    Raises
    ------
    SessionFormatError
        Missing file, wrong format, or a bad line other than the last; names the line.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise SessionFormatError(f"cannot read session {path}: {err.strerror}") from err
    except UnicodeDecodeError as err:
        raise SessionFormatError(f"{path} is not a session file (not UTF-8 text)") from err
    lines = text.split("\n")
    torn_last = not text.endswith("\n")
    session: Session | None = None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        is_last = number == len(lines)
        try:
            obj = json.loads(line)
            if not isinstance(obj, dict):
                raise ValueError("not an object")
            if session is None:
                if obj.get("format") != SESSION_FORMAT:
                    raise SessionFormatError(f"{path}:{number}: not a shoe session (header format is "
                                             f"{obj.get('format')!r}, expected {SESSION_FORMAT!r})")
                session = Session(obj)
                continue
            if obj.get("dir", "rx") != "rx":
                continue
            t = float(obj["t"])
            if not 0 <= t <= MAX_SESSION_SECONDS:  # nan, Infinity, 1e308: no reader's clock gets there
                raise ValueError(f"t={t!r} is not a time in seconds from 0 to {MAX_SESSION_SECONDS:g}")
            data = bytes.fromhex(obj["hex"])
        except SessionFormatError:
            raise
        except (ValueError, KeyError, TypeError, OverflowError, RecursionError) as err:
            if is_last and torn_last:
                if session is not None:  # (a torn header alone is an empty session: refused below)
                    session.dropped = (f"{path}:{number}: the last line is torn (no newline, not JSON: the "
                                       f"recording stopped while writing it); dropped, not replayed: {line[:80]!r}")
                    log.warning("session_torn_line_dropped", path=str(path), line=number, text=line[:80],
                                chunks=len(session.chunks))
                break
            raise SessionFormatError(f"{path}:{number}: bad session line ({err}): {line[:80]!r}") from err
        session.chunks.append((t, data))
    if session is None:
        raise SessionFormatError(f"{path} is empty: no session header")
    return session


def iter_chunks(path: str | os.PathLike) -> Iterator[tuple[float, bytes]]:
    """``(t seconds from start, bytes)`` of a session file or a umockdev tty script (``.script``)."""
    if str(path).endswith(".script"):
        yield from read_tty_script(path)
    else:
        yield from read_session(path)


def escape_script(data: bytes) -> str:
    """umockdev script escaping: bytes below 32 as ``^`` + chr(b + 64), ``^`` as ``^```."""
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

    Raises SessionFormatError for a missing file or a malformed line (names the line).
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
        t += ms / 1000.0
        if op == "r":
            chunks.append((round(t, 6), unescape_script(data)))
    return chunks
