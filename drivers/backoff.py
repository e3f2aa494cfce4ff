"""One bounded exponential back-off, for every retry loop of the station: the shoe reader's
reconnections (:class:`drivers.source.ShoeSource`), the publisher's and ``events follow``'s broker
reconnects.

A pure object: it keeps the next delay and says it; the caller waits (on its stop event) and
bounds the attempts or their total time itself. No clock, no sleeping, no logging.
"""

from __future__ import annotations

import random
from collections.abc import Callable

__all__ = ["Backoff"]


class Backoff:
    """Delays ``initial``, ``2 * initial``, ``4 * initial`` … seconds, never above ``maximum``.

    Parameters
    ----------
    initial : float
        The first delay, seconds (>= 0; 0 retries at once every time, bounded by the caller's limit).
    maximum : float
        The largest delay, seconds (>= ``initial``).
    jitter : float
        0 <= jitter < 1: each delay said is multiplied by a factor drawn from ``[1 - jitter, 1]``, so
        stations that lost the same broker do not all come back at the same instant. The doubling
        works on the delay without jitter.
    uniform : callable, optional
        ``uniform(a, b)`` drawing the jitter factor (default :func:`random.uniform`; a test gives its own).

    Raises
    ------
    ValueError
        ``initial`` below 0, ``maximum`` below ``initial`` (nan included), or ``jitter`` outside ``[0, 1)``.

    Examples
    --------
    >>> b = Backoff(0.5, 3.0)
    >>> [b.next() for _ in range(5)]
    [0.5, 1.0, 2.0, 3.0, 3.0]
    >>> b.reset(); b.next()
    0.5
    """

    def __init__(self, initial: float, maximum: float, *, jitter: float = 0.0,
                 uniform: Callable[[float, float], float] = random.uniform) -> None:
        if not 0 <= initial <= maximum:
            raise ValueError(f"back-off bounds {initial!r}..{maximum!r} must satisfy 0 <= initial <= maximum")
        if not 0 <= jitter < 1:
            raise ValueError(f"back-off jitter {jitter!r} must be 0 <= jitter < 1")
        self.initial = float(initial)
        self.maximum = float(maximum)
        self.jitter = float(jitter)
        self._uniform = uniform
        self._delay = self.initial

    @property
    def delay(self) -> float:
        """The next delay before jitter, seconds."""
        return self._delay

    def next(self) -> float:
        """The delay to wait now, seconds (jittered); the one after it is twice as long, up to ``maximum``."""
        delay = self._delay
        self._delay = min(self._delay * 2, self.maximum)
        if self.jitter:
            delay *= self._uniform(1 - self.jitter, 1.0)
        return delay

    def reset(self) -> None:
        """Start again from ``initial`` (after a connection that worked)."""
        self._delay = self.initial
