"""The journal-failure guard: while the journal cannot be written the controller pauses the table itself,
holds the shoe's events (never dropped) and refuses every other input; it tries the journal again by itself,
and once a write succeeds it journals what it kept and the pause, so the platform hears of the pause whether or
not a supervisor comes. The supervisor's ``resume`` journals the resolution, then acts on the held events in order.

docs/design.md "Durability and recovery" ("Stops are not faults"; every pause, journal failures included,
reaches the platform once the journal can record it); docs/controller.md "Stops and pauses".

The guard's states: the journal **fails** (``_journal_failing``: the last write failed; nothing reaches the journal,
a retry is due every :data:`RETRY_MAX_SECONDS` at most) and the pause is **recorded** (``_fault_journaled``: its
``journal`` ``failed`` input is written, so the platform got ``round_paused``). A recorded pause that the journal
works for again still waits for the supervisor: the shoe's events are held (and noted in the journal, a
``held_input`` note each, so a restart holds them again), acts are refused, a stop is journaled.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from dealer_station.app.refusals import ActRefused
from dealer_station.domain.acts import FrameKind, InputKind, SupervisorAct
from dealer_station.domain.fact_data import ActRefused as ActRefusedFact
from dealer_station.domain.fact_data import InputHeld, RoundPaused
from dealer_station.domain.incidents import Incident, IncidentType
from dealer_station.domain.inputs import FrameInput, JournalFailed, JournalResumed, LinkInput, TableInput
from dealer_station.journal import JournalError
from dealer_station.journal.codec import decode_input, encode_input

if TYPE_CHECKING:
    from dealer_station.app.controller import Controller

__all__ = ["CAUSE_CODES", "HELD_KINDS", "HELD_NOTE", "RETRY_FIRST_SECONDS", "RETRY_MAX_SECONDS", "JournalGuard",
           "describe_input"]

HELD_KINDS = (InputKind.FRAME, InputKind.LINK, InputKind.TIMER, InputKind.PUBLISHER, InputKind.NOISE)
"""Inputs that happened at the table whatever the journal does: held while it fails, never dropped."""

CAUSE_CODES = {"disk full": "disk_full", "I/O error": "io_error", "database is locked": "database_locked",
                "read-only database": "read_only", "cannot open the database file": "cannot_open"}
"""A journal write failure's cause (:func:`dealer_station.journal.store.write_cause`) → the incident's reason code."""

RETRY_FIRST_SECONDS = 0.25
"""Seconds from a journal failure to the first retry; each failed retry doubles the wait, up to
:data:`RETRY_MAX_SECONDS`."""

RETRY_MAX_SECONDS = 1.0
"""The longest wait between two retries of a failing journal (seconds, monotonic)."""

HELD_NOTE = "held_input"
"""The ``kind`` of the note that records one shoe event held by a recorded journal-failure pause: ``{"kind":
"held_input", "input": {...}, "held": N}`` (the whole input, as journaled; N: its place among the held)."""


class JournalGuard:
    """The controller's handling of journal write failures (mixed into ``Controller``)."""

    def _note(self: Controller, body: dict, mark: tuple[str, ...] = ()) -> bool:
        """Journal a note; False (and the journal fault) when it cannot be written."""
        ts = self._now()
        try:
            self.journal.add("note", {**body, "ts": ts}, ts, mark=mark)
        except JournalError as err:
            self._fault(err)
            return False
        return True

    def _fault(self: Controller, err: Exception) -> None:
        """Pause on a journal write failure, naming its cause (``disk full``, ``I/O error``, ``database is
        locked``: :attr:`JournalError.cause`) on the incident (reason, detail), the screen and the log. The
        pause is journaled and published when the journal takes rows again (:meth:`retry_journal`, due
        :data:`RETRY_FIRST_SECONDS` from now; the supervisor's ``resume`` tries too).
        """
        cause = str(getattr(err, "cause", "") or "")
        self._last_write_error = str(err)
        if self._journal_fault is None:
            detail = f"the journal could not be written: {cause}" if cause else "the journal could not be written"
            self._journal_fault = Incident(IncidentType.JOURNAL_FAILURE, CAUSE_CODES.get(cause, "write_failed"),
                                           self._machine.state, None, str(err), self._now(), detail)
            self._fault_journaled = False
            self._say(RoundPaused(**self._journal_fault.as_dict()))
        if not self._journal_failing:
            self._journal_failing = True
            self._retry_delay = RETRY_FIRST_SECONDS
            self._retry_at = self._monotonic() + self._retry_delay
            self._safe_log("error", "journal_failure", cause=cause or None, error=str(err))

    def _hold(self: Controller, inp: TableInput) -> None:
        """Keep a shoe event that came while the journal fails (or its pause waits for the supervisor): the card
        is out of the shoe, so it is never dropped; it is noted in the journal as soon as the journal takes rows
        (:data:`HELD_NOTE`), and journaled and acted on, in order, when the supervisor resumes.
        """
        self._held_inputs.append(inp)
        body = encode_input(inp)
        self._say(InputHeld(input=body, held=len(self._held_inputs),
                            why="journal failure: held until the supervisor resumes"))
        self._safe_log("error", "input_held", input=body, held=len(self._held_inputs))
        if self._fault_journaled and not self._journal_failing:
            self._note_held()

    def _note_held(self: Controller) -> bool:
        """Journal a :data:`HELD_NOTE` for each held event not noted yet, in order; False when the journal fails."""
        while self._held_noted < len(self._held_inputs):
            inp = self._held_inputs[self._held_noted]
            if not self._note({"kind": HELD_NOTE, "input": encode_input(inp), "held": self._held_noted + 1}):
                return False
            self._held_noted += 1
        return True

    def _retry_due(self: Controller) -> bool:
        """True when the journal fails and the back-off to the next retry has run out (monotonic clock)."""
        return self._journal_failing and self._monotonic() >= self._retry_at

    def retry_journal(self: Controller) -> bool:
        """Try the failing journal again now; True when it takes rows again (or never failed).

        Writes, in order, what the failure kept: the decision the journal refused, the ``shoe_settings`` note,
        then the pause (a ``journal`` ``failed`` input and its decision: ``round_paused`` with the incident and
        its cause, ``table_status`` ``paused``), then a :data:`HELD_NOTE` per held shoe event. Each part is
        written once (a retry that fails half way writes only the rest next time). The table stays paused
        until a supervisor resumes. Logged as ``journal_retry`` (every attempt, with ``attempt``, ``ok`` and the
        error) and ``journal_recovered``; a failed attempt doubles the wait to the next one, up to
        :data:`RETRY_MAX_SECONDS`. The station loop calls it through :meth:`tick`, a stop calls it directly.
        Never raises.
        """
        return bool(self._call(self._retry_journal))

    def _retry_journal(self: Controller) -> bool:
        if not self._journal_failing and (self._journal_fault is None or self._fault_journaled):
            return True
        self._retry_attempts += 1
        try:
            ok = self._write_kept()
        except Exception as err:  # noqa: BLE001 - a retry never raises into the loop or a stop
            self._safe_log("error", "journal_retry_failed", error=repr(err))
            ok = False
        if ok:
            self._safe_log("warning", "journal_retry", attempt=self._retry_attempts, ok=True)
            self._safe_log("warning", "journal_recovered", attempts=self._retry_attempts,
                           held=len(self._held_inputs), incident=self._journal_fault.reason
                           if self._journal_fault is not None else None)
            self._journal_failing = False
            self._retry_attempts = 0
            return True
        self._journal_failing = True
        self._retry_delay = min(RETRY_MAX_SECONDS, max(RETRY_FIRST_SECONDS, self._retry_delay * 2))
        self._retry_at = self._monotonic() + self._retry_delay
        self._safe_log("warning", "journal_retry", attempt=self._retry_attempts, ok=False,
                       error=self._last_write_error, next_in=self._retry_delay)
        return False

    def _write_kept(self: Controller) -> bool:
        """Write what the failure kept, in order (see :meth:`retry_journal`); False when the journal still fails."""
        if self._pending is not None:
            seq, outputs, ts = self._pending
            if not self._write_decision(seq, outputs, ts):
                return False
            self._pending = None
        if self._pending_note is not None:
            ts = self._now()
            try:
                self.journal.append("note", {**self._pending_note, "ts": ts}, ts, mark=("shoe_settings",))
            except JournalError as err:
                self._fault(err)
                return False
            self._pending_note = None
        incident = self._journal_fault
        if not self._fault_journaled and incident is not None:
            if not self._journal_input(JournalFailed(incident.as_dict())):
                return False
        if self._pending is not None:  # the pause's decision was kept
            return False
        self._journal_failing = False  # the journal takes rows: the held events are noted from here on
        if not self._note_held():
            return False
        return True

    def _clear_journal_fault(self: Controller, who: dict) -> None:
        if who["act"] != SupervisorAct.RESUME:
            self._say(ActRefusedFact(by="supervisor", act=who["act"], why="journal failure: only resume"))
            raise ActRefused(who["act"], "the journal failed: resume once it can be written again")
        if self._journal_failing or not self._fault_journaled:
            # The kept decision, the note and the pause, journaled and published in order now that the journal
            # takes rows (they could not be while it failed), before the resolution and the held shoe events.
            if not self._retry_journal():
                raise ActRefused("resume", f"the journal still cannot be written: {self._last_write_error}")
        incident = self._journal_fault
        if not self._journal_input(JournalResumed(SupervisorAct.RESUME.value, who["user"], who["reason"],
                                                  who["note"])):
            if self._journal_fault is not None and self._journal_fault is incident:
                raise ActRefused("resume", "the journal still cannot be written")
            return  # the resume is journaled; its decision failed: paused again, on a new failure
        held, self._held_inputs, self._held_noted = self._held_inputs, [], 0
        if held:
            self._note({"kind": "held_inputs", "count": len(held), "held_at": [inp.ts for inp in held]})
        for i, inp in enumerate(held):
            if self._journal_fault is not None:
                self._held_inputs.extend(held[i:])  # it failed again: the rest stays held, in order
                break
            self._input(replace(inp, ts=None))  # journaled now, at the time it is acted on

    def _journal_input(self: Controller, inp: JournalFailed | JournalResumed) -> bool:
        """Journal and decide a ``journal`` input (the journal failure ``failed`` or its ``resumed``) while
        the journal fault is being cleared; True when both rows are written.

        ``failed`` is not told again (listeners heard ``round_paused`` when the journal failed) and makes the
        table status ``paused``; ``resumed`` clears the fault before its facts are told.
        """
        ts = self._now()
        inp = replace(inp, ts=ts)
        try:
            seq = self.journal.add("input", encode_input(inp), ts, json_only=True, owned=True)
        except JournalError as err:
            self._fault(err)
            return False
        failed = type(inp) is JournalFailed
        if failed:
            self._fault_journaled = True  # its decision, if it cannot be written now, is kept (_pending)
        else:
            self._journal_fault = None
            self._journal_failing = False
        before = self._status
        outputs = self._machine.step(inp)
        self._decide(seq, outputs, ts, status_from=before, status_to="paused" if failed else None, tell=not failed)
        return self._pending is None

    def _restore_journal_fault(self: Controller, after: int) -> None:
        """After a restart: a journal-failure pause the journal recorded (its ``journal`` ``failed`` input) that
        no ``resumed`` input followed is the table's again, with the shoe events noted as held after it
        (:data:`HELD_NOTE`), so the supervisor's ``resume`` acts on them as it would have before the restart.
        ``after``: read the rows after this sequence number (the open shoe's start: the pause cannot be older).
        Raises JournalError when the journal cannot be read.
        """
        failed = None
        held: list[TableInput] = []
        for row in self.journal.rows(after, kinds=("input", "note")):
            body = row.body
            if row.kind == "input":
                if body.get("kind") == InputKind.JOURNAL:
                    failed = body if body.get("event") == JournalFailed.event else None
                    held = []
            elif failed is not None and body.get("kind") == HELD_NOTE and isinstance(body.get("input"), dict):
                held.append(decode_input(body["input"]))
        if failed is None:
            return
        recorded = dict(failed.get("incident") or {})
        fields = {key: recorded.get(key) for key in ("reason", "state_before", "position", "evidence", "ts",
                                                       "detail")}
        self._journal_fault = Incident(IncidentType.JOURNAL_FAILURE, str(fields["reason"] or "write_failed"),
                                       str(fields["state_before"] or self._machine.state),
                                       None if fields["position"] is None else str(fields["position"]),
                                       str(fields["evidence"] or ""), str(fields["ts"] or ""),
                                       str(fields["detail"] or ""))
        self._fault_journaled = True
        self._held_inputs, self._held_noted = held, len(held)
        self._status = "closed" if self._machine.closed else "paused"
        self._safe_log("warning", "journal_failure_pause_restored", reason=self._journal_fault.reason,
                       held=len(held))

    def recorded_journal_event(self: Controller, body: dict) -> None:
        """Journal and decide a recorded ``journal`` input (``{"kind": "journal", "event": "failed" |
        "resumed", ...}``) as the station did when its journal came back; for ``journal replay``, which
        re-runs a journal on a fresh controller whose journal never fails. Raises ValueError for another input.
        """
        inp = decode_input(body)
        if type(inp) is not JournalFailed and type(inp) is not JournalResumed:
            raise ValueError(f"not a journal failure input: {body.get('kind')!r} {body.get('event')!r}")
        self._call(self._journal_input, inp)


def describe_input(inp: TableInput) -> str:
    """A held input in a few words: ``"card AH"``, ``"no_read"``, ``"cut card"``, ``"link lost"``."""
    if type(inp) is FrameInput:
        if inp.frame == FrameKind.CARD:
            return f"card {inp.token}"
        return "cut card" if inp.frame == FrameKind.CUT else str(inp.frame)
    if type(inp) is LinkInput:
        return f"link {inp.event}"
    return f"{inp.kind} {getattr(inp, 'act', None) or ''}".strip()
