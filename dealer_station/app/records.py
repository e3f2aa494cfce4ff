"""Round records for a dispute: what a round, a shoe and a whole journal hold once folded.

Plain values with their JSON form. Each round (:class:`RoundHistory`) holds its scans (card, position,
scan time, raw bytes), No-Reads and rescans at each position, cards entered by hand, incidents with
their evidence, the supervisor's acts (who, act, reason, note, time), the dealer's acts, and the result
(:class:`RoundRecord`, built by :meth:`RoundRecord.from_output` from the ``round_completed`` /
``round_voided`` output, exactly as the console's recall builds it). What happened outside a round
(the burn, a card after a round, a pause between rounds) is kept on the shoe (:class:`ShoeHistory`).
A journal becomes these records by :func:`dealer_station.app.record_fold.fold_journal`; the same
records in plain words: :mod:`dealer_station.app.record_words`.

The dealer of a round is the ``dealer`` of its ``round_completed`` / ``round_voided`` output when the
station records it; journals without it show the dealer as unknown (:data:`UNKNOWN_DEALER`).
Rule source: docs/rules.md §2 (the result), §5 (misreads, incidents, supervisor acts).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum

from dealer_station.app.clock import seconds_between
from dealer_station.app.controller import RoundRecord
from dealer_station.domain.facts import RoundStatus
from dealer_station.domain.incidents import IncidentType, PauseReason

__all__ = ["DEALER_CALL", "UNKNOWN_DEALER", "ActOutcome", "ActRecord", "CardEntry", "IncidentRecord", "JournalHistory",
           "RoundHistory", "Scan", "ScanOutcome", "ShoeHistory"]

UNKNOWN_DEALER = "unknown"
"""How a round whose journal does not name its dealer shows it (older journals)."""

DEALER_CALL = PauseReason.DEALER_CALL.value
"""The kind of incident (:attr:`IncidentRecord.kind`) of a dealer's call for the supervisor: ``"dealer_call"``."""


class ScanOutcome(StrEnum):
    """What the table did with a frame the shoe sent (:attr:`Scan.outcome`)."""

    DEALT = "dealt"
    BURN_INDICATOR = "burn_indicator"
    BURNED = "burned"
    RESCAN = "rescan"
    """A misread: the card to scan again."""
    MISREAD_LIMIT = "misread_limit"
    """The misread that paused the round."""
    INCIDENT = "incident"
    """It paused the round (or was recorded as an incident while paused)."""
    HELD = "held"
    """A card read while paused, held for the supervisor."""
    MISREAD_WHILE_PAUSED = "misread_while_paused"
    CUT_CARD = "cut_card"
    GARBAGE = "garbage"
    IGNORED = "ignored"


class ActOutcome(StrEnum):
    """What came of an act (:attr:`ActRecord.outcome`)."""

    DONE = "done"
    REFUSED = "refused"


@dataclass
class Scan:
    """One frame the shoe sent: a card read, a No-Read, the cut card, or bytes that were no frame.

    Attributes
    ----------
    seq, ts:
        The sequence number of the decision row that decided it (each record's ``seq`` is its decision's) and
        the input's time (UTC ISO-8601, ``Z``): when the shoe read it.
    frame:
        ``"card"``, ``"no_read"``, ``"cut"``, ``"garbage"`` or ``"unknown"``.
    token:
        The card token read (``"KS"``), or None.
    raw:
        The frame's bytes as hex (the evidence).
    reason:
        The No-Read's reason from the shoe (``"no_read"``), or None.
    outcome:
        What the table did with it (:class:`ScanOutcome`; a plain ``str`` when read back from JSON).
    position:
        The position it went to, or the position the misread was at (``"player1"`` … ``"banker3"``,
        ``"burn_indicator"``, ``"burn"``), or None.
    misread:
        True for a No-Read or an unknown card code (counted in misreads per 1,000 cards).
    """

    seq: int
    ts: str
    frame: str
    token: str | None = None
    raw: str = ""
    reason: str | None = None
    outcome: str = ScanOutcome.IGNORED
    position: str | None = None
    misread: bool = False


@dataclass
class CardEntry:
    """A card placed in a hand: where, which, when, and whether a supervisor entered it by hand (``by``)."""

    position: str
    card: str
    manual: bool
    seq: int
    ts: str
    by: str | None = None


@dataclass
class IncidentRecord:
    """An incident (it paused the round, or was recorded while already paused) and how it was resolved.

    ``type``, ``reason``, ``position``, ``evidence``, ``detail``, ``state_before``: as the table recorded it
    (:class:`dealer_station.domain.incidents.Incident`); ``ts`` the time of the input that caused it;
    ``while_paused`` True for one recorded as evidence during an earlier pause; ``resolved_*`` the act that
    ended the pause (None while it lasts).
    """

    seq: int
    ts: str
    type: str
    reason: str = ""
    position: str | None = None
    evidence: str = ""
    detail: str = ""
    state_before: str = ""
    while_paused: bool = False
    resolved_act: str | None = None
    resolved_by: str | None = None
    resolved_at: str | None = None
    resolved_reason: str | None = None
    resolved_note: str | None = None

    @property
    def kind(self) -> str:
        """What the incident was, as a report counts it: its ``type``, except a dealer's call for the supervisor
        (journaled as a ``procedure_violation`` of reason ``dealer_call``: the table pauses the same way), which is
        :data:`DEALER_CALL`, no violation.
        """
        if self.type == IncidentType.PROCEDURE_VIOLATION and self.reason == PauseReason.DEALER_CALL:
            return DEALER_CALL
        return self.type


@dataclass
class ActRecord:
    """A dealer's, timer's or supervisor's act and what came of it.

    ``by``: ``"dealer"``, ``"timer"``, ``"supervisor"`` or another input kind; ``user``: who (the
    supervisor's id; for a dealer act the id the input carries, else None); ``outcome`` (:class:`ActOutcome`)
    ``"done"`` or ``"refused"`` (``why`` says why: the table's reason, or a refused PIN; for the station's stop, by
    ``"stop"``, what stopped it: ``"console closed"``, ``"SIGTERM"``); ``args``: the act's arguments
    (``token`` of ``enter_card``, positions of ``move_card``).
    """

    seq: int
    ts: str
    by: str
    act: str
    user: str | None = None
    reason: str | None = None
    note: str | None = None
    args: dict = field(default_factory=dict)
    outcome: str = ActOutcome.DONE
    why: str | None = None


@dataclass
class RoundHistory:
    """One round's whole record (for recall and reports).

    ``status``: ``"completed"``, ``"voided"`` or ``"in_progress"`` (a running station's open round);
    ``result``: the :class:`RoundRecord` of its ``round_completed`` / ``round_voided`` output (None while
    in progress); ``dealer``: the dealer's id the journal records, else None (shown as ``"unknown"``).
    Times are UTC ISO-8601 strings (``Z``): betting opened and closed, the first card's scan, the
    confirmation (completed) and the end (confirmation or void).
    """

    table_id: str
    shoe: int
    round: int
    round_id: str
    status: str = RoundStatus.IN_PROGRESS
    dealer: str | None = None
    result: RoundRecord | None = None
    offered_bets: list[str] = field(default_factory=list)
    opened_at: str | None = None
    closed_at: str | None = None
    closed_by: str | None = None
    first_card_at: str | None = None
    confirmed_at: str | None = None
    ended_at: str | None = None
    cards: list[CardEntry] = field(default_factory=list)
    scans: list[Scan] = field(default_factory=list)
    incidents: list[IncidentRecord] = field(default_factory=list)
    acts: list[ActRecord] = field(default_factory=list)

    @property
    def dealer_name(self) -> str:
        """The dealer's id, or ``"unknown"``."""
        return self.dealer or UNKNOWN_DEALER

    @property
    def misreads(self) -> int:
        """No-Reads and unknown card codes in this round."""
        return sum(s.misread for s in self.scans)

    @property
    def misreads_at(self) -> dict[str, int]:
        """Misreads per position (``{"banker2": 2}``)."""
        return dict(Counter(s.position or "unknown" for s in self.scans if s.misread))

    @property
    def manual(self) -> list[CardEntry]:
        """Cards a supervisor entered by hand."""
        return [c for c in self.cards if c.manual]

    @property
    def duration_seconds(self) -> float | None:
        """First card scan → confirmation, seconds; None for a void or a round not yet confirmed."""
        return seconds_between(self.first_card_at, self.confirmed_at)

    def to_json(self) -> dict:
        """The record as one JSON-able dict (``recall --json``); :meth:`from_json` reads it back."""
        out = dataclasses.asdict(self)
        out["result"] = _record_json(self.result)
        out["dealer_name"] = self.dealer_name
        out["misreads"] = self.misreads
        out["misreads_at"] = self.misreads_at
        out["duration_seconds"] = self.duration_seconds
        return out

    @classmethod
    def from_json(cls, data: dict) -> "RoundHistory":
        """Read back :meth:`to_json`. Raises KeyError / TypeError for a dict of another shape."""
        names = {f.name for f in dataclasses.fields(cls)}
        values = {k: v for k, v in data.items() if k in names}
        values["result"] = _record_from_json(data.get("result"))
        values["cards"] = [CardEntry(**c) for c in data.get("cards", ())]
        values["scans"] = [Scan(**s) for s in data.get("scans", ())]
        values["incidents"] = [IncidentRecord(**i) for i in data.get("incidents", ())]
        values["acts"] = [ActRecord(**a) for a in data.get("acts", ())]
        return cls(**values)


@dataclass
class ShoeHistory:
    """One shoe: when it started and ended and why, its burn, and what happened outside its rounds.

    ``shoe`` 0 holds what the journal recorded before the first shoe.
    """

    table_id: str
    shoe: int
    started_at: str | None = None
    ended_at: str | None = None
    end_reason: str | None = None
    burn_indicator: str | None = None
    burned: list[str] = field(default_factory=list)
    cut_card_round: int | None = None
    scans: list[Scan] = field(default_factory=list)
    incidents: list[IncidentRecord] = field(default_factory=list)
    acts: list[ActRecord] = field(default_factory=list)

    def to_json(self) -> dict:
        """The shoe as a JSON-able dict."""
        return dataclasses.asdict(self)


@dataclass
class JournalHistory:
    """A journal folded: its table, the last row read, every shoe and every round, oldest first."""

    table_id: str
    last_seq: int
    shoes: list[ShoeHistory] = field(default_factory=list)
    rounds: list[RoundHistory] = field(default_factory=list)
    pending_input: int | None = None
    """An input row with no decision yet (a running station between the two rows), or None."""
    skipped: list[int] = field(default_factory=list)
    """Rows that could not be read as the table's rows (another shape); every other row is folded."""
    misreads_unknown: list[int] = field(default_factory=list)
    """Shoes whose misreads are not all known: a ledger's shoes from a station that did not publish its rescans
    (:mod:`dealer_station.platform.ledger_records`); a journal knows every misread."""

    def round(self, rid: str) -> RoundHistory | None:
        """The round with id ``rid`` (``T1-S0001-R007``, any case), or None."""
        wanted = rid.strip().upper()
        return next((r for r in self.rounds if r.round_id.upper() == wanted), None)

    def shoe(self, number: int) -> ShoeHistory | None:
        """Shoe ``number``, or None."""
        return next((s for s in self.shoes if s.shoe == number), None)


def _record_json(record: RoundRecord | None) -> dict | None:
    if record is None:
        return None
    out = dataclasses.asdict(record)
    return {k: list(v) if isinstance(v, tuple) else v for k, v in out.items()}


def _record_from_json(data: dict | None) -> RoundRecord | None:
    if data is None:
        return None
    values = {}
    for f in dataclasses.fields(RoundRecord):
        if f.name in data:
            value = data[f.name]
            values[f.name] = tuple(value) if isinstance(value, list) else value
    return RoundRecord(**values)
