"""The outbox is under the hash chain: every table copy of a result edited in the outbox with
plain sqlite3 (a winner, a card, a void, an incident), an event added, removed or moved to another id, or
pointed at another row is named by ``journal verify``, fails ``journal replay``, and is refused by the
publisher, which sends neither it nor any event after it and tells ``on_refused``; a station with a
publisher then pauses with an ``event_mismatch`` incident. An untouched journal verifies and publishes as
before, and every event it publishes is provable from the chain by its anchor."""

from __future__ import annotations

import hashlib
import json
import queue
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from dealer_station import outbox
from dealer_station.app.config import load_config
from dealer_station.app.replay import Replayer, audit_journal, load_session
from dealer_station.journal import EventSpec, Journal
from dealer_station.journal.anchor import EventCheck
from dealer_station.journal.store import GENESIS, canonical, row_hash
from dealer_station.publish import Publisher
from dealer_station.schemas import validate_event
from tests.conftest import run_cli
from tests.support.mqtt import ROOT, dedup, fast, run_station

SESSION = ROOT / "hw_fixtures" / "sessions" / "misread-limit-void.session.jsonl"
"""Three rounds: a completed round, one paused by three misreads and voided, another completed."""
EVENTS = 32
"""The events the session makes (the two rescans before the misread limit among them, as ``card_misread``, and the
burn's three cards, as ``card_burned``)."""


def station_journal(tmp_path) -> Path:
    """A journal as the station writes it, with every kind of platform event (result, card, void, pause)."""
    path = tmp_path / "journal.sqlite"
    journal = Journal(path, synchronous="OFF")
    Replayer(load_config(), journal=journal).play(load_session(SESSION))
    journal.close()
    return path


def events_of(conn, kind: str) -> list[tuple[int, dict]]:
    return [(i, json.loads(p)) for i, p in conn.execute(
        "SELECT event_id, payload FROM outbox WHERE type = ? ORDER BY event_id", (kind,))]


def set_member(conn, event_id: int, path: str, value) -> None:
    conn.execute("UPDATE outbox SET payload = json_set(payload, ?, json(?)) WHERE event_id = ?",
                 (path, json.dumps(value), event_id))


def edit_winner(conn):
    event_id, env = events_of(conn, "round_result")[0]
    winner = env["data"]["winner"]
    set_member(conn, event_id, "$.data.winner", "banker" if winner != "banker" else "player")
    return event_id, event_id, "content differs"


def edit_card(conn):
    event_id, env = events_of(conn, "card_dealt")[2]
    set_member(conn, event_id, "$.data.card", "KS" if env["data"]["card"] != "KS" else "QH")
    return event_id, event_id, "content differs"


def edit_void(conn):
    event_id, _ = events_of(conn, "round_voided")[0]
    set_member(conn, event_id, "$.data.status", "completed")
    return event_id, event_id, "content differs"


def edit_pause(conn):
    event_id, _ = events_of(conn, "round_paused")[0]
    set_member(conn, event_id, "$.data.incident.type", "procedure_violation")
    return event_id, event_id, "content differs"


def add_event(conn):
    (last, payload), = conn.execute("SELECT event_id, payload FROM outbox ORDER BY event_id DESC LIMIT 1")
    env = {**json.loads(payload), "event_id": last + 1}
    conn.execute("INSERT INTO outbox(event_id, type, payload) VALUES (?, ?, ?)",
                 (last + 1, env["type"], outbox.payload_text(env)))
    return last + 1, last + 1, "lists it"


def add_unanchored_event(conn):
    (last,), = conn.execute("SELECT MAX(event_id) FROM outbox")
    outbox.append(conn, "betting_closed", table_id="T1", ts="2026-11-30T10:00:09.000000Z",
                  data={"round_number": 3, "by": "dealer"}, shoe_id="T1-S0001", round_id="T1-S0001-R003")
    return last + 1, last + 1, "lists it"


def delete_event(conn):
    event_id, _ = events_of(conn, "round_result")[0]
    conn.execute("DELETE FROM outbox WHERE event_id = ?", (event_id,))
    return event_id, event_id + 1, "removed"   # the publisher refuses the event that follows the gap


def swap_ids(conn):
    event_id, _ = events_of(conn, "round_result")[0]
    conn.execute("UPDATE outbox SET event_id = -1 WHERE event_id = ?", (event_id,))
    conn.execute("UPDATE outbox SET event_id = ? WHERE event_id = ?", (event_id, event_id + 1))
    conn.execute("UPDATE outbox SET event_id = ? WHERE event_id = -1", (event_id + 1,))
    return event_id, event_id, "renumbered"


def re_anchor(conn):
    """An event pointed at another decision row (a real one, with its real hash)."""
    event_id, env = events_of(conn, "round_result")[0]
    seq, digest = conn.execute("SELECT seq, hash FROM journal WHERE kind = 'decision' AND seq < ? "
                               "ORDER BY seq DESC LIMIT 1", (env["journal_seq"],)).fetchone()
    set_member(conn, event_id, "$.journal_seq", seq)
    set_member(conn, event_id, "$.journal_hash", digest)
    return event_id, event_id, "row"


def set_text(conn, event_id: int, text: str) -> None:
    conn.execute("UPDATE outbox SET payload = ? WHERE event_id = ?", (text, event_id))


def duplicate_winner(conn):
    """A second ``winner`` key after the first: Python's parser keeps the last, other languages' the first."""
    event_id, env = events_of(conn, "round_result")[0]
    (text,), = conn.execute("SELECT payload FROM outbox WHERE event_id = ?", (event_id,))
    other = "banker" if env["data"]["winner"] != "banker" else "player"
    key = '"data":{'
    assert key in text
    set_text(conn, event_id, text.replace(key, f'{key}"winner":"{other}",', 1))
    return event_id, event_id, "appears twice"


def respaced(conn):
    """The same value written with spaces: another byte string of one parse."""
    event_id, env = events_of(conn, "round_result")[0]
    set_text(conn, event_id, json.dumps(env, sort_keys=True))
    return event_id, event_id, "not canonical"


def escaped(conn):
    """One character written as a \\u escape where the stored text has none: the same string, other bytes."""
    event_id, _ = events_of(conn, "card_dealt")[0]
    (text,), = conn.execute("SELECT payload FROM outbox WHERE event_id = ?", (event_id,))
    set_text(conn, event_id, text.replace('"type":"card_dealt"', '"type":"card\\u005fdealt"', 1))
    return event_id, event_id, "not canonical"


def number_form(conn):
    """``event_id`` written as ``7.0e0``-style text: another number form of a value."""
    event_id, _ = events_of(conn, "round_result")[0]
    (text,), = conn.execute("SELECT payload FROM outbox WHERE event_id = ?", (event_id,))
    set_text(conn, event_id, text.replace('"schema_version":1', '"schema_version":1E0', 1))
    return event_id, event_id, "not canonical"


EDITS = {"duplicate_winner": duplicate_winner, "respaced": respaced, "escaped": escaped,
         "number_form": number_form,
         "winner": edit_winner, "card_dealt": edit_card, "round_voided": edit_void, "round_paused": edit_pause,
         "added": add_event, "added_unanchored": add_unanchored_event, "deleted": delete_event,
         "swapped_ids": swap_ids, "re_anchored": re_anchor}


def tampered(tmp_path, name):
    path = station_journal(tmp_path)
    with sqlite3.connect(path) as conn:   # plain sqlite3, as anyone with the file can
        bad, refused, needle = EDITS[name](conn)
    return path, bad, refused, needle


def first_refusal(path) -> tuple[int, str] | None:
    """What the publisher's check says of the outbox, event by event in order: the first refusal."""
    conn = sqlite3.connect(path)
    check = EventCheck(conn)
    try:
        for event_id, payload in conn.execute("SELECT event_id, payload FROM outbox ORDER BY event_id").fetchall():
            problem = check.problem(event_id, payload)
            if problem:
                return event_id, problem
        return None
    finally:
        conn.close()


def test_an_untouched_journal_verifies_and_every_event_is_provable_from_its_anchor(tmp_path):
    path = station_journal(tmp_path)
    proc = run_cli("journal", "verify", str(path))
    assert proc.returncode == 0 and f"{EVENTS} events match the chain" in proc.stdout, proc.stdout
    with Journal(path, readonly=True) as journal:
        assert audit_journal(journal, load_config()).ok
        rows = {r.seq: r for r in journal.rows()}
        events = outbox.read_events(journal.conn)
    assert first_refusal(path) is None
    listed = [tuple(item) for r in rows.values() if r.kind == "decision" for item in r.body["events"]]
    assert [i for i, _ in listed] == [e.event_id for e in events] == list(range(1, EVENTS + 1))
    for event in events:   # as a platform does it: the row the anchor names lists this event's digest
        env = json.loads(event.payload)
        assert validate_event(env) == []
        row = rows[env["journal_seq"]]
        assert row.kind == "decision" and row.hash == env["journal_hash"]
        assert row_hash(row.seq, row.ts, row.kind, row.mark, canonical(row.body), row.prev_hash) == row.hash
        bare = {k: v for k, v in env.items() if k not in ("journal_seq", "journal_hash")}
        digest = hashlib.sha256(json.dumps(bare, sort_keys=True, separators=(",", ":"),
                                           ensure_ascii=False).encode()).hexdigest()
        assert [event.event_id, digest] in row.body["events"]


@pytest.mark.parametrize("name", sorted(EDITS))
def test_an_edited_outbox_is_named_by_verify_fails_the_audit_and_is_refused(tmp_path, name):
    path, bad, refused, needle = tampered(tmp_path, name)
    proc = run_cli("journal", "verify", str(path))
    assert proc.returncode == 1, proc.stdout
    line = proc.stdout.strip()
    assert line.count("\n") == 0 and f"TAMPERED: event {bad}: " in line and needle in line, line
    with Journal(path, readonly=True) as journal:
        report = audit_journal(journal, load_config())
    assert not report.ok and f"event {bad}: " in report.first_difference
    found = first_refusal(path)
    assert found is not None and found[0] == refused, found


def test_journal_replay_fails_on_an_edited_winner(tmp_path):
    path, bad, _, _ = tampered(tmp_path, "winner")
    proc = run_cli("journal", "replay", str(path))
    assert proc.returncode == 1 and f"event {bad}" in proc.stdout and "content differs" in proc.stdout, proc.stdout


def test_a_rebuilt_chain_without_the_outbox_shows_in_the_anchors(tmp_path):
    """A forger who changes a decision row and rebuilds the chain leaves every later event's anchor behind."""
    path = station_journal(tmp_path)
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER journal_no_update")
    seq, text = conn.execute("SELECT seq, body FROM journal WHERE kind = 'decision' AND body LIKE "
                             "'%round_completed%' ORDER BY seq LIMIT 1").fetchone()
    body = json.loads(text)
    body["state"] = "ready "
    conn.execute("UPDATE journal SET body = ? WHERE seq = ?", (canonical(body), seq))
    prev = GENESIS
    for row in conn.execute("SELECT seq, ts, kind, mark, body FROM journal ORDER BY seq").fetchall():
        digest = row_hash(*row, prev)
        conn.execute("UPDATE journal SET prev_hash = ?, hash = ? WHERE seq = ?", (prev, digest, row[0]))
        prev = digest
    conn.commit()
    conn.close()
    proc = run_cli("journal", "verify", str(path))
    assert proc.returncode == 1 and "journal_hash is not decision row" in proc.stdout, proc.stdout
    found = first_refusal(path)
    assert found is not None and "journal_hash" in found[1]


def old_journal(path: Path) -> None:
    """A journal as the station wrote it before events were anchored: decision rows without ``events``."""
    conn = sqlite3.connect(path)
    Journal(path).close()   # the tables
    prev = GENESIS
    ts = "2026-11-30T09:00:00.000000Z"
    for seq, (kind, body) in enumerate([("input", {"kind": "dealer", "act": "new_shoe"}),
                                        ("decision", {"input": 1, "outputs": [], "shoe": 1})], start=1):
        text = canonical(body)
        digest = row_hash(seq, ts, kind, "", text, prev)
        conn.execute("INSERT INTO journal VALUES (?, ?, ?, '', ?, ?, ?)", (seq, ts, kind, text, prev, digest))
        prev = digest
    for _ in range(3):
        outbox.append(conn, "table_status", table_id="T1", ts=ts, data={"status": "shuffling", "state": "shuffle"})
    conn.commit()
    conn.close()


def test_an_old_journal_still_verifies_its_unanchored_events_are_told_and_new_ones_are_covered(tmp_path):
    path = tmp_path / "old.sqlite"
    old_journal(path)
    proc = run_cli("journal", "verify", str(path))
    assert proc.returncode == 0 and "3 events (1-3) unanchored" in proc.stdout, proc.stdout
    assert first_refusal(path) is None   # sent as stored: they cannot be proven, nor refused
    with Journal(path) as journal:       # the new version goes on with the same journal
        journal.append("input", {"kind": "dealer", "act": "shuffled"}, "2026-11-30T09:00:01.000000Z")
        journal.append("decision", {"input": 3, "outputs": []}, "2026-11-30T09:00:01.000000Z",
                       events=[EventSpec("table_status", {"status": "open", "state": "ready"})], table_id="T1")
        assert journal.verify().ok and journal.verify().events == 1
        assert "unanchored: written before row 4" in journal.verify().note
    assert first_refusal(path) is None
    with sqlite3.connect(path) as conn:
        set_member(conn, 4, "$.data.status", "paused")
    proc = run_cli("journal", "verify", str(path))
    assert proc.returncode == 1 and "event 4: its content differs" in proc.stdout
    assert first_refusal(path)[0] == 4


def test_an_unanchored_event_in_a_new_journal_is_no_old_event(tmp_path):
    path = station_journal(tmp_path)
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM outbox")
        outbox.append(conn, "table_status", table_id="T1", ts="2026-11-30T09:00:00Z",
                      data={"status": "open", "state": "ready"})
    proc = run_cli("journal", "verify", str(path))
    assert proc.returncode == 1 and "event 1: " in proc.stdout
    assert first_refusal(path)[0] == 1


# ------------------------------------------------------------------- the publisher, against a real broker


@pytest.mark.broker
def test_an_untouched_journal_publishes_as_before(broker, subscriber_factory, tmp_path):
    path = station_journal(tmp_path)
    sub = subscriber_factory(broker.port)
    calls = []
    pub = Publisher(fast(broker.url), path, "T1", on_refused=lambda *a: calls.append(a)).start()
    try:
        assert pub.drain(20) == 0
        assert sub.wait_for(lambda: len(dedup(sub.ids("T1"))) == EVENTS)
    finally:
        pub.stop()
    assert dedup(sub.ids("T1")) == list(range(1, EVENTS + 1)) and calls == [] and pub.refused is None
    assert all("journal_seq" in e and "journal_hash" in e for e in sub.events)


@pytest.mark.broker
@pytest.mark.parametrize("name", ["winner", "card_dealt", "round_voided", "round_paused", "added", "deleted",
                                  "swapped_ids", "re_anchored"])
def test_the_publisher_refuses_an_edited_event_and_everything_after_it(broker, subscriber_factory, tmp_path, name):
    path, _, refused, _ = tampered(tmp_path, name)
    sub = subscriber_factory(broker.port)
    calls: queue.Queue = queue.Queue()
    threads = []

    def on_refused(event_id, problem):
        threads.append(threading.current_thread())
        calls.put((event_id, problem))

    pub = Publisher(fast(broker.url), path, "T1", on_refused=on_refused).start()
    try:
        event_id, problem = calls.get(timeout=20)
        assert event_id == refused and problem
        assert pub.drain(0.5) > 0                # returns at once: the rest cannot be sent
        time.sleep(1.5)                          # a second look (RECHECK_SECONDS) refuses again, silently
        assert pub.refused == (event_id, problem)
    finally:
        pub.stop()
    assert calls.empty() and threads[0] is not threading.current_thread()   # told once, on its own thread
    assert dedup(sub.ids("T1")) == list(range(1, refused)) if name != "deleted" else \
        [i for i in range(1, refused) if i != refused - 1]
    with sqlite3.connect(path) as conn:
        unsent = [i for (i,) in conn.execute("SELECT event_id FROM outbox WHERE published_utc IS NULL")]
    assert unsent and min(unsent) == refused


@pytest.mark.broker
def test_a_refused_event_put_back_as_it_was_is_sent(broker, subscriber_factory, tmp_path):
    path = station_journal(tmp_path)
    with sqlite3.connect(path) as conn:
        event_id, env = events_of(conn, "round_result")[0]
        original = conn.execute("SELECT payload FROM outbox WHERE event_id = ?", (event_id,)).fetchone()[0]
    with sqlite3.connect(path) as conn:
        edit_winner(conn)
    sub = subscriber_factory(broker.port)
    calls = []
    pub = Publisher(fast(broker.url), path, "T1", on_refused=lambda *a: calls.append(a)).start()
    try:
        assert sub.wait_for(lambda: calls, timeout=20)
        with sqlite3.connect(path) as conn:
            conn.execute("UPDATE outbox SET payload = ? WHERE event_id = ?", (original, event_id))
        assert sub.wait_for(lambda: pub.refused is None, timeout=10)   # looked at again within RECHECK_SECONDS
        assert pub.drain(20) == 0
    finally:
        pub.stop()
    assert dedup(sub.ids("T1")) == list(range(1, EVENTS + 1)) and len(calls) == 1


# ------------------------------------------------------------------- a station with a publisher


@pytest.mark.broker
def test_a_station_whose_outbox_was_edited_pauses_with_an_event_mismatch(broker, subscriber_factory, tmp_path):
    from dealer_station.app.controller import Controller
    from dealer_station.app.station import EventRefused
    from dealer_station.app.station import run_station as station_loop

    path, bad, _, _ = tampered(tmp_path, "winner")
    sub = subscriber_factory(broker.port)
    journal = Journal(path)
    controller = Controller(load_config(), journal)
    assert controller.state not in ("paused", "no_shoe", "shoe_end")
    events: queue.Queue = queue.Queue()
    stop = threading.Event()
    controller.subscribe(lambda fact: stop.set(), kinds=("round_paused",))
    pub = Publisher(fast(broker.url), path, "T1",
                    on_refused=lambda event_id, problem: events.put(EventRefused(event_id, problem))).start()
    try:
        why = station_loop(controller, events, None, stop, idle_exit=20)
    finally:
        pub.stop()
    view = controller.snapshot()
    assert why == "stopped" and view.state == "paused"
    assert view.incident.type == "event_mismatch" and f"event {bad}" in view.incident.detail
    assert "does not match the journal" in view.incident.detail
    inputs = [r.body for r in journal.rows(kinds=("input",)) if r.body.get("kind") == "publisher"]
    assert inputs and inputs[0]["event_id"] == bad
    journal.close()
    assert sub.wait_for(lambda: len(dedup(sub.ids("T1"))) >= bad - 1)
    assert dedup(sub.ids("T1")) == list(range(1, bad))   # the events before it went out; it and after, not


@pytest.mark.broker
@pytest.mark.parametrize("command", ["simulate", "run"])
def test_simulate_and_run_pause_on_an_edited_outbox(broker, tmp_path, command):
    path = tmp_path / "sim.sqlite"
    done = run_station("simulate", "--shoes", "1", "--seed", "3", "--journal", str(path), timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    with sqlite3.connect(path) as conn:
        bad, _, _ = edit_winner(conn)
    args = {"simulate": ["simulate", "--shoes", "3"],
            "run": ["run", "--headless", "--shoe", "sim?seed=3", "--auto", "--shoes", "3", "--idle-exit", "20"]}
    done = run_station(*args[command], "--journal", str(path), "--broker", broker.url, "--drain-timeout", "5",
                       timeout=180)
    assert done.returncode == 1, done.stderr[-2000:]
    assert "event_mismatch" in done.stderr or f"event {bad} not published" in done.stderr, done.stderr[-2000:]
    with Journal(path, readonly=True) as journal:
        refused = [r.body for r in journal.rows(kinds=("input",)) if r.body.get("kind") == "publisher"]
    assert refused and refused[0]["event_id"] == bad


@pytest.mark.broker
def test_events_publish_stops_at_an_edited_event_with_one_line(broker, subscriber_factory, tmp_path):
    path, bad, _, _ = tampered(tmp_path, "card_dealt")
    sub = subscriber_factory(broker.port)
    # at once, not after the drain timeout: waiting it out would pass run_cli's own 120 s limit and raise
    done = run_cli("events", "publish", "--journal", str(path), "--broker", broker.url, "--drain-timeout", "600",
                   timeout=120)
    assert done.returncode == 1
    lines = [line for line in done.stderr.splitlines() if line.startswith("dealer-station events:")]
    assert len(lines) == 1 and f"event {bad} does not match the journal" in lines[0], done.stderr
    assert sub.wait_for(lambda: len(dedup(sub.ids("T1"))) >= bad - 1)
    assert dedup(sub.ids("T1")) == list(range(1, bad))


def test_an_event_removed_from_the_end_never_has_its_id_given_again(tmp_path):
    """Ids go on from the chain: the next decision's event is the next id even with the last one deleted, so the
    publisher finds the gap (and a platform that saw the old last one never takes the new one for a duplicate)."""
    path = station_journal(tmp_path)
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM outbox WHERE event_id = ?", (EVENTS,))
    proc = run_cli("journal", "verify", str(path))
    assert proc.returncode == 1 and f"event {EVENTS}: " in proc.stdout and "removed" in proc.stdout
    with Journal(path) as journal:
        _, stored = journal.append("decision", {"input": 0, "outputs": []}, "2026-11-30T10:00:09.000000Z",
                                   events=[EventSpec("table_status", {"status": "open", "state": "ready"})],
                                   table_id="T1")
    assert [e.event_id for e in stored] == [EVENTS + 1]
    found = first_refusal(path)
    assert found is not None and found[0] == EVENTS + 1 and f"event {EVENTS} before it is missing" in found[1]


@pytest.mark.parametrize("strip_anchors", [False, True], ids=["anchored", "anchors_stripped"])
def test_an_outbox_whose_journal_table_was_dropped_is_refused_not_published_unchecked(tmp_path, strip_anchors):
    """Dropping the journal table (its triggers stop UPDATE and DELETE, not DROP) leaves nothing to check an
    edited outbox against: the events claim their anchors, and the database is marked as a station's journal
    (``application_id``) even when the anchors are stripped too, so the check refuses the first event."""
    path = station_journal(tmp_path)
    with sqlite3.connect(path) as conn:
        edit_winner(conn)
        conn.execute("DROP TABLE journal")
        if strip_anchors:
            conn.execute("UPDATE outbox SET payload = json_remove(payload, '$.journal_seq', '$.journal_hash')")
    refusal = first_refusal(path)
    assert refusal is not None and refusal[0] == 1 and "no journal table" in refusal[1]
    assert run_cli("journal", "verify", str(path)).returncode != 0


def test_an_outbox_of_a_tool_without_a_journal_is_still_read_unchecked(tmp_path):
    """A database with only an outbox (a tool's, never a station's: no journal mark, no anchors) has nothing to
    be checked against and is published as it is; the mark is what tells the two apart."""
    path = tmp_path / "tool.sqlite"
    with sqlite3.connect(path) as conn:
        outbox.ensure_schema(conn)
        outbox.append(conn, "table_status", table_id="T1", ts="2026-12-01T00:00:00Z", data={"state": "open"})
        assert conn.execute("PRAGMA application_id").fetchone()[0] == 0
    assert first_refusal(path) is None
    (tmp_path / "j").mkdir()
    with sqlite3.connect(station_journal(tmp_path / "j")) as conn:
        from dealer_station.journal.store import APPLICATION_ID

        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
