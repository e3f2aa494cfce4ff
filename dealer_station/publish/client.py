"""The one paho-mqtt client set-up of the station's broker connections: the publisher, ``events follow``
(:mod:`dealer_station.platform.follow`) and the pit view (:mod:`dealer_station.pit.feed`).

Every connection speaks the protocol of its :class:`~dealer_station.publish.config.BrokerConfig`
(MQTT 5 or 3.1.1) with no session state at the broker (clean start / clean session), bounds its TCP
connect by ``connect_timeout``, and sends the configured credentials and TLS settings (the CA file
or the system's trust store, a client certificate, the host name check unless ``tls_insecure``).
What differs per user (the publisher's window and last will, the pit view's read-only client and
paho's own reconnects) is set on the client :func:`new_client` returns.
"""

from __future__ import annotations

import ssl
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from dealer_station.publish.config import BrokerConfig

__all__ = ["close_client", "connect", "connect_and_wait", "new_client"]

C = TypeVar("C", bound=mqtt.Client)


def new_client(cfg: BrokerConfig, client_id: str, *, client_class: type[C] = mqtt.Client,  # type: ignore[assignment]
               reconnect_on_failure: bool = False) -> C:
    """A paho client (callback API 2) for ``cfg``, not yet connected.

    Parameters
    ----------
    cfg : BrokerConfig
        Protocol, connect timeout, credentials and TLS files of the broker.
    client_id : str
        The MQTT client id.
    client_class : type, optional
        A subclass of ``paho.mqtt.client.Client`` (the pit view's read-only one).
    reconnect_on_failure : bool
        Let paho's network thread reconnect by itself (the pit view); the publisher and ``events follow``
        drive their own, bounded, reconnects and leave it False.

    Raises
    ------
    OSError, ssl.SSLError, ValueError
        A TLS file cannot be read or used (paho reads them here).
    """
    if cfg.protocol == "5":
        client = client_class(CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5,
                              reconnect_on_failure=reconnect_on_failure)
    else:
        client = client_class(CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=True,
                              protocol=mqtt.MQTTv311, reconnect_on_failure=reconnect_on_failure)
    client.connect_timeout = cfg.connect_timeout
    if cfg.username is not None:
        client.username_pw_set(cfg.username, cfg.password)
    if cfg.tls:
        client.tls_set(ca_certs=cfg.ca_certs, certfile=cfg.certfile, keyfile=cfg.keyfile, cert_reqs=ssl.CERT_REQUIRED)
        if cfg.tls_insecure:
            client.tls_insecure_set(True)
    return client


def connect(client: mqtt.Client, cfg: BrokerConfig, *, background: bool = False) -> None:
    """Start connecting ``client`` to ``cfg``'s broker with no session state kept there.

    ``background``: paho's ``connect_async`` (its network thread connects); else the TCP connect happens
    now, bounded by ``connect_timeout``, and the caller's loop waits for the CONNACK. Raises OSError
    (refused, unreachable, timed out) unless ``background``.
    """
    start = client.connect_async if background else client.connect
    if cfg.protocol == "5":
        start(cfg.host, cfg.port, cfg.keepalive, clean_start=True)
    else:
        start(cfg.host, cfg.port, cfg.keepalive)


def connect_and_wait(client: mqtt.Client, cfg: BrokerConfig, answered: Callable[[], bool],
                     stop: threading.Event) -> None:
    """Connect ``client`` now (:func:`connect`) and run its loop until ``answered()`` (the caller's callbacks saw
    the CONNACK, or the connection close), ``stop`` is set, the loop fails or ``connect_timeout`` seconds pass.

    The caller then looks at what its callbacks saw. Raises as :func:`connect` (refused, unreachable, timed out).
    """
    connect(client, cfg)
    deadline = time.monotonic() + cfg.connect_timeout
    while not answered() and time.monotonic() < deadline and not stop.is_set():
        if client.loop(0.05) != mqtt.MQTT_ERR_SUCCESS:
            break


def close_client(client: mqtt.Client, *, disconnect: bool = True) -> None:
    """Drop a connection at once: a DISCONNECT when ``disconnect`` (best effort), then close the socket.

    Never raises: closing a dead connection may fail in many ways, and there is nothing left to do.
    """
    if disconnect:
        try:
            client.disconnect()
        except Exception:  # noqa: BLE001 - a dead socket fails in many ways; nothing to do
            pass
    try:
        sock = client.socket()
        if sock is not None:
            sock.close()
    except OSError:
        pass
