"""Archiving beside a publisher sending to a real broker: the events still to be sent stay and are sent once
their shoe's rows are archived around them, the ids go on after the archived ones, and a replay request for an
archived event is answered ``not_retained`` (docs/events.md "Asking for events again"), never a gap or a crash.

docs/controller.md "Archives": a shoe with an event the broker has not acknowledged is never archived, and the
archived rows' events leave the outbox with them.
"""

from __future__ import annotations

import pytest

from dealer_station import outbox
from dealer_station.journal import Journal
from dealer_station.journal.archive import archive_shoes
from dealer_station.journal.archive_read import list_archives, verify_history
from dealer_station.publish import Publisher
from dealer_station.schemas import validate
from tests.broker.test_publish_replay import Platform
from tests.support.mqtt import fast
from tests.support.table import DealingStation, FakeClock

pytestmark = pytest.mark.broker

FAR = "2999-01-01T00:00:00.000000Z"


def test_archiving_while_the_publisher_sends_loses_no_event_and_a_replay_of_an_archived_one_is_not_retained(
        broker, tmp_path):
    path, arch = tmp_path / "journal.sqlite", tmp_path / "arch"
    station = DealingStation(path, FakeClock(), acknowledge=False,   # the broker acknowledges
                             journal__event_retention_days=3650)   # (none pruned: the broker stamps real time)
    station.deal(4)
    made = [e.event_id for e in outbox.read_events(station.journal.conn)]
    refused: list = []
    platform = Platform(broker.port)
    pub = Publisher(fast(broker.url, window=5, replay_batch=10), path, "T1",
                    on_refused=lambda i, why: refused.append((i, why))).start()
    try:
        archived: list[int] = []
        # archive while the events go out: each call takes the shoes whose every event the broker has acknowledged
        while pub.drain(0.05) and len(archived) < 3:
            done = archive_shoes(station.journal, arch, before=FAR, ts="2026-12-01T00:00:00.000000Z")
            archived += done.shoes
        assert pub.drain(30) == 0
        archived += archive_shoes(station.journal, arch, before=FAR, ts="2026-12-01T00:00:01.000000Z").shoes
        assert archived == [1, 2, 3]   # the newest shoe stays
        assert platform.wait_for(lambda: set(platform.ids()) >= set(made))
        left = [e.event_id for e in outbox.read_events(station.journal.conn)]
        assert left and left[0] > 1 and left == made[made.index(left[0]):]   # the archived shoes' events went
        station.deal(5)   # a shoe dealt after the archiving: its ids go on after the archived ones
        new = [e.event_id for e in outbox.read_events(station.journal.conn) if e.event_id > made[-1]]
        assert new and new[0] == made[-1] + 1
        assert pub.drain(30) == 0 and platform.wait_for(lambda: set(platform.ids()) >= set(new))
        platform.ask({"from": 1, "to": left[0] + 1, "request_id": "old"})
        assert platform.wait_for(lambda: platform.errors() and left[0] + 1 in platform.ids()[len(made + new):])
        error = platform.errors()[0]
        assert (error["error"], error["first_available"]) == ("not_retained", left[0]), error
        assert f"1-{left[0] - 1} are no longer kept" in error["message"]
        assert refused == []
        # every event kept pruned as well (its retention passed): none is kept, an archived one is still not_retained
        assert station.journal.prune_events(FAR, "2026-12-01T00:00:02.000000Z") > 0
        assert outbox.read_events(station.journal.conn) == []
        platform.ask({"from": 2, "to": 3, "request_id": "gone"})
        assert platform.wait_for(lambda: len(platform.errors()) == 2)
        error = platform.errors()[1]
        assert (error["error"], error["request_id"], error["first_available"]) == ("not_retained", "gone", None)
        assert validate(error, "replay_error") == []
    finally:
        pub.stop()
        platform.close()
        station.close()
    for archive in list_archives(arch):   # every archived event had been acknowledged
        assert archive.conn.execute("SELECT COUNT(*) FROM outbox WHERE published_utc IS NULL").fetchone()[0] == 0
        archive.close()
    with Journal(path, readonly=True) as journal:
        proof = verify_history(journal, arch)
        assert proof.ok, proof.message
