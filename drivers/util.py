"""The helpers every layer shares, drivers and station alike: nothing here knows shoes, cards or brokers.

:class:`Backoff`, one bounded exponential back-off for every retry loop of the station: the shoe reader's
reconnections (:class:`drivers.source.ShoeSource`), the publisher's, the pit's and ``events follow``'s broker
reconnects. :func:`short_repr`, a bad value named in an error message (shoe options, broker settings).

They live in :mod:`drivers` because it is the lowest package: :mod:`dealer_station` may import it and it imports
nothing of :mod:`dealer_station`, so one copy serves both.

Pure: no clock, no sleeping, no logging; a :class:`Backoff` keeps the next delay and says it, and the caller waits
(on its stop event) and bounds the attempts or their total time itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable

__all__ = ["Backoff", "short_repr"]


def short_repr(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, as an error message names a bad value.

    A 400-digit number is named, not printed whole; never raises for an int past Python's digit limit.

    Parameters
    ----------
    value : object
        The value to name.
    limit : int
        The most characters given back (a cut text ends in ``...``), at least 4.

    Returns
    -------
    str
        At most ``limit`` characters.
    """
    try:
        text = repr(value)
    except ValueError:  # an int past Python's digit limit
        text = "<a very large integer>"
    return text if len(text) <= limit else f"{text[:limit - 3]}..."


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
