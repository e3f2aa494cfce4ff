"""The ledger: each event once (unique key), where to go on after a restart, and ``events ledger``."""

from __future__ import annotations

import hashlib
import json
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.platform.ledger import Ledger, LedgerError, summarize
from dealer_station.platform.tracker import Anchor, Tracker
from tests.conftest import run_cli


def h(seq: int) -> str:
    return hashlib.sha256(f"row{seq}".encode()).hexdigest()


def env(event_id: int, table: str = "T1", seq: int | None = None) -> dict:
    e = {"schema_version": 1, "event_id": event_id, "type": "card_dealt", "table_id": table, "shoe_id": None,
         "round_id": None, "ts": "2026-12-01T00:00:00.000000Z", "data": {}}
    if seq is not None:
        e.update(journal_seq=seq, journal_hash=h(seq))
    return e


def write(ledger: Ledger, tracker: Tracker, table: str, envelopes) -> None:
    for e in envelopes:
        ledger.write(tracker.offer(table, e, json.dumps(e, sort_keys=True)))


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request, tmp_path) -> str:
    """A new ledger's place: a SQLite file, or a database of the session's private PostgreSQL cluster."""
    if request.param == "postgresql":
        return request.getfixturevalue("pg_url")
    return str(tmp_path / "ledger.db")


def change(target: str, *statements: str) -> None:
    """Run SQL on a ledger behind the consumer's back (an adversary, or a bug)."""
    ledger = Ledger(target)
    with ledger.store.transaction() as tx:
        for statement in statements:
            tx.execute(statement)
    ledger.close()


@pytest.fixture
def ledger_file(target):
    path = target
    ledger = Ledger(path)
    t = Tracker(ledger.state())
    write(ledger, t, "T1", [env(i, seq=100 + i // 2) for i in range(1, 11)])
    write(ledger, t, "T2", [env(i, "T2") for i in (2, 1, 3)])
    ledger.close()
    return path


def test_the_ledger_keeps_what_was_written_and_says_where_to_go_on(ledger_file):
    ledger = Ledger(ledger_file)
    assert ledger.state() == {"T1": (10, Anchor(105, h(105))), "T2": (3, None)}
    rows = list(ledger.events())
    assert [(t, i) for t, i, _ in rows] == [("T1", i) for i in range(1, 11)] + [("T2", 1), ("T2", 2), ("T2", 3)]
    assert json.loads(rows[0][2]) == env(1, seq=100)
    if not ledger_file.startswith("postgresql"):
        assert ledger.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # a tracker going on from the ledger drops what is already there, writes what is new
    t = Tracker(ledger.state())
    write(ledger, t, "T1", [env(i, seq=100 + i // 2) for i in range(5, 13)])
    assert ledger.state()["T1"] == (12, Anchor(106, h(106)))
    # the key makes a second copy of an id a no-op (another consumer of a pool wrote it, or it was replayed):
    # the rest of the batch is written, the copy changes nothing
    new = Tracker(ledger.state()).offer("T2", env(4, "T2"), "{}")
    again = Tracker().offer("T2", env(1, "T2"), '{"forged": true}')
    assert ledger.write(new + again) == 1
    assert ledger.state()["T2"] == (4, None)
    assert [p for t, i, p in ledger.events(["T2"]) if i == 1] == [json.dumps(env(1, "T2"), sort_keys=True)]
    ledger.close()


def test_events_ledger_prints_each_table(ledger_file):
    result = run_cli("events", "ledger", str(ledger_file))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"T1: last event 10, 10 event(s), gaps: none, last anchor: journal_seq 105 hash {h(105)[:16]}"
    assert lines[1] == "T2: last event 3, 3 event(s), gaps: none, last anchor: none (unanchored)"
    result = run_cli("events", "ledger", str(ledger_file), "--json")
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows[0] == {"table_id": "T1", "last_event_id": 10, "events": 10, "gaps": [],
                       "last_anchor": {"journal_seq": 105, "journal_hash": h(105)}, "unanchored": 0,
                       "anchor_breaks": 0, "given_up": [], "rejected": 0, "unchecked": 0}
    assert (rows[1]["table_id"], rows[1]["last_anchor"], rows[1]["unanchored"]) == ("T2", None, 3)


def test_events_ledger_lists_a_forced_gap(ledger_file):
    # an adversary (or a bug) removes rows: the report must show the hole
    change(ledger_file, "DELETE FROM events WHERE table_id = 'T1' AND event_id IN (4, 5, 6, 9)",
           "DELETE FROM events WHERE table_id = 'T2' AND event_id = 1")
    result = run_cli("events", "ledger", str(ledger_file))
    assert result.returncode == 1
    assert "T1: last event 10, 6 event(s), gaps: 4-6, 9, last anchor" in result.stdout
    assert "T2: last event 3, 2 event(s), gaps: 1, last anchor" in result.stdout
    result = run_cli("events", "ledger", "--json", str(ledger_file))
    assert result.returncode == 1
    rows = {r["table_id"]: r for r in map(json.loads, result.stdout.splitlines())}
    assert rows["T1"]["gaps"] == [[4, 6], [9, 9]] and rows["T1"]["events"] == 6
    assert rows["T2"]["gaps"] == [[1, 1]] and rows["T2"]["last_event_id"] == 3


def test_a_broken_anchor_and_a_given_up_range_are_reported(target):
    path = target
    ledger = Ledger(path)
    t = Tracker()
    write(ledger, t, "T1", [env(1, seq=5), env(2, seq=4)])
    lost, ready = t.table("T1").skip_to(6)
    ledger.give_up("T1", *lost, "not_retained")
    write(ledger, t, "T1", [env(6, seq=9)])
    ledger.close()
    (s,) = summarize(path)
    assert (s.anchor_breaks, s.gaps, s.given_up) == (1, [[3, 5]], [[3, 5]])
    result = run_cli("events", "ledger", str(path))
    assert result.returncode == 1
    assert "1 anchor break(s)" in result.stdout and "given up (no longer kept by the station): 3-5" in result.stdout


@pytest.mark.parametrize("content", [b"", b"not a database at all" * 100])
def test_bad_ledger_files_are_one_line_and_exit_2(tmp_path, content):
    path = tmp_path / "x.db"
    path.write_bytes(content)
    result = run_cli("events", "ledger", str(path))
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "ledger" in result.stderr and "Traceback" not in result.stderr
    result = run_cli("events", "ledger", str(tmp_path / "missing.db"))
    assert result.returncode == 2 and "does not exist" in result.stderr
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE events (x)").connection.commit()
    result = run_cli("events", "follow", "--broker", "mqtt://127.0.0.1:1", "--ledger", str(other))
    assert result.returncode == 2 and "cannot be used" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("args, says", [
    (["--broker", "http://x", "--ledger", "L"], "scheme"),
    (["--broker", "mqtt://x", "--ledger", "L", "--table", "a/b"], "cannot name a topic"),
    (["--broker", "mqtt://x", "--ledger", "L", "--idle-exit", "-1"], "seconds"),
    (["--ledger", "L"], "--broker"),
])
def test_bad_follow_command_lines(tmp_path, args, says):
    result = run_cli("events", "follow", *[str(tmp_path / a) if a == "L" else a for a in args])
    assert result.returncode == 2 and says in result.stderr and "Traceback" not in result.stderr, result.stderr


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40).flatmap(lambda n: st.tuples(
    st.just(n), st.permutations(list(range(1, n + 1)) * 2), st.integers(0, 2 * n))))
def test_any_order_with_duplicates_and_a_restart_leaves_the_ledger_1_to_n_once(case):
    import tempfile
    from pathlib import Path

    n, order, restart_at = case
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "ledger.db"
        ledger = Ledger(path)
        tracker = Tracker(ledger.state())
        for k, event_id in enumerate(order):
            if k == restart_at:   # the consumer stops and starts again: held events are forgotten, asked again
                ledger.close()
                ledger = Ledger(path)
                tracker = Tracker(ledger.state())
            e = env(event_id)
            ledger.write(tracker.offer("T1", e, json.dumps(e)))
        tracker.status("T1", {"status": "online", "last_event_id": n})   # the retained status tells how far
        missing = [i for a, b in tracker.table("T1").gaps() for i in range(a, b + 1)]
        for event_id in missing:      # what the restart forgot, replayed
            e = env(event_id)
            ledger.write(tracker.offer("T1", e, json.dumps(e)))
        ids = [i for (i,) in ledger.conn.execute("SELECT event_id FROM events ORDER BY rowid")]
        ledger.close()
    assert ids == list(range(1, n + 1))


@pytest.fixture
def small_disk(tmp_path):
    """A 1 MiB tmpfs (root only)."""
    import os
    import subprocess

    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    mnt = tmp_path / "small"
    mnt.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    yield mnt
    subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def test_a_full_disk_refuses_a_batch_whole_and_writing_goes_on_once_there_is_room(small_disk):
    path = small_disk / "ledger.db"
    ledger = Ledger(path)
    tracker = Tracker(ledger.state())
    written, failed_at = 0, None
    pad = "x" * 2000
    for event_id in range(1, 5000):
        e = {**env(event_id), "data": {"pad": pad}}
        batch = tracker.offer("T1", e, json.dumps(e))
        try:
            ledger.write(batch)
            written = event_id
        except LedgerError as err:
            assert "full" in str(err) or "disk" in str(err), err
            failed_at = event_id
            break
    assert failed_at is not None, "the disk never filled"
    ledger.close()
    ledger = Ledger(path)       # what is there is a whole prefix: every batch is all or nothing
    ids = [i for (i,) in ledger.conn.execute("SELECT event_id FROM events ORDER BY event_id")]
    assert ids == list(range(1, written + 1))
    tracker = Tracker(ledger.state())   # goes on after the last written id: the refused one is asked for again
    assert tracker.table("T1").last_id == written
    ledger.close()


def test_a_key_announced_before_a_restart_is_trusted_again_from_the_ledger(tmp_path):
    """The follower learns an announced key from the event; after a restart, from the ledger's copy of it."""
    from dealer_station.platform.follow import Follower
    from dealer_station.platform.ledger import Ledger
    from dealer_station.platform.tracker import Accepted
    from dealer_station.publish import parse_broker_url
    from dealer_station.signing import KEY_EVENT, Signer, TrustStore, public_pem, sign_object

    old, new = Signer.generate(), Signer.generate()
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "T1.pub").write_text(public_pem(old.public_key))
    announcement = sign_object({"schema_version": 1, "event_id": 1, "type": KEY_EVENT, "table_id": "T1",
                                "shoe_id": None, "round_id": None, "ts": "2026-12-02T10:00:00.000000Z",
                                "data": {"key_id": new.key_id, "public_key": public_pem(new.public_key),
                                         "previous_key_id": old.key_id}}, old)
    ledger = Ledger(tmp_path / "ledger.sqlite")
    ledger.write([Accepted("T1", 1, announcement, json.dumps(announcement), None, "unanchored", "")])
    later = sign_object({**announcement, "event_id": 2, "type": "card_dealt", "data": {}}, new)
    assert "not trusted" in TrustStore(keys).problem("T1", later)
    follower = Follower(parse_broker_url("mqtt://127.0.0.1:1"), ledger, ["T1"], trust=TrustStore(keys))
    assert follower.trust.problem("T1", later) is None
    ledger.close()


def test_a_replay_answer_to_another_consumers_request_gives_nothing_up(tmp_path):
    """A not_retained answer (the station's, or a forger's) to a request this follower did not make is ignored:
    only an answer to its own request makes it give ids up."""
    from dealer_station.platform.follow import Follower
    from dealer_station.platform.ledger import Ledger
    from dealer_station.publish import parse_broker_url

    ledger = Ledger(tmp_path / "ledger.sqlite")
    follower = Follower(parse_broker_url("mqtt://127.0.0.1:1"), ledger, ["T1"])
    answer = {"error": "not_retained", "first_available": 10**9, "last_available": 10**9, "from": 1, "to": 5}
    follower._replay_error("T1", {**answer, "request_id": "someone-else-1"})
    follower._replay_error("T1", {k: v for k, v in answer.items()})
    assert ledger.conn.execute("SELECT COUNT(*) FROM given_up").fetchone()[0] == 0
    follower._replay_error("T1", {**answer, "request_id": f"{follower.client_id}-1"})
    assert ledger.conn.execute("SELECT COUNT(*) FROM given_up").fetchone()[0] == 1
    ledger.close()


def test_a_ledger_made_before_schema_versions_is_migrated_by_number_and_a_later_one_is_refused(tmp_path):
    from dealer_station.platform.ledger import LATEST_SCHEMA, MIGRATIONS

    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)   # a ledger as events follow wrote it before the schema had a version
    conn.executescript(MIGRATIONS[0].statements[0] + ";" + MIGRATIONS[0].statements[2] + ";")
    conn.execute("INSERT INTO events VALUES ('T1', 1, 'card_dealt', 'x', NULL, NULL, 'unanchored', '', '{}', 'y')")
    conn.commit()
    conn.close()
    ledger = Ledger(path)
    assert ledger.schema_version == LATEST_SCHEMA == 2
    assert [v for v, _, _ in ledger.migrations()] == [1, 2]
    assert ledger.state() == {"T1": (1, None)}   # what it held is kept
    ledger.close()
    ledger = Ledger(path)   # opened again: nothing applied twice
    assert [v for v, _, _ in ledger.migrations()] == [1, 2]
    with ledger.store.transaction() as tx:
        tx.execute("INSERT INTO ledger_schema VALUES (3, 'from a later version', 'z')")
    ledger.close()
    with pytest.raises(LedgerError, match="schema 3, made by a later dealer-station"):
        Ledger(path)
    result = run_cli("events", "follow", "--broker", "mqtt://127.0.0.1:1", "--ledger", str(path))
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "schema 3" in result.stderr


def test_consumers_starting_together_on_one_postgresql_ledger_migrate_it_once(pg_url):
    import threading

    ledgers, errors = [], []

    def open_one():
        try:
            ledgers.append(Ledger(pg_url))
        except Exception as err:  # noqa: BLE001 - reported below
            errors.append(err)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors and len(ledgers) == 4
    assert [v for v, _, _ in ledgers[0].migrations()] == [1, 2]
    for ledger in ledgers:
        ledger.close()


def test_a_pool_members_unchecked_events_are_checked_in_order_by_the_one_gap_checker(target):
    """Two members write what each received, unchecked; the one checker reads them back in id order into its
    tracker, checks the anchors, and writes the checks: the ledger is then as one consumer writes it."""
    a, b = Ledger(target), Ledger(target)
    evens = [env(i, seq=100 + i // 2) for i in range(2, 11, 2)]
    odds = [env(i, seq=100 + i // 2) for i in range(1, 11, 2)]
    assert a.receive([("T1", e, json.dumps(e, sort_keys=True)) for e in evens]) == 5
    assert b.receive([("T1", e, json.dumps(e, sort_keys=True)) for e in odds[:3]]) == 3
    assert b.receive([("T1", e, json.dumps(e, sort_keys=True)) for e in odds]) == 2   # doubled: no-op
    assert a.state() == {} and a.summarize()[0].unchecked == 10
    assert a.lead() and not b.lead()          # one gap checker at a time
    tracker = Tracker(a.state())
    for table_id, _event_id, payload in a.unchecked({}):
        a.write(tracker.offer(table_id, json.loads(payload), payload))
    assert a.state() == {"T1": (10, Anchor(105, h(105)))}
    (s,) = a.summarize()
    assert (s.events, s.gaps, s.unchecked, s.anchor_breaks) == (10, [], 0, 0)
    assert list(a.unchecked({})) == []
    a.close()                                  # the checker ends: another member takes it
    assert b.lead()
    b.close()


@pytest.mark.parametrize("url, says", [
    ("postgresql://ledger@127.0.0.1:1/ledger", "cannot be reached"),
    ("postgresql://ledger@127.0.0.1:notaport/ledger", "ledger postgresql://"),
    ("postgresql://sue:secret@127.0.0.1:1/ledger", "sue:***@"),
])
def test_a_bad_postgresql_url_is_one_line_and_exit_2(url, says):
    for args in (["events", "follow", "--broker", "mqtt://127.0.0.1:1", "--ledger", url],
                 ["events", "ledger", url], ["events", "ledger", url, "--json"]):
        result = run_cli(*args, timeout=60)
        assert result.returncode == 2, result
        assert len(result.stderr.strip().splitlines()) == 1 and says in result.stderr, result.stderr
        assert "Traceback" not in result.stderr and "secret" not in result.stderr


def test_a_bad_share_group_is_one_line_and_exit_2(tmp_path):
    result = run_cli("events", "follow", "--broker", "mqtt://127.0.0.1:1", "--ledger", str(tmp_path / "l.db"),
                     "--share", "a/b")
    assert result.returncode == 2 and "--share" in result.stderr and len(result.stderr.strip().splitlines()) == 1
