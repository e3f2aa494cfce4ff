"""The retained status's ``open_pause``: the pause still open as of ``last_event_id``, read from the outbox.

A pit (or any consumer) that starts while a table is paused learns the pause from the retained status,
since events are not retained (docs/events.md "Status and last will").
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from dealer_station import outbox
from dealer_station.journal.outbox_reader import OutboxReader
from dealer_station.publish.status import NOT_READ, open_pause_member, status_payload
from dealer_station.schemas import validate
from dealer_station.signing import Signer, TrustStore, public_pem

TS = "2026-12-01T07:00:00.000000Z"
INCIDENT = {"type": "card_while_betting", "reason": "card", "state_before": "betting_open", "position": None,
            "evidence": "7H", "ts": TS}


def add(conn: sqlite3.Connection, kind: str, data: dict | None = None) -> int:
    event = outbox.append(conn, kind, table_id="T1", ts=TS, data=data or {}, shoe_id="T1-S0001",
                          round_id="T1-S0001-R004")
    conn.commit()
    return event.event_id


@pytest.fixture
def journal(tmp_path):
    path = tmp_path / "journal.db"
    conn = sqlite3.connect(path)
    outbox.ensure_schema(conn)
    conn.commit()
    yield path, conn
    conn.close()


def pause_at(path, as_of: int) -> int | None:
    with OutboxReader(path) as reader:
        found = reader.open_pause(as_of)
    return None if found is None else found[0]


def test_the_pause_open_as_of_an_event_id(journal):
    path, conn = journal
    add(conn, "round_opened", {"round_number": 4})
    add(conn, "table_status", {"status": "open", "state": "betting_open"})
    paused = add(conn, "round_paused", {"round_number": 4, "incident": INCIDENT})
    status = add(conn, "table_status", {"status": "paused", "state": "paused"})   # the pause's own status
    add(conn, "card_dealt", {"round_number": 4, "position": "player1", "card": "7H", "manual": False})
    resumed = add(conn, "round_resumed", {"round_number": 4, "act": "resume"})
    again = add(conn, "round_paused", {"round_number": 4, "incident": {**INCIDENT, "type": "foreign_card"}})
    going_on = add(conn, "table_status", {"status": "open", "state": "dealing"})
    assert [pause_at(path, i) for i in range(1, going_on + 1)] == [
        None, None, paused, paused, paused, None, again, None]
    assert (status, resumed) == (4, 6)
    assert pause_at(path, 0) is None
    with OutboxReader(path) as reader:
        member = open_pause_member(*reader.open_pause(again))
    assert member == {"event_id": again, "ts": TS, "shoe_id": "T1-S0001", "round_id": "T1-S0001-R004",
                      "round_number": 4, "incident": {**INCIDENT, "type": "foreign_card"}}


@pytest.mark.parametrize("ender", [
    ("round_opened", {"round_number": 5}), ("round_result", {"round_number": 4, "winner": "banker"}),
    ("shoe_started", {"shoe_number": 2}), ("table_status", {"status": "closed", "state": "no_shoe"}),
])
def test_what_ends_a_pause_for_the_status(journal, ender):
    path, conn = journal
    add(conn, "round_paused", {"round_number": 4, "incident": INCIDENT})
    last = add(conn, *ender)
    assert pause_at(path, last - 1) == 1 and pause_at(path, last) is None


def test_an_outbox_not_written_yet_has_no_pause(tmp_path):
    path = tmp_path / "empty.db"
    sqlite3.connect(path).close()
    assert pause_at(path, 10) is None


def test_the_status_carries_it_signed_and_valid():
    signer = Signer.generate()
    member = open_pause_member(7, outbox.payload_text(outbox.envelope(
        7, "round_paused", table_id="T1", ts=TS, data={"round_number": 4, "incident": INCIDENT},
        shoe_id="T1-S0001", round_id="T1-S0001-R004")))
    common = {"table_id": "T1", "client_id": "dealer-station-T1", "station_info": {}, "signer": signer}
    for pause in (member, None):
        payload = status_payload("online", last_event_id=9, open_pause=pause, **common)
        body = json.loads(payload)
        assert body["open_pause"] == pause and validate(body, "station_status") == []
        assert outbox.payload_problem(payload.decode()) is None    # its own canonical text, as trust requires
    # not read yet, or no last_event_id: the member is left out (nothing is claimed)
    assert "open_pause" not in json.loads(status_payload("online", last_event_id=9, open_pause=NOT_READ, **common))
    assert "open_pause" not in json.loads(status_payload("online", open_pause=member, **common))
    bad = json.loads(status_payload("online", last_event_id=9, open_pause=member, **common))
    bad["open_pause"]["event_id"] = 0
    assert validate(bad, "station_status")
    assert open_pause_member(7, "{oops") is None and open_pause_member(7, '{"ts": "x", "data": {}}') is None


def test_a_signed_status_with_its_pause_passes_the_trust_check(tmp_path):
    signer = Signer.generate()
    (tmp_path / "T1.pub").write_text(public_pem(signer.public_key))
    member = {"event_id": 7, "ts": TS, "shoe_id": "T1-S0001", "round_id": None, "round_number": None,
              "incident": {**INCIDENT, "detail": "caf\u00e9"}}
    payload = status_payload("offline", table_id="T1", client_id="c", station_info={}, last_event_id=9,
                             reason="connection_lost", open_pause=member, signer=signer)
    body = json.loads(payload)
    assert TrustStore(tmp_path).message_problem("T1", "status", body, payload) is None
    body["open_pause"]["event_id"] = 8          # someone changes the pause: the signature no longer holds
    forged = outbox.payload_text(body).encode()
    assert TrustStore(tmp_path).message_problem("T1", "status", body, forged)
