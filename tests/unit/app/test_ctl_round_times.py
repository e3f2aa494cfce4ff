"""Each round_result carries when its first card was scanned and when the result was decided."""

from __future__ import annotations

from dealer_station import outbox
from dealer_station.app.controller import iso_utc
from dealer_station.schemas import validate_event
from tests.support.table import Table, shoe_cards


def results(t: Table) -> list[dict]:
    return [e.as_dict() for e in outbox.read_events(t.journal.conn) if e.type == "round_result"]


def first_cards(t: Table) -> dict[str, str]:
    """round_id -> ts of its first card_dealt event."""
    out: dict[str, str] = {}
    for e in outbox.read_events(t.journal.conn):
        if e.type == "card_dealt":
            out.setdefault(e.as_dict()["round_id"], e.as_dict()["ts"])
    return out


def deal_timed(t: Table, cards, *, before: float, per_card: float, confirm_after: float) -> tuple[str, str]:
    """Open a round, wait ``before`` s, deal (``per_card`` s apart), confirm after ``confirm_after`` s;
    return (iso time of the first card, iso time of the confirmation)."""
    t.open_round()
    t.clock.advance(before)
    first = iso_utc(t.clock.now)
    while t.state in ("betting_closed", "dealing"):
        t.card(next(cards))
        t.clock.advance(per_card)
    t.clock.advance(confirm_after)
    decided = iso_utc(t.clock.now)
    t.ctl.dealer("confirm_result")
    return first, decided


def test_round_result_carries_the_first_card_and_decision_times(tmp_path):
    t = Table(tmp_path, journal_path=str(tmp_path / "j.sqlite"))
    t.start_shoe()
    cards = shoe_cards(5)
    t.clock.advance(3)
    expected = [deal_timed(t, cards, before=2.0, per_card=0.75, confirm_after=1.25) for _ in range(3)]
    got = results(t)
    assert [(r["data"]["first_card_ts"], r["data"]["decided_ts"]) for r in got] == expected
    for r in got:
        assert r["data"]["decided_ts"] == r["ts"]
        assert r["data"]["first_card_ts"] == first_cards(t)[r["round_id"]]   # each round its own first card
        assert validate_event(r) == []
    # the rounds took 2 s of waiting before the first card: not counted, the scan starts the clock
    assert len({r["data"]["first_card_ts"] for r in got}) == 3


def test_a_misread_before_the_first_card_does_not_start_the_clock(tmp_path):
    t = Table(tmp_path, journal_path=str(tmp_path / "j.sqlite"))
    t.start_shoe()
    t.open_round()
    t.no_read()
    t.clock.advance(4)
    first = iso_utc(t.clock.now)
    cards = shoe_cards(1)
    while t.state in ("betting_closed", "dealing"):
        t.card(next(cards))
        t.clock.advance(0.5)
    t.ctl.dealer("confirm_result")
    (result,) = results(t)
    assert result["data"]["first_card_ts"] == first


def test_the_first_card_time_survives_a_restart_mid_round(tmp_path):
    path = str(tmp_path / "j.sqlite")
    t = Table(tmp_path, journal_path=path)
    t.start_shoe()
    cards = shoe_cards(2)
    t.deal_from(cards)
    t.open_round()
    t.clock.advance(1)
    first = iso_utc(t.clock.now)
    t.card(next(cards), next(cards))
    t.journal.close()
    t.clock.advance(30)   # the station was down
    again = Table(tmp_path, journal_path=path, accounts=t.accounts, clock=t.clock)
    while again.state in ("betting_closed", "dealing"):
        again.card(next(cards))
    decided = iso_utc(again.clock.now)
    again.ctl.dealer("confirm_result")
    last = results(again)[-1]
    assert last["data"]["first_card_ts"] == first
    assert last["data"]["decided_ts"] == decided
