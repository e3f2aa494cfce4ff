"""One station runtime: the parts of a table and the one thread that owns its controller.

``run``, ``simulate`` and ``console`` open their table with :func:`open_station` from a
:class:`StationSettings` (what their command lines say, as plain values), and the :class:`Station`
it returns runs the controller's loop (:func:`dealer_station.app.station.run_station`) on one thread:
the shoe's reader, the publisher's refusals and every command (:meth:`Station.submit`) go through one
bounded queue to it (docs/design.md "Data flow"; docs/style.md habit 7). After each event, command, dealer act
and tick, the station tells its listeners (:meth:`Station.listen`) the facts and the fresh view, on
that thread; a console hands them on to its GUI thread (docs/runtime.md).

Who deals: the controller requires a dealer signed in before a shoe starts or betting opens. A
headless run signs in the configured dealer (:attr:`StationSettings.dealer`). The console on the
simulated shoe with no accounts at all signs in the demo dealer (:data:`DEMO_DEALER`, journaled
``how: demo``); once accounts exist, a demo dealer still signed in is signed out between rounds
(:meth:`Station.seat_dealer`).

The runtime is three modules by job: this one opens a table (:func:`open_station`); the station and
its loop are :mod:`dealer_station.app.runtime_station`; the plain values it takes and tells
(:class:`StationSettings`, :class:`StationUpdate`) are :mod:`dealer_station.app.runtime_settings`. Every
name is importable from here.
"""

from __future__ import annotations

from collections.abc import Callable

import structlog

from dealer_station.app.accounts import Accounts
from dealer_station.app.autodealer import AutoDealer
from dealer_station.app.clock import iso_utc, utcnow
from dealer_station.app.config import StationConfig, load_config
from dealer_station.app.controller import Controller
from dealer_station.app.runtime_settings import (
    DEMO_DEALER,
    StationBusy,
    StationSettings,
    StationStopping,
    StationUpdate,
)
from dealer_station.app.runtime_station import TICK_VIEWS, Station
from dealer_station.app.shoes import StationShoe, open_station_shoe
from dealer_station.app.signing_keys import announce_key
from dealer_station.journal import Journal
from dealer_station.signing import load_signer

__all__ = ["DEMO_DEALER", "TICK_VIEWS", "Station", "StationBusy", "StationSettings", "StationStopping", "StationUpdate",
           "open_station"]

log = structlog.get_logger(__name__)


def _config(settings: StationSettings) -> StationConfig:
    config = load_config(settings.config_path)
    if settings.decks is not None:
        if not 1 <= settings.decks <= 8:
            raise ValueError(f"--decks {settings.decks}: allowed 1..8")
        cut_min = max(1, round(config.cut_min * settings.decks / config.decks))
        cut_max = max(cut_min, round(config.cut_max * settings.decks / config.decks))
        config = config.with_overrides(decks=settings.decks, cut_min=cut_min, cut_max=cut_max)
    if settings.table_id is not None:   # "" is refused by the check, not taken for the configured id
        config = config.with_overrides(table_id=settings.table_id)
    return config


def open_station(settings: StationSettings, *, controller: Callable[..., Controller] = Controller,
                 shoe: Callable[[str, StationConfig, Journal], StationShoe] = open_station_shoe,
                 before_dealer: Callable[[Controller], None] | None = None,
                 open_journal: Callable[..., Journal] = Journal) -> Station:
    """Open the table ``settings`` describe: configuration, journal, accounts, shoe, publisher, controller.

    The loop is not running yet: :meth:`Station.start` (its own thread) or :meth:`Station.run` (the
    calling thread). ``controller``, ``shoe`` and ``open_journal`` (``open_journal(path, signer=...)``) build
    those parts (tests and benchmarks wrap them);
    ``before_dealer(controller)`` runs on the new controller before the configured dealer signs in.

    Raises
    ------
    ConfigError, ShoeConfigError, AccountsError, SigningKeyError, ValueError
        A bad configuration, shoe spec, broker settings, accounts or signing key file; a journal dealt with
        another seed or deck count.
    JournalError
        The journal cannot be opened or read (an OSError).
    ShoeError
        With ``shoe_first``: the real shoe cannot be opened.

    Nothing is left open after an error.
    """
    from dealer_station.app.publishing import Publishing
    from drivers.profiles import load_profile

    config = _config(settings)
    spec = settings.shoe if settings.shoe is not None else config.shoe_profile
    load_profile(spec)  # a bad spec fails before anything is opened
    journal_path = settings.journal if settings.journal is not None else config.journal_path
    key_path = settings.signing_key if settings.signing_key is not None else config.signing_key
    signer = load_signer(key_path) if key_path else None   # a bad key fails before the journal is opened
    old_path = (settings.previous_signing_key if settings.previous_signing_key is not None
                else config.previous_signing_key)
    previous = load_signer(old_path) if old_path else None
    if previous is not None and signer is None:
        raise ValueError("--previous-signing-key needs --signing-key (the new key it hands over to)")
    journal = open_journal(journal_path, signer=signer)
    station: Station | None = None
    try:
        if previous is not None:
            announce_key(journal, signer, previous, table_id=config.table_id, ts=iso_utc(utcnow()))
        accounts = None
        if settings.use_accounts:
            accounts = Accounts(settings.accounts if settings.accounts is not None else config.accounts_path)
        station = Station(settings, config, journal, accounts, shoe(spec, config, journal))
        if settings.publish is not None:
            station.publishing = Publishing(config, journal_path, settings.publish, on_refused=station.refused,
                                            signer=signer)
        if settings.shoe_first and not station.simulated:
            # A real shoe is opened before the controller starts (and logs that it did): a shoe that
            # cannot be opened is then the one line said. Its events wait in the queue meanwhile.
            station.start_shoe()
        # it runs the side-bet edge monitor; a dealer signs in before a shoe starts or betting opens
        station.controller = controller(config, journal, accounts=accounts, require_dealer=True)
        if before_dealer is not None:
            before_dealer(station.controller)
        if settings.dealer is not None:
            station.controller.sign_in_configured(settings.dealer)
        station.shoe.prepare(station.controller.snapshot(), config.decks, station.controller.frames_in_shoe)
        if settings.demo_dealer:
            station.seat_dealer()
        if settings.auto:
            station.auto = AutoDealer(station.controller, station.shoe.draw, new_shoe=station.shoe.new_shoe,
                                      shoes=settings.shoes)
    except BaseException:
        if station is not None:
            if station._shoe_started:
                try:
                    station.shoe.source.stop()
                except Exception as err:  # noqa: BLE001 - the first error is the one said
                    log.warning("shoe_stop_failed", error=str(err))
            if station.publishing is not None:
                station.publishing.finish()
        journal.close()
        raise
    log.info("station_opened", journal=str(journal_path), shoe=spec, simulated=station.simulated)
    return station

