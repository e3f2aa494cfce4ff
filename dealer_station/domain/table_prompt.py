"""The dealer's instruction for the table's state: what to do next, as a value and in upper-case English.

docs/console.md (the next action in large letters); the state is the table machine's
(:class:`~dealer_station.domain.table_protocol.Table`). The decision is
:func:`dealer_station.domain.dealer_prompt.dealer_prompt` of the table's values; every screen words the same value.
"""

from __future__ import annotations

from dealer_station.domain.dealer_prompt import DealerPrompt, prompt_text
from dealer_station.domain.dealer_prompt import dealer_prompt as prompt_of
from dealer_station.domain.table_protocol import Table

__all__ = ["dealer_prompt", "instruction"]


def instruction(table: Table) -> DealerPrompt:
    """What the dealer is told to do next at ``table``, as a value (:class:`DealerPrompt`)."""
    dealer = table.dealer
    return prompt_of(table.state, misread=bool(table.misreads), burn_remaining=table.burn_remaining,
                     round_number=table.round_number, next_position=dealer.next_position if dealer else None,
                     needs_dealer=table.staffed and table.signed_in is None,
                     incident=table.incident.type if table.incident else None, shoe_number=table.shoe_number)


def dealer_prompt(table: Table) -> str:
    """The instruction for the dealer, upper case (``"DEAL PLAYER CARD 2"``, ``"BURN 7 MORE CARDS"``), for the
    table's state; plain words for the dealer's screen and the log: the English of :func:`instruction`.
    """
    return prompt_text(instruction(table))
