"""A ledger's events count misreads as the station's journal does: the same report, misreads and cards included,
from a station's events (``card_misread``, the pauses, the alerts, the cards held and incidents noted while paused),
and misreads unknown for a shoe from a station
that did not publish its rescans (docs/events.md "The ledger in reports")."""

from __future__ import annotations

import json

import pytest

from dealer_station import outbox
from dealer_station.app.record_fold import fold_journal
from dealer_station.app.reports import build_report, report_json, report_text
from dealer_station.journal import Journal
from dealer_station.platform.ledger_records import fold_events
from drivers.frames import CardRead, CutCard, NoRead
from tests.support.table import Table

NATURALS = ("9S", "8S", "KS", "KH")
"""Player 9, Banker 8: two naturals, four cards."""


def unknown_code(t: Table) -> None:
    t.ctl.shoe_event(CardRead("ZZ", b"ZZ\r\n"))


def end_shoe(t: Table) -> None:
    """The shoe ended by the supervisor: its ``shoe_ended`` tells the ledger the burn."""
    t.ctl.dealer("call_supervisor", note="a new shoe")
    t.sup("end_shoe")


def rescans(t: Table) -> None:
    t.start_shoe()
    t.open_round()
    t.no_read(2)          # player1, then an unknown code and a bad checksum at banker1
    t.card("9S")
    unknown_code(t)
    t.ctl.shoe_event(NoRead(b"\x15", "bad_lrc"))
    t.card("8S", "KS", "KH")
    t.ctl.dealer("confirm_result")
    end_shoe(t)


def burn_misreads(t: Table) -> None:
    t.ctl.dealer("new_shoe")
    t.ctl.dealer("shuffled")
    t.no_read()
    t.card("7S")
    unknown_code(t)
    t.card("9D", "9H", "9C", "9S", "8D", "8H", "8C")
    t.round(*NATURALS)
    end_shoe(t)


def limit_and_while_paused(t: Table) -> None:
    t.start_shoe()
    t.open_round()
    t.card("9S")
    t.no_read(3)          # the limit: paused
    t.no_read()           # read while paused
    unknown_code(t)       # so is this
    t.sup("resume")
    t.card("8S", "KS", "KH")
    t.ctl.dealer("confirm_result")
    end_shoe(t)


def out_of_place(t: Table) -> None:
    t.start_shoe()
    t.no_read()           # before the first betting: a procedure violation
    t.sup("resume")
    t.card("KD")          # a card there too
    t.sup("resume")
    t.round(*NATURALS)
    t.ctl.dealer("open_betting")
    t.no_read()           # while betting is open
    t.sup("resume")
    unknown_code(t)       # an unknown code there: a card frame in the journal
    t.sup("resume")
    t.ctl.dealer("close_betting")
    t.card(*NATURALS)
    t.ctl.dealer("confirm_result")
    t.no_read()           # after the round
    t.sup("resume")
    end_shoe(t)


def without_a_shoe(t: Table) -> None:
    t.ctl.shoe_event(CutCard(b"CUT"))
    t.no_read()
    unknown_code(t)
    t.card("QH")
    t.start_shoe()
    t.round(*NATURALS)
    end_shoe(t)
    t.no_read()           # after the shoe ended
    t.card("QD")


def held_and_noted_while_paused(t: Table) -> None:
    """Cards read while paused: held (one entered by hand, the rest discarded at the resume), and one more than the
    decks hold recorded as an incident while paused; the station counts them all among the shoe's cards."""
    t.start_shoe()
    t.open_round()
    t.card("9S")
    t.no_read(3)          # the limit: paused
    t.card("8S")          # held, then entered by hand
    t.sup("enter_card", token="8S")
    t.card("KS")
    t.ctl.dealer("call_supervisor", note="look")
    t.card(*["9C"] * 9)   # eight held; the ninth is beyond 8 decks: an incident noted while paused
    t.sup("resume", discard_held=True)
    t.card("KH")
    t.ctl.dealer("confirm_result")
    end_shoe(t)


SCENARIOS = {"rescans": rescans, "held_and_noted_while_paused": held_and_noted_while_paused,
             "burn_misreads": burn_misreads, "limit_and_while_paused": limit_and_while_paused,
             "out_of_place": out_of_place, "without_a_shoe": without_a_shoe}


def dealt(tmp_path, scenario) -> tuple[Journal, list[tuple[int, str]]]:
    journal = Journal(tmp_path / "j.sqlite")
    t = Table(tmp_path, journal)
    SCENARIOS[scenario](t)
    return journal, [(e.event_id, e.payload) for e in outbox.read_events(journal.conn)]


def reports(journal: Journal, events: list[tuple[int, str]], by: str = "shoe") -> tuple[dict, dict]:
    own = report_json(build_report(fold_journal(journal, table_id="T1"), by=by))
    central = report_json(build_report([fold_events("T1", events)], by=by, source="ledger"))
    return own, central


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
@pytest.mark.parametrize("by", ["shoe", "dealer", "day"])
def test_the_ledgers_report_counts_misreads_and_cards_as_the_station(tmp_path, scenario, by):
    journal, events = dealt(tmp_path, scenario)
    own, central = reports(journal, events, by)
    assert own["total"]["misreads"] > 0
    assert central["total"] == own["total"]
    assert central["blocks"] == own["blocks"] and central["groups"] == own["groups"]
    journal.close()


def test_the_ledger_tells_each_rounds_misreads_where_they_were(tmp_path):
    journal, events = dealt(tmp_path, "rescans")
    own = fold_journal(journal, table_id="T1").rounds[0]
    central = fold_events("T1", events).rounds[0]
    assert central.misreads == own.misreads == 4
    assert central.misreads_at == own.misreads_at == {"player1": 2, "banker1": 2}
    assert [(s.frame, s.token, s.reason, s.outcome, s.position) for s in central.scans if s.misread] == \
        [(s.frame, s.token, s.reason, s.outcome, s.position) for s in own.scans if s.misread]
    journal.close()


def before_misreads_were_published(events: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The events as a station before ``card_misread`` made them: no ``card_misread``, no mark on ``shoe_started``
    (renumbered: that station's ids had no hole)."""
    kept = []
    for _, payload in events:
        event = json.loads(payload)
        if event["type"] == "card_misread":
            continue
        if event["type"] == "shoe_started":
            del event["data"]["misreads_published"]
        event["event_id"] = len(kept) + 1
        kept.append((event["event_id"], json.dumps(event)))
    return kept


def test_a_shoe_from_a_station_that_did_not_publish_its_rescans_has_misreads_unknown(tmp_path):
    journal, events = dealt(tmp_path, "rescans")
    old = before_misreads_were_published(events)
    assert fold_events("T1", old).misreads_unknown == [1] and fold_events("T1", events).misreads_unknown == []
    own, central = reports(journal, old)
    assert central["total"]["misreads"] is None and central["total"]["misreads_per_1000_cards"] is None
    assert central["total"]["cards"] == own["total"]["cards"]
    assert "misreads not in the events" in report_text(build_report([fold_events("T1", old)], source="ledger"))
    journal.close()


def test_one_untold_shoe_leaves_the_others_counted(tmp_path):
    journal = Journal(tmp_path / "j.sqlite")
    t = Table(tmp_path, journal)
    rescans(t)
    t.start_shoe()
    t.open_round()
    t.no_read()
    t.card(*NATURALS)
    t.ctl.dealer("confirm_result")
    end_shoe(t)
    events = [(e.event_id, e.payload) for e in outbox.read_events(journal.conn)]
    first_shoe_old = []
    for event_id, payload in events:
        event = json.loads(payload)
        if event["type"] == "shoe_started" and event["data"]["shoe_number"] == 1:
            del event["data"]["misreads_published"]
            payload = json.dumps(event)
        first_shoe_old.append((event_id, payload))
    own, central = reports(journal, first_shoe_old)
    by_shoe = {b["block"]: b for b in central["blocks"]}
    assert by_shoe["shoe 1"]["misreads"] is None and by_shoe["shoe 2"]["misreads"] == 1
    assert by_shoe["shoe 2"] == {b["block"]: b for b in own["blocks"]}["shoe 2"]
    assert central["total"]["misreads"] is None
    journal.close()



@pytest.mark.parametrize("sends_bytes", [True, False])
def test_the_ledger_keeps_a_held_cards_token_and_bytes_as_the_journal(tmp_path, sends_bytes):
    """Cards held while paused and the one beyond the decks (an incident noted while paused): the ledger's scans
    carry the same token and raw bytes as the station's own, whether the shoe sent bytes or only the token."""
    from dealer_station.app.records import ScanOutcome

    journal = Journal(tmp_path / "j.sqlite")
    t = Table(tmp_path, journal)

    def card(token):
        t.ctl.shoe_event(CardRead(token, token.encode() if sends_bytes else b""))

    t.start_shoe()
    t.open_round()
    t.card("9S")
    t.no_read(3)          # the limit: paused
    for token in ["8S", *["9C"] * 9]:   # held; the ninth 9C is beyond 8 decks: an incident noted while paused
        card(token)
    t.sup("resume", discard_held=True)
    events = [(e.event_id, e.payload) for e in outbox.read_events(journal.conn)]
    kept = (ScanOutcome.HELD, ScanOutcome.INCIDENT)

    def scans(history):
        return [(s.frame, s.token, s.raw, s.outcome) for r in history.rounds for s in r.scans if s.outcome in kept]

    own, central = scans(fold_journal(journal, table_id="T1")), scans(fold_events("T1", events))
    assert [token for _f, token, _r, _o in own] == ["8S", *["9C"] * 9]
    assert {outcome for *_rest, outcome in own} == set(kept)
    assert central == own
    journal.close()
