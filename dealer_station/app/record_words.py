"""Round records in plain words, as a recall prints them and the console's recall picture shows them.

Pure functions of the records :func:`dealer_station.app.record_fold.fold_journal` builds (a
:class:`~dealer_station.app.records.Scan`, :class:`~dealer_station.app.records.ActRecord`,
:class:`~dealer_station.app.records.IncidentRecord`, a round's
:class:`~dealer_station.app.controller.RoundRecord`) and of journal times: values in, text out; they
never raise on odd input. Rule source: RULES.md §2 (the result), §5 (misreads, incidents, supervisor acts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_station.app.records import ActOutcome, ScanOutcome
from dealer_station.domain.acts import DealerAct, FrameKind, InputKind, SupervisorAct
from dealer_station.domain.cards import parse_card
from dealer_station.domain.errors import CardError
from dealer_station.domain.facts import RoundStatus
from dealer_station.domain.incidents import IncidentType, MisreadReason, PauseReason

if TYPE_CHECKING:
    from dealer_station.app.controller import RoundRecord
    from dealer_station.app.records import ActRecord, IncidentRecord, Scan

__all__ = ["act_words", "card_face", "flag_words", "incident_words", "position_words", "result_words", "scan_words",
           "time_words"]


def card_face(token: str | None) -> str:
    """``"KS"`` → ``"K♠"``, ``"TD"`` → ``"10♦"``; an unreadable token as it is (``"??"``). Never raises."""
    if not token:
        return "?"
    try:
        card = parse_card(token)
    except (CardError, ValueError):
        return str(token)
    rank = "10" if card.rank.value == 10 else card.rank.letter
    return f"{rank}{card.suit.symbol}"


def position_words(position: str | None) -> str:
    """``"banker2"`` → ``"Banker card 2"``; ``"burn"`` → ``"burn card"``; None → ``"no position"``."""
    if not position:
        return "no position"
    if position[:-1] in ("player", "banker") and position[-1:] in "123":
        return f"{position[:-1].title()} card {position[-1]}"
    return {"burn": "burn card", "burn_indicator": "burn indicator card"}.get(position, position.replace("_", " "))


def result_words(record: RoundRecord | None) -> str:
    """The result as the console's result banner says it: the winner's total first.

    ``"BANKER WINS 7 – 5"`` (banker, player), ``"PLAYER WINS 8 – 3"`` (player, banker), ``"TIE 6 – 6"``
    (player, banker), ``"ROUND VOIDED"`` (dealer_station/console/prompts.py ``_result_line``).
    """
    if record is None:
        return "IN PROGRESS"
    winner = str(record.winner or "").lower()
    p, b = record.player_total, record.banker_total
    if winner.startswith("t"):
        return f"TIE {p} – {b}"
    if winner.startswith("p"):
        return f"PLAYER WINS {p} – {b}"
    if winner.startswith("b"):
        return f"BANKER WINS {b} – {p}"
    if record.status == RoundStatus.VOIDED:
        return "ROUND VOIDED"
    return "RESULT"


def flag_words(record: RoundRecord | None) -> list[str]:
    """The round's flags that are set, in words: ``["banker natural", "banker pair"]``."""
    if record is None:
        return []
    shown = [name.replace("_", " ") for name in ("player_natural", "banker_natural", "player_pair", "banker_pair",
                                                  "player_perfect_pair", "banker_perfect_pair")
             if record.flags.get(name)]
    if record.flags.get("lucky_six"):
        shown.append(f"lucky six ({record.flags['lucky_six']} cards)")
    return shown


_INCIDENT_WORDS = {
    IncidentType.MISREAD_LIMIT: "the shoe could not read the card",
    IncidentType.CARD_WHILE_BETTING: "a card came out while betting was open",
    IncidentType.CARD_AFTER_ROUND: "a card came out after the round's last card",
    IncidentType.FOREIGN_CARD: "a card beyond the shoe's decks was read",
    IncidentType.CUT_CARD_IN_BURN: "the cut card came out during the burn",
    IncidentType.SHOE_DISCONNECTED: "the shoe was disconnected",
    IncidentType.JOURNAL_FAILURE: "the journal could not be written",
    IncidentType.UNEXPECTED_ERROR: "an unexpected error stopped the round",
    IncidentType.PROCEDURE_VIOLATION: "a procedure problem",
    IncidentType.PLAYER_EDGE: "a player edge alert",
}
_REASON_WORDS = {
    PauseReason.DEALER_CALL: "the dealer called the supervisor",
    PauseReason.CARD_BEFORE_BETTING: "a card came out before betting opened",
    PauseReason.CARD_WITHOUT_SHOE: "a card was read with no shoe open",
    PauseReason.CUT_CARD_WITHOUT_SHOE: "the cut card was read with no shoe open",
    PauseReason.SECOND_CUT_CARD: "a second cut card came out",
    MisreadReason.NO_READ: "No-Read",
    MisreadReason.UNKNOWN_CODE: "an unknown card code",
    PauseReason.BEYOND_INVENTORY: "more copies than the decks hold",
    PauseReason.CONNECTION_LOST: "the link was lost",
    PauseReason.CARD: "card",
    PauseReason.CUT_CARD: "cut card",
}
_BARE_REASONS = frozenset({PauseReason.CARD, PauseReason.CUT_CARD})
"""Reasons an incident's own words already say (a card where none is due): not repeated in brackets."""


def incident_words(incident: IncidentRecord) -> str:
    """An incident in a sentence: ``"the shoe could not read the card (No-Read) at Banker card 2"``."""
    if incident.type == IncidentType.PROCEDURE_VIOLATION and incident.reason in _REASON_WORDS:
        text = _REASON_WORDS[incident.reason]
    else:
        text = _INCIDENT_WORDS.get(incident.type, incident.type.replace("_", " "))
        if (incident.reason and incident.reason not in _BARE_REASONS
                and incident.type != IncidentType.SHOE_DISCONNECTED):
            text += f" ({_REASON_WORDS.get(incident.reason, incident.reason.replace('_', ' '))})"
    if incident.position and incident.type in (IncidentType.MISREAD_LIMIT, IncidentType.FOREIGN_CARD):
        text += f" at {position_words(incident.position)}"
    elif incident.position:
        text += f" while {position_words(incident.position)} was due"
    if incident.while_paused:
        text += ", while the round was already paused"
    return text


_ACT_WORDS = {   # an act: (what was done, what was tried)
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
}
_WHO = {InputKind.TIMER: "the betting timer", InputKind.DEALER: "the dealer"}


def act_words(act: ActRecord, dealer: str | None = None) -> str:
    """An act in a sentence: ``"supervisor sam voided the round (reason misdeal: note ...)"``.

    ``dealer``: the round's dealer, named in a dealer's act that does not name its own (``"the dealer dana
    opened betting"``).
    """
    who = _WHO.get(act.by, act.by.replace("_", " "))
    if act.user:
        who = f"{who} {act.user}"
    elif act.by == InputKind.DEALER and dealer:
        who = f"{who} {dealer}"
    words = _ACT_WORDS.get(act.act)
    what = words[0] if words else act.act.replace("_", " ") or "acted"
    if act.act == SupervisorAct.ENTER_CARD and act.args.get("token"):
        what = f"entered {card_face(str(act.args['token']))} by hand"
    elif act.act == SupervisorAct.MOVE_CARD and act.args.get("from_position"):
        what = (f"moved the card at {position_words(str(act.args.get('from_position')))} to "
                f"{position_words(str(act.args.get('to_position')))}")
    text = f"{who} {what}"
    if act.outcome == ActOutcome.REFUSED:
        wanted = words[1] if words else act.act.replace("_", " ")
        text = f"{who} tried to {wanted} — refused: {act.why or 'no reason given'}"
    extra = [f"reason {act.reason}" if act.reason else "", f"note “{act.note}”" if act.note else ""]
    extra = [e for e in extra if e]
    if extra:
        text += f" ({'; '.join(extra)})"
    if act.why and act.outcome == ActOutcome.DONE:
        text += f", {act.why}"
    return text


_OUTCOME_WORDS = {
    ScanOutcome.DEALT: "dealt", ScanOutcome.BURN_INDICATOR: "the burn indicator card", ScanOutcome.BURNED: "burned",
    ScanOutcome.RESCAN: "misread: rescan asked", ScanOutcome.MISREAD_LIMIT: "misread: round paused",
    ScanOutcome.INCIDENT: "round paused", ScanOutcome.HELD: "held for the supervisor",
    ScanOutcome.MISREAD_WHILE_PAUSED: "misread while paused", ScanOutcome.CUT_CARD: "cut card",
    ScanOutcome.GARBAGE: "ignored (no frame)", ScanOutcome.IGNORED: "ignored",
}
_FRAME_WORDS = {FrameKind.NO_READ: "No-Read", FrameKind.CUT: "the cut card",
                FrameKind.GARBAGE: "bytes that are no frame"}


def scan_words(scan: Scan) -> str:
    """A scan in words: ``"No-Read at Player card 2: misread: rescan asked"``, ``"K♠ at Banker card 1: dealt"``."""
    if scan.frame == FrameKind.CARD:
        what = card_face(scan.token)
    else:
        what = _FRAME_WORDS.get(scan.frame, scan.frame)
    where = f" at {position_words(scan.position)}" if scan.position else ""
    return f"{what}{where}: {_OUTCOME_WORDS.get(scan.outcome, scan.outcome.replace('_', ' '))}"


def time_words(ts: str | None) -> str:
    """``"2026-11-30T04:00:12.500000Z"`` → ``"2026-11-30 04:00:12.500 UTC"``; None → ``"-"``."""
    if not ts:
        return "-"
    text = str(ts)
    if len(text) >= 19 and text[10] == "T":
        return f"{text[:10]} {text[11:23]} UTC"
    return text
