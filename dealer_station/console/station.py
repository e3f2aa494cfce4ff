"""Wiring of the console's station: configuration, journal, accounts, controller and shoe.

Embedded defaults (issue 7, "Deliver" 1): the simulated shoe, a journal in the user's data
directory (platformdirs), no broker. A simulated shoe deals shoe ``n`` shuffled from the run's
seed (``dealer_station.app.simulate.shoe_seed``), recorded in the journal the way ``simulate``
records it, so a restarted console goes on with the same cards where the journal stops.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import structlog

from dealer_station.app.accounts import Accounts
from dealer_station.app.config import StationConfig, load_config
from dealer_station.app.controller import Controller
from dealer_station.app.simulate import recorded_seed
from dealer_station.journal import Journal

__all__ = ["Station", "default_data_dir", "open_station"]

log = structlog.get_logger(__name__)

APP_NAME = "dealer-station"
"""Application name for platformdirs."""


def default_data_dir() -> Path:
    """The user's data directory of the station (platformdirs), e.g. ``~/.local/share/dealer-station``."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


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

    @property
    def simulated(self) -> bool:
        """True when the shoe is the simulator (cards dealt on ``draw()``)."""
        return self.seed is not None

    def shoe_tokens(self, shoe_number: int, already_drawn: int = 0) -> list[str]:
        """The simulated shoe ``shoe_number``'s tokens (``"CUT"`` included), minus the first ``already_drawn``."""
        from dealer_station.app.simulate import shoe_seed
        from drivers.deck import shuffled_shoe

        c = self.config
        tokens = shuffled_shoe(shoe_seed(self.seed or 0, shoe_number), c.decks, c.cut_min, c.cut_max)
        return tokens[already_drawn:]

    def load_shoe(self, shoe_number: int) -> None:
        """Put simulated shoe ``shoe_number`` in the simulator (call it off the GUI thread); no-op on a real shoe."""
        if not self.simulated:
            return
        self.source.new_shoe(tokens=self.shoe_tokens(shoe_number))
        log.info("sim_shoe_loaded", shoe=shoe_number)

    def authenticate(self, user: str, pin: str) -> bool:
        """Check a supervisor's PIN against the accounts (counts towards the lockout). Raises AuthError."""
        if self.accounts is None:
            from dealer_station.app.accounts import AuthError

            raise AuthError("no_accounts", "no accounts file: add one with 'dealer-station users add'")
        self.accounts.authenticate(user, pin, role="supervisor")
        return True

    def close(self) -> None:
        """Close the journal (stop the shoe first)."""
        self.journal.close()


def open_station(config_path: str | Path | None = None, shoe: str | None = None,
                 journal_path: str | Path | None = None, accounts_path: str | Path | None = None) -> Station:
    """Open the station the console runs.

    Parameters
    ----------
    config_path:
        Station configuration (TOML); default ``config/station.toml``. When given, its journal and
        accounts paths are used; without it they live in :func:`default_data_dir`.
    shoe:
        Shoe profile name, file or inline spec; default the configuration's (``sim``).
    journal_path:
        Journal database (``":memory:"`` for none); overrides the configuration.
    accounts_path:
        Accounts file; overrides the configuration.

    Raises
    ------
    ConfigError, ShoeConfigError, AccountsError, ValueError
        A bad configuration, shoe spec or accounts file; a journal dealt with another seed or deck count.
    JournalError
        The journal cannot be opened or read (an OSError). Nothing is left open after an error.
    """
    from drivers.profiles import load_profile, open_shoe

    config = load_config(config_path)
    data_dir = default_data_dir()
    if journal_path is None:
        journal_path = config.journal_path if config_path is not None else data_dir / "journal.sqlite"
    if accounts_path is None:
        accounts_path = config.accounts_path if config_path is not None else data_dir / "accounts.json"
    spec = shoe or config.shoe_profile
    profile = load_profile(spec)  # a bad spec fails before anything is opened
    simulated = profile.transport == "sim"
    journal = Journal(journal_path)
    try:
        accounts = Accounts(accounts_path)
        seed = None
        if simulated:
            raw_seed = profile.options.get("seed")
            seed = recorded_seed(journal, int(raw_seed) if raw_seed is not None else None, config.decks)
        controller = Controller(config, journal, accounts=accounts)  # it runs the side-bet edge monitor
        station = Station(config, journal, accounts, controller, None, spec, seed)
        tokens = None
        if simulated:
            view = controller.snapshot()
            if view.state not in ("no_shoe", "shoe_end") and view.shoe_number:
                drawn = config.decks * 52 - view.cards_left + int(view.cut_card_out)  # No-Reads took no card
                tokens = station.shoe_tokens(view.shoe_number, drawn)
            else:
                tokens = station.shoe_tokens(max(1, view.shoe_number + 1))
        station.source = open_shoe(spec, tokens=tokens)
    except BaseException:
        journal.close()
        raise
    log.info("station_opened", journal=str(journal_path), shoe=spec, simulated=simulated)
    return station
