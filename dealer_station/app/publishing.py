"""Publishing wired into the station's commands: ``--broker``/``--table-id``/``--drain-timeout`` and
the ``[broker]`` section of the station configuration (issue 9, "Configuration").

Without a broker, events stay in the journal's outbox (``dealer-station events tail`` shows them)
and are published by the next run that has one. With a broker, a :class:`~dealer_station.publish.
Publisher` thread sends them while the station runs, and on exit the command waits up to the
drain timeout for the outbox to empty.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import structlog

from dealer_station.app.config import StationConfig
from dealer_station.publish.config import (
    BrokerConfigError,
    add_broker_arguments,
    broker_config_from_args,
    drain_timeout_from,
)
from dealer_station.publish.publisher import OutboxBusyError, Publisher

__all__ = ["Publishing", "add_publishing_arguments", "with_table_id"]

_log = structlog.get_logger("dealer_station.publishing")
_TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


def add_publishing_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the broker options (``--broker URL``, ``--table-id ID``, ``--drain-timeout S``, credentials, TLS)."""
    add_broker_arguments(parser)


def with_table_id(config: StationConfig, args: argparse.Namespace) -> StationConfig:
    """``config`` with ``--table-id`` applied. Raises ValueError naming the bad id and what is allowed."""
    table_id = getattr(args, "table_id", None)
    if not table_id:
        return config
    if not _TABLE_ID.match(table_id):
        raise ValueError(f"--table-id {table_id!r}: allowed 1-32 letters, digits, '-' or '_'")
    return config.with_overrides(table_id=table_id)


class Publishing:
    """The publisher of one command run, or nothing when no broker is configured.

    Parameters
    ----------
    args:
        Parsed arguments with the broker options.
    config:
        The station configuration (its ``[broker]`` section and table id).
    journal_path:
        The journal database the controller writes; ``":memory:"`` cannot be published.

    Raises
    ------
    ValueError
        Bad broker settings, a broker with an in-memory journal, or another publisher already
        publishing this journal; the message names the problem and the fix.
    """

    def __init__(self, args: argparse.Namespace, config: StationConfig, journal_path: str | Path) -> None:
        self.publisher: Publisher | None = None
        try:
            self.drain_timeout = drain_timeout_from(args, config.broker)
            broker = broker_config_from_args(args, config.broker)
        except BrokerConfigError as err:
            raise ValueError(str(err)) from None
        if broker is None:
            return
        if str(journal_path) == ":memory:":
            raise ValueError("publishing needs the events in a journal file: give --journal PATH")
        self.publisher = Publisher(broker, journal_path, config.table_id,
                                   station_info={"table_id": config.table_id, "mode": config.mode.value})
        try:
            self.publisher.start()
        except OutboxBusyError as err:
            self.publisher = None
            raise ValueError(f"{err}: stop the other station or publisher first") from None

    def finish(self) -> int:
        """Wait up to the drain timeout for the outbox to empty, stop; return the events left (0 without a broker)."""
        if self.publisher is None:
            return 0
        left = self.publisher.drain(self.drain_timeout)
        self.publisher.stop()
        if left:
            _log.warning("outbox_not_empty", events=left,
                         detail="they stay in the outbox and are published by the next run with a broker")
        return left
