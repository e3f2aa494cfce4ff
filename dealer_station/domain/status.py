"""What the platform is told of a table and of its station: the table status and the station's retained status.

Rule source: docs/events.md (the ``table_status`` event; "The station's status": the retained message and its last
will). Each is a ``StrEnum``: a member equals its text, so a status read back from the journal, the outbox or the
broker (a plain string) compares and looks up as the member does, and the JSON written holds the text itself.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["OfflineReason", "StationStatus", "TableStatusCode"]


class TableStatusCode(StrEnum):
    """The ``status`` of a ``table_status`` event: the table as a betting platform sees it (one for several
    :class:`~dealer_station.domain.states.TableState`; ``dealer_station.app.platform_events.table_status``).
    """

    CLOSED = "closed"
    """No shoe (and after a stop: the station stopped)."""
    SHUFFLING = "shuffling"
    """The shoe is being prepared: shuffle, burn indicator and burn."""
    OPEN = "open"
    """Between rounds, betting and dealing."""
    PAUSED = "paused"
    """An incident paused the table: a supervisor is needed."""
    SHOE_CHANGE = "shoe_change"
    """The shoe ended and is being changed."""


class StationStatus(StrEnum):
    """The ``status`` of the station's retained message on the broker (``station_status.json``)."""

    ONLINE = "online"
    """Published after each connection."""
    OFFLINE = "offline"
    """Published at a stop, or by the broker as the station's last will (:class:`OfflineReason`)."""


class OfflineReason(StrEnum):
    """Why a station is ``offline`` (the retained message's ``reason``)."""

    STOPPED = "stopped"
    """A clean stop."""
    CONNECTION_LOST = "connection_lost"
    """The broker lost the station: its last will."""
    SWITCHED_BROKER = "switched_broker"
    """The station left this broker for another of its list."""
    JOURNAL_FAILURE = "journal_failure"
    """The station stopped while its journal could not be written (the stop is not in its journal)."""
