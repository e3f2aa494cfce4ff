"""Where a run's broker settings come from: the ``[broker]`` section of the station config and the run's options.

Settings come from the ``[broker]`` section of the station config (a mapping) and from the run's
:class:`BrokerOptions` (the command line's ``--broker URL`` and friends,
:mod:`dealer_station.cli.broker_options`); the options win. With
neither, no broker is configured: events stay in the outbox (docs/design.md "Scale beyond one table").
The exit wait for the outbox to drain is set here too (:func:`drain_timeout_from`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import get_args

from pydantic import BaseModel, ConfigDict, ValidationError

from dealer_station.publish.config import (
    BrokerConfig,
    BrokerConfigError,
    _build,
    _with_fallbacks,
    parse_broker_url,
)
from drivers.util import short_repr

__all__ = ["BROKER_KEYS", "BrokerOptions", "DEFAULT_DRAIN_TIMEOUT", "MAX_DRAIN_TIMEOUT", "broker_config_from",
           "drain_timeout_from"]

DEFAULT_DRAIN_TIMEOUT = 10.0
"""Seconds ``simulate`` and ``run`` wait on exit for the outbox to empty."""
MAX_DRAIN_TIMEOUT = 3600.0
"""Longest wait for the outbox to drain on exit, seconds."""


class _BrokerSection(BaseModel):
    """The ``[broker]`` section's keys, each of exactly its TOML type (strict: no coercion, bool is no int)."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    url: str | None = None
    host: str | None = None
    port: int | None = None
    tls: bool | None = None
    username: str | None = None
    password: str | None = None
    password_env: str | None = None
    ca_certs: str | None = None
    certfile: str | None = None
    keyfile: str | None = None
    tls_insecure: bool | None = None
    client_id: str | None = None
    keepalive: int | None = None
    backoff_min: float | None = None
    backoff_max: float | None = None
    window: int | None = None
    connect_timeout: float | None = None
    drain_timeout: float | None = None
    enabled: bool | None = None
    protocol: str | None = None
    replay_batch: int | None = None
    replay_queue: int | None = None
    brokers: list | None = None
    probe_interval: float | None = None


BROKER_KEYS = frozenset(_BrokerSection.model_fields)
"""The keys a ``[broker]`` section may have."""


def _kind(key: str) -> str:
    """The TOML type of a ``[broker]`` key, named as in the error lines (``int``, ``float``, ``str``, …)."""
    annotation = _BrokerSection.model_fields[key].annotation
    return next(a for a in get_args(annotation) if a is not type(None)).__name__


def _section_problem(error: Mapping[str, object]) -> str:
    """One line for the first pydantic error of a ``[broker]`` section."""
    loc, value = error["loc"], error["input"]
    if error["type"] == "extra_forbidden":
        return f"[broker]: unknown key(s) {loc[0]} (allowed: {', '.join(_BrokerSection.model_fields)})"
    key = str(loc[0])
    kind = _kind(key)
    if kind == "float" and isinstance(value, int) and not isinstance(value, bool):
        # a TOML integer too large for a float: no number of seconds
        return f"[broker]: {key} = {short_repr(value)} is too large a number of seconds"
    return f"[broker]: {key} = {value!r} should be a {kind}"


def _broker_list(value: object, where: str) -> list[str]:
    if not isinstance(value, list) or not value or not all(isinstance(u, str) and u.strip() for u in value):
        raise BrokerConfigError(f"{where}: brokers should be a non-empty list of broker URLs "
                                '(brokers = ["mqtt://a:1883", "mqtt://b:1883"])')
    if len(value) > 16:
        raise BrokerConfigError(f"{where}: brokers lists {len(value)} brokers; at most 16")
    return [str(u) for u in value]


def _from_mapping(section: Mapping[str, object]) -> BrokerConfig | None:
    drain = section.get("drain_timeout")   # its range is drain_timeout_from's: only its type is checked here
    if "drain_timeout" in section and (isinstance(drain, bool) or not isinstance(drain, int | float)):
        raise BrokerConfigError(f"[broker]: drain_timeout = {drain!r} should be a float")
    try:
        parsed = _BrokerSection.model_validate({k: v for k, v in section.items() if k != "drain_timeout"})
    except ValidationError as err:
        errors = err.errors(include_url=False)
        extra = [str(e["loc"][0]) for e in errors if e["type"] == "extra_forbidden"]
        if extra:
            raise BrokerConfigError(f"[broker]: unknown key(s) {', '.join(sorted(extra))} "
                                    f"(allowed: {', '.join(_BrokerSection.model_fields)})") from None
        raise BrokerConfigError(_section_problem(errors[0])) from None
    values = {k: v for k, v in parsed.model_dump(exclude_unset=True).items()
              if k not in ("url", "password_env", "drain_timeout", "enabled", "brokers")}
    if section.get("enabled") is False:
        return None
    if "password_env" in section:
        env = str(section["password_env"])
        if env not in os.environ:
            raise BrokerConfigError(f"[broker]: password_env names {env!r}, which is not set")
        values["password"] = os.environ[env]
    if "brokers" in section:
        if "url" in section or "host" in values or "port" in values or "tls" in values:
            raise BrokerConfigError("[broker]: give either brokers or url or host/port/tls, not two of them")
        urls = _broker_list(section["brokers"], "[broker]")
        return _with_fallbacks(parse_broker_url(urls[0], **values), [parse_broker_url(u, **values) for u in urls[1:]])
    if "url" in section:
        if "host" in values or "port" in values or "tls" in values:
            raise BrokerConfigError("[broker]: give either url or host/port/tls, not both")
        return parse_broker_url(str(section["url"]), **values)
    if "host" not in values:
        return None
    if "port" not in values:
        values["port"] = 8883 if values.get("tls") else 1883
    return _build(values, "[broker]")


@dataclass(frozen=True)
class BrokerOptions:
    """Broker settings given for one run (the command line's ``--broker`` and friends); each wins over ``[broker]``.

    Plain values, so any caller (a command, the console, a test) can say them without a parser.

    Attributes
    ----------
    brokers : tuple of str
        Broker URLs in order of preference (``--broker``, repeated), at most 16; empty: the section's.
    table_id : str or None
        Table id of the topics (``--table-id``); None: the configuration's.
    drain_timeout : float or None
        Seconds to wait on exit for the outbox to empty (``--drain-timeout``); None: the section's, else 10.
    username, password : str or None
        MQTT credentials (``--broker-username``, ``--broker-password``).
    ca_certs, certfile, keyfile : str or None
        TLS files, PEM (``--broker-ca``, ``--broker-cert``, ``--broker-key``).
    client_id : str or None
        MQTT client id (``--broker-client-id``).
    """

    brokers: tuple[str, ...] = ()
    table_id: str | None = None
    drain_timeout: float | None = None
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    ca_certs: str | None = None
    certfile: str | None = None
    keyfile: str | None = None
    client_id: str | None = None


def broker_config_from(options: BrokerOptions | None,
                       section: Mapping[str, object] | None = None) -> BrokerConfig | None:
    """The broker settings from a ``[broker]`` config section and the run's options (which win).

    Parameters
    ----------
    options : BrokerOptions or None
        The run's settings (``--broker`` and friends); None: the section alone.
    section : mapping or None
        The ``[broker]`` section of the station config: ``url`` or ``host``/``port``/``tls``, plus
        ``username``, ``password`` or ``password_env``, ``ca_certs``, ``certfile``, ``keyfile``,
        ``tls_insecure``, ``client_id``, ``keepalive``, ``backoff_min``, ``backoff_max``, ``window``,
        ``connect_timeout``, ``protocol``, ``drain_timeout``, ``enabled``, ``replay_batch``, ``replay_queue``.

    Notes
    -----
    ``--broker URL`` replaces the section's address and credentials (they are never sent to another
    host); the section's tuning (keepalive, backoff, window, timeouts, client id) and, for an
    ``mqtts://`` URL, its TLS files are kept. The other options override single settings.

    Returns
    -------
    BrokerConfig or None
        ``None`` when no broker is configured (events then stay in the outbox).

    Raises
    ------
    BrokerConfigError
        Any malformed setting.
    """
    given = options or BrokerOptions()
    base = _from_mapping(section) if section else None
    overrides: dict[str, object] = {
        "username": given.username, "password": given.password, "ca_certs": given.ca_certs,
        "certfile": given.certfile, "keyfile": given.keyfile, "client_id": given.client_id,
    }
    overrides = {k: v for k, v in overrides.items() if v is not None}
    urls = [u for u in given.brokers if u]
    if len(urls) > 16:
        raise BrokerConfigError(f"--broker given {len(urls)} times; at most 16 brokers")
    if urls:
        def carried(url: str) -> dict[str, object]:
            if base is None:
                return {}
            # keep tuning from the config file; the URL replaces the address and credentials
            kept = {k: getattr(base, k) for k in ("keepalive", "backoff_min", "backoff_max", "window",
                                                  "connect_timeout", "client_id", "ca_certs", "certfile",
                                                  "keyfile", "tls_insecure", "protocol", "replay_batch",
                                                  "replay_queue", "probe_interval")}
            if not str(url).lower().startswith(("mqtts:", "ssl:")):
                kept = {k: v for k, v in kept.items() if k not in ("ca_certs", "certfile", "keyfile")}
            return kept

        return _with_fallbacks(parse_broker_url(str(urls[0]), **{**carried(urls[0]), **overrides}),
                               [parse_broker_url(str(u), **{**carried(u), **overrides}) for u in urls[1:]])
    if base is None:
        if overrides:
            raise BrokerConfigError("broker options were given without a broker: add --broker URL")
        return None
    try:
        return _with_fallbacks(replace(base, **overrides), [replace(b, **overrides) for b in base.fallbacks])
    except BrokerConfigError as err:
        raise BrokerConfigError(f"[broker] with command-line options: {err}") from None


def drain_timeout_from(options: BrokerOptions | None, section: Mapping[str, object] | None = None) -> float:
    """``options.drain_timeout`` (``--drain-timeout``) if given, else ``drain_timeout`` of ``[broker]``, else 10 s.

    Raises BrokerConfigError for a value that is not a number of seconds from 0 to
    :data:`MAX_DRAIN_TIMEOUT` (a negative, inf or nan one included: the exit wait is always bounded).
    """
    value = options.drain_timeout if options is not None else None
    if value is None and section and "drain_timeout" in section:
        value = section["drain_timeout"]
    if value is None:
        return DEFAULT_DRAIN_TIMEOUT
    try:
        seconds = float(value)  # type: ignore[arg-type]
    except OverflowError:  # an integer too large for a float
        seconds = float("inf")
    except (TypeError, ValueError):
        seconds = float("nan")
    if isinstance(value, bool) or not 0 <= seconds <= MAX_DRAIN_TIMEOUT:
        if seconds < 0:
            raise BrokerConfigError(f"drain timeout {short_repr(value)} is negative")
        raise BrokerConfigError(f"drain timeout {short_repr(value)} is not a number of seconds 0-{MAX_DRAIN_TIMEOUT:g}")
    return seconds
