"""The records in plain words: ``recall``, ``report`` (text and HTML) and the recall picture say no journal code.

The journal and the JSON keep the codes (``scanner_misread``, ``player1``, ``procedure_violation``); what a
person reads has them in words. A journal with a bit of everything is dealt (a sign-in, a refused act, a
misread limit, a card while betting, a second cut card, a card entered by hand, a move, a void, a wrong
PIN, the console closed) and every text output is searched for a fixed list of the codes, and for any
``snake_case`` word at all.
"""

from __future__ import annotations

import html as html_module
import json
import re

import pytest

from dealer_station.app.accounts import AuthError
from dealer_station.app.controller import ActRefused
from dealer_station.app.records import ScanOutcome
from dealer_station.console.act_panel import REASON_CODES
from dealer_station.domain.acts import DealerAct, InputKind, StaffAct, SupervisorAct
from dealer_station.domain.incidents import IncidentType, MisreadReason, PauseReason
from dealer_station.domain.states import TableState
from tests.support.table import DEALER, DEALER_PIN, Table

POSITIONS = [f"{hand}{i}" for hand in ("player", "banker") for i in (1, 2, 3)] + ["burn_indicator"]
CODES = sorted({c for c in (*IncidentType, *PauseReason, *MisreadReason, *TableState, *DealerAct, *StaffAct,
                            *SupervisorAct, *ScanOutcome, *REASON_CODES, *POSITIONS) if "_" in c or c[-1].isdigit()}
               | {"stop acted", " acted", "_utc", "p50", "p90", "in_progress", "event_refused"})
"""Names of the journal's that must not be read in the text: every code with an underscore or a digit."""
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
RAW_SECONDS = re.compile(r"\d\.\d{3,} s\b")


def _deal(tmp_path) -> str:
    path = tmp_path / "words.sqlite"
    t = Table(tmp_path, journal_path=str(path))
    t.start_shoe()
    t.ctl.sign_in(DEALER, DEALER_PIN)
    t.round("KS", "5D", "9H", "2C")                                      # R1
    t.ctl.dealer("open_betting")                                         # R2: a refusal, a misread limit
    with pytest.raises(ActRefused):
        t.ctl.dealer("confirm_result")                                   # "not allowed in state betting_open"
    t.ctl.dealer("close_betting")
    t.no_read(3)                                                         # 3 misreads in a row at player1
    t.sup("resume", reason="scanner_misread", note="lens wiped")
    t.card("3S", "4D", "6H")
    t.ctl.dealer("call_supervisor", note="card face up")
    t.sup("enter_card", token="2C", reason="card_exposed", note="entered the face-up card")
    t.ctl.dealer("confirm_result")
    t.ctl.dealer("open_betting")                                         # R3: a card while betting, a void
    t.card("AS")
    with pytest.raises(AuthError):
        t.ctl.supervisor("void_round", user="sam", pin="0000", reason="dealer_error", note="wrong PIN")
    t.sup("void_round", reason="dealer_error", note="card dealt early")
    t.round("7H", "7D", "KH", "QC")                                      # R4
    t.cut()
    t.cut()                                                              # a second cut card
    t.sup("resume", reason="wrong_position", note="taken out")
    t.ctl.dealer("open_betting")                                         # R5: still open when the console closes
    t.ctl.dealer("close_betting")
    t.card("8H")
    t.ctl.stop("console closed")
    t.journal.close()
    return str(path)


@pytest.fixture(scope="module")
def dealt(tmp_path_factory):
    return _deal(tmp_path_factory.mktemp("words"))


def _codes_in(text: str, journal: str) -> list[str]:
    text = text.replace(journal, "JOURNAL")
    found = [code for code in CODES if code in text]
    found += [f"snake_case {m}" for m in SNAKE.findall(text)]
    found += [f"raw seconds {m}" for m in RAW_SECONDS.findall(text)]
    return found


def test_recall_and_report_text_say_no_journal_code(dealt, cli):
    outputs = []
    status, out, err = cli("recall", "--journal", dealt)
    assert status == 0, err
    rounds = [line.split()[0] for line in out.splitlines()[1:] if line.startswith("T1-")]
    assert len(rounds) == 5
    outputs.append(out)
    for rid in rounds:
        status, out, err = cli("recall", rid, "--journal", dealt)
        assert status == 0, err
        outputs.append(out)
    for args in ((), ("--by", "dealer")):
        status, out, err = cli("report", "--journal", dealt, *args)
        assert status == 0, err
        outputs.append(out)
    text = "\n".join(outputs)
    assert _codes_in(text, dealt) == []
    # what the codes were, in words
    for words in ("the console was closed", "reason scanner misread", "at Player card 1",
                  "3 misreads in a row at Player card 1", "not allowed while betting is open",
                  "a second cut card came out", "the dealer called the supervisor",
                  "reason dealer error", "in progress",
                  "a round takes (first card to confirm) median "):
        assert words in text, words


def test_the_json_keeps_the_codes(dealt, cli):
    status, out, _ = cli("recall", "T1-S0001-R002", "--journal", dealt, "--json")
    assert status == 0
    doc = json.loads(out)["round"]
    assert {i["type"] for i in doc["incidents"]} == {"misread_limit", "procedure_violation"}
    assert "scanner_misread" in {a["reason"] for a in doc["acts"]}
    assert doc["misreads_at"] == {"player1": 3}
    status, out, _ = cli("recall", "T1-S0001-R005", "--journal", dealt, "--json")
    stop = [a for a in json.loads(out)["round"]["acts"] if a["by"] == InputKind.STOP]
    assert [(a["act"], a["why"]) for a in stop] == [("", "console closed")]
    status, out, _ = cli("report", "--journal", dealt, "--json")
    assert json.loads(out)["total"]["incidents_by_type"] == {"card_while_betting": 1, "dealer_call": 1,
                                                              "misread_limit": 1, "procedure_violation": 1}


def test_the_html_report_and_the_recall_picture_say_no_journal_code(dealt, cli, tmp_path):
    from dealer_station.app.record_fold import fold_journal
    from dealer_station.console.recall_picture import _lines
    from dealer_station.journal import Journal

    out = tmp_path / "report.html"
    status, _, err = cli("report", "--journal", dealt, "--html", str(out))
    assert status == 0, err
    page = re.sub(r'src="data:image/png;base64,[^"]*"', "", out.read_text(encoding="utf-8"))
    text = html_module.unescape(re.sub(r"<[^>]+>", "\n", re.sub(r"<style>.*?</style>", "", page, flags=re.S)))
    assert _codes_in(text, dealt) == []
    with Journal(dealt, readonly=True) as journal:
        history = fold_journal(journal)
    drawn = "\n".join(line for rnd in history.rounds for _, line in _lines(rnd))
    assert _codes_in(drawn, dealt) == []
    assert "the console was closed" in drawn and "reason scanner misread" in drawn


def test_a_sign_in_and_a_stop_read_as_who_and_what():
    from dealer_station.app.record_words import act_words
    from dealer_station.app.records import ActRecord

    sign_in = ActRecord(7, "2026-11-30T04:00:00Z", "dealer", "sign_in", args={"user": "dana", "how": "badge"})
    assert act_words(sign_in, "eve") == "dana signed in as the dealer with a badge"
    for why, words in (("console closed", "the console was closed"), ("SIGTERM", "the station was told to stop "
                       "(SIGTERM)"), (None, "the station stopped"), ("odd_reason", "the station stopped (odd_reason)")):
        assert act_words(ActRecord(9, "2026-11-30T04:00:00Z", "stop", "", why=why)) == words
