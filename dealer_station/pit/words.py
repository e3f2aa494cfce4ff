"""The pit view's words: incident types, table states and statuses, offline reasons, waits and times, as a pit
supervisor reads them. Pure: values in, words out (the caller passes ``now``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime

from dealer_station.domain.states import TableState
from dealer_station.domain.status import OfflineReason, TableStatusCode

__all__ = ["INCIDENT_WORDS", "LAST_KNOWN", "REASON_WORDS", "STATE_WORDS", "STATUS_WORDS", "clock_words",
           "incident_words", "parse_ts", "position_words", "state_words", "waited_words", "words"]

INCIDENT_WORDS = {
    "misread_limit": "Card could not be read (misread limit)",
    "card_while_betting": "Card dealt while betting was open",
    "card_after_round": "Card dealt after the round was complete",
    "foreign_card": "Card from another deck",
    "cut_card_in_burn": "Cut card came out during the burn",
    "shoe_disconnected": "Card shoe disconnected",
    "journal_failure": "Station could not write its journal",
    "unexpected_error": "Unexpected error at the station",
    "procedure_violation": "Procedure not followed",
    "event_mismatch": "An event to the platform did not match the journal",
    "line_noise": "Noise on the card shoe's line",
}
"""Plain words for each incident type of docs/events.md (``round_paused``)."""

STATE_WORDS = {
    TableState.NO_SHOE: "Closed: no shoe",
    TableState.SHUFFLE: "Shuffling",
    TableState.BURN_INDICATOR: "Burn card",
    TableState.BURNING: "Burning cards",
    TableState.READY: "Ready for the next round",
    TableState.BETTING_OPEN: "Betting open",
    TableState.BETTING_CLOSED: "Betting closed",
    TableState.DEALING: "Dealing",
    TableState.RESULT: "Result on the table",
    TableState.PAUSED: "PAUSED: supervisor needed",
    TableState.SHOE_END: "Shoe finished: shoe change",
    TableState.SHOE_CHANGE: "Shoe change: new decks going in",
}
"""Plain words for the controller's states (``table_status`` ``state``)."""

STATUS_WORDS = {TableStatusCode.CLOSED: "Closed: no shoe", TableStatusCode.SHUFFLING: "Shuffling",
                TableStatusCode.OPEN: "Open", TableStatusCode.PAUSED: "PAUSED: supervisor needed",
                TableStatusCode.SHOE_CHANGE: "Shoe change"}
"""Plain words for a ``table_status`` ``status`` when its ``state`` is unknown."""

REASON_WORDS = {OfflineReason.CONNECTION_LOST: "connection lost (last will)", OfflineReason.STOPPED: "station stopped",
                OfflineReason.SWITCHED_BROKER: "station moved to another broker",
                OfflineReason.JOURNAL_FAILURE: "station stopped: journal failed"}
"""Plain words for the reason of an ``offline`` status."""

LAST_KNOWN = "Last known: "
"""What an offline table's state, shoe and round begin with: the station may have gone on since."""


def parse_ts(text: object) -> float | None:
    """Seconds since the epoch of an ISO 8601 UTC time (``...Z``); None when it cannot be read."""
    if not isinstance(text, str) or not text:
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        return None
    return moment.timestamp()


def words(code: object) -> str:
    """``"banker_pair"`` → ``"Banker pair"``: a code in plain words (empty for none)."""
    text = str(code or "").replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def incident_words(kind: object) -> str:
    """The incident type in plain words (:data:`INCIDENT_WORDS`, else the code in words)."""
    return INCIDENT_WORDS.get(str(kind), words(kind) or "Incident")


def state_words(state: object, status: object = None) -> str:
    """The table's state in plain words (:data:`STATE_WORDS`, else the status's, else the code)."""
    if state in STATE_WORDS:
        return STATE_WORDS[str(state)]
    if status in STATUS_WORDS:
        return STATUS_WORDS[str(status)]
    return words(state or status) or "No events yet"


def waited_words(seconds: float) -> str:
    """``65`` → ``"1 min 05 s"``; ``3725`` → ``"1 h 02 min"``; under a minute ``"42 s"``."""
    s = max(0, int(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


def clock_words(moment: float, now: float, local: Callable[[float], time.struct_time] = time.localtime) -> str:
    """``"14:02:11"`` for a moment of the same day as ``now`` (seconds since the epoch), else ``"2026-11-30 14:02:11"``.

    ``local``: seconds → the broken-down time shown (default the pit's local time; tests pass ``time.gmtime``).
    """
    shown, today = local(moment), local(now)
    same_day = (shown.tm_year, shown.tm_yday) == (today.tm_year, today.tm_yday)
    return time.strftime("%H:%M:%S" if same_day else "%Y-%m-%d %H:%M:%S", shown)


def position_words(position: object) -> str:
    """``"player3"`` → ``"Player card 3"``: a card's place on the table in plain words (else the code in words)."""
    text = str(position or "")
    for hand in ("player", "banker"):
        if text.startswith(hand) and text[len(hand):].isdigit():
            return f"{hand.capitalize()} card {text[len(hand):]}"
    return words(text)
