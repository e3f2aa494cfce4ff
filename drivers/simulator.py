"""A simulated shoe that is a real transport: a pty pair, a card's bytes in a profile's wire format.

:class:`SimulatedShoe` is a :class:`~drivers.serial_shoe.SerialShoe` whose port is the slave
side of a pseudo-terminal (reached through a stable symlink, as ``/dev/serial/by-id`` would
be); the simulator writes to the master side. The bytes go through the real pyserial read
path and the same codec as a real shoe. :meth:`SimulatedShoe.draw` deals the next card: the
automatic dealer calls it each time the table wants a card.

Fault injection (:class:`SimFaults`), all reproducible from ``seed``; card numbers count from the
start of the current shoe (:meth:`SimulatedShoe.new_shoe` re-arms them):

- ``misread_rate``: probability that a draw sends the No-Read token instead of the card; the
  card stays at the front of the shoe (the dealer rescans it);
- ``garbage_rate``: probability of line noise before a frame (decodes to ``Garbage`` only);
- ``split_writes``: each frame written in random pieces a few milliseconds apart;
- ``disconnect_at``: at the draw of card number N (0-based count of cards dealt) the shoe is
  unplugged (pty closed, link removed) and replugged ``replug_after`` seconds later; that draw
  raises :class:`~drivers.errors.ShoeUnavailableError` and the card stays in the shoe;
- ``duplicate_at``: card number N is sent twice;
- ``foreign_at``: before card number N a card that is not the next one of this shoe is sent
  (the kind dealt most often so far: once its 8 copies are out, a card beyond the inventory).

:class:`LoopbackShoe` deals the same way with no device: a draw's bytes go through the shoe's pump
(:class:`drivers.pump.Pump`, the one under every shoe) on the calling thread and its frames go to the
sink at once (no pty, no reader thread, no sleeps). A shoe's
tokens may hold :data:`~drivers.codecs.NOREAD` markers, each sent as the codec's No-Read token in its
turn: :func:`with_misreads` plans them ahead from a seed, so that a shoe can be resumed at a count of
frames (``dealer-station simulate``).
"""

from __future__ import annotations

import fcntl
import os
import random
import sys
import tempfile
import termios
import threading
import time
import tty
import uuid
from collections import Counter
from dataclasses import dataclass

import structlog

from drivers.codecs import NOREAD, Codec
from drivers.deck import CUT, shuffled_shoe
from drivers.errors import ShoeConfigError, ShoeEmptyError, ShoeError, ShoeUnavailableError
from drivers.frames import Connected, ConnectionLost, NoRead
from drivers.serial_shoe import SerialShoe
from drivers.source import ShoeSource

__all__ = ["LoopbackShoe", "SimFaults", "SimulatedShoe", "check_misread_rate", "with_misreads"]

log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class SimFaults:
    """Faults a simulated shoe injects (see the module docstring). Rates are probabilities 0–1."""

    misread_rate: float = 0.0
    garbage_rate: float = 0.0
    split_writes: bool = False
    disconnect_at: int | None = None
    replug_after: float = 0.5
    duplicate_at: int | None = None
    foreign_at: int | None = None

    def __post_init__(self) -> None:
        for name in ("misread_rate", "garbage_rate"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ShoeConfigError(f"{name}={value!r}: use a probability between 0 and 1")
        if not 0 < self.replug_after <= 60:
            raise ShoeConfigError(f"replug_after={self.replug_after!r}: use 0-60 seconds")


def check_misread_rate(rate: float) -> None:
    """Raise :class:`~drivers.errors.ShoeConfigError` unless ``0 <= rate < 1`` (a planned No-Read's probability)."""
    if not 0.0 <= rate < 1.0:
        raise ShoeConfigError(f"misread rate {rate!r}: allowed 0 <= rate < 1")


def with_misreads(tokens: list[str], rate: float, rng: random.Random, *, max_in_a_row: int) -> list[str]:
    """A shoe's tokens with No-Reads planned ahead: before each card, :data:`~drivers.codecs.NOREAD` markers.

    Parameters
    ----------
    tokens : list of str
        The shoe's tokens in dealing order (``"CUT"`` for the cut card, which is never misread).
    rate : float
        Probability (0 <= rate < 1) that a card is read as a No-Read once more before it reads.
    rng : random.Random
        The plan's random choices (seed it for a reproducible shoe).
    max_in_a_row : int
        No card gets more No-Reads than this before it reads (a round below the misread limit never pauses).

    Returns
    -------
    list of str
        One token per frame the shoe sends: a dealer resumes the plan at a count of frames.

    Raises
    ------
    ShoeConfigError
        ``rate`` outside 0 <= rate < 1.
    """
    check_misread_rate(rate)
    planned: list[str] = []
    for token in tokens:
        misses = 0
        while rate and token != CUT and misses < max_in_a_row and rng.random() < rate:
            planned.append(NOREAD)
            misses += 1
        planned.append(token)
    return planned


class _Dealing:
    """What a simulated shoe deals, whatever carries its bytes: the tokens, the faults, the wire bytes of a draw.

    The transport gives ``codec``, ``_lock`` and ``_write(data)``; :meth:`_setup_dealing` is called by its
    ``__init__``.
    """

    codec: Codec
    _lock: threading.Lock | threading.RLock

    def _setup_dealing(self, tokens: list[str] | None, seed: int | None, faults: SimFaults | None) -> None:
        self.faults = faults or SimFaults()
        self.seed = seed
        self._rng = random.Random(seed)
        self._disconnected_once = False
        self._foreign_done = False
        self.tokens: list[str] = list(tokens) if tokens is not None else shuffled_shoe(seed)
        self.dealt = 0
        """Tokens taken out of the shoe so far (cards, the cut card, planned No-Reads)."""
        self._counts: Counter[str] = Counter()

    @property
    def remaining(self) -> int:
        """Tokens left in the shoe (the cut card included)."""
        return len(self.tokens) - self.dealt

    def new_shoe(self, tokens: list[str] | None = None, seed: int | None = None) -> None:
        """Load a new shoe (after a shoe ends): ``tokens`` or the shuffled shoe of ``seed``."""
        with self._lock:
            self.tokens = list(tokens) if tokens is not None else shuffled_shoe(seed)
            self.dealt = 0
            self._counts.clear()
            self._disconnected_once = self._foreign_done = False

    def _write(self, data: bytes) -> None:
        raise NotImplementedError

    def _pieces(self, data: bytes) -> list[bytes]:
        """``data`` as written: whole, or cut in random pieces (``split_writes``)."""
        if not (self.faults.split_writes and len(data) > 1):
            return [data]
        cuts = sorted(self._rng.sample(range(1, len(data)), k=min(len(data) - 1, self._rng.randint(1, 3))))
        return [data[i:j] for i, j in zip([0, *cuts], [*cuts, len(data)], strict=True)]

    def _deal(self) -> str:
        """Write the next token's bytes with the configured faults (the link's own checked by the caller,
        under ``_lock``, the shoe not empty); return what went on the wire (see :meth:`SimulatedShoe.draw`).
        """
        f = self.faults
        token = self.tokens[self.dealt]
        if f.garbage_rate and self._rng.random() < f.garbage_rate:
            self._write(self.codec.encode_garbage(self._rng))
        if f.foreign_at is not None and self.dealt == f.foreign_at and not self._foreign_done:
            self._foreign_done = True
            foreign = self._foreign_token(token)
            self._write(self.codec.encode(foreign))
            return foreign
        if token not in (CUT, NOREAD) and f.misread_rate and self._rng.random() < f.misread_rate:
            self._write(self.codec.encode(NOREAD))
            return NOREAD
        data = self.codec.encode(token)
        self._write(data)
        if f.duplicate_at is not None and self.dealt == f.duplicate_at:
            self._write(data)
        self.dealt += 1
        self._counts[token] += 1
        return token

    def _foreign_token(self, next_token: str) -> str:
        cards = [t for t in self._counts if t not in (CUT, NOREAD)]
        if cards:
            return max(cards, key=lambda t: (self._counts[t], t))
        return next(t for t in self.tokens if t not in (CUT, NOREAD, next_token))


class SimulatedShoe(_Dealing, SerialShoe):
    """A shoe of shuffled cards played over a pty in ``codec``'s wire format.

    Parameters
    ----------
    codec : Codec
        Wire format (any codec: it encodes what the reader decodes).
    tokens : list of str, optional
        The shoe's card tokens in dealing order, ``"CUT"`` for the cut card. Default:
        :func:`drivers.deck.shuffled_shoe` of ``seed``.
    seed : int, optional
        Seed of the default shoe and of the faults' random choices.
    faults : SimFaults
        What to inject.
    **kwargs :
        Reader options (``read_timeout``, backoff ...).
    """

    can_draw = True

    def __init__(self, codec: Codec, *, tokens: list[str] | None = None, seed: int | None = None,
                 faults: SimFaults | None = None, **kwargs):
        # the pty and its link are made at start() (nothing to clean up for an unstarted shoe)
        self._dir = os.path.join(tempfile.gettempdir(), f"dealer-station-sim-{os.getpid()}-{uuid.uuid4().hex[:12]}")
        self._link = os.path.join(self._dir, "shoe")
        super().__init__(self._link, codec, **kwargs)
        self._setup_dealing(tokens, seed, faults)
        self._lock = threading.Lock()
        self._master: int | None = None
        self._slave: int | None = None
        self._replug_timer: threading.Timer | None = None

    def start(self, sink, raw_sink=None, *, wait_while_busy: bool = False) -> None:
        """Plug the simulated shoe in (create the pty) and start reading it; see :meth:`ShoeSource.start`."""
        with self._lock:
            if self._master is None:
                self._plug()
        super().start(sink, raw_sink, wait_while_busy=wait_while_busy)

    @property
    def description(self) -> str:  # noqa: D102
        return f"simulated shoe ({self.codec.name}) at {self._link}"

    # -- the device side -----------------------------------------------------------------------------
    def _plug(self) -> None:
        os.makedirs(self._dir, mode=0o700, exist_ok=True)
        master, slave = os.openpty()
        tty.setraw(slave)  # a fresh pty echoes and translates CR/LF until it is set raw
        os.set_blocking(master, True)
        self._master, self._slave = master, slave
        tmp = self._link + ".new"
        if os.path.lexists(tmp):
            os.unlink(tmp)
        os.symlink(os.ttyname(slave), tmp)
        os.replace(tmp, self._link)

    def _drain(self, timeout: float = 1.0) -> None:
        """Wait (bounded) until the reader has taken every byte written so far off the pty."""
        if self._slave is None:
            return
        deadline = time.monotonic() + timeout
        buf = bytearray(4)
        while time.monotonic() < deadline:
            try:
                fcntl.ioctl(self._slave, termios.FIONREAD, buf)
            except OSError:
                return
            if int.from_bytes(buf, sys.byteorder) == 0:
                time.sleep(2 * self.read_timeout)  # let the reader hand its last read to the codec
                return
            time.sleep(0.005)

    def _unplug(self) -> None:
        if os.path.lexists(self._link):
            os.unlink(self._link)
        for fd in (self._master, self._slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._master = self._slave = None

    def _replug(self) -> None:
        # on a timer thread of its own: the reader's log context is bound for its line
        with self._lock, structlog.contextvars.bound_contextvars(**self._context()):
            if self._master is None and not self._stop.is_set():
                self._plug()
                log.info("sim_shoe_replugged", link=self._link)

    def write_raw(self, data: bytes) -> None:
        """Write ``data`` to the shoe's wire as is (tests: noise, split tokens).

        Raises ShoeUnavailableError while the simulated shoe is unplugged.
        """
        with self._lock:
            self._write(data)

    def _write(self, data: bytes) -> None:
        if self._master is None:
            raise ShoeUnavailableError("the simulated shoe is unplugged; wait for Connected")
        for n, piece in enumerate(self._pieces(data)):
            if n:
                time.sleep(self._rng.uniform(0.001, 0.004))
            view = memoryview(piece)
            while view:
                written = os.write(self._master, view)
                view = view[written:]

    def draw(self) -> str:
        """Deal the next card: write its bytes to the wire, with the configured faults.

        Returns
        -------
        str
            What went on the wire: the card token, ``"CUT"``, ``"NOREAD"`` (a misread; the card
            stays in the shoe) or the foreign card's token (the real card stays in the shoe).

        Raises
        ------
        ShoeUnavailableError
            The shoe is unplugged (``disconnect_at``) or the reader is not connected yet; the
            card stays in the shoe: draw again after ``Connected``.
        ShoeEmptyError
            No card left.
        """
        with self._lock:
            if self.dealt >= len(self.tokens):
                raise ShoeEmptyError(f"the simulated shoe is empty after {self.dealt} cards")
            f = self.faults
            if f.disconnect_at is not None and self.dealt == f.disconnect_at and not self._disconnected_once:
                self._disconnected_once = True
                self._drain()
                self._unplug()
                self._replug_timer = threading.Timer(f.replug_after, self._replug)
                self._replug_timer.daemon = True
                self._replug_timer.start()
                log.info("sim_shoe_unplugged", at_card=self.dealt)
                raise ShoeUnavailableError(f"simulated shoe unplugged at card {self.dealt} (fault disconnect_at)")
            if self._master is None or not self.connected:
                raise ShoeUnavailableError("the simulated shoe's reader is not connected; draw after Connected")
            return self._deal()

    # -- life cycle ---------------------------------------------------------------------------------
    def stop(self, timeout: float | None = None) -> None:
        """Stop the reader, cancel a pending replug and remove the pty and its link (see :meth:`ShoeSource.stop`)."""
        self._stop.set()
        if self._replug_timer is not None:
            self._replug_timer.cancel()
        try:
            super().stop(timeout)
        finally:
            with self._lock:
                self._unplug()
            try:
                os.rmdir(self._dir)
            except OSError:
                pass


class LoopbackShoe(_Dealing, ShoeSource):
    """A simulated shoe with no device: each draw's bytes go straight through ``codec`` to the sink.

    The same dealing as :class:`SimulatedShoe` (tokens, faults but ``disconnect_at``, the wire format),
    on the calling thread: :meth:`draw` encodes the next token and feeds each write's bytes to the shoe's
    pump as a reader would (:meth:`Pump.feed <drivers.pump.Pump.feed>`, arrival time ``time.monotonic()``),
    whose frames reach the sink before it returns. :meth:`start` delivers ``Connected``, :meth:`stop` the
    pump's flush (the codec's pending partial token as a frame) and ``ConnectionLost(None)``, as every source
    does (:mod:`drivers.source`). Deterministic: no thread, no sleep, no clock in what is dealt.

    Parameters
    ----------
    codec : Codec
        Wire format: it encodes the tokens and decodes them again.
    tokens : list of str, optional
        The shoe's tokens in dealing order (``"CUT"``; :data:`~drivers.codecs.NOREAD` for a planned
        No-Read, see :func:`with_misreads`). Default: :func:`drivers.deck.shuffled_shoe` of ``seed``.
    seed : int, optional
        Seed of the default shoe and of the faults' random choices.
    faults : SimFaults
        What to inject; ``disconnect_at`` needs a wire to unplug (:class:`SimulatedShoe`).
    empty_reads : bool
        A draw from the empty shoe gives the sink ``NoRead(b"", "empty")`` (no bytes: nothing is on the
        wire) instead of raising :class:`~drivers.errors.ShoeEmptyError`, so an automatic dealer that
        draws on meets the table's misread limit and the round pauses, as a dealer at an empty shoe calls
        the supervisor (``simulate``). Default False.

    Raises
    ------
    ShoeConfigError
        ``faults.disconnect_at`` given.
    """

    can_draw = True

    def __init__(self, codec: Codec, *, tokens: list[str] | None = None, seed: int | None = None,
                 faults: SimFaults | None = None, empty_reads: bool = False) -> None:
        super().__init__(codec)
        self.empty_reads = empty_reads
        if faults is not None and faults.disconnect_at is not None:
            raise ShoeConfigError("disconnect_at: a loopback shoe has no wire to unplug; use the pty simulator")
        self._setup_dealing(tokens, seed, faults)
        self._lock = threading.RLock()  # a sink that draws again (on the same thread) does not deadlock
        self._started = False

    @property
    def description(self) -> str:  # noqa: D102
        return f"loopback shoe ({self.codec.name})"

    def start(self, sink, raw_sink=None, *, wait_while_busy: bool = False) -> None:
        """Connect: ``Connected`` to ``sink`` now, the frames of every later draw too; nothing can be busy.

        Raises ShoeError when the shoe was already started (as every source).
        """
        if self._started:
            raise ShoeError("this shoe source was already started; make a new one")
        self._started = True
        self._sink = sink
        self.pump.raw_sink, self.pump.name = raw_sink, self.description
        with structlog.contextvars.bound_contextvars(**self._context()):
            self._connected.set()
            self.pump.touch()
            self._deliver(Connected(self.description))

    def stop(self, timeout: float | None = None) -> None:
        """Disconnect: the codec's pending partial token as a frame, then ``ConnectionLost(None)``; idempotent."""
        with self._lock:
            if not self._connected.is_set():
                return
            self.pump.flush()
            self._connected.clear()
            self._deliver(ConnectionLost(None))

    def draw(self) -> str:
        """Deal the next token: its frames reach the sink before this returns. See :meth:`SimulatedShoe.draw`.

        Raises
        ------
        ShoeUnavailableError
            The shoe is not started (or stopped).
        ShoeEmptyError
            No token left (unless ``empty_reads``: then a No-Read ``empty`` and ``"NOREAD"`` is returned).
        """
        with self._lock:
            if not self._connected.is_set():
                raise ShoeUnavailableError("the loopback shoe is not started; draw after Connected")
            if self.dealt >= len(self.tokens):
                if not self.empty_reads:
                    raise ShoeEmptyError(f"the simulated shoe is empty after {self.dealt} tokens")
                self._deliver(NoRead(b"", "empty"))
                return NOREAD
            return self._deal()

    def _write(self, data: bytes) -> None:
        for piece in self._pieces(data):
            self.pump.feed(piece, time.monotonic())
