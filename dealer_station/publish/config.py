"""One broker's connection settings (:class:`BrokerConfig`) and the broker URLs that say them.

URL forms: ``mqtt://host[:port]`` (plain TCP, port 1883) and ``mqtts://host[:port]`` (TLS, port
8883), optionally with ``user:password@`` and the query parameters ``client_id``, ``keepalive`` and
``protocol`` (``5``, the default, or ``3.1.1``). Several URLs make one broker with its fallbacks.
Where a run's settings come from (the ``[broker]`` section, the command line):
:mod:`dealer_station.publish.settings`; the topics: :mod:`dealer_station.publish.topics`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from urllib.parse import parse_qs, quote, unquote, urlsplit

from drivers.util import short_repr

__all__ = ["BrokerConfig", "BrokerConfigError", "PROTOCOLS", "parse_broker_url", "parse_broker_urls"]

PROTOCOLS = ("5", "3.1.1")
"""MQTT versions: 5 (default; a broker's refusal of an event, e.g. by ACL, is seen in its PUBACK) or 3.1.1."""

_SCHEMES = {"mqtt": (False, 1883), "tcp": (False, 1883), "mqtts": (True, 8883), "ssl": (True, 8883)}


class BrokerConfigError(ValueError):
    """A broker setting is malformed (bad URL, port, key, table id); the message says which and why."""


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
            raise BrokerConfigError(f"probe_interval {short_repr(self.probe_interval)} is not 0.1-3600 seconds")
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


def _build(values: Mapping[str, object], where: str) -> BrokerConfig:
    try:
        return BrokerConfig(**values)  # type: ignore[arg-type]
    except BrokerConfigError as err:
        raise BrokerConfigError(f"{where}: {err}") from None
    except TypeError as err:
        raise BrokerConfigError(f"{where}: {err}") from err


