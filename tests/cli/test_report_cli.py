"""``dealer-station report`` against a journal whose counts are known (report_journal.py)."""

from __future__ import annotations

import base64
import csv
import io
import re
import shutil
import sqlite3
from pathlib import Path

from dealer_station.app.reports import CSV_COLUMNS
from tests.support.report_journal import Table, build

ROOT = Path(__file__).resolve().parents[2]


def test_totals_are_the_known_counts(known, report_json):
    path, _info = known
    doc = report_json(path)
    assert doc["verified"] is True and doc["verified_to_seq"] > 100
    assert doc["verify_message"] == f"journal verified to seq {doc['verified_to_seq']}"
    t = doc["total"]
    assert (t["rounds"], t["completed"], t["voided"], t["in_progress"]) == (7, 6, 1, 0)
    assert (t["banker"], t["player"], t["tie"]) == (2, 3, 1)
    assert (t["banker_pct"], t["player_pct"], t["tie_pct"]) == (33.33, 50.0, 16.67)
    assert (t["player_pair"], t["banker_pair"]) == (0, 1)
    assert (t["player_natural"], t["banker_natural"], t["naturals"]) == (3, 2, 5)
    assert (t["cards"], t["misreads"], t["misreads_per_1000_cards"]) == (31, 4, 129.03)
    assert t["manual_cards"] == 1
    assert t["incidents_by_type"] == {"dealer_call": 2, "misread_limit": 1}
    assert t["voids_by_reason"] == {"misdeal": 1}
    assert t["voids"] == [{"round_id": "T1-S0001-R002", "reason": "misdeal", "note": "cards dropped", "by": "sam",
                           "at": "2026-11-30T04:00:21.000000Z"}]
    # first card -> confirm: 4, 5, 2, 6, 3, 8 s; nearest rank p50 = 4, p90 = 8
    assert t["round_seconds"] == {"count": 6, "clock_stepped_back": 0, "p50": 4.0, "p90": 8.0, "max": 8.0}
    # each round from the end of the shoe's previous one: 5+16+16+13+17 (shoe 1) + 4+19 (shoe 2) = 90 s
    assert t["rounds_per_hour"] == 280.0
    assert (t["first_round_at"], t["last_round_at"]) == ("2026-11-30T04:00:00.000000Z", "2026-11-30T05:00:23.000000Z")


def test_rounds_per_hour_is_the_recorded_time(known, report_json):
    """The same number from the times the builder wrote down, not from the report's own reading."""
    path, info = known
    ends, first_of_shoe = info["ends"], {0, 5}   # shoe 2 starts with the 6th round
    cycles = [(end - (opened if i in first_of_shoe else ends[i - 1][1])).total_seconds()
              for i, (opened, end) in enumerate(ends)]
    assert sum(cycles) == 90
    assert report_json(path)["total"]["rounds_per_hour"] == round(len(ends) * 3600 / sum(cycles), 2)


def test_by_shoe_blocks(known, report_json):
    path, _ = known
    blocks = {b["block"]: b for b in report_json(path)["blocks"]}
    assert list(blocks) == ["shoe 1", "shoe 2"]
    s1, s2 = blocks["shoe 1"], blocks["shoe 2"]
    assert (s1["rounds"], s1["banker"], s1["player"], s1["tie"], s1["voided"]) == (5, 1, 2, 1, 1)
    assert (s1["cards"], s1["misreads"], s1["misreads_per_1000_cards"]) == (20, 4, 200.0)
    assert s1["incidents_by_type"] == {"dealer_call": 2, "misread_limit": 1}
    assert s1["round_seconds"] == {"count": 4, "clock_stepped_back": 0, "p50": 4.0, "p90": 6.0, "max": 6.0}
    assert (s2["rounds"], s2["banker"], s2["player"], s2["cards"], s2["misreads_per_1000_cards"]) == (2, 1, 1, 11, 0.0)
    assert s2["incidents"] == 0


def test_by_dealer_one_block_per_dealer(known, report_json):
    path, _ = known
    doc = report_json(path, "--by", "dealer")
    blocks = {b["block"]: b for b in doc["blocks"]}
    assert list(blocks) == ["dana", "eve"]
    dana, eve = blocks["dana"], blocks["eve"]
    assert (dana["rounds"], dana["completed"], dana["voided"], dana["banker"], dana["player"]) == (5, 4, 1, 1, 3)
    assert (eve["rounds"], eve["banker"], eve["tie"], eve["banker_pair"]) == (2, 1, 1, 1)
    # the burns go to who dealt the shoe's first round; the call after round 5 to who dealt round 5
    assert (dana["cards"], dana["misreads"], dana["misreads_per_1000_cards"]) == (23, 4, 173.91)
    assert (eve["cards"], eve["incidents_by_type"]) == (8, {"dealer_call": 1})
    assert (dana["rounds_per_hour"], eve["rounds_per_hour"]) == (300.0, 240.0)
    assert sorted((g["shoe"], g["dealer"], g["rounds"]) for g in doc["groups"]) == [
        (1, "dana", 3), (1, "eve", 2), (2, "dana", 2)]


def test_shoe_filter(known, report_json):
    path, _ = known
    doc = report_json(path, "--shoe", "2")
    assert doc["filter"]["shoe"] == 2
    assert (doc["total"]["rounds"], doc["total"]["cards"]) == (2, 11)
    assert [b["block"] for b in doc["blocks"]] == ["shoe 2"]


def test_time_filters(known, report_json, cli, tmp_path):
    path, _ = known
    late = report_json(path, "--from", "2026-11-30T04:30:00Z")["total"]
    assert (late["rounds"], late["cards"], late["misreads"]) == (2, 11, 0)
    early = report_json(path, "--to", "2026-11-30T04:30:00Z")["total"]
    assert (early["rounds"], early["cards"], early["misreads"]) == (5, 20, 4)
    # rounds 2 and 3 of shoe 1 opened at 04:00:15 and 04:00:31; --to is exclusive
    mid = report_json(path, "--from", "2026-11-30 04:00:15", "--to", "2026-11-30T04:00:31Z")["total"]
    assert (mid["rounds"], mid["voided"], mid["misreads"]) == (1, 1, 4)
    # another zone is converted: 05:00:15+01:00 is 04:00:15Z
    assert report_json(path, "--from", "2026-11-30T05:00:15+01:00", "--to", "2026-11-30T04:00:31Z")["total"] == mid
    assert report_json(path, "--from", "2026-12-01")["total"]["rounds"] == 0
    status, out, _ = cli("report", "--journal", str(path), "--from", "2026-11-30T04:30Z", "--html",
                         str(tmp_path / "late.html"))
    assert status == 0
    assert "rounds opened from 2026-11-30 04:30:00.000 UTC to the end, by shoe" in out
    assert "all: 2 rounds" in out and "Shoe 2 roads" in (tmp_path / "late.html").read_text(encoding="utf-8")
    assert "Shoe 1 roads" not in (tmp_path / "late.html").read_text(encoding="utf-8")


def test_csv_one_row_per_group_with_documented_columns(known, cli, tmp_path):
    path, _ = known
    out = tmp_path / "report.csv"
    status, _stdout, err = cli("report", "--journal", str(path), "--csv", str(out))
    assert status == 0, err
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert tuple(rows[0]) == CSV_COLUMNS
    table = [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]
    assert [(r["table"], r["shoe"], r["dealer"]) for r in table] == [("T1", "1", "dana"), ("T1", "1", "eve"),
                                                                      ("T1", "2", "dana")]
    first = table[0]
    assert (first["rounds"], first["voided"], first["misreads"]) == ("3", "1", "4")
    assert first["voids_by_reason"] == '{"misdeal":1}'
    assert first["incidents_by_type"] == '{"dealer_call":1,"misread_limit":1}'
    assert {r["journal_verified_to_seq"] for r in table} == {str(_verified_to(path))}
    docs = (ROOT / "docs" / "reports.md").read_text(encoding="utf-8")
    for column in CSV_COLUMNS:
        assert f"`{column}`" in docs, f"docs/reports.md does not describe the CSV column {column}"


def test_csv_counts_by_kind_read_as_none_when_there_is_none(known, cli, tmp_path):
    """Shoe 2 had no incident and no void: its cells are an empty JSON object, which no CSV reader takes for a
    missing value (an empty cell is NaN to pandas), and every row's cells read back as JSON objects."""
    import json

    path, _ = known
    out = tmp_path / "report.csv"
    status, _stdout, err = cli("report", "--journal", str(path), "--csv", str(out))
    assert status == 0, err
    table = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    shoe2 = next(r for r in table if r["shoe"] == "2")
    assert (shoe2["incidents"], shoe2["incidents_by_type"], shoe2["voids_by_reason"]) == ("0", "{}", "{}")
    for row in table:
        for column in ("incidents_by_type", "voids_by_reason"):
            counts = json.loads(row[column])
            assert isinstance(counts, dict) and all(isinstance(n, int) for n in counts.values())
        assert sum(json.loads(row["incidents_by_type"]).values()) == int(row["incidents"])


def _verified_to(path: Path) -> int:
    from dealer_station.journal import Journal

    with Journal(path, readonly=True) as journal:
        return journal.verify().rows


def _pngs(html: str) -> list[bytes]:
    return [base64.b64decode(m) for m in re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', html)]


def test_html_is_self_contained_with_each_shoes_roads(known, cli, tmp_path):
    from PySide6.QtGui import QImage

    path, _ = known
    out = tmp_path / "report.html"
    status, stdout, err = cli("report", "--journal", str(path), "--html", str(out))
    assert status == 0, err
    assert stdout.startswith("journal verified to seq ")
    html = out.read_text(encoding="utf-8")
    assert "journal verified to seq" in html
    assert "Shoe 1 roads" in html and "Shoe 2 roads" in html
    pngs = _pngs(html)
    assert len(pngs) == 2
    for png in pngs:
        image = QImage.fromData(png, "PNG")
        assert not image.isNull() and (image.width(), image.height()) == (1200, 560)
    incidents = html[html.index("<h2>Incidents</h2>"):html.index("Shoe 1 roads")]
    assert incidents.count("<tr>") == 1 + 3
    assert "<td class=l>T1-S0001-R002</td>" in incidents and "<td class=l>shoe 1, outside a round</td>" in incidents
    assert "supervisor sam voided the round (reason misdeal" in incidents
    assert "supervisor sam ended the shoe (reason shoe change" in incidents
    assert "http://" not in html and "https://" not in html and "<link" not in html and "<script" not in html
    status, _, err = cli("report", "--journal", str(path), "--shoe", "1", "--html", str(out))
    assert status == 0, err
    assert len(_pngs(out.read_text(encoding="utf-8"))) == 1


def test_text_names_every_block(known, cli):
    path, _ = known
    status, out, err = cli("report", "--journal", str(path), "--by", "dealer")
    assert status == 0, err
    assert out.splitlines()[0].startswith("journal verified to seq ")
    assert "dealer dana: 5 rounds (4 completed, 1 voided)" in out
    assert "dealer eve: 2 rounds (2 completed, 0 voided)" in out
    assert "misreads 4 (129.03 per 1,000 cards)" in out


def _tamper(src: Path, dst: Path) -> int:
    """As an adversary with the file would: drop the trigger and change a round's winner."""
    shutil.copy(src, dst)
    conn = sqlite3.connect(dst)
    conn.execute("DROP TRIGGER journal_no_update")
    seq, body = conn.execute("SELECT seq, body FROM journal WHERE body LIKE '%\"winner\":\"tie\"%' "
                             "AND kind = 'decision'").fetchone()
    changed = body.replace('"winner":"tie"', '"winner":"banker"')
    conn.execute("UPDATE journal SET body = ? WHERE seq = ?", (changed, seq))
    conn.commit()
    conn.close()
    return seq


def test_a_journal_that_does_not_verify_is_refused_or_flagged(known, cli, tmp_path):
    path, _ = known
    bad = tmp_path / "bad.sqlite"
    seq = _tamper(path, bad)
    status, out, err = cli("report", "--journal", str(bad), "--json")
    assert status == 1 and out == ""
    assert f"row {seq}" in err and "does not verify" in err and "--unverified" in err
    assert len(err.strip().splitlines()) == 1
    status, out, err = cli("report", "--journal", str(bad), "--unverified", "--html", str(tmp_path / "r.html"))
    assert status == 1
    assert out.splitlines()[0].startswith("JOURNAL NOT VERIFIED: the journal does not verify")
    assert f"rows 1 to {seq - 1} read" in out
    assert "JOURNAL NOT VERIFIED" in (tmp_path / "r.html").read_text(encoding="utf-8")
    import json

    status, out, _ = cli("report", "--journal", str(bad), "--unverified", "--json")
    doc = json.loads(out)
    assert doc["verified"] is False and doc["verified_to_seq"] is None
    assert doc["total"]["tie"] == 0 and doc["total"]["banker"] == 1   # the changed row is not read


def test_bad_command_lines_are_one_line_exit_2(known, cli, tmp_path):
    path, _ = known
    for args, words in ((("--shoe", "1", "--from", "2026-11-30"), "not both"),
                        (("--from", "yesterday"), "--from: 'yesterday' is not a time"),
                        (("--from", "2026-11-30T05:00Z", "--to", "2026-11-30T04:00Z"), "is not before"),
                        (("--csv", str(tmp_path)), "is a directory")):
        status, out, err = cli("report", "--journal", str(path), *args)
        assert status == 2 and out == "", args
        assert words in err and len(err.strip().splitlines()) == 1, err
    status, _, err = cli("report", "--journal", str(tmp_path / "none.sqlite"))
    assert status == 2 and "no journal at" in err
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"\x00\xffnot a database" * 100)
    for command in ("report", "recall"):
        status, out, err = cli(command, "--journal", str(garbage))
        assert status == 2 and out == "" and "is not a readable journal" in err and len(err.strip().splitlines()) == 1
        status, _, err = cli(command, "--journal", str(tmp_path))
        assert status == 2 and "is a directory" in err


def test_a_journal_from_before_dealers_were_recorded_reads_unknown(tmp_path, report_json):
    path, _ = build(tmp_path, dealers=False)
    doc = report_json(path, "--by", "dealer")
    assert [b["block"] for b in doc["blocks"]] == ["unknown"]
    assert doc["blocks"][0]["rounds"] == 7


def test_a_simulated_shoe_counts_as_its_own_round_lines(cli, tmp_path):
    """Whole simulated shoes with misreads: the report's results are the simulator's round lines, and its
    misreads the No-Read frames of the journal's inputs, each counted apart."""
    import json

    from dealer_station.journal import Journal

    path = tmp_path / "sim.sqlite"
    status, out, err = cli("simulate", "--shoes", "1", "--seed", "11", "--misread-rate", "0.05", "--json",
                           "--journal", str(path))
    assert status == 0, err
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    rounds = [line for line in lines if "winner" in line]
    with Journal(path, readonly=True) as journal:
        no_reads = sum(1 for row in journal.rows(kinds=("input",)) if row.body.get("frame") == "no_read")
        cards = sum(1 for row in journal.rows(kinds=("input",)) if row.body.get("frame") == "card")
    status, out, err = cli("report", "--journal", str(path), "--json")
    assert status == 0, err
    total = json.loads(out)["total"]
    assert total["rounds"] == len(rounds) > 40
    for winner in ("banker", "player", "tie"):
        assert total[winner] == sum(r["winner"] == winner for r in rounds)
    assert no_reads > 0 and total["misreads"] == no_reads
    assert total["cards"] == cards
    assert total["round_seconds"]["count"] == len(rounds)


def test_a_clock_stepped_back_mid_round_is_left_out_of_round_times(tmp_path, report_json):
    """NTP steps the wall clock back 30 s between a round's first card and its confirmation: that round's
    time would be -28 s; it is counted apart, and the other round's time stands."""
    t = Table(tmp_path, journal_path=str(tmp_path / "stepped.sqlite"))
    t.start_shoe()
    t.open_round()
    t.clock.advance(1)
    t.card("KS", "5D")
    t.clock.step(-30)
    t.card("9H", "2C")
    t.clock.advance(2)
    t.ctl.dealer("confirm_result")
    t.clock.advance(10)
    t.open_round()
    t.clock.advance(1)
    t.card("6S", "2D", "3H", "5C")
    t.clock.advance(3)
    t.ctl.dealer("confirm_result")
    t.journal.close()
    total = report_json(tmp_path / "stepped.sqlite")["total"]
    assert total["round_seconds"] == {"count": 1, "clock_stepped_back": 1, "p50": 3.0, "p90": 3.0, "max": 3.0}


def test_the_html_draws_every_column_of_every_road_of_a_whole_shoe(cli, tmp_path):
    """A whole simulated shoe fills more columns of every road than one board shows: the HTML's picture holds
    them all (boards stacked), every cell where the board puts it, and says how many columns each road has."""
    from PySide6.QtGui import QImage

    from dealer_station.app.reports import road_columns_words, road_marks
    from dealer_station.domain.roads import compute_roads
    from tests.support.roads_pixels import undrawn_cells

    path = tmp_path / "shoe.sqlite"
    status, _, err = cli("simulate", "--shoes", "1", "--seed", "7", "--journal", str(path))
    assert status == 0, err
    out = tmp_path / "report.html"
    status, _, err = cli("report", "--journal", str(path), "--html", str(out))
    assert status == 0, err
    html = out.read_text(encoding="utf-8")
    (png,) = _pngs(html)
    from dealer_station.app.record_fold import fold_journal
    from dealer_station.journal import Journal

    with Journal(path, readonly=True) as journal:
        marks = road_marks(fold_journal(journal).rounds)
    roads = compute_roads(marks)
    assert len(marks) > 40 and roads.columns()["big_road"] > 17   # more than one 1200-pixel board's 17
    assert undrawn_cells(QImage.fromData(png, "PNG"), roads, (1200, 560)) == []
    assert f"Every column of every road is drawn: {road_columns_words(marks)}." in html


def test_a_dealers_call_is_counted_as_a_call_not_a_procedure_violation(tmp_path, report_json, cli):
    """The journal records a dealer's call for the supervisor as a procedure_violation of reason dealer_call:
    the report counts it as what it was, apart from a real violation (a second cut card)."""
    t = Table(tmp_path, journal_path=str(tmp_path / "calls.sqlite"))
    t.start_shoe()
    t.round("KS", "5D", "9H", "2C")
    t.cut()
    t.cut()                                             # a second cut card: a procedure violation
    t.sup("resume", reason="procedure", note="the second cut card taken out")
    t.ctl.dealer("call_supervisor", note="a player disputes the last round")
    t.sup("resume", reason="other", note="explained")
    t.journal.close()
    total = report_json(tmp_path / "calls.sqlite")["total"]
    assert total["incidents_by_type"] == {"dealer_call": 1, "procedure_violation": 1}
    status, out, err = cli("report", "--journal", str(tmp_path / "calls.sqlite"))
    assert status == 0, err
    assert "incidents 2 (the dealer called the supervisor: 1; a procedure violation: 1)" in out
