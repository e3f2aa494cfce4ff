"""The results of an odds analysis: one bet's EV, house edge and RTP, and the report of a composition.

Rule source: docs/rules.md §3 (RTP of every bet of a pay table).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from dealer_station.domain.odds.composition import Number
from dealer_station.domain.paytable import Mode


@dataclass(frozen=True, slots=True)
class BetOdds:
    """EV, house edge and RTP of one bet, per unit staked (docs/rules.md §3).

    ``ev`` is the player's expected net result (push = 0), ``house_edge = -ev``, ``rtp = 1 + ev``;
    ``Fraction`` when computed exactly, else ``float``.
    """

    bet: str
    ev: Number
    house_edge: Number
    rtp: Number


@dataclass(frozen=True, slots=True)
class OddsReport:
    """Full analysis of one composition under one pay table.

    Attributes
    ----------
    cards:
        Cards left in the shoe.
    mode:
        Mode the Banker bet of ``bets`` is paid in.
    probabilities:
        ``{"banker", "player", "tie"}``: chance of each winner.
    details:
        Further exact outcome probabilities (see :func:`outcome_probabilities`).
    bets:
        Every bet of the pay table by identifier, in ``BetType`` order; Banker paid per ``mode``.
    banker_commission, banker_no_commission:
        The Banker bet in each mode, whatever ``mode`` is (``None`` if the table has no Banker bet).
    exact:
        True when numbers are ``Fraction``.
    """

    cards: int
    mode: Mode
    probabilities: dict[str, Number]
    details: dict[str, Number]
    bets: dict[str, BetOdds]
    banker_commission: BetOdds | None
    banker_no_commission: BetOdds | None
    exact: bool

    def to_json(self) -> dict[str, object]:
        """The ``dealer-station odds --json`` document.

        ``{"cards": N, "probabilities": {"banker", "player", "tie"}, "bets": {id: {"ev", "house_edge", "rtp"}},
        "banker_no_commission": {"ev", "house_edge", "rtp"}}``; numbers are JSON numbers, or fraction strings
        ``"p/q"`` when exact. ``banker_no_commission`` is ``null`` for a table without a Banker bet.
        """

        def num(x: Number) -> object:
            return str(x) if isinstance(x, Fraction) else float(x)

        def bet(b: BetOdds) -> dict[str, object]:
            return {"ev": num(b.ev), "house_edge": num(b.house_edge), "rtp": num(b.rtp)}

        return {
            "cards": self.cards,
            "probabilities": {k: num(v) for k, v in self.probabilities.items()},
            "bets": {k: bet(v) for k, v in self.bets.items()},
            "banker_no_commission": bet(self.banker_no_commission) if self.banker_no_commission else None,
        }
