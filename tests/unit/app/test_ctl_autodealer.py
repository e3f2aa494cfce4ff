"""The one automatic dealer: pulling cards (``step``, the station's ``--auto``) and acting before the
frames a recording brings (``before_frame``, QA replay), state by state."""

from __future__ import annotations

import pytest
from structlog.testing import capture_logs

from dealer_station.app.autodealer import AutoDealer
from dealer_station.app.controller import ActRefused
from drivers.frames import CardRead, Connected
from tests.conftest import reset_logging
from tests.support.table import Table


def _to(table: Table, state: str) -> None:
    """Bring ``table`` to ``state`` by the dealer's own acts and cards."""
    table.ctl.shoe_event(Connected("test"))
    if state == "no_shoe":
        return
    table.ctl.dealer("new_shoe")
    if state == "shuffle":
        return
    table.ctl.dealer("shuffled")
    if state == "burn_indicator":
        return
    table.card("2S", "9D", "9H")
    if state == "ready":
        return
    table.ctl.dealer("open_betting")
    if state == "betting_open":
        return
    table.ctl.dealer("close_betting")
    if state == "betting_closed":
        return
    table.card("9H", "8D", "KH", "KD")  # naturals: 9 against 8
    assert table.ctl.state == "result"


# state the table is in -> (acts before_frame asks, the state it leaves the table in)
BEFORE_FRAME = [
    ("no_shoe", ["new_shoe"], "shuffle"),           # a card in shuffle is the indicator: no 'shuffled'
    ("shuffle", [], "shuffle"),
    ("burn_indicator", [], "burn_indicator"),
    ("ready", ["open_betting", "close_betting"], "betting_closed"),
    ("betting_open", ["close_betting"], "betting_closed"),
    ("betting_closed", [], "betting_closed"),
    ("result", ["confirm_result", "open_betting", "close_betting"], "betting_closed"),
]


@pytest.mark.parametrize(("start", "acts", "end"), BEFORE_FRAME)
def test_before_frame_acts_until_the_table_can_read_a_card(tmp_path, start, acts, end):
    table = Table(tmp_path)
    _to(table, start)
    asked: list[str] = []
    real = table.ctl.dealer
    table.ctl.dealer = lambda act, **kw: (asked.append(act), real(act, **kw))[1]
    dealer = AutoDealer(table.ctl)
    dealer.before_frame(CardRead("5S", b"5S"))
    assert asked == acts and dealer.acts == len(acts) and table.ctl.state == end


# state -> what step() does there (the pulling dealer acts 'shuffled' itself, and draws in card states)
STEP = [
    ("no_shoe", "new_shoe"),
    ("shuffle", "shuffled"),
    ("burn_indicator", "draw"),
    ("ready", "open_betting"),
    ("betting_open", "close_betting"),
    ("betting_closed", "draw"),
    ("result", "confirm_result"),
]


@pytest.mark.parametrize(("start", "did"), STEP)
def test_step_does_the_next_act_or_draws(tmp_path, start, did):
    table = Table(tmp_path)
    _to(table, start)
    drawn: list[int] = []
    dealer = AutoDealer(table.ctl, lambda: drawn.append(1))
    assert dealer.step() == did
    assert drawn == ([1] if did == "draw" else [])
    assert dealer.acts == (0 if did == "draw" else 1)


def test_without_a_draw_step_waits_for_the_frames_to_come(tmp_path):
    table = Table(tmp_path)
    _to(table, "betting_closed")
    assert AutoDealer(table.ctl).step() is None


def test_a_paused_table_is_left_to_the_supervisor(tmp_path):
    table = Table(tmp_path)
    _to(table, "ready")
    table.ctl.dealer("call_supervisor")
    assert table.ctl.state == "paused"
    dealer = AutoDealer(table.ctl, lambda: pytest.fail("drew on a paused table"))
    dealer.before_frame(CardRead("5S", b"5S"))
    assert dealer.step() is None and dealer.acts == 0 and table.ctl.state == "paused"


def test_before_frame_is_bounded_and_a_refused_act_is_logged_not_raised(tmp_path):
    table = Table(tmp_path)
    _to(table, "ready")

    def refuse(act, **kw):
        raise ActRefused(act, "journal_failed")

    table.ctl.dealer = refuse
    dealer = AutoDealer(table.ctl)
    reset_logging()  # an earlier test's configured level would filter the warnings out before the capture
    with capture_logs() as logs:
        dealer.before_frame(CardRead("5S", b"5S"))   # the table never moves: 8 acts, then the frame decides
    assert dealer.acts == 8 and table.ctl.state == "ready"
    refused = [e for e in logs if e["event"] == "auto_act_refused"]
    assert len(refused) == 8 and refused[0]["act"] == "open_betting" and refused[0]["why"] == "journal_failed"


def test_before_frame_keeps_the_shoe_count(tmp_path):
    table = Table(tmp_path)
    loaded: list[int] = []
    dealer = AutoDealer(table.ctl, new_shoe=loaded.append, shoes=0)
    dealer.before_frame(CardRead("5S", b"5S"))
    assert dealer.acts == 0 and table.ctl.state == "no_shoe" and loaded == []
    dealer.shoes = 1
    dealer.before_frame(CardRead("5S", b"5S"))
    assert loaded == [1] and table.ctl.state == "shuffle"


def test_finish_confirms_a_dealt_round(tmp_path):
    table = Table(tmp_path)
    _to(table, "result")
    dealer = AutoDealer(table.ctl)
    dealer.finish()
    assert dealer.acts == 1 and table.ctl.state == "ready"
    dealer.finish()
    assert dealer.acts == 1
