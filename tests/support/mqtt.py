"""Helpers for the publishing tests: a real Mosquitto on loopback, journals with an outbox, a subscriber."""

from __future__ import annotations

import getpass
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from dealer_station import outbox
from dealer_station.publish import BrokerConfig, parse_broker_url

MOSQUITTO = shutil.which("mosquitto") or ("/usr/sbin/mosquitto" if os.path.exists("/usr/sbin/mosquitto") else None)


def fast(url: str, **kw) -> BrokerConfig:
    """The broker at ``url`` with short reconnect waits and connect timeout, for tests (``kw``: more fields)."""
    return parse_broker_url(url, backoff_min=0.05, backoff_max=0.5, connect_timeout=5.0, **kw)


def wait_until(predicate, timeout: float = 20.0, step: float = 0.02) -> bool:
    """Poll ``predicate()`` every ``step`` seconds until it is true or ``timeout`` seconds passed; its last value."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


def ledger_rows(path) -> list[tuple[str, int, str]]:
    """``(table_id, event_id, payload)`` of a consumer's ledger, in arrival order; [] while it cannot be read."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
    except sqlite3.Error:
        return []
    try:
        return conn.execute("SELECT table_id, event_id, payload FROM events ORDER BY rowid").fetchall()
    except sqlite3.Error:
        return []
    finally:
        conn.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Broker:
    """A mosquitto process on 127.0.0.1:port; stop() and start() again keep the port."""

    def __init__(self, workdir: Path, *, persistence: bool = False, extra: str = "", anonymous: bool = True,
                 listener_options: tuple[str, ...] = ()) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.persistence = persistence
        self.conf = workdir / "mosquitto.conf"
        # as root mosquitto drops to user "mosquitto", which cannot write in the private test directory
        lines = [f"user {getpass.getuser()}", f"listener {self.port} 127.0.0.1", *listener_options,
                 f"allow_anonymous {'true' if anonymous else 'false'}",
                 "max_queued_messages 0", "max_inflight_messages 100", f"log_dest file {workdir / 'mosquitto.log'}",
                 "log_type error", "log_type warning", "log_type notice"]
        if persistence:
            lines += ["persistence true", f"persistence_location {workdir}/", "autosave_interval 1"]
        else:
            lines += ["persistence false"]
        self.conf.write_text("\n".join(lines) + "\n" + extra)
        self.proc: subprocess.Popen | None = None
        self.url = f"{'mqtts' if any(o.startswith('certfile') for o in listener_options) else 'mqtt'}://127.0.0.1:{self.port}"

    def start(self, timeout: float = 10.0) -> None:
        self.proc = subprocess.Popen([MOSQUITTO, "-c", str(self.conf)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"mosquitto exited: {self.proc.stderr.read().decode(errors='replace')}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not start listening")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self.proc is not None and self.proc.stderr:
            self.proc.stderr.close()
        self.proc = None


def make_journal(path: Path) -> sqlite3.Connection:
    """A journal database as the controller keeps it: WAL mode, with the outbox table."""
    conn = sqlite3.connect(path, timeout=10)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    outbox.ensure_schema(conn)
    conn.commit()
    return conn


def utc_ts() -> str:
    from datetime import UTC, datetime

    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def append_cards(conn: sqlite3.Connection, table_id: str, n: int, *, start_round: int = 1,
                 one_transaction: bool = False) -> list[int]:
    """Append ``n`` card_dealt events, one transaction each as the controller does (or all in one); return ids."""
    positions = ["player1", "banker1", "player2", "banker2"]
    ids = []
    for i in range(n):
        r = start_round + i // 4
        ev = outbox.append(conn, "card_dealt", table_id=table_id, ts=utc_ts(),
                           shoe_id=f"{table_id}-S0001", round_id=f"{table_id}-S0001-R{r:03d}",
                           data={"shoe_number": 1, "round_number": r, "position": positions[i % 4],
                                 "card": "AS", "manual": False})
        if not one_transaction:
            conn.commit()
        ids.append(ev.event_id)
    conn.commit()
    return ids


class Subscriber:
    """A paho subscriber that records every event message (duplicates included) and status messages."""

    def __init__(self, port: int, topic: str = "baccarat/tables/+/events", *, client_id: str | None = None,
                 clean_session: bool = True, username: str | None = None, password: str | None = None,
                 ca_certs: str | os.PathLike[str] | None = None) -> None:
        """Subscribe on 127.0.0.1:``port``; ``username``/``password`` log in, ``ca_certs`` connects over TLS."""
        self.events: list[dict] = []
        self.status: list[tuple[str, dict, bool]] = []
        self.lock = threading.Lock()
        self.subscribed = threading.Event()
        self.topic = topic
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id or "", clean_session=clean_session)
        self.client.on_connect = self._on_connect
        self.client.on_message = self._on_message
        self.client.on_subscribe = lambda *a: self.subscribed.set()
        self.client.reconnect_delay_set(0.1, 0.5)
        if username is not None:
            self.client.username_pw_set(username, password)
        if ca_certs is not None:
            self.client.tls_set(ca_certs=str(ca_certs))
        self.client.connect("127.0.0.1", port, 30)
        self.client.loop_start()
        assert self.subscribed.wait(10), "subscription not acknowledged"

    def _on_connect(self, client, userdata, flags, rc, props):
        client.subscribe([(self.topic, 1), ("baccarat/tables/+/status", 1)])

    def _on_message(self, client, userdata, msg):
        body = json.loads(msg.payload)
        with self.lock:
            if msg.topic.endswith("/events"):
                body["_topic"] = msg.topic
                self.events.append(body)
            else:
                self.status.append((msg.topic, body, bool(msg.retain)))

    def ids(self, table_id: str | None = None) -> list[int]:
        with self.lock:
            return [e["event_id"] for e in self.events if table_id is None or e["table_id"] == table_id]

    def wait_for(self, predicate, timeout: float = 20.0) -> bool:
        return wait_until(predicate, timeout)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def dedup(ids: list[int]) -> list[int]:
    seen, out = set(), []
    for i in ids:
        if i not in seen:
            seen.add(i)
            out.append(i)
    return out


ROOT = Path(__file__).resolve().parents[2]


def station_process(*args: str) -> subprocess.Popen:
    """``python -m dealer_station ARGS`` from this checkout, as a separate process (a station), running: its
    standard output and error as text streams; forked from one that imported the station already
    (tests/support/forked_cli.py ``start``), a process of its own all the same."""
    from tests.support.forked_cli import start

    return start(*args)


def run_station(*args: str, timeout: float = 60, env: dict | None = None,
                cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run ``python -m dealer_station ARGS`` from this checkout to completion (``env``: extra variables), as a
    process of its own forked from one that imported the station already (tests/support/forked_cli.py)."""
    from tests.support.forked_cli import run

    return run(*args, timeout=timeout, env=env, cwd=cwd)


def make_tls_files(d: Path) -> dict[str, Path]:
    """A throw-away CA and a server certificate for 127.0.0.1 (openssl); paths by name."""
    def ossl(*args: str) -> None:
        subprocess.run(["openssl", *args], cwd=d, check=True, capture_output=True, timeout=30)

    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    ossl("req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=test-ca")
    ossl("req", *ec, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1")
    (d / "ext").write_text("subjectAltName=IP:127.0.0.1\n")
    ossl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
         "-out", "server.pem", "-days", "2", "-extfile", "ext")
    ossl("req", "-x509", *ec, "-keyout", "other.key", "-out", "other-ca.pem", "-days", "2", "-subj", "/CN=other")
    return {n: d / f for n, f in [("ca", "ca.pem"), ("cert", "server.pem"), ("key", "server.key"),
                                   ("other_ca", "other-ca.pem")]}
