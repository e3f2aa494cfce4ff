"""A supervisor's act at the table: authenticated, with a reason code and a note, checked against the rules the
supervisor's screen shows (:mod:`dealer_station.app.supervisor_acts`), then journaled and acted on.

docs/design.md "The table state machine" (supervisor acts from ``paused``, each with a reason). While the journal
fails, ``resume`` clears the failure (:mod:`dealer_station.app.journal_guard`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dealer_station.app.accounts import AuthError
from dealer_station.app.refusals import ActRefused
from dealer_station.app.supervisor_acts import ActPreview, preview
from dealer_station.domain.fact_data import ActRefused as ActRefusedFact
from dealer_station.domain.fact_data import AuthRefused
from dealer_station.domain.facts import FactKind
from dealer_station.domain.free_text import act_text_problem
from dealer_station.domain.inputs import SupervisorInput
from dealer_station.domain.staff import Actor, Role

if TYPE_CHECKING:
    from dealer_station.app.controller import Controller

__all__ = ["SupervisorInputs"]


class SupervisorInputs:
    """The controller's supervisor acts (mixed into ``Controller``)."""

    def supervisor(self: Controller, act: str, *, user: str, pin: str, reason: str, note: str = "", **kw: Any) -> None:
        """A supervisor act from ``paused``: ``resume``, ``enter_card`` (``token=``), ``move_card``
        (``from_position=``, ``to_position=``), ``void_round``, ``end_shoe``.

        A card the shoe read while paused is held (:attr:`TableView.held`): ``resume`` and ``enter_card``
        of another card are refused until it is entered (``enter_card(token=it)``) or discarded
        explicitly (``discard_held=True``); ``void_round`` and ``end_shoe`` discard it. While the journal
        fails only ``resume`` is taken: it writes what is pending, then journals and acts on the shoe events
        held meanwhile (:attr:`TableView.held_inputs`), in order.

        Needs an authenticated supervisor, a reason code and a note (docs/design.md "The table state machine"),
        each with visible text and no control character (:func:`dealer_station.domain.free_text.free_text_problem`:
        a note of zero-width spaces, NUL or an escape sequence is refused like an empty one).

        Raises
        ------
        AuthError
            Not a supervisor, wrong PIN, locked, disabled, unknown user, or no accounts (journaled).
        ActRefused
            No reason or note (or one blank or with control characters), or the act does not fit the
            table now (journaled).

        Called from inside another input (a listener), the act is queued until that one has ended and this
        returns None at once (its refusal is then journaled and told, not raised).
        """
        self._call(self._take_supervisor, act, user, pin, reason, note, kw)

    def preview_supervisor(self: Controller, act: str, **kw: Any) -> ActPreview:
        """What supervisor ``act`` (with the keywords of :meth:`supervisor`) would do now, or why it is
        refused: :func:`dealer_station.app.supervisor_acts.preview` on this table. Never raises.
        """
        return preview(self.snapshot(), act, token=kw.get("token"), from_position=kw.get("from_position"),
                       to_position=kw.get("to_position"), discard_held=bool(kw.get("discard_held")),
                       remaining=self._machine.remaining, cut_pending=self._machine.cut_pending)

    def _take_supervisor(self: Controller, act: str, user: str, pin: str, reason: str, note: str, kw: dict) -> None:
        args = {k: v for k, v in kw.items() if isinstance(v, (str, int, float, bool)) or v is None}
        who = {"act": str(act), "user": str(user), "reason": str(reason or ""), "note": str(note or "")}
        self._end_burst()  # the noise so far is journaled before the act; noise after it pauses again
        try:
            if self.accounts is None:
                raise AuthError("no_accounts", "no accounts file is configured")
            self.accounts.authenticate(user, pin, role=Role.SUPERVISOR)
        except AuthError as err:
            self.journal_guard.note({"kind": "auth_refused", **who, "code": err.code, "why": str(err)})
            self._say(AuthRefused(**who, code=err.code, why=str(err)))
            raise
        why = act_text_problem(who["reason"], who["note"])
        if why is not None:
            self.journal_guard.note({"kind": "act_refused", **who, "why": why})
            self._say(ActRefusedFact(by=Actor.SUPERVISOR, act=act, why=why, state=self._machine.state.value))
            raise ActRefused(act, why)
        verdict = self.preview_supervisor(act, **args)  # the rules of app/supervisor_acts.py, as the screen shows
        if not verdict.allowed:
            if self.journal_guard.fault is None:  # nothing can be written while the journal fails
                self.journal_guard.note({"kind": "act_refused", **who, "why": verdict.why})
            self._say(ActRefusedFact(by=Actor.SUPERVISOR, act=act, why=verdict.why, state=self._machine.state))
            raise ActRefused(act, verdict.why)
        if self.journal_guard.fault is not None:
            self.journal_guard.clear(who)
            return
        outputs = self._input(SupervisorInput(who["act"], who["user"], who["reason"], who["note"], args,
                                              ts=self._now()))
        if outputs is None:
            raise ActRefused(act, "the journal failed")
        for kind, data in outputs:
            if kind == FactKind.ACT_REFUSED:
                raise ActRefused(act, str(data.get("why")))
