"""Round records in plain words, as a recall prints them and the console's recall picture shows them.

Pure functions of the records :func:`dealer_station.app.record_fold.fold_journal` builds (a
:class:`~dealer_station.app.records.Scan`, :class:`~dealer_station.app.records.ActRecord`,
:class:`~dealer_station.app.records.IncidentRecord`, a round's
:class:`~dealer_station.app.controller.RoundRecord`) and of journal times: values in, text out; they
never raise on odd input. Rule source: RULES.md §2 (the result), §5 (misreads, incidents, supervisor acts).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from dealer_station.domain.cards import parse_card
from dealer_station.domain.errors import CardError

if TYPE_CHECKING:
    from dealer_station.app.controller import RoundRecord
    from dealer_station.app.records import ActRecord, IncidentRecord, Scan

__all__ = ["act_words", "card_face", "flag_words", "incident_words", "parse_time", "position_words", "result_words",
           "scan_words", "seconds_between", "time_words"]


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
    if record.status == "voided":
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
    "misread_limit": "the shoe could not read the card",
    "card_while_betting": "a card came out while betting was open",
    "card_after_round": "a card came out after the round's last card",
    "foreign_card": "a card beyond the shoe's decks was read",
    "cut_card_in_burn": "the cut card came out during the burn",
    "shoe_disconnected": "the shoe was disconnected",
    "journal_failure": "the journal could not be written",
    "unexpected_error": "an unexpected error stopped the round",
    "procedure_violation": "a procedure problem",
    "player_edge": "a player edge alert",
}
_REASON_WORDS = {
    "dealer_call": "the dealer called the supervisor",
    "card_before_betting": "a card came out before betting opened",
    "card_without_shoe": "a card was read with no shoe open",
    "cut_card_without_shoe": "the cut card was read with no shoe open",
    "second_cut_card": "a second cut card came out",
    "no_read": "No-Read",
    "unknown_code": "an unknown card code",
    "beyond_inventory": "more copies than the decks hold",
    "connection_lost": "the link was lost",
    "card": "card",
    "cut_card": "cut card",
}


def incident_words(incident: IncidentRecord) -> str:
    """An incident in a sentence: ``"the shoe could not read the card (No-Read) at Banker card 2"``."""
    if incident.type == "procedure_violation" and incident.reason in _REASON_WORDS:
        text = _REASON_WORDS[incident.reason]
    else:
        text = _INCIDENT_WORDS.get(incident.type, incident.type.replace("_", " "))
        reason = _REASON_WORDS.get(incident.reason, incident.reason.replace("_", " "))
        if reason and reason not in ("card", "cut card") and incident.type != "shoe_disconnected":
            text += f" ({reason})"
    if incident.position and incident.type in ("misread_limit", "foreign_card"):
        text += f" at {position_words(incident.position)}"
    elif incident.position:
        text += f" while {position_words(incident.position)} was due"
    if incident.while_paused:
        text += ", while the round was already paused"
    return text


_ACT_WORDS = {
    "resume": "resumed the round", "enter_card": "entered a card by hand", "move_card": "moved a card",
    "void_round": "voided the round", "end_shoe": "ended the shoe", "open_betting": "opened betting",
    "close_betting": "closed betting", "confirm_result": "confirmed the result",
    "call_supervisor": "called the supervisor", "new_shoe": "started a new shoe", "shuffled": "finished the shuffle",
}


_ACT_INFINITIVES = {
    "resume": "resume the round", "enter_card": "enter a card by hand", "move_card": "move a card",
    "void_round": "void the round", "end_shoe": "end the shoe", "open_betting": "open betting",
    "close_betting": "close betting", "confirm_result": "confirm the result",
    "call_supervisor": "call the supervisor", "new_shoe": "start a new shoe", "shuffled": "finish the shuffle",
}


def act_words(act: ActRecord, dealer: str | None = None) -> str:
    """An act in a sentence: ``"supervisor sam voided the round (reason misdeal: note ...)"``.

    ``dealer``: the round's dealer, named in a dealer's act that does not name its own (``"the dealer dana
    opened betting"``).
    """
    who = {"timer": "the betting timer", "dealer": "the dealer"}.get(act.by, act.by.replace("_", " "))
    if act.user:
        who = f"{who} {act.user}"
    elif act.by == "dealer" and dealer:
        who = f"{who} {dealer}"
    what = _ACT_WORDS.get(act.act, act.act.replace("_", " ") or "acted")
    if act.act == "enter_card" and act.args.get("token"):
        what = f"entered {card_face(str(act.args['token']))} by hand"
    elif act.act == "move_card" and act.args.get("from_position"):
        what = (f"moved the card at {position_words(str(act.args.get('from_position')))} to "
                f"{position_words(str(act.args.get('to_position')))}")
    text = f"{who} {what}"
    if act.outcome == "refused":
        wanted = _ACT_INFINITIVES.get(act.act, act.act.replace("_", " "))
        text = f"{who} tried to {wanted} — refused: {act.why or 'no reason given'}"
    extra = [f"reason {act.reason}" if act.reason else "", f"note “{act.note}”" if act.note else ""]
    extra = [e for e in extra if e]
    if extra:
        text += f" ({'; '.join(extra)})"
    if act.why and act.outcome == "done":
        text += f", {act.why}"
    return text


_OUTCOME_WORDS = {
    "dealt": "dealt", "burn_indicator": "the burn indicator card", "burned": "burned",
    "rescan": "misread: rescan asked", "misread_limit": "misread: round paused", "incident": "round paused",
    "held": "held for the supervisor", "misread_while_paused": "misread while paused", "cut_card": "cut card",
    "garbage": "ignored (no frame)", "ignored": "ignored",
}


def scan_words(scan: Scan) -> str:
    """A scan in words: ``"No-Read at Player card 2: misread: rescan asked"``, ``"K♠ at Banker card 1: dealt"``."""
    if scan.frame == "card":
        what = card_face(scan.token)
    else:
        what = {"no_read": "No-Read", "cut": "the cut card", "garbage": "bytes that are no frame"}.get(
            scan.frame, scan.frame)
    where = f" at {position_words(scan.position)}" if scan.position else ""
    return f"{what}{where}: {_OUTCOME_WORDS.get(scan.outcome, scan.outcome.replace('_', ' '))}"


def parse_time(text: str) -> datetime:
    """A UTC ISO-8601 time (``2026-11-30T04:00:00Z``, ``2026-11-30 04:00``, ``2026-11-30``) as an aware
    datetime; a time without a zone is UTC. Raises ValueError naming the text.
    """
    value = str(text).strip()
    try:
        moment = datetime.fromisoformat(value.replace("z", "Z"))
    except ValueError:
        raise ValueError(f"{text!r} is not a time: use ISO-8601 UTC, e.g. 2026-11-30T04:00:00Z or 2026-11-30") from None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def seconds_between(start: str | None, end: str | None) -> float | None:
    """Seconds from ``start`` to ``end`` (journal times), to the microsecond; None when either is missing."""
    if not start or not end:
        return None
    try:
        return round((parse_time(end) - parse_time(start)).total_seconds(), 6)
    except ValueError:
        return None


def time_words(ts: str | None) -> str:
    """``"2026-11-30T04:00:12.500000Z"`` → ``"2026-11-30 04:00:12.500 UTC"``; None → ``"-"``."""
    if not ts:
        return "-"
    text = str(ts)
    if len(text) >= 19 and text[10] == "T":
        return f"{text[:10]} {text[11:23]} UTC"
    return text
