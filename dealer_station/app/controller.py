"""The table controller: one table, owned by one thread; every input journaled before it is acted on.

docs/design.md "Data flow" and "Durability and recovery". The controller wires the pure state machine
(:mod:`dealer_station.domain.table`) to the journal (:mod:`dealer_station.journal`), the outbox
of platform events (:mod:`dealer_station.outbox`), the accounts (supervisor authority) and the
listeners (console, publisher, logs) that receive :class:`Fact` values.

For each input: (1) the input row is appended and committed; (2) the state machine acts;
(3) one decision row with the machine's outputs, and the platform events they make, is appended
in one transaction; (4) listeners are told, synchronously, on the owner thread. On start the
open shoe's inputs are replayed (a fold); only an input whose decision row is missing is decided
again, so no event is appended twice and no published result changes.

The controller's parts, each in its own module (the names are re-exported here): the view types
(:mod:`~dealer_station.app.views`), the platform events of a decision (:mod:`~dealer_station.app.platform_events`,
a function of its outputs), and the objects it composes, each owning its state: the journal-failure guard
(:class:`~dealer_station.app.journal_guard.JournalGuard`, :attr:`Controller.journal_guard`), who is at the table
(:class:`~dealer_station.app.staff.Staff`, :attr:`Controller.staff`) and the shoe's edge alerts
(:class:`~dealer_station.app.edge_alerts.EdgeAlerts`, :attr:`Controller.edges`), handed the controller's
callables (:class:`~dealer_station.app.table_ports.TablePorts`), never the controller, and so are the supervisor's
acts (:class:`~dealer_station.app.supervisor_inputs.SupervisorInputs`, :attr:`Controller.supervisor_inputs`), the
line noise (:class:`~dealer_station.app.noise_inputs.NoiseInputs`, :attr:`Controller.noise`), logging and
housekeeping (:class:`~dealer_station.app.controller_log.ControllerLog`, :attr:`Controller.log`); an input
(:mod:`dealer_station.domain.inputs`) becomes the journal's JSON in :mod:`dealer_station.journal.codec`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from datetime import datetime
from functools import partial
from typing import Any

from dealer_station.app.accounts import Accounts, AuthError
from dealer_station.app.clock import RowClock, iso_utc, utcnow
from dealer_station.app.config import StationConfig
from dealer_station.app.controller_log import ControllerLog
from dealer_station.app.edge import EdgeMonitor, edge_watch_for
from dealer_station.app.edge_alerts import EdgeAlerts
from dealer_station.app.journal_guard import HELD_KINDS, JournalGuard, describe_input
from dealer_station.app.line_noise import NoiseWatch
from dealer_station.app.logging import log_enabled, safe_repr
from dealer_station.app.noise_inputs import NoiseInputs
from dealer_station.app.owner_thread import FactListeners, InputQueue
from dealer_station.app.platform_events import platform_events, round_times, table_status
from dealer_station.app.refusals import ActRefused
from dealer_station.app.rule_settings import rule_settings
from dealer_station.app.shoe_inputs import shoe_event
from dealer_station.app.staff import Staff
from dealer_station.app.supervisor_inputs import SupervisorInputs
from dealer_station.app.table_ports import TablePorts
from dealer_station.app.table_stop import ACTS_DROPPED_NOTE, TableStop
from dealer_station.app.views import (
    Fact,
    RoundRecord,
    TableView,
    recalled_rounds,
    recorded_outputs,
    round_id,
    shoe_id,
    table_view,
)
from dealer_station.domain.act_rules import ActPreview
from dealer_station.domain.acts import DealerAct, LinkEvent
from dealer_station.domain.fact_base import FactData
from dealer_station.domain.fact_data import Error, InputRefused, TableStatus, output
from dealer_station.domain.facts import FactKind, Output
from dealer_station.domain.inputs import LinkInput, PublisherRefusal, StopInput, TableInput, TimerInput
from dealer_station.domain.staff import SignInMethod
from dealer_station.domain.states import TableState
from dealer_station.domain.status import TableStatusCode
from dealer_station.domain.table import TableMachine
from dealer_station.journal import Journal, JournalError, replay_open_shoe
from dealer_station.journal.codec import DECISION_MARKS, decision_body, encode_input, input_fields

__all__ = ["ACTS_DROPPED_NOTE", "ActRefused", "AuthError", "Controller", "EdgeMonitor", "Fact", "RoundRecord",
           "TableView", "iso_utc", "round_id", "rule_settings", "shoe_id", "utcnow"]


class Controller:
    """One table. Owned by one thread; every input is journaled before it is acted on.

    Parameters
    ----------
    config:
        A validated :class:`StationConfig` (a bad configuration never gets here: ``load_config`` raises).
    journal:
        The journal (and outbox) of this table. The open shoe is replayed from it now.
    accounts:
        Accounts for supervisor acts; without them every supervisor act is refused (AuthError).
    clock:
        Returns the wall-clock time (aware UTC); it only stamps rows, incidents and events (``ts``).
    monotonic:
        Returns seconds on a clock that never steps (``time.monotonic``, any origin); every duration the
        controller measures runs on it: the betting window (``betting.window_seconds``, :meth:`tick`) and
        :attr:`TableView.betting_seconds_left`. A wall-clock step (NTP, a hand-set clock, daylight saving
        on a badly set machine) neither lengthens nor shortens the window. A replay passes its recorded
        time.
    edge_monitor:
        Optional ``(remaining cards, round number) -> alerts``, called after each completed round with the
        shoe's own inventory (a ``Counter[Card]``: read it during the call, never change or keep it);
        each alert (a dict) is journaled and published as ``player_edge``; it never pauses.
        Default: with ``[monitor] player_edge`` on, :func:`dealer_station.app.edge.edge_watch_for`
        of the table's pay table and mode (docs/rules.md §3).
    require_dealer:
        True (the console, ``run``, ``simulate``): a shoe starts and betting opens only while a dealer is
        signed in (:meth:`sign_in`); the refusal is journaled (a note) and raised as ActRefused. False (the
        default; replays and audits of journals made before sign-ins): only once a dealer has signed in.
    watch_noise:
        True (the default): the shoe's line noise is counted in bursts, one ``line_noise`` note a burst, and a
        noisy line pauses the round (``[line_noise]`` settings, :mod:`dealer_station.app.line_noise`). False:
        every frame is an input as recorded (``journal replay`` re-runs a journal's inputs, noise inputs too).

    Raises
    ------
    ConfigError
        When ``config`` is not valid (the station refuses to open a shoe on a bad configuration).
    JournalError
        When the journal cannot be read for recovery.
    """

    def __init__(self, config: StationConfig, journal: Journal, *, accounts: Accounts | None = None,
                 clock: Callable[[], datetime] = utcnow, edge_monitor: EdgeMonitor | None = None,
                 monotonic: Callable[[], float] = time.monotonic, require_dealer: bool = False,
                 watch_noise: bool = True) -> None:
        config.validate()
        self.require_dealer = bool(require_dealer)
        self.config = config
        self.journal = journal
        # A journal without an outbox (a replay's MemoryJournal) needs no platform events built.
        self._keeps_events = bool(getattr(journal, "keeps_events", True))
        self.accounts = accounts
        self._clock = clock
        self._now = RowClock(clock)   # the time a row is stamped with
        self._monotonic = monotonic
        if edge_monitor is None and config.player_edge_monitor and config.paytable is not None:
            edge_monitor = edge_watch_for(config.paytable, config.mode)
        self._machine = TableMachine(config.table_settings(), input_fields=input_fields)
        self.log = ControllerLog(journal, config, self._machine, clock, self._now, keeps_events=self._keeps_events)
        """The controller's logging and housekeeping (the log context, the outbox pruned, shoes archived)."""
        self._safe_log = self.log.safe
        self.edges = EdgeAlerts(edge_monitor, self._safe_log)
        """The edge monitor and the open shoe's edge alerts."""
        self._listeners = FactListeners(self._safe_log)
        self._call = InputQueue(self._say, self._safe_log).call   # one input decided whole before the next
        started = journal.last_marked("shoe_started") if hasattr(journal, "last_marked") else None
        self._shoe_from_seq = 0   # the open shoe's first row (its new_shoe input); 0: not known
        if started is not None and type(started.body.get("input")) is int:
            self._shoe_from_seq = started.body["input"]
        ports = TablePorts(self._now, monotonic, self._say, self._safe_log, self._call, self._input)
        self.journal_guard = JournalGuard(journal, ports, state=lambda: self._machine.state,
                                          write_decision=self._write_decision, decide=self._decide_journal_input)
        """The journal-failure guard: the fault, what it kept and held, the retries."""
        self.staff = Staff(accounts, config, self._machine, self.journal_guard, ports)
        """Who is at the table: the dealer's sign-in and sign-out."""
        self.noise = NoiseInputs(NoiseWatch(config.line_noise) if watch_noise else None, self._machine,
                                 self.journal_guard, ports)
        """The line's noise, in bursts: its notes and pauses."""
        self.table_stop = TableStop(self._machine, self.journal_guard, ports, self.noise.end_burst)
        """The table's side of the station's stop (begun, journaled, the presses it dropped)."""
        self.supervisor_inputs = SupervisorInputs(accounts, self._machine, self.journal_guard, ports, self.snapshot,
                                                  self.noise.end_burst)
        """The supervisor's acts: authenticated, checked against the act rules, journaled."""
        self._decided_seq = 0          # the input of the last decision row written
        self._deadline: float | None = None
        """When betting closes by itself, on the ``monotonic`` clock (seconds); None: no window running."""
        self._settings = rule_settings(config)
        recovery = replay_open_shoe(journal, self._machine, self._settings)
        self.edges.restore(journal, max(0, recovery.from_seq - 1))
        self._status = TableStatusCode.CLOSED if self._machine.closed else table_status(self._machine.state)
        if self._machine.state is TableState.BETTING_OPEN and config.betting_window_seconds > 0:
            # Restarted while betting was open: a fresh whole window. The time already run cannot be known
            # without the wall clock (a monotonic clock starts again at boot), and a wall clock that stepped
            # while the station was down would close betting at once or keep it open for hours; a longer
            # window changes no result (docs/controller.md "Time").
            self._deadline = self._monotonic() + config.betting_window_seconds
        if recovery.pending is not None:
            # The station stopped between the input row and its decision: decide it as it would have been
            # decided then, table status change included (the status before it comes from the fold).
            self._decide(recovery.pending.seq, [tuple(o) for o in recovery.pending_outputs], self._now(),
                         status_from=table_status(recovery.state_before_pending or TableState.NO_SHOE))
        # a journal-failure pause the journal recorded and no supervisor resumed is the table's again
        if self.journal_guard.restore(max(0, recovery.from_seq - 1)):
            self._status = TableStatusCode.CLOSED if self._machine.closed else TableStatusCode.PAUSED
        else:
            self.log.prune_events()
        self._safe_log("info", "controller_started", replayed=recovery.inputs, from_seq=recovery.from_seq,
                       pending=recovery.pending.seq if recovery.pending else None, state=self._machine.state)

    # ------------------------------------------------------------- listeners

    def prepare(self) -> None:
        """Build now what the controller otherwise builds when first needed: the edge watch's odds tables
        (about half a second, :meth:`EdgeAlerts.prepare <dealer_station.app.edge_alerts.EdgeAlerts.prepare>`).
        Idempotent; the console asks for it on the controller's thread once its window is up, so the first
        round's end does not wait. Never raises.
        """
        self.edges.prepare()

    def subscribe(self, listener: Callable[[Fact], None], kinds: Iterable[str] | None = None) -> None:
        """Call ``listener(fact)`` for every fact (or only facts of ``kinds``), synchronously, on the owner thread.

        A listener that raises is logged and otherwise ignored (it never stops the table).
        """
        self._listeners.subscribe(listener, kinds)

    def _say(self, data: FactData) -> None:
        """Tell listeners the controller's own fact ``data`` (its kind is its class's); not journaled."""
        self._listeners.tell(data.KIND, data)

    # ------------------------------------------------------------------ view

    @property
    def machine(self) -> TableMachine:
        """The state machine (read only, for tests and tools)."""
        return self._machine

    def snapshot(self) -> TableView:
        """An immutable view of the table for rendering (:func:`dealer_station.app.views.table_view`)."""
        m = self._machine
        g = self.journal_guard
        left = None
        if m.state is TableState.BETTING_OPEN and self._deadline is not None:
            left = max(0.0, self._deadline - self._monotonic())
        return table_view(m, self.config.table_id, journal_fault=g.fault,
                          held_inputs=tuple(describe_input(b) for b in g.held), betting_seconds_left=left,
                          edges=tuple(self.edges.alerts))

    @property
    def journal_failing(self) -> bool:
        """True while the journal cannot be written (its last write failed; no retry has succeeded since)."""
        return self.journal_guard.failing

    @property
    def last_journal_error(self) -> str:
        """The last journal write failure, in words (``""``: none yet)."""
        return self.journal_guard.last_error

    @property
    def signed_in(self) -> str | None:
        """The dealer signed in at the table (None: nobody); it survives a restart (the journal's fold)."""
        return self._machine.signed_in

    @property
    def state(self) -> str:
        """The table's state as :meth:`snapshot` shows it (``"paused"`` while the journal has failed),
        without building the whole view (the automatic dealer asks before every act).
        """
        return TableState.PAUSED if self.journal_guard.fault is not None else self._machine.state

    @property
    def shoe_number(self) -> int:
        """The open (or last) shoe's number in this table, as :meth:`snapshot` shows it (0: none yet)."""
        return self._machine.shoe_number

    @property
    def frames_in_shoe(self) -> int:
        """Card, No-Read and cut-card frames taken since the open shoe started (the simulator's position)."""
        return self._machine.frames_in_shoe

    # ---------------------------------------------------------------- inputs

    # Every public input (shoe_event, dealer, tick, supervisor, stop) is decided whole before the next one
    # starts: a call made while another is being decided is queued (_call: owner_thread.InputQueue).

    def shoe_event(self, event: Any) -> None:
        """Take one event from the shoe reader (``drivers.frames``: CardRead, NoRead, CutCard, Garbage,
        Connected, ConnectionLost). Never raises: surprises become incidents (docs/rules.md §5).

        A ``ConnectionLost`` pauses the table (``shoe_disconnected``), unless the station is stopping
        (:meth:`begin_stop`): then it is the reader closing, journaled as a link ``closed`` (no pause).
        """
        self._call(self._take_shoe_event, event)

    def _take_shoe_event(self, event: Any) -> None:
        try:
            if self.noise.take(event):
                return  # line noise: counted in its burst, journaled when the burst ends
            inp = shoe_event(event, self._now())
            if self.table_stop.stopping and type(inp) is LinkInput and inp.event == LinkEvent.LOST:
                # the stopping station's reader closing, not a lost shoe
                inp = LinkInput(LinkEvent.CLOSED, inp.detail, ts=inp.ts)
            self._input(inp)
        except Exception as err:  # noqa: BLE001 - the reader's input never raises into the owner loop
            self._safe_log("error", "shoe_event_failed", error=safe_repr(err))
            self._say(Error(detail=safe_repr(err)))

    def begin_stop(self, stopping: bool = True) -> None:
        """The station is stopping: from now on the reader's ``ConnectionLost`` is its close, not a lost shoe
        (:meth:`TableStop.begin <dealer_station.app.table_stop.TableStop.begin>`). Call it before stopping the
        reader, then give the controller what the reader still delivers, then :meth:`stop`.
        """
        self.table_stop.begin(stopping)

    def stop(self, why: str = "stopped") -> bool:
        """Journal the station's stop (a ``stop`` input): the table goes ``closed`` for the platform
        (``table_status``, every stop, a stop before the first shoe too), nothing else of the table changes, so
        the open round stays open for the next start and recovery resumes it exactly. A stop is not a pause: no
        incident, no supervisor.

        ``why``: a few words for the journal (``"SIGTERM"``, ``"console closed"``, ``"finished"``).
        While the journal fails, the stop first tries it again (:meth:`retry_journal`: what the failure kept and
        the pause are written first); a journal-failure pause the journal recorded stays for the next start.
        Returns True when the stop is journaled (or nothing happened since the last one); False while the
        journal still fails (the table stays paused on ``journal_failure``; call it again to try again) or when
        called from inside another input (queued). Ends :meth:`begin_stop`. Never raises.
        """
        return bool(self._call(self.table_stop.stop, why))

    def acts_dropped(self, acts: Iterable[str]) -> bool:
        """Journal the presses a stop dropped in one note (:meth:`TableStop.acts_dropped
        <dealer_station.app.table_stop.TableStop.acts_dropped>`); True when journaled (or none). Never raises.
        """
        return self.table_stop.acts_dropped(acts)

    def sign_in(self, user: str, pin: str = "", *, how: SignInMethod | str = SignInMethod.PIN) -> None:
        """A dealer signs in at the table, between rounds: ``how``, what is checked and what it raises are
        :meth:`dealer_station.app.staff.Staff.sign_in`'s.
        """
        self.staff.sign_in(user, pin, how=how)

    def sign_in_configured(self, dealer: str) -> bool:
        """Sign in the station's configured dealer (:meth:`dealer_station.app.staff.Staff.sign_in_configured`)."""
        return self.staff.sign_in_configured(dealer)

    def sign_out(self) -> None:
        """The dealer signs out, between rounds (:meth:`dealer_station.app.staff.Staff.sign_out`)."""
        self.staff.sign_out()

    def retry_journal(self) -> bool:
        """Try the failing journal again now; True when it takes rows again (or never failed): what the failure
        kept, the pause, then the held events (:meth:`dealer_station.app.journal_guard.JournalGuard.retry`). The
        station loop calls it through :meth:`tick`, a stop calls it directly. Never raises.
        """
        return bool(self._call(self.journal_guard.retry))

    def recorded_journal_event(self, body: dict) -> None:
        """Journal and decide a recorded ``journal`` input (``{"kind": "journal", "event": "failed" |
        "resumed", ...}``) as the station did when its journal came back; for ``journal replay``, which
        re-runs a journal on a fresh controller whose journal never fails. Raises ValueError for another input.
        """
        self._call(self.journal_guard.journal_input, self.journal_guard.recorded_event(body))

    def dealer(self, act: str, **kw: Any) -> None:
        """A dealer act: ``new_shoe``, ``shuffled``, ``open_betting``, ``close_betting``, ``confirm_result``,
        ``call_supervisor`` (``note=...``).

        Raises ActRefused (journaled) when the act does not fit the table now. Called from inside another
        input (a listener), the act is queued until that one has ended and this returns None at once.
        """
        self._call(self.staff.take_dealer, act, kw, self.require_dealer)

    def supervisor(self, act: str, *, user: str, pin: str, reason: str, note: str = "", **kw: Any) -> None:
        """A supervisor act from ``paused``: ``resume``, ``enter_card`` (``token=``), ``move_card``
        (``from_position=``, ``to_position=``), ``void_round``, ``end_shoe``; what is checked and what it raises
        (AuthError, ActRefused; journaled) are :meth:`SupervisorInputs.take_supervisor
        <dealer_station.app.supervisor_inputs.SupervisorInputs.take_supervisor>`'s. Called from inside another
        input (a listener), the act is queued until that one has ended and this returns None at once (its refusal
        is then journaled and told, not raised).
        """
        self._call(self.supervisor_inputs.take_supervisor, act, user, pin, reason, note, kw)

    def preview_supervisor(self, act: str, **kw: Any) -> ActPreview:
        """What supervisor ``act`` (the keywords of :meth:`supervisor`) would do now, or why it is refused
        (:meth:`SupervisorInputs.preview <dealer_station.app.supervisor_inputs.SupervisorInputs.preview>`).
        """
        return self.supervisor_inputs.preview(act, **kw)

    def recorded_line_noise(self, body: dict) -> None:
        """A recorded ``noise`` input, journaled and decided (:meth:`NoiseInputs.recorded
        <dealer_station.app.noise_inputs.NoiseInputs.recorded>`; raises ValueError for another input).
        """
        self.noise.recorded(body)

    def tick(self, *, expired: bool = False) -> None:
        """Let time act: closes betting when the betting window has run out, and tries a failing journal
        again once its back-off has run out (:meth:`retry_journal`) (call it often).

        The window is measured on the ``monotonic`` clock: it closes ``betting.window_seconds`` after it
        opened, whatever the wall clock did meanwhile. ``expired=True``: the window has run out whatever
        the clocks say (a replay of a recorded ``timer`` input: the table's clock decided it then); it still
        acts only while a window runs (betting open, ``betting.window_seconds`` above 0).
        """
        self._call(self._take_tick, expired)

    def _take_tick(self, expired: bool) -> None:
        if self.journal_guard.retry_due():
            self.journal_guard.retry()  # the journal is tried again by itself, no supervisor needed
        self.noise.take_quiet()  # a burst of line noise over: its one note
        if self._deadline is None or self._machine.state is not TableState.BETTING_OPEN:
            return
        if expired or self._monotonic() >= self._deadline:
            self._deadline = None
            self._input(TimerInput(DealerAct.CLOSE_BETTING, ts=self._now()))

    def event_refused(self, event_id: int, problem: str) -> None:
        """The publisher did not send outbox event ``event_id``: it does not match the journal's chain
        (``problem``, plain words). Journaled as an input; pauses the round with an ``event_mismatch``
        incident (recorded, without a pause, when no shoe is open). Call it on the owner thread, like every
        input (the publisher's ``on_refused`` runs on its own thread: hand it over through a queue). Never raises.
        """
        try:
            self._input(PublisherRefusal("event_refused", int(event_id), str(problem)[:500], ts=self._now()))
        except Exception as err:  # noqa: BLE001 - like a shoe event, it never raises into the owner loop
            self._safe_log("error", "event_refused_failed", error=repr(err))

    # ------------------------------------------------------------ recall

    def shoe_first_seq(self, shoe: int | None) -> int:
        """The journal row a reading of shoe ``shoe`` starts from: the open shoe's first row (its ``new_shoe``
        input), so reading it costs the same however long the journal; 1 for any other shoe or all (None).
        """
        if shoe is not None and shoe == self._machine.shoe_number and self._shoe_from_seq:
            return self._shoe_from_seq
        return 1

    def recall(self, shoe: int | None = None) -> list[RoundRecord]:
        """Finished rounds (completed and voided) from the journal, oldest first; one shoe or all
        (:func:`~dealer_station.app.views.recalled_rounds`, from :meth:`shoe_first_seq` on).
        """
        return recalled_rounds(self.journal, self.config.table_id, shoe, after=self.shoe_first_seq(shoe) - 1)

    def recorded_outputs(self, kinds: tuple[str, ...], mark: str | None = None, after: int = 0) -> Iterator[Output]:
        """Decided outputs of the given kinds from the journal, in order
        (:func:`~dealer_station.app.views.recorded_outputs`). Raises JournalError.
        """
        return recorded_outputs(self.journal, kinds, mark, after)

    # ------------------------------------------------------------- internals

    def _input(self, inp: TableInput) -> list | None:
        """Journal one input (:func:`dealer_station.journal.codec.encode_input`), act on it, journal the decision,
        tell listeners. None on a journal fault. ``inp.ts``: its time, stamped by the caller when it made the
        input (``self._now()``: one frozen dataclass per input on the card path, not a copy); None: now.
        """
        ts = inp.ts
        if ts is None:
            ts = self._now()
            inp = replace(inp, ts=ts)
        body = encode_input(inp)
        g = self.journal_guard
        if g.fault is not None and not (type(inp) is StopInput and g.recorded and not g.failing):
            # a stop goes in once the pause is recorded and the journal takes rows: it changes nothing
            if inp.kind in HELD_KINDS:
                g.hold(inp)
                return None
            self._say(InputRefused(input=body, why="journal failure: nothing is accepted"))
            self._safe_log("error", "input_refused", input=body)
            return None
        try:
            # made here, never changed; durable with its decision row, in one sync (Journal.append)
            seq = self.journal.add("input", body, ts, json_only=True, owned=True, durable=False)
        except JournalError as err:
            g.failed(err)
            if inp.kind in HELD_KINDS:
                g.hold(inp)
            else:
                self._say(InputRefused(input=body, why=str(err)))
            return None
        before = self._status
        deadline = self._deadline
        outputs = self._machine.step(inp)
        self.log.bind()
        try:
            return self._decide(seq, outputs, ts, status_from=before)
        except Exception as err:  # noqa: BLE001 - the decision raised before its row: nothing of the step remains
            if self._decided_seq == seq or g.pending is not None and g.pending[0] == seq:
                raise  # its decision row is written (or kept): it stands
            self._machine.undo_step()
            self._status, self._deadline = before, deadline
            self._safe_log("error", "decision_failed", input=body, error=repr(err))
            outputs = self._machine.fail(inp, type(err).__name__, f"{type(err).__name__}: {err}")
            return self._decide(seq, outputs, ts, status_from=before)

    def _decide(self, seq: int, outputs: list[tuple[str, dict]], ts: str, *, status_from: str | None,
                status_to: str | None = None, tell: bool = True) -> list:
        """Add what follows from the machine's ``outputs`` (edge alerts, the table status), journal the
        decision, tell listeners (unless ``tell`` is false) and log; return every output. ``status_to``: the
        table status this decision makes, when it is not the machine's (a journal failure's pause).
        """
        m = self._machine
        outputs = list(outputs)
        kinds = {kind for kind, _ in outputs}  # the kinds of every output, kept with them below
        if FactKind.ROUND_COMPLETED in kinds and self.edges.monitor is not None:
            alerts = self.edges.after_round(m)
            outputs += alerts
            kinds.update(kind for kind, _ in alerts)
        state = m.state_name
        status = status_to or (TableStatusCode.CLOSED if m.closed else table_status(state))
        if status_from is not None and (status != status_from or m.closed):
            # a stop always tells the platform the table is closed, one before the first shoe too (the status
            # was "closed" all along, but the platform has heard nothing of this run's table yet)
            outputs.append(output(TableStatus(status=status, state=state)))
            kinds.add(FactKind.TABLE_STATUS)
        self._status = status
        if FactKind.BETTING_OPENED in kinds and self.config.betting_window_seconds > 0:
            self._deadline = self._monotonic() + self.config.betting_window_seconds
        if not self._write_decision(seq, outputs, ts, kinds):
            self.journal_guard.pending = (seq, outputs, ts)
        if FactKind.PLAYER_EDGE in kinds or FactKind.SHOE_STARTED in kinds:
            self.edges.keep(outputs, ts)
        for kind, data in outputs if tell else ():
            self._listeners.tell(kind, data)
        self.log.outputs(outputs, kinds)
        if FactKind.SHOE_ENDED in kinds and self.journal_guard.fault is None:
            self.log.prune_events()
            self.log.archive_shoes()
            if log_enabled("info"):
                self.log.head()
        return outputs

    def _decide_journal_input(self, seq: int, inp: TableInput, ts: str, *, status_to: str | None,
                              tell: bool) -> None:
        """Act on the ``journal`` input of row ``seq`` and journal the decision (the guard's, :meth:`_decide`)."""
        before = self._status
        self._decide(seq, self._machine.step(inp), ts, status_from=before, status_to=status_to, tell=tell)

    def _write_decision(self, seq: int, outputs: list, ts: str, kinds: set | None = None) -> bool:
        """Journal the decision of input ``seq`` (its row's body: :func:`decision_body`); ``kinds``: the outputs'
        kinds when the caller has them. False (and the journal fault) when the journal refuses it.
        """
        m = self._machine
        # staff: who is at the table after this decision (recovery restores it; old rows have no key)
        body = decision_body(seq, m.shoe_number, m.round_number, m.state_name, m.connected, outputs,
                             m.staff() if m.staffed else None)
        if kinds is None:
            kinds = {kind for kind, _ in outputs}
        marks = {DECISION_MARKS[kind] for kind in kinds if kind in DECISION_MARKS}
        try:
            # The machine's outputs hold only JSON values (alerts pass through JSON): json_only.
            times = partial(round_times, self.journal, ts, self._safe_log)   # asked by a round_result only
            self.journal.add("decision", body, ts, mark=marks, table_id=self.config.table_id, json_only=True,
                             events=platform_events(outputs, self.config, m, times) if self._keeps_events else ())
        except JournalError as err:
            self.journal_guard.failed(err)
            return False
        self._decided_seq = seq
        if "shoe_started" in marks:
            self._shoe_from_seq = seq   # the new shoe's rows start at this input
            # Recovery refuses to replay this shoe under other rule settings (replay_open_shoe); a note the
            # journal failed to take is written at the supervisor's resume, before anything else.
            settings = {"kind": "shoe_settings", "shoe": m.shoe_number, "settings": self._settings}
            if not self.journal_guard.note(settings, mark=("shoe_settings",)):
                self.journal_guard.pending_note = settings
        return True
