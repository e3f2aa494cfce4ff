"""The journal-failure guard: while the journal cannot be written the controller pauses the table itself,
holds the shoe's events (never dropped), refuses every other input, and at the supervisor's ``resume``
writes what is pending, journals the pause and its resolution, then acts on the held events in order.

DESIGN.md "Durability and recovery" ("Stops are not faults"; every pause, journal failures included,
reaches the platform once the journal can record it); docs/controller.md "Journal".
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

__all__ = ["CAUSE_CODES", "HELD_KINDS", "JournalGuard", "describe_input"]

HELD_KINDS = (InputKind.FRAME, InputKind.LINK, InputKind.TIMER, InputKind.PUBLISHER)
"""Inputs that happened at the table whatever the journal does: held while it fails, never dropped."""

CAUSE_CODES = {"disk full": "disk_full", "I/O error": "io_error", "database is locked": "database_locked",
                "read-only database": "read_only", "cannot open the database file": "cannot_open"}
"""A journal write failure's cause (:func:`dealer_station.journal.store.write_cause`) → the incident's reason code."""


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
        pause is journaled and published when the journal takes rows again (:meth:`_clear_journal_fault`).
        """
        cause = str(getattr(err, "cause", "") or "")
        if self._journal_fault is None:
            detail = f"the journal could not be written: {cause}" if cause else "the journal could not be written"
            self._journal_fault = Incident(IncidentType.JOURNAL_FAILURE, CAUSE_CODES.get(cause, "write_failed"),
                                           self._machine.state, None, str(err), self._now(), detail)
            self._fault_journaled = False
            self._say(RoundPaused(**self._journal_fault.as_dict()))
        self._safe_log("error", "journal_failure", cause=cause or None, error=str(err))

    def _hold(self: Controller, inp: TableInput) -> None:
        """Keep a shoe event that came while the journal fails: the card is out of the shoe, so it is
        never dropped; it is journaled and acted on, in order, when the supervisor resumes.
        """
        self._held_inputs.append(inp)
        body = encode_input(inp)
        self._say(InputHeld(input=body, held=len(self._held_inputs),
                            why="journal failure: held until the journal can be written"))
        self._safe_log("error", "input_held", input=body, held=len(self._held_inputs))

    def _clear_journal_fault(self: Controller, who: dict) -> None:
        if who["act"] != SupervisorAct.RESUME:
            self._say(ActRefusedFact(by="supervisor", act=who["act"], why="journal failure: only resume"))
            raise ActRefused(who["act"], "the journal failed: resume once it can be written again")
        if self._pending is not None:
            seq, outputs, ts = self._pending
            if not self._write_decision(seq, outputs, ts):
                raise ActRefused("resume", "the journal still cannot be written")
            self._pending = None
        ts = self._now()
        try:
            if self._pending_note is not None:
                self.journal.append("note", {**self._pending_note, "ts": ts}, ts, mark=("shoe_settings",))
                self._pending_note = None
        except JournalError as err:
            raise ActRefused("resume", f"the journal still cannot be written: {err}") from err
        # The pause and its resolution, journaled and published in order now that the journal takes rows
        # (they could not be while it failed), before the held shoe events are acted on.
        incident = self._journal_fault
        if not self._fault_journaled and incident is not None:
            if not self._journal_input(JournalFailed(incident.as_dict())):
                raise ActRefused("resume", "the journal still cannot be written")
        if not self._journal_input(JournalResumed(SupervisorAct.RESUME.value, who["user"], who["reason"],
                                                  who["note"])):
            if self._journal_fault is not None and self._journal_fault is incident:
                raise ActRefused("resume", "the journal still cannot be written")
            return  # the resume is journaled; its decision failed: paused again, on a new failure
        held, self._held_inputs = self._held_inputs, []
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
        before = self._status
        outputs = self._machine.step(inp)
        self._decide(seq, outputs, ts, status_from=before, status_to="paused" if failed else None, tell=not failed)
        return self._pending is None

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
