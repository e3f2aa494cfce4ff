"""A station error, an event the platform refused and a line-noise pause in the words of each language: the console
words them from the incident's fields (the error's class name, the refused event, the burst's counts), never from
the English detail the journal keeps; only the station's diagnostics for the technician (an error's own text, the
journal check's words on the event) are shown as written, marked as such. The recall picture's hand captions, and
the recall's records of the same incidents, are in plain words too."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import QCoreApplication

from dealer_station.app.record_words import incident_words, plain
from dealer_station.app.records import IncidentRecord
from dealer_station.console.incident_prompts import incident_detail, incident_reason
from dealer_station.console.recall_picture import hand_caption
from dealer_station.domain.incidents import Incident, LineNoiseCounts, RefusedEvent
from tests.unit.console.test_console_i18n import LANGUAGES, language  # noqa: F401 (language: a fixture)
from tests.unit.console.test_console_words import _found

TS = "2026-11-30T04:00:00.000000Z"
ERROR_TEXT = "KeyError: 'seat'"
PROBLEM = "its content differs from what decision row 12 lists (changed)"
STATION_ERROR = Incident("unexpected_error", "KeyError", "dealing", None, "", TS, ERROR_TEXT)
REFUSED = Incident("event_mismatch", "outbox_event_refused", "dealing", "player1", "event 17", TS,
                   f"event 17 for the betting platform does not match the journal ({PROBLEM}); it and the events "
                   "after it were not sent", refused=RefusedEvent(17, PROBLEM))
NOISE = Incident("line_noise", "card_in_noise", "dealing", "player1", "ffff (2H)", TS,
                 "a card read inside line noise is held for the supervisor; 600 bytes of line noise in 3 frames from "
                 "2026-11-30T04:00:01.250000Z to 2026-11-30T04:00:02.000000Z",
                 noise=LineNoiseCounts(600, 3, "2026-11-30T04:00:01.250000Z", "2026-11-30T04:00:02.000000Z"))


def _texts() -> dict[str, str]:
    return {"error": incident_detail(STATION_ERROR), "error reason": incident_reason(STATION_ERROR),
            "refused": incident_detail(REFUSED), "noise": incident_detail(NOISE),
            "replayed refused": incident_detail(dataclasses.replace(REFUSED, refused=None)),
            "replayed noise": incident_detail(dataclasses.replace(NOISE, noise=None)),
            "player": hand_caption("player", 5), "banker": hand_caption("banker", None)}


def test_in_english_each_is_worded_from_its_fields(qapp, language):  # noqa: F811
    language("en")
    assert _texts() == {
        "error": "an error inside the station stopped the round: call the station's technician (for the "
                 f"technician: {ERROR_TEXT})",
        "error reason": "error inside the station",
        "refused": "event 17 for the betting platform does not match the journal: it and the events after it are "
                   f"not sent (for the technician: {PROBLEM})",
        "noise": "a card was read inside line noise: 600 bytes in 3 frames, from 04:00:01 to 04:00:02 UTC; the card "
                 "is held for the supervisor",
        "replayed refused": "an event for the betting platform does not match the journal: it and the events after "
                            "it are not sent",
        "replayed noise": "a card was read inside line noise",
        "player": "Player   (total 5)", "banker": "Banker",
    }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_in_each_language_no_english_but_the_technicians_text(lang, qapp, language):  # noqa: F811
    language(lang)
    texts = _texts()
    assert _found(set(texts.values()), lang) == [], texts
    assert ERROR_TEXT in texts["error"] and PROBLEM in texts["refused"]   # the diagnostics, as the station wrote
    assert "17" in texts["refused"] and "17" in REFUSED.evidence
    assert all(n in texts["noise"] for n in ("600", "3", "04:00:01", "04:00:02"))
    assert "KeyError" not in texts["error reason"] and "5" in texts["player"]
    # neither the journal's English detail nor an English sentence of these (the technician's text aside)
    assert REFUSED.detail not in texts["refused"] and NOISE.detail not in texts["noise"]
    for key in ("error", "refused", "noise"):
        told = texts[key].replace(ERROR_TEXT, "").replace(PROBLEM, "")
        for english in ("the station", "technician", "betting platform", "does not match", "line noise", "bytes of",
                        "frames", "held for", "events after"):
            assert english not in told, (key, english, told)
    english = QCoreApplication.translate("Prompts", "%1 bytes in %2 frames")
    assert english != "%1 bytes in %2 frames"   # the translation was loaded


def test_a_controller_pause_carries_the_fields_the_screens_word_and_the_journal_keeps_its_own(tmp_path):
    from drivers import frames
    from tests.support.table import Table

    t = Table(tmp_path)
    t.start_shoe()
    t.open_round()
    t.ctl.event_refused(3, PROBLEM)
    incident = t.ctl.snapshot().incident
    assert incident.type == "event_mismatch" and incident.refused == RefusedEvent(3, PROBLEM)
    assert "refused" not in incident.as_dict() and incident.as_dict()["detail"].startswith("event 3 for")
    assert incident_detail(incident).startswith("event 3 for the betting platform")

    noisy = Table(tmp_path / "noisy")
    noisy.start_shoe()
    noisy.open_round()
    for _ in range(3):
        noisy.ctl.shoe_event(frames.Garbage(b"\xff" * 200))
    incident = noisy.ctl.snapshot().incident
    assert incident.type == "line_noise" and incident.noise is not None
    assert (incident.noise.bytes, incident.noise.frames) == (400, 2)
    assert incident.noise.first.endswith("Z") and "noise" not in incident.as_dict()
    assert f"{incident.noise.bytes} bytes in {incident.noise.frames} frames" in incident_detail(incident)


def test_the_records_of_a_station_error_and_a_line_noise_say_no_code_and_plain_times():
    error = IncidentRecord(1, TS, "unexpected_error", "KeyError", None, "", ERROR_TEXT, "dealing")
    assert incident_words(error) == "an unexpected error stopped the round"
    assert plain(NOISE.detail) == ("a card read inside line noise is held for the supervisor; 600 bytes of line noise "
                                   "in 3 frames from 2026-11-30 04:00:01.250 UTC to 2026-11-30 04:00:02.000 UTC")
