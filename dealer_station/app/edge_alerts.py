"""The open shoe's edge alerts (``player_edge``): the monitor that makes them after each completed round, and the
alerts kept for the view, from the decisions made now and, after a restart, those the journal recorded.

The monitor is advisory (docs/rules.md §3): a monitor that fails is logged and told as an ``error`` output, and the
table deals on.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable

from dealer_station.app.edge import EdgeMonitor
from dealer_station.app.logging import safe_repr
from dealer_station.app.views import EdgeAlert
from dealer_station.domain.fact_data import Error, PlayerEdge, output
from dealer_station.domain.facts import FactKind, Output
from dealer_station.domain.table import TableMachine
from dealer_station.journal import Journal
from dealer_station.journal.codec import decode_decision

__all__ = ["EdgeAlerts"]

_EDGE_KINDS = frozenset({FactKind.SHOE_STARTED.value, FactKind.PLAYER_EDGE.value})
"""The recorded output kinds that change the shoe's edge alerts (:meth:`EdgeAlerts.keep`)."""


class EdgeAlerts:
    """The edge monitor of a table and the open shoe's alerts, oldest first (:attr:`alerts`).

    Parameters
    ----------
    monitor:
        ``(remaining cards, round number) -> alerts`` (:data:`~dealer_station.app.edge.EdgeMonitor`), or None: no
        alerts are made (a replay's recorded ones are still kept).
    log:
        ``log(level, event, **fields)``: the controller's log, never raising.
    """

    def __init__(self, monitor: EdgeMonitor | None, log: Callable[..., None]) -> None:
        self.monitor = monitor
        self.alerts: list[EdgeAlert] = []
        self._log = log

    def prepare(self) -> None:
        """Build the monitor's odds tables now (:meth:`dealer_station.app.edge.EdgeWatch.prepare`), not at the first
        round's end. Never raises: a build that fails is logged (``edge_monitor_failed``) and tried again at a
        round's end, which tells the failure as an ``error`` output.
        """
        prepare = getattr(self.monitor, "prepare", None)
        if prepare is None:
            return
        try:
            prepare()
        except Exception as err:  # noqa: BLE001 - the monitor never stops the table
            self._log("error", "edge_monitor_failed", error=safe_repr(err))

    def after_round(self, machine: TableMachine) -> list[Output]:
        """The ``player_edge`` outputs of the round ``machine`` just completed, from the shoe's own inventory
        (an ``error`` output when the monitor fails). Call only with a monitor.
        """
        m = machine
        try:
            alerts = self.monitor(m.remaining, m.rounds[-1]["round"] if m.rounds else 0)  # type: ignore[misc]
            out = []
            for alert in alerts or []:
                data = json.loads(json.dumps(dict(alert), default=str))
                edge = PlayerEdge.from_json({"shoe": m.shoe_number, "round": m.rounds[-1]["round"], **data})
                if edge is None:
                    raise ValueError(f"an alert names no bet: {data!r}")
                out.append(output(edge))
            return out
        except Exception as err:  # noqa: BLE001 - the monitor is advisory; it never stops the table
            self._log("error", "edge_monitor_failed", error=safe_repr(err))
            return [output(Error(detail=f"edge monitor failed: {safe_repr(err)}"))]

    def keep(self, outputs: Iterable[Output], ts: str) -> None:
        """Keep the edge alerts of a decision's ``outputs`` (made at ``ts``) for the view; a new shoe starts
        with none. The one reading of a decision's alerts: the decisions made now and, after a restart, those
        the journal recorded in the open shoe (:meth:`restore`).
        """
        for kind, data in outputs:
            if kind == FactKind.SHOE_STARTED:
                self.alerts = []
            elif kind == FactKind.PLAYER_EDGE:
                self.alerts.append(EdgeAlert(ts, data))

    def restore(self, journal: Journal, after: int) -> None:
        """After a restart: the edge alerts the journal's decisions recorded after row ``after`` (the open shoe's
        start; the replay runs no monitor, its decisions' alerts are recorded ones). Raises JournalError when the
        journal cannot be read or a decision row is damaged.
        """
        for row in journal.rows(after, kinds=("decision",)):
            recorded = row.body.get("outputs")
            if isinstance(recorded, list) and any(isinstance(item, list) and item and item[0] in _EDGE_KINDS
                                                  for item in recorded):
                self.keep(decode_decision(row.body).outputs, row.ts)
