"""What the supervisor and the dealer read about an incident and the shoe's frames, in plain translated words.

The incident's heading, reason, detail and advice, a reason code's words, a frame of the shoe as the evidence
table names it, and a frame read with no shoe open; worded from the fields of the domain's ``Incident``, the
console's ``RawFrame`` and the controller's facts (never by reading an English sentence back). Context
``"Prompts"``, as :mod:`dealer_station.console.prompts`, whose position names and plurals these use.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from dealer_station.console.bridge import EVIDENCE
from dealer_station.console.cards import token_label
from dealer_station.console.prompts import _plurals, position_name, rescan_name
from dealer_station.domain.acts import FrameKind, LinkEvent
from dealer_station.domain.incidents import IncidentType, PauseReason, card_evidence_parts
from dealer_station.domain.table_acts import DEALER_CALL_DETAIL

translate = QCoreApplication.translate

__all__ = ["frame_words", "incident_advice", "incident_detail", "incident_name", "incident_names", "incident_reason",
           "incident_title", "noise_words", "reason_name", "reason_names", "refused_event_words", "station_error_words",
           "stray_frame"]


def stray_frame(data: dict) -> str:
    """A frame read with no shoe open (the controller's ``procedure_violation`` fact), in plain words.

    ``{"reason": "card_without_shoe", "evidence": "5148 (QH)"}`` → ``"A card was read with no shoe open:
    Q♥. It is not part of any round."``; the cut card and a misread have their own sentence. Never raises.
    """
    reason = str((data or {}).get("reason") or "")
    evidence = str((data or {}).get("evidence") or "")
    if reason == PauseReason.CARD_WITHOUT_SHOE:
        token = card_evidence_parts(evidence)[1] or evidence
        label = token_label(token)
        card = label[0] + label[1] if label else token
        return translate("Prompts", "A card was read with no shoe open: %1. It is not part of any round.").replace(
            "%1", card)
    if reason == PauseReason.CUT_CARD_WITHOUT_SHOE:
        return translate("Prompts", "The cut card was read with no shoe open. It is not part of any round.")
    return translate("Prompts", "A misread came from the shoe with no shoe open. It is not part of any round.")


def incident_name(kind: str | None) -> str:
    """An incident type (``"misread_limit"``) in plain translated words (``"MISREAD LIMIT"``)."""
    return incident_names().get(kind or "", (kind or "").replace("_", " ").upper())


def incident_names() -> dict[str, str]:
    """Every incident type's heading in the screen's language, by its code (:class:`IncidentType`)."""
    return {
        IncidentType.MISREAD_LIMIT: translate("Prompts", "MISREAD LIMIT"),
        IncidentType.CARD_WHILE_BETTING: translate("Prompts", "CARD WHILE BETTING WAS OPEN"),
        IncidentType.CARD_AFTER_ROUND: translate("Prompts", "CARD AFTER THE ROUND"),
        IncidentType.FOREIGN_CARD: translate("Prompts", "CARD NOT FROM THIS SHOE"),
        IncidentType.CUT_CARD_IN_BURN: translate("Prompts", "CUT CARD IN THE BURN"),
        IncidentType.SHOE_DISCONNECTED: translate("Prompts", "SHOE DISCONNECTED"),
        IncidentType.JOURNAL_FAILURE: translate("Prompts", "JOURNAL FAILURE"),
        IncidentType.UNEXPECTED_ERROR: translate("Prompts", "STATION ERROR"),
        IncidentType.PROCEDURE_VIOLATION: translate("Prompts", "OUT OF PROCEDURE"),
        IncidentType.PLAYER_EDGE: translate("Prompts", "SIDE BET FAVOURS THE PLAYER"),
        IncidentType.EVENT_MISMATCH: translate("Prompts", "PLATFORM EVENT DOES NOT MATCH THE JOURNAL"),
        IncidentType.LINE_NOISE: translate("Prompts", "NOISE ON THE SHOE'S LINE"),
    }


def incident_detail(incident) -> str:
    """An incident's detail in plain translated words, composed from its fields (its type, reason code, position,
    the card of its evidence, the misreads counted, a line noise's counts, the event the platform refused); the
    ``detail`` the controller wrote in English is the journal's and is not shown, but for a dealer's own note when
    calling the supervisor and, for the technician, the error text of a station error and the journal's words on
    an event the platform refused (marked as such: they are the station's diagnostics, not sentences of the
    screens). ``incident``: a domain ``Incident`` (or None: ``""``).

    A ``misread_limit`` with ``misreads`` 3 at ``"banker2"`` → ``"3 misreads in a row at BANKER CARD 2"``; the
    same replayed from the journal (no count) → ``"misreads in a row at BANKER CARD 2: the limit was
    reached"``; a ``foreign_card`` of evidence ``"5148 (QH)"`` → ``"more copies than the shoe holds: Q♥"``;
    a ``line_noise`` of 600 bytes in 3 frames → ``"too much noise on the shoe's line: 600 bytes in 3 frames,
    from 04:00:01 to 04:00:02 UTC"``. Never raises.
    """
    if incident is None:
        return ""
    kind, reason = incident.type, str(incident.reason or "")
    where = position_name(incident.position)
    if kind == IncidentType.MISREAD_LIMIT:
        misreads = getattr(incident, "misreads", None)
        where = rescan_name(incident.position)
        if misreads:
            return _plurals().misreads_in_a_row(where, int(misreads))
        return translate("Prompts", "misreads in a row at %1: the limit was reached").replace("%1", where)
    words = reason_name(reason)
    detail = str(incident.detail or "").strip()
    if reason == PauseReason.DEALER_CALL:
        note = "" if detail == DEALER_CALL_DETAIL else detail  # the dealer's own words, when given
        return f"{words}: {note}" if note else words
    if kind == IncidentType.UNEXPECTED_ERROR:
        return station_error_words(detail)
    if kind == IncidentType.EVENT_MISMATCH:
        return refused_event_words(getattr(incident, "refused", None))
    if kind == IncidentType.LINE_NOISE:
        return noise_words(reason, getattr(incident, "noise", None))
    card = _evidence_card(str(incident.evidence or ""))
    if card:
        words = translate("Prompts", "%1: %2").replace("%1", words).replace("%2", card)
    if where:
        words = translate("Prompts", "%1, at %2").replace("%1", words).replace("%2", where)
    return words


def station_error_words(detail: str) -> str:
    """A station error (``unexpected_error``) in translated words; ``detail``, the error's own text (``"KeyError:
    'x'"``: Python's, not translatable), goes with it for the technician.
    """
    words = translate("Prompts", "an error inside the station stopped the round: call the station's technician")
    if not detail:
        return words
    return translate("Prompts", "%1 (for the technician: %2)").replace("%1", words).replace("%2", detail)


def refused_event_words(refused) -> str:
    """An event the publisher refused (``event_mismatch``) in translated words, by its number when known
    (``refused``: a :class:`~dealer_station.domain.incidents.RefusedEvent`, or None); the journal check's words
    on what is wrong with it go with it for the technician.
    """
    if refused is None:
        return translate("Prompts", "an event for the betting platform does not match the journal: it and the "
                                    "events after it are not sent")
    words = translate("Prompts", "event %1 for the betting platform does not match the journal: it and the "
                                 "events after it are not sent").replace("%1", str(refused.event_id))
    if not refused.problem:
        return words
    return translate("Prompts", "%1 (for the technician: %2)").replace("%1", words).replace("%2", refused.problem)


def noise_words(reason: str, noise) -> str:
    """A ``line_noise`` pause in translated words, from its reason code and its burst's counts (``noise``: a
    :class:`~dealer_station.domain.incidents.LineNoiseCounts`, or None when not known: the reason's words alone).
    The times are the clock's (UTC), to the second.
    """
    words = reason_name(reason)
    if noise is None:
        return words
    counts = translate("Prompts", "%1 bytes in %2 frames").replace("%1", str(noise.bytes)).replace(
        "%2", str(noise.frames))
    first, last = _clock(noise.first), _clock(noise.last)
    if first and last:
        counts = translate("Prompts", "%1, from %2 to %3 UTC").replace("%1", counts).replace(
            "%2", first).replace("%3", last)
    text = translate("Prompts", "%1: %2").replace("%1", words).replace("%2", counts)
    if reason == PauseReason.CARD_IN_NOISE:
        text = translate("Prompts", "%1; the card is held for the supervisor").replace("%1", text)
    return text


def _clock(ts: str) -> str:
    """``"2026-11-30T04:00:12.500000Z"`` → ``"04:00:12"``; ``""`` for a time not known."""
    return ts[11:19] if len(ts) >= 19 and ts[10] == "T" else ""


def _evidence_card(evidence: str) -> str:
    """The card of an incident's evidence (``"5148 (QH)"`` → ``"Q♥"``), ``""`` when it names none."""
    token = evidence[evidence.rindex(" (") + 2:-1] if evidence.endswith(")") and " (" in evidence else ""
    label = token_label(token)
    return label[0] + label[1] if label else ""


def frame_words(frame) -> str:
    """A frame of the shoe as the evidence table shows it: what it was, in translated words, and its card or
    reason, from the console's record of it (a :class:`~dealer_station.console.bridge.RawFrame`: ``kind``,
    ``token``, ``reason``, ``detail``): a ``no_read`` of reason ``"bad_lrc"`` → ``"unread card: damaged read
    (checksum)"``; an event the codecs do not make by its kind and what it told. Never raises.
    """
    kind, token, reason, detail = frame.kind, frame.token, frame.reason, frame.detail
    if kind == FrameKind.CARD:
        label = token_label(token)
        return translate("Prompts", "card %1").replace("%1", f"{label[0]}{label[1]}" if label else token)
    if kind == FrameKind.NO_READ:
        return translate("Prompts", "unread card: %1").replace("%1", reason_name(reason) if reason else "–")
    if kind == FrameKind.CUT:
        return translate("Prompts", "cut card")
    if kind == FrameKind.GARBAGE:
        return translate("Prompts", "bytes that are no card: %1").replace("%1", reason_name(reason) if reason else "–")
    if kind == LinkEvent.CONNECTED:
        return translate("Prompts", "shoe connected")
    if kind == LinkEvent.LOST:
        return translate("Prompts", "shoe link lost") + (f": {detail}" if detail else "")
    if kind == EVIDENCE:
        return translate("Prompts", "evidence")
    told = detail or reason or token
    return f"{kind} ({told})" if told else kind


def incident_reason(incident) -> str:
    """An incident's reason in plain translated words (:func:`reason_name` of its code); a station error's code is
    the error's class name (``"KeyError"``, for the technician, in the detail), said as "error inside the station".
    ``incident``: a domain ``Incident`` or None (``""``).
    """
    if incident is None:
        return ""
    if incident.type == IncidentType.UNEXPECTED_ERROR:
        return translate("Prompts", "error inside the station")
    return reason_name(str(incident.reason or ""))


def incident_advice(kind: str | None) -> str:
    """What a supervisor must know before resolving an incident of type ``kind``, in plain translated words;
    "" when the acts say it all.

    An ``event_mismatch`` (the publisher refused an outbox event the journal's chain does not prove) is the
    one whose resume does not end it: the table deals on, but nothing more reaches the platform until the
    event is put back as the journal proves it. A ``line_noise`` pause: the cable and the shoe are checked first,
    and a card read in the noise is entered only when it is the card on the table.
    """
    advice = {
        IncidentType.EVENT_MISMATCH: translate(
            "Prompts", "Resuming lets the table deal on, but nothing more is sent to the betting platform until "
                       "the changed event is put back as the journal proves it: call the station's technician "
                       "(dealer-station journal verify names the event)."),
        IncidentType.LINE_NOISE: translate(
            "Prompts", "The shoe's line sent bytes that are no card. Check the shoe's cable and plug before "
                       "resuming. A card read in the noise is held: enter it only if it is the card on the table, "
                       "otherwise discard it."),
    }
    return advice.get(kind or "", "")


def incident_title(kind: str | None, reason: str | None = None) -> str:
    """The heading of an incident of type ``kind`` and reason code ``reason``, in plain translated words.

    A dealer's call (type ``"procedure_violation"``, reason ``"dealer_call"``, docs/rules.md §5) is no
    violation: it is headed ``"DEALER CALLED THE SUPERVISOR"``; every other incident by its type
    (:func:`incident_name`).
    """
    if reason == PauseReason.DEALER_CALL:
        return translate("Prompts", "DEALER CALLED THE SUPERVISOR")
    return incident_name(kind)


def reason_name(code: str | None) -> str:
    """A reason code (a supervisor's or an incident's, ``"dealer_call"``) in plain translated words."""
    return reason_names().get(code or "", (code or "").replace("_", " "))


def reason_names() -> dict[str, str]:
    """Every reason code's words in the screen's language (the codes of
    :data:`dealer_station.app.words.REASON_WORDS`, and ``connection_lost`` a lost link's).
    """
    return {
        "scanner_misread": translate("Prompts", "scanner misread"),
        "card_exposed": translate("Prompts", "card exposed"),
        "card_dropped": translate("Prompts", "card dropped"),
        "dealer_error": translate("Prompts", "dealer error"),
        "wrong_position": translate("Prompts", "card in the wrong place"),
        "device_fault": translate("Prompts", "device fault"),
        "network_fault": translate("Prompts", "network fault"),
        "procedure": translate("Prompts", "procedure"),
        "game_integrity": translate("Prompts", "game integrity"),
        "other": translate("Prompts", "other"),
        "dealer_call": translate("Prompts", "the dealer called the supervisor"),
        "no_read": translate("Prompts", "card not read"),
        "connection_lost": translate("Prompts", "connection lost"),
        "card": translate("Prompts", "a card came out"),
        "beyond_inventory": translate("Prompts", "more copies than the shoe holds"),
        "cut_card": translate("Prompts", "cut card"),
        "card_before_betting": translate("Prompts", "card before betting opened"),
        "card_without_shoe": translate("Prompts", "card with no shoe open"),
        "no_read_without_shoe": translate("Prompts", "unread card with no shoe open"),
        "cut_card_without_shoe": translate("Prompts", "cut card with no shoe open"),
        "second_cut_card": translate("Prompts", "a second cut card"),
        "bad_lrc": translate("Prompts", "damaged read (checksum)"),
        "unknown_code": translate("Prompts", "unknown card code"),
        "token_timeout": translate("Prompts", "card read cut short"),
        "empty": translate("Prompts", "empty read"),
        "rollover": translate("Prompts", "garbled read"),
        "disk_full": translate("Prompts", "disk full"),
        "io_error": translate("Prompts", "disk read or write error"),
        "database_locked": translate("Prompts", "journal held by another program"),
        "read_only": translate("Prompts", "journal is read-only"),
        "cannot_open": translate("Prompts", "journal cannot be opened"),
        "write_failed": translate("Prompts", "disk read or write error"),   # a journal failure of no known cause
        "outbox_event_refused": translate("Prompts", "an event to the platform was refused: the journal does not "
                                                     "prove it"),
        "noise_rate": translate("Prompts", "too much noise on the shoe's line"),
        "card_in_noise": translate("Prompts", "a card was read inside line noise"),
    }
