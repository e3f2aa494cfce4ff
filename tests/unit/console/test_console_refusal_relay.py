"""The console hands the publisher's refusal (its own thread) to the controller on the GUI thread (issue 13 §2)."""

from __future__ import annotations

import threading


class _Controller:
    def __init__(self) -> None:
        self.calls: list[tuple[int, str, threading.Thread]] = []

    def event_refused(self, event_id: int, problem: str) -> None:
        self.calls.append((event_id, problem, threading.current_thread()))


def test_a_refusal_from_the_publisher_thread_reaches_the_controller_on_the_gui_thread(qtbot):
    from dealer_station.console.app import _refusal_relay

    controller = _Controller()
    relay = _refusal_relay(controller)
    sender = threading.Thread(target=relay.refused.emit, args=(17, "its content differs"))
    sender.start()
    sender.join()
    assert controller.calls == []   # nothing runs on the publisher's thread
    qtbot.waitUntil(lambda: bool(controller.calls), timeout=3000)
    assert controller.calls == [(17, "its content differs", threading.main_thread())]
