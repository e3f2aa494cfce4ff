"""The journal: hash chain, append-only, tamper detection, verify/export commands, the outbox in the
same transaction (docs/design.md "Durability and recovery")."""

from __future__ import annotations

import json
import sqlite3

import pytest

from dealer_station import outbox
from dealer_station.journal import EventSpec, Journal, JournalError
from tests.conftest import run_cli
from tests.support.table import Table, shoe_cards


def filled(tmp_path, rounds: int = 3) -> str:
    path = str(tmp_path / "j.sqlite")
    t = Table(tmp_path, journal_path=path)
    t.start_shoe()
    cards = shoe_cards(1)
    for _ in range(rounds):
        t.deal_from(cards)
    t.journal.close()
    return path


def test_wal_and_full_sync(tmp_path):
    j = Journal(tmp_path / "j.sqlite")
    assert j.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert j.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_chain_and_verify(tmp_path):
    path = filled(tmp_path)
    j = Journal(path, readonly=True)
    rows = list(j.rows())
    assert rows[0].prev_hash == "0" * 64
    assert all(b.prev_hash == a.hash for a, b in zip(rows, rows[1:], strict=False))
    report = j.verify()
    assert report.ok and report.rows == len(rows)


def test_every_input_is_followed_by_its_decision(tmp_path):
    path = filled(tmp_path)
    rows = [r for r in Journal(path, readonly=True).rows() if r.kind != "note"]
    for a, b in zip(rows[::2], rows[1::2], strict=True):
        assert a.kind == "input" and b.kind == "decision" and b.body["input"] == a.seq


def test_append_only(tmp_path):
    path = filled(tmp_path)
    conn = sqlite3.connect(path)
    with pytest.raises(sqlite3.DatabaseError):
        conn.execute("UPDATE journal SET body = '{}' WHERE seq = 3")
    with pytest.raises(sqlite3.DatabaseError):
        conn.execute("DELETE FROM journal WHERE seq = 3")


def tamper(path: str, sql: str) -> None:
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER journal_no_update")
    conn.execute("DROP TRIGGER journal_no_delete")
    conn.execute(sql)
    conn.commit()
    conn.close()


@pytest.mark.parametrize("sql, bad", [
    ("BODY", 9),
    ("UPDATE journal SET ts = '2020-01-01T00:00:00.000000Z' WHERE seq = 12", 12),
    ("DELETE FROM journal WHERE seq = 7", 8),
    ("UPDATE journal SET prev_hash = hash WHERE seq = 5", 5),
])
def test_tamper_detected_and_named(tmp_path, sql, bad):
    path = filled(tmp_path)
    assert run_cli("journal", "verify", path).returncode == 0
    if sql == "BODY":  # a changed body that is still valid JSON
        row = [r for r in Journal(path, readonly=True).rows() if r.seq == 9][0]
        sql = f"UPDATE journal SET body = '{json.dumps({**row.body, 'x': 1})}' WHERE seq = 9"
    tamper(path, sql)
    report = Journal(path, readonly=True).verify()
    assert not report.ok and report.first_bad == bad
    proc = run_cli("journal", "verify", path)
    assert proc.returncode == 1 and f"row {bad}" in proc.stdout


def test_a_recorded_head_shows_rows_cut_off_the_end(tmp_path):
    """The chain alone cannot show rows cut off the end; a head kept elsewhere (``verify`` prints it, the station
    logs it at every shoe end) can: ``verify --head SEQ:HASH`` exits 1 naming the missing row."""
    path = filled(tmp_path)
    proc = run_cli("journal", "verify", path)
    assert proc.returncode == 0
    head = proc.stdout.strip().rsplit("head ", 1)[1]
    seq, digest = head.split(":")
    assert (int(seq), digest) == Journal(path, readonly=True).head
    assert run_cli("journal", "verify", path, "--head", head).returncode == 0
    tamper(path, f"DELETE FROM journal WHERE seq > {int(seq) - 4}")  # the last four rows cut off
    proc = run_cli("journal", "verify", path)   # the events of the rows cut off show it
    assert proc.returncode == 1 and "rows cut off the end" in proc.stdout, proc.stdout
    with sqlite3.connect(path) as conn:
        conn.execute(f"DELETE FROM outbox WHERE json_extract(payload, '$.journal_seq') > {int(seq) - 4}")
    assert run_cli("journal", "verify", path).returncode == 0  # the chain alone (and the outbox cut too): intact
    proc = run_cli("journal", "verify", path, "--head", head)
    assert proc.returncode == 1 and f"row {seq} of the recorded head is missing" in proc.stdout
    earlier = [r for r in Journal(path, readonly=True).rows() if r.seq == int(seq) - 6][0]
    assert run_cli("journal", "verify", path, "--head", f"{earlier.seq}:{earlier.hash}").returncode == 0
    proc = run_cli("journal", "verify", path, "--head", f"{earlier.seq}:{'0' * 64}")
    assert proc.returncode == 1 and "the journal was rewritten" in proc.stdout


@pytest.mark.parametrize("head", ["12", "x:00", "0:" + "a" * 64, "5:" + "g" * 64, "5:abc"])
def test_a_bad_head_is_a_usage_error(tmp_path, head):
    path = filled(tmp_path, rounds=1)
    proc = run_cli("journal", "verify", path, "--head", head)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "--head" in proc.stderr
    assert "SEQ:HASH" in proc.stderr or "64 hex digits" in proc.stderr


def test_the_station_logs_the_head_at_every_shoe_end(tmp_path):
    import io

    from dealer_station.app.logging import configure_logging
    from dealer_station.journal import MemoryJournal
    from tests.conftest import reset_logging
    from tests.support.simulation import simulate

    stream = io.StringIO()
    configure_logging(json=True, level="INFO", stream=stream)
    try:
        journal = MemoryJournal()
        simulate(seed=3, shoes=2, open_journal=lambda path, signer=None: journal, keep_open=True)
        heads = [json.loads(x)["head"] for x in stream.getvalue().splitlines() if '"journal_head"' in x]
        assert len(heads) == 2
        for head in heads:
            seq, digest = head.split(":")
            assert next(journal.rows(int(seq) - 1, until=int(seq))).hash == digest
    finally:
        reset_logging()


def test_export_json_lines(tmp_path):
    path = filled(tmp_path)
    proc = run_cli("journal", "export", path)
    assert proc.returncode == 0
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(lines) == Journal(path, readonly=True).last_seq
    assert {"seq", "ts", "kind", "body", "prev_hash", "hash"} <= set(lines[0])


def test_verify_missing_file_is_a_usage_error(tmp_path):
    proc = run_cli("journal", "verify", str(tmp_path / "nope.sqlite"))
    assert proc.returncode == 2 and "no journal" in proc.stderr


def test_events_and_row_in_one_transaction(tmp_path):
    j = Journal(tmp_path / "j.sqlite")
    j.append("decision", {"a": 1}, "2026-11-30T04:00:00.000000Z",
             events=[EventSpec("table_status", {"status": "open"})], table_id="T1")
    with pytest.raises(JournalError):  # an unknown event type: the row is rolled back too
        j.append("decision", {"a": 2}, "2026-11-30T04:00:01.000000Z",
                 events=[EventSpec("table_status", {}), EventSpec("bogus", {})], table_id="T1")
    assert j.last_seq == 1 and [r.seq for r in j.rows()] == [1]
    assert [e.type for e in outbox.read_events(j.conn)] == ["table_status"]
    j.append("note", {"b": 1}, "2026-11-30T04:00:02.000000Z")
    assert j.verify().ok


def test_round_events_published_once(tmp_path):
    path = filled(tmp_path, rounds=2)
    j = Journal(path, readonly=True)
    events = [e.as_dict() for e in outbox.read_events(j.conn)]
    types = [e["type"] for e in events]
    assert types.count("round_result") == 2 and types.count("round_opened") == 2
    assert types.count("shoe_started") == 1 and "table_status" in types
    result = [e for e in events if e["type"] == "round_result"][0]
    assert result["round_id"] == "T1-S0001-R001" and result["shoe_id"] == "T1-S0001"
    for flag in ("winner", "player_total", "banker_total", "margin", "player_pair", "banker_pair",
                 "player_perfect_pair", "banker_perfect_pair", "player_natural", "banker_natural", "lucky_six"):
        assert flag in result["data"]
    opened = [e for e in events if e["type"] == "round_opened"][0]["data"]
    assert opened["round_number"] == 1 and "player" in opened["bets_offered"]
    assert opened["limits"]["difference"] == "10000.00" and opened["limits"]["bets"]["tie"]["max"] == "1000.00"
    dealt = [e for e in events if e["type"] == "card_dealt"]
    assert dealt[0]["data"]["position"] == "player1"
    assert all(e["ts"].endswith("Z") for e in events)


@pytest.mark.parametrize("act, after", [("void_round", ["round_voided", "round_resumed", "table_status"]),
                                        ("end_shoe", ["round_voided", "round_resumed", "shoe_ended",
                                                      "table_status"])])
def test_a_void_reaches_the_platform_before_the_end_of_the_pause(tmp_path, act, after):
    """docs/events.md: with void_round or end_shoe, round_voided comes first; round_resumed only ends the pause."""
    t = Table(tmp_path)
    t.start_shoe()
    t.open_round()
    t.card("4H")
    t.ctl.dealer("call_supervisor", note="wrong shoe")
    before = len(outbox.read_events(t.journal.conn))
    t.sup(act)
    events = [e.type for e in outbox.read_events(t.journal.conn)][before:]
    assert events == after


def test_journal_commands_name_a_directory_and_never_overwrite_an_export(tmp_path):
    path = filled(tmp_path, rounds=1)
    for action in ("verify", "export", "replay"):
        done = run_cli("journal", action, str(tmp_path))
        assert done.returncode == 2 and "is a directory: give the journal database file" in done.stderr
    existing = tmp_path / "old.journal.jsonl"
    existing.write_text("evidence\n")
    done = run_cli("journal", "export", path, "-o", str(existing))
    assert done.returncode == 2 and "the file exists; an export never overwrites one" in done.stderr
    assert existing.read_text() == "evidence\n"
    assert run_cli("journal", "export", path, "-o", str(tmp_path / "new.journal.jsonl")).returncode == 0


def test_a_body_without_json_text_is_a_journal_error_and_writes_nothing(tmp_path):
    """As MemoryJournal.add refuses it: the controller turns a JournalError into a pause, any other error not."""
    j = Journal(tmp_path / "j.sqlite")
    j.append("note", {"i": 1}, "2026-11-30T04:00:00.000000Z")
    with pytest.raises(JournalError, match="row 2"):
        j.append("note", {(1, 2): "tuple key"}, "2026-11-30T04:00:01.000000Z")
    with pytest.raises(JournalError, match="row 2"):
        j.append("decision", {"i": 2}, "2026-11-30T04:00:01.000000Z",
                 events=[EventSpec("table_status", 7)], table_id="T1")   # event data that is no mapping
    j.append("note", {"i": 3}, "2026-11-30T04:00:02.000000Z")
    assert [r.body for r in j.rows()] == [{"i": 1}, {"i": 3}] and j.verify().ok
    assert outbox.read_events(j.conn) == []


def test_a_damaged_row_is_reported_not_raised(tmp_path):
    """A tampered journal never crashes a reader: a body nested too deep or with a huge number reads as
    unreadable, and recovery names a decision row that lost its input number (JournalError, not KeyError)."""
    from dealer_station.app.controller import Controller

    path = filled(tmp_path, rounds=1)
    tamper(path, "UPDATE journal SET body = '" + "[" * 100_000 + "]" * 100_000 + "' WHERE seq = 4")
    tamper_more = sqlite3.connect(path)
    tamper_more.execute("UPDATE journal SET body = '{\"n\": " + "9" * 5000 + "}' WHERE seq = 5")
    tamper_more.commit()
    tamper_more.close()
    rows = {r.seq: r for r in Journal(path, readonly=True).rows()}
    assert "_unreadable" in rows[4].body and "_unreadable" in rows[5].body
    assert not Journal(path, readonly=True).verify().ok
    start = next(r for r in rows.values() if r.kind == "decision" and "shoe_started" in r.mark)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE journal SET body = '{\"shoe\": 1}' WHERE seq = ?", (start.seq,))
    conn.commit()
    conn.close()
    with pytest.raises(JournalError, match=f"decision row {start.seq} has no usable 'input'.*damaged"):
        Controller(Table(tmp_path).cfg, Journal(path))


def rebuild_chain(path: str, seq: int, text: str) -> None:
    """Put ``text`` as row ``seq``'s body and rehash the chain from there: every hash then matches its row."""
    from dealer_station.journal.store import GENESIS, row_hash

    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER journal_no_update")
    conn.execute("UPDATE journal SET body = ? WHERE seq = ?", (text, seq))
    prev = GENESIS
    for row in conn.execute("SELECT seq, ts, kind, mark, body FROM journal ORDER BY seq").fetchall():
        digest = row_hash(*row, prev)
        conn.execute("UPDATE journal SET prev_hash = ?, hash = ? WHERE seq = ?", (prev, digest, row[0]))
        prev = digest
    conn.commit()
    conn.close()


@pytest.mark.parametrize("edit, needle", [
    (lambda text: text.replace('{"', '{"kind":"forged","', 1), "appears twice"),   # a key twice: readers disagree
    (lambda text: json.dumps(json.loads(text), sort_keys=True), "not canonical"),    # re-spaced
    (lambda text: json.dumps(dict(reversed(json.loads(text).items())), separators=(",", ":")),
     "not canonical"),   # keys re-ordered
    (lambda text: text[:-1] + ',"x":NaN}', "NaN"),
])
def test_a_body_that_is_not_its_own_canonical_text_fails_verify_even_with_its_chain_rebuilt(tmp_path, edit, needle):
    """Each row's hash covers its stored text; a text that is not the canonical one of its value would let two
    readers of one hashed row see different values (a duplicate key), so verify refuses every such text."""
    path = filled(tmp_path)
    row = next(r for r in Journal(path, readonly=True).rows() if r.kind == "input" and r.seq > 4)
    (text,), = sqlite3.connect(path).execute("SELECT body FROM journal WHERE seq = ?", (row.seq,))
    edited = edit(text)
    assert edited != text
    rebuild_chain(path, row.seq, edited)
    report = Journal(path, readonly=True).verify()
    assert not report.ok and report.first_bad == row.seq and needle in report.message, report
    proc = run_cli("journal", "verify", path)
    assert proc.returncode == 1 and f"row {row.seq}" in proc.stdout and needle in proc.stdout, proc.stdout
