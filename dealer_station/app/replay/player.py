"""The replay's table: a recorded session's steps through the codec into a fresh controller.

:class:`Replayer` plays a :class:`~dealer_station.app.replay.session.ReplaySession` on one table (bytes →
codec → :class:`~dealer_station.app.controller.Controller`), with the automatic dealer where the
session holds no dealer acts, and collects the output lines in a :class:`ReplayResult`. The recorded
bytes go through the pump every shoe's bytes go through (:class:`drivers.pump.Pump`: tick, feed and
flush, on the recorded times). The table runs on the station runtime, as at a table:
:meth:`Replayer.play` gives the recorded steps to the station's loop
(:meth:`dealer_station.app.runtime.Station.run`) as its dealer, one step at a time, on the calling
thread; the console's replay submits them to its station's controller thread.
"""

from __future__ import annotations

import dataclasses
import gc
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

import structlog

from dealer_station.app.accounts import AuthError
from dealer_station.app.autodealer import AutoDealer
from dealer_station.app.config import StationConfig
from dealer_station.app.controller import ActRefused, Controller, Fact
from dealer_station.app.logging import log_enabled
from dealer_station.app.replay.session import EPOCH, ReplayError, ReplaySession, Step, StepKind
from dealer_station.domain.staff import Actor, Role, SignInMethod
from dealer_station.domain.states import DEAL_STATES, TableState
from dealer_station.journal import Journal, MemoryJournal
from drivers.codecs import Codec, make_codec
from drivers.errors import ShoeConfigError
from drivers.frames import Connected, ConnectionLost, Garbage
from drivers.pump import Pump

__all__ = ["FAST_GC_THRESHOLD", "ROUND_KINDS", "RecordedAuthority", "ReplayResult", "Replayer", "dealer_act",
           "round_line"]

ROUND_KINDS = ("round_completed", "round_voided", "shoe_ended")
"""Controller facts that make an output line."""

_CARD_KINDS = ("card_accepted", "card_burned", "burn_indicator")
"""Controller facts of a card taken from the shoe (counted in :attr:`ReplayResult.cards`)."""

FAST_GC_THRESHOLD = 50_000
"""Allocations between two young-generation collections during a fast replay (Python's default: 700)."""


_log = structlog.get_logger("dealer_station.replay")


class RecordedAuthority:
    """Stands in for :class:`~dealer_station.app.accounts.Accounts` during a replay.

    A supervisor act in a recording was authenticated at the table; replay accepts its recorded
    user as a supervisor (an empty user name is still refused with ``AuthError("unknown_user")``).
    """

    recorded = True
    """A recorded dealer sign-in is taken as it was checked at the table (:meth:`Controller.sign_in`)."""

    def authenticate(self, user: str, pin: str, role: str = Role.SUPERVISOR) -> None:
        """Accept a recorded, non-empty user. Raises AuthError for an empty one."""
        if not str(user or "").strip():
            raise AuthError("unknown_user", "a recorded supervisor act has no user")


def dealer_act(controller: Controller, act: str, args: dict) -> None:
    """A recorded dealer act given to ``controller``: a sign-in or sign-out (who is at the table) through
    :meth:`Controller.sign_in` / :meth:`Controller.sign_out` (the recorded check stands), any other act
    through :meth:`Controller.dealer`. Raises ActRefused, AuthError as they do.
    """
    if act == "sign_in":
        controller.sign_in(str(args.get("user") or ""), how=str(args.get("how") or SignInMethod.PIN))
    elif act == "sign_out":
        controller.sign_out()
    else:
        controller.dealer(act, **args)


def round_line(fact: Fact) -> dict:
    """The output line of a ``round_completed``/``round_voided``/``shoe_ended`` fact: ``simulate``'s own
    (:func:`dealer_station.app.simulate.output_line`), so that the two never drift apart.
    """
    from dealer_station.app.round_lines import output_line

    return output_line(fact.kind, fact.data)


@dataclass
class ReplayResult:
    """What a replay did: output ``lines``, final ``state`` and incident type, counts (``frames`` decoded,
    of them ``garbage``; ``cards`` taken from the shoe), and ``unfinished``: what the session left half
    done at its end (a round dealt in part), or None.
    """

    lines: list[dict] = field(default_factory=list)
    state: str = ""
    incident: str | None = None
    frames: int = 0
    garbage: int = 0
    cards: int = 0
    steps: int = 0
    dealer_acts: int = 0
    supervisor_acts: int = 0
    refused: list[str] = field(default_factory=list)
    stopped: bool = False
    unfinished: str | None = None


class Replayer:
    """Replays sessions on one table: bytes → codec → controller, with the automatic dealer if needed.

    Parameters
    ----------
    config:
        The station configuration of the table (rules: burn, cut card, misread limit, decks).
    journal:
        The table's journal; default a fresh :class:`~dealer_station.journal.MemoryJournal` (the rows and
        hash chain of a journal, in memory only, no outbox: a replay publishes nothing).
    speed:
        None: as fast as possible (``--fast``); X > 0: the recorded gaps divided by X (``--speed X``).
    auto:
        True / False to force the automatic dealer on or off; None: on unless the session holds dealer acts.
    on_line:
        Called with each output line as the round or shoe finishes.
    on_step:
        Called after each step with ``(steps done, steps in the session)`` (a progress bar).
    stop:
        An event that ends the replay early (between steps and during waits).
    listeners:
        More controller listeners (a console).
    edge_monitor:
        Whether the table runs the side-bet edge monitor (``[monitor] player_edge``, docs/rules.md §3) when the
        configuration has it on. None (default): only where its alerts are kept or seen, that is with a
        journal other than the in-memory one (``--journal``), with listeners (a console), or when
        information records are logged (``--log-level INFO``: each alert is one). A replay's round lines do
        not depend on it, and its alerts would otherwise go nowhere: it is the costliest part of a fast
        replay. True: always (``replay --edge-monitor``); False: never.

    Raises
    ------
    ValueError
        ``speed`` not positive.
    """

    def __init__(self, config: StationConfig, *, journal: Journal | MemoryJournal | None = None,
                 speed: float | None = None,
                 auto: bool | None = None, on_line: Callable[[dict], None] | None = None,
                 on_step: Callable[[int, int], None] | None = None, stop: threading.Event | None = None,
                 listeners: Iterable[Callable[[Fact], None]] = (), edge_monitor: bool | None = None) -> None:
        if speed is not None and not speed > 0:
            raise ValueError(f"speed must be a positive factor, got {speed!r}")
        self.config = config
        self.journal = journal if journal is not None else MemoryJournal()
        listeners = tuple(listeners)
        if edge_monitor is None:
            edge_monitor = not isinstance(self.journal, MemoryJournal) or bool(listeners) or log_enabled("info")
        self.edge_monitor = bool(edge_monitor and config.player_edge_monitor)
        """True when the table runs the side-bet edge monitor."""
        self.speed = speed
        self.auto = auto
        self.on_line = on_line
        self.on_step = on_step
        self.stop = stop or threading.Event()
        self._now = EPOCH
        table_config = config if self.edge_monitor == config.player_edge_monitor else \
            dataclasses.replace(config, player_edge_monitor=False)
        self.controller = Controller(table_config, self.journal, accounts=RecordedAuthority(),  # type: ignore[arg-type]
                                     clock=lambda: self._now, monotonic=lambda: self._now.timestamp())
        self.result = ReplayResult()
        self._station = None
        self.controller.subscribe(self._on_fact, kinds=(*ROUND_KINDS, *_CARD_KINDS))
        for listener in listeners:
            self.controller.subscribe(listener)

    def _on_fact(self, fact: Fact) -> None:
        if fact.kind in ROUND_KINDS:
            line = round_line(fact)
            self.result.lines.append(line)
            if self.on_line is not None:
                self.on_line(line)
        elif fact.kind in _CARD_KINDS:
            self.result.cards += 1

    def play(self, session: ReplaySession) -> ReplayResult:
        """Replay ``session`` on this table (after any sessions played before); return the result so far.

        Paced by ``speed`` (None: no waiting); ends early when ``stop`` is set.
        Raises ReplayError when the session's codec cannot be built.
        """
        collecting = gc.get_threshold()
        if self.speed is None:
            # A fast replay keeps every round and journal row it makes: the cyclic collector would walk
            # them again and again (about a fifteenth of the time) for garbage a replay does not make.
            gc.set_threshold(max(collecting[0], FAST_GC_THRESHOLD), *collecting[1:])
        try:
            self.begin(session)
            return self._play()
        finally:
            gc.set_threshold(*collecting)

    def _play(self) -> ReplayResult:
        station = self.station
        station.auto = _RecordedSteps(self)  # the loop's dealer: the recording's steps, in order
        try:
            station.run(start_shoe=False)
        finally:
            station.auto = None
        return self.finish()

    @property
    def station(self):
        """The station runtime around this replay's controller (:meth:`Station.around`, no shoe), made once."""
        if self._station is None:
            from dealer_station.app.runtime_station import Station

            self._station = Station.around(self.controller)
        return self._station

    # The same replay, one step at a time (a console drives it from a timer, with pause and step).

    def begin(self, session: ReplaySession) -> None:
        """Prepare ``session`` for :meth:`advance` (codec, automatic dealer, the link). Raises ReplayError."""
        self._session = session
        codec = self._codec(session)
        self._pump = Pump(codec, self._pumped, noting=False) if codec is not None else None
        self._auto = AutoDealer(self.controller) if (self.auto if self.auto is not None
                                                   else not session.has_dealer_acts) else None
        self._index = 0
        steps = session.steps
        if not steps or steps[0].kind != StepKind.LINK:
            self._now = session.started
            if not self.controller.machine.connected:
                self.controller.shoe_event(Connected(f"replay {Path(session.path).name}"))

    def next_time(self) -> float | None:
        """Recorded time (seconds from the session's start) of the next step, or None at the end."""
        steps = self._session.steps
        return steps[self._index].t if self._index < len(steps) else None

    def advance(self) -> bool:
        """Play the next step now; False when there was none left."""
        steps = self._session.steps
        if self._index >= len(steps):
            return False
        step = steps[self._index]
        self._index += 1
        self._now = self._session.started + timedelta(seconds=step.t)
        self._step(step, self._pump, self._auto)
        self.result.steps += 1
        if self.on_step is not None:
            self.on_step(self._index, len(steps))
        return True

    @property
    def position(self) -> tuple[int, int]:
        """``(steps played, steps in the session)``."""
        return self._index, len(self._session.steps)

    def finish(self) -> ReplayResult:
        """End the session: a pending partial token becomes its frame, the automatic dealer confirms a
        dealt round (unless stopped early); return the result.
        """
        result = self.result
        session, pump, auto = self._session, self._pump, self._auto
        if pump is not None and not result.stopped:
            self._now = session.started + timedelta(seconds=session.duration)
            pump.flush()  # the recording ended: a partial token is still a frame
        if auto is not None:
            if not result.stopped:
                auto.finish()
            result.dealer_acts += auto.acts
            auto.acts = 0
        view = self.controller.snapshot()
        result.state = view.state
        result.incident = view.incident.type if view.incident else None
        dealt = len(view.player) + len(view.banker)
        where = self.controller.machine.state_before if view.state == TableState.PAUSED else view.state
        if dealt and where in DEAL_STATES:
            result.unfinished = (f"the session ends in the middle of round {view.round_number} of shoe "
                                 f"{view.shoe_number} ({dealt} card{'s' if dealt != 1 else ''} dealt): that "
                                 f"round has no result")
        return result

    def _codec(self, session: ReplaySession) -> Codec | None:
        if session.codec is None:
            return None
        try:
            return make_codec(session.codec, session.codec_options)
        except ShoeConfigError as err:
            raise ReplayError(f"{session.path}: {err}") from err

    def _step(self, step: Step, pump: Pump | None, auto: AutoDealer | None) -> None:
        if step.kind == StepKind.BYTES:
            assert pump is not None
            pump.read(step.data, step.t)  # as a reader after a read: the timed-out token, then these bytes
        elif step.kind == StepKind.RAW_FRAME:
            assert pump is not None
            pump.feed(step.data, step.t)
            pump.flush()
        elif step.kind == StepKind.FRAME:
            self._frame(step.event, auto)
        elif step.kind == StepKind.LINK:
            if pump is not None and isinstance(step.event, ConnectionLost):
                pump.flush()  # as the reader does on device loss: never dropped
            self.controller.shoe_event(step.event)
        elif step.kind == StepKind.ACT:
            self._apply(step)

    def _pumped(self, frame: object) -> None:
        """A frame the pump decoded from the recorded bytes."""
        self._frame(frame, self._auto)

    def _frame(self, frame: object, auto: AutoDealer | None) -> None:
        self.result.frames += 1
        if isinstance(frame, Garbage):
            self.result.garbage += 1
        elif auto is not None:
            auto.before_frame(frame)
        self.controller.shoe_event(frame)

    def _apply(self, step: Step) -> None:
        act = step.act or {}
        by = act.get("by")
        name = str(act.get("act"))
        args = dict(act.get("args") or {})
        try:
            if by == Actor.DEALER:
                self.result.dealer_acts += 1
                dealer_act(self.controller, name, args)
            elif by == Actor.PUBLISHER:
                self.controller.event_refused(int(args.get("event_id") or 0), str(args.get("problem") or ""))
            elif by == Actor.TIMER:
                self.result.dealer_acts += 1
                if self.config.betting_window_seconds <= 0:
                    self.result.refused.append(f"{step.where}: the betting window closed at the table, but this "
                                               f"configuration has none (betting.window_seconds = 0)")
                self._timer()
            else:
                self.result.supervisor_acts += 1
                self.controller.supervisor(name, user=str(act["user"]), pin="", reason=str(act["reason"]),
                                           note=str(act["note"]), **args)
        except (ActRefused, AuthError, TypeError) as err:  # journaled by the controller; the replay goes on
            self.result.refused.append(f"{step.where}: {by} {name}: {err}")
            _log.warning("replay_act_refused", where=step.where, by=by, act=name, why=str(err))

    def _timer(self) -> None:
        """A recorded betting-window close: the window ran out at the table (measured there on its
        monotonic clock), so it closes here where it stands, whatever the recorded wall-clock times say.
        """
        self.controller.tick(expired=True)


class _RecordedSteps:
    """A replay's steps as the station loop's dealer (:func:`dealer_station.app.station.run_station`).

    Each :meth:`step` plays the next recorded step (:meth:`Replayer.advance`), first waiting its turn when
    the replay is paced (``speed``: the recorded time divided by it, from the first step); None, with
    :attr:`finished` set, when the session is played or the replay's ``stop`` is set (then the result says
    ``stopped``). The loop then ends (``"finished"``) without a tick: the recorded timer acts close betting.
    """

    waiting = False

    def __init__(self, replayer: Replayer) -> None:
        self.replayer = replayer
        self.finished = False
        self._wall0 = time.monotonic()

    def step(self) -> str | None:
        """Play the next step now (or at its time); ``"step"``, or None once nothing is left to play."""
        replayer = self.replayer
        t = replayer.next_time()
        if t is None:
            self.finished = True
            return None
        if replayer.stop.is_set():
            return self._stopped()
        if replayer.speed is not None:
            delay = t / replayer.speed - (time.monotonic() - self._wall0)
            if delay > 0 and replayer.stop.wait(delay):
                return self._stopped()
        replayer.advance()
        return "step"

    def _stopped(self) -> None:
        self.replayer.result.stopped = True
        self.finished = True
        return None
