"""What the table's display shows, folded from the table's events of the current shoe (docs/display.md).

Fed the events a :class:`~dealer_station.display.catchup.ShoeCatchUp` releases (each once, in id order, from
the shoe's ``shoe_started`` on) and the table's retained status, a :class:`TableDisplay` keeps what a
player at the table or on the stream looks at: the table, shoe and round, the state (betting open and
when the betting timer closes it, no more bets, dealing, the result, paused), the cards of the round being
dealt, the last result, the shoe's rounds (for the roads: :func:`dealer_station.domain.roads.compute_roads`
draws them), the limits and bets offered of the round (``round_opened``, docs/events.md). No I/O, no clock.

The state comes from the latest event: ``table_status`` says closed, shuffling, ready, paused or shoe end (its
``state``); between them ``round_opened`` is betting open, ``betting_closed`` no more bets, ``card_dealt``
dealing, ``round_result`` the result, ``round_paused`` paused (until ``round_resumed`` goes back to the state
it paused in), ``shoe_ended`` the shoe's end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from dealer_station.domain.roads import Roads, RoadsError, RoundMark, as_mark, compute_roads
from dealer_station.domain.states import TableState
from dealer_station.domain.status import StationStatus, TableStatusCode

__all__ = ["TableDisplay", "epoch_ms"]

_STATES = frozenset(s.value for s in TableState)
_STATUS_STATE = {TableStatusCode.CLOSED: TableState.NO_SHOE.value,
                 TableStatusCode.SHUFFLING: TableState.SHUFFLE.value,
                 TableStatusCode.OPEN: TableState.READY.value, TableStatusCode.PAUSED: TableState.PAUSED.value,
                 TableStatusCode.SHOE_CHANGE: TableState.SHOE_END.value}
"""A ``table_status`` ``status`` as a state, when its ``state`` is not one the display knows."""


def epoch_ms(ts: object) -> int | None:
    """Milliseconds since the epoch of an event's ``ts`` (ISO 8601 UTC, ``...Z``); None when it cannot be read."""
    if not isinstance(ts, str):
        return None
    try:
        moment = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    except ValueError:
        return None
    return None if moment.tzinfo is None else round(moment.timestamp() * 1000)


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@dataclass
class TableDisplay:
    """One table as its display shows it.

    Attributes
    ----------
    table_id : str
    state : str
        A :class:`~dealer_station.domain.states.TableState` value; ``""`` before any event.
    shoe_number, round_number : int or None
    cards : dict
        The round being dealt: position (``player1`` … ``banker3``) → card token.
    result : dict or None
        The last round's ``round_result`` or ``round_voided`` data (its ``status`` tells which).
    marks : list of RoundMark
        The shoe's completed rounds, in order (voided rounds have none).
    round : dict
        The round's ``round_opened`` data: ``bets_offered``, ``limits``, ``mode``, ``last_round``,
        ``betting_window_ms``; ``{}`` before the first round of the shoe.
    betting_closes_ms : int or None
        When the betting timer closes betting (epoch milliseconds: the ``round_opened`` ``ts`` plus its
        ``betting_window_ms``) while betting is open; None otherwise or when only the dealer closes it.
    incident : dict or None
        The open pause's incident (``round_paused`` ``incident``).
    online : bool or None
        The station's retained status (None before one came); ``offline_reason`` its reason.
    last_event_id : int
        The last event shown.
    """

    table_id: str
    state: str = ""
    shoe_number: int | None = None
    round_number: int | None = None
    cards: dict[str, str] = field(default_factory=dict)
    result: dict | None = None
    marks: list[RoundMark] = field(default_factory=list)
    round: dict = field(default_factory=dict)
    betting_closes_ms: int | None = None
    incident: dict | None = None
    shoe_end: dict | None = None
    online: bool | None = None
    offline_reason: str = ""
    last_event_id: int = 0
    _resume_state: str = ""
    _roads: Roads | None = None

    def status(self, body: dict) -> None:
        """The station's retained status (``online`` / ``offline`` with a reason; ``{}`` when cleared)."""
        if body.get("status") == StationStatus.ONLINE:
            self.online, self.offline_reason = True, ""
        elif body.get("status") == StationStatus.OFFLINE:
            self.online, self.offline_reason = False, str(body.get("reason") or "")

    def reset(self) -> None:
        """Forget the shoe (its first event comes next)."""
        self.state, self.shoe_number, self.round_number = "", None, None
        self.cards, self.result, self.marks, self.round = {}, None, [], {}
        self.betting_closes_ms = self.incident = self.shoe_end = None
        self._roads = None

    def apply(self, envelope: dict) -> None:
        """Take one event of the table (in id order)."""
        kind, data = envelope.get("type"), envelope.get("data")
        data = data if isinstance(data, dict) else {}
        self.last_event_id = _int(envelope.get("event_id")) or self.last_event_id
        if kind == "shoe_started":
            self.reset()
            self.shoe_number = _int(data.get("shoe_number"))
            self.state = TableState.SHUFFLE.value
        elif kind == "table_status":
            state = str(data.get("state") or "")
            self._set_state(state if state in _STATES else _STATUS_STATE.get(str(data.get("status")), state))
        elif kind == "round_opened":
            self.round_number = _int(data.get("round_number"))
            self.round = {"bets_offered": [str(b) for b in data.get("bets_offered") or ()],
                          "limits": data.get("limits") if isinstance(data.get("limits"), dict) else {},
                          "mode": data.get("mode"), "last_round": bool(data.get("last_round")),
                          "betting_window_ms": _int(data.get("betting_window_ms"))}
            opened, window = epoch_ms(envelope.get("ts")), self.round["betting_window_ms"]
            self.betting_closes_ms = opened + window if opened is not None and window else None
            self.cards = {}
            self._set_state(TableState.BETTING_OPEN.value)
        elif kind == "betting_closed":
            self._set_state(TableState.BETTING_CLOSED.value)
        elif kind == "card_dealt":
            position, card = data.get("position"), data.get("card")
            if isinstance(position, str) and isinstance(card, str):
                self.cards[position] = card
            if self.state != TableState.PAUSED:
                self._set_state(TableState.DEALING.value)
        elif kind == "round_result":
            self.result = data
            try:
                self.marks.append(as_mark(data))
            except RoadsError:
                pass      # a result without a winner the roads can place: shown, not drawn
            self._roads = None
            self._set_state(TableState.RESULT.value)
        elif kind == "round_voided":
            self.result = data
            self._set_state(TableState.READY.value)
        elif kind == "round_paused":
            incident = data.get("incident")
            self.incident = incident if isinstance(incident, dict) else {}
            before = str(self.incident.get("state_before") or "")
            self._resume_state = before if before in _STATES else self.state
            self.state = TableState.PAUSED.value
            self.betting_closes_ms = None
        elif kind == "round_resumed":
            self.incident = None
            if self.state == TableState.PAUSED:
                self.state = self._resume_state or TableState.READY.value
        elif kind == "shoe_ended":
            self.shoe_end = data
            self._set_state(TableState.SHOE_END.value)

    def _set_state(self, state: str) -> None:
        self.state = state
        if state != TableState.PAUSED:
            self.incident = None
        if state != TableState.BETTING_OPEN:
            self.betting_closes_ms = None

    @property
    def roads(self) -> Roads:
        """The shoe's roads (the domain's :func:`~dealer_station.domain.roads.compute_roads` of its rounds)."""
        if self._roads is None:
            self._roads = compute_roads(self.marks)
        return self._roads
