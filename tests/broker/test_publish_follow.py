"""``events follow`` end to end against a real Mosquitto: broker restarts, late consumers, anchors, pruned ids."""

from __future__ import annotations

import hashlib
import json
import signal
import sqlite3
import threading
import time

import pytest

from dealer_station import outbox
from dealer_station.platform.follow import Follower
from dealer_station.platform.ledger import Ledger, summarize
from dealer_station.publish import Publisher
from tests.support.mqtt import ROOT, fast, ledger_rows, make_journal, run_station, station_process, utc_ts, wait_until

pytestmark = pytest.mark.broker


def outbox_ids(db) -> tuple[int, int]:
    """(last stored id, last acknowledged id) of a station's journal; (0, 0) before it exists."""
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            (last,) = conn.execute("SELECT COALESCE(MAX(event_id), 0) FROM outbox").fetchone()
            (acked,) = conn.execute("SELECT COALESCE(MAX(event_id), 0) FROM outbox "
                                    "WHERE published_utc IS NOT NULL").fetchone()
            return last, acked
        finally:
            conn.close()
    except sqlite3.Error:
        return 0, 0


class Lines:
    """Reads a process's standard output in a thread, so waits on it are bounded."""

    def __init__(self, stream) -> None:
        self.lines: list[str] = []
        self.thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self.thread.start()

    def _read(self, stream) -> None:
        for line in stream:
            self.lines.append(line.rstrip("\n"))

    def count(self, text: str) -> int:
        return sum(text in line for line in self.lines)


def test_broker_killed_twice_mid_shoe_the_ledger_still_holds_every_event_once_in_order(broker, tmp_path):
    # A non-persistent broker, a consumer on a clean session: what the broker held for the consumer
    # is lost with each restart. While the broker comes back the consumer is frozen (SIGSTOP), so the
    # station's re-sent and new events are certainly published with no one subscribed: only replay
    # requests can fill those gaps.
    journal, ledger = tmp_path / "journal.db", tmp_path / "ledger.db"
    follower = station_process("events", "follow", "--broker", broker.url, "--ledger", str(ledger),
                               "--retry", "0.5")
    out = Lines(follower.stdout)
    station = None
    try:
        assert wait_until(lambda: out.count("following every table") == 1, 20), follower.stderr.read() \
            if follower.poll() is not None else out.lines
        # the station's configuration with a quick reconnect, so the shoe is still being dealt after each outage
        config = tmp_path / "station.toml"
        config.write_text((ROOT / "config" / "station.toml").read_text()
                          + "\n[broker]\nbackoff_min = 0.05\nbackoff_max = 0.2\n")
        station = station_process("simulate", "--config", str(config), "--journal", str(journal), "--broker",
                                  broker.url, "--table-id", "T1", "--shoes", "1", "--seed", "11",
                                  "--drain-timeout", "30")
        stored_at_kills = []
        # the first outage after 40 published events, the second right after the first: both early in a
        # shoe of about 540 events (which the simulated dealer deals in a few seconds; on a loaded machine
        # it may have dealt the rest before the second outage, its events are then still being published)
        assert wait_until(lambda: outbox_ids(journal)[1] >= 40, 60), outbox_ids(journal)
        acked_at_kills = []
        for _ in range(2):
            station.send_signal(signal.SIGSTOP)    # the dealer waits while the broker restarts: still mid-shoe
            broker.proc.send_signal(signal.SIGKILL)
            broker.proc.wait(5)
            follower.send_signal(signal.SIGSTOP)
            try:
                stored, acked = outbox_ids(journal)
                stored_at_kills.append(stored)
                acked_at_kills.append(acked)
                try:
                    broker.start()
                finally:
                    station.send_signal(signal.SIGCONT)
                # the station reconnects and the new broker acknowledges events while the consumer cannot be
                # subscribed: those are lost for it (beyond the 100 the station may have had in flight, whose
                # PUBACKs from the old broker it may read only now)
                assert wait_until(lambda a=acked: outbox_ids(journal)[1] > a + 100 + 3, 30), outbox_ids(journal)
            finally:
                follower.send_signal(signal.SIGCONT)
        assert station.wait(120) == 0, station.stderr.read()
        n, acked = outbox_ids(journal)
        assert n == acked and n > 300
        # both outages while the shoe's events were still being published (the simulated dealer may have dealt
        # the whole shoe before the first 40 were acknowledged: the outages then come while it is published)
        assert all(a + 103 < n for a in acked_at_kills), (stored_at_kills, acked_at_kills, n)
        if not wait_until(lambda: len(ledger_rows(ledger)) >= n, 10):
            # The simulated shoe deals a whole shoe in seconds and the station exits as soon as the broker
            # has everything: the last gap may be found after it left. A real station stays on; here its
            # publisher comes back on the same journal (as after a restart) and answers the asks.
            station = station_process("events", "publish", "--follow", "--broker", broker.url, "--journal",
                                      str(journal), "--table-id", "T1")
        assert wait_until(lambda: len(ledger_rows(ledger)) >= n, 60), (len(ledger_rows(ledger)), n)
        time.sleep(0.5)   # nothing more may come
    finally:
        if station is not None and station.poll() is None:
            station.send_signal(signal.SIGTERM)
            try:
                station.wait(20)
            except Exception:
                station.kill()
                station.wait(10)
        follower.send_signal(signal.SIGTERM)
        try:
            follower.wait(20)
        finally:
            if follower.poll() is None:
                follower.kill()
    out.thread.join(5)
    assert follower.returncode == 0, (out.lines, follower.stderr.read())
    rows = ledger_rows(ledger)
    stored = [(e.event_id, e.payload) for e in outbox.read_events(make_journal(journal))]
    assert [(t, i) for t, i, _ in rows] == [("T1", i) for i in range(1, n + 1)]     # 1..N, once, in order
    assert [(i, p) for _, i, p in rows] == stored                                    # as the station stored them
    summary = out.lines[-1]
    asks = int(summary.split(" replay request(s)")[0].rsplit(" ", 1)[1])
    connections = int(summary.split(" connection(s)")[0].rsplit(" ", 1)[1])
    # it went through both outages, and asked for what they lost (the simulated shoe deals so fast that
    # the two gaps may be one by the time it asks)
    # (the second outage may come while it is still reconnecting after the first)
    assert asks >= 1 and connections >= 2, summary
    report = run_station("events", "ledger", str(ledger), "--json")
    assert report.returncode == 0
    (table,) = [json.loads(line) for line in report.stdout.splitlines()]
    assert (table["table_id"], table["last_event_id"], table["events"], table["gaps"]) == ("T1", n, n, [])


def anchored_journal(db, n: int, forged_at: int | None = None, *, monkeypatch) -> sqlite3.Connection:
    """An outbox whose events carry journal_seq/journal_hash as a chained station makes them (two per decision),
    with no journal beside it, and a publisher that sends it unchecked.

    The station's own publisher refuses an anchored event with no chain to prove it; what is tested here is
    the platform's side, which must catch a forged or missing anchor from any station (an older version, a
    faulty one): so the station's check is switched off for these tests.
    """
    from dealer_station.journal.anchor import EventCheck

    monkeypatch.setattr(EventCheck, "problem", lambda self, event_id, payload: None)
    conn = make_journal(db)
    with conn:
        for i in range(1, n + 1):
            seq = 100 + (i + 1) // 2
            digest = hashlib.sha256(f"row{seq}".encode()).hexdigest()
            if i == forged_at:
                digest = hashlib.sha256(b"forged").hexdigest()
            body = {"schema_version": 1, "event_id": i, "type": "card_dealt", "table_id": "T1",
                    "shoe_id": "T1-S0001", "round_id": "T1-S0001-R001", "ts": utc_ts(), "data": {},
                    "journal_seq": seq, "journal_hash": digest}
            conn.execute("INSERT INTO outbox(event_id, type, payload) VALUES (?, 'card_dealt', ?)",
                         (i, json.dumps(body, separators=(",", ":"), sort_keys=True)))
    return conn


def follow_until(broker, ledger_path, predicate, timeout: float = 30, tables=("T1",)) -> object:
    result, made = {}, threading.Event()

    def run():   # the ledger's connection belongs to the follower's thread
        ledger = Ledger(ledger_path)
        try:
            result["f"] = Follower(fast(broker.url), ledger, list(tables), retry=0.3)
            made.set()
            result["r"] = result["f"].run()
        finally:
            ledger.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert made.wait(10)
    try:
        assert wait_until(predicate, timeout)
    finally:
        result["f"].stop()
        thread.join(10)
    return result["r"]


def test_a_late_consumer_learns_from_the_status_and_checks_the_anchors(broker, tmp_path, monkeypatch):
    db, path = tmp_path / "journal.db", tmp_path / "ledger.db"
    conn = anchored_journal(db, 40, forged_at=27, monkeypatch=monkeypatch)
    pub = Publisher(fast(broker.url, replay_batch=7), db, "T1").start()
    try:
        assert pub.drain(10) == 0
        assert wait_until(lambda: pub.replay.last_acknowledged == 40, 60)
        # every event went out before this consumer existed: only the status says 40 exist
        result = follow_until(broker, path, lambda: len(ledger_rows(path)) >= 40 if path.exists() else False)
    finally:
        pub.stop()
        conn.close()
    assert [i for _, i, _ in ledger_rows(path)] == list(range(1, 41))
    assert result.asks >= 1 and result.anchor_breaks == 1 and result.gaps == {}
    c = sqlite3.connect(path)
    checks = dict(c.execute("SELECT event_id, anchor_check FROM events"))
    # 27 and 28 are one decision: the forged hash shows where the second of them disagrees
    assert checks[1] == "start" and checks[28] == "broken" and checks[27] == checks[40] == "ok"
    (s,) = summarize(path)
    assert s.anchor_breaks == 1 and s.last_anchor["journal_seq"] == 120


def test_ids_the_station_no_longer_keeps_are_given_up_and_reported(broker, tmp_path, monkeypatch):
    db, path = tmp_path / "journal.db", tmp_path / "ledger.db"
    conn = anchored_journal(db, 30, monkeypatch=monkeypatch)
    with conn:
        conn.execute("DELETE FROM outbox WHERE event_id <= 10")     # pruned at the station
    pub = Publisher(fast(broker.url), db, "T1").start()
    try:
        assert pub.drain(10) == 0
        assert wait_until(lambda: pub.replay.last_acknowledged == 30, 60)
        result = follow_until(broker, path, lambda: path.exists() and len(ledger_rows(path)) >= 20)
    finally:
        pub.stop()
        conn.close()
    assert [i for _, i, _ in ledger_rows(path)] == list(range(11, 31))
    assert result.replay_errors >= 1 and result.gaps == {}
    report = run_station("events", "ledger", str(path))
    assert report.returncode == 1
    assert "gaps: 1-10" in report.stdout and "given up (no longer kept by the station): 1-10" in report.stdout


def test_follow_idle_exit_and_a_gap_no_station_answers(broker, tmp_path):
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    ledger = tmp_path / "ledger.db"
    # no signal is sent: the follower ends only by --idle-exit (a hang fails at the generous deadline)
    result = run_station("events", "follow", "--broker", broker.url, "--ledger", str(ledger), "--idle-exit", "1",
                         timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].startswith("wrote 0 event(s); 0 duplicate(s) dropped; 0 replay request(s)")
    # a table whose status says 5 events exist, with no station to answer: the gap stays open, exit 1
    client = mqtt.Client(CallbackAPIVersion.VERSION2)
    client.connect("127.0.0.1", broker.port, 30)
    client.loop_start()
    body = {"schema_version": 1, "status": "offline", "table_id": "T7", "ts": utc_ts(), "last_event_id": 5,
            "station": {"client_id": "x", "host": "h", "pid": 1, "version": "0"}}
    client.publish("baccarat/tables/T7/status", json.dumps(body), qos=1, retain=True).wait_for_publish(5)
    client.disconnect()
    client.loop_stop()
    result = run_station("events", "follow", "--broker", broker.url, "--ledger", str(ledger), "--table", "T7",
                         "--idle-exit", "3", "--retry", "0.2", timeout=120)
    assert result.returncode == 1
    assert "table T7: gaps still open: 1-5" in result.stderr
    asks = int(result.stdout.split(" replay request(s)")[0].rsplit(" ", 1)[1])
    # asked again (more than once), never sooner than --retry after the last ask: within the 3 s of --idle-exit
    # at most 3 / 0.2 + 1 asks however slow the machine, where a loop asking every 50 ms round makes about 60
    assert 2 <= asks <= 16


def test_follow_without_a_broker_keeps_trying_and_idle_exit_still_ends_it(tmp_path):
    from tests.support.mqtt import free_port

    # no signal is sent: only --idle-exit ends it, between two connection attempts (a hang fails at the deadline)
    result = run_station("events", "follow", "--broker", f"mqtt://127.0.0.1:{free_port()}", "--ledger",
                         str(tmp_path / "l.db"), "--idle-exit", "1", timeout=120)
    assert result.returncode == 0 and "0 connection(s)" in result.stdout
