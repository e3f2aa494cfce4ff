"""An independent reference for dealing a round and the net result per unit of every bet.

Written straight from docs/rules.md §1–3 in the plainest way, on purpose without importing anything
from dealer_station, so that comparing it with the product checks the product against a second,
separately written reading of the rules. Odds here are the default tables' (sheets 000/001).
"""

from __future__ import annotations

from fractions import Fraction

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]

BET_IDS = [
    "player", "banker", "tie", "player_pair", "banker_pair", "either_pair", "perfect_pair",
    "player_natural", "banker_natural", "player_bonus", "banker_bonus", "lucky_six",
    "two_cards_lucky_six", "three_cards_lucky_six",
]

BONUS_BY_MARGIN = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}


def normalise(token):
    """Canonical token ("10d" -> "TD"), or None if it is not a card."""
    t = token.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        return None
    return t


def points(token):
    rank = token[0]
    if rank == "A":
        return 1
    if rank in "TJQK":
        return 0
    return int(rank)


def total(hand):
    t = 0
    for card in hand:
        t = t + points(card)
    return t % 10


def deal(tokens):
    """Deal canonical tokens; return (player, banker, used) or None when there are too few cards."""
    if len(tokens) < 4:
        return None
    player = [tokens[0], tokens[2]]
    banker = [tokens[1], tokens[3]]
    nxt = 4
    p = total(player)
    b = total(banker)
    if p >= 8 or b >= 8:
        return player, banker, 4
    player_third = None
    if p <= 5:
        if nxt >= len(tokens):
            return None
        player.append(tokens[nxt])
        nxt += 1
        player_third = points(player[2])
    if player_third is None:
        banker_draws = b <= 5
    elif b <= 2:
        banker_draws = True
    elif b == 3:
        banker_draws = player_third != 8
    elif b == 4:
        banker_draws = 2 <= player_third <= 7
    elif b == 5:
        banker_draws = 4 <= player_third <= 7
    elif b == 6:
        banker_draws = player_third == 6 or player_third == 7
    else:
        banker_draws = False
    if banker_draws:
        if nxt >= len(tokens):
            return None
        banker.append(tokens[nxt])
        nxt += 1
    return player, banker, nxt


def nets(player, banker, mode):
    """Net per unit staked, as Fractions, for every bet id."""
    p = total(player)
    b = total(banker)
    p_nat = total(player[:2]) >= 8
    b_nat = total(banker[:2]) >= 8
    p_pair = player[0][0] == player[1][0]
    b_pair = banker[0][0] == banker[1][0]
    perfect = player[0] == player[1] or banker[0] == banker[1]
    lose = Fraction(-1)
    out = {}

    if p > b:
        out["player"] = Fraction(1)
        out["banker"] = lose
        out["tie"] = lose
    elif b > p:
        out["player"] = lose
        if mode == "commission":
            out["banker"] = Fraction(95, 100)
        elif b == 6:
            out["banker"] = Fraction(1, 2)
        else:
            out["banker"] = Fraction(1)
        out["tie"] = lose
    else:
        out["player"] = Fraction(0)
        out["banker"] = Fraction(0)
        out["tie"] = Fraction(8)

    out["player_pair"] = Fraction(11) if p_pair else lose
    out["banker_pair"] = Fraction(11) if b_pair else lose
    out["either_pair"] = Fraction(5) if (p_pair or b_pair) else lose
    out["perfect_pair"] = Fraction(25) if perfect else lose
    out["player_natural"] = Fraction(7, 2) if p_nat else lose
    out["banker_natural"] = Fraction(7, 2) if b_nat else lose

    for side, mine, theirs, nat in (("player", p, b, p_nat), ("banker", b, p, b_nat)):
        key = side + "_bonus"
        if mine == theirs:
            out[key] = Fraction(0) if nat else lose
        elif mine < theirs:
            out[key] = lose
        elif nat:
            out[key] = Fraction(1)
        elif mine - theirs in BONUS_BY_MARGIN:
            out[key] = Fraction(BONUS_BY_MARGIN[mine - theirs])
        else:
            out[key] = lose

    banker_six = b > p and b == 6
    out["lucky_six"] = lose
    out["two_cards_lucky_six"] = lose
    out["three_cards_lucky_six"] = lose
    if banker_six and len(banker) == 2:
        out["lucky_six"] = Fraction(12)
        out["two_cards_lucky_six"] = Fraction(22)
    if banker_six and len(banker) == 3:
        out["lucky_six"] = Fraction(20)
        out["three_cards_lucky_six"] = Fraction(50)
    return out


def winner(player, banker):
    p = total(player)
    b = total(banker)
    if p > b:
        return "player"
    if b > p:
        return "banker"
    return "tie"


def net_text(value):
    """A Fraction net as the product writes it: "-1", "0", "0.95", "3.5", "30" (no trailing zeros)."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    whole = value.numerator // value.denominator
    rest = value - whole
    digits = ""
    while rest and len(digits) < 10:
        rest *= 10
        digit = rest.numerator // rest.denominator
        digits += str(digit)
        rest -= digit
    text = str(whole) + ("." + digits if digits else "")
    return "0" if text == "0" else sign + text


def expected_json(tokens, mode):
    """The `deal --json` object the product should print for these raw tokens, or None for an error line."""
    cards = [normalise(t) for t in tokens]
    if any(c is None for c in cards):
        return None
    dealt = deal(cards)
    if dealt is None:
        return None
    player, banker, used = dealt
    p_nat = total(player[:2]) >= 8
    b_nat = total(banker[:2]) >= 8
    return {
        "player": {"cards": player, "total": total(player), "natural": p_nat, "pair": player[0][0] == player[1][0]},
        "banker": {"cards": banker, "total": total(banker), "natural": b_nat, "pair": banker[0][0] == banker[1][0]},
        "winner": winner(player, banker),
        "margin": abs(total(player) - total(banker)),
        "perfect_pair": player[0] == player[1] or banker[0] == banker[1],
        "cards_used": used,
        "unused": cards[used:],
        "mode": mode,
        "net": {k: net_text(v) for k, v in nets(player, banker, mode).items()},
    }
