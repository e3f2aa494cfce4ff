"""Device-test harness: open a shoe through the real libraries and write its events as JSON lines.

Run in a subprocess, usually under ``umockdev-run``::

    python tests/support/probe.py SPEC [--idle-exit S | --until-events N] [--max-seconds S]
        [--unplug NODE --unplug-after N --replug-after S]

Every event the reader delivers becomes one line on standard output:
``{"event": "CardRead", "token": "AS", "raw": "...hex...", "t": seconds}`` (``reason`` for
NoRead, ``error`` for ConnectionLost, ``description`` for Connected). A start-up error is one line
``{"event": "StartError", "type": ..., "message": ...}`` and exit status 3.

The probe stops when the shoe has sent nothing for ``--idle-exit`` seconds, or, with ``--until-events N``, once
it has written N events (no idle rule: a slow reconnect on a busy machine is waited for), or at ``--max-seconds``.

``--unplug NODE``: ``--unplug-delay`` seconds after the ``--unplug-after``-th frame, remove the
device node NODE (a symlink in the umockdev test bed, as unplugging removes ``/dev/ttyUSB0``)
and put it back ``--replug-after`` seconds later: the reader must notice the loss and reconnect.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import queue
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import structlog  # noqa: E402

from drivers.errors import ShoeError  # noqa: E402
from drivers.frames import CardRead, ConnectionLost, CutCard, Garbage, NoRead  # noqa: E402
from drivers.profiles import open_shoe  # noqa: E402


def as_json(event, t0: float) -> str:
    obj = {"event": type(event).__name__, "t": round(time.monotonic() - t0, 3)}
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        obj[f.name] = value.hex() if isinstance(value, bytes) else value
    return json.dumps(obj)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("spec")
    ap.add_argument("--idle-exit", type=float, default=1.0)
    ap.add_argument("--until-events", type=int, default=0, help="stop after this many events (no idle rule)")
    ap.add_argument("--max-seconds", type=float, default=20.0)
    ap.add_argument("--unplug")
    ap.add_argument("--unplug-after", type=int, default=0)
    ap.add_argument("--replug-after", type=float, default=0.3)
    ap.add_argument("--unplug-delay", type=float, default=0.3, help="seconds after the N-th frame")
    ap.add_argument("--by-id", help="create this /dev/serial/by-id link to the port before opening")
    args = ap.parse_args()
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr))
    if args.by_id:
        root = os.environ.get("UMOCKDEV_DIR", "")
        link = Path(root + args.by_id)
        link.parent.mkdir(parents=True, exist_ok=True)
        os.symlink("../../ttyUSB0", link)
    events: queue.Queue = queue.Queue(maxsize=10_000)
    t0 = time.monotonic()
    try:
        source = open_shoe(args.spec)
        source.start(events.put)
    except ShoeError as err:
        sys.stdout.write(json.dumps({"event": "StartError", "type": type(err).__name__, "message": str(err)}) + "\n")
        return 3
    frames = 0
    written = 0
    unplugged = False
    node_target = None
    deadline = t0 + args.max_seconds
    try:
        while time.monotonic() < deadline:
            try:
                event = events.get(timeout=0.05)
            except queue.Empty:
                idle = time.monotonic() - source.last_activity > args.idle_exit
                if idle and not unplugged and not args.until_events:
                    break
                continue
            sys.stdout.write(as_json(event, t0) + "\n")
            sys.stdout.flush()
            written += 1
            if written == args.until_events:
                break
            if isinstance(event, CardRead | NoRead | CutCard | Garbage):
                frames += 1
            if isinstance(event, ConnectionLost) and unplugged:
                unplugged = False  # the loss was seen; the replug timer brings the node back
            if args.unplug and not unplugged and node_target is None and frames >= args.unplug_after > 0:
                node = Path(os.environ.get("UMOCKDEV_DIR", "") + args.unplug)
                node_target = os.readlink(node)
                unplugged = True

                def unplug(node=node, target=node_target):
                    node.unlink()
                    threading.Timer(args.replug_after, os.symlink, (target, node)).start()

                threading.Timer(args.unplug_delay, unplug).start()
    finally:
        source.stop()
    while not events.empty():
        sys.stdout.write(as_json(events.get(), t0) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
