"""Money: amounts as ``decimal.Decimal`` to the cent, shown in American format (1,234.00).

Rule source: docs/rules.md §4 ("Money is shown in American format, e.g. 1,234.00", sheet 002).
Money is never a float: :func:`parse_money` refuses floats, and :func:`format_money` refuses an
amount that is not a whole number of cents rather than rounding it silently.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from dealer_station.domain.errors import MoneyError

__all__ = ["CENT", "MAX_AMOUNT", "decimal_text", "format_money", "is_cents", "parse_money", "to_money"]

CENT = Decimal("0.01")
"""The smallest amount of money the table handles."""

MAX_AMOUNT = Decimal("1e15")
"""Amounts must be below this (a thousand million million): anything larger is an input error."""

_AMERICAN = re.compile(r"^(?P<sign>[-+]?)(?P<int>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d+))?$")


def is_cents(amount: Decimal) -> bool:
    """True when ``amount`` is a finite Decimal that is a whole number of cents (e.g. 12.30, not 12.305)."""
    # copy_abs and quantize-then-compare are exact for any exponent: abs() and % round in the context and
    # raise decimal.Overflow for 1e999999999 or read 1e-999999999 as a whole number of cents.
    return (isinstance(amount, Decimal) and amount.is_finite() and amount.copy_abs() < MAX_AMOUNT
            and amount.quantize(CENT) == amount)


def to_money(value: Decimal | int | str) -> Decimal:
    """An amount as a Decimal with exactly two decimal places (``5`` → ``Decimal("5.00")``).

    Parameters
    ----------
    value:
        A Decimal, an int or a plain decimal string (``"12.5"``); not a float.

    Raises
    ------
    MoneyError
        For a float, a non-number, a non-finite value, an amount of :data:`MAX_AMOUNT` or more, or
        sub-cent digits (``"1.005"``).
    """
    if isinstance(value, bool) or isinstance(value, float) or not isinstance(value, (Decimal, int, str)):
        raise MoneyError(f"money must be a Decimal, an int or a string, not {type(value).__name__} {value!r}")
    if isinstance(value, str) and "_" in value:
        raise MoneyError(f"not an amount: {value!r} (write digits only, e.g. 1000 or 1,000.00)")
    try:
        amount = Decimal(value.strip() if isinstance(value, str) else value)
    except InvalidOperation:
        raise MoneyError(f"not an amount: {value!r}") from None
    if not amount.is_finite():
        raise MoneyError(f"not an amount: {value!r}")
    if amount.copy_abs() >= MAX_AMOUNT:
        raise MoneyError(f"amount {value!r} is too large: amounts must be below {MAX_AMOUNT:,.0f}")
    if not is_cents(amount):
        raise MoneyError(f"amount {value!r} has fractions of a cent")
    return amount.quantize(CENT)


def format_money(amount: Decimal | int) -> str:
    """American format with thousands separators and two decimals: ``1234`` → ``"1,234.00"``.

    Negative amounts get a leading minus: ``"-1,234.50"``. Rule: docs/rules.md §4.

    Raises
    ------
    MoneyError
        For a float, a non-finite value or an amount with fractions of a cent (display never rounds).
    """
    if isinstance(amount, str):
        raise MoneyError(f"format_money takes a Decimal, not the string {amount!r}; use parse_money first")
    value = to_money(amount)
    if value == 0:
        value = abs(value)
    return f"{value:,.2f}"


def parse_money(text: str) -> Decimal:
    """Read an amount typed in American format: ``"1,234.00"``, ``"1234.5"``, ``"-20"``, ``"0.95"``.

    Thousands separators are optional but, when present, must group by three (``"1,23"`` is refused).
    At most two decimals. Surrounding white space is ignored.

    Returns
    -------
    Decimal
        The amount with exactly two decimal places (``Decimal("1234.00")``).

    Raises
    ------
    MoneyError
        Naming the text, for anything that is not such an amount (letters, ``"1.234,00"``, ``"1.005"``).
    """
    if not isinstance(text, str):
        raise MoneyError(f"parse_money takes text, not {type(text).__name__} {text!r}")
    match = _AMERICAN.match(text.strip())
    if match is None:
        raise MoneyError(f"not an amount in American format (1,234.00): {text!r}")
    frac = match.group("frac") or ""
    if len(frac) > 2:
        raise MoneyError(f"amount {text!r} has fractions of a cent")
    digits = match.group("int").replace(",", "")
    return to_money(f"{match.group('sign')}{digits}.{frac or '0'}")


def decimal_text(value: Decimal) -> str:
    """A Decimal as short plain text with no trailing zeros and no exponent: ``30``, ``0.95``, ``-1``, ``0``.

    Used for net results per unit in JSON (``"3.5"`` not ``"3.50"``, ``"30"`` not ``"3E+1"``).
    Raises MoneyError for a value that is not a finite Decimal.
    """
    if not isinstance(value, Decimal) or not value.is_finite():
        raise MoneyError(f"not a finite Decimal: {value!r}")
    if value == 0:
        return "0"
    text = format(value.normalize(), "f")
    return text
