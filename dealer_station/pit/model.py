"""The pit view's pure model: tables → rows, open pauses oldest first, edge alerts, in plain words.

Fed the messages :func:`dealer_station.platform.tracker.read_message` reads (the same reading as
``events follow``: one parser), a :class:`PitModel` keeps per table what a pit supervisor looks at:
whether the station is online (its retained status, or the broker's last will ``offline``), the
table's state, shoe and round, the shoe's results (for a small bead plate), an open pause with its
incident, and the edge alerts (``player_edge``) of the last round. No I/O, no clock, no Qt: the
caller passes ``now`` (UTC wall clock, seconds since the epoch).

Events arrive at least once and, with replays asked by a platform consumer on the same broker,
out of order: each event is taken once (de-duplicated by ``event_id`` per table) and a field is
changed only by an event with a higher id than the one that set it last, so a late or replayed old
event never turns the picture back. Results are kept per shoe and round, so a late result still
lands in its own shoe's bead plate. Events are not retained by the broker, the status is: a pit
started after a pause began shows the pause at once from the status's ``open_pause`` (the pause open
as of its ``last_event_id``), ordered against the events by event id like any other.

A table whose station is offline says since when (the time of the status that says so; for a last
will the pit saw arrive, when it arrived; for one retained from before the pit started, only when the
station was last heard from), and what it shows of the table is what was last known, said so.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from dealer_station.domain.enums import member_or_text
from dealer_station.domain.roads.marks import RoadsError, RoundMark, as_mark
from dealer_station.domain.states import TableState
from dealer_station.domain.status import OfflineReason, StationStatus, TableStatusCode
from dealer_station.outbox import ends_pause
from dealer_station.pit.words import (
    LAST_KNOWN,
    OFFLINE_REASON_WORDS,
    STATE_CAPTIONS,
    clock_words,
    incident_words,
    parse_ts,
    position_words,
    state_words,
    waited_words,
    words,
)
from dealer_station.platform.tracker import Message

__all__ = ["DEFAULT_WAIT_ALERT_SECONDS", "EdgeRow", "PauseRow", "PitModel", "TableRow"]

DEFAULT_WAIT_ALERT_SECONDS = 60.0
"""A pause waiting longer than this (seconds) is marked (``--wait-alert``, ``[pit] wait_alert_seconds``)."""

SEEN_MAX = 20_000
"""Event ids remembered per table for de-duplication; older ones are dropped as too old to matter."""

SHOES_KEPT = 2
"""Shoes whose results are kept per table (the current one and the one before)."""

_BETWEEN_ROUNDS = frozenset({TableState.READY, TableState.SHOE_END, TableState.SHOE_CHANGE})
"""States in which the last round told is over (``Round 12 complete``)."""

_STATE_AFTER = {"round_opened": TableState.BETTING_OPEN, "betting_closed": TableState.BETTING_CLOSED,
                "card_dealt": TableState.DEALING, "round_result": TableState.READY,
                "round_voided": TableState.READY}
"""The state a round's event leaves the table in: a ``table_status`` comes only when the status changes
(docs/events.md), and it stays ``open`` from betting's opening to the result."""


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class PauseRow:
    """An open pause: the table, round, incident (code and plain words), when it began and how long it waited.

    ``since``: seconds since the epoch (the incident's ``ts``, else the event's, else when the pit
    received it); ``waited``: seconds (never negative, even with the station's clock ahead);
    ``overdue``: waited longer than the wait alert; ``stale``: the station is offline, so the pause is
    the last known (it may have been resolved since).
    """

    table_id: str
    round_number: int | None
    incident_type: str
    incident: str
    detail: str
    since: float
    waited: float
    overdue: bool
    event_id: int
    stale: bool = False

    @property
    def waited_text(self) -> str:
        """How long the table has waited, in words (``"2 min"``)."""
        return waited_words(self.waited)


@dataclass(frozen=True, slots=True)
class EdgeRow:
    """An edge alert (``player_edge``): players have a positive expected value on ``bet`` next round.

    ``ev``: the player's expected value per unit, a decimal string as the station sent it.
    """

    table_id: str
    shoe: int | None
    round: int | None
    bet: str
    ev: str
    cards_left: int | None
    event_id: int

    @property
    def text(self) -> str:
        """The edge alert as the pit reads it: bet, players' edge per unit, round and cards left."""
        left = f", {self.cards_left} cards left" if self.cards_left is not None else ""
        return f"{words(self.bet)}: players' edge {self.ev} per unit after round {self.round}{left}"


@dataclass(frozen=True, slots=True)
class TableRow:
    """One table as the pit view shows it (every text in plain words).

    ``online``: True / False from the station's retained status (False also for the broker's last
    will), None while no status arrived. ``beads``: the current shoe's results in round order.
    ``pause``: the open pause, if any. ``edges``: the edge alerts of the shoe's last round.
    ``stale``: the station is offline: ``state``, ``shoe`` and ``round`` begin with :data:`LAST_KNOWN`.
    ``offline_since``: when the station went offline (seconds since the epoch), None while online or
    not known (a last will retained from before the pit started); ``last_heard``: the latest time the
    station is known to have been up (its statuses' and events' ``ts``), None before anything came.
    ``station_detail`` says both in words.
    """

    table_id: str
    online: bool | None
    station: str
    station_detail: str
    status: str
    state: str
    shoe: str
    round: str
    beads: tuple[RoundMark, ...]
    pause: PauseRow | None
    edges: tuple[EdgeRow, ...]
    alert: str
    last_event_id: int
    station_last_event_id: int | None
    unverified: str = ""
    """With ``pit --trust``: what was refused for the table (messages not signed by its key), in plain words."""
    stale: bool = False
    offline_since: float | None = None
    last_heard: float | None = None


@dataclass
class _Table:
    table_id: str
    status: dict | None = None
    seen: set[int] = field(default_factory=set)
    floor: int = 0
    last_event_id: int = 0
    duplicates: int = 0
    bad: int = 0
    stamps: dict[str, int] = field(default_factory=dict)
    table_status: TableStatusCode | str = ""
    state: str = ""
    shoe_id: str | None = None
    shoe_numbers: dict[str, int] = field(default_factory=dict)
    round_number: int | None = None
    results: dict[str, dict[int, RoundMark]] = field(default_factory=dict)
    ended: dict[str, str] = field(default_factory=dict)
    last_rounds: dict[str, int] = field(default_factory=dict)
    pause: tuple[int, dict, int | None, float] | None = None
    closed_at: int = 0
    edges: dict[str, list[EdgeRow]] = field(default_factory=dict)
    alert: tuple[int, str] | None = None
    refused: dict[str, int] = field(default_factory=dict)
    refused_why: str = ""
    heard: float | None = None
    offline_since: float | None = None

    def heard_at(self, moment: float | None) -> None:
        """The station was up at ``moment`` (seconds since the epoch; None: nothing known)."""
        if moment is not None and (self.heard is None or moment > self.heard):
            self.heard = moment

    def newer(self, name: str, event_id: int) -> bool:
        """True (and the stamp moved) when ``event_id`` is past the event that last set ``name``."""
        if event_id <= self.stamps.get(name, 0):
            return False
        self.stamps[name] = event_id
        return True


class PitModel:
    """Every table seen on the broker (or the tables named), as rows for the pit view.

    Parameters
    ----------
    tables : iterable of str, optional
        Only these tables (shown at once, as "no status yet"); default: every table that sends.
    wait_alert_seconds : float
        A pause waiting longer than this is ``overdue`` (seconds, > 0).
    local : callable, optional
        Seconds since the epoch → the broken-down time the rows' texts show (default ``time.localtime``).

    Raises
    ------
    ValueError
        For ``wait_alert_seconds`` not > 0.
    """

    def __init__(self, tables: Iterable[str] | None = None, *,
                 wait_alert_seconds: float = DEFAULT_WAIT_ALERT_SECONDS,
                 local: Callable[[float], time.struct_time] = time.localtime) -> None:
        if not wait_alert_seconds > 0:
            raise ValueError(f"wait alert must be more than 0 seconds, not {wait_alert_seconds!r}")
        self.wait_alert_seconds = float(wait_alert_seconds)
        self.local = local
        self.only = frozenset(tables or ())
        self._tables: dict[str, _Table] = {t: _Table(t) for t in sorted(self.only)}
        self.bad_messages = 0

    # ------------------------------------------------------------------ input
    def table_ids(self) -> list[str]:
        """The ids of every table heard from, sorted."""
        return sorted(self._tables)

    def has_status(self, table_id: str) -> bool:
        """True once a status (or a cleared one) of ``table_id`` arrived."""
        t = self._tables.get(table_id)
        return t is not None and t.status is not None

    def duplicates(self, table_id: str) -> int:
        """Events of ``table_id`` dropped as already seen."""
        return self._tables[table_id].duplicates

    def bad(self, table_id: str | None = None) -> None:
        """Count a message that could not be read (``BadMessage``)."""
        self.bad_messages += 1
        if table_id in self._tables:
            self._tables[table_id].bad += 1

    def refused(self, table_id: str, kind: str, reason: str) -> bool:
        """Count a message of ``table_id`` refused by the trusted keys (``kind``: ``events`` or ``status``).

        It changes nothing the table shows but its ``unverified`` line: a refused status is never the table's.
        Returns True when the picture changed (False for a table not followed).
        """
        if self.only and table_id not in self.only:
            return False
        table = self._tables.get(table_id)
        if table is None:
            table = self._tables[table_id] = _Table(table_id)
        table.refused[kind] = table.refused.get(kind, 0) + 1
        table.refused_why = reason
        return True

    def apply(self, message: Message, received: float, *, retained: bool = False) -> bool:
        """Take one message; ``received``: when it arrived (seconds since the epoch, UTC); ``retained``: the
        broker kept it from before the pit subscribed (a retained status), so ``received`` says nothing of
        when it was sent.

        Returns True when the picture changed (False for a duplicate, a replay error, or a table
        not followed).
        """
        if self.only and message.table_id not in self.only:
            return False
        table = self._tables.get(message.table_id)
        if table is None:
            table = self._tables[message.table_id] = _Table(message.table_id)
        if message.kind == "status":
            self._status(table, dict(message.body), received, retained)
            return True
        if message.kind != "events":
            return False
        return self._event(table, message.body, received)

    def _status(self, t: _Table, body: dict, received: float, retained: bool) -> None:
        t.status = body
        sent = parse_ts(body.get("ts"))
        if not body or body.get("status") == StationStatus.ONLINE:
            t.offline_since = None
            t.heard_at(sent)
        elif body.get("reason") == OfflineReason.CONNECTION_LOST:
            # a last will's ts is when the station connected (the will is set then): it was up at that time;
            # it went offline when the broker published the will, which only a pit that saw it arrive knows
            t.heard_at(sent)
            t.offline_since = None if retained else received
        else:
            t.offline_since = sent if sent is not None else (None if retained else received)
            t.heard_at(t.offline_since)
        as_of = body.get("last_event_id")
        if "open_pause" not in body or not _int(as_of):
            return
        pause = body["open_pause"]
        if pause is None:               # no pause open as of as_of: any pause up to it is over
            t.closed_at = max(t.closed_at, as_of)
        elif isinstance(pause, dict) and _int(pause.get("event_id")) and 0 < pause["event_id"] <= as_of:
            # the round_paused event itself, told again by the status: taken (once) as if it had arrived
            self._event(t, {"event_id": pause["event_id"], "type": "round_paused", "shoe_id": pause.get("shoe_id"),
                            "round_id": pause.get("round_id"), "ts": pause.get("ts"),
                            "data": {"round_number": pause.get("round_number"), "incident": pause.get("incident")}},
                        received, heard=False)

    def _event(self, t: _Table, env: dict, received: float, *, heard: bool = True) -> bool:
        event_id = env["event_id"]
        if event_id <= t.floor or event_id in t.seen:
            t.duplicates += 1
            return False
        if heard:
            t.heard_at(parse_ts(env.get("ts")))
        t.seen.add(event_id)
        if len(t.seen) > SEEN_MAX:
            keep = sorted(t.seen)[SEEN_MAX // 2:]
            t.floor, t.seen = keep[0] - 1, set(keep)
        t.last_event_id = max(t.last_event_id, event_id)
        kind = env.get("type")
        data = env.get("data") if isinstance(env.get("data"), dict) else {}
        shoe_id = env.get("shoe_id") if isinstance(env.get("shoe_id"), str) else None
        if shoe_id is not None:
            number = data.get("shoe_number", data.get("shoe")) if kind in ("shoe_started", "shoe_ended",
                                                                          "player_edge") else None
            if _int(number):
                t.shoe_numbers[shoe_id] = number
            if t.newer("shoe", event_id):
                t.shoe_id = shoe_id
        if _int(data.get("round_number")) and t.newer("round", event_id):
            t.round_number = data["round_number"]
        if kind == "shoe_started" and t.newer("round", event_id):
            t.round_number = None
        if kind == "table_status" and t.newer("table_status", event_id):
            t.table_status = member_or_text(TableStatusCode, data.get("status") or "")
            t.state = str(data.get("state") or "")
        elif kind in _STATE_AFTER and t.newer("table_status", event_id):
            t.state = _STATE_AFTER[kind]  # the status stays "open" through a round: its events tell where it is
        elif kind == "round_paused":
            incident = data.get("incident") if isinstance(data.get("incident"), dict) else {}
            since = parse_ts(incident.get("ts")) or parse_ts(env.get("ts")) or received
            round_number = data.get("round_number") if _int(data.get("round_number")) else None
            if t.pause is None or event_id > t.pause[0]:
                t.pause = (event_id, incident, round_number, since)
        if ends_pause(kind, data):
            t.closed_at = max(t.closed_at, event_id)
        if kind == "round_result" and shoe_id is not None and _int(data.get("round_number")):
            try:
                t.results.setdefault(shoe_id, {})[data["round_number"]] = as_mark(data)
            except RoadsError:
                t.bad += 1
                self.bad_messages += 1
        elif kind == "round_opened" and shoe_id is not None and data.get("last_round") is True \
                and _int(data.get("round_number")):
            t.last_rounds[shoe_id] = data["round_number"]  # the cut card is out: the shoe's last round
        elif kind == "shoe_ended" and shoe_id is not None:
            t.ended[shoe_id] = str(data.get("reason") or "")
        elif kind == "player_edge" and shoe_id is not None:
            cards_left = data.get("cards_left")
            edge = EdgeRow(t.table_id, data.get("shoe") if _int(data.get("shoe")) else None,
                           data.get("round") if _int(data.get("round")) else None, str(data.get("bet") or ""),
                           str(data.get("ev") or ""), cards_left if _int(cards_left) else None, event_id)
            t.edges.setdefault(shoe_id, []).append(edge)
        elif kind == "alert" and (t.alert is None or event_id > t.alert[0]):
            card = f" ({data['card']})" if data.get("card") else ""
            t.alert = (event_id, f"Card shoe read a card with no shoe open{card}"
                       if str(data.get("reason", "")).startswith("card") else
                       f"Card shoe read something with no shoe open: {words(data.get('reason'))}")
        for old in list(t.results)[:-SHOES_KEPT]:
            if old != t.shoe_id:
                del t.results[old]
                t.edges.pop(old, None)
        return True

    # ------------------------------------------------------------------ output
    def _pause_row(self, t: _Table, now: float) -> PauseRow | None:
        if t.pause is None or t.pause[0] <= t.closed_at:
            return None
        event_id, incident, round_number, since = t.pause
        waited = max(0.0, now - since)
        bits = []
        if incident.get("position"):
            bits.append(f"at {position_words(incident['position'])}")
        if incident.get("state_before"):
            bits.append(f"while: {state_words(incident['state_before'])}")
        reason = str(incident.get("reason") or "")
        if reason and reason not in ("card", incident.get("type")):
            bits.append(f"reason: {words(reason)}")
        if incident.get("detail"):
            bits.append(str(incident["detail"]))
        return PauseRow(t.table_id, round_number, str(incident.get("type") or ""), incident_words(incident.get("type")),
                        "; ".join(bits), since, waited, waited > self.wait_alert_seconds, event_id,
                        _offline(t.status))

    def _shoe_text(self, t: _Table) -> str:
        if t.shoe_id is None:
            return "No shoe yet"
        number = t.shoe_numbers.get(t.shoe_id)
        if number is None:
            tail = t.shoe_id.rpartition("-S")[2]
            number = int(tail) if tail.isdigit() else None
        text = f"Shoe {number}" if number is not None else f"Shoe {t.shoe_id}"
        if t.shoe_id in t.ended:
            text += " (ended)"
        return text

    def row(self, table_id: str, now: float) -> TableRow:
        """The row of one table at ``now`` (seconds since the epoch). KeyError for a table never seen."""
        t = self._tables[table_id]
        status = t.status
        if status is None or not status:
            online, station = None, "NO STATUS YET" if status is None else "NO STATUS (cleared)"
            detail = ""
        elif status.get("status") == StationStatus.ONLINE:
            online, station, detail = True, "ONLINE", ""
        else:
            online, station = False, "OFFLINE"
            detail = "; ".join((OFFLINE_REASON_WORDS.get(str(status.get("reason")), words(status.get("reason"))),
                                self._offline_words(t, now)))
        results = t.results.get(t.shoe_id or "", {})
        beads = tuple(m for _, m in sorted(results.items()))
        last_round = max(results) if results else None
        live = tuple(e for e in t.edges.get(t.shoe_id or "", []) if e.round == last_round)
        status_last = status.get("last_event_id") if status else None
        pause = self._pause_row(t, now)
        state = state_words(t.state, t.table_status) if (t.state or t.table_status) else (
            "State not known yet" if t.last_event_id else "No events yet")
        if pause is not None and t.table_status != TableStatusCode.PAUSED:
            state = STATE_CAPTIONS[TableState.PAUSED]
        shoe = self._shoe_text(t)
        round_text = ("No round yet" if t.round_number is None else
                      f"Round {t.round_number} complete" if t.state in _BETWEEN_ROUNDS else
                      f"Round {t.round_number}")
        if t.round_number is not None and t.last_rounds.get(t.shoe_id or "") == t.round_number:
            round_text += ", the shoe's last"
        stale = online is False
        if stale:
            state, shoe = LAST_KNOWN + state, LAST_KNOWN + shoe
        return TableRow(t.table_id, online, station, detail, t.table_status, state, shoe, round_text,
                        beads, pause, live, t.alert[1] if t.alert else "", t.last_event_id,
                        status_last if _int(status_last) else None, _unverified_words(t), stale,
                        t.offline_since if stale else None, t.heard)

    def _offline_words(self, t: _Table, now: float) -> str:
        """``"offline since 14:02:11 (3 min 05 s)"``; without a known moment, when the station was last heard from."""
        if t.offline_since is not None:
            return (f"offline since {clock_words(t.offline_since, now, self.local)} "
                    f"({waited_words(now - t.offline_since)})")
        if t.heard is not None:
            return (f"offline since: not known; last heard from at {clock_words(t.heard, now, self.local)} "
                    f"({waited_words(now - t.heard)} ago)")
        return "offline since: not known"

    def rows(self, now: float) -> list[TableRow]:
        """Every table's row, by table id."""
        return [self.row(t, now) for t in self.table_ids()]

    def pauses(self, now: float) -> list[PauseRow]:
        """The open pauses, oldest first (the one waiting longest at the top)."""
        rows = [p for t in self._tables.values() if (p := self._pause_row(t, now)) is not None]
        return sorted(rows, key=lambda p: (p.since, p.table_id))

    def edges(self) -> list[EdgeRow]:
        """The edge alerts of each table's last round, by table then event id."""
        out = [e for t in self.table_ids() for e in self.row(t, 0.0).edges]
        return sorted(out, key=lambda e: (e.table_id, e.event_id))


def _offline(status: dict | None) -> bool:
    """True for a status that says the station is offline (what the pit shows of it is the last known)."""
    return bool(status) and status.get("status") != StationStatus.ONLINE


def _unverified_words(t: _Table) -> str:
    """``UNVERIFIED: ...`` for a table some of whose messages the trusted keys refused; "" for none."""
    if not t.refused:
        return ""
    parts = [f"{n} {'status message' if kind == 'status' else 'event'}{'s' if n > 1 else ''}"
             for kind, n in sorted(t.refused.items())]
    return (f"UNVERIFIED: {' and '.join(parts)} refused, not signed by this table's key (last: {t.refused_why}); "
            f"someone else is publishing for this table")
