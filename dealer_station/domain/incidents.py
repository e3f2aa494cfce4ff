"""Incidents: the typed reasons a round stops and waits for a supervisor.

Rule source: docs/rules.md §5 (misreads, unexpected problems, disconnections) and docs/design.md "The table
state machine" (procedure violations pause the round; nothing is dropped silently). Pure values.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from enum import StrEnum

__all__ = ["INCIDENT_TYPES", "PAUSING_INCIDENTS", "Incident", "IncidentType", "LineNoiseCounts", "MisreadReason",
           "PauseReason", "RefusedEvent", "card_evidence_parts", "frame_evidence"]


class IncidentType(StrEnum):
    """Why the table stopped (docs/rules.md §5; docs/design.md "Procedure violations that pause")."""

    MISREAD_LIMIT = "misread_limit"
    """``max_misreads`` No-Reads / unknown codes in a row at one position."""
    CARD_WHILE_BETTING = "card_while_betting"
    """A card (or a No-Read) came out while betting was open."""
    CARD_AFTER_ROUND = "card_after_round"
    """A card after the round's last card."""
    FOREIGN_CARD = "foreign_card"
    """A card beyond the shoe's inventory (a 9th copy in 8 decks)."""
    CUT_CARD_IN_BURN = "cut_card_in_burn"
    """The cut card while showing the burn card or burning."""
    SHOE_DISCONNECTED = "shoe_disconnected"
    """The shoe's link went away."""
    JOURNAL_FAILURE = "journal_failure"
    """The journal could not be written."""
    UNEXPECTED_ERROR = "unexpected_error"
    """Any unexpected exception while acting on an input."""
    EVENT_MISMATCH = "event_mismatch"
    """An outbox event does not match the journal's chain: the publisher refused it."""
    LINE_NOISE = "line_noise"
    """The shoe's line sent noise faster than the ``line_noise`` settings allow, or a card was read inside such
    noise (the card is held for the supervisor)."""
    PROCEDURE_VIOLATION = "procedure_violation"
    """Any other input that does not fit the state, or a dealer's call."""
    PLAYER_EDGE = "player_edge"
    """The edge monitor's alert: recorded and published, never pauses."""


class MisreadReason(StrEnum):
    """Why a card was not read: a No-Read's reason code from the shoe's codec (``drivers.frames.NoRead``), or
    ``unknown_code`` (the shoe read a code that is no card). The rescan and the ``misread_limit`` pause carry it.
    """

    NO_READ = "no_read"
    UNKNOWN_CODE = "unknown_code"
    BAD_LRC = "bad_lrc"
    TOKEN_TIMEOUT = "token_timeout"
    ROLLOVER = "rollover"


class PauseReason(StrEnum):
    """The reason code of an incident the table raises itself, besides a misread's (:class:`MisreadReason`)
    (docs/rules.md §1, §5; docs/design.md "Procedure violations that pause"). A stray frame's reason is the frame's own
    (``card``, or the misread's code), or ``X_without_shoe`` with no shoe open.
    """

    CARD = "card"
    """A card came out where none is due (``card_while_betting``, ``card_after_round``)."""
    CARD_BEFORE_BETTING = "card_before_betting"
    CARD_WITHOUT_SHOE = "card_without_shoe"
    CUT_CARD = "cut_card"
    """The cut card during the burn."""
    CUT_CARD_WITHOUT_SHOE = "cut_card_without_shoe"
    SECOND_CUT_CARD = "second_cut_card"
    BEYOND_INVENTORY = "beyond_inventory"
    """A copy more than the shoe's decks hold (``foreign_card``)."""
    CONNECTION_LOST = "connection_lost"
    DEALER_CALL = "dealer_call"
    OUTBOX_EVENT_REFUSED = "outbox_event_refused"
    NOISE_RATE = "noise_rate"
    """The line's noise went above ``line_noise.max_bytes_per_second`` or ``max_frames_per_second`` (``line_noise``)."""
    CARD_IN_NOISE = "card_in_noise"
    """A card (or the cut card) was read while the line was noisy: held for the supervisor (``line_noise``)."""


INCIDENT_TYPES = frozenset(IncidentType)
"""Every incident type. All but ``player_edge`` pause the round."""

PAUSING_INCIDENTS = INCIDENT_TYPES - {IncidentType.PLAYER_EDGE}
"""Incident types that pause the round until a supervisor acts."""


@dataclass(frozen=True, slots=True)
class LineNoiseCounts:
    """The burst of noise a ``line_noise`` pause was made of: ``bytes`` and ``frames`` (whole numbers), ``first`` and
    ``last`` (UTC ISO-8601 times of its first and last bad frame, ending in ``Z``; ``""`` when not known).
    """

    bytes: int
    frames: int
    first: str = ""
    last: str = ""


@dataclass(frozen=True, slots=True)
class RefusedEvent:
    """The outbox event an ``event_mismatch`` pause is about: its ``event_id`` (int) and ``problem``, the
    journal check's words on what is wrong with it (a sentence for the technician).
    """

    event_id: int
    problem: str = ""


@dataclass(frozen=True, slots=True)
class Incident:
    """Why the round is paused, with the evidence a supervisor needs.

    Attributes
    ----------
    type:
        One of :class:`IncidentType` (a plain string of one is taken and kept as the member).
    reason:
        A short machine-readable reason code (``"no_read"``, ``"ninth_copy"``, ``"dealer_call"``, ...).
    state_before:
        The table state when the incident happened (where ``resume`` goes back to).
    position:
        The card position concerned (``"player1"`` … ``"banker3"``, ``"burn_indicator"``,
        ``"burn"``) or ``None``.
    evidence:
        The raw frame bytes as hex (``""`` when the input had none), or a token / a message.
    ts:
        UTC ISO-8601 time of the input that caused it, ending in ``Z``.
    detail:
        One human sentence.
    misreads:
        A ``misread_limit``'s misreads in a row at ``position`` (int ≥ 1), else None.
    max_misreads:
        A ``misread_limit``'s limit, the ``max_misreads`` setting it reached (int ≥ 1), else None.
    noise:
        A ``line_noise`` pause's burst (:class:`LineNoiseCounts`), else None.
    refused:
        An ``event_mismatch``'s event, the outbox event the publisher refused (:class:`RefusedEvent`), else None.

    ``misreads``, ``max_misreads``, ``noise`` and ``refused`` are for the screens (worded from them, not from
    ``detail``); they are not in :meth:`as_dict`: the journal's and the platform's ``round_paused`` stay as they
    were recorded.
    """

    type: IncidentType
    reason: str
    state_before: str
    position: str | None = None
    evidence: str = ""
    ts: str = ""
    detail: str = ""
    misreads: int | None = None
    max_misreads: int | None = None
    noise: LineNoiseCounts | None = None
    refused: RefusedEvent | None = None

    def __post_init__(self) -> None:
        try:
            kind = IncidentType(self.type)
        except ValueError:
            raise ValueError(f"unknown incident type {self.type!r}; allowed: {', '.join(sorted(INCIDENT_TYPES))}") \
                from None
        object.__setattr__(self, "type", kind)

    def as_dict(self) -> dict[str, object]:
        """The incident as a JSON-able dict (plain strings: the journal keeps it as its own values)."""
        data = asdict(self)
        del data["misreads"], data["max_misreads"], data["noise"], data["refused"]
        data["type"] = self.type.value
        if isinstance(self.state_before, str):
            data["state_before"] = str(self.state_before)  # a TableState member, as its plain value
        return data


_CARD_TOKEN = re.compile(r"[A2-9TJQK][SHDC]")


def frame_evidence(raw: str, token: str) -> str:
    """A frame as an incident's evidence records it: ``"RAW (TOKEN)"`` (raw bytes as hex, the token read), or
    whichever of the two the frame has (``"5148"``, ``"QH"``), ``""`` for neither.
    """
    return f"{raw} ({token})" if raw and token else raw or token


def card_evidence_parts(evidence: str) -> tuple[str, str | None]:
    """A card frame's evidence (:func:`frame_evidence`) as ``(raw bytes, token)``: ``"5148 (QH)"`` → ``("5148",
    "QH")``, ``"QH"`` (the shoe sent no bytes) → ``("", "QH")``; evidence of neither shape is raw bytes with no
    token. Only for a frame known to be a card: a No-Read's bytes alone may spell a token (``"2D"``). Never raises.
    """
    raw, _, token = evidence.partition(" (")
    if token.endswith(")") and token[:-1]:
        return raw, token[:-1]
    if _CARD_TOKEN.fullmatch(evidence):
        return "", evidence
    return evidence, None
