"""The station's words for its codes, in English: each phrase for a code once, for every place that says it.

The journal, the events and the JSON outputs keep the codes (an incident type such as ``misread_limit``, a
position such as ``player1``, a state, an act, a reason); what a person reads is looked up here: ``recall`` and
``report`` (through :mod:`dealer_station.app.record_words`, which builds their sentences, from the journal or the
platform's ledger) and the pit's window. The console and the table's display speak the screen's language: their
translated words are the console's own (Qt's ``tr()`` literals, which pyside6-lupdate reads), keyed by the same
codes.

A code has its words in two registers where two readers need them: in a sentence of a record (``"the shoe could
not read the card"``, lower case, to follow "incident:" or "while"), and as a heading on the pit's rows
(``"Card could not be read (misread limit)"``). Each table here holds one register; a code with no words in a
table reads as its own words (:func:`code_words`). Pure: values in, text out; nothing here raises on odd input.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from dealer_station.app.records import DEALER_CALL, ScanOutcome
from dealer_station.domain.acts import DealerAct, FrameKind, InputKind, StaffAct, SupervisorAct
from dealer_station.domain.facts import RoundStatus
from dealer_station.domain.incidents import IncidentType, MisreadReason, PauseReason
from dealer_station.domain.staff import SignInMethod
from dealer_station.domain.states import TableState
from dealer_station.domain.status import OfflineReason, TableStatusCode

__all__ = ["ACTOR_WORDS", "ACT_WORDS", "FRAME_WORDS", "INCIDENT_HEADINGS", "INCIDENT_WORDS", "LAST_KNOWN",
           "OFFLINE_REASON_WORDS", "POSITION_WORDS", "REASON_WORDS", "ROUND_STATUS_WORDS", "SCAN_OUTCOME_WORDS",
           "SIGNED_IN_HOW", "STATE_CAPTIONS", "STATE_CLAUSES", "STOP_WORDS", "TABLE_STATUS_WORDS", "clock_words",
           "code_words", "heading_words", "position_words", "seconds_words", "time_words", "waited_words"]


def code_words(code: object) -> str:
    """A code with no words of its own, as words: ``"banker_pair"`` → ``"banker pair"`` (``""`` for None)."""
    return str(code if code is not None else "").replace("_", " ")


def heading_words(code: object) -> str:
    """A code as a heading's words: ``"banker_pair"`` → ``"Banker pair"`` (``""`` for none)."""
    text = code_words(code or "").strip()
    return text[:1].upper() + text[1:]


# -- positions ----------------------------------------------------------------------------------------------------

POSITION_WORDS = {"burn": "burn card", "burn_indicator": "burn indicator card"}
"""The positions besides a hand's cards (``player1`` … ``banker3``: :func:`position_words`)."""


def position_words(position: str | None) -> str | None:
    """A hand's card position in words, ``"banker2"`` → ``"Banker card 2"``; None for any other position (the
    burn's: :data:`POSITION_WORDS`) or none.
    """
    if not position:
        return None
    hand, number = str(position)[:-1], str(position)[-1:]
    if hand in ("player", "banker") and number and number in "123":
        return f"{hand.title()} card {number}"
    return None


# -- incidents and reasons ----------------------------------------------------------------------------------------

INCIDENT_WORDS = {
    IncidentType.MISREAD_LIMIT: "the shoe could not read the card",
    IncidentType.CARD_WHILE_BETTING: "a card came out while betting was open",
    IncidentType.CARD_AFTER_ROUND: "a card came out after the round's last card",
    IncidentType.FOREIGN_CARD: "a card beyond the shoe's decks was read",
    IncidentType.CUT_CARD_IN_BURN: "the cut card came out during the burn",
    IncidentType.SHOE_DISCONNECTED: "the shoe was disconnected",
    IncidentType.JOURNAL_FAILURE: "the journal could not be written",
    IncidentType.UNEXPECTED_ERROR: "an unexpected error stopped the round",
    IncidentType.EVENT_MISMATCH: "an event for the betting platform did not match the journal",
    IncidentType.LINE_NOISE: "noise on the shoe's line",
    IncidentType.PROCEDURE_VIOLATION: "a procedure violation",
    IncidentType.PLAYER_EDGE: "a player edge alert",
    DEALER_CALL: "the dealer called the supervisor",
}
"""An incident's type (or a dealer's call, as a record counts it) in a record's sentence."""

INCIDENT_HEADINGS = {
    IncidentType.MISREAD_LIMIT: "Card could not be read (misread limit)",
    IncidentType.CARD_WHILE_BETTING: "Card dealt while betting was open",
    IncidentType.CARD_AFTER_ROUND: "Card dealt after the round was complete",
    IncidentType.FOREIGN_CARD: "Card from another deck",
    IncidentType.CUT_CARD_IN_BURN: "Cut card came out during the burn",
    IncidentType.SHOE_DISCONNECTED: "Card shoe disconnected",
    IncidentType.JOURNAL_FAILURE: "Station could not write its journal",
    IncidentType.UNEXPECTED_ERROR: "Unexpected error at the station",
    IncidentType.PROCEDURE_VIOLATION: "Procedure not followed",
    IncidentType.EVENT_MISMATCH: "An event to the platform did not match the journal",
    IncidentType.LINE_NOISE: "Noise on the card shoe's line",
    IncidentType.PLAYER_EDGE: "Side bet favours the player",
}
"""An incident's type as the heading of a pit's row (docs/events.md ``round_paused``)."""

REASON_WORDS = {
    # the table's own reasons (an incident's)
    PauseReason.DEALER_CALL: "the dealer called the supervisor",
    PauseReason.CARD_BEFORE_BETTING: "a card came out before betting opened",
    PauseReason.CARD_WITHOUT_SHOE: "a card was read with no shoe open",
    PauseReason.CUT_CARD_WITHOUT_SHOE: "the cut card was read with no shoe open",
    PauseReason.SECOND_CUT_CARD: "a second cut card came out",
    PauseReason.BEYOND_INVENTORY: "more copies than the decks hold",
    PauseReason.CONNECTION_LOST: "the link was lost",
    PauseReason.OUTBOX_EVENT_REFUSED: "the publisher refused an event the journal does not prove",
    PauseReason.NOISE_RATE: "too much noise on the shoe's line",
    PauseReason.CARD_IN_NOISE: "a card was read inside line noise",
    PauseReason.CARD: "card",
    PauseReason.CUT_CARD: "the cut card",
    "no_read_without_shoe": "a card not read with no shoe open",
    MisreadReason.NO_READ: "No-Read",
    MisreadReason.UNKNOWN_CODE: "an unknown card code",
    MisreadReason.BAD_LRC: "a damaged read (checksum)",
    MisreadReason.TOKEN_TIMEOUT: "a read cut short",
    MisreadReason.ROLLOVER: "a garbled read",
    "empty": "an empty read",
    # a journal failure's (dealer_station.app.journal_guard.CAUSE_CODES)
    "disk_full": "the disk is full", "io_error": "a disk read or write error", "write_failed": "a write failed",
    "database_locked": "another program holds the journal", "read_only": "the journal is read-only",
    "cannot_open": "the journal cannot be opened",
    # a supervisor's (the console's act panel: REASON_CODES)
    "scanner_misread": "scanner misread", "card_exposed": "card exposed", "card_dropped": "card dropped",
    "dealer_error": "dealer error", "wrong_position": "card in the wrong place", "device_fault": "device fault",
    "network_fault": "network fault", "procedure": "procedure", "game_integrity": "game integrity", "other": "other",
}
"""A reason code (a supervisor's, an incident's, a void's) in a record's sentence."""

# -- the table's state and status ---------------------------------------------------------------------------------

STATE_CLAUSES = {
    TableState.NO_SHOE: "no shoe is open", TableState.SHUFFLE: "the shoe is being shuffled",
    TableState.BURN_INDICATOR: "the burn card is due", TableState.BURNING: "cards are being burned",
    TableState.READY: "the table is between rounds", TableState.BETTING_OPEN: "betting is open",
    TableState.BETTING_CLOSED: "betting is closed", TableState.DEALING: "the cards are being dealt",
    TableState.RESULT: "the result is on the table", TableState.PAUSED: "the table is paused",
    TableState.SHOE_END: "the shoe is finished", TableState.SHOE_CHANGE: "the shoe is being changed",
}
"""A state as a record's sentence says it after "while": ``"not allowed while betting is open"``."""

STATE_CAPTIONS = {
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
"""A state as the pit shows a table's (``table_status`` ``state``)."""

TABLE_STATUS_WORDS = {TableStatusCode.CLOSED: "Closed: no shoe", TableStatusCode.SHUFFLING: "Shuffling",
                      TableStatusCode.OPEN: "Open", TableStatusCode.PAUSED: "PAUSED: supervisor needed",
                      TableStatusCode.SHOE_CHANGE: "Shoe change"}
"""A ``table_status`` ``status`` as the pit shows it when the status's ``state`` is unknown."""

OFFLINE_REASON_WORDS = {OfflineReason.CONNECTION_LOST: "connection lost (last will)",
                        OfflineReason.STOPPED: "station stopped",
                        OfflineReason.SWITCHED_BROKER: "station moved to another broker",
                        OfflineReason.JOURNAL_FAILURE: "station stopped: journal failed"}
"""The reason of an ``offline`` status (docs/events.md)."""

LAST_KNOWN = "Last known: "
"""What an offline table's state, shoe and round begin with: the station may have gone on since."""

STOP_WORDS = {
    "console closed": "the console was closed",
    "SIGTERM": "the station was told to stop (SIGTERM)",
    "SIGINT": "the station was stopped from the keyboard (Ctrl-C)",
    "SIGHUP": "the station's terminal was closed (SIGHUP)",
    "finished": "the station stopped at the end of its run",
    "paused": "the station stopped with the table paused",
    "idle": "the station stopped: nothing happened for the time it was given",
    "output closed": "the station stopped: what read its output went away",
    "failed": "the station stopped on an error",
    "stopped": "the station stopped",
}
"""What stopped the station (a ``stop`` input's ``why``), in a record's sentence."""

# -- rounds, acts and scans ---------------------------------------------------------------------------------------

ROUND_STATUS_WORDS = {RoundStatus.COMPLETED: "completed", RoundStatus.VOIDED: "voided",
                      RoundStatus.IN_PROGRESS: "in progress", RoundStatus.DEALT: "dealt, not yet confirmed"}
"""A round's status (:class:`~dealer_station.domain.facts.RoundStatus`)."""

ACT_WORDS = {
    SupervisorAct.RESUME: ("resumed the round", "resume the round"),
    SupervisorAct.ENTER_CARD: ("entered a card by hand", "enter a card by hand"),
    SupervisorAct.MOVE_CARD: ("moved a card", "move a card"),
    SupervisorAct.VOID_ROUND: ("voided the round", "void the round"),
    SupervisorAct.END_SHOE: ("ended the shoe", "end the shoe"),
    DealerAct.OPEN_BETTING: ("opened betting", "open betting"),
    DealerAct.CLOSE_BETTING: ("closed betting", "close betting"),
    DealerAct.CONFIRM_RESULT: ("confirmed the result", "confirm the result"),
    DealerAct.CALL_SUPERVISOR: ("called the supervisor", "call the supervisor"),
    DealerAct.CHANGE_SHOE: ("began the shoe change", "begin the shoe change"),
    DealerAct.NEW_SHOE: ("started a new shoe", "start a new shoe"),
    DealerAct.SHUFFLED: ("finished the shuffle", "finish the shuffle"),
    StaffAct.SIGN_IN: ("signed in as the dealer", "sign in as the dealer"),
    StaffAct.SIGN_OUT: ("signed out", "sign out"),
    "event_refused": ("held back an event for the betting platform that does not match the journal",
                      "hold back an event"),
}
"""An act: (what was done, what was tried), after who did it: ``"supervisor sam voided the round"``."""

ACTOR_WORDS = {InputKind.TIMER: "the betting timer", InputKind.DEALER: "the dealer",
               InputKind.PUBLISHER: "the publisher", InputKind.JOURNAL: "the journal"}
"""Who acted (an input's kind) besides a named person."""

SIGNED_IN_HOW = {SignInMethod.PIN: "with a PIN", SignInMethod.BADGE: "with a badge",
                 SignInMethod.CONFIGURED: "as the station's configured dealer", SignInMethod.DEMO: "as the demo dealer"}
"""How a dealer signed in (a ``sign_in`` act's ``how``), after "signed in as the dealer"."""

SCAN_OUTCOME_WORDS = {
    ScanOutcome.DEALT: "dealt", ScanOutcome.BURN_INDICATOR: "the burn indicator card", ScanOutcome.BURNED: "burned",
    ScanOutcome.RESCAN: "misread: rescan asked", ScanOutcome.MISREAD_LIMIT: "misread: round paused",
    ScanOutcome.INCIDENT: "round paused", ScanOutcome.HELD: "held for the supervisor",
    ScanOutcome.MISREAD_WHILE_PAUSED: "misread while paused", ScanOutcome.CUT_CARD: "cut card",
    ScanOutcome.GARBAGE: "ignored (no frame)", ScanOutcome.IGNORED: "ignored",
}
"""What came of a scan."""

FRAME_WORDS = {FrameKind.NO_READ: "No-Read", FrameKind.CUT: "the cut card",
               FrameKind.GARBAGE: "bytes that are no frame"}
"""A frame of the shoe that is no card (a card's frame reads as its card)."""

# -- times and durations ------------------------------------------------------------------------------------------


def seconds_words(seconds: float | None) -> str:
    """A round's duration: ``4.047405`` → ``"4.0 s"``, ``0.004247`` → ``"4 ms"``, ``75.5`` → ``"75.5 s"``; None →
    ``"-"``.
    """
    if seconds is None:
        return "-"
    if abs(seconds) < 1:
        return f"{seconds * 1000:.0f} ms"
    return f"{seconds:.1f} s"


def waited_words(seconds: float) -> str:
    """A wait (seconds): ``65`` → ``"1 min 05 s"``; ``3725`` → ``"1 h 02 min"``; under a minute ``"42 s"``."""
    s = max(0, int(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {s % 3600 // 60:02d} min"


def time_words(ts: str | None) -> str:
    """A journal time: ``"2026-11-30T04:00:12.500000Z"`` → ``"2026-11-30 04:00:12.500 UTC"``; None → ``"-"``."""
    if not ts:
        return "-"
    text = str(ts)
    if len(text) >= 19 and text[10] == "T":
        return f"{text[:10]} {text[11:23]} UTC"
    return text


def clock_words(moment: float, now: float, local: Callable[[float], time.struct_time] = time.localtime) -> str:
    """``"14:02:11"`` for a moment of the same day as ``now`` (seconds since the epoch), else ``"2026-11-30 14:02:11"``.

    ``local``: seconds → the broken-down time shown (default the local time; tests pass ``time.gmtime``).
    """
    shown, today = local(moment), local(now)
    same_day = (shown.tm_year, shown.tm_yday) == (today.tm_year, today.tm_yday)
    return time.strftime("%H:%M:%S" if same_day else "%Y-%m-%d %H:%M:%S", shown)
