"""Publishing wired into the station's commands: the run's :class:`~dealer_station.publish.settings.BrokerOptions`
(``--broker``/``--table-id``/``--drain-timeout`` …) and the ``[broker]`` section of the station
configuration (docs/events.md, "Configuration").

Without a broker, events stay in the journal's outbox (``dealer-station events tail`` shows them)
and are published by the next run that has one. With a broker, a :class:`~dealer_station.publish.
Publisher` thread sends them while the station runs, and on exit the command waits up to the
drain timeout for the outbox to empty. The command line's options are read by
:mod:`dealer_station.cli.broker_options`; this module takes plain values.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from dealer_station.app.config import StationConfig
from dealer_station.publish.config import BrokerConfigError
from dealer_station.publish.settings import BrokerOptions, broker_config_from, drain_timeout_from
from dealer_station.signing import Signer

__all__ = ["Publishing", "open_publisher", "with_table_id"]


def with_table_id(config: StationConfig, table_id: str | None) -> StationConfig:
    """``config`` with ``table_id`` (``--table-id``) applied when given (not None), validated like ``table.id``.

    Raises ConfigError (a ValueError) naming the bad id and what is allowed; ``""`` is such an id, never
    "the configured one".
    """
    return config if table_id is None else config.with_overrides(table_id=table_id)


class Publishing:
    """The publisher of one command run, or nothing when no broker is configured.

    Parameters
    ----------
    config:
        The station configuration (its ``[broker]`` section and table id).
    journal_path:
        The journal database the controller writes; ``":memory:"`` cannot be published.
    options:
        The run's broker settings (``--broker`` and friends), which win over ``[broker]``; None: none given.
    on_refused:
        ``on_refused(event_id, problem)``, called on the publisher's thread when an outbox event does not
        match the journal's chain and is not sent (:class:`~dealer_station.publish.Publisher`): hand it to
        the controller's thread (``run``: an :class:`~dealer_station.app.station.EventRefused` on the station
        queue), which gives it to ``Controller.event_refused`` (an ``event_mismatch`` pause).
    signer:
        The station's key (``--signing-key``, ``[station] signing_key``): it signs the retained status.

    Raises
    ------
    ValueError
        Bad broker settings, a broker with an in-memory journal, or another publisher already
        publishing this journal; the message names the problem and the fix.
    """

    def __init__(self, config: StationConfig, journal_path: str | Path, options: BrokerOptions | None = None, *,
                 on_refused: Callable[[int, str], None] | None = None, signer: Signer | None = None) -> None:
        self.publisher = None
        try:
            self.drain_timeout = drain_timeout_from(options, config.broker)
            if broker_config_from(options, config.broker) is None:
                return  # no broker: the MQTT client and the publisher are not even imported
            from dealer_station.publish.publisher import OutboxBusyError, Publisher

            self.publisher = Publisher.configured(journal_path, config.table_id, options=options,
                                                  section=config.broker, start=False,
                                                  station_info={"mode": config.mode.value}, on_refused=on_refused,
                                                  signer=signer)
        except BrokerConfigError as err:
            raise ValueError(str(err)) from None
        if self.publisher is None:
            return
        try:
            self.publisher.start()
        except OutboxBusyError as err:
            self.publisher = None
            raise ValueError(f"{err}: stop the other station or publisher first") from None

    @property
    def refused(self) -> tuple[int, str] | None:
        """``(event_id, problem)`` of the outbox event the publisher refused (not sent), or None."""
        return None if self.publisher is None else self.publisher.refused

    def finish(self, *, offline_reason: str = "stopped", detail: str | None = None) -> int:
        """Wait up to the drain timeout for the outbox to empty, then stop; return the events left (0 without a broker).

        The publisher logs what it leaves; those events go with the next run that has a broker. The
        publisher is stopped (retained ``offline`` status, lock released) even when counting the outbox
        fails (:class:`~dealer_station.journal.outbox_reader.OutboxError`, raised after the stop).
        ``offline_reason``, ``detail``: the retained ``offline`` status's ``reason`` and ``detail``
        (``"journal_failure"``: the station stops without its journal taking the stop).
        """
        if self.publisher is None:
            return 0
        try:
            return self.publisher.drain(self.drain_timeout)
        finally:
            self.publisher.stop(reason=offline_reason, detail=detail)


def open_publisher(config: StationConfig, journal_path: str | Path, options: BrokerOptions | None = None, *,
                   on_refused: Callable[[int, str], None] | None = None) -> Publishing:
    """Start publishing ``journal_path``'s outbox for the station ``config`` (nothing when no broker is set).

    Same parameters and errors as :class:`Publishing`; call ``finish()`` on the result when the run ends.
    """
    return Publishing(config, journal_path, options, on_refused=on_refused)
