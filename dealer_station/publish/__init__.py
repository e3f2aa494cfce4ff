"""Publishing the outbox to the betting platform over MQTT (DESIGN.md "Scale beyond one table").

Use :func:`add_broker_arguments` on a command's parser, then ``Publisher.from_args(args, db_path,
table_id)`` (returns None when no broker is configured); a station command uses
:class:`dealer_station.app.publishing.Publishing`, which also drains on exit.
Topics, payloads and guarantees: docs/events.md.
"""

from dealer_station.publish.config import (
    DEFAULT_DRAIN_TIMEOUT,
    BrokerConfig,
    BrokerConfigError,
    add_broker_arguments,
    broker_config_from_args,
    drain_timeout_from,
    events_topic,
    parse_broker_url,
    parse_broker_urls,
    status_topic,
    validate_table_id,
)
from dealer_station.publish.publisher import OutboxBusyError, Publisher, PublisherStats, pending_count

__all__ = ["DEFAULT_DRAIN_TIMEOUT", "BrokerConfig", "BrokerConfigError", "OutboxBusyError", "Publisher",
           "PublisherStats",
           "add_broker_arguments", "broker_config_from_args", "drain_timeout_from", "events_topic",
           "parse_broker_url", "parse_broker_urls", "pending_count", "status_topic", "validate_table_id"]
