"""The journal-failure guard: while the journal cannot be written the controller pauses the table itself,
holds the shoe's events (never dropped) and refuses every other input; it tries the journal again by itself,
and once a write succeeds it journals what it kept and the pause, so the platform hears of the pause whether or
not a supervisor comes. The supervisor's ``resume`` journals the resolution, then acts on the held events in order.

docs/design.md "Durability and recovery" ("Stops are not faults"; every pause, journal failures included,
reaches the platform once the journal can record it); docs/controller.md "Stops and pauses".

The guard's states: the journal **fails** (:attr:`JournalGuard.failing`: the last write failed; nothing reaches the
journal, a retry is due every :data:`RETRY_MAX_SECONDS` at most) and the pause is **recorded**
(:attr:`JournalGuard.recorded`: its
``journal`` ``failed`` input is written, so the platform got ``round_paused``). A recorded pause that the journal
works for again still waits for the supervisor: the shoe's events are held (and noted in the journal, a
``held_input`` note each, so a restart holds them again), acts are refused, a stop is journaled.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from dealer_station.app.refusals import ActRefused
from dealer_station.app.table_ports import TablePorts
from dealer_station.domain.act_rules import Refusal
from dealer_station.domain.acts import FrameKind, InputKind, SupervisorAct
from dealer_station.domain.fact_data import ActRefused as ActRefusedFact
from dealer_station.domain.fact_data import InputHeld, RoundPaused
from dealer_station.domain.incidents import Incident, IncidentType
from dealer_station.domain.inputs import FrameInput, JournalFailed, JournalResumed, LinkInput, TableInput
from dealer_station.domain.states import TableState
from dealer_station.journal import Journal, JournalError
from dealer_station.journal.codec import decode_input, encode_input

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
    """The controller's handling of journal write failures: the fault, what it kept and held, and the retries.

    Parameters
    ----------
    journal:
        The table's journal.
    ports:
        The controller's clock, facts, log and inputs (:class:`~dealer_station.app.table_ports.TablePorts`).
    state:
        The state machine's state now (the incident's ``state_before``).
    write_decision:
        ``write_decision(seq, outputs, ts) -> bool``: journal a decision (False: the journal refused it).
    decide:
        ``decide(seq, inp, ts, status_to=, tell=)``: act on a ``journal`` input whose row is ``seq`` and journal
        the decision (``status_to``: the table status it makes; ``tell``: whether listeners hear of it).

    Attributes
    ----------
    fault:
        The journal-failure incident the table is paused on, or None.
    recorded:
        True once that pause is in the journal (its ``journal`` ``failed`` input).
    failing:
        True while the journal cannot be written (its last write failed; no retry has succeeded since).
    last_error:
        The last journal write failure, in words (``""``: none yet).
    held:
        The shoe events held by the fault, in order (never dropped); the first ``held_noted`` of them are noted.
    pending, pending_note:
        A decision ``(seq, outputs, ts)`` and a ``shoe_settings`` note the journal failed to take, written first
        at the next retry.
    """

    def __init__(self, journal: Journal, ports: TablePorts, *, state: Callable[[], TableState],
                 write_decision: Callable[[int, list, str], bool], decide: Callable[..., None]) -> None:
        self.journal = journal
        self._ports = ports
        self._state = state
        self._write_decision = write_decision
        self._decide = decide
        self.fault: Incident | None = None
        self.recorded = False
        self.failing = False
        self.last_error = ""
        self.held: list[TableInput] = []
        self.held_noted = 0
        self.pending: tuple[int, list, str] | None = None
        self.pending_note: dict | None = None
        self._retry_at = 0.0      # when the failing journal is tried again (monotonic seconds)
        self._retry_delay = 0.0   # the wait before that retry (doubles, bounded)
        self._attempts = 0        # retries since the journal failed

    def note(self, body: dict, mark: tuple[str, ...] = ()) -> bool:
        """Journal a note; False (and the journal fault) when it cannot be written."""
        ts = self._ports.now()
        try:
            self.journal.add("note", {**body, "ts": ts}, ts, mark=mark)
        except JournalError as err:
            self.failed(err)
            return False
        return True

    def failed(self, err: Exception) -> None:
        """Pause on a journal write failure, naming its cause (``disk full``, ``I/O error``, ``database is
        locked``: :attr:`JournalError.cause`) on the incident (reason, detail), the screen and the log. The
        pause is journaled and published when the journal takes rows again (:meth:`retry`, due
        :data:`RETRY_FIRST_SECONDS` from now; the supervisor's ``resume`` tries too).
        """
        ports = self._ports
        cause = str(getattr(err, "cause", "") or "")
        self.last_error = str(err)
        if self.fault is None:
            detail = f"the journal could not be written: {cause}" if cause else "the journal could not be written"
            self.fault = Incident(IncidentType.JOURNAL_FAILURE, CAUSE_CODES.get(cause, "write_failed"),
                                  self._state(), None, str(err), ports.now(), detail)
            self.recorded = False
            ports.say(RoundPaused(**self.fault.as_dict()))
        if not self.failing:
            self.failing = True
            self._retry_delay = RETRY_FIRST_SECONDS
            self._retry_at = ports.monotonic() + self._retry_delay
            ports.log("error", "journal_failure", cause=cause or None, error=str(err))

    def hold(self, inp: TableInput) -> None:
        """Keep a shoe event that came while the journal fails (or its pause waits for the supervisor): the card
        is out of the shoe, so it is never dropped; it is noted in the journal as soon as the journal takes rows
        (:data:`HELD_NOTE`), and journaled and acted on, in order, when the supervisor resumes.
        """
        self.held.append(inp)
        body = encode_input(inp)
        self._ports.say(InputHeld(input=body, held=len(self.held),
                                  why="journal failure: held until the supervisor resumes"))
        self._ports.log("error", "input_held", input=body, held=len(self.held))
        if self.recorded and not self.failing:
            self._note_held()

    def _note_held(self) -> bool:
        """Journal a :data:`HELD_NOTE` for each held event not noted yet, in order; False when the journal fails."""
        while self.held_noted < len(self.held):
            inp = self.held[self.held_noted]
            if not self.note({"kind": HELD_NOTE, "input": encode_input(inp), "held": self.held_noted + 1}):
                return False
            self.held_noted += 1
        return True

    def retry_due(self) -> bool:
        """True when the journal fails and the back-off to the next retry has run out (monotonic clock)."""
        return self.failing and self._ports.monotonic() >= self._retry_at

    def retry(self) -> bool:
        """Try the failing journal again now; True when it takes rows again (or never failed).

        Writes, in order, what the failure kept: the decision the journal refused, the ``shoe_settings`` note,
        then the pause (a ``journal`` ``failed`` input and its decision: ``round_paused`` with the incident and
        its cause, ``table_status`` ``paused``), then a :data:`HELD_NOTE` per held shoe event. Each part is
        written once (a retry that fails half way writes only the rest next time). The table stays paused
        until a supervisor resumes. Logged as ``journal_retry`` (every attempt, with ``attempt``, ``ok`` and the
        error) and ``journal_recovered``; a failed attempt doubles the wait to the next one, up to
        :data:`RETRY_MAX_SECONDS`. Never raises.
        """
        if not self.failing and (self.fault is None or self.recorded):
            return True
        log = self._ports.log
        self._attempts += 1
        try:
            ok = self._write_kept()
        except Exception as err:  # noqa: BLE001 - a retry never raises into the loop or a stop
            log("error", "journal_retry_failed", error=repr(err))
            ok = False
        if ok:
            log("warning", "journal_retry", attempt=self._attempts, ok=True)
            log("warning", "journal_recovered", attempts=self._attempts, held=len(self.held),
                incident=self.fault.reason if self.fault is not None else None)
            self.failing = False
            self._attempts = 0
            return True
        self.failing = True
        self._retry_delay = min(RETRY_MAX_SECONDS, max(RETRY_FIRST_SECONDS, self._retry_delay * 2))
        self._retry_at = self._ports.monotonic() + self._retry_delay
        log("warning", "journal_retry", attempt=self._attempts, ok=False, error=self.last_error,
            next_in=self._retry_delay)
        return False

    def _write_kept(self) -> bool:
        """Write what the failure kept, in order (see :meth:`retry`); False when the journal still fails."""
        if self.pending is not None:
            seq, outputs, ts = self.pending
            if not self._write_decision(seq, outputs, ts):
                return False
            self.pending = None
        if self.pending_note is not None:
            ts = self._ports.now()
            try:
                self.journal.append("note", {**self.pending_note, "ts": ts}, ts, mark=("shoe_settings",))
            except JournalError as err:
                self.failed(err)
                return False
            self.pending_note = None
        incident = self.fault
        if not self.recorded and incident is not None:
            if not self.journal_input(JournalFailed(incident.as_dict())):
                return False
        if self.pending is not None:  # the pause's decision was kept
            return False
        self.failing = False  # the journal takes rows: the held events are noted from here on
        if not self._note_held():
            return False
        return True

    def clear(self, who: dict) -> None:
        """The supervisor's act ``who`` (``{"act", "user", "reason", "note"}``) on a journal-failure pause: only
        ``resume``, which writes what the failure kept, journals the resolution, then journals and acts on the
        held shoe events in order. Raises ActRefused (another act; the journal still fails).
        """
        ports = self._ports
        if who["act"] != SupervisorAct.RESUME:
            ports.say(ActRefusedFact(by="supervisor", act=who["act"], why="journal failure: only resume"))
            raise ActRefused(who["act"], "the journal failed: resume once it can be written again",
                             Refusal.JOURNAL_FAILED)
        if self.failing or not self.recorded:
            # The kept decision, the note and the pause, journaled and published in order now that the journal
            # takes rows (they could not be while it failed), before the resolution and the held shoe events.
            if not self.retry():
                raise ActRefused("resume", f"the journal still cannot be written: {self.last_error}",
                                 Refusal.JOURNAL_FAILED)
        incident = self.fault
        if not self.journal_input(JournalResumed(SupervisorAct.RESUME.value, who["user"], who["reason"],
                                                 who["note"])):
            if self.fault is not None and self.fault is incident:
                raise ActRefused("resume", "the journal still cannot be written", Refusal.JOURNAL_FAILED)
            return  # the resume is journaled; its decision failed: paused again, on a new failure
        held, self.held, self.held_noted = self.held, [], 0
        if held:
            self.note({"kind": "held_inputs", "count": len(held), "held_at": [inp.ts for inp in held]})
        for i, inp in enumerate(held):
            if self.fault is not None:
                self.held.extend(held[i:])  # it failed again: the rest stays held, in order
                break
            ports.take_input(replace(inp, ts=None))  # journaled now, at the time it is acted on

    def journal_input(self, inp: JournalFailed | JournalResumed) -> bool:
        """Journal and decide a ``journal`` input (the journal failure ``failed`` or its ``resumed``) while
        the journal fault is being cleared; True when both rows are written.

        ``failed`` is not told again (listeners heard ``round_paused`` when the journal failed) and makes the
        table status ``paused``; ``resumed`` clears the fault before its facts are told.
        """
        ts = self._ports.now()
        inp = replace(inp, ts=ts)
        try:
            seq = self.journal.add("input", encode_input(inp), ts, json_only=True, owned=True)
        except JournalError as err:
            self.failed(err)
            return False
        failed = type(inp) is JournalFailed
        if failed:
            self.recorded = True  # its decision, if it cannot be written now, is kept (pending)
        else:
            self.fault = None
            self.failing = False
        self._decide(seq, inp, ts, status_to="paused" if failed else None, tell=not failed)
        return self.pending is None

    def restore(self, after: int) -> bool:
        """After a restart: a journal-failure pause the journal recorded (its ``journal`` ``failed`` input) that
        no ``resumed`` input followed is the table's again, with the shoe events noted as held after it
        (:data:`HELD_NOTE`), so the supervisor's ``resume`` acts on them as it would have before the restart.
        ``after``: read the rows after this sequence number (the open shoe's start: the pause cannot be older).
        Returns True when a pause was restored. Raises JournalError when the journal cannot be read.
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
            return False
        recorded = dict(failed.get("incident") or {})
        fields = {key: recorded.get(key) for key in ("reason", "state_before", "position", "evidence", "ts",
                                                       "detail")}
        self.fault = Incident(IncidentType.JOURNAL_FAILURE, str(fields["reason"] or "write_failed"),
                              str(fields["state_before"] or self._state()),
                              None if fields["position"] is None else str(fields["position"]),
                              str(fields["evidence"] or ""), str(fields["ts"] or ""), str(fields["detail"] or ""))
        self.recorded = True
        self.held, self.held_noted = held, len(held)
        self._ports.log("warning", "journal_failure_pause_restored", reason=self.fault.reason, held=len(held))
        return True

    def recorded_event(self, body: dict) -> JournalFailed | JournalResumed:
        """The recorded ``journal`` input ``body`` (``{"kind": "journal", "event": "failed" | "resumed", ...}``),
        to decide with :meth:`journal_input`. Raises ValueError for another input.
        """
        inp = decode_input(body)
        if type(inp) is not JournalFailed and type(inp) is not JournalResumed:
            raise ValueError(f"not a journal failure input: {body.get('kind')!r} {body.get('event')!r}")
        return inp


def describe_input(inp: TableInput) -> str:
    """A held input in a few words: ``"card AH"``, ``"no_read"``, ``"cut card"``, ``"link lost"``."""
    if type(inp) is FrameInput:
        if inp.frame == FrameKind.CARD:
            return f"card {inp.token}"
        return "cut card" if inp.frame == FrameKind.CUT else str(inp.frame)
    if type(inp) is LinkInput:
        return f"link {inp.event}"
    return f"{inp.kind} {getattr(inp, 'act', None) or ''}".strip()
