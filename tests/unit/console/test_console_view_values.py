"""The table's view carries values from the controller to the paint (docs/controller.md "TableView"): the round's
result (:class:`~dealer_station.domain.round_result.RoundResult`), the card to rescan and the positions entered by
hand (:class:`~dealer_station.domain.outcome.Position`) and the cards held (:class:`~dealer_station.domain.cards.Card`);
the dealer's screen words and paints them as they are, reading no text of them.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from dealer_station.console.dealer_screen import DealerScreen
from dealer_station.domain.cards import Card
from dealer_station.domain.facts import RoundStatus
from dealer_station.domain.outcome import Position, RoundOutcome, Winner
from dealer_station.domain.round_result import RoundResult
from tests.support.cards import cards
from tests.support.views import typed_view
from tests.unit.console.conftest import DEALER, SUPERVISOR


def _assert_values(view) -> None:
    """Every field of ``view`` this module is about holds values of its type."""
    result = view.result
    if result is not None:
        assert isinstance(result, RoundResult) and isinstance(result.status, RoundStatus)
        assert isinstance(result.round, int) and result.round >= 1
        assert result.winner is None or isinstance(result.winner, Winner)
        assert all(t is None or type(t) is int for t in (result.player_total, result.banker_total))
        assert result.outcome is None or isinstance(result.outcome, RoundOutcome)
    assert view.rescan is None or isinstance(view.rescan, Position)
    assert type(view.rescan_burn) is bool
    assert all(isinstance(p, Position) for p in view.manual)
    assert all(isinstance(c, Card) for c in view.held)


def test_rounds_dealt_on_the_simulated_shoe_are_told_to_the_console_as_values(qtbot, console_station, console):
    """Two rounds dealt by the console's automatic dealer on the simulated shoe: each view told holds the values,
    the dealt round's result (``dealt``: the confirm opens the next round in the same step) with its winner, totals and
    flags as the round's outcome has them, and the hands painted from it."""
    station = console_station(accounts=(SUPERVISOR, DEALER), sign_in=("dan", "0000"))
    win = console(station, authenticate=station.authenticate, load_shoe=station.load_shoe)
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=60000)
    told: list = []
    win.host.view_changed.connect(told.append)
    assert win.run_auto(2, timeout=90)
    qtbot.waitUntil(lambda: win.rounds_completed >= 1, timeout=60000)
    for view in told:
        _assert_values(view)
    results = [view.result for view in told if view.result is not None]
    assert any(r.status is RoundStatus.DEALT for r in results)  # a burst of views is told once: not every round
    for result in results:
        outcome = result.outcome
        assert outcome is not None and result.winner is outcome.winner
        assert (result.player_total, result.banker_total) == (outcome.player_total, outcome.banker_total)
    dealt = [view for view in told if view.state == "result"]
    assert dealt and all(view.result.status is RoundStatus.DEALT for view in dealt)
    last = win.dealer.view                   # the automatic dealer stops on the last round's result, unconfirmed
    assert last.state == "result" and last.result.status is RoundStatus.DEALT
    assert last.result.round == last.round_number >= 2
    winner = last.result.winner
    assert win.dealer.player.outcome == ("tie" if winner is Winner.TIE else
                                         "win" if winner is Winner.PLAYER else "lose")
    assert win.dealer.banker.outcome == ("tie" if winner is Winner.TIE else
                                         "win" if winner is Winner.BANKER else "lose")


@pytest.fixture
def screen(qtbot):
    screen = DealerScreen()
    qtbot.addWidget(screen)
    screen.show()
    return screen


def _view(state: str, **kw):
    base = {"state": state, "prompt": "", "next_position": None, "who_draws": None, "table_id": "T1",
            "shoe_number": 1, "round_number": 3, "cards_left": 300, "burn_indicator": "5H", "burn_remaining": 0,
            "cut_card_out": False, "last_round": False, "player": (), "banker": (), "player_total": None,
            "banker_total": None, "offered_bets": (), "misreads": 0, "rescan": None, "incident": None,
            "result": None, "history": ("B", "P"), "betting_seconds_left": None, "connected": True}
    return typed_view(**{**base, **kw})


def _shown(screen, view) -> None:
    screen.show_view(view)
    QApplication.processEvents()
    assert screen.view is view


def test_the_result_is_worded_and_painted_from_its_values(screen):
    """A dealt round's :class:`RoundResult` (no mapping to read a winner's text from): the banner says it with the
    winner's total first, the banker's hand is painted the winner and the card entered by hand marked."""
    player, banker = cards("4S", "AH"), cards("3S", "4C")
    outcome = RoundOutcome(player=player, banker=banker)
    result = RoundResult.of(RoundStatus.DEALT, 3, outcome)
    assert result.winner is Winner.BANKER
    _shown(screen, _view("result", player=player, banker=banker, player_total=5, banker_total=7, result=result,
                         manual=(Position.BANKER1,)))
    assert screen.banner.text() == "BANKER WINS 7 – 5"
    assert (screen.banker.outcome, screen.player.outcome) == ("win", "lose")
    assert [face.manual for face in screen.banker.cards[:2]] == [True, False]
    assert not any(face.manual for face in screen.player.cards)


def test_a_tie_and_a_void_are_worded_from_their_values(screen):
    tie = RoundResult.of(RoundStatus.DEALT, 3, RoundOutcome(player=cards("3S", "3H"), banker=cards("2C", "4D")))
    _shown(screen, _view("result", player=cards("3S", "3H"), banker=cards("2C", "4D"), player_total=6,
                         banker_total=6, result=tie))
    assert tie.winner is Winner.TIE and screen.banner.text() == "TIE 6 – 6"
    assert (screen.player.outcome, screen.banker.outcome) == ("tie", "tie")
    void = RoundResult.of(RoundStatus.VOIDED, 3, None)
    _shown(screen, _view("ready", result=void))
    assert void.voided and void.winner is None
    assert screen.banner.text() == "ROUND 3 VOID – ALL BETS RETURNED"
    assert (screen.player.outcome, screen.banker.outcome) == (None, None)


def test_the_card_to_rescan_is_marked_from_its_position_and_the_burn_card_from_its_flag(screen):
    _shown(screen, _view("dealing", player=cards("4S"), banker=cards("3S"), next_position="player2",
                         rescan=Position.PLAYER2, misreads=1))
    assert screen.misread.text.text() == "MISREAD – RESCAN PLAYER CARD 2  (1×)"
    assert [face.is_rescan for face in screen.player.cards] == [False, True, False]
    assert not any(face.is_rescan or face.is_next for face in screen.banker.cards)
    _shown(screen, _view("burning", burn_remaining=4, rescan_burn=True, misreads=2))
    assert screen.misread.text.text() == "MISREAD – RESCAN THE BURN CARD  (2×)"
    _shown(screen, _view("dealing", player=cards("4S"), banker=cards("3S"), next_position="player2"))
    assert screen.misread.isHidden()


def test_a_misread_sounds_once_whatever_its_words(qtbot):
    """The misread's sound is keyed by the card to scan again and the count, not by their words: the same misread
    shown again in other words (the console's language changed) sounds nothing; a second misread sounds again."""
    sounds: list[int] = []
    screen = DealerScreen(misread_sound=lambda: sounds.append(1))
    qtbot.addWidget(screen)
    screen.show()
    view = _view("dealing", player=cards("4S"), banker=cards("3S"), next_position="player2",
                 rescan=Position.PLAYER2, misreads=1)
    screen._show_alerts(view, view.state, "PLAYER CARD 2")
    screen._show_alerts(view, view.state, "CARTA 2 DO JOGADOR")
    assert sounds == [1]
    again = _view("dealing", player=cards("4S"), banker=cards("3S"), next_position="player2",
                  rescan=Position.PLAYER2, misreads=2)
    screen._show_alerts(again, again.state, "CARTA 2 DO JOGADOR")
    assert sounds == [1, 1]
