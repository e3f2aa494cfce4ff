"""The simulated shoe and the ``simulate`` loop: whole shoes dealt in-process, deterministically.

Issue 3, "Headless commands": 8 shuffled decks per shoe (``drivers.deck.shuffled_shoe``), the cut
card placed at random near the back, an automatic dealer. The same seed gives the same output. With
a journal, a restarted run first re-prints every finished round and shoe of the journal, then goes
on where the journal stops (the simulated shoe resumes at the journal's count of frames in the open
shoe), so its complete output equals an uninterrupted run's.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from dealer_station.app.autodealer import AutoDealer
from dealer_station.app.controller import Controller, Fact, RoundRecord
from drivers.deck import CUT, shuffled_shoe
from drivers.frames import CardRead, Connected, CutCard, NoRead

__all__ = ["SimShoe", "output_line", "run_simulation", "shoe_seed"]


def shoe_seed(seed: int, shoe_number: int) -> int:
    """The shuffle seed of shoe ``shoe_number`` in a run seeded ``seed`` (stable across Python versions)."""
    return random.Random(f"dealer-station:{seed}:{shoe_number}").getrandbits(63)


class SimShoe:
    """A simulated card-reading shoe: each :meth:`draw` sends the next card's frame to ``sink``.

    Parameters
    ----------
    sink:
        Receives the frames (``drivers.frames``), e.g. ``Controller.shoe_event`` or a queue's ``put``.
    seed:
        Run seed; shoe ``n`` is shuffled with :func:`shoe_seed` (seed, n).
    decks, cut_min, cut_max:
        Shoe size and cut-card range (cards from the end), as ``drivers.deck.shuffled_shoe``.
    """

    def __init__(self, sink: Callable[[object], None], seed: int, *, decks: int = 8, cut_min: int = 60,
                 cut_max: int = 80) -> None:
        self.sink = sink
        self.seed = seed
        self.decks, self.cut_min, self.cut_max = decks, cut_min, cut_max
        self.tokens: list[str] = []
        self.position = 0

    def load(self, shoe_number: int, position: int = 0) -> None:
        """Load shoe ``shoe_number`` (shuffled), ``position`` cards already drawn."""
        self.tokens = shuffled_shoe(shoe_seed(self.seed, shoe_number), self.decks, self.cut_min, self.cut_max)
        self.position = position

    def draw(self) -> None:
        """Send the next frame: a card, the cut card, or a No-Read (``empty``) once the shoe is empty."""
        if self.position >= len(self.tokens):
            self.sink(NoRead(b"", "empty"))
            return
        token = self.tokens[self.position]
        self.position += 1
        raw = token.encode() + b"\r\n"
        self.sink(CutCard(raw) if token == CUT else CardRead(token, raw))


def output_line(kind: str, data: dict) -> dict:
    """The output line of a finished round (``round_completed``/``round_voided``) or a ``shoe_ended``."""
    if kind == "shoe_ended":
        return {"shoe": data["shoe"], "event": "shoe_end", "rounds": data["rounds"],
                "burn_indicator": data["burn_indicator"], "burned": list(data["burned"]),
                "cut_card_round": data["cut_card_round"]}
    return RoundRecord.from_output(data).line()


def run_simulation(controller: Controller, *, seed: int, shoes: int, emit: Callable[[dict], None],
                   stop: Callable[[], bool] | None = None) -> str:
    """Deal ``shoes`` shoes on ``controller``; give each output line to ``emit`` (journal's first).

    ``stop()`` (optional) is asked before each dealer action; true ends the run early.
    Returns the final state (``"shoe_end"`` when done; ``"paused"`` when an incident stopped the run).
    """
    kinds = ("round_completed", "round_voided", "shoe_ended")
    for kind, data in controller.recorded_outputs(kinds):
        emit(output_line(kind, data))

    def on_fact(fact: Fact) -> None:
        if fact.kind in kinds:
            emit(output_line(fact.kind, fact.data))

    controller.subscribe(on_fact)
    config = controller.config
    sim = SimShoe(controller.shoe_event, seed, decks=config.decks, cut_min=config.cut_min, cut_max=config.cut_max)
    view = controller.snapshot()
    if view.state not in ("no_shoe", "shoe_end"):
        sim.load(view.shoe_number, controller.frames_in_shoe)
    if not view.connected:
        controller.shoe_event(Connected("sim"))
    dealer = AutoDealer(controller, sim.draw, new_shoe=sim.load, shoes=shoes)
    dealer.run(stop=stop)
    return controller.snapshot().state
