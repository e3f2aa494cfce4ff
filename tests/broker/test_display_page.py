"""The table display in headless Chromium on a real Mosquitto: a page opened mid-shoe shows the whole shoe so far
(the display asks the station for it), then follows the table live; in Arabic the page is right to left; with
``--trust`` a forged event is not shown.

The station is ``events publish --follow`` (a station's publisher, which answers replay requests) on a journal a
real controller in this process writes; the expected roads are the domain's, computed from the journal's own
``round_result`` events."""

from __future__ import annotations

import json
import sqlite3

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from dealer_station.domain.roads import compute_roads
from dealer_station.signing import Signer, sign_object
from tests.support.display import READ_ROADS, Dealer, as_shown, browser_problem, launch, start_display, stop
from tests.support.mqtt import Subscriber, run_station, station_process, wait_until

_PROBLEM = browser_problem()
pytestmark = [pytest.mark.broker, pytest.mark.skipif(bool(_PROBLEM), reason=str(_PROBLEM))]


def outbox_events(path) -> list[dict]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        return [json.loads(p) for (p,) in conn.execute("SELECT payload FROM outbox ORDER BY event_id")]


def published_up_to(broker, last: int) -> bool:
    """The station's retained status says the broker has every event up to ``last``."""
    watcher = Subscriber(broker.port, "baccarat/tables/T1/status")
    try:
        return wait_until(lambda: any(b.get("last_event_id") == last for _, b, _ in list(watcher.status)), 30)
    finally:
        watcher.close()


def expected(events: list[dict]) -> dict:
    results = [e["data"] for e in events if e["type"] == "round_result"]
    return {"last": events[-1]["event_id"], "rounds": len(results), "winner": results[-1]["winner"],
            "round": results[-1]["round_number"], "cells": as_shown(compute_roads(results).cells())}


def shown(page, want: dict) -> None:
    """Wait until the page shows event ``want["last"]``, then check what it shows against the journal."""
    page.wait_for_function(f"document.body.dataset.lastEvent === '{want['last']}'", timeout=60_000)
    assert page.inner_text("#table-id") == "T1"
    assert page.inner_text("#stat-rounds") == str(want["rounds"])
    assert page.get_attribute("#result-line", "data-winner") == want["winner"]
    assert page.get_attribute("#result-line", "data-round") == str(want["round"])
    assert page.evaluate(READ_ROADS) == want["cells"]


@pytest.fixture
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        yield browser
        browser.close()


def test_a_page_opened_mid_shoe_shows_the_shoe_so_far_and_then_the_rounds_after(broker, tmp_path, chromium):
    path = tmp_path / "journal.sqlite"
    dealer = Dealer(path)
    publisher = display = None
    try:
        dealer.rounds(12)
        publisher = station_process("events", "publish", "--follow", "--broker", broker.url, "--journal", str(path),
                                    "--table-id", "T1", "--log-level", "ERROR")
        so_far = outbox_events(path)
        assert published_up_to(broker, so_far[-1]["event_id"])   # every event sent before the page exists
        display, url = start_display(broker.url, "--table", "T1", "--log-level", "INFO")
        page = chromium.new_page(viewport={"width": 1920, "height": 1080})
        page.goto(url)
        shown(page, expected(so_far))
        assert page.evaluate("document.documentElement.dir") == "ltr"
        assert page.get_attribute("html", "lang") == "en"
        # the table goes on: the same page, pushed live
        dealer.rounds(5)
        dealer.ctl.dealer("open_betting")
        after = outbox_events(path)
        want = expected(after)
        page.wait_for_function(f"document.body.dataset.lastEvent === '{want['last']}'", timeout=60_000)
        assert page.inner_text("#stat-rounds") == str(want["rounds"]) == "17"
        assert page.evaluate(READ_ROADS) == want["cells"]
        assert page.get_attribute("#state [data-state]", "data-state") == "betting_open"
        assert "PLACE YOUR BETS" in page.inner_text("#state")
        limits = page.eval_on_selector_all("#limits tr[data-bet]", "(rows) => rows.map((r) => r.dataset.bet)")
        assert limits == after[-1]["data"]["bets_offered"]
        # a second page opened now is current on load, before its script has run
        fresh = chromium.new_page(java_script_enabled=False)
        fresh.goto(url)
        assert fresh.inner_text("#stat-rounds") == "17"
    finally:
        if display is not None:
            status, err = stop(display)
            assert status == 0, err[-2000:]
            assert "display_replay_asked" in err          # the shoe so far came from the station's replay
        if publisher is not None:
            publisher.terminate()
            publisher.communicate(timeout=20)
        dealer.journal.close()


def test_in_arabic_the_page_is_right_to_left_and_its_roads_left_to_right(broker, tmp_path, chromium):
    path = tmp_path / "journal.sqlite"
    dealer = Dealer(path)
    dealer.rounds(4)
    dealer.journal.close()
    publisher = station_process("events", "publish", "--follow", "--broker", broker.url, "--journal", str(path),
                                "--table-id", "T1", "--log-level", "ERROR")
    display = None
    try:
        display, url = start_display(broker.url, "--table", "T1", "--language", "ar", "--overlay")
        page = chromium.new_page(viewport={"width": 1920, "height": 1080})
        page.goto(url)
        shown(page, expected(outbox_events(path)))
        assert page.evaluate("document.documentElement.dir") == "rtl"
        assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
        assert page.evaluate("getComputedStyle(document.getElementById('roads')).direction") == "ltr"
        assert page.get_attribute("html", "lang") == "ar"
        assert "الطاولة" in page.inner_text("#head")                       # the console's Arabic for TABLE
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgba(0, 0, 0, 0)"   # overlay
    finally:
        if display is not None:
            stop(display)
        publisher.terminate()
        publisher.communicate(timeout=20)


def test_with_trust_a_forged_event_is_not_shown(broker, tmp_path, chromium):
    keys = tmp_path / "keys"
    assert run_station("keys", "init", "--table-id", "T1", "--out", str(keys)).returncode == 0
    path = tmp_path / "journal.sqlite"
    display = None
    forger = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="not-the-station", protocol=mqtt.MQTTv5)
    try:
        display, url = start_display(broker.url, "--table", "T1", "--trust", str(keys))
        page = chromium.new_page()
        page.goto(url)
        page.wait_for_function("async () => (await (await fetch('state.json')).json()).subscribed", timeout=30_000,
                               polling=100)
        # a signing station deals a shoe on the broker: its events and its status, signed, come live
        dealt = run_station("simulate", "--shoes", "1", "--seed", "5", "--journal", str(path), "--broker", broker.url,
                            "--table-id", "T1", "--signing-key", str(keys / "T1.key"), timeout=120)
        assert dealt.returncode == 0, dealt.stderr
        events = outbox_events(path)
        want = expected(events)
        shown(page, want)
        forger.connect("127.0.0.1", broker.port)
        forger.loop_start()
        last = events[-1]
        forged = {k: v for k, v in last.items() if k != "signature"}
        forged.update(event_id=last["event_id"] + 1, type="round_result",
                      data={**[e for e in events if e["type"] == "round_result"][-1]["data"], "winner": "tie",
                            "round_number": want["round"] + 1})
        for body in (forged, sign_object(forged, Signer.generate())):
            forger.publish("baccarat/tables/T1/events", json.dumps(body, sort_keys=True, separators=(",", ":")),
                           qos=1).wait_for_publish(10)
        # the display refused both (its state says so), and the page still shows the station's shoe
        page.wait_for_function("async () => (await (await fetch('state.json')).json()).refused >= 2", timeout=30_000,
                               polling=200)
        assert page.evaluate("document.body.dataset.lastEvent") == str(want["last"])
        assert page.inner_text("#stat-rounds") == str(want["rounds"])
        assert page.get_attribute("#result-line", "data-winner") == want["winner"]
        assert page.evaluate(READ_ROADS) == want["cells"]
    finally:
        forger.loop_stop()
        if display is not None:
            stop(display)
