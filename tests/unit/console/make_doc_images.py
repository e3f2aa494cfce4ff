"""Take the console pictures of docs/console.md: ``python tests/unit/console/make_doc_images.py [OUT_DIR] [LANG ...]``.

Runs the real station (controller, in-memory journal, simulated shoe seeded 7, a throw-away
supervisor account) in a real window at 1920×1080 on an X server, once per language (en, ar, hu,
pt, te by default, each in its own process so each gets a fresh application), and saves, per language:

- ``sign-in`` (the dealer's sign-in, nobody signed in yet),
- ``dealer`` (a dealt round),
- ``dealer-misread`` (a misread asking for a rescan),
- ``supervisor`` (a round paused by the misread limit, a void being prepared),
- ``supervisor-edge`` (the side-bet edge monitor),
- ``supervisor-recall`` (the round recall after the void, the voided round selected),
- ``dealer-shoe-change`` (the shoe ended by the supervisor, the dealer's CHANGE SHOE pressed: NEW SHOE confirms),
- ``dealer-burn`` (the next shoe's burn card shown as a card).

English pictures are ``NAME.png``, the others ``NAME-LANG.png``. Without a display (no ``DISPLAY``)
the script runs itself again under ``xvfb-run`` (a 1920×1080×24 screen); it refuses Qt's offscreen
platform, which draws no real window.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

LANGUAGES = ("en", "ar", "hu", "pt", "te")
"""The console's languages (docs/console.md "Languages")."""

SCREENS = ("sign-in", "dealer", "dealer-misread", "supervisor", "supervisor-edge", "supervisor-recall",
           "dealer-shoe-change", "dealer-burn")
"""The pictures taken in each language."""


def picture(out: Path, name: str, lang: str) -> Path:
    """Where picture ``name`` of language ``lang`` goes: ``NAME.png`` in English, ``NAME-LANG.png`` otherwise."""
    return out / (f"{name}.png" if lang == "en" else f"{name}-{lang}.png")


def shoot(out: Path, lang: str) -> int:
    """Take every picture of :data:`SCREENS` in language ``lang`` into ``out``; 0 when all were saved."""
    from dealer_station.app.accounts import Accounts
    from dealer_station.console.app import _application, dealer_note
    from dealer_station.console.app import open_console_station as open_station
    from dealer_station.console.main_window import MainWindow
    from drivers import frames

    app = _application(lang)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="console-doc-"))
    Accounts(tmp / "accounts.json").add("sue", "supervisor", "1234")
    station = open_station(None, "sim?seed=7", ":memory:", tmp / "accounts.json")
    win = MainWindow(station, authenticate=station.authenticate,
                     load_shoe=station.load_shoe, sound=lambda: None, dealer_note=dealer_note(station))
    win.resize(1920, 1080)
    win.show()
    win.start()

    def pump(seconds=0.3):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.processEvents()
            time.sleep(0.002)

    def save(name: str) -> None:
        pump()
        win.save_png(picture(out, name, lang))

    try:
        while not win.host.snapshot().connected:
            pump(0.01)
        win.sign_in.user_edit.setText("sue")
        for digit in "12":
            win.sign_in.key_pin(digit)
        save("sign-in")
        win.dealer_sign_in("sue", "1234", "pin")  # a supervisor may deal
        win.run_auto(11)
        save("dealer")
        # next round: deal three cards, then a misread
        win.run_auto(1)
        for _ in range(6):
            win.do("next")
            pump(0.05)
            if win.host.snapshot().state == "dealing" and len(win.host.snapshot().player) == 2:
                break
        win.bridge.sink(frames.NoRead(b"\x02NR\x03\x1c", "bad_lrc"))
        save("dealer-misread")
        for _ in range(2):
            win.bridge.sink(frames.NoRead(b"\x02NR\x03\x1c", "bad_lrc"))
            pump()
        win.show_supervisor()
        sup = win.supervisor
        sup.user_edit.setText("sue")
        sup.pin_edit.setText("1234")
        sup.login()
        sup.select_act("void_round")
        sup.set_reason("scanner_misread", "Scanner window smudged; cleaned. Card unreadable three times.")
        save("supervisor")
        sup.perform()
        pump()
        sup.tabs.setCurrentIndex(1)
        save("supervisor-edge")
        sup.tabs.setCurrentIndex(2)
        sup.load_recall()
        voided = [r for r in range(sup.recall_table.rowCount())
                  if getattr(sup.recalled[r], "status", "") == "voided"]
        row = voided[-1] if voided else sup.recall_table.rowCount() - 1
        pump()  # the tab laid out first: the row is then scrolled into view
        sup.recall.select_round(row)
        save("supervisor-recall")
        # the shoe's end, by the supervisor's END SHOE at a dealer's call, then the shoe change and the burn
        win.show_dealer()
        win.do("next")  # open betting
        pump()
        win.do("supervisor")
        pump()
        sup.pin_edit.setText("1234")
        sup.login()
        sup.select_act("end_shoe")
        sup.set_reason("other", "Shoe ended for the pictures of the manual.")
        sup.perform()
        pump()
        win.show_dealer()
        win.do("next")  # CHANGE SHOE: the old cards off, new decks in
        save("dealer-shoe-change")
        win.do("new_shoe")  # the confirm
        pump()
        win.do("next")  # shuffled
        pump()
        win.do("next")  # the burn card drawn
        save("dealer-burn")
    finally:
        win.shutdown()
        station.close()
    return 0


def main(argv: list[str]) -> int:
    """Take the pictures of every language asked (default: all), each in a process of its own."""
    out = Path(argv[0]) if argv and argv[0] not in LANGUAGES else Path("docs/img")
    langs = [a for a in argv if a in LANGUAGES] or list(LANGUAGES)
    if os.environ.get("QT_QPA_PLATFORM", "") == "offscreen":
        sys.stderr.write("make_doc_images: pictures are taken in a real window; unset QT_QPA_PLATFORM=offscreen\n")
        return 2
    if not os.environ.get("DISPLAY"):
        xvfb = shutil.which("xvfb-run")
        if xvfb is None:
            sys.stderr.write("make_doc_images: no display and no xvfb-run (apt-get install xvfb)\n")
            return 2
        return subprocess.call([xvfb, "-a", "-s", "-screen 0 1920x1080x24", sys.executable, __file__,
                                str(out), *langs])
    os.environ["QT_QPA_PLATFORM"] = "xcb"
    if len(langs) == 1:
        return shoot(out, langs[0])
    for lang in langs:
        code = subprocess.call([sys.executable, __file__, str(out), lang])
        if code:
            return code
        sys.stdout.write(f"{lang}: " + ", ".join(picture(out, name, lang).name for name in SCREENS) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
