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
(:mod:`~dealer_station.app.views`), the platform events of a decision (:mod:`~dealer_station.app.platform_events`),
the journal-failure guard (:mod:`~dealer_station.app.journal_guard`), who is at the table
(:mod:`~dealer_station.app.staff`), the supervisor's acts (:mod:`~dealer_station.app.supervisor_inputs`), logging
and housekeeping (:mod:`~dealer_station.app.controller_log`); an input (:mod:`dealer_station.domain.inputs`)
becomes the journal's JSON in :mod:`dealer_station.journal.codec`.
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from datetime import datetime
from typing import Any

import structlog

from dealer_station.app.accounts import Accounts, AuthError
from dealer_station.app.clock import iso_utc, utcnow
from dealer_station.app.config import StationConfig
from dealer_station.app.controller_log import ControllerLog
from dealer_station.app.edge import EdgeMonitor, edge_watch_for
from dealer_station.app.journal_guard import HELD_KINDS, JournalGuard, describe_input
from dealer_station.app.line_noise import NoiseWatch
from dealer_station.app.logging import log_enabled, safe_repr
from dealer_station.app.noise_inputs import NoiseInputs
from dealer_station.app.platform_events import EVENT_KINDS, PlatformEvents, stray_frame_alert, table_status
from dealer_station.app.refusals import ActRefused
from dealer_station.app.shoe_inputs import shoe_event
from dealer_station.app.staff import StaffInputs
from dealer_station.app.supervisor_inputs import SupervisorInputs
from dealer_station.app.views import EdgeAlert, Fact, RoundRecord, TableView, round_id, shoe_id, table_view
from dealer_station.domain.acts import STAFF_ACTS, DealerAct, LinkEvent
from dealer_station.domain.fact_base import FactData
from dealer_station.domain.fact_data import ActRefused as ActRefusedFact
from dealer_station.domain.fact_data import Error, InputRefused, TableStatus, output
from dealer_station.domain.facts import FactKind, Output
from dealer_station.domain.incidents import Incident
from dealer_station.domain.inputs import (
    DealerInput,
    LinkInput,
    PublisherRefusal,
    StopInput,
    TableInput,
    TimerInput,
)
from dealer_station.domain.states import TableState
from dealer_station.domain.table import NO_DEALER, TableMachine
from dealer_station.journal import Journal, JournalError, replay_open_shoe
from dealer_station.journal.codec import decision_body, decode_decision, encode_input, input_fields

__all__ = ["ACTS_DROPPED_NOTE", "EVENT_KINDS", "ActRefused", "AuthError", "Controller", "EdgeMonitor", "Fact",
           "RoundRecord", "TableView", "iso_utc", "round_id", "rule_settings", "shoe_id", "stray_frame_alert", "utcnow"]

ACTS_DROPPED_NOTE = "acts_dropped_at_stop"
"""The ``kind`` of the note that counts the presses a stop dropped (:meth:`Controller.acts_dropped`)."""


def rule_settings(config: StationConfig) -> dict[str, object]:
    """The configuration keys that change the table's decisions, as JSON-able values.

    Recorded in a ``shoe_settings`` note (marked ``shoe_settings``) after the ``shoe_started`` decision;
    recovery refuses to replay an open shoe under other values
    (:func:`dealer_station.journal.replay_open_shoe`), because the same inputs would then make a different table
    (docs/rules.md §1, §3, §5).
    """
    return {"shoe.decks": config.decks, "shoe.max_misreads": config.max_misreads,
            "burn.indicator_counts": config.burn_indicator_counts, "burn.ace_burns": config.burn_ace,
            "cut_card.between_rounds": config.cut_between_rounds, "betting.auto_open": config.betting_auto_open,
            "table.paytable": config.paytable_name, "table.mode": config.mode.value,
            "table.offered_bets": list(config.offered_bets)}


class Controller(StaffInputs, SupervisorInputs, JournalGuard, NoiseInputs, PlatformEvents, ControllerLog):
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
        self._monotonic = monotonic
        if edge_monitor is None and config.player_edge_monitor and config.paytable is not None:
            edge_monitor = edge_watch_for(config.paytable, config.mode)
        self._edge_monitor = edge_monitor
        # a tuple, replaced at each subscribe: a listener subscribing while facts are told changes no loop
        self._listeners: tuple[tuple[Callable[[Fact], None], frozenset[str] | None], ...] = ()
        self._machine = TableMachine(config.table_settings(), input_fields=input_fields)
        started = journal.last_marked("shoe_started") if hasattr(journal, "last_marked") else None
        self._shoe_from_seq = 0   # the open shoe's first row (its new_shoe input); 0: not known
        if started is not None and type(started.body.get("input")) is int:
            self._shoe_from_seq = started.body["input"]
        self._journal_fault: Incident | None = None
        self._fault_journaled = False  # the journal_failure pause is in the journal (its "journal" "failed" input)
        self._journal_failing = False  # the last journal write failed: nothing is written until a retry succeeds
        self._retry_at = 0.0           # when the failing journal is tried again (monotonic seconds)
        self._retry_delay = 0.0        # the wait before that retry (doubles, bounded: journal_guard)
        self._retry_attempts = 0       # retries since the journal failed
        self._last_write_error = ""    # the last journal write failure, in words
        self._stopping = False         # begin_stop(): a link loss from now on is the reader closing
        self._noise = NoiseWatch(config.line_noise) if watch_noise else None  # the line's noise, in bursts
        self._busy = False             # a call is being decided: a re-entrant call waits in _deferred
        self._deferred: deque[tuple[Callable[..., Any], tuple, dict]] = deque()
        self._decided_seq = 0          # the input of the last decision row written
        self._held_inputs: list[TableInput] = []
        self._held_noted = 0           # held inputs already noted in the journal (journal_guard.HELD_NOTE)
        self._pending: tuple[int, list, str] | None = None
        self._pending_note: dict | None = None   # a shoe_settings note the journal failed to take
        self._deadline: float | None = None
        """When betting closes by itself, on the ``monotonic`` clock (seconds); None: no window running."""
        self._last_moment: object = None
        self._last_ts = ""
        self._deciding_ts = ""   # the time of the decision being written
        self._log = structlog.get_logger("dealer_station.controller")
        self._bound: tuple[int, int, int] | None = None
        self._settings = rule_settings(config)
        recovery = replay_open_shoe(journal, self._machine, self._settings)
        self._edges: list[EdgeAlert] = []
        """The open shoe's edge alerts, oldest first (:meth:`_keep_edges`)."""
        self._restore_edges(max(0, recovery.from_seq - 1))
        self._status = "closed" if self._machine.closed else table_status(self._machine.state)
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
        self._restore_journal_fault(max(0, recovery.from_seq - 1))
        if self._journal_fault is None:
            self._prune_events()
        self._safe_log("info", "controller_started", replayed=recovery.inputs, from_seq=recovery.from_seq,
                       pending=recovery.pending.seq if recovery.pending else None, state=self._machine.state)

    # ------------------------------------------------------------- listeners

    def prepare(self) -> None:
        """Build now what the controller otherwise builds when first needed: the edge watch's odds tables
        (about half a second, :meth:`dealer_station.app.edge.EdgeWatch.prepare`). Idempotent; the console asks
        for it on the controller's thread once its window is up, so the first round's end does not wait.

        Never raises: the monitor is advisory, so a build that fails is logged (``edge_monitor_failed``) and
        tried again where the controller would have built it, at a round's end, which tells the failure as an
        ``error`` fact and deals on.
        """
        prepare = getattr(self._edge_monitor, "prepare", None)
        if prepare is None:
            return
        try:
            prepare()
        except Exception as err:  # noqa: BLE001 - the monitor never stops the table
            self._safe_log("error", "edge_monitor_failed", error=safe_repr(err))

    def subscribe(self, listener: Callable[[Fact], None], kinds: Iterable[str] | None = None) -> None:
        """Call ``listener(fact)`` for every fact (or only facts of ``kinds``), synchronously, on the owner thread.

        A listener that raises is logged and otherwise ignored (it never stops the table).
        """
        self._listeners = (*self._listeners, (listener, None if kinds is None else frozenset(kinds)))

    def _say(self, data: FactData) -> None:
        """Tell listeners the controller's own fact ``data`` (its kind is its class's); not journaled."""
        self._tell(data.KIND, data)

    def _tell(self, kind: str, data: FactData) -> None:
        fact = None
        for listener, kinds in self._listeners:
            if kinds is not None and kind not in kinds:
                continue
            if fact is None:
                fact = Fact(kind, data)
            try:
                listener(fact)
            except Exception as err:  # noqa: BLE001 - a listener never stops the table
                # safe_repr: an exception whose own repr raises must not stop the other listeners
                self._safe_log("error", "listener_failed", fact=kind, error=safe_repr(err))

    # ------------------------------------------------------------------ view

    @property
    def machine(self) -> TableMachine:
        """The state machine (read only, for tests and tools)."""
        return self._machine

    def snapshot(self) -> TableView:
        """An immutable view of the table for rendering (:func:`dealer_station.app.views.table_view`)."""
        m = self._machine
        left = None
        if m.state is TableState.BETTING_OPEN and self._deadline is not None:
            left = max(0.0, self._deadline - self._monotonic())
        return table_view(m, self.config.table_id, journal_fault=self._journal_fault,
                          held_inputs=tuple(describe_input(b) for b in self._held_inputs), betting_seconds_left=left,
                          edges=tuple(self._edges))

    @property
    def journal_failing(self) -> bool:
        """True while the journal cannot be written (its last write failed; no retry has succeeded since)."""
        return self._journal_failing

    @property
    def last_journal_error(self) -> str:
        """The last journal write failure, in words (``""``: none yet)."""
        return self._last_write_error

    @property
    def state(self) -> str:
        """The table's state as :meth:`snapshot` shows it (``"paused"`` while the journal has failed),
        without building the whole view (the automatic dealer asks before every act).
        """
        return TableState.PAUSED if self._journal_fault is not None else self._machine.state

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
    # starts: a call made while another is being decided (a listener calling back from inside a fact) is
    # queued and run, in order, right after the current call has ended (_call).

    def _call(self, fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        """Run the input ``fn`` now and return its value; when called from inside another input (a listener
        of its facts), queue it to run after that input has ended and return None (nothing is raised then:
        the queued input's refusal is journaled and told as a fact when it runs, like any other).
        """
        if self._busy:
            self._deferred.append((fn, args, kw))
            self._safe_log("debug", "input_deferred", call=getattr(fn, "__name__", "?"), queued=len(self._deferred))
            return None
        self._busy = True
        try:
            return fn(*args, **kw)
        finally:
            self._busy = False
            if self._deferred:
                self._run_deferred()

    def _run_deferred(self) -> None:
        while self._deferred:
            fn, args, kw = self._deferred.popleft()
            self._busy = True
            try:
                fn(*args, **kw)
            except (ActRefused, AuthError) as err:  # journaled and told as a fact; the caller has long returned
                self._safe_log("info", "deferred_input_refused", call=getattr(fn, "__name__", "?"), error=str(err))
            except Exception as err:  # noqa: BLE001 - a queued input never raises into an unrelated caller
                self._safe_log("error", "deferred_input_failed", call=getattr(fn, "__name__", "?"), error=repr(err))
                self._say(Error(detail=repr(err)))
            finally:
                self._busy = False

    def shoe_event(self, event: Any) -> None:
        """Take one event from the shoe reader (``drivers.frames``: CardRead, NoRead, CutCard, Garbage,
        Connected, ConnectionLost). Never raises: surprises become incidents (docs/rules.md §5).

        A ``ConnectionLost`` pauses the table (``shoe_disconnected``), unless the station is stopping
        (:meth:`begin_stop`): then it is the reader closing, journaled as a link ``closed`` (no pause).
        """
        self._call(self._take_shoe_event, event)

    def _take_shoe_event(self, event: Any) -> None:
        try:
            if self._watch_noise(event):
                return  # line noise: counted in its burst, journaled when the burst ends
            inp = shoe_event(event, self._now())
            if self._stopping and type(inp) is LinkInput and inp.event == LinkEvent.LOST:
                # the stopping station's reader closing, not a lost shoe
                inp = LinkInput(LinkEvent.CLOSED, inp.detail, ts=inp.ts)
            self._input(inp)
        except Exception as err:  # noqa: BLE001 - the reader's input never raises into the owner loop
            self._safe_log("error", "shoe_event_failed", error=safe_repr(err))
            self._say(Error(detail=safe_repr(err)))

    def begin_stop(self, stopping: bool = True) -> None:
        """The station is stopping (SIGTERM, Ctrl-C, the console closing, the last shoe done, idle): from now
        on the reader's ``ConnectionLost`` is its close, not a lost shoe. Call it before stopping the reader,
        then give the controller what the reader still delivers, then :meth:`stop`. ``stopping=False``
        takes it back (a tool re-running a journal).
        """
        self._stopping = bool(stopping)

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
        return bool(self._call(self._take_stop, why))

    def _take_stop(self, why: str) -> bool:
        try:
            self._end_burst()  # the noise counted so far is journaled before the stop: nothing is lost
            if self._machine.closed and not self._journal_failing and (self._journal_fault is None
                                                                       or self._fault_journaled):
                return True  # stopped already, and nothing came since
            if self._journal_failing and not self._retry_journal():
                return False  # the journal still fails: the pause and the stop cannot be written
            return self._input(StopInput(str(why), ts=self._now())) is not None
        except Exception as err:  # noqa: BLE001 - a stop never raises into the station's shutdown
            self._safe_log("error", "stop_failed", error=repr(err))
            return False
        finally:
            self._stopping = False

    def acts_dropped(self, acts: Iterable[str]) -> bool:
        """Journal the presses a stop dropped (queued when it began, never decided): one note
        ``{"kind": "acts_dropped_at_stop", "count": 3, "acts": {"dealer:open_betting": 2, "supervisor:resume": 1}}``
        (:data:`ACTS_DROPPED_NOTE`; ``acts``: each press's name, as the station's commands carry it). Nothing of
        the table changes; nothing is told or published.

        Returns True when the note is journaled (no acts: nothing to journal, True); False when the journal
        refused it (the journal-failure pause, as for any write) or when called from inside another input. Never
        raises.
        """
        counted = Counter(str(act) for act in acts)
        if not counted:
            return True
        body = {"kind": ACTS_DROPPED_NOTE, "count": sum(counted.values()), "acts": dict(sorted(counted.items()))}
        try:
            return bool(self._call(self._note, body))
        except Exception as err:  # noqa: BLE001 - a stop never raises into the station's shutdown
            self._safe_log("error", "acts_dropped_note_failed", error=repr(err))
            return False

    def dealer(self, act: str, **kw: Any) -> None:
        """A dealer act: ``new_shoe``, ``shuffled``, ``open_betting``, ``close_betting``, ``confirm_result``,
        ``call_supervisor`` (``note=...``).

        Raises ActRefused (journaled) when the act does not fit the table now. Called from inside another
        input (a listener), the act is queued until that one has ended and this returns None at once.
        """
        self._call(self._take_dealer, act, kw)

    def _take_dealer(self, act: str, kw: dict) -> None:
        args = {k: v for k, v in kw.items() if isinstance(v, (str, int, float, bool)) or v is None}
        if act in STAFF_ACTS:
            raise ActRefused(act, "a dealer signs in with sign_in (the PIN or badge is checked) and out with sign_out")
        if (self.require_dealer and act in (DealerAct.NEW_SHOE, DealerAct.OPEN_BETTING)
                and self._machine.signed_in is None and self._journal_fault is None):
            why = NO_DEALER if act == DealerAct.OPEN_BETTING else \
                "no dealer is signed in: a dealer signs in at the console first"
            self._note({"kind": "act_refused", "by": "dealer", "act": str(act), "why": why})
            self._say(ActRefusedFact(by="dealer", act=act, why=why, state=self._machine.state.value))
            raise ActRefused(act, why)
        outputs = self._input(DealerInput(act, args, ts=self._now()))
        if outputs is None:
            raise ActRefused(act, "the table is paused: journal failure")
        for kind, data in outputs:
            if kind == FactKind.ACT_REFUSED:
                raise ActRefused(act, str(data.get("why")))

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
        if self._journal_failing and self._retry_due():
            self._retry_journal()  # the journal is tried again by itself, no supervisor needed
        self._take_quiet()  # a burst of line noise over: its one note
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
        """Finished rounds (completed and voided) from the journal, oldest first; one shoe or all.

        The open shoe is read from its first row on (:meth:`shoe_first_seq`); an older shoe from the start.
        """
        out = []
        for _kind, data in self.recorded_outputs((FactKind.ROUND_COMPLETED, FactKind.ROUND_VOIDED), mark="round",
                                                 after=self.shoe_first_seq(shoe) - 1):
            if shoe is None or data.get("shoe") == shoe:
                out.append(RoundRecord.from_output(data, self.config.table_id))
        return out

    def recorded_outputs(self, kinds: tuple[str, ...], mark: str | None = None, after: int = 0) -> Iterator[Output]:
        """Decided outputs of the given kinds from the journal, in order (e.g. to re-print a run); ``mark``: only
        the decision rows of that mark (``"round"``); ``after``: only rows after this seq. Raises JournalError
        when the journal cannot be read.
        """
        for row in self.journal.rows(after, kinds=("decision",), mark=mark):
            for kind, data in decode_decision(row.body).outputs:
                if kind in kinds:
                    yield kind, data

    # ------------------------------------------------------------- internals

    def _now(self) -> str:
        try:
            moment = self._clock()
            if moment != self._last_moment:  # a replay's clock stands still between a card and its acts
                self._last_moment, self._last_ts = moment, iso_utc(moment)
            return self._last_ts
        except Exception:  # noqa: BLE001 - a broken clock must not stop the table
            return iso_utc(utcnow())

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
        if self._journal_fault is not None and not (type(inp) is StopInput and self._fault_journaled
                                                    and not self._journal_failing):
            # a stop goes in once the pause is recorded and the journal takes rows: it changes nothing
            if inp.kind in HELD_KINDS:
                self._hold(inp)
                return None
            self._say(InputRefused(input=body, why="journal failure: nothing is accepted"))
            self._safe_log("error", "input_refused", input=body)
            return None
        try:
            # made here, never changed; durable with its decision row, in one sync (Journal.append)
            seq = self.journal.add("input", body, ts, json_only=True, owned=True, durable=False)
        except JournalError as err:
            self._fault(err)
            if inp.kind in HELD_KINDS:
                self._hold(inp)
            else:
                self._say(InputRefused(input=body, why=str(err)))
            return None
        before = self._status
        deadline = self._deadline
        outputs = self._machine.step(inp)
        self._bind()
        try:
            return self._decide(seq, outputs, ts, status_from=before)
        except Exception as err:  # noqa: BLE001 - the decision raised before its row: nothing of the step remains
            if self._decided_seq == seq or self._pending is not None and self._pending[0] == seq:
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
        if FactKind.ROUND_COMPLETED in kinds and self._edge_monitor is not None:
            alerts = self._edge_alerts()
            outputs += alerts
            kinds.update(kind for kind, _ in alerts)
        state = m.state_name
        status = status_to or ("closed" if m.closed else table_status(state))
        if status_from is not None and (status != status_from or m.closed):
            # a stop always tells the platform the table is closed, one before the first shoe too (the status
            # was "closed" all along, but the platform has heard nothing of this run's table yet)
            outputs.append(output(TableStatus(status=status, state=state)))
            kinds.add(FactKind.TABLE_STATUS)
        self._status = status
        if FactKind.BETTING_OPENED in kinds and self.config.betting_window_seconds > 0:
            self._deadline = self._monotonic() + self.config.betting_window_seconds
        if not self._write_decision(seq, outputs, ts, kinds):
            self._pending = (seq, outputs, ts)
        if FactKind.PLAYER_EDGE in kinds or FactKind.SHOE_STARTED in kinds:
            self._keep_edges(outputs, ts)
        for kind, data in outputs if tell else ():
            self._tell(kind, data)
        self._log_outputs(outputs, kinds)
        if FactKind.SHOE_ENDED in kinds and self._journal_fault is None:
            self._prune_events()
            self._archive_shoes()
            if log_enabled("info"):
                self._log_head()
        return outputs

    def _keep_edges(self, outputs: Iterable[Output], ts: str) -> None:
        """Keep the edge alerts of a decision's ``outputs`` (made at ``ts``) for the view; a new shoe starts
        with none. The one reading of a decision's alerts: the decisions made now (:meth:`_decide`) and, after a
        restart, those the journal recorded in the open shoe (:meth:`_restore_edges`).
        """
        for kind, data in outputs:
            if kind == FactKind.SHOE_STARTED:
                self._edges = []
            elif kind == FactKind.PLAYER_EDGE:
                self._edges.append(EdgeAlert(ts, data))

    def _restore_edges(self, after: int) -> None:
        """After a restart: the edge alerts the journal's decisions recorded after row ``after`` (the open shoe's
        start; the replay runs no monitor, its decisions' alerts are recorded ones). Raises JournalError when the
        journal cannot be read or a decision row is damaged.
        """
        for row in self.journal.rows(after, kinds=("decision",)):
            recorded = row.body.get("outputs")
            if isinstance(recorded, list) and any(isinstance(item, list) and item and item[0] in _EDGE_KINDS
                                                  for item in recorded):
                self._keep_edges(decode_decision(row.body).outputs, row.ts)

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
        marks = {_MARKS[kind] for kind in kinds if kind in _MARKS}
        try:
            # The machine's outputs hold only JSON values (alerts pass through JSON): json_only.
            self._deciding_ts = ts   # the round_result's decided_ts (_events)
            self.journal.add("decision", body, ts, mark=marks,
                             events=self._events(outputs) if self._keeps_events else (),
                             table_id=self.config.table_id, json_only=True)
        except JournalError as err:
            self._fault(err)
            return False
        self._decided_seq = seq
        if "shoe_started" in marks:
            self._shoe_from_seq = seq   # the new shoe's rows start at this input
            # Recovery refuses to replay this shoe under other rule settings (replay_open_shoe); a note the
            # journal failed to take is written at the supervisor's resume, before anything else.
            settings = {"kind": "shoe_settings", "shoe": m.shoe_number, "settings": self._settings}
            if not self._note(settings, mark=("shoe_settings",)):
                self._pending_note = settings
        return True

_MARKS = {FactKind.SHOE_STARTED: "shoe_started", FactKind.ROUND_COMPLETED: "round", FactKind.ROUND_VOIDED: "round",
          FactKind.SHOE_ENDED: "shoe_ended"}
"""Output kind → the journal mark of its decision row (recovery and recall find rows by mark)."""

_EDGE_KINDS = frozenset({FactKind.SHOE_STARTED.value, FactKind.PLAYER_EDGE.value})
"""The recorded output kinds that change the shoe's edge alerts (:meth:`Controller._keep_edges`)."""
