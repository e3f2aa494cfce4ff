"""The pit view against four stations on a real Mosquitto, offscreen: one paused, one offline.

The stations are ``events publish --follow`` processes (a station's publisher) on journals a real
controller wrote: T1 and T2 dealt rounds (T2 with edge alerts), T3 paused on a card dealt while
betting was open, T4 killed with SIGKILL once online, so the broker publishes its last will.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dealer_station.app.config import config_from_dict
from dealer_station.app.controller import Controller
from dealer_station.console.app import qt_is_usable
from dealer_station.journal import Journal
from dealer_station.publish import parse_broker_url
from drivers.deck import CUT, shuffled_shoe
from drivers.frames import CardRead, Connected
from tests.support.mqtt import ROOT, append_cards, make_journal, run_station, station_process, wait_until

_QT_PROBLEM = qt_is_usable()
pytestmark = [pytest.mark.broker,
              pytest.mark.skipif(bool(_QT_PROBLEM), reason=f"the pit view needs a usable PySide6: {_QT_PROBLEM}")]

TABLES = ["T1", "T2", "T3", "T4"]


def deal_journal(path: Path, table_id: str, rounds: int, *, seed: int, pause: bool = False,
                 edge_after: int | None = None, signer=None) -> None:
    """A journal as a station leaves it: a shoe started, ``rounds`` rounds dealt; ``pause``: then a card
    dealt while betting is open (the table pauses, the station stays up). ``edge_after``: from that round
    on, an edge monitor (a stand-in for the real one) reports a players' edge on the banker pair.
    ``signer``: the station's key, which signs the events."""
    def monitor(remaining, round_number):
        if edge_after is None or round_number < edge_after:
            return []
        return [{"bet": "banker_pair", "ev": "0.0213", "house_edge": "-0.0213", "cards_left": len(remaining)}]

    journal = Journal(str(path), signer=signer)
    try:
        ctl = Controller(config_from_dict({"table": {"id": table_id}}), journal,
                         edge_monitor=monitor if edge_after is not None else None)
        cards = iter([t for t in shuffled_shoe(seed) if t != CUT])

        def card() -> None:
            token = next(cards)
            ctl.shoe_event(CardRead(token, token.encode()))

        ctl.shoe_event(Connected("test"))
        ctl.dealer("new_shoe")
        ctl.dealer("shuffled")
        while ctl.snapshot().state in ("burn_indicator", "burning"):
            card()
        for _ in range(rounds):
            ctl.dealer("open_betting")
            ctl.dealer("close_betting")
            while ctl.snapshot().state in ("betting_closed", "dealing"):
                card()
            ctl.dealer("confirm_result")
        if pause:
            ctl.dealer("open_betting")
            card()
            assert ctl.snapshot().state == "paused"
    finally:
        journal.close()


@pytest.fixture
def journals(tmp_path) -> dict[str, Path]:
    paths = {t: tmp_path / f"{t}.db" for t in TABLES}
    deal_journal(paths["T1"], "T1", 8, seed=1)
    deal_journal(paths["T2"], "T2", 12, seed=2, edge_after=12)
    deal_journal(paths["T3"], "T3", 3, seed=3, pause=True)
    deal_journal(paths["T4"], "T4", 2, seed=4)
    return paths


def publisher(broker, table: str, journal: Path):
    return station_process("events", "publish", "--follow", "--broker", broker.url, "--journal", str(journal),
                           "--table-id", table, "--log-level", "ERROR")


def test_four_stations_one_paused_one_offline(qtbot, debug_broker, journals, tmp_path):
    from dealer_station.pit.feed import PitFeed
    from dealer_station.pit.model import PitModel
    from dealer_station.pit.window import PitWindow

    broker = debug_broker
    config = parse_broker_url(broker.url, client_id="pit-under-test", backoff_min=1.0, backoff_max=2.0)
    window = PitWindow(PitModel(TABLES, wait_alert_seconds=60), broker.url)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    feed_threads: set[int] = set()

    def deliver(item) -> None:
        feed_threads.add(threading.get_ident())
        window.inbox.deliver(item)

    feed = PitFeed(config, deliver, TABLES)
    feed.start()
    procs = {}
    try:
        qtbot.waitUntil(lambda: window.connection.subscribed, timeout=15_000)
        procs = {t: publisher(broker, t, journals[t]) for t in TABLES}
        model = window.model
        # T4 goes online, then dies without a clean disconnect: the broker publishes its last will
        qtbot.waitUntil(lambda: model.row("T4", time.time()).online is True, timeout=30_000)
        procs["T4"].send_signal(signal.SIGKILL)
        procs["T4"].wait(10)

        def shown() -> bool:
            rows = {r.table_id: r for r in model.rows(time.time())}
            return (all(rows[t].online for t in ("T1", "T2", "T3")) and rows["T4"].online is False
                    and len(rows["T1"].beads) == 8 and len(rows["T2"].beads) == 12 and rows["T3"].pause is not None
                    and rows["T2"].edges != ())
        qtbot.waitUntil(shown, timeout=40_000)
        window.refresh()

        # the window says it, in words: four cards, the paused one with its incident, the offline one OFFLINE
        assert sorted(window._cards) == TABLES
        card3, card4 = window.card("T3"), window.card("T4")
        assert card3.pause.isVisibleTo(window) and "Card dealt while betting was open" in card3.pause.text()
        assert "waiting" in card3.pause.text() and "PAUSED" in card3.state.text()
        assert card4.station.text().endswith("OFFLINE") and "connection lost (last will)" in card4.detail.text()
        assert card4.objectName() == "tableCardOffline"
        # what it shows of the table is the last known, said so, and the longer words keep the window's size
        assert card4.state.text().startswith("Last known: ") and card4.shoe_round.text().startswith("Last known: ")
        assert "offline since " in card4.detail.text()
        qtbot.waitUntil(lambda: window.width() == 1920, timeout=5_000)
        for t in ("T1", "T2", "T3"):
            assert window.card(t).station.text().endswith("ONLINE")
        assert not window.card("T1").pause.isVisibleTo(window)
        texts = window.pause_texts()
        assert len(texts) == 1 and texts[0].startswith("1. Table T3, round 4\nWAITING: ")
        assert "EDGE" in window.card("T2").edges.text() and "Banker pair" in window.card("T2").edges.text()
        assert window.card("T1").beads.accessibleDescription() == "".join(
            b.winner for b in model.row("T1", time.time()).beads)
        assert "4 tables" in window.header.text() and "1 OFFLINE" in window.header.text()

        # the wait is marked once it passes the wait alert (the window's clock stepped 2 minutes on)
        real = window.clock
        window.clock = lambda: real() + 120
        window.refresh()
        assert window.pause_texts()[0].startswith("1. Table T3, round 4\n\u26a0 OVERDUE: 2 min")
        assert window.card("T3").pause.objectName() == "pauseOverdue"
        assert "OVERDUE" in window.card("T3").pause.text()
        png = window.save_png(tmp_path / "pit.png")
        from PySide6.QtGui import QImage

        saved = QImage(str(png)).convertToFormat(QImage.Format.Format_RGB32)
        drawn = window.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
        assert saved.size() == drawn.size() and saved == drawn   # the file is the window as drawn
        assert len({saved.pixel(x, y) for x in range(0, saved.width(), 7) for y in range(0, saved.height(), 7)}) > 8

        # messages crossed from the feed's network thread to the GUI thread by the queued signal
        assert feed_threads and threading.get_ident() not in feed_threads
        assert window.off_thread == 0 and window.received > 0
    finally:
        feed.stop()
        for p in procs.values():
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in procs.values():
            p.communicate(timeout=20)

    # broker side: the pit subscribed and never published anything (no replay request, no status, no will)
    log_text = (broker.workdir / "mosquitto.log").read_text(errors="replace")
    assert "Received SUBSCRIBE from pit-under-test" in log_text
    assert "Received PUBLISH from pit-under-test" not in log_text
    assert "Received PUBLISH from dealer-station-T3" in log_text       # the log does show stations' publishes


def test_a_pause_open_before_the_pit_starts_shows_at_once_from_the_signed_status(broker, subscriber_factory,
                                                                                 tmp_path):
    """Events are not retained: the station's retained status carries the pause open as of its last event, signed,
    so a pit started later (trusting the station's key) shows the pause from its first message."""
    import queue

    from dealer_station.pit.feed import Delivery, PitFeed
    from dealer_station.pit.model import PitModel
    from dealer_station.publish import Publisher
    from dealer_station.schemas import validate
    from dealer_station.signing import Signer, TrustStore, public_pem
    from tests.support.mqtt import fast

    signer = Signer.generate()
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "T3.pub").write_text(public_pem(signer.public_key))
    journal = tmp_path / "T3.db"
    deal_journal(journal, "T3", 3, seed=3, pause=True, signer=signer)
    watcher = subscriber_factory(broker.port, topic="baccarat/tables/T3/events")
    station = Publisher(fast(broker.url), journal, "T3", signer=signer).start()
    feed = None
    try:
        def told() -> list[dict]:
            return [body for _, body, _ in watcher.status if body.get("open_pause")]

        assert wait_until(lambda: told(), 30), watcher.status
        status = told()[-1]
        assert validate(status, "station_status") == [] and status["open_pause"]["event_id"] <= status["last_event_id"]
        paused_events = [e for e in watcher.events if e["type"] == "round_paused"]
        assert status["open_pause"]["event_id"] == paused_events[-1]["event_id"]
        # the pit starts now: nothing but the retained status comes (the station sends no more events)
        items: queue.Queue = queue.Queue()
        feed = PitFeed(fast(broker.url), items.put, ["T3"], trust=TrustStore(keys))
        feed.start()
        model = PitModel(["T3"])
        while not isinstance(first := items.get(timeout=20), Delivery):
            pass
        assert first.retained and first.message.kind == "status"
        model.apply(first.message, first.received, retained=first.retained)
        row = model.row("T3", time.time())
        assert row.online and row.unverified == "" and row.pause is not None
        assert row.pause.incident == "Card dealt while betting was open" and row.pause.round_number == 4
        assert (row.state, row.shoe, row.round) == ("PAUSED: supervisor needed", "Shoe 1", "Round 4")
        assert [p.table_id for p in model.pauses(time.time())] == ["T3"]
    finally:
        if feed is not None:
            feed.stop()
        station.stop()
    # the clean stop's status still says the pause was open, as last known
    offline = [body for _, body, _ in watcher.status if body["status"] == "offline"]
    assert offline and offline[-1]["open_pause"] == status["open_pause"]


def test_the_feed_cannot_publish():
    from dealer_station.pit.feed import PitFeed

    feed = PitFeed(parse_broker_url("mqtt://127.0.0.1:1"), lambda item: None, ["T1"])
    with pytest.raises(RuntimeError, match="read only"):
        feed.client.publish("baccarat/tables/T1/replay", b'{"from": 1}')
    assert feed.topics == ["baccarat/tables/T1/events", "baccarat/tables/T1/status"]


def test_the_command_line_screenshot_waits_for_the_statuses_and_writes_the_png(debug_broker, journals, tmp_path):
    broker = debug_broker
    procs = {t: publisher(broker, t, journals[t]) for t in ("T1", "T3")}
    try:
        # a retained offline status for T4 (a station that stopped cleanly before the pit started)
        stopped = run_station("events", "publish", "--broker", broker.url, "--journal", str(journals["T4"]),
                              "--table-id", "T4", "--drain-timeout", "20", timeout=60)
        assert stopped.returncode == 0, stopped.stderr
        assert wait_until(lambda: "Received PUBLISH from dealer-station-T3" in
                          (broker.workdir / "mosquitto.log").read_text(errors="replace"), 30)
        png = tmp_path / "pit.png"
        done = run_station("pit", "--broker", broker.url, "--table", "T1", "T3", "T4", "--screenshot", str(png),
                           "--screenshot-wait", "30", "--wait-alert", "30", timeout=90,
                           env={"QT_QPA_PLATFORM": "offscreen"})
        assert done.returncode == 0, done.stderr
        assert f"saved {png}" in done.stdout
        from PySide6.QtGui import QImage

        image = QImage(str(png))
        assert (image.width(), image.height()) == (1920, 1080)
        # a table nobody publishes for: the screenshot is still written, exit 1 (bounded wait)
        late = tmp_path / "late.png"
        done = run_station("pit", "--broker", broker.url, "--table", "T9", "--screenshot", str(late),
                           "--screenshot-wait", "2", timeout=60, env={"QT_QPA_PLATFORM": "offscreen"})
        assert done.returncode == 1 and late.exists(), done.stderr
    finally:
        for p in procs.values():
            p.send_signal(signal.SIGTERM)
        for p in procs.values():
            p.communicate(timeout=20)
    log_text = (broker.workdir / "mosquitto.log").read_text(errors="replace")
    assert "Received SUBSCRIBE from dealer-station-pit-" in log_text
    assert "Received PUBLISH from dealer-station-pit-" not in log_text


def test_the_pit_rides_out_a_broker_restart(qtbot, debug_broker, tmp_path):
    from dealer_station.pit.feed import PitFeed
    from dealer_station.pit.model import PitModel
    from dealer_station.pit.window import PitWindow

    broker = debug_broker
    journal = tmp_path / "R1.db"
    conn = make_journal(journal)
    first = append_cards(conn, "R1", 20)
    window = PitWindow(PitModel(), broker.url)
    qtbot.addWidget(window)
    feed = PitFeed(parse_broker_url(broker.url, backoff_min=1.0, backoff_max=1.0), window.inbox.deliver)
    feed.start()
    station = None
    try:
        qtbot.waitUntil(lambda: window.connection.subscribed, timeout=15_000)
        station = publisher(broker, "R1", journal)
        model = window.model
        qtbot.waitUntil(lambda: "R1" in model.table_ids() and model.row("R1", time.time()).last_event_id == first[-1]
                        and model.row("R1", time.time()).online is True, timeout=30_000)
        broker.stop()
        qtbot.waitUntil(lambda: not window.connection.connected, timeout=15_000)
        window.refresh()
        assert "NOT CONNECTED" in window.broker_label.text()
        broker.start()
        qtbot.waitUntil(lambda: window.connection.subscribed, timeout=20_000)
        later = append_cards(conn, "R1", 3, start_round=9)      # the station goes on after the restart
        qtbot.waitUntil(lambda: model.row("R1", time.time()).last_event_id == later[-1], timeout=30_000)
        assert model.row("R1", time.time()).online is True and model.row("R1", time.time()).round == "Round 9"
        window.refresh()
        assert window.broker_label.text().endswith("connected") and "NOT" not in window.broker_label.text()
    finally:
        conn.close()
        feed.stop()
        if station is not None:
            station.send_signal(signal.SIGTERM)
            station.communicate(timeout=20)


def test_sigterm_closes_the_running_pit_view_with_exit_0(debug_broker):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen([sys.executable, "-m", "dealer_station", "pit", "--broker",
                             f"{debug_broker.url}?client_id=pit-sigterm"], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert wait_until(lambda: "Received SUBSCRIBE from pit-sigterm" in
                          (debug_broker.workdir / "mosquitto.log").read_text(errors="replace"), 30)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
