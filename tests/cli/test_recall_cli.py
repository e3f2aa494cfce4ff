"""``dealer-station recall``: one round's whole record for a dispute, on the known journal (report_journal.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from dealer_station.app.record_fold import fold_journal
from dealer_station.app.record_words import result_words
from dealer_station.app.records import RoundHistory
from dealer_station.journal import Journal
from tests.support.report_journal import Table

ROOT = Path(__file__).resolve().parents[2]


def _fold(path):
    with Journal(path, readonly=True) as journal:
        return fold_journal(journal)


def test_recall_prints_every_scan_incident_and_act_of_a_void(known, cli):
    path, _ = known
    status, out, err = cli("recall", "T1-S0001-R002", "--journal", str(path))
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("journal verified to seq ")
    assert lines[1] == "Round T1-S0001-R002 (table T1, shoe 1, round 2): VOIDED"
    assert "Dealer: dana" in lines
    assert "Result: ROUND VOIDED: reason misdeal, note “cards dropped”, by supervisor sam" in lines
    # the script: a No-Read at player1, 3S 4D, three No-Reads at player2 (the third pauses the round)
    scans = [line for line in lines if "(raw " in line]
    assert len(scans) == 6
    assert sum("No-Read at Player card 1: misread: rescan asked (raw 15" in s for s in scans) == 1
    assert sum("No-Read at Player card 2: misread: rescan asked" in s for s in scans) == 2
    assert sum("No-Read at Player card 2: misread: round paused" in s for s in scans) == 1
    assert any("3♠ at Player card 1: dealt (raw 3353" in s for s in scans)
    assert any("4♦ at Banker card 1: dealt (raw 3444" in s for s in scans)
    assert "Misreads: 4 (Player card 1: 1, Player card 2: 3)" in lines
    assert any("the shoe could not read the card (No-Read) at Player card 2; 3 misreads in a row" in line
               and "evidence 15" in line for line in lines)
    assert any("resolved 2026-11-30 04:00:21.000 UTC: supervisor sam voided the round (reason misdeal; "
               "note “cards dropped”)" in line for line in lines)
    assert any("supervisor sam voided the round (reason misdeal; note “cards dropped”)" in line for line in lines)
    assert any("the dealer dana opened betting" in line for line in lines)   # the round's dealer
    refused = [line for line in lines if "tried to" in line]
    assert len(refused) == 1, refused
    assert "supervisor sam tried to void the round — refused: wrong PIN for 'sam'" in refused[0]
    rnd = _fold(path).round("T1-S0001-R002")
    for item in (*rnd.scans, *rnd.incidents, *rnd.acts):
        assert f"(row {item.seq})" in out or f"row {item.seq})" in out, item


def test_recall_of_a_card_entered_by_hand(known, cli):
    path, _ = known
    status, out, err = cli("recall", "t1-s0001-r003", "--journal", str(path))   # any case
    assert status == 0, err
    assert "Result: PLAYER WINS 9 – 7" in out
    assert "  Player: 6♠ 3♥   total 9" in out and "  Banker: 2♦ 5♣   total 7" in out
    assert "Banker card 2: 5♣, entered by hand by supervisor sam at 2026-11-30 04:00:35.000 UTC" in out
    assert "Cards entered by hand: 1" in out
    assert "the dealer called the supervisor while Banker card 2 was due; card face up on the felt" in out
    assert "supervisor sam entered 5♣ by hand (reason face up; note “entered the face-up card”)" in out
    assert "confirmed 2026-11-30 04:00:37.000 UTC (5.0 s after the first card)" in out


def test_faces_and_the_banner_order(known, cli):
    path, _ = known
    status, out, _ = cli("recall", "T1-S0002-R001", "--journal", str(path))
    assert status == 0
    assert "Result: BANKER WINS 8 – 0" in out           # the winner's total first, as the banner
    assert "  Player: K♦ 10♦   total 0" in out
    assert "TD" not in out and "TS" not in out
    assert "Flags: banker natural" in out


@pytest.mark.parametrize("winner,p,b", [("banker", 5, 8), ("player", 9, 7), ("tie", 6, 6), (None, None, None)])
def test_result_words_are_the_consoles_result_banner(winner, p, b):
    from dealer_station.app.controller import RoundRecord
    from dealer_station.console.prompts import _result_line
    from dealer_station.domain.facts import RoundStatus
    from dealer_station.domain.outcome import Winner
    from dealer_station.domain.round_result import RoundResult

    record = RoundRecord(1, 1, "voided" if winner is None else "completed", (), (), p, b, winner, (), False)
    result = RoundResult(RoundStatus(record.status), 1, None if winner is None else Winner(winner), p, b)
    view = SimpleNamespace(result=result, player_total=p, banker_total=b)
    assert result_words(record) == _result_line(view)


def test_recall_json_round_trips(known, cli):
    path, _ = known
    status, out, _ = cli("recall", "T1-S0001-R003", "--journal", str(path), "--json")
    assert status == 0
    doc = json.loads(out)
    assert doc["verified_to_seq"] > 0
    record = RoundHistory.from_json(doc["round"])
    assert record == _fold(path).round("T1-S0001-R003")
    assert record.to_json() == doc["round"]
    assert doc["round"]["dealer_name"] == "dana" and doc["round"]["misreads"] == 0
    assert [c["card"] for c in doc["round"]["cards"]] == ["6S", "2D", "3H", "5C"]
    assert [c["manual"] for c in doc["round"]["cards"]] == [False, False, False, True]


def test_unknown_round_is_one_line_exit_2(known, cli):
    path, _ = known
    status, out, err = cli("recall", "T1-S0009-R001", "--journal", str(path))
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "no round T1-S0009-R001" in err and f"dealer-station recall --journal {path}" in err
    status, _, err = cli("recall", "--shoe", "9", "--journal", str(path))
    assert status == 2 and "no round of shoe 9" in err and "shoes with rounds: 1, 2" in err
    status, _, err = cli("recall", "--png", "x.png", "--journal", str(path))
    assert status == 2 and "--png draws one round" in err


def test_recall_lists_a_shoes_rounds(known, cli):
    path, _ = known
    status, out, _ = cli("recall", "--shoe", "1", "--journal", str(path))
    assert status == 0
    lines = out.splitlines()[1:6]
    assert [line.split()[0] for line in lines] == [f"T1-S0001-R00{i}" for i in range(1, 6)]
    assert "void: misdeal" in lines[1] and "dealer eve" in lines[3] and "TIE 7 – 7" in lines[4]
    # what happened outside the rounds: the dealer's call after round 5 and the supervisor ending the shoe
    assert out.splitlines()[6:] == [
        "shoe 1, outside a round  2026-11-30 04:01:17.000 UTC  the dealer called the supervisor; resolved: supervisor "
        f"sam ended the shoe (reason shoe change; note “shoe taken out”) (row {_fold(path).shoe(1).incidents[0].seq})",
        "shoe 1, outside a round  2026-11-30 04:01:17.000 UTC  supervisor sam ended the shoe (reason shoe change; "
        f"note “shoe taken out”) (row {[a for a in _fold(path).shoe(1).acts if a.by == 'supervisor'][-1].seq})"]
    status, out, _ = cli("recall", "--journal", str(path))
    assert len(out.splitlines()) == 1 + 7 + 2


def test_recall_png_draws_the_round(known, cli, tmp_path):
    from PySide6.QtGui import QColor, QImage

    from dealer_station.console.recall_picture import WIDTH, card_rects, result_bar_rect
    from dealer_station.console.roads_view import COLOURS

    path, _ = known
    colours = {}
    for rid in ("T1-S0001-R004", "T1-S0001-R001", "T1-S0001-R002", "T1-S0001-R005"):
        png = tmp_path / f"{rid}.png"
        status, out, err = cli("recall", rid, "--journal", str(path), "--png", str(png))
        assert status == 0, err
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        image = QImage(str(png))
        assert image.width() == WIDTH and image.height() > 600
        bar = result_bar_rect()
        colours[rid] = image.pixelColor(int(bar.left()) + 12, int(bar.center().y())).name()
        if rid == "T1-S0001-R004":
            banker1 = card_rects()["banker1"]
            assert image.pixelColor(int(banker1.left()) + 12, int(banker1.top()) + 12) == QColor("#ffffff")
            assert image.pixelColor(int(banker1.left()), int(banker1.center().y())).lightness() < 80  # border
            third = card_rects()["banker3"]   # no third card: an empty slot, white inside
            assert image.pixelColor(int(third.center().x()), int(third.center().y())) == QColor("#ffffff")
            # the red 4♦ has red ink in its face, the black 4♠ none
            assert _has(image, card_rects()["banker2"], lambda c: c.red() > 150 and c.green() < 60)
            assert not _has(image, card_rects()["banker1"], lambda c: c.red() > 150 and c.green() < 60)
    assert colours == {"T1-S0001-R004": COLOURS["banker"], "T1-S0001-R001": COLOURS["player"],
                       "T1-S0001-R002": "#777777", "T1-S0001-R005": COLOURS["tie"]}


def _has(image, rect, test) -> bool:
    return any(test(image.pixelColor(x, y)) for x in range(int(rect.left()) + 5, int(rect.right()) - 5, 2)
               for y in range(int(rect.top()) + 5, int(rect.bottom()) - 5, 2))


def test_recall_and_report_read_a_running_stations_journal(tmp_path):
    """A second process reads the journal while the station holds it open and is mid-round."""
    t = Table(tmp_path, journal_path=str(tmp_path / "live.sqlite"))
    t.start_shoe()
    t.round("KS", "5D", "9H", "2C")
    t.open_round()
    t.card("3S", "4D")
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}

    def run(*args):
        return subprocess.run([sys.executable, "-m", "dealer_station", *args, "--journal",
                               str(tmp_path / "live.sqlite")], capture_output=True, text=True, timeout=120, env=env,
                              cwd=ROOT)

    listed = run("recall")
    assert listed.returncode == 0, listed.stderr
    assert "T1-S0001-R002  in progress" in listed.stdout
    report = run("report", "--json")
    assert report.returncode == 0, report.stderr
    total = json.loads(report.stdout)["total"]
    assert (total["rounds"], total["in_progress"], total["cards"]) == (1, 1, 9)
    t.card("6H", "2C")
    t.ctl.dealer("confirm_result")
    listed = run("recall", "T1-S0001-R002")
    assert listed.returncode == 0, listed.stderr
    assert "Result: PLAYER WINS 9 – 6" in listed.stdout
    assert "  Player: 3♠ 6♥   total 9" in listed.stdout and "  Banker: 4♦ 2♣   total 6" in listed.stdout
    t.journal.close()


def test_the_round_list_marks_incidents_and_cards_entered_by_hand(known, cli):
    path, _ = known
    status, out, err = cli("recall", "--shoe", "1", "--journal", str(path))
    assert status == 0, err
    lines = {line.split()[0]: line for line in out.splitlines()[1:] if line.startswith("T1-")}
    assert lines["T1-S0001-R002"].endswith(
        "; void: misdeal; incident: the shoe could not read the card (No-Read) at Player card 2")
    assert lines["T1-S0001-R003"].endswith(
        "; incident: the dealer called the supervisor while Banker card 2 was due; "
        "1 card entered by hand (Banker card 2)")
    for plain_round in ("T1-S0001-R001", "T1-S0001-R004", "T1-S0001-R005"):
        assert "incident" not in lines[plain_round] and "by hand" not in lines[plain_round]
