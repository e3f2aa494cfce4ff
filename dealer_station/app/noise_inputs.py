"""The controller's noise watch: the shoe's line noise journaled as one counted note a burst, a noisy line as a
``line_noise`` pause, a card read in the noise held for the supervisor (:class:`NoiseInputs`,
:attr:`Controller.noise <dealer_station.app.controller.Controller.noise>`: it owns the watch and is handed the
machine, the journal guard and the controller's callables, never the controller).

Rule source: docs/rules.md §5 (an unexpected problem pauses the round until the supervisor resolves it); the counting
and the rate are :mod:`dealer_station.app.line_noise`'s, docs/drivers.md "Line noise" says it for the shop floor.
Every shoe event goes through :meth:`NoiseInputs.take` first: noise is counted and journaled when its burst
ends, never as an input of its own; what the watch decides (the pause) is an input, so the journal's fold and
``journal replay`` decide it again from the journal alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dealer_station.app.line_noise import NoiseWatch, is_bad_frame, is_good_frame
from dealer_station.domain.incidents import PauseReason
from dealer_station.domain.inputs import LineNoise
from dealer_station.domain.states import NO_SHOE_STATES, TableState
from dealer_station.journal.codec import decode_input

if TYPE_CHECKING:
    from dealer_station.app.journal_guard import JournalGuard
    from dealer_station.app.line_noise import Burst
    from dealer_station.app.table_ports import TablePorts
    from dealer_station.domain.table import TableMachine

__all__ = ["NoiseInputs"]


class NoiseInputs:
    """The noise watch's part of the controller.

    Parameters
    ----------
    watch:
        The :class:`~dealer_station.app.line_noise.NoiseWatch` (:attr:`watch`), or None when the controller
        watches nothing (``journal replay`` re-runs the recorded inputs as they were).
    machine:
        The table's state machine (a pause only when a shoe is open and the table is not paused already).
    guard:
        The journal-failure guard: a burst's note is journaled through it, and not while the journal fails.
    ports:
        The controller's clocks, log and inputs (:class:`~dealer_station.app.table_ports.TablePorts`).
    """

    def __init__(self, watch: NoiseWatch | None, machine: TableMachine, guard: JournalGuard,
                 ports: TablePorts) -> None:
        self.watch = watch
        self._machine = machine
        self._guard = guard
        self._ports = ports

    def take(self, event: object) -> bool:
        """Look at a shoe event before it becomes an input; True when the watch took it (line noise, counted).

        A burst over (quiet for ``quiet_seconds``) is journaled first. A card or the cut card read while the line
        is noisy pauses the round first (``card_in_noise``, unless it is paused already), then goes on as an input:
        paused, the table holds it for the supervisor. Any other event ends the open burst before it goes on.
        """
        watch = self.watch
        if watch is None:
            return False
        now = self._ports.monotonic()
        if watch.quiet(now):
            self.end_burst()
        burst = watch.burst
        if is_bad_frame(event, burst is not None):
            raw = getattr(event, "raw", b"")
            if watch.bad(raw if isinstance(raw, bytes | bytearray) else b"", now, self._ports.now()):
                self._pause(PauseReason.NOISE_RATE, watch.burst)
            return True
        if burst is None:
            return False
        if is_good_frame(event) and burst.noisy:
            self._pause(PauseReason.CARD_IN_NOISE, burst, token=str(getattr(event, "token", None) or "CUT"))
        self.end_burst()
        return False

    def _pause(self, reason: PauseReason, burst: Burst | None, token: str | None = None) -> None:
        """Journal and decide the ``line_noise`` pause of ``burst`` (its counts so far as the evidence). With no shoe
        open there is no round to pause, and a paused table changes nothing: the burst's note (``noisy``) is the
        record (a card read then is a stray frame, or held, as any card then).
        """
        state = self._machine.state
        if burst is None or state in NO_SHOE_STATES or state is TableState.PAUSED:
            return
        ports = self._ports
        ports.take_input(LineNoise(reason.value, burst.bytes, burst.frames, burst.first, burst.last, burst.head.hex(),
                                   token, ts=ports.now()))

    def end_burst(self) -> bool:
        """Journal the open burst as one ``line_noise`` note (its bytes, frames, first and last time) and close it.

        True when there was none or its note is journaled. While the journal fails the note cannot be written: the
        burst is logged instead (``line_noise_not_journaled``, error level, with its counts), as a held event is.
        """
        watch = self.watch
        burst = watch.end() if watch is not None else None
        if burst is None:
            return True
        note = burst.note()
        if not self._guard.failing and self._guard.note(note):
            self._ports.log("warning" if burst.noisy else "info", "line_noise_burst", bytes=burst.bytes,
                            frames=burst.frames, first=burst.first, last=burst.last, noisy=burst.noisy)
            return True
        self._ports.log("error", "line_noise_not_journaled", **{k: v for k, v in note.items() if k != "kind"})
        return False

    def take_quiet(self) -> None:
        """A burst quiet for ``quiet_seconds`` is over: journaled (the station loop's tick)."""
        watch = self.watch
        if watch is not None and watch.quiet(self._ports.monotonic()):
            self.end_burst()

    def recorded(self, body: dict) -> None:
        """Journal and decide a recorded ``noise`` input (``{"kind": "noise", "reason", "bytes", ...}``) as the
        station did; for ``journal replay``, which re-runs a journal's inputs on a fresh controller. Raises
        ValueError for another input.
        """
        inp = decode_input(body)
        if type(inp) is not LineNoise:
            raise ValueError(f"not a line noise input: {body.get('kind')!r}")
        self._ports.call(self._ports.take_input, inp)
