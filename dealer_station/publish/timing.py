"""How long a round's result took, from the outbox alone: scan → decision → acknowledgement, per shoe.

Each ``round_result`` carries ``first_card_ts`` (when the round's first card was scanned: the journal
time of that input) and ``decided_ts`` (when the result was decided); the outbox row's
``published_utc`` is when the broker acknowledged the event (its PUBACK, once every earlier event was
acknowledged too). :func:`shoe_timings` turns them into per-shoe percentiles, in milliseconds: the
figures a latency review (RTS 4-style) asks about. ``dealer-station events stats`` prints them
(docs/events.md "Timing").
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

__all__ = ["LEGS", "ShoeTiming", "parse_utc", "percentile", "shoe_timings"]

LEGS = ("scan_to_decision", "decision_to_ack", "scan_to_ack")
"""The measured legs: first card scanned → result decided → broker acknowledged (and the whole)."""


def parse_utc(text: object) -> datetime | None:
    """An aware datetime from a UTC ISO-8601 text ending in ``Z`` (``...T04:05:06.123456Z``); None otherwise."""
    if not isinstance(text, str) or not text.endswith("Z"):
        return None
    try:
        moment = datetime.fromisoformat(text[:-1] + "+00:00")
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def percentile(values: Sequence[float], q: float) -> float | None:
    """The ``q``-th percentile (0 < q <= 100) by the nearest-rank method: a value that occurred; None if empty.

    Nearest rank: the smallest value with at least ``q`` % of the values at or below it (so the p99 of
    fewer than 100 values is the largest one). Raises ValueError for ``q`` outside (0, 100].
    """
    if not 0 < q <= 100:
        raise ValueError(f"percentile {q!r} is not in (0, 100]")
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def _ms(later: datetime | None, earlier: datetime | None) -> float | None:
    if later is None or earlier is None:
        return None
    return (later - earlier).total_seconds() * 1000.0


@dataclass
class ShoeTiming:
    """One shoe's rounds: the number of results, how many lack a time, and per leg the samples (ms).

    ``rounds``: ``round_result`` events; ``unacknowledged``: of them not yet acknowledged by a broker;
    ``untimed``: without a readable ``first_card_ts`` / ``decided_ts`` (an older station's events);
    ``samples``: per leg of :data:`LEGS`, the durations in milliseconds (negative when a clock stepped
    back between the two times: kept, so a review sees it).
    """

    shoe_id: str
    rounds: int = 0
    unacknowledged: int = 0
    untimed: int = 0
    samples: dict[str, list[float]] = field(default_factory=lambda: {leg: [] for leg in LEGS})

    def summary(self, leg: str) -> dict[str, float | int | None]:
        """``{"n", "p50", "p99", "max"}`` of one leg, milliseconds rounded to 0.1 (None without samples)."""
        values = self.samples[leg]

        def r(v: float | None) -> float | None:
            return None if v is None else round(v, 1)

        return {"n": len(values), "p50": r(percentile(values, 50)), "p99": r(percentile(values, 99)),
                "max": r(max(values) if values else None)}

    def as_dict(self) -> dict:
        """JSON-able: ``shoe_id``, ``rounds``, ``unacknowledged``, ``untimed`` and one summary per leg."""
        return {"shoe_id": self.shoe_id, "rounds": self.rounds, "unacknowledged": self.unacknowledged,
                "untimed": self.untimed, **{f"{leg}_ms": self.summary(leg) for leg in LEGS}}


def shoe_timings(results: Iterable[tuple[str, str | None]]) -> list[ShoeTiming]:
    """Per shoe (in order of its first result), the timing of every ``round_result`` given.

    Parameters
    ----------
    results : iterable of (str, str or None)
        ``(payload, published_utc)`` of the outbox's ``round_result`` events in ``event_id`` order: the
        envelope's JSON text and when the broker acknowledged it (None: not yet).

    Returns
    -------
    list of ShoeTiming
        Empty without results. A result with an unreadable payload counts as untimed, under shoe ``"-"``.
    """
    shoes: dict[str, ShoeTiming] = {}
    for payload, published in results:
        try:
            envelope = json.loads(payload)
            data = envelope.get("data") or {}
            shoe = str(envelope.get("shoe_id") or "-")
        except (ValueError, AttributeError):
            envelope, data, shoe = {}, {}, "-"
        timing = shoes.setdefault(shoe, ShoeTiming(shoe))
        timing.rounds += 1
        acked = parse_utc(published)
        if acked is None:
            timing.unacknowledged += 1
        scanned = parse_utc(data.get("first_card_ts")) if isinstance(data, dict) else None
        decided = parse_utc(data.get("decided_ts")) if isinstance(data, dict) else None
        if scanned is None or decided is None:
            timing.untimed += 1
        for leg, value in zip(LEGS, (_ms(decided, scanned), _ms(acked, decided), _ms(acked, scanned)), strict=True):
            if value is not None:
                timing.samples[leg].append(value)
    return list(shoes.values())
