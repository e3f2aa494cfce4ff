"""Take the console pictures of docs/console.md: ``python tests/console/make_doc_images.py [OUT_DIR]``.

Runs the real station (controller, in-memory journal, simulated shoe seeded 7, a throw-away
supervisor account) offscreen at 1920×1080 and saves sign-in.png (the dealer's sign-in, nobody signed
in yet), dealer.png (a dealt round), dealer-misread.png (a misread asking for a rescan) and
supervisor.png (a round paused by the misread limit, a void being prepared).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from dealer_station.console.app import dealer_note

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def main(out: Path) -> int:
    from PySide6.QtWidgets import QApplication

    from dealer_station.app.accounts import Accounts
    from dealer_station.console.app import open_console_station as open_station
    from dealer_station.console.main_window import MainWindow
    from drivers import frames

    app = QApplication.instance() or QApplication([])
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="console-doc-"))
    Accounts(tmp / "accounts.json").add("sue", "supervisor", "1234")
    station = open_station(None, "sim?seed=7", ":memory:", tmp / "accounts.json")
    win = MainWindow(station, authenticate=station.authenticate,
                     load_shoe=station.load_shoe, sound=lambda: None, dealer_note=dealer_note(station))
    win.resize(1920, 1080)
    win.show()
    win.start()

    def pump(seconds=0.1):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.processEvents()
            time.sleep(0.002)

    while not win.host.snapshot().connected:
        pump(0.01)
    win.sign_in.user_edit.setText("sue")
    for digit in "12":
        win.sign_in.key_pin(digit)
    pump()
    win.save_png(out / "sign-in.png")
    win.dealer_sign_in("sue", "1234", "pin")  # a supervisor may deal
    win.run_auto(11)
    pump()
    win.save_png(out / "dealer.png")
    # next round: deal three cards, then a misread
    win.run_auto(1)
    for _ in range(6):
        act = "next"
        win.do(act)
        pump(0.05)
        if win.host.snapshot().state == "dealing" and len(win.host.snapshot().player) == 2:
            break
    win.bridge.sink(frames.NoRead(b"\x02NR\x03\x1c", "bad_lrc"))
    pump()
    win.save_png(out / "dealer-misread.png")
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
    pump()
    win.save_png(out / "supervisor.png")
    win.shutdown()
    station.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/img")))
