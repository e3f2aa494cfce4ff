"""The automatic dealer: opens and closes betting at once, confirms results, starts new shoes, and
asks the shoe for the next card whenever the table wants one.

One dealer for every caller: the station's ``--auto``, ``simulate`` and the console's automatic
mode pull cards with :meth:`AutoDealer.step`; a QA replay, whose cards come from the recording,
calls :meth:`AutoDealer.before_frame` before each recorded frame and :meth:`AutoDealer.finish` at
its end.
"""

from __future__ import annotations

from collections.abc import Callable

import structlog

from dealer_station.app.controller import ActRefused, Controller
from dealer_station.domain.acts import DealerAct
from dealer_station.domain.rules import next_dealer_act
from dealer_station.domain.states import CARD_NEXT_STATES, CARD_STATES, NO_SHOE_STATES, TableState

__all__ = ["DRAW", "AutoDealer"]

DRAW = "draw"
"""What :meth:`AutoDealer.step` returns when it asked the shoe for its next card (not a dealer act)."""

_log = structlog.get_logger("dealer_station.autodealer")

_MAX_ACTS_BEFORE_A_FRAME = 8
"""Acts :meth:`AutoDealer.before_frame` does at most before one frame (from a shoe's end to a card: 5)."""

_ACT_NAME: dict[DealerAct, str] = {act: act.value for act in DealerAct}
"""A dealer act → its plain name, without the Enum's ``value`` lookup before every frame."""

_SHOE_ACTS = frozenset({DealerAct.CHANGE_SHOE, DealerAct.NEW_SHOE})
"""The acts that lead to the next shoe: the shoe change and its confirm (none once the wanted shoes are dealt)."""


class AutoDealer:
    """Drives a :class:`Controller` like a dealer who never hesitates.

    Parameters
    ----------
    controller:
        The table.
    draw:
        Pulls the next card from the shoe; the frame reaches the controller (directly, or through
        the reader's queue). Called only when the table expects a card. Returning ``False`` means
        no card came out (the shoe is unplugged): the dealer draws again at its next step. None
        (a replay: the recording brings the cards) for a dealer driven by :meth:`before_frame` only.
    new_shoe:
        Called with the new shoe's number just before the dealer starts it (the simulator loads
        a freshly shuffled shoe there).
    shoes:
        Stop after this many shoes have ended (None: never stop).

    :meth:`step` does one thing and returns what it did (``None`` when it has nothing to do:
    finished, paused, or waiting for a drawn card to arrive). :meth:`before_frame` does the acts a
    frame that is coming anyway needs. :attr:`acts` counts the dealer acts asked of the table.
    """

    def __init__(self, controller: Controller, draw: Callable[[], bool | None] | None = None, *,
                 new_shoe: Callable[[int], None] | None = None, shoes: int | None = None) -> None:
        self.controller = controller
        self.draw = draw
        self.new_shoe = new_shoe
        self.shoes = shoes
        self.waiting = False
        self.acts = 0
        """Dealer acts asked of the table so far (refused ones too)."""
        self._frames_seen = controller.frames_in_shoe
        # A real Controller answers state and shoe number without building a whole snapshot;
        # any other table object (a console test double) is asked for its snapshot.
        self._cheap_view = isinstance(controller, Controller)
        self._machine = controller.machine if self._cheap_view else None

    def _where(self) -> tuple[str, int]:
        """``(state, shoe number)`` as the controller's snapshot shows them."""
        if self._cheap_view:
            return self.controller.state, self.controller.shoe_number
        view = self.controller.snapshot()
        return view.state, view.shoe_number

    @property
    def finished(self) -> bool:
        """True when the wanted number of shoes has ended."""
        state, shoe_number = self._where()
        return self.shoes is not None and state in NO_SHOE_STATES and shoe_number >= self.shoes

    def step(self) -> str | None:
        """Do the next dealer action; return its name, or None when there is nothing to do now.

        An act the table refuses (:class:`~dealer_station.app.controller.ActRefused`: the journal failed
        on it, so the table is now paused for the supervisor) is nothing done: None, never an exception
        out of the station loop. The controller has already said why (``input_refused``, ``round_paused``).
        """
        try:
            return self._step()
        except ActRefused:
            return None

    def _act(self, act: str) -> str:
        """Ask the table for dealer act ``act`` (counted); raises ActRefused as the controller does."""
        self.acts += 1
        self.controller.dealer(act)
        return act

    def _step(self) -> str | None:
        state, shoe_number = self._where()
        if self.waiting:
            if self.controller.frames_in_shoe == self._frames_seen and state != TableState.PAUSED:
                return None
            self.waiting = False
        act = next_dealer_act(state)
        if act in _SHOE_ACTS and not self._next_shoe(act, shoe_number):
            return None
        if act is not None:
            return self._act(act.value)
        if state in CARD_NEXT_STATES and self.draw is not None:
            self._frames_seen = self.controller.frames_in_shoe
            self.waiting = True
            if self.draw() is False:
                self.waiting = False
                return None
            return DRAW
        return None  # paused: only a supervisor can go on (or no draw: the frames come by themselves)

    def before_frame(self, frame: object) -> None:
        """Act until the table is where ``frame``, coming anyway (a replay's recorded frame), can be read.

        Starts a shoe, confirms a result, opens and closes betting until the table expects a card (as
        :meth:`step` does, who draws only once betting is closed: a cut card between rounds is read with
        the next round's betting closed, so that round is the shoe's last, docs/rules.md §1). In ``shuffle``
        the frame is the indicator card (a card there implies ``shuffled``); a paused table is left to a
        supervisor (docs/rules.md §5). At most 8 acts; a refused act is logged (``auto_act_refused``) and the
        frame decides the rest. Raises nothing.
        """
        machine = self._machine
        for _ in range(_MAX_ACTS_BEFORE_A_FRAME):
            state = machine.state if machine is not None else self._where()[0]
            if state in CARD_STATES or state == TableState.PAUSED:
                return
            act = next_dealer_act(state)
            if act is None:
                return
            if act in _SHOE_ACTS and not self._next_shoe(act, self.controller.shoe_number):
                return
            try:
                self._act(_ACT_NAME[act])
            except ActRefused as err:  # journaled by the controller; the frame decides the rest
                _log.warning("auto_act_refused", act=act, why=err.why)

    def _next_shoe(self, act: DealerAct, shoe_number: int) -> bool:
        """Before ``act`` (``change_shoe`` or ``new_shoe``) after shoe ``shoe_number``: False once the wanted
        shoes are dealt (nothing is asked); else True, the simulated shoe loaded with the next shoe before the
        ``new_shoe`` that starts it.
        """
        if self.shoes is not None and shoe_number >= self.shoes:
            return False
        if act is DealerAct.NEW_SHOE and self.new_shoe is not None:
            self.new_shoe(shoe_number + 1)
        return True

    def finish(self) -> None:
        """At the end of a recording: confirm a dealt round, so that its result is issued. Raises nothing."""
        state = self._machine.state if self._machine is not None else self._where()[0]
        if state == TableState.RESULT:
            try:
                self._act(DealerAct.CONFIRM_RESULT.value)
            except ActRefused as err:
                _log.warning("auto_act_refused", act=DealerAct.CONFIRM_RESULT.value, why=err.why)

    def run(self, limit: int | None = None, stop: Callable[[], bool] | None = None) -> int:
        """Step until there is nothing to do (or ``stop()`` is true); return the number of actions."""
        count = 0
        while (limit is None or count < limit) and not (stop is not None and stop()):
            if self.step() is None:
                break
            count += 1
        return count
