"""Threads: the shoe's reader and the controller on threads of their own, the widgets on the GUI thread.

docs/design.md "Data flow" and docs/style.md habit 7: the console runs its table on the station runtime
(:mod:`dealer_station.app.runtime`), so the controller is owned by the station's controller thread, as
in ``run``. The GUI thread never calls the controller or the journal (docs/runtime.md):

* :class:`ShoeBridge` runs the shoe source's blocking calls (start, draw, stop) on a
  :class:`ShoeWorker` QThread; the source's reader thread puts its events on the station's queue, which
  the controller's thread reads. The bridge keeps the last raw frames (hex and text) for the supervisor.
* :class:`ControllerHost` is the table as the widgets see it: the station tells it, on the controller's
  thread, the facts and the view after each step; a queued Qt signal carries them to the GUI thread, where
  the host re-emits them. Acts go to the controller's thread through the same queue the reader uses
  (:meth:`Station.submit`); while an act is decided the GUI thread waits in a local event loop, so it goes
  on painting and taking input. An act still queued when the station's stop begins is dropped
  (docs/runtime.md "How a stop ends"): its call raises :class:`~dealer_station.app.runtime.StationStopping`,
  and the GUI thread never waits on it.
"""

from __future__ import annotations

import queue
from collections import deque
from collections.abc import Callable
from concurrent.futures import CancelledError
from dataclasses import dataclass
from datetime import UTC, datetime

import structlog
from PySide6.QtCore import QEventLoop, QObject, Qt, QThread, QTimer, Signal, Slot

from dealer_station.app.runtime_settings import StationStopping
from dealer_station.domain.acts import FrameKind, LinkEvent
from dealer_station.domain.facts import FactKind
from dealer_station.domain.staff import SignInMethod
from drivers.frames import CardRead, Connected, ConnectionLost, CutCard, Garbage, NoRead

__all__ = ["ConsoleUpdate", "ControllerHost", "RawFrame", "ShoeBridge", "ShoeWorker"]

log = structlog.get_logger(__name__)

_ORPHANED_WORKERS: list = []
"""Worker threads that did not end in time on close (kept alive until they do; see ShoeBridge.close)."""

RAW_FRAMES_KEPT = 32
"""How many raw frames the bridge keeps for the supervisor's view (a bound, docs/style.md habit 5)."""


@dataclass(frozen=True, slots=True)
class RawFrame:
    """One event as the shoe sent it, for the supervisor: kind, its raw bytes, arrival time (UTC), and what the
    event said: ``token`` (a card read: ``"9H"``), ``reason`` (a No-Read's or garbage's code: ``"bad_lrc"``),
    ``detail`` (a lost link's error or a connection's description, as the driver wrote it); ``""`` when none.

    ``kind``: a :class:`FrameKind` (``card``, ``no_read``, ``cut``, ``garbage``), a :class:`LinkEvent`
    (``connected``, ``lost``), :data:`EVIDENCE` (an incident's recorded bytes), or the class name of an event
    the shoe's codecs do not make.
    """

    kind: str
    raw: bytes
    received: datetime
    detail: str = ""
    token: str = ""
    reason: str = ""

    @property
    def hex(self) -> str:
        """The bytes as spaced upper-case hex (``"02 44 31 32 03 44"``)."""
        return self.raw.hex(" ").upper()

    @property
    def text(self) -> str:
        r"""The bytes as text: printable ASCII as is, others as ``\xNN``, CR/LF as ``\r``/``\n``."""
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


EVIDENCE = "evidence"
"""The :attr:`RawFrame.kind` of an incident's evidence bytes (not an event of the shoe)."""

_EVENT_KINDS: tuple[tuple[type, str], ...] = (
    (CardRead, FrameKind.CARD), (NoRead, FrameKind.NO_READ), (CutCard, FrameKind.CUT), (Garbage, FrameKind.GARBAGE),
    (Connected, LinkEvent.CONNECTED), (ConnectionLost, LinkEvent.LOST))


def _raw_frame(event: object) -> RawFrame:
    kind = next((k for cls, k in _EVENT_KINDS if isinstance(event, cls)), type(event).__name__)
    raw = getattr(event, "raw", b"") or b""
    if not isinstance(raw, bytes | bytearray):
        raw = str(raw).encode("utf-8", "replace")
    told = {attr: str(getattr(event, attr, None) or "") for attr in ("token", "reason", "error", "description")}
    return RawFrame(kind, bytes(raw), datetime.now(UTC), told["error"] or told["description"], told["token"],
                    told["reason"])


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
        self._dropping: frozenset[str] = frozenset()
        self.dropped = 0
        """Commands skipped, not run, since :meth:`drop` (presses queued when the console closed)."""

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
            if name in self._dropping:
                self.dropped += 1
                continue
            try:
                fn()
            except Exception as err:  # a device error is a message, never a crash of the console
                log.warning("shoe_command_failed", command=name, error=str(err))
                self.failed.emit(f"{name}: {err}")

    def drop(self, names) -> None:
        """From now on the queued commands named in ``names`` are skipped, not run (counted in :attr:`dropped`)."""
        self._dropping = frozenset(names)

    def finish(self, timeout: float = 3.0) -> bool:
        """Ask the thread to end after the queued commands and wait up to ``timeout`` seconds; True if it ended."""
        try:
            self._queue.put((("finish", None)), timeout=timeout)
        except queue.Full:
            self._running = False
        return self.wait(int(timeout * 1000))


class ShoeBridge(QObject):
    """Runs a station's shoe source's blocking calls off the GUI thread; keeps the raw frames it read.

    Parameters
    ----------
    station:
        The :class:`~dealer_station.app.runtime.Station`: its reader puts events on the station's queue.
    parent:
        Qt parent.

    Signals
    -------
    received(object)
        Emitted on the GUI thread for each event the controller took (after its view was shown).
    failed(str)
        A source command (start, draw, stop) failed.
    """

    received = Signal(object)
    failed = Signal(str)

    def __init__(self, station, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.station = station
        self.source = station.source
        self.frames: deque[RawFrame] = deque(maxlen=RAW_FRAMES_KEPT)
        self.delivered = 0
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
        """Take one event from any thread: it goes to the controller's thread (dropped once closed)."""
        if self._closed:
            log.info("shoe_event_after_close_dropped", frame=type(event).__name__)
            return
        self.station.put(event)

    def took(self, events: tuple) -> None:
        """The controller took ``events`` (GUI thread): keep their raw frames, count them, tell :attr:`received`."""
        for event in events:
            self.frames.append(_raw_frame(event))
            self.delivered += 1
            self.received.emit(event)

    def start(self) -> bool:
        """Start the source's reader on the worker thread; False without a source."""
        if self.source is None or self._started:
            return False
        self._started = True
        return self._worker.submit("start", self.station.start_shoe)

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

        From now on the reader's events are logged and dropped, not queued: the reader's closing
        ``ConnectionLost`` is not an incident of the table. So a console closed mid-round comes back
        exactly as one that was killed: where the journal stops. The draws still queued for the worker
        (presses of the simulated shoe's dealer) are dropped, not dealt (``shoe_draws_dropped_at_close``).
        """
        if self._closed:
            return
        self._closed = True
        self._worker.drop({"draw"})
        if self.source is not None and self._started:
            self._worker.submit("stop", lambda: self.station.stop_shoe(drop=True))
            self._started = False
        ended = self._worker.finish(timeout)
        if self._worker.dropped:
            log.warning("shoe_draws_dropped_at_close", draws=self._worker.dropped)
        if not ended:
            # a device call that hangs: the thread is left to end on its own; it must not be deleted
            # while it runs (Qt aborts the process), so it is kept here
            log.warning("shoe_worker_did_not_end", timeout=timeout)
            _ORPHANED_WORKERS.append(self._worker)


def _queued():
    return Qt.ConnectionType.QueuedConnection


@dataclass(frozen=True, slots=True)
class ConsoleUpdate:
    """What the controller's thread hands the GUI thread after a step: everything the widgets show.

    Attributes
    ----------
    facts, view, events:
        As :class:`~dealer_station.app.runtime.StationUpdate`: the step's facts, the view after it and
        the shoe events it took. The view holds the shoe's completed rounds with their pairs and naturals
        (``TableView.marks``), so the roads and the statistics need nothing else.
    """

    facts: tuple
    view: object
    events: tuple = ()


class _Waker(QObject):
    """Wakes the GUI thread's local event loop when a command's future is done (from any thread)."""

    done = Signal()


class ControllerHost(QObject):
    """The table as the widgets see it: facts and views as Qt signals, acts as methods.

    Every method is called on the GUI thread. Nothing here calls the controller or the journal on it:
    the view shown is the last one the controller's thread told (:meth:`snapshot`), and every act runs
    on the controller's thread (:meth:`call`).

    Parameters
    ----------
    station:
        The :class:`~dealer_station.app.runtime.Station` whose controller thread owns the table.

    Signals
    -------
    fact(object)
        Each controller fact, as it happens.
    view_changed(object)
        A new ``TableView`` after a step of the controller, or after a burst of steps (their facts were
        emitted first, as they came).
    problem(str)
        An act the controller refused or an error it raised, as one line for the dealer.
    took(object)
        The tuple of shoe events the controller took in a step.
    """

    fact = Signal(object)
    view_changed = Signal(object)
    problem = Signal(str)
    took = Signal(object)
    _incoming = Signal(object)

    def __init__(self, station, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.station = station
        self.controller = station.controller
        self.facts: deque = deque(maxlen=500)
        self.view = station.controller.snapshot()  # before the controller's thread runs: no journal read
        self._told = self.view
        self._held: list | None = None
        self._view_pending = False
        self._taken: list = []
        self._incoming.connect(self._on_update, type=_queued())
        station.listen(self._from_controller)
        self.refresh()  # the first update: the table as the controller's thread has it once it runs

    # ------------------------------------------------------------ the controller's thread
    def _from_controller(self, update) -> None:
        """The station's listener (controller's thread): hand the update to the GUI thread."""
        self._incoming.emit(ConsoleUpdate(update.facts, update.view, update.events))

    # ------------------------------------------------------------ the GUI thread
    @Slot(object)
    def _on_update(self, update: ConsoleUpdate) -> None:
        if self._held is not None:
            self._held.append(update)
            return
        self._told = update.view
        self._taken.extend(update.events)
        for fact in update.facts:
            self.facts.append(fact)
            self.fact.emit(fact)
            if fact.kind == FactKind.ERROR:  # the controller failed on an input: one line for the dealer
                self.problem.emit(str(fact.data.get("detail", "")))
        if not self._view_pending:  # a burst of updates already queued is rendered once, after it
            self._view_pending = True
            QTimer.singleShot(0, self._show_view)

    def _show_view(self) -> None:
        """Render the last view told (once per burst), then tell which shoe events it took."""
        if not self._view_pending or self._held is not None:
            return  # nothing new, or held while a fresh view is asked (shown right after)
        self._view_pending = False
        self.view = self._told
        self.view_changed.emit(self.view)
        if self._taken:
            events, self._taken = tuple(self._taken), []
            self.took.emit(events)

    def snapshot(self):
        """The table's ``TableView`` as the widgets show it: the last one the controller's thread told and the
        console rendered (never asks the controller).
        """
        return self.view

    def fresh_view(self):
        """The table's ``TableView`` as it is now, asked of the controller's thread (waits as :meth:`call`).

        The views told while it waits are held and shown right after it returns, in order: the caller
        decides on the table as it is now before any older view reaches the widgets.
        """
        if self._held is not None:  # asked again while waiting: the same answer
            return self.call(self.controller.snapshot)
        self._held = []
        try:
            view = self.call(self.controller.snapshot)
        finally:
            held, self._held = self._held, None
            if held:
                QTimer.singleShot(0, lambda: [self._on_update(update) for update in held])
            elif self._view_pending:
                QTimer.singleShot(0, self._show_view)
        return view

    def call(self, fn: Callable[[], object], *, act: str | None = None) -> object:
        """Run ``fn()`` on the controller's thread and return its value (or raise its exception).

        The GUI thread waits in a local event loop meanwhile: it paints and takes input while a slow
        disk or a locked journal holds the controller. The views of the step are shown before it returns.
        ``act``: the press ``fn`` makes (``"dealer:open_betting"``), for the stop's note of dropped presses.

        Raises :class:`~dealer_station.app.runtime.StationStopping` when the station's stop dropped the call
        before it ran, or refused it, and when the application quits while it waits (its event loops end): the
        GUI thread never waits for the controller's thread outside an event loop.
        """
        future = self.station.submit(fn, act=act)
        if not future.done():
            loop = QEventLoop()
            waker = _Waker()
            waker.done.connect(loop.quit, type=_queued())
            future.add_done_callback(lambda _f: waker.done.emit())
            loop.exec()
        if not future.done():  # the application is quitting: every event loop was told to end
            future.cancel()  # still queued: the stop drops it; already running: nobody waits for it
            raise StationStopping("the console is closing: not done")
        self._show_view()  # what the call changed is on screen when it returns (unless a fresh view is asked)
        try:
            return future.result()
        except CancelledError:
            raise StationStopping("the table is closing: not done") from None

    def shoe_event(self, event: object) -> None:
        """Give one shoe event to the controller's thread (as the reader does); never waits."""
        self.station.put(event)

    def dealer(self, act: str, **kw) -> bool:
        """Send a dealer act; True when the controller took it, False (and :attr:`problem`) when refused."""
        try:
            self.call(lambda: self.controller.dealer(act, **kw), act=f"dealer:{act}")
        except Exception as err:
            log.info("dealer_act_refused", act=act, error=str(err))
            self.problem.emit(str(err) or type(err).__name__)
            return False
        return True

    def sign_in(self, user: str, pin: str = "", how: str = SignInMethod.PIN) -> None:
        """A dealer signs in (``controller.sign_in``); AuthError and ActRefused propagate to the caller."""
        self.call(lambda: self.controller.sign_in(user, pin, how=how), act="dealer:sign_in")

    def sign_out(self) -> None:
        """The dealer signs out (``controller.sign_out``); ActRefused propagates to the caller."""
        self.call(self.controller.sign_out, act="dealer:sign_out")

    def supervisor(self, act: str, **kw) -> None:
        """Send a supervisor act; exceptions (AuthError, ActRefused, …) propagate to the caller."""
        self.call(lambda: self.controller.supervisor(act, **kw), act=f"supervisor:{act}")

    def recall(self, shoe: int | None = None) -> list:
        """Past rounds from the journal (read on the controller's thread); an error gives [] and :attr:`problem`."""
        try:
            return list(self.call(lambda: list(self.controller.recall(shoe))))
        except Exception as err:
            log.warning("recall_failed", error=str(err))
            self.problem.emit(str(err))
            return []

    def refresh(self) -> None:
        """Ask the controller's thread for a fresh view (it comes as :attr:`view_changed`); never waits."""
        self.station.submit(lambda: None)
