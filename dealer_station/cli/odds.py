"""``dealer-station odds``: exact odds, EV, house edge and RTP of every bet of a pay table.

Rule source: docs/rules.md §3 (bets, payouts, "the product must be able to show the exact RTP of every bet of
a configured pay table"). The shoe is a full shoe of ``--decks N`` decks (default 8) or the composition
in ``--composition FILE`` (``{"counts": {"AS": 8, "TD": 3, ...}}``, missing kinds 0).
"""

from __future__ import annotations

import argparse
import json
from decimal import Decimal, localcontext
from fractions import Fraction
from pathlib import Path

from dealer_station.cli import CliError, echo, short_text
from dealer_station.domain.bets import BetType
from dealer_station.domain.cards import DECKS_PER_SHOE
from dealer_station.domain.errors import PayTableError
from dealer_station.domain.odds import (
    BetOdds,
    OddsError,
    OddsReport,
    analyse,
    composition_from_json,
    decks_composition,
)
from dealer_station.domain.paytable import BetRule, Mode, PayTable, load_paytable

NAME = "odds"
HELP = "exact odds, EV, house edge and RTP of every bet of a pay table"
DESCRIPTION = (
    "Exact odds of the next round from a shoe (a full shoe of N decks, or a composition file), and the "
    "EV, house edge and RTP of every bet of a pay table, both Banker modes. Exact: counts over all "
    "orderings of the cards left (docs/rules.md §3)."
)


def register(parser: argparse.ArgumentParser) -> None:
    """Add the ``odds`` arguments to ``parser``."""
    shoe = parser.add_mutually_exclusive_group()
    shoe.add_argument("--decks", type=int, metavar="N",
                      help=f"a full shoe of N decks (default {DECKS_PER_SHOE})")
    shoe.add_argument("--composition", metavar="FILE",
                      help='JSON file {"counts": {"AS": 8, "TD": 3, ...}}: cards left by kind, missing kinds 0')
    parser.add_argument("--paytable", default="commission", metavar="NAME",
                        help="shipped pay table name (e.g. commission, sheet-002, sheet-004) or a .toml path "
                             "(default commission)")
    parser.add_argument("--mode", choices=[m.value for m in Mode],
                        help="mode the Banker bet is paid in (default: the pay table's mode)")
    parser.add_argument("--exact", action="store_true", help="exact fractions (JSON: strings 'p/q')")
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def run(args: argparse.Namespace) -> int:
    """Print the analysis; 0 on success. CliError (exit 2) for a bad pay table, composition or deck count."""
    try:
        paytable = load_paytable(args.paytable)
    except PayTableError as err:
        raise CliError(str(err)) from None
    try:
        if args.composition is not None:
            composition = composition_from_json(_read(args.composition))
            shoe = f"composition {args.composition}"
        else:
            decks = DECKS_PER_SHOE if args.decks is None else args.decks
            if decks > MAX_DECKS:
                raise CliError(f"--decks {short_text(decks)}: a shoe holds 1 to {MAX_DECKS} decks")
            composition = decks_composition(decks)
            shoe = f"{decks} deck{'s' if decks != 1 else ''}"
    except OddsError as err:
        where = f"{args.composition}: " if args.composition is not None else ""
        raise CliError(f"{where}{err}") from None
    mode = Mode.parse(args.mode) if args.mode else paytable.mode
    report = analyse(composition, paytable, mode=mode, exact=args.exact)
    if args.json:
        echo(json.dumps(report.to_json(), indent=2))
    else:
        echo(_human(report, paytable, shoe))
    return 0


MAX_DECKS = 8
"""Most decks ``--decks`` takes (docs/rules.md §1: a shoe of 8 decks)."""


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise CliError(f"cannot read composition file {path}: {err}") from None


def _percent(x: Fraction | float) -> str:
    if isinstance(x, Fraction):
        with localcontext() as ctx:
            ctx.prec = 50
            value = Decimal(x.numerator) * 100 / Decimal(x.denominator)
        return f"{value:.6f}%"
    return f"{x * 100:.6f}%"


def _odds(value: Decimal) -> str:
    f = Fraction(value)
    if f.denominator == 1:
        return f"{f.numerator}:1"
    if f.denominator <= 4:
        return f"{f.numerator}:{f.denominator}"
    return f"{value.normalize()}:1"


def _pays(rule: BetRule, mode: Mode) -> str:
    bet, extra = rule.bet, rule.extra
    if bet is BetType.BANKER:
        if mode is Mode.NO_COMMISSION:
            return f"{_odds(extra['no_commission'])}, with 6 {_odds(extra['no_commission_six'])}"
        return _odds(rule.pays)
    if bet in (BetType.PLAYER_BONUS, BetType.BANKER_BONUS):
        margins = sorted((int(k.split("_")[1]), v) for k, v in extra.items() if k.startswith("margin_"))
        by = ", ".join(f"{m} {_odds(v)}" for m, v in reversed(margins))
        return f"natural {_odds(extra['natural'])}; by {by}"
    if bet is BetType.LUCKY_SIX:
        return f"2 cards {_odds(extra['two_cards'])}, 3 cards {_odds(extra['three_cards'])}"
    return _odds(rule.pays)


def _human(report: OddsReport, paytable: PayTable, shoe: str) -> str:
    lines = [
        f"Odds of the next round: {report.cards} cards ({shoe}); pay table {paytable.name} "
        f"({paytable.title}){', written for one, shown to one' if paytable.written_for_one else ''}; "
        f"mode {report.mode.value}",
        "",
        f"{'Outcome':<10}{'Probability':>14}",
    ]
    for name in ("banker", "player", "tie"):
        lines.append(f"{name.capitalize():<10}{_percent(report.probabilities[name]):>14}")
    rows: list[tuple[str, str, BetOdds]] = []
    for bet_id, odds in report.bets.items():
        bet = BetType(bet_id)
        label = bet_id
        if bet is BetType.BANKER:
            label = f"banker ({report.mode.value})"
        rows.append((label, _pays(paytable.bets[bet], report.mode), odds))
    if BetType.BANKER in paytable.bets:
        other = Mode.NO_COMMISSION if report.mode is Mode.COMMISSION else Mode.COMMISSION
        odds = report.banker_no_commission if other is Mode.NO_COMMISSION else report.banker_commission
        if odds is not None:
            rows.append((f"banker ({other.value})", _pays(paytable.bets[BetType.BANKER], other), odds))
    width = max(len(r[0]) for r in rows) + 2
    pays_width = max(len(r[1]) for r in rows) + 2
    lines += ["", f"{'Bet':<{width}}{'Pays':<{pays_width}}{'EV':>12}{'House edge':>14}{'RTP':>14}"]
    for label, pays, odds in rows:
        lines.append(f"{label:<{width}}{pays:<{pays_width}}{_percent(odds.ev):>12}"
                     f"{_percent(odds.house_edge):>14}{_percent(odds.rtp):>14}")
    if report.exact:
        lines += ["", "Exact EV per unit staked:"]
        lines += [f"  {label:<{width}}{odds.ev}" for label, _, odds in rows]
    return "\n".join(lines)
