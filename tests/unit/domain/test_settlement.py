"""Settlement: every bet's win, lose and push in both modes, amounts to the cent, refusals (docs/rules.md §3–5)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.domain.bets import BetType
from dealer_station.domain.cards import ALL_KINDS, parse_cards
from dealer_station.domain.errors import BetRefused, DomainError
from dealer_station.domain.outcome import deal_round, deal_sequence
from dealer_station.domain.paytable import Mode, load_paytable
from dealer_station.domain.settlement import (
    Bet,
    Result,
    SubCentRule,
    Void,
    bet_result,
    check_bet,
    check_bets,
    net_for_unit,
    settle,
    settle_bet,
)

D = Decimal
C, NC = Mode.COMMISSION, Mode.NO_COMMISSION
TABLE = load_paytable("commission")

# why, cards in deal order, commission nets that are not -1, Banker's net in No Commission
ROUNDS = [
    ("player wins by 1: bonus loses, banker 6 loses so no lucky six", "7S 6D KH KC",
     {"player": "1"}, "-1"),
    ("player natural 9 beats 7: natural win pays the bonus natural odds", "9S 7D KH KC",
     {"player": "1", "player_natural": "3.5", "player_bonus": "1"}, "-1"),
    ("player natural 9 beats 0: a natural win pays 1:1, never the margin table", "9S KD KH QC",
     {"player": "1", "player_natural": "3.5", "player_bonus": "1"}, "-1"),
    ("player non-natural win by 3: bonus loses", "AS KD 2H 4C 4D KS",
     {"player": "1"}, "-1"),
    ("player non-natural win by 4 pays 1:1", "AS KD 2H 3C 4D KS",
     {"player": "1", "player_bonus": "1"}, "-1"),
    ("player non-natural win by 5 pays 2:1", "AS KD 2H 3C 5D KS",
     {"player": "1", "player_bonus": "2"}, "-1"),
    ("player non-natural win by 6 pays 4:1; a 2-2 pair", "2S KD 2H 3C 5D KS",
     {"player": "1", "player_bonus": "4", "player_pair": "11", "either_pair": "5"}, "-1"),
    ("player non-natural win by 7 pays 6:1", "AS KD 3H 2C 5D KS",
     {"player": "1", "player_bonus": "6"}, "-1"),
    ("player non-natural win by 8 pays 10:1", "AS KD 3H AC 5D KS",
     {"player": "1", "player_bonus": "10"}, "-1"),
    ("player non-natural win by 9 pays 30:1", "2S KD 3H QC 4D TH",
     {"player": "1", "player_bonus": "30"}, "-1"),
    ("banker non-natural win by 9 pays 30:1", "KS KD QH QC JD 9S",
     {"banker": "0.95", "banker_bonus": "30"}, "1"),
    ("banker wins by 3: bonus loses", "KS 7D QH KC 4D",
     {"banker": "0.95"}, "1"),
    ("banker natural 9 beats player natural 8: the player natural still pays", "8S 9D KH KC",
     {"banker": "0.95", "player_natural": "3.5", "banker_natural": "3.5", "banker_bonus": "1"}, "1"),
    ("banker 6 on two cards: No Commission pays half, lucky six 12, two-card 22", "2S QD 3H 6S KC",
     {"banker": "0.95", "lucky_six": "12", "two_cards_lucky_six": "22"}, "0.5"),
    ("banker 6 on three cards: lucky six 20, three-card 50", "4C AS KD 2H 9H 3C",
     {"banker": "0.95", "lucky_six": "20", "three_cards_lucky_six": "50"}, "0.5"),
    ("banker 6 wins by 6 on two cards: lucky six and bonus 4:1", "KS 6D QH KC JD",
     {"banker": "0.95", "lucky_six": "12", "two_cards_lucky_six": "22", "banker_bonus": "4"}, "0.5"),
    ("a 6-6 tie is not a lucky six; player and banker push", "6S 6D KH KC",
     {"player": "0", "banker": "0", "tie": "8"}, "0"),
    ("non-natural tie: both bonuses lose", "5S 6D KH KC 6H 5C",
     {"player": "0", "banker": "0", "tie": "8"}, "0"),
    ("natural tie: both bonuses push", "8S 3D KH 5C",
     {"player": "0", "banker": "0", "tie": "8", "player_natural": "3.5", "banker_natural": "3.5",
      "player_bonus": "0", "banker_bonus": "0"}, "0"),
    ("both hands perfect pairs: either pair and perfect pair are paid once", "4S 3D 4S 3D",
     {"player": "1", "player_pair": "11", "banker_pair": "11", "either_pair": "5", "perfect_pair": "25",
      "player_natural": "3.5", "player_bonus": "1"}, "-1"),
    ("banker pair only, K-K of different suits: not perfect", "2S KD 3H KC 4D 5S",
     {"player": "1", "banker_pair": "11", "either_pair": "5", "player_bonus": "1"}, "-1"),
    ("K and 10 are not a pair", "KS 2D TS 3C 9S",
     {"player": "1", "player_bonus": "1"}, "-1"),
]


def _expected(nets, nc_banker, mode):
    full = {b.value: D(nets.get(b.value, "-1")) for b in BetType}
    if mode is NC:
        full["banker"] = D(nc_banker)
    return full


CASES = [(why, cards, nets, nc, mode) for why, cards, nets, nc in ROUNDS for mode in (C, NC)]


@pytest.mark.parametrize(("why", "cards", "nets", "nc_banker", "mode"), CASES,
                         ids=[f"{c[0][:50]}-{c[4].value}" for c in CASES])
def test_net_for_unit_of_every_bet(why, cards, nets, nc_banker, mode):
    outcome = deal_sequence(parse_cards(cards.split()))
    expected = _expected(nets, nc_banker, mode)
    got = {b.value: net_for_unit(b, outcome, TABLE, mode) for b in BetType}
    assert got == expected
    for bet in BetType:
        want = Result.WIN if expected[bet.value] > 0 else Result.PUSH if expected[bet.value] == 0 else Result.LOSE
        assert bet_result(bet, outcome, TABLE, mode) is want


def test_every_bet_wins_and_loses_and_every_main_and_bonus_bet_pushes_somewhere():
    seen = {b.value: set() for b in BetType}
    for _, _, nets, nc in ROUNDS:
        for mode in (C, NC):
            for bet, net in _expected(nets, nc, mode).items():
                seen[bet].add("win" if net > 0 else "push" if net == 0 else "lose")
    for bet, results in seen.items():
        assert {"win", "lose"} <= results, bet
    for bet in ("player", "banker", "player_bonus", "banker_bonus"):
        assert "push" in seen[bet]


def test_mode_defaults_to_the_tables():
    outcome = deal_sequence(parse_cards("2S QD 3H 6S KC".split()))
    assert net_for_unit(BetType.BANKER, outcome, load_paytable("commission")) == D("0.95")
    assert net_for_unit(BetType.BANKER, outcome, load_paytable("no-commission")) == D("0.5")
    assert net_for_unit(BetType.BANKER, outcome, load_paytable("no-commission"), C) == D("0.95")


def test_for_one_table_pays_like_the_same_game():
    table = load_paytable("sheet-004")
    tie = deal_sequence(parse_cards("5S 6D KH KC 6H 5C".split()))
    assert net_for_unit(BetType.TIE, tie, table) == D(8)
    player = deal_sequence(parse_cards("7S 6D KH KC".split()))
    assert net_for_unit(BetType.PLAYER, player, table) == D(1)
    six = deal_sequence(parse_cards("2S QD 3H 6S KC".split()))
    assert net_for_unit(BetType.BANKER, six, table, NC) == D("0.5")
    with pytest.raises(BetRefused) as err:
        net_for_unit(BetType.LUCKY_SIX, six, table)
    assert err.value.code == "not_offered"


# ---- amounts -----------------------------------------------------------------------------------
BANKER_WIN = deal_sequence(parse_cards("KS 7D QH KC 4D".split()))       # banker 7 beats player 4
BANKER_SIX = deal_sequence(parse_cards("2S QD 3H 6S KC".split()))       # banker 6 on two cards
TIE = deal_sequence(parse_cards("5S 6D KH KC 6H 5C".split()))
NATURAL = deal_sequence(parse_cards("8S 9D KH KC".split()))             # banker natural 9 vs player 8


@pytest.mark.parametrize(("stake", "outcome", "mode", "result", "paid", "net"), [
    ("10", BANKER_WIN, C, Result.WIN, "19.50", "9.50"),
    ("10", BANKER_WIN, NC, Result.WIN, "20.00", "10.00"),
    ("10", BANKER_SIX, NC, Result.WIN, "15.00", "5.00"),
    ("10", TIE, C, Result.PUSH, "10.00", "0.00"),
    ("10.25", TIE, NC, Result.PUSH, "10.25", "0.00"),
    ("1,234.00", BANKER_WIN, C, Result.WIN, "2406.30", "1172.30"),
    ("1.15", BANKER_WIN, C, Result.WIN, "2.24", "1.09"),          # 1.0925 -> 1.09
    ("1.01", BANKER_SIX, NC, Result.WIN, "1.51", "0.50"),         # 0.505 -> 0.50
    ("1.99", BANKER_WIN, C, Result.WIN, "3.88", "1.89"),          # 1.8905 -> 1.89
])
def test_banker_amounts_to_the_cent(stake, outcome, mode, result, paid, net):
    amount = D(stake.replace(",", ""))
    [s] = settle([Bet(BetType.BANKER, amount, ref="seat 3")], outcome, TABLE, mode=mode)
    assert (s.result, s.paid, s.net) == (result, D(paid), D(net))
    assert s.paid == s.bet.amount + s.net
    assert s.paid.as_tuple().exponent == -2 and s.net.as_tuple().exponent == -2
    assert s.bet.ref == "seat 3"


@pytest.mark.parametrize(("rule", "win"), [
    (SubCentRule.HOUSE, "1.09"), (SubCentRule.HALF_UP, "1.09"), (SubCentRule.HALF_EVEN, "1.09"),
    (SubCentRule.PLAYER, "1.10"),
])
def test_sub_cent_rule_1_0925(rule, win):
    [s] = settle([(BetType.BANKER, D("1.15"))], BANKER_WIN, TABLE, sub_cent=rule)
    assert s.net == D(win)


@pytest.mark.parametrize(("rule", "win"), [
    (SubCentRule.HOUSE, "0.50"), (SubCentRule.HALF_UP, "0.51"), (SubCentRule.HALF_EVEN, "0.50"),
    (SubCentRule.PLAYER, "0.51"),
])
def test_sub_cent_rule_on_an_exact_half_cent(rule, win):
    [s] = settle([(BetType.BANKER, D("1.01"))], BANKER_SIX, TABLE, mode=NC, sub_cent=rule)
    assert s.net == D(win)


@pytest.mark.parametrize(("rule", "win"), [
    (SubCentRule.HOUSE, "1.14"), (SubCentRule.HALF_UP, "1.15"), (SubCentRule.HALF_EVEN, "1.15"),
    (SubCentRule.PLAYER, "1.15"),
])
def test_sub_cent_rule_above_half(rule, win):
    # 1.21 * 0.95 = 1.1495
    [s] = settle([(BetType.BANKER, D("1.21"))], BANKER_WIN, TABLE, sub_cent=rule)
    assert s.net == D(win)


def test_house_rule_never_pays_more_than_the_exact_amount():
    for cents in range(100, 400):
        amount = D(cents) / 100
        [s] = settle([(BetType.BANKER, amount)], BANKER_WIN, TABLE)
        exact = amount * D("0.95")
        assert s.net <= exact < s.net + D("0.01")


def test_sub_cent_rule_parse():
    assert SubCentRule.parse("half_up") is SubCentRule.HALF_UP
    assert SubCentRule.parse("HOUSE") is SubCentRule.HOUSE
    with pytest.raises(ValueError, match="unknown sub-cent rule 'down'; allowed: house, half-up, half-even, player"):
        SubCentRule.parse("down")


def test_a_whole_round_of_bets():
    bets = [("player", "10"), ("banker", "20"), ("tie", "5"), ("banker_natural", "2"), ("player_natural", "2"),
            ("banker_bonus", "3"), ("perfect_pair", "1")]
    settled = settle(bets, NATURAL, TABLE)
    assert [(s.bet.bet.value, s.result.value, str(s.paid), str(s.net)) for s in settled] == [
        ("player", "lose", "0.00", "-10.00"),
        ("banker", "win", "39.00", "19.00"),
        ("tie", "lose", "0.00", "-5.00"),
        ("banker_natural", "win", "9.00", "7.00"),
        ("player_natural", "win", "9.00", "7.00"),
        ("banker_bonus", "win", "6.00", "3.00"),
        ("perfect_pair", "lose", "0.00", "-1.00"),
    ]
    assert settled[1].to_dict() == {"bet": "banker", "ref": "", "amount": "20.00", "result": "win",
                                    "paid": "39.00", "net": "19.00"}


def test_void_refunds_every_bet():
    bets = [Bet(BetType.PLAYER, D("10")), Bet(BetType.TIE, D("2.50")), Bet(BetType.LUCKY_SIX, D(1))]
    settled = settle(bets, Void("shoe disconnected"), TABLE)
    assert [(s.result, s.paid, s.net) for s in settled] == [
        (Result.REFUND, D("10.00"), D(0)), (Result.REFUND, D("2.50"), D(0)), (Result.REFUND, D("1.00"), D(0))]


def test_settle_bet_single():
    s = settle_bet(Bet(BetType.TIE, D("3.00")), TIE, TABLE)
    assert (s.result, s.paid, s.net, s.per_unit) == (Result.WIN, D("27.00"), D("24.00"), D(8))
    with pytest.raises(BetRefused, match="not offered"):
        settle_bet(Bet(BetType.LUCKY_SIX, D("3.00")), Void(), load_paytable("sheet-004"))


# ---- refusals ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("bet", "table", "round_number", "code", "message"), [
    (("lucky_six", "5"), "sheet-004", None, "not_offered",
     "lucky_six is not offered at this table (pay table 'sheet-004' offers: player, banker, tie)"),
    (("perfect_pair", "5"), "sheet-002", None, "not_offered", "perfect_pair is not offered at this table"),
    (("dragon", "5"), "commission", None, "not_offered", "unknown bet 'dragon'; allowed: player, banker"),
    (("player_pair", "5"), "commission", 61, "closed",
     "player_pair is closed: it is offered until round 60 of the shoe and this is round 61"),
    (("either_pair", "5"), "commission", 51, "closed", "either_pair is closed: it is offered until round 50"),
    (("lucky_six", "5"), "sheet-002", 51, "closed", "lucky_six is closed"),
    (("tie", "0.99"), "commission", None, "below_minimum", "tie stake 0.99 is below the minimum 1.00"),
    (("tie", "1000.01"), "commission", None, "above_maximum", "tie stake 1,000.01 is above the maximum 1,000.00"),
    (("banker", "10000.01"), "commission", None, "above_maximum",
     "banker stake 10,000.01 is above the maximum 10,000.00"),
    (("banker", "1.005"), "commission", None, "bad_amount", "banker stake refused: amount '1.005' has fractions"),
    (("banker", 1.5), "commission", None, "bad_amount", "not float 1.5"),
    (("banker", "0"), "commission", None, "bad_amount", "banker stake must be more than 0, got 0.00"),
    (("banker", "-5"), "commission", None, "bad_amount", "banker stake must be more than 0, got -5.00"),
    (("banker", "ten"), "commission", None, "bad_amount", "not an amount: 'ten'"),
    (("banker", "Infinity"), "commission", None, "bad_amount", "not an amount: 'Infinity'"),
    (("banker",), "commission", None, "bad_amount", "a bet is a (type, amount) pair"),
])
def test_each_refusal(bet, table, round_number, code, message):
    with pytest.raises(BetRefused) as err:
        check_bet(bet, load_paytable(table), round_number)
    assert err.value.code == code and err.value.code in BetRefused.CODES
    assert message in str(err.value)
    assert isinstance(err.value, DomainError)
    with pytest.raises(BetRefused):
        settle([bet], TIE, load_paytable(table), round_number=round_number)


def test_limits_are_inclusive_and_last_round_is_offered():
    assert check_bet(("tie", "1"), TABLE).amount == D("1.00")
    assert check_bet(("tie", "1000"), TABLE).amount == D("1000.00")
    assert check_bet(("player_pair", "5"), TABLE, 60).bet is BetType.PLAYER_PAIR
    assert check_bet(("perfect_pair", "5"), TABLE, 50).bet is BetType.PERFECT_PAIR
    assert check_bet(("player", 5), TABLE, 400).amount == D("5.00")


def test_player_and_banker_offset_each_other():
    # 10,000 limit on |Player - Banker| (docs/rules.md §4)
    assert len(check_bets([("player", "10000"), ("banker", "10000"), ("player", "9000")], TABLE)) == 3
    assert len(check_bets([("player", "10000")], TABLE)) == 1
    with pytest.raises(BetRefused) as err:
        check_bets([("player", "10000"), ("player", "1")], TABLE)
    assert err.value.code == "difference_limit"
    assert str(err.value) == ("Player/Banker difference 10,001.00 is above the limit 10,000.00 "
                              "(Player 10,001.00, Banker 0.00)")
    assert err.value.bet == Bet(BetType.PLAYER, D("1.00"))
    # bets placed earlier count; a banker bet brings it back under
    placed = [Bet(BetType.BANKER, D(8000))]
    with pytest.raises(BetRefused, match="Banker 18,000.00"):
        check_bets([("banker", "10000")], TABLE, placed=placed)
    assert check_bets([("player", "500"), ("banker", "2000")], TABLE, placed=placed)
    # side bets and tie do not count towards the difference
    assert check_bets([("player", "10000"), ("tie", "1000"), ("player_pair", "500")], TABLE)


def test_settle_refuses_the_whole_round_on_a_difference_breach():
    with pytest.raises(BetRefused) as err:
        settle([("player", "10000"), ("player", "5")], TIE, TABLE)
    assert err.value.code == "difference_limit"


def test_no_difference_limit_when_the_table_has_none(tmp_path):
    path = tmp_path / "open.toml"
    path.write_text('[bets.player]\npays = "1:1"\n[bets.banker]\npays = "0.95:1"\nno_commission = "1:1"\n'
                    'no_commission_six = "1:2"\n[bets.tie]\npays = "8:1"\n')
    table = load_paytable(path)
    assert check_bets([("player", "1000000")], table)
    assert table.difference_limit is None
    assert check_bets([("player", "1000000")], table) == [Bet(BetType.PLAYER, D("1000000.00"))]


@pytest.mark.parametrize(("why", "cards", "nets", "nc_banker", "mode"), CASES,
                         ids=[f"{c[0][:50]}-{c[4].value}" for c in CASES])
def test_the_table_above_agrees_with_the_independent_reference(why, cards, nets, nc_banker, mode):
    from tests import reference

    tokens = [reference.normalise(t) for t in cards.split()]
    player, banker, used = reference.deal(tokens)
    assert used == len(tokens)
    expected = _expected(nets, nc_banker, mode)
    assert {k: D(v.numerator) / D(v.denominator) for k, v in reference.nets(player, banker, mode.value).items()} \
        == expected


# ---- properties --------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(cards=st.lists(st.sampled_from(ALL_KINDS), min_size=6, max_size=6),
       bet=st.sampled_from(list(BetType)), cents=st.integers(min_value=100, max_value=20000),
       mode=st.sampled_from([C, NC]), rule=st.sampled_from(list(SubCentRule)))
def test_settlement_properties(cards, bet, cents, mode, rule):
    outcome, _ = deal_round(cards)
    amount = D(cents) / 100
    [s] = settle([(bet, amount)], outcome, TABLE, mode=mode, sub_cent=rule)
    per_unit = net_for_unit(bet, outcome, TABLE, mode)
    assert s.per_unit == per_unit
    assert s.paid == s.bet.amount + s.net and s.paid >= 0
    assert s.paid.as_tuple().exponent == -2 and s.net.as_tuple().exponent == -2
    exact = amount * per_unit
    assert abs(s.net - exact) < D("0.01")
    if rule is SubCentRule.HOUSE:
        assert s.net <= exact
    if rule is SubCentRule.PLAYER:
        assert s.net >= exact
    [r] = settle([(bet, amount)], Void(), TABLE, mode=mode, sub_cent=rule)
    assert (r.result, r.paid, r.net) == (Result.REFUND, amount, D(0))


def test_identifiers_are_accepted_where_bet_types_are():
    assert net_for_unit("tie", TIE, TABLE) == D(8)
    with pytest.raises(BetRefused) as err:
        net_for_unit("dragon", TIE, TABLE)
    assert err.value.code == "not_offered"
    s = settle_bet(Bet("tie", D("2")), Void(), TABLE)
    assert (s.bet.bet, s.paid, s.result) == (BetType.TIE, D("2.00"), Result.REFUND)
    with pytest.raises(BetRefused, match="must be more than 0"):
        settle_bet(Bet(BetType.TIE, D("0")), TIE, TABLE)


def test_a_bet_types_limit_is_for_the_whole_table():
    """docs/rules.md §4: every bet type has its own table limit; three 1,000 Tie bets exceed a 1,000 Tie limit."""
    from dealer_station.domain.errors import BetRefused
    from dealer_station.domain.paytable import load_paytable
    from dealer_station.domain.settlement import check_bets

    table = load_paytable("commission")
    assert len(check_bets([("tie", "600"), ("tie", "400")], table)) == 2
    with pytest.raises(BetRefused) as refused:
        check_bets([("tie", "1000")] * 3, table)
    assert refused.value.code == "above_maximum" and "1,000.00" in str(refused.value)
    with pytest.raises(BetRefused):
        check_bets([("tie", "500")], table, placed=[("tie", "600")])
    # Player and Banker: their table limit is the difference, not the sum
    assert check_bets([("player", "10000"), ("banker", "10000")], table)


def test_huge_or_odd_amounts_are_refused_not_crashed():
    from dealer_station.domain.errors import BetRefused, MoneyError
    from dealer_station.domain.money import to_money
    from dealer_station.domain.paytable import load_paytable
    from dealer_station.domain.settlement import check_bets

    for text in ("1e30", "99999999999999999999999999999.99", "1_000"):
        with pytest.raises(MoneyError):
            to_money(text)
        with pytest.raises(BetRefused) as refused:
            check_bets([("banker", text)], load_paytable("commission"))
        assert refused.value.code == "bad_amount"
