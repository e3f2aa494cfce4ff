"""The controller's wall clock: the current UTC time and its ISO-8601 text (rows, incidents, events are stamped
with it; every duration runs on a monotonic clock instead, docs/controller.md "Time"), and those texts read back
(the records and reports of a journal, the replay of a recorded session).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

__all__ = ["RowClock", "iso_utc", "parse_time", "seconds_between", "utcnow"]


def utcnow() -> datetime:
    """The current time, aware, in UTC."""
    return datetime.now(UTC)


def iso_utc(moment: datetime) -> str:
    """UTC ISO-8601 with microseconds and ``Z`` (``2026-11-30T04:05:06.123456Z``)."""
    if moment.tzinfo is UTC:
        return moment.isoformat(timespec="microseconds")[:-6] + "Z"
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def parse_time(text: str) -> datetime:
    """A UTC ISO-8601 time (``2026-11-30T04:00:00Z``, ``2026-11-30 04:00``, ``2026-11-30``) as an aware
    datetime; a time without a zone is UTC. Raises ValueError naming the text.
    """
    value = str(text).strip()
    try:
        moment = datetime.fromisoformat(value.replace("z", "Z"))
    except ValueError:
        raise ValueError(f"{text!r} is not a time: use ISO-8601 UTC, e.g. 2026-11-30T04:00:00Z or 2026-11-30") from None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def seconds_between(start: str | None, end: str | None) -> float | None:
    """Seconds from ``start`` to ``end`` (journal times), to the microsecond; None when either is missing."""
    if not start or not end:
        return None
    try:
        return round((parse_time(end) - parse_time(start)).total_seconds(), 6)
    except ValueError:
        return None


class RowClock:
    """The time a row is stamped with: ``clock()`` (aware UTC) as :func:`iso_utc` text, called as ``row_clock()``.

    The text of one moment is made once (a replay's clock stands still between a card and its acts); a clock
    that raises gives the real time instead (a broken clock must not stop the table).
    """

    def __init__(self, clock: Callable[[], datetime]) -> None:
        self.clock = clock
        self._moment: object = None
        self._text = ""

    def __call__(self) -> str:
        """The time now, as a row's text."""
        try:
            moment = self.clock()
            if moment != self._moment:
                self._moment, self._text = moment, iso_utc(moment)
            return self._text
        except Exception:  # noqa: BLE001 - a broken clock must not stop the table
            return iso_utc(utcnow())
