"""Reading recordings into replay steps: record sessions, journal exports, tty scripts, USB captures.

The session kinds and their lines are described in :mod:`dealer_station.app.replay`. Each reader
returns a :class:`ReplaySession`: the recording's steps in time order, the codec it names, its start.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import NamedTuple

from dealer_station.app.clock import parse_time
from dealer_station.app.shoe_inputs import shoe_frame
from dealer_station.domain.acts import FrameKind, LinkEvent
from dealer_station.domain.inputs import (
    DealerInput,
    FrameInput,
    JournalFailed,
    JournalResumed,
    LinkInput,
    PublisherRefusal,
    StopInput,
    SupervisorInput,
    TimerInput,
    UnknownInput,
)
from dealer_station.domain.staff import Actor
from dealer_station.domain.table import DEALER_ACTS, STAFF_ACTS, SUPERVISOR_ACTS
from dealer_station.journal.codec import decode_input
from drivers.codecs import CODECS
from drivers.errors import ShoeConfigError
from drivers.frames import Connected, ConnectionLost, NoReadReason
from drivers.sessions import (
    SESSION_FORMAT,
    SessionFormatError,
    _json_line,
    link_event,
    parse_session,
    read_tty_script,
    torn_line_message,
)

__all__ = ["EPOCH", "ReplayError", "ReplaySession", "SESSION_KINDS", "Step", "StepKind", "load_session",
           "torn_line_message", "with_acts", "_json_line"]

SESSION_KINDS = ("record", "journal", "script", "capture")
"""Kinds of recordings :func:`load_session` reads."""

EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
"""The replay clock's origin when a session does not say when it started."""


class ReplayError(ValueError):
    """A session that cannot be replayed (unreadable, unknown kind or codec); the message names the file."""


class StepKind(StrEnum):
    """What a replay :class:`Step` is (its ``kind``)."""

    BYTES = "bytes"
    """Bytes as one read of the shoe returned them (``data``), fed to the codec."""
    RAW_FRAME = "raw_frame"
    """One frame's recorded bytes (``data``), decoded again and flushed (a journal's frame input)."""
    FRAME = "frame"
    """An already decoded ``drivers.frames`` frame (``event``)."""
    LINK = "link"
    """The shoe's link: ``Connected`` or ``ConnectionLost`` (``event``)."""
    ACT = "act"
    """A dealer's, timer's, supervisor's or the publisher's act (``act``: ``{"by", "act", ...}``)."""


class Step(NamedTuple):
    """One thing that happened at the shoe or the table, ``t`` seconds after the session started.

    ``kind`` (a :class:`StepKind`) is ``"bytes"`` (``data``: bytes as one read returned them), ``"frame"`` (``event``:
    an already decoded ``drivers.frames`` frame), ``"raw_frame"`` (``data``: one frame's recorded
    bytes, decoded again and flushed), ``"link"`` (``event``: Connected / ConnectionLost) or
    ``"act"`` (``act``: ``{"by", "act", ...}``). ``where`` names the source line for messages.
    Immutable (a named tuple: a session has one per read, made fast).
    """

    t: float
    kind: StepKind
    data: bytes = b""
    event: object = None
    act: dict | None = None
    where: str = ""


@dataclass
class ReplaySession:
    """A loaded recording: its kind, the codec named by it (or None) and its steps, in time order."""

    path: str
    kind: str
    codec: str | None
    codec_options: dict = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    started: datetime = EPOCH
    dropped: str | None = None
    """A torn last line that was not replayed (``FILE:LINE: ...``: the recorder stopped while writing it),
    or None; ``dealer-station replay`` warns of it on standard error."""

    @property
    def has_dealer_acts(self) -> bool:
        """True when the session holds dealer (or timer) acts: the automatic dealer stays out then."""
        return any(s.kind == StepKind.ACT and s.act and s.act.get("by") in (Actor.DEALER, Actor.TIMER)
                   for s in self.steps)

    @property
    def duration(self) -> float:
        """Recorded time of the last step, seconds from the session's start (0 when empty)."""
        return self.steps[-1].t if self.steps else 0.0


def load_session(path: str | Path, codec: str | None = None) -> ReplaySession:
    """Read a recording of any kind (see the module docstring).

    Parameters
    ----------
    path:
        A ``record`` session (``.jsonl``), a journal export (``.jsonl``), a umockdev script (``.script``)
        or a USB capture (``.pcap``, ``.pcapng``).
    codec:
        The wire format (``lines``, ``saopai``, ``stx-etx``, ``hid-keyboard``) where the recording does
        not name one; a different one from what the recording names is refused.

    Raises
    ------
    ReplayError
        Missing or unreadable file, unknown kind, unknown codec, a bad line (named), a codec that
        contradicts the recording's, or bytes with no codec to decode them.
    """
    p = Path(path)
    if codec is not None and codec not in CODECS:
        raise ReplayError(f"unknown codec {codec!r}: use one of {', '.join(CODECS)}")
    if p.is_dir():
        raise ReplayError(f"{p} is a directory: give a session file (e.g. {p}/NAME.session.jsonl)")
    if not p.is_file():
        raise ReplayError(f"no such session file: {p}")
    try:
        with p.open("rb") as fp:
            magic = fp.read(16)
    except OSError as err:
        raise ReplayError(f"cannot read {p}: {err.strerror}") from err
    if magic == b"SQLite format 3\x00":
        raise ReplayError(f"{p} is a journal database, not a session: replay its export (dealer-station journal "
                          f"export {p} -o FILE), or audit it (dealer-station journal replay {p})")
    if p.suffix in (".pcap", ".pcapng"):
        return _load_capture(p, codec)
    if p.suffix == ".script":
        try:
            chunks = read_tty_script(p)
        except SessionFormatError as err:
            raise ReplayError(str(err)) from err
        if codec is None:
            raise ReplayError(f"{p}: a umockdev script does not name its wire format: give --codec "
                              f"({', '.join(CODECS)})")
        steps = [Step(t, StepKind.BYTES, data=d, where=f"{p}: read {i + 1}") for i, (t, d) in enumerate(chunks)]
        return ReplaySession(str(p), "script", codec, {}, steps)
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise ReplayError(f"{p}: not a session (not UTF-8 text)") from err
    except OSError as err:
        raise ReplayError(f"cannot read {p}: {err.strerror}") from err
    lines = text.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        raise ReplayError(f"{p} is empty: no session header")
    try:
        head = json.loads(lines[first])
    except (ValueError, RecursionError) as err:  # JSONDecodeError, a number too long, nesting too deep
        raise ReplayError(f"{p}:{first + 1}: not a session: the first line is not JSON "
                          f"({getattr(err, 'msg', None) or err})") from err
    if isinstance(head, dict) and head.get("format") == SESSION_FORMAT:
        return _load_record(p, text, first, head, codec)
    if isinstance(head, dict) and {"seq", "kind", "body", "hash"} <= set(head):
        return _load_journal(p, lines, codec)
    raise ReplayError(f"{p}:{first + 1}: not a session: neither a '{SESSION_FORMAT}' header nor a journal "
                      f"export row")


def _load_capture(p: Path, codec: str | None) -> ReplaySession:
    """A USB capture (usbmon or USBPcap, pcap or pcapng): the interrupt-IN reports of the scanner.

    The device with the most 8- or 9-byte interrupt-IN reports is the scanner; a transfer that
    completes with -19 (ENODEV: unplugged) is a lost link, the next report a reconnection.
    """
    from drivers.usbmon import keyboard_device, read_usb_packets

    try:
        packets = [k for k in read_usb_packets(p) if k.transfer == 1 and k.endpoint & 0x80]
    except ShoeConfigError as err:
        raise ReplayError(str(err)) from err
    device = keyboard_device(packets)
    if device is None:
        raise ReplayError(f"{p}: no keyboard reports (8- or 9-byte interrupt-IN transfers) in this capture")
    steps: list[Step] = []
    t0: float | None = None
    lost = False
    for number, k in enumerate(packets, 1):
        if (k.bus, k.device) != device:
            continue
        t0 = k.ts if t0 is None else t0
        t = max(0.0, k.ts - t0)
        where = f"{p}: transfer {number}"
        if k.status == -19 and not lost:
            steps.append(Step(t, StepKind.LINK, event=ConnectionLost("USB device gone (ENODEV)"), where=where))
            lost = True
        elif k.status == 0 and k.data:
            if lost:
                steps.append(Step(t, StepKind.LINK, event=Connected(f"usb {device[0]}-{device[1]}"), where=where))
                lost = False
            steps.append(Step(t, StepKind.BYTES, data=k.data, where=where))
    started = datetime.fromtimestamp(t0, UTC) if t0 is not None else EPOCH
    return ReplaySession(str(p), "capture", codec or "hid-keyboard", {}, steps, started)


def _parse_time(text: object) -> datetime | None:
    """A recorded UTC time (:func:`dealer_station.app.clock.parse_time`), or None when it is none."""
    try:
        return parse_time(str(text))
    except ValueError:
        return None


def _load_record(p: Path, text: str, first: int, head: dict, codec: str | None) -> ReplaySession:
    """A ``record`` session, read by the drivers' one session reader (:func:`drivers.sessions.parse_session`:
    every line, its time checked, a torn last line dropped), its ``rx``, ``link`` and ``act`` lines as steps.
    """
    profile = head.get("profile") if isinstance(head.get("profile"), dict) else {}
    named = profile.get("codec") if isinstance(profile.get("codec"), str) else None
    raw_options = profile.get("codec_options") if named else None
    options = dict(raw_options) if isinstance(raw_options, dict) else {}
    if named is not None and named not in CODECS:
        raise ReplayError(f"{p}:{first + 1}: the recording names an unknown codec {named!r}")
    if named and codec and named != codec:
        raise ReplayError(f"{p}: the recording was made with codec {named!r}; --codec {codec} contradicts it")
    use = named or codec
    try:
        recorded = parse_session(text, p)
    except SessionFormatError as err:
        raise ReplayError(str(err)) from err
    steps: list[Step] = []
    append = steps.append
    name = str(p)
    for line in recorded.lines:
        direction = line.dir
        if direction == "rx":
            append(Step(line.t, StepKind.BYTES, data=line.data, where=f"{name}:{line.number}"))
        elif direction == "link":
            append(Step(line.t, StepKind.LINK, event=link_event(line.fields), where=f"{name}:{line.number}"))
        elif direction == "act":
            where = f"{name}:{line.number}"
            try:
                act = _act(line.fields)
            except (ValueError, TypeError) as err:
                raise ReplayError(f"{where}: bad session line ({err}): "
                                  f"{text.split(chr(10))[line.number - 1][:80]!r}") from err
            append(Step(line.t, StepKind.ACT, act=act, where=where))
        # "tx" and future directions: not what the shoe sent
    if use is None and any(s.kind == StepKind.BYTES for s in steps):
        raise ReplayError(f"{p}: the recording does not name its wire format: give --codec ({', '.join(CODECS)})")
    started = _parse_time(head.get("started")) or EPOCH
    return ReplaySession(str(p), "record", use, options, steps, started, recorded.dropped)


def _act(obj: dict) -> dict:
    by = obj.get("by")
    act = obj.get("act")
    args = obj.get("args") or {}
    if not isinstance(args, dict):
        raise ValueError("args must be an object")
    if by == Actor.DEALER:
        if act not in DEALER_ACTS and act not in STAFF_ACTS:
            raise ValueError(f"dealer act {act!r}: use one of {', '.join(DEALER_ACTS + STAFF_ACTS)}")
        return {"by": Actor.DEALER, "act": act, "args": args}
    if by == Actor.TIMER:
        return {"by": Actor.TIMER, "act": "close_betting", "args": {}}
    if by == Actor.SUPERVISOR:
        if act not in SUPERVISOR_ACTS:
            raise ValueError(f"supervisor act {act!r}: use one of {', '.join(SUPERVISOR_ACTS)}")
        for key in ("user", "reason", "note"):
            if not isinstance(obj.get(key), str) or not obj[key].strip():
                raise ValueError(f"a supervisor act needs {key!r} (text)")
        return {"by": Actor.SUPERVISOR, "act": act, "user": obj["user"], "reason": obj["reason"], "note": obj["note"],
                "args": args}
    raise ValueError(f"act by {by!r}: use 'dealer', 'supervisor' or 'timer'")


def _load_journal(p: Path, lines: list[str], codec: str | None) -> ReplaySession:
    steps: list[Step] = []
    started: datetime | None = None
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        where = f"{p}:{index + 1}"
        try:
            row = json.loads(line)
            if not isinstance(row, dict) or not isinstance(row.get("body"), dict):
                raise ValueError("not a journal row")
            if row.get("kind") != "input":
                continue
            moment = _parse_time(row.get("ts"))
            if moment is None:
                raise ValueError(f"ts {row.get('ts')!r} is not an ISO time")
            if started is None:
                started = moment
            t = max(0.0, (moment - started).total_seconds())
            step = _journal_step(row["body"], t, where, codec)
            if step is not None:
                steps.append(step)
        except (ValueError, KeyError, TypeError, RecursionError) as err:
            raise ReplayError(f"{where}: bad journal row ({err}): {line[:80]!r}") from err
    return ReplaySession(str(p), "journal", codec, {}, steps, started or EPOCH)


def with_acts(session: ReplaySession, export: str | Path) -> ReplaySession:
    """``session``'s bytes with the acts and link events of a journal export of the same shoe, by clock time.

    A ``record`` session (or a USB capture) holds only what the shoe sent; the station's journal of
    the same shoe holds what the dealer and the supervisor did and when the link dropped. Their
    ``dealer``, ``timer``, ``supervisor`` and ``link`` inputs are placed among the recorded reads by
    wall-clock time (the session's ``started`` plus ``t``; the journal's ``ts``); the journal's own
    frames are not used (the bytes are the evidence). An act before the recording began is put at
    its start. Typical use: a USB capture (usbmon, Wireshark) taken while the station read the
    scanner, with the station's journal export.

    Raises
    ------
    ReplayError
        ``export`` is not a journal export, or ``session`` has no clock time (a umockdev script) or is
        itself a journal export.
    """
    if session.kind == "journal":
        raise ReplayError(f"{session.path}: a journal export holds its acts already")
    if session.kind == "script" or session.started == EPOCH:
        raise ReplayError(f"{session.path}: the recording has no clock time to place the acts by")
    try:
        acts = load_session(export)
    except ReplayError as err:
        raise ReplayError(f"--acts: {err}") from err
    if acts.kind != "journal":
        raise ReplayError(f"{export}: the acts come from a journal export (dealer-station journal export)")
    offset = (acts.started - session.started).total_seconds()
    keyed: list[tuple[float, int, int, Step]] = [(s.t, 1, i, s) for i, s in enumerate(session.steps)]
    frame_times: set[float] = set()
    for i, s in enumerate(acts.steps):
        if s.kind in (StepKind.FRAME, StepKind.RAW_FRAME):
            frame_times.add(s.t)
        elif s.kind in (StepKind.ACT, StepKind.LINK):
            t = max(0.0, round(s.t + offset, 6))
            # at a time equal to a read's: the journal's own order says whether it came after that frame
            keyed.append((t, 2 if s.t in frame_times else 0, i, Step(t, s.kind, s.data, s.event, s.act, s.where)))
    merged = [step for *_, step in sorted(keyed, key=lambda k: k[:3])]
    return ReplaySession(session.path, session.kind, session.codec, dict(session.codec_options), merged,
                         session.started, session.dropped)


def _journal_step(body: dict, t: float, where: str, codec: str | None) -> Step | None:
    """The replay step of one journal input (read through :func:`~dealer_station.journal.codec.decode_input`);
    None for what is the station's and not the table's (a stop, the reader closing at a stop, a journal
    failure and its resume: they change nothing of the table).

    Raises
    ------
    ValueError
        An input the table does not take, a frame the shoe does not make, raw bytes that are not hex.
    """
    inp = decode_input(body)
    if isinstance(inp, (StopInput, JournalFailed, JournalResumed)) or (
            isinstance(inp, LinkInput) and inp.event == LinkEvent.CLOSED):
        return None
    if isinstance(inp, UnknownInput) and body.get("kind") == "journal":
        return None
    if isinstance(inp, FrameInput):
        raw = bytes.fromhex(str(inp.raw or ""))
        if codec is not None and raw:
            timed_out = inp.frame == FrameKind.NO_READ and inp.reason == NoReadReason.TOKEN_TIMEOUT
            if codec in ("lines", "saopai") and not timed_out and raw[-1:] not in (b"\r", b"\n"):
                raw += b"\r\n"  # the station keeps a line's text without its terminator
            return Step(t, StepKind.RAW_FRAME, data=raw, where=where)
        return Step(t, StepKind.FRAME, event=shoe_frame(inp), where=where)
    if isinstance(inp, LinkInput):
        return Step(t, StepKind.LINK, event=link_event(body), where=where)
    if isinstance(inp, (DealerInput, TimerInput, SupervisorInput)):
        obj = dict(body)
        obj["by"] = body["kind"]
        return Step(t, StepKind.ACT, act=_act(obj), where=where)
    if isinstance(inp, PublisherRefusal) and inp.act == "event_refused":   # the publisher refused an outbox event
        return Step(t, StepKind.ACT, act={"by": Actor.PUBLISHER, "act": "event_refused",
                                   "args": {"event_id": inp.event_id, "problem": inp.problem}}, where=where)
    raise ValueError(f"input kind {body.get('kind')!r} is not a table input")
