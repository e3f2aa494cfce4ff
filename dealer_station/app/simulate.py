"""The ``simulate`` command's table and shoe: whole shoes dealt in-process, deterministically.

Each shoe is shuffled from the run's seed (:func:`shoe_seed`, ``drivers.deck.shuffled_shoe``: the
configuration's decks, the cut card placed at random near the back), with an automatic dealer. The
shoe is a real transport and codec: :class:`SimulationShoe` deals through a
:class:`drivers.simulator.LoopbackShoe`, whose draws are a codec's wire bytes (``lines`` unless the
station's shoe profile names another) decoded by that codec into the frames the controller takes, as
from any shoe. The same seed gives the same output. With a journal, a restarted run goes on where the
journal stops (the shoe resumes at the journal's count of frames in the open shoe) and prints only what
it deals, after one line saying how many rounds the journal held already (:func:`dealt_before`,
:func:`before_words`): the outputs of the runs one after the other equal an uninterrupted run's.

The command's table is the station runtime's (:mod:`dealer_station.app.runtime`), as every command's:
``open_station(simulation_settings(...), shoe=simulation_shoe(seed, misread_rate))``, then
``Station.run()``. Whoever else deals what ``simulate`` deals (a benchmark, a test) opens it the same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from dealer_station.app.config import StationConfig
from dealer_station.app.controller import Controller
from dealer_station.app.round_lines import OUTPUT_KINDS, human_line, output_line
from dealer_station.app.runtime_settings import StationSettings
from dealer_station.app.shoes import StationShoe, recorded_seed, seeded_shoe, shoe_seed
from dealer_station.domain.states import NO_SHOE_STATES
from dealer_station.journal import Journal
from dealer_station.publish.settings import BrokerOptions
from drivers.codecs import Codec, make_codec
from drivers.profiles import load_profile
from drivers.simulator import LoopbackShoe, check_misread_rate, with_misreads

__all__ = ["OUTPUT_KINDS", "SimulationShoe", "before_words", "dealt_before", "human_line", "output_line",
           "recorded_seed", "shoe_seed", "simulation_settings", "simulation_shoe"]


class SimulationShoe(StationShoe):
    """The ``simulate`` command's shoe: a :class:`~drivers.simulator.LoopbackShoe` loaded with the run's shoes.

    Parameters
    ----------
    seed:
        Run seed; shoe ``n`` is shuffled with :func:`shoe_seed` (seed, n).
    config:
        The station configuration: ``decks``, ``cut_min``, ``cut_max`` (cards from the end) and
        ``max_misreads``.
    misread_rate:
        Probability (0..1) that a card is first read as a No-Read (fault injection); a card gets at most
        ``max_misreads - 1`` No-Reads before it reads, so the round never pauses. The No-Reads are the
        codec's own No-Read token, planned per shoe from its seed (:func:`drivers.simulator.with_misreads`).
    codec:
        Wire format; default a ``lines`` codec.

    Raises
    ------
    ValueError
        ``misread_rate`` outside 0 <= rate < 1 (``drivers.errors.ShoeConfigError``).

    Attributes are those of :class:`~dealer_station.app.shoes.StationShoe`: ``source`` (the loopback; the
    station starts it with its queue's sink, so the frames of each :meth:`draw` go through the station's
    queue), ``seed``, ``draw``, ``new_shoe`` (``new_shoe(n, frames=0)``: shoe ``n``, ``frames`` already
    drawn) and ``simulated``; only :meth:`prepare` differs, counting frames (No-Reads included) where a
    station's simulated shoe counts cards. A shoe's plan (cards, cut card, No-Reads) is fixed by the seed and counted in
    frames, which is what the controller counts (``frames_in_shoe``): a restarted run resumes at the right
    frame.
    """

    def __init__(self, seed: int, config, misread_rate: float = 0.0, codec: Codec | None = None) -> None:
        self.config = config
        self.misread_rate = misread_rate
        self.max_in_a_row = max(0, config.max_misreads - 1)
        check_misread_rate(misread_rate)
        source = LoopbackShoe(codec if codec is not None else make_codec("lines"), tokens=[], empty_reads=True)
        source.log_context = {"table_id": config.table_id}
        super().__init__(source, seed, self.frames)

    def frames(self, shoe_number: int) -> list[str]:
        """Shoe ``shoe_number``'s draws in order: card tokens, ``"CUT"``, ``drivers.codecs.NOREAD`` markers.

        Raises ValueError for a misread rate outside 0 <= rate < 1.
        """
        tokens = seeded_shoe(self.seed, shoe_number, self.config)
        return with_misreads(tokens, self.misread_rate, random.Random(f"misreads:{shoe_seed(self.seed, shoe_number)}"),
                             max_in_a_row=self.max_in_a_row)

    def prepare(self, view, decks: int, frames: int = 0) -> None:
        """Load the open shoe where the table stands (``frames`` drawn already, No-Reads included), if one is open."""
        if view.state not in NO_SHOE_STATES:
            self.new_shoe(view.shoe_number, frames)


def dealt_before(controller: Controller) -> tuple[int, int]:
    """What the journal of ``controller`` holds already: (finished rounds, shoes they were dealt in).

    Raises JournalError when the journal cannot be read.
    """
    count = controller.journal.count_marked   # a count in the mark index: as cheap at 10,000 shoes as at one
    return count("round"), count("shoe_started")


def before_words(rounds: int, shoes: int, journal: str) -> str:
    """The line a restarted run prints first: ``"70 rounds of 1 shoe were dealt on journal J before this run: not
    printed again (dealer-station recall --journal J lists them)"``; ``""`` when there were none.
    """
    if not rounds:
        return ""
    return (f"{rounds} round{'s' if rounds != 1 else ''} of {shoes} shoe{'s' if shoes != 1 else ''} "
            f"{'were' if rounds != 1 else 'was'} dealt on journal {journal} before this run: not printed again "
            f"(dealer-station recall --journal {journal} lists them)")


def simulation_settings(*, journal: str | Path = ":memory:", shoes: int = 1, decks: int | None = None,
                        dealer: str = "auto", config_path: str | Path | None = None, table_id: str | None = None,
                        publish: BrokerOptions | None = None, signing_key: str | Path | None = None,
                        previous_signing_key: str | Path | None = None) -> StationSettings:
    """The station ``simulate`` opens: the simulated shoe, no accounts, the automatic dealer for ``shoes``
    shoes as ``dealer``, a paused table ending the run (nobody is there to resolve it).

    Parameters
    ----------
    journal:
        Journal database; ``":memory:"`` (default): none kept.
    shoes:
        Shoes to deal (those in the journal count).
    decks:
        Decks per shoe, 1..8 (the cut-card range scales); None: the configuration's.
    dealer:
        Dealer id signed in (journaled, no PIN).
    config_path, table_id, publish, signing_key, previous_signing_key:
        As :class:`~dealer_station.app.runtime_settings.StationSettings` has them.
    """
    return StationSettings(config_path=config_path, shoe="sim", journal=journal, use_accounts=False,
                           table_id=table_id, decks=decks, dealer=dealer, auto=True, shoes=shoes, publish=publish,
                           end_paused=True, signing_key=signing_key, previous_signing_key=previous_signing_key)


def simulation_shoe(seed: int | None, misread_rate: float = 0.0
                    ) -> Callable[[str, StationConfig, Journal], SimulationShoe]:
    """The ``shoe`` of :func:`~dealer_station.app.runtime.open_station` for ``simulate``.

    It builds the :class:`SimulationShoe` of the run on the table's journal: the seed the journal recorded
    (else ``seed``, or a random one, recorded now: :func:`recorded_seed`), the shoe profile's codec.

    Raises
    ------
    ValueError
        (When called) ``seed``, the decks or ``misread_rate`` differ from the journal's record; a misread
        rate outside 0 <= rate < 1.
    JournalError
        (When called) The seed's note cannot be read or written.
    """
    def shoe(spec: str, config: StationConfig, journal: Journal) -> SimulationShoe:
        profile = load_profile(spec)
        return SimulationShoe(recorded_seed(journal, seed, config.decks, misread_rate), config, misread_rate,
                              codec=make_codec(profile.codec, profile.codec_options))

    return shoe
