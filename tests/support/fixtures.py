"""Fixtures shared by every kind of test, registered for the whole suite by ``tests/conftest.py``.

A controller on a scratch journal (``table``, ``make_table``), a sink for a shoe's events
(``collector``), real Mosquitto brokers and subscribers (``broker_factory``, ``broker``,
``subscriber_factory``, ``debug_broker``; skipped with the reason when mosquitto is not installed), a private
PostgreSQL cluster and a database of it per test (``pg_cluster``, ``pg_url``), the
journal whose report figures are known (``known``) and the command line run in this process (``cli``,
``report_json``).
"""

from __future__ import annotations

import json

import pytest

from tests.support.drivers import Collector
from tests.support.mqtt import MOSQUITTO, Broker, Subscriber
from tests.support.table import Table


# ------------------------------------------------------------------ the controller
@pytest.fixture
def table(tmp_path) -> Table:
    """A controller on a journal in ``tmp_path``, its shoe started."""
    t = Table(tmp_path)
    t.start_shoe()
    return t


@pytest.fixture
def make_table(tmp_path):
    """A factory: ``make_table(**kw)`` → a :class:`Table` on a journal in ``tmp_path``."""
    def factory(**kw) -> Table:
        return Table(tmp_path, **kw)
    return factory


# ------------------------------------------------------------------ drivers
@pytest.fixture
def collector() -> Collector:
    """A sink collecting a shoe's events."""
    return Collector()


# ------------------------------------------------------------------ brokers
@pytest.fixture
def broker_factory(tmp_path):
    """A factory of real Mosquitto brokers on loopback, each stopped after the test."""
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
    """One started Mosquitto."""
    return broker_factory()


# ------------------------------------------------------------------ PostgreSQL
@pytest.fixture(scope="session")
def pg_cluster():
    """One private PostgreSQL cluster for the session (tests/support/postgres.py); skipped with the reason when
    PostgreSQL or psycopg is not installed, or the cluster cannot start."""
    from tests.support import postgres

    why = postgres.why_not()
    if why is not None:
        pytest.skip(why)
    cluster = postgres.Cluster()
    try:
        why = cluster.start()
        if why is not None:
            pytest.skip(f"a private PostgreSQL cluster cannot start here: {why}")
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster, request) -> str:
    """The URL of a new, empty database of the session's cluster, one per test."""
    import re

    pg_url.made = getattr(pg_url, "made", 0) + 1
    name = re.sub(r"[^a-z0-9]+", "_", request.node.name.lower())[:40] + f"_{pg_url.made}"
    return pg_cluster.database(name)


@pytest.fixture
def subscriber_factory():
    """A factory of MQTT subscribers, each closed after the test."""
    made: list[Subscriber] = []

    def make(port: int, **kw) -> Subscriber:
        s = Subscriber(port, **kw)
        made.append(s)
        return s

    yield make
    for s in made:
        s.close()


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


# ------------------------------------------------------------------ reports and the command line
@pytest.fixture(scope="module")
def known(tmp_path_factory):
    """``(path, info)`` of the known journal, dealers recorded (built once per module)."""
    from tests.support.report_journal import build

    return build(tmp_path_factory.mktemp("known"))


@pytest.fixture
def cli(capsys):
    """Run ``dealer-station ARGS`` in this process: ``(status, stdout, stderr)``."""
    from dealer_station.cli import main

    def run(*args: str):
        capsys.readouterr()   # what came before (a controller's logs) is not the command's output
        status = main(list(args))
        out = capsys.readouterr()
        return status, out.out, out.err
    return run


@pytest.fixture
def report_json(cli):
    """``dealer-station report --json ARGS`` as the parsed document (status 0 asserted)."""
    def run(path, *args: str) -> dict:
        status, out, err = cli("report", "--journal", str(path), "--json", *args)
        assert status == 0, err
        return json.loads(out)
    return run
