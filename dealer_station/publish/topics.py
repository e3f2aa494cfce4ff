"""The topics a table publishes on, named from its table id (docs/events.md "Topics").

``baccarat/tables/{table_id}/events`` (QoS 1, not retained) and ``…/status`` (retained, the last will);
a table id names topics only when it has no topic separator or wildcard in it.
"""

from __future__ import annotations

import re

from dealer_station.publish.config import BrokerConfigError

__all__ = ["TOPIC_PREFIX", "events_topic", "status_topic", "validate_table_id"]

TOPIC_PREFIX = "baccarat/tables"
_TABLE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def validate_table_id(table_id: str) -> str:
    """Return ``table_id`` if it can name MQTT topics; raise :class:`BrokerConfigError` otherwise.

    Allowed: 1–64 characters, letters, digits, ``.``, ``_`` and ``-``, starting with a letter or digit
    (no ``/``, ``+`` or ``#``, which are topic separators and wildcards).
    """
    if not isinstance(table_id, str) or not _TABLE_ID.match(table_id):
        raise BrokerConfigError(
            f"table id {table_id!r} cannot name a topic: use 1-64 letters, digits, '.', '_' or '-'")
    return table_id


def events_topic(table_id: str) -> str:
    """``baccarat/tables/{table_id}/events``: where a table's events go, QoS 1, not retained."""
    return f"{TOPIC_PREFIX}/{validate_table_id(table_id)}/events"


def status_topic(table_id: str) -> str:
    """``baccarat/tables/{table_id}/status``: the retained online/offline status (and the last will)."""
    return f"{TOPIC_PREFIX}/{validate_table_id(table_id)}/status"
