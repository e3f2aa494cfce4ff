"""The ``simulate`` command's shoe and loop: whole shoes dealt in-process, deterministically.

Each shoe is shuffled from the run's seed (:func:`shoe_seed`, ``drivers.deck.shuffled_shoe``: the
configuration's decks, the cut card placed at random near the back), with an automatic dealer. The
shoe is a real transport and codec: :class:`SimulationShoe` deals through a
:class:`drivers.simulator.LoopbackShoe`, whose draws are a codec's wire bytes (``lines`` unless the
station's shoe profile names another) decoded by that codec into the frames the controller takes, as
from any shoe. The same seed gives the same output. With a journal, a restarted run goes on where the
journal stops (the shoe resumes at the journal's count of frames in the open shoe) and prints only what
it deals, after one line saying how many rounds the journal held already (:func:`dealt_before`,
:func:`before_words`): the outputs of the runs one after the other equal an uninterrupted run's.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from dealer_station.app.autodealer import AutoDealer
from dealer_station.app.controller import Controller, Fact, RoundRecord
from dealer_station.app.shoes import StationShoe, recorded_seed, seeded_shoe, shoe_seed
from dealer_station.domain.facts import RoundStatus
from dealer_station.domain.states import NO_SHOE_STATES
from drivers.codecs import Codec, make_codec
from drivers.simulator import LoopbackShoe, check_misread_rate, with_misreads

__all__ = ["SimulationShoe", "before_words", "dealt_before", "human_line", "output_line", "recorded_seed",
           "run_simulation", "shoe_seed"]


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


def output_line(kind: str, data: dict) -> dict:
    """The output line of a finished round (``round_completed``/``round_voided``) or a ``shoe_ended``."""
    if kind == "shoe_ended":
        return {"shoe": data["shoe"], "event": "shoe_end", "rounds": data["rounds"],
                "burn_indicator": data["burn_indicator"], "burned": list(data["burned"]),
                "cut_card_round": data["cut_card_round"]}
    return RoundRecord.line_of(data)


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


def run_simulation(controller: Controller, *, seed: int, shoes: int, emit: Callable[[dict], None],
                   stop: Callable[[], bool] | None = None, misread_rate: float = 0.0,
                   dealer: str | None = None) -> str:
    """Deal ``shoes`` shoes on ``controller`` (those of its journal count); give each output line of what this run
    deals to ``emit`` (a round or a shoe already in the journal is not given again).

    The shoe is a :class:`SimulationShoe` whose loopback gives its frames to the controller on this thread
    (no queue), its ``Connected`` first; it is left connected when the run ends (nothing to release).
    ``stop()`` (optional) is asked before each dealer action; true ends the run early.
    ``misread_rate``: No-Reads injected by the simulated shoe (rescans; never enough to pause).
    ``dealer``: the dealer id signed in before dealing (``Controller.sign_in_configured``: journaled, no
    PIN; a round open in the journal is finished by the dealer signed in then); None: no sign-in.
    Returns the final state (``"shoe_end"`` when done; ``"paused"`` when an incident stopped the run).
    """
    kinds = ("round_completed", "round_voided", "shoe_ended")

    def on_fact(fact: Fact) -> None:
        if fact.kind in kinds:
            emit(output_line(fact.kind, fact.data))

    controller.subscribe(on_fact)
    shoe = SimulationShoe(seed, controller.config, misread_rate)
    shoe.prepare(controller.snapshot(), controller.config.decks, controller.frames_in_shoe)
    shoe.source.start(controller.shoe_event)  # its Connected, then each draw's frames, straight to the table
    if dealer is not None:
        controller.sign_in_configured(dealer)
    auto = AutoDealer(controller, shoe.draw, new_shoe=shoe.new_shoe, shoes=shoes)
    auto.run(stop=stop)
    return controller.snapshot().state


def human_line(line: dict) -> str:
    """An output line (:func:`output_line`) for people."""
    if line.get("event") == "shoe_end":
        return (f"shoe {line['shoe']} ended after {line['rounds']} rounds; burn card {line['burn_indicator']}, "
                f"burned {' '.join(line['burned']) or '-'}; cut card in round {line['cut_card_round']}")
    if line["status"] == RoundStatus.VOIDED:
        return f"shoe {line['shoe']} round {line['round']}: VOID"
    last = "  (last round)" if line["last_round"] else ""
    return (f"shoe {line['shoe']} round {line['round']}: player {' '.join(line['player'])} = {line['player_total']}, "
            f"banker {' '.join(line['banker'])} = {line['banker_total']}: {line['winner']}{last}")
