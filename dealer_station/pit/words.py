"""The pit view's words: an incident type, the table's state and status and a card's place as a pit supervisor
reads them, from the station's words for each code (:mod:`dealer_station.app.words`: the headings' register);
and the times the pit's messages carry. Pure: values in, words out (the caller passes ``now``).
"""

from __future__ import annotations

from datetime import datetime

from dealer_station.app.words import (
    INCIDENT_HEADINGS,
    LAST_KNOWN,
    OFFLINE_REASON_WORDS,
    STATE_CAPTIONS,
    TABLE_STATUS_WORDS,
    clock_words,
    heading_words,
    waited_words,
)
from dealer_station.app.words import position_words as hand_position_words

__all__ = ["LAST_KNOWN", "OFFLINE_REASON_WORDS", "STATE_CAPTIONS", "clock_words", "incident_words", "parse_ts",
           "position_words", "state_words", "waited_words", "words"]

words = heading_words
"""``"banker_pair"`` → ``"Banker pair"``: a code in plain words (empty for none)."""


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


def incident_words(kind: object) -> str:
    """The incident type in plain words (:data:`~dealer_station.app.words.INCIDENT_HEADINGS`, else the code in
    words).
    """
    return INCIDENT_HEADINGS.get(str(kind), words(kind) or "Incident")


def state_words(state: object, status: object = None) -> str:
    """The table's state in plain words (:data:`~dealer_station.app.words.STATE_CAPTIONS`, else the status's
    :data:`~dealer_station.app.words.TABLE_STATUS_WORDS`, else the code).
    """
    if state in STATE_CAPTIONS:
        return STATE_CAPTIONS[str(state)]
    if status in TABLE_STATUS_WORDS:
        return TABLE_STATUS_WORDS[str(status)]
    return words(state or status) or "No events yet"


def position_words(position: object) -> str:
    """``"player3"`` → ``"Player card 3"``: a card's place on the table in plain words (else the code in words)."""
    text = str(position or "")
    return hand_position_words(text) or words(text)
