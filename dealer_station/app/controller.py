"""The table controller: one table, owned by one thread; every input journaled before it is acted on.

DESIGN.md "Data flow" and "Durability and recovery". The controller wires the pure state machine
(:mod:`dealer_station.domain.table`) to the journal (:mod:`dealer_station.journal`), the outbox
of platform events (:mod:`dealer_station.outbox`), the accounts (supervisor authority) and the
listeners (console, publisher, logs) that receive :class:`Fact` values.

For each input: (1) the input row is appended and committed; (2) the state machine acts;
(3) one decision row with the machine's outputs, and the platform events they make, is appended
in one transaction; (4) listeners are told, synchronously, on the owner thread. On start the
open shoe's inputs are replayed (a fold); only an input whose decision row is missing is decided
again, so no event is appended twice and no published result changes.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import structlog

from dealer_station.app.accounts import Accounts, AuthError
from dealer_station.app.config import StationConfig
from dealer_station.app.edge import EdgeMonitor, edge_watch_for
from dealer_station.app.logging import log_enabled, safe_repr
from dealer_station.domain.free_text import act_text_problem
from dealer_station.domain.incidents import Incident
from dealer_station.domain.rules import hand_total
from dealer_station.domain.table import NO_DEALER, STAFF_ACTS, TableMachine
from dealer_station.journal import EventSpec, Journal, JournalError, replay_open_shoe
from drivers.frames import CardRead, Connected, ConnectionLost, CutCard, Garbage, NoRead

__all__ = ["ActRefused", "AuthError", "Controller", "EdgeMonitor", "Fact", "RoundRecord", "TableView", "utcnow",
           "iso_utc"]

_TABLE_INPUTS = ("frame", "link", "dealer", "timer", "supervisor", "publisher")

_HELD_KINDS = ("frame", "link", "timer", "publisher")
"""Inputs that happened at the table whatever the journal does: held while it fails, never dropped."""

_EVENT_KINDS = frozenset({"shoe_started", "shoe_ended", "betting_opened", "betting_closed", "card_accepted",
                          "round_completed", "round_voided", "round_paused", "round_resumed", "player_edge",
                          "table_status", "procedure_violation"})
"""Machine outputs that make a platform event (:meth:`Controller._events`)."""


def utcnow() -> datetime:
    """The current time, aware, in UTC."""
    return datetime.now(UTC)


def iso_utc(moment: datetime) -> str:
    """UTC ISO-8601 with microseconds and ``Z`` (``2026-11-30T04:05:06.123456Z``)."""
    if moment.tzinfo is UTC:
        return moment.isoformat(timespec="microseconds")[:-6] + "Z"
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


class ActRefused(RuntimeError):
    """A dealer or supervisor act that does not fit the table now (journaled). ``act``, ``why``."""

    def __init__(self, act: str, why: str) -> None:
        super().__init__(f"{act}: {why}")
        self.act = act
        self.why = why


@dataclass(frozen=True)
class Fact:
    """What the controller tells listeners (console, publisher, logs). ``data`` is JSON-able.

    Kinds: ``state_changed``, ``betting_opened``, ``betting_closed``, ``burn_indicator``,
    ``card_burned``, ``burn_done``, ``card_accepted``, ``rescan_requested``, ``round_dealt``,
    ``round_completed``, ``round_paused``, ``round_resumed``, ``round_voided``, ``shoe_started``,
    ``shoe_ended``, ``cut_card``, ``player_edge``, ``garbage``, ``connection``, ``card_moved``,
    ``cards_discarded``, ``card_while_paused``, ``no_read_while_paused``, ``incident_while_paused``,
    ``act_refused``, ``auth_refused``, ``table_status``, ``input_refused``, ``input_held``, ``error``,
    ``ignored``, ``stopped`` (the station stopped: :meth:`Controller.stop`), ``dealer_signed_in``,
    ``dealer_signed_out``, ``betting_not_opened`` (betting would open by itself but no dealer is signed in).
    ``input_held``: a shoe event (or the betting timer) that came while the journal failed; it
    is held, shown (:attr:`TableView.held_inputs`) and journaled and acted on, in order, at ``resume``.
    """

    kind: str
    data: dict


@dataclass(frozen=True)
class TableView:
    """Everything the dealer screen shows; an immutable snapshot (see docs/controller.md)."""

    state: str
    prompt: str
    next_position: str | None
    who_draws: str | None
    table_id: str
    shoe_number: int
    round_number: int
    cards_left: int
    burn_indicator: str | None
    burn_remaining: int
    cut_card_out: bool
    last_round: bool
    player: tuple[str, ...]
    banker: tuple[str, ...]
    player_total: int | None
    banker_total: int | None
    offered_bets: tuple[str, ...]
    misreads: int
    rescan: str | None
    incident: Incident | None
    result: dict | None
    history: tuple[str, ...]
    betting_seconds_left: float | None
    connected: bool
    burned: tuple[str, ...] = ()
    manual: tuple[str, ...] = ()
    held: tuple[str, ...] = ()
    """Cards the shoe read while paused, held for the supervisor (enter one, or discard them explicitly)."""
    held_inputs: tuple[str, ...] = ()
    """Shoe events held while the journal fails (``"card AH"``, ``"no_read"``...), acted on at ``resume``."""
    dealer: str | None = None
    """The dealer signed in at the table (:meth:`Controller.sign_in`), or None."""
    dealer_how: str | None = None
    """How that dealer signed in: ``pin``, ``badge``, ``configured`` (the station's setting) or ``demo``."""


@dataclass(frozen=True)
class RoundRecord:
    """One finished round from the journal (RULES.md §2: completed or voided, with its cards and flags)."""

    shoe: int
    round: int
    status: str
    player: tuple[str, ...]
    banker: tuple[str, ...]
    player_total: int | None
    banker_total: int | None
    winner: str | None
    available_bets: tuple[str, ...]
    last_round: bool
    flags: dict = field(default_factory=dict)
    reason: str | None = None
    note: str | None = None
    manual: tuple[str, ...] = ()
    round_id: str = ""
    dealer: str | None = None
    """Who dealt the round (the dealer signed in); None in a journal made before dealers signed in."""

    @classmethod
    def from_output(cls, data: dict, table_id: str = "") -> "RoundRecord":
        """Build from a ``round_completed`` / ``round_voided`` output."""
        flag_keys = ("margin", "player_natural", "banker_natural", "player_pair", "banker_pair",
                     "player_perfect_pair", "banker_perfect_pair", "lucky_six", "cards_used")
        return cls(shoe=int(data["shoe"]), round=int(data["round"]), status=str(data["status"]),
                   player=tuple(data.get("player", ())), banker=tuple(data.get("banker", ())),
                   player_total=data.get("player_total"), banker_total=data.get("banker_total"),
                   winner=data.get("winner"), available_bets=tuple(data.get("available_bets", ())),
                   last_round=bool(data.get("last_round")),
                   flags={k: data[k] for k in flag_keys if k in data},
                   reason=data.get("reason"), note=data.get("note"), manual=tuple(data.get("manual", ())),
                   round_id=round_id(table_id, int(data["shoe"]), int(data["round"])) if table_id else "",
                   dealer=data.get("dealer"))

    def line(self) -> dict:
        """The ``simulate`` output line of this round."""
        return _round_line(self.shoe, self.round, self.status, self.player, self.banker, self.player_total,
                           self.banker_total, self.winner, self.available_bets, self.last_round, self.dealer)

    @staticmethod
    def line_of(data: dict) -> dict:
        """``RoundRecord.from_output(data).line()`` without the record (a replay makes one per round)."""
        return _round_line(int(data["shoe"]), int(data["round"]), str(data["status"]), data.get("player", ()),
                           data.get("banker", ()), data.get("player_total"), data.get("banker_total"),
                           data.get("winner"), data.get("available_bets", ()), bool(data.get("last_round")),
                           data.get("dealer"))


def _round_line(shoe: int, rnd: int, status: str, player, banker, player_total, banker_total, winner,
                available_bets, last_round: bool, dealer: str | None = None) -> dict:
    """The one shape of a round's output line (:meth:`RoundRecord.line`).

    ``dealer``: who dealt it, the line's last key; left out when no dealer was signed in (a replay of a
    recording or a journal made before sign-ins), so those lines stay as they were.
    """
    line = {"shoe": shoe, "round": rnd, "status": status, "player": list(player), "banker": list(banker),
            "player_total": player_total, "banker_total": banker_total, "winner": winner,
            "available_bets": list(available_bets), "last_round": last_round}
    if dealer is not None:
        line["dealer"] = dealer
    return line


def rule_settings(config: StationConfig) -> dict[str, object]:
    """The configuration keys that change the table's decisions, as JSON-able values.

    Recorded in a ``shoe_settings`` note (marked ``shoe_settings``) after the ``shoe_started`` decision;
    recovery refuses to replay an open shoe under other values
    (:func:`dealer_station.journal.replay_open_shoe`), because the same inputs would then make a different table
    (RULES.md §1, §3, §5).
    """
    return {"shoe.decks": config.decks, "shoe.max_misreads": config.max_misreads,
            "burn.indicator_counts": config.burn_indicator_counts, "burn.ace_burns": config.burn_ace,
            "cut_card.between_rounds": config.cut_between_rounds, "betting.auto_open": config.betting_auto_open,
            "table.paytable": config.paytable_name, "table.mode": config.mode.value,
            "table.offered_bets": list(config.offered_bets)}


def shoe_id(table_id: str, shoe: int) -> str:
    """``T1-S0003``."""
    return f"{table_id}-S{shoe:04d}"


def round_id(table_id: str, shoe: int, rnd: int) -> str:
    """``T1-S0003-R012``."""
    return f"{shoe_id(table_id, shoe)}-R{rnd:03d}"


def _status(state: str) -> str:
    if state == "no_shoe":
        return "closed"
    if state in ("shuffle", "burn_indicator", "burning"):
        return "shuffling"
    if state == "paused":
        return "paused"
    if state == "shoe_end":
        return "shoe_change"
    return "open"


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
        of the table's pay table and mode (RULES.md §3).
    require_dealer:
        True (the console, ``run``, ``simulate``): a shoe starts and betting opens only while a dealer is
        signed in (:meth:`sign_in`); the refusal is journaled (a note) and raised as ActRefused. False (the
        default; replays and audits of journals made before sign-ins): only once a dealer has signed in.

    Raises
    ------
    ConfigError
        When ``config`` is not valid (the station refuses to open a shoe on a bad configuration).
    JournalError
        When the journal cannot be read for recovery.
    """

    def __init__(self, config: StationConfig, journal: Journal, *, accounts: Accounts | None = None,
                 clock: Callable[[], datetime] = utcnow, edge_monitor: EdgeMonitor | None = None,
                 monotonic: Callable[[], float] = time.monotonic, require_dealer: bool = False) -> None:
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
        self._listeners: list[tuple[Callable[[Fact], None], frozenset[str] | None]] = []
        self._machine = TableMachine(config.table_settings())
        self._journal_fault: Incident | None = None
        self._fault_journaled = False  # the journal_failure pause is in the journal (written at resume)
        self._stopping = False         # begin_stop(): a link loss from now on is the reader closing
        self._busy = False             # a call is being decided: a re-entrant call waits in _deferred
        self._deferred: deque[tuple[Callable[..., Any], tuple, dict]] = deque()
        self._decided_seq = 0          # the input of the last decision row written
        self._held_inputs: list[dict] = []
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
        self._status = "closed" if self._machine.closed else _status(self._machine.state)
        if self._machine.state == "betting_open" and config.betting_window_seconds > 0:
            # Restarted while betting was open: a fresh whole window. The time already run cannot be known
            # without the wall clock (a monotonic clock starts again at boot), and a wall clock that stepped
            # while the station was down would close betting at once or keep it open for hours; a longer
            # window changes no result (docs/controller.md "Time").
            self._deadline = self._monotonic() + config.betting_window_seconds
        if recovery.pending is not None:
            # The station stopped between the input row and its decision: decide it as it would have been
            # decided then, table status change included (the status before it comes from the fold).
            self._decide(recovery.pending.seq, [tuple(o) for o in recovery.pending_outputs], self._now(),
                         status_from=_status(recovery.state_before_pending or "no_shoe"))
        if self._journal_fault is None:
            self._prune_events()
        self._safe_log("info", "controller_started", replayed=recovery.inputs, from_seq=recovery.from_seq,
                       pending=recovery.pending.seq if recovery.pending else None, state=self._machine.state)

    # ------------------------------------------------------------- listeners

    def subscribe(self, listener: Callable[[Fact], None], kinds: Iterable[str] | None = None) -> None:
        """Call ``listener(fact)`` for every fact (or only facts of ``kinds``), synchronously, on the owner thread.

        A listener that raises is logged and otherwise ignored (it never stops the table).
        """
        self._listeners.append((listener, None if kinds is None else frozenset(kinds)))

    def _tell(self, kind: str, data: dict) -> None:
        fact = None
        for listener, kinds in tuple(self._listeners):
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
        """An immutable view of the table for rendering."""
        m = self._machine
        dealer = m.dealer
        player = tuple(c.token for c in dealer.player) if dealer else ()
        banker = tuple(c.token for c in dealer.banker) if dealer else ()
        state = m.state
        incident = m.incident
        prompt = m.prompt()
        if self._journal_fault is not None:
            state, incident = "paused", self._journal_fault
            cause = self._journal_fault.detail.partition(": ")[2]
            prompt = f"PAUSED: JOURNAL FAILURE{f' ({cause.upper()})' if cause else ''}: CALL THE SUPERVISOR"
            if self._held_inputs:
                count = len(self._held_inputs)
                prompt += f" ({count} SHOE EVENT{'S' if count != 1 else ''} HELD)"
        result = dict(m.result) if m.result is not None else None
        if m.state == "result" or (m.state == "paused" and m.state_before == "result"):
            result = {"status": "dealt", **(m.provisional() or {})}
        left = None
        if m.state == "betting_open" and self._deadline is not None:
            left = max(0.0, self._deadline - self._monotonic())
        return TableView(
            state=state, prompt=prompt, next_position=m.next_position, who_draws=m.who_draws(),
            table_id=self.config.table_id, shoe_number=m.shoe_number, round_number=m.round_number,
            cards_left=m.cards_left, burn_indicator=m.burn_indicator, burn_remaining=m.burn_remaining,
            cut_card_out=m.cut_card_out, last_round=m.last_round(), player=player, banker=banker,
            player_total=hand_total(dealer.player) if player else None,
            banker_total=hand_total(dealer.banker) if banker else None,
            offered_bets=tuple(m.offered) if m.round_open else (), misreads=m.misreads, rescan=m.rescan,
            incident=incident, result=result, history=tuple(m.history), betting_seconds_left=left,
            connected=m.connected, burned=tuple(m.burned), manual=tuple(m.manual_positions),
            held=tuple(m.held), held_inputs=tuple(_describe(b) for b in self._held_inputs),
            dealer=m.signed_in, dealer_how=m.signed_in_how)

    @property
    def state(self) -> str:
        """The table's state as :meth:`snapshot` shows it (``"paused"`` while the journal has failed),
        without building the whole view (the automatic dealer asks before every act)."""
        return "paused" if self._journal_fault is not None else self._machine.state

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
        the queued input's refusal is journaled and told as a fact when it runs, like any other)."""
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
                self._tell("error", {"detail": repr(err)})
            finally:
                self._busy = False

    def shoe_event(self, event: Any) -> None:
        """Take one event from the shoe reader (``drivers.frames``: CardRead, NoRead, CutCard, Garbage,
        Connected, ConnectionLost). Never raises: surprises become incidents (RULES.md §5).

        A ``ConnectionLost`` pauses the table (``shoe_disconnected``), unless the station is stopping
        (:meth:`begin_stop`): then it is the reader closing, journaled as a link ``closed`` (no pause).
        """
        self._call(self._take_shoe_event, event)

    def _take_shoe_event(self, event: Any) -> None:
        try:
            body = _event_body(event)
            if self._stopping and body["kind"] == "link" and body["event"] == "lost":
                body["event"] = "closed"  # the stopping station's reader closing, not a lost shoe
            self._input(body)
        except Exception as err:  # noqa: BLE001 - the reader's input never raises into the owner loop
            self._safe_log("error", "shoe_event_failed", error=safe_repr(err))
            self._tell("error", {"detail": safe_repr(err)})

    def begin_stop(self, stopping: bool = True) -> None:
        """The station is stopping (SIGTERM, Ctrl-C, the console closing, the last shoe done, idle): from now
        on the reader's ``ConnectionLost`` is its close, not a lost shoe. Call it before stopping the reader,
        then give the controller what the reader still delivers, then :meth:`stop`. ``stopping=False``
        takes it back (a tool re-running a journal)."""
        self._stopping = bool(stopping)

    def stop(self, why: str = "stopped") -> bool:
        """Journal the station's stop (a ``stop`` input): the table goes ``closed`` for the platform
        (``table_status``), nothing else of the table changes, so the open round stays open for the next
        start and recovery resumes it exactly. A stop is not a pause: no incident, no supervisor.

        ``why``: a few words for the journal (``"SIGTERM"``, ``"console closed"``, ``"finished"``).
        Returns True when the stop is journaled (or nothing happened since the last one); False while the
        journal fails (the table stays paused on ``journal_failure``) or when called from inside another
        input (queued). Ends :meth:`begin_stop`. Never raises.
        """
        return bool(self._call(self._take_stop, why))

    def _take_stop(self, why: str) -> bool:
        try:
            if self._machine.closed and self._journal_fault is None:
                return True  # stopped already, and nothing came since
            return self._input({"kind": "stop", "why": str(why)}) is not None
        except Exception as err:  # noqa: BLE001 - a stop never raises into the station's shutdown
            self._safe_log("error", "stop_failed", error=repr(err))
            return False
        finally:
            self._stopping = False

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
        if (self.require_dealer and act in ("new_shoe", "open_betting") and self._machine.signed_in is None
                and self._journal_fault is None):
            why = NO_DEALER if act == "open_betting" else \
                "no dealer is signed in: a dealer signs in at the console first"
            self._note({"kind": "act_refused", "by": "dealer", "act": str(act), "why": why})
            self._tell("act_refused", {"by": "dealer", "act": act, "why": why, "state": self._machine.state.value})
            raise ActRefused(act, why)
        outputs = self._input({"kind": "dealer", "act": str(act), "args": args})
        if outputs is None:
            raise ActRefused(act, "the table is paused: journal failure")
        for kind, data in outputs:
            if kind == "act_refused":
                raise ActRefused(act, str(data.get("why")))

    @property
    def signed_in(self) -> str | None:
        """The dealer signed in at the table (None: nobody); it survives a restart (the journal's fold)."""
        return self._machine.signed_in

    def sign_in(self, user: str, pin: str = "", *, how: str = "pin") -> None:
        """A dealer signs in at the table (the shift rotation: the dealer before is replaced), between rounds.

        ``how``:

        - ``"pin"``: ``user``'s PIN is checked against the accounts (role dealer or supervisor; wrong PINs
          count towards the lockout);
        - ``"badge"``: a dealer badge was scanned; with a PIN it is checked as ``"pin"``; without one the
          account must exist, be enabled and not locked, and ``[console] badge_signs_in`` must be true;
        - ``"configured"``: the station's own dealer id (``[table] dealer``, ``--dealer``; headless runs and
          the simulator); no account, no PIN;
        - ``"demo"``: the console's demo dealer on the simulated shoe while there are no accounts at all.

        Journaled as the dealer input ``{"act": "sign_in", "args": {"user", "how"}}`` (never the PIN).

        Raises
        ------
        AuthError
            Unknown user, wrong PIN, locked, disabled, not a dealer or supervisor, no accounts, a badge alone
            while badges need the PIN, a demo dealer while accounts exist (journaled as an ``auth_refused``
            note).
        ActRefused
            A round is open or the table is paused (the dealer changes between rounds), the same dealer is
            already signed in, or the journal failed (journaled).
        """
        user, pin, how = str(user or "").strip(), str(pin or ""), str(how)
        who = {"act": "sign_in", "user": user, "how": how}
        try:
            self._check_dealer(user, pin, how)
        except AuthError as err:
            self._note({"kind": "auth_refused", **who, "code": err.code, "why": str(err)})
            self._tell("auth_refused", {**who, "code": err.code, "why": str(err)})
            raise
        self._staff_input("sign_in", {"user": user, "how": how})

    def sign_in_configured(self, dealer: str) -> bool:
        """Sign in the station's configured dealer (``[table] dealer``, ``--dealer``; headless runs and the
        simulator): journaled as a sign-in ``how: configured``, no PIN. Nothing is done when that dealer is
        already signed in, or while a round is open or the table is paused (the dealer signed in deals on:
        a dealer changes between rounds). Returns True when it signed in now.

        Raises AuthError for an empty id; ActRefused when the journal failed.
        """
        if self._machine.signed_in == dealer or self._machine.round_open or self.state == "paused":
            return False
        self.sign_in(dealer, how="configured")
        return True

    def sign_out(self) -> None:
        """The dealer signs out (between rounds); betting does not open until another signs in.

        Raises ActRefused (journaled) when nobody is signed in, a round is open or the table is paused.
        """
        self._staff_input("sign_out", {})

    def _staff_input(self, act: str, args: dict) -> None:
        self._call(self._take_staff, act, args)

    def _take_staff(self, act: str, args: dict) -> None:
        outputs = self._input({"kind": "dealer", "act": act, "args": args})
        if outputs is None:
            raise ActRefused(act, "the journal failed")
        for kind, data in outputs:
            if kind == "act_refused":
                raise ActRefused(act, str(data.get("why")))

    def _check_dealer(self, user: str, pin: str, how: str) -> None:
        """Raise AuthError unless ``user`` may sign in as the dealer ``how`` says (see :meth:`sign_in`)."""
        if getattr(self.accounts, "recorded", False):
            return  # a replay or an audit: the act was checked at the table when it was recorded
        if how == "configured":
            if not user:
                raise AuthError("unknown_user", "no dealer id is configured")
            return
        if how == "demo":
            try:
                exist = self.accounts is not None and bool(self.accounts.list())
            except Exception:  # noqa: BLE001 - a damaged accounts file: no demo dealer past it
                exist = True
            if exist:
                raise AuthError("wrong_role", "accounts exist: a dealer signs in with an account, not as the "
                                              "demo dealer")
            return
        if how not in ("pin", "badge"):
            raise AuthError("unknown_user", f"sign-in {how!r}: allowed pin, badge, configured, demo")
        if self.accounts is None:
            raise AuthError("no_accounts", "no accounts file is configured: add one with 'dealer-station users add'")
        if how == "badge" and not pin:
            if not self.config.badge_signs_in:
                raise AuthError("wrong_pin", "a badge alone does not sign in here ([console] badge_signs_in = "
                                             "false): enter the PIN")
            account = self.accounts.account(user)
        else:
            account = self.accounts.authenticate(user, pin)
        if account.role not in ("dealer", "supervisor"):
            raise AuthError("wrong_role", f"user {user!r} is a {account.role}, not a dealer")

    def tick(self, *, expired: bool = False) -> None:
        """Let time act: closes betting when the betting window has run out (call it often).

        The window is measured on the ``monotonic`` clock: it closes ``betting.window_seconds`` after it
        opened, whatever the wall clock did meanwhile. ``expired=True``: the window has run out whatever
        the clocks say (a replay of a recorded ``timer`` input: the table's clock decided it then); it still
        acts only while a window runs (betting open, ``betting.window_seconds`` above 0).
        """
        self._call(self._take_tick, expired)

    def _take_tick(self, expired: bool) -> None:
        if self._deadline is None or self._machine.state != "betting_open":
            return
        if expired or self._monotonic() >= self._deadline:
            self._deadline = None
            self._input({"kind": "timer", "act": "close_betting"})

    def event_refused(self, event_id: int, problem: str) -> None:
        """The publisher did not send outbox event ``event_id``: it does not match the journal's chain
        (``problem``, plain words). Journaled as an input; pauses the round with an ``event_mismatch``
        incident (recorded, without a pause, when no shoe is open). Call it on the owner thread, like every
        input (the publisher's ``on_refused`` runs on its own thread: hand it over through a queue). Never raises.
        """
        try:
            self._input({"kind": "publisher", "act": "event_refused", "event_id": int(event_id),
                         "problem": str(problem)[:500]})
        except Exception as err:  # noqa: BLE001 - like a shoe event, it never raises into the owner loop
            self._safe_log("error", "event_refused_failed", error=repr(err))

    def supervisor(self, act: str, *, user: str, pin: str, reason: str, note: str = "", **kw: Any) -> None:
        """A supervisor act from ``paused``: ``resume``, ``enter_card`` (``token=``), ``move_card``
        (``from_position=``, ``to_position=``), ``void_round``, ``end_shoe``.

        A card the shoe read while paused is held (:attr:`TableView.held`): ``resume`` and ``enter_card``
        of another card are refused until it is entered (``enter_card(token=it)``) or discarded
        explicitly (``discard_held=True``); ``void_round`` and ``end_shoe`` discard it. While the journal
        fails only ``resume`` is taken: it writes what is pending, then journals and acts on the shoe events
        held meanwhile (:attr:`TableView.held_inputs`), in order.

        Needs an authenticated supervisor, a reason code and a note (DESIGN.md "The table state machine"),
        each with visible text and no control character (:func:`dealer_station.domain.free_text.free_text_problem`:
        a note of zero-width spaces, NUL or an escape sequence is refused like an empty one).

        Raises
        ------
        AuthError
            Not a supervisor, wrong PIN, locked, disabled, unknown user, or no accounts (journaled).
        ActRefused
            No reason or note (or one blank or with control characters), or the act does not fit the
            table now (journaled).

        Called from inside another input (a listener), the act is queued until that one has ended and this
        returns None at once (its refusal is then journaled and told, not raised).
        """
        self._call(self._take_supervisor, act, user, pin, reason, note, kw)

    def _take_supervisor(self, act: str, user: str, pin: str, reason: str, note: str, kw: dict) -> None:
        args = {k: v for k, v in kw.items() if isinstance(v, (str, int, float, bool)) or v is None}
        who = {"act": str(act), "user": str(user), "reason": str(reason or ""), "note": str(note or "")}
        try:
            if self.accounts is None:
                raise AuthError("no_accounts", "no accounts file is configured")
            self.accounts.authenticate(user, pin, role="supervisor")
        except AuthError as err:
            self._note({"kind": "auth_refused", **who, "code": err.code, "why": str(err)})
            self._tell("auth_refused", {**who, "code": err.code, "why": str(err)})
            raise
        why = act_text_problem(who["reason"], who["note"])
        if why is not None:
            self._note({"kind": "act_refused", **who, "why": why})
            self._tell("act_refused", {"by": "supervisor", "act": act, "why": why, "state": self._machine.state.value})
            raise ActRefused(act, why)
        if self._journal_fault is not None:
            self._clear_journal_fault(who)
            return
        outputs = self._input({"kind": "supervisor", **who, "args": args})
        if outputs is None:
            raise ActRefused(act, "the journal failed")
        for kind, data in outputs:
            if kind == "act_refused":
                raise ActRefused(act, str(data.get("why")))

    # ------------------------------------------------------------ recall

    def recall(self, shoe: int | None = None) -> list[RoundRecord]:
        """Finished rounds (completed and voided) from the journal, oldest first; one shoe or all."""
        out = []
        for _kind, data in self.recorded_outputs(("round_completed", "round_voided"), mark="round"):
            if shoe is None or data.get("shoe") == shoe:
                out.append(RoundRecord.from_output(data, self.config.table_id))
        return out

    def recorded_outputs(self, kinds: tuple[str, ...], mark: str | None = None) -> Iterator[tuple[str, dict]]:
        """Decided outputs of the given kinds from the journal, in order (e.g. to re-print a run)."""
        for row in self.journal.rows(kinds=("decision",), mark=mark):
            for item in row.body.get("outputs", []):
                if item[0] in kinds:
                    yield item[0], item[1]

    # ------------------------------------------------------------- internals

    def _now(self) -> str:
        try:
            moment = self._clock()
            if moment != self._last_moment:  # a replay's clock stands still between a card and its acts
                self._last_moment, self._last_ts = moment, iso_utc(moment)
            return self._last_ts
        except Exception:  # noqa: BLE001 - a broken clock must not stop the table
            return iso_utc(utcnow())

    def _input(self, body: dict) -> list | None:
        """Journal one input, act on it, journal the decision, tell listeners. None on a journal fault."""
        ts = self._now()
        body = {**body, "ts": ts}
        if self._journal_fault is not None:
            if body.get("kind") in _HELD_KINDS:
                self._hold(body)
                return None
            self._tell("input_refused", {"input": body, "why": "journal failure: nothing is accepted"})
            self._safe_log("error", "input_refused", input=body)
            return None
        try:
            seq = self.journal.add("input", body, ts, json_only=True, owned=True)  # made here, never changed
        except JournalError as err:
            self._fault(err)
            if body.get("kind") in _HELD_KINDS:
                self._hold(body)
            else:
                self._tell("input_refused", {"input": body, "why": str(err)})
            return None
        before = self._status
        deadline = self._deadline
        outputs = self._machine.step(body)
        self._bind()
        try:
            return self._decide(seq, outputs, ts, status_from=before)
        except Exception as err:  # noqa: BLE001 - the decision raised before its row: nothing of the step remains
            if self._decided_seq == seq or self._pending is not None and self._pending[0] == seq:
                raise  # its decision row is written (or kept): it stands
            self._machine.undo_step()
            self._status, self._deadline = before, deadline
            self._safe_log("error", "decision_failed", input=body, error=repr(err))
            outputs = self._machine.fail(body, type(err).__name__, f"{type(err).__name__}: {err}")
            return self._decide(seq, outputs, ts, status_from=before)

    def _decide(self, seq: int, outputs: list[tuple[str, dict]], ts: str, *, status_from: str | None,
                status_to: str | None = None, tell: bool = True) -> list:
        """Add what follows from the machine's ``outputs`` (edge alerts, the table status), journal the
        decision, tell listeners (unless ``tell`` is false) and log; return every output. ``status_to``: the
        table status this decision makes, when it is not the machine's (a journal failure's pause)."""
        m = self._machine
        outputs = list(outputs)
        kinds = {kind for kind, _ in outputs}
        if "round_completed" in kinds and self._edge_monitor is not None:
            outputs += self._edge_alerts()
        state = m.state
        status = status_to or ("closed" if m.closed else _status(state))
        if status_from is not None and status != status_from:
            outputs.append(("table_status", {"status": status, "state": str(state)}))
        self._status = status
        if "betting_opened" in kinds and self.config.betting_window_seconds > 0:
            self._deadline = self._monotonic() + self.config.betting_window_seconds
        if not self._write_decision(seq, outputs, ts):
            self._pending = (seq, outputs, ts)
        for kind, data in outputs if tell else ():
            self._tell(kind, data)
        self._log_outputs(outputs)
        if "shoe_ended" in kinds and self._journal_fault is None:
            self._prune_events()
            if log_enabled("info"):
                self._log_head()
        return outputs

    def _prune_events(self) -> None:
        """Prune the events the broker acknowledged more than ``journal.event_retention_days`` ago from the
        outbox (:meth:`Journal.prune_events`: a chained note, the chain verifies as before). At start and at
        every shoe end. Housekeeping: a failure is logged and leaves the events, it never stops the table."""
        prune = getattr(self.journal, "prune_events", None)
        if prune is None or not self._keeps_events:
            return
        try:
            cutoff = iso_utc(self._clock() - timedelta(days=self.config.event_retention_days))
            pruned = prune(cutoff, self._now())
        except Exception as err:  # noqa: BLE001 - keeping old events longer is always safe
            self._safe_log("warning", "events_prune_failed", error=safe_repr(err))
            return
        if pruned:
            self._safe_log("info", "events_pruned", count=pruned, before=cutoff)

    def _log_head(self) -> None:
        """Log the journal chain's head (``journal_head``, ``SEQ:HASH``): kept in the log, it lets
        ``journal verify --head`` show rows cut off the end, which the chain alone cannot."""
        try:
            seq, digest = self.journal.head
        except Exception as err:  # noqa: BLE001 - logging never stops the table
            self._safe_log("error", "journal_head_failed", error=safe_repr(err))
            return
        self._safe_log("info", "journal_head", head=f"{seq}:{digest}")

    def _write_decision(self, seq: int, outputs: list, ts: str) -> bool:
        m = self._machine
        body = {"input": seq, "shoe": m.shoe_number, "round": m.round_number, "state": m.state.value,
                "connected": m.connected, "outputs": [[k, d] for k, d in outputs]}
        if m.staffed:  # who is at the table after this decision (recovery restores it; old rows have no key)
            body["staff"] = m.staff()
        marks = {_MARKS[kind] for kind, _ in outputs if kind in _MARKS}
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
            # Recovery refuses to replay this shoe under other rule settings (replay_open_shoe); a note the
            # journal failed to take is written at the supervisor's resume, before anything else.
            settings = {"kind": "shoe_settings", "shoe": m.shoe_number, "settings": self._settings}
            if not self._note(settings, mark=("shoe_settings",)):
                self._pending_note = settings
        return True

    def _edge_alerts(self) -> list[tuple[str, dict]]:
        m = self._machine
        try:
            alerts = self._edge_monitor(m.remaining, m.rounds[-1]["round"] if m.rounds else 0)  # type: ignore[misc]
            out = []
            for alert in alerts or []:
                data = json.loads(json.dumps(dict(alert), default=str))
                out.append(("player_edge", {"shoe": m.shoe_number, "round": m.rounds[-1]["round"], **data}))
            return out
        except Exception as err:  # noqa: BLE001 - the monitor is advisory; it never stops the table
            self._safe_log("error", "edge_monitor_failed", error=safe_repr(err))
            return [("error", {"detail": f"edge monitor failed: {safe_repr(err)}"})]

    def _events(self, outputs: list) -> list[EventSpec]:
        m = self._machine
        table = self.config.table_id
        events: list[EventSpec] = []
        for kind, data in outputs:
            if kind not in _EVENT_KINDS:
                continue  # a fact for the console and logs only: no platform event
            shoe = int(data.get("shoe", m.shoe_number) or 0)
            sid = shoe_id(table, shoe) if shoe else None
            rnd = data.get("round")
            if rnd is None and m.round_open:
                rnd = m.round_number
            rid = round_id(table, shoe, int(rnd)) if shoe and rnd else None
            if kind == "shoe_started":
                events.append(EventSpec("shoe_started", {"shoe_number": shoe, "decks": data.get("decks")}, sid))
            elif kind == "shoe_ended":
                events.append(EventSpec("shoe_ended", {**data, "shoe_number": shoe}, sid))
            elif kind == "betting_opened":
                bets = tuple(data.get("offered_bets", ()))
                events.append(EventSpec("round_opened", {
                    "round_number": rnd, "bets_offered": list(bets), "limits": self.config.limits(bets),
                    "mode": self.config.mode.value, "paytable": self.config.paytable_name,
                    "last_round": data.get("last_round", False)}, sid, rid))
            elif kind == "betting_closed":
                events.append(EventSpec("betting_closed", {"round_number": rnd, "by": data.get("by")}, sid, rid))
            elif kind == "card_accepted":
                events.append(EventSpec("card_dealt", {"round_number": rnd, "position": data["position"],
                                                       "card": data["card"], "manual": data["manual"]}, sid, rid))
            elif kind == "round_completed":
                events.append(EventSpec("round_result", {**data, "round_number": rnd, **self._round_times()},
                                        sid, rid))
            elif kind == "round_voided":
                events.append(EventSpec("round_voided", {**data, "round_number": rnd}, sid, rid))
            elif kind == "round_paused":
                events.append(EventSpec("round_paused", {"incident": data, "round_number": m.round_number or None},
                                        sid, rid))
            elif kind == "round_resumed":
                events.append(EventSpec("round_resumed", {**data, "round_number": m.round_number or None}, sid, rid))
            elif kind == "player_edge":
                events.append(EventSpec("player_edge", dict(data), sid, rid))
            elif kind == "table_status":
                events.append(EventSpec("table_status", dict(data), sid))
            elif kind == "procedure_violation":  # a frame with no shoe open: part of no shoe or round
                events.append(EventSpec("alert", stray_frame_alert(data, sid)))
        return events

    def _round_times(self) -> dict[str, str | None]:
        """``first_card_ts`` (the journal time of the round's first accepted card, None when the journal cannot
        say) and ``decided_ts`` (the time of the decision that completes the round), UTC ISO (docs/events.md,
        "Timing")."""
        first = None
        try:
            after = max((row.seq for row in (self.journal.last_marked("round"), self.journal.last_marked(
                "shoe_started")) if row is not None), default=0)
            for row in self.journal.rows(after, kinds=("decision",)):
                if any(item[0] == "card_accepted" for item in row.body.get("outputs", ())):
                    first = row.ts
                    break
        except Exception as err:  # noqa: BLE001 - a timing field never stops the table
            self._safe_log("error", "first_card_time_unknown", error=safe_repr(err))
        return {"first_card_ts": first, "decided_ts": self._deciding_ts}

    def _note(self, body: dict, mark: tuple[str, ...] = ()) -> bool:
        """Journal a note; False (and the journal fault) when it cannot be written."""
        ts = self._now()
        try:
            self.journal.add("note", {**body, "ts": ts}, ts, mark=mark)
        except JournalError as err:
            self._fault(err)
            return False
        return True

    def _fault(self, err: Exception) -> None:
        """Pause on a journal write failure, naming its cause (``disk full``, ``I/O error``, ``database is
        locked``: :attr:`JournalError.cause`) on the incident (reason, detail), the screen and the log. The
        pause is journaled and published when the journal takes rows again (:meth:`_clear_journal_fault`)."""
        cause = str(getattr(err, "cause", "") or "")
        if self._journal_fault is None:
            detail = f"the journal could not be written: {cause}" if cause else "the journal could not be written"
            self._journal_fault = Incident("journal_failure", _CAUSE_CODES.get(cause, "write_failed"),
                                           self._machine.state, None, str(err), self._now(), detail)
            self._fault_journaled = False
            self._tell("round_paused", self._journal_fault.as_dict())
        self._safe_log("error", "journal_failure", cause=cause or None, error=str(err))

    def _hold(self, body: dict) -> None:
        """Keep a shoe event that came while the journal fails: the card is out of the shoe, so it is
        never dropped; it is journaled and acted on, in order, when the supervisor resumes."""
        self._held_inputs.append(body)
        self._tell("input_held", {"input": body, "held": len(self._held_inputs),
                                  "why": "journal failure: held until the journal can be written"})
        self._safe_log("error", "input_held", input=body, held=len(self._held_inputs))

    def _clear_journal_fault(self, who: dict) -> None:
        if who["act"] != "resume":
            self._tell("act_refused", {"by": "supervisor", "act": who["act"], "why": "journal failure: only resume"})
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
            if not self._journal_input({"kind": "journal", "event": "failed", "incident": incident.as_dict()}):
                raise ActRefused("resume", "the journal still cannot be written")
        if not self._journal_input({"kind": "journal", "event": "resumed", "act": "resume", "user": who["user"],
                                    "reason": who["reason"], "note": who["note"]}):
            if self._journal_fault is not None and self._journal_fault is incident:
                raise ActRefused("resume", "the journal still cannot be written")
            return  # the resume is journaled; its decision failed: paused again, on a new failure
        held, self._held_inputs = self._held_inputs, []
        if held:
            self._note({"kind": "held_inputs", "count": len(held), "held_at": [b.get("ts") for b in held]})
        for i, body in enumerate(held):
            if self._journal_fault is not None:
                self._held_inputs.extend(held[i:])  # it failed again: the rest stays held, in order
                break
            self._input({k: v for k, v in body.items() if k != "ts"})

    def _journal_input(self, body: dict) -> bool:
        """Journal and decide a ``journal`` input (the journal failure ``failed`` or its ``resumed``) while
        the journal fault is being cleared; True when both rows are written.

        ``failed`` is not told again (listeners heard ``round_paused`` when the journal failed) and makes the
        table status ``paused``; ``resumed`` clears the fault before its facts are told.
        """
        ts = self._now()
        body = {**body, "ts": ts}
        try:
            seq = self.journal.add("input", body, ts, json_only=True, owned=True)
        except JournalError as err:
            self._fault(err)
            return False
        failed = body.get("event") == "failed"
        if failed:
            self._fault_journaled = True  # its decision, if it cannot be written now, is kept (_pending)
        else:
            self._journal_fault = None
        before = self._status
        outputs = self._machine.step(body)
        self._decide(seq, outputs, ts, status_from=before, status_to="paused" if failed else None, tell=not failed)
        return self._pending is None

    def recorded_journal_event(self, body: dict) -> None:
        """Journal and decide a recorded ``journal`` input (``{"kind": "journal", "event": "failed" |
        "resumed", ...}``) as the station did when its journal came back; for ``journal replay``, which
        re-runs a journal on a fresh controller whose journal never fails. Raises ValueError for another input."""
        if body.get("kind") != "journal" or body.get("event") not in ("failed", "resumed"):
            raise ValueError(f"not a journal failure input: {body.get('kind')!r} {body.get('event')!r}")
        self._call(self._journal_input, {k: v for k, v in body.items() if k != "ts"})

    def _bind(self) -> None:
        m = self._machine
        ids = (m.shoe_number, m.round_number, threading.get_ident())
        if ids == self._bound:
            return  # this thread's log context already names this shoe and round
        self._bound = ids
        try:
            table = self.config.table_id
            structlog.contextvars.bind_contextvars(
                table_id=table, shoe_id=shoe_id(table, m.shoe_number) if m.shoe_number else None,
                round_id=round_id(table, m.shoe_number, m.round_number) if m.shoe_number and m.round_number
                else None)
        except Exception:  # noqa: BLE001, S110 - logging never raises into the controller
            pass

    def _log_outputs(self, outputs: list) -> None:
        for kind, data in outputs:
            if kind in _WARN_KINDS:
                self._safe_log("warning", kind, **{"data": data})
            elif kind in _INFO_KINDS:
                self._safe_log("info", kind, **{"data": data})

    def _safe_log(self, level: str, event: str, **kw: Any) -> None:
        if not log_enabled(level):
            return
        try:
            getattr(self._log, level)(event, **kw)
        except Exception:  # noqa: BLE001, S110 - logging never raises into the controller
            pass


_CAUSE_CODES = {"disk full": "disk_full", "I/O error": "io_error", "database is locked": "database_locked",
                "read-only database": "read_only", "cannot open the database file": "cannot_open"}
"""A journal write failure's cause (:func:`dealer_station.journal.store.write_cause`) → the incident's reason code."""

_MARKS = {"shoe_started": "shoe_started", "round_completed": "round", "round_voided": "round",
          "shoe_ended": "shoe_ended"}
"""Output kind → the journal mark of its decision row (recovery and recall find rows by mark)."""

_WARN_KINDS = frozenset({"round_paused", "error", "act_refused", "incident_while_paused", "procedure_violation"})
_INFO_KINDS = frozenset({"round_completed", "round_voided", "shoe_started", "shoe_ended", "round_resumed",
                         "player_edge", "stopped", "dealer_signed_in", "dealer_signed_out"})
"""Outputs the controller logs (as warnings, as information); the rest are in the journal only."""


def stray_frame_alert(data: dict, after_shoe: str | None) -> dict:
    """The ``alert`` event's data for a ``procedure_violation`` fact (a frame read with no shoe open).

    ``{"kind": "frame_without_shoe", "reason", "card", "evidence", "state", "after_shoe"}``: ``card`` is
    the card token when a card was read (``reason`` ``card_without_shoe``), else None; ``evidence`` the
    frame as recorded (raw bytes as hex, the token in brackets); ``state`` ``no_shoe`` (no shoe yet) or
    ``shoe_end``; ``after_shoe`` the id of the last shoe (None before the first). Built from the fact
    alone (the machine's record of the decision), so the journal's decision row makes the same event.
    """
    reason = str(data.get("reason") or "")
    evidence = str(data.get("evidence") or "")
    card = None
    if reason == "card_without_shoe":
        # the machine writes the evidence as "RAW (TOKEN)", or "TOKEN" when there are no raw bytes
        token = evidence[evidence.rindex(" (") + 2:-1] if evidence.endswith(")") and " (" in evidence else evidence
        card = token if _CARD_TOKEN.fullmatch(token) else None
    return {"kind": "frame_without_shoe", "reason": reason, "card": card, "evidence": evidence,
            "state": str(data.get("state") or ""), "after_shoe": after_shoe}


_CARD_TOKEN = re.compile(r"[A2-9TJQK][SHDC]")


def _describe(body: dict) -> str:
    """A held input in a few words: ``"card AH"``, ``"no_read"``, ``"cut card"``, ``"link lost"``."""
    kind = body.get("kind")
    if kind == "frame":
        frame = str(body.get("frame"))
        if frame == "card":
            return f"card {body.get('token')}"
        return "cut card" if frame == "cut" else frame
    if kind == "link":
        return f"link {body.get('event')}"
    return f"{kind} {body.get('act', '')}".strip()


def _event_body(event: Any) -> dict:
    """A shoe event as a journal input body (raw bytes as hex)."""
    raw = getattr(event, "raw", b"")
    raw_hex = raw.hex() if isinstance(raw, (bytes, bytearray)) else ""
    if isinstance(event, CardRead):
        return {"kind": "frame", "frame": "card", "token": str(event.token), "raw": raw_hex}
    if isinstance(event, NoRead):
        return {"kind": "frame", "frame": "no_read", "reason": str(event.reason), "raw": raw_hex}
    if isinstance(event, CutCard):
        return {"kind": "frame", "frame": "cut", "raw": raw_hex}
    if isinstance(event, Garbage):
        return {"kind": "frame", "frame": "garbage", "raw": raw_hex}
    if isinstance(event, Connected):
        return {"kind": "link", "event": "connected", "detail": str(event.description)}
    if isinstance(event, ConnectionLost):
        return {"kind": "link", "event": "lost", "detail": str(event.error or "")}
    return {"kind": "frame", "frame": "unknown", "raw": raw_hex, "repr": repr(event)[:200]}

