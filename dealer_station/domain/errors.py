"""The domain's exception tree. Every domain error is a :class:`DomainError` and a ``ValueError``."""

from __future__ import annotations


class DomainError(ValueError):
    """Base of all errors raised by :mod:`dealer_station.domain`."""


class CardError(DomainError):
    """A token that is not a card (docs/rules.md §1)."""


class DealError(DomainError):
    """A round that cannot be dealt as asked: too few cards, a card after the round is complete."""


class PayTableError(DomainError):
    """A pay table that cannot be loaded: missing key, bad odds, unknown bet (docs/rules.md §3)."""


class MoneyError(DomainError):
    """An amount that is not money to the cent, or text that is not an amount (docs/rules.md §4)."""


class BetRefused(DomainError):
    """A bet the table must refuse (docs/rules.md §3–4).

    ``code`` is one of ``not_offered``, ``closed``, ``below_minimum``, ``above_maximum``,
    ``difference_limit``, ``bad_amount``. ``bet`` is the refused bet when there is one (a
    :class:`dealer_station.domain.settlement.Bet`), else ``None``.
    """

    CODES = ("not_offered", "closed", "below_minimum", "above_maximum", "difference_limit", "bad_amount")

    def __init__(self, code: str, message: str, bet: object = None) -> None:
        super().__init__(message)
        self.code = code
        self.bet = bet
