"""The console in the languages of the rule sheets: every string translated, the .qm up to date, nothing
clipped at 1920x1080, Arabic right to left, and ``console --language``.

A string added to the console without a translation fails ``test_every_console_string_is_in_each_ts``
(naming it); ``make translations`` adds it to every .ts as unfinished, which then fails
``test_every_message_is_translated`` (naming it) until it is translated.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt, QTranslator
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
)

from dealer_station.app.accounts import Accounts
from dealer_station.console.app import dealer_note
from dealer_station.console.sign_in import FirstAccountsDialog
from tests.conftest import ROOT, run_cli

I18N = ROOT / "dealer_station" / "console" / "i18n"
LANGUAGES = sorted(p.stem.removeprefix("console_") for p in I18N.glob("console_*.ts") if p.stem != "console_en")
"""The translations of the rule sheets (every string translated)."""
TS_LANGUAGES = [*LANGUAGES, "en"]
"""Every .ts: the translations and English, the sources' language, whose file holds its plural forms only."""
PLACEHOLDER = re.compile(r"%(?:\d+|n|L\d+)")


def _tool(name: str) -> str:
    path = shutil.which(name) or os.path.join(os.path.dirname(sys.executable), name)
    if not os.path.exists(path):
        pytest.skip(f"{name} is not installed (it comes with PySide6)")
    return path


def _messages(path: Path) -> dict[tuple[str, str], ET.Element]:
    """(context, source) → the <message> element of a .ts file."""
    out = {}
    for ctx in ET.parse(path).getroot().findall("context"):
        name = ctx.find("name").text
        for m in ctx.findall("message"):
            out[(name, m.find("source").text)] = m
    return out


def _forms(message: ET.Element) -> list[str]:
    tr = message.find("translation")
    if message.get("numerus") == "yes":
        return [f.text or "" for f in tr.findall("numerusform")]
    return [tr.text or ""]


def test_the_rule_sheet_languages_are_all_there():
    assert {"ar", "hu", "pt", "te"} <= set(LANGUAGES)
    for lang in TS_LANGUAGES:
        assert (I18N / f"console_{lang}.qm").exists(), f"console_{lang}.qm is not committed: run make translations"


@pytest.mark.parametrize("lang", TS_LANGUAGES)
def test_every_message_is_translated(lang):
    """No unfinished, vanished or empty translation; placeholders kept; plural forms filled."""
    problems = []
    for (context, source), m in _messages(I18N / f"console_{lang}.ts").items():
        tr = m.find("translation")
        where = f"{context}: {source!r}"
        if tr.get("type") in ("unfinished", "vanished", "obsolete"):
            problems.append(f"{where} is {tr.get('type')}")
            continue
        forms = _forms(m)
        if not forms or any(not f.strip() for f in forms):
            problems.append(f"{where} has an empty translation")
            continue
        wanted = set(PLACEHOLDER.findall(source))
        numbered = wanted - {"%n"}
        for form in forms:
            got = set(PLACEHOLDER.findall(form))
            if got - wanted or numbered - got:
                problems.append(f"{where}: placeholders {sorted(got)} in {form!r}, the source has {sorted(wanted)}")
        if "%n" in wanted:
            if m.get("numerus") != "yes":
                problems.append(f"{where} counts with %n but is not a plural message (use self.tr(text, '', n))")
            elif not any("%n" in f for f in forms):
                problems.append(f"{where}: no plural form shows the count %n")
        if "&&" in source and "&" in forms[0].replace("&&", ""):
            problems.append(f"{where}: a single '&' would be a shortcut mark; write '&&' or a word")
    assert not problems, f"console_{lang}.ts:\n  " + "\n  ".join(problems)


def _burning(left: int):
    """A view while burning with ``left`` cards still to burn, and the dealer's instruction the domain makes of it."""
    from dealer_station.domain.dealer_prompt import dealer_prompt
    from dealer_station.domain.states import TableState

    said = dealer_prompt(TableState.BURNING, burn_remaining=left)
    return type("View", (), {"state": "burning", "burn_remaining": left, "dealer_prompt": said})()


def test_a_count_has_its_plural_forms(qapp):
    """``BURN %n MORE CARDS`` is a plural message in every language; the count picks the form."""
    from dealer_station.console import prompts

    translator = QTranslator()
    assert translator.load(str(I18N / "console_pt.qm"))
    QCoreApplication.installTranslator(translator)
    try:
        view = _burning(1)
        assert prompts.banner(view) == "QUEIME MAIS 1 CARTA"
        view = _burning(7)
        assert prompts.banner(view) == "QUEIME MAIS 7 CARTAS"  # was the English source with a plain translate()
    finally:
        QCoreApplication.removeTranslator(translator)
    for lang in TS_LANGUAGES:
        m = _messages(I18N / f"console_{lang}.ts")[("Prompts", "BURN %n MORE CARD(S)")]
        assert m.get("numerus") == "yes", lang


def test_english_has_its_plural_forms(qapp, language):
    """The console in English loads console_en.qm, its plural forms: one card, seven cards, one misread."""
    from dealer_station.console import prompts
    from dealer_station.console.prompts import _plurals

    language("en")
    assert _plurals().burn_more(1) == "BURN 1 MORE CARD" and _plurals().burn_more(7) == "BURN 7 MORE CARDS"
    assert _plurals().burn_more(0) == "BURN 0 MORE CARDS"
    assert _plurals().misreads_in_a_row("BANKER CARD 2", 1) == "1 misread in a row at BANKER CARD 2"
    assert _plurals().misreads_in_a_row("BANKER CARD 2", 3) == "3 misreads in a row at BANKER CARD 2"
    assert _plurals().bet_seconds(1) == "PLACE YOUR BETS – 1 s"
    assert prompts.banner(_burning(1)) == "BURN 1 MORE CARD"
    assert QCoreApplication.translate("Prompts", "NEW SHOE") == "NEW SHOE"  # no other string in the file


def test_the_english_file_holds_the_plurals_only(tmp_path):
    """console_en.ts has every plural message of the sources and nothing else (``lupdate -pluralonly``)."""
    lupdate = _tool("pyside6-lupdate")
    sources = sorted(str(p) for p in (ROOT / "dealer_station" / "console").glob("*.py"))
    fresh = tmp_path / "fresh.ts"
    subprocess.run([lupdate, "-pluralonly", *sources, "-ts", str(fresh)], check=True, capture_output=True)
    plurals = set(_messages(fresh))
    assert ("Prompts", "BURN %n MORE CARD(S)") in plurals
    shipped = _messages(I18N / "console_en.ts")
    assert set(shipped) == plurals, ("console_en.ts holds plural messages only: run make translations "
                                     f"(lupdate -pluralonly); extra {sorted(set(shipped) - plurals)}, "
                                     f"missing {sorted(plurals - set(shipped))}")
    assert all(m.get("numerus") == "yes" for m in shipped.values())


@pytest.mark.parametrize("lang", TS_LANGUAGES)
def test_the_qm_is_compiled_from_the_ts(lang, tmp_path):
    """The shipped .qm is exactly what pyside6-lrelease makes of the .ts (run ``make translations``)."""
    lrelease = _tool("pyside6-lrelease")
    fresh = tmp_path / f"console_{lang}.qm"
    subprocess.run([lrelease, "-silent", str(I18N / f"console_{lang}.ts"), "-qm", str(fresh)], check=True,
                   capture_output=True)
    shipped = I18N / f"console_{lang}.qm"
    assert shipped.read_bytes() == fresh.read_bytes(), (
        f"console_{lang}.qm is not compiled from console_{lang}.ts: run make translations")


def test_every_console_string_is_in_each_ts(tmp_path):
    """Every string the console's source and the table display's translate (as pyside6-lupdate finds them, as
    ``make translations`` runs it) is in every .ts."""
    lupdate = _tool("pyside6-lupdate")
    sources = sorted(str(p) for folder in ("console", "display")
                     for p in (ROOT / "dealer_station" / folder).glob("*.py"))
    fresh = tmp_path / "fresh.ts"
    subprocess.run([lupdate, *sources, "-ts", str(fresh)], check=True, capture_output=True)
    found = _messages(fresh)
    assert len(found) > 200, "lupdate found too few strings: is it reading the console's sources?"
    problems = []
    for lang in LANGUAGES:
        shipped = _messages(I18N / f"console_{lang}.ts")
        for key in sorted(set(found) - set(shipped)):
            problems.append(f"console_{lang}.ts lacks {key[0]}: {key[1]!r}")
        for key in sorted(set(found) & set(shipped)):
            if (found[key].get("numerus") == "yes") != (shipped[key].get("numerus") == "yes"):
                problems.append(f"console_{lang}.ts: {key[0]}: {key[1]!r} plural or not, unlike the source")
    assert not problems, "run make translations, then translate:\n  " + "\n  ".join(problems)


def test_the_qm_files_are_package_data():
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "*.qm" in data["tool"]["setuptools"]["package-data"]["*"]


# ------------------------------------------------------------------------------------------ on screen


@pytest.fixture
def station(tmp_path):
    from dealer_station.console.app import open_console_station as open_station

    accounts = tmp_path / "accounts.json"
    Accounts(accounts).add("sue", "supervisor", "1234")
    opened = open_station(None, "sim?seed=11", tmp_path / "journal.sqlite", accounts)
    opened.controller.sign_in("sue", "1234")  # a dealer signs in before betting can open
    yield opened
    opened.close()


@pytest.fixture
def language(qapp):
    """``language(code)`` loads the console's translation the way ``console --language`` does."""
    from dealer_station.console.app import _application

    installed = []

    def load(code):
        before = set(qapp.findChildren(QTranslator))
        assert _application(code) is qapp
        installed.extend(set(qapp.findChildren(QTranslator)) - before)
        assert installed, f"no translator installed for {code}"

    yield load
    for translator in installed:
        QCoreApplication.removeTranslator(translator)
    qapp.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
    QLocale.setDefault(QLocale(QLocale.Language.English))


def _clipped(window) -> list[str]:
    """Texts shown wider than their widget (or elided), as 'class name: text (needs N px, has M px)'."""
    out = []

    def fits(widget, text: str, width: int, font_metrics: QFontMetrics) -> None:
        for line in text.splitlines():
            need = font_metrics.horizontalAdvance(line)
            if need > width or "…" in line:
                out.append(f"{type(widget).__name__} {widget.objectName() or ''}: {line!r} "
                           f"(needs {need} px, has {width} px)")

    for label in window.findChildren(QLabel):
        if not label.isVisibleTo(window) or not label.text() or label.pixmap() and not label.pixmap().isNull():
            continue
        width = label.contentsRect().width() - 2 * label.margin() - label.indent() * (label.indent() > 0)
        if label.wordWrap():  # a word longer than the line, or more lines than the height holds
            for word in label.text().split():
                fits(label, word, width, label.fontMetrics())
            if label.heightForWidth(label.width()) > label.height() + 2:
                out.append(f"QLabel: {label.text()!r} wraps to {label.heightForWidth(label.width())} px "
                           f"in {label.height()} px")
        else:
            fits(label, label.text(), width, label.fontMetrics())
    for button in window.findChildren(QPushButton):
        if button.isVisibleTo(window) and button.text() and isinstance(button, QAbstractButton):
            if type(button).text is not QPushButton.text:  # TouchButton: its label is a QLabel, checked above
                continue
            fits(button, button.text().replace("&&", "&"), button.contentsRect().width() - 8, button.fontMetrics())
    for edit in window.findChildren(QLineEdit):
        if edit.isVisibleTo(window) and edit.placeholderText() and not isinstance(edit.parent(), QComboBox):
            fits(edit, edit.placeholderText(), edit.contentsRect().width() - 16, edit.fontMetrics())
    for combo in window.findChildren(QComboBox):
        if combo.isVisibleTo(window):
            option = QStyleOptionComboBox()
            combo.initStyleOption(option)
            field = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                                 QStyle.SubControl.SC_ComboBoxEditField, combo)
            for i in range(combo.count()):  # any item may be the one shown
                fits(combo, combo.itemText(i), field.width(), combo.fontMetrics())
    for bar in window.findChildren(QTabBar):
        if bar.isVisibleTo(window):
            for i in range(bar.count()):
                rect = bar.tabRect(i)
                if rect.right() > bar.width() or rect.left() < 0:
                    out.append(f"QTabBar: tab {bar.tabText(i)!r} is out of the bar")
                fits(bar, bar.tabText(i).replace("&&", "&"), rect.width() - 56, bar.fontMetrics())
    return out


def _settle(qtbot, win):
    for _ in range(3):
        QApplication.processEvents()
        qtbot.wait(20)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nothing_is_clipped_at_1920_by_1080(lang, qtbot, console, station, language):
    """Each screen, in the states a dealer and a supervisor see, fits its words into its widgets."""
    language(lang)
    win = console(station, authenticate=station.authenticate,
                  load_shoe=station.load_shoe)
    win.resize(1920, 1080)
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=10000)
    problems: list[str] = []

    def check(where: str) -> None:
        _settle(qtbot, win)
        assert win.width() == 1920 and win.height() == 1080, (where, win.size())
        problems.extend(f"{where}: {p}" for p in _clipped(win))

    check("dealer, new shoe")
    assert win.run_auto(3, timeout=60)
    check("dealer, result")
    title, total = win.dealer.player.title, win.dealer.player.total_caption
    a, b = sorted((title.geometry(), total.geometry()), key=lambda r: r.left())
    assert b.left() - a.right() >= 12, f"{lang}: the hand's name runs into TOTAL"
    walk_to_the_supervisor(qtbot, win, check)
    _check_the_sign_in(win, check)
    dialog = FirstAccountsDialog(lambda user, role, pin: None, win)
    qtbot.addWidget(dialog)
    dialog.show()
    for pin_again in ("", "1234"):  # the two PINs differ, then the account is added
        dialog.user_edit.setText("sue")
        dialog.role.setCurrentIndex(1)
        dialog.pin_edit.setText("1234")
        dialog.pin_again.setText(pin_again)
        dialog.add()
        _settle(qtbot, dialog)
        problems.extend(f"first accounts, {dialog.message.text()!r}: {p}" for p in _clipped(dialog))
    dialog.close()
    assert not problems, f"{lang}: clipped at 1920x1080:\n  " + "\n  ".join(problems)


def call_the_supervisor(qtbot, win) -> None:
    """From a round's result: confirm, open betting, the dealer's call (the table pauses, the supervisor screen
    opens)."""
    qtbot.keyClick(win, Qt.Key.Key_F5)  # confirm
    qtbot.waitUntil(lambda: win.host.snapshot().state == "ready", timeout=60000)
    qtbot.keyClick(win, Qt.Key.Key_Space)  # open betting
    qtbot.waitUntil(lambda: win.host.snapshot().state == "betting_open", timeout=60000)
    qtbot.keyClick(win, Qt.Key.Key_F12)
    assert win.host.snapshot().state == "paused" and win.stack.currentWidget() is win.supervisor


def walk_through_a_session(qtbot, win, clock, look) -> None:
    """At the dealer's call (:func:`call_the_supervisor`), the supervisor screen's ``clock`` stepped by hand: ``look(
    where)`` logged out, logged in, at the idle warning, at the idle end (the PIN asked again), and once signed in
    again and the round resumed (no incident)."""
    sup = win.supervisor
    look("logged out, the incident")
    sup.user_edit.setText("sue")
    sup.pin_edit.setText("1234")
    assert sup.login()
    look("logged in")
    clock.now += 51
    assert sup.check_session() and sup.idle_warning
    look("the idle warning")
    clock.now += 10
    assert sup.check_session() is False
    look("the PIN asked again")
    sup.pin_edit.setText("1234")
    assert sup.login()
    sup.select_act("resume")
    sup.set_reason("other", "nothing wrong")
    assert sup.perform(), sup.outcome.text()
    qtbot.waitUntil(lambda: win.host.snapshot().state == "betting_open", timeout=60000)
    sup.show_view(win.host.snapshot())
    look("no incident")


def walk_to_the_supervisor(qtbot, win, check, incident=None) -> None:
    """From a round's result: confirm, open betting, the dealer's call (the table pauses), the dealer screen, the
    supervisor's log-in, each act chosen, ``incident`` shown when given (a domain ``Incident``), each tab;
    ``check(where)`` at each."""
    qtbot.keyClick(win, Qt.Key.Key_F5)  # confirm
    qtbot.waitUntil(lambda: win.host.snapshot().state == "ready", timeout=5000)
    qtbot.keyClick(win, Qt.Key.Key_Space)  # open betting
    check("dealer, betting open")
    qtbot.keyClick(win, Qt.Key.Key_F12)  # the dealer calls the supervisor: the table pauses
    assert win.host.snapshot().state == "paused"
    win.show_dealer()
    check("dealer, paused")
    win.show_supervisor()
    check("supervisor, log in")
    sup = win.supervisor
    sup.user_edit.setText("sue")
    sup.pin_edit.setText("1234")
    assert sup.login()
    for act in ("resume", "enter_card", "move_card", "void_round", "end_shoe"):
        sup.select_act(act)
        check(f"supervisor, {act}")
    if incident is not None:
        sup.show_view(replace(win.host.snapshot(), incident=incident))
        check(f"supervisor, incident {incident.type}")
    for tab in range(sup.tabs.count()):
        sup.tabs.setCurrentIndex(tab)
        check(f"supervisor, tab {tab}")


def _check_the_sign_in(win, check) -> None:
    """The dealer's sign-in and the DEALER button in each thing they say (no dealer, the demo dealer, a dealer)."""
    notes = [dealer_note(SimpleNamespace(has_accounts=lambda: False, simulated=simulated))
             for simulated in (True, False)]  # the station's two no-accounts notices, as the console shows them
    win.show_sign_in()
    check("sign-in")
    screen = win.sign_in
    screen.offer_first_accounts(True)
    for dealer, how, note in ((None, None, notes[1]), ("demo", "demo", notes[0]), ("sue", "pin", "")):
        screen.show_dealer(dealer, how, note)
        screen.read_badge("sue")
        check(f"sign-in, {how}, a badge read")
        screen.pin_edit.clear()
        screen.submit()
        check(f"sign-in, {how}, no PIN")
        screen.refused("wrong user or PIN")
        check(f"sign-in, {how}, refused")
    win.dealer_sign_out()  # refused while the table is paused: the reason is shown
    check("sign-in, sign-out refused")
    screen.show_message(win.tr("Signed out: the next dealer signs in"), None)
    check("sign-in, signed out")
    screen.show_message(win.tr("Accounts added: sign in with one"), None)
    check("sign-in, accounts added")
    for dealer, how, note in ((None, None, ""), ("demo", "demo", notes[0]), ("sue", "pin", "")):
        win.dealer.show_dealer(dealer, how, note)
        win.stack.setCurrentWidget(win.dealer)
        check(f"dealer, dealer {how}")


def test_the_clipping_check_sees_a_clipped_label(qtbot, console, station):
    """The check above is not blind: a long label in a narrow tile, and an elided text, are reported."""
    win = console(station)
    win.resize(1920, 1080)
    _settle(qtbot, win)
    assert _clipped(win) == []
    win.dealer.pairs_label.setText("Pares do Jogador 12   Pares do Banker 11   Naturais 30   " * 2)  # fixed-width side
    win.dealer.tile_round.caption.setText("RODADA…")
    _settle(qtbot, win)
    found = "\n".join(_clipped(win))
    assert "Pares do Jogador 12" in found and "RODADA…" in found
    win.show_supervisor()
    win.supervisor.select_act("resume")
    win.supervisor.note.setPlaceholderText("nota (obrigatória): o que aconteceu, quem foi chamado")  # as it clipped
    _settle(qtbot, win)
    assert "quem foi chamado" in "\n".join(_clipped(win))


def test_arabic_is_right_to_left_and_the_board_is_not(qtbot, console, station, language):
    """Arabic mirrors the screens (Player on the right, read first); the roads, the PIN keypad and the raw
    frames still read left to right, and the ask road says B? and P?, not ?B."""
    language("ar")
    assert QApplication.layoutDirection() == Qt.LayoutDirection.RightToLeft
    win = console(station, authenticate=station.authenticate,
                  load_shoe=station.load_shoe)
    win.resize(1920, 1080)
    _settle(qtbot, win)
    assert win.isRightToLeft() and win.dealer.isRightToLeft()
    player = win.dealer.player.mapTo(win, win.dealer.player.rect().topLeft()).x()
    banker = win.dealer.banker.mapTo(win, win.dealer.banker.rect().topLeft()).x()
    assert player > banker
    assert win.dealer.banner.text() == "حذاء جديد"
    assert win.dealer.roads.layoutDirection() == Qt.LayoutDirection.LeftToRight
    assert win.supervisor.keypad.layoutDirection() == Qt.LayoutDirection.LeftToRight
    assert win.supervisor.raw_table.layoutDirection() == Qt.LayoutDirection.LeftToRight
    keys = win.supervisor.keypad_buttons
    win.show_supervisor()
    _settle(qtbot, win)
    assert keys["1"].mapTo(win, keys["1"].rect().topLeft()).x() < keys["9"].mapTo(win, keys["9"].rect().topLeft()).x()


def test_the_board_is_drawn_the_same_in_a_right_to_left_console(qtbot, language):
    """The roads board drawn by a right-to-left painter is the left-to-right one, pixel for pixel: the ask
    road's tags say "B?" (not "?B", as Arabic showed) and the labels stay where the grids start."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from dealer_station.console import roads_view

    language("ar")
    pictures = []
    for direction in (Qt.LayoutDirection.LeftToRight, Qt.LayoutDirection.RightToLeft):
        image = QImage(960, 440, QImage.Format.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        painter.setLayoutDirection(direction)  # a painter on a right-to-left widget starts so
        roads_view.paint_roads(painter, QRectF(0, 0, 960, 440), roads_view.compute_roads("BBPTPB"))
        painter.end()
        pictures.append(image)
    assert pictures[0] == pictures[1]


# ------------------------------------------------------------------------------------------ command line


def test_console_language_chooses_the_translation(tmp_path):
    out = tmp_path / "te.png"
    result = run_cli("console", "--shoe", "sim?seed=3", "--screenshot", str(out), "--rounds", "1",
                     "--language", "te", env={"QT_QPA_PLATFORM": "offscreen"}, timeout=120)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_an_unknown_language_is_one_line_exit_2(tmp_path):
    result = run_cli("console", "--screenshot", str(tmp_path / "x.png"), "--language", "xx",
                     env={"QT_QPA_PLATFORM": "offscreen"}, timeout=60)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "--language xx" in lines[0] and "ar, en, hu, pt, te" in lines[0]
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize(("env_lang", "expected"), [("hu_HU.UTF-8", "ÚJ CIPŐ"), ("C", "NEW SHOE"),
                                                    ("de_DE.UTF-8", "NEW SHOE")])
def test_the_system_locale_is_the_default(env_lang, expected):
    """Without --language the console speaks the system's language, English when it has no translation."""
    code = ("from PySide6.QtCore import QCoreApplication\n"
            "from dealer_station.console.app import _application\n"
            "app = _application(None)\n"
            "print(QCoreApplication.translate('Prompts', 'NEW SHOE'))\n")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "LC_ALL": env_lang, "LANG": env_lang,
           "LANGUAGE": "", "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60,
                            cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == expected


# ------------------------------------------------------------------------------------------ fonts

SCRIPTS = {"ar": ("Arabic", "البنكر"), "te": ("Telugu", "బ్యాంకర్"), "hu": ("Latin", "ŐŰ"), "pt": ("Latin", "ÇÃ")}


def test_the_fonts_of_every_language_are_in_the_debian_lists():
    """A fresh machine gets a font for each script: make run and make test install them."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    fonts = re.search(r"^FONT_DEBS :=(.*)$", text, re.M).group(1).split()
    assert "fonts-noto-core" in fonts and "fonts-dejavu-core" in fonts  # Noto Sans Telugu / Arabic; DejaVu Sans
    for name in ("RUN_DEBS", "TEST_DEBS"):
        assert "$(FONT_DEBS)" in re.search(rf"^{name} :=(.*)$", text, re.M).group(1), name


@pytest.mark.parametrize("lang", sorted(SCRIPTS))
def test_a_font_draws_the_language(lang, qapp):
    """Some installed font has the script's glyphs (no empty boxes); skipped, naming the package, without it."""
    from PySide6.QtGui import QFont, QFontDatabase, QRawFont

    system, sample = SCRIPTS[lang]
    families = QFontDatabase.families(getattr(QFontDatabase.WritingSystem, system))
    if not families:
        pytest.skip(f"no font for {system} is installed: apt-get install fonts-noto-core (make debs-test)")
    for family in families:
        raw = QRawFont.fromFont(QFont(family))
        if raw.isValid() and all(raw.supportsCharacter(ord(ch)) for ch in sample if not ch.isspace()):
            return
    raise AssertionError(f"no installed font draws {sample!r} ({system}) though {families[:3]} claim the script")
