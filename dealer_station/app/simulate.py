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
from dealer_station.app.controller import Controller, Fact, RoundRecord, iso_utc, utcnow
from dealer_station.domain.states import NO_SHOE_STATES
from dealer_station.journal import Journal
from drivers.deck import CUT, shuffled_shoe
from drivers.frames import CardRead, Connected, CutCard, NoRead

__all__ = ["SimShoe", "SimulationShoe", "human_line", "output_line", "recorded_seed", "run_simulation", "shoe_seed"]


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
    misread_rate:
        Probability (0..1) that a card is first read as a No-Read (fault injection); a card gets
        at most ``max_misreads_in_a_row`` No-Reads before it reads, so the round never pauses.

    The shoe is a list of frames fixed by the seed (cards, the cut card, the injected No-Reads);
    ``position`` counts frames, which is what the controller counts (``frames_in_shoe``), so a
    restarted run resumes at the right frame.
    """

    def __init__(self, sink: Callable[[object], None], seed: int, *, decks: int = 8, cut_min: int = 60,
                 cut_max: int = 80, misread_rate: float = 0.0, max_misreads_in_a_row: int = 2) -> None:
        if not 0.0 <= misread_rate < 1.0:
            raise ValueError(f"misread_rate {misread_rate!r}: allowed 0 <= rate < 1")
        self.sink = sink
        self.seed = seed
        self.decks, self.cut_min, self.cut_max = decks, cut_min, cut_max
        self.misread_rate = misread_rate
        self.max_in_a_row = max_misreads_in_a_row
        self.tokens: list[str] = []
        self.frames: list[str | None] = []
        self.position = 0

    def load(self, shoe_number: int, position: int = 0) -> None:
        """Load shoe ``shoe_number`` (shuffled), ``position`` frames already drawn."""
        shuffle_seed = shoe_seed(self.seed, shoe_number)
        self.tokens = shuffled_shoe(shuffle_seed, self.decks, self.cut_min, self.cut_max)
        faults = random.Random(f"misreads:{shuffle_seed}")
        self.frames = []
        for token in self.tokens:
            misses = 0
            while (self.misread_rate and token != CUT and misses < self.max_in_a_row
                   and faults.random() < self.misread_rate):
                self.frames.append(None)
                misses += 1
            self.frames.append(token)
        self.position = position

    def draw(self) -> None:
        """Send the next frame: a card, the cut card, a No-Read, or a No-Read (``empty``) once the shoe is empty."""
        if self.position >= len(self.frames):
            self.sink(NoRead(b"", "empty"))
            return
        token = self.frames[self.position]
        self.position += 1
        if token is None:
            self.sink(NoRead(b"\x15\r\n", "no_read"))
            return
        raw = token.encode() + b"\r\n"
        self.sink(CutCard(raw) if token == CUT else CardRead(token, raw))


class _DrawnSource:
    """The shoe source of a :class:`SimulationShoe`: its frames go to the station's sink as they are drawn."""

    can_draw = True

    def __init__(self, sim: SimShoe) -> None:
        self.sim = sim

    def start(self, sink: Callable[[object], None], raw_sink: object = None, *, wait_while_busy: bool = False) -> None:
        """Send the frames drawn from now on to ``sink`` (the station's queue); nothing here can be busy."""
        self.sim.sink = sink

    def stop(self, timeout: float | None = None) -> None:
        """Nothing to close (no device, no thread)."""

    def draw(self) -> None:
        """Send the next frame (:meth:`SimShoe.draw`)."""
        self.sim.draw()


class SimulationShoe:
    """The ``simulate`` command's shoe for the station runtime (:mod:`dealer_station.app.runtime`).

    A :class:`SimShoe` whose frames go to the station's queue when the automatic dealer draws, so the
    controller's thread takes them in order with everything else. Shoe ``n`` is shuffled from ``seed``
    as :func:`run_simulation` shuffles it; a restarted run resumes at the journal's frame count.
    Same attributes as :class:`~dealer_station.app.shoes.StationShoe`.
    """

    simulated = True

    def __init__(self, seed: int, config, misread_rate: float = 0.0) -> None:
        self.seed = seed
        self.sim = SimShoe(lambda _event: None, seed, decks=config.decks, cut_min=config.cut_min,
                           cut_max=config.cut_max, misread_rate=misread_rate,
                           max_misreads_in_a_row=max(0, config.max_misreads - 1))
        self.source = _DrawnSource(self.sim)
        self.new_shoe = self.sim.load

    def draw(self) -> bool:
        """Send the next frame; always True (a simulated shoe is never unplugged)."""
        self.sim.draw()
        return True

    def prepare(self, view, decks: int, frames: int = 0) -> None:
        """Load the open shoe where the table stands (``frames`` drawn already), if one is open."""
        if view.state not in ("no_shoe", "shoe_end"):
            self.sim.load(view.shoe_number, frames)


def output_line(kind: str, data: dict) -> dict:
    """The output line of a finished round (``round_completed``/``round_voided``) or a ``shoe_ended``."""
    if kind == "shoe_ended":
        return {"shoe": data["shoe"], "event": "shoe_end", "rounds": data["rounds"],
                "burn_indicator": data["burn_indicator"], "burned": list(data["burned"]),
                "cut_card_round": data["cut_card_round"]}
    return RoundRecord.line_of(data)


def run_simulation(controller: Controller, *, seed: int, shoes: int, emit: Callable[[dict], None],
                   stop: Callable[[], bool] | None = None, misread_rate: float = 0.0,
                   dealer: str | None = None) -> str:
    """Deal ``shoes`` shoes on ``controller``; give each output line to ``emit`` (journal's first).

    ``stop()`` (optional) is asked before each dealer action; true ends the run early.
    ``misread_rate``: No-Reads injected by the simulated shoe (rescans; never enough to pause).
    ``dealer``: the dealer id signed in before dealing (``Controller.sign_in_configured``: journaled, no
    PIN; a round open in the journal is finished by the dealer signed in then); None: no sign-in.
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
    sim = SimShoe(controller.shoe_event, seed, decks=config.decks, cut_min=config.cut_min, cut_max=config.cut_max,
                  misread_rate=misread_rate, max_misreads_in_a_row=max(0, config.max_misreads - 1))
    view = controller.snapshot()
    if view.state not in NO_SHOE_STATES:
        sim.load(view.shoe_number, controller.frames_in_shoe)
    if not view.connected:
        controller.shoe_event(Connected("sim"))
    if dealer is not None:
        controller.sign_in_configured(dealer)
    auto = AutoDealer(controller, sim.draw, new_shoe=sim.load, shoes=shoes)
    auto.run(stop=stop)
    return controller.snapshot().state


def recorded_seed(journal: Journal, wanted: int | None, decks: int, misread_rate: float = 0.0) -> int:
    """The simulated shoe's run seed: the one recorded in ``journal``, else ``wanted`` (or random), recorded now.

    A journal dealt with a seed goes on with that seed (and the same decks and misread rate), so a
    restarted run deals the same frames. Raises ValueError when the arguments differ from the record.
    """
    for row in journal.rows(kinds=("note",)):
        if row.body.get("kind") == "simulate":
            try:
                recorded = int(row.body["seed"])
            except (KeyError, TypeError, ValueError) as err:
                raise ValueError(f"the journal's simulate note (row {row.seq}) has no usable seed: the journal is "
                                 f"damaged ({err!r})") from err
            if int(row.body.get("decks", decks)) != decks:
                raise ValueError(f"decks {decks}: the journal was dealt with {row.body.get('decks')} decks")
            if float(row.body.get("misread_rate", 0.0)) != misread_rate:
                raise ValueError(f"misread rate {misread_rate}: the journal was dealt with "
                                 f"{row.body.get('misread_rate', 0.0)}")
            if wanted is not None and wanted != recorded:
                raise ValueError(f"seed {wanted}: the journal was dealt with seed {recorded}")
            return recorded
    seed = wanted if wanted is not None else random.SystemRandom().randrange(2**31)
    ts = iso_utc(utcnow())
    journal.append("note", {"kind": "simulate", "seed": seed, "decks": decks, "misread_rate": misread_rate,
                            "ts": ts}, ts)
    return seed


def human_line(line: dict) -> str:
    """An output line (:func:`output_line`) for people."""
    if line.get("event") == "shoe_end":
        return (f"shoe {line['shoe']} ended after {line['rounds']} rounds; burn card {line['burn_indicator']}, "
                f"burned {' '.join(line['burned']) or '-'}; cut card in round {line['cut_card_round']}")
    if line["status"] == "voided":
        return f"shoe {line['shoe']} round {line['round']}: VOID"
    last = "  (last round)" if line["last_round"] else ""
    return (f"shoe {line['shoe']} round {line['round']}: player {' '.join(line['player'])} = {line['player_total']}, "
            f"banker {' '.join(line['banker'])} = {line['banker_total']}: {line['winner']}{last}")
