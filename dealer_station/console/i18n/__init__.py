"""Translations of the console: ``console_<lang>.ts`` (Qt Linguist sources) and ``console_<lang>.qm``.

Arabic, Hungarian, Portuguese and Telugu, the languages of the rule sheets. After changing a
string, ``make translations`` runs ``pyside6-lupdate`` over ``dealer_station/console/*.py`` into
every ``.ts`` (a new string arrives unfinished) and ``pyside6-lrelease`` on each into its ``.qm``;
``dealer-station console --language ar`` loads ``console_ar.qm`` from here and lays the screens out
right to left (docs/console.md "Languages").

English is the language of the sources; ``console_en.ts`` holds only its plural (numerus) messages, made by
``pyside6-lupdate -pluralonly``: ``"BURN %n MORE CARD(S)"`` is ``"BURN 1 MORE CARD"`` and ``"BURN 7 MORE
CARDS"``. It is loaded whenever the console speaks English (:func:`install_english`).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["FOLDER", "install_english"]

FOLDER = Path(__file__).parent
"""Where the ``.ts`` and ``.qm`` files are."""


def install_english(app):
    """Install ``console_en.qm`` (English's plural forms) on ``app`` (a ``QCoreApplication``); return the
    ``QTranslator`` installed, or None when the file cannot be loaded (the sources' own words are shown then).
    """
    from PySide6.QtCore import QTranslator

    translator = QTranslator(app)
    if not translator.load(str(FOLDER / "console_en.qm")):
        return None
    app.installTranslator(translator)
    return translator
