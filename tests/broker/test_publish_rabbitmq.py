"""A second, clusterable broker: RabbitMQ's MQTT plugin carries the same shoe's events as Mosquitto.
Skipped with the reason when ``rabbitmq-server`` (Debian package) is not installed or cannot start."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from tests.support.mqtt import free_port, ledger_rows, run_station, station_process

pytestmark = pytest.mark.broker

RABBITMQ_SERVER = "/usr/lib/rabbitmq/bin/rabbitmq-server"
START_SECONDS = 120.0
"""RabbitMQ boots an Erlang node: half a minute on a loaded machine. Bounded."""


class Rabbit:
    """A private RabbitMQ node on loopback: its own Mnesia directory, config, cookie (HOME), node name, epmd
    port, AMQP port and MQTT port, so it touches nothing of the machine's own RabbitMQ."""

    def __init__(self, workdir: Path) -> None:
        self.dir = workdir
        self.port, amqp, self.epmd, dist = (free_port() for _ in range(4))
        (workdir / "rabbitmq.conf").write_text(
            f"listeners.tcp.default = 127.0.0.1:{amqp}\n"
            f"mqtt.listeners.tcp.default = 127.0.0.1:{self.port}\n"
            "mqtt.allow_anonymous = true\nmqtt.default_user = guest\nmqtt.default_pass = guest\nmqtt.vhost = /\n")
        (workdir / "enabled_plugins").write_text("[rabbitmq_mqtt].\n")   # what rabbitmq-plugins enable writes
        self.env = {**os.environ, "HOME": str(workdir), "RABBITMQ_MNESIA_BASE": str(workdir / "mnesia"),
                    "RABBITMQ_LOG_BASE": str(workdir / "log"), "RABBITMQ_NODENAME": f"dstest{self.port}@localhost",
                    "RABBITMQ_CONFIG_FILE": str(workdir / "rabbitmq.conf"),
                    "RABBITMQ_ENABLED_PLUGINS_FILE": str(workdir / "enabled_plugins"),
                    "RABBITMQ_PID_FILE": str(workdir / "rabbit.pid"), "RABBITMQ_NODE_IP_ADDRESS": "127.0.0.1",
                    "ERL_EPMD_PORT": str(self.epmd), "RABBITMQ_DIST_PORT": str(dist)}
        self.url = f"mqtt://127.0.0.1:{self.port}?protocol=3.1.1"   # RabbitMQ 3.10 speaks MQTT 3.1.1
        self.proc: subprocess.Popen | None = None

    def start(self) -> str | None:
        """Start and wait for the MQTT listener; None when up, else why not (the caller skips)."""
        self.log = open(self.dir / "server.out", "w")  # noqa: SIM115 - closed by stop()
        self.proc = subprocess.Popen([RABBITMQ_SERVER], env=self.env, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return f"rabbitmq-server exited {self.proc.returncode}: {self._said()}"
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return None
            except OSError:
                time.sleep(0.5)
        return f"rabbitmq-server did not listen for MQTT within {START_SECONDS:g} s: {self._said()}"

    def _said(self) -> str:
        return (self.dir / "server.out").read_text(errors="replace")[-300:].replace("\n", " ")

    def stop(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                os.killpg(self.proc.pid, signal.SIGTERM)   # the group this test started: the script and its node
                try:
                    self.proc.wait(30)
                except subprocess.TimeoutExpired:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                    self.proc.wait(10)
            self.log.close()
        epmd = shutil.which("epmd")
        if epmd:   # the node's private epmd (its own port) outlives the node: stop it too
            subprocess.run([epmd, "-kill"], env=self.env, capture_output=True, timeout=10)


@pytest.fixture
def rabbit(tmp_path):
    if not os.path.exists(RABBITMQ_SERVER):
        pytest.skip("rabbitmq-server is not installed (Debian package 'rabbitmq-server', installed by make test as "
                    "root); the test against a second broker needs it")
    d = tmp_path / "rabbit"
    d.mkdir()
    node = Rabbit(d)
    try:
        why = node.start()
        if why is not None:
            pytest.skip(f"rabbitmq-server cannot start here: {why}")
        yield node
    finally:
        node.stop()


def outbox_rows(db: Path) -> list[tuple[int, str]]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
    try:
        return conn.execute("SELECT event_id, payload FROM outbox ORDER BY event_id").fetchall()
    finally:
        conn.close()


def follow_until(url: str, ledger: Path, run, timeout: float = 90.0) -> list[tuple[str, int, str]]:
    """``events follow`` on ``url`` while ``run()`` publishes and returns how many events it published;
    stopped once the ledger holds that many (or after ``timeout`` s more); the ledger's rows."""
    follower = station_process("events", "follow", "--broker", url, "--ledger", str(ledger))
    try:
        assert follower.stdout.readline().startswith("following"), follower.stderr.read()
        expected = run()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if ledger.exists() and len(ledger_rows(ledger)) >= expected:
                break
            time.sleep(0.2)
    finally:
        follower.send_signal(signal.SIGTERM)
        follower.communicate(timeout=30)
    return ledger_rows(ledger)


def test_the_same_shoe_reaches_the_consumer_through_rabbitmq_as_through_mosquitto(rabbit, broker, tmp_path):
    journal = tmp_path / "journal.db"

    def deal() -> int:
        done = run_station("simulate", "--shoes", "1", "--decks", "1", "--seed", "7", "--journal", str(journal),
                           "--broker", rabbit.url, "--table-id", "T1", "--drain-timeout", "60", timeout=180)
        assert done.returncode == 0, done.stderr
        return len(outbox_rows(journal))

    through_rabbit = follow_until(rabbit.url, tmp_path / "rabbit-ledger.db", deal)
    stored = outbox_rows(journal)
    assert len(stored) > 50 and all(p is not None for _, p in stored)
    conn = sqlite3.connect(journal)
    assert conn.execute("SELECT COUNT(*) FROM outbox WHERE published_utc IS NULL").fetchone() == (0,)
    conn.close()
    # the very same events (same ids, same bytes) through Mosquitto: the outbox sent again from a copy
    copy = tmp_path / "copy.db"
    shutil.copy(journal, copy)
    conn = sqlite3.connect(copy)
    conn.execute("UPDATE outbox SET published_utc = NULL")
    conn.commit()
    conn.close()

    def publish() -> int:
        sent = run_station("events", "publish", "--journal", str(copy), "--broker", broker.url, "--table-id", "T1",
                           timeout=120)
        assert sent.returncode == 0, sent.stderr
        return len(stored)

    through_mosquitto = follow_until(broker.url, tmp_path / "mosquitto-ledger.db", publish)
    # every event of the shoe, once, in order, byte for byte the outbox's, through either broker
    assert through_rabbit == [("T1", i, p) for i, p in stored]
    assert through_rabbit == through_mosquitto
