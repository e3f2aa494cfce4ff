"""Broker settings: URLs, the [broker] config section, command-line options and their precedence."""

from __future__ import annotations

import argparse

import pytest

from dealer_station.cli.broker_options import add_broker_arguments, broker_options
from dealer_station.publish import (
    BrokerConfig,
    BrokerConfigError,
    broker_config_from,
    drain_timeout_from,
    events_topic,
    parse_broker_url,
    status_topic,
)


@pytest.mark.parametrize(("url", "expected"), [
    ("mqtt://localhost", dict(host="localhost", port=1883, tls=False)),
    ("mqtt://127.0.0.1:1884", dict(host="127.0.0.1", port=1884, tls=False)),
    ("mqtts://broker.casino.example", dict(host="broker.casino.example", port=8883, tls=True)),
    ("MQTTS://b:9999/", dict(host="b", port=9999, tls=True)),
    ("mqtt://[::1]:1883", dict(host="::1", port=1883)),
    ("mqtt://table%40x:p%3Ass@h", dict(username="table@x", password="p:ss", host="h")),
    ("mqtt://user@h", dict(username="user", password=None)),
    ("mqtt://h?client_id=station-7&keepalive=60", dict(client_id="station-7", keepalive=60)),
    ("mqtt://h", dict(protocol="5")),
    ("mqtt://h?protocol=3.1.1", dict(protocol="3.1.1")),
    ("  mqtt://h  ", dict(host="h")),
])
def test_parse_url(url, expected):
    cfg = parse_broker_url(url)
    for key, value in expected.items():
        assert getattr(cfg, key) == value, key


@pytest.mark.parametrize(("url", "needle"), [
    ("http://h", "scheme"),
    ("h:1883", "scheme"),
    ("mqtt://", "no host"),
    ("mqtt://h:0", "port"),
    ("mqtt://h:70000", "malformed"),
    ("mqtt://h:abc", "malformed"),
    ("mqtt://h/topic", "path"),
    ("mqtt://h?qos=2", "unknown parameter"),
    ("mqtt://h?keepalive=soon", "keepalive"),
    ("mqtt://h?keepalive=1", "keepalive"),
    ("mqtt://:secret@h", "username"),
    ("mqtt://h?protocol=4", "protocol"),
])
def test_parse_url_errors(url, needle):
    with pytest.raises(BrokerConfigError, match=needle):
        parse_broker_url(url)


def test_password_is_hidden():
    cfg = parse_broker_url("mqtts://op:hunter2@h")
    assert "hunter2" not in repr(cfg) and "hunter2" not in cfg.url
    assert cfg.url == "mqtts://op:***@h:8883"
    assert parse_broker_url("mqtt://[::1]").url == "mqtt://[::1]:1883"


def test_tls_files(tmp_path):
    ca = tmp_path / "ca.pem"
    ca.write_text("x")
    assert parse_broker_url("mqtts://h", ca_certs=str(ca)).ca_certs == str(ca)
    with pytest.raises(BrokerConfigError, match="TLS is off"):
        parse_broker_url("mqtt://h", ca_certs=str(ca))
    with pytest.raises(BrokerConfigError, match="does not exist"):
        parse_broker_url("mqtts://h", ca_certs=str(tmp_path / "nope.pem"))
    with pytest.raises(BrokerConfigError, match="key file needs"):
        parse_broker_url("mqtts://h", keyfile=str(ca))


def _args(*argv):
    parser = argparse.ArgumentParser()
    add_broker_arguments(parser)
    return broker_options(parser.parse_args(list(argv)))


def test_no_broker_means_none():
    assert broker_config_from(_args()) is None
    assert broker_config_from(None, {}) is None
    assert broker_config_from(_args(), {"enabled": False, "url": "mqtt://h"}) is None
    assert broker_config_from(_args(), {"keepalive": 20}) is None      # tuning alone names no broker
    with pytest.raises(BrokerConfigError, match="without a broker"):
        broker_config_from(_args("--broker-username", "u"))


def test_section_forms(monkeypatch):
    assert broker_config_from(None, {"url": "mqtts://b"}) == BrokerConfig(host="b", port=8883, tls=True)
    assert broker_config_from(None, {"host": "b", "tls": True}).port == 8883
    assert broker_config_from(None, {"host": "b"}).port == 1883
    monkeypatch.setenv("BROKER_PW", "s3cret")
    cfg = broker_config_from(None, {"url": "mqtt://b", "username": "t1", "password_env": "BROKER_PW",
                                         "window": 10, "backoff_min": 1, "backoff_max": 8, "keepalive": 15})
    assert (cfg.username, cfg.password, cfg.window, cfg.backoff_min, cfg.backoff_max, cfg.keepalive) == \
        ("t1", "s3cret", 10, 1.0, 8.0, 15)


@pytest.mark.parametrize(("section", "needle"), [
    ({"url": "mqtt://b", "qos": 2}, "unknown key"),
    ({"host": "b", "port": "1883"}, "should be a int"),
    ({"host": "b", "port": True}, "should be a int"),
    ({"host": "b", "tls": "yes"}, "should be a bool"),
    ({"url": "mqtt://b", "host": "c"}, "either url or host"),
    ({"url": "mqtt://b", "password_env": "NOT_SET_ANYWHERE_42"}, "not set"),
    ({"url": "mqtt://b", "window": 0}, "window"),
    ({"url": "mqtt://b", "protocol": 5}, "should be a str"),
    ({"url": "mqtt://b", "backoff_min": 5, "backoff_max": 1}, "backoff"),
])
def test_section_errors(section, needle):
    with pytest.raises(BrokerConfigError, match=needle):
        broker_config_from(None, section)


def test_command_line_wins(monkeypatch):
    section = {"url": "mqtt://config-host:1883", "username": "cfg", "password": "cfgpw", "window": 7}
    cfg = broker_config_from(_args("--broker", "mqtt://cli-host:2000", "--broker-username", "cli"), section)
    assert (cfg.host, cfg.port, cfg.username, cfg.window) == ("cli-host", 2000, "cli", 7)
    assert cfg.password is None                     # the config's credentials belong to the config's broker
    monkeypatch.setenv("DEALER_STATION_BROKER_PASSWORD", "envpw")
    cfg = broker_config_from(_args("--broker", "mqtt://h", "--broker-username", "u"))
    assert cfg.password == "envpw"
    monkeypatch.delenv("DEALER_STATION_BROKER_PASSWORD")
    cfg = broker_config_from(_args("--broker-username", "over"), section)
    assert (cfg.host, cfg.username, cfg.password) == ("config-host", "over", "cfgpw")
    cfg = broker_config_from(_args("--broker", "mqtt://h", "--broker-client-id", "x"))
    assert cfg.client_id_for("T1") == "x"
    assert broker_config_from(_args("--broker", "mqtt://h")).client_id_for("T1") == "dealer-station-T1"


def test_drain_timeout():
    assert drain_timeout_from(_args()) == 10.0
    assert drain_timeout_from(_args(), {"drain_timeout": 3}) == 3.0
    assert drain_timeout_from(_args("--drain-timeout", "0.5"), {"drain_timeout": 3}) == 0.5
    with pytest.raises(BrokerConfigError):
        drain_timeout_from(_args("--drain-timeout", "-1"))
    for bad in ("inf", "nan", "3601"):   # the exit wait is always bounded
        with pytest.raises(BrokerConfigError, match="not a number of seconds"):
            drain_timeout_from(_args("--drain-timeout", bad))
    for bad in ("ten", True, float("inf")):
        with pytest.raises(BrokerConfigError, match="drain timeout"):
            drain_timeout_from(_args(), {"drain_timeout": bad})


def test_a_bad_drain_timeout_in_the_station_configuration_is_a_config_error():
    from dealer_station.app.config import ConfigError, config_from_dict

    with pytest.raises(ConfigError, match="drain timeout 'ten'"):
        config_from_dict({"broker": {"url": "mqtt://h", "drain_timeout": "ten"}})
    assert config_from_dict({"broker": {"url": "mqtt://h", "drain_timeout": 3}}).broker["drain_timeout"] == 3


@pytest.mark.parametrize("table_id", ["", "T/1", "T+", "#", "a" * 65, "-x", "tab le"])
def test_bad_table_ids(table_id):
    with pytest.raises(BrokerConfigError, match="table id"):
        events_topic(table_id)


def test_topics():
    assert events_topic("T1") == "baccarat/tables/T1/events"
    assert status_topic("Salon-2.table_07") == "baccarat/tables/Salon-2.table_07/status"


def test_a_station_with_a_broker_and_an_in_memory_journal_is_refused():
    from dealer_station.app.config import config_from_dict
    from dealer_station.app.publishing import Publishing

    with pytest.raises(ValueError, match="journal in a file"):
        Publishing(config_from_dict({}), ":memory:", _args("--broker", "mqtt://127.0.0.1:1"))
    assert Publishing(config_from_dict({}), ":memory:", _args()).finish() == 0   # no broker


def test_finish_stops_the_publisher_even_when_the_outbox_cannot_be_counted(tmp_path, monkeypatch):
    import sqlite3

    from dealer_station.app.config import config_from_dict
    from dealer_station.app.publishing import open_publisher

    options = _args("--broker", "mqtt://127.0.0.1:1", "--drain-timeout", "5")
    publishing = open_publisher(config_from_dict({}), str(tmp_path / "journal.sqlite"), options)
    assert publishing.publisher is not None and publishing.publisher.running

    def locked():
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(publishing.publisher, "remaining", locked)
    with pytest.raises(sqlite3.OperationalError):
        publishing.finish()
    assert not publishing.publisher.running


def test_the_station_configuration_takes_the_replay_bounds_of_its_broker_section():
    from dealer_station.app.config import config_from_dict

    cfg = config_from_dict({"broker": {"url": "mqtt://127.0.0.1:1883", "replay_batch": 100, "replay_queue": 4}})
    assert cfg.broker["replay_batch"] == 100 and cfg.broker["replay_queue"] == 4
