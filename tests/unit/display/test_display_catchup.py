"""The display's catch-up: from a page opened mid-shoe, the whole shoe so far, asked of the station, each event
once and in order; a shoe older than one window is found by stepping back; ids the station no longer keeps end
the search; a new shoe starts afresh."""

from __future__ import annotations

import pytest

from dealer_station.display.catchup import Release, ShoeCatchUp


def stream(shoes: list[int], before: int = 0) -> list[dict]:
    """Events 1..N: ``before`` table_status events, then per shoe a shoe_started and that many rounds (2 events)."""
    out: list[dict] = []

    def add(kind: str, **data) -> None:
        out.append({"event_id": len(out) + 1, "type": kind, "data": data})

    for _ in range(before):
        add("table_status", status="closed", state="no_shoe")
    for number, rounds in enumerate(shoes, 1):
        add("shoe_started", shoe_number=number)
        for r in range(1, rounds + 1):
            add("round_opened", round_number=r)
            add("round_result", round_number=r, winner="banker")
    return out


class Station:
    """Answers replay asks from its stored events (those from ``first_kept`` on), as a station does."""

    def __init__(self, events: list[dict], first_kept: int = 1) -> None:
        self.events, self.first_kept = events, first_kept
        self.asked: list[tuple[int, int]] = []

    def serve(self, catch: ShoeCatchUp, now: float) -> list[Release]:
        out = []
        for ask in catch.due_asks(now):
            self.asked.append((ask.first, ask.last))
            if ask.first < self.first_kept:
                got = catch.replay_error({"error": "not_retained", "first_available": self.first_kept,
                                          "last_available": len(self.events)})
                out += [got] if got else []
            for e in self.events[max(ask.first, self.first_kept) - 1:ask.last]:
                got = catch.offer(e, now)
                out += [got] if got else []
        return out


def shown(releases: list[Release]) -> list[int]:
    """The event ids the display shows after these releases."""
    ids: list[int] = []
    for r in releases:
        ids = [e["event_id"] for e in r.events] if r.reset else ids + [e["event_id"] for e in r.events]
    return ids


def run(events: list[dict], *, first_kept: int = 1, window: int = 10, max_back: int = 1000, rounds: int = 20):
    station = Station(events, first_kept)
    catch = ShoeCatchUp("T1", window=window, max_back=max_back)
    assert catch.status({"status": "online", "last_event_id": len(events)}) is None
    releases: list[Release] = []
    now = 0.0
    for _ in range(rounds):
        releases += station.serve(catch, now)
        now += 5.0
        if catch.live and not catch.due_asks(now):
            break
    return catch, station, releases


@pytest.mark.parametrize(("shoes", "before", "window", "first_shown"), [
    ([5], 0, 100, 1),          # the whole shoe within one window
    ([5], 0, 4, 1),            # the shoe's start 11 ids back: three steps back
    ([30, 4], 0, 10, 62),      # the current shoe, not the one before
    ([3, 30], 0, 10, 8),       # a long current shoe: its start several windows back
    ([2], 5, 3, 6),            # events before the first shoe are not shown
])
def test_a_page_opened_mid_shoe_shows_the_whole_shoe_so_far(shoes, before, window, first_shown):
    events = stream(shoes, before)
    catch, station, releases = run(events, window=window)
    assert catch.live
    assert shown(releases) == list(range(first_shown, len(events) + 1))
    assert events[first_shown - 1]["type"] == "shoe_started"
    # nothing asked twice once it came, and nothing before the window that holds the shoe's start
    assert len(station.asked) == len(set(station.asked))
    assert min(a for a, _ in station.asked) > first_shown - 1 - window


def test_live_events_follow_and_a_new_shoe_starts_afresh():
    events = stream([3])
    catch, _, releases = run(events)
    nxt = len(events) + 1
    more = [{"event_id": nxt, "type": "round_opened", "data": {}},
            {"event_id": nxt + 1, "type": "shoe_started", "data": {}},
            {"event_id": nxt + 2, "type": "round_opened", "data": {}}]
    assert catch.offer(more[0]) == Release(False, (more[0],))
    assert catch.offer(more[0]) is None                       # a duplicate
    assert catch.offer(more[2]) is None                       # held: the one before it is missing
    assert [(a.first, a.last) for a in catch.due_asks(100.0)] == [(nxt + 1, nxt + 1)]
    assert catch.offer(more[1]) == Release(True, (more[1], more[2]))


def test_a_shoe_start_the_station_no_longer_keeps_shows_what_it_keeps():
    events = stream([30], before=0)
    catch, station, releases = run(events, first_kept=20, window=15)
    assert catch.live and catch.floor == 20
    assert shown(releases) == list(range(20, len(events) + 1))


def test_the_search_stops_max_back_ids_back():
    events = stream([40])
    catch, station, releases = run(events, window=10, max_back=30)
    assert catch.live
    assert shown(releases) == list(range(len(events) - 29, len(events) + 1))


def test_nothing_is_released_before_the_whole_window_is_here():
    events = stream([4])
    catch = ShoeCatchUp("T1", window=100)
    catch.status({"status": "online", "last_event_id": len(events)})
    assert [(a.first, a.last) for a in catch.due_asks(0.0)] == [(1, len(events))]
    assert catch.offer(events[-1]) is None and catch.offer(events[0]) is None
    assert catch.progress() == (2, len(events))
    for e in events[1:-1]:
        got = catch.offer(e)
    assert got is not None and got.reset and [e["event_id"] for e in got.events] == list(range(1, len(events) + 1))


def test_a_table_without_events_waits_and_the_first_live_event_starts_the_search():
    catch = ShoeCatchUp("T1", window=5)
    assert catch.status({"status": "online"}) is None and catch.due_asks(0.0) == []
    events = stream([1])                                     # shoe_started, round_opened, round_result
    assert catch.offer(events[2]) is None
    assert [(a.first, a.last) for a in catch.due_asks(0.0)] == [(1, 2)]
