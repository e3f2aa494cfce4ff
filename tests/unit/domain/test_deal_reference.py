"""`dealer-station deal --json` agrees with an independent reference on many thousands of random rounds.

The rounds come from shuffled 8-deck shoes (so pairs, perfect pairs, naturals and lucky sixes all
occur), with tokens written in every accepted spelling. A few lines are bad on purpose (too few
cards, an unknown token) and must yield ``{"error": ...}`` without stopping the run. One
subprocess run per mode handles all of a mode's rounds (docs/rules.md §1–3; tests/reference.py).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tests import reference
from tests.conftest import run_cli

ROUNDS_PER_MODE = 5000


def _spell(rng: random.Random, token: str) -> str:
    if token[0] == "T" and rng.random() < 0.5:
        token = "10" + token[1]
    return token.lower() if rng.random() < 0.3 else token


def _rounds(seed: int, count: int) -> list[list[str]]:
    rng = random.Random(seed)
    shoe: list[str] = []
    lines = []
    while len(lines) < count:
        if len(shoe) < 20:
            shoe = [r + s for r in reference.RANKS for s in reference.SUITS] * 8
            rng.shuffle(shoe)
        roll = rng.random()
        if roll < 0.01:
            take = rng.randint(0, 5)        # maybe too few cards
        else:
            take = rng.randint(6, 8)        # always enough, sometimes unused cards
        tokens = [_spell(rng, shoe.pop()) for _ in range(take)]
        if 0.01 <= roll < 0.015 and tokens:
            tokens[rng.randrange(len(tokens))] = rng.choice(["XX", "1S", "11H", "AZ", "?"])
        if take == 0:
            tokens = ["#"] if rng.random() < 0.5 else []   # comment or blank: skipped by the product
        lines.append(tokens)
    return lines


@pytest.mark.parametrize(("mode", "seed"), [("commission", 20240601), ("no-commission", 20240602)])
def test_deal_stdin_agrees_with_the_reference(mode, seed):
    rounds = _rounds(seed, ROUNDS_PER_MODE)
    text = "".join(" ".join(tokens) + "\n" for tokens in rounds)
    proc = run_cli("deal", "--json", "--mode", mode, input=text, timeout=300)   # its speed: bench/, not here
    dealt = [tokens for tokens in rounds if tokens and tokens != ["#"]]
    expected = [reference.expected_json(tokens, mode) for tokens in dealt]
    got = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(got) == len(expected)
    errors = 0
    seen = Counter()
    for i, (want, have) in enumerate(zip(expected, got, strict=True)):
        if want is None:
            errors += 1
            assert set(have) == {"error"} and have["error"], (i, have)
            continue
        assert have == want, f"round {i}: {dealt[i]}"
        seen[have["winner"]] += 1
        for bet, net in have["net"].items():
            if net != "-1":
                seen[bet] += 1
    assert proc.returncode == (2 if errors else 0)
    assert errors > 0
    # the random rounds did exercise every bet's winning branch and both kinds of lucky six
    for name in ("player", "banker", "tie", "player_pair", "banker_pair", "either_pair", "perfect_pair",
                 "player_natural", "banker_natural", "player_bonus", "banker_bonus", "lucky_six",
                 "two_cards_lucky_six", "three_cards_lucky_six"):
        assert seen[name] > 0, name
