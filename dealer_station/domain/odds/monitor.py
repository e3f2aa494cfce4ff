"""The side-bet edge monitor: alerts when a bet's EV for the player turns positive for the next round.

Rule source: docs/rules.md §3 (every bet of a configured pay table).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal

import numpy as np

from dealer_station.domain.bets import SIDE_BETS, BetType
from dealer_station.domain.cards import Card
from dealer_station.domain.odds import edge_counts
from dealer_station.domain.odds.composition import Composition, _kind_vector
from dealer_station.domain.odds.engine import _bet_evs, _counts, _nets
from dealer_station.domain.odds.tables import MAX_CARDS
from dealer_station.domain.paytable import Mode, PayTable

# --------------------------------------------------------------------------------------------------
# Side-bet edge monitor
# --------------------------------------------------------------------------------------------------


def _ev_text(ev: float) -> str:
    return f"{Decimal(repr(ev)):.6f}"


def _mode_and_watched(paytable: PayTable, mode: Mode | str | None,
                      bets: Iterable[BetType | str] | None) -> tuple[Mode, list[BetType]]:
    """The table mode and the watched bets, in ``BetType`` order, for the edge alerts and the monitor.

    ``mode`` defaults to the pay table's; ``bets`` to every side bet (docs/rules.md §3); bets the table does
    not offer are dropped. Raises ValueError for an unknown bet id or mode name.
    """
    mode = paytable.mode if mode is None else Mode.parse(mode.value if isinstance(mode, Mode) else mode)
    if bets is None:
        return mode, [b for b in BetType if b in SIDE_BETS and b in paytable.bets]
    chosen = {b if isinstance(b, BetType) else BetType.parse(b) for b in bets}
    return mode, [b for b in BetType if b in chosen and b in paytable.bets]


def player_edge_alerts(remaining: Mapping[Card | str, int] | Composition, paytable: PayTable,
                       mode: Mode | str | None = None, bets: Iterable[BetType | str] | None = None) -> list[dict]:
    """The offered bets whose EV for the player is positive for the next round from ``remaining``.

    Parameters
    ----------
    remaining:
        Cards left in the shoe, e.g. a ``collections.Counter[Card]``.
    paytable:
        The table's pay table.
    mode:
        Table mode (Banker bet); default the pay table's mode.
    bets:
        Bet ids or types to watch; default every side bet of the pay table (docs/rules.md §3: all bets but
        Player, Banker and Tie). Bets the table does not offer are ignored.

    Returns
    -------
    list of dict
        One per bet with positive EV, in ``BetType`` order: ``{"bet": id, "ev": "0.012345" (decimal
        string, player's EV per unit, 6 places), "house_edge": "-0.012345", "cards_left": N}``.
        Empty when no bet favours the player, or when fewer than 6 cards are left (no round can be
        analysed; the shoe is at its end).

    Raises
    ------
    OddsError
        A bad composition (a key that is not a card, a negative count).
    ValueError
        An unknown bet id or mode name.

    Rule source: docs/rules.md §3 (side bets close after round 50/60 because late-shoe counts can favour
    the player).

    Stateless: every call runs the exact engine (about 0.4 ms for 8 decks). After every round of a shoe,
    use :func:`make_edge_monitor`, which gives the same answers about ten times faster; this function is
    its reference.
    """
    kinds = _kind_vector(remaining)
    if sum(kinds) < MAX_CARDS:
        return []
    composition = Composition(tuple(kinds))
    mode, watched = _mode_and_watched(paytable, mode, bets)
    if not watched:
        return []
    counts = _counts(composition)
    nets = _nets(paytable.bets)
    evs = _bet_evs(counts, nets, [(b, mode if b is BetType.BANKER else Mode.COMMISSION) for b in watched],
                   exact=False)
    alerts = []
    for (bet, _), ev in evs.items():
        if ev > 0:
            alerts.append({"bet": bet.value, "ev": _ev_text(ev), "house_edge": _ev_text(-ev),
                           "cards_left": composition.cards})
    return alerts


@dataclass(frozen=True, slots=True)
class _MonitorPlan:
    """What the edge monitor checks after a given round: the bets open in the next one (docs/rules.md §3)."""

    open_bets: tuple[BetType, ...]
    category: tuple[tuple[int, BetType], ...]           # (place in open_bets, bet) of bets paid by round category
    screen: np.ndarray                                  # float64[len(category), 5005]: net of each multiset
    margin: tuple[float, ...]                           # per category bet: float EV error allowance
    pairs: tuple[tuple[int, BetType, int, float, float], ...]   # (place, bet, 2 or 4 first cards, win, lose net)


def _clear_of_rounding(ev: float, margin: float) -> bool:
    """True when ``ev`` is more than ``2 * margin`` from every multiple of ``0.5e-6``.

    Those are the places where a 6-place decimal text can change (half-way points for rounding to
    nearest, whole millionths for rounding up or down, whatever the decimal context): every number within
    ``margin`` of ``ev`` then has the same :func:`_ev_text`, and so has its negation.
    """
    scaled = ev * 2e6
    return abs(scaled - round(scaled)) * 0.5e-6 > 2 * margin


class EdgeMonitor:
    """The side-bet edge monitor the controller calls after every round (see :func:`make_edge_monitor`).

    Called as ``monitor(remaining, round_number) -> list[dict]``; the result is exactly
    ``[{**alert, "round": round_number} for alert in player_edge_alerts(remaining, paytable, mode, open_bets)]``
    with ``open_bets`` the watched bets still offered in round ``round_number + 1`` (docs/rules.md §3).
    Build one with :func:`make_edge_monitor`; the constructor takes the pay table, the parsed ``mode`` and
    the watched bets in ``BetType`` order (each offered by the pay table).

    How it is fast. It keeps the previous call's counts (:class:`~dealer_station.domain.odds.edge_counts.ShoeCounts`)
    and updates only what the changed cards touch. Pair bets are computed exactly as the engine computes
    them, from running integer sums. The other open bets get a float EV from the multiset weights (one
    matrix-vector product), within ``5.8e-13 * largest |net|`` of the exact EV; the engine's own float EV
    is within ``2.1e-14 * largest |net|``. The allowance used is ``SCREEN_MARGIN * max(1, largest |net|)``
    (``SCREEN_MARGIN = 1e-11``), over 15 times their sum. A bet whose float EV is below minus the allowance
    cannot alert; one above it alerts, and its ``"ev"`` and ``"house_edge"`` strings are the engine's:
    both floats round alike to 6 places unless one lies near a rounding boundary. When a float EV is within
    the allowance of 0, or within twice of a rounding boundary (rare, :func:`_clear_of_rounding`), or a
    point-value count is beyond the monitor's tables, the call returns :func:`player_edge_alerts` itself.
    Any composition is right, whatever the previous one was (new shoe, cards put back, recovery): the 52
    counts are diffed on every call.

    Raises
    ------
    OddsError
        (from a call) a key that is not a card or a count that is not a whole number >= 0.
    """

    def __init__(self, paytable: PayTable, mode: Mode, watched: list[BetType]) -> None:
        self._paytable = paytable
        self._mode = mode
        self._watched = watched
        self._plans: dict[int, _MonitorPlan] = {}                       # by round number
        self._plan_for: dict[tuple[BetType, ...], _MonitorPlan] = {}    # by open bets
        self._nets = _nets(paytable.bets)
        sequences = edge_counts.screen_tables().sequences
        self._multisets = sequences.shape[0]
        self._columns: dict[BetType, np.ndarray] = {}
        self._margins: dict[BetType, float] = {}
        for bet in watched:
            if bet not in self._nets.pair:
                net = self._nets.category_float[(bet, mode if bet is BetType.BANKER else Mode.COMMISSION)]
                self._columns[bet] = sequences @ net
                self._margins[bet] = edge_counts.SCREEN_MARGIN * max(1.0, float(np.abs(net).max()))
        self._counts = edge_counts.ShoeCounts()

    def _plan(self, round_number: int) -> _MonitorPlan:
        plan = self._plans.get(round_number)
        if plan is None:
            rules = self._paytable.bets
            open_bets = tuple(b for b in self._watched if rules[b].offered_in(round_number + 1))
            plan = self._plan_for.get(open_bets)
            if plan is None:
                # one plan (and one screen matrix, kept hot in cache) per set of open bets
                category = tuple((i, b) for i, b in enumerate(open_bets) if b in self._columns)
                screen = (np.ascontiguousarray(np.stack([self._columns[b] for _, b in category]))
                          if category else np.zeros((0, self._multisets)))
                pairs = tuple((i, b, 2 if b in (BetType.PLAYER_PAIR, BetType.BANKER_PAIR) else 4,
                               float(self._nets.pair[b][0]), float(self._nets.pair[b][1]))
                              for i, b in enumerate(open_bets) if b in self._nets.pair)
                plan = _MonitorPlan(open_bets, category, screen, tuple(self._margins[b] for _, b in category),
                                    pairs)
                self._plan_for[open_bets] = plan
            if len(self._plans) > 512:
                self._plans.clear()
            self._plans[round_number] = plan
        return plan

    def __call__(self, remaining: Mapping[Card | str, int] | Composition, round_number: int) -> list[dict]:
        """Alerts for the bets offered in round ``round_number + 1`` that favour the player."""
        plan = self._plan(round_number)
        if not plan.open_bets:
            return []
        kinds = _kind_vector(remaining)
        n = sum(kinds)
        if n < MAX_CARDS:
            return []
        state = self._counts
        state.update(kinds)
        pair_total = n * (n - 1)
        four_total = pair_total * (n - 2) * (n - 3)
        positive: list[tuple[int, BetType, float]] = []          # (place in open_bets, bet, EV)
        if plan.category:
            if not state.screenable():
                return self._engine(kinds, plan, round_number)
            evs = (plan.screen @ state.weights() / float(four_total * (n - 4) * (n - 5))).tolist()
            for (place, bet), ev, margin in zip(plan.category, evs, plan.margin, strict=True):
                if ev < -margin:
                    continue
                if ev <= margin or not _clear_of_rounding(ev, margin):
                    return self._engine(kinds, plan, round_number)
                positive.append((place, bet, ev))
        if plan.pairs:
            player_pair, either_pair, perfect_pair = state.pair_counts()
            for place, bet, first, win, lose in plan.pairs:
                if first == 2:
                    p = player_pair / pair_total
                else:
                    p = (either_pair if bet is BetType.EITHER_PAIR else perfect_pair) / four_total
                ev = p * win + (1 - p) * lose
                if ev > 0:
                    positive.append((place, bet, ev))
        if not positive:
            return []
        positive.sort(key=lambda item: item[0])
        return [{"bet": bet.value, "ev": _ev_text(ev), "house_edge": _ev_text(-ev), "cards_left": n,
                 "round": round_number} for _, bet, ev in positive]

    def _engine(self, kinds: list[int], plan: _MonitorPlan, round_number: int) -> list[dict]:
        """The engine's own answer (:func:`player_edge_alerts`), for the calls the floats cannot settle."""
        alerts = player_edge_alerts(Composition(tuple(kinds)), self._paytable, self._mode, plan.open_bets)
        return [{**alert, "round": round_number} for alert in alerts]


def make_edge_monitor(paytable: PayTable, mode: Mode | str | None = None,
                      bets: Iterable[BetType | str] | None = None) -> EdgeMonitor:
    """A side-bet edge monitor for the controller, to call after every round.

    Parameters
    ----------
    paytable, mode, bets:
        As for :func:`player_edge_alerts`.

    Returns
    -------
    EdgeMonitor
        Callable ``edge_monitor(remaining: Counter[Card], round_number: int) -> list[dict]``.
        ``round_number`` is the number (1-based) of the round just completed in this shoe; only bets still
        offered in the next round (``round_number + 1`` <= the bet's ``last_round``, docs/rules.md §3) are
        checked. Each alert is a :func:`player_edge_alerts` dict plus ``"round": round_number``, and the
        list is exactly what :func:`player_edge_alerts` gives for the open bets. The monitor keeps the
        previous call's counts to update only what changed (about 40 us a call over a shoe instead of
        about 0.5 ms); any composition is right whatever came before, so one monitor serves shoe after
        shoe. Once no watched bet is offered any more, a call does no work at all.

    Raises
    ------
    ValueError
        An unknown bet id or mode name.
    OddsError
        (from a call) a bad composition: a key that is not a card, a count that is not a whole number >= 0.
    """
    mode, watched = _mode_and_watched(paytable, mode, bets)
    return EdgeMonitor(paytable, mode, watched)
