"""Wiring of the console's station: configuration, journal, accounts, controller and shoe.

Embedded defaults: the simulated shoe, a journal in the user's data
directory (platformdirs), no broker. A simulated shoe deals shoe ``n`` shuffled from the run's
seed (``dealer_station.app.simulate.shoe_seed``), recorded in the journal the way ``simulate``
records it, so a restarted console goes on with the same cards where the journal stops.

Who deals: the controller requires a dealer signed in before a shoe starts or betting opens.
A fresh install still opens onto a table: on the simulated shoe with no accounts at all, the station
signs in the demo dealer (``demo``, journaled ``how: demo``) and the console says so; on a real shoe with
no accounts it asks for them (:attr:`Station.dealer_note`). Once accounts exist, a demo dealer still
signed in is signed out between rounds: a dealer with an account signs in.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import structlog

from dealer_station.app.accounts import Accounts
from dealer_station.app.config import StationConfig, default_data_dir, load_config
from dealer_station.app.controller import Controller
from dealer_station.app.shoes import StationShoe, open_station_shoe
from dealer_station.journal import Journal
from drivers.profiles import load_profile

__all__ = ["Station", "default_data_dir", "open_station"]

log = structlog.get_logger(__name__)

DEMO_DEALER = "demo"
"""The dealer id of the demo dealer (the simulated shoe, no accounts yet)."""

@dataclass
class Station:
    """One table's parts, as the console runs them.

    Attributes
    ----------
    config, journal, accounts, controller:
        The validated configuration, the open journal, the accounts (None: none configured) and
        the controller (recovered from the journal).
    source:
        The shoe source (``drivers.profiles.open_shoe``), not started yet.
    shoe_spec:
        The ``--shoe`` spec in use.
    seed:
        The simulated shoe's run seed (None for a real shoe).
    """

    config: StationConfig
    journal: Journal
    accounts: Accounts | None
    controller: Controller
    source: object
    shoe_spec: str
    seed: int | None = None

    shoe: StationShoe | None = None

    @property
    def simulated(self) -> bool:
        """True when the shoe is the simulator (cards dealt on ``draw()``)."""
        return self.seed is not None

    def load_shoe(self, shoe_number: int) -> None:
        """Put simulated shoe ``shoe_number`` in the simulator (call it off the GUI thread); no-op on a real shoe."""
        if self.shoe is None or self.shoe.new_shoe is None:
            return
        self.shoe.new_shoe(shoe_number)
        log.info("sim_shoe_loaded", shoe=shoe_number)

    def authenticate(self, user: str, pin: str) -> bool:
        """Check a supervisor's PIN against the accounts (counts towards the lockout). Raises AuthError."""
        if self.accounts is None:
            from dealer_station.app.accounts import AuthError

            raise AuthError("no_accounts", "no accounts file: add one with 'dealer-station users add'")
        self.accounts.authenticate(user, pin, role="supervisor")
        return True

    def has_accounts(self) -> bool:
        """True when the accounts file holds at least one account (an unreadable file counts as having some:
        nobody is let in as the demo dealer past a damaged file)."""
        if self.accounts is None:
            return False
        try:
            return bool(self.accounts.list())
        except Exception:  # noqa: BLE001 - a damaged file: the sign-in says why when it is tried
            return True

    @property
    def dealer_note(self) -> str:
        """What the console says about accounts: the demo dealer's notice, how to add accounts, or ""."""
        from PySide6.QtCore import QCoreApplication

        if self.has_accounts():
            return ""
        if self.simulated:
            return QCoreApplication.translate(
                "Station", "Demo dealer — no accounts yet: create them with dealer-station users add")
        return QCoreApplication.translate(
            "Station", "No accounts yet: betting cannot open until a dealer signs in. Add a dealer with "
                       "'dealer-station users add NAME --role dealer' (and a supervisor with --role supervisor), "
                       "then sign in here.")

    def add_first_account(self, user: str, role: str, pin: str) -> None:
        """Add one of the first accounts from the console (refused once a supervisor account exists: later
        accounts are added with ``dealer-station users``). Raises AccountsError."""
        from dealer_station.app.accounts import AccountsError

        if self.accounts is None:
            raise AccountsError("no accounts file is configured")
        if any(a.role == "supervisor" for a in self.accounts.list()):
            raise AccountsError("a supervisor account exists: add accounts with 'dealer-station users add'")
        self.accounts.add(user, role, pin)

    def seat_dealer(self) -> str | None:
        """Sign in the demo dealer on the simulated shoe while there are no accounts; sign a demo dealer out
        once there are (between rounds). Returns the dealer signed in now (None: nobody)."""
        controller = self.controller
        view = controller.snapshot()
        between = view.state not in ("paused", "betting_open", "betting_closed", "dealing", "result")
        try:
            if self.simulated and not self.has_accounts():
                if view.dealer is None and between:
                    controller.sign_in(DEMO_DEALER, how="demo")
            elif view.dealer_how == "demo" and between:
                controller.sign_out()
        except Exception as err:  # noqa: BLE001 - the console shows the sign-in; it never fails to open
            log.warning("seat_dealer_failed", error=str(err))
        return controller.signed_in

    def close(self) -> None:
        """Close the journal (stop the shoe first)."""
        self.journal.close()


def open_station(config_path: str | Path | None = None, shoe: str | None = None,
                 journal_path: str | Path | None = None, accounts_path: str | Path | None = None,
                 table_id: str | None = None) -> Station:
    """Open the station the console runs.

    Parameters
    ----------
    config_path:
        Station configuration (TOML); default ``config/station.toml``. Its journal and accounts
        paths default to :func:`~dealer_station.app.config.default_data_dir`.
    shoe:
        Shoe profile name, file or inline spec; default the configuration's (``sim``).
    journal_path:
        Journal database (``":memory:"`` for none); overrides the configuration.
    accounts_path:
        Accounts file; overrides the configuration.
    table_id:
        Overrides the configuration's table id (``--table-id``).

    Raises
    ------
    ConfigError, ShoeConfigError, AccountsError, ValueError
        A bad configuration, shoe spec or accounts file; a journal dealt with another seed or deck count.
    JournalError
        The journal cannot be opened or read (an OSError). Nothing is left open after an error.
    """
    config = load_config(config_path)
    if table_id:
        from dealer_station.app.publishing import with_table_id

        config = with_table_id(config, table_id)
    if journal_path is None:
        journal_path = config.journal_path
    if accounts_path is None:
        accounts_path = config.accounts_path
    spec = shoe or config.shoe_profile
    load_profile(spec)  # a bad spec fails before anything is opened
    journal = Journal(journal_path)
    try:
        accounts = Accounts(accounts_path)
        shoe_source = open_station_shoe(spec, config, journal)
        # it runs the side-bet edge monitor; a dealer signs in before a shoe starts or betting opens
        controller = Controller(config, journal, accounts=accounts, require_dealer=True)
        shoe_source.prepare(controller.snapshot(), config.decks)
        station = Station(config, journal, accounts, controller, shoe_source.source, spec, shoe_source.seed,
                          shoe_source)
    except BaseException:
        journal.close()
        raise
    simulated = shoe_source.simulated
    station.seat_dealer()
    log.info("station_opened", journal=str(journal_path), shoe=spec, simulated=simulated)
    return station
