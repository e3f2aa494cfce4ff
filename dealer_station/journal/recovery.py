"""Recovery: the table's state is a fold over the journal's inputs (DESIGN.md "Durability and recovery").

On start the controller replays the inputs of the open shoe through a fresh state machine. The
outputs of inputs that already have a decision row are dropped (their events were appended with
that row, so nothing is published twice); only the last input may lack its decision (the station
stopped between the two rows), and its outputs are handed back to be recorded now.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from dealer_station.journal.store import Journal, JournalRow

__all__ = ["Foldable", "Recovery", "replay_open_shoe"]


class Foldable(Protocol):
    """What recovery needs from a state machine (:class:`dealer_station.domain.table.TableMachine`)."""

    def step(self, inp: dict) -> list[tuple[str, dict]]:
        """Act on one input; return the outputs."""

    def restore_before_shoe(self, shoe_number: int, connected: bool) -> None:
        """Put the machine where it was just before shoe ``shoe_number + 1`` was started."""


@dataclass
class Recovery:
    """What the replay found: inputs replayed, the first replayed row, and a pending input (or None)."""

    inputs: int = 0
    from_seq: int = 0
    pending: JournalRow | None = None
    pending_outputs: list[tuple[str, dict]] = field(default_factory=list)


def replay_open_shoe(journal: Journal, machine: Foldable) -> Recovery:
    """Replay the open shoe's inputs into ``machine`` (a fresh one). Raises JournalError on a read failure.

    The open shoe starts at the input of the last decision marked ``shoe_started``; before the
    first shoe the whole journal is replayed.
    """
    result = Recovery()
    start = journal.last_marked("shoe_started")
    after = 0
    if start is not None and start.kind == "decision":
        shoe = int(start.body.get("shoe", 1))
        machine.restore_before_shoe(shoe - 1, bool(start.body.get("connected", False)))
        after = int(start.body["input"]) - 1
    result.from_seq = after + 1
    last_input: JournalRow | None = None
    last_outputs: list[tuple[str, dict]] = []
    last_decided = 0
    for row in journal.rows(after, kinds=("input", "decision")):
        if row.kind == "input":
            last_outputs = machine.step(row.body)
            last_input = row
            result.inputs += 1
        else:
            last_decided = max(last_decided, int(row.body.get("input", 0)))
    if last_input is not None and last_decided < last_input.seq:
        result.pending = last_input
        result.pending_outputs = last_outputs
    return result
