"""Fixtures of the pit view tests: a real Mosquitto (the publishing tests' helpers), Qt offscreen."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "publish"))

from mqtt_helpers import MOSQUITTO, Broker  # noqa: E402


@pytest.fixture
def debug_broker(tmp_path):
    """A mosquitto that logs every packet it receives (``Received PUBLISH from <client id>``)."""
    if MOSQUITTO is None:
        pytest.skip("mosquitto is not installed (Debian package 'mosquitto'); the pit view tests need a real broker")
    d = tmp_path / "broker"
    d.mkdir()
    broker = Broker(d, extra="log_type debug\n")
    broker.start()
    yield broker
    broker.stop()
