"""The noise watch: garbage from the shoe's line counted in bursts, and the rate that makes a line noisy.

Rule source: docs/rules.md §5 (an unexpected problem pauses the round; a misread is rescanned) and docs/drivers.md
"Line noise". A shoe's line that picks up noise (a loose cable, a ground loop, a second device on the port) sends
bytes that are no frame: ``Garbage``, and No-Reads marked ``noise`` (a token holding a byte no shoe sends). Each
of them used to be a journal row and a misread; the watch counts them instead, one burst at a time:

- a burst starts with a bad frame and takes every bad frame after it, and every No-Read while it is open (a No-Read
  read in noise is noise too: never a misread, never a rescan);
- it ends when a good frame arrives (a card, the cut card, a clean No-Read), when ``quiet_seconds`` pass without
  a bad frame, when the link changes, and when the station stops; the controller then journals it as one note
  (:meth:`Burst.note`: its bytes, its frames, its first and last time, its first bytes);
- the line is *noisy* while the bad frames of the last ``window_seconds`` hold more than
  ``max_bytes_per_second × window_seconds`` bytes or more than ``max_frames_per_second × window_seconds`` frames
  (the window runs across bursts): the first bad frame that makes it so pauses the round (``line_noise``), once
  a burst;
- a card (or the cut card) read while the open burst is noisy, or right after it (within ``quiet_seconds`` of its
  last bad frame, the burst still open) is never dealt without the supervisor: the round pauses (``line_noise``,
  ``card_in_noise``) and the card is held, as every card read while paused is.

Pure: no clock of its own (the controller passes its monotonic seconds and the wall-clock stamp), no I/O.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from drivers.frames import CardRead, CutCard, Garbage, NoRead

__all__ = ["LINE_NOISE_NOTE", "Burst", "NoiseSettings", "NoiseWatch", "is_bad_frame", "is_good_frame"]

LINE_NOISE_NOTE = "line_noise"
"""The ``kind`` of the note that journals one burst (:meth:`Burst.note`)."""

HEAD_BYTES = 32
"""The first bytes of a burst kept as its evidence (hex in the note and the incident)."""


@dataclass(frozen=True)
class NoiseSettings:
    """The ``[line_noise]`` settings (config/station.toml), checked by the configuration.

    Attributes
    ----------
    quiet_seconds : float
        Seconds without a bad frame that end a burst (> 0, at most 60).
    window_seconds : float
        The window the rate is measured over, seconds (> 0, at most 60).
    max_bytes_per_second : int
        Bad bytes a second the line may send before it is noisy (1..1,000,000).
    max_frames_per_second : int
        Bad frames a second the line may send before it is noisy (1..100,000).
    """

    quiet_seconds: float = 0.5
    window_seconds: float = 1.0
    max_bytes_per_second: int = 256
    max_frames_per_second: int = 32

    @property
    def max_bytes(self) -> float:
        """Bad bytes in one window above which the line is noisy."""
        return self.max_bytes_per_second * self.window_seconds

    @property
    def max_frames(self) -> float:
        """Bad frames in one window above which the line is noisy."""
        return self.max_frames_per_second * self.window_seconds


def is_bad_frame(event: object, in_burst: bool) -> bool:
    """True when ``event`` is line noise: ``Garbage``, a No-Read marked ``noise``, or any No-Read while a burst is
    open (``in_burst``).
    """
    kind = type(event)
    if kind is Garbage:
        return True
    if kind is NoRead:
        return in_burst or bool(event.noise)  # type: ignore[attr-defined]
    return False


def is_good_frame(event: object) -> bool:
    """True for a frame that can change the table (a card, the cut card): held while the line is noisy."""
    return type(event) in (CardRead, CutCard)


@dataclass
class Burst:
    """One burst of noise: its ``bytes`` and ``frames`` (counts), ``first`` and ``last`` (UTC ISO stamps of its first
    and last bad frame), ``head`` (its first :data:`HEAD_BYTES` bytes), ``noisy`` (the rate went above the settings
    during it), ``paused`` (its pause was asked for), ``last_at`` (monotonic seconds of its last bad frame).
    """

    first: str
    last: str
    last_at: float
    bytes: int = 0
    frames: int = 0
    head: bytearray = field(default_factory=bytearray)
    noisy: bool = False
    paused: bool = False

    def note(self) -> dict:
        """The journal note of this burst: ``{"kind": "line_noise", "bytes", "frames", "first", "last", "raw",
        "noisy"}``.
        """
        return {"kind": LINE_NOISE_NOTE, "bytes": self.bytes, "frames": self.frames, "first": self.first,
                "last": self.last, "raw": self.head.hex(), "noisy": self.noisy}


class NoiseWatch:
    """Counts the bad frames of the shoe's line in bursts and says when the line is noisy (module docstring).

    One per controller; not thread-safe (the controller's thread). ``settings``: :class:`NoiseSettings`.
    """

    def __init__(self, settings: NoiseSettings | None = None) -> None:
        self.settings = settings or NoiseSettings()
        self.burst: Burst | None = None
        """The open burst, or None."""
        self._window: deque[tuple[float, int]] = deque()   # (monotonic seconds, bytes) of recent bad frames
        self._window_bytes = 0

    def bad(self, raw: bytes, now: float, ts: str) -> bool:
        """Count one bad frame of bytes ``raw`` that arrived at ``now`` (monotonic seconds; stamped ``ts``).

        Returns True when this frame makes the open burst noisy and no pause was asked for in it yet (the caller
        pauses the round and this burst asks no more).
        """
        size = len(raw)
        burst = self.burst
        if burst is None:
            burst = self.burst = Burst(first=ts, last=ts, last_at=now)
        burst.bytes += size
        burst.frames += 1
        burst.last, burst.last_at = ts, now
        if len(burst.head) < HEAD_BYTES:
            burst.head += raw[:HEAD_BYTES - len(burst.head)]
        window = self._window
        window.append((now, size))
        self._window_bytes += size
        since = now - self.settings.window_seconds
        while window and window[0][0] <= since:
            self._window_bytes -= window.popleft()[1]
        if not burst.noisy and (self._window_bytes > self.settings.max_bytes
                                or len(window) > self.settings.max_frames):
            burst.noisy = True
        if burst.noisy and not burst.paused:
            burst.paused = True
            return True
        return False

    def quiet(self, now: float) -> bool:
        """True when a burst is open and ``quiet_seconds`` have passed since its last bad frame (it is over)."""
        burst = self.burst
        return burst is not None and now - burst.last_at >= self.settings.quiet_seconds

    def noisy(self) -> bool:
        """True while the open burst is noisy: a card read now is held for the supervisor."""
        return self.burst is not None and self.burst.noisy

    def end(self) -> Burst | None:
        """End the open burst and return it (None: none was open). The rate's window is kept."""
        burst, self.burst = self.burst, None
        return burst
