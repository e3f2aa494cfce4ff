"""Opening the shoe a station reads: a ``--shoe`` spec through the drivers, wired for the station.

Every shoe, the simulated one included, is a :class:`drivers.source.ShoeSource`: a reader thread
that turns the device's bytes into frames through the profile's codec (DESIGN.md "Data flow").
A simulated shoe also deals: the automatic dealer pulls each card with :func:`station_draw`, and
each new shoe is shuffled from the run's seed exactly as ``dealer-station simulate`` shuffles it,
so a run and a simulation with one seed deal the same cards.
"""

from __future__ import annotations

from collections.abc import Callable

import structlog

from dealer_station.app.config import StationConfig
from dealer_station.app.simulate import recorded_seed, shoe_seed
from dealer_station.journal import Journal
from drivers.deck import shuffled_shoe
from drivers.errors import ShoeEmptyError, ShoeUnavailableError
from drivers.profiles import build_source, load_profile
from drivers.source import ShoeSource

__all__ = ["StationShoe", "open_station_shoe", "station_draw"]

_log = structlog.get_logger("dealer_station.shoes")


class StationShoe:
    """A started-or-startable shoe source plus what the automatic dealer needs of it.

    Attributes
    ----------
    source:
        The drivers' shoe source (start it with the station's sink).
    draw:
        For the automatic dealer: pulls the next card; returns False when no card could come out.
    new_shoe:
        Called with the new shoe's number before the dealer starts it (simulated shoes load a
        freshly shuffled shoe), or None for a real shoe.
    seed:
        The simulated run's seed (recorded in the journal), or None for a real shoe.
    """

    def __init__(self, source: ShoeSource, seed: int | None, shoe_tokens: Callable[[int], list[str]] | None) -> None:
        self.source = source
        self.seed = seed
        self._shoe_tokens = shoe_tokens
        self.draw = station_draw(source)
        self.new_shoe = self._load if shoe_tokens is not None else None

    def _load(self, shoe_number: int, taken: int = 0) -> None:
        assert self._shoe_tokens is not None
        self.source.new_shoe(tokens=self._shoe_tokens(shoe_number)[taken:])

    def resume(self, shoe_number: int, taken: int) -> None:
        """After a restart in the middle of shoe ``shoe_number``: load it with ``taken`` cards gone."""
        if self.new_shoe is not None:
            self._load(shoe_number, taken)


def open_station_shoe(spec: str, config: StationConfig, journal: Journal) -> StationShoe:
    """Open the shoe ``spec`` names (profile name, file or inline spec; see ``docs/drivers.md``).

    For a simulated shoe the run's seed is the spec's ``seed``, else the one recorded in the
    journal, else a fresh one (recorded). Raises ``drivers.errors.ShoeConfigError`` (a ValueError)
    for a bad spec and ValueError when the seed or decks differ from the journal's record.
    """
    profile = load_profile(spec)
    if profile.transport != "sim":
        return StationShoe(build_source(profile), None, None)
    seed = recorded_seed(journal, profile.options.get("seed"), config.decks)

    def shoe_tokens(shoe_number: int) -> list[str]:
        return shuffled_shoe(shoe_seed(seed, shoe_number), config.decks, config.cut_min, config.cut_max)

    source = build_source(profile, tokens=[])
    return StationShoe(source, seed, shoe_tokens)


def station_draw(source: ShoeSource) -> Callable[[], bool]:
    """The automatic dealer's ``draw`` for ``source``.

    A shoe that deals by itself (the simulator) writes the next card to its wire; on a real shoe
    the dealer pulls the card by hand and the frame arrives by itself, so ``draw`` does nothing.
    Returns False when no card came out (the shoe is unplugged or empty): the dealer tries again.
    """
    if not getattr(source, "can_draw", False):
        return lambda: True

    def draw() -> bool:
        try:
            source.draw()
        except ShoeUnavailableError as err:
            _log.warning("draw_unavailable", error=str(err))
            return False
        except ShoeEmptyError as err:
            _log.error("shoe_empty", error=str(err))
            return False
        return True

    return draw
