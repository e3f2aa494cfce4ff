"""The fold: a journal read once, read-only, into its round records (:mod:`dealer_station.app.records`).

The journal holds one ``input`` row per card, No-Read, act and link event, and after it one ``decision``
row with the table's outputs (docs/controller.md "Journal"). :func:`fold_journal` reads every row once,
in order, and gives each round its scans, No-Reads and rescans, cards entered by hand, incidents, the
supervisor's and the dealer's acts and its result; what happened outside a round goes to its shoe.

It only reads (:meth:`Journal.rows`): it works on a finished journal, or on the journal of a running
station opened read-only (an input whose decision is not yet written is left out until it is).
Rule source: RULES.md §2 (the result), §5 (misreads, incidents, supervisor acts).
"""

from __future__ import annotations

from dealer_station.app.controller import RoundRecord, round_id
from dealer_station.app.records import (
    ActRecord,
    CardEntry,
    IncidentRecord,
    JournalHistory,
    RoundHistory,
    Scan,
    ShoeHistory,
)
from dealer_station.journal.reading import table_id_of

__all__ = ["fold_journal"]


class _Fold:
    def __init__(self, table_id: str) -> None:
        self.table = table_id
        self.shoes: dict[int, ShoeHistory] = {}
        self.rounds: dict[tuple[int, int], RoundHistory] = {}
        self.order: list[RoundHistory] = []
        self.current: RoundHistory | None = None
        self.shoe_number = 0
        self.open_incident: IncidentRecord | None = None

    def shoe(self, number: int) -> ShoeHistory:
        if number not in self.shoes:
            self.shoes[number] = ShoeHistory(self.table, number)
        return self.shoes[number]

    def holder(self) -> RoundHistory | ShoeHistory:
        return self.current if self.current is not None else self.shoe(self.shoe_number)

    def round_of(self, shoe: int, rnd: int) -> RoundHistory:
        key = (shoe, rnd)
        if key not in self.rounds:
            self.rounds[key] = RoundHistory(self.table, shoe, rnd, round_id(self.table, shoe, rnd))
            self.order.append(self.rounds[key])
        return self.rounds[key]

    # --------------------------------------------------------------- rows

    def note(self, body: dict, ts: str, seq: int) -> None:
        kind = body.get("kind")
        ts = str(body.get("ts") or ts)
        if kind in ("auth_refused", "act_refused"):
            why = str(body.get("why") or body.get("code") or "")
            self.holder().acts.append(ActRecord(seq, ts, "supervisor", str(body.get("act")), _opt(body.get("user")),
                                                _opt(body.get("reason")), _opt(body.get("note")), {}, "refused", why))
        elif kind == "journal_resumed":
            self.holder().acts.append(ActRecord(seq, ts, "supervisor", "resume", _opt(body.get("user")),
                                                _opt(body.get("reason")), _opt(body.get("note")), {}, "done",
                                                "after a journal failure"))

    def decision(self, body: dict, inp: dict, ts: str, seq: int) -> None:
        before = self.current
        opened: RoundHistory | None = None
        kind = inp.get("kind")
        scan = _scan(inp, seq, ts) if kind == "frame" else None
        act = _act(inp, seq, ts) if kind in ("dealer", "timer", "supervisor") or (
            kind is not None and kind not in ("frame", "link")) else None
        for item in body.get("outputs", ()):
            if not isinstance(item, (list, tuple)) or len(item) != 2 or not isinstance(item[1], dict):
                continue
            out, data = str(item[0]), item[1]
            opened = self.output(out, data, ts, seq, scan, act) or opened
        target = before or opened
        holder = target if target is not None else self.shoe(self.shoe_number)
        if scan is not None:
            holder.scans.append(scan)
        if act is not None:
            holder.acts.append(act)
        if body.get("shoe") is not None:
            try:
                self.shoe_number = int(body["shoe"])
            except (TypeError, ValueError):
                pass

    def output(self, out: str, data: dict, ts: str, seq: int, scan: Scan | None,
               act: ActRecord | None) -> RoundHistory | None:
        """Fold one output; return the round it opened, if it opened one."""
        if out == "shoe_started":
            self.shoe_number = int(data.get("shoe") or 0)
            self.current = None
            self.shoe(self.shoe_number).started_at = ts
        elif out == "shoe_ended":
            shoe = self.shoe(int(data.get("shoe") or self.shoe_number))
            shoe.ended_at, shoe.end_reason = ts, _opt(data.get("reason"))
            shoe.burn_indicator = _opt(data.get("burn_indicator")) or shoe.burn_indicator
            shoe.burned = list(data.get("burned") or shoe.burned)
            shoe.cut_card_round = data.get("cut_card_round")
            self.current = None
        elif out == "betting_opened":
            rnd = self.round_of(self.shoe_number, int(data.get("round") or 0))
            rnd.opened_at = ts
            rnd.offered_bets = list(data.get("offered_bets") or ())
            self.current = rnd
            return rnd
        elif out == "betting_closed":
            if self.current is not None:
                self.current.closed_at, self.current.closed_by = ts, _opt(data.get("by"))
        elif out == "card_accepted":
            rnd = self.current
            if rnd is None:
                rnd = self.current = self.round_of(self.shoe_number, int(data.get("round") or 0))
            manual = bool(data.get("manual"))
            rnd.cards.append(CardEntry(str(data.get("position")), str(data.get("card")), manual, seq, ts,
                                       act.user if manual and act is not None else None))
            if rnd.first_card_at is None:
                rnd.first_card_at = ts
            if scan is not None:
                scan.outcome, scan.position = "dealt", str(data.get("position"))
        elif out in ("burn_indicator", "card_burned"):
            shoe = self.shoe(self.shoe_number)
            if out == "burn_indicator":
                shoe.burn_indicator = _opt(data.get("card"))
            else:
                shoe.burned.append(str(data.get("card")))
            if scan is not None:
                scan.outcome = "burn_indicator" if out == "burn_indicator" else "burned"
                scan.position = "burn_indicator" if out == "burn_indicator" else "burn"
        elif out == "rescan_requested":
            if scan is not None:
                scan.outcome, scan.position, scan.misread = "rescan", _opt(data.get("position")), True
        elif out == "round_paused":
            incident = IncidentRecord(seq, str(data.get("ts") or ts), str(data.get("type")),
                                      str(data.get("reason") or ""), _opt(data.get("position")),
                                      str(data.get("evidence") or ""), str(data.get("detail") or ""),
                                      str(data.get("state_before") or ""))
            self.holder().incidents.append(incident)
            self.open_incident = incident
            if scan is not None:
                if incident.type == "misread_limit":
                    scan.outcome, scan.position, scan.misread = "misread_limit", incident.position, True
                else:
                    scan.outcome, scan.position = "incident", incident.position
        elif out == "incident_while_paused":
            self.holder().incidents.append(IncidentRecord(
                seq, ts, str(data.get("type")), str(data.get("reason") or ""), None, str(data.get("evidence") or ""),
                "", "paused", while_paused=True))
            if scan is not None and scan.outcome == "ignored":
                scan.outcome = "incident"
        elif out == "procedure_violation":
            self.shoe(self.shoe_number).incidents.append(IncidentRecord(
                seq, ts, str(data.get("type")), str(data.get("reason") or ""), None, str(data.get("evidence") or ""),
                str(data.get("detail") or ""), str(data.get("state") or "")))
            if scan is not None:
                scan.outcome = "incident"
        elif out == "no_read_while_paused":
            if scan is not None:
                scan.outcome, scan.misread = "misread_while_paused", True
        elif out == "card_while_paused":
            if scan is not None:
                scan.outcome = "held"
        elif out == "cut_card":
            self.shoe(self.shoe_number).cut_card_round = data.get("round")
            if scan is not None and scan.outcome == "ignored":
                scan.outcome = "cut_card"
        elif out == "garbage":
            if scan is not None:
                scan.outcome = "garbage"
        elif out == "round_resumed":
            incident = self.open_incident
            if incident is not None:
                incident.resolved_act, incident.resolved_by = _opt(data.get("act")), _opt(data.get("user"))
                incident.resolved_at = ts
                incident.resolved_reason, incident.resolved_note = _opt(data.get("reason")), _opt(data.get("note"))
            self.open_incident = None
        elif out == "act_refused":
            if act is not None:
                act.outcome, act.why = "refused", _opt(data.get("why"))
        elif out in ("round_completed", "round_voided"):
            try:
                record = RoundRecord.from_output(data, self.table)
            except (KeyError, TypeError, ValueError):
                return None
            rnd = self.round_of(record.shoe, record.round)
            rnd.result = record
            rnd.status = record.status
            rnd.dealer = _opt(data.get("dealer")) or rnd.dealer
            rnd.ended_at = ts
            if record.status == "completed":
                rnd.confirmed_at = ts
            if self.current is rnd:
                self.current = None
        return None


def _opt(value: object) -> str | None:
    return None if value is None or value == "" else str(value)


def _scan(inp: dict, seq: int, ts: str) -> Scan:
    frame = str(inp.get("frame") or "unknown")
    token = _opt(inp.get("token")) if frame == "card" else None
    return Scan(seq, ts, frame, token, str(inp.get("raw") or ""),
                _opt(inp.get("reason")) if frame == "no_read" else None,
                "garbage" if frame == "garbage" else "ignored", None, frame == "no_read")


def _act(inp: dict, seq: int, ts: str) -> ActRecord:
    kind = str(inp.get("kind"))
    args = inp.get("args") if isinstance(inp.get("args"), dict) else {}
    user = inp.get("user") or inp.get("dealer") or (args or {}).get("dealer")
    return ActRecord(seq, ts, kind, str(inp.get("act") or ""), _opt(user), _opt(inp.get("reason")),
                     _opt(inp.get("note")) if kind != "dealer" else _opt((args or {}).get("note")),
                     {k: v for k, v in (args or {}).items() if "pin" not in str(k).lower()})   # never a PIN


def fold_journal(journal, *, table_id: str | None = None, until: int | None = None) -> JournalHistory:
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

    Returns
    -------
    JournalHistory

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
    for row in journal.rows(until=until):
        last = row.seq
        body = row.body if isinstance(row.body, dict) else {}
        if row.kind == "input":
            pending[row.seq] = body
            continue
        try:
            if row.kind == "note":
                fold.note(body, row.ts, row.seq)
            elif row.kind == "decision":
                inp = pending.pop(body.get("input"), None) or {}
                fold.decision(body, inp if isinstance(inp, dict) else {}, str(inp.get("ts") or row.ts), row.seq)
        except (TypeError, ValueError, KeyError, AttributeError):
            skipped.append(row.seq)   # a row of another shape (not the table's): named, never a crash
    shoes = [fold.shoes[n] for n in sorted(fold.shoes)
             if n or fold.shoes[n].scans or fold.shoes[n].incidents or fold.shoes[n].acts]
    return JournalHistory(table, last, shoes, list(fold.order), max(pending) if pending else None, skipped)
