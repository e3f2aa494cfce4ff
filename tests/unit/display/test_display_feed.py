"""The display reads through the pit's feed, which for it may publish replay requests and nothing else."""

from __future__ import annotations

import pytest

from dealer_station.pit.feed import PitFeed
from dealer_station.publish import parse_broker_url


def test_the_displays_feed_asks_for_replays_only():
    feed = PitFeed(parse_broker_url("mqtt://127.0.0.1:1"), lambda item: None, ["T1"], asks_replays=True)
    assert feed.topics == ["baccarat/tables/T1/events", "baccarat/tables/T1/status", "baccarat/tables/T1/replay/error"]
    assert feed.client_id.startswith("dealer-station-display-")
    for topic, retain in [("baccarat/tables/T1/events", False), ("baccarat/tables/T1/status", False),
                          ("baccarat/tables/T1/replay", True), ("elsewhere/T1/replay", False),
                          ("baccarat/tables//replay", False)]:
        with pytest.raises(RuntimeError, match="only asks for replays"):
            feed.client.publish(topic, b"{}", qos=1, retain=retain)
    feed.ask("T1", b'{"from":1}')     # queued until connected: paho takes it


def test_the_pits_feed_still_never_publishes():
    feed = PitFeed(parse_broker_url("mqtt://127.0.0.1:1"), lambda item: None, ["T1"])
    with pytest.raises(RuntimeError, match="read only"):
        feed.ask("T1", b'{"from":1}')
