"""The details of each language that a word search does not see: one name for the shoe in each language,
Hungarian's numbered round or shoe without an article, a bet's name never broken across lines, and in Arabic a
value beside its caption and a count after its word on the roads header (docs/console.md "Languages").
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QGuiApplication, QImage, QPainter, QTextOption
from PySide6.QtWidgets import QApplication

from dealer_station.console import prompts, road_marks
from dealer_station.domain.facts import RoundStatus
from dealer_station.domain.roads import compute_roads
from dealer_station.domain.round_result import RoundResult
from tests.unit.console.test_console_i18n import (  # noqa: F401 (language, station: fixtures)
    I18N,
    LANGUAGES,
    _forms,
    _messages,
    language,
    station,
)
from tests.unit.console.test_console_scoreboard import BETS, _view, window  # noqa: F401 (window: a fixture)

SHOE_WORD = {"pt": ("sapato",), "hu": ("cipő",), "ar": ("حذاء",), "te": ("షూ",)}
"""The one word for the shoe in each language (docs/console.md "Languages": the rule sheets' word); Hungarian's
takes endings (cipőt, cipőből), so its stem is what is looked for."""
OTHER_SHOE_WORDS = {"pt": ("caixa",), "hu": ("saru",), "ar": ("الشو", "شو "), "te": ()}
"""Other names a translation once gave the shoe beside the one word."""
_SHOE = re.compile(r"\bshoe('s)?\b", re.IGNORECASE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_one_name_for_the_shoe(lang):
    odd = []
    for (context, source), message in _messages(I18N / f"console_{lang}.ts").items():
        if not _SHOE.search(source) or "dealer-station" in source:
            continue
        for text in _forms(message):
            lower = text.lower()
            if not any(word in lower for word in SHOE_WORD[lang]) or any(w in lower for w in OTHER_SHOE_WORDS[lang]):
                odd.append(f"{context}: {source!r} → {text!r}")
    assert not odd, f"{lang}: the shoe named otherwise than {SHOE_WORD[lang][0]!r}:\n  " + "\n  ".join(odd)


def test_hungarian_numbers_a_round_or_a_shoe_without_an_article(qapp, language):  # noqa: F811
    """``a(z)`` is what a translation writes when the number decides the article (a 16., az 1.): Hungarian puts
    the ordinal first, without one (``16. PARTI ÉRVÉNYTELEN``)."""
    odd = [f"{source!r} → {text!r}" for (_c, source), m in _messages(I18N / "console_hu.ts").items()
           for text in _forms(m) if re.search(r"\ba\(z\)", text, re.IGNORECASE)]
    assert not odd, "\n".join(odd)
    language("hu")
    voided = _view("ready", round_number=16, result=RoundResult(RoundStatus.VOIDED, 16, None, None, None))
    assert prompts.void_announcement(voided) == "16. PARTI ÉRVÉNYTELEN – MINDEN TÉT VISSZAJÁR"


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_a_bets_name_never_breaks_across_lines(lang, qtbot, window, language):  # noqa: F811
    """The bets offered wrap between names only: every space inside a name is one that does not break."""
    if lang != "en":
        language(lang)
    win = window()
    d = win.dealer
    d.show_view(_view("betting_open", offered_bets=(*BETS, "player_bonus", "banker_bonus", "two_cards_lucky_six")))
    QApplication.processEvents()
    names = d.offered.text().split("  ·  ")
    assert len(names) == len(BETS) + 3
    broken = [name for name in names if re.search(r"\s", name.replace("\u00a0", ""))]
    assert not broken, f"{lang}: names that may break across lines: {broken}"
    assert any("\u00a0" in name for name in names)  # names of several words are among them


def test_in_arabic_a_value_sits_beside_its_caption(qtbot, console, station, language):  # noqa: F811
    """On the supervisor screen WHEN (a time in digits and Latin letters) and SHOE / ROUND (``1 / 12``): the value's
    text starts next to its caption, on the right, not at the far left end of its cell."""
    from tests.unit.console.test_console_i18n import walk_to_the_supervisor

    language("ar")
    win = console(station, authenticate=station.authenticate, load_shoe=station.load_shoe)
    win.resize(1920, 1080)
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=60000)
    assert win.run_auto(1, timeout=60)
    walk_to_the_supervisor(qtbot, win, lambda where: QApplication.processEvents())
    sup = win.supervisor
    sup.tabs.setCurrentIndex(0)
    QApplication.processEvents()
    far = []
    for key in ("ts", "round"):
        value = sup.incident_fields[key]
        painted = _painted_columns(value)
        assert painted, f"{key}: nothing painted"
        # the caption is on the value's right (Arabic is read from the right): the text must end by it
        gap = value.width() - 1 - painted[-1]
        if gap > 24:
            far.append(f"{key}: {value.text()!r} ends {gap} px short of its caption's side of a {value.width()} px "
                       "cell")
    assert not far, "\n".join(far)


def _painted_columns(widget) -> list[int]:
    """The x of each pixel column of ``widget`` (grabbed as shown) with anything drawn on its background."""
    image = widget.grab().toImage()
    background = image.pixel(0, 0)
    return [x for x in range(image.width()) if any(image.pixel(x, y) != background for y in range(image.height()))]


def test_in_arabic_the_roads_header_puts_each_count_after_its_word(qapp, language):  # noqa: F811
    """The header's statistics are drawn right to left in Arabic (the count after its word, read from the right),
    inside the board drawn left to right."""
    language("ar")
    assert QGuiApplication.isRightToLeft()
    seen = []
    draw = QPainter.drawText

    def recording(painter, *args):
        if len(args) == 3 and isinstance(args[1], str) and isinstance(args[2], QTextOption):
            seen.append((args[1], args[2].textDirection()))
        return draw(painter, *args)

    image = QImage(1200, 40, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        QPainter.drawText = recording
        road_marks.paint_header(painter, QRectF(0, 0, 1200, 40), compute_roads(list("BPBBT")))
    finally:
        QPainter.drawText = draw
        painter.end()
    assert seen and all(direction == QGuiApplication.layoutDirection() for _text, direction in seen), seen
