"""The durable, append-only, hash-chained journal and the recovery fold (docs/design.md "Durability and recovery")."""

from dealer_station.journal.memory import MemoryJournal
from dealer_station.journal.recovery import Recovery, replay_open_shoe
from dealer_station.journal.store import (
    EventSpec,
    Journal,
    JournalBusyError,
    JournalError,
    JournalRow,
    VerifyReport,
    head_problem,
    parse_head,
    row_hash,
)

__all__ = ["EventSpec", "Journal", "JournalBusyError", "JournalError", "JournalRow", "MemoryJournal", "Recovery",
           "VerifyReport", "head_problem", "parse_head", "replay_open_shoe", "row_hash"]
