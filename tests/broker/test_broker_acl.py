"""The broker's door (config/broker): the shipped Mosquitto configurations and acl, run by a real Mosquitto.

Each test starts Mosquitto on the shipped ``mosquitto.conf`` or ``mosquitto-tls.conf``, changed only so
that it runs here: its listeners on free loopback ports, its password file and certificates in the
test's directory, persistence and log in the test's directory; the ``acl_file`` is the shipped
``config/broker/acl`` itself. Users: ``station-T1`` and ``station-T2`` (one per table) and ``platform``
(the consumer). The certificates of the TLS tests are made by the shipped ``make-certs.sh``.

A refusal is read from the broker itself: with MQTT 5 its PUBACK says "Not authorized", and the
station's publisher keeps a refused event in its outbox. That a consumer never receives a refused
message is checked after a message the broker did accept has reached the consumer, sent once the
refusal was acknowledged: Mosquitto decides on a message before it acknowledges it.
"""

from __future__ import annotations

import getpass
import json
import shutil
import socket
import subprocess
import threading
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.reasoncodes import ReasonCode

from dealer_station.publish import Publisher, pending_count
from tests.support.mqtt import ROOT, Subscriber, append_cards, fast, free_port, make_journal, wait_until

pytestmark = pytest.mark.broker

SHIPPED = ROOT / "config" / "broker"
ACL = SHIPPED / "acl"
PASSWORDS = {"station-T1": "t1 secret", "station-T2": "t2 secret", "platform": "platform secret"}
TIMEOUT = 20.0
"""Seconds any wait below may take at most (each returns as soon as its condition holds)."""


def _password_file(path: Path, users: dict[str, str]) -> Path:
    if not shutil.which("mosquitto_passwd"):
        pytest.skip("mosquitto_passwd (Debian package 'mosquitto') is needed to make the broker's password file")
    path.write_text("")
    for user, password in users.items():
        subprocess.run(["mosquitto_passwd", "-b", str(path), user, password], check=True, timeout=30)
    return path


def _local_conf(name: str, workdir: Path, ports: list[int], files: Path, passwd: Path) -> str:
    """The shipped ``config/broker/NAME``, its listeners on 127.0.0.1 at ``ports`` in order and its files here.

    Certificate and key files are taken by name from ``files``; the acl file is the shipped one.
    """
    out = [f"user {getpass.getuser()}"]   # as root, mosquitto would drop to a user who cannot read tmp_path
    listeners = 0
    for line in (SHIPPED / name).read_text().splitlines():
        key, _, value = line.strip().partition(" ")
        if key == "listener":
            line = f"listener {ports[listeners]} 127.0.0.1"
            listeners += 1
        elif key == "password_file":
            line = f"password_file {passwd}"
        elif key == "acl_file":
            line = f"acl_file {ACL}"
        elif key in ("cafile", "certfile", "keyfile"):
            line = f"{key} {files / Path(value).name}"
        elif key == "persistence_location":
            line = f"persistence_location {workdir}/"
        elif key == "log_dest":
            continue
        out.append(line)
    assert listeners == len(ports), f"{name} has {listeners} listener(s), the test expected {len(ports)}"
    out += [f"log_dest file {workdir / 'mosquitto.log'}", "log_type all"]
    return "\n".join(out) + "\n"


def _start(broker_factory, name: str, files: Path, passwd: Path, *more_ports: int):
    """Mosquitto on the shipped ``config/broker/NAME``: its first listener on the broker's port, the others on
    ``more_ports``; started, every port listening."""
    broker = broker_factory(start=False)
    broker.conf.write_text(_local_conf(name, broker.workdir, [broker.port, *more_ports], files, passwd))
    broker.start()

    def listening(port: int) -> bool:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return True
        except OSError:
            return False

    for port in more_ports:
        assert wait_until(lambda p=port: listening(p), TIMEOUT), f"mosquitto does not listen on {port}"
    return broker


@pytest.fixture
def door(broker_factory, tmp_path):
    """Mosquitto on the shipped mosquitto.conf: users with passwords, the shipped acl, no anonymous access."""
    return _start(broker_factory, "mosquitto.conf", tmp_path, _password_file(tmp_path / "passwd", PASSWORDS))


class Client:
    """A paho client (MQTT 5) that records the broker's answers: CONNACK, each PUBACK's reason, messages."""

    def __init__(self, port: int, username: str | None, *, password: str | None = None,
                 client_id: str = "", will: tuple[str, dict] | None = None) -> None:
        self.lock = threading.Lock()
        self.connack: str | None = None
        self.pubacks: dict[int, str] = {}
        self.messages: list[tuple[str, bytes]] = []
        self.subscribed = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5)
        if username is not None:
            self.client.username_pw_set(username, PASSWORDS.get(username) if password is None else password)
        self.client.on_connect = self._on_connect
        self.client.on_publish = self._on_publish
        self.client.on_message = self._on_message
        self.client.on_subscribe = lambda *a: self.subscribed.set()
        if will is not None:
            self.client.will_set(will[0], json.dumps(will[1]), qos=1, retain=True)
        self.client.connect("127.0.0.1", port, 30)
        self.client.loop_start()
        assert wait_until(lambda: self.connack is not None, TIMEOUT), "no CONNACK"

    def _on_connect(self, client, userdata, flags, reason_code, properties) -> None:
        self.connack = str(reason_code)

    def _on_publish(self, client, userdata, mid, reason_code, properties) -> None:
        with self.lock:   # a success ("No matching subscribers" among them) is "accepted"
            self.pubacks[mid] = str(reason_code) if reason_code.is_failure else "accepted"

    def _on_message(self, client, userdata, msg) -> None:
        with self.lock:
            self.messages.append((msg.topic, msg.payload))

    def publish(self, topic: str, payload: dict, *, retain: bool = False) -> str:
        """Publish at QoS 1; the broker's PUBACK: "accepted", or the reason of a refusal ("Not authorized")."""
        info = self.client.publish(topic, json.dumps(payload), qos=1, retain=retain)
        assert info.rc == mqtt.MQTT_ERR_SUCCESS, mqtt.error_string(info.rc)
        assert wait_until(lambda: info.mid in self.pubacks, TIMEOUT), f"no PUBACK for {topic}"
        return self.pubacks[info.mid]

    def subscribe(self, topic: str) -> None:
        self.client.subscribe(topic, qos=1)
        assert self.subscribed.wait(TIMEOUT), "subscription not acknowledged"

    def topics(self) -> list[str]:
        with self.lock:
            return [topic for topic, _ in self.messages]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


@pytest.fixture
def clients():
    """A factory of :class:`Client` (``clients(port, username, **kw)``), each closed after the test."""
    made: list[Client] = []

    def make(port: int, username: str | None, **kw) -> Client:
        c = Client(port, username, **kw)
        made.append(c)
        return c

    yield make
    for c in made:
        c.close()


@pytest.fixture
def consumer():
    """A factory of subscribers to every table's events and status (``consumer(port, **kw)``), closed after."""
    made: list[Subscriber] = []

    def make(port: int, username: str = "platform", **kw) -> Subscriber:
        s = Subscriber(port, username=username, password=PASSWORDS[username], **kw)
        made.append(s)
        return s

    yield make
    for s in made:
        s.close()


def _journal(path: Path, table_id: str, n: int) -> Path:
    append_cards(make_journal(path), table_id, n)
    return path


def _statuses(sub: Subscriber, table_id: str) -> list[dict]:
    with sub.lock:
        return [body for topic, body, _ in sub.status if topic == f"baccarat/tables/{table_id}/status"]


def _forged(n: int, table_id: str) -> dict:
    return {"event_id": 900 + n, "table_id": table_id, "type": "forged", "forged": True}


# ------------------------------------------------------------------ what each user may publish

STATION_DENIED = ["baccarat/tables/T2/events", "baccarat/tables/T2/status", "baccarat/tables/T2/replay/error",
                  "baccarat/tables/T1/replay", "baccarat/tables/T1/events/more", "baccarat/tables/T1"]
STATION_ALLOWED = ["baccarat/tables/T1/events", "baccarat/tables/T1/status", "baccarat/tables/T1/replay/error"]
PLATFORM_DENIED = ["baccarat/tables/T1/events", "baccarat/tables/T2/events", "baccarat/tables/T1/status",
                   "baccarat/tables/T2/status", "baccarat/tables/T1/replay/error", "baccarat/tables/T1/replay/more"]
PLATFORM_ALLOWED = ["baccarat/tables/T1/replay", "baccarat/tables/T2/replay"]


@pytest.mark.parametrize("user, denied, allowed", [("station-T1", STATION_DENIED, STATION_ALLOWED),
                                                   ("platform", PLATFORM_DENIED, PLATFORM_ALLOWED)],
                         ids=["station", "platform"])
def test_each_user_publishes_only_where_the_acl_lets_it(door, clients, consumer, user, denied, allowed):
    sub = consumer(door.port)
    c = clients(door.port, user)
    assert c.connack == "Success"
    answers = {topic: c.publish(topic, _forged(i, "T2"), retain=topic.endswith("/status"))
               for i, topic in enumerate(denied)}
    assert answers == dict.fromkeys(denied, "Not authorized")
    assert {topic: c.publish(topic, {"event_id": 1, "table_id": "T1"}) for topic in allowed} == \
        dict.fromkeys(allowed, "accepted")
    # what the broker accepted reaches the consumer; what it refused, acknowledged before, never does
    marker = clients(door.port, "station-T1", client_id="marker")
    assert marker.publish("baccarat/tables/T1/events", {"event_id": 7, "table_id": "T1", "marker": True}) == "accepted"
    assert sub.wait_for(lambda: any(e.get("marker") for e in list(sub.events)), TIMEOUT)
    with sub.lock:
        assert not [e for e in sub.events if e.get("forged")]
        assert not [s for s in sub.status if s[1].get("forged")]


def test_a_station_reads_its_own_replay_requests_and_the_platform_every_table(door, clients):
    station = clients(door.port, "station-T1")
    platform = clients(door.port, "platform")
    station.subscribe("baccarat/#")      # Mosquitto grants a subscription; the acl filters what it delivers
    platform.subscribe("baccarat/#")
    t2 = clients(door.port, "station-T2")
    for topic in ("events", "status", "replay/error"):
        assert t2.publish(f"baccarat/tables/T2/{topic}", {"table_id": "T2"}) == "accepted"
        assert station.publish(f"baccarat/tables/T1/{topic}", {"table_id": "T1"}) == "accepted"
    assert platform.publish("baccarat/tables/T2/replay", {"from": 1}) == "accepted"
    assert platform.publish("baccarat/tables/T1/replay", {"from": 1}) == "accepted"
    assert wait_until(lambda: "baccarat/tables/T1/replay" in station.topics(), TIMEOUT)
    assert station.topics() == ["baccarat/tables/T1/replay"]   # not T2's request, nor anybody's events
    # after the replay requests, one more event: once the platform has it, it has had all it may read
    assert station.publish("baccarat/tables/T1/events", {"table_id": "T1", "marker": True}) == "accepted"
    assert wait_until(lambda: any(b"marker" in p for _, p in list(platform.messages)), TIMEOUT)
    every = {f"baccarat/tables/{t}/{k}" for t in ("T1", "T2") for k in ("events", "status", "replay/error")}
    assert set(platform.topics()) == every   # every table's events, status and answers; no replay request


@pytest.mark.parametrize("table_id, delivered", [("T2", False), ("T1", True)], ids=["another-table", "own-table"])
def test_a_last_will_reaches_the_platform_only_on_the_stations_own_status(door, clients, consumer, table_id,
                                                                          delivered):
    sub = consumer(door.port)
    c = clients(door.port, "station-T1", client_id="will-T1",
                will=(f"baccarat/tables/{table_id}/status", {"status": "offline", "will": True}))
    assert c.connack == "Success"
    # MQTT 5's "disconnect with will message": the broker sends the will as for a lost connection
    c.client.disconnect(reasoncode=ReasonCode(PacketTypes.DISCONNECT, "Disconnect with will message"))
    c.client.loop_stop()
    log = door.workdir / "mosquitto.log"
    assert wait_until(lambda: "Client will-T1 disconnected" in log.read_text(errors="replace"), TIMEOUT)
    # Mosquitto sends (or drops) the will as it closes the client, before it reads anybody's next packet
    marker = clients(door.port, "station-T1", client_id="marker")
    assert marker.publish("baccarat/tables/T1/events", {"event_id": 7, "table_id": "T1", "marker": True}) == "accepted"
    assert sub.wait_for(lambda: any(e.get("marker") for e in list(sub.events)), TIMEOUT)
    wills = [body for body in _statuses(sub, table_id) if body.get("will")]
    assert len(wills) == (1 if delivered else 0), sub.status


def test_anonymous_and_a_wrong_password_are_refused(door, clients, tmp_path):
    assert clients(door.port, None).connack == "Not authorized"
    assert clients(door.port, "station-T1", password="platform secret").connack == "Not authorized"
    db = _journal(tmp_path / "t1.db", "T1", 3)
    pub = Publisher(fast(door.url), db, "T1").start()
    try:
        assert wait_until(lambda: pub.stats().failed_attempts >= 2, TIMEOUT), pub.stats()
        stats = pub.stats()
    finally:
        pub.stop()
    assert stats.connects == 0 and "not authori" in stats.last_error.lower(), stats
    assert pending_count(db) == 3


# ------------------------------------------------------------------ the station's publisher

def test_a_station_publishes_its_own_table(door, consumer, tmp_path):
    sub = consumer(door.port)
    db = _journal(tmp_path / "t1.db", "T1", 12)
    pub = Publisher(fast(door.url, username="station-T1", password=PASSWORDS["station-T1"]), db, "T1").start()
    try:
        assert pub.drain(TIMEOUT) == 0, pub.stats()
        assert sub.wait_for(lambda: sorted(set(sub.ids("T1"))) == list(range(1, 13)), TIMEOUT), sub.ids()
        assert sub.wait_for(lambda: any(s["status"] == "online" for s in _statuses(sub, "T1")), TIMEOUT)
    finally:
        pub.stop()
    assert pending_count(db) == 0
    assert sub.wait_for(lambda: _statuses(sub, "T1")[-1]["status"] == "offline", TIMEOUT)


@pytest.mark.parametrize("username, table_id", [("station-T1", "T2"), ("platform", "T1")],
                         ids=["another-stations-credentials", "the-consumers-credentials"])
def test_credentials_of_another_user_cannot_publish_as_a_table(door, consumer, tmp_path, username, table_id):
    sub = consumer(door.port)
    forged_db = tmp_path / "forged.db"
    append_cards(make_journal(forged_db), table_id, 5, start_round=90)   # rounds R090-R091: told apart below
    forged = Publisher(fast(door.url, username=username, password=PASSWORDS[username]), forged_db, table_id,
                       station_info={"forged": True}).start()
    try:
        assert wait_until(lambda: "refused event 1" in (forged.stats().last_error or ""), TIMEOUT), forged.stats()
        stats = forged.stats()
    finally:
        forged.stop()
    assert "Not authorized" in stats.last_error and stats.published == 0, stats
    assert pending_count(forged_db) == 5          # nothing refused is marked: it waits in the outbox
    # station-T1 on its own table gets through to the same consumer; the forged events never did
    db = _journal(tmp_path / "t1.db", "T1", 3)
    own = Publisher(fast(door.url, username="station-T1", password=PASSWORDS["station-T1"]), db, "T1").start()
    try:
        assert own.drain(TIMEOUT) == 0, own.stats()
        assert sub.wait_for(lambda: sorted(set(sub.ids("T1"))) == [1, 2, 3], TIMEOUT), sub.ids()
    finally:
        own.stop()
    with sub.lock:
        assert [e for e in sub.events if e["table_id"] != "T1" or int(e["round_id"][-3:]) >= 90] == []
        assert [s for s in sub.status if s[1].get("station", {}).get("forged")] == []
    assert sub.ids("T2") == [] and _statuses(sub, "T2") == []


def test_the_platform_asks_a_station_for_events_again(door, consumer, clients, tmp_path):
    sub = consumer(door.port)
    db = _journal(tmp_path / "t1.db", "T1", 6)
    pub = Publisher(fast(door.url, username="station-T1", password=PASSWORDS["station-T1"]), db, "T1").start()
    try:
        assert pub.drain(TIMEOUT) == 0
        assert sub.wait_for(lambda: sorted(set(sub.ids("T1"))) == list(range(1, 7)), TIMEOUT)
        platform = clients(door.port, "platform")
        assert platform.publish("baccarat/tables/T1/events", _forged(1, "T1")) == "Not authorized"
        assert platform.publish("baccarat/tables/T1/replay", {"from": 2, "to": 4, "request_id": "p-1"}) == "accepted"
        # the station read the request and sent events 2-4 again
        assert sub.wait_for(lambda: sub.ids("T1").count(4) == 2, TIMEOUT), sub.ids("T1")
    finally:
        pub.stop()
    ids = sub.ids("T1")
    assert [ids.count(i) for i in range(1, 7)] == [1, 2, 2, 2, 1, 1]
    with sub.lock:
        assert not [e for e in sub.events if e.get("forged")]


# ------------------------------------------------------------------ TLS with client certificates

@pytest.fixture
def tls_door(broker_factory, tmp_path):
    """Mosquitto on the shipped mosquitto-tls.conf: stations by certificate (port), consumers by password (.port2)."""
    if not shutil.which("openssl") or not shutil.which("sh"):
        pytest.skip("openssl and sh are needed to make the certificates with config/broker/make-certs.sh")
    certs, other = tmp_path / "certs", tmp_path / "other-ca"

    def make_certs(where: Path, *names: str) -> None:
        done = subprocess.run(["sh", str(SHIPPED / "make-certs.sh"), str(where), "127.0.0.1", *names],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr

    make_certs(certs, "station-T1")
    make_certs(other, "station-T1")      # the same name, signed by a CA the broker does not know
    passwd = _password_file(tmp_path / "passwd", {"platform": PASSWORDS["platform"]})
    port2 = free_port()
    broker = _start(broker_factory, "mosquitto-tls.conf", certs, passwd, port2)
    broker.port2 = port2
    return broker, certs, other


def _tls_station(broker, certs: Path, db: Path, table_id: str, name: str = "station-T1", **kw) -> Publisher:
    cfg = fast(f"mqtts://127.0.0.1:{broker.port}", ca_certs=str(certs / "ca.pem"),
               certfile=str(certs / f"{name}.pem"), keyfile=str(certs / f"{name}.key"), **kw)
    return Publisher(cfg, db, table_id).start()


def test_tls_a_station_certificate_publishes_its_own_table_and_no_other(tls_door, consumer, tmp_path):
    broker, certs, _ = tls_door
    sub = consumer(broker.port2, ca_certs=certs / "ca.pem")
    forged_db = _journal(tmp_path / "t2.db", "T2", 4)
    forged = _tls_station(broker, certs, forged_db, "T2")
    try:
        assert wait_until(lambda: "refused event 1" in (forged.stats().last_error or ""), TIMEOUT), forged.stats()
    finally:
        forged.stop()
    assert pending_count(forged_db) == 4
    db = _journal(tmp_path / "t1.db", "T1", 8)
    pub = _tls_station(broker, certs, db, "T1")
    try:
        assert pub.drain(TIMEOUT) == 0, pub.stats()
        assert sub.wait_for(lambda: sorted(set(sub.ids("T1"))) == list(range(1, 9)), TIMEOUT), sub.ids()
    finally:
        pub.stop()
    assert sub.ids("T2") == [] and _statuses(sub, "T2") == []


@pytest.mark.parametrize("how", ["no-certificate", "another-cas-certificate"])
def test_tls_a_station_without_a_certificate_of_the_ca_is_refused(tls_door, tmp_path, how):
    broker, certs, other = tls_door
    db = _journal(tmp_path / "t1.db", "T1", 3)
    if how == "no-certificate":   # a station password does not open the certificate listener either
        cfg = fast(f"mqtts://127.0.0.1:{broker.port}", ca_certs=str(certs / "ca.pem"),
                   username="station-T1", password=PASSWORDS["station-T1"])
        pub = Publisher(cfg, db, "T1").start()
    else:
        cfg = fast(f"mqtts://127.0.0.1:{broker.port}", ca_certs=str(certs / "ca.pem"),
                   certfile=str(other / "station-T1.pem"), keyfile=str(other / "station-T1.key"))
        pub = Publisher(cfg, db, "T1").start()
    try:
        assert wait_until(lambda: pub.stats().failed_attempts >= 2, TIMEOUT), pub.stats()
        stats = pub.stats()
    finally:
        pub.stop()
    assert stats.connects == 0, stats
    assert pending_count(db) == 3


def test_tls_the_consumer_listener_wants_a_password(tls_door, tmp_path):
    broker, certs, _ = tls_door
    db = _journal(tmp_path / "t1.db", "T1", 2)
    pub = Publisher(fast(f"mqtts://127.0.0.1:{broker.port2}", ca_certs=str(certs / "ca.pem")), db, "T1").start()
    try:
        assert wait_until(lambda: pub.stats().failed_attempts >= 2, TIMEOUT), pub.stats()
        stats = pub.stats()
    finally:
        pub.stop()
    assert stats.connects == 0 and "not authori" in stats.last_error.lower(), stats
