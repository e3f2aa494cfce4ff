"""The table's states, their named groups and the allowed transitions, defined once.

Rule source: docs/design.md "The table state machine"; docs/rules.md §1 (shuffle, burn, cut card), §2 (a round),
§5 (pauses). Every other module names a state through :class:`TableState` and a set of states through
one of the groups here, never by a string of its own: a ``StrEnum`` member equals its value, so a state
read back from the journal (a plain string) compares, hashes and looks up as the member does.

:data:`TRANSITIONS` is the table the ``transitions`` machine of
:class:`dealer_station.domain.table.TableMachine` is built from; docs/controller.md prints it
(``python -m dealer_station.domain.statechart`` writes the table and the diagram, a test checks the page).
"""

from __future__ import annotations

from enum import EnumMeta, StrEnum

from transitions import Event, EventData, Machine, State, Transition
from transitions.core import listify

__all__ = [
    "BURN_STATES",
    "CARD_NEXT_STATES",
    "CARD_STATES",
    "DEAL_STATES",
    "GROUP_OF",
    "NO_SHOE_STATES",
    "PAUSABLE",
    "ROUND_STATES",
    "STATES",
    "TRANSITIONS",
    "Phase",
    "TableFSM",
    "TableState",
    "Trigger",
    "resume_trigger",
]


class TableState(StrEnum):
    """Every state of the table (docs/design.md "The table state machine")."""

    NO_SHOE = "no_shoe"
    """No shoe loaded."""
    SHUFFLE = "shuffle"
    """The dealer shuffles and loads the shoe."""
    BURN_INDICATOR = "burn_indicator"
    """Waiting for the burn indicator card."""
    BURNING = "burning"
    """Burning N cards."""
    READY = "ready"
    """Between rounds: waiting for the dealer to open betting."""
    BETTING_OPEN = "betting_open"
    """Bets are taken."""
    BETTING_CLOSED = "betting_closed"
    """No more bets; waiting for the first card."""
    DEALING = "dealing"
    """Cards of the round are being dealt."""
    RESULT = "result"
    """The round's cards are all out; waiting for the dealer to confirm."""
    PAUSED = "paused"
    """An incident stopped the table; a supervisor must act."""
    SHOE_END = "shoe_end"
    """The shoe is finished; the dealer announces it and begins the shoe change (``change_shoe``)."""
    SHOE_CHANGE = "shoe_change"
    """The shoe change (the old shoe's cards off the table, new decks in): the next shoe starts only on the
    dealer's confirm (``new_shoe``), a deliberate act of its own, never the same press that began the change."""


S = TableState

STATES: tuple[str, ...] = tuple(state.value for state in TableState)
"""Every state's name, in the order of :class:`TableState` (plain strings, as ``transitions`` takes them)."""

NO_SHOE_STATES = frozenset({S.NO_SHOE, S.SHOE_END, S.SHOE_CHANGE})
"""No shoe is open: a frame here is recorded and told, nothing pauses."""

BURN_STATES = frozenset({S.SHUFFLE, S.BURN_INDICATOR, S.BURNING})
"""The shoe is being prepared: shuffled, the indicator shown, cards burned (docs/rules.md §1)."""

DEAL_STATES = frozenset({S.BETTING_CLOSED, S.DEALING})
"""A round's cards are being dealt (the first one is awaited in ``betting_closed``)."""

CARD_STATES = BURN_STATES | DEAL_STATES
"""States in which a card from the shoe is taken (a card in ``shuffle`` is the indicator: the shuffle is over)."""

CARD_NEXT_STATES = CARD_STATES - {S.SHUFFLE}
"""States in which the next step is a card from the shoe, not a dealer act (``shuffle`` waits for ``shuffled``)."""

ROUND_STATES = frozenset({S.BETTING_OPEN, S.BETTING_CLOSED, S.DEALING, S.RESULT})
"""States in which a round is open (it can be voided)."""

PAUSABLE: tuple[TableState, ...] = (S.SHUFFLE, S.BURN_INDICATOR, S.BURNING, S.READY, S.BETTING_OPEN,
                                    S.BETTING_CLOSED, S.DEALING, S.RESULT)
"""States an incident can pause (a shoe is open); ``resume`` goes back to one of them."""


class Phase(StrEnum):
    """The groups the table's inputs are dispatched by: each state belongs to exactly one (:data:`GROUP_OF`)."""

    NO_SHOE = "no_shoe"
    """:data:`NO_SHOE_STATES`."""
    BURN = "burn"
    """:data:`BURN_STATES`."""
    READY = "ready"
    """Between rounds."""
    BETTING = "betting"
    """Betting open."""
    DEAL = "deal"
    """:data:`DEAL_STATES`."""
    RESULT = "result"
    """The round's cards are out, not yet confirmed."""
    PAUSED = "paused"
    """Paused."""


GROUP_OF: dict[TableState, Phase] = {
    S.NO_SHOE: Phase.NO_SHOE, S.SHOE_END: Phase.NO_SHOE, S.SHOE_CHANGE: Phase.NO_SHOE,
    S.SHUFFLE: Phase.BURN, S.BURN_INDICATOR: Phase.BURN, S.BURNING: Phase.BURN,
    S.READY: Phase.READY, S.BETTING_OPEN: Phase.BETTING,
    S.BETTING_CLOSED: Phase.DEAL, S.DEALING: Phase.DEAL,
    S.RESULT: Phase.RESULT, S.PAUSED: Phase.PAUSED,
}
"""State → its phase (a partition of :data:`STATES`; a plain string state looks up as its member)."""


class Trigger(StrEnum):
    """The ``transitions`` triggers of :data:`TRANSITIONS` (besides one ``resume_to_<state>`` per pausable state)."""

    NEW_SHOE = "new_shoe"
    CHANGE_SHOE = "change_shoe"
    SHUFFLED = "shuffled"
    SHOW_INDICATOR = "show_indicator"
    BURN_DONE = "burn_done"
    OPEN_BETTING = "open_betting"
    CLOSE_BETTING = "close_betting"
    FIRST_CARD = "first_card"
    ROUND_DEALT = "round_dealt"
    CONFIRM = "confirm"
    LAST_CONFIRMED = "last_confirmed"
    CUT_END = "cut_end"
    PAUSE = "pause"
    VOIDED = "voided"
    END_SHOE = "end_shoe"


def resume_trigger(state: TableState | str) -> str:
    """The trigger that resumes the table to ``state`` (one of :data:`PAUSABLE`): ``"resume_to_dealing"``."""
    return f"resume_to_{TableState(state).value}"


T = Trigger


def _plain(value: object) -> object:
    """A member, or a list of members, as plain strings: ``transitions`` takes an Enum by its *name*."""
    return [str(v) for v in value] if isinstance(value, list) else str(value)


_TABLE: tuple[dict[str, object], ...] = (
    {"trigger": T.CHANGE_SHOE, "source": S.SHOE_END, "dest": S.SHOE_CHANGE},
    {"trigger": T.NEW_SHOE, "source": [S.NO_SHOE, S.SHOE_CHANGE], "dest": S.SHUFFLE},
    {"trigger": T.SHUFFLED, "source": S.SHUFFLE, "dest": S.BURN_INDICATOR},
    {"trigger": T.SHOW_INDICATOR, "source": S.BURN_INDICATOR, "dest": S.BURNING},
    {"trigger": T.BURN_DONE, "source": S.BURNING, "dest": S.READY},
    {"trigger": T.OPEN_BETTING, "source": S.READY, "dest": S.BETTING_OPEN},
    {"trigger": T.CLOSE_BETTING, "source": S.BETTING_OPEN, "dest": S.BETTING_CLOSED},
    {"trigger": T.FIRST_CARD, "source": S.BETTING_CLOSED, "dest": S.DEALING},
    {"trigger": T.ROUND_DEALT, "source": S.DEALING, "dest": S.RESULT},
    {"trigger": T.CONFIRM, "source": S.RESULT, "dest": S.READY},
    {"trigger": T.LAST_CONFIRMED, "source": S.RESULT, "dest": S.SHOE_END},
    {"trigger": T.CUT_END, "source": [S.BETTING_OPEN, S.BETTING_CLOSED], "dest": S.SHOE_END},
    {"trigger": T.PAUSE, "source": list(PAUSABLE), "dest": S.PAUSED},
    *({"trigger": resume_trigger(s), "source": S.PAUSED, "dest": s} for s in PAUSABLE),
    {"trigger": T.VOIDED, "source": S.PAUSED, "dest": S.READY},
    {"trigger": T.END_SHOE, "source": [S.PAUSED, S.READY], "dest": S.SHOE_END},
)

TRANSITIONS: tuple[dict[str, object], ...] = tuple({k: _plain(v) for k, v in t.items()} for t in _TABLE)
"""The allowed transitions, as data (``transitions`` format: ``trigger``, ``source`` (a name or a list),
``dest``; plain strings, the values of :class:`TableState` and :class:`Trigger`).
Nothing else can happen: the machine refuses any other (``transitions.MachineError``)."""

del S, T


_EVENT_WIDE = ("_queued", "_prepare_event", "_finalize_event", "_on_exception")
"""The storage of the library's machine properties that make its event do more than check the source and run the
transitions (``has_queue``, ``prepare_event``, ...): read from the machine's ``__dict__`` at every trigger,
without the properties' calls. One the library no longer keeps there counts as present (the library's way)."""
_CHANGE_WIDE = ("_before_state_change", "_after_state_change")
"""The same for what makes the library's transition do more than change the state."""


class _State(State):
    """A ``transitions`` state that skips its entry and exit work when it has no callbacks (the table's have none)."""

    def enter(self, event_data) -> None:  # noqa: ANN001 - transitions' EventData
        if self.on_enter:
            super().enter(event_data)

    def exit(self, event_data) -> None:  # noqa: ANN001
        if self.on_exit:
            super().exit(event_data)


class _Transition(Transition):
    """A ``transitions`` transition that, having no condition and no callback (docs/design.md "The table state
    machine": none that could half-commit a state), goes straight to the library's own state change; with any
    it runs as the library does.
    """

    def execute(self, event_data) -> bool:  # noqa: ANN001 - transitions' EventData
        own = event_data.machine.__dict__  # _CHANGE_WIDE, written out: a loop or a call costs a fifth of the step
        if (self.prepare or self.conditions or self.before or self.after
                or own.get("_before_state_change", True) or own.get("_after_state_change", True)):
            return super().execute(event_data)
        if self.dest:  # no destination: an internal transition, no state change (as the library)
            self._change_state(event_data)
        return True

    def _change_state(self, event_data) -> None:  # noqa: ANN001 - transitions' EventData
        """The library's state change (exit the source, set the model's state, read it back, enter the
        destination, the machine's ``on_final`` on a final state) with the states looked up by name in the
        machine's own table; a state of this module's class with no callbacks is neither exited nor entered
        through a call.
        """
        machine = event_data.machine
        states = machine.states
        source, dest = states.get(self.source), states.get(self.dest)
        if source is None or dest is None:  # not a plain name of this machine: the library names the fault
            super()._change_state(event_data)
            return
        if type(source) is not _State or source.on_exit:
            source.exit(event_data)
        model = event_data.model
        models = listify(model) if model is None or isinstance(model, (list, tuple, EnumMeta)) else (model,)
        attribute = machine.model_attribute
        for each in models:  # (the library's listify, without its call for the one model)
            setattr(each, attribute, dest.value)
        # the state as the model keeps it now, read back as the library does (a model's property may store another)
        value = getattr(model, attribute)
        state = states.get(value) if type(value) is str else None
        event_data.state = state if state is not None else machine.get_state(value)
        if type(dest) is not _State or dest.on_enter:
            dest.enter(event_data)
        if dest.final:
            machine.callbacks(machine.on_final, event_data)


class _Event(Event):
    """A ``transitions`` event that, on a machine with no event queue and none of the machine-wide event
    callbacks (``prepare_event``, ``finalize_event``, ``on_exception``: the table has none), takes the library's
    own steps (the model's state, the library's check of the source, which raises ``MachineError``, then each
    transition of that source in turn) without the partial, the queue and the empty callback lists; on any
    other machine it is the library's trigger. Whether the machine has any is asked at every trigger: a
    callback added after the machine was built, or appended to its list, runs as the library runs it.
    """

    def trigger(self, model, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN201 - the library's signature
        machine = self.machine
        own = machine.__dict__  # _EVENT_WIDE, written out
        if own.get("_queued", True) or own.get("_prepare_event", True) or own.get("_finalize_event", True) \
                or own.get("_on_exception", True):
            return super().trigger(model, *args, **kwargs)
        event_data = EventData(None, self, machine, model, args=args, kwargs=kwargs)
        value = getattr(model, machine.model_attribute)
        state = machine.states.get(value) if type(value) is str else None
        if state is None:  # an Enum state, or a state the machine does not know: the library's lookup
            state = machine.get_model_state(model)
        event_data.state = state
        try:
            transitions = self.transitions.get(state.name)
            if transitions is None and not self._is_valid_source(state):  # raises MachineError unless ignored
                return event_data.result
            for transition in transitions or ():
                event_data.transition = transition
                if transition.execute(event_data):
                    event_data.result = True
                    break
        except BaseException as err:  # noqa: BLE001 - as the library: the event keeps its error, which goes on
            event_data.error = err
            raise
        return event_data.result


class TableFSM(Machine):
    """The ``transitions`` machine class of the table (build it from :data:`TRANSITIONS`): the library's machine,
    events and validation (``MachineError``), with :class:`_State`, :class:`_Transition` and :class:`_Event`,
    which leave out the work of callbacks the table does not have (a trigger takes about a quarter of the
    library's plain trigger's time, measured side by side; the library's debug log lines of those callbacks are
    not written). A machine of this class given callbacks, at its build or later, runs them as the library does.
    tests/unit/app/test_ctl_fast_paths.py checks it against the plain ``transitions.Machine``.
    """

    state_cls = _State
    transition_cls = _Transition
    event_cls = _Event

    def get_state(self, state):  # noqa: ANN001, ANN201 - the library's signature
        """The State of name ``state``: a plain ``str`` name is looked up at once (every trigger asks five
        times); anything else (an Enum, an unknown name) goes to the library, which names it or raises.
        """
        if type(state) is str:
            found = self.states.get(state)
            if found is not None:
                return found
        return super().get_state(state)
