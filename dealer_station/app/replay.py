"""QA replay: recorded scanner sessions through the same codecs and the same controller.

Issue "QA replay". A session is read into :class:`Step` values (bytes as the reader got them,
link events, dealer and supervisor acts), the bytes go through the wire format's codec
(:func:`drivers.codecs.make_codec`) exactly as a shoe reader feeds it, and every frame reaches a
fresh :class:`~dealer_station.app.controller.Controller` on its own journal (in memory unless a
file is given). Finished rounds and shoes come out as the same lines as ``simulate``.

Session kinds (:func:`load_session` tells them apart by content; scripts by the ``.script`` suffix,
captures by ``.pcap``/``.pcapng``):

``record``
    JSON Lines of ``dealer-station record`` (:mod:`drivers.sessions`): a header naming the shoe
    profile (and so the codec), then ``{"t": s, "dir": "rx", "hex": "..."}`` chunks. A record
    session may also hold lines this module defines (the drivers' reader skips them)::

        {"t": 1.5, "dir": "link", "event": "lost", "detail": "unplugged"}
        {"t": 3.0, "dir": "link", "event": "connected", "detail": "/dev/ttyUSB0"}
        {"t": 4.0, "dir": "act", "by": "dealer", "act": "open_betting"}
        {"t": 9.0, "dir": "act", "by": "supervisor", "act": "enter_card", "user": "sup1",
         "reason": "misread_limit", "note": "card worn, read by eye", "args": {"token": "KH"}}

    ``by`` is ``dealer`` (acts of :data:`dealer_station.domain.table.DEALER_ACTS`), ``supervisor``
    (:data:`~dealer_station.domain.table.SUPERVISOR_ACTS`, with ``user``, ``reason``, ``note`` and
    the act's ``args``) or ``timer`` (the betting window ran out).
``journal``
    ``dealer-station journal export`` JSON Lines: the ``input`` rows are replayed (frames, link
    events, dealer, timer and supervisor acts). A frame's recorded raw bytes are decoded again
    through the codec named by ``--codec``; without it the frames are taken as the station decoded them.
``script``
    A umockdev tty script (``r DELAY_MS DATA`` lines): what a serial shoe sent; ``--codec`` names
    the wire format.
``capture``
    A USB capture (``.pcap``/``.pcapng``: Wireshark or ``usbmon`` on Linux, USBPcap on Windows): the
    scanner's interrupt-IN reports with their capture times, decoded as ``hid-keyboard`` unless
    ``--codec`` says otherwise; a transfer ending in ENODEV (-19) is a lost link.

A bytes-only recording (``record``, a capture) can take the acts and link events of the station's
journal export of the same shoe, placed by clock time (:func:`with_acts`).

The automatic dealer (:class:`AutoActs`) acts unless the session holds dealer acts: it starts a
shoe, opens and closes betting and confirms results whenever the next frame needs it.
Supervisor acts in a session are always applied where they stand; they were authenticated at
the table, so replay accepts the recorded user (:class:`RecordedAuthority`).

Time: each step carries ``t`` (seconds from the session's start). The codec sees the recorded
times whatever the playback speed (a token left unterminated for ``token_timeout`` seconds is a
No-Read in every replay), and the controller's clock is the session's start plus ``t``, so a
replay is deterministic: ``--fast`` and ``--speed X`` give the same lines.
"""

from __future__ import annotations

import dataclasses
import gc
import json
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import NamedTuple

import structlog

from dealer_station.app.accounts import AuthError
from dealer_station.app.config import StationConfig
from dealer_station.app.controller import ActRefused, Controller, Fact
from dealer_station.app.logging import log_enabled
from dealer_station.domain.table import CARD_STATES, DEALER_ACTS, STAFF_ACTS, SUPERVISOR_ACTS
from dealer_station.journal import Journal, MemoryJournal
from drivers.codecs import CODECS, Codec, make_codec
from drivers.errors import ShoeConfigError
from drivers.frames import CardRead, Connected, ConnectionLost, CutCard, Garbage, NoRead
from drivers.sessions import SESSION_FORMAT, SessionFormatError, read_tty_script

__all__ = ["AuditReport", "AutoActs", "ExpectedError", "ROUND_KINDS", "RecordedAuthority", "ReplayError",
           "ReplayResult", "ReplaySession", "Replayer", "SESSION_KINDS", "Step", "audit_journal", "compare_lines",
           "frame_from_body", "load_expected", "load_session", "round_line", "with_acts"]

SESSION_KINDS = ("record", "journal", "script", "capture")
"""Kinds of recordings :func:`load_session` reads."""

ROUND_KINDS = ("round_completed", "round_voided", "shoe_ended")
"""Controller facts that make an output line."""

_CARD_KINDS = ("card_accepted", "card_burned", "burn_indicator")
"""Controller facts of a card taken from the shoe (counted in :attr:`ReplayResult.cards`)."""

FAST_GC_THRESHOLD = 50_000
"""Allocations between two young-generation collections during a fast replay (Python's default: 700)."""

EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
"""The replay clock's origin when a session does not say when it started."""
MAX_SESSION_SECONDS = 366 * 86400.0
"""Latest time a session line may carry, seconds from its start (a year): later is no recording."""

_log = structlog.get_logger("dealer_station.replay")


class ReplayError(ValueError):
    """A session that cannot be replayed (unreadable, unknown kind or codec); the message names the file."""


class ExpectedError(ValueError):
    """An expected-results file that cannot be read; the message names the file and line."""


class Step(NamedTuple):
    """One thing that happened at the shoe or the table, ``t`` seconds after the session started.

    ``kind`` is ``"bytes"`` (``data``: bytes as one read returned them), ``"frame"`` (``event``:
    an already decoded ``drivers.frames`` frame), ``"raw_frame"`` (``data``: one frame's recorded
    bytes, decoded again and flushed), ``"link"`` (``event``: Connected / ConnectionLost) or
    ``"act"`` (``act``: ``{"by", "act", ...}``). ``where`` names the source line for messages.
    Immutable (a named tuple: a session has one per read, made fast).
    """

    t: float
    kind: str
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
        return any(s.kind == "act" and s.act and s.act.get("by") in ("dealer", "timer") for s in self.steps)

    @property
    def duration(self) -> float:
        """Recorded time of the last step, seconds from the session's start (0 when empty)."""
        return self.steps[-1].t if self.steps else 0.0


# ----------------------------------------------------------------------------------------- loading

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
        steps = [Step(t, "bytes", data=d, where=f"{p}: read {i + 1}") for i, (t, d) in enumerate(chunks)]
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
        return _load_record(p, lines, first, head, codec, torn_ok=not text.endswith("\n"))
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
            steps.append(Step(t, "link", event=ConnectionLost("USB device gone (ENODEV)"), where=where))
            lost = True
        elif k.status == 0 and k.data:
            if lost:
                steps.append(Step(t, "link", event=Connected(f"usb {device[0]}-{device[1]}"), where=where))
                lost = False
            steps.append(Step(t, "bytes", data=k.data, where=where))
    started = datetime.fromtimestamp(t0, UTC) if t0 is not None else EPOCH
    return ReplaySession(str(p), "capture", codec or "hid-keyboard", {}, steps, started)


def _parse_time(text: object) -> datetime | None:
    try:
        moment = datetime.fromisoformat(str(text).replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _load_record(p: Path, lines: list[str], first: int, head: dict, codec: str | None, *,
                 torn_ok: bool) -> ReplaySession:
    profile = head.get("profile") if isinstance(head.get("profile"), dict) else {}
    named = profile.get("codec") if isinstance(profile.get("codec"), str) else None
    raw_options = profile.get("codec_options") if named else None
    options = dict(raw_options) if isinstance(raw_options, dict) else {}
    if named is not None and named not in CODECS:
        raise ReplayError(f"{p}:{first + 1}: the recording names an unknown codec {named!r}")
    if named and codec and named != codec:
        raise ReplayError(f"{p}: the recording was made with codec {named!r}; --codec {codec} contradicts it")
    use = named or codec
    steps: list[Step] = []
    last_t = 0.0
    name = str(p)
    dropped: str | None = None
    for index in range(first + 1, len(lines)):
        line = lines[index]
        if not line.strip():
            continue
        where = f"{name}:{index + 1}"
        try:
            obj = _json_line(line)
            if not isinstance(obj, dict):
                raise ValueError("not a JSON object")
            t = float(obj["t"])
            if not 0 <= t <= MAX_SESSION_SECONDS:  # refuses nan, Infinity and 1e308 (no clock reaches them)
                raise ValueError(f"t={t!r} is not a time in seconds from 0 to {MAX_SESSION_SECONDS:g}")
            direction = obj.get("dir", "rx")
            if direction == "rx":
                steps.append(Step(t, "bytes", data=bytes.fromhex(obj["hex"]), where=where))
            elif direction == "link":
                steps.append(Step(t, "link", event=_link_event(obj), where=where))
            elif direction == "act":
                steps.append(Step(t, "act", act=_act(obj), where=where))
            else:
                continue  # "tx" and future directions: not what the shoe sent
        except (ValueError, KeyError, TypeError, RecursionError, OverflowError) as err:
            if index == len(lines) - 1 and torn_ok:
                # a torn last line (the recorder stopped while writing it): dropped, and said so
                dropped = torn_line_message(where, line)
                break
            raise ReplayError(f"{where}: bad session line ({err}): {line[:80]!r}") from err
        if t < last_t:
            raise ReplayError(f"{where}: t={t} goes back in time (previous line t={last_t})")
        last_t = t
    if use is None and any(s.kind == "bytes" for s in steps):
        raise ReplayError(f"{p}: the recording does not name its wire format: give --codec ({', '.join(CODECS)})")
    started = _parse_time(head.get("started")) or EPOCH
    return ReplaySession(str(p), "record", use, options, steps, started, dropped)


def torn_line_message(where: str, line: str) -> str:
    """What is said of a torn last line ``where`` (``FILE:LINE``) that was dropped."""
    return (f"{where}: the last line is torn (no newline, not JSON: the recording stopped while writing it); "
            f"dropped, not replayed: {line[:80]!r}")


_SCAN = json.JSONDecoder().scan_once


def _json_line(line: str) -> object:
    """The one JSON value of a session line, as ``json.loads(line)`` reads it (same value, same errors),
    without its per-call set-up on the usual line (a session has a line per read). Raises ValueError."""
    text = line.strip(" \t\r\n")
    try:
        value, end = _SCAN(text, 0)
    except (StopIteration, ValueError):
        return json.loads(line)  # not JSON: json.loads says where, in its own words
    if end != len(text):
        return json.loads(line)  # extra data after the value
    return value


def _link_event(obj: dict) -> object:
    event = obj.get("event")
    detail = str(obj.get("detail") or "")
    if event == "connected":
        return Connected(detail)
    if event == "lost":
        return ConnectionLost(detail or None)
    raise ValueError(f"link event {event!r}: use 'connected' or 'lost'")


def _act(obj: dict) -> dict:
    by = obj.get("by")
    act = obj.get("act")
    args = obj.get("args") or {}
    if not isinstance(args, dict):
        raise ValueError("args must be an object")
    if by == "dealer":
        if act not in DEALER_ACTS and act not in STAFF_ACTS:
            raise ValueError(f"dealer act {act!r}: use one of {', '.join(DEALER_ACTS + STAFF_ACTS)}")
        return {"by": "dealer", "act": act, "args": args}
    if by == "timer":
        return {"by": "timer", "act": "close_betting", "args": {}}
    if by == "supervisor":
        if act not in SUPERVISOR_ACTS:
            raise ValueError(f"supervisor act {act!r}: use one of {', '.join(SUPERVISOR_ACTS)}")
        for key in ("user", "reason", "note"):
            if not isinstance(obj.get(key), str) or not obj[key].strip():
                raise ValueError(f"a supervisor act needs {key!r} (text)")
        return {"by": "supervisor", "act": act, "user": obj["user"], "reason": obj["reason"], "note": obj["note"],
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
        if s.kind in ("frame", "raw_frame"):
            frame_times.add(s.t)
        elif s.kind in ("act", "link"):
            t = max(0.0, round(s.t + offset, 6))
            # at a time equal to a read's: the journal's own order says whether it came after that frame
            keyed.append((t, 2 if s.t in frame_times else 0, i, Step(t, s.kind, s.data, s.event, s.act, s.where)))
    merged = [step for *_, step in sorted(keyed, key=lambda k: k[:3])]
    return ReplaySession(session.path, session.kind, session.codec, dict(session.codec_options), merged,
                         session.started, session.dropped)


def _journal_step(body: dict, t: float, where: str, codec: str | None) -> Step | None:
    """The replay step of one journal input; None for what is the station's and not the table's (a stop, the
    reader closing at a stop, a journal failure and its resume: they change nothing of the table)."""
    kind = body.get("kind")
    if kind in ("stop", "journal") or (kind == "link" and body.get("event") == "closed"):
        return None
    if kind == "frame":
        raw = bytes.fromhex(str(body.get("raw") or ""))
        if codec is not None and raw:
            timed_out = body.get("frame") == "no_read" and body.get("reason") == "token_timeout"
            if codec in ("lines", "saopai") and not timed_out and raw[-1:] not in (b"\r", b"\n"):
                raw += b"\r\n"  # the station keeps a line's text without its terminator
            return Step(t, "raw_frame", data=raw, where=where)
        return Step(t, "frame", event=frame_from_body(body), where=where)
    if kind == "link":
        return Step(t, "link", event=_link_event(body), where=where)
    if kind in ("dealer", "timer", "supervisor"):
        obj = dict(body)
        obj["by"] = kind
        return Step(t, "act", act=_act(obj), where=where)
    if kind == "publisher" and body.get("act") == "event_refused":   # the publisher refused an outbox event
        return Step(t, "act", act={"by": "publisher", "act": "event_refused",
                                   "args": {"event_id": body.get("event_id"), "problem": body.get("problem")}},
                    where=where)
    raise ValueError(f"input kind {kind!r} is not a table input")


def frame_from_body(body: dict) -> object:
    """The ``drivers.frames`` frame a journal ``frame`` input records (inverse of the controller's encoding).

    Raises ValueError for an unknown frame kind or bad hex.
    """
    raw = bytes.fromhex(str(body.get("raw") or ""))
    frame = body.get("frame")
    if frame == "card":
        return CardRead(str(body.get("token", "")), raw)
    if frame == "no_read":
        return NoRead(raw, str(body.get("reason") or "no_read"))
    if frame == "cut":
        return CutCard(raw)
    if frame == "garbage":
        return Garbage(raw)
    raise ValueError(f"frame {frame!r} is not a shoe frame")


# ---------------------------------------------------------------------------------------- the table

class RecordedAuthority:
    """Stands in for :class:`~dealer_station.app.accounts.Accounts` during a replay.

    A supervisor act in a recording was authenticated at the table; replay accepts its recorded
    user as a supervisor (an empty user name is still refused with ``AuthError("unknown_user")``).
    """

    recorded = True
    """A recorded dealer sign-in is taken as it was checked at the table (:meth:`Controller.sign_in`)."""

    def authenticate(self, user: str, pin: str, role: str = "supervisor") -> None:
        """Accept a recorded, non-empty user. Raises AuthError for an empty one."""
        if not str(user or "").strip():
            raise AuthError("unknown_user", "a recorded supervisor act has no user")


class AutoActs:
    """The automatic dealer of a replay: the dealer acts the next frame needs, and nothing else.

    Before a card, a No-Read or the cut card: start a shoe, confirm a result, open and close
    betting until the table expects a card (as ``simulate``'s dealer, who draws only once betting
    is closed: a cut card between rounds is read with the next round's betting closed, so that
    round is the shoe's last, RULES.md §1). Paused tables are left to the session's supervisor
    acts (RULES.md §5).
    """

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        self._machine = controller.machine
        self.acts = 0

    def _act(self, act: str) -> None:
        self.acts += 1
        try:
            self.controller.dealer(act)
        except ActRefused as err:  # journaled by the controller; the frame decides the rest
            _log.warning("auto_act_refused", act=act, why=err.why)

    def before_frame(self, frame: object) -> None:
        """Act until the table is where ``frame`` can be read (bounded: at most 8 acts)."""
        machine = self._machine
        for _ in range(8):
            state = machine.state
            if state in ("no_shoe", "shoe_end"):
                self._act("new_shoe")
            elif state == "result":
                self._act("confirm_result")
            elif state in CARD_STATES or state == "paused":
                return
            elif state == "ready":
                self._act("open_betting")
            elif state == "betting_open":
                self._act("close_betting")
            else:
                return

    def finish(self) -> None:
        """At the end of a session: confirm a dealt round, so that its result is issued."""
        if self.controller.machine.state == "result":
            self._act("confirm_result")


def round_line(fact: Fact) -> dict:
    """The output line of a ``round_completed``/``round_voided``/``shoe_ended`` fact: ``simulate``'s own
    (:func:`dealer_station.app.simulate.output_line`), so that the two never drift apart."""
    from dealer_station.app.simulate import output_line

    return output_line(fact.kind, fact.data)


@dataclass
class ReplayResult:
    """What a replay did: output ``lines``, final ``state`` and incident type, counts (``frames`` decoded,
    of them ``garbage``; ``cards`` taken from the shoe), and ``unfinished``: what the session left half
    done at its end (a round dealt in part), or None."""

    lines: list[dict] = field(default_factory=list)
    state: str = ""
    incident: str | None = None
    frames: int = 0
    garbage: int = 0
    cards: int = 0
    steps: int = 0
    dealer_acts: int = 0
    supervisor_acts: int = 0
    refused: list[str] = field(default_factory=list)
    stopped: bool = False
    unfinished: str | None = None


class Replayer:
    """Replays sessions on one table: bytes → codec → controller, with the automatic dealer if needed.

    Parameters
    ----------
    config:
        The station configuration of the table (rules: burn, cut card, misread limit, decks).
    journal:
        The table's journal; default a fresh :class:`~dealer_station.journal.MemoryJournal` (the rows and
        hash chain of a journal, in memory only, no outbox: a replay publishes nothing).
    speed:
        None: as fast as possible (``--fast``); X > 0: the recorded gaps divided by X (``--speed X``).
    auto:
        True / False to force the automatic dealer on or off; None: on unless the session holds dealer acts.
    on_line:
        Called with each output line as the round or shoe finishes.
    on_step:
        Called after each step with ``(steps done, steps in the session)`` (a progress bar).
    stop:
        An event that ends the replay early (between steps and during waits).
    listeners:
        More controller listeners (a console).
    edge_monitor:
        Whether the table runs the side-bet edge monitor (``[monitor] player_edge``, RULES.md §3) when the
        configuration has it on. None (default): only where its alerts are kept or seen, that is with a
        journal other than the in-memory one (``--journal``), with listeners (a console), or when
        information records are logged (``--log-level INFO``: each alert is one). A replay's round lines do
        not depend on it, and its alerts would otherwise go nowhere: it is the costliest part of a fast
        replay. True: always (``replay --edge-monitor``); False: never.

    Raises
    ------
    ValueError
        ``speed`` not positive.
    """

    def __init__(self, config: StationConfig, *, journal: Journal | MemoryJournal | None = None,
                 speed: float | None = None,
                 auto: bool | None = None, on_line: Callable[[dict], None] | None = None,
                 on_step: Callable[[int, int], None] | None = None, stop: threading.Event | None = None,
                 listeners: Iterable[Callable[[Fact], None]] = (), edge_monitor: bool | None = None) -> None:
        if speed is not None and not speed > 0:
            raise ValueError(f"speed must be a positive factor, got {speed!r}")
        self.config = config
        self.journal = journal if journal is not None else MemoryJournal()
        listeners = tuple(listeners)
        if edge_monitor is None:
            edge_monitor = not isinstance(self.journal, MemoryJournal) or bool(listeners) or log_enabled("info")
        self.edge_monitor = bool(edge_monitor and config.player_edge_monitor)
        """True when the table runs the side-bet edge monitor."""
        self.speed = speed
        self.auto = auto
        self.on_line = on_line
        self.on_step = on_step
        self.stop = stop or threading.Event()
        self._now = EPOCH
        table_config = config if self.edge_monitor == config.player_edge_monitor else \
            dataclasses.replace(config, player_edge_monitor=False)
        self.controller = Controller(table_config, self.journal, accounts=RecordedAuthority(),  # type: ignore[arg-type]
                                     clock=lambda: self._now, monotonic=lambda: self._now.timestamp())
        self.result = ReplayResult()
        self.controller.subscribe(self._on_fact, kinds=(*ROUND_KINDS, *_CARD_KINDS))
        for listener in listeners:
            self.controller.subscribe(listener)

    def _on_fact(self, fact: Fact) -> None:
        if fact.kind in ROUND_KINDS:
            line = round_line(fact)
            self.result.lines.append(line)
            if self.on_line is not None:
                self.on_line(line)
        elif fact.kind in _CARD_KINDS:
            self.result.cards += 1

    def play(self, session: ReplaySession) -> ReplayResult:
        """Replay ``session`` on this table (after any sessions played before); return the result so far.

        Paced by ``speed`` (None: no waiting); ends early when ``stop`` is set.
        Raises ReplayError when the session's codec cannot be built.
        """
        collecting = gc.get_threshold()
        if self.speed is None:
            # A fast replay keeps every round and journal row it makes: the cyclic collector would walk
            # them again and again (about a fifteenth of the time) for garbage a replay does not make.
            gc.set_threshold(max(collecting[0], FAST_GC_THRESHOLD), *collecting[1:])
        try:
            self.begin(session)
            return self._play()
        finally:
            gc.set_threshold(*collecting)

    def _play(self) -> ReplayResult:
        wall0 = time.monotonic()
        while (t := self.next_time()) is not None:
            if self.stop.is_set():
                self.result.stopped = True
                break
            if self.speed is not None:
                delay = t / self.speed - (time.monotonic() - wall0)
                if delay > 0 and self.stop.wait(delay):
                    self.result.stopped = True
                    break
            self.advance()
        return self.finish()

    # The same replay, one step at a time (a console drives it from a timer, with pause and step).

    def begin(self, session: ReplaySession) -> None:
        """Prepare ``session`` for :meth:`advance` (codec, automatic dealer, the link). Raises ReplayError."""
        self._session = session
        self._codec_now = self._codec(session)
        self._auto = AutoActs(self.controller) if (self.auto if self.auto is not None
                                                   else not session.has_dealer_acts) else None
        self._index = 0
        steps = session.steps
        if not steps or steps[0].kind != "link":
            self._now = session.started
            if not self.controller.machine.connected:
                self.controller.shoe_event(Connected(f"replay {Path(session.path).name}"))

    def next_time(self) -> float | None:
        """Recorded time (seconds from the session's start) of the next step, or None at the end."""
        steps = self._session.steps
        return steps[self._index].t if self._index < len(steps) else None

    def advance(self) -> bool:
        """Play the next step now; False when there was none left."""
        steps = self._session.steps
        if self._index >= len(steps):
            return False
        step = steps[self._index]
        self._index += 1
        self._now = self._session.started + timedelta(seconds=step.t)
        self._step(step, self._codec_now, self._auto)
        self.result.steps += 1
        if self.on_step is not None:
            self.on_step(self._index, len(steps))
        return True

    @property
    def position(self) -> tuple[int, int]:
        """``(steps played, steps in the session)``."""
        return self._index, len(self._session.steps)

    def finish(self) -> ReplayResult:
        """End the session: a pending partial token becomes its frame, the automatic dealer confirms a
        dealt round (unless stopped early); return the result."""
        result = self.result
        session, codec, auto = self._session, self._codec_now, self._auto
        if codec is not None and not result.stopped:
            self._now = session.started + timedelta(seconds=session.duration)
            for frame in codec.flush():  # the recording ended: a partial token is still a frame
                self._frame(frame, auto)
        if auto is not None:
            if not result.stopped:
                auto.finish()
            result.dealer_acts += auto.acts
            auto.acts = 0
        view = self.controller.snapshot()
        result.state = view.state
        result.incident = view.incident.type if view.incident else None
        dealt = len(view.player) + len(view.banker)
        where = self.controller.machine.state_before if view.state == "paused" else view.state
        if dealt and where in ("betting_closed", "dealing"):
            result.unfinished = (f"the session ends in the middle of round {view.round_number} of shoe "
                                 f"{view.shoe_number} ({dealt} card{'s' if dealt != 1 else ''} dealt): that "
                                 f"round has no result")
        return result

    def _codec(self, session: ReplaySession) -> Codec | None:
        if session.codec is None:
            return None
        try:
            return make_codec(session.codec, session.codec_options)
        except ShoeConfigError as err:
            raise ReplayError(f"{session.path}: {err}") from err

    def _step(self, step: Step, codec: Codec | None, auto: AutoActs | None) -> None:
        now = step.t
        if step.kind == "bytes":
            assert codec is not None
            frames = codec.tick(now) + codec.feed(step.data, now)
            for frame in frames:
                self._frame(frame, auto)
        elif step.kind == "raw_frame":
            assert codec is not None
            for frame in codec.feed(step.data, now) + codec.flush():
                self._frame(frame, auto)
        elif step.kind == "frame":
            self._frame(step.event, auto)
        elif step.kind == "link":
            if codec is not None and isinstance(step.event, ConnectionLost):
                for frame in codec.flush():  # as the reader does on device loss: never dropped
                    self._frame(frame, auto)
            self.controller.shoe_event(step.event)
        elif step.kind == "act":
            self._apply(step)

    def _frame(self, frame: object, auto: AutoActs | None) -> None:
        self.result.frames += 1
        if isinstance(frame, Garbage):
            self.result.garbage += 1
        elif auto is not None:
            auto.before_frame(frame)
        self.controller.shoe_event(frame)

    def _apply(self, step: Step) -> None:
        act = step.act or {}
        by = act.get("by")
        name = str(act.get("act"))
        args = dict(act.get("args") or {})
        try:
            if by == "dealer":
                self.result.dealer_acts += 1
                dealer_act(self.controller, name, args)
            elif by == "publisher":
                self.controller.event_refused(int(args.get("event_id") or 0), str(args.get("problem") or ""))
            elif by == "timer":
                self.result.dealer_acts += 1
                if self.config.betting_window_seconds <= 0:
                    self.result.refused.append(f"{step.where}: the betting window closed at the table, but this "
                                               f"configuration has none (betting.window_seconds = 0)")
                self._timer()
            else:
                self.result.supervisor_acts += 1
                self.controller.supervisor(name, user=str(act["user"]), pin="", reason=str(act["reason"]),
                                           note=str(act["note"]), **args)
        except (ActRefused, AuthError, TypeError) as err:  # journaled by the controller; the replay goes on
            self.result.refused.append(f"{step.where}: {by} {name}: {err}")
            _log.warning("replay_act_refused", where=step.where, by=by, act=name, why=str(err))

    def _timer(self) -> None:
        """A recorded betting-window close: the window ran out at the table (measured there on its
        monotonic clock), so it closes here where it stands, whatever the recorded wall-clock times say."""
        self.controller.tick(expired=True)


# ------------------------------------------------------------------------------- expected results

def load_expected(path: str | Path) -> list[dict]:
    """Read an expected-results file: JSON Lines of round and shoe lines (as ``replay --json`` writes).

    Blank lines are skipped. Raises ExpectedError naming the file and line, or when the file holds no line.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError as err:
        raise ExpectedError(f"no expected results {p}: make them from a replay you have checked by hand "
                            f"(dealer-station replay SESSION --json > {p}; hw_fixtures/README.md)") from err
    except (OSError, UnicodeDecodeError) as err:
        raise ExpectedError(f"cannot read expected results {p}: {getattr(err, 'strerror', None) or err}") from err
    out = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError) as err:  # JSONDecodeError, a number too long, nesting too deep
            raise ExpectedError(f"{p}:{number}: not JSON ({getattr(err, 'msg', None) or err})") from err
        if not isinstance(obj, dict) or "shoe" not in obj or not ("round" in obj or obj.get("event") == "shoe_end"):
            raise ExpectedError(f"{p}:{number}: not a round or shoe line: {line[:80]!r}")
        out.append(obj)
    if not out:
        raise ExpectedError(f"{p} holds no round or shoe line: an expected-results file lists every round "
                            f"(dealer-station replay SESSION --json > {p}, checked by hand)")
    return out


def _label(line: dict) -> str:
    if line.get("event") == "shoe_end":
        return f"shoe {line.get('shoe')} end"
    return f"shoe {line.get('shoe')} round {line.get('round')}"


def _key(line: dict) -> tuple:
    return (line.get("shoe"), "end") if line.get("event") == "shoe_end" else (line.get("shoe"), line.get("round"))


def compare_lines(expected: list[dict], actual: list[dict]) -> list[str]:
    """A readable per-round diff of expected and replayed lines; empty when they are the same.

    Lines are matched by shoe and round (or shoe end); each difference is one text line such as
    ``shoe 1 round 3: winner: expected 'banker', got 'player'``; missing and extra rounds are named,
    and so is a difference of order.
    """
    out: list[str] = []
    got = {}
    for line in actual:
        got.setdefault(_key(line), line)
    want = {}
    for line in expected:
        want.setdefault(_key(line), line)
    for line in expected:
        other = got.get(_key(line))
        if other is None:
            out.append(f"{_label(line)}: missing from the replay (expected {json.dumps(line)})")
            continue
        for name in sorted(set(line) | set(other), key=lambda k: (k not in line, list(line).index(k)
                                                                  if k in line else 0, k)):
            if line.get(name, "<absent>") != other.get(name, "<absent>"):
                out.append(f"{_label(line)}: {name}: expected {_show(line.get(name, '<absent>'))}, "
                           f"got {_show(other.get(name, '<absent>'))}")
    for line in actual:
        if _key(line) not in want:
            out.append(f"{_label(line)}: not expected (the replay gave {json.dumps(line)})")
    if not out and [_key(x) for x in expected] != [_key(x) for x in actual]:
        out.append("the same lines in another order: expected " + ", ".join(_label(x) for x in expected)
                   + "; got " + ", ".join(_label(x) for x in actual))
    if len(actual) != len(got) or len(expected) != len(want):
        out.append(f"duplicate lines: expected {len(expected)} lines ({len(want)} distinct), "
                   f"the replay gave {len(actual)} ({len(got)} distinct)")
    return out


def _show(value: object) -> str:
    if isinstance(value, list):
        return " ".join(str(v) for v in value) if value else "(none)"
    return repr(value)


# ------------------------------------------------------------------------- journal re-run (audit)

@dataclass
class AuditReport:
    """Result of :func:`audit_journal`: ``ok``, inputs re-run, decisions compared, the first difference."""

    ok: bool
    inputs: int = 0
    decisions: int = 0
    rows: int = 0
    first_difference: str | None = None

    @property
    def message(self) -> str:
        """One line for people."""
        if self.ok:
            return (f"{self.inputs} inputs re-run on a fresh controller: all {self.decisions} decisions and "
                    f"results identical")
        return f"DIFFERENT: {self.first_difference}"


def _feed(controller: Controller, body: dict) -> None:
    """Give one recorded input to a controller through its public inputs. Raises ValueError if it cannot."""
    kind = body.get("kind")
    if kind == "frame":
        controller.shoe_event(frame_from_body(body))
    elif kind == "link" and body.get("event") == "closed":  # the stopping station's reader closing
        controller.begin_stop()
        try:
            controller.shoe_event(ConnectionLost(str(body.get("detail") or "") or None))
        finally:
            controller.begin_stop(False)
    elif kind == "link":
        controller.shoe_event(_link_event(body))
    elif kind == "stop":
        controller.stop(str(body.get("why") or ""))
    elif kind == "journal":
        controller.recorded_journal_event(body)
    elif kind == "dealer":
        try:
            dealer_act(controller, str(body.get("act")), dict(body.get("args") or {}))
        except (ActRefused, AuthError):
            pass  # journaled and decided: compared like any other decision
    elif kind == "timer":
        controller.tick(expired=True)  # the table's monotonic clock decided it; the row's ts is only a stamp
    elif kind == "publisher" and body.get("act") == "event_refused":
        controller.event_refused(int(body.get("event_id") or 0), str(body.get("problem") or ""))
    elif kind == "supervisor":
        try:
            controller.supervisor(str(body.get("act")), user=str(body.get("user") or ""), pin="",
                                  reason=str(body.get("reason") or ""), note=str(body.get("note") or ""),
                                  **dict(body.get("args") or {}))
        except (ActRefused, AuthError):
            pass
    else:
        raise ValueError(f"input kind {kind!r} is not a table input")


def dealer_act(controller: Controller, act: str, args: dict) -> None:
    """A recorded dealer act given to ``controller``: a sign-in or sign-out (who is at the table) through
    :meth:`Controller.sign_in` / :meth:`Controller.sign_out` (the recorded check stands), any other act
    through :meth:`Controller.dealer`. Raises ActRefused, AuthError as they do."""
    if act == "sign_in":
        controller.sign_in(str(args.get("user") or ""), how=str(args.get("how") or "pin"))
    elif act == "sign_out":
        controller.sign_out()
    else:
        controller.dealer(act, **args)


def _first_diff(recorded: object, rerun: object, path: str = "") -> str:
    """Where two JSON values first differ, as ``path: recorded X, re-run Y``."""
    if isinstance(recorded, dict) and isinstance(rerun, dict):
        for key in list(recorded) + [k for k in rerun if k not in recorded]:
            if recorded.get(key, "<absent>") != rerun.get(key, "<absent>"):
                return _first_diff(recorded.get(key, "<absent>"), rerun.get(key, "<absent>"), f"{path}.{key}")
    if isinstance(recorded, list) and isinstance(rerun, list):
        for index, (a, b) in enumerate(zip(recorded, rerun, strict=False)):
            if a != b:
                return _first_diff(a, b, f"{path}[{index}]")
        if len(recorded) != len(rerun):
            n = min(len(recorded), len(rerun))
            longer, who = (recorded, "recorded only") if len(recorded) > n else (rerun, "re-run only")
            return (f"{path}: recorded {len(recorded)} items, re-run {len(rerun)}; {who}: "
                    f"{json.dumps(longer[n])[:200]}")
    return f"{path or 'value'}: recorded {json.dumps(recorded)[:200]}, re-run {json.dumps(rerun)[:200]}"


def _describe(body: dict) -> str:
    kind = body.get("kind")
    if kind == "frame":
        what = body.get("token") or body.get("reason") or ""
        return f"frame {body.get('frame')} {what}".strip()
    if kind in ("dealer", "supervisor", "timer"):
        return f"{kind} {body.get('act')}"
    if kind == "link":
        return f"link {body.get('event')}"
    return str(kind)


def audit_journal(journal: Journal, config: StationConfig, *,
                  edge_monitor: Callable[..., list[dict]] | None = None) -> AuditReport:
    """Re-run a station's recorded inputs on a fresh controller (a MemoryJournal) and compare.

    Issue "QA replay", journal re-run: an audit of determinism. The hash chain is verified first
    (a changed row that was not re-hashed is named there). Then every ``input`` row (frames, link
    events, dealer, timer and supervisor acts) is given to a fresh
    :class:`~dealer_station.app.controller.Controller` through its public inputs, with the clock set
    to the row's recorded time (even when it goes back: the station's wall clock stepped) and the
    recorded supervisor accepted (:class:`RecordedAuthority`); a recorded ``timer`` input closes betting
    where it stands (the window ran out on the station's monotonic clock, which the rows do not record); the
    input it journals and the decision it takes (state, shoe, round, every output: cards,
    results, incidents, platform-relevant facts) must equal the recorded ones.

    Parameters
    ----------
    journal:
        The station's journal (opened read-only is enough).
    config:
        The station configuration the journal was made with (rule settings change decisions).
    edge_monitor:
        The station's edge monitor, if it ran one (its ``player_edge`` outputs are decisions too).

    Returns an :class:`AuditReport` naming the first difference. Raises JournalError if the
    journal cannot be read.
    """
    chain = journal.verify()
    if not chain.ok:
        return AuditReport(False, rows=chain.rows, first_difference=f"hash chain broken: {chain.message}")
    rows = list(journal.rows(kinds=("input", "decision")))
    decided = {int(r.body.get("input", 0)): r for r in rows if r.kind == "decision"}
    fresh = MemoryJournal()
    clock = [EPOCH]
    controller = Controller(config, fresh, accounts=RecordedAuthority(), clock=lambda: clock[0],  # type: ignore[arg-type]
                            edge_monitor=edge_monitor, monotonic=lambda: clock[0].timestamp())
    report = AuditReport(True, rows=chain.rows)
    try:
        for row in rows:
            if row.kind != "input":
                continue
            report.inputs += 1
            where = f"input row {row.seq} ({_describe(row.body)}, {row.ts})"
            moment = _parse_time(row.ts)
            if moment is None:
                return _differs(report, f"{where}: its time {row.ts!r} is not an ISO time")
            clock[0] = moment  # the recorded stamp, as it was: a wall clock that stepped back is no difference
            before = fresh.last_seq
            try:
                _feed(controller, row.body)
            except (ValueError, TypeError) as err:
                return _differs(report, f"{where}: cannot be given to a controller: {err}")
            new = list(fresh.rows(after=before, kinds=("input", "decision")))
            fed = next((r for r in new if r.kind == "input"), None)
            decision = next((r for r in new if r.kind == "decision"), None)
            if fed is None:
                return _differs(report, f"{where}: the re-run took no input (the controller refused it)")
            if fed.body != row.body:
                return _differs(report, f"{where}: re-fed as a different input: "
                                        f"{_first_diff(row.body, fed.body, 'input')}")
            recorded = decided.get(row.seq)
            if recorded is None:
                return _differs(report, f"{where}: the journal has no decision for it")
            if decision is None:
                return _differs(report, f"{where}: the re-run took no decision")
            # "events" (the digests of its outbox events) was checked against the outbox by verify; the
            # re-run keeps no outbox, so its rows list none
            want = {k: v for k, v in recorded.body.items() if k not in ("input", "events")}
            got = {k: v for k, v in decision.body.items() if k not in ("input", "events")}
            report.decisions += 1
            if want != got:
                return _differs(report, f"{where}: decision row {recorded.seq} differs: {_first_diff(want, got)}")
        extra = sorted(set(decided) - {r.seq for r in rows if r.kind == "input"})
        if extra:
            return _differs(report, f"decision rows for inputs that are not in the journal: {extra[:5]}")
    finally:
        fresh.close()
    return report


def _differs(report: AuditReport, why: str) -> AuditReport:
    report.ok = False
    report.first_difference = why
    return report
