"""The automatic dealer: opens and closes betting at once, confirms results, starts new shoes, and
asks the shoe for the next card whenever the table wants one (issue 3, "Headless commands")."""

from __future__ import annotations

from collections.abc import Callable

from dealer_station.app.controller import ActRefused, Controller

__all__ = ["AutoDealer"]


class AutoDealer:
    """Drives a :class:`Controller` like a dealer who never hesitates.

    Parameters
    ----------
    controller:
        The table.
    draw:
        Pulls the next card from the shoe; the frame reaches the controller (directly, or through
        the reader's queue). Called only when the table expects a card. Returning ``False`` means
        no card came out (the shoe is unplugged): the dealer draws again at its next step.
    new_shoe:
        Called with the new shoe's number just before the dealer starts it (the simulator loads
        a freshly shuffled shoe there).
    shoes:
        Stop after this many shoes have ended (None: never stop).

    :meth:`step` does one thing and returns what it did (``None`` when it has nothing to do:
    finished, paused, or waiting for a drawn card to arrive).
    """

    def __init__(self, controller: Controller, draw: Callable[[], bool | None], *,
                 new_shoe: Callable[[int], None] | None = None, shoes: int | None = None) -> None:
        self.controller = controller
        self.draw = draw
        self.new_shoe = new_shoe
        self.shoes = shoes
        self.waiting = False
        self._frames_seen = controller.frames_in_shoe
        # A real Controller answers state and shoe number without building a whole snapshot;
        # any other table object (a console test double) is asked for its snapshot.
        self._cheap_view = isinstance(controller, Controller)

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
        return self.shoes is not None and state in ("no_shoe", "shoe_end") and shoe_number >= self.shoes

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

    def _step(self) -> str | None:
        state, shoe_number = self._where()
        if self.waiting:
            if self.controller.frames_in_shoe == self._frames_seen and state not in ("paused",):
                return None
            self.waiting = False
        if state in ("no_shoe", "shoe_end"):
            if self.shoes is not None and shoe_number >= self.shoes:
                return None
            if self.new_shoe is not None:
                self.new_shoe(shoe_number + 1)
            self.controller.dealer("new_shoe")
            return "new_shoe"
        if state == "shuffle":
            self.controller.dealer("shuffled")
            return "shuffled"
        if state == "ready":
            self.controller.dealer("open_betting")
            return "open_betting"
        if state == "betting_open":
            self.controller.dealer("close_betting")
            return "close_betting"
        if state == "result":
            self.controller.dealer("confirm_result")
            return "confirm_result"
        if state in ("burn_indicator", "burning", "betting_closed", "dealing"):
            self._frames_seen = self.controller.frames_in_shoe
            self.waiting = True
            if self.draw() is False:
                self.waiting = False
                return None
            return "draw"
        return None  # paused: only a supervisor can go on

    def run(self, limit: int | None = None, stop: Callable[[], bool] | None = None) -> int:
        """Step until there is nothing to do (or ``stop()`` is true); return the number of actions."""
        count = 0
        while (limit is None or count < limit) and not (stop is not None and stop()):
            if self.step() is None:
                break
            count += 1
        return count
