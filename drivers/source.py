"""The shoe reader: a transport's device I/O on a thread of its own, frames out to a sink.

:class:`ShoeSource` is a template (the way python-can's ``BusABC.recv`` owns timeouts and
drivers implement ``_recv_internal``): the public :meth:`ShoeSource.start`/``stop`` own the
thread, device loss and reconnection with backoff; a transport implements only ``_open``, ``_read``
and ``_close``. The bytes of every read go through the source's :class:`~drivers.pump.Pump`
(:attr:`ShoeSource.pump`: the codec, token timeouts, the flush of a partial token), the one pump
under every shoe.

What the sink receives, in order, from the reader thread:

- ``Connected(description)`` after every successful open (the first one included);
- frames (``CardRead``, ``NoRead``, ``CutCard``, ``Garbage``) as the codec completes them;
- on device loss: the codec's pending partial token as a frame (``NoRead("token_timeout")`` or
  ``Garbage``, never dropped), then ``ConnectionLost(error_text)``; reconnection attempts
  follow with exponential backoff (``backoff_initial`` doubling up to ``backoff_max`` seconds)
  for at most ``reconnect_timeout`` seconds, after which a second
  ``ConnectionLost("gave up reconnecting ...")`` ends the thread;
- on :meth:`ShoeSource.stop`: pending partial as a frame, then ``ConnectionLost(None)`` (a clean close);
- on a failure inside the reader (a transport or codec bug): the frames already due, then
  ``ConnectionLost("reader failed: ...")``, which ends the thread.

The sink is called on the reader thread; it should only put the event in a bounded queue (or
emit a queued Qt signal). An exception from the sink is logged and the reader goes on.

Log context: the reader thread starts with no structlog context variables of its own, so the
station gives the ids its log lines must carry in :attr:`ShoeSource.log_context` (e.g.
``{"table_id": "T1"}``) before :meth:`ShoeSource.start`; they are bound for the first open (on the
calling thread, restored after it) and for the reader thread's whole life (every line it writes:
port opened, link lost, reconnection, a sink's own logs). The drivers never import the station.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable

import structlog

from drivers.codecs import Codec
from drivers.errors import ShoeBusyError, ShoeDisconnectedError, ShoeError, ShoeTimeoutError, ShoeUnavailableError
from drivers.frames import Connected, ConnectionLost, ShoeEvent
from drivers.pump import Pump, RawSink
from drivers.util import Backoff

__all__ = ["ShoeSource", "Sink", "RawSink", "STOP_TIMEOUT", "STOP_MARGIN"]

log = structlog.get_logger(__name__)

Sink = Callable[[ShoeEvent], None]
"""Receives every frame and link event, on the reader thread."""

STOP_TIMEOUT = 3.0
"""Seconds :meth:`ShoeSource.stop` waits for the reader thread by default (at least one read and
:data:`STOP_MARGIN` more)."""

STOP_MARGIN = 1.0
"""Seconds :meth:`ShoeSource.stop` waits beyond one read (``read_timeout``): the reader's last frames
and its ``ConnectionLost(None)`` after the read in progress ends."""


class ShoeSource:
    """Base of the shoe transports: a reader thread feeding a codec, with reconnection.

    Parameters
    ----------
    codec : Codec
        Decodes the bytes (owned by this source from now on).
    read_timeout : float
        Seconds one device read may block; sets the idle wake-up rate (0.1 s: 10 wake-ups a
        second, far below 1 % of a core) and the token-timeout resolution.
    reconnect : bool
        Reopen the device after loss (True) or end the reader (False).
    backoff_initial, backoff_max : float
        Seconds before the first reconnection attempt, doubling up to ``backoff_max``
        (:class:`drivers.util.Backoff`; a ``backoff_max`` below ``backoff_initial`` keeps every delay
        at ``backoff_initial``).
    reconnect_timeout : float
        Seconds of failed attempts after which the reader gives up (bounded retries).
    """

    can_draw = False
    """True for a simulated shoe that deals cards on :meth:`draw`."""

    def __init__(self, codec: Codec, *, read_timeout: float = 0.1, reconnect: bool = True,
                 backoff_initial: float = 0.1, backoff_max: float = 2.0, reconnect_timeout: float = 3600.0):
        if not 0 < read_timeout <= 5:
            raise ValueError(f"read_timeout must be in (0, 5] seconds, got {read_timeout!r}")
        self.pump = Pump(codec, self._deliver)
        """The bytes of every read through the codec into frames for the sink (:mod:`drivers.pump`)."""
        self.read_timeout = float(read_timeout)
        self.reconnect = reconnect
        self.backoff_initial = float(backoff_initial)
        self.backoff_max = float(backoff_max)
        self.reconnect_timeout = float(reconnect_timeout)
        self._sink: Sink | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._connected = threading.Event()
        self.log_context: dict[str, object] = {}
        """structlog context variables bound on the reader thread (and for the first open), e.g.
        ``{"table_id": "T1"}``: set before :meth:`start`; see the module docstring."""

    @property
    def codec(self) -> Codec:
        """The codec the pump decodes with."""
        return self.pump.codec

    @property
    def last_activity(self) -> float:
        """``time.monotonic()`` of the last byte received (or of start): for ``--idle-exit``."""
        return self.pump.last_activity

    @property
    def bytes_received(self) -> int:
        """Bytes read since start (all connections)."""
        return self.pump.bytes_received

    @property
    def recent(self) -> deque[tuple[float, bytes]]:
        """The last reads ``(monotonic t, bytes)``: logged as hex when the link is lost."""
        return self.pump.recent

    # -- transport hooks ------------------------------------------------------------------------
    @property
    def description(self) -> str:
        """Port, URL or VID:PID of the device, for logs and ``Connected`` events."""
        return type(self).__name__

    def _open(self) -> None:
        """Open the device. Raises a :class:`ShoeUnavailableError` subclass when it cannot."""
        raise NotImplementedError

    def _read(self) -> bytes:
        """Block at most ``read_timeout``; ``b""`` when idle. Raises ShoeDisconnectedError on device loss."""
        raise NotImplementedError

    def _close(self) -> None:
        """Release the device; never raises."""
        raise NotImplementedError

    def _interrupt(self) -> None:
        """Wake a read in progress (called by :meth:`stop` from another thread); never raises.

        Default: nothing, the read ends within ``read_timeout``. A transport that can cancel a blocking
        read (pyserial's ``cancel_read``) does it here, so a stop does not wait for the read to time out.
        """

    def _clock(self) -> float:
        """Arrival time of the bytes just read, seconds (``time.monotonic()``; a replay uses recorded time)."""
        return time.monotonic()

    # -- public API -------------------------------------------------------------------------------
    @property
    def connected(self) -> bool:
        """True while the device is open."""
        return self._connected.is_set()

    @property
    def running(self) -> bool:
        """True while the reader thread runs."""
        return self._thread is not None and self._thread.is_alive()

    def idle_seconds(self) -> float:
        """Seconds since the last byte from the shoe (or since start): what ``--idle-exit`` compares."""
        return time.monotonic() - self.last_activity

    def wait_connected(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the device to be open; True if it is."""
        return self._connected.wait(timeout)

    def start(self, sink: Sink, raw_sink: RawSink | None = None, *, wait_while_busy: bool = False) -> None:
        """Open the device and start the reader thread.

        The first open happens on the calling thread so that start-up problems are raised here,
        each with its own type and a message saying how to fix it.

        Parameters
        ----------
        sink, raw_sink:
            Receive the shoe's events, and its raw bytes with their monotonic time (None: not kept).
        wait_while_busy:
            When another program holds the device (``ShoeBusyError``: a ``cat``, ModemManager probing the
            port), do not raise: deliver ``ConnectionLost`` naming the holder (the station pauses on it, as
            on any loss of the shoe), then keep trying to open it on the reader thread with the reconnect
            back-off, and deliver ``Connected`` once the device is the station's. Every other start-up
            problem is still raised.

        Raises
        ------
        ShoeUnavailableError
            ``ShoeNotConnectedError``, ``ShoePermissionError``, ``LibusbMissingError``, ``ShoeBusyError``
            (unless ``wait_while_busy``).
        ShoeError
            If the source was already started.
        """
        if self._thread is not None:
            raise ShoeError("this shoe source was already started; make a new one with open_shoe()")
        self._sink = sink
        self.pump.raw_sink, self.pump.name = raw_sink, self.description
        self._stop.clear()
        busy: str | None = None
        with structlog.contextvars.bound_contextvars(**self._context()):
            try:
                self._open()
            except ShoeBusyError as err:
                if not wait_while_busy:
                    raise
                busy = str(err)
                log.warning("shoe_port_busy_at_start", shoe=self.description, error=busy)
                self._deliver(ConnectionLost(busy))
            else:
                self._connected.set()
                self.pump.touch()
                self._deliver(Connected(self.description))
        self._thread = threading.Thread(target=self._run, args=(busy,), name=f"shoe-reader {self.description}",
                                        daemon=True)
        self._thread.start()

    @property
    def stop_timeout(self) -> float:
        """Seconds :meth:`stop` waits at least: one read (``read_timeout``) plus :data:`STOP_MARGIN`."""
        return self.read_timeout + STOP_MARGIN

    def stop(self, timeout: float | None = None) -> None:
        """Stop the reader thread and close the device; idempotent.

        Parameters
        ----------
        timeout : float, optional
            Seconds to wait for the reader thread (default :data:`STOP_TIMEOUT`). Never less than
            :attr:`stop_timeout` (``read_timeout`` + :data:`STOP_MARGIN`): the stop timeout is derived
            from the read timeout, so a read that may block longer than the caller's wait never makes a
            clean stop fail. A transport that can cancel its read (serial) stops at once.

        Raises
        ------
        ShoeTimeoutError
            The thread did not end within that wait (a device call that hangs).
        """
        wait = max(STOP_TIMEOUT if timeout is None else float(timeout), self.stop_timeout)
        self._stop.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            try:
                self._interrupt()
            except Exception:  # a wake-up that fails leaves the read to time out on its own
                log.debug("shoe_interrupt_failed", shoe=self.description, exc_info=True)
            thread.join(wait)
            if thread.is_alive():
                raise ShoeTimeoutError(f"shoe reader {self.description} did not stop within {wait:g} s")

    def draw(self) -> str:
        """Deal the next card (simulated shoes only). Raises ShoeError on a real shoe."""
        raise ShoeError(f"{self.description} is a real shoe: cards are dealt by hand, draw() is for the simulator")

    def __enter__(self) -> ShoeSource:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- the reader thread ---------------------------------------------------------------------------
    def _deliver(self, event: ShoeEvent) -> None:
        sink = self._sink
        if sink is None:
            return
        try:
            sink(event)
        except Exception:  # the sink is the controller's; a failure there must not kill the reader
            log.exception("shoe_sink_failed", shoe=self.description, frame=type(event).__name__)

    def _context(self) -> dict[str, object]:
        """:attr:`log_context` as keyword arguments (text keys only; never raises)."""
        try:
            return {str(k): v for k, v in dict(self.log_context or {}).items()}
        except Exception:  # noqa: BLE001 - a bad context must not keep the shoe from opening
            log.warning("shoe_log_context_ignored", shoe=self.description)
            return {}

    def _run(self, busy: str | None = None) -> None:
        # A new thread has a context of its own: bind the station's ids for every line written here.
        structlog.contextvars.bind_contextvars(**self._context())
        if busy is not None and not self._reconnect(busy, always=True):
            return
        pump = self.pump
        try:
            while not self._stop.is_set():
                try:
                    data = self._read()
                except ShoeDisconnectedError as err:
                    self._lost(str(err))
                    if not self.reconnect or not self._reconnect(str(err)):
                        return
                    continue
                pump.read(data, self._clock())  # the timed-out token first, then the new bytes' frames
        except Exception as err:  # a driver bug: report it as a loss rather than dying silently
            log.exception("shoe_reader_crashed", shoe=self.description)
            self._lost(f"reader failed: {type(err).__name__}: {err}")
            return
        if self._connected.is_set():
            self._lost(None)

    def _lost(self, error: str | None) -> None:
        """Pending partial token as a frame, close, then ``ConnectionLost(error)``; ``None``: a clean close."""
        try:
            self.pump.flush()
        except Exception:  # a failing codec must not keep ConnectionLost from the sink
            log.exception("shoe_codec_flush_failed", shoe=self.description)
        self._close()
        self._connected.clear()
        if error is not None:
            log.warning("shoe_connection_lost", shoe=self.description, error=error,
                        last_reads=[data.hex(" ") for _, data in self.recent])
        self._deliver(ConnectionLost(error))

    def _reconnect(self, error: str, *, always: bool = False) -> bool:
        """Open the device again with the back-off until it opens (True) or the source stops (False).

        Gives up (``ConnectionLost`` saying so, False) after ``reconnect_timeout`` seconds, unless ``always``
        (a device busy at start: the station waits for it until it is stopped).
        """
        backoff = Backoff(self.backoff_initial, max(self.backoff_initial, self.backoff_max))
        deadline = float("inf") if always else time.monotonic() + self.reconnect_timeout
        attempts = 0
        last = error
        while not self._stop.wait(backoff.next()):
            attempts += 1
            try:
                self._open()
            except Exception as err:  # an unexpected error while the device comes back is one more failed attempt
                last = str(err) if isinstance(err, ShoeUnavailableError) else f"{type(err).__name__}: {err}"
                log.info("shoe_reconnect_failed", shoe=self.description, attempt=attempts, error=last,
                         exc_info=not isinstance(err, ShoeUnavailableError))
                if time.monotonic() >= deadline:
                    self._deliver(ConnectionLost(f"gave up reconnecting after {attempts} attempts in "
                                                 f"{self.reconnect_timeout:g} s: {last}"))
                    return False
                continue
            self._connected.set()
            log.info("shoe_reconnected", shoe=self.description, attempts=attempts)
            self._deliver(Connected(self.description))
            return True
        return False
