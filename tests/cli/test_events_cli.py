"""``dealer-station events tail`` and ``events publish``."""

from __future__ import annotations

import json
import signal
import time

import pytest

from dealer_station import outbox
from dealer_station.publish import parse_broker_url, pending_count
from tests.support.mqtt import append_cards, free_port, make_journal, run_station, station_process


@pytest.fixture
def journal(tmp_path):
    db = tmp_path / "journal.db"
    conn = make_journal(db)
    append_cards(conn, "T1", 30)
    outbox.mark_published(conn, [1, 2], "2026-11-30T04:00:00.000000Z")
    yield db, conn
    conn.close()


def test_tail_shows_the_last_events_with_their_state(journal):
    db, _ = journal
    result = run_station("events", "tail", "--journal", str(db))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 20 and lines[0].split()[0] == "11" and lines[-1].split()[0] == "30"
    assert "card_dealt" in lines[0] and "position=banker1" in lines[-1] and "[pending]" in lines[-1]
    everything = run_station("events", "tail", "--all", "--journal", str(db)).stdout.splitlines()
    assert len(everything) == 30 and "[published 2026-11-30T04:00:00.000000Z]" in everything[0]
    pend = run_station("events", "tail", "--all", "--pending", "--journal", str(db)).stdout.splitlines()
    assert [int(line.split()[0]) for line in pend] == list(range(3, 31))


def test_tail_json_lines_are_the_envelopes(journal):
    db, conn = journal
    result = run_station("events", "tail", "--json", "--after", "25", "--journal", str(db))
    assert result.returncode == 0
    events = [json.loads(line) for line in result.stdout.splitlines()]
    assert [e["event_id"] for e in events] == [26, 27, 28, 29, 30]
    assert events[0] == outbox.read_events(conn, after=25, limit=1)[0].as_dict()


def test_tail_follow_shows_new_events(journal):
    db, conn = journal
    proc = station_process("events", "tail", "--follow", "--json", "--after", "30", "--journal", str(db),
                           "--interval", "0.05")
    try:
        time.sleep(0.5)
        append_cards(conn, "T1", 3, start_round=50)
        lines = []
        deadline = time.monotonic() + 20
        while len(lines) < 3 and time.monotonic() < deadline:
            lines.append(proc.stdout.readline())
        assert [json.loads(x)["event_id"] for x in lines] == [31, 32, 33]
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=10)


def test_tail_all_and_after_page_through_every_event(tmp_path):
    from dealer_station.cli.events import TAIL_PAGE

    db = tmp_path / "journal.db"
    conn = make_journal(db)
    append_cards(conn, "T1", 2500, one_transaction=True)
    conn.close()
    assert 2500 > 2 * TAIL_PAGE   # more than two pages, the last one short
    for args, first in ((["--all"], 1), (["--after", "1200"], 1201)):
        result = run_station("events", "tail", "--json", *args, "--journal", str(db))
        assert result.returncode == 0, result.stderr
        assert [json.loads(line)["event_id"] for line in result.stdout.splitlines()] == list(range(first, 2501))
    plain = run_station("events", "tail", "--all", "--journal", str(db)).stdout.splitlines()
    assert [int(line.split()[0]) for line in plain] == list(range(1, 2501))


@pytest.mark.parametrize(("args", "needle"), [
    (["--journal", "/nonexistent/j.db"], "does not exist"),
    ([], "dealer-station/journal.sqlite does not exist"),  # the default: the user data directory
])
def test_tail_errors(args, needle, tmp_path):
    result = run_station("events", "tail", *args, env={"DEALER_STATION_JOURNAL": ""}, cwd=tmp_path)
    assert result.returncode == 2 and needle in result.stderr and "Traceback" not in result.stderr


def test_tail_refuses_non_journals(tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not sqlite" * 100)
    result = run_station("events", "tail", "--journal", str(junk))
    assert result.returncode == 2 and "not a journal" in result.stderr
    import sqlite3

    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).execute("CREATE TABLE journal(x)").connection.close()
    result = run_station("events", "tail", "--journal", str(empty))
    assert result.returncode == 2 and "no outbox" in result.stderr


def test_tail_survives_an_unreadable_payload(journal):
    db, conn = journal
    with conn:
        conn.execute("INSERT INTO outbox(event_id, type, payload) VALUES (31, 'card_dealt', '{broken')")
    result = run_station("events", "tail", "--journal", str(db))
    assert result.returncode == 0 and "unreadable payload" in result.stdout.splitlines()[-1]


@pytest.mark.broker
def test_publish_sends_what_was_kept_without_a_broker(broker, subscriber_factory, journal):
    db, _ = journal
    sub = subscriber_factory(broker.port)
    result = run_station("events", "publish", "--broker", broker.url, "--journal", str(db))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [f"published 28 event(s) of table T1 to {broker.url}; 0 pending"]
    assert pending_count(db) == 0
    assert sub.wait_for(lambda: sub.ids() == list(range(3, 31)))   # 1 and 2 were published before


def test_publish_reports_what_is_left_when_the_broker_is_away(journal):
    db, _ = journal
    result = run_station("events", "publish", "--broker", f"mqtt://127.0.0.1:{free_port()}", "--journal", str(db),
                         "--drain-timeout", "0.5")
    assert result.returncode == 1
    assert "28 event(s) not acknowledged within 0.5 s" in result.stderr and "Connection refused" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1            # one line: the failed attempts are not logged
    assert pending_count(db) == 28                                  # at the default level ERROR
    logged = run_station("events", "publish", "--broker", f"mqtt://127.0.0.1:{free_port()}", "--journal", str(db),
                         "--drain-timeout", "0.5", "--log-level", "WARNING")
    assert "broker connection failed" in logged.stderr               # --log-level WARNING shows them


def test_publish_needs_a_broker_and_a_table(tmp_path, journal):
    db, _ = journal
    result = run_station("events", "publish", "--journal", str(db))
    assert result.returncode == 2 and "no broker" in result.stderr
    empty = tmp_path / "empty.db"
    make_journal(empty).close()
    result = run_station("events", "publish", "--broker", "mqtt://127.0.0.1:1", "--journal", str(empty))
    assert result.returncode == 2 and "--table-id" in result.stderr
    result = run_station("events", "publish", "--broker", "ftp://x", "--journal", str(db))
    assert result.returncode == 2 and "scheme" in result.stderr


def test_journal_from_the_environment(journal, tmp_path):
    db, _ = journal
    result = run_station("events", "tail", "--all", env={"DEALER_STATION_JOURNAL": str(db)}, cwd=tmp_path)
    assert result.returncode == 0 and len(result.stdout.splitlines()) == 30


def test_publisher_refuses_an_in_memory_journal():
    from dealer_station.publish import BrokerConfigError, Publisher

    with pytest.raises(BrokerConfigError, match="in a file"):
        Publisher(parse_broker_url("mqtt://h"), ":memory:", "T1")


@pytest.mark.broker
def test_publish_reads_the_station_config(broker, subscriber_factory, journal, tmp_path):
    db, _ = journal
    cfg = tmp_path / "station.toml"
    cfg.write_text(f'[table]\nid = "T1"\n\n[journal]\npath = "{db}"\n\n[broker]\nurl = "{broker.url}"\n'
                   'drain_timeout = 5\nwindow = 3\n')
    sub = subscriber_factory(broker.port)
    result = run_station("events", "publish", "--config", str(cfg), env={"DEALER_STATION_JOURNAL": ""},
                         cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert sub.wait_for(lambda: sub.ids() == list(range(3, 31)))


@pytest.mark.parametrize(("text", "needle"), [
    ("[broker\n", "not valid TOML"),
    ('broker = "mqtt://x"\n', "[broker] is not a section"),
    ('[broker]\nurl = "mqtt://x"\nqos = 2\n', "unknown key"),
])
def test_bad_station_config(journal, tmp_path, text, needle):
    db, _ = journal
    cfg = tmp_path / "station.toml"
    cfg.write_text(text)
    result = run_station("events", "publish", "--config", str(cfg), "--journal", str(db))
    assert result.returncode == 2 and needle in result.stderr, result.stderr
