"""What the betting platform is told: the platform events a decision's outputs make, and the table status.

docs/events.md (the events and their data); docs/design.md "What the platform is told is what the journal proves":
the events are built from the decision's outputs alone (and the journal's timing), so the journal's decision
row makes the same events again.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dealer_station.app.config import StationConfig
from dealer_station.app.logging import safe_repr
from dealer_station.app.views import round_id, shoe_id
from dealer_station.domain.fact_data import json_of
from dealer_station.domain.facts import FactKind, Output
from dealer_station.domain.incidents import MisreadReason, PauseReason, card_evidence_parts, frame_evidence
from dealer_station.domain.states import BURN_STATES, TableState
from dealer_station.domain.status import TableStatusCode
from dealer_station.domain.table import TableMachine
from dealer_station.journal import EventSpec, Journal
from dealer_station.journal.codec import decision_kinds

__all__ = ["EVENT_KINDS", "betting_window_ms", "card_held", "card_misread", "platform_events", "round_times",
           "stray_frame_alert", "table_status"]

_F = FactKind
EVENT_KINDS = frozenset({_F.SHOE_STARTED, _F.SHOE_ENDED, _F.BURN_INDICATOR, _F.CARD_BURNED, _F.BETTING_OPENED,
                          _F.BETTING_CLOSED, _F.CARD_ACCEPTED, _F.RESCAN_REQUESTED, _F.NO_READ_WHILE_PAUSED,
                          _F.CARD_WHILE_PAUSED, _F.INCIDENT_WHILE_PAUSED, _F.ROUND_COMPLETED, _F.ROUND_VOIDED,
                          _F.ROUND_PAUSED, _F.ROUND_RESUMED, _F.PLAYER_EDGE, _F.TABLE_STATUS, _F.PROCEDURE_VIOLATION})
"""Machine outputs that make a platform event (:func:`platform_events`)."""


def table_status(state: TableState | str) -> TableStatusCode:
    """The table status the platform sees for a table state: ``closed`` (no shoe), ``shuffling`` (the shoe is
    prepared), ``paused``, ``shoe_change`` (the shoe ended) or ``open``.

    Every decision asks: a state (a member or its plain name, equal and hashed alike) is looked up in
    :data:`_STATUS_OF`; anything else is worked out by :func:`_status_of`.
    """
    status = _STATUS_OF.get(state)
    return status if status is not None else _status_of(state)


def _status_of(state: TableState | str) -> TableStatusCode:
    if state == TableState.NO_SHOE:
        return TableStatusCode.CLOSED
    if state in BURN_STATES:
        return TableStatusCode.SHUFFLING
    if state == TableState.PAUSED:
        return TableStatusCode.PAUSED
    if state in (TableState.SHOE_END, TableState.SHOE_CHANGE):
        return TableStatusCode.SHOE_CHANGE
    return TableStatusCode.OPEN


_STATUS_OF: dict[str, TableStatusCode] = {state.value: _status_of(state) for state in TableState}
"""A state's name → its table status (:func:`table_status`)."""


def platform_events(outputs: list[Output], config: StationConfig, machine: TableMachine,
                    round_times: Callable[[], dict[str, str | None]]) -> list[EventSpec]:
    """The platform events (docs/events.md) a decision's ``outputs`` make, in order: one for each output of
    :data:`EVENT_KINDS`, none for the others (facts for the console and logs only).

    ``config``: the table id, limits, mode, pay table and betting window the events carry; ``machine``: the
    table after the decision (its shoe and round name an output that does not); ``round_times``: the
    ``first_card_ts`` and ``decided_ts`` of a completed round (:func:`round_times`), asked only for one.
    """
    m = machine
    table = config.table_id
    events: list[EventSpec] = []
    for kind, data in outputs:
        if kind not in EVENT_KINDS:
            continue  # a fact for the console and logs only: no platform event
        shoe = int(data.get("shoe", m.shoe_number) or 0)
        sid = shoe_id(table, shoe) if shoe else None
        rnd = data.get("round")
        if rnd is None and m.round_open:
            rnd = m.round_number
        rid = round_id(table, shoe, int(rnd)) if shoe and rnd else None
        if kind == FactKind.SHOE_STARTED:
            events.append(EventSpec("shoe_started", {"shoe_number": shoe, "decks": data.get("decks"),
                                                     "misreads_published": True}, sid))
        elif kind == FactKind.SHOE_ENDED:
            events.append(EventSpec("shoe_ended", {**json_of(data), "shoe_number": shoe}, sid))
        elif kind in (FactKind.BURN_INDICATOR, FactKind.CARD_BURNED):
            events.append(EventSpec("card_burned", {
                "shoe_number": shoe, "position": "burn_indicator" if kind == FactKind.BURN_INDICATOR else "burn",
                "card": data["card"], "manual": bool(data.get("manual"))}, sid))
        elif kind == FactKind.BETTING_OPENED:
            bets = tuple(data.get("offered_bets", ()))
            events.append(EventSpec("round_opened", {
                "round_number": rnd, "bets_offered": list(bets), "limits": config.limits(bets),
                "mode": config.mode.value, "paytable": config.paytable_name,
                "last_round": data.get("last_round", False),
                "betting_window_ms": betting_window_ms(config)}, sid, rid))
        elif kind == FactKind.BETTING_CLOSED:
            events.append(EventSpec("betting_closed", {"round_number": rnd, "by": data.get("by")}, sid, rid))
        elif kind == FactKind.CARD_ACCEPTED:
            events.append(EventSpec("card_dealt", {"round_number": rnd, "position": data["position"],
                                                   "card": data["card"], "manual": data["manual"]}, sid, rid))
        elif kind in (FactKind.RESCAN_REQUESTED, FactKind.NO_READ_WHILE_PAUSED):
            paused = kind == FactKind.NO_READ_WHILE_PAUSED
            events.append(EventSpec("card_misread", card_misread(data, rnd if rid else None, paused=paused),
                                    sid, rid))
        elif kind == FactKind.CARD_WHILE_PAUSED:
            events.append(EventSpec("card_held", card_held(data, rnd if rid else None), sid, rid))
        elif kind == FactKind.INCIDENT_WHILE_PAUSED:
            events.append(EventSpec("incident_noted", {"round_number": rnd if rid else None, "incident": {
                "type": str(data.get("type") or ""), "reason": str(data.get("reason") or ""),
                "evidence": str(data.get("evidence") or "")}}, sid, rid))
        elif kind == FactKind.ROUND_COMPLETED:
            events.append(EventSpec("round_result", {**json_of(data), "round_number": rnd, **round_times()},
                                    sid, rid))
        elif kind == FactKind.ROUND_VOIDED:
            events.append(EventSpec("round_voided", {**json_of(data), "round_number": rnd}, sid, rid))
        elif kind == FactKind.ROUND_PAUSED:
            events.append(EventSpec("round_paused", {"incident": json_of(data),
                                                     "round_number": m.round_number or None}, sid, rid))
        elif kind == FactKind.ROUND_RESUMED:
            events.append(EventSpec("round_resumed", {**json_of(data), "round_number": m.round_number or None},
                                    sid, rid))
        elif kind == FactKind.PLAYER_EDGE:
            events.append(EventSpec("player_edge", json_of(data), sid, rid))
        elif kind == FactKind.TABLE_STATUS:
            events.append(EventSpec("table_status", json_of(data), sid))
        elif kind == FactKind.PROCEDURE_VIOLATION:  # a frame with no shoe open: part of no shoe or round
            events.append(EventSpec("alert", stray_frame_alert(data, sid)))
    return events


def betting_window_ms(config: StationConfig) -> int | None:
    """The betting window in whole milliseconds (``[betting] window_seconds``), None when only the dealer closes
    betting: from the round's ``ts`` a display counts it down (an integer, so every language reads one text).
    """
    seconds = config.betting_window_seconds
    return round(seconds * 1000) if seconds > 0 else None


def round_times(journal: Journal, decided_ts: str, log: Callable[..., None]) -> dict[str, str | None]:
    """``first_card_ts`` (the journal time of the round's first accepted card, None when the journal cannot
    say) and ``decided_ts`` (the time of the decision that completes the round), UTC ISO (docs/events.md,
    "Timing"). ``log``: ``log(level, event, **fields)``, told when the journal cannot be read.
    """
    first = None
    try:
        after = max((row.seq for row in (journal.last_marked("round"), journal.last_marked(
            "shoe_started")) if row is not None), default=0)
        for row in journal.rows(after, kinds=("decision",)):
            if FactKind.CARD_ACCEPTED in decision_kinds(row.body):
                first = row.ts
                break
    except Exception as err:  # noqa: BLE001 - a timing field never stops the table
        log("error", "first_card_time_unknown", error=safe_repr(err))
    return {"first_card_ts": first, "decided_ts": decided_ts}


def stray_frame_alert(data: dict, after_shoe: str | None) -> dict:
    """The ``alert`` event's data for a ``procedure_violation`` fact (a frame read with no shoe open).

    ``{"kind": "frame_without_shoe", "reason", "card", "evidence", "state", "after_shoe"}``: ``card`` is
    the card token when a card was read (``reason`` ``card_without_shoe``), else None; ``evidence`` the
    frame as recorded (raw bytes as hex, the token in brackets); ``state`` ``no_shoe`` (no shoe yet) or
    ``shoe_end``; ``after_shoe`` the id of the last shoe (None before the first). Built from the fact
    alone (the machine's record of the decision), so the journal's decision row makes the same event.
    """
    reason = str(data.get("reason") or "")
    evidence = str(data.get("evidence") or "")
    card = None
    if reason == PauseReason.CARD_WITHOUT_SHOE:
        _raw, token = card_evidence_parts(evidence)   # "RAW (TOKEN)", or "TOKEN" when there are no raw bytes
        card = token if token is not None and _CARD_TOKEN.fullmatch(token) else None
    return {"kind": "frame_without_shoe", "reason": reason, "card": card, "evidence": evidence,
            "state": str(data.get("state") or ""), "after_shoe": after_shoe}


def card_misread(data: dict, round_number: int | None, *, paused: bool) -> dict:
    """The ``card_misread`` event's data for a ``rescan_requested`` fact, or a ``no_read_while_paused`` one
    (``paused``).

    ``{"round_number", "position", "reason", "misreads_in_a_row", "paused", "evidence"}``: ``round_number`` the
    round being dealt (None during the burn); ``position`` where the card to scan again goes (a round position,
    ``burn_indicator`` or ``burn``; None while paused: nothing is asked); ``reason`` the misread's
    :class:`~dealer_station.domain.incidents.MisreadReason` (a code outside it, which only a recording of another
    shoe could hold, is ``no_read``); ``misreads_in_a_row`` the count at the position, this one included (None
    while paused); ``evidence`` the frame as recorded (raw bytes as hex, the token in brackets), as an incident's.
    Built from the fact alone, so the journal's decision row makes the same event.
    """
    reason = str(data.get("reason") or "")
    raw, token = str(data.get("raw") or ""), str(data.get("token") or "")
    in_a_row = data.get("misreads")
    return {"round_number": round_number or None, "position": None if paused else data.get("position"),
            "reason": reason if reason in _MISREAD_REASONS else MisreadReason.NO_READ.value,
            "misreads_in_a_row": None if paused or not isinstance(in_a_row, int) else in_a_row, "paused": paused,
            "evidence": frame_evidence(raw, token)}


def card_held(data: dict, round_number: int | None) -> dict:
    """The ``card_held`` event's data for a ``card_while_paused`` fact: a card the shoe read while the table was
    paused, held for the supervisor (entered by hand with ``enter_card``, which a ``card_dealt`` then tells, or during
    the burn a ``card_burned``, or discarded at the resume).

    ``{"round_number", "card", "evidence"}``: ``round_number`` the round paused (None outside a round); ``card`` the
    card's token; ``evidence`` the frame as recorded (raw bytes as hex, the token in brackets). Built from the fact
    alone, so the journal's decision row makes the same event.
    """
    card, raw = str(data.get("card") or ""), str(data.get("raw") or "")
    return {"round_number": round_number or None, "card": card,
            "evidence": frame_evidence(raw, card)}


_MISREAD_REASONS = frozenset(reason.value for reason in MisreadReason)
_CARD_TOKEN = re.compile(r"[A2-9TJQK][SHDC]")
