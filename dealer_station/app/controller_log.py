"""The controller's logging and housekeeping: the log context of each decision (table, shoe, round ids),
the outputs it logs, the journal head at each shoe end, and the pruning of acknowledged outbox events.
:class:`ControllerLog` owns the logger and the log context it bound (:attr:`Controller.log
<dealer_station.app.controller.Controller.log>`); it is handed the journal, the configuration, the machine and
the clocks, never the controller.

docs/style.md habit 10 "Logging is structured and configured once"; docs/controller.md "Logging".
Nothing here ever raises into the controller.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import structlog

from dealer_station.app.clock import iso_utc
from dealer_station.app.logging import log_enabled, safe_repr
from dealer_station.app.views import round_id, shoe_id
from dealer_station.domain.fact_data import json_of
from dealer_station.domain.facts import FactKind

if TYPE_CHECKING:
    from dealer_station.app.config import StationConfig
    from dealer_station.domain.table import TableMachine

__all__ = ["ControllerLog"]

_F = FactKind
_WARN_KINDS = frozenset({_F.ROUND_PAUSED, _F.ERROR, _F.ACT_REFUSED, _F.INCIDENT_WHILE_PAUSED, _F.PROCEDURE_VIOLATION})
_INFO_KINDS = frozenset({_F.ROUND_COMPLETED, _F.ROUND_VOIDED, _F.SHOE_STARTED, _F.SHOE_ENDED, _F.ROUND_RESUMED,
                         _F.PLAYER_EDGE, _F.STOPPED, _F.DEALER_SIGNED_IN, _F.DEALER_SIGNED_OUT})
"""Outputs the controller logs (as warnings, as information); the rest are in the journal only."""
_LOGGED_KINDS = _WARN_KINDS | _INFO_KINDS


class ControllerLog:
    """Logging and housekeeping of the controller.

    Parameters
    ----------
    journal:
        The table's journal (its outbox pruned, its shoes archived, its head logged); one without an outbox (a
        replay's memory journal) has nothing to prune or archive.
    config:
        The station's configuration (the table id, ``journal.event_retention_days``, ``journal.archive_after_days``).
    machine:
        The table's state machine (its shoe and round numbers name the log context).
    clock:
        The wall clock (aware UTC): how old an event or a shoe is.
    now:
        The time a row is stamped with, UTC ISO-8601 text.
    keeps_events:
        False for a journal without an outbox: no platform events to prune, no archive.
    """

    def __init__(self, journal: Any, config: StationConfig, machine: TableMachine, clock: Callable[[], datetime],
                 now: Callable[[], str], *, keeps_events: bool = True) -> None:
        self.journal = journal
        self.config = config
        self._machine = machine
        self._clock = clock
        self._now = now
        self._keeps_events = keeps_events
        self._log = structlog.get_logger("dealer_station.controller")
        self._bound: tuple[int, int, int] | None = None

    def prune_events(self) -> None:
        """Prune the events the broker acknowledged more than ``journal.event_retention_days`` ago from the
        outbox (:meth:`Journal.prune_events`: a chained note, the chain verifies as before). At start and at
        every shoe end. Housekeeping: a failure is logged and leaves the events, it never stops the table.
        """
        prune = getattr(self.journal, "prune_events", None)
        if prune is None or not self._keeps_events:
            return
        try:
            cutoff = iso_utc(self._clock() - timedelta(days=self.config.event_retention_days))
            pruned = prune(cutoff, self._now(), table_id=self.config.table_id)
        except Exception as err:  # noqa: BLE001 - keeping old events longer is always safe
            self.safe("warning", "events_prune_failed", error=safe_repr(err))
            return
        if pruned:
            self.safe("info", "events_pruned", count=pruned, before=cutoff)

    def archive_shoes(self) -> None:
        """Move the closed shoes that ended ``journal.archive_after_days`` ago to archive files (0: never), at every
        shoe end, on the controller's thread between shoes (:func:`dealer_station.journal.archive.archive_shoes`:
        small transactions, safe to stop at any moment). Housekeeping: a failure is logged, the rows stay, the
        table deals on.
        """
        days = self.config.archive_after_days
        if not days or not self._keeps_events or getattr(self.journal, "path", ":memory:") == ":memory:":
            return
        from pathlib import Path

        from dealer_station.journal.archive import archive_shoes

        directory = self.config.archive_dir or str(Path(self.journal.path).parent / "archives")
        try:
            done = archive_shoes(self.journal, directory, before=iso_utc(self._clock() - timedelta(days=days)),
                                 ts=self._now())
        except Exception as err:  # noqa: BLE001 - keeping rows longer is always safe
            self.safe("warning", "journal_archive_failed", error=safe_repr(err))
            return
        if done.file is not None:
            self.safe("info", "journal_archived", file=str(done.file), first=done.first, last=done.last,
                           shoes=list(done.shoes))

    def head(self) -> None:
        """Log the journal chain's head (``journal_head``, ``SEQ:HASH``): kept in the log, it lets
        ``journal verify --head`` show rows cut off the end, which the chain alone cannot.
        """
        try:
            seq, digest = self.journal.head
        except Exception as err:  # noqa: BLE001 - logging never stops the table
            self.safe("error", "journal_head_failed", error=safe_repr(err))
            return
        self.safe("info", "journal_head", head=f"{seq}:{digest}")

    def bind(self) -> None:
        """Bind the table, shoe and round ids of the machine now to this thread's log context (once a round)."""
        m = self._machine
        ids = (m.shoe_number, m.round_number, threading.get_ident())
        if ids == self._bound:
            return  # this thread's log context already names this shoe and round
        self._bound = ids
        try:
            table = self.config.table_id
            structlog.contextvars.bind_contextvars(
                table_id=table, shoe_id=shoe_id(table, m.shoe_number) if m.shoe_number else None,
                round_id=round_id(table, m.shoe_number, m.round_number) if m.shoe_number and m.round_number
                else None)
        except Exception:  # noqa: BLE001, S110 - logging never raises into the controller
            pass

    def outputs(self, outputs: list, kinds: set | None = None) -> None:
        """Log the outputs of the kinds the controller logs (``kinds``: those of ``outputs``, when known)."""
        if kinds is not None and _LOGGED_KINDS.isdisjoint(kinds):
            return  # most decisions: nothing to log
        for kind, data in outputs:
            level = "warning" if kind in _WARN_KINDS else "info" if kind in _INFO_KINDS else None
            if level is not None and log_enabled(level):
                self.safe(level, str(kind), data=json_of(data))

    def safe(self, level: str, event: str, **kw: Any) -> None:
        """Log ``event`` at ``level`` (``"info"``, ``"error"``...) with ``kw``; never raises."""
        if not log_enabled(level):
            return
        try:
            getattr(self._log, level)(event, **kw)
        except Exception:  # noqa: BLE001, S110 - logging never raises into the controller
            pass
