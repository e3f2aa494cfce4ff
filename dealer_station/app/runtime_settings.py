"""What a command says about the table it opens, and what the station tells its listeners.

Plain values of the station runtime (:mod:`dealer_station.app.runtime`): :class:`StationSettings` (the
command line's, for :func:`~dealer_station.app.runtime.open_station`), :class:`StationUpdate` (one step of
the controller's thread, for :meth:`~dealer_station.app.runtime.Station.listen`), :class:`StationBusy`,
:class:`StationStopping` and :data:`DEMO_DEALER`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from dealer_station.app.controller import Fact, TableView
from dealer_station.publish.settings import BrokerOptions

__all__ = ["DEMO_DEALER", "StationBusy", "StationSettings", "StationStopping", "StationUpdate"]

DEMO_DEALER = "demo"
"""The dealer id of the demo dealer (the console on the simulated shoe, no accounts yet)."""


class StationBusy(RuntimeError):
    """The station's queue is full (the controller is behind): the command was not queued."""


class StationStopping(RuntimeError):
    """The station is stopping: the command was not queued, or the stop dropped it before it ran (docs/runtime.md
    "How a stop ends").
    """


@dataclass(frozen=True)
class StationSettings:
    """Everything a command says about the table it opens (no parsed arguments below the command line).

    Attributes
    ----------
    config_path:
        Station configuration (TOML); None: ``config/station.toml``.
    shoe:
        Shoe profile name, file or inline spec (docs/drivers.md); None: the configuration's.
    journal:
        Journal database (``":memory:"`` for none); None: the configuration's ``journal.path``.
    accounts:
        Accounts file; None: the configuration's ``accounts.path``.
    use_accounts:
        False: no accounts at all (``simulate``: every supervisor act is refused).
    table_id:
        Overrides the configuration's table id (``--table-id``); None: the configuration's.
    decks:
        Overrides the decks per shoe (1..8); the cut-card range scales with it. None: the configuration's.
    dealer:
        Dealer id signed in when the station opens (journaled, no PIN); None: nobody (the console).
    demo_dealer:
        The console's rule: on the simulated shoe with no accounts the demo dealer signs in.
    auto:
        An automatic dealer acts on the controller's thread (``--auto``).
    shoes:
        With ``auto``: the loop ends (``"finished"``) after this many shoes; None: never.
    idle_exit:
        Seconds without any event or act after which the loop ends (``"idle"``); None: never.
    publish:
        The run's broker options (:class:`~dealer_station.publish.settings.BrokerOptions`, which win over the
        configuration's ``[broker]``); None: no publisher (events stay in the outbox).
    shoe_first:
        Start a real shoe's reader before the controller is built, so a shoe that cannot be opened is the
        one thing said (``run``); else :meth:`Station.start` starts it.
    """

    config_path: str | Path | None = None
    shoe: str | None = None
    journal: str | Path | None = None
    accounts: str | Path | None = None
    use_accounts: bool = True
    table_id: str | None = None
    decks: int | None = None
    dealer: str | None = None
    demo_dealer: bool = False
    auto: bool = False
    shoes: int | None = None
    idle_exit: float | None = None
    publish: BrokerOptions | None = None
    shoe_first: bool = False
    signing_key: str | Path | None = None
    """The station's private key file (``--signing-key``); None: the configuration's ``[station] signing_key``
    (no key there: events and status are unsigned)."""
    previous_signing_key: str | Path | None = None
    """The key ``signing_key`` replaces (``--previous-signing-key``): the new key is announced in an event it signs
    (:mod:`dealer_station.app.signing_keys`); None: the configuration's ``[station] previous_signing_key``."""
    end_paused: bool = False
    """With ``auto``: the loop ends (``"paused"``) once the table is paused (``simulate``: no supervisor)."""
    stop_journal_seconds: float = 10.0
    """At a stop while the journal fails: seconds the station keeps trying to journal the pause and the stop
    (:meth:`Station.stop`) before it gives up and says so on the broker (the retained ``offline`` status with
    reason ``journal_failure``)."""


@dataclass(frozen=True, slots=True)
class StationUpdate:
    """What one step of the controller's thread changed: its facts, in order, and the view after them.

    Attributes
    ----------
    facts:
        The controller's facts of this step (possibly none: a command that changed nothing, a tick).
    view:
        The table's :class:`~dealer_station.app.controller.TableView` after the step.
    events:
        The shoe events given to the controller in this step (for the supervisor's raw frames).
    """

    facts: tuple[Fact, ...]
    view: TableView
    events: tuple[object, ...] = ()
