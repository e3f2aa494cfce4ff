"""One table's events from the start of its current shoe, each once and in id order, asked of the station.

A display opened mid-shoe must show the whole shoe so far, but the broker keeps no events (only the
retained status, whose ``last_event_id`` says how far the station is). So a :class:`ShoeCatchUp` asks the
station for its stored events again (docs/events.md "Asking for events again"), as ``events follow``
asks for a gap, with the same :class:`~dealer_station.platform.tracker.Tracker` (de-duplication, holding,
the replay asks in pieces, asking again when stuck), but only as far back as the shoe goes:

1. the first id known (the status's ``last_event_id``, or the first event) is the top; the last
   :data:`WINDOW` ids up to it are asked for;
2. once they are all here, the latest ``shoe_started`` among them is where the shoe starts; when there is
   none, the :data:`WINDOW` ids before are asked for, and so on back to the first id the station keeps
   (or :data:`MAX_BACK` ids back at most: then the display shows what it has);
3. from then on every event is released in id order: a ``shoe_started`` starts a new shoe.

No I/O and no clock: the caller passes ``now`` (seconds, monotonic) and publishes the :class:`Ask` values.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dealer_station.platform.tracker import Ask, Tracker

__all__ = ["MAX_BACK", "WINDOW", "Release", "ShoeCatchUp"]

WINDOW = 1000
"""Ids asked for per step back: a shoe of about 70 rounds makes 500 to 600 events."""
MAX_BACK = 20_000
"""Ids looked back at most for the shoe's start (a table that dealt no shoe for that long shows what it has)."""


@dataclass(frozen=True, slots=True)
class Release:
    """What the display is to show next: with ``reset``, a shoe from its first event (``events``, in id
    order) instead of what it showed; without, ``events`` follow what it showed.
    """

    reset: bool
    events: tuple[dict, ...] = ()


@dataclass
class _Segment:
    """Ids ``first``.. of the table, followed by a tracker of their own; ``events`` released in order."""

    first: int
    tracker: Tracker
    events: list[dict] = field(default_factory=list)


class ShoeCatchUp:
    """Finds where the table's current shoe starts and releases its events, in id order, each once.

    Parameters
    ----------
    table_id : str
        The table (its replay requests go to ``baccarat/tables/{table_id}/replay``).
    window : int
        Ids asked for per step back (:data:`WINDOW`).
    max_back : int
        Ids looked back at most for the shoe's first event (:data:`MAX_BACK`).
    retry : float
        Seconds without progress before missing ids are asked for again (as ``events follow --retry``).
    """

    def __init__(self, table_id: str, *, window: int = WINDOW, max_back: int = MAX_BACK, retry: float = 1.0) -> None:
        self.table_id = table_id
        self.window = window
        self.max_back = max_back
        self.retry = retry
        self.top: int | None = None
        """The first id known to exist when the display started (None before the table said anything)."""
        self.floor = 1
        """The first id the station still keeps (1 until it answers ``not_retained``)."""
        self.live = False
        """True once the shoe's start is found (or given up on) and events are released as they come."""
        self._main: _Segment | None = None   # the ids from the start of the search window on, live ones too
        self._back: _Segment | None = None   # a step back before the main segment, while it is being fetched

    def _segment(self, first: int, last: int) -> _Segment:
        tracker = Tracker({self.table_id: (first - 1, None)}, retry=self.retry)
        tracker.table(self.table_id).note_last(last)
        return _Segment(first, tracker)

    def _begin(self, top: int) -> None:
        self.top = top
        self._main = self._segment(max(self.floor, top - self.window + 1), top)

    # ------------------------------------------------------------------ what comes in
    def status(self, body: dict) -> Release | None:
        """The table's retained status: its ``last_event_id`` starts the search (or says more exists)."""
        last = body.get("last_event_id")
        known = isinstance(last, int) and not isinstance(last, bool) and last >= 1
        if self._main is None:
            if known:
                self._begin(last)
            return None
        self._main.tracker.status(self.table_id, body)
        return None

    def offer(self, envelope: dict, now: float = 0.0) -> Release | None:
        """One event of the table (live or replayed); what the display is to show now, or None."""
        event_id = envelope["event_id"]
        if self._main is None:
            self._begin(event_id)
        main = self._main
        assert main is not None
        if event_id < main.first:
            back = self._back
            if back is not None and event_id >= back.first:
                back.events += [a.envelope for a in back.tracker.offer(self.table_id, envelope, "", now)]
                return self._settle()
            return None    # before the search window: older than the shoe, or fetched already
        accepted = [a.envelope for a in main.tracker.offer(self.table_id, envelope, "", now)]
        if not self.live:
            main.events += accepted
            return self._settle()
        return self._released(accepted)

    def replay_error(self, body: dict) -> Release | None:
        """The station's answer to one of this display's replay requests (the caller checks its request id)."""
        first, last = body.get("first_available"), body.get("last_available")
        if body.get("error") == "not_retained" and isinstance(first, int) and not isinstance(first, bool):
            self.floor = max(self.floor, first)
            for segment in (self._back, self._main):
                if segment is None or first <= segment.first:
                    continue
                _, ready = segment.tracker.table(self.table_id).skip_to(first)
                segment.first = first
                segment.events += [a.envelope for a in ready]
            if self._back is not None and self._main is not None and self._back.first >= self._main.first:
                self._back = None   # nothing of the step back is kept
            if not self.live:
                return self._settle()
            return None
        if body.get("error") == "not_available" and isinstance(last, int) and not isinstance(last, bool) \
                and self._main is not None:
            self._main.tracker.table(self.table_id).lower_known_last(last)
        return None

    def reconnected(self) -> None:
        """The display's connection came back: ask at once for whatever is still missing."""
        for segment in (self._main, self._back):
            if segment is not None:
                segment.tracker.nudge_all()

    # ------------------------------------------------------------------ what goes out
    def due_asks(self, now: float) -> list[Ask]:
        """The replay requests to publish now (the step back first, then the rest)."""
        asks = []
        for segment in (self._back, self._main):
            if segment is not None:
                asks += segment.tracker.due_asks(now)
        return asks

    def progress(self) -> tuple[int, int]:
        """``(ids here, ids wanted)`` while catching up, for the page's "catching up" line."""
        if self._main is None or self.top is None:
            return 0, 0
        here = 0
        for segment in (self._main, self._back):
            if segment is not None:
                table = segment.tracker.table(self.table_id)
                here += table.last_id - segment.first + 1 + len(table.held)
        wanted = self.top - (self._back.first if self._back else self._main.first) + 1
        return min(here, wanted), wanted

    def _released(self, events: list[dict]) -> Release | None:
        if not events:
            return None
        starts = [i for i, e in enumerate(events) if e.get("type") == "shoe_started"]
        if starts:
            return Release(True, tuple(events[starts[-1]:]))
        return Release(False, tuple(events))

    def _settle(self) -> Release | None:
        """While searching: join a fetched step back, find the shoe's start, or step back once more."""
        main = self._main
        assert main is not None and self.top is not None
        back = self._back
        if back is not None and back.tracker.table(self.table_id).last_id >= main.first - 1:
            main.events[:0] = back.events      # the step back is all here: it joins the main segment
            main.first = back.first
            self._back = back = None
        if back is not None or main.tracker.table(self.table_id).last_id < self.top:
            return None                      # still fetching: a later shoe may start in what is missing
        start = max((i for i, e in enumerate(main.events) if e.get("type") == "shoe_started"), default=None)
        if start is not None:
            return self._go_live(main.events[start:])
        if main.first <= self.floor or self.top - main.first + 1 >= self.max_back:
            return self._go_live(main.events)  # nothing kept further back: what there is
        self._back = self._segment(max(self.floor, main.first - self.window), main.first - 1)
        return None

    def _go_live(self, events: list[dict]) -> Release:
        self.live = True
        assert self._main is not None
        self._main.events = []
        return Release(True, tuple(events))
