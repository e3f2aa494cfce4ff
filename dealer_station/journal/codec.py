"""The journal's edge: a table input (:mod:`dealer_station.domain.inputs`) and a decision
(:class:`~dealer_station.domain.facts.Decision`) as the journal's JSON and back.

docs/design.md "Data flow" (the controller appends the input to the journal before acting on it, then the decision).
The journal keeps inputs and decisions as JSON (raw bytes as hex); this module is the one place an input
becomes that JSON (:func:`encode_input`) and is read back from it (:func:`decode_input`), and where a decision
becomes its row's body (:func:`encode_decision`) and is read back (:func:`decode_decision`). It stores and reads
inputs only: a shoe's frame becomes an input in the app (:mod:`dealer_station.app.shoe_inputs`), and the journal
knows nothing of the drivers. ``decode_input`` then ``encode_input`` gives back the very body the journal holds
(same keys, same values), so the row hashes of a journal written by an older station verify and its inputs replay
as they were recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from dealer_station.domain.acts import DealerAct, FrameKind, InputKind, LinkEvent, StaffAct, SupervisorAct
from dealer_station.domain.fact_data import FACT_CLASSES, fact_data
from dealer_station.domain.facts import Decision, FactKind, Output
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

__all__ = ["DECISION_MARKS", "decision_body", "decision_kinds", "decode_decision", "decode_input", "encode_decision",
           "encode_input", "encode_outputs", "input_fields"]

DECISION_MARKS = {FactKind.SHOE_STARTED: "shoe_started", FactKind.ROUND_COMPLETED: "round",
                  FactKind.ROUND_VOIDED: "round", FactKind.SHOE_ENDED: "shoe_ended"}
"""Output kind → the journal mark of its decision row (recovery and recall find rows by mark)."""


def _put(body: dict, key: str, value: object) -> None:
    if value is not None:
        body[key] = value


def _plain(value: object) -> object:
    """A ``StrEnum`` member as its plain ``str`` value (the journal's JSON); anything else as it is."""
    return str(value) if isinstance(value, str) and type(value) is not str else value


def _copy(value: object) -> object:
    """A mapping as a new dict (the input's stays as it is); anything else (a damaged row's) as recorded."""
    return dict(value) if isinstance(value, Mapping) else value


def _frame(inp: FrameInput) -> dict:
    body: dict = {"kind": "frame"}
    frame = inp.frame
    if frame is not None:
        body["frame"] = frame if type(frame) is str else _plain(frame)
    if inp.token is not None:
        body["token"] = inp.token
    if inp.reason is not None:
        body["reason"] = inp.reason
    if inp.raw is not None:
        body["raw"] = inp.raw
    return body


def _link(inp: LinkInput) -> dict:
    body: dict = {"kind": "link"}
    _put(body, "event", _plain(inp.event))
    _put(body, "detail", inp.detail)
    return body


def _dealer(inp: DealerInput | TimerInput) -> dict:
    body: dict = {"kind": "timer" if type(inp) is TimerInput else "dealer"}
    act = inp.act
    if act is not None:
        body["act"] = act if type(act) is str else _plain(act)
    args = inp.args
    if args is not None:
        body["args"] = dict(args) if type(args) is dict else _copy(args)
    return body


def _publisher(inp: PublisherRefusal) -> dict:
    body: dict = {"kind": "publisher"}
    _put(body, "act", _plain(inp.act))
    _put(body, "event_id", inp.event_id)
    _put(body, "problem", inp.problem)
    return body


def _supervisor(inp: SupervisorInput) -> dict:
    body: dict = {"kind": "supervisor"}
    _put(body, "act", _plain(inp.act))
    _put(body, "user", inp.user)
    _put(body, "reason", inp.reason)
    _put(body, "note", inp.note)
    if inp.args is not None:
        body["args"] = _copy(inp.args)
    return body


def _stop(inp: StopInput) -> dict:
    body: dict = {"kind": "stop"}
    _put(body, "why", inp.why)
    return body


def _failed(inp: JournalFailed) -> dict:
    body: dict = {"kind": "journal", "event": "failed"}
    if inp.incident is not None:
        body["incident"] = _copy(inp.incident)
    return body


def _resumed(inp: JournalResumed) -> dict:
    body: dict = {"kind": "journal", "event": "resumed"}
    for key in ("act", "user", "reason", "note"):
        _put(body, key, getattr(inp, key))
    return body


def _noise(inp: LineNoise) -> dict:
    body: dict = {"kind": "noise"}
    for key in _NOISE_KEYS:
        _put(body, key, getattr(inp, key))
    return body


_NOISE_KEYS = ("reason", "bytes", "frames", "first", "last", "raw", "token")
"""A ``noise`` input's own keys, in the order its body has them."""

_ENCODE: dict[type, Callable[[Any], dict]] = {
    FrameInput: _frame, LinkInput: _link, DealerInput: _dealer, TimerInput: _dealer, PublisherRefusal: _publisher,
    SupervisorInput: _supervisor, StopInput: _stop, JournalFailed: _failed, JournalResumed: _resumed,
    LineNoise: _noise,
}


def input_fields(inp: TableInput) -> dict:
    """``inp`` as its journal body without ``ts`` (a new dict of JSON values), as an ``error`` output records it."""
    if type(inp) is UnknownInput:
        return {k: v for k, v in inp.body.items() if k != "ts"}
    body = _ENCODE[type(inp)](inp)
    if inp.extra:
        body.update(inp.extra)
    return body


def encode_input(inp: TableInput) -> dict:
    """``inp`` as the journal's input body (a new dict of JSON values; ``ts`` when the input has one).

    Raises KeyError for an object that is not a :data:`~dealer_station.domain.inputs.TableInput`.
    """
    kind = type(inp)
    if kind is UnknownInput:
        return dict(inp.body)
    body = _frame(inp) if kind is FrameInput else _ENCODE[kind](inp)
    if inp.extra:
        body.update(inp.extra)
    ts = inp.ts
    if ts is not None:
        body["ts"] = ts
    return body


# --------------------------------------------------------------------------------------------------- decoding

_FRAME_KINDS = {k.value: k for k in FrameKind}
_LINK_EVENTS = {k.value: k for k in LinkEvent}
_DEALER_ACTS: dict[str, DealerAct | StaffAct] = {**{k.value: k for k in DealerAct}, **{k.value: k for k in StaffAct}}
_SUPERVISOR_ACTS = {k.value: k for k in SupervisorAct}


def _member(names: Mapping[str, Any], value: object) -> Any:
    """The enum member named ``value``, or the value as recorded (an act or frame the table does not know)."""
    return names.get(value, value) if type(value) is str else value


def _split(body: Mapping[str, Any], own: frozenset[str]) -> tuple[dict, tuple]:
    """``body``'s own keys (those not recorded as null) and the rest as ``extra``, in order: a null is kept as
    recorded, and read as a key the input does not carry.
    """
    mine: dict = {}
    rest = []
    for key, value in body.items():
        if key in own and value is not None:
            mine[key] = value
        elif key != "kind":
            rest.append((key, value))
    return mine, tuple(rest)


def _args(value: object) -> Any:
    return dict(value) if isinstance(value, dict) else value


_FRAME = frozenset({"frame", "raw", "token", "reason", "ts"})
_LINK = frozenset({"event", "detail", "ts"})
_DEALER = frozenset({"act", "args", "ts"})
_PUBLISHER = frozenset({"act", "event_id", "problem", "ts"})
_SUPERVISOR = frozenset({"act", "user", "reason", "note", "args", "ts"})
_STOP = frozenset({"why", "ts"})
_FAILED = frozenset({"event", "incident", "ts"})
_RESUMED = frozenset({"event", "act", "user", "reason", "note", "ts"})
_NOISE = frozenset({*_NOISE_KEYS, "ts"})


def decode_input(body: Mapping[str, Any]) -> TableInput:
    """A journal input body (as :func:`encode_input` wrote it, or an older station did) as a table input.

    Never raises. A key recorded as null is kept in ``extra`` (the input reads as not carrying it); a body of a
    kind the table does not take, or a ``journal`` input of another event, is an :class:`UnknownInput` keeping
    the body (the table ignores it, told). ``encode_input(decode_input(body)) == body`` for every JSON object.
    """
    kind = body.get("kind")
    if kind == InputKind.FRAME:
        f, extra = _split(body, _FRAME)
        return FrameInput(_member(_FRAME_KINDS, f.get("frame")), f.get("raw"), f.get("token"), f.get("reason"),
                          extra, f.get("ts"))
    if kind == InputKind.DEALER or kind == InputKind.TIMER:
        f, extra = _split(body, _DEALER)
        cls = DealerInput if kind == InputKind.DEALER else TimerInput
        return cls(_member(_DEALER_ACTS, f.get("act")), _args(f.get("args")), extra, f.get("ts"))
    if kind == InputKind.LINK:
        f, extra = _split(body, _LINK)
        return LinkInput(_member(_LINK_EVENTS, f.get("event")), f.get("detail"), extra, f.get("ts"))
    if kind == InputKind.SUPERVISOR:
        f, extra = _split(body, _SUPERVISOR)
        return SupervisorInput(_member(_SUPERVISOR_ACTS, f.get("act")), f.get("user"), f.get("reason"),
                               f.get("note"), _args(f.get("args")), extra, f.get("ts"))
    if kind == InputKind.PUBLISHER:
        f, extra = _split(body, _PUBLISHER)
        return PublisherRefusal(f.get("act"), f.get("event_id"), f.get("problem"), extra, f.get("ts"))
    if kind == InputKind.STOP:
        f, extra = _split(body, _STOP)
        return StopInput(f.get("why"), extra, f.get("ts"))
    if kind == InputKind.JOURNAL and body.get("event") == "failed":
        f, extra = _split(body, _FAILED)
        return JournalFailed(_args(f.get("incident")), extra, f.get("ts"))
    if kind == InputKind.NOISE:
        f, extra = _split(body, _NOISE)
        return LineNoise(*(f.get(key) for key in _NOISE_KEYS), extra, f.get("ts"))
    if kind == InputKind.JOURNAL and body.get("event") == "resumed":
        f, extra = _split(body, _RESUMED)
        return JournalResumed(f.get("act"), f.get("user"), f.get("reason"), f.get("note"), extra, f.get("ts"))
    return UnknownInput(dict(body))


# ------------------------------------------------------------------------------------------------- decisions

def encode_outputs(outputs: Iterable[tuple[object, Mapping[str, Any]]]) -> list[list]:
    """``outputs`` as a decision row records them: ``[[kind, data], ...]``, a kind as its plain ``str``, a
    :class:`~dealer_station.domain.fact_data.FactData` as its JSON object (a new dict); data that is already a
    plain mapping (an output read back) as it is.
    """
    return [[str(kind), data.as_json() if type(data) in FACT_CLASSES else data] for kind, data in outputs]


def encode_decision(decision: Decision) -> dict:
    """``decision`` as its journal row's body (a new dict of JSON values): ``{"input", "shoe", "round", "state",
    "connected", "outputs": [[kind, data], ...]}`` and ``"staff"`` once a dealer has signed in at this table
    (``TableMachine.staffed``; after a sign-out ``{"dealer": None, "how": None}``). A kind is written as its plain
    ``str`` and its data as its JSON object (:func:`encode_outputs`). The journal adds ``"events"`` (the digests
    of the row's outbox events) to the body it is given, so a row on disk is this body and that key.
    """
    return decision_body(decision.input, decision.shoe, decision.round, decision.state, decision.connected,
                         decision.outputs, decision.staff)


def decision_body(input: int, shoe: int, round: int, state: str, connected: bool,  # noqa: A002 - the row's keys
                  outputs: Iterable[tuple[object, Mapping[str, Any]]], staff: Mapping[str, Any] | None) -> dict:
    """The body :func:`encode_decision` makes of a :class:`Decision` of these fields, made from the fields
    themselves (the controller's every step: no ``Decision`` made only to be taken apart again).
    """
    body: dict = {"input": input, "shoe": shoe, "round": round, "state": state, "connected": connected,
                  "outputs": encode_outputs(outputs)}
    if staff is not None:
        body["staff"] = staff
    return body


_FACT_KINDS = {k.value: k for k in FactKind}


def _whole(value: object) -> int | None:
    """An integer as recorded (not a bool), else None."""
    return value if type(value) is int else None


def decision_kinds(body: Mapping[str, Any]) -> tuple[FactKind | str, ...]:
    """The kinds of a journal decision body's outputs, in order, as :func:`decode_decision` reads them, without
    their data (a reader that looks for a kind parses no card of the row). Never raises.
    """
    items = body.get("outputs", ())
    if not isinstance(items, (list, tuple)):
        return ()
    return tuple(_FACT_KINDS.get(kind, kind) if type(kind) is str else str(kind)
                 for item in items if isinstance(item, (list, tuple)) and len(item) == 2 and isinstance(item[1], dict)
                 for kind in (item[0],))


def decode_decision(body: Mapping[str, Any]) -> Decision:
    """A journal decision body (as :func:`encode_decision` wrote it, or an older station did) as a
    :class:`Decision`.

    Never raises. A field of another type than its own (a shoe number as text) reads as not recorded (None);
    ``outputs`` that are no list read as none, and an output that is not a ``[kind, object]`` pair is left out; a
    kind the station does not know stays a plain ``str`` (a non-text kind as its ``str``). An output's ``data`` is
    its kind's :class:`~dealer_station.domain.fact_data.FactData` when its keys are the kind's, else the body's
    own dict (read only; :func:`~dealer_station.domain.fact_data.fact_data`). A reader that must tell such a row
    from an honest one (the dispute records name it as skipped) looks at the body itself.
    """
    items = body.get("outputs", ())
    if not isinstance(items, (list, tuple)):
        items = ()
    outputs = []
    for item in items:
        if isinstance(item, (list, tuple)) and len(item) == 2 and isinstance(item[1], dict):
            kind = item[0]
            kind = _FACT_KINDS.get(kind, kind) if type(kind) is str else str(kind)
            outputs.append(Output(kind, fact_data(kind, item[1])))
    state, connected, staff = body.get("state"), body.get("connected"), body.get("staff")
    return Decision(_whole(body.get("input")), _whole(body.get("shoe")), _whole(body.get("round")),
                    state if isinstance(state, str) else None, connected if isinstance(connected, bool) else None,
                    tuple(outputs), staff if isinstance(staff, Mapping) else None)
