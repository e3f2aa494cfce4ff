"""The scoreboard on the dealer screen at 1920x1080: the whole shoe reachable, derived roads readable from
two metres, a layout that stays put from state to state, and no ask or LAST ROUND once the shoe is over."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QPoint, QPointF, QRect, Qt, QTranslator
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from dealer_station.app.config import config_from_dict
from dealer_station.app.controller import Controller
from dealer_station.console.roads_view import DERIVED_MIN_CELL, first_columns, road_columns
from dealer_station.domain.facts import RoundStatus
from dealer_station.domain.incidents import Incident
from dealer_station.domain.outcome import Winner
from dealer_station.domain.roads import compute_roads
from dealer_station.domain.round_result import RoundResult
from dealer_station.journal import Journal
from tests.support.views import typed_view

LANGUAGES = ("en", "ar", "hu", "pt", "te")
SHOE = tuple("BPBBPTPBBBPPBPTBPPPBTBPBBBBPPTPB" * 3)[:90]  # 90 rounds: more columns than either road shows
BETS = ("player", "banker", "tie", "player_pair", "banker_pair", "either_pair", "perfect_pair", "lucky_six")


@pytest.fixture
def language(qapp):
    """``language(code)`` loads the console's translation the way ``console --language`` does."""
    from dealer_station.console.app import _application

    installed = []

    def load(code):
        before = set(qapp.findChildren(QTranslator))
        assert _application(code) is qapp
        installed.extend(set(qapp.findChildren(QTranslator)) - before)

    yield load
    for translator in installed:
        QCoreApplication.removeTranslator(translator)
    qapp.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
    QLocale.setDefault(QLocale(QLocale.Language.English))


@pytest.fixture
def window(console, qtbot):
    """``window()`` → the console of a real controller (no shoe yet) at 1920x1080, its own first view shown and its
    scoreboard laid out; the views the test shows go straight to the dealer screen, and the controller's no longer
    reach it."""
    journals = []

    def make():
        journals.append(Journal(":memory:"))
        win = console(Controller(config_from_dict({"table": {"id": "T1"}}), journals[-1]))
        win.resize(1920, 1080)
        # the controller's own first view comes through the queue: shown before the test's views, never after
        # them (on a loaded machine it may take some turns of the event loop), and the scoreboard laid out
        roads = win.dealer.roads
        qtbot.waitUntil(lambda: win.dealer.view is not None and roads.width() > 100 and roads.height() > 100,
                        timeout=10000)
        # once the supervisor's screen is made, the window asks the controller's thread to build the odds tables;
        # each step told from there brings the controller's own view (no rounds), which on a loaded machine could
        # land after the test's: from here on the test's views are the only ones shown
        _settle()
        win.station.submit(lambda: None).result(timeout=30)
        win.host.view_changed.disconnect(win._on_view)
        _settle()
        return win

    yield make
    for journal in journals:
        journal.close()


def _settle():
    for _ in range(3):
        QApplication.processEvents()


def _view(state: str, history=SHOE, **kw):
    base = {"state": state, "prompt": "", "next_position": None, "who_draws": None, "table_id": "T1",
            "shoe_number": 1, "round_number": len(history), "cards_left": 300, "burn_indicator": "5H",
            "burn_remaining": 0, "cut_card_out": False, "last_round": False, "player": (), "banker": (),
            "player_total": None, "banker_total": None, "offered_bets": (), "misreads": 0, "rescan": None,
            "incident": None, "result": None, "history": tuple(history), "betting_seconds_left": None,
            "connected": True}
    if state == "betting_open":
        base.update(offered_bets=BETS, betting_seconds_left=12.0)
    if state in ("dealing", "result", "paused"):
        base.update(player=("9H", "KD"), banker=("4C", "2S"), player_total=9, banker_total=6, offered_bets=BETS)
    if state == "dealing":
        base.update(next_position="player3", player=("9H", "KD"), banker=("4C",), banker_total=4)
    if state == "result":
        base.update(result=RoundResult(RoundStatus.DEALT, 1, Winner.PLAYER, 9, 6))
    if state == "paused":
        base.update(rescan="banker2", incident=Incident("misread_limit", "no_read", "dealing", "banker2", "15",
                                                        "2026-11-30T04:00:00Z"))
    base.update(kw)
    return typed_view(**base)


def _show(win, view):
    win.dealer.show_view(view)
    _settle()


def test_a_whole_shoe_is_reachable_on_the_bead_plate_and_big_road(qtbot, window):
    win = window()
    roads = win.dealer.roads
    _show(win, _view("betting_open"))
    bead_total, big_total = road_columns(roads.roads(), "bead_plate"), road_columns(roads.roads(), "big_road")
    assert len(roads.visible("bead_plate")) < bead_total and len(roads.visible("big_road")) < big_total
    assert roads.visible("bead_plate")[-1] == bead_total - 1 and roads.visible("big_road")[-1] == big_total - 1

    seen = {"bead_plate": set(), "big_road": set()}
    for _ in range(bead_total + big_total):  # page back with the keyboard until the shoe's first column
        for name in seen:
            seen[name].update(roads.visible(name))
        if roads.visible("bead_plate")[0] == 0 and roads.visible("big_road")[0] == 0:
            break
        QTest.keyClick(win.dealer, Qt.Key.Key_PageUp)
    assert seen == {"bead_plate": set(range(bead_total)), "big_road": set(range(big_total))}  # every round

    QTest.keyClick(win.dealer, Qt.Key.Key_End)
    assert roads.back == 0 and roads.visible("big_road")[-1] == big_total - 1
    QTest.keyClick(win.dealer, Qt.Key.Key_Home)
    assert roads.visible("big_road")[0] == 0 and roads.visible("bead_plate")[0] == 0
    QTest.keyClick(win.dealer, Qt.Key.Key_Right)
    assert roads.back == roads.max_back() - 1

    QTest.keyClick(win.dealer, Qt.Key.Key_End)
    centre = QPointF(roads.rect().center())
    wheel = QWheelEvent(centre, QPointF(roads.mapToGlobal(roads.rect().center())), QPoint(0, 0), QPoint(0, 360),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(roads, wheel)
    assert roads.back == 3  # three notches: three columns older

    cell = roads.layout_now().roads["big_road"].cell
    start = roads.rect().center()
    QTest.mousePress(roads, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(roads, start - QPoint(int(cell * 2.5), 0))
    QTest.mouseRelease(roads, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       start - QPoint(int(cell * 2.5), 0))
    assert roads.back == 1  # dragged two columns to the newer side

    _show(win, _view("betting_open", SHOE + ("B",)))  # a new round: the newest is back in view
    assert roads.back == 0
    assert roads.visible("bead_plate")[-1] == road_columns(roads.roads(), "bead_plate") - 1


def test_the_scroll_marks_say_how_many_columns_are_out_of_view(qtbot, window):
    win = window()
    roads = win.dealer.roads
    _show(win, _view("betting_open"))
    layout = roads.layout_now()
    label = layout.roads["big_road"].label.toRect()
    newest = roads.grab(label).toImage()
    roads.scroll(2)
    back = roads.grab(label).toImage()
    assert newest != back  # the label strip now also says "2 ▶"
    firsts = first_columns(roads.roads(), layout, 2)
    assert firsts["big_road"] == road_columns(roads.roads(), "big_road") - layout.roads["big_road"].cols - 2


def _ink_width(image, rect: QRect) -> int:
    """Columns of ``rect`` in ``image`` with a pixel clearly darker than the paper (the mark's width)."""
    cols = 0
    for x in range(rect.left(), rect.right() + 1):
        if any(QColorValue(image.pixel(x, y)) < 600 for y in range(rect.top(), rect.bottom() + 1)):
            cols += 1
    return cols


def QColorValue(rgb: int) -> int:  # noqa: N802 - a colour's r + g + b
    return ((rgb >> 16) & 0xFF) + ((rgb >> 8) & 0xFF) + (rgb & 0xFF)


def test_derived_road_cells_read_from_two_metres_at_1920_by_1080(qtbot, window):
    win = window()
    assert (win.width(), win.height()) == (1920, 1080)
    roads = win.dealer.roads
    _show(win, _view("betting_open", "BPBBPBPPBBPBPPB"))
    layout = roads.layout_now()
    image = roads.grab().toImage()
    for road in compute_roads(roads.roads().history if hasattr(roads.roads(), "history") else
                              "BPBBPBPPBBPBPPB").derived:
        area = layout.roads[road.name]
        assert area.cell >= DERIVED_MIN_CELL, (road.name, area.cell)
        first = road.grid[0]
        cell = QRect(int(area.origin.x() + first.col * area.cell) + 2, int(area.origin.y() + first.row * area.cell) + 2,
                     int(area.cell) - 4, int(area.cell) - 4)
        assert _ink_width(image, cell) >= 0.55 * DERIVED_MIN_CELL, road.name  # the mark itself, in pixels


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_scoreboard_stays_put_from_state_to_state(lang, qtbot, window, language):
    language(lang)
    win = window()
    roads, stats = win.dealer.roads, win.dealer.pairs_label.parentWidget()
    places = {}
    for state in ("betting_open", "dealing", "result", "paused", "shoe_end"):
        _show(win, _view(state, last_round=state != "shoe_end"))
        places[state] = (roads.mapTo(win, QPoint(0, 0)), roads.size(), stats.mapTo(win, QPoint(0, 0)), stats.size())
        text = win.dealer.pairs_label.text()
        assert win.dealer.pairs_label.fontMetrics().horizontalAdvance(text) <= win.dealer.pairs_label.width(), (
            lang, state, text)  # "Naturals" is not clipped
    assert len(set(places.values())) == 1, "\n".join(f"{k}: {v}" for k, v in places.items())


def test_the_ask_and_last_round_are_cleared_when_the_shoe_ends(qtbot, window):
    win = window()
    dealer, roads = win.dealer, win.dealer.roads
    _show(win, _view("betting_open", last_round=True))
    assert dealer.last_round.isVisible()
    assert any(v for marks in roads.roads().ask.values() for v in marks.values())
    header = roads.layout_now().header.toRect()
    asking = roads.grab(header).toImage()
    _show(win, _view("shoe_end", last_round=True))
    assert not dealer.last_round.isVisible()
    assert roads.roads().ask == {} and roads.roads().stats.rounds == len(SHOE)  # the shoe's roads stay
    assert roads.grab(header).toImage() != asking
    _show(win, replace(_view("no_shoe", ()), shoe_number=1))
    assert not dealer.last_round.isVisible() and roads.roads().ask == {}

