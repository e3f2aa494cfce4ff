"""Only the station speaks for its table: ``events follow --trust DIR`` on a real Mosquitto while a forger on the
same broker publishes a ``round_result`` with the next event id and the anchors copied from the previous event
(unsigned, and signed by another key), a made-up anchor, and a retained status. Every forgery is refused, kept
in the ledger's ``rejected`` table with why and counted by ``events ledger``; the station's own events of those ids
are stored byte for byte; without ``--trust`` the forgery would have been stored (the docs say so)."""

from __future__ import annotations

import json
import signal
import sqlite3

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from dealer_station.signing import Signer, sign_object
from tests.support.mqtt import ledger_rows, run_station, station_process, wait_until

pytestmark = pytest.mark.broker


def stored_payloads(db) -> dict[int, str]:
    with sqlite3.connect(db) as conn:
        return dict(conn.execute("SELECT event_id, payload FROM outbox ORDER BY event_id"))


def forger(broker) -> mqtt.Client:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="not-the-station", protocol=mqtt.MQTTv5)
    client.connect("127.0.0.1", broker.port)
    client.loop_start()
    return client


def rejected_count(ledger) -> int:
    try:
        with sqlite3.connect(f"file:{ledger}?mode=ro", uri=True, timeout=5) as conn:
            return conn.execute("SELECT COUNT(*) FROM rejected").fetchone()[0]
    except sqlite3.Error:
        return 0


def send(client: mqtt.Client, topic: str, body: dict, ledger, *, retain: bool = False) -> None:
    """Publish ``body`` until the follower has refused it once (its subscription may not be made yet)."""
    before = rejected_count(ledger)
    for _ in range(30):
        info = client.publish(topic, json.dumps(body, separators=(",", ":"), sort_keys=True), qos=1, retain=retain)
        info.wait_for_publish(10)
        if wait_until(lambda: rejected_count(ledger) > before, 2):
            return
    raise AssertionError(f"the follower never refused the message on {topic}")


@pytest.fixture
def keys(tmp_path):
    out = tmp_path / "keys"
    assert run_station("keys", "init", "--table-id", "T1", "--out", str(out)).returncode == 0
    return out


def test_forged_events_and_status_are_refused_kept_and_counted_and_the_stations_events_stored(broker, tmp_path,
                                                                                            keys):
    journal, ledger = tmp_path / "journal.sqlite", tmp_path / "ledger.sqlite"
    dealt = run_station("simulate", "--shoes", "1", "--seed", "7", "--journal", str(journal),
                        "--signing-key", str(keys / "T1.key"))
    assert dealt.returncode == 0, dealt.stderr
    genuine = stored_payloads(journal)
    first = json.loads(genuine[1])
    follower = station_process("events", "follow", "--broker", broker.url, "--ledger", str(ledger), "--table", "T1",
                               "--trust", str(keys), "--retry", "0.3", "--log-level", "ERROR")
    try:
        assert wait_until(lambda: ledger.exists(), 30)
        client = forger(broker)
        try:
            # a round result under the next id, the previous event's anchors copied: unsigned, then another key's
            copied = {**first, "type": "round_result", "data": {"winner": "tie", "round_number": 1}}
            copied.pop("signature")
            send(client, "baccarat/tables/T1/events", copied, ledger)
            send(client, "baccarat/tables/T1/events", sign_object({**copied, "event_id": 2}, Signer.generate()), ledger)
            made_up = {**copied, "event_id": 3, "journal_seq": 999_999, "journal_hash": "ab" * 32}
            send(client, "baccarat/tables/T1/events", made_up, ledger)
            # the station's own event 4 with its winner changed: its signature no longer verifies
            changed = json.loads(genuine[4])
            changed["data"] = {**changed["data"], "forged": True}
            send(client, "baccarat/tables/T1/events", changed, ledger)
            send(client, "baccarat/tables/T1/status", {"schema_version": 1, "status": "online", "table_id": "T1",
                                                       "ts": first["ts"], "last_event_id": 2,
                                                       "station": {"client_id": "x"}}, ledger, retain=True)
        finally:
            client.loop_stop()
            client.disconnect()
        # the station itself, afterwards: its pending events (ids 1.. on) go out, signed, with its status
        published = run_station("simulate", "--shoes", "1", "--journal", str(journal), "--broker", broker.url,
                                "--signing-key", str(keys / "T1.key"), timeout=180)
        assert published.returncode == 0, published.stderr
        genuine = stored_payloads(journal)
        assert wait_until(lambda: len(ledger_rows(ledger)) >= len(genuine), 90), (len(ledger_rows(ledger)),
                                                                                  len(genuine))
    finally:
        follower.send_signal(signal.SIGTERM)
        out, err = follower.communicate(timeout=30)
    assert follower.returncode == 0, err
    assert "message(s) refused: not signed by a trusted key" in out
    rows = ledger_rows(ledger)
    assert [event_id for _, event_id, _ in rows] == sorted(genuine)
    assert all(payload == genuine[event_id] for _, event_id, payload in rows)   # byte for byte the station's
    with sqlite3.connect(ledger) as conn:
        rejected = conn.execute("SELECT event_id, topic, reason FROM rejected ORDER BY rowid").fetchall()
    reasons = {(event_id, topic.rsplit("/", 1)[1]): reason for event_id, topic, reason in rejected}
    assert len(reasons) == 5, rejected   # each forgery refused (some more than once: sent until it was)
    assert reasons[(1, "events")] == "unsigned"
    assert "not trusted" in reasons[(2, "events")]
    assert reasons[(3, "events")] == "unsigned"
    assert "does not verify" in reasons[(4, "events")]
    assert reasons[(None, "status")] == "unsigned"
    report = run_station("events", "ledger", str(ledger), "--json")
    assert report.returncode == 0, report.stdout
    (table,) = [json.loads(line) for line in report.stdout.splitlines()]
    assert (table["gaps"], table["anchor_breaks"], table["rejected"]) == ([], 0, len(rejected))


def test_trust_needs_a_directory_of_public_keys(tmp_path, broker):
    empty = tmp_path / "empty"
    empty.mkdir()
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "T1.pub").write_text("not a key")
    for directory, needle in ((tmp_path / "missing", "not a directory"), (empty, "no public key"),
                              (bad, "not a PEM public key")):
        proc = run_station("events", "follow", "--broker", broker.url, "--ledger", str(tmp_path / "l.sqlite"),
                           "--trust", str(directory), "--idle-exit", "1")
        assert proc.returncode == 2 and needle in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr
