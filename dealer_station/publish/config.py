"""Where and how a station publishes: the MQTT broker settings.

Settings come from the ``[broker]`` section of the station config (a mapping) and from the run's
:class:`BrokerOptions` (the command line's ``--broker URL`` and friends,
:mod:`dealer_station.cli.broker_options`); the options win. With
neither, no broker is configured: events stay in the outbox (DESIGN.md "Scale beyond one table").

URL forms: ``mqtt://host[:port]`` (plain TCP, port 1883) and ``mqtts://host[:port]`` (TLS, port
8883), optionally with ``user:password@`` and the query parameters ``client_id``, ``keepalive`` and
``protocol`` (``5``, the default, or ``3.1.1``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import get_args
from urllib.parse import parse_qs, quote, unquote, urlsplit

from pydantic import BaseModel, ConfigDict, ValidationError

__all__ = ["BROKER_KEYS", "BrokerConfig", "BrokerConfigError", "BrokerOptions", "DEFAULT_DRAIN_TIMEOUT",
           "broker_config_from", "drain_timeout_from", "events_topic", "parse_broker_url", "parse_broker_urls",
           "status_topic", "validate_table_id"]

DEFAULT_DRAIN_TIMEOUT = 10.0
"""Seconds ``simulate`` and ``run`` wait on exit for the outbox to empty (issue: ``--drain-timeout``)."""
MAX_DRAIN_TIMEOUT = 3600.0
"""Longest wait for the outbox to drain on exit, seconds."""

TOPIC_PREFIX = "baccarat/tables"

PROTOCOLS = ("5", "3.1.1")
"""MQTT versions: 5 (default; a broker's refusal of an event, e.g. by ACL, is seen in its PUBACK) or 3.1.1."""

_SCHEMES = {"mqtt": (False, 1883), "tcp": (False, 1883), "mqtts": (True, 8883), "ssl": (True, 8883)}
_TABLE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def _short(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters (a 400-digit number is named, not printed whole)."""
    try:
        text = repr(value)
    except ValueError:  # an int past Python's digit limit
        text = "<a very large integer>"
    return text if len(text) <= limit else f"{text[:limit - 3]}..."


class BrokerConfigError(ValueError):
    """A broker setting is malformed (bad URL, port, key, table id); the message says which and why."""


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


@dataclass(frozen=True)
class BrokerConfig:
    """Connection settings for one MQTT broker.

    Attributes
    ----------
    host, port : str, int
        Broker address (port 1–65535).
    tls : bool
        Use TLS (``mqtts://``). ``ca_certs`` (PEM file) replaces the system trust store;
        ``certfile``/``keyfile`` give a client certificate; ``tls_insecure`` skips the host name check.
    username, password : str or None
        MQTT credentials. The password never appears in ``repr`` or logs.
    client_id : str or None
        MQTT client id; ``None`` means ``dealer-station-{table_id}`` (one station per table).
    keepalive : int
        Seconds between keep-alive pings (5–3600).
    backoff_min, backoff_max : float
        Reconnect delay bounds in seconds: the delay doubles from ``backoff_min`` after each failed
        attempt and never exceeds ``backoff_max``; it resets after a successful connection.
    window : int
        Events in flight (sent, not yet acknowledged) at most, 1–1000. Order is kept for any window
        because a broker forwards one connection's QoS 1 messages on a topic in order.
    connect_timeout : float
        Seconds to wait for the broker's CONNACK before giving the attempt up.
    protocol : str
        ``"5"`` (default) or ``"3.1.1"``. With MQTT 5 a PUBACK carries a reason code, so an event the
        broker refuses (not authorized, quota) is not marked and is sent again later; an MQTT 3.1.1
        broker acknowledges a refused message like a delivered one.
    replay_batch : int
        Events per batch when answering a replay request, 1-10000 (default 500): the next batch goes
        only once the broker acknowledged the previous one, with live events sent in between.
    replay_queue : int
        Replay requests waiting at most, 1-1000 (default 16); more are dropped with a ``queue_full``
        answer on ``baccarat/tables/{table_id}/replay/error`` (docs/events.md "Asking for events again").
    fallbacks : tuple of BrokerConfig
        Further brokers, in order of preference after this one (``--broker`` repeated, ``brokers = [...]``
        in ``[broker]``): on a failed connection the next is tried; while on a later one the first is
        probed every ``probe_interval`` seconds and taken back as soon as it answers (docs/events.md
        "Several brokers"). Each has no fallbacks of its own. :attr:`endpoints` lists them all.
    probe_interval : float
        Seconds between looks at the first broker while connected to a later one, 0.1-3600 (default 30).
    """

    host: str
    port: int = 1883
    tls: bool = False
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    ca_certs: str | None = None
    certfile: str | None = None
    keyfile: str | None = None
    tls_insecure: bool = False
    client_id: str | None = None
    keepalive: int = 30
    backoff_min: float = 0.5
    backoff_max: float = 30.0
    window: int = 100
    connect_timeout: float = 10.0
    protocol: str = "5"
    replay_batch: int = 500
    replay_queue: int = 16
    fallbacks: tuple[BrokerConfig, ...] = ()
    probe_interval: float = 30.0

    def __post_init__(self) -> None:
        if not isinstance(self.fallbacks, tuple) or any(
                not isinstance(b, BrokerConfig) or b.fallbacks for b in self.fallbacks):
            raise BrokerConfigError("fallbacks must be a tuple of single brokers")
        if isinstance(self.probe_interval, bool) or not isinstance(self.probe_interval, int | float) \
                or not 0.1 <= self.probe_interval <= 3600:
            raise BrokerConfigError(f"probe_interval {_short(self.probe_interval)} is not 0.1-3600 seconds")
        if self.protocol not in PROTOCOLS:
            raise BrokerConfigError(f"MQTT protocol {self.protocol!r} is not one of {', '.join(PROTOCOLS)}")
        if not self.host:
            raise BrokerConfigError("broker host is empty")
        if not isinstance(self.port, int) or not 1 <= self.port <= 65535:
            raise BrokerConfigError(f"broker port {self.port!r} is not 1-65535")
        if not isinstance(self.keepalive, int) or not 5 <= self.keepalive <= 3600:
            raise BrokerConfigError(f"keepalive {self.keepalive!r} is not 5-3600 seconds")
        if not isinstance(self.window, int) or not 1 <= self.window <= 1000:
            raise BrokerConfigError(f"window {self.window!r} is not 1-1000")
        if not isinstance(self.replay_batch, int) or not 1 <= self.replay_batch <= 10000:
            raise BrokerConfigError(f"replay_batch {self.replay_batch!r} is not 1-10000")
        if not isinstance(self.replay_queue, int) or not 1 <= self.replay_queue <= 1000:
            raise BrokerConfigError(f"replay_queue {self.replay_queue!r} is not 1-1000")
        if not 0 < self.backoff_min <= self.backoff_max <= 3600:
            raise BrokerConfigError(
                f"backoff bounds {self.backoff_min!r}..{self.backoff_max!r} must satisfy 0 < min <= max <= 3600")
        if not 0 < self.connect_timeout <= 600:
            raise BrokerConfigError(f"connect_timeout {self.connect_timeout!r} is not 0-600 seconds")
        if self.username == "":
            raise BrokerConfigError("broker username is empty")
        if self.password is not None and self.username is None:
            raise BrokerConfigError("a broker password needs a username")
        if self.keyfile is not None and self.certfile is None:
            raise BrokerConfigError("a client key file needs a client certificate file")
        for name in ("ca_certs", "certfile", "keyfile"):
            path = getattr(self, name)
            if path is not None and not self.tls:
                raise BrokerConfigError(f"{name} is set but TLS is off: use an mqtts:// URL or tls = true")
            if path is not None and not os.path.isfile(path):
                raise BrokerConfigError(f"{name} file {path!r} does not exist")

    @property
    def url(self) -> str:
        """The broker as a URL with the password hidden (``mqtts://user:***@host:8883``), for logs."""
        scheme = "mqtts" if self.tls else "mqtt"
        user = ""
        if self.username is not None:
            user = quote(self.username, safe="") + (":***" if self.password is not None else "") + "@"
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{scheme}://{user}{host}:{self.port}"

    @property
    def endpoints(self) -> tuple[BrokerConfig, ...]:
        """The broker, then its fallbacks, in order of preference."""
        return (self, *self.fallbacks)

    @property
    def urls(self) -> list[str]:
        """Every broker's :attr:`url` (passwords hidden), in order of preference."""
        return [b.url for b in self.endpoints]

    def client_id_for(self, table_id: str) -> str:
        """The MQTT client id used for ``table_id``."""
        return self.client_id or f"dealer-station-{table_id}"


_URL_QUERY_KEYS = {"client_id": str, "keepalive": int, "protocol": str}


def parse_broker_url(url: str, **overrides: object) -> BrokerConfig:
    """Parse ``mqtt://[user[:password]@]host[:port][?client_id=..&keepalive=..&protocol=..]`` (or ``mqtts://``).

    Parameters
    ----------
    url : str
        The broker URL; user and password are percent-decoded; IPv6 hosts go in brackets.
    **overrides
        Further :class:`BrokerConfig` fields (e.g. ``ca_certs``), applied after the URL.

    Returns
    -------
    BrokerConfig

    Raises
    ------
    BrokerConfigError
        Unknown scheme, missing host, bad port or query parameter, or an invalid combination.
    """
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as err:
        raise BrokerConfigError(f"broker URL {url!r} is malformed: {err}") from err
    scheme = parts.scheme.lower()
    if scheme not in _SCHEMES:
        raise BrokerConfigError(f"broker URL {url!r}: scheme must be mqtt:// or mqtts://")
    if not parts.hostname:
        raise BrokerConfigError(f"broker URL {url!r} has no host")
    if parts.path not in ("", "/"):
        raise BrokerConfigError(f"broker URL {url!r}: a path is not allowed (topics are fixed)")
    tls, default_port = _SCHEMES[scheme]
    values: dict[str, object] = {"host": parts.hostname, "port": default_port if port is None else port, "tls": tls}
    if parts.username is not None:
        values["username"] = unquote(parts.username)
    if parts.password is not None:
        values["password"] = unquote(parts.password)
    for key, items in parse_qs(parts.query, keep_blank_values=True).items():
        if key not in _URL_QUERY_KEYS:
            raise BrokerConfigError(f"broker URL {url!r}: unknown parameter {key!r} "
                                    f"(allowed: {', '.join(_URL_QUERY_KEYS)})")
        try:
            values[key] = _URL_QUERY_KEYS[key](items[-1])
        except ValueError as err:
            raise BrokerConfigError(f"broker URL {url!r}: {key}={items[-1]!r} is not valid") from err
    values.update({k: v for k, v in overrides.items() if v is not None})
    return _build(values, f"broker URL {url!r}")


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
        return f"[broker]: {key} = {_short(value)} is too large a number of seconds"
    return f"[broker]: {key} = {value!r} should be a {kind}"


_TUNING = ("keepalive", "backoff_min", "backoff_max", "window", "connect_timeout", "client_id", "protocol",
           "replay_batch", "replay_queue", "probe_interval")
"""Settings of the station's connection, not of one broker: the same for every broker of the list."""


def _with_fallbacks(primary: BrokerConfig, others: list[BrokerConfig]) -> BrokerConfig:
    """``primary`` with ``others`` as its fallbacks, each given the primary's tuning (:data:`_TUNING`)."""
    if not others:
        return primary
    tuning = {k: getattr(primary, k) for k in _TUNING}
    return replace(primary, fallbacks=tuple(replace(o, **tuning) for o in others))


def parse_broker_urls(urls: list[str], **overrides: object) -> BrokerConfig:
    """Brokers in order of preference: the first URL's config with the others as its ``fallbacks``.

    Parameters
    ----------
    urls : list of str
        1-16 broker URLs (see :func:`parse_broker_url`).
    **overrides
        Further :class:`BrokerConfig` fields, applied to every broker after its URL.

    Raises
    ------
    BrokerConfigError
        No URL, more than 16, or a malformed one (the message names it).
    """
    if not urls:
        raise BrokerConfigError("no broker URL given")
    if len(urls) > 16:
        raise BrokerConfigError(f"{len(urls)} brokers given; at most 16")
    return _with_fallbacks(parse_broker_url(urls[0], **overrides), [parse_broker_url(u, **overrides) for u in urls[1:]])


def _broker_list(value: object, where: str) -> list[str]:
    if not isinstance(value, list) or not value or not all(isinstance(u, str) and u.strip() for u in value):
        raise BrokerConfigError(f"{where}: brokers should be a non-empty list of broker URLs "
                                '(brokers = ["mqtt://a:1883", "mqtt://b:1883"])')
    if len(value) > 16:
        raise BrokerConfigError(f"{where}: brokers lists {len(value)} brokers; at most 16")
    return [str(u) for u in value]


def _build(values: Mapping[str, object], where: str) -> BrokerConfig:
    try:
        return BrokerConfig(**values)  # type: ignore[arg-type]
    except BrokerConfigError as err:
        raise BrokerConfigError(f"{where}: {err}") from None
    except TypeError as err:
        raise BrokerConfigError(f"{where}: {err}") from err


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
            raise BrokerConfigError(f"drain timeout {_short(value)} is negative")
        raise BrokerConfigError(f"drain timeout {_short(value)} is not a number of seconds 0-{MAX_DRAIN_TIMEOUT:g}")
    return seconds
