"""A ledger's events folded into the round records a station's journal folds into (:mod:`dealer_station.app.records`),
so ``report --ledger`` and ``recall --ledger`` count and say them with the station's own code
(:func:`dealer_station.app.reports.build_report`, ``recall``'s words).

Each table's events, in id order, become its shoes and rounds: ``round_opened`` opens a round (its time is the
betting's opening), ``betting_closed`` closes the betting, ``card_dealt`` places a card (a scanned one is also a
scan of the shoe), ``round_result`` and ``round_voided`` give the result exactly as the journal's outputs do
(:meth:`~dealer_station.app.views.RoundRecord.from_output`), ``round_paused`` and ``round_resumed`` an incident
and its resolution, ``shoe_started`` and ``shoe_ended`` the shoe, ``card_burned`` each card of its burn (from a
station before ``card_burned``, ``shoe_ended`` tells the burn), and ``alert`` a frame read with no shoe open.
Every record's ``seq`` is its event's ``journal_seq`` (the station's decision row), its ``ts`` the event's: the
decision's time, which is the time the journal folds.

Misreads: ``card_misread`` is a rescan (or a misread read while paused), ``round_paused`` with ``misread_limit`` the
misread that paused the round, one out of place the frame of its ``round_paused``, ``alert`` one with no shoe open;
each is a scan counted as the station's own fold counts it (an unknown code out of place or with no shoe open is
a card read, as the journal holds it). A shoe whose ``shoe_started`` does not say ``misreads_published`` (a
station before ``card_misread``) has misreads the events do not tell: it is named in the history's
``misreads_unknown`` and a report gives its misreads as unknown.

``card_held`` is a card read while paused and held (a card of the shoe, as the journal counts it), and
``incident_noted`` an incident recorded while already paused (a card of the shoe too when a card made it).
What the station decides without telling the platform is not in the events, and so not in these records: a
refused act. docs/events.md "The ledger in reports".
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

from dealer_station.app.record_fold import RecordHolders, opt
from dealer_station.app.records import (
    ActOutcome,
    ActRecord,
    CardEntry,
    IncidentRecord,
    JournalHistory,
    RoundHistory,
    Scan,
    ScanOutcome,
)
from dealer_station.app.views import RoundRecord
from dealer_station.domain.facts import RoundStatus
from dealer_station.domain.incidents import IncidentType, MisreadReason, PauseReason, card_evidence_parts
from dealer_station.domain.staff import Actor

__all__ = ["CARD_INCIDENTS", "fold_events", "table_of_round"]

CARD_INCIDENTS = frozenset({IncidentType.CARD_WHILE_BETTING, IncidentType.CARD_AFTER_ROUND, IncidentType.FOREIGN_CARD})
"""Incidents a card read makes (the card is a scan of the shoe, counted among its cards)."""

_ROUND = re.compile(r"^(?P<table>.+)-S(?P<shoe>\d+)-R(?P<round>\d+)$")


def table_of_round(rid: str) -> str | None:
    """The table id of a round id (``Salon-2-S0003-R012`` → ``Salon-2``), or None when it is not one."""
    found = _ROUND.match(rid.strip())
    return found.group("table") if found else None


class _EventFold(RecordHolders):
    def __init__(self, table_id: str) -> None:
        super().__init__(table_id)
        self.burn_at: dict[int, tuple[int, str]] = {}
        """Per shoe, the ``(seq, ts)`` of its start: where its burn's scans go (``shoe_ended`` tells the cards)."""
        self.burn_told: set[int] = set()
        """The shoes whose burn came card by card (``card_burned``), not only in their ``shoe_ended``."""
        self.misreads_published: set[int] = set()
        """The shoes whose ``shoe_started`` says every misread of them is in the events."""

    def event(self, envelope: dict, seq: int) -> None:
        data = envelope.get("data") if isinstance(envelope.get("data"), dict) else {}
        ts = str(envelope.get("ts") or "")
        fold = getattr(self, f"_{envelope.get('type')}", None)
        if fold is not None:
            fold(data, ts, seq)

    # one method per event type (docs/events.md "Event types"); a type not here changes no record

    def _shoe_started(self, data: dict, ts: str, seq: int) -> None:
        self.shoe_number = int(data.get("shoe_number") or 0)
        self.current = None
        shoe = self.shoe(self.shoe_number)
        shoe.started_at = ts
        self.burn_at[self.shoe_number] = (seq, ts)
        if data.get("misreads_published") is True:
            self.misreads_published.add(self.shoe_number)

    def _shoe_ended(self, data: dict, ts: str, seq: int) -> None:
        shoe = self.shoe(int(data.get("shoe_number") or data.get("shoe") or self.shoe_number))
        shoe.ended_at, shoe.end_reason = ts, opt(data.get("reason"))
        shoe.burn_indicator = opt(data.get("burn_indicator")) or shoe.burn_indicator
        shoe.burned = [str(c) for c in data.get("burned") or ()] or shoe.burned
        shoe.cut_card_round = data.get("cut_card_round")
        self.current = None
        if shoe.shoe in self.burn_told:
            return
        # a station before card_burned: the burn told at the shoe's end (every card as read by the shoe)
        at_seq, at_ts = self.burn_at.get(shoe.shoe, (seq, ts))
        burn = ([Scan(at_seq, at_ts, "card", shoe.burn_indicator, outcome=ScanOutcome.BURN_INDICATOR,
                      position="burn_indicator")] if shoe.burn_indicator else [])
        burn += [Scan(at_seq, at_ts, "card", card, outcome=ScanOutcome.BURNED, position="burn") for card in shoe.burned]
        shoe.scans[:0] = burn   # the burn came before every round of the shoe

    def _card_burned(self, data: dict, ts: str, seq: int) -> None:
        shoe = self.shoe(int(data.get("shoe_number") or self.shoe_number))
        self.burn_told.add(shoe.shoe)
        card, indicator = str(data.get("card")), data.get("position") == "burn_indicator"
        if indicator:
            shoe.burn_indicator = card
        else:
            shoe.burned.append(card)
        if not data.get("manual"):   # a card entered by hand was never read by the shoe
            shoe.scans.append(Scan(seq, ts, "card", card, position="burn_indicator" if indicator else "burn",
                                   outcome=ScanOutcome.BURN_INDICATOR if indicator else ScanOutcome.BURNED))

    def _round_opened(self, data: dict, ts: str, seq: int) -> None:
        rnd = self.round_of(self.shoe_number, int(data.get("round_number") or 0))
        rnd.opened_at = ts
        rnd.offered_bets = [str(b) for b in data.get("bets_offered") or ()]
        self.current = rnd

    def _betting_closed(self, data: dict, ts: str, seq: int) -> None:
        if self.current is not None:
            self.current.closed_at, self.current.closed_by = ts, opt(data.get("by"))

    def _card_dealt(self, data: dict, ts: str, seq: int) -> None:
        rnd = self.current
        if rnd is None:
            rnd = self.current = self.round_of(self.shoe_number, int(data.get("round_number") or 0))
        manual, position, card = bool(data.get("manual")), str(data.get("position")), str(data.get("card"))
        rnd.cards.append(CardEntry(position, card, manual, seq, ts))
        if rnd.first_card_at is None:
            rnd.first_card_at = ts
        if not manual:   # a card entered by hand was never read by the shoe
            rnd.scans.append(Scan(seq, ts, "card", card, outcome=ScanOutcome.DEALT, position=position))

    def _round_paused(self, data: dict, ts: str, seq: int) -> None:
        raw = data.get("incident")
        i = raw if isinstance(raw, dict) else {}
        incident = IncidentRecord(seq, str(i.get("ts") or ts), str(i.get("type")), str(i.get("reason") or ""),
                                  opt(i.get("position")), str(i.get("evidence") or ""), str(i.get("detail") or ""),
                                  str(i.get("state_before") or ""))
        holder = self.holder()
        holder.incidents.append(incident)
        self.open_incident = incident
        if incident.type == IncidentType.MISREAD_LIMIT:
            holder.scans.append(Scan(seq, incident.ts, "no_read", outcome=ScanOutcome.MISREAD_LIMIT,
                                     position=incident.position, misread=True, raw=incident.evidence))
        elif incident.type in CARD_INCIDENTS or (incident.type == IncidentType.PROCEDURE_VIOLATION
                                                 and incident.reason == PauseReason.CARD_BEFORE_BETTING):
            no_read = _stray_no_read(incident.reason, incident.evidence)
            holder.scans.append(Scan(seq, incident.ts, "no_read" if no_read else "card", outcome=ScanOutcome.INCIDENT,
                                     position=incident.position, raw=incident.evidence,
                                     reason=incident.reason if no_read and incident.reason in _NO_READS else None,
                                     misread=no_read))

    def _card_misread(self, data: dict, ts: str, seq: int) -> None:
        reason = str(data.get("reason") or MisreadReason.NO_READ)
        evidence = str(data.get("evidence") or "")
        paused = data.get("paused") is True
        code = reason == MisreadReason.UNKNOWN_CODE   # a code that is no card: the journal holds a card frame
        token = evidence[evidence.rindex(" (") + 2:-1] if code and evidence.endswith(")") and " (" in evidence \
            else None
        self.holder().scans.append(Scan(
            seq, ts, "card" if code else "no_read", token, evidence.split(" (")[0], None if code else reason,
            ScanOutcome.MISREAD_WHILE_PAUSED if paused else ScanOutcome.RESCAN,
            None if paused else opt(data.get("position")), True))

    def _card_held(self, data: dict, ts: str, seq: int) -> None:
        raw_bytes, _token = card_evidence_parts(str(data.get("evidence") or ""))
        self.holder().scans.append(Scan(seq, ts, "card", opt(data.get("card")), raw_bytes, outcome=ScanOutcome.HELD))

    def _incident_noted(self, data: dict, ts: str, seq: int) -> None:
        raw = data.get("incident")
        i = raw if isinstance(raw, dict) else {}
        incident = IncidentRecord(seq, ts, str(i.get("type")), str(i.get("reason") or ""), None,
                                  str(i.get("evidence") or ""), "", "paused", while_paused=True)
        holder = self.holder()
        holder.incidents.append(incident)
        if incident.type in CARD_INCIDENTS:   # a card read while paused made it: a card of the shoe
            raw_bytes, token = card_evidence_parts(incident.evidence)
            holder.scans.append(Scan(seq, ts, "card", token, raw_bytes, outcome=ScanOutcome.INCIDENT))

    def _round_resumed(self, data: dict, ts: str, seq: int) -> None:
        incident = self.open_incident
        if incident is not None:
            incident.resolved_act, incident.resolved_by = opt(data.get("act")), opt(data.get("user"))
            incident.resolved_at = ts
            incident.resolved_reason, incident.resolved_note = opt(data.get("reason")), opt(data.get("note"))
        self.open_incident = None

    def _round_result(self, data: dict, ts: str, seq: int) -> None:
        self._finished(data, ts, seq)

    def _round_voided(self, data: dict, ts: str, seq: int) -> None:
        rnd = self._finished(data, ts, seq)
        if rnd is not None:   # who voided it: the act the round's record names
            rnd.acts.append(ActRecord(seq, ts, Actor.SUPERVISOR, "void_round", opt(data.get("user")),
                                      opt(data.get("reason")), opt(data.get("note")), {}, ActOutcome.DONE))

    def _finished(self, data: dict, ts: str, seq: int) -> RoundHistory | None:
        try:
            record = RoundRecord.from_output({**data, "round": data.get("round", data.get("round_number"))},
                                             self.table)
        except (KeyError, TypeError, ValueError):
            return None
        rnd = self.round_of(record.shoe, record.round)
        rnd.result, rnd.status = record, record.status
        rnd.dealer = opt(data.get("dealer")) or rnd.dealer
        rnd.ended_at = ts
        if record.status == RoundStatus.COMPLETED:
            rnd.confirmed_at = ts
        if self.current is rnd:
            self.current = None
        return rnd

    def _alert(self, data: dict, ts: str, seq: int) -> None:
        reason = str(data.get("reason") or "")
        evidence = str(data.get("evidence") or "")
        shoe = self.shoe(self.shoe_number)
        shoe.incidents.append(IncidentRecord(seq, ts, IncidentType.PROCEDURE_VIOLATION, reason, None, evidence, "",
                                             str(data.get("state") or "")))
        if reason == "card_without_shoe":
            shoe.scans.append(Scan(seq, ts, "card", opt(data.get("card")), raw=evidence,
                                   outcome=ScanOutcome.INCIDENT))
        elif reason == f"{MisreadReason.UNKNOWN_CODE}_without_shoe":   # a card frame in the journal, no misread
            shoe.scans.append(Scan(seq, ts, "card", raw=evidence, outcome=ScanOutcome.INCIDENT))
        elif reason != "cut_card_without_shoe":
            shoe.scans.append(Scan(seq, ts, "no_read", raw=evidence, outcome=ScanOutcome.INCIDENT, misread=True))

    def history_of(self, last_seq: int, skipped: list[int]) -> JournalHistory:
        """The records made, and the shoes whose misreads the events do not all tell (``misreads_unknown``)."""
        history = self.history(last_seq, None, skipped)
        shoes = {s.shoe for s in history.shoes} | {r.shoe for r in history.rounds}
        history.misreads_unknown = sorted(n for n in shoes if n and n not in self.misreads_published)
        return history


_NO_READS = frozenset(reason.value for reason in MisreadReason) - {MisreadReason.UNKNOWN_CODE.value}
"""A misread's reasons but the unknown code's: the frame was a No-Read (the unknown code's is a card frame)."""

_CARD_TOKEN = re.compile(r"[A2-9TJQK][SHDC]")


def _stray_no_read(reason: str, evidence: str) -> bool:
    """Whether a frame out of place (its incident's ``reason`` and ``evidence``) was a No-Read: its reason is a
    No-Read's; for a frame before the first betting (reason ``card_before_betting``, the frame's own reason not
    kept) its evidence is raw bytes with no token read (a card, or a code that is no card, is ``RAW (TOKEN)``, or
    the token alone when the shoe sent no bytes).
    """
    if reason != PauseReason.CARD_BEFORE_BETTING:
        return reason in _NO_READS
    return not (evidence.endswith(")") or _CARD_TOKEN.fullmatch(evidence))


def fold_events(table_id: str, events: Iterable[tuple[int, str]]) -> JournalHistory:
    """One table's ledger events ``(event_id, payload)``, in id order, as the journal's fold gives them.

    An event that cannot be read (not JSON, not an object) is left out and its id named in ``skipped``;
    ``last_seq`` is the last event's ``journal_seq`` (0 without anchors).
    """
    fold = _EventFold(table_id)
    skipped: list[int] = []
    last = 0
    for event_id, payload in events:
        try:
            envelope = json.loads(payload)
            if not isinstance(envelope, dict):
                raise ValueError("not an object")
            seq = envelope.get("journal_seq")
            seq = seq if isinstance(seq, int) and not isinstance(seq, bool) else event_id
            fold.event(envelope, seq)
            last = max(last, seq)
        except (TypeError, ValueError, KeyError, AttributeError):
            skipped.append(event_id)
    return fold.history_of(last, skipped)
