"""``dealer-station report --ledger`` in each of its outputs (text, CSV, HTML, a period), against the station's own
``report`` of the same journal, and a ledger that is not complete refused or, with ``--unverified``, flagged
(docs/events.md "The ledger in reports"). The ledger is a SQLite one, written from the journal's outbox as
``events follow`` writes it (the tracker's checks, then the ledger). Its second shoe is not ended: a shoe still being
dealt counts its burn from the events (``card_burned``) as the station does."""

from __future__ import annotations

import csv
import io
import json
import shutil
import sqlite3

import pytest

from dealer_station import outbox
from dealer_station.journal import Journal
from dealer_station.platform.ledger import Ledger
from dealer_station.platform.tracker import Tracker
from tests.support.report_journal import build


@pytest.fixture(scope="module")
def ledger(tmp_path_factory):
    """The known journal's events in a ledger of their own: ``(journal, ledger)``. Its rounds name no dealer:
    the known journal stamps one into the journal's rows after the events were made (as a station before
    dealers were recorded, it has none to tell)."""
    journal_path, _ = build(tmp_path_factory.mktemp("known"), dealers=False)
    path = tmp_path_factory.mktemp("ledger") / "ledger.db"
    journal = Journal(journal_path, readonly=True)
    try:
        events = list(outbox.read_events(journal.conn))
    finally:
        journal.close()
    store = Ledger(path)
    tracker = Tracker(store.state())
    for e in events:
        store.write(tracker.offer("T1", json.loads(e.payload), e.payload))
    store.close()
    return journal_path, path


def without_first_line(text: str) -> list[str]:
    """A text report past its first line (which says what was read and verified)."""
    return text.splitlines()[1:]


def test_the_text_report_is_the_stations_past_its_first_line(cli, ledger):
    journal, path = ledger
    status, own, err = cli("report", "--journal", str(journal))
    assert status == 0, err
    status, central, err = cli("report", "--ledger", str(path))
    assert status == 0, err
    assert central.splitlines()[0].startswith("ledger ") and "no gap, every anchor checked" in central
    assert without_first_line(central) == without_first_line(own)
    assert "misreads 4" in central


def rows(path) -> list[dict]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))


def test_the_csv_has_the_stations_rows(cli, ledger, tmp_path):
    journal, path = ledger
    assert cli("report", "--journal", str(journal), "--csv", str(tmp_path / "own.csv"))[0] == 0
    assert cli("report", "--ledger", str(path), "--csv", str(tmp_path / "central.csv"))[0] == 0
    own, central = rows(tmp_path / "own.csv"), rows(tmp_path / "central.csv")
    assert len(own) == len(central) == 2
    for mine, theirs in zip(own, central, strict=True):
        # the only column that differs: the journal's last row verified, the ledger's last anchor (its seq)
        assert {k: v for k, v in mine.items() if k != "journal_verified_to_seq"} == \
            {k: v for k, v in theirs.items() if k != "journal_verified_to_seq"}
        assert theirs["journal_verified_to_seq"] and int(theirs["journal_verified_to_seq"]) <= \
            int(mine["journal_verified_to_seq"])


def test_the_html_draws_each_shoes_roads_and_says_it_read_a_ledger(cli, ledger, tmp_path):
    journal, path = ledger
    assert cli("report", "--ledger", str(path), "--html", str(tmp_path / "r.html"))[0] == 0
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "no gap, every anchor checked" in page and "; ledger " in page
    assert page.count("data:image/png;base64,") == 2 and "Shoe 1 roads" in page and "Shoe 2 roads" in page


def test_a_period_counts_the_rounds_the_station_counts(cli, ledger):
    journal, path = ledger
    period = ("--from", "2026-11-30T04:00:10Z", "--to", "2026-11-30T05:00:00Z")
    status, own, err = cli("report", "--journal", str(journal), "--json", *period)
    assert status == 0, err
    status, central, err = cli("report", "--ledger", str(path), "--json", *period)
    assert status == 0, err
    own, central = json.loads(own), json.loads(central)
    assert 0 < central["total"]["rounds"] < 7
    assert central["total"] == own["total"] and central["blocks"] == own["blocks"]


def test_a_ledger_with_a_gap_is_refused_and_with_unverified_flagged(cli, ledger, tmp_path):
    _, path = ledger
    holed = tmp_path / "holed.db"
    shutil.copy(path, holed)
    with sqlite3.connect(holed) as conn:
        conn.execute("DELETE FROM events WHERE table_id = 'T1' AND event_id = 5")
    status, out, err = cli("report", "--ledger", str(holed))
    assert status == 1 and out == ""
    assert "is not complete (T1: gaps 5)" in err and "--unverified" in err and len(err.strip().splitlines()) == 1
    status, out, err = cli("report", "--ledger", str(holed), "--unverified", "--json")
    assert status == 1
    doc = json.loads(out)
    assert doc["verified"] is False and "not complete (T1: gaps 5)" in doc["verify_message"]
    status, out, _ = cli("report", "--ledger", str(holed), "--unverified")
    assert status == 1 and out.startswith("LEDGER NOT COMPLETE: ")
