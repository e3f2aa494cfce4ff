"""The table's round procedure: a round opened, confirmed or voided, the next round or the shoe's end.

Rule source: docs/rules.md §1 (cut card, the shoe's last round), §2 (a round), §3 (bets offered per round).
Module functions taking the table (:class:`~dealer_station.domain.table_protocol.Table`); the handlers of
:mod:`dealer_station.domain.table_frames` and :mod:`dealer_station.domain.table_acts` call them.
"""

from __future__ import annotations

from dealer_station.domain.act_rules import NO_DEALER
from dealer_station.domain.fact_data import BettingNotOpened, BettingOpened, RoundCompleted, RoundVoided, ShoeEnded
from dealer_station.domain.facts import RoundStatus, ShoeEndReason
from dealer_station.domain.outcome import RoundDealer
from dealer_station.domain.roads.marks import as_mark
from dealer_station.domain.round_result import RoundResult
from dealer_station.domain.rules import hand_total
from dealer_station.domain.states import TableState, Trigger
from dealer_station.domain.table_protocol import Table

__all__ = ["confirm", "end_shoe", "open_round", "ready", "round_record", "shoe_ended", "void"]

S = TableState



def open_round(table: Table) -> None:
    """Open the next round: betting opens with the bets offered in it (docs/rules.md §3)."""
    table.round_number += 1
    table.dealer = RoundDealer()
    table.manual_positions = []
    table.offered = tuple(table.settings.offered_in(table.round_number))
    table.result = None
    table._trigger(Trigger.OPEN_BETTING)
    table._emit(BettingOpened(round=table.round_number, offered_bets=list(table.offered),
                              last_round=table.last_round()))


def ready(table: Table) -> None:
    """After a burn, a confirmed result or a void: open the next round or end the shoe."""
    if table._shoe_last_round_reached():
        end_shoe(table, ShoeEndReason.CUT_CARD)
        return
    if table.settings.auto_open:
        if table.staffed and table.signed_in is None:
            table._emit(BettingNotOpened(round=table.round_number + 1, why=NO_DEALER))
            return
        open_round(table)


def confirm(table: Table) -> None:
    """The dealer confirmed the dealt round's result: recorded, then the next round or the shoe's end."""
    assert table.dealer is not None
    outcome = table.dealer.outcome
    record = round_record(table, RoundStatus.COMPLETED)
    record.update(outcome.flags())
    table.rounds.append(record)
    table.history.append(outcome.winner.letter)
    table.marks.append(as_mark(outcome))
    table.result = RoundResult.of(RoundStatus.COMPLETED, table.round_number, outcome)
    table._emit(RoundCompleted(**{**record, **_hands(table.dealer), "winner": outcome.winner}))
    table.dealer = None
    if table._shoe_last_round_reached():
        table._trigger(Trigger.LAST_CONFIRMED)
        shoe_ended(table, ShoeEndReason.CUT_CARD)
    else:
        table._trigger(Trigger.CONFIRM)
        ready(table)


def _hands(dealer: RoundDealer | None) -> dict[str, list]:
    """A round's hands as its record's output carries them: ``{"player": [Card, …], "banker": [Card, …]}``."""
    return {"player": list(dealer.player), "banker": list(dealer.banker)} if dealer else {"player": [], "banker": []}


def round_record(table: Table, status: RoundStatus) -> dict:
    """The open round as its ``round_completed`` or ``round_voided`` output records it."""
    dealer = table.dealer or RoundDealer()
    complete = dealer.complete and len(dealer.positions) >= 4
    record = {
        "shoe": table.shoe_number,
        "round": table.round_number,
        "status": str(status),
        "player": [c.token for c in dealer.player],
        "banker": [c.token for c in dealer.banker],
        "player_total": hand_total(dealer.player) if complete else None,
        "banker_total": hand_total(dealer.banker) if complete else None,
        "winner": dealer.outcome.winner.value if complete and status == RoundStatus.COMPLETED else None,
        "available_bets": list(table.offered),
        "last_round": table._shoe_last_round_reached(),
        "manual": [position.value for position in table.manual_positions],
        }
    if table.staffed:
        record["dealer"] = table.signed_in  # who dealt the round (a journal made before sign-ins has no key)
    return record


def void(table: Table, reason: str, note: str, *, user: object) -> None:
    """Void the open round (every bet refunded, docs/rules.md §5): recorded with ``reason``, ``note`` and ``user``."""
    record = round_record(table, RoundStatus.VOIDED)
    record.update({"reason": str(reason), "note": note, "user": user})
    table.rounds.append(record)
    dealer = table.dealer
    table.result = RoundResult.of(RoundStatus.VOIDED, table.round_number,
                                  dealer.outcome if dealer is not None and dealer.complete else None)
    hands = _hands(dealer)
    table.dealer = None
    table._emit(RoundVoided(**{**record, **hands}))


def end_shoe(table: Table, reason: str) -> None:
    """End the shoe now (between rounds, or after the cut card ended it) for ``reason``."""
    table._trigger(Trigger.END_SHOE if table.state is S.READY else Trigger.CUT_END)
    shoe_ended(table, reason)


def shoe_ended(table: Table, reason: str) -> None:
    """Emit the ``shoe_ended`` output of the shoe (the state has moved already)."""
    table._emit(ShoeEnded(shoe=table.shoe_number, rounds=table.round_number,
                          burn_indicator=table.burn_indicator, burned=list(table.burned),
                          cut_card_round=table.cut_card_round, reason=str(reason),
                          cards_left=table.cards_left))
