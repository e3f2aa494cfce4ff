"""The pit view on several brokers, as the station takes them: the first broker killed mid-shoe, the pit follows
the station to the second, and both go back to the first when it returns; ``pit --broker A --broker B``."""

from __future__ import annotations

import queue
import signal
import time

import pytest

from dealer_station.pit.feed import Connection, Delivery, PitFeed
from dealer_station.pit.model import PitModel
from dealer_station.publish import Publisher, parse_broker_urls
from tests.support.mqtt import append_cards, free_port, make_journal, run_station

pytestmark = pytest.mark.broker


class Watch:
    """A started pit feed on ``urls`` and the model it fills, drained on the test's thread."""

    def __init__(self, urls: list[str]) -> None:
        self.items: queue.Queue = queue.Queue()
        self.model = PitModel(["T1"])
        self.connections: list[Connection] = []
        config = parse_broker_urls(urls, client_id="pit-under-test", backoff_min=0.05, backoff_max=0.3,
                                   connect_timeout=3.0, probe_interval=0.5)
        self.feed = PitFeed(config, self.items.put, ["T1"])
        self.feed.start()

    def until(self, predicate, timeout: float = 30.0) -> bool:
        """Take what the feed delivered until ``predicate()`` holds; False after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while not predicate():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                item = self.items.get(timeout=min(left, 0.2))
            except queue.Empty:
                continue
            if isinstance(item, Delivery):
                self.model.apply(item.message, item.received, retained=item.retained)
            elif isinstance(item, Connection):
                self.connections.append(item)
        return True

    def on(self, url: str) -> bool:
        """Subscribed on ``url`` (its last connection news)."""
        return bool(self.connections) and self.connections[-1].subscribed and self.connections[-1].broker == url

    def last_event(self) -> int:
        return self.model.row("T1", time.time()).last_event_id


def test_first_broker_killed_the_pit_follows_the_station_to_the_second_and_back(broker_factory, tmp_path):
    first, second = broker_factory(), broker_factory()
    conn = make_journal(tmp_path / "journal.db")
    station = Publisher(parse_broker_urls([first.url, second.url], backoff_min=0.05, backoff_max=0.3,
                                          connect_timeout=3.0, probe_interval=0.5), tmp_path / "journal.db",
                        "T1").start()
    watch = Watch([first.url, second.url])
    try:
        assert watch.until(lambda: watch.on(first.url)), watch.connections
        ids = append_cards(conn, "T1", 8)
        assert watch.until(lambda: watch.last_event() == ids[-1] and watch.model.row("T1", time.time()).online)
        assert not watch.connections[-1].fallback
        first.proc.send_signal(signal.SIGKILL)
        first.proc.wait(10)
        first.proc = None
        # the pit moves on by itself, and reads there what the station sends there
        assert watch.until(lambda: watch.on(second.url)), watch.connections
        assert watch.connections[-1].fallback
        assert watch.until(lambda: station.stats().broker == second.url and station.connected), station.stats()
        ids = append_cards(conn, "T1", 8, start_round=3)
        assert watch.until(lambda: watch.last_event() == ids[-1]), watch.last_event()
        assert watch.model.row("T1", time.time()).online is True and watch.model.row("T1", time.time()).round == \
            "Round 4"
        # the first comes back: the pit goes back to it (its probe), as the station does
        first.start()
        assert watch.until(lambda: watch.on(first.url)), watch.connections
        assert not watch.connections[-1].fallback
        assert watch.until(lambda: station.stats().broker == first.url and station.connected), station.stats()
        ids = append_cards(conn, "T1", 4, start_round=5)
        assert watch.until(lambda: watch.last_event() == ids[-1]), watch.last_event()
    finally:
        watch.feed.stop()
        station.stop()
        conn.close()


def test_the_command_line_takes_several_brokers_in_order(broker, tmp_path):
    conn = make_journal(tmp_path / "journal.db")
    append_cards(conn, "T1", 4)
    conn.close()
    stopped = run_station("events", "publish", "--broker", broker.url, "--journal", str(tmp_path / "journal.db"),
                          "--table-id", "T1", "--drain-timeout", "20", timeout=60)
    assert stopped.returncode == 0, stopped.stderr
    png = tmp_path / "pit.png"
    nobody = f"mqtt://127.0.0.1:{free_port()}"     # the first of the list does not answer: the second does
    done = run_station("pit", "--broker", nobody, "--broker", broker.url, "--table", "T1", "--screenshot", str(png),
                       "--screenshot-wait", "30", timeout=90, env={"QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0 and png.exists(), done.stderr
    toml = tmp_path / "pit.toml"
    toml.write_text(f"[pit]\nbrokers = ['{nobody}', '{broker.url}']\ntables = ['T1']\n")
    done = run_station("pit", "--config", str(toml), "--screenshot", str(png), "--screenshot-wait", "30",
                       timeout=90, env={"QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr
