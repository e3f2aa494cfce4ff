"""The table machine's handling of people's acts: the dealer's, who is at the table, and the supervisor's
(part of :class:`dealer_station.domain.table.TableMachine`).

Rule source: docs/rules.md §2 (a round), §3 (bets offered per round), §5 (pause, resume, void);
docs/design.md "The table state machine" (supervisor acts from ``paused``, each with a reason). A dealer act is
dispatched to one handler when the state is one it fits (``_DEALER``), else refused; a supervisor act to one
handler (``_SUPERVISOR``) once the table is paused. Each handler checks its own refusals first: a refused act
changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from dealer_station.domain.acts import DEALER_ACTS, SUPERVISOR_ACTS, DealerAct, StaffAct, SupervisorAct
from dealer_station.domain.cards import parse_card
from dealer_station.domain.errors import CardError
from dealer_station.domain.fact_data import (
    BettingClosed,
    BettingNotOpened,
    BettingOpened,
    CardMoved,
    CardsDiscarded,
    DealerSignedIn,
    DealerSignedOut,
    RoundCompleted,
    RoundDealt,
    RoundResumed,
    RoundVoided,
    ShoeEnded,
    ShoeStarted,
)
from dealer_station.domain.facts import RoundStatus, ShoeEndReason
from dealer_station.domain.incidents import IncidentType, PauseReason
from dealer_station.domain.outcome import Position, RoundDealer
from dealer_station.domain.roads.marks import as_mark
from dealer_station.domain.rules import hand_total
from dealer_station.domain.states import (
    CARD_STATES,
    DEAL_STATES,
    PAUSABLE,
    ROUND_STATES,
    STATES,
    TableState,
    Trigger,
    resume_trigger,
)

if TYPE_CHECKING:
    from dealer_station.domain.inputs import SupervisorInput
    from dealer_station.domain.table import TableMachine

__all__ = ["DEALER_CALL_DETAIL", "NO_DEALER", "ActInputs"]

S = TableState

DEALER_CALL_DETAIL = "the dealer called the supervisor"
"""A dealer's call's incident ``detail`` when the call carries no note (the journal's words; a screen words it
from the reason code)."""
NO_DEALER = "no dealer is signed in: a dealer signs in at the console before betting opens"
"""Why betting does not open (by the dealer or by itself) while no dealer is signed in."""


class ActInputs:
    """Handlers of ``dealer``, ``timer`` and ``supervisor`` inputs (mixed into ``TableMachine``)."""

    # ---------------------------------------------------------------- dealer

    def _dealer(self: TableMachine, act: str, args: dict, *, timer: bool = False) -> None:
        entry = _DEALER.get(act)
        if entry is not None and self.state in entry[0]:
            entry[1](self, act, args, timer)
        else:
            self._refuse("timer" if timer else "dealer", act, self._why_not(act))

    def _change_shoe(self: TableMachine, act: str, args: dict, timer: bool) -> None:
        """The shoe ended: the dealer begins the shoe change (docs/rules.md §1: after the last round the cards are
        shuffled and a new shoe starts). Nothing of the ended shoe changes; the next shoe starts only on the
        dealer's confirm, ``new_shoe``, a second act of its own (docs/design.md "Users": the dealer).
        """
        self._trigger(Trigger.CHANGE_SHOE)

    def _new_shoe(self: TableMachine, act: str, args: dict, timer: bool) -> None:
        self.shoe_number += 1
        self._reset_shoe()
        self._trigger(Trigger.NEW_SHOE)
        self._emit(ShoeStarted(shoe=self.shoe_number, decks=self.settings.decks))

    def _shuffled(self: TableMachine, act: str, args: dict, timer: bool) -> None:
        self._trigger(Trigger.SHUFFLED)

    def _open_betting(self: TableMachine, act: str, args: dict, timer: bool) -> None:
        if self.staffed and self.signed_in is None:
            self._refuse("dealer", act, NO_DEALER)
            return
        self._open_round()

    def _close_betting(self: TableMachine, act: str, args: dict, timer: bool) -> None:
        self._trigger(Trigger.CLOSE_BETTING)
        self._emit(BettingClosed(round=self.round_number, by="timer" if timer else "dealer"))

    def _confirm_result(self: TableMachine, act: str, args: dict, timer: bool) -> None:
        self._confirm()

    def _call_supervisor(self: TableMachine, act: str, args: dict, timer: bool) -> None:
        self._pause(IncidentType.PROCEDURE_VIOLATION, PauseReason.DEALER_CALL, "", position=self.expected_position(),
                    detail=str(args.get("note") or DEALER_CALL_DETAIL))

    def _why_not(self: TableMachine, act: str) -> str:
        if act not in DEALER_ACTS:
            return f"unknown act; allowed: {', '.join(DEALER_ACTS)}"
        if act == DealerAct.NEW_SHOE and self.state is S.SHOE_END:
            return ("the shoe change comes first: change_shoe (the old cards out, new decks in), "
                    "then new_shoe confirms it")
        return f"not allowed in state {self.state}"

    # ----------------------------------------------------------------- staff

    def staff(self: TableMachine) -> dict:
        """Who is at the table, as decision rows record it: ``{"dealer": id or None, "how": ...}``."""
        return {"dealer": self.signed_in, "how": self.signed_in_how}

    def _staff(self: TableMachine, act: str, args: dict, timer: bool = False) -> None:
        """``sign_in`` / ``sign_out``: the dealer at the table changes, between rounds only."""
        if self.state is S.PAUSED:
            self._refuse("dealer", act, "the table is paused: the supervisor resolves the incident first, "
                                        "then the dealer changes")
            return
        # betting open with no card out yet (betting.auto_open opens at once): the next dealer may take over
        takes_over = act == StaffAct.SIGN_IN and self.state is S.BETTING_OPEN
        if self.round_open and not takes_over:
            self._refuse("dealer", act, f"round {self.round_number} is open: the dealer changes between rounds "
                                        "(after the result is confirmed or the round is voided)")
            return
        previous = self.signed_in
        if act == StaffAct.SIGN_OUT:
            if previous is None:
                self._refuse("dealer", act, "no dealer is signed in")
                return
            self.staffed = True
            self.signed_in = self.signed_in_how = None
            self._emit(DealerSignedOut(dealer=previous, shoe=self.shoe_number,
                                       after_round=self.round_number))
            return
        user = str(args.get("user") or "").strip()
        how = str(args.get("how") or "pin")
        if not user:
            self._refuse("dealer", act, "no dealer id")
            return
        if user == previous:
            self._refuse("dealer", act, f"dealer {user} is already signed in")
            return
        self.staffed = True
        self.signed_in, self.signed_in_how = user, how
        self._emit(DealerSignedIn(dealer=user, previous=previous, how=how,
                                  shoe=self.shoe_number, after_round=self.round_number))
        if self.state is S.READY and self.settings.auto_open:
            self._open_round()

    # ---------------------------------------------------------------- rounds

    def _open_round(self: TableMachine) -> None:
        self.round_number += 1
        self.dealer = RoundDealer()
        self.manual_positions = []
        self.offered = tuple(self.settings.offered_in(self.round_number))
        self.result = None
        self._trigger(Trigger.OPEN_BETTING)
        self._emit(BettingOpened(round=self.round_number, offered_bets=list(self.offered),
                                 last_round=self.last_round()))

    def _ready(self: TableMachine) -> None:
        """After a burn, a confirmed result or a void: open the next round or end the shoe."""
        if self._shoe_last_round_reached():
            self._end_shoe(ShoeEndReason.CUT_CARD)
            return
        if self.settings.auto_open:
            if self.staffed and self.signed_in is None:
                self._emit(BettingNotOpened(round=self.round_number + 1, why=NO_DEALER))
                return
            self._open_round()

    def _confirm(self: TableMachine) -> None:
        assert self.dealer is not None
        outcome = self.dealer.outcome
        record = self._record(RoundStatus.COMPLETED)
        record.update(outcome.flags())
        self.rounds.append(record)
        self.history.append(outcome.winner.letter)
        self.marks.append(as_mark(outcome))
        self.result = record
        self._emit(RoundCompleted(**{**record, **_hands(self.dealer), "winner": outcome.winner}))
        self.dealer = None
        if self._shoe_last_round_reached():
            self._trigger(Trigger.LAST_CONFIRMED)
            self._shoe_ended(ShoeEndReason.CUT_CARD)
        else:
            self._trigger(Trigger.CONFIRM)
            self._ready()

    def _record(self: TableMachine, status: RoundStatus) -> dict:
        dealer = self.dealer or RoundDealer()
        complete = dealer.complete and len(dealer.positions) >= 4
        record = {
            "shoe": self.shoe_number,
            "round": self.round_number,
            "status": str(status),
            "player": [c.token for c in dealer.player],
            "banker": [c.token for c in dealer.banker],
            "player_total": hand_total(dealer.player) if complete else None,
            "banker_total": hand_total(dealer.banker) if complete else None,
            "winner": dealer.outcome.winner.value if complete and status == RoundStatus.COMPLETED else None,
            "available_bets": list(self.offered),
            "last_round": self._shoe_last_round_reached(),
            "manual": list(self.manual_positions),
        }
        if self.staffed:
            record["dealer"] = self.signed_in  # who dealt the round (a journal made before sign-ins has no key)
        return record

    def _void(self: TableMachine, reason: str, note: str, *, user: object) -> None:
        record = self._record(RoundStatus.VOIDED)
        record.update({"reason": str(reason), "note": note, "user": user})
        self.rounds.append(record)
        self.result = record
        hands = _hands(self.dealer)
        self.dealer = None
        self._emit(RoundVoided(**{**record, **hands}))

    def _end_shoe(self: TableMachine, reason: str) -> None:
        self._trigger(Trigger.END_SHOE if self.state is S.READY else Trigger.CUT_END)
        self._shoe_ended(reason)

    def _shoe_ended(self: TableMachine, reason: str) -> None:
        self._emit(ShoeEnded(shoe=self.shoe_number, rounds=self.round_number,
                             burn_indicator=self.burn_indicator, burned=list(self.burned),
                             cut_card_round=self.cut_card_round, reason=str(reason),
                             cards_left=self.cards_left))

    # ------------------------------------------------------------ supervisor

    def _supervisor(self: TableMachine, inp: SupervisorInput) -> None:
        act = str(inp.act)
        args = dict(inp.args or {})
        who = {"user": inp.user, "reason": inp.reason, "note": inp.note}
        handler = _SUPERVISOR.get(act)
        if handler is None:
            self._refuse("supervisor", act, f"unknown act; allowed: {', '.join(SUPERVISOR_ACTS)}")
            return
        if self.state is not S.PAUSED:
            self._refuse("supervisor", act, f"the table is not paused (state {self.state})")
            return
        assert self.incident is not None and self.state_before is not None
        handler(self, args, who)

    def _supervisor_resume(self: TableMachine, args: dict, who: dict) -> None:
        act = SupervisorAct.RESUME.value
        assert self.incident is not None
        if self.incident.type is IncidentType.SHOE_DISCONNECTED and not self.connected:
            self._refuse("supervisor", act, "the shoe is still disconnected")
            return
        if self.held and not args.get("discard_held"):
            self._refuse("supervisor", act, f"{self._held_text()}: enter it with enter_card, "
                                            "or resume with discard_held to discard it")
            return
        self._resume(who, act)

    def _supervisor_void_round(self: TableMachine, args: dict, who: dict) -> None:
        act = SupervisorAct.VOID_ROUND.value
        before = self.state_before
        if before not in ROUND_STATES:
            self._refuse("supervisor", act, f"no round is open (paused from {before})")
            return
        self._void(str(who["reason"]), str(who["note"] or ""), user=who["user"])
        self._clear_pause(who, act)
        self._trigger(Trigger.VOIDED)
        self._ready()

    def _supervisor_end_shoe(self: TableMachine, args: dict, who: dict) -> None:
        act = SupervisorAct.END_SHOE.value
        if self.state_before in ROUND_STATES:
            self._void(str(who["reason"]), str(who["note"] or ""), user=who["user"])
        self._clear_pause(who, act)
        self._trigger(Trigger.END_SHOE)
        self._shoe_ended(ShoeEndReason.SUPERVISOR)

    def _resume(self: TableMachine, who: dict, act: str) -> None:
        before = self.state_before
        assert before is not None
        target = before
        if before == S.DEALING and self.dealer is not None and self.dealer.complete:
            target = S.RESULT
        self._clear_pause(who, act)
        self._trigger(resume_trigger(target))
        if self.cut_pending:
            # The cut card came out between rounds while paused and cut_card.between_rounds is "none":
            # the same as when it comes out unpaused (docs/rules.md §1): the unstarted round is voided, the shoe ends.
            self.cut_pending = False
            if target in (S.BETTING_OPEN, S.BETTING_CLOSED):
                self._void(ShoeEndReason.CUT_CARD, "cut card came out before the round's first card", user=None)
            self._end_shoe(ShoeEndReason.CUT_CARD)
            return
        if target == S.RESULT and before != S.RESULT:
            assert self.dealer is not None
            outcome = self.dealer.outcome
            self._emit(RoundDealt(round=self.round_number, **{**outcome.flags(), "winner": outcome.winner}))

    def _enter_card(self: TableMachine, args: dict, who: dict) -> None:
        act = SupervisorAct.ENTER_CARD.value
        before = self.state_before
        if before not in CARD_STATES:
            self._refuse("supervisor", act, f"no card is expected (paused from {before})")
            return
        if self.cut_pending:
            self._refuse("supervisor", act, "the cut card came out before the round's first card and no "
                         "more rounds are dealt (cut_card.between_rounds = none): resume, void the round or end "
                         "the shoe")
            return
        if before in DEAL_STATES and (self.dealer is None or self.dealer.next_position is None):
            # Everything is checked before the pause is cleared: a refused act changes nothing.
            self._refuse("supervisor", act, "no card is due: the round's cards are all out (resume)")
            return
        try:
            card = parse_card(str(args.get("token", "")))
        except CardError as err:
            self._refuse("supervisor", act, str(err))
            return
        others = [t for t in self.held if t != card.token] if card.token in self.held else list(self.held)
        if others and not args.get("discard_held"):
            self._refuse("supervisor", act,
                         f"{self._held_text()}: enter {'it' if len(self.held) == 1 else 'one of them'}, "
                         "or add discard_held to discard what is not entered")
            return
        if card.token in self.held:
            self.held.remove(card.token)
        elif self.remaining[card] <= 0:
            self._refuse("supervisor", act,
                         f"{card.token} is beyond the shoe's inventory ({self.settings.decks} decks)")
            return
        else:
            self.remaining[card] -= 1
        self._clear_pause(who, act)
        self._trigger(resume_trigger(before))
        self._place(card, manual=True)

    def _move_card(self: TableMachine, args: dict, who: dict) -> None:
        act = SupervisorAct.MOVE_CARD.value
        dealer = self.dealer
        try:
            src = Position(str(args.get("from_position")))
            dst = Position(str(args.get("to_position")))
        except ValueError:
            self._refuse("supervisor", act, "positions must be player1..banker3")
            return
        if dealer is None or src not in dealer.positions or dst not in dealer.positions or src is dst:
            self._refuse("supervisor", act, "both positions must be dealt cards of this round, and differ")
            return
        cards = {p: (dealer.player if p.hand == "player" else dealer.banker)[p.index - 1] for p in dealer.positions}
        cards[src], cards[dst] = cards[dst], cards[src]
        trial = RoundDealer()
        for position in dealer.positions:
            if trial.next_position is not position:
                self._refuse("supervisor", act,
                             f"after the move {position.value} would not be due by the rules; void the round instead")
                return
            trial.add(cards[position])
        if self.state_before == S.RESULT and not trial.complete:
            self._refuse("supervisor", act, "after the move the round would need more cards")
            return
        self.dealer = trial
        # The manual flag follows the card: a card entered by hand at ``src`` now sits at ``dst``.
        swap = {src.value: dst.value, dst.value: src.value}
        self.manual_positions = [swap.get(p, p) for p in self.manual_positions]
        self._emit(CardMoved(round=self.round_number, from_position=src, to_position=dst, user=who["user"],
                             reason=who["reason"], note=who["note"], player=list(trial.player),
                             banker=list(trial.banker)))

    def _held_text(self: TableMachine) -> str:
        """``"the shoe read AH, 2D while paused (held)"``: the cards held for the supervisor."""
        return f"the shoe read {', '.join(self.held)} while paused (held)"

    def _clear_pause(self: TableMachine, who: dict, act: str) -> None:
        incident = self.incident
        if self.held:
            self.discarded.extend(self.held)
            self._emit(CardsDiscarded(cards=list(self.held)))
            self.held = []
        self.misreads = 0
        self.rescan = None
        self.incident = None
        self.state_before = None
        self._emit(RoundResumed(incident_type=incident.type.value if incident else None, act=act,
                                user=who["user"], reason=who["reason"], note=who["note"]))


def _hands(dealer: RoundDealer | None) -> dict[str, list]:
    """A round's hands as its record's output carries them: ``{"player": [Card, …], "banker": [Card, …]}``."""
    return {"player": list(dealer.player), "banker": list(dealer.banker)} if dealer else {"player": [], "banker": []}


_ANY_STATE = frozenset(TableState(s) for s in STATES)

A = ActInputs

_DEALER: dict[str, tuple[frozenset[TableState], Callable[..., None]]] = {
    DealerAct.NEW_SHOE: (frozenset({S.NO_SHOE, S.SHOE_CHANGE}), A._new_shoe),
    DealerAct.CHANGE_SHOE: (frozenset({S.SHOE_END}), A._change_shoe),
    DealerAct.SHUFFLED: (frozenset({S.SHUFFLE}), A._shuffled),
    DealerAct.OPEN_BETTING: (frozenset({S.READY}), A._open_betting),
    DealerAct.CLOSE_BETTING: (frozenset({S.BETTING_OPEN}), A._close_betting),
    DealerAct.CONFIRM_RESULT: (frozenset({S.RESULT}), A._confirm_result),
    DealerAct.CALL_SUPERVISOR: (frozenset(PAUSABLE), A._call_supervisor),
    StaffAct.SIGN_IN: (_ANY_STATE, A._staff),
    StaffAct.SIGN_OUT: (_ANY_STATE, A._staff),
}
"""A dealer (or timer) act → the states it fits and its one handler; any other act or state is refused."""

_SUPERVISOR: dict[str, Callable[..., None]] = {
    SupervisorAct.RESUME: A._supervisor_resume,
    SupervisorAct.ENTER_CARD: A._enter_card,
    SupervisorAct.MOVE_CARD: A._move_card,
    SupervisorAct.VOID_ROUND: A._supervisor_void_round,
    SupervisorAct.END_SHOE: A._supervisor_end_shoe,
}
"""A supervisor act (from ``paused``) → its one handler; each checks its own refusals before it changes anything."""

DISPATCH: dict[str, dict] = {"dealer": _DEALER, "supervisor": _SUPERVISOR}
"""Every act dispatch table by its input (for the documentation and its test)."""

del A
