"""The short cuts taken for throughput give exactly what the long way gives.

- The table machine fires transitions from the ``transitions`` machine's own event table: the same
  destinations as ``TRANSITIONS`` lists, and the same refusal (``MachineError``) for anything else.
- The journal's returned row body equals what ``rows()`` reads back (``json.loads`` of the stored text).
- ``Controller.state`` / ``shoe_number`` equal the snapshot's, also while the journal has failed.
"""

from __future__ import annotations

import json

import pytest
from transitions import Machine, MachineError

from dealer_station.domain.table import STATES, TRANSITIONS, TableMachine
from dealer_station.journal import Journal, JournalError
from dealer_station.journal.store import canonical
from tests.support.table import Table


def _listed() -> dict[tuple[str, str], str]:
    out = {}
    for t in TRANSITIONS:
        sources = t["source"] if isinstance(t["source"], list) else [t["source"]]
        for source in sources:
            out[(str(t["trigger"]), str(source))] = str(t["dest"])
    return out


class _Reference:
    """A model driven by ``transitions`` itself."""

    state: str


def test_every_listed_transition_and_nothing_else():
    listed = _listed()
    triggers = {name for name, _ in listed}
    for name in sorted(triggers):
        for source in STATES:
            machine = TableMachine()
            machine._model.state = source
            reference = _Reference()
            Machine(model=reference, states=list(STATES), transitions=[dict(t) for t in TRANSITIONS],
                    initial=source, auto_transitions=False, ignore_invalid_triggers=False)
            if (name, source) in listed:
                machine._move(name)
                reference.trigger(name)
                assert machine.state == listed[(name, source)] == reference.state
            else:
                with pytest.raises(MachineError) as ours:
                    machine._move(name)
                with pytest.raises(MachineError) as theirs:
                    reference.trigger(name)
                assert ours.value.value == theirs.value.value
                assert machine.state == source  # a refused transition changes nothing


@pytest.mark.parametrize("body", [
    {"kind": "frame", "frame": "card", "token": "QD", "raw": "51440d0a", "ts": "2026-11-30T04:00:00.000000Z"},
    {"kind": "dealer", "act": "new_shoe", "args": {}, "ts": "t"},
    {"kind": "dealer", "act": "x", "args": {"note": "a"}, "ts": "t"},
    {"b": 1, "a": None, "c": True, "d": "é", "e": 2**70},
    {"input": 3, "outputs": [["state_changed", {"state": "dealing"}]], "connected": False},
    {"float": 0.1, "tuple": (1, 2), "nested": {"z": 1, "a": [None]}},
    {"1": "key", "": ""},
])
def test_returned_row_body_is_what_is_read_back(body):
    with Journal(":memory:") as journal:
        row, _ = journal.append("input", body, "2026-11-30T04:00:00.000000Z")
        (read,) = list(journal.rows())
        assert row == read
        assert list(row.body) == list(read.body) == sorted(body)
        assert row.body == json.loads(canonical(body))


def test_controller_state_is_the_snapshots(tmp_path, monkeypatch):
    table = Table(tmp_path)
    assert (table.ctl.state, table.ctl.shoe_number) == ("no_shoe", 0)
    table.start_shoe()
    table.open_round()
    view = table.ctl.snapshot()
    assert (table.ctl.state, table.ctl.shoe_number) == (view.state, view.shoe_number) == ("betting_closed", 1)

    def failing(*args, **kw):
        raise JournalError("disk full")

    monkeypatch.setattr(table.journal, "append", failing)
    table.card("2S")
    assert table.ctl.machine.state == "betting_closed"  # the card was refused, never acted on
    assert table.ctl.state == table.ctl.snapshot().state == "paused"


def _calls_of(machine_cls: type, *, machine_wide: bool) -> tuple[list[str], str]:
    """Drive a small machine of ``machine_cls`` with state callbacks (and, when ``machine_wide``, transition and
    machine-wide ones too) and return what ran and where it ended."""
    calls: list[str] = []

    class Model:
        state: str

        def __getattr__(self, name: str):  # every callback name records itself
            if name.startswith("cb_"):
                return lambda *a, **k: calls.append(name) or True
            raise AttributeError(name)

    model = Model()
    go = {"trigger": "go", "source": "a", "dest": "b"}
    wide = {}
    if machine_wide:
        go |= {"conditions": "cb_cond", "before": "cb_before", "after": "cb_after"}
        wide = {"prepare_event": "cb_prepare", "finalize_event": "cb_finalize"}
    machine = machine_cls(model=model, states=[{"name": "a", "on_exit": "cb_exit_a"},
                                               {"name": "b", "on_enter": "cb_enter_b"}, {"name": "c", "final": True}],
                          transitions=[go, {"trigger": "end", "source": "b", "dest": "c"}],
                          initial="a", auto_transitions=False, on_final="cb_final", **wide)
    machine.events["go"].trigger(model)
    machine.events["end"].trigger(model)
    with pytest.raises(MachineError):
        machine.events["go"].trigger(model)
    return calls, model.state


@pytest.mark.parametrize("machine_wide", [False, True])
def test_a_machine_with_callbacks_runs_them_as_the_library_does(machine_wide):
    """The table has no callbacks; the table's machine class, given some, runs every one, in the library's order."""
    from dealer_station.domain.states import TableFSM

    ours, state = _calls_of(TableFSM, machine_wide=machine_wide)
    theirs = _calls_of(Machine, machine_wide=machine_wide)
    assert (ours, state) == theirs
    assert state == "c"
    first = ["cb_exit_a", "cb_enter_b"]
    if machine_wide:
        first = ["cb_prepare", "cb_cond", "cb_before", *first]
    assert ours[:len(first)] == first
    assert "cb_final" in ours
    assert ours.count("cb_finalize") == (3 if machine_wide else 0)


def test_the_table_machine_class_has_no_queue_and_no_machine_callbacks():
    """The lean event path is taken on the table (it is only for a machine without queue or machine-wide callbacks)."""
    from dealer_station.domain.states import _CHANGE_WIDE, _EVENT_WIDE

    machine = TableMachine()._fsm
    assert not machine.has_queue
    assert not (machine.prepare_event or machine.finalize_event or machine.on_exception or machine.before_state_change
                or machine.after_state_change)
    # the lean path reads these from the machine's __dict__: the library keeps them there (else the long way)
    plain = Machine(model=_Reference(), states=["a"], initial="a")
    for name in _EVENT_WIDE + _CHANGE_WIDE:
        assert name in plain.__dict__ and name in machine.__dict__ and not machine.__dict__[name]


def test_an_internal_transition_changes_no_state_as_in_the_library():
    """A transition without a destination (``dest=None``) runs and leaves the state as it is, in the library; the
    table's machine class does the same (the table has none, but the class says it behaves as the library)."""
    from dealer_station.domain.states import TableFSM

    for machine_cls in (TableFSM, Machine):
        model = _Reference()
        machine = machine_cls(model=model, states=["a", "b"], initial="a", auto_transitions=False,
                              transitions=[{"trigger": "poke", "source": "a", "dest": None}])
        assert machine.events["poke"].trigger(model) is True, machine_cls.__name__
        assert model.state == "a", machine_cls.__name__


def _late_calls(machine_cls: type, how: str) -> tuple[list[str], str]:
    """A machine of ``machine_cls`` built plain, then given machine-wide callbacks ``how`` (set or appended to the
    library's own lists); what ran on a trigger and where it ended."""
    calls: list[str] = []
    model = _Reference()
    machine = machine_cls(model=model, states=["a", "b"], initial="a", auto_transitions=False,
                          transitions=[{"trigger": "go", "source": "a", "dest": "b"}])
    for wide in ("prepare_event", "finalize_event", "before_state_change", "after_state_change"):
        record = (lambda name: lambda *a, **k: calls.append(name))(wide)
        if how == "set":
            setattr(machine, wide, record)
        else:
            getattr(machine, wide).append(record)
    machine.events["go"].trigger(model)
    return calls, model.state


@pytest.mark.parametrize("how", ["set", "appended"])
def test_machine_wide_callbacks_added_after_the_build_run_as_the_library_runs_them(how):
    """The lean path is chosen at every trigger, from the machine as it is then: a callback set or appended after the
    machine was built is run, in the library's order."""
    from dealer_station.domain.states import TableFSM

    ours = _late_calls(TableFSM, how)
    assert ours == _late_calls(Machine, how)
    assert ours == (["prepare_event", "before_state_change", "after_state_change", "finalize_event"], "b")


def test_an_ignored_invalid_trigger_returns_false_as_in_the_library():
    from dealer_station.domain.states import TableFSM

    for machine_cls in (TableFSM, Machine):
        model = _Reference()
        machine = machine_cls(model=model, states=["a", "b"], initial="b", auto_transitions=False,
                              ignore_invalid_triggers=True, transitions=[{"trigger": "go", "source": "a", "dest": "b"}])
        assert machine.events["go"].trigger(model) is False, machine_cls.__name__
        assert model.state == "b"


def test_a_queued_machine_and_enum_states_take_the_library_s_way():
    """A queued machine, and a machine whose states are Enum members, end where the library's end."""
    import enum

    from dealer_station.domain.states import TableFSM

    class Where(enum.Enum):
        A = 1
        B = 2

    for machine_cls in (TableFSM, Machine):
        queued = _Reference()
        machine = machine_cls(model=queued, states=["a", "b"], initial="a", auto_transitions=False, queued=True,
                              transitions=[{"trigger": "go", "source": "a", "dest": "b"}])
        assert machine.events["go"].trigger(queued) is True and queued.state == "b", machine_cls.__name__
        members = _Reference()
        machine = machine_cls(model=members, states=Where, initial=Where.A, auto_transitions=False,
                              transitions=[{"trigger": "go", "source": Where.A, "dest": Where.B}])
        assert machine.events["go"].trigger(members) is True and members.state is Where.B, machine_cls.__name__
        with pytest.raises(MachineError):
            machine.events["go"].trigger(members)


def _error_and_entered_state(machine_cls: type) -> tuple[str | None, str]:
    """A machine whose model stores another state than it is given (a property), and whose transition's ``after``
    callback raises: the error the event kept, and the state the destination's entry was told."""
    kept: list = []

    class Model:
        def __init__(self) -> None:
            self._state = "a"

        @property
        def state(self) -> str:
            return self._state

        @state.setter
        def state(self, value: str) -> None:
            self._state = "c" if value == "b" else value  # keeps "c" when told "b"

        def keep(self, event) -> None:
            kept.append(event)

        def entered(self, event) -> None:
            kept.append(event.state.name)

        def boom(self, event) -> None:
            raise RuntimeError("after failed")

    model = Model()
    machine = machine_cls(model=model, states=["a", {"name": "b", "on_enter": "entered"}, "c"], initial="a",
                          auto_transitions=False, send_event=True,
                          transitions=[{"trigger": "go", "source": "a", "dest": "b", "before": "keep",
                                        "after": "boom"}])
    with pytest.raises(RuntimeError):
        machine.events["go"].trigger(model)
    event, entered = kept
    return repr(event.error), entered


def test_the_event_keeps_its_error_and_reads_the_state_back_as_the_library_does():
    """On the lean path too, an exception is kept on the event before it goes on, and the state an entry callback
    is told is the one the model keeps (read back from it), as in the library."""
    from dealer_station.domain.states import TableFSM

    assert _error_and_entered_state(TableFSM) == _error_and_entered_state(Machine) == (
        "RuntimeError('after failed')", "c")


def _with_each_machine_wide(machine_cls: type, name: str) -> tuple[list[str], str, str | None]:
    """A two-state machine of ``machine_cls`` given the one machine-wide thing stored as ``name`` (a queue at the
    build; the callbacks after it; for ``on_exception`` the ``go`` transition's ``after`` raises): what ran, where it
    ended, the error that came out."""
    calls: list[str] = []
    model = _Reference()

    def record(what: str):
        return lambda *a, **k: calls.append(what)

    machine = machine_cls(model=model, states=["a", "b"], initial="a", auto_transitions=False,
                          queued=name == "_queued", transitions=[{"trigger": "go", "source": "a", "dest": "b"}])
    if name != "_queued":
        setattr(machine, name.lstrip("_"), record(name))
    if name == "_on_exception":
        machine.events["go"].transitions["a"][0].after.append(lambda *a, **k: (_ for _ in ()).throw(RuntimeError("x")))
    error = None
    try:
        machine.events["go"].trigger(model)
    except RuntimeError as err:
        error = str(err)
    return calls, model.state, error


def test_each_machine_wide_attribute_the_lean_path_reads_sends_a_trigger_the_librarys_way():
    """Every name the lean path reads from the machine (``_EVENT_WIDE``, ``_CHANGE_WIDE``) is there for a reason: with
    that one present, a trigger on the table's machine class runs what the library runs, in its order."""
    from dealer_station.domain.states import _CHANGE_WIDE, _EVENT_WIDE, TableFSM

    for name in (*_EVENT_WIDE, *_CHANGE_WIDE):
        ours = _with_each_machine_wide(TableFSM, name)
        assert ours == _with_each_machine_wide(Machine, name), name
        assert ours[1] == "b" and (ours[0] or name == "_queued"), name  # the callback ran (or the queue did)
