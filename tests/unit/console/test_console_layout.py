"""The dealer screen read from two metres, its layout held fixed: at 1920x1080, in every language and every state
a dealer sees (before a shoe, the shuffle's two-line prompt, the burn, betting, dealing, a misread, the result,
paused on an incident, the shoe's end and its change, and the demo dealer's notice of a fresh install), the card
slots, the status tiles, the roads, the banner and the lines under the hands keep their rectangles, and the sizes
docs/console.md promises are there: road cells of at least 28 pixels, road titles and statistics of 16, the legend
of 14, card slots of 137 x 190.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from PySide6.QtCore import QCoreApplication, QPoint, QRect, Qt
from PySide6.QtGui import QFontMetrics, QPainter

from dealer_station.console import road_marks
from dealer_station.console.app import dealer_note
from dealer_station.console.road_marks import LEGEND_PIXELS, STATS_PIXELS, TITLE_PIXELS
from dealer_station.console.roads_view import DERIVED_MIN_CELL
from tests.unit.console.test_console_i18n import station  # noqa: F401 (a fixture)
from tests.unit.console.test_console_scoreboard import (  # noqa: F401 (language, window: fixtures)
    LANGUAGES,
    _settle,
    _view,
    language,
    window,
)

CARD_SLOT = (137, 190)
"""The smallest card drawn in a slot at 1920x1080 (width, height pixels): docs/console.md."""
WHY_PIXELS = 28
"""Who draws and why: the smallest font it may shrink to on these screens, pixels."""
STATUS_VALUE_PIXELS = 32
"""A status tile's value (and the LAST ROUND badge): the smallest font it may shrink to, pixels (docs/console.md)."""
TWO_LINES = "(a two-line prompt)"
"""Marks the states whose prompt may take both its lines: in each language one of them does (checked), so the
rectangles are compared with a prompt on two lines."""
DEMO_NOTE = "the demo dealer's notice"
"""The state in which the demo dealer's notice is shown (a fresh install: the simulated shoe, no accounts)."""


def _states():
    """(name, view) of the states a dealer sees, each with its own words and, for most, its own prompt's length."""
    none = {"history": (), "round_number": 0, "burn_indicator": None}
    return [
        ("before a shoe", _view("no_shoe", shoe_number=0, cards_left=0, connected=True, **none)),
        (f"shuffle {TWO_LINES}", _view("shuffle", cards_left=416, **none)),
        ("burn card", _view("burn_indicator", cards_left=416, **none)),
        ("burning", _view("burning", cards_left=415, history=(), round_number=0, burn_indicator="7H",
                          burn_remaining=6)),
        ("betting", _view("betting_open")),
        ("dealing", _view("dealing")),
        ("dealing, a misread", _view("dealing", rescan="player3", misreads=2)),
        # the longest reason in words: the player stood, the banker draws on his total
        ("dealing, banker draws", _view("dealing", player=("3H", "4D"), banker=("2C", "AS"), player_total=7,
                                        banker_total=3, next_position="banker3")),
        ("result", _view("result")),
        ("last round", _view("betting_open", last_round=True, cut_card_out=True)),
        ("paused on an incident", _view("paused")),
        ("shoe ended", _view("shoe_end")),
        (f"shoe change {TWO_LINES}", _view("shoe_change")),
        ("offline", _view("betting_open", connected=False)),
        (DEMO_NOTE, _view("betting_open")),  # shown with the notice (the test's loop)
    ]


def show_state(dealer_screen, name: str, view) -> None:
    """Show state ``name``'s ``view`` (of :func:`_states`) on ``dealer_screen``, signed in as sue or, in the demo
    dealer's state, as the demo dealer with its notice."""
    if name == DEMO_NOTE:
        dealer_screen.show_dealer("demo", "demo", _demo_note())
    else:
        dealer_screen.show_dealer("sue", "pin")
    dealer_screen.show_view(view)
    _settle()
    assert dealer_screen.view is view, name  # rendered, not refused


def _demo_note() -> str:
    """The demo dealer's notice in the language loaded, as the console shows it (``app.dealer_note``)."""
    return dealer_note(SimpleNamespace(has_accounts=lambda: False, simulated=True))


def _rect(win, widget) -> tuple[int, int, int, int]:
    """``widget``'s rectangle in the window as read from its reading side: mirrored in a right-to-left window."""
    top_left = widget.mapTo(win, QPoint(0, 0))
    x = top_left.x()
    if win.isRightToLeft():
        x = win.width() - x - widget.width()
    return x, top_left.y(), widget.width(), widget.height()


def _places(win) -> dict[str, tuple]:
    d = win.dealer
    cards = d.player.cards + d.banker.cards
    tiles = (d.tile_table, d.tile_shoe, d.tile_round, d.tile_left, d.tile_burn, d.tile_cut, d.tile_link)
    return {"card slots": tuple(_rect(win, c) for c in cards), "status tiles": tuple(_rect(win, t) for t in tiles),
            "roads": _rect(win, d.roads), "banner": _rect(win, d.banner), "prompt": _rect(win, d.next),
            "who draws": _rect(win, d.why), "felt": _rect(win, d.felt_stack)}


def _clipped_height(label) -> int:
    """The height ``label``'s one line of text needs (its font metrics', fallback fonts included) when it is more
    than the label has, pixels; 0 when it fits.
    """
    need = QFontMetrics(label.font()).boundingRect(label.text()).height()
    return need if need > label.contentsRect().height() else 0


def _lines(label) -> int:
    """How many lines the word-wrapped ``label``'s text takes in its width, at its font."""
    metrics = QFontMetrics(label.font())
    box = metrics.boundingRect(0, 0, label.contentsRect().width(), 10_000, int(Qt.TextFlag.TextWordWrap),
                               label.text())
    return round(box.height() / metrics.lineSpacing())


def _painted_card(face) -> tuple[float, float]:
    """The card a slot draws (``CardFace.paintEvent``): width and height, pixels."""
    height = min(face.height() - 8, (face.width() - 8) * 1.4)
    return height / 1.4, height


class _Fonts:
    """The pixel size of each text the roads board paints (its smallest, when painted at several)."""

    def __init__(self, monkeypatch):
        self.sizes: dict[str, int] = {}
        draw = QPainter.drawText

        def recording(painter, *args):
            for arg in args:
                if isinstance(arg, str):
                    size = painter.font().pixelSize()
                    self.sizes[arg] = min(size, self.sizes.get(arg, size))
            return draw(painter, *args)

        monkeypatch.setattr(QPainter, "drawText", recording)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dealer_screen_keeps_its_layout_and_its_sizes(lang, qtbot, window, language, monkeypatch):  # noqa: F811
    language(lang)
    fonts = _Fonts(monkeypatch)
    win = window()
    assert (win.width(), win.height()) == (1920, 1080)
    d = win.dealer
    places, problems, two_lines = {}, [], {}
    for name, view in _states():
        show_state(d, name, view)
        places[name] = _places(win)
        for road, area in d.roads.layout_now().roads.items():
            if area.cell < DERIVED_MIN_CELL:
                problems.append(f"{name}: {road}: cells of {area.cell:.1f} px")
        if name == DEMO_NOTE:
            note = d.dealer_note
            assert note.isVisible() and note.text() == _demo_note()
            if note.heightForWidth(note.width()) > note.height():
                problems.append(f"{name}: the notice does not fit its line: {note.text()!r}")
        if name == "before a shoe" and (d.tile_left.value.text(), d.tile_cut.value.text()) != ("–", "–"):
            problems.append(f"before a shoe: CARDS LEFT {d.tile_left.value.text()!r}, CUT CARD "
                            f"{d.tile_cut.value.text()!r}")
        for tile in (d.tile_table, d.tile_shoe, d.tile_round, d.tile_left, d.tile_burn, d.tile_cut, d.tile_link):
            if tile.value.pixels < STATUS_VALUE_PIXELS:
                problems.append(f"{name}: {tile.caption.text()} {tile.value.text()!r} in {tile.value.pixels} px type")
            for part in (tile.caption, tile.value):
                if _clipped_height(part):
                    problems.append(f"{name}: {tile.caption.text()} {part.text()!r} needs {_clipped_height(part)} px")
        if _clipped_height(d.banner):
            problems.append(f"{name}: the banner {d.banner.text()!r} needs {_clipped_height(d.banner)} px, has "
                            f"{d.banner.height()}")
        badge = d.last_round
        if badge.isVisible() != (name == "last round"):
            problems.append(f"{name}: the LAST ROUND badge {'shown' if badge.isVisible() else 'hidden'}")
        if badge.isVisible():
            if _rect(win, badge) != _rect(win, d.tile_cut):
                problems.append(f"{name}: the LAST ROUND badge at {_rect(win, badge)}, not over the cut card's tile")
            if badge.fit() < STATUS_VALUE_PIXELS or badge.heightForWidth(badge.width()) > badge.height():
                problems.append(f"{name}: LAST ROUND {badge.text()!r} in {badge.fit()} px type, or clipped")
        if name == "paused on an incident":
            assert d.incident.isVisible() and not d.misread.isVisible()
        if name == "dealing, a misread":
            assert d.misread.isVisible()
        why = d.why.fontInfo().pixelSize()
        if d.why.text() and why < WHY_PIXELS:
            problems.append(f"{name}: who draws in {why} px type: {d.why.text()!r}")
        if d.why.text() and d.why.heightForWidth(d.why.width()) > d.why.height():
            problems.append(f"{name}: who draws does not fit its line: {d.why.text()!r}")
        if d.next.heightForWidth(d.next.width()) > d.next.height():
            problems.append(f"{name}: the prompt does not fit its two lines: {d.next.text()!r}")
        if TWO_LINES in name:
            two_lines[name] = _lines(d.next)
    if max(two_lines.values()) < 2:  # the comparison below would hold no prompt on two lines
        problems.append(f"no prompt on two lines in {sorted(two_lines)}: {two_lines}")
    first = places["before a shoe"]
    for name, place in places.items():
        for part, rect in place.items():
            if rect != first[part]:
                problems.append(f"{part} moved: {first[part]} before a shoe, {rect} {name}")

    # the promised sizes (the roads' cells: in every state, above)
    names = road_marks.road_names()
    for road in ("bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"):
        size = fonts.sizes.get(names[road])
        if size is None or size < TITLE_PIXELS:
            problems.append(f"road title {names[road]!r} in {size} px type")
    for word in (QCoreApplication.translate("RoadsView", "red"), QCoreApplication.translate("RoadsView", "blue")):
        size = fonts.sizes.get(word)
        if size is None or size < LEGEND_PIXELS:
            problems.append(f"legend {word!r} in {size} px type")
    stats = [d.pairs_label, *d.stat_labels.values()]
    for lab in stats:
        if lab.fontInfo().pixelSize() < STATS_PIXELS:
            problems.append(f"statistics {lab.text()!r} in {lab.fontInfo().pixelSize()} px type")
    for face in d.player.cards + d.banker.cards:
        width, height = _painted_card(face)
        if width < CARD_SLOT[0] or height < CARD_SLOT[1]:
            problems.append(f"card slot {face.position}: a card of {width:.0f} x {height:.0f} px")
    for dealer, how in ((None, None), ("demo", "demo"), ("sue", "pin")):
        d.show_dealer(dealer, how)
        _settle()
        button = d.dealer_button
        need = button.fontMetrics().horizontalAdvance(button.text())
        if need > button.contentsRect().width() - 8:
            problems.append(f"dealer button {button.text()!r}: needs {need} px, has {button.contentsRect().width()}")
    assert not problems, f"{lang}:\n  " + "\n  ".join(problems)
    SHARED[lang] = dict(first)


SHARED: dict[str, dict] = {}
"""Each language's rectangles (filled by the test above, the same in each of its states), for the test below."""


def test_the_dealer_screen_is_laid_out_the_same_in_every_language():
    """Card slots, status tiles, roads, banner, prompt, who draws and felt: one rectangle in all five languages
    (read from the reading side: Arabic's mirrored)."""
    if set(SHARED) != set(LANGUAGES):
        pytest.skip("needs the layout test of every language first (run the module whole)")
    english = SHARED["en"]
    moved = [f"{lang}: {part} at {rect}, in English at {english[part]}"
             for lang, parts in SHARED.items() for part, rect in parts.items() if rect != english[part]]
    assert not moved, "\n".join(moved)


def test_the_layout_check_sees_a_squeezed_card(qtbot, window):  # noqa: F811
    """The comparison is not blind: a third line under the hands takes the cards' height, and is seen."""
    win = window()
    d = win.dealer
    d.show_view(_view("dealing"))
    _settle()
    before = _places(win)
    d.next.setFixedHeight(d.next.height() + 60)
    _settle()
    after = _places(win)
    assert after["card slots"] != before["card slots"] and after["prompt"] != before["prompt"]
    assert QRect(*after["felt"]).height() < QRect(*before["felt"]).height()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_supervisor_screen_keeps_its_layout(lang, qtbot, console, station, language):  # noqa: F811
    """The tabs (the incident, the acts, the frames) keep their rectangle logged out with the keypad, logged in,
    warned of the idle end, asked for the PIN again, and with no incident; the same in every language."""
    from tests.unit.console.test_console_i18n import call_the_supervisor, walk_through_a_session
    from tests.unit.console.test_console_supervisor_session import Clock

    language(lang)
    clock = Clock()
    win = console(station, authenticate=station.authenticate, load_shoe=station.load_shoe,
                  supervisor_idle_seconds=60, clock=clock)
    win.resize(1920, 1080)
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=60000)
    assert win.run_auto(1, timeout=60)
    call_the_supervisor(qtbot, win)
    sup = win.supervisor
    places, problems = {}, []

    def look(name: str) -> None:
        _settle()
        places[name] = _rect(win, sup.tabs)
        if (win.width(), win.height()) != (1920, 1080):
            problems.append(f"{name}: the window grew to {win.width()}x{win.height()}")
        message = sup.login_message
        if message.heightForWidth(message.width()) > message.height():
            problems.append(f"{name}: the message does not fit its lines: {message.text()!r}")

    walk_through_a_session(qtbot, win, clock, look)
    first = places["logged out, the incident"]
    problems += [f"the tabs at {rect} {name}, at {first} logged out" for name, rect in places.items() if rect != first]
    assert not problems, f"{lang}:\n  " + "\n  ".join(problems)
    SUPERVISOR_TABS[lang] = first


SUPERVISOR_TABS: dict[str, tuple] = {}
"""Each language's rectangle of the supervisor's tabs (filled by the test above), for the test below."""


def test_the_supervisor_screen_is_laid_out_the_same_in_every_language():
    if set(SUPERVISOR_TABS) != set(LANGUAGES):
        pytest.skip("needs the supervisor's layout test of every language first (run the module whole)")
    assert len(set(SUPERVISOR_TABS.values())) == 1, SUPERVISOR_TABS
