"""Publishing the outbox to the betting platform over MQTT (docs/design.md "Scale beyond one table").

``Publisher.configured(db_path, table_id, options=BrokerOptions(...), section=...)`` returns a
publisher, or None when no broker is configured; a station command uses
:func:`dealer_station.app.publishing.open_publisher`, which also drains on exit.
Topics, payloads and guarantees: docs/events.md.
"""

import importlib
import importlib.util

_WHERE = {
    "BrokerConfig": "config", "BrokerConfigError": "config", "parse_broker_url": "config",
    "parse_broker_urls": "config",
    "OutboxBusyError": "publisher", "Publisher": "publisher", "PublisherStats": "publisher",
    "pending_count": "publisher",
    "DEFAULT_DRAIN_TIMEOUT": "settings", "BrokerOptions": "settings", "broker_config_from": "settings",
    "drain_timeout_from": "settings",
    "events_topic": "topics", "status_topic": "topics", "validate_table_id": "topics",
}
"""Each name of the package → its module, imported on first use (PEP 562): a command without a broker (the
console, a replay) reads the broker options from ``publish.settings`` without importing the publisher and the
MQTT client (about 70 ms of a console's start-up)."""

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        if not name.startswith("_") and importlib.util.find_spec(f"{__name__}.{name}") is not None:
            return importlib.import_module(f"{__name__}.{name}")  # a submodule (``publish.publisher``), as before
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
