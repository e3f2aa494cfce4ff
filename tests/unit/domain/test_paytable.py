"""Pay tables as data: shipped tables, "for one" conversion, every load error (docs/rules.md §3–4)."""

from __future__ import annotations

import copy
import tomllib
from decimal import Decimal

import pytest

from dealer_station.domain.bets import MAIN_BETS, SIDE_BETS, BetType
from dealer_station.domain.errors import PayTableError
from dealer_station.domain.paytable import (
    Mode,
    load_paytable,
    parse_odds,
    paytable_dir,
    paytable_from_dict,
    paytable_names,
)

D = Decimal

# docs/rules.md §3, "to one"
FULL = {
    BetType.PLAYER: (D(1), None), BetType.BANKER: (D("0.95"), None), BetType.TIE: (D(8), None),
    BetType.PLAYER_PAIR: (D(11), 60), BetType.BANKER_PAIR: (D(11), 60), BetType.EITHER_PAIR: (D(5), 50),
    BetType.PERFECT_PAIR: (D(25), 50), BetType.PLAYER_NATURAL: (D("3.5"), 50),
    BetType.BANKER_NATURAL: (D("3.5"), 50), BetType.PLAYER_BONUS: (D(30), None),
    BetType.BANKER_BONUS: (D(30), None), BetType.LUCKY_SIX: (D(12), 50),
    BetType.TWO_CARDS_LUCKY_SIX: (D(22), 50), BetType.THREE_CARDS_LUCKY_SIX: (D(50), 50),
}
BONUS = {"natural": D(1), "margin_9": D(30), "margin_8": D(10), "margin_7": D(6), "margin_6": D(4),
         "margin_5": D(2), "margin_4": D(1)}


def test_bet_identifiers_are_exactly_the_fourteen():
    assert [b.value for b in BetType] == [
        "player", "banker", "tie", "player_pair", "banker_pair", "either_pair", "perfect_pair", "player_natural",
        "banker_natural", "player_bonus", "banker_bonus", "lucky_six", "two_cards_lucky_six",
        "three_cards_lucky_six"]
    assert MAIN_BETS | SIDE_BETS == set(BetType) and not MAIN_BETS & SIDE_BETS
    assert BetType.parse("tie") is BetType.TIE
    with pytest.raises(ValueError, match="unknown bet 'ties'; allowed: player, banker"):
        BetType.parse("ties")


def test_shipped_tables():
    assert paytable_names() == ["commission", "no-commission", "sheet-002", "sheet-004"]
    assert paytable_dir().is_dir()


@pytest.mark.parametrize(("name", "mode"), [("commission", Mode.COMMISSION), ("no-commission", Mode.NO_COMMISSION)])
def test_full_tables_offer_every_bet_with_the_rules_odds(name, mode):
    table = load_paytable(name)
    assert table.mode is mode and table.name == name and not table.written_for_one
    assert set(table.bets) == set(BetType)
    for bet, (pays, last) in FULL.items():
        rule = table.rule(bet)
        assert (rule.pays, rule.last_round) == (pays, last), bet
        assert rule.min_stake == D(1) and rule.max_stake is not None
    banker = table.rule(BetType.BANKER)
    assert banker.extra == {"no_commission": D(1), "no_commission_six": D("0.5")}
    for bonus in (BetType.PLAYER_BONUS, BetType.BANKER_BONUS):
        assert dict(table.rule(bonus).extra) == BONUS
    assert dict(table.rule(BetType.LUCKY_SIX).extra) == {"two_cards": D(12), "three_cards": D(20)}
    assert table.difference_limit == D(10000)


def test_sheet_002_offers_eight_bets():
    table = load_paytable("sheet-002")
    assert set(table.bets) == {BetType.PLAYER, BetType.BANKER, BetType.TIE, BetType.PLAYER_PAIR,
                               BetType.BANKER_PAIR, BetType.LUCKY_SIX, BetType.PLAYER_NATURAL,
                               BetType.BANKER_NATURAL}
    for bet in table.bets:
        assert table.rule(bet).pays == FULL[bet][0]
        assert table.rule(bet).last_round == FULL[bet][1]


def test_sheet_004_is_written_for_one_and_converted_to_one():
    table = load_paytable("sheet-004")
    assert table.written_for_one
    assert set(table.bets) == {BetType.PLAYER, BetType.BANKER, BetType.TIE}
    assert table.rule(BetType.TIE).pays == D(8)          # "9:1" for one is 8 to 1, not 9
    assert table.rule(BetType.PLAYER).pays == D(1)       # "2:1" for one is 1 to 1
    assert table.rule(BetType.BANKER).pays == D("0.95")
    assert table.rule(BetType.BANKER).extra == {"no_commission": D(1), "no_commission_six": D("0.5")}
    raw = tomllib.loads((paytable_dir() / "sheet-004.toml").read_text())
    assert raw["odds"] == "for-one" and raw["bets"]["tie"]["pays"] == "9:1"


def test_last_round_offering():
    table = load_paytable("commission")
    assert table.rule(BetType.PLAYER_PAIR).offered_in(60) and not table.rule(BetType.PLAYER_PAIR).offered_in(61)
    assert table.rule(BetType.LUCKY_SIX).offered_in(50) and not table.rule(BetType.LUCKY_SIX).offered_in(51)
    assert table.rule(BetType.PLAYER).offered_in(500)
    assert table.offered_in(1) == tuple(BetType)
    assert set(table.offered_in(55)) == {BetType.PLAYER, BetType.BANKER, BetType.TIE, BetType.PLAYER_PAIR,
                                         BetType.BANKER_PAIR, BetType.PLAYER_BONUS, BetType.BANKER_BONUS}
    assert set(table.offered_in(61)) == {BetType.PLAYER, BetType.BANKER, BetType.TIE, BetType.PLAYER_BONUS,
                                         BetType.BANKER_BONUS}


def test_restricted_table():
    table = load_paytable("commission").restricted([BetType.PLAYER, BetType.TIE])
    assert set(table.bets) == {BetType.PLAYER, BetType.TIE}
    assert load_paytable("commission").restricted(None).bets.keys() == set(BetType)
    with pytest.raises(PayTableError, match="does not offer perfect_pair"):
        load_paytable("sheet-004").restricted([BetType.PERFECT_PAIR])


@pytest.mark.parametrize(("text", "for_one", "value"), [
    ("8:1", False, D(8)), ("0.95:1", False, D("0.95")), ("7:2", False, D("3.5")), ("1:2", False, D("0.5")),
    ("0.95", False, D("0.95")), (" 11 : 1 ", False, D(11)), (8, False, D(8)),
    ("9:1", True, D(8)), ("2:1", True, D(1)), ("1.95:1", True, D("0.95")), ("1.5:1", True, D("0.5")),
    ("26:1", True, D(25)),
])
def test_parse_odds(text, for_one, value):
    assert parse_odds(text, for_one=for_one) == value


@pytest.mark.parametrize(("text", "for_one", "message"), [
    ("abc", False, "bad odds 'abc': write them as 'x:1', 'a:b' or a decimal"),
    ("", False, "bad odds ''"),
    ("1:0", False, "bad odds '1:0'"),
    ("2:1:1", False, "bad odds '2:1:1'"),
    ("inf", False, "bad odds 'inf'"),
    ("nan:1", False, "bad odds 'nan:1'"),
    ("1e999999999:1", False, "bad odds '1e999999999:1'"),
    ("0:1", False, "odds '0:1' pay nothing"),
    ("-2:1", False, "odds '-2:1' pay nothing"),
    ("1:1", True, "odds '1:1' pay nothing after the for-one conversion"),
    ("1:3", False, "odds '1:3' are not an exact decimal"),
])
def test_bad_odds(text, for_one, message):
    with pytest.raises(PayTableError) as err:
        parse_odds(text, for_one=for_one)
    assert message in str(err.value)


def _base():
    return copy.deepcopy(tomllib.loads((paytable_dir() / "commission.toml").read_text()))


def _with(path, value):
    data = _base()
    node = data
    for key in path[:-1]:
        node = node[key]
    if value is _DELETE:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return data


class _Deleted:
    """The key taken away. Its repr is part of the test ids (``bets=<deleted>``): the same in every worker process,
    as pytest-xdist needs (an ``object()``'s repr holds its address)."""

    def __repr__(self) -> str:
        return "<deleted>"


_DELETE = _Deleted()

BAD_TABLES = [
    (("odds",), "to-two", "t: odds: 'to-two' is not allowed; use 'to-one' or 'for-one'"),
    (("mode",), "free", "t: mode: unknown mode 'free'; allowed: commission, no-commission"),
    (("bets",), _DELETE, "t: bets: missing: a pay table needs at least one [bets.ID] table"),
    (("bets",), {}, "t: bets: missing"),
    (("bets", "ties"), {"pays": "8:1"}, "t: bets.ties: unknown bet 'ties'; allowed: player"),
    (("bets", "tie"), "8:1", "t: bets.tie: must be a table"),
    (("bets", "tie", "pays"), "eight", "t: bets.tie.pays: bad odds 'eight'"),
    (("bets", "tie", "pays"), _DELETE, "t: bets.tie.pays: missing"),
    (("bets", "banker", "pays"), _DELETE, "t: bets.banker.pays: missing: the commission payout, e.g. '0.95:1'"),
    (("bets", "banker", "no_commission"), _DELETE, "t: bets.banker.no_commission: missing: banker needs both"),
    (("bets", "banker", "no_commission_six"), _DELETE, "t: bets.banker.no_commission_six: missing"),
    (("bets", "banker", "no_commission_six"), "0:2", "t: bets.banker.no_commission_six: odds '0:2' pay nothing"),
    (("bets", "player_bonus", "natural"), _DELETE,
     "t: bets.player_bonus: a bonus bet needs 'natural' and a 'margin' table (4..9)"),
    (("bets", "banker_bonus", "margin"), "30:1", "t: bets.banker_bonus: a bonus bet needs 'natural'"),
    (("bets", "player_bonus", "margin"), {"10": "40:1"}, "t: bets.player_bonus.margin.10: margin must be 1..9"),
    (("bets", "player_bonus", "margin"), {"9": "x"}, "t: bets.player_bonus.margin.9: bad odds 'x'"),
    (("bets", "lucky_six", "two_cards"), _DELETE,
     "t: bets.lucky_six.two_cards: missing: lucky six pays by banker's cards"),
    (("bets", "lucky_six", "three_cards"), _DELETE, "t: bets.lucky_six.three_cards: missing"),
    (("bets", "player_pair", "last_round"), 0, "t: bets.player_pair.last_round: 0 must be a whole number >= 1"),
    (("bets", "player_pair", "last_round"), 60.5, "t: bets.player_pair.last_round: 60.5 must be a whole number"),
    (("bets", "player_pair", "last_round"), True, "t: bets.player_pair.last_round: True must be"),
    (("bets", "player", "min"), "one", "t: bets.player.min: 'one' is not an amount"),
    (("bets", "player", "max"), "-5", "t: bets.player.max: '-5' must be a non-negative amount"),
    (("bets", "player", "max"), "NaN", "t: bets.player.max: 'NaN' is not an amount"),
    (("bets", "player", "max"), "1e999999999", "t: bets.player.max: '1e999999999' is not an amount"),
    (("bets", "player", "min"), "1e-999999999", "t: bets.player.min: '1e-999999999' is not an amount"),
    (("bets", "player", "min"), "20000", "t: bets.player: min 20000.00 is above max 10000.00"),
    (("bets", "player_bonus", "margin"), {}, "t: bets.player_bonus.margin: empty: give the payout of at least one"),
    (("bets", "player"), _DELETE, "t: bets: no [bets.player]: every pay table offers player, banker and tie"),
    (("bets", "banker"), _DELETE, "t: bets: no [bets.banker]: every pay table offers player, banker and tie"),
    (("bets", "tie"), _DELETE, "t: bets: no [bets.tie]: every pay table offers player, banker and tie"),
    (("limits",), "10000", "t: limits: must be a table"),
    (("limits", "difference"), "lots", "t: limits.difference: 'lots' is not an amount"),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD_TABLES, ids=[".".join(p) + f"={v!r}"[:30]
                                                                       for p, v, _ in BAD_TABLES])
def test_every_pay_table_error_names_the_key(path, value, message):
    with pytest.raises(PayTableError) as err:
        paytable_from_dict(_with(path, value), source="t")
    assert message in str(err.value)


def test_the_unmodified_base_loads():
    table = paytable_from_dict(_base(), source="t")
    assert set(table.bets) == set(BetType)


def test_load_errors(tmp_path):
    with pytest.raises(PayTableError, match="no pay table 'nope'; shipped: commission, no-commission, sheet-002, "
                                            r"sheet-004 \(or give a path to a .toml file\)"):
        load_paytable("nope")
    bad = tmp_path / "bad.toml"
    bad.write_text("odds = [\n")
    with pytest.raises(PayTableError, match="bad.toml: not valid TOML"):
        load_paytable(bad)
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b"title = '\xe9'\n")
    with pytest.raises(PayTableError, match="not valid TOML"):
        load_paytable(latin)
    with pytest.raises(PayTableError, match="no pay table"):
        load_paytable(tmp_path / "missing.toml")
    deep = tmp_path / "deep.toml"
    deep.write_text("odds = " + "[" * 5000 + "]" * 5000 + "\n")     # nested past the parser's recursion limit
    with pytest.raises(PayTableError, match="deep.toml: not valid TOML"):
        load_paytable(deep)


def test_load_by_path_and_defaults(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[bets.tie]\npays = "9:1"\n[bets.player]\npays = "1:1"\n[bets.banker]\npays = "0.95:1"\n'
                    'no_commission = "1:1"\nno_commission_six = "1:2"\n')
    table = load_paytable(path)
    assert table.name == "mine" and table.mode is Mode.COMMISSION and table.difference_limit is None
    assert table.rule(BetType.TIE).pays == D(9) and table.rule(BetType.TIE).last_round is None
    with pytest.raises(PayTableError, match="pay table 'mine' does not offer player_pair"):
        table.rule(BetType.PLAYER_PAIR)


def test_mode_parse():
    assert Mode.parse("no_commission") is Mode.NO_COMMISSION
    assert Mode.parse(" Commission ") is Mode.COMMISSION
    with pytest.raises(ValueError, match="unknown mode 'x'; allowed: commission, no-commission"):
        Mode.parse("x")
