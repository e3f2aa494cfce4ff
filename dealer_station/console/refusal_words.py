"""A refused dealer change or a failed act in the screen's language.

The controller raises :class:`~dealer_station.app.refusals.ActRefused` with an English ``why`` for the log and
the journal and a code the screens word it by (:class:`dealer_station.domain.act_rules.Refusal`); they show
:func:`staff_words` and :func:`error_words` instead (the English text stays in the log: ``dealer_sign_in_refused``,
``supervisor_act_refused``). A supervisor act refused by the rules is worded by the act panel's preview of the
same act (``ActPanel.refusal_text``), by the same codes.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from dealer_station.app.accounts import AuthError
from dealer_station.domain.act_rules import Refusal

__all__ = ["error_words", "staff_words"]

def error_words() -> str:
    """An act that failed inside the station (not refused by the rules), in the screen's language."""
    return QCoreApplication.translate("RefusalWords", "the station could not do it; nothing changed at the table. "
                                                      "Call the technician if it happens again")


def staff_words(err: BaseException) -> str:
    """Why a dealer's sign-in or sign-out was refused, in the screen's language.

    ``err``: an :class:`~dealer_station.app.accounts.AuthError` (its message, as the accounts wrote it) or an
    :class:`~dealer_station.app.refusals.ActRefused` of the table's dealer change, worded by its code (the act
    rules' :class:`~dealer_station.domain.act_rules.Refusal`: paused, a round open, nobody signed in, the same
    dealer again), never by its English ``why``; anything else reads as not allowed now.
    """
    if isinstance(err, AuthError):   # its message names the lock's end or a failure kept in memory
        return str(err)
    code = getattr(err, "code", None)
    if code is Refusal.PAUSED:
        return QCoreApplication.translate("RefusalWords", "the table is paused: the supervisor resolves the "
                                                          "incident first, then the dealer changes")
    if code is Refusal.ROUND_OPEN:
        return QCoreApplication.translate("RefusalWords", "a round is open: the dealer changes between rounds")
    if code is Refusal.NOBODY_SIGNED_IN:
        return QCoreApplication.translate("RefusalWords", "no dealer is signed in")
    if code is Refusal.ALREADY_SIGNED_IN:
        return QCoreApplication.translate("RefusalWords", "this dealer is already signed in")
    return QCoreApplication.translate("RefusalWords", "not allowed now")
