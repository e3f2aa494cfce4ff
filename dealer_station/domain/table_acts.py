"""The table machine's handling of people's acts: the dealer's, who is at the table, and the supervisor's.

Rule source: docs/rules.md §2 (a round), §3 (bets offered per round), §5 (pause, resume, void);
docs/design.md "The table state machine" (supervisor acts from ``paused``, each with a reason). A dealer act is
dispatched to one handler when the state is one it fits (``_DEALER``), else refused; a supervisor act to one
handler (``_SUPERVISOR``) once the table is paused. Each handler checks its own refusals first: a refused act
changes nothing. The handlers are module functions taking the table
(:class:`~dealer_station.domain.table_protocol.Table`); :class:`dealer_station.domain.table.TableMachine` calls
:func:`dealer` and :func:`supervisor`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from dealer_station.domain.act_rules import DEALER_ACT_STATES, Refusal, dealer_refusal, moved, supervisor_refusal
from dealer_station.domain.acts import DealerAct, StaffAct, SupervisorAct
from dealer_station.domain.cards import parse_card
from dealer_station.domain.enums import member_or_text
from dealer_station.domain.fact_data import (
    BettingClosed,
    CardMoved,
    CardsDiscarded,
    DealerSignedIn,
    DealerSignedOut,
    RoundDealt,
    RoundResumed,
    ShoeStarted,
)
from dealer_station.domain.facts import ShoeEndReason
from dealer_station.domain.incidents import IncidentType, PauseReason
from dealer_station.domain.outcome import Position, RoundDealer
from dealer_station.domain.staff import Actor, SignInMethod
from dealer_station.domain.states import (
    ROUND_STATES,
    TableState,
    Trigger,
    resume_trigger,
)
from dealer_station.domain.table_frames import place
from dealer_station.domain.table_protocol import Table
from dealer_station.domain.table_rounds import confirm, end_shoe, open_round, ready, shoe_ended, void

if TYPE_CHECKING:
    from dealer_station.domain.inputs import SupervisorInput

__all__ = ["DEALER_CALL_DETAIL", "DISPATCH", "dealer_act", "supervisor_act"]

S = TableState

_STATE_CODES = frozenset({Refusal.UNKNOWN_ACT, Refusal.SHOE_CHANGE_FIRST, Refusal.NOT_IN_STATE})
"""Refusals of an act that does not fit the state (a timer's act refused so is the timer's)."""

DEALER_CALL_DETAIL = "the dealer called the supervisor"
"""A dealer's call's incident ``detail`` when the call carries no note (the journal's words; a screen words it
from the reason code)."""


# ---------------------------------------------------------------- dealer


def dealer_act(table: Table, act: str, args: dict, *, timer: bool = False) -> None:
    """A dealer (``timer``: the betting window's) act ``act`` with its ``args``: its handler when the state fits,
    else refused (``act_refused``).
    """
    refused = dealer_refusal(table, act, args)   # the act rules: the states it fits, who is at the table
    if refused is None:
        _DEALER[act][1](table, act, args, timer)
    else:
        # by the timer only when the act does not fit the state; who is at the table is the dealer's
        table._refuse(Actor.TIMER if timer and refused.code in _STATE_CODES else Actor.DEALER, act, refused.why)


def _change_shoe(table: Table, act: str, args: dict, timer: bool) -> None:
    """The shoe ended: the dealer begins the shoe change (docs/rules.md §1: after the last round the cards are
    shuffled and a new shoe starts). Nothing of the ended shoe changes; the next shoe starts only on the
    dealer's confirm, ``new_shoe``, a second act of its own (docs/design.md "Users": the dealer).
    """
    table._trigger(Trigger.CHANGE_SHOE)


def _new_shoe(table: Table, act: str, args: dict, timer: bool) -> None:
    table.shoe_number += 1
    table._reset_shoe()
    table._trigger(Trigger.NEW_SHOE)
    table._emit(ShoeStarted(shoe=table.shoe_number, decks=table.settings.decks))


def _shuffled(table: Table, act: str, args: dict, timer: bool) -> None:
    table._trigger(Trigger.SHUFFLED)


def _open_betting(table: Table, act: str, args: dict, timer: bool) -> None:
    open_round(table)   # with a dealer signed in once the table is staffed (dealer_refusal)


def _close_betting(table: Table, act: str, args: dict, timer: bool) -> None:
    table._trigger(Trigger.CLOSE_BETTING)
    table._emit(BettingClosed(round=table.round_number, by=Actor.TIMER if timer else Actor.DEALER))


def _confirm_result(table: Table, act: str, args: dict, timer: bool) -> None:
    confirm(table)


def _call_supervisor(table: Table, act: str, args: dict, timer: bool) -> None:
    table._pause(IncidentType.PROCEDURE_VIOLATION, PauseReason.DEALER_CALL, "", position=table.expected_position(),
                 detail=str(args.get("note") or DEALER_CALL_DETAIL))


# ----------------------------------------------------------------- staff


def _staff(table: Table, act: str, args: dict, timer: bool = False) -> None:
    """``sign_in`` / ``sign_out``: the dealer at the table changes, between rounds only (the act rules'
    :func:`~dealer_station.domain.act_rules.dealer_refusal` has refused it otherwise).
    """
    previous = table.signed_in
    if act == StaffAct.SIGN_OUT:
        table.staffed = True
        table.signed_in = table.signed_in_how = None
        table._emit(DealerSignedOut(dealer=previous, shoe=table.shoe_number,
                                    after_round=table.round_number))
        return
    user = str(args.get("user") or "").strip()
    how = member_or_text(SignInMethod, args.get("how") or SignInMethod.PIN)
    table.staffed = True
    table.signed_in, table.signed_in_how = user, how
    table._emit(DealerSignedIn(dealer=user, previous=previous, how=how,
                               shoe=table.shoe_number, after_round=table.round_number))
    if table.state is S.READY and table.settings.auto_open:
        open_round(table)


# ------------------------------------------------------------ supervisor


def supervisor_act(table: Table, inp: SupervisorInput) -> None:
    """An authenticated supervisor's act: its handler once the act rules allow it (the table paused, the act's own
    rules: :func:`~dealer_station.domain.act_rules.supervisor_refusal`), else refused (``act_refused``). A refused
    act changes nothing.
    """
    act = str(inp.act)
    args = dict(inp.args or {})
    refused = supervisor_refusal(table, act, args)
    if refused is not None:
        table._refuse(Actor.SUPERVISOR, act, refused.why)
        return
    assert table.incident is not None and table.state_before is not None
    _SUPERVISOR[act](table, args, {"user": inp.user, "reason": inp.reason, "note": inp.note})


def _supervisor_resume(table: Table, args: dict, who: dict) -> None:
    _resume(table, who, SupervisorAct.RESUME.value)


def _supervisor_void_round(table: Table, args: dict, who: dict) -> None:
    act = SupervisorAct.VOID_ROUND.value
    void(table, str(who["reason"]), str(who["note"] or ""), user=who["user"])
    _clear_pause(table, who, act)
    table._trigger(Trigger.VOIDED)
    ready(table)


def _supervisor_end_shoe(table: Table, args: dict, who: dict) -> None:
    act = SupervisorAct.END_SHOE.value
    if table.state_before in ROUND_STATES:
        void(table, str(who["reason"]), str(who["note"] or ""), user=who["user"])
    _clear_pause(table, who, act)
    table._trigger(Trigger.END_SHOE)
    shoe_ended(table, ShoeEndReason.SUPERVISOR)


def _resume(table: Table, who: dict, act: str) -> None:
    before = table.state_before
    assert before is not None
    target = before
    if before == S.DEALING and table.dealer is not None and table.dealer.complete:
        target = S.RESULT
    _clear_pause(table, who, act)
    table._trigger(resume_trigger(target))
    if table.cut_pending:
        # The cut card came out between rounds while paused and cut_card.between_rounds is "none":
        # the same as when it comes out unpaused (docs/rules.md §1): the unstarted round is voided, the shoe ends.
        table.cut_pending = False
        if target in (S.BETTING_OPEN, S.BETTING_CLOSED):
            void(table, ShoeEndReason.CUT_CARD, "cut card came out before the round's first card", user=None)
        end_shoe(table, ShoeEndReason.CUT_CARD)
        return
    if target == S.RESULT and before != S.RESULT:
        assert table.dealer is not None
        outcome = table.dealer.outcome
        table._emit(RoundDealt(round=table.round_number, **{**outcome.flags(), "winner": outcome.winner}))


def _enter_card(table: Table, args: dict, who: dict) -> None:
    act = SupervisorAct.ENTER_CARD.value
    before = table.state_before
    card = parse_card(str(args.get("token", "")))   # the act rules checked it, the inventory and what is held
    if card in table.held:
        table.held.remove(card)
    else:
        table.remaining[card] -= 1
    _clear_pause(table, who, act)
    table._trigger(resume_trigger(before))
    place(table, card, manual=True)


def _move_card(table: Table, args: dict, who: dict) -> None:
    dealer = table.dealer
    assert dealer is not None   # the act rules checked both positions are dealt cards of the round
    src = Position(str(args.get("from_position")))
    dst = Position(str(args.get("to_position")))
    trial = moved(dealer, src, dst)
    assert isinstance(trial, RoundDealer)
    table.dealer = trial
    # The manual flag follows the card: a card entered by hand at ``src`` now sits at ``dst``.
    swap = {src: dst, dst: src}
    table.manual_positions = [swap.get(p, p) for p in table.manual_positions]
    table._emit(CardMoved(round=table.round_number, from_position=src, to_position=dst, user=who["user"],
                          reason=who["reason"], note=who["note"], player=list(trial.player),
                          banker=list(trial.banker)))


def _clear_pause(table: Table, who: dict, act: str) -> None:
    incident = table.incident
    if table.held:
        tokens = [card.token for card in table.held]
        table.discarded.extend(tokens)
        table._emit(CardsDiscarded(cards=tokens))
        table.held = []
    table.misreads = 0
    table.rescan = None
    table.incident = None
    table.state_before = None
    table._emit(RoundResumed(incident_type=incident.type.value if incident else None, act=act,
                             user=who["user"], reason=who["reason"], note=who["note"]))


_HANDLERS: dict[str, Callable[..., None]] = {
    DealerAct.NEW_SHOE: _new_shoe,
    DealerAct.CHANGE_SHOE: _change_shoe,
    DealerAct.SHUFFLED: _shuffled,
    DealerAct.OPEN_BETTING: _open_betting,
    DealerAct.CLOSE_BETTING: _close_betting,
    DealerAct.CONFIRM_RESULT: _confirm_result,
    DealerAct.CALL_SUPERVISOR: _call_supervisor,
    StaffAct.SIGN_IN: _staff,
    StaffAct.SIGN_OUT: _staff,
}

_DEALER: dict[str, tuple[frozenset[TableState], Callable[..., None]]] = {
    act: (DEALER_ACT_STATES[act], handler) for act, handler in _HANDLERS.items()}
"""A dealer (or timer) act → the states it fits (the act rules' :data:`~dealer_station.domain.act_rules.
DEALER_ACT_STATES`) and its one handler; any other act or state is refused."""

_SUPERVISOR: dict[str, Callable[..., None]] = {
    SupervisorAct.RESUME: _supervisor_resume,
    SupervisorAct.ENTER_CARD: _enter_card,
    SupervisorAct.MOVE_CARD: _move_card,
    SupervisorAct.VOID_ROUND: _supervisor_void_round,
    SupervisorAct.END_SHOE: _supervisor_end_shoe,
}
"""A supervisor act (from ``paused``) → its one handler; each checks its own refusals before it changes anything."""

DISPATCH: dict[str, dict] = {"dealer": _DEALER, "supervisor": _SUPERVISOR}
"""Every act dispatch table by its input (for the documentation and its test)."""
