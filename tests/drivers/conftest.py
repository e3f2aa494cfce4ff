"""Fixtures of the driver tests."""

from __future__ import annotations

import pytest
from drivers_testkit import Collector


@pytest.fixture
def collector() -> Collector:
    """A sink collecting a shoe's events."""
    return Collector()
