"""Exact odds of punto banco for any shoe composition: outcome probabilities, EV, house edge and RTP.

Rule source: docs/rules.md §1 (cards, points), §2 (the round), §3 (bets, payouts, RTP).

*Exact* means counts over all orderings of the remaining cards, drawn without replacement: a round's
probability is the number of ordered draws of its first 4 cards (then up to 2 more) over all ordered
draws. Pairs are by rank, perfect pairs by rank and suit (a hand's first two cards are the same kind);
Either Pair and Perfect Pair are paid once even when both hands qualify. The engine counts with
integers (see :mod:`dealer_station.domain.odds.tables`), so its counts are exact; ``exact=True`` returns
:class:`fractions.Fraction`, otherwise ``float``.

Payouts come from the :class:`~dealer_station.domain.paytable.PayTable` ("to one"); the only place that
turns a round into a player's net result per unit staked is :func:`net_per_unit`, which applies
settlement's one payout rule (:func:`dealer_station.domain.settlement.net_for_rule`).

EV is the player's expected net result per unit staked (a push counts as 0), house edge is ``-EV`` and
RTP (return to player) is ``1 + EV``: the Banker bet with 5% commission in 8 decks has RTP 98.94%
(docs/rules.md §3).

The package, one job a module:

- :mod:`~dealer_station.domain.odds.composition`: the cards left (``Composition`` and its readers);
- :mod:`~dealer_station.domain.odds.tables`: the integer round tables the engine counts with;
- :mod:`~dealer_station.domain.odds.engine`: exact outcome probabilities and each bet's EV (``analyse``);
- :mod:`~dealer_station.domain.odds.report`: ``BetOdds`` and ``OddsReport``, the results;
- :mod:`~dealer_station.domain.odds.monitor` and :mod:`~dealer_station.domain.odds.edge_counts`: the
  side-bet edge monitor and its incremental float screen;
- :mod:`~dealer_station.domain.odds.plain`: a slow, plainly written reference of the EVs, for tests.
"""

from __future__ import annotations

from dealer_station.domain.odds.composition import (
    Composition,
    OddsError,
    composition_from_counts,
    composition_from_json,
    decks_composition,
)
from dealer_station.domain.odds.engine import Round, analyse, net_per_unit, outcome_probabilities
from dealer_station.domain.odds.monitor import EdgeMonitor, make_edge_monitor, player_edge_alerts
from dealer_station.domain.odds.report import BetOdds, OddsReport

__all__ = [
    "BetOdds",
    "Composition",
    "EdgeMonitor",
    "OddsError",
    "OddsReport",
    "Round",
    "analyse",
    "composition_from_counts",
    "composition_from_json",
    "decks_composition",
    "make_edge_monitor",
    "net_per_unit",
    "outcome_probabilities",
    "player_edge_alerts",
]
