"""``dealer-station deal``: the round calculator QA and integrators use.

Deals the given cards in shoe order (P, B, P, B, then third cards as the rules say, docs/rules.md §2),
and prints the round: hands, totals, who draws and why, the winner and every bet's net result
for 1 unit staked (docs/rules.md §3). With no cards it reads one round per line from standard input.

JSON form (``--json``; one object per line in standard-input mode)::

    {"player": {"cards": ["5S", "KH", "6H"], "total": 1, "natural": false, "pair": false},
     "banker": {...}, "winner": "tie", "margin": 0, "perfect_pair": false, "cards_used": 6,
     "unused": [], "mode": "commission", "net": {"player": "0", "banker": "0", "tie": "8", ...}}

``net`` maps every bet the pay table offers (all 14 identifiers with the default tables) to a
normalised decimal string: ``"-1"`` lost, ``"0"`` push, ``"0.95"``, ``"3.5"``, ``"30"``.

Bad input (an unknown token, too few cards) exits with status 2 and one line on standard error
naming the token or the missing card. In standard-input mode such a line prints
``{"error": "..."}`` (with ``--json``; a ``line N: ...`` line on standard error without it), the
run goes on, and the exit status is 2 at the end. Blank lines and lines starting with ``#`` are
skipped. Tokens are separated by spaces or commas; a line may also be a JSON array of tokens.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence

from dealer_station.cli import CliError, echo
from dealer_station.domain.bets import BetType
from dealer_station.domain.cards import Card, parse_cards
from dealer_station.domain.errors import DomainError
from dealer_station.domain.money import decimal_text
from dealer_station.domain.outcome import RoundOutcome, deal_round
from dealer_station.domain.paytable import Mode, PayTable, load_paytable
from dealer_station.domain.rules import banker_rule_reason, hand_total, is_natural, player_draws
from dealer_station.domain.settlement import bet_result, net_for_unit

NAME = "deal"
HELP = "deal a round from card tokens and show totals, the winner and every bet's result"
DESCRIPTION = (
    "Deal CARDS in shoe order (P, B, P, B, then third cards as the rules say) and show the round. "
    "With no CARDS, read one round per line from standard input (JSON Lines with --json)."
)

__all__ = ["NAME", "HELP", "register", "run", "round_record", "explain_draws", "split_tokens"]

_SEPARATORS = re.compile(r"[\s,]+")


def register(parser: argparse.ArgumentParser) -> None:
    """Add the ``deal`` arguments to ``parser``."""
    parser.add_argument("cards", nargs="*", metavar="CARD",
                        help="card tokens in deal order, e.g. 5S 6D KH KC 6H 5C (rank A 2-9 T 10 J Q K + suit S H D C)")
    parser.add_argument("--mode", choices=[m.value for m in Mode], default=None,
                        help="betting mode (default: the pay table's, commission without --paytable)")
    parser.add_argument("--paytable", default=None, metavar="NAME|PATH",
                        help="pay table: a shipped name (commission, no-commission, sheet-002, sheet-004) or a .toml "
                             "path (default: the shipped table of the mode)")
    parser.add_argument("--json", action="store_true", help="print JSON (one object per round)")


def run(args: argparse.Namespace) -> int:
    """Run ``deal``: exit status 0, or 2 for bad input (raised as CliError on the command line)."""
    paytable, mode = _table(args.paytable, args.mode)
    if args.cards:
        tokens = [t for arg in args.cards for t in split_tokens(arg)]
        try:
            record, outcome, unused = _deal(tokens, paytable, mode)
        except DomainError as err:
            raise CliError(str(err)) from None
        if args.json:
            echo(json.dumps(record))
        else:
            echo(_human(outcome, unused, paytable, mode))
        return 0
    return _run_stdin(args.json, paytable, mode)


def split_tokens(text: str) -> list[str]:
    """Card tokens in ``text``: separated by white space or commas, or a JSON array of strings."""
    stripped = text.strip()
    if stripped.startswith("["):
        try:
            value = json.loads(stripped)
        except (ValueError, RecursionError):
            # not JSON, or past the decoder's limits (an int of over 4300 digits, nesting too deep):
            # read as plain tokens, so the line is refused by its token and the run goes on
            value = None
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return value
    return [t for t in _SEPARATORS.split(stripped) if t]


def round_record(outcome: RoundOutcome, unused: Sequence[Card], paytable: PayTable, mode: Mode) -> dict:
    """The JSON object of a dealt round (keys in the module doc); net per 1 unit for every offered bet."""
    def hand(cards: tuple[Card, ...], natural: bool, pair: bool) -> dict:
        return {"cards": [c.token for c in cards], "total": hand_total(cards), "natural": natural, "pair": pair}

    return {
        "player": hand(outcome.player, outcome.player_natural, outcome.player_pair),
        "banker": hand(outcome.banker, outcome.banker_natural, outcome.banker_pair),
        "winner": outcome.winner.value,
        "margin": outcome.margin,
        "perfect_pair": outcome.perfect_pair,
        "cards_used": outcome.cards_used,
        "unused": [c.token for c in unused],
        "mode": mode.value,
        "net": {b.value: decimal_text(net_for_unit(b, outcome, paytable, mode)) for b in BetType
                if paytable.offers(b)},
    }


def explain_draws(outcome: RoundOutcome) -> list[str]:
    """Who drew a third card and why, one line per decision, for people (docs/rules.md §2)."""
    p2, b2 = hand_total(outcome.player[:2]), hand_total(outcome.banker[:2])
    if is_natural(p2) or is_natural(b2):
        who = " and ".join(f"{name} {total}" for name, total in (("player", p2), ("banker", b2)) if is_natural(total))
        return [f"natural ({who}): neither hand draws"]
    lines = []
    if player_draws(p2):
        lines.append(f"player {p2}: draws (player draws on 0-5) -> {outcome.player[2].token}")
        third: int | None = outcome.player[2].points
    else:
        lines.append(f"player {p2}: stands (player stands on 6-7)")
        third = None
    reason = banker_rule_reason(b2, third)
    if len(outcome.banker) == 3:
        reason += f" -> {outcome.banker[2].token}"
    lines.append(reason)
    return lines


def _table(name: str | None, mode_text: str | None) -> tuple[PayTable, Mode]:
    mode = Mode.parse(mode_text) if mode_text else None
    try:
        paytable = load_paytable(name if name else (mode or Mode.COMMISSION).value)
    except DomainError as err:
        raise CliError(str(err)) from None
    return paytable, mode or paytable.mode


def _deal(tokens: list[str], paytable: PayTable, mode: Mode) -> tuple[dict, RoundOutcome, list[Card]]:
    if not tokens:
        raise _NoCards("no cards: a round needs at least 4 cards (player1 is missing)")
    outcome, unused = deal_round(parse_cards(tokens))
    return round_record(outcome, unused, paytable, mode), outcome, unused


class _NoCards(DomainError):
    pass


def _run_stdin(as_json: bool, paytable: PayTable, mode: Mode) -> int:
    if sys.stdin.isatty():
        echo("reading rounds from standard input, one per line (end with Ctrl-D)", file=sys.stderr)
    failed = 0
    for number, line in enumerate(_stdin_lines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            record, outcome, unused = _deal(split_tokens(line), paytable, mode)
        except DomainError as err:
            failed += 1
            if as_json:
                echo(json.dumps({"error": str(err)}))
            else:
                echo(f"dealer-station deal: line {number}: {err}", file=sys.stderr)
            continue
        if as_json:
            echo(json.dumps(record))
        else:
            echo(_human(outcome, unused, paytable, mode))
            echo()
    return 2 if failed else 0


def _stdin_lines():
    # Bytes that are not UTF-8 become U+FFFD, so such a line is refused by its token, not a crash.
    source = getattr(sys.stdin, "buffer", None)
    if source is None:
        yield from sys.stdin
        return
    for raw in source:
        yield raw.decode("utf-8", errors="replace")


def _human(outcome: RoundOutcome, unused: Sequence[Card], paytable: PayTable, mode: Mode) -> str:
    def hand(name: str, cards: tuple[Card, ...], natural: bool) -> str:
        shown = " ".join(c.token for c in cards)
        return f"{name:<7} {shown:<9} total {hand_total(cards)}{'  natural' if natural else ''}"

    lines = [hand("Player", outcome.player, outcome.player_natural),
             hand("Banker", outcome.banker, outcome.banker_natural)]
    lines += [f"  {line}" for line in explain_draws(outcome)]
    winner = outcome.winner.value.upper()
    lines.append(f"Winner  {winner} {outcome.player_total}-{outcome.banker_total}"
                 + (f" (by {outcome.margin})" if outcome.margin else ""))
    flags = [name for name, on in (("player pair", outcome.player_pair), ("banker pair", outcome.banker_pair),
                                   ("perfect pair", outcome.perfect_pair)) if on]
    if outcome.lucky_six:
        flags.append(f"lucky six on {outcome.lucky_six} cards")
    if flags:
        lines.append("Flags   " + ", ".join(flags))
    lines.append(f"Cards   {outcome.cards_used} used" + (f"; unused: {' '.join(c.token for c in unused)}"
                                                         if unused else ""))
    lines.append(f"Bets    net per 1 unit staked, {mode.value} (pay table {paytable.name})")
    for bet in BetType:
        if paytable.offers(bet):
            net = net_for_unit(bet, outcome, paytable, mode)
            result = bet_result(bet, outcome, paytable, mode).value
            lines.append(f"  {bet.value:<22} {decimal_text(net):>5}  {result}")
    return "\n".join(lines)
