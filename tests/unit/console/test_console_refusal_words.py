"""A refused dealer change or a failed act in the screen's language: the refusals the controller really raises,
never their English messages (which stay in the log and the journal); the accounts' refusals keep their own text
(the lock's end, a failure counted in memory)."""

from __future__ import annotations

import pytest

from dealer_station.app.accounts import AuthError
from dealer_station.app.refusals import ActRefused
from dealer_station.console.refusal_words import error_words, staff_words
from dealer_station.domain.act_rules import Refusal
from tests.unit.console.test_console_i18n import LANGUAGES, language  # noqa: F401 (language: a fixture)
from tests.unit.console.test_console_words import _found


def _staff_refusals(tmp_path) -> list[BaseException]:
    """The dealer-change refusals of a real controller: nobody to sign out, the same dealer again, a round open,
    the table paused, and a wrong PIN."""
    from tests.support.table import DEALER, DEALER_PIN, SUP, Table

    t = Table(tmp_path)
    if t.ctl.signed_in:
        t.ctl.sign_out()
    attempts = [t.ctl.sign_out, lambda: t.ctl.sign_in(DEALER, DEALER_PIN), lambda: t.ctl.sign_in(DEALER, DEALER_PIN),
                t.start_shoe, t.open_round, t.ctl.sign_out, lambda: t.ctl.sign_in(SUP, "0000"),
                lambda: t.card("AS", "AS", "AS", "AS", "AS", "AS", "AS", "AS", "AS"), t.ctl.sign_out]
    out = []
    for attempt in attempts:
        try:
            attempt()
        except (ActRefused, AuthError) as err:
            out.append(err)
    return out


def test_in_english_each_refusal_has_its_words(qapp, language):  # noqa: F811
    language("en")
    locked = AuthError("locked", "user 'sue' is locked until 2026-12-03T10:00:00Z")
    assert staff_words(locked) == str(locked)
    assert staff_words(ActRefused("sign_out", "round 3 is open: the dealer changes between rounds (after …)",
                                  Refusal.ROUND_OPEN)) == "a round is open: the dealer changes between rounds"
    assert staff_words(ActRefused("sign_out", "no dealer is signed in", Refusal.NOBODY_SIGNED_IN)) \
        == "no dealer is signed in"
    assert staff_words(ActRefused("sign_in", "something new")) == "not allowed now"
    # worded by its code, never by its English text
    assert staff_words(ActRefused("sign_out", "no dealer is signed in")) == "not allowed now"
    assert staff_words(ActRefused("sign_out", "other words", Refusal.PAUSED)).startswith("the table is paused")


def test_the_controllers_own_refusals_are_worded(tmp_path, qapp, language):  # noqa: F811
    language("en")
    refusals = _staff_refusals(tmp_path)
    assert len(refusals) == 5, refusals   # nobody signed in, the same dealer, a round open, a wrong PIN, paused
    worded = [staff_words(err) for err in refusals if isinstance(err, ActRefused)]
    assert len(set(worded)) == 4, worded
    assert all(w != "not allowed now" for w in worded), list(zip(map(str, refusals), worded, strict=True))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_in_each_language_no_english(lang, tmp_path, qapp, language):  # noqa: F811
    language(lang)
    texts = {error_words()}
    texts |= {staff_words(ActRefused("sign_out", "why", code)) for code in (
        Refusal.PAUSED, Refusal.ROUND_OPEN, Refusal.NOBODY_SIGNED_IN, Refusal.ALREADY_SIGNED_IN, None)}
    assert len(texts) == 6
    if lang != "en":
        assert _found(texts, lang) == [], texts
