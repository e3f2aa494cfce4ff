"""Money in American format (docs/rules.md §4: 1,234.00) and normalised decimal text."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer_station.domain.errors import DomainError, MoneyError
from dealer_station.domain.money import CENT, decimal_text, format_money, is_cents, parse_money, to_money

D = Decimal


@pytest.mark.parametrize(("amount", "text"), [
    (D("1234"), "1,234.00"), (D("0"), "0.00"), (D("-0.00"), "0.00"), (D("0.5"), "0.50"), (D("0.05"), "0.05"),
    (D("999.99"), "999.99"), (D("1000"), "1,000.00"), (D("1234567.89"), "1,234,567.89"),
    (D("-1234.5"), "-1,234.50"), (12, "12.00"), (D("1E+3"), "1,000.00"), (D("19.500"), "19.50"),
])
def test_format_money(amount, text):
    assert format_money(amount) == text


@pytest.mark.parametrize("bad", [D("1.005"), D("NaN"), D("Infinity"), 1.5, "12.00", None, True])
def test_format_money_refuses_what_is_not_cents(bad):
    with pytest.raises(MoneyError):
        format_money(bad)


@pytest.mark.parametrize(("text", "amount"), [
    ("1,234.00", D("1234.00")), ("1234", D("1234.00")), ("1234.5", D("1234.50")), ("0.95", D("0.95")),
    ("-20", D("-20.00")), ("+3", D("3.00")), (" 1,000,000.01 ", D("1000000.01")), ("12.", None),
    ("0", D("0.00")), ("007", D("7.00")),
])
def test_parse_money(text, amount):
    if amount is None:
        with pytest.raises(MoneyError):
            parse_money(text)
        return
    value = parse_money(text)
    assert value == amount and value.as_tuple().exponent == -2


@pytest.mark.parametrize(("text", "message"), [
    ("1.234,00", "not an amount in American format (1,234.00): '1.234,00'"),
    ("1,23", "not an amount in American format"),
    ("12,3456", "not an amount in American format"),
    (",123", "not an amount in American format"),
    ("1,234,", "not an amount in American format"),
    ("ten", "not an amount in American format"),
    ("", "not an amount in American format"),
    ("1e3", "not an amount in American format"),
    ("$5", "not an amount in American format"),
    ("NaN", "not an amount in American format"),
    ("1.005", "amount '1.005' has fractions of a cent"),
])
def test_parse_money_errors(text, message):
    with pytest.raises(MoneyError) as err:
        parse_money(text)
    assert message in str(err.value)
    assert isinstance(err.value, DomainError)


def test_parse_money_takes_text_only():
    with pytest.raises(MoneyError, match="takes text"):
        parse_money(12)


@pytest.mark.parametrize(("value", "ok"), [
    (D("1.23"), True), (D("1.230"), True), (D("5"), True), (D("1.235"), False), (D("NaN"), False), (1, False),
])
def test_is_cents(value, ok):
    assert is_cents(value) is ok


def test_to_money():
    assert to_money(5) == D("5.00") and to_money("12.5") == D("12.50") and to_money(D("1.2")) == D("1.20")
    for bad in (1.0, True, "x", "1.001", D("sNaN"), object()):
        with pytest.raises(MoneyError):
            to_money(bad)
    assert CENT == D("0.01")


@pytest.mark.parametrize("bad", ["1e999999999", "-1e999999999", D("1E+999999999"), "1e-999999999",
                                 D("-1E-999999999"), "1e-1000"])
def test_to_money_refuses_extreme_exponents_as_money_errors(bad):
    """Exponents beyond the decimal context are refused as bad amounts, never as a decimal.Overflow or a
    tiny amount silently read as 0.00 (a pay table's stakes are read this way; docs/style.md habit 4: bad input
    is a value)."""
    with pytest.raises(MoneyError):
        to_money(bad)
    assert not is_cents(D(bad))


@pytest.mark.parametrize(("value", "text"), [
    (D("-1"), "-1"), (D("0"), "0"), (D("-0"), "0"), (D("0.00"), "0"), (D("0.95"), "0.95"), (D("3.50"), "3.5"),
    (D("30"), "30"), (D("3E+1"), "30"), (D("100.000"), "100"), (D("0.5"), "0.5"), (D("-12.340"), "-12.34"),
])
def test_decimal_text(value, text):
    assert decimal_text(value) == text


@pytest.mark.parametrize("bad", [D("NaN"), D("Infinity"), 1, 0.5, "1"])
def test_decimal_text_refuses_non_decimals(bad):
    with pytest.raises(MoneyError):
        decimal_text(bad)


@given(st.integers(min_value=-10**12, max_value=10**12))
def test_format_then_parse_round_trips(cents):
    amount = D(cents) / 100
    assert parse_money(format_money(amount)) == amount


@given(st.decimals(allow_nan=False, allow_infinity=False, places=4, min_value=-10**6, max_value=10**6))
def test_decimal_text_is_exact_and_short(value):
    text = decimal_text(value)
    assert D(text) == value
    assert "E" not in text and not (("." in text) and text.endswith("0"))
