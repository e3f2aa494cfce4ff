"""Round records in plain words, as a recall prints them and the console's recall picture shows them.

Pure functions of the records :func:`dealer_station.app.record_fold.fold_journal` builds (a
:class:`~dealer_station.app.records.Scan`, :class:`~dealer_station.app.records.ActRecord`,
:class:`~dealer_station.app.records.IncidentRecord`, a round's
:class:`~dealer_station.app.controller.RoundRecord`) and of journal times: values in, text out; they
never raise on odd input. Rule source: docs/rules.md §2 (the result), §5 (misreads, incidents, supervisor acts).

Only words come out: no code of the journal (a reason such as ``scanner_misread``, a position such as
``player1``, a state, an act's name) reaches the text; the journal and the JSON outputs keep the codes.
The words for each code are :mod:`dealer_station.app.words`' (one table each); a code with no words there is
shown with its underscores as spaces. Free text a person wrote (a note)
is shown as written; the table's own texts (an incident's detail, a refusal's why) have the codes they
name put in words (:func:`plain`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from dealer_station.app import words
from dealer_station.app.records import ActOutcome
from dealer_station.app.words import (
    ACT_WORDS,
    ACTOR_WORDS,
    FRAME_WORDS,
    INCIDENT_WORDS,
    REASON_WORDS,
    ROUND_STATUS_WORDS,
    SCAN_OUTCOME_WORDS,
    SIGNED_IN_HOW,
    STATE_CLAUSES,
    STOP_WORDS,
    code_words,
    seconds_words,
    time_words,
)
from dealer_station.domain.acts import DealerAct, FrameKind, InputKind, StaffAct, SupervisorAct
from dealer_station.domain.cards import parse_card
from dealer_station.domain.errors import CardError
from dealer_station.domain.facts import RoundStatus
from dealer_station.domain.incidents import IncidentType, PauseReason

if TYPE_CHECKING:
    from dealer_station.app.controller import RoundRecord
    from dealer_station.app.records import ActRecord, IncidentRecord, RoundHistory, Scan

__all__ = ["act_words", "card_face", "flag_words", "incident_kind_words", "incident_words", "plain", "position_words",
           "reason_words", "resolution_words", "result_words", "round_marks_words", "scan_words", "seconds_words",
           "status_words", "time_words", "void_words"]


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
    return words.position_words(position) or words.POSITION_WORDS.get(position, words.code_words(position))


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
    shown = [code_words(name) for name in ("player_natural", "banker_natural", "player_pair", "banker_pair",
                                           "player_perfect_pair", "banker_perfect_pair")
             if record.flags.get(name)]
    if record.flags.get("lucky_six"):
        shown.append(f"lucky six ({record.flags['lucky_six']} cards)")
    return shown


_BARE_REASONS = frozenset({PauseReason.CARD, PauseReason.CUT_CARD})
"""Reasons an incident's own words already say (a card where none is due): not repeated in brackets."""


def reason_words(code: str | None) -> str:
    """A reason code (a supervisor's, an incident's, a void's) in words: ``"scanner_misread"`` → ``"scanner
    misread"``, ``"bad_lrc"`` → ``"a damaged read (checksum)"``; a code of no words here with its underscores as
    spaces; None or ``""`` → ``"none given"``.
    """
    if not code:
        return "none given"
    return REASON_WORDS.get(code, code_words(code))


def incident_kind_words(kind: str) -> str:
    """What an incident was (:attr:`~dealer_station.app.records.IncidentRecord.kind`, as a report counts it)
    in words: ``"dealer_call"`` → ``"the dealer called the supervisor"``.
    """
    return INCIDENT_WORDS.get(kind, code_words(kind))


_CODE_WORDS = {**{a.value: code_words(a.value) for a in (*SupervisorAct, *DealerAct, *StaffAct)},
               **{str(k): v for k, v in REASON_WORDS.items()}}
_POSITION = re.compile(r"\b(player|banker)([1-3])\b")
_STATE = re.compile(r"\(state (\w+)\)|\bin state (\w+)|\bpaused from (\w+)")
_CODE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
_STAMP = re.compile(r"\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z\b")


def plain(text: str | None) -> str:
    """The table's own text (an incident's detail, a refusal's why) with the codes it names in words:
    ``"3 misreads in a row at player2"`` → ``"3 misreads in a row at Player card 2"``, ``"not allowed in state
    betting_open"`` → ``"not allowed while betting is open"``, an act's or a reason's code in words, a journal time
    as :func:`time_words` writes it (``"2026-11-30T04:00:12.500000Z"`` → ``"2026-11-30 04:00:12.500 UTC"``). Other text
    (a device's own message, a path) is left as it is. Never raises.
    """
    if not text:
        return ""

    def state(match: re.Match) -> str:
        code = next(g for g in match.groups() if g)
        words = STATE_CLAUSES.get(code, code_words(code))
        if match.group(0).startswith("paused"):
            return f"paused while {words}"
        return f"(while {words})" if match.group(0).startswith("(") else f"while {words}"

    out = _POSITION.sub(lambda m: position_words(m.group(0)), str(text))
    out = _STATE.sub(state, out)
    out = _STAMP.sub(lambda m: time_words(m.group(0)), out)
    return _CODE.sub(lambda m: _CODE_WORDS.get(m.group(0), m.group(0)), out)


def incident_words(incident: IncidentRecord) -> str:
    """An incident in a sentence: ``"the shoe could not read the card (No-Read) at Banker card 2"``. A station
    error's reason is its error's class name, a code: it is not repeated (its detail names the error).
    """
    kind = incident.kind
    if incident.type == IncidentType.PROCEDURE_VIOLATION and incident.reason in REASON_WORDS:
        text = REASON_WORDS[incident.reason]
    else:
        text = incident_kind_words(kind)
        if (incident.reason and incident.reason not in _BARE_REASONS
                and incident.type not in (IncidentType.SHOE_DISCONNECTED, IncidentType.UNEXPECTED_ERROR)):
            text += f" ({reason_words(incident.reason)})"
    if incident.position and incident.type in (IncidentType.MISREAD_LIMIT, IncidentType.FOREIGN_CARD):
        text += f" at {position_words(incident.position)}"
    elif incident.position:
        text += f" while {position_words(incident.position)} was due"
    if incident.while_paused:
        text += ", while the round was already paused"
    return text


def resolution_words(incident: IncidentRecord) -> str:
    """How an incident was resolved: ``"supervisor sam voided the round (reason misdeal; note “cards
    dropped”)"``; ``""`` while it is not.
    """
    if not incident.resolved_act:
        return ""
    words = ACT_WORDS.get(incident.resolved_act)
    what = words[0] if words else code_words(incident.resolved_act)
    who = f"supervisor {incident.resolved_by}" if incident.resolved_by else "the supervisor"
    return f"{who} {what} (reason {reason_words(incident.resolved_reason)}; note “{incident.resolved_note or ''}”)"


def void_words(record: RoundRecord | None, by: str | None = None) -> str:
    """Why a round was voided: ``"reason misdeal, note “cards dropped”, by supervisor sam"``; ``""`` for a
    round that was not.
    """
    if record is None or record.status != RoundStatus.VOIDED:
        return ""
    return (f"reason {reason_words(record.reason)}" + (f", note “{record.note}”" if record.note else "")
            + (f", by supervisor {by}" if by else ""))




def _stop_words(why: str | None) -> str:
    """A stop in words: ``"console closed"`` → ``"the console was closed"``."""
    if not why:
        return "the station stopped"
    return STOP_WORDS.get(why, f"the station stopped ({plain(why)})")


def act_words(act: ActRecord, dealer: str | None = None) -> str:
    """An act in a sentence: ``"supervisor sam voided the round (reason misdeal; note ...)"``.

    ``dealer``: the round's dealer, named in a dealer's act that does not name its own (``"the dealer dana
    opened betting"``). A stop reads as what stopped the station (``"the console was closed"``), a sign-in as
    who signed in and how (``"dana signed in as the dealer with a PIN"``).
    """
    if act.by == InputKind.STOP:
        return _stop_words(act.why)
    if act.by == InputKind.JOURNAL and act.act != SupervisorAct.RESUME:
        return "the journal could not be written (recorded once it could be again)"
    who = ACTOR_WORDS.get(act.by, code_words(act.by))
    user = act.user or (str(act.args["user"]) if act.args.get("user") else None)
    if act.act in (StaffAct.SIGN_IN, StaffAct.SIGN_OUT):
        who = user or "the dealer"
    elif user:
        who = f"{who} {user}"
    elif act.by == InputKind.DEALER and dealer:
        who = f"{who} {dealer}"
    if act.by == InputKind.JOURNAL:   # the supervisor's resume after a journal failure
        who = f"supervisor {user}" if user else "the supervisor"
    words = ACT_WORDS.get(act.act)
    what = words[0] if words else code_words(act.act) or "acted"
    if act.act == SupervisorAct.ENTER_CARD and act.args.get("token"):
        what = f"entered {card_face(str(act.args['token']))} by hand"
    elif act.act == SupervisorAct.MOVE_CARD and act.args.get("from_position"):
        what = (f"moved the card at {position_words(str(act.args.get('from_position')))} to "
                f"{position_words(str(act.args.get('to_position')))}")
    elif act.act == StaffAct.SIGN_IN and act.args.get("how") in SIGNED_IN_HOW:
        what = f"{what} {SIGNED_IN_HOW[str(act.args['how'])]}"
    text = f"{who} {what}"
    if act.outcome == ActOutcome.REFUSED:
        wanted = words[1] if words else code_words(act.act)
        text = f"{who} tried to {wanted} — refused: {plain(act.why) or 'no reason given'}"
    extra = [f"reason {reason_words(act.reason)}" if act.reason else "", f"note “{act.note}”" if act.note else ""]
    extra = [e for e in extra if e]
    if extra:
        text += f" ({'; '.join(extra)})"
    if act.why and act.outcome == ActOutcome.DONE:
        text += f", {plain(act.why)}"
    return text




def scan_words(scan: Scan) -> str:
    """A scan in words: ``"No-Read at Player card 2: misread: rescan asked"``, ``"K♠ at Banker card 1: dealt"``."""
    if scan.frame == FrameKind.CARD:
        what = card_face(scan.token)
    else:
        what = FRAME_WORDS.get(scan.frame, scan.frame)
    where = f" at {position_words(scan.position)}" if scan.position else ""
    return f"{what}{where}: {SCAN_OUTCOME_WORDS.get(scan.outcome, code_words(scan.outcome))}"




def status_words(status: str | None) -> str:
    """A round's status in words: ``"in_progress"`` → ``"in progress"``."""
    return ROUND_STATUS_WORDS.get(status or "", code_words(status or "unknown"))


def round_marks_words(rnd: RoundHistory) -> str:
    """What a round's line marks besides its result: its incidents and cards entered by hand, in words
    (``"incidents: the dealer called the supervisor; 1 card entered by hand (Banker card 2)"``); ``""`` for a
    round with neither.
    """
    parts = []
    if rnd.incidents:
        parts.append("incident" + ("s" if len(rnd.incidents) > 1 else "") + ": "
                     + ", ".join(incident_words(i) for i in rnd.incidents))
    if rnd.manual:
        n = len(rnd.manual)
        parts.append(f"{n} card{'s' if n > 1 else ''} entered by hand "
                     f"({', '.join(position_words(c.position) for c in rnd.manual)})")
    return "; ".join(parts)

