"""Several brokers in order: the station and ``events follow`` move to the next on failure and come back to
the first when it returns; nothing lost or reordered across a switch."""

from __future__ import annotations

import argparse
import json
import signal
import socket
import sqlite3
import time

import pytest

from dealer_station import outbox
from dealer_station.app.config import ConfigError, config_from_dict
from dealer_station.cli.broker_options import add_broker_arguments, broker_options
from dealer_station.publish import (
    BrokerConfigError,
    Publisher,
    broker_config_from,
    parse_broker_urls,
)
from dealer_station.publish.timing import parse_utc
from tests.support.mqtt import (
    append_cards,
    free_port,
    ledger_rows,
    make_journal,
    run_station,
    station_process,
    wait_until,
)


# ------------------------------------------------------------------ settings
def test_broker_repeated_on_the_command_line_is_a_list_in_order():
    parser = argparse.ArgumentParser()
    add_broker_arguments(parser)
    args = parser.parse_args(["--broker", "mqtt://a:1883", "--broker", "mqtts://b:8884", "--broker-username", "u"])
    cfg = broker_config_from(broker_options(args),
                             {"url": "mqtt://x", "keepalive": 45, "probe_interval": 2, "window": 7})
    assert cfg.urls == ["mqtt://u@a:1883", "mqtts://u@b:8884"]
    assert [(b.host, b.port, b.tls) for b in cfg.endpoints] == [("a", 1883, False), ("b", 8884, True)]
    # the connection's tuning is one for every broker of the list
    assert {(b.keepalive, b.probe_interval, b.window) for b in cfg.endpoints} == {(45, 2.0, 7)}
    single = broker_config_from(broker_options(parser.parse_args(["--broker", "mqtt://a"])))
    assert single.fallbacks == () and single.endpoints == (single,)


def test_brokers_list_in_the_config_section():
    cfg = broker_config_from(None, {"brokers": ["mqtt://a", "mqtt://b:1884", "mqtt://c"], "username": "st",
                                         "password": "pw", "probe_interval": 5})
    assert [(b.host, b.port, b.username, b.password) for b in cfg.endpoints] == [
        ("a", 1883, "st", "pw"), ("b", 1884, "st", "pw"), ("c", 1883, "st", "pw")]
    assert cfg.probe_interval == 5.0
    # a command-line credential applies to every broker of the list
    over = broker_config_from(broker_options(argparse.Namespace(broker_username="other", broker_password="x")),
                              {"brokers": ["mqtt://a", "mqtt://b"]})
    assert {(b.username, b.password) for b in over.endpoints} == {("other", "x")}


@pytest.mark.parametrize(("section", "says"), [
    ({"brokers": []}, "non-empty list"),
    ({"brokers": "mqtt://a"}, "should be a list"),
    ({"brokers": ["mqtt://a", 7]}, "non-empty list of broker URLs"),
    ({"brokers": ["mqtt://a", "ftp://b"]}, "scheme must be mqtt"),
    ({"brokers": ["mqtt://a"], "url": "mqtt://b"}, "either brokers or url"),
    ({"brokers": ["mqtt://a"], "host": "b"}, "either brokers or url"),
    ({"brokers": [f"mqtt://h{i}" for i in range(17)]}, "at most 16"),
    ({"url": "mqtt://a", "probe_interval": 0}, "probe_interval 0.0 is not 0.1-3600"),
    ({"url": "mqtt://a", "probe_interval": True}, "should be a float"),
])
def test_bad_broker_lists_are_named(section, says):
    with pytest.raises(BrokerConfigError, match=says):
        broker_config_from(None, section)
    with pytest.raises(ConfigError, match=says):   # the station's config check says the same
        config_from_dict({"table": {"id": "T1"}, "broker": section})


def test_bad_broker_on_the_command_line_is_one_line_and_exit_2(tmp_path):
    result = run_station("events", "follow", "--broker", "mqtt://127.0.0.1:1", "--broker", "nope://x",
                         "--ledger", str(tmp_path / "l.db"))
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "nope://x" in result.stderr
    result = run_station("events", "follow", "--broker", "mqtt://127.0.0.1:1", "--probe-interval", "7200",
                         "--ledger", str(tmp_path / "l.db"))
    assert result.returncode == 2 and "probe_interval" in result.stderr


# ------------------------------------------------------------------ the switch, end to end
@pytest.mark.broker
def test_first_broker_killed_mid_shoe_then_back_nothing_lost_or_reordered(broker_factory, subscriber_factory,
                                                                          tmp_path):
    first, second = broker_factory(), broker_factory()
    journal, ledger = tmp_path / "journal.db", tmp_path / "ledger.db"
    conn = make_journal(journal)
    config = parse_broker_urls([first.url, second.url], backoff_min=0.05, backoff_max=0.3, connect_timeout=3.0,
                               probe_interval=0.5)
    publisher = Publisher(config, journal, "T1").start()
    follower = station_process("events", "follow", "--broker", first.url, "--broker", second.url,
                               "--ledger", str(ledger), "--probe-interval", "0.5", "--retry", "0.5")
    try:
        assert follower.stdout.readline().startswith(f"following every table on {first.url}")

        def acked(n: int) -> bool:
            return publisher.stats().last_published_id >= n

        append_cards(conn, "T1", 60)
        assert wait_until(lambda: acked(60), 30) and publisher.stats().broker == first.url
        # the consumer is frozen while the first broker dies and the station moves on: what the station sends
        # through the second broker before the consumer gets there is lost to it (no session there): only a
        # replay asked of the station through the second broker fills that
        follower.send_signal(signal.SIGSTOP)
        append_cards(conn, "T1", 40, start_round=16)   # a burst in flight while the first broker dies
        first.proc.send_signal(signal.SIGKILL)
        first.proc.wait(10)
        first.proc = None
        assert wait_until(lambda: publisher.stats().broker == second.url and publisher.connected, 30), publisher.stats()
        append_cards(conn, "T1", 100, start_round=26)
        assert wait_until(lambda: acked(200), 30), publisher.stats()
        follower.send_signal(signal.SIGCONT)
        assert wait_until(lambda: len(ledger_rows(ledger)) >= 200, 30), len(ledger_rows(ledger))
        # the first comes back (empty: no persistence): the station and the consumer go back to it
        first.start()
        on_first = subscriber_factory(first.port)
        assert wait_until(lambda: publisher.stats().broker == first.url and publisher.connected, 30), publisher.stats()
        append_cards(conn, "T1", 100, start_round=51)
        assert wait_until(lambda: acked(300), 30), publisher.stats()
        assert wait_until(lambda: set(range(201, 301)) <= set(on_first.ids("T1")), 30)
        assert wait_until(lambda: len(ledger_rows(ledger)) >= 300, 30), len(ledger_rows(ledger))
        # the status the station left on the second broker says it went elsewhere
        on_second = subscriber_factory(second.port)
        assert wait_until(lambda: any(t.endswith("T1/status") for t, _, _ in on_second.status), 10)
        left = [body for t, body, retained in on_second.status if t.endswith("T1/status")][-1]
        assert left["status"] == "offline" and left["reason"] == "switched_broker"
    finally:
        publisher.stop()
        follower.send_signal(signal.SIGTERM)
        out, err = follower.communicate(timeout=30)
    # every event once, in id order, byte for byte the outbox's; the consumer went back to the first too
    stored = [(e.event_id, e.payload) for e in outbox.read_events(conn)]
    conn.close()
    assert ledger_rows(ledger) == [("T1", i, p) for i, p in stored] and len(stored) == 300
    asks = int(out.split(" replay request(s)")[0].rsplit("; ", 1)[1])
    assert asks >= 1, out   # the events sent while the consumer was away came by replay
    # (its first line, on the first broker, was read above) then the second, then the first again
    follows = [line for line in out.splitlines() if line.startswith("following every table on")]
    assert follows[0].startswith(f"following every table on {second.url}"), out
    assert follows[-1].startswith(f"following every table on {first.url}"), out
    summary = json.loads(run_station("events", "ledger", str(ledger), "--json").stdout)
    assert summary["gaps"] == [] and summary["events"] == 300 and summary["last_event_id"] == 300


@pytest.mark.broker
def test_a_station_with_a_dead_first_broker_publishes_through_the_second(broker, subscriber_factory, tmp_path):
    dead = f"mqtt://127.0.0.1:{free_port()}"   # nothing listens there
    sub = subscriber_factory(broker.port)
    journal = tmp_path / "journal.db"
    result = run_station("simulate", "--shoes", "1", "--decks", "1", "--seed", "3", "--journal", str(journal),
                         "--broker", dead, "--broker", broker.url, "--table-id", "T1", "--drain-timeout", "30",
                         timeout=120)
    assert result.returncode == 0, result.stderr
    conn = sqlite3.connect(journal)
    (pending,) = conn.execute("SELECT COUNT(*) FROM outbox WHERE published_utc IS NULL").fetchone()
    (total,) = conn.execute("SELECT COUNT(*) FROM outbox").fetchone()
    conn.close()
    assert pending == 0 and total > 30
    assert wait_until(lambda: len(set(sub.ids("T1"))) == total, 20)
    assert sorted(set(sub.ids("T1"))) == list(range(1, total + 1))


@pytest.mark.broker
def test_a_first_broker_that_never_answers_does_not_hold_up_sending(broker, tmp_path):
    # the first broker takes the TCP connection and says nothing (a hung node): each look at it waits for
    # an answer that never comes; meanwhile the station keeps sending through the second without a stall
    silent = socket.create_server(("127.0.0.1", 0), backlog=64)
    try:
        hung = f"mqtt://127.0.0.1:{silent.getsockname()[1]}"
        journal = tmp_path / "journal.db"
        conn = make_journal(journal)
        config = parse_broker_urls([hung, broker.url], backoff_min=0.05, backoff_max=0.3, connect_timeout=1.0,
                                   probe_interval=0.1)
        publisher = Publisher(config, journal, "T1").start()
        try:
            assert wait_until(lambda: publisher.connected and publisher.stats().broker == broker.url, 20)
            for _ in range(60):   # 3 s of events, one every 50 ms, while probes of the hung broker run
                append_cards(conn, "T1", 1)
                time.sleep(0.05)
            assert wait_until(lambda: publisher.remaining() == 0, 20)
            assert publisher.stats().broker == broker.url   # it never answered: no switch
        finally:
            publisher.stop()
        lags = [(parse_utc(e.published_utc) - parse_utc(e.as_dict()["ts"])).total_seconds()
                for e in outbox.read_events(conn)]
        conn.close()
        assert len(lags) == 60 and max(lags) < 2.0, max(lags)   # a probe waits 5 s for its answer
    finally:
        silent.close()
