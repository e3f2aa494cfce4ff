"""``dealer-station odds``: the JSON document, the human table, composition files and errors."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tests.conftest import run_cli


def _json(*args: str) -> dict:
    result = run_cli("odds", "--json", *args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_json_eight_decks_commission():
    doc = _json()
    assert set(doc) == {"cards", "probabilities", "bets", "banker_no_commission"}
    assert doc["cards"] == 416
    assert set(doc["probabilities"]) == {"banker", "player", "tie"}
    assert abs(doc["probabilities"]["banker"] - 0.458597422632763) < 1e-15
    assert len(doc["bets"]) == 14
    for bet in doc["bets"].values():
        assert set(bet) == {"ev", "house_edge", "rtp"}
        assert all(isinstance(v, float) for v in bet.values())
    assert round(doc["bets"]["banker"]["rtp"] * 100, 2) == 98.94
    assert abs(doc["bets"]["lucky_six"]["house_edge"] * 100 - 16.683572) < 5e-7
    assert abs(doc["banker_no_commission"]["house_edge"] * 100 - 1.458105) < 1e-6


def test_json_exact_sheet_004_for_one_table(tmp_path):
    doc = _json("--paytable", "sheet-004", "--exact")
    assert set(doc["bets"]) == {"player", "banker", "tie"}
    tie = doc["bets"]["tie"]
    assert isinstance(tie["ev"], str) and "/" in tie["ev"]
    assert Fraction(tie["house_edge"]) == -Fraction(tie["ev"])
    assert Fraction(tie["rtp"]) == 1 + Fraction(tie["ev"])
    assert f"{float(Fraction(tie['house_edge'])) * 100:.6f}" == "14.359629"   # 9:1 for one is 8:1 to one


def test_composition_file_and_mode(tmp_path):
    path = tmp_path / "shoe.json"
    path.write_text(json.dumps({"counts": {"AS": 2, "KH": 2, "6D": 1, "9C": 1}}))
    doc = _json("--composition", str(path), "--paytable", "no-commission", "--mode", "commission", "--exact")
    assert doc["cards"] == 6
    assert sum(Fraction(v) for v in doc["probabilities"].values()) == 1
    assert doc["bets"]["banker"] != doc["banker_no_commission"]


def test_human_table_shows_percentages():
    result = run_cli("odds", "--paytable", "sheet-002")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "416 cards" in out and "sheet-002" in out
    assert "98.942094%" in out and "1.057906%" in out
    for bet in ("player_pair", "lucky_six", "banker_natural"):
        assert bet in out
    assert "two_cards_lucky_six" not in out             # sheet 002 does not offer it


@pytest.mark.parametrize(("args", "content", "message"), [
    (["--composition", "{path}"], '{"counts": {"AS": 2, "KD": 3}}', "at least 6 cards"),
    (["--composition", "{path}"], '{"counts": {"XS": 8}}', "bad card kind 'XS'"),
    (["--composition", "{path}"], "not json", "not valid JSON"),
    (["--composition", "{path}"], "[" * 100_000, "not valid JSON"),
    (["--composition", "{missing}"], None, "cannot read composition file"),
    (["--decks", "0"], None, "decks must be"),
    (["--paytable", "no-such-table"], None, "no pay table"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, content, message):
    path = tmp_path / "c.json"
    if content is not None:
        path.write_text(content)
    args = [a.format(path=path, missing=tmp_path / "missing.json") for a in args]
    result = run_cli("odds", *args)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr and result.stdout == ""
