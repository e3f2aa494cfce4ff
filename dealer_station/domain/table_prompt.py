"""The dealer's instruction for the table's state: what to do next, in upper case.

docs/console.md (the next action in large letters); the state is the table machine's
(:class:`~dealer_station.domain.table_protocol.Table`).
"""

from __future__ import annotations

from dealer_station.domain.states import DEAL_STATES, TableState
from dealer_station.domain.table_protocol import Table

__all__ = ["dealer_prompt"]

S = TableState


def dealer_prompt(table: Table) -> str:
    """The instruction for the dealer, upper case (``"DEAL PLAYER CARD 2"``, ``"BURN 7 MORE CARDS"``), for the
    table's state; plain words for the dealer's screen and the log.
    """
    state = table.state
    if state is S.NO_SHOE:
        return "LOAD A NEW SHOE"
    if state is S.SHUFFLE:
        return "SHUFFLE AND LOAD THE SHOE"
    if state is S.BURN_INDICATOR:
        return "RESCAN THE BURN CARD" if table.misreads else "DRAW AND SHOW THE BURN CARD"
    if state is S.BURNING:
        word = "CARD" if table.burn_remaining == 1 else "CARDS"
        head = "RESCAN: " if table.misreads else ""
        return f"{head}BURN {table.burn_remaining} MORE {word}"
    if state is S.READY:
        if table.staffed and table.signed_in is None:
            return "DEALER: SIGN IN TO OPEN BETTING"
        return f"OPEN BETTING FOR ROUND {table.round_number + 1}"
    if state is S.BETTING_OPEN:
        return "PLACE YOUR BETS"
    if state in DEAL_STATES:
        pos = table.dealer.next_position if table.dealer else None
        if pos is None:
            return "NO MORE CARDS"
        verb = "RESCAN" if table.misreads else "DEAL"
        return f"{verb} {pos.hand.upper()} CARD {pos.index}"
    if state is S.RESULT:
        return "CONFIRM THE RESULT"
    if state is S.PAUSED:
        kind = table.incident.type.replace("_", " ").upper() if table.incident else "INCIDENT"
        return f"PAUSED: {kind}: CALL THE SUPERVISOR"
    if state is S.SHOE_CHANGE:
        return f"SHOE CHANGE: CARDS OUT, NEW DECKS IN, THEN CONFIRM NEW SHOE {table.shoe_number + 1}"
    return "SHOE ENDED: ANNOUNCE IT, THEN CHANGE THE SHOE"
