"""The table state machine: shoe and round procedure, as data, on ``transitions``.

Rule source: docs/rules.md §1 (shuffle, burn, cut card), §2 (a round), §3 (bets offered per round),
§5 (misreads, pauses); docs/design.md "The table state machine".

This module is pure: no I/O, no clock, no threads. :class:`TableMachine` takes one *input* at a
time (a frozen dataclass of :mod:`dealer_station.domain.inputs`, timestamp included; the journal keeps it as
JSON, :mod:`dealer_station.journal.codec`) and returns the *outputs* it decided (``(kind, data)`` pairs). The
same inputs always give the same state and the same outputs, which is what makes the journal a fold (recovery
replays the inputs).

States (:data:`STATES`) and the allowed transitions (:data:`TRANSITIONS`) are data; the machine
refuses any transition the table does not list (``transitions.MachineError``), and an input that
does not fit the state is never dropped: it becomes a typed incident or a refusal.

Inputs (``ts`` is the UTC time of the input, ``raw`` is hex; each as the journal's JSON):

- :class:`~dealer_station.domain.inputs.FrameInput`: ``{"kind": "frame", "frame": "card", "token": "AS", "raw":
  "..."}``, ``{"kind": "frame", "frame": "no_read", "reason": "no_read", "raw": "..."}``, ``{"kind": "frame",
  "frame": "cut", "raw": "..."}``; ``{"kind": "frame", "frame": "garbage", "raw": "..."}``
- :class:`~dealer_station.domain.inputs.LinkInput`: ``{"kind": "link", "event": "connected" | "lost", "detail":
  "..."}``
- :class:`~dealer_station.domain.inputs.DealerInput`: ``{"kind": "dealer", "act": "new_shoe" | "change_shoe" |
  "shuffled" | "open_betting" | "close_betting" | "confirm_result" | "call_supervisor", "args": {}}``. After a
  shoe ended, ``change_shoe`` begins the shoe change and ``new_shoe`` confirms it (two acts, each journaled).
- ``{"kind": "dealer", "act": "sign_in", "args": {"user": "ana", "how": "pin" | "badge" | "configured" |
  "demo"}}`` (already checked against the accounts), ``{"kind": "dealer", "act": "sign_out", "args": {}}``:
  who is at the table (:data:`STAFF_ACTS`). Refused while a round is open or the table is paused. Once a
  dealer has signed in (:attr:`TableMachine.staffed`), betting opens (by the dealer or by itself) only while
  one is signed in, and every round records its ``dealer``.
- :class:`~dealer_station.domain.inputs.TimerInput`: ``{"kind": "timer", "act": "close_betting"}`` (the betting
  window ran out)
- :class:`~dealer_station.domain.inputs.PublisherRefusal`: ``{"kind": "publisher", "act": "event_refused",
  "event_id": 17, "problem": "..."}`` (the publisher found an outbox event that does not match the journal's
  chain and did not send it: an ``event_mismatch`` pause)
- :class:`~dealer_station.domain.inputs.SupervisorInput`: ``{"kind": "supervisor", "act": "resume" |
  "enter_card" | "move_card" | "void_round" | "end_shoe", "user": "...", "reason": "...", "note": "...",
  "args": {...}}`` (already authenticated). A card the shoe reads while paused is *held*: ``resume`` is refused
  until it is entered (``enter_card`` with its token) or discarded explicitly (``args.discard_held``);
  ``void_round`` and ``end_shoe`` discard it.
- ``{"kind": "link", "event": "closed", "detail": "..."}``: the station stopped the reader (a stop, not a
  lost shoe: no pause).
- :class:`~dealer_station.domain.inputs.StopInput`: ``{"kind": "stop", "why": "..."}``: the station stops
  (SIGTERM, Ctrl-C, the console closed...). Nothing of the table changes (the open round stays open for the
  next start); :attr:`TableMachine.closed` is true until the next input.
- :class:`~dealer_station.domain.inputs.JournalFailed` / :class:`~dealer_station.domain.inputs.JournalResumed`:
  ``{"kind": "journal", "event": "failed", "incident": {...}}`` / ``{"kind": "journal", "event": "resumed",
  "user": ..., "reason": ..., "note": ...}``: a journal failure and its resolution, journaled by the
  controller once the journal takes rows again; told as ``round_paused`` / ``round_resumed``, nothing of the
  table changes.
- :class:`~dealer_station.domain.inputs.LineNoise`: ``{"kind": "noise", "reason": "noise_rate" | "card_in_noise",
  "bytes": 4096, "frames": 70, "first": "...", "last": "...", "raw": "...", "token": "2H"}``: the station's noise
  watch found the shoe's line noisy, or a card read inside the noise (then held): a ``line_noise`` pause.
- :class:`~dealer_station.domain.inputs.UnknownInput`: anything else; ``ignored`` (told, never dropped).

:meth:`TableMachine.step` is atomic: when acting raises, every attribute is put back as it was before the
input, then the table pauses with ``unexpected_error``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from transitions import MachineError

from dealer_station.domain.act_rules import NO_DEALER
from dealer_station.domain.acts import DEALER_ACTS, STAFF_ACTS, SUPERVISOR_ACTS, InputKind
from dealer_station.domain.cards import Card, shoe_counts
from dealer_station.domain.dealer_prompt import DealerPrompt
from dealer_station.domain.enums import member_or_text
from dealer_station.domain.fact_base import FactData
from dealer_station.domain.fact_data import (
    ActRefused,
    Error,
    Ignored,
    IncidentWhilePaused,
    ProcedureViolation,
    RoundPaused,
    StateChanged,
    Stopped,
    fact_data,
)
from dealer_station.domain.facts import FactKind, Output, RoundStatus
from dealer_station.domain.incidents import Incident, IncidentType, frame_evidence
from dealer_station.domain.inputs import (
    DealerInput,
    FrameInput,
    JournalFailed,
    JournalResumed,
    LineNoise,
    LinkInput,
    PublisherRefusal,
    StopInput,
    SupervisorInput,
    TableInput,
    TimerInput,
    UnknownInput,
)
from dealer_station.domain.outcome import Position, RoundDealer
from dealer_station.domain.roads.marks import RoundMark
from dealer_station.domain.round_result import RoundResult
from dealer_station.domain.rules import draw_reason, draw_reason_text
from dealer_station.domain.staff import SignInMethod
from dealer_station.domain.states import (
    CARD_STATES,
    DEAL_STATES,
    PAUSABLE,
    ROUND_STATES,
    STATES,
    TRANSITIONS,
    TableFSM,
    TableState,
    Trigger,
)
from dealer_station.domain.table_acts import dealer_act, supervisor_act
from dealer_station.domain.table_frames import (
    frame_input,
    journal_failed,
    journal_resumed,
    line_noise,
    link_input,
    publisher_refusal,
)
from dealer_station.domain.table_prompt import dealer_prompt, instruction
from dealer_station.domain.table_settings import TableSettings

__all__ = [
    "CARD_STATES",
    "DEALER_ACTS",
    "NO_DEALER",
    "FactKind",
    "PAUSABLE",
    "ROUND_STATES",
    "STAFF_ACTS",
    "STATES",
    "SUPERVISOR_ACTS",
    "TRANSITIONS",
    "Output",
    "TableMachine",
    "TableSettings",
    "TableState",
]


class _Model:
    """The object ``transitions`` drives; holds only ``state``, the state's plain name.

    ``transitions`` takes an Enum state by its member *name* (``"NO_SHOE"``), so the machine is built on the
    names (:data:`STATES`) and :attr:`TableMachine.state` gives the :class:`TableState` member of the name.
    """

    state: str


_new_tuple = tuple.__new__

_STATE_OF: dict[str, TableState] = {state.value: state for state in TableState}
"""A state's name → its member."""

S = TableState
_PAUSABLE = frozenset(PAUSABLE)

_CHANGED_IN_PLACE = ("burned", "manual_positions", "history", "marks", "rounds", "held", "discarded", "_out")
"""The lists a step changes in place: copied by a checkpoint (the inventory too, as a plain dict, and the round's
dealer, by :meth:`RoundDealer.copy`); the rest is replaced."""

_LISTS = tuple(name for name in _CHANGED_IN_PLACE if name != "_out")
"""The lists a checkpoint copies (``_out`` is new at every step: the checkpoint keeps an empty one)."""


def _copy_counts(counts: Mapping[Card, int]) -> Counter[Card]:
    """The inventory ``counts`` (a Counter, or a checkpoint's plain dict of it) as a new Counter; ``Counter.copy``
    goes through ``Counter.__init__`` and ``update`` in Python, this copies the dict in one call.
    """
    copy: Counter[Card] = Counter.__new__(Counter)
    dict.update(copy, counts)
    return copy


class TableMachine:
    """One table's procedure (docs/rules.md §1–2, §5). Not thread-safe: one owner thread.

    Call :meth:`step` with one input dict; it returns the outputs. Read the public attributes
    for the view (state, shoe and round numbers, cards, incident...). The handlers of each input are module
    functions taking the machine (:class:`~dealer_station.domain.table_protocol.Table`):
    :mod:`dealer_station.domain.table_frames` (frames, link, publisher, journal),
    :mod:`dealer_station.domain.table_acts` (dealer, staff, supervisor) and
    :mod:`dealer_station.domain.table_rounds` (a round opened, confirmed, voided; the shoe's end); every move of
    the state is a ``transitions`` trigger of :data:`~dealer_station.domain.states.TRANSITIONS`.
    """

    def __init__(self, settings: TableSettings | None = None, *,
                 input_fields: Callable[[TableInput], dict] | None = None) -> None:
        """``input_fields``: an input as its journal body without ``ts``, as an ``error`` output records the
        input that failed (the station passes :func:`dealer_station.journal.codec.input_fields`); None: the
        ``error`` output records only the input's ``kind``.
        """
        self.settings = settings or TableSettings()
        self._input_fields = input_fields or _kind_only
        self._model = _Model()
        self._fsm = TableFSM(model=self._model, states=list(STATES), transitions=[dict(t) for t in TRANSITIONS],
                            initial=TableState.NO_SHOE.value, auto_transitions=False, ignore_invalid_triggers=False)
        self._events = self._fsm.events
        self.shoe_number = 0
        self.connected = False
        self.signed_in: str | None = None
        """The dealer at the table (``sign_in``), or None; it stays across shoes."""
        self.signed_in_how: str | None = None
        self.staffed = False
        """True once a dealer has signed in: from then on betting opens only with a dealer signed in."""
        self._reset_shoe()
        self.closed = False
        """True after a ``stop`` input, until the next input: the station stopped (the table is closed)."""
        self._before_step: tuple[dict, str] | None = None  # the machine before the last step (undo_step)
        self._out: list[Output] = []
        self._ts = ""

    def restore_before_shoe(self, shoe_number: int, connected: bool, *, staff: dict | None = None,
                            ended: bool = False) -> None:
        """Put the machine where it was before shoe ``shoe_number + 1`` started (recovery from the journal):
        ``no_shoe`` before the first shoe, else ``shoe_change``, where ``new_shoe`` starts the next one (a
        journal written before the shoe change had its confirm started it from ``shoe_end``, with the same
        outputs). ``ended``: where it was right after shoe ``shoe_number`` ended instead (``shoe_end``).

        ``staff``: who was at the table then (``{"dealer": id or None, "how": ...}``, as the decision rows
        record it once a dealer has signed in); None: no dealer had signed in (a journal made before
        sign-ins: the table is not :attr:`staffed`).
        """
        self.shoe_number = shoe_number
        self.connected = connected
        if staff is not None:
            self.staffed = True
            self.signed_in = staff.get("dealer") or None
            self.signed_in_how = member_or_text(SignInMethod, staff["how"]) if staff.get("how") else None
        self._reset_shoe()
        state = TableState.NO_SHOE if not shoe_number else TableState.SHOE_END if ended else TableState.SHOE_CHANGE
        self._fsm.set_state(state.value, model=self._model)

    # ------------------------------------------------------------------ view

    @property
    def state(self) -> TableState:
        """The current state."""
        return _STATE_OF[self._model.state]

    @property
    def state_name(self) -> str:
        """The current state as a plain ``str``, the :attr:`state` member's value (``"dealing"``), as the
        journal's rows record it; without the member's ``value`` lookup (the controller asks every step).
        """
        return self._model.state

    @property
    def cards_left(self) -> int:
        """Cards still in the shoe by the inventory (0 with no shoe)."""
        return sum(self.remaining.values())

    @property
    def round_open(self) -> bool:
        """True when a round is open (betting open, closed, dealing or result), paused or not."""
        return self._where() in ROUND_STATES

    @property
    def next_position(self) -> str | None:
        """Position the next card goes to while a round is dealt, else None."""
        if self._where() in DEAL_STATES and self.dealer is not None:
            pos = self.dealer.next_position
            return pos.value if pos else None
        return None

    def staff(self) -> dict:
        """Who is at the table, as decision rows record it: ``{"dealer": id or None, "how": ...}``."""
        return {"dealer": self.signed_in, "how": self.signed_in_how}

    def expected_position(self) -> str | None:
        """Where the next card from the shoe goes: a round position, ``burn_indicator``, ``burn`` or None."""
        where = self._where()
        if where is TableState.SHUFFLE or where is TableState.BURN_INDICATOR:
            return "burn_indicator"
        if where is TableState.BURNING:
            return "burn"
        return self.next_position

    def last_round(self) -> bool:
        """True when the current (or next, between rounds) round is the shoe's last (cut card out)."""
        if self.last_round_number is None:
            return False
        current = self.round_number if self.round_open or self.round_number == 0 else self.round_number + 1
        return current >= self.last_round_number

    def _shoe_last_round_reached(self) -> bool:
        """True when the round numbered :attr:`round_number` is the shoe's last or later (cut card out)."""
        return self.last_round_number is not None and self.round_number >= self.last_round_number

    def who_draws(self) -> str | None:
        """The third-card explanation for the dealer, in English, or None before the first four cards and
        once Banker has drawn (:func:`dealer_station.domain.rules.draw_reason`, worded by :func:`draw_reason_text`).
        """
        if self.dealer is None:
            return None
        return draw_reason_text(draw_reason(self.dealer.player, self.dealer.banker))

    def prompt(self) -> str:
        """The instruction for the dealer, upper case (:func:`dealer_station.domain.table_prompt.dealer_prompt`)."""
        return dealer_prompt(self)

    def instruction(self) -> DealerPrompt:
        """The instruction for the dealer as a value (:func:`dealer_station.domain.table_prompt.instruction`)."""
        return instruction(self)

    def round_result(self) -> RoundResult | None:
        """The result shown: the dealt round's (``DEALT``) while in ``result`` or paused from it, else the last
        round's confirmed or voided one (:attr:`result`), None once the next round opens.
        """
        if self._where() == TableState.RESULT:
            dealer = self.dealer
            outcome = dealer.outcome if dealer is not None and dealer.complete else None
            return RoundResult.of(RoundStatus.DEALT, self.round_number, outcome)
        return self.result

    # ----------------------------------------------------------------- input

    def step(self, inp: TableInput) -> list[Output]:
        """Act on one input and return the outputs, in order.

        Never raises: an unexpected exception while acting pauses the table with an
        ``unexpected_error`` incident (docs/rules.md §5, "unexpected problem"). The step is atomic: the
        attributes are first put back exactly as they were before the input (state, shoe and round
        numbers, counters, inventory, cards, history), and the outputs made so far are dropped, so
        nothing of the failed step remains but the ``error`` output and the pause.
        """
        self._out = []
        ts = inp.ts
        self._ts = "" if ts is None else str(ts)
        kind = type(inp)
        self.closed = kind is StopInput
        saved = self._before_step = self._checkpoint()
        try:
            _BY_TYPE.get(kind, _unknown)(self, inp)
        except Exception as err:  # noqa: BLE001 - any surprise pauses the table (docs/rules.md §5)
            self._restore(saved)
            self._out = []
            self._unexpected(err, inp)
        return self._out

    def undo_step(self) -> None:
        """Put the machine back exactly where it was before the last :meth:`step` (the copy that step made
        anyway). For the controller, when its own part of the decision raises; for recovery, to replay a
        step recorded as failed as it was recorded. Raises RuntimeError when no step was taken.
        """
        saved = self.__dict__.get("_before_step")
        if saved is None:
            raise RuntimeError("no step to undo")
        self._restore(saved)

    def fail(self, inp: TableInput, reason: str, detail: str) -> list[Output]:
        """The outputs of ``inp`` as if acting on it had raised: an ``error`` output, then (when a shoe is open)
        the ``unexpected_error`` pause with ``reason`` (the exception's type name) and ``detail``.

        For the controller, after :meth:`restore`, when its decision on the step's outputs raised; and for
        recovery, to replay a recorded failed step as it was recorded.
        """
        self._out = []
        self._ts = "" if inp.ts is None else str(inp.ts)
        self._failed(inp, reason, detail)
        return self._out

    def _checkpoint(self) -> tuple[dict, str]:
        """Every attribute as it is now, with private copies of those a step changes in place
        (:data:`_CHANGED_IN_PLACE`, the inventory, the round's dealer); for :meth:`_restore`.

        About 2-3 µs (a dict of 52 counts, a few short lists, the dealer's three card lists): on the card path every
        input makes one.
        """
        saved = self.__dict__.copy()
        del saved["_before_step"]  # never a chain of copies
        for name in _LISTS:
            saved[name] = saved[name].copy()
        saved["_out"] = []  # a step starts with no outputs (step made the list just now)
        saved["remaining"] = dict.copy(self.remaining)  # a plain dict: _restore makes the Counter again
        if self.dealer is not None:
            saved["dealer"] = self.dealer.copy()
        return saved, self._model.state

    def _restore(self, saved: tuple[dict, str]) -> None:
        """Put back what :meth:`_checkpoint` kept; the state through ``transitions`` (``set_state``)."""
        attributes, state = saved
        keep = self.__dict__.get("_before_step")
        self.__dict__.clear()
        self.__dict__.update(attributes)
        for name in _CHANGED_IN_PLACE:  # the copy stays as it was: a second restore gives the same machine
            setattr(self, name, attributes[name].copy())
        self.remaining = _copy_counts(attributes["remaining"])
        if self.dealer is not None:
            self.dealer = self.dealer.copy()
        self._before_step = keep
        self._fsm.set_state(str(state), model=self._model)

    # --------------------------------------------------------------- helpers

    def _reset_shoe(self) -> None:
        self.remaining: Counter[Card] = shoe_counts(self.settings.decks) if self.shoe_number else Counter()
        self.burn_indicator: Card | None = None
        self.burn_total = 0
        self.burn_remaining = 0
        self.burned: list[Card] = []
        self.cut_card_out = False
        self.cut_card_round: int | None = None
        self.last_round_number: int | None = None
        self.cut_pending = False
        self.round_number = 0
        self.dealer: RoundDealer | None = None
        self.manual_positions: list[Position] = []
        self.offered: tuple[str, ...] = ()
        self.misreads = 0
        self.rescan: Position | str | None = None
        """The card to rescan: its round position, or the burn's (``burn_indicator``, ``burn``); None."""
        self.incident: Incident | None = None
        self.state_before: str | None = None
        self.result: RoundResult | None = None
        self.history: list[str] = []
        self.marks: list[RoundMark] = []
        """The shoe's completed rounds as the roads read them (winner, pairs, naturals), one per :attr:`history`
        letter: made where a round is confirmed, so the replay of the open shoe makes them again."""
        self.rounds: list[dict] = []
        self.held: list[Card] = []
        self.discarded: list[str] = []
        self.frames_in_shoe = 0

    def _where(self) -> TableState:
        """The state, or the state before the pause while paused."""
        state = _STATE_OF[self._model.state]
        return self.state_before if state is TableState.PAUSED and self.state_before else state

    def _move(self, name: str) -> None:
        """Fire ``transitions`` trigger ``name`` from the current state (the machine built from
        :data:`TRANSITIONS`); one it does not list raises ``MachineError`` and changes nothing.
        """
        self._events[name].trigger(self._model)

    def _trigger(self, name: str) -> None:
        self._move(name)
        self._emit(StateChanged(state=self._model.state))

    def _emit(self, data: FactData) -> None:
        """Add the output ``data`` says: its kind is its class's (``data.KIND``)."""
        self._out.append(_new_tuple(Output, (data.KIND, data)))  # Output(kind, data) without its Python __new__

    def _emit_recorded(self, kind: FactKind, data: dict) -> None:
        """Add an output whose data comes from a recorded input (a journal failure's incident): its kind's class
        when its keys are the kind's, else the recorded object as it is (an older station's incident has fewer
        keys; it is told and journaled as recorded, never refused for its shape).
        """
        self._out.append(Output(kind, fact_data(kind, data)))

    def _refuse(self, by: str, act: str, why: str) -> None:
        self._emit(ActRefused(by=by, act=act, why=why, state=self.state.value))

    def _pause(self, kind: IncidentType, reason: str, raw: str, *, position: str | None, token: str = "",
               detail: str = "") -> None:
        evidence = frame_evidence(raw, token)
        state = _STATE_OF[self._model.state]
        if state is TableState.PAUSED:
            # Already paused: the earlier incident stays; this one is recorded as evidence.
            self._emit(IncidentWhilePaused(type=str(kind), reason=str(reason), evidence=evidence))
            return
        if state not in _PAUSABLE:
            # No shoe is open (no_shoe, shoe_end, shoe_change): nothing to pause; recorded and told, never dropped.
            self._emit(ProcedureViolation(type=str(kind), reason=str(reason), evidence=evidence,
                                          state=state.value, detail=detail))
            return
        incident = Incident(kind, str(reason), state.value, position, evidence, self._ts, detail)
        self._move(Trigger.PAUSE)
        self.state_before = state
        self.incident = incident
        self._emit(StateChanged(state=self._model.state))
        self._emit(RoundPaused(**incident.as_dict()))

    def _unexpected(self, err: Exception, inp: TableInput) -> None:
        detail = f"{type(err).__name__}: {err}"
        if isinstance(err, MachineError):
            detail = f"transition refused: {err.value}"
        self._failed(inp, type(err).__name__, detail)

    def _failed(self, inp: TableInput, reason: str, detail: str) -> None:
        self._emit(Error(detail=detail, input=self._input_fields(inp)))
        if self.state in _PAUSABLE:
            raw = inp.body.get("raw", "") if type(inp) is UnknownInput else getattr(inp, "raw", None)
            self._pause(IncidentType.UNEXPECTED_ERROR, reason, "" if raw is None else str(raw), position=None,
                        detail=detail)


def _kind_only(inp: TableInput) -> dict:
    """An input as an ``error`` output records it without the journal's codec: its ``kind`` alone."""
    kind = inp.body.get("kind") if type(inp) is UnknownInput else inp.kind.value
    return {"kind": kind}


def _stop(machine: TableMachine, inp: StopInput) -> None:
    machine._emit(Stopped(why=str(inp.why or ""), state=machine.state.value))


def _dealer_input(machine: TableMachine, inp: DealerInput | TimerInput) -> None:
    dealer_act(machine, str(inp.act), dict(inp.args or {}), timer=type(inp) is TimerInput)


def _unknown(machine: TableMachine, inp: UnknownInput) -> None:
    """An input of no kind the table takes (or a ``journal`` input of another event): ``ignored``, told."""
    kind = inp.body.get("kind")
    if kind == InputKind.JOURNAL:
        machine._emit(Ignored(event=str(inp.body.get("event")), why="unknown journal event"))
    else:
        machine._emit(Ignored(kind=str(kind), why="not a table input"))


_BY_TYPE: dict[type, Callable[[TableMachine, Any], None]] = {
    FrameInput: frame_input,
    LinkInput: link_input,
    DealerInput: _dealer_input,
    TimerInput: _dealer_input,
    SupervisorInput: supervisor_act,
    PublisherRefusal: publisher_refusal,
    StopInput: _stop,
    JournalFailed: journal_failed,
    JournalResumed: journal_resumed,
    LineNoise: line_noise,
}
"""An input's type → its one handler; any other input is ``ignored`` (told, never dropped silently)."""
