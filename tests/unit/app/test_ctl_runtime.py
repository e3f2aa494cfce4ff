"""The station runtime (docs/runtime.md): one queue and one controller thread for the reader's events, the
publisher's refusals and every command; listeners told after each step; a stop journaled as a stop."""

from __future__ import annotations

import threading

import pytest

from dealer_station.app.controller import ActRefused, Controller
from dealer_station.app.runtime import Station, StationBusy, StationSettings, open_station
from dealer_station.app.station import QUEUE_SIZE
from dealer_station.journal import Journal
from drivers.frames import CardRead, Connected
from tests.support.table import config


def _station() -> Station:
    controller = Controller(config(), Journal(":memory:"))
    controller.sign_in_configured("dan")
    return Station.around(controller)


def test_commands_and_shoe_events_run_in_order_on_the_controller_thread():
    station = _station()
    seen: list[tuple[tuple[str, ...], str, threading.Thread]] = []
    station.listen(lambda u: seen.append((tuple(f.kind for f in u.facts), u.view.state, threading.current_thread())))
    thread = station.start()
    try:
        station.put(Connected("test"))
        assert station.submit(lambda: station.controller.dealer("new_shoe")).result(timeout=10) is None
        ran_on = station.submit(threading.current_thread).result(timeout=10)
        assert ran_on is thread and ran_on is not threading.main_thread()
        with pytest.raises(ActRefused):  # a refusal reaches the caller as its future's exception
            station.submit(lambda: station.controller.dealer("confirm_result")).result(timeout=10)
        station.submit(lambda: station.controller.dealer("shuffled")).result(timeout=10)
        station.put(CardRead("2S"))
        station.submit(lambda: None).result(timeout=10)  # after the card: it was taken in order
    finally:
        station.end_loop()
    assert {t for *_, t in seen} == {thread}
    kinds = [k for ks, *_ in seen for k in ks]
    assert kinds.index("connection") < kinds.index("shoe_started") < kinds.index("burn_indicator")
    assert seen[-1][1] == "burning"
    station.stop("test")
    assert station.journal.last_row("input").body["kind"] == "stop"


def test_a_full_queue_refuses_a_command_at_once():
    station = _station()
    for _ in range(QUEUE_SIZE):
        station.events.put_nowait(Connected("test"))
    future = station.submit(lambda: None)
    assert future.done() and isinstance(future.exception(), StationBusy)


def test_a_controller_that_raises_on_an_event_is_told_and_the_loop_goes_on():
    station = _station()
    told: list[str] = []
    station.listen(lambda u: told.extend(str(f.data.get("detail")) for f in u.facts if f.kind == "error"))

    def broken(event):
        raise RuntimeError("boom")

    station.controller.shoe_event = broken
    station.start()
    try:
        station.put(CardRead("2S"))
        assert station.submit(lambda: "still here").result(timeout=10) == "still here"
    finally:
        station.end_loop()
    assert told == ["RuntimeError: boom"]


def test_open_station_signs_in_the_configured_dealer_and_runs_the_automatic_dealer(tmp_path):
    (tmp_path / "station.toml").write_text('[table]\nid = "T7"\n[shoe]\ndecks = 1\ncut_min = 8\ncut_max = 10\n',
                                          encoding="utf-8")
    settings = StationSettings(config_path=tmp_path / "station.toml", shoe="sim?seed=3", journal=":memory:",
                               use_accounts=False, dealer="ann", auto=True, shoes=1, idle_exit=30)
    station = open_station(settings)
    ended: list[dict] = []
    station.controller.subscribe(lambda fact: ended.append(fact.data), kinds=("shoe_ended",))
    try:
        assert station.controller.signed_in == "ann" and station.config.table_id == "T7"
        assert station.run() == "finished"  # the simulated shoe's reader thread, the loop on this thread
    finally:
        station.stop()
    assert [e["shoe"] for e in ended] == [1]
    assert station.controller.snapshot().state in ("shoe_end", "no_shoe")
    assert station.journal.last_row("input").body["kind"] == "stop"
    station.close()


def test_a_headless_run_builds_the_edge_watch_before_its_loop_not_when_the_table_opens(tmp_path):
    """Opening the table leaves the odds tables unbuilt (the console's window does not wait for them); a
    headless ``run`` builds them before its loop's first act, so no round's end waits for them."""
    (tmp_path / "station.toml").write_text("[shoe]\ndecks = 1\ncut_min = 8\ncut_max = 10\n", encoding="utf-8")
    settings = StationSettings(config_path=tmp_path / "station.toml", shoe="sim?seed=3", journal=":memory:",
                               use_accounts=False, dealer="ann", auto=True, shoes=1, idle_exit=30)
    station = open_station(settings)
    watch = station.controller.edges.monitor
    ready_at_first_act = []
    station.controller.subscribe(lambda fact: ready_at_first_act.append(watch.ready) if not ready_at_first_act
                                 else None)
    try:
        assert not watch.ready
        assert station.run() == "finished"
    finally:
        station.stop()
        station.close()
    assert ready_at_first_act == [True]
