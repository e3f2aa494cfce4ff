"""What the table is told, as values: one frozen dataclass per kind of input to
:meth:`dealer_station.domain.table.TableMachine.step`.

Rule source: docs/design.md "The table state machine" (the inputs) and "Data flow" (every input is journaled
before it is acted on). The journal keeps each input as JSON; :mod:`dealer_station.journal.codec` is the one
place that turns an input into that JSON and back, so the fields here are named as the journal's keys are.

A field that is None is a key the input does not carry (a timer input has no ``args``; a card frame no
``reason``); ``extra`` keeps, in order, any key an input carries beyond its kind's own (an unknown frame's
``repr``), so an input read back from the journal is written again exactly as it was. Values are kept as
recorded: an act or a frame the table does not know stays a plain ``str`` (the table refuses or ignores it,
told, never dropped), a known one compares equal to its ``StrEnum`` member either way.

``ts`` is the UTC time of the input (ISO 8601, ``"2026-11-30T10:00:00.000000Z"``), set when it is journaled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from dealer_station.domain.acts import DealerAct, FrameKind, InputKind, LinkEvent, StaffAct, SupervisorAct
from dealer_station.domain.slot_init import slot_init

__all__ = [
    "Extra",
    "FrameInput",
    "JournalFailed",
    "JournalResumed",
    "LineNoise",
    "LinkInput",
    "PublisherRefusal",
    "StopInput",
    "SupervisorInput",
    "TableInput",
    "TimerInput",
    "UnknownInput",
    "DealerInput",
]

Extra = tuple[tuple[str, Any], ...]
"""Keys an input carries beyond its kind's own, ``((key, JSON value), ...)``, in the order they came."""


@slot_init
@dataclass(frozen=True, slots=True)
class FrameInput:
    """A frame from the shoe, as its codec made it (``drivers.frames``; raw bytes as hex).

    ``frame``: :class:`FrameKind` (``card`` with ``token`` ``"AS"``, ``no_read`` with a ``reason`` code,
    ``cut``, ``garbage``) or another name (``"unknown"``: the table ignores it).
    """

    kind: ClassVar[InputKind] = InputKind.FRAME
    frame: FrameKind | str
    raw: str | None = None
    token: str | None = None
    reason: str | None = None
    extra: Extra = ()
    ts: str | None = None


@dataclass(frozen=True, slots=True)
class LinkInput:
    """The shoe's link: ``connected``, ``lost`` (a ``shoe_disconnected`` pause) or ``closed`` (the station
    stopped the reader: no pause); ``detail`` in plain words.
    """

    kind: ClassVar[InputKind] = InputKind.LINK
    event: LinkEvent | str
    detail: str | None = None
    extra: Extra = ()
    ts: str | None = None


@dataclass(frozen=True, slots=True)
class DealerInput:
    """A dealer act (:class:`DealerAct`) or who is at the table (:class:`StaffAct`: ``args`` ``{"user",
    "how"}`` for ``sign_in``, already checked against the accounts). ``args``: JSON scalars; read only.
    """

    kind: ClassVar[InputKind] = InputKind.DEALER
    act: DealerAct | StaffAct | str
    args: Mapping[str, Any] | None = None
    extra: Extra = ()
    ts: str | None = None


@dataclass(frozen=True, slots=True)
class TimerInput:
    """The betting window ran out: act ``close_betting``."""

    kind: ClassVar[InputKind] = InputKind.TIMER
    act: DealerAct | str = DealerAct.CLOSE_BETTING
    args: Mapping[str, Any] | None = None
    extra: Extra = ()
    ts: str | None = None


@dataclass(frozen=True, slots=True)
class PublisherRefusal:
    """The publisher found outbox event ``event_id`` not matching the journal's chain (``problem``, plain words,
    at most 500 characters) and did not send it: an ``event_mismatch`` pause. ``act`` is ``event_refused``.
    """

    kind: ClassVar[InputKind] = InputKind.PUBLISHER
    act: str = "event_refused"
    event_id: int | None = None
    problem: str | None = None
    extra: Extra = ()
    ts: str | None = None


@dataclass(frozen=True, slots=True)
class SupervisorInput:
    """A supervisor act (:class:`SupervisorAct`) from ``paused``, already authenticated: ``user``, a ``reason``
    code and a ``note``; ``args`` (``token``, ``from_position``, ``to_position``, ``discard_held``): read only.
    """

    kind: ClassVar[InputKind] = InputKind.SUPERVISOR
    act: SupervisorAct | str
    user: str | None = None
    reason: str | None = None
    note: str | None = None
    args: Mapping[str, Any] | None = None
    extra: Extra = ()
    ts: str | None = None


@dataclass(frozen=True, slots=True)
class StopInput:
    """The station stops (``why``: ``"SIGTERM"``, ``"console closed"``...); nothing of the table changes."""

    kind: ClassVar[InputKind] = InputKind.STOP
    why: str | None = None
    extra: Extra = ()
    ts: str | None = None


@dataclass(frozen=True, slots=True)
class JournalFailed:
    """The journal failed (``incident``: the ``journal_failure`` incident as a dict, ``Incident.as_dict``),
    journaled once it takes rows again; told as ``round_paused``.
    """

    kind: ClassVar[InputKind] = InputKind.JOURNAL
    event: ClassVar[str] = "failed"
    incident: Mapping[str, Any] | None = None
    extra: Extra = ()
    ts: str | None = None


@dataclass(frozen=True, slots=True)
class JournalResumed:
    """The supervisor resumed after a journal failure (``act`` ``resume``, ``user``, ``reason``, ``note``);
    told as ``round_resumed``.
    """

    kind: ClassVar[InputKind] = InputKind.JOURNAL
    event: ClassVar[str] = "resumed"
    act: str | None = None
    user: str | None = None
    reason: str | None = None
    note: str | None = None
    extra: Extra = ()
    ts: str | None = None


@dataclass(frozen=True, slots=True)
class LineNoise:
    """The shoe's line is noisy (``reason`` ``noise_rate``), or a card came out of a noisy line (``card_in_noise``,
    ``token`` the card, then held): a ``line_noise`` pause. The burst of noise so far: ``bytes`` and ``frames`` (whole
    numbers), ``first`` and ``last`` (UTC ISO times of its first and last bad frame), ``raw`` (hex, its first bytes).
    """

    kind: ClassVar[InputKind] = InputKind.NOISE
    reason: str | None = None
    bytes: int | None = None
    frames: int | None = None
    first: str | None = None
    last: str | None = None
    raw: str | None = None
    token: str | None = None
    extra: Extra = ()
    ts: str | None = None


@dataclass(frozen=True, slots=True)
class UnknownInput:
    """An input of no kind above (``body``: its JSON, as recorded, read only): the table ignores it (told)."""

    body: Mapping[str, Any]

    @property
    def ts(self) -> object:
        """The body's ``ts``, or None."""
        return self.body.get("ts")


TableInput = (FrameInput | LinkInput | DealerInput | TimerInput | PublisherRefusal | SupervisorInput | StopInput
              | JournalFailed | JournalResumed | LineNoise | UnknownInput)
"""Any input :meth:`~dealer_station.domain.table.TableMachine.step` takes."""
