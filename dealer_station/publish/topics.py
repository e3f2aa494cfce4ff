"""The topics a table publishes on, named from its table id (docs/events.md "Topics").

``baccarat/tables/{table_id}/events`` (QoS 1, not retained) and ``…/status`` (retained, the last will);
a table id names topics only when it has no topic separator or wildcard in it.
"""

from __future__ import annotations

import re

from dealer_station.publish.config import BrokerConfigError

__all__ = ["TABLE_ID", "TABLE_ID_PATTERN", "TABLE_ID_RULE", "TOPIC_PREFIX", "events_topic", "is_table_id",
           "status_topic", "validate_table_id"]

TOPIC_PREFIX = "baccarat/tables"
TABLE_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$"
"""What a table id is, the one rule (docs/events.md "Table ids"): 1-32 letters, digits, ``.``, ``_`` and ``-``,
the first a letter or digit. It names topics (no ``/``, ``+`` or ``#``: topic separators and wildcards), files
and the shoe and round ids (``T1-S0003-R012``). The station configuration's ``table.id``, ``--table-id``, the
topics and the schemas' ``common.json#/$defs/table_id`` all use it; the pattern is the schema's text as is."""
TABLE_ID = re.compile(TABLE_ID_PATTERN)
""":data:`TABLE_ID_PATTERN` compiled; match a whole id with :func:`is_table_id` (``$`` alone lets a newline by)."""
TABLE_ID_RULE = "1-32 letters, digits, '.', '_' or '-', the first a letter or digit"
""":data:`TABLE_ID_PATTERN` in plain words, for the messages that refuse an id."""


def is_table_id(table_id: object) -> bool:
    """True when ``table_id`` is a str that is a table id by :data:`TABLE_ID_PATTERN`, whole."""
    return isinstance(table_id, str) and TABLE_ID.fullmatch(table_id) is not None


def validate_table_id(table_id: str) -> str:
    """Return ``table_id`` if it is a table id (:data:`TABLE_ID_PATTERN`); raise :class:`BrokerConfigError` otherwise.

    Every table id can name MQTT topics: it has no ``/``, ``+`` or ``#``.
    """
    if not is_table_id(table_id):
        raise BrokerConfigError(f"table id {table_id!r} cannot name a topic: use {TABLE_ID_RULE}")
    return table_id


def events_topic(table_id: str) -> str:
    """``baccarat/tables/{table_id}/events``: where a table's events go, QoS 1, not retained."""
    return f"{TOPIC_PREFIX}/{validate_table_id(table_id)}/events"


def status_topic(table_id: str) -> str:
    """``baccarat/tables/{table_id}/status``: the retained online/offline status (and the last will)."""
    return f"{TOPIC_PREFIX}/{validate_table_id(table_id)}/status"
