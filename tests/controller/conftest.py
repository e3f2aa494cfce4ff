"""Fixtures of the controller tests."""

from __future__ import annotations

import pytest
from ctl_helpers import Table


@pytest.fixture
def table(tmp_path) -> Table:
    t = Table(tmp_path)
    t.start_shoe()
    return t


@pytest.fixture
def make_table(tmp_path):
    def factory(**kw) -> Table:
        return Table(tmp_path, **kw)
    return factory
