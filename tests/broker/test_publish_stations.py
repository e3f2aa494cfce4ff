"""Stations as processes: killed with SIGKILL while publishing, and four publishing to one broker."""

from __future__ import annotations

import signal
import threading
import time

import pytest

from dealer_station.publish import pending_count
from tests.support.mqtt import append_cards, dedup, make_journal, station_process

pytestmark = pytest.mark.broker


def test_sigkill_while_publishing_loses_nothing(broker, subscriber_factory, tmp_path):
    db = tmp_path / "journal.db"
    conn = make_journal(db)
    sub = subscriber_factory(broker.port)
    ids = append_cards(conn, "T1", 3000, one_transaction=True)
    args = ["events", "publish", "--follow", "--broker", broker.url, "--journal", str(db), "--table-id", "T1"]
    first = station_process(*args)
    try:
        assert sub.wait_for(lambda: len(sub.ids()) >= 20, 30), first.stderr.read() if first.poll() else ""
        first.send_signal(signal.SIGKILL)      # mid-stream: later events not yet sent or acknowledged
        first.wait(10)
        received_at_kill = len(dedup(sub.ids()))
        assert received_at_kill < 3000 and pending_count(db) > 0
        # the broker publishes the station's last will: the retained status says offline
        assert sub.wait_for(lambda: any(b["status"] == "offline" and b.get("reason") == "connection_lost"
                                        for _, b, _ in sub.status), 15)
        ids += append_cards(conn, "T1", 50, start_round=800)   # the restarted station records more
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    second = station_process(*args)
    try:
        assert sub.wait_for(lambda: set(sub.ids()) >= set(ids), 40), second.stderr.read() if second.poll() else ""
        assert sub.wait_for(lambda: sub.status and sub.status[-1][1]["status"] == "online", 10)
        assert sub.wait_for(lambda: pending_count(db) == 0, 10)
    finally:
        second.send_signal(signal.SIGTERM)
        out, err = second.communicate(timeout=20)
    assert second.returncode == 0, err
    assert dedup(sub.ids()) == ids                     # nothing lost, each once after de-duplication, in order
    assert sub.status[-1][1]["status"] == "offline" and sub.status[-1][1]["reason"] == "stopped"


def test_four_stations_publish_to_one_broker(broker, subscriber_factory, tmp_path):
    sub = subscriber_factory(broker.port)
    tables = ["T1", "T2", "T3", "T4"]
    expected = {}
    conns = {}
    for table in tables:
        db = tmp_path / f"{table}.db"
        conns[table] = make_journal(db)
        expected[table] = append_cards(conns[table], table, 150)
    procs = {t: station_process("events", "publish", "--follow", "--broker", broker.url,
                                "--journal", str(tmp_path / f"{t}.db"), "--table-id", t) for t in tables}

    def more(table):   # each table keeps dealing while all four publish
        c = make_journal(tmp_path / f"{table}.db")
        for k in range(40):
            expected[table].extend(append_cards(c, table, 1, start_round=100 + k))
            time.sleep(0.005)
        c.close()

    dealers = [threading.Thread(target=more, args=(t,)) for t in tables]
    for d in dealers:
        d.start()
    try:
        for d in dealers:
            d.join(30)
        assert sub.wait_for(lambda: all(set(sub.ids(t)) >= set(expected[t]) for t in tables), 60), \
            {t: len(sub.ids(t)) for t in tables}
        # the subscriber may see the last event before its station has the PUBACK and marks it
        assert sub.wait_for(lambda: all(pending_count(tmp_path / f"{t}.db") == 0 for t in tables), 10)
    finally:
        for p in procs.values():
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        results = {t: p.communicate(timeout=20) for t, p in procs.items()}
    for t in tables:
        assert procs[t].returncode == 0, results[t][1]
        assert dedup(sub.ids(t)) == expected[t] == list(range(1, 191))
        assert {e["_topic"] for e in sub.events if e["table_id"] == t} == {f"baccarat/tables/{t}/events"}
        assert pending_count(tmp_path / f"{t}.db") == 0
    online = {topic for topic, body, _ in sub.status if body["status"] == "online"}
    assert online == {f"baccarat/tables/{t}/status" for t in tables}
