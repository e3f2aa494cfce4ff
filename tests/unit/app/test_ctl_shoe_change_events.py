"""What the platform is told at a shoe change (README.md "Publishing to the betting platform"): ``shoe_ended`` and a
``table_status`` ``shoe_change`` at the shoe's end, nothing at CHANGE SHOE, the next ``shoe_started`` and
``table_status`` ``shuffling`` at NEW SHOE, ``open`` once the burn is done; a card read meanwhile is an ``alert``."""

from __future__ import annotations

from dealer_station import outbox
from tests.support.table import Table, config, shoe_cards


def _told(t: Table, after: int) -> list[tuple[str, dict]]:
    return [(e.type, e.as_dict()["data"]) for e in outbox.read_events(t.journal.conn)][after:]


def test_the_platform_hears_the_shoe_end_then_the_next_shoe_and_nothing_at_change_shoe(tmp_path):
    t = Table(tmp_path, cfg=config(shoe__decks=1, shoe__cut_min=40, shoe__cut_max=40))
    t.start_shoe()
    cards = shoe_cards(3)
    t.deal_from(cards)
    t.cut()   # the cut card between rounds: one more round, then the shoe ends
    before_end = len(_told(t, 0))
    t.deal_from(cards)
    assert t.state == "shoe_end"
    ended = _told(t, before_end)
    kinds = [kind for kind, _ in ended]
    assert "shoe_ended" in kinds and kinds.index("shoe_ended") < kinds.index("table_status")
    assert [data for kind, data in ended if kind == "table_status"][-1] == {"status": "shoe_change",
                                                                            "state": "shoe_end"}
    assert "round_opened" not in kinds[kinds.index("shoe_ended"):]

    at_change = len(_told(t, 0))
    t.ctl.dealer("change_shoe")
    assert t.state == "shoe_change" and _told(t, at_change) == []   # journaled, but nothing for the platform
    t.card("5H")   # a card read during the change: told, and nothing changes at the table
    alert = _told(t, at_change)
    assert [kind for kind, _ in alert] == ["alert"] and alert[0][1]["kind"] == "frame_without_shoe"
    assert alert[0][1]["state"] == "shoe_change" and t.state == "shoe_change"

    at_new = len(_told(t, 0))
    t.ctl.dealer("new_shoe")
    started = _told(t, at_new)
    assert [kind for kind, _ in started] == ["shoe_started", "table_status"]
    assert started[0][1]["shoe_number"] == 2 and started[1][1] == {"status": "shuffling", "state": "shuffle"}
    t.ctl.dealer("shuffled")
    t.card("2S", "9D", "9H")   # the burn card and the cards burned
    assert [data for kind, data in _told(t, at_new) if kind == "table_status"][-1]["status"] == "open"
    assert "round_opened" not in [kind for kind, _ in _told(t, at_new)]   # until the dealer opens betting
