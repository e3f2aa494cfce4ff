"""Threads: the shoe's reader thread → queued Qt signals → the controller on the GUI thread.

DESIGN.md "Data flow" and STYLE.md habit 7: device I/O runs on reader threads; results cross to
the one thread that owns the controller (here the GUI thread) by queued Qt signals; the GUI
never waits on a device.

* :class:`ShoeBridge` owns a shoe source (``drivers.profiles.open_shoe(spec)`` → an object with
  ``start(sink)``, ``stop()`` and, on a simulator, ``draw()``). Those calls run on a
  :class:`ShoeWorker` QThread, never on the GUI thread, so an open or a draw that blocks does not
  freeze the screen. The source's reader thread calls :meth:`ShoeBridge.sink`, which only emits a
  signal; the queued connection delivers the event on the GUI thread. The bridge keeps the last
  raw frames (hex and text) for the supervisor.
* :class:`ControllerHost` wraps the controller for the widgets: it subscribes to the controller's
  facts, re-emits them as Qt signals, sends dealer and supervisor acts, and publishes a fresh
  :class:`TableView` snapshot after every input.
"""

from __future__ import annotations

import queue
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import structlog
from PySide6.QtCore import QObject, QThread, QTimer, Signal, Slot

__all__ = ["ControllerHost", "RawFrame", "ShoeBridge", "ShoeWorker"]

log = structlog.get_logger(__name__)

_ORPHANED_WORKERS: list = []
"""Worker threads that did not end in time on close (kept alive until they do; see ShoeBridge.close)."""

RAW_FRAMES_KEPT = 32
"""How many raw frames the bridge keeps for the supervisor's view (a bound, STYLE.md habit 5)."""


@dataclass(frozen=True, slots=True)
class RawFrame:
    """One event as the shoe sent it, for the supervisor: kind, its raw bytes, arrival time (UTC)."""

    kind: str
    raw: bytes
    received: datetime
    detail: str = ""

    @property
    def hex(self) -> str:
        """The bytes as spaced upper-case hex (``"02 44 31 32 03 44"``)."""
        return self.raw.hex(" ").upper()

    @property
    def text(self) -> str:
        """The bytes as text: printable ASCII as is, others as ``\\xNN``, CR/LF as ``\\r``/``\\n``."""
        out = []
        for b in self.raw:
            if b == 0x0D:
                out.append("\\r")
            elif b == 0x0A:
                out.append("\\n")
            elif 0x20 <= b < 0x7F:
                out.append(chr(b))
            else:
                out.append(f"\\x{b:02x}")
        return "".join(out)


def _raw_frame(event: object) -> RawFrame:
    kind = type(event).__name__
    raw = getattr(event, "raw", b"") or b""
    if not isinstance(raw, bytes | bytearray):
        raw = str(raw).encode("utf-8", "replace")
    detail = ""
    for attr in ("token", "reason", "error", "description"):
        value = getattr(event, attr, None)
        if value:
            detail = f"{attr}={value}"
            break
    return RawFrame(kind, bytes(raw), datetime.now(UTC), detail)


class ShoeWorker(QThread):
    """A QThread that runs the shoe source's blocking calls (start, draw, stop) off the GUI thread.

    Commands go through a bounded queue (:attr:`QUEUE_SIZE`); a full queue refuses the command
    (``submit`` returns False) instead of blocking the GUI. Errors are reported by
    :attr:`failed` (str), never raised into the GUI.
    """

    QUEUE_SIZE = 64
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._queue: queue.Queue = queue.Queue(self.QUEUE_SIZE)
        self._running = True

    def submit(self, name: str, fn: Callable[[], object]) -> bool:
        """Queue ``fn`` (called with no arguments on the worker thread); False when the queue is full."""
        try:
            self._queue.put_nowait((name, fn))
        except queue.Full:
            log.warning("shoe_worker_queue_full", command=name)
            return False
        return True

    def run(self) -> None:  # noqa: D102 - QThread override
        while self._running:
            try:
                name, fn = self._queue.get(timeout=0.1)
            except queue.Empty:
                continue
            if fn is None:
                break
            try:
                fn()
            except Exception as err:  # a device error is a message, never a crash of the console
                log.warning("shoe_command_failed", command=name, error=str(err))
                self.failed.emit(f"{name}: {err}")

    def finish(self, timeout: float = 3.0) -> bool:
        """Ask the thread to end after the queued commands and wait up to ``timeout`` seconds; True if it ended."""
        try:
            self._queue.put((("finish", None)), timeout=timeout)
        except queue.Full:
            self._running = False
        return self.wait(int(timeout * 1000))


class ShoeBridge(QObject):
    """Delivers a shoe source's events to ``deliver`` on the GUI thread through a queued signal.

    Parameters
    ----------
    deliver:
        Called on the GUI thread with each ``drivers.frames`` event (normally
        :meth:`ControllerHost.shoe_event`).
    source:
        The shoe source, or None (then only :meth:`sink` feeds events, e.g. a replay).
    parent:
        Qt parent.

    Signals
    -------
    received(object)
        Emitted on the GUI thread after an event was delivered.
    failed(str)
        A source command (start, draw, stop) failed.
    """

    _incoming = Signal(object)
    received = Signal(object)
    failed = Signal(str)

    def __init__(self, deliver: Callable[[object], None], source: object | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._deliver = deliver
        self.source = source
        self.frames: deque[RawFrame] = deque(maxlen=RAW_FRAMES_KEPT)
        self.delivered = 0
        self._incoming.connect(self._on_incoming, type=_queued())
        self._worker = ShoeWorker()
        self._worker.failed.connect(self.failed, type=_queued())
        self._worker.start()
        self._started = False
        self._closed = False

    @property
    def can_draw(self) -> bool:
        """True when the source is a simulator that deals a card on request (it has ``draw()``)."""
        if self.source is None:
            return False
        flag = getattr(self.source, "can_draw", None)
        if flag is not None:
            return bool(flag)
        return callable(getattr(self.source, "draw", None))

    def sink(self, event: object) -> None:
        """Take one event from any thread (the reader thread): it is queued to the GUI thread."""
        self._incoming.emit(event)

    def start(self) -> bool:
        """Start the source's reader on the worker thread (``source.start(self.sink)``); False without a source."""
        if self.source is None or self._started:
            return False
        self._started = True
        return self._worker.submit("start", lambda: self.source.start(self.sink))

    def draw(self) -> bool:
        """Ask a simulated shoe for its next card (on the worker thread); False when it cannot."""
        if not self.can_draw:
            return False
        return self._worker.submit("draw", self.source.draw)

    def submit(self, name: str, fn: Callable[[], object]) -> bool:
        """Run ``fn`` on the worker thread after the commands already queued; False when the queue is full."""
        return self._worker.submit(name, fn)

    def close(self, timeout: float = 3.0) -> None:
        """Stop the source (on the worker thread) and end the worker, waiting at most ``timeout`` seconds.

        From now on events are logged and dropped, not delivered: the reader's closing
        ``ConnectionLost`` is not an incident of the table, and the controller may be gone. So a
        console closed mid-round comes back exactly as one that was killed: where the journal stops.
        """
        if self._closed:
            return
        self._closed = True
        if self.source is not None and self._started:
            self._worker.submit("stop", self.source.stop)
            self._started = False
        if not self._worker.finish(timeout):
            # a device call that hangs: the thread is left to end on its own; it must not be deleted
            # while it runs (Qt aborts the process), so it is kept here
            log.warning("shoe_worker_did_not_end", timeout=timeout)
            _ORPHANED_WORKERS.append(self._worker)

    @Slot(object)
    def _on_incoming(self, event: object) -> None:
        if self._closed:
            log.info("shoe_event_after_close_dropped", frame=type(event).__name__)
            return
        self.frames.append(_raw_frame(event))
        self.delivered += 1
        try:
            self._deliver(event)
        finally:
            self.received.emit(event)


def _queued():
    from PySide6.QtCore import Qt

    return Qt.ConnectionType.QueuedConnection


class ControllerHost(QObject):
    """The controller as the widgets see it: facts and snapshots as Qt signals, acts as methods.

    The controller is owned by the GUI thread: every method here must be called on it (the
    :class:`ShoeBridge` makes sure shoe events are).

    Parameters
    ----------
    controller:
        An object with the controller API (docs/controller.md): ``subscribe``, ``snapshot``,
        ``shoe_event``, ``dealer``, ``supervisor``, ``recall``.

    Signals
    -------
    fact(object)
        Each controller fact, as it happens.
    view_changed(object)
        A new ``TableView`` snapshot after an input or a fact.
    problem(str)
        An act the controller refused or an error it raised, as one line for the dealer.
    """

    fact = Signal(object)
    view_changed = Signal(object)
    problem = Signal(str)

    def __init__(self, controller: object, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.facts: deque = deque(maxlen=500)
        self._pending_view = False
        controller.subscribe(self._on_fact)
        self._tick = QTimer(self)
        self._tick.setInterval(250)
        self._tick.timeout.connect(self._on_tick)
        self._tick.start()

    def snapshot(self):
        """The controller's current ``TableView``."""
        return self.controller.snapshot()

    def shoe_event(self, event: object) -> None:
        """Give one shoe event to the controller; an exception becomes :attr:`problem`, never a crash."""
        try:
            self.controller.shoe_event(event)
        except Exception as err:
            log.error("controller_shoe_event_failed", frame=type(event).__name__, error=str(err))
            self.problem.emit(f"{type(err).__name__}: {err}")
        finally:
            self.refresh()

    def dealer(self, act: str, **kw) -> bool:
        """Send a dealer act; True when the controller took it, False (and :attr:`problem`) when refused."""
        try:
            self.controller.dealer(act, **kw)
        except Exception as err:
            log.info("dealer_act_refused", act=act, error=str(err))
            self.problem.emit(str(err) or type(err).__name__)
            return False
        finally:
            self.refresh()
        return True

    def sign_in(self, user: str, pin: str = "", how: str = "pin") -> None:
        """A dealer signs in (``controller.sign_in``); AuthError and ActRefused propagate to the caller."""
        try:
            self.controller.sign_in(user, pin, how=how)
        finally:
            self.refresh()

    def sign_out(self) -> None:
        """The dealer signs out (``controller.sign_out``); ActRefused propagates to the caller."""
        try:
            self.controller.sign_out()
        finally:
            self.refresh()

    def supervisor(self, act: str, **kw) -> None:
        """Send a supervisor act; exceptions (AuthError, ActRefused, …) propagate to the caller."""
        try:
            self.controller.supervisor(act, **kw)
        finally:
            self.refresh()

    def recall(self, shoe: int | None = None) -> list:
        """Past rounds from the journal (``controller.recall``); an error gives an empty list and :attr:`problem`."""
        try:
            return list(self.controller.recall(shoe))
        except Exception as err:
            log.warning("recall_failed", error=str(err))
            self.problem.emit(str(err))
            return []

    def round_events(self) -> dict[tuple[int, int], dict[str, list]]:
        """Incidents and acts of every round in the journal, by (shoe, round), for the round recall.

        Built from ``controller.recorded_outputs`` (the journal's decisions, in order) when the
        controller has it: ``{"incidents": ["misread_limit at banker2", ...], "acts": ["sue: void_round
        (scanner_misread) note", ...]}``. Empty when it has not; an error gives what was read so far.
        """
        outputs = getattr(self.controller, "recorded_outputs", None)
        out: dict[tuple[int, int], dict[str, list]] = {}
        if not callable(outputs):
            return out
        kinds = ("shoe_started", "betting_opened", "round_paused", "round_resumed", "card_moved", "round_voided",
                 "card_accepted")
        shoe = rnd = 0
        try:
            for kind, data in outputs(kinds):
                if kind == "shoe_started":
                    shoe, rnd = int(data.get("shoe", shoe + 1)), 0
                    continue
                if kind == "betting_opened":
                    rnd = int(data.get("round", rnd + 1))
                    continue
                entry = out.setdefault((shoe, rnd), {"incidents": [], "acts": []})
                if kind == "round_paused":
                    where = f" at {data['position']}" if data.get("position") else ""
                    entry["incidents"].append(f"{data.get('type')}{where} ({data.get('reason')})")
                elif kind == "card_accepted":
                    if data.get("manual"):
                        entry["acts"].append(f"manual card {data.get('card')} at {data.get('position')}")
                else:
                    act = data.get("act") or ("move_card" if kind == "card_moved" else "void_round")
                    note = f": {data['note']}" if data.get("note") else ""
                    text = f"{data.get('user', '?')}: {act} ({data.get('reason', '')}){note}"
                    if text not in entry["acts"]:  # a void both resumes and voids: one act
                        entry["acts"].append(text)
        except Exception as err:
            log.warning("round_events_failed", error=str(err))
        return out

    def refresh(self) -> None:
        """Publish the current snapshot now."""
        self._pending_view = False
        try:
            view = self.controller.snapshot()
        except Exception as err:
            log.error("snapshot_failed", error=str(err))
            return
        self.view_changed.emit(view)

    def _on_fact(self, fact: object) -> None:
        self.facts.append(fact)
        self.fact.emit(fact)
        if not self._pending_view:
            self._pending_view = True
            QTimer.singleShot(0, self._coalesced_refresh)

    def _coalesced_refresh(self) -> None:
        if self._pending_view:
            self.refresh()

    def _on_tick(self) -> None:
        tick = getattr(self.controller, "tick", None)
        if callable(tick):
            try:
                tick()
            except Exception as err:
                log.warning("controller_tick_failed", error=str(err))
        view = None
        try:
            view = self.controller.snapshot()
        except Exception:
            return
        if getattr(view, "betting_seconds_left", None) is not None:
            self.view_changed.emit(view)
