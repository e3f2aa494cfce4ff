"""`dealer-station deal` and the known-answer cases (tests/cases/rules.jsonl) through library and CLI."""

from __future__ import annotations

import json

import pytest

from dealer_station.cli.deal import explain_draws, round_record, split_tokens
from dealer_station.domain.bets import BetType
from dealer_station.domain.cards import parse_cards
from dealer_station.domain.money import decimal_text
from dealer_station.domain.outcome import deal_round
from dealer_station.domain.paytable import Mode, load_paytable
from dealer_station.domain.settlement import net_for_unit
from tests.conftest import ROOT, run_cli

CASES_FILE = ROOT / "tests" / "cases" / "rules.jsonl"
CASES = [json.loads(line) for line in CASES_FILE.read_text().splitlines() if line.strip()]
KEYS = {"player", "banker", "winner", "margin", "perfect_pair", "cards_used", "unused", "mode", "net"}
HAND_KEYS = {"cards", "total", "natural", "pair"}


def _ids():
    return [f"{i}-{c['mode']}-{c['why'][:40]}" for i, c in enumerate(CASES)]


def test_the_cases_cover_both_modes():
    assert len(CASES) >= 20
    assert {c["mode"] for c in CASES} == {"commission", "no-commission"}


def _check(case, winner, player_total, banker_total, cards_used, net):
    assert winner == case["winner"]
    assert (player_total, banker_total) == (case["player_total"], case["banker_total"])
    assert cards_used == case["cards_used"]
    assert net == case["net"]
    assert set(net) == {b.value for b in BetType}


@pytest.mark.parametrize("case", CASES, ids=_ids())
def test_case_through_the_library(case):
    outcome, unused = deal_round(parse_cards(case["cards"]))
    table = load_paytable(case["mode"])
    mode = Mode.parse(case["mode"])
    net = {b.value: decimal_text(net_for_unit(b, outcome, table, mode)) for b in BetType}
    _check(case, outcome.winner.value, outcome.player_total, outcome.banker_total, outcome.cards_used, net)
    # the same with the other shipped full table and an explicit mode
    other = load_paytable("no-commission" if case["mode"] == "commission" else "commission")
    assert {b.value: decimal_text(net_for_unit(b, outcome, other, mode)) for b in BetType} == case["net"]
    assert round_record(outcome, unused, table, mode)["net"] == case["net"]


@pytest.mark.parametrize("case", CASES, ids=_ids())
def test_case_through_deal_json(case):
    proc = run_cli("deal", *case["cards"], "--mode", case["mode"], "--json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert len(lines) == 1
    got = json.loads(lines[0])
    assert set(got) == KEYS and set(got["player"]) == HAND_KEYS and set(got["banker"]) == HAND_KEYS
    _check(case, got["winner"], got["player"]["total"], got["banker"]["total"], got["cards_used"], got["net"])
    assert got["mode"] == case["mode"]
    assert len(got["player"]["cards"]) + len(got["banker"]["cards"]) == case["cards_used"]
    assert len(got["unused"]) == len(case["cards"]) - case["cards_used"]


@pytest.mark.parametrize("mode", ["commission", "no-commission"])
def test_cases_through_deal_stdin_json_lines(mode):
    cases = [c for c in CASES if c["mode"] == mode]
    text = "".join(" ".join(c["cards"]) + "\n" for c in cases)
    proc = run_cli("deal", "--json", "--mode", mode, input=text)
    assert proc.returncode == 0, proc.stderr
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(results) == len(cases)
    for case, got in zip(cases, results, strict=True):
        _check(case, got["winner"], got["player"]["total"], got["banker"]["total"], got["cards_used"], got["net"])


def test_json_object_in_full():
    proc = run_cli("deal", "5s", "6D", "kh", "KC", "6H", "5C", "10d", "--json")
    assert proc.returncode == 0
    assert json.loads(proc.stdout) == {
        "player": {"cards": ["5S", "KH", "6H"], "total": 1, "natural": False, "pair": False},
        "banker": {"cards": ["6D", "KC", "5C"], "total": 1, "natural": False, "pair": False},
        "winner": "tie", "margin": 0, "perfect_pair": False, "cards_used": 6, "unused": ["TD"],
        "mode": "commission",
        "net": {"player": "0", "banker": "0", "tie": "8", "player_pair": "-1", "banker_pair": "-1",
                "either_pair": "-1", "perfect_pair": "-1", "player_natural": "-1", "banker_natural": "-1",
                "player_bonus": "-1", "banker_bonus": "-1", "lucky_six": "-1", "two_cards_lucky_six": "-1",
                "three_cards_lucky_six": "-1"},
    }


def test_human_output_shows_hands_totals_draws_winner_and_every_bet():
    proc = run_cli("deal", "5S", "6D", "KH", "KC", "6H", "5C")
    assert proc.returncode == 0 and proc.stderr == ""
    out = proc.stdout
    assert "Player  5S KH 6H  total 1" in out
    assert "Banker  6D KC 5C  total 1" in out
    assert "player 5: draws (player draws on 0-5) -> 6H" in out
    assert "banker 6, player's third card 6: draws -> 5C" in out
    assert "Winner  TIE 1-1" in out
    for bet in BetType:
        assert f"  {bet.value} " in out
    assert "tie                        8  win" in out
    assert "player                     0  push" in out
    assert "lucky_six                 -1  lose" in out


def test_human_output_natural_and_no_commission_six():
    proc = run_cli("deal", "2S", "QD", "3H", "6S", "KC", "--mode", "no-commission")
    assert "player 5: draws" in proc.stdout and "banker 6, player's third card 0: stands" in proc.stdout
    assert "banker                   0.5  win" in proc.stdout
    assert "lucky six on 2 cards" in proc.stdout
    proc = run_cli("deal", "8S", "3D", "KH", "5C", "7H")
    assert "natural (player 8 and banker 8): neither hand draws" in proc.stdout
    assert "unused: 7H" in proc.stdout


def test_explain_draws_when_player_stands():
    outcome, _ = deal_round(parse_cards("6S 5D KH KC 2H".split()))
    assert explain_draws(outcome) == ["player 6: stands (player stands on 6-7)",
                                      "player stood; banker 5: draws -> 2H"]


@pytest.mark.parametrize(("args", "needle"), [
    (["5S", "6D", "KH", "ZZ"], "unknown card token 'ZZ'"),
    (["5S", "6D", "KH", "1S"], "unknown card token '1S'"),
    (["5S"], "not enough cards: banker1 is missing"),
    (["5S", "6D", "KH"], "not enough cards: banker2 is missing"),
    (["5S", "6D", "KH", "KC"], "not enough cards: player3 is missing"),
    (["5S", "6D", "KH", "KC", "6H"], "not enough cards: banker3 is missing"),
    (["--paytable", "nope", "5S"], "no pay table 'nope'"),
])
@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_bad_input_exits_2_with_one_line(args, needle, json_flag):
    proc = run_cli("deal", *args, *json_flag)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and needle in lines[0] and lines[0].startswith("dealer-station deal: ")


def test_stdin_mode_goes_on_after_a_bad_line():
    text = "5S 6D KH KC 6H 5C\n\nXX 6D KH KC\n# a comment\n2S,9D,3H,KC\n5S 6D\n[\"8S\", \"9D\", \"KH\", \"KC\"]\n"
    proc = run_cli("deal", "--json", input=text)
    assert proc.returncode == 2
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == 5
    assert out[0]["winner"] == "tie"
    assert set(out[1]) == {"error"} and "'XX'" in out[1]["error"]
    assert out[2]["winner"] == "banker" and out[2]["net"]["banker_natural"] == "3.5"
    assert out[3] == {"error": "not enough cards: player2 is missing (got 2)"}
    assert out[4]["banker"]["total"] == 9 and out[4]["player"]["natural"]


def test_stdin_human_mode_reports_errors_on_stderr_with_the_line():
    proc = run_cli("deal", input="5S 6D KH KC 6H 5C\nQQ\n7S 6D KH KC\n")
    assert proc.returncode == 2
    assert proc.stdout.count("Winner") == 2
    assert proc.stderr.splitlines() == [
        "dealer-station deal: line 2: unknown card token 'QQ': expected rank (A,2-9,T,10,J,Q,K) + suit (S,H,D,C)"]


def test_stdin_all_good_exits_0():
    proc = run_cli("deal", "--json", input="7S 6D KH KC\n")
    assert proc.returncode == 0 and json.loads(proc.stdout)["winner"] == "player"
    assert run_cli("deal", input="").returncode == 0


def test_paytable_option():
    proc = run_cli("deal", "--json", "--paytable", "sheet-004", "5S", "6D", "KH", "KC", "6H", "5C")
    got = json.loads(proc.stdout)
    assert got["net"] == {"player": "0", "banker": "0", "tie": "8"}        # for-one table: Tie pays 8
    assert got["mode"] == "commission"
    proc = run_cli("deal", "--json", "--paytable", "sheet-002", "--mode", "no-commission", "2S", "QD", "3H", "6S",
                   "KC")
    got = json.loads(proc.stdout)
    assert got["mode"] == "no-commission" and got["net"]["banker"] == "0.5" and got["net"]["lucky_six"] == "12"
    assert "perfect_pair" not in got["net"] and len(got["net"]) == 8
    proc = run_cli("deal", "--json", "--paytable", "no-commission", "2S", "QD", "3H", "6S", "KC")
    assert json.loads(proc.stdout)["mode"] == "no-commission"


def test_bad_mode_is_a_usage_error():
    proc = run_cli("deal", "--mode", "cheap", "5S", "6D", "KH", "KC")
    assert proc.returncode == 2 and "invalid choice: 'cheap'" in proc.stderr


@pytest.mark.parametrize(("text", "tokens"), [
    ("5S 6D", ["5S", "6D"]), ("5S,6D , KH", ["5S", "6D", "KH"]), ('["5S","10D"]', ["5S", "10D"]),
    ("  ", []), ("[5S]", ["[5S]"]),
    ("[" * 100_000, ["[" * 100_000]),                       # nested past the recursion limit: one bad token
    ("[1" + "0" * 5000 + "]", ["[1" + "0" * 5000 + "]"]),   # past Python's int digit limit: one bad token
])
def test_split_tokens(text, tokens):
    assert split_tokens(text) == tokens


def test_stdin_line_the_json_decoder_cannot_read_is_a_bad_line_not_a_crash():
    text = "7S 6D KH KC\n" + "[" * 100_000 + "\n7S 6D KH KC\n"
    proc = run_cli("deal", "--json", input=text)
    lines = proc.stdout.splitlines()
    assert proc.returncode == 2 and len(lines) == 3
    assert "unknown card token" in json.loads(lines[1])["error"]
    assert json.loads(lines[2])["winner"] == "player"


def test_stdin_bytes_that_are_not_utf8_are_a_bad_line_not_a_crash():
    import os
    import subprocess
    import sys

    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "dealer_station", "deal", "--json"],
                          input=b"7S 6D KH KC\n\xff\xfe 6D\n7S 6D KH KC\n", capture_output=True, env=env,
                          cwd=ROOT, timeout=60)
    lines = proc.stdout.decode().splitlines()
    assert proc.returncode == 2 and len(lines) == 3
    assert "unknown card token" in json.loads(lines[1])["error"]
    assert json.loads(lines[2])["winner"] == "player"
