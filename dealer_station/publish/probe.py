"""A look, on a thread of its own, at whether a broker answers: the way back to the first broker of a list.

While a station (or ``events follow``) runs on a later broker of its list, it probes the first every
``probe_interval`` seconds with a client of its own (client id ``{client_id}-probe``, no last will): a
CONNECT answered by a successful CONNACK means the first broker is back. The probe runs beside the
caller's loop, so a first broker that does not answer (a dropped SYN waits out ``connect_timeout``)
never holds up the events being sent meanwhile (docs/events.md "Several brokers").
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence

import paho.mqtt.client as mqtt
import structlog

from dealer_station.publish.config import BrokerConfig

__all__ = ["BrokerProbe", "FirstBrokerWatch"]

log = structlog.get_logger(__name__)

ANSWER_SECONDS = 5.0
"""Longest wait for the CONNACK once connected (the TCP connect itself is bounded by ``connect_timeout``)."""


class BrokerProbe:
    """One look at ``config``'s broker with ``client`` (made by the caller, callbacks replaced here).

    Parameters
    ----------
    client : paho.mqtt.client.Client
        A fresh client for the broker (TLS and credentials set); its last will is cleared.
    config : BrokerConfig
        The broker probed (host, port, keepalive, connect_timeout).

    Notes
    -----
    :attr:`result` is None while the look runs, then True (it answered) or False (refused, no answer in
    ``connect_timeout`` + :data:`ANSWER_SECONDS` s, or any error). The thread is a daemon and ends by itself.
    """

    def __init__(self, client: mqtt.Client, config: BrokerConfig) -> None:
        self.client = client
        self.config = config
        self.result: bool | None = None
        self._answer: list[bool] = []

    def start(self) -> BrokerProbe:
        """Start the look on its own thread; return self."""
        threading.Thread(target=self._run, name=f"probe-{self.config.host}:{self.config.port}", daemon=True).start()
        return self

    def _run(self) -> None:
        client, cfg = self.client, self.config
        answered = False
        try:
            client.will_clear()
            client.on_connect = lambda c, u, f, rc, p: self._answer.append(not rc.is_failure)
            client.on_disconnect = lambda *a: self._answer.append(False)
            client.on_publish = None
            client.on_message = None
            client.connect(cfg.host, cfg.port, cfg.keepalive)
            deadline = time.monotonic() + ANSWER_SECONDS
            while not self._answer and time.monotonic() < deadline:
                if client.loop(0.05) != mqtt.MQTT_ERR_SUCCESS:
                    break
            answered = bool(self._answer) and self._answer[0]
        except Exception as err:  # noqa: BLE001 - any failure means: not back yet
            log.debug("broker probe: no answer", broker=cfg.url, reason=repr(err))
        try:
            client.disconnect()
        except Exception:  # noqa: BLE001 - closing a dead connection may fail; nothing to do
            pass
        sock = client.socket()
        if sock is not None:
            try:
                sock.close()
            except OSError:
                pass
        self.result = answered


class FirstBrokerWatch:
    """While connected to a later broker of the list, look at the first every ``interval`` seconds.

    One :class:`BrokerProbe` at a time, on its own thread, so a hung first broker never stalls the
    caller. Used by the publisher and by ``events follow`` alike. ``interval``: seconds, > 0.
    """

    def __init__(self, interval: float) -> None:
        self.interval = float(interval)
        self._at = 0.0
        self._probe: BrokerProbe | None = None

    def restart(self) -> None:
        """A connection was just made: the next look is ``interval`` seconds away, none is under way."""
        self._at = time.monotonic() + self.interval
        self._probe = None

    def connect_first(self, brokers: Sequence[BrokerConfig], attempt: Callable[[BrokerConfig], bool],
                      stop: threading.Event, *, current: int, doing: str, **log_fields: object) -> int | None:
        """One ``attempt(cfg)`` per broker, in order of preference, until one connects: its index (and the watch
        restarted), or None when none did or ``stop`` was set.

        ``current``: the index of the last connection's broker; a connection to a later broker than the first,
        or back to the first from one, is logged as a warning (``"{doing} through a fallback broker"``, ``"back
        on the first broker"``, with ``log_fields``).
        """
        for index, cfg in enumerate(brokers):
            if stop.is_set():
                return None
            if attempt(cfg):
                if index or current:
                    log.warning(f"{doing} through a fallback broker" if index else "back on the first broker",
                                broker=cfg.url, position=index + 1, **log_fields)
                self.restart()
                return index
        return None

    def first_answers(self, first: BrokerConfig, make_client, **log_fields: object) -> bool:
        """True once a look at ``first`` has found it answering (then go back to it); False meanwhile.

        ``make_client()`` builds the probe's paho client; a client that cannot be made is logged (debug,
        with ``log_fields``) and tried again at the next look.
        """
        probe = self._probe
        if probe is None:
            if time.monotonic() >= self._at:
                self._at = time.monotonic() + self.interval
                try:
                    self._probe = BrokerProbe(make_client(), first).start()
                except Exception as err:  # noqa: BLE001 - a client that cannot be made: looked at next time
                    log.debug("broker probe not started", broker=first.url, error=repr(err), **log_fields)
            return False
        if probe.result is None:
            return False   # still looking
        self._probe = None
        return bool(probe.result)
