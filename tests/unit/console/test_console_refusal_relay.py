"""The publisher's refusal (its own thread) reaches the controller on the station's controller thread, in
order with the shoe's events, never on the publisher's thread nor on the GUI thread."""

from __future__ import annotations

import threading

from dealer_station.app.config import config_from_dict
from dealer_station.app.controller import Controller
from dealer_station.app.runtime import Station
from dealer_station.journal import Journal


def test_a_refusal_from_the_publisher_thread_reaches_the_controller_on_its_thread(qtbot, console):
    journal = Journal(":memory:")
    controller = Controller(config_from_dict({"table": {"id": "T1"}}), journal)
    calls: list[tuple[int, str, threading.Thread]] = []
    real = controller.event_refused

    def event_refused(event_id: int, problem: str) -> None:
        calls.append((event_id, problem, threading.current_thread()))
        real(event_id, problem)

    controller.event_refused = event_refused
    station = Station.around(controller)
    win = console(station)
    sender = threading.Thread(target=station.refused, args=(17, "its content differs"), name="publisher")
    sender.start()
    sender.join()
    qtbot.waitUntil(lambda: bool(calls), timeout=3000)
    assert [(e, p) for e, p, _ in calls] == [(17, "its content differs")]
    assert calls[0][2] is station.thread and calls[0][2] is not threading.main_thread()
    # with no shoe open it is told, not a pause; the fact reaches the console's GUI thread
    qtbot.waitUntil(lambda: any(f.kind == "procedure_violation" for f in win.host.facts), timeout=3000)
    fact = next(f for f in win.host.facts if f.kind == "procedure_violation")
    assert fact.data["type"] == "event_mismatch" and fact.data["evidence"] == "event 17"
    win.shutdown()
    journal.close()
