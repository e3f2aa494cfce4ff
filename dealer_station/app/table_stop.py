"""The station's stop as the table takes it: begun (the reader's closing link loss is the stop's, not a lost
shoe), journaled as a ``stop`` input (the table ``closed`` for the platform, nothing else changed, so the open
round stays open for the next start), and the presses it dropped counted in one note. A stop is not a pause:
no incident, no supervisor (docs/controller.md "Stops and pauses").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from dealer_station.app.journal_guard import JournalGuard
from dealer_station.app.table_ports import TablePorts
from dealer_station.domain.inputs import StopInput
from dealer_station.domain.table import TableMachine

__all__ = ["ACTS_DROPPED_NOTE", "TableStop"]

ACTS_DROPPED_NOTE = "acts_dropped_at_stop"
"""The ``kind`` of the note that counts the presses a stop dropped (:meth:`TableStop.acts_dropped`)."""


class TableStop:
    """The table's side of the station's stop.

    Parameters
    ----------
    machine:
        The state machine (a table stopped already, and nothing since, is not stopped again).
    guard:
        The journal-failure guard: a failing journal is tried again first; its recorded pause stays.
    ports:
        The controller's clock, log and inputs (:class:`~dealer_station.app.table_ports.TablePorts`).
    end_burst:
        Journals the line noise counted so far (before the stop: nothing is lost).

    Attributes
    ----------
    stopping:
        True from :meth:`begin` until the stop is taken: a link loss is then the reader closing.
    """

    def __init__(self, machine: TableMachine, guard: JournalGuard, ports: TablePorts,
                 end_burst: Callable[[], object]) -> None:
        self._machine = machine
        self._guard = guard
        self._ports = ports
        self._end_burst = end_burst
        self.stopping = False

    def begin(self, stopping: bool = True) -> None:
        """The station is stopping (SIGTERM, Ctrl-C, the console closing, the last shoe done, idle): from now
        on the reader's ``ConnectionLost`` is its close, not a lost shoe. ``stopping=False`` takes it back (a
        tool re-running a journal).
        """
        self.stopping = bool(stopping)

    def stop(self, why: str) -> bool:
        """Journal the stop (a ``stop`` input, ``why``: a few words for the journal); the input itself, decided
        whole (run it through the controller's input queue). While the journal fails, it is tried again first
        (what the failure kept and the pause are written first). True when the stop is journaled (or nothing
        happened since the last one); False while the journal still fails. Ends :meth:`begin`. Never raises.
        """
        ports = self._ports
        try:
            self._end_burst()  # the noise counted so far is journaled before the stop: nothing is lost
            g = self._guard
            if self._machine.closed and not g.failing and (g.fault is None or g.recorded):
                return True  # stopped already, and nothing came since
            if g.failing and not g.retry():
                return False  # the journal still fails: the pause and the stop cannot be written
            return ports.take_input(StopInput(str(why), ts=ports.now())) is not None
        except Exception as err:  # noqa: BLE001 - a stop never raises into the station's shutdown
            ports.log("error", "stop_failed", error=repr(err))
            return False
        finally:
            self.stopping = False

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
            return bool(self._ports.call(self._guard.note, body))
        except Exception as err:  # noqa: BLE001 - a stop never raises into the station's shutdown
            self._ports.log("error", "acts_dropped_note_failed", error=repr(err))
            return False
