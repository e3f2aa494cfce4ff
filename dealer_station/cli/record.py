"""``dealer-station record --shoe PROFILE -o FILE.jsonl``: store a shoe's raw bytes as they arrive.

The file gets a header line (profile, port settings, start time) then one
``{"t": seconds, "dir": "rx", "hex": "..."}`` line per read (format: :mod:`drivers.sessions`).
Recording ends on Ctrl+C, after ``--seconds``, or after ``--idle-exit`` seconds without a byte.
With a simulated shoe, ``--deal N`` deals N cards so that there is something to record; without
``--seconds`` or ``--idle-exit`` it then ends one second after the last byte.
"""

from __future__ import annotations

import argparse
import json
import queue
import sys
import time

from dealer_station.cli import CliError, echo
from drivers.errors import ShoeConfigError, ShoeError, ShoeUnavailableError
from drivers.frames import CardRead, ConnectionLost, NoRead
from drivers.profiles import build_source, load_profile
from drivers.sessions import SessionRecorder

NAME = "record"
HELP = "record a shoe's raw bytes to a JSON-lines session file (for replay and QA)"


def register(parser: argparse.ArgumentParser) -> None:
    """Arguments: ``--shoe``, ``-o``, ``--seconds``, ``--idle-exit``, ``--deal``, ``--interval``, ``--frames``."""
    parser.add_argument("--shoe", required=True, metavar="PROFILE",
                        help="profile name, profile file, or inline spec (serial:PORT?codec=..., usb:VID:PID, sim?...)")
    parser.add_argument("-o", "--output", required=True, metavar="FILE.jsonl", help="session file to create")
    parser.add_argument("--seconds", type=float, default=None, help="stop after this many seconds")
    parser.add_argument("--idle-exit", type=float, default=None, metavar="SECONDS",
                        help="stop after this many seconds without a byte from the shoe")
    parser.add_argument("--deal", type=int, default=0, metavar="N",
                        help="simulated shoe: deal N cards (then stop 1 s after the last byte, unless --seconds or "
                             "--idle-exit says otherwise)")
    parser.add_argument("--interval", type=float, default=0.05, help="seconds between dealt cards (with --deal)")
    parser.add_argument("--frames", action="store_true", help="also print decoded frames as JSON lines")


MAX_SECONDS = 7 * 86400.0
"""Longest ``--seconds``, ``--idle-exit`` or ``--interval``: a week (without ``--seconds`` it records until Ctrl+C)."""
DEALT_IDLE_EXIT = 1.0
"""Seconds without a byte after the last card of ``--deal N`` that end a recording given no other end."""


def _frame_json(event) -> str:
    obj: dict = {"event": type(event).__name__}
    if isinstance(event, CardRead):
        obj["token"] = event.token
    if isinstance(event, NoRead):
        obj["reason"] = event.reason
    if isinstance(event, ConnectionLost):
        obj["error"] = event.error
    raw = getattr(event, "raw", None)
    if raw is not None:
        obj["raw"] = raw.hex()
    return json.dumps(obj)


def run(args: argparse.Namespace) -> int:
    """Record until stopped; print a one-line summary on standard error. Exit 2 on a bad spec or device,
    1 when the session file could not be written in full.
    """
    for name in ("seconds", "idle_exit", "interval"):
        value = getattr(args, name)
        if value is not None and not 0 <= value <= MAX_SECONDS:  # refuses nan and inf too
            raise CliError(f"--{name.replace('_', '-')} {value:g}: give 0 to {MAX_SECONDS:g} seconds")
    if args.deal < 0:
        raise CliError(f"--deal {args.deal}: give a number of cards, 0 or more")
    try:
        profile = load_profile(args.shoe)
        source = build_source(profile)
    except ShoeConfigError as err:
        raise CliError(str(err)) from err
    if args.deal and not source.can_draw:
        raise CliError(f"--deal is for simulated shoes; {args.shoe} is dealt by hand")
    try:
        recorder = SessionRecorder(args.output, profile.to_header(), port=profile.to_header()["options"])
    except ShoeError as err:
        raise CliError(str(err)) from err
    events: queue.Queue = queue.Queue(maxsize=10_000)
    started = time.monotonic()
    try:
        try:
            source.start(events.put, raw_sink=recorder)
        except ShoeError as err:
            recorder.close()
            recorder.path.unlink(missing_ok=True)  # only the header was written: leave no empty session
            raise CliError(f"cannot open the shoe: {err}") from err
        dealt = 0
        next_deal = time.monotonic()
        idle_exit = args.idle_exit
        if idle_exit is None and args.deal and args.seconds is None:
            idle_exit = DEALT_IDLE_EXIT
        while True:
            now = time.monotonic()
            if args.seconds is not None and now - started >= args.seconds:
                break
            if idle_exit is not None and now - source.last_activity >= idle_exit and dealt >= args.deal:
                break
            if dealt < args.deal and now >= next_deal:
                try:
                    source.draw()
                    dealt += 1
                except ShoeUnavailableError:
                    pass  # unplugged (fault injection): the same card is dealt after the reconnect
                except ShoeError as err:
                    raise CliError(str(err)) from err
                next_deal = now + args.interval
            wait = 0.05 if dealt >= args.deal else min(0.05, max(0.0, next_deal - time.monotonic()))
            try:
                event = events.get(timeout=wait)
            except queue.Empty:
                continue
            if args.frames:
                sys.stdout.write(_frame_json(event) + "\n")
                sys.stdout.flush()
    except KeyboardInterrupt:
        pass
    finally:
        try:
            source.stop()
        finally:
            recorder.close()
    if args.frames:
        while not events.empty():
            sys.stdout.write(_frame_json(events.get()) + "\n")
    echo(f"recorded {recorder.bytes} bytes in {recorder.chunks} reads to {args.output}", file=sys.stderr)
    if recorder.error is not None:
        raise CliError(f"the session is incomplete: {recorder.error}; {recorder.lost} later reads were not "
                       f"recorded", status=1)
    return 0
