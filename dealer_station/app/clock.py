"""The controller's wall clock: the current UTC time and its ISO-8601 text (rows, incidents, events are stamped
with it; every duration runs on a monotonic clock instead, docs/controller.md "Time").
"""

from __future__ import annotations

from datetime import UTC, datetime

__all__ = ["iso_utc", "utcnow"]


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
