"""The central ledger on PostgreSQL: two tables dealt through Mosquitto into one ledger by a pool of two consumers
of one shared group, one of them killed mid-shoe, the shoes misreading now and then; then ``report --ledger`` and
``recall --ledger`` against each station's own, misreads included. Skipped with the reason when mosquitto or
PostgreSQL (initdb, pg_ctl) is not installed."""

from __future__ import annotations

import json
import signal
import sqlite3
import threading

import pytest

from tests.support.mqtt import MOSQUITTO, ROOT, Broker, run_station, station_process, wait_until

pytestmark = [pytest.mark.broker, pytest.mark.postgres]

TABLES = ("T1", "T2")
MISREAD_RATE = "0.08"
"""The simulated shoes' No-Reads (rescans, never enough in a row to pause): the ledger must count them."""


class Lines:
    """A process's standard error (or output), read in a thread, so waits on it are bounded."""

    def __init__(self, stream) -> None:
        self.lines: list[str] = []
        self.thread = threading.Thread(target=lambda: [self.lines.append(x.rstrip("\n")) for x in stream],
                                       daemon=True)
        self.thread.start()

    def has(self, text: str) -> bool:
        return any(text in line for line in self.lines)


def rows(url: str, query: str, params: tuple = ()) -> list[tuple]:
    import psycopg

    try:
        with psycopg.connect(url) as conn:
            return conn.execute(query, params).fetchall()
    except psycopg.Error:
        return []


def outbox(db) -> list[tuple[int, str]]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
    try:
        return conn.execute("SELECT event_id, payload FROM outbox ORDER BY event_id").fetchall()
    finally:
        conn.close()


def stop(proc, sig=signal.SIGTERM) -> None:
    if proc.poll() is None:
        proc.send_signal(sig)
        try:
            proc.wait(30)
        except Exception:  # noqa: BLE001 - never left running
            proc.kill()
            proc.wait(10)


@pytest.fixture(scope="module")
def pooled(pg_cluster, tmp_path_factory):
    """Two stations (T1, T2, one shoe each) through one Mosquitto into one PostgreSQL ledger written by the two
    members of pool ``ledger``; the first member (the gap checker) SIGKILLed mid-shoe, while the stations wait."""
    if MOSQUITTO is None:
        pytest.skip("mosquitto is not installed (Debian package 'mosquitto'); the pool test needs a real broker")
    d = tmp_path_factory.mktemp("pool")
    (d / "broker").mkdir()
    broker = Broker(d / "broker")
    broker.start()
    url = pg_cluster.database("pool")
    config = d / "station.toml"
    config.write_text((ROOT / "config" / "station.toml").read_text()
                      + "\n[broker]\nbackoff_min = 0.05\nbackoff_max = 0.2\n")
    journals = {t: d / f"{t}.db" for t in TABLES}
    started = []
    try:
        def member():
            proc = station_process("events", "follow", "--broker", broker.url, "--ledger", url, "--share", "ledger",
                                   "--retry", "0.5", "--log-level", "WARNING")
            started.append(proc)
            return proc, Lines(proc.stdout), Lines(proc.stderr)

        first, first_out, first_err = member()
        assert wait_until(lambda: first_err.has("the pool's gap checker"), 30), (first_out.lines, first_err.lines)
        second, second_out, second_err = member()
        assert wait_until(lambda: second_out.has("as a member of pool ledger"), 30), second_err.lines
        stations = [station_process("simulate", "--config", str(config), "--journal", str(journals[t]), "--broker",
                                    broker.url, "--table-id", t, "--shoes", "1", "--decks", "2", "--seed", str(20 + i),
                                    "--misread-rate", MISREAD_RATE, "--drain-timeout", "30")
                    for i, t in enumerate(TABLES)]
        started += stations
        # mid-shoe: a shoe of 2 decks is some 150 events a table
        assert wait_until(lambda: (rows(url, "SELECT COUNT(*) FROM events") or [(0,)])[0][0] >= 60, 60)
        for s in stations:
            s.send_signal(signal.SIGSTOP)
        try:
            killed_at = rows(url, "SELECT COUNT(*) FROM events")[0][0]
            first.send_signal(signal.SIGKILL)
            first.wait(10)
        finally:
            for s in stations:
                s.send_signal(signal.SIGCONT)
        for s in stations:
            assert s.wait(180) == 0, s.stderr.read()
        expected = {t: outbox(journals[t]) for t in TABLES}
        total = sum(map(len, expected.values()))
        assert killed_at < total - 40, (killed_at, total)   # the kill came while the shoes were being dealt

        def complete() -> bool:
            ((n, unchecked),) = rows(url, "SELECT COUNT(*), COUNT(*) FILTER (WHERE anchor_check = 'pending') "
                                          "FROM events") or [(0, 1)]
            return n >= total and unchecked == 0

        if not complete():
            # what the killed member took with it, asked for after the stations left: their publishers come back
            # on the same journals (as after a restart) and answer the asks (waiting for the pool first would only
            # wait: nobody else can answer)
            started += [station_process("events", "publish", "--follow", "--broker", broker.url, "--journal",
                                        str(journals[t]), "--table-id", t) for t in TABLES]
        assert wait_until(complete, 90), rows(url, "SELECT table_id, COUNT(*) FROM events GROUP BY table_id")
        stop(second)
        second_out.thread.join(10)
        yield {"url": url, "journals": journals, "expected": expected, "second": second, "out": second_out.lines,
               "err": second_err.lines}
    finally:
        for proc in started:
            stop(proc)
        broker.stop()


def test_two_tables_through_a_pool_with_a_member_killed_every_event_once_in_order(pooled):
    url = pooled["url"]
    # the member left took the gap checker's place when the first was killed, and stopped cleanly: no gap open
    assert pooled["second"].returncode == 0, (pooled["out"], pooled["err"])
    assert any("the pool's gap checker" in line for line in pooled["err"])
    for table, stored in pooled["expected"].items():
        got = rows(url, "SELECT event_id, payload, anchor_check FROM events WHERE table_id = %s ORDER BY event_id",
                   (table,))
        assert [(i, p) for i, p, _ in got] == stored        # 1..N, once each, byte for byte the outbox's
        assert [c for _, _, c in got] == ["start"] + ["ok"] * (len(stored) - 1)   # every anchor checked, in order
    report = run_station("events", "ledger", url, "--json")
    assert report.returncode == 0, report.stderr
    summary = {r["table_id"]: r for r in map(json.loads, report.stdout.splitlines())}
    for table, stored in pooled["expected"].items():
        assert (summary[table]["events"], summary[table]["gaps"], summary[table]["unchecked"]) == (len(stored), [], 0)


def same_numbers(station: dict, ledger: dict) -> None:
    for key, value in station.items():
        assert ledger[key] == value, key


@pytest.mark.parametrize("by", ["shoe", "dealer"])
def test_report_from_the_ledger_has_each_stations_numbers(pooled, by):
    url = pooled["url"]
    both = run_station("report", "--ledger", url, "--json", "--by", "table")
    assert both.returncode == 0, both.stderr
    across = json.loads(both.stdout)
    assert [b["block"] for b in across["blocks"]] == list(TABLES)
    for table, journal in pooled["journals"].items():
        own = run_station("report", "--journal", str(journal), "--json", "--by", by)
        assert own.returncode == 0, own.stderr
        central = run_station("report", "--ledger", url, "--table", table, "--json", "--by", by)
        assert central.returncode == 0, central.stderr
        mine, theirs = json.loads(own.stdout), json.loads(central.stdout)
        assert mine["total"]["misreads"] > 0   # the shoe misread, and the ledger has to say how often
        assert central.stdout.count('"verified": true') == 1 and "no gap, every anchor checked" in theirs[
            "verify_message"]
        same_numbers(mine["total"], theirs["total"])
        assert len(mine["blocks"]) == len(theirs["blocks"]) and len(mine["groups"]) == len(theirs["groups"])
        for a, b in zip(mine["blocks"] + mine["groups"], theirs["blocks"] + theirs["groups"], strict=True):
            same_numbers(a, b)
        assert mine["shoes"] == theirs["shoes"]
        table_block = next(b for b in across["blocks"] if b["block"] == table)
        same_numbers(mine["total"], table_block)   # the table's block of the report across tables


def test_recall_from_the_ledger_tells_the_round_as_the_station(pooled):
    journal = pooled["journals"]["T2"]
    own = json.loads(run_station("recall", "--journal", str(journal), "--json").stdout)["rounds"]
    rid = next(r["round_id"] for r in own if r["misreads"])   # a round with a rescan
    mine = json.loads(run_station("recall", rid, "--journal", str(journal), "--json").stdout)["round"]
    central = run_station("recall", rid, "--ledger", pooled["url"], "--json")
    assert central.returncode == 0, central.stderr
    theirs = json.loads(central.stdout)["round"]
    for key in ("round_id", "status", "dealer", "result", "opened_at", "closed_at", "first_card_at", "confirmed_at",
                "ended_at", "duration_seconds", "misreads", "misreads_at"):
        assert theirs[key] == mine[key], key
    assert [(c["position"], c["card"], c["seq"]) for c in theirs["cards"]] == \
        [(c["position"], c["card"], c["seq"]) for c in mine["cards"]]
    text = run_station("recall", rid, "--ledger", pooled["url"])
    assert text.returncode == 0 and f"Round {rid}" in text.stdout
    unknown = run_station("recall", "T2-S0001-R999", "--ledger", pooled["url"])
    assert unknown.returncode == 2 and len(unknown.stderr.strip().splitlines()) == 1
