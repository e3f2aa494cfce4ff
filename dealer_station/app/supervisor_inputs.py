"""A supervisor's act at the table: authenticated, with a reason code and a note, checked against the rules the
supervisor's screen shows (:mod:`dealer_station.domain.act_rules`), then journaled and acted on
(:class:`SupervisorInputs`, :attr:`Controller.supervisor_inputs
<dealer_station.app.controller.Controller.supervisor_inputs>`: handed the accounts, the machine, the journal guard
and the controller's callables, never the controller).

docs/design.md "The table state machine" (supervisor acts from ``paused``, each with a reason). While the journal
fails, ``resume`` clears the failure (:mod:`dealer_station.app.journal_guard`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dealer_station.app.accounts import AuthError
from dealer_station.app.refusals import ActRefused
from dealer_station.domain.act_rules import ACT_RULES, ActPreview, Refusal, preview, supervisor_refusal
from dealer_station.domain.fact_data import ActRefused as ActRefusedFact
from dealer_station.domain.fact_data import AuthRefused
from dealer_station.domain.facts import FactKind
from dealer_station.domain.free_text import act_text_problem
from dealer_station.domain.inputs import SupervisorInput

if TYPE_CHECKING:
    from dealer_station.app.accounts import Accounts
    from dealer_station.app.journal_guard import JournalGuard
    from dealer_station.app.table_ports import TablePorts
    from dealer_station.app.views import TableView
    from dealer_station.domain.table import TableMachine

__all__ = ["SupervisorInputs"]


class SupervisorInputs:
    """The controller's supervisor acts.

    Parameters
    ----------
    accounts:
        The accounts a supervisor is authenticated against (None: every supervisor act is refused).
    machine:
        The table's state machine (its state, inventory and pending cut card, for the rules).
    guard:
        The journal-failure guard: refusals are journaled as notes through it; while the journal fails, ``resume``
        clears the failure.
    ports:
        The controller's clock, facts and inputs (:class:`~dealer_station.app.table_ports.TablePorts`).
    snapshot:
        The table's view now (what the rules are asked about, as the supervisor's screen shows it).
    end_burst:
        Journals the line noise counted so far (before the act).
    """

    def __init__(self, accounts: Accounts | None, machine: TableMachine, guard: JournalGuard, ports: TablePorts,
                 snapshot: Callable[[], TableView], end_burst: Callable[[], object]) -> None:
        self.accounts = accounts
        self._machine = machine
        self._guard = guard
        self._ports = ports
        self._snapshot = snapshot
        self._end_burst = end_burst

    def preview(self, act: str, **kw: Any) -> ActPreview:
        """What supervisor ``act`` (with the keywords of :meth:`take_supervisor`) would do now, or why it is
        refused: :func:`dealer_station.domain.act_rules.preview` on this table. Never raises.
        """
        return preview(self._snapshot(), act, token=kw.get("token"), from_position=kw.get("from_position"),
                       to_position=kw.get("to_position"), discard_held=bool(kw.get("discard_held")),
                       remaining=self._machine.remaining, cut_pending=self._machine.cut_pending)

    def take_supervisor(self, act: str, user: str, pin: str, reason: str, note: str, kw: dict) -> None:
        """A supervisor act from ``paused``: ``resume``, ``enter_card`` (``token=``), ``move_card``
        (``from_position=``, ``to_position=``), ``void_round``, ``end_shoe``; ``kw``: the act's keywords. Run it
        through the controller's input queue (one input decided whole before the next).

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
        """
        args = {k: v for k, v in kw.items() if isinstance(v, (str, int, float, bool)) or v is None}
        who = {"act": str(act), "user": str(user), "reason": str(reason or ""), "note": str(note or "")}
        self._end_burst()  # the noise so far is journaled before the act; noise after it pauses again
        try:
            if self.accounts is None:
                raise AuthError("no_accounts", "no accounts file is configured")
            rule = ACT_RULES.get(act)
            self.accounts.authenticate(user, pin, role=rule.role if rule is not None else "supervisor")
        except AuthError as err:
            self._guard.note({"kind": "auth_refused", **who, "code": err.code, "why": str(err)})
            self._ports.say(AuthRefused(**who, code=err.code, why=str(err)))
            raise
        why = act_text_problem(who["reason"], who["note"])
        if why is not None:
            self._guard.note({"kind": "act_refused", **who, "why": why})
            self._ports.say(ActRefusedFact(by="supervisor", act=act, why=why, state=self._machine.state.value))
            raise ActRefused(act, why, Refusal.BAD_TEXT)
        verdict = self.preview(act, **args)  # the act rules, as the screen shows them
        if not verdict.allowed:
            if self._guard.fault is None:  # nothing can be written while the journal fails
                self._guard.note({"kind": "act_refused", **who, "why": verdict.why})
            self._ports.say(ActRefusedFact(by="supervisor", act=act, why=verdict.why, state=self._machine.state))
            raise ActRefused(act, verdict.why, verdict.refusal)
        if self._guard.fault is not None:
            self._guard.clear(who)
            return
        outputs = self._ports.take_input(SupervisorInput(who["act"], who["user"], who["reason"], who["note"], args,
                                                         ts=self._ports.now()))
        if outputs is None:
            raise ActRefused(act, "the journal failed", Refusal.JOURNAL_FAILED)
        for kind, data in outputs:
            if kind == FactKind.ACT_REFUSED:   # a refused act changes nothing: the rules say now what the table said
                refused = supervisor_refusal(self._machine, act, args)
                raise ActRefused(act, str(data.get("why")), refused.code if refused is not None else None)
