"""Each misread is told to the platform: a ``card_misread`` event for a rescan and for one read while paused, built,
signed, numbered and checked like the other events (docs/events.md "Event types")."""

from __future__ import annotations

from dealer_station import outbox
from dealer_station.journal import Journal
from dealer_station.schemas import validate_event
from dealer_station.signing import Signer, signature_problem
from drivers.frames import CardRead, NoRead
from tests.support.table import Table


def events(t: Table) -> list[dict]:
    return [e.as_dict() for e in outbox.read_events(t.journal.conn)]


def misreads(t: Table) -> list[dict]:
    return [e["data"] for e in events(t) if e["type"] == "card_misread"]


def test_a_rescan_in_a_round_is_a_card_misread_with_its_count_in_a_row(table: Table):
    table.open_round()
    table.card("2S")
    table.no_read(2)
    table.ctl.shoe_event(CardRead("ZZ", b"ZZ\r\n"))   # an unknown code: the third misread reaches the limit
    assert misreads(table) == [
        {"round_number": 1, "position": "banker1", "reason": "no_read", "misreads_in_a_row": n, "paused": False,
         "evidence": "15"} for n in (1, 2)]
    decision = [e for e in events(table) if e["journal_seq"] == events(table)[-1]["journal_seq"]]
    # the misread at the limit is told by its pause, not twice
    assert [e["type"] for e in decision] == ["round_paused", "table_status"]
    assert decision[0]["data"]["incident"]["type"] == "misread_limit"
    rescan = next(e for e in events(table) if e["type"] == "card_misread")
    assert rescan["round_id"] == "T1-S0001-R001" and rescan["shoe_id"] == "T1-S0001"


def test_an_unknown_code_keeps_its_token_in_the_evidence(table: Table):
    table.open_round()
    table.ctl.shoe_event(CardRead("ZZ", b"ZZ\r\n"))
    (data,) = misreads(table)
    assert (data["reason"], data["position"], data["evidence"]) == ("unknown_code", "player1", "5a5a0d0a (ZZ)")


def test_a_misread_in_the_burn_names_no_round(tmp_path):
    t = Table(tmp_path)
    t.ctl.dealer("new_shoe")
    t.ctl.dealer("shuffled")
    t.no_read()
    t.card("3S")
    t.ctl.shoe_event(NoRead(b"\x15", "bad_lrc"))
    burn = [e for e in events(t) if e["type"] == "card_misread"]
    assert [(e["round_id"], e["data"]["round_number"], e["data"]["position"], e["data"]["reason"]) for e in burn] \
        == [(None, None, "burn_indicator", "no_read"), (None, None, "burn", "bad_lrc")]


def test_a_misread_while_paused_is_told_without_a_position_and_keeps_the_pause(table: Table):
    table.open_round()
    table.ctl.dealer("call_supervisor", note="look")
    table.no_read()
    (data,) = misreads(table)
    assert data == {"round_number": 1, "position": None, "reason": "no_read", "misreads_in_a_row": None,
                    "paused": True, "evidence": "15"}
    assert table.state == "paused"
    assert not outbox.ends_pause("card_misread", data)


def test_a_reason_no_shoe_sends_is_no_read():
    from dealer_station.app.platform_events import card_misread

    data = card_misread({"position": "player1", "misreads": 1, "reason": "smudge", "raw": "15", "token": ""}, 4,
                        paused=False)
    assert data["reason"] == "no_read" and data["evidence"] == "15"


def test_misread_events_are_signed_numbered_valid_and_match_the_chain(tmp_path):
    signer = Signer.generate()
    t = Table(tmp_path, Journal(tmp_path / "j.sqlite", signer=signer))
    t.start_shoe()
    t.open_round()
    t.no_read()
    t.card("2S")
    t.no_read(2)
    t.card("3S", "4S", "5S")
    t.ctl.dealer("call_supervisor", note="look")
    t.no_read()
    stored = events(t)
    assert [e["event_id"] for e in stored] == list(range(1, len(stored) + 1))
    assert sum(e["type"] == "card_misread" for e in stored) == 4
    for e in stored:
        assert validate_event(e) == [], e
        assert signature_problem(e, {signer.key_id: signer.public_key}) is None
    report = t.journal.verify()
    assert report.ok and report.events == len(stored), report.message
    started = next(e for e in stored if e["type"] == "shoe_started")
    assert started["data"]["misreads_published"] is True
    t.journal.close()


def test_a_restart_goes_on_numbering_after_the_misreads(tmp_path):
    path = tmp_path / "j.sqlite"
    t = Table(tmp_path, Journal(path))
    t.start_shoe()
    t.open_round()
    t.no_read()
    before = len(events(t))
    t.journal.close()
    again = Table(tmp_path, Journal(path))
    again.no_read()
    stored = events(again)
    assert [e["event_id"] for e in stored] == list(range(1, len(stored) + 1)) and len(stored) == before + 1
    assert stored[-1]["data"]["misreads_in_a_row"] == 2   # the count in a row survives the restart
    again.journal.close()


def test_a_card_held_and_an_incident_noted_while_paused_are_told_and_keep_the_pause(tmp_path):
    """What the table keeps while paused reaches the platform too: a card it holds (``card_held``) and an incident
    it records as evidence (``incident_noted``), signed, valid and in the chain like the rest."""
    signer = Signer.generate()
    t = Table(tmp_path, Journal(tmp_path / "j.sqlite", signer=signer))
    t.start_shoe()
    t.open_round()
    t.card("9S")
    t.ctl.dealer("call_supervisor", note="look")
    t.card("8S")
    t.card(*["9C"] * 9)   # the ninth 9C is more than 8 decks hold: an incident recorded while paused
    stored = events(t)
    held = [e for e in stored if e["type"] == "card_held"]
    assert [e["data"] for e in held[:1]] == [{"round_number": 1, "card": "8S", "evidence": "3853 (8S)"}]
    assert len(held) == 9 and held[0]["round_id"] == "T1-S0001-R001"
    (noted,) = [e for e in stored if e["type"] == "incident_noted"]
    assert noted["data"] == {"round_number": 1, "incident": {"type": "foreign_card", "reason": "beyond_inventory",
                                                             "evidence": "3943 (9C)"}}
    assert t.state == "paused" and not any(outbox.ends_pause(e["type"], e["data"]) for e in held + [noted])
    for e in stored:
        assert validate_event(e) == [], e
        assert signature_problem(e, {signer.key_id: signer.public_key}) is None
    report = t.journal.verify()
    assert report.ok and report.events == len(stored), report.message
    t.journal.close()
