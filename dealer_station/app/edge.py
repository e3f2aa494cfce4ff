"""The side-bet edge monitor as the controller uses it: alert when a bet *turns* favourable.

The odds engine (:func:`dealer_station.domain.odds.make_edge_monitor`) lists, after every round,
each offered side bet whose expected value for the player is positive with the cards left.
A supervisor needs to hear when that starts, not every round while it lasts: :class:`EdgeWatch`
passes on an alert the round a bet turns positive, and again only after it has turned negative
in between (RULES.md §3, the reason side bets close after round 50 or 60).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from dealer_station.domain.cards import Card
from dealer_station.domain.odds import make_edge_monitor
from dealer_station.domain.paytable import Mode, PayTable

__all__ = ["EdgeWatch", "edge_watch_for"]

EdgeMonitor = Callable[[Counter[Card], int], list[dict]]
"""``edge_monitor(remaining, round_number) -> alerts``: the controller calls it after each completed round."""


class EdgeWatch:
    """Wraps an edge monitor so that each bet alerts once per favourable stretch.

    Called as ``watch(remaining, round_number) -> list[dict]`` (the controller's ``edge_monitor``).
    A round number lower than the last one seen means a new shoe: the memory is cleared.
    """

    def __init__(self, monitor: EdgeMonitor) -> None:
        self._monitor = monitor
        self._positive: set[str] = set()
        self._last_round = 0

    def __call__(self, remaining: Counter[Card], round_number: int) -> list[dict]:
        """The monitor's alerts for ``remaining`` after ``round_number``, less the bets already alerted."""
        if round_number <= self._last_round:
            self._positive.clear()
        self._last_round = round_number
        alerts = self._monitor(remaining, round_number)
        now = {str(a["bet"]) for a in alerts}
        fresh = [a for a in alerts if str(a["bet"]) not in self._positive]
        self._positive = now
        return fresh


def edge_watch_for(paytable: PayTable, mode: Mode) -> EdgeWatch:
    """The edge watch for a table's pay table and mode (side bets only, each until its last round)."""
    return EdgeWatch(make_edge_monitor(paytable, mode))
