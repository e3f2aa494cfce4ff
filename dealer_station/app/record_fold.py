"""The fold: a journal read once, read-only, into its round records (:mod:`dealer_station.app.records`).

The journal holds one ``input`` row per card, No-Read, act and link event, and after it one ``decision``
row with the table's outputs (docs/controller.md "Journal"). :func:`fold_journal` reads every row once,
in order, through the journal's codec (:func:`~dealer_station.journal.codec.decode_input`,
:func:`~dealer_station.journal.codec.decode_decision`), and gives each round its scans, No-Reads and rescans,
cards entered by hand, incidents, the supervisor's and the dealer's acts and its result; what happened outside
a round goes to its shoe. Each kind of output is folded by one method (:data:`_Fold.FOLDS`).

It only reads (:meth:`Journal.rows`): it works on a finished journal, or on the journal of a running
station opened read-only (an input whose decision is not yet written is left out until it is).
Rule source: docs/rules.md §2 (the result), §5 (misreads, incidents, supervisor acts).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from functools import cache
from typing import Any, ClassVar, NamedTuple

from dealer_station.app.controller import RoundRecord, round_id
from dealer_station.app.records import (
    ActOutcome,
    ActRecord,
    CardEntry,
    IncidentRecord,
    JournalHistory,
    RoundHistory,
    Scan,
    ScanOutcome,
    ShoeHistory,
)
from dealer_station.domain.acts import FrameKind, InputKind, SupervisorAct
from dealer_station.domain.facts import Decision, FactKind, RoundStatus
from dealer_station.domain.incidents import IncidentType
from dealer_station.domain.inputs import DealerInput, FrameInput, LinkInput, TableInput, UnknownInput
from dealer_station.journal.codec import decode_decision, decode_input
from dealer_station.journal.reading import table_id_of

__all__ = ["RecordHolders", "fold_journal", "opt"]

class _At(NamedTuple):
    """What an output's fold is given besides its data: the decision row's sequence number, its input's time,
    the input as a scan (a frame) or as an act (anything else but a link event), or None.
    """

    seq: int
    ts: str
    scan: Scan | None
    act: ActRecord | None


class RecordHolders:
    """A table's shoes and rounds as a fold makes them, in order, and which one takes what comes now (the round
    being dealt, else the shoe). The journal's fold and the ledger's
    (:mod:`dealer_station.platform.ledger_records`) both build on it.
    """

    def __init__(self, table_id: str) -> None:
        self.table = table_id
        self.shoes: dict[int, ShoeHistory] = {}
        self.rounds: dict[tuple[int, int], RoundHistory] = {}
        self.order: list[RoundHistory] = []
        self.current: RoundHistory | None = None
        self.shoe_number = 0
        self.open_incident: IncidentRecord | None = None

    def shoe(self, number: int) -> ShoeHistory:
        """Shoe ``number``'s record, made on first use."""
        if number not in self.shoes:
            self.shoes[number] = ShoeHistory(self.table, number)
        return self.shoes[number]

    def holder(self) -> RoundHistory | ShoeHistory:
        """The round being dealt, else the current shoe: where what happens now is kept."""
        return self.current if self.current is not None else self.shoe(self.shoe_number)

    def round_of(self, shoe: int, rnd: int) -> RoundHistory:
        """Round ``rnd`` of shoe ``shoe``'s record, made (and put in order) on first use."""
        key = (shoe, rnd)
        if key not in self.rounds:
            self.rounds[key] = RoundHistory(self.table, shoe, rnd, round_id(self.table, shoe, rnd))
            self.order.append(self.rounds[key])
        return self.rounds[key]

    def history(self, last_seq: int, pending: int | None, skipped: list[int]) -> JournalHistory:
        """The records made, as a :class:`JournalHistory` (shoe 0 only when something happened before shoe 1)."""
        shoes = [self.shoes[n] for n in sorted(self.shoes)
                 if n or self.shoes[n].scans or self.shoes[n].incidents or self.shoes[n].acts]
        return JournalHistory(self.table, last_seq, shoes, list(self.order), pending, skipped)


class _Fold(RecordHolders):
    # --------------------------------------------------------------- rows

    def note(self, body: dict, ts: str, seq: int) -> None:
        """A note row (the controller's record of a refusal or a resume after a journal failure)."""
        kind = body.get("kind")
        ts = str(body.get("ts") or ts)
        if kind in (FactKind.AUTH_REFUSED, FactKind.ACT_REFUSED):
            why = str(body.get("why") or body.get("code") or "")
            self.holder().acts.append(ActRecord(seq, ts, InputKind.SUPERVISOR, str(body.get("act")),
                                                opt(body.get("user")), opt(body.get("reason")),
                                                opt(body.get("note")), {}, ActOutcome.REFUSED, why))
        elif kind == "journal_resumed":
            self.holder().acts.append(ActRecord(seq, ts, InputKind.SUPERVISOR, SupervisorAct.RESUME,
                                                opt(body.get("user")), opt(body.get("reason")),
                                                opt(body.get("note")), {}, ActOutcome.DONE,
                                                "after a journal failure"))

    def decision(self, decision: Decision, inp: TableInput, ts: str, seq: int) -> None:
        """A decision row and the input it decides (an :class:`UnknownInput` of ``{}`` when none is read)."""
        before = self.current
        opened: RoundHistory | None = None
        scan = _scan(inp, seq, ts) if type(inp) is FrameInput else None
        act = _act(inp, seq, ts) if _is_act(inp) else None
        for kind, data in decision.outputs:
            fold = self.FOLDS.get(kind)
            if fold is not None:
                opened = fold(self, data, _At(seq, ts, scan, act)) or opened
        target = before or opened
        holder = target if target is not None else self.shoe(self.shoe_number)
        if scan is not None:
            holder.scans.append(scan)
        if act is not None:
            holder.acts.append(act)
        if decision.shoe is not None:
            self.shoe_number = decision.shoe

    # ------------------------------------------------------------ outputs: one method per kind
    # Each takes the output's data and where it stands (_At); betting_opened returns the round it opened.

    def _shoe_started(self, data: dict, at: _At) -> None:
        self.shoe_number = int(data.get("shoe") or 0)
        self.current = None
        self.shoe(self.shoe_number).started_at = at.ts

    def _shoe_ended(self, data: dict, at: _At) -> None:
        shoe = self.shoe(int(data.get("shoe") or self.shoe_number))
        shoe.ended_at, shoe.end_reason = at.ts, opt(data.get("reason"))
        shoe.burn_indicator = opt(data.get("burn_indicator")) or shoe.burn_indicator
        shoe.burned = list(data.get("burned") or shoe.burned)
        shoe.cut_card_round = data.get("cut_card_round")
        self.current = None

    def _betting_opened(self, data: dict, at: _At) -> RoundHistory:
        rnd = self.round_of(self.shoe_number, int(data.get("round") or 0))
        rnd.opened_at = at.ts
        rnd.offered_bets = list(data.get("offered_bets") or ())
        self.current = rnd
        return rnd

    def _betting_closed(self, data: dict, at: _At) -> None:
        if self.current is not None:
            self.current.closed_at, self.current.closed_by = at.ts, opt(data.get("by"))

    def _card_accepted(self, data: dict, at: _At) -> None:
        ts, scan, act = at.ts, at.scan, at.act
        rnd = self.current
        if rnd is None:
            rnd = self.current = self.round_of(self.shoe_number, int(data.get("round") or 0))
        manual = bool(data.get("manual"))
        rnd.cards.append(CardEntry(str(data.get("position")), str(data.get("card")), manual, at.seq, ts,
                                   act.user if manual and act is not None else None))
        if rnd.first_card_at is None:
            rnd.first_card_at = ts
        if scan is not None:
            scan.outcome, scan.position = ScanOutcome.DEALT, str(data.get("position"))

    def _burn_indicator(self, data: dict, at: _At) -> None:
        self.shoe(self.shoe_number).burn_indicator = opt(data.get("card"))
        scan = at.scan
        if scan is not None:
            scan.outcome, scan.position = ScanOutcome.BURN_INDICATOR, "burn_indicator"

    def _card_burned(self, data: dict, at: _At) -> None:
        self.shoe(self.shoe_number).burned.append(str(data.get("card")))
        scan = at.scan
        if scan is not None:
            scan.outcome, scan.position = ScanOutcome.BURNED, "burn"

    def _rescan_requested(self, data: dict, at: _At) -> None:
        scan = at.scan
        if scan is not None:
            scan.outcome, scan.position, scan.misread = ScanOutcome.RESCAN, opt(data.get("position")), True

    def _round_paused(self, data: dict, at: _At) -> None:
        ts, scan = at.ts, at.scan
        incident = IncidentRecord(at.seq, str(data.get("ts") or ts), str(data.get("type")),
                                  str(data.get("reason") or ""), opt(data.get("position")),
                                  str(data.get("evidence") or ""), str(data.get("detail") or ""),
                                  str(data.get("state_before") or ""))
        self.holder().incidents.append(incident)
        self.open_incident = incident
        if scan is not None:
            if incident.type == IncidentType.MISREAD_LIMIT:
                scan.outcome, scan.position, scan.misread = ScanOutcome.MISREAD_LIMIT, incident.position, True
            else:
                scan.outcome, scan.position = ScanOutcome.INCIDENT, incident.position

    def _incident_while_paused(self, data: dict, at: _At) -> None:
        ts, scan = at.ts, at.scan
        self.holder().incidents.append(IncidentRecord(
            at.seq, ts, str(data.get("type")), str(data.get("reason") or ""), None,
            str(data.get("evidence") or ""), "", "paused", while_paused=True))
        if scan is not None and scan.outcome == ScanOutcome.IGNORED:
            scan.outcome = ScanOutcome.INCIDENT

    def _procedure_violation(self, data: dict, at: _At) -> None:
        ts, scan = at.ts, at.scan
        self.shoe(self.shoe_number).incidents.append(IncidentRecord(
            at.seq, ts, str(data.get("type")), str(data.get("reason") or ""), None,
            str(data.get("evidence") or ""), str(data.get("detail") or ""), str(data.get("state") or "")))
        if scan is not None:
            scan.outcome = ScanOutcome.INCIDENT

    def _no_read_while_paused(self, data: dict, at: _At) -> None:
        scan = at.scan
        if scan is not None:
            scan.outcome, scan.misread = ScanOutcome.MISREAD_WHILE_PAUSED, True

    def _card_while_paused(self, data: dict, at: _At) -> None:
        scan = at.scan
        if scan is not None:
            scan.outcome = ScanOutcome.HELD

    def _cut_card(self, data: dict, at: _At) -> None:
        self.shoe(self.shoe_number).cut_card_round = data.get("round")
        scan = at.scan
        if scan is not None and scan.outcome == ScanOutcome.IGNORED:
            scan.outcome = ScanOutcome.CUT_CARD

    def _garbage(self, data: dict, at: _At) -> None:
        scan = at.scan
        if scan is not None:
            scan.outcome = ScanOutcome.GARBAGE

    def _round_resumed(self, data: dict, at: _At) -> None:
        incident = self.open_incident
        if incident is not None:
            incident.resolved_act, incident.resolved_by = opt(data.get("act")), opt(data.get("user"))
            incident.resolved_at = at.ts
            incident.resolved_reason, incident.resolved_note = opt(data.get("reason")), opt(data.get("note"))
        self.open_incident = None

    def _act_refused(self, data: dict, at: _At) -> None:
        act = at.act
        if act is not None:
            act.outcome, act.why = ActOutcome.REFUSED, opt(data.get("why"))

    def _round_finished(self, data: dict, at: _At) -> None:
        """``round_completed`` or ``round_voided``: the round's result (a result of another shape is left out)."""
        try:
            record = RoundRecord.from_output(data, self.table)
        except (KeyError, TypeError, ValueError):
            return
        rnd = self.round_of(record.shoe, record.round)
        rnd.result = record
        rnd.status = record.status
        rnd.dealer = opt(data.get("dealer")) or rnd.dealer
        rnd.ended_at = at.ts
        if record.status == RoundStatus.COMPLETED:
            rnd.confirmed_at = at.ts
        if self.current is rnd:
            self.current = None

    FOLDS: ClassVar[dict[str, Callable[[_Fold, dict, _At], RoundHistory | None]]] = {
        FactKind.SHOE_STARTED: _shoe_started, FactKind.SHOE_ENDED: _shoe_ended,
        FactKind.BETTING_OPENED: _betting_opened, FactKind.BETTING_CLOSED: _betting_closed,
        FactKind.CARD_ACCEPTED: _card_accepted, FactKind.BURN_INDICATOR: _burn_indicator,
        FactKind.CARD_BURNED: _card_burned, FactKind.RESCAN_REQUESTED: _rescan_requested,
        FactKind.ROUND_PAUSED: _round_paused, FactKind.INCIDENT_WHILE_PAUSED: _incident_while_paused,
        FactKind.PROCEDURE_VIOLATION: _procedure_violation, FactKind.NO_READ_WHILE_PAUSED: _no_read_while_paused,
        FactKind.CARD_WHILE_PAUSED: _card_while_paused, FactKind.CUT_CARD: _cut_card, FactKind.GARBAGE: _garbage,
        FactKind.ROUND_RESUMED: _round_resumed, FactKind.ACT_REFUSED: _act_refused,
        FactKind.ROUND_COMPLETED: _round_finished, FactKind.ROUND_VOIDED: _round_finished,
    }
    """Which method folds each kind of output; a kind not here changes no record."""


def opt(value: object) -> str | None:
    """A recorded text, or None for a missing or empty one."""
    return None if value is None or value == "" else str(value)


def _scan(inp: FrameInput, seq: int, ts: str) -> Scan:
    frame = str(inp.frame or "unknown")
    return Scan(seq, ts, frame, opt(inp.token) if frame == FrameKind.CARD else None, str(inp.raw or ""),
                opt(inp.reason) if frame == FrameKind.NO_READ else None,
                ScanOutcome.GARBAGE if frame == FrameKind.GARBAGE else ScanOutcome.IGNORED, None,
                frame == FrameKind.NO_READ)


def _kind(inp: TableInput) -> object:
    """The input's kind (an :class:`UnknownInput`'s as recorded: maybe None)."""
    return inp.body.get("kind") if type(inp) is UnknownInput else inp.kind


def _is_act(inp: TableInput) -> bool:
    """Every input but a frame, a link event and a row that names no kind is somebody's act."""
    return type(inp) not in (FrameInput, LinkInput) and _kind(inp) is not None


def _carried(inp: TableInput, key: str) -> Any:
    """What ``inp`` carries under its journal key ``key``: its own field, else a key beyond its kind's own
    (``extra``), else None.
    """
    if type(inp) is UnknownInput:
        return inp.body.get(key)
    if key in _own_keys(type(inp)):
        return getattr(inp, key)
    return next((value for name, value in inp.extra if name == key), None)


@cache
def _own_keys(kind: type) -> frozenset[str]:
    """The journal keys an input class carries as its own fields."""
    return frozenset(f.name for f in fields(kind)) - {"extra", "ts"}


def _act(inp: TableInput, seq: int, ts: str) -> ActRecord:
    args = _carried(inp, "args")
    args = args if isinstance(args, dict) else {}
    user = _carried(inp, "user") or _carried(inp, "dealer") or args.get("dealer")
    # a dealer act's note is its argument (call_supervisor's); another act's its own field
    note = args.get("note") if type(inp) is DealerInput else _carried(inp, "note")
    return ActRecord(seq, ts, str(_kind(inp)), str(_carried(inp, "act") or ""), opt(user),
                     opt(_carried(inp, "reason")), opt(note),
                     {k: v for k, v in args.items() if "pin" not in str(k).lower()},   # never a PIN
                     why=opt(_carried(inp, "why")) if _kind(inp) == InputKind.STOP else None)   # the stop's why


def fold_journal(journal, *, table_id: str | None = None, until: int | None = None,
                 after: int = 0) -> JournalHistory:
    """Fold a journal into its shoes and rounds (read only).

    Parameters
    ----------
    journal:
        A :class:`~dealer_station.journal.Journal` (opened ``readonly=True`` is enough) or any object
        with its ``rows()``.
    table_id:
        The table's id for the round ids (``T1-S0001-R007``); default the id in the journal's outbox
        (:func:`dealer_station.journal.reading.table_id_of`), else ``"T?"``.
    until:
        Read rows up to this sequence number only (the row ``verify`` checked last); default every row.
    after:
        Read rows after this sequence number only (a shoe's rows: the row before its first,
        :meth:`~dealer_station.journal.index.JournalIndex.shoe_rows`); default from the first row.

    Returns
    -------
    JournalHistory
        A row that cannot be read as the table's (a chained row of another shape) is left out and named in
        its ``skipped``.

    Raises
    ------
    JournalError
        When the journal cannot be read.
    """
    table = table_id or table_id_of(journal) or "T?"
    fold = _Fold(table)
    pending: dict[int, dict] = {}
    skipped: list[int] = []
    last = 0
    for row in journal.rows(after, until=until):
        last = row.seq
        body = row.body if isinstance(row.body, dict) else {}
        if row.kind == "input":
            pending[row.seq] = body
            continue
        try:
            if row.kind == "note":
                fold.note(body, row.ts, row.seq)
            elif row.kind == "decision":
                decision = decode_decision(body)
                recorded = pending.pop(decision.input, None)   # its input is decided, whatever else the row is
                if not isinstance(body.get("outputs", ()), (list, tuple)):
                    raise ValueError("a decision's outputs are a list")
                inp = decode_input(recorded or {})
                fold.decision(decision, inp, str(inp.ts or row.ts), row.seq)
        except (TypeError, ValueError, KeyError, AttributeError):
            skipped.append(row.seq)   # a row of another shape (not the table's): named, never a crash
    return fold.history(last, max(pending) if pending else None, skipped)
