"""Opening the shoe a station reads: a ``--shoe`` spec through the drivers, wired for the station.

Every shoe, the simulated one included, is a :class:`drivers.source.ShoeSource`: a reader thread
that turns the device's bytes into frames through the profile's codec (docs/design.md "Data flow").
A simulated shoe also deals: the automatic dealer pulls each card with :func:`station_draw`, and
each new shoe is shuffled from the run's seed exactly as ``dealer-station simulate`` shuffles it,
so a run and a simulation with one seed deal the same cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import structlog

from dealer_station.app.clock import iso_utc, utcnow
from dealer_station.app.config import StationConfig
from dealer_station.domain.states import NO_SHOE_STATES
from dealer_station.journal import Journal
from drivers.deck import shuffled_shoe
from drivers.errors import ShoeEmptyError, ShoeUnavailableError

if TYPE_CHECKING:  # the shoe profiles, sources and the archive are imported where a shoe is opened: a replay needs none
    from drivers.source import ShoeSource

__all__ = ["StationShoe", "open_station_shoe", "recorded_seed", "seeded_shoe", "shoe_seed", "station_draw"]

_log = structlog.get_logger("dealer_station.shoes")


def shoe_seed(seed: int, shoe_number: int) -> int:
    """The shuffle seed of shoe ``shoe_number`` in a run seeded ``seed`` (stable across Python versions)."""
    return random.Random(f"dealer-station:{seed}:{shoe_number}").getrandbits(63)


def seeded_shoe(seed: int, shoe_number: int, config: StationConfig) -> list[str]:
    """Shoe ``shoe_number`` of a run seeded ``seed``, in dealing order (``drivers.deck.shuffled_shoe`` of
    :func:`shoe_seed`: burn, cards, ``"CUT"`` at its place), for the configuration's decks and cut-card range.
    The one dealing of a simulated shoe: the console's and ``run``'s pty simulator and ``simulate``'s loopback.
    """
    return shuffled_shoe(shoe_seed(seed, shoe_number), config.decks, config.cut_min, config.cut_max)


def recorded_seed(journal: Journal, wanted: int | None, decks: int, misread_rate: float = 0.0) -> int:
    """The simulated shoe's run seed: the one recorded in ``journal``, else ``wanted`` (or random), recorded now.

    A journal dealt with a seed goes on with that seed (and the same decks and misread rate), so a
    restarted run deals the same frames. Raises ValueError when the arguments differ from the record.
    """
    from dealer_station.journal.archive import notes_of

    for seq, body in notes_of(journal, "simulate"):   # an archived note carries it once its rows are archived
        try:
            recorded = int(body["seed"])
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"the journal's simulate note (row {seq}) has no usable seed: the journal is "
                             f"damaged ({err!r})") from err
        if int(body.get("decks", decks)) != decks:
            raise ValueError(f"decks {decks}: the journal was dealt with {body.get('decks')} decks")
        if float(body.get("misread_rate", 0.0)) != misread_rate:
            raise ValueError(f"misread rate {misread_rate}: the journal was dealt with "
                             f"{body.get('misread_rate', 0.0)}")
        if wanted is not None and wanted != recorded:
            raise ValueError(f"seed {wanted}: the journal was dealt with seed {recorded}")
        return recorded
    seed = wanted if wanted is not None else random.SystemRandom().randrange(2**31)
    ts = iso_utc(utcnow())
    journal.append("note", {"kind": "simulate", "seed": seed, "decks": decks, "misread_rate": misread_rate,
                            "ts": ts}, ts)
    return seed


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

    def shoe_tokens(self, shoe_number: int) -> list[str]:
        """The simulated shoe ``shoe_number``'s tokens, ``"CUT"`` included. ValueError on a real shoe."""
        if self._shoe_tokens is None:
            raise ValueError("a real shoe's cards are not known in advance")
        return self._shoe_tokens(shoe_number)

    def _load(self, shoe_number: int, taken: int = 0) -> None:
        self.source.new_shoe(tokens=self.shoe_tokens(shoe_number)[taken:])

    @property
    def simulated(self) -> bool:
        """True when the shoe deals by itself (the simulator)."""
        return self.new_shoe is not None

    def prepare(self, view, decks: int, frames: int = 0) -> None:
        """Load the simulated shoe where the table (``view``: a ``TableView``) stands; no-op on a real shoe.

        In the middle of a shoe (after a restart) the shoe is loaded with the cards already taken
        out: inventory minus cards left, plus the cut card when it is out (No-Reads take no card).
        Otherwise the next shoe is loaded, ready for the dealer's "new shoe". ``frames``: the frames
        taken in the open shoe (``Controller.frames_in_shoe``; not needed here).
        """
        if self.new_shoe is None:
            return
        if view.state not in NO_SHOE_STATES and view.shoe_number:
            self._load(view.shoe_number, decks * 52 - view.cards_left + int(view.cut_card_out))
        else:
            self._load(view.shoe_number + 1)


def open_station_shoe(spec: str, config: StationConfig, journal: Journal) -> StationShoe:
    """Open the shoe ``spec`` names (profile name, file or inline spec; see ``docs/drivers.md``).

    For a simulated shoe the run's seed is the spec's ``seed``, else the one recorded in the
    journal, else a fresh one (recorded). Raises ``drivers.errors.ShoeConfigError`` (a ValueError)
    for a bad spec and ValueError when the seed or decks differ from the journal's record.

    The source's reader thread logs with the table's id (``source.log_context``): its lines (port
    opened, link lost, reconnection) say which table they are about.
    """
    from drivers.profiles import build_source, load_profile

    profile = load_profile(spec)
    if profile.transport != "sim":
        source = build_source(profile)
        source.log_context = {"table_id": config.table_id}
        return StationShoe(source, None, None)
    seed = recorded_seed(journal, profile.options.get("seed"), config.decks)

    def shoe_tokens(shoe_number: int) -> list[str]:
        return seeded_shoe(seed, shoe_number, config)

    source = build_source(profile, tokens=[])
    source.log_context = {"table_id": config.table_id}
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
