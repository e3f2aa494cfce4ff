"""Fixtures of the journal tests: a journal of six closed shoes, copied for each test that changes it."""

from __future__ import annotations

import shutil

import pytest

from tests.support.synthetic_journal import acknowledged_shoes


@pytest.fixture(scope="session")
def six_shoes(tmp_path_factory):
    """A journal of six shoes (shoe 1 dealt by a station, 2-6 copies), every event acknowledged by the broker."""
    return acknowledged_shoes(tmp_path_factory.mktemp("six") / "journal.sqlite", 6)


@pytest.fixture
def journal_path(six_shoes, tmp_path):
    """A copy of :func:`six_shoes` of the test's own."""
    path = tmp_path / "journal.sqlite"
    shutil.copy(six_shoes, path)
    return path
