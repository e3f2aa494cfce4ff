"""The side-bet edge monitor as the controller uses it: alert when a bet *turns* favourable.

The odds engine (:func:`dealer_station.domain.odds.make_edge_monitor`) lists, after every round,
each offered side bet whose expected value for the player is positive with the cards left.
A supervisor needs to hear when that starts, not every round while it lasts: :class:`EdgeWatch`
passes on an alert the round a bet turns positive, and again only after it has turned negative
in between (docs/rules.md §3, the reason side bets close after round 50 or 60).

The engine's round tables take about half a second to build (and the odds package a third of one to
import), so the station's watch builds its monitor when first needed, or when :meth:`EdgeWatch.prepare`
is called: the console's window does not wait for tables no one needs before the first round ends.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from dealer_station.domain.cards import Card
from dealer_station.domain.paytable import Mode, PayTable

__all__ = ["EdgeWatch", "edge_watch_for"]

EdgeMonitor = Callable[[Counter[Card], int], list[dict]]
"""``edge_monitor(remaining, round_number) -> alerts``: the controller calls it after each completed round."""


class EdgeWatch:
    """Wraps an edge monitor so that each bet alerts once per favourable stretch.

    Called as ``watch(remaining, round_number) -> list[dict]`` (the controller's ``edge_monitor``).
    A round number lower than the last one seen means a new shoe: the memory is cleared.

    Parameters
    ----------
    monitor:
        The monitor itself, or None with ``build``.
    build:
        Makes the monitor, once: at the first call or at :meth:`prepare`, whichever comes first.

    Raises
    ------
    ValueError
        Neither or both of ``monitor`` and ``build`` given.
    """

    def __init__(self, monitor: EdgeMonitor | None = None, *, build: Callable[[], EdgeMonitor] | None = None) -> None:
        if (monitor is None) == (build is None):
            raise ValueError("EdgeWatch takes a monitor or a way to build one, not both or neither")
        self._monitor = monitor
        self._build = build
        self._positive: set[str] = set()
        self._last_round = 0

    @property
    def ready(self) -> bool:
        """True once the monitor is built."""
        return self._monitor is not None

    def prepare(self) -> None:
        """Build the monitor now if it is not built yet (idempotent). Raises what ``build`` raises."""
        if self._monitor is None:
            assert self._build is not None
            self._monitor = self._build()
            self._build = None

    def __call__(self, remaining: Counter[Card], round_number: int) -> list[dict]:
        """The monitor's alerts for ``remaining`` after ``round_number``, less the bets already alerted."""
        if round_number <= self._last_round:
            self._positive.clear()
        self._last_round = round_number
        self.prepare()
        assert self._monitor is not None
        alerts = self._monitor(remaining, round_number)
        now = {str(a["bet"]) for a in alerts}
        fresh = [a for a in alerts if str(a["bet"]) not in self._positive]
        self._positive = now
        return fresh


def edge_watch_for(paytable: PayTable, mode: Mode) -> EdgeWatch:
    """The edge watch for a table's pay table and mode (side bets only, each until its last round), its
    monitor built when first needed (:meth:`EdgeWatch.prepare`).
    """

    def build() -> EdgeMonitor:
        from dealer_station.domain.odds import make_edge_monitor

        return make_edge_monitor(paytable, mode)

    return EdgeWatch(build=build)
