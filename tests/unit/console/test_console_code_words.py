"""The console says every shared code in the screen's language: its translated tables (the ``tr()`` literals that
pyside6-lupdate reads) cover each code that dealer_station/app/words.py has English words for.
"""

from __future__ import annotations

import pytest

from dealer_station.app.words import REASON_WORDS
from dealer_station.console.act_panel import REASON_CODES
from dealer_station.console.incident_prompts import incident_names, reason_name, reason_names
from dealer_station.console.prompts import state_name, state_names
from dealer_station.domain.incidents import IncidentType
from dealer_station.domain.states import TableState


@pytest.mark.parametrize(("names", "codes"), [
    (incident_names, list(IncidentType)),
    (state_names, list(TableState)),
    (reason_names, list(REASON_WORDS)),
], ids=["incident types", "states", "reasons"])
def test_every_shared_code_has_its_translated_words(qapp, names, codes):
    shown = names()
    missing = [str(c) for c in codes if str(c) not in shown]
    assert not missing, f"{names.__name__}() has no words for {missing}"
    assert all(shown[str(c)].strip() and "_" not in shown[str(c)] for c in codes)


def test_a_supervisor_picks_only_reasons_with_words(qapp):
    assert set(REASON_CODES) <= set(REASON_WORDS)
    assert set(REASON_CODES) <= set(reason_names())


def test_a_code_with_no_words_reads_as_its_own(qapp):
    assert reason_name("not_a_reason") == "not a reason"
    assert state_name("not_a_state") == "NOT_A_STATE"
