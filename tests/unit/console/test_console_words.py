"""No English on the console's screens in another language: every screen, in the states a dealer and a supervisor
see, is rendered in each translation and each text on it (labels, buttons, fields, lists, tables, tabs, and the
texts painted: the roads board, the card positions) is searched for the English sources of the translations.

Allowed are only the words of :data:`ALLOWED`: the names a rule sheet itself writes in English (Portuguese's
Banker, Lucky Six and dealer, Arabic's Player Bonus and Banker Bonus) and the words a language spells as English
does (Portuguese TOTAL, MANUAL, supervisor, PIN; Hungarian PIN). A command to type (``dealer-station users add``)
is not searched.
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QComboBox, QLabel, QLineEdit, QTabBar

from dealer_station.domain.incidents import Incident
from tests.unit.console.test_console_i18n import (  # noqa: F401 (language, station: fixtures)
    I18N,
    LANGUAGES,
    _messages,
    _settle,
    call_the_supervisor,
    language,
    station,
    walk_through_a_session,
    walk_to_the_supervisor,
)
from tests.unit.console.test_console_layout import _states, show_state
from tests.unit.console.test_console_scoreboard import window  # noqa: F401 (a fixture)

ALLOWED = {
    "pt": {"Banker", "BANKER", "banker", "B", "Lucky", "Six", "dealer", "Dealer", "DEALER",  # the rule sheet's
           "TOTAL", "total", "MANUAL", "SUPERVISOR", "supervisor", "PIN"},                 # Portuguese words
    "ar": {"Player", "Banker", "Bonus"},  # the rule sheet's Player Bonus and Banker Bonus
    "hu": {"B", "PIN"},                   # Bank's letter; PIN, a Hungarian word (PIN-kód)
    "te": set(),
}
"""English words allowed on a screen of each language (a source is allowed when all its words are)."""

_WORD = re.compile(r"[A-Za-z]{2,}")
_COMMAND = re.compile(r"dealer-station(?: users(?: add)?)?")
"""A command the screen tells a person to type (the demo dealer's notice): typed as it is in every language."""
_PLACEHOLDER = re.compile(r"%(?:\d+|n|L\d+)")


def _english() -> list[tuple[str, re.Pattern]]:
    """The English sources (and English's plural forms) as (source, pattern found in a text shown)."""
    sources = {source for _context, source in _messages(I18N / "console_pt.ts")}
    for m in _messages(I18N / "console_en.ts").values():
        sources.update(f.text for f in m.find("translation").findall("numerusform") if f.text)
    out = []
    for source in sorted(sources):
        parts = _PLACEHOLDER.split(source.replace("&&", "&"))
        if not _WORD.search("".join(parts)):
            if len(source) == 1 and source.isalpha():  # a hand's letter: a text of it alone, or as "B?"
                out.append((source, re.compile(rf"^{re.escape(source)}\??$")))
            continue
        body = ".+?".join(re.escape(p) for p in parts)
        out.append((source, re.compile(rf"(?<![A-Za-z]){body}(?![A-Za-z])")))
    return out


def _found(texts: set[str], lang: str) -> list[str]:
    allowed = ALLOWED[lang]
    out = []
    for source, pattern in _english():
        if set(_WORD.findall(source)) <= allowed and (len(source) > 1 or source in allowed):
            continue
        out.extend(f"{text!r} has {source!r}" for text in texts for line in text.splitlines()
                   if pattern.search(_COMMAND.sub("", line)))
    return out


class _Shown:
    """The texts of a window as shown: its widgets' and the ones painted while it is drawn."""

    def __init__(self, monkeypatch):
        self.painted: set[str] = set()
        draw = QPainter.drawText

        def recording(painter, *args):
            for arg in args:
                if isinstance(arg, str):
                    self.painted.add(arg)
            return draw(painter, *args)

        monkeypatch.setattr(QPainter, "drawText", recording)

    def texts(self, win) -> set[str]:
        self.painted.clear()
        win.grab()
        out = set(self.painted)
        for w in win.findChildren(QLabel):
            if w.isVisibleTo(win):
                out.add(w.text())
        for w in win.findChildren(QAbstractButton):
            if w.isVisibleTo(win):
                out.add(w.text())
        for w in win.findChildren(QLineEdit):
            if w.isVisibleTo(win):
                out.add(w.placeholderText())
        for w in win.findChildren(QComboBox):
            if w.isVisibleTo(win):
                out.update(w.itemText(i) for i in range(w.count()))
        for w in win.findChildren(QTabBar):
            if w.isVisibleTo(win):
                out.update(w.tabText(i) for i in range(w.count()))
        for w in win.findChildren(QAbstractItemView):
            model = w.model()
            if not w.isVisibleTo(win) or model is None:
                continue
            for orientation, count in ((Qt.Orientation.Horizontal, model.columnCount()),
                                       (Qt.Orientation.Vertical, 0)):
                out.update(str(model.headerData(i, orientation) or "") for i in range(count))
            for row in range(min(model.rowCount(), 40)):
                for col in range(model.columnCount()):
                    out.add(str(model.index(row, col).data() or ""))
        return {t.replace("&&", "&") for t in out if t}


def _checker(qtbot, win, shown: _Shown, lang: str, problems: list[str]):
    """``check(where)``: the English found on ``win`` as it is now, added to ``problems`` under ``where``."""

    def check(where: str) -> None:
        _settle(qtbot, win)
        problems.extend(f"{where}: {p}" for p in _found(shown.texts(win), lang))

    return check


def test_the_search_sees_english(qapp):
    """The search is not blind: an English sentence, a road's name, a tile's word and B? are found in Portuguese."""
    found = "\n".join(_found({"3 misreads in a row at banker2", "Big eye boy", "● ONLINE", "P?", "hex"}, "pt"))
    for text in ("misreads in a row", "Big eye boy", "ONLINE", "'P?'", "'hex'"):
        assert text in found, text
    assert _found({"Placa de contas", "Lucky Six 2 Cartas", "BANKER GANHA 7 – 4", "B?", "J?"}, "pt") == []
    # a command to type is left out, the dealer's English name beside it is not
    assert _found({"hozd létre őket így: dealer-station users add"}, "hu") == []
    assert _found({"DEALER sue  [F6]"}, "hu") != []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_english_on_any_screen(lang, qtbot, console, station, language, monkeypatch):  # noqa: F811
    language(lang)
    shown = _Shown(monkeypatch)
    win = console(station, authenticate=station.authenticate, load_shoe=station.load_shoe)
    win.resize(1920, 1080)
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=10000)
    problems: list[str] = []
    check = _checker(qtbot, win, shown, lang, problems)

    check("dealer, new shoe")
    assert win.run_auto(2, timeout=60)
    check("dealer, result")
    # a misread limit read back from the journal: its count is not a field, its detail the journal's English
    replayed = Incident("misread_limit", "no_read", "dealing", "banker2", "15", "2026-11-30T04:00:00Z",
                        "3 misreads in a row at banker2")
    walk_to_the_supervisor(qtbot, win, check, replayed)
    win.show_sign_in()
    check("sign-in")
    assert not problems, f"{lang}: English on the screen:\n  " + "\n  ".join(sorted(set(problems)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_english_in_any_state_of_the_dealer_screen(lang, qtbot, window, language, monkeypatch):  # noqa: F811
    """The dealer screen in each of the layout test's states (the burn card, the last round, the shoe's end and its
    change, a misread, a pause, offline, the demo dealer's notice), with the NO SOUND mark shown."""
    language(lang)
    shown = _Shown(monkeypatch)
    win = window()
    d = win.dealer
    d.no_sound.setVisible(True)
    problems: list[str] = []
    check = _checker(qtbot, win, shown, lang, problems)
    for name, view in _states():
        show_state(d, name, view)
        check(name)
    assert not problems, f"{lang}: English on the dealer screen:\n  " + "\n  ".join(sorted(set(problems)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_english_in_a_supervisors_session(lang, qtbot, console, station, language, monkeypatch):  # noqa: F811
    """The supervisor screen through a session: the idle warning, the idle end asking for the PIN, signed in again,
    the round resumed (no incident)."""
    from tests.unit.console.test_console_supervisor_session import Clock

    language(lang)
    shown = _Shown(monkeypatch)
    clock = Clock()
    win = console(station, authenticate=station.authenticate, load_shoe=station.load_shoe,
                  supervisor_idle_seconds=60, clock=clock)
    win.resize(1920, 1080)
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=60000)
    problems: list[str] = []
    check = _checker(qtbot, win, shown, lang, problems)

    assert win.run_auto(1, timeout=60)
    call_the_supervisor(qtbot, win)
    walk_through_a_session(qtbot, win, clock, lambda where: check(f"supervisor, {where}"))
    assert not problems, f"{lang}: English on the supervisor screen:\n  " + "\n  ".join(sorted(set(problems)))
