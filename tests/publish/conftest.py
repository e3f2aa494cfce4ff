"""Fixtures for the publishing tests: a real Mosquitto on loopback (skipped when not installed), subscribers."""

from __future__ import annotations

import pytest
from mqtt_helpers import MOSQUITTO, Broker, Subscriber


@pytest.fixture
def broker_factory(tmp_path):
    if MOSQUITTO is None:
        pytest.skip("mosquitto is not installed (Debian package 'mosquitto'); the publishing tests need a real broker")
    made: list[Broker] = []

    def make(*, persistence: bool = False, extra: str = "", start: bool = True, anonymous: bool = True,
             listener_options: tuple[str, ...] = ()) -> Broker:
        d = tmp_path / f"broker{len(made)}"
        d.mkdir()
        b = Broker(d, persistence=persistence, extra=extra, anonymous=anonymous, listener_options=listener_options)
        made.append(b)
        if start:
            b.start()
        return b

    yield make
    for b in made:
        b.stop()


@pytest.fixture
def broker(broker_factory) -> Broker:
    return broker_factory()


@pytest.fixture
def subscriber_factory():
    made: list[Subscriber] = []

    def make(port: int, **kw) -> Subscriber:
        s = Subscriber(port, **kw)
        made.append(s)
        return s

    yield make
    for s in made:
        s.close()

