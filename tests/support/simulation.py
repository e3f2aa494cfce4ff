"""What ``dealer-station simulate`` runs, in this process: for the tests that need its table or journal.

:func:`simulate` opens the command's station (``open_station(simulation_settings(...),
shoe=simulation_shoe(seed, misread_rate))``), collects the round and shoe lines the command prints,
runs ``Station.run()`` on this thread and stops the station as the command does (the stop journaled).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dealer_station.app.controller import Controller, Fact
from dealer_station.app.runtime import Station, open_station
from dealer_station.app.simulate import OUTPUT_KINDS, output_line, simulation_settings, simulation_shoe
from dealer_station.journal import Journal

__all__ = ["Simulated", "simulate", "stop_after"]


@dataclass
class Simulated:
    """One run: the output ``lines`` (``--json``'s), what ended the loop (``why``), the table's ``state`` at the
    end, and the stopped ``station`` (its journal closed unless the run was asked to keep it open)."""

    lines: list[dict]
    why: str
    state: str
    station: Station


def stop_after(count: int, *kinds: str) -> Callable[[Fact], bool]:
    """A ``stop_when`` that is true at the ``count``-th fact of ``kinds`` (any kind when none given)."""
    seen = [0]

    def stop(fact: Fact) -> bool:
        if not kinds or fact.kind in kinds:
            seen[0] += 1
        return seen[0] >= count

    return stop


def simulate(*, seed: int | None, shoes: int = 1, decks: int | None = None, journal: str | Path = ":memory:",
             misread_rate: float = 0.0, dealer: str = "auto", config_path: str | Path | None = None,
             controller: Callable[..., Controller] = Controller, open_journal: Callable[..., Journal] = Journal,
             stop_when: Callable[[Fact], bool] | None = None, keep_open: bool = False) -> Simulated:
    """Deal as ``dealer-station simulate --json --seed SEED --shoes SHOES [--decks D] [--journal J]`` does.

    Parameters
    ----------
    controller, open_journal:
        Build the controller and the journal (``open_station``'s; a test gives a clock, an edge monitor, an
        in-memory journal).
    stop_when:
        Asked with each fact the table tells; true asks the station's stop, as SIGTERM does (the loop ends
        after the step it is in; the stop is journaled).
    keep_open:
        Leave the journal open (read it through ``Simulated.station.journal``, close it with
        ``station.close()``).

    Raises
    ------
    ValueError, JournalError
        What ``open_station`` raises (a seed other than the journal's, a journal that cannot be opened).
    """
    lines: list[dict] = []
    settings = simulation_settings(journal=journal, shoes=shoes, decks=decks, dealer=dealer, config_path=config_path)
    station = open_station(settings, controller=controller, shoe=simulation_shoe(seed, misread_rate),
                           open_journal=open_journal)

    def on_fact(fact: Fact) -> None:
        if fact.kind in OUTPUT_KINDS:
            lines.append(output_line(fact.kind, fact.data))
        if stop_when is not None and stop_when(fact):
            station.request_stop()

    station.controller.subscribe(on_fact)
    why = "failed"
    try:
        why = station.run()
    finally:
        station.stop("finished" if why in ("finished", "paused") else why)
        state = station.controller.snapshot().state
        if not keep_open:
            station.close()
    return Simulated(lines, why, state, station)
