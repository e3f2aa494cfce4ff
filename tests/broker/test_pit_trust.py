"""``pit --trust DIR``: a retained status forged on a real Mosquitto (unsigned, or signed by another key) is
refused, never shown as the table's, and the table is marked UNVERIFIED; the station's signed status is shown.
Without trust the same forgery is shown as the table's status (what the docs say ``--trust`` protects)."""

from __future__ import annotations

import json
import queue

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from dealer_station.outbox import payload_text
from dealer_station.pit.feed import Delivery, PitFeed, Refused
from dealer_station.pit.model import PitModel
from dealer_station.publish.status import status_payload
from dealer_station.signing import Signer, TrustStore, public_pem, sign_object
from tests.support.mqtt import fast

pytestmark = pytest.mark.broker

STATUS = "baccarat/tables/T1/status"


def publish(broker, payload: bytes) -> None:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="someone", protocol=mqtt.MQTTv5)
    client.connect("127.0.0.1", broker.port)
    client.loop_start()
    try:
        client.publish(STATUS, payload, qos=1, retain=True).wait_for_publish(10)
    finally:
        client.loop_stop()
        client.disconnect()


def watch(broker, trust):
    """A started feed on T1 and the queue its items go to."""
    items: queue.Queue = queue.Queue()
    feed = PitFeed(fast(broker.url), items.put, ["T1"], trust=trust)
    feed.start()
    return feed, items


def next_message(items: queue.Queue):
    while True:
        item = items.get(timeout=20)
        if isinstance(item, Delivery | Refused):
            return item


def test_a_forged_status_is_refused_and_marks_the_table_the_stations_is_shown(broker, tmp_path):
    station = Signer.generate()
    keys = tmp_path / "keys"
    keys.mkdir()
    (keys / "T1.pub").write_text(public_pem(station.public_key))
    trust = TrustStore(keys)
    genuine = status_payload("online", table_id="T1", client_id="dealer-station-T1", station_info={},
                             last_event_id=12, signer=station)
    publish(broker, genuine)
    model = PitModel(["T1"])
    feed, items = watch(broker, trust)
    try:
        first = next_message(items)
        assert isinstance(first, Delivery)
        model.apply(first.message, first.received)
        row = model.row("T1", 0.0)
        assert (row.station, row.unverified) == ("ONLINE", "")
        forged = json.loads(genuine)
        forged.update(status="offline", reason="stopped")
        # canonical texts, as a careful forger writes them: refused for their signatures alone
        for payload in (payload_text({k: v for k, v in forged.items() if k != "signature"}).encode(),
                        payload_text(sign_object(forged, Signer.generate())).encode(),
                        payload_text(forged).encode()):   # the station's signature on other content
            publish(broker, payload)
            item = next_message(items)
            assert isinstance(item, Refused), item
            model.refused(item.table_id, item.kind, item.reason)
        row = model.row("T1", 0.0)
        assert row.station == "ONLINE" and row.station_last_event_id == 12
        assert row.unverified.startswith("UNVERIFIED: 3 status messages refused") and "does not verify" in \
            row.unverified, row.unverified
    finally:
        feed.stop()
    # the control: without trust the last forgery is the table's status
    plain, items = watch(broker, None)
    try:
        item = next_message(items)
        assert isinstance(item, Delivery)
        untrusting = PitModel(["T1"])
        untrusting.apply(item.message, item.received)
        assert untrusting.row("T1", 0.0).station == "OFFLINE"
    finally:
        plain.stop()
