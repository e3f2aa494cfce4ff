"""Publishing the outbox to the betting platform over MQTT (DESIGN.md "Scale beyond one table").

``Publisher.configured(db_path, table_id, options=BrokerOptions(...), section=...)`` returns a
publisher, or None when no broker is configured; a station command uses
:func:`dealer_station.app.publishing.open_publisher`, which also drains on exit.
Topics, payloads and guarantees: docs/events.md.
"""

from dealer_station.publish.config import BrokerConfig, BrokerConfigError, parse_broker_url, parse_broker_urls
from dealer_station.publish.publisher import OutboxBusyError, Publisher, PublisherStats, pending_count
from dealer_station.publish.settings import DEFAULT_DRAIN_TIMEOUT, BrokerOptions, broker_config_from, drain_timeout_from
from dealer_station.publish.topics import events_topic, status_topic, validate_table_id

__all__ = ["DEFAULT_DRAIN_TIMEOUT", "BrokerConfig", "BrokerConfigError", "OutboxBusyError", "Publisher",
           "PublisherStats",
           "BrokerOptions", "broker_config_from", "drain_timeout_from", "events_topic",
           "parse_broker_url", "parse_broker_urls", "pending_count", "status_topic", "validate_table_id"]
