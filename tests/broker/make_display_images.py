"""Draw docs/img/display-en.png and docs/img/display-ar.png: the table display mid-shoe, in headless Chromium.

    PYTHONPATH=. python tests/broker/make_display_images.py [OUT_DIR]

A private Mosquitto, a controller dealing 41 rounds of shoe 1 of table T1 and opening betting for the next, its
events sent by ``events publish --follow`` (which answers replay requests), then ``dealer-station display`` in
English and in Arabic opened after the events were sent (so each page fetched the shoe so far), each at 1920x1080.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.support.display import Dealer, browser_problem, launch, start_display, stop
from tests.support.mqtt import Broker, station_process


def main(out: Path) -> int:
    problem = browser_problem()
    if problem:
        sys.stderr.write(problem + "\n")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        broker = Broker(Path(tmp))
        broker.start()
        dealer = Dealer(Path(tmp) / "journal.sqlite", seed=3)
        publisher = station_process("events", "publish", "--follow", "--broker", broker.url, "--journal",
                                    str(Path(tmp) / "journal.sqlite"), "--table-id", "T1", "--log-level", "ERROR")
        try:
            dealer.rounds(41)
            dealer.ctl.dealer("open_betting")
            with sync_playwright() as p:
                browser = launch(p)
                for language in ("en", "ar"):
                    display, url = start_display(broker.url, "--table", "T1", "--language", language)
                    try:
                        page = browser.new_page(viewport={"width": 1920, "height": 1080})
                        page.goto(url)
                        page.wait_for_function("document.querySelector('#stat-rounds').textContent === '41'",
                                               timeout=60_000)
                        page.wait_for_timeout(600)   # the countdown's script has drawn its second
                        target = out / f"display-{language}.png"
                        page.screenshot(path=str(target))
                        sys.stdout.write(f"wrote {target}\n")
                    finally:
                        stop(display)
                browser.close()
        finally:
            publisher.terminate()
            publisher.communicate(timeout=20)
            dealer.journal.close()
            broker.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "docs" / "img"))
