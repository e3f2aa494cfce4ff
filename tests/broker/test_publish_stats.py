"""``dealer-station events stats``: per shoe, scan -> decision -> acknowledgement, from the outbox alone;
and the acknowledgement time is the broker's PUBACK, not the send."""

from __future__ import annotations

import json
import socket
import sqlite3
import threading
import time
from datetime import UTC, datetime, timedelta

import pytest

from dealer_station import outbox
from dealer_station.publish import Publisher, parse_broker_url
from dealer_station.publish.timing import parse_utc, percentile
from tests.support.mqtt import make_journal, run_station

T0 = datetime(2026, 11, 30, 4, 0, 0, tzinfo=UTC)


def iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def add_result(conn, shoe: str, rnd: int, scanned: datetime | None, decided: datetime | None,
               acked: datetime | None) -> None:
    data: dict = {"round_number": rnd, "status": "completed"}
    if scanned is not None:
        data["first_card_ts"] = iso(scanned)
    if decided is not None:
        data["decided_ts"] = iso(decided)
    ev = outbox.append(conn, "round_result", table_id="T1", ts=iso(decided or T0), data=data, shoe_id=shoe,
                       round_id=f"{shoe}-R{rnd:03d}")
    outbox.append(conn, "card_dealt", table_id="T1", ts=iso(T0), data={"round_number": rnd}, shoe_id=shoe)
    if acked is not None:
        outbox.mark_published(conn, [ev.event_id], iso(acked))
    conn.commit()


@pytest.fixture
def known(tmp_path):
    """Shoe A: 10 rounds, scan->decision 1000+100i ms, decision->ack 5(i+1) ms (given in a shuffled order);
    shoe B: one acknowledged timed round, one not acknowledged, one from an older station (no times)."""
    db = tmp_path / "journal.db"
    conn = make_journal(db)
    for i in (3, 9, 0, 5, 1, 8, 2, 7, 4, 6):
        scanned = T0 + timedelta(minutes=i)
        decided = scanned + timedelta(milliseconds=1000 + 100 * i)
        add_result(conn, "T1-S0001", i + 1, scanned, decided, decided + timedelta(milliseconds=5 * (i + 1)))
    s = T0 + timedelta(hours=1)
    add_result(conn, "T1-S0002", 1, s, s + timedelta(milliseconds=700), s + timedelta(milliseconds=712))
    add_result(conn, "T1-S0002", 2, s, s + timedelta(milliseconds=800), None)
    add_result(conn, "T1-S0002", 3, None, s + timedelta(seconds=2), s + timedelta(milliseconds=2003))
    conn.close()
    return db


def test_percentiles_per_shoe_from_known_times(known):
    result = run_station("events", "stats", "--journal", str(known), "--json")
    assert result.returncode == 0, result.stderr
    a, b = (json.loads(line) for line in result.stdout.splitlines())
    assert a["shoe_id"] == "T1-S0001" and a["rounds"] == 10 and a["unacknowledged"] == 0 and a["untimed"] == 0
    # nearest rank: p50 of 10 values is the 5th, p99 the 10th
    assert a["scan_to_decision_ms"] == {"n": 10, "p50": 1400.0, "p99": 1900.0, "max": 1900.0}
    assert a["decision_to_ack_ms"] == {"n": 10, "p50": 25.0, "p99": 50.0, "max": 50.0}
    assert a["scan_to_ack_ms"] == {"n": 10, "p50": 1425.0, "p99": 1950.0, "max": 1950.0}
    assert b["shoe_id"] == "T1-S0002" and b["rounds"] == 3 and b["unacknowledged"] == 1 and b["untimed"] == 1
    assert b["scan_to_decision_ms"] == {"n": 2, "p50": 700.0, "p99": 800.0, "max": 800.0}
    assert b["decision_to_ack_ms"] == {"n": 2, "p50": 3.0, "p99": 12.0, "max": 12.0}
    assert b["scan_to_ack_ms"] == {"n": 1, "p50": 712.0, "p99": 712.0, "max": 712.0}
    text = run_station("events", "stats", "--journal", str(known))
    assert text.returncode == 0, text.stderr
    first, second = text.stdout.splitlines()
    assert first.startswith("T1-S0001: 10 result(s)") and "scan to decision p50 1400.0 p99 1900.0" in first
    assert "decision to ack p50 25.0 p99 50.0" in first
    assert "1 not acknowledged yet" in second and "1 without scan/decision times" in second


def test_a_bad_payload_or_an_empty_outbox_or_no_journal(tmp_path, known):
    conn = sqlite3.connect(known)
    conn.execute("INSERT INTO outbox(event_id, type, payload) VALUES (999, 'round_result', 'not json')")
    conn.commit()
    conn.close()
    result = run_station("events", "stats", "--journal", str(known), "--json")
    assert result.returncode == 0, result.stderr
    shoes = [json.loads(line) for line in result.stdout.splitlines()]
    assert shoes[-1]["shoe_id"] == "-" and shoes[-1]["untimed"] == 1 and shoes[-1]["unacknowledged"] == 1
    empty = tmp_path / "empty.db"
    make_journal(empty).close()
    out = run_station("events", "stats", "--journal", str(empty))
    assert out.returncode == 0 and out.stdout.strip() == "the outbox holds no round result"
    missing = run_station("events", "stats", "--journal", str(tmp_path / "nope.db"))
    assert missing.returncode == 2 and len(missing.stderr.strip().splitlines()) == 1
    assert "does not exist" in missing.stderr
    notdb = tmp_path / "junk.db"
    notdb.write_bytes(b"\x00garbage" * 100)
    junk = run_station("events", "stats", "--journal", str(notdb))
    assert junk.returncode == 2 and len(junk.stderr.strip().splitlines()) == 1


def test_percentile_edges():
    assert percentile([], 50) is None
    assert percentile([7.0], 99) == 7.0
    assert percentile(list(range(1, 101)), 99) == 99 and percentile(list(range(1, 101)), 100) == 100
    with pytest.raises(ValueError):
        percentile([1.0], 0)
    assert parse_utc("2026-11-30T04:00:00.5Z") == T0 + timedelta(milliseconds=500)
    assert parse_utc("2026-11-30T04:00:00") is None and parse_utc(None) is None and parse_utc("junk Z") is None


class SlowAcks:
    """A TCP relay to a broker that holds everything the broker sends back for ``delay`` seconds (so each
    PUBACK reaches the station late) and passes the station's packets at once."""

    def __init__(self, port: int, delay: float) -> None:
        self.target, self.delay = port, delay
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.threads: list[threading.Thread] = []
        self.socks: list[socket.socket] = []
        self.sent: list[tuple[datetime, bytes]] = []   # (when, bytes) the station sent, as relayed
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.target))
            self.socks += [client, upstream]
            for a, b, lag in ((client, upstream, 0.0), (upstream, client, self.delay)):
                threading.Thread(target=self._pump, args=(a, b, lag), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, lag: float) -> None:
        try:
            while data := src.recv(65536):
                if lag:
                    time.sleep(lag)
                else:
                    self.sent.append((datetime.now(UTC), data))
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            try:
                s.close()
            except OSError:
                pass

    def close(self) -> None:
        self.server.close()
        for s in self.socks:
            try:
                s.close()
            except OSError:
                pass


@pytest.mark.broker
def test_the_outbox_records_the_broker_acknowledgement_not_the_send(broker, tmp_path):
    relay = SlowAcks(broker.port, 0.4)
    db = tmp_path / "journal.db"
    conn = make_journal(db)
    stored = []
    for rnd in range(1, 4):
        now = datetime.now(UTC)
        ev = outbox.append(conn, "round_result", table_id="T1", ts=iso(now),
                           data={"round_number": rnd, "first_card_ts": iso(now), "decided_ts": iso(now)},
                           shoe_id="T1-S0001", round_id=f"T1-S0001-R{rnd:03d}")
        conn.commit()
        stored.append(ev.event_id)
    config = parse_broker_url(f"mqtt://127.0.0.1:{relay.port}", backoff_min=0.05, backoff_max=0.5,
                              connect_timeout=10.0)
    publisher = Publisher(config, db, "T1").start()
    try:
        assert publisher.drain(30) == 0
    finally:
        publisher.stop()
        relay.close()
    acked = {e.event_id: parse_utc(e.published_utc) for e in outbox.read_events(conn)}
    conn.close()
    # each PUBACK reaches the station 0.4 s after the broker sent it, itself after the PUBLISH went through
    # the relay: the recorded time is at least 0.4 s after the send (a time taken at the send is not)
    for event_id in stored:
        sent_at = min(when for when, data in relay.sent if f'"event_id":{event_id},'.encode() in data)
        assert acked[event_id] - sent_at >= timedelta(seconds=0.39), (event_id, sent_at, acked[event_id])
    stats = run_station("events", "stats", "--journal", str(db), "--json")
    (shoe,) = [json.loads(line) for line in stats.stdout.splitlines()]
    assert shoe["decision_to_ack_ms"]["n"] == 3 and shoe["decision_to_ack_ms"]["p50"] >= 800
