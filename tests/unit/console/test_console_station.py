"""End to end: the console on the real controller, journal, accounts and simulated shoe (a pty)."""

from __future__ import annotations

import os
import re
import struct
import threading
import zlib

import pytest
from PySide6.QtCore import Qt

from dealer_station.console import prompts
from dealer_station.domain.outcome import Position
from drivers import frames
from tests.conftest import run_cli
from tests.unit.console.conftest import DEALER, SUPERVISOR


@pytest.fixture
def station_factory(console_station):
    """``station_factory(journal="journal.sqlite", shoe="sim?seed=7")`` → a station with a supervisor and a dealer,
    the dealer signed in."""
    return lambda journal="journal.sqlite", shoe="sim?seed=7": console_station(
        accounts=(SUPERVISOR, DEALER), sign_in=("dan", "0000"), journal=journal, shoe=shoe)


@pytest.fixture
def station_console(console):
    def make(station):
        win = console(station, authenticate=station.authenticate,
                      load_shoe=station.load_shoe)
        return win
    return make


def _wait_connected(qtbot, win):
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=10000)


def _press(qtbot, win):
    """Press Space (the NEXT key, a foot pedal) and wait until the table moved."""
    before = win.host.snapshot()  # the view the console shows: it changes when the step is told
    qtbot.keyClick(win, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: win.host.snapshot() != before, timeout=5000)


def _to_state(qtbot, win, state, limit=80):
    for _ in range(limit):
        if win.host.snapshot().state == state:
            return
        _press(qtbot, win)
    raise AssertionError(f"never reached {state}: {win.host.snapshot()}")


def _deal_first_cards(qtbot, win, n):
    _to_state(qtbot, win, "ready")
    _press(qtbot, win)  # open betting
    _press(qtbot, win)  # no more bets
    for _ in range(n):
        _press(qtbot, win)


def _inject(qtbot, win, event):
    before = win.bridge.delivered
    win.bridge.sink(event)
    qtbot.waitUntil(lambda: win.bridge.delivered > before, timeout=3000)


def test_whole_shoe_dealt_through_the_console(qtbot, station_factory, station_console):
    station = station_factory()
    win = station_console(station)
    _wait_connected(qtbot, win)
    seen = set()
    for _ in range(1500):
        view = win.host.snapshot()
        if view.state == "shoe_end":
            break
        assert view.state != "paused", view.incident
        if view.state == "result":
            assert win.dealer.buttons["confirm_result"].isEnabled()
            winner = win.dealer.banner.text()
            assert winner.startswith(("BANKER WINS", "PLAYER WINS", "TIE"))
        seen.add(win.dealer.banner.text().split(" ")[0])
        if view.state == "burning":  # while burning the burn card is on the felt, with the count left
            assert win.dealer.burn.text.text() == prompts.burn_line(view) and str(view.burn_remaining) in (
                prompts.burn_line(view)), view
            assert win.dealer.felt_stack.currentWidget() is win.dealer.burn and win.dealer.why.text() == ""
        else:
            assert win.dealer.why.text() == (view.who_draws or ""), view  # rebuilt for translation, same words
        _press(qtbot, win)
    view = win.host.snapshot()
    assert view.state == "shoe_end", view
    rounds = station.controller.recall(1)
    assert len(rounds) == view.round_number >= 60
    assert all(r.status == "completed" for r in rounds)
    assert win.dealer.stat_labels["R"].text() == str(len(view.history))
    counts = {k: sum(1 for h in view.history if str(h)[:1].upper() == k) for k in "BPT"}
    assert {k: win.dealer.stat_labels[k].text() for k in "BPT"} == {k: str(n) for k, n in counts.items()}
    assert sum(counts.values()) == len(view.history) >= 60
    flags = [r.flags for r in rounds]
    pp, bp = sum(bool(f.get("player_pair")) for f in flags), sum(bool(f.get("banker_pair")) for f in flags)
    nat = sum(bool(f.get("player_natural") or f.get("banker_natural")) for f in flags)
    assert win.dealer.pairs_label.text() == f"Player pairs {pp}   Banker pairs {bp}   Naturals {nat}"
    assert win.dealer.last_round.isHidden()  # the shoe is over: no round is its last any more (nor asked about)
    assert win.dealer.tile_cut.value.text() == "OUT"
    assert {"NEW", "SHUFFLE", "SHOW", "BURN", "OPEN", "PLACE", "NO", "DEAL"} <= seen
    # the roads show the shoe
    assert win.dealer.roads is not None
    assert win.dealer.roads.roads().stats.rounds == len(view.history)


def test_misread_alert_shows_and_clears_on_rescan(qtbot, station_factory, station_console):
    win = station_console(station_factory())
    _wait_connected(qtbot, win)
    _deal_first_cards(qtbot, win, 2)
    assert win.dealer.misread.isHidden()
    _inject(qtbot, win, frames.NoRead(b"NR\r\n"))
    alert = win.dealer.misread
    assert alert.isVisible()
    assert "MISREAD – RESCAN PLAYER CARD 2" in alert.text.text()
    assert win.beeps, "a sound goes with the alert"
    assert win.dealer.player.cards[1].text_shown() == "RESCAN"
    assert win.dealer.banner.text() == "RESCAN PLAYER CARD 2"
    _press(qtbot, win)  # the dealer rescans: the card is read
    assert alert.isHidden()
    assert win.dealer.player.cards[1].text_shown() not in ("", "RESCAN")
    assert win.dealer.banner.text() == "DEAL BANKER CARD 2"


def _pause(qtbot, win):
    _deal_first_cards(qtbot, win, 3)
    for _ in range(3):
        _inject(qtbot, win, frames.NoRead(b"\x02NR\x03\x1c", "bad_lrc"))
    assert win.host.snapshot().state == "paused"


def test_paused_round_voided_by_a_supervisor(qtbot, station_factory, station_console):
    station = station_factory()
    win = station_console(station)
    _wait_connected(qtbot, win)
    _pause(qtbot, win)
    rnd = win.host.snapshot().round_number
    assert "MISREAD LIMIT" in win.dealer.incident.text.text()
    assert "BANKER CARD 2" in win.dealer.incident.text.text()
    qtbot.keyClick(win, Qt.Key.Key_F12)
    sup = win.supervisor
    assert "MISREAD LIMIT" in sup.incident_title.text()
    assert sup.incident_fields["position"].text() == "BANKER CARD 2"
    assert sup.incident_fields["ts"].text().endswith(view_date(win))
    rows = [(sup.raw_table.item(r, 2).text(), sup.raw_table.item(r, 3).text())
            for r in range(sup.raw_table.rowCount())]
    assert ("02 4E 52 03 1C", "\\x02NR\\x03\\x1c") in rows
    sup.user_edit.setText("sue")
    sup.pin_edit.setText("1234")
    assert sup.login()
    sup.select_act("void_round")
    sup.set_reason("scanner_misread", "lens dirty; cleaned, round voided")
    assert f"Round {rnd} of shoe 1 is VOIDED" in sup.preview.text()
    assert win.host.snapshot().state == "paused"
    qtbot.mouseClick(sup.confirm, Qt.MouseButton.LeftButton)
    assert sup.outcome.text().startswith("✔"), sup.outcome.text()
    view = win.host.snapshot()
    assert view.state in ("ready", "betting_open") and view.incident is None
    voided = [r for r in station.controller.recall(1) if r.status == "voided"]
    assert [r.round for r in voided] == [rnd]
    sup.recall_shoe.setCurrentIndex(0)
    assert sup.load_recall() == len(station.controller.recall(1))
    row = [sup.recall_table.item(r, 2).text() for r in range(sup.recall_table.rowCount())].index("voided")
    # the recall in plain words: no state names, reason codes or raw card tokens
    assert sup.recall_table.item(row, 6).text() == "MISREAD LIMIT at BANKER CARD 2 (damaged read (checksum))"
    acts = sup.recall_table.item(row, 7).text()
    assert acts == "sue voided the round (scanner misread): lens dirty; cleaned, round voided"
    assert sup.recall_table.item(row, 5).text() == "ROUND VOIDED"
    cells = [sup.recall_table.item(r, c).text() for r in range(sup.recall_table.rowCount()) for c in range(8)]
    assert not [c for c in cells if re.search(r"[a-z]+_[a-z]+|[{}]|\b[2-9TJQKA][SHDC]\b", c)], cells
    assert any(re.search(r"\d[♠♥♦♣]|[JQKA][♠♥♦♣]", c) for c in cells)  # cards as faces
    sup.recall_table.selectRow(row)
    detail = sup.recall_detail.toPlainText()
    assert detail.startswith(f"Shoe 1, round {rnd}: voided") and "lens dirty" in detail
    assert "Voided because: scanner misread: lens dirty; cleaned, round voided" in detail
    assert "  • MISREAD LIMIT at BANKER CARD 2" in detail and "{" not in detail and "_" not in detail
    qtbot.keyClick(win, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: win.dealer.incident.isHidden())


def test_wrong_pin_refused(qtbot, station_factory, station_console):
    station = station_factory()
    win = station_console(station)
    _wait_connected(qtbot, win)
    _pause(qtbot, win)
    win.show_supervisor()
    sup = win.supervisor
    sup.user_edit.setText("sue")
    sup.pin_edit.setText("9999")
    assert sup.login() is False
    assert "REFUSED" in sup.login_message.text() and "wrong PIN" in sup.login_message.text()
    assert not sup.logged_in and sup.pin_edit.text() == ""
    # a dealer's right PIN is no supervisor's
    sup.user_edit.setText("dan")
    sup.pin_edit.setText("0000")
    assert sup.login() is False
    assert "not a supervisor" in sup.login_message.text()
    # without the log-in check, the controller refuses the act itself (and journals it)
    sup.authenticate = None
    sup.user_edit.setText("sue")
    sup.pin_edit.setText("4321")
    sup.select_act("void_round")
    sup.set_reason("scanner_misread", "try")
    assert sup.perform() is False
    assert "not authorised" in sup.outcome.text()
    assert win.host.snapshot().state == "paused"
    notes = [row.body for row in station.journal.rows(kinds=("note",)) if row.body.get("kind") == "auth_refused"]
    assert notes and notes[-1]["user"] == "sue"


def test_recovered_station_shows_the_same_prompt(qtbot, station_factory, station_console):
    station = station_factory("recover.sqlite")
    win = station_console(station)
    _wait_connected(qtbot, win)
    _deal_first_cards(qtbot, win, 3)
    _inject(qtbot, win, frames.NoRead(b"NR\r\n"))

    def screen(w):
        d = w.dealer
        return (d.banner.text(), d.next.text(), d.misread.text.text(), d.tile_round.value.text(),
                d.tile_left.value.text(), [f.text_shown() for f in d.player.cards + d.banker.cards])

    before = screen(win)
    assert before[0] == "RESCAN BANKER CARD 2"
    win.shutdown()
    station.close()  # as after a kill: the journal is all that is left
    again = station_factory("recover.sqlite")
    win2 = station_console(again)
    _wait_connected(qtbot, win2)
    assert screen(win2) == before
    _press(qtbot, win2)  # the simulator goes on with the same shoe: the rescanned card is read
    assert win2.dealer.misread.isHidden()
    assert win2.dealer.banner.text() != before[0]


def _shoe_shown(win) -> dict:
    """What the dealer screen shows of the shoe: its statistics, every road (bead plate with its pair dots), the
    status tiles, who deals and the banner."""
    d = win.dealer
    return {"stats": {key: label.text() for key, label in d.stat_labels.items()}, "pairs": d.pairs_label.text(),
            "roads": d.roads.roads().to_json(), "dealer": d.dealer_button.text(), "banner": d.banner.text(),
            "tiles": [t.value.text() for t in (d.tile_shoe, d.tile_round, d.tile_left, d.tile_burn, d.tile_cut)]}


def _shown_as_the_controller_has_it(qtbot, win):
    """Wait until the console renders the table as the controller's thread has it now (nothing on the way)."""
    from tests.unit.console.conftest import on_controller

    _wait_connected(qtbot, win)
    qtbot.waitUntil(lambda: win.host.snapshot() == on_controller(win, win.station.controller.snapshot),
                    timeout=5000)


def test_a_restarted_console_shows_the_same_statistics_and_roads(qtbot, station_factory, station_console):
    """Closed mid-shoe and opened again, the console showed ``Banker pairs 0 ... Naturals 0`` and no pair dot on
    the bead plate until the next round ended: the statistics and roads come back with the table."""
    station = station_factory("same.sqlite", shoe="sim?seed=3")  # round 6: a banker pair and a natural
    win = station_console(station)
    _wait_connected(qtbot, win)
    assert win.run_auto(6)
    _deal_first_cards(qtbot, win, 2)  # round 6 confirmed, round 7 being dealt
    before = _shoe_shown(win)
    assert before["pairs"] == "Player pairs 0   Banker pairs 1   Naturals 1"
    assert [c["round"] for c in before["roads"]["cells"]["bead_plate"] if c["banker_pair"]] == [5]
    win.shutdown()
    station.stop("console closed")
    station.close()
    again = station_factory("same.sqlite", shoe="sim?seed=3")
    win2 = station_console(again)
    _shown_as_the_controller_has_it(qtbot, win2)
    assert _shoe_shown(win2) == before


def test_a_finished_simulated_shoe_opened_in_the_console_shows_its_pairs_and_naturals(qtbot, tmp_path,
                                                                                    station_factory,
                                                                                    station_console):
    proc = run_cli("simulate", "--json", "--seed", "3", "--journal", str(tmp_path / "done.sqlite"))
    assert proc.returncode == 0, proc.stderr
    station = station_factory("done.sqlite", shoe="sim?seed=3")
    rounds = station.controller.recall(1)  # before the controller's thread runs
    edges = _recorded_edges(station)
    flags = [r.flags for r in rounds]
    pp, bp = sum(bool(f["player_pair"]) for f in flags), sum(bool(f["banker_pair"]) for f in flags)
    nat = sum(bool(f["player_natural"] or f["banker_natural"]) for f in flags)
    assert pp and bp and nat
    win = station_console(station)
    _shown_as_the_controller_has_it(qtbot, win)
    shown = _shoe_shown(win)
    assert shown["pairs"] == f"Player pairs {pp}   Banker pairs {bp}   Naturals {nat}"
    assert shown["stats"]["R"] == str(len(rounds)) == str(len(proc.stdout.splitlines()) - 1)
    bead = shown["roads"]["cells"]["bead_plate"]
    assert [(c["player_pair"], c["banker_pair"], c["natural"]) for c in bead] == [
        (f["player_pair"], f["banker_pair"], f["player_natural"] or f["banker_natural"]) for f in flags]
    # the shoe's edge alerts, as its decisions recorded them, are on the supervisor's screen too
    assert _edges_shown(win) == edges and edges


def _recorded_edges(station) -> list[list[str]]:
    """The edge alerts of the journal's decisions as the supervisor's table lists them (read it before the
    controller's thread runs)."""
    from dealer_station.console import prompts

    return [[row.ts[11:19], prompts.bet_name(data["bet"]), data["ev"], str(data["cards_left"]), str(data["round"])]
            for row in station.journal.rows(kinds=("decision",))
            for kind, data in row.body["outputs"] if kind == "player_edge"]


def _edges_shown(win) -> list[list[str]]:
    table = win.supervisor.edge_table
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def view_date(win):
    return win.host.snapshot().incident.ts[:10]


def _png_size(path):
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert zlib.crc32(data[12:29]) == struct.unpack(">I", data[29:33])[0]
    return width, height


def test_screenshot_command(tmp_path):
    out = tmp_path / "dealer.png"
    result = run_cli("console", "--shoe", "sim?seed=3", "--screenshot", str(out), "--rounds", "4",
                     env={"QT_QPA_PLATFORM": "offscreen"}, timeout=120)
    assert result.returncode == 0, result.stderr
    assert _png_size(out) == (1920, 1080)
    sup = tmp_path / "supervisor.png"
    result = run_cli("console", "--shoe", "sim?seed=3", "--screenshot", str(sup), "--rounds", "1", "--screen",
                     "supervisor", env={"QT_QPA_PLATFORM": "offscreen"}, timeout=120)
    assert result.returncode == 0, result.stderr
    assert _png_size(sup) == (1920, 1080)
    rtl = tmp_path / "rtl.png"
    result = run_cli("console", "--shoe", "sim?seed=3", "--screenshot", str(rtl), "--rounds", "1", "--lang", "ar",
                     env={"QT_QPA_PLATFORM": "offscreen"}, timeout=120)
    assert result.returncode == 0, result.stderr
    assert _png_size(rtl) == (1920, 1080)


def test_no_display_says_so_in_one_line(tmp_path):
    env = {"QT_QPA_PLATFORM": "", "DISPLAY": "", "WAYLAND_DISPLAY": ""}
    result = run_cli("console", "--journal", str(tmp_path / "j.sqlite"), env=env, timeout=60)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "dealer-station run --headless" in lines[0] and "QT_QPA_PLATFORM=offscreen" in lines[0]
    assert not (tmp_path / "j.sqlite").exists()


def test_bad_arguments_are_one_line_errors(tmp_path):
    env = {"QT_QPA_PLATFORM": "offscreen"}
    result = run_cli("console", "--shoe", "nosuchprofile", "--screenshot", str(tmp_path / "x.png"), env=env)
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "nosuchprofile" in result.stderr
    result = run_cli("console", "--size", "big", "--screenshot", str(tmp_path / "x.png"), env=env)
    assert result.returncode == 2 and "--size" in result.stderr


def _login(sup, qtbot=None):
    sup.user_edit.setText("sue")
    if qtbot is None:
        sup.pin_edit.setText("1234")
    else:  # on the touch keypad, with a slip corrected
        for key in ("1", "2", "9", "⌫", "3", "4"):
            qtbot.mouseClick(sup.keypad_buttons[key], Qt.MouseButton.LeftButton)
        assert sup.pin_edit.text() == "1234"
    assert sup.login()
    assert sup.keypad.isHidden()


def test_supervisor_enters_a_card_by_hand(qtbot, station_factory, station_console):
    station = station_factory()
    win = station_console(station)
    _wait_connected(qtbot, win)
    _pause(qtbot, win)  # misread limit at banker card 2
    token = station.source.tokens[station.source.dealt]  # the card the scanner could not read
    win.show_supervisor()
    sup = win.supervisor
    _login(sup)
    sup.select_act("enter_card")
    sup.card_edit.setText(token.lower())
    sup.set_reason("scanner_misread", "read by eye, entered by hand")
    assert "MANUAL" in sup.preview.text()
    assert sup.perform(), sup.outcome.text()
    view = win.host.snapshot()
    assert view.state in ("dealing", "result") and view.banker[1].token == token
    assert Position.BANKER2 in view.manual
    assert win.dealer.banker.cards[1].text_shown().endswith("MANUAL")


def test_dealer_calls_the_supervisor_who_resumes(qtbot, station_factory, station_console):
    station = station_factory()
    win = station_console(station)
    _wait_connected(qtbot, win)
    _deal_first_cards(qtbot, win, 1)
    qtbot.keyClick(win, Qt.Key.Key_F12)
    view = win.host.snapshot()
    assert view.state == "paused" and view.incident.reason == "dealer_call"
    assert win.stack.currentWidget() is win.supervisor
    sup = win.supervisor
    assert sup.keypad.isVisible()
    _login(sup, qtbot)
    sup.select_act("resume")
    sup.set_reason("other", "card flashed; checked, no problem")
    assert "resumes" in sup.preview.text()
    assert sup.perform(), sup.outcome.text()
    assert win.host.snapshot().state == "dealing"
    qtbot.keyClick(win, Qt.Key.Key_Escape)
    _press(qtbot, win)  # dealing goes on
    assert len(win.host.snapshot().banker) == 1


def test_translations_are_used(qtbot, tmp_path, station_factory, station_console):
    import shutil
    import subprocess
    import sys

    from PySide6.QtCore import QCoreApplication, QTranslator

    lrelease = shutil.which("pyside6-lrelease") or os.path.join(os.path.dirname(sys.executable), "pyside6-lrelease")
    if not os.path.exists(lrelease):
        pytest.skip("pyside6-lrelease is not installed")
    ts = tmp_path / "console_pt.ts"
    ts.write_text("""<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS><TS version="2.1" language="pt">
<context><name>Prompts</name>
<message><source>NEW SHOE</source><translation>NOVO SAPATO</translation></message>
<message><source>Press NEW SHOE to start a shoe</source><translation>Prima NOVO SAPATO</translation></message>
</context>
<context><name>DealerScreen</name>
<message><source>ROUND</source><translation>RODADA</translation></message>
</context>
</TS>
""", encoding="utf-8")
    subprocess.run([lrelease, str(ts), "-qm", str(tmp_path / "console_pt.qm")], check=True, capture_output=True)
    translator = QTranslator()
    assert translator.load(str(tmp_path / "console_pt.qm"))
    QCoreApplication.installTranslator(translator)
    try:
        win = station_console(station_factory())
        assert win.dealer.banner.text() == "NOVO SAPATO"
        assert win.dealer.next.text() == "Prima NOVO SAPATO"
        assert win.dealer.tile_round.caption.text() == "RODADA"
    finally:
        QCoreApplication.removeTranslator(translator)


def test_the_edge_watch_is_built_on_the_controllers_thread_once_the_window_is_up(qtbot, station_factory,
                                                                                 station_console):
    """The odds tables are not built while the table opens (the window would wait for them) but right after,
    on the controller's thread, before any round ends."""
    station = station_factory()
    watch = station.controller.edges.monitor
    assert not watch.ready
    built_on = []
    build = watch._build

    def recording_build():
        built_on.append(threading.current_thread().name)
        return build()

    watch._build = recording_build
    win = station_console(station)
    qtbot.waitUntil(lambda: watch.ready, timeout=20000)
    assert built_on == ["controller"]
    assert win.host.snapshot().history == ()  # no round has ended yet


def test_edge_alerts_of_the_controller_reach_the_supervisor(qtbot, console):
    from dealer_station.app.config import load_config
    from dealer_station.app.controller import Controller
    from dealer_station.journal import Journal
    from drivers.profiles import open_shoe

    calls = []

    def monitor(remaining, round_number):
        calls.append((sum(remaining.values()), round_number))
        if round_number == 2:
            return [{"bet": "two_cards_lucky_six", "ev": "0.012345", "house_edge": "-0.012345",
                     "cards_left": sum(remaining.values())}]
        return []

    journal = Journal(":memory:")
    try:
        controller = Controller(load_config(None), journal, edge_monitor=monitor)
        win = console(controller, open_shoe("sim?seed=7"))
        qtbot.waitUntil(lambda: controller.snapshot().connected, timeout=10000)
        assert win.run_auto(3, timeout=60)
        sup = win.supervisor
        assert [c[1] for c in calls][:2] == [1, 2]
        assert sup.edge_table.rowCount() == 1
        assert sup.edge_table.item(0, 1).text() == "2 Cards Lucky Six"
        assert sup.edge_table.item(0, 2).text() == "0.012345"
        assert sup.edge_table.item(0, 4).text() == "2"
        assert "favours the player" in sup.edge_status.text()
        win.shutdown()
    finally:
        journal.close()


def test_edge_alerts_of_the_view_reach_a_supervisor_screen_built_after_it(qtbot, station_factory):
    """The supervisor's screen is built on the event loop's first turns, after the window's first view; the edge
    alerts of that view are not lost: the screen is handed the last view when it is built."""
    from dealer_station.console.main_window import MainWindow
    from dealer_station.domain.facts import FactKind

    station = station_factory()
    alert = {"shoe": 1, "round": 12, "bet": "two_cards_lucky_six", "ev": "0.012345", "house_edge": "-0.012345",
             "cards_left": 300}
    station.controller.edges.keep([(FactKind.PLAYER_EDGE, alert)], "2026-11-30T04:00:12.000000Z")  # as a decision
    win = MainWindow(station, authenticate=station.authenticate, load_shoe=station.load_shoe, sound=lambda: None)
    qtbot.addWidget(win)
    try:
        assert win._supervisor is None  # the event loop has not turned yet
        qtbot.waitUntil(lambda: win._supervisor is not None, timeout=5000)
        assert _edges_shown(win) == [["04:00:12", "2 Cards Lucky Six", "0.012345", "300", "12"]]
        assert "favours the player" in win.supervisor.edge_status.text()
    finally:
        win.shutdown()


def test_betting_window_counts_down_and_closes(qtbot, tmp_path, console):
    from dealer_station.console.app import open_console_station as open_station
    from tests.conftest import ROOT

    text = (ROOT / "config" / "station.toml").read_text(encoding="utf-8")
    text = text.replace("auto_open = false", "auto_open = true").replace("window_seconds = 0", "window_seconds = 2")
    text = text.replace('# path = "journal.sqlite"', f'path = "{tmp_path / "j.sqlite"}"')
    text = text.replace('# path = "accounts.json"', f'path = "{tmp_path / "a.json"}"')
    config = tmp_path / "station.toml"
    config.write_text(text, encoding="utf-8")
    station = open_station(config, "sim?seed=7")
    try:
        win = console(station, load_shoe=station.load_shoe)
        _wait_connected(qtbot, win)
        _to_state(qtbot, win, "betting_open")
        assert win.dealer.banner.text() in (f"PLACE YOUR BETS – {n} s – LAST SECONDS" for n in (2, 1))
        qtbot.waitUntil(lambda: win.host.snapshot().state == "betting_closed", timeout=5000)
        qtbot.waitUntil(lambda: win.dealer.banner.text() == "NO MORE BETS", timeout=2000)
        win.shutdown()
    finally:
        station.close()


@pytest.mark.parametrize("after", [0.0, 1.0])   # while the console starts, and once it runs
def test_sigterm_closes_the_console_cleanly(tmp_path, after):
    import signal
    import subprocess
    import sys
    import time

    from tests.conftest import ROOT

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    journal = tmp_path / "j.sqlite"
    proc = subprocess.Popen([sys.executable, "-m", "dealer_station", "console", "--journal", str(journal),
                             "--accounts", str(tmp_path / "a.json"), "--log-level", "INFO"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        deadline = time.monotonic() + 30
        while not journal.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(after)
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert "console_signal" in err
    from dealer_station.journal import Journal

    with Journal(journal) as j:
        assert any(row.body.get("kind") == "simulate" for row in j.rows(kinds=("note",)))


def _settle(qtbot, win) -> None:
    """Wait until the shoe's worker and then the controller's thread have done everything queued before now, and
    the console shows the table's view.

    Each is one queue, in order: a command queued after the others runs after them. The worker's draws put the
    shoe's frames on the controller's queue as they run; the controller's future is done once its listeners were
    told, so the view it returns is the one the console is about to show.
    """
    drawn = threading.Event()
    assert win.bridge._worker.submit("settle", drawn.set)
    qtbot.waitUntil(drawn.is_set, timeout=10000)
    for _ in range(10):   # the loop's own ticks (a betting window running out) may move the table on meanwhile
        done = win.host.station.submit(lambda: win.host.station.controller.snapshot())
        qtbot.waitUntil(done.done, timeout=10000)
        wanted = done.result()
        try:
            qtbot.waitUntil(lambda wanted=wanted: win.host.snapshot() == wanted, timeout=2000)
            return
        except qtbot.TimeoutError:
            continue
    raise AssertionError(f"the console never showed the table's view: {win.host.snapshot()} != {wanted}")


def test_random_interleavings_never_break_the_console(qtbot, station_factory, station_console):
    """Keys, frames, link events and supervisor acts in random order: every screen renders, nothing raises.

    Each step waits until the table has acted on it and the console shows the result (:func:`_settle`), so the
    walk is the same on a busy machine as on an idle one: it reaches the same states every run.
    """
    import random

    from drivers.deck import deck_tokens

    rng = random.Random(1)  # a walk that deals a card and pauses (most of its pauses end in END SHOE)
    station = station_factory()
    win = station_console(station)
    _wait_connected(qtbot, win)
    sup = win.supervisor
    tokens = deck_tokens(1) + ["ZZ", "1X"]
    # Space (the next key) and F2 (NEW SHOE: after a shoe ended, the shoe change's confirm) as often
    keys = [Qt.Key.Key_Space] * 6 + [Qt.Key.Key_F2] * 6 + [Qt.Key.Key_F3, Qt.Key.Key_F4, Qt.Key.Key_F5, Qt.Key.Key_D,
                                                             Qt.Key.Key_F12, Qt.Key.Key_F9, Qt.Key.Key_Escape]
    states = set()
    for step in range(480):  # at least 160 steps, then on until the walk has dealt a card and paused
        if step >= 160 and {"paused", "dealing"} <= states:
            break
        roll = rng.random()
        if roll < 0.55:
            qtbot.keyClick(win, rng.choice(keys))
        elif roll < 0.8:
            event = rng.choice([frames.CardRead(rng.choice(tokens), b"x"), frames.NoRead(b"NR"),
                                frames.Garbage(b"\x00"), frames.CutCard(b"CUT"), frames.ConnectionLost("unplugged"),
                                frames.Connected("sim")])
            _inject(qtbot, win, event)
        else:
            win.show_supervisor()
            if not sup.logged_in:
                _login(sup)
            sup.select_act(rng.choice(["resume", "enter_card", "move_card", "void_round", "end_shoe"]))
            sup.card_edit.setText(rng.choice(tokens))
            sup.from_position.setCurrentIndex(rng.randrange(6))
            sup.to_position.setCurrentIndex(rng.randrange(6))
            sup.set_reason(rng.choice(["other", "scanner_misread"]), "random act")
            sup.perform()
            sup.show_view(win.host.snapshot())
            win.show_dealer()
        _settle(qtbot, win)
        view = win.host.snapshot()
        states.add(view.state)
        assert win.dealer.banner.text()
        assert win.dealer.view is not None and win.dealer.view.state == view.state
    assert {"paused", "dealing"} <= states, states


def test_portuguese_console_holds_1920_by_1080(qtbot, station_factory, station_console):
    from pathlib import Path

    from PySide6.QtCore import QCoreApplication, QLocale, QTranslator

    import dealer_station.console as console_package

    translator = QTranslator()
    folder = Path(console_package.__file__).with_name("i18n")
    assert translator.load(QLocale("pt"), "console", "_", str(folder)), "console_pt.qm is shipped"
    QCoreApplication.installTranslator(translator)
    try:
        win = station_console(station_factory())
        win.resize(1920, 1080)
        _wait_connected(qtbot, win)
        assert win.run_auto(2, timeout=60)
        assert win.dealer.banner.text().startswith(("JOGADOR GANHA", "BANKER GANHA", "EMPATE"))
        assert win.dealer.buttons["confirm_result"].text() == "CONFIRMAR RESULTADO"
        assert win.minimumSizeHint().width() <= 1920 and win.minimumSizeHint().height() <= 1080
        win.show_supervisor()
        assert win.supervisor.tabs.tabText(2) == "HISTÓRICO DE RODADAS"
        assert win.minimumSizeHint().width() <= 1920
    finally:
        QCoreApplication.removeTranslator(translator)


def test_portuguese_translation_is_complete(tmp_path):
    """Every string of the console (as pyside6-lupdate finds it) has a finished Portuguese translation."""
    import glob
    import shutil
    import subprocess
    import sys
    import xml.etree.ElementTree as ET

    lupdate = shutil.which("pyside6-lupdate") or os.path.join(os.path.dirname(sys.executable), "pyside6-lupdate")
    if not os.path.exists(lupdate):
        pytest.skip("pyside6-lupdate is not installed")
    from tests.conftest import ROOT

    sources = [p for p in glob.glob(str(ROOT / "dealer_station" / "console" / "*.py")) if "roads_view" not in p]
    fresh = tmp_path / "fresh.ts"
    subprocess.run([lupdate, *sources, "-ts", str(fresh)], check=True, capture_output=True)

    def messages(path, finished_only=False):
        out = set()
        for ctx in ET.parse(path).getroot().findall("context"):
            for m in ctx.findall("message"):
                tr = m.find("translation")
                if finished_only and (tr.get("type") == "unfinished" or not tr.text):
                    continue
                out.add((ctx.find("name").text, m.find("source").text))
        return out

    shipped = ROOT / "dealer_station" / "console" / "i18n" / "console_pt.ts"
    missing = messages(fresh) - messages(shipped, finished_only=True)
    assert not missing, f"untranslated in console_pt.ts (run pyside6-lupdate, translate, pyside6-lrelease): {missing}"
    from PySide6.QtCore import QTranslator

    translator = QTranslator()
    assert translator.load(str(shipped.with_suffix(".qm")))
    for context, source in sorted(messages(fresh)):
        assert translator.translate(context, source), f"console_pt.qm lacks {context}/{source}: run pyside6-lrelease"


def test_supervisor_moves_a_card(qtbot, station_factory, station_console):
    station = station_factory()
    win = station_console(station)
    _wait_connected(qtbot, win)
    _deal_first_cards(qtbot, win, 3)  # player1, banker1, player2
    before = win.host.snapshot()
    qtbot.keyClick(win, Qt.Key.Key_F12)  # the dealer saw the first two cards scanned in the wrong order
    sup = win.supervisor
    _login(sup)
    sup.select_act("move_card")
    sup.from_position.setCurrentIndex(sup.from_position.findData("player1"))
    sup.to_position.setCurrentIndex(sup.to_position.findData("banker1"))
    sup.set_reason("wrong_position", "first two cards swapped at the shoe")
    assert "change places" in sup.preview.text()
    assert sup.perform(), sup.outcome.text()
    sup.select_act("resume")
    sup.set_reason("wrong_position", "cards in place")
    assert sup.perform(), sup.outcome.text()
    view = win.host.snapshot()
    assert view.player[0] == before.banker[0] and view.banker[0] == before.player[0]
    assert view.state == "dealing" and view.next_position is Position("banker2")


def test_supervisor_ends_the_shoe(qtbot, station_factory, station_console):
    station = station_factory()
    win = station_console(station)
    _wait_connected(qtbot, win)
    _to_state(qtbot, win, "ready")
    _press(qtbot, win)  # open betting for round 1
    qtbot.keyClick(win, Qt.Key.Key_F12)
    sup = win.supervisor
    _login(sup)
    sup.select_act("end_shoe")
    sup.set_reason("game_integrity", "shoe tampered with; new shoe")
    assert "ENDS" in sup.preview.text()
    assert sup.perform(), sup.outcome.text()
    qtbot.keyClick(win, Qt.Key.Key_Escape)
    assert win.host.snapshot().state == "shoe_end"
    assert win.dealer.banner.text() == "SHOE ENDED – CHANGE THE SHOE"
    assert win.dealer.next.text() == ("Announce ROUND 1 VOID – ALL BETS RETURNED and the end of the shoe, then "
                                      "press CHANGE SHOE")
    voided = station.controller.recall(1)
    assert [(r.round, r.status) for r in voided] == [(1, "voided")]
    _press(qtbot, win)  # CHANGE SHOE: the old cards out, new decks in
    assert win.host.snapshot().state == "shoe_change" and win.host.snapshot().shoe_number == 1
    qtbot.keyClick(win, Qt.Key.Key_F2)  # NEW SHOE, the confirm: the simulator loads shoe 2
    qtbot.waitUntil(lambda: win.host.snapshot().shoe_number == 2, timeout=5000)
    _to_state(qtbot, win, "ready")  # shuffled, burn card shown, cards burned from the new shoe
    assert station.source.tokens[: station.source.dealt] == station.shoe.shoe_tokens(2)[: station.source.dealt]


def test_a_card_read_with_no_shoe_open_is_told_on_the_dealer_screen(qtbot, station_factory, station_console):
    win = station_console(station_factory())
    _wait_connected(qtbot, win)
    assert win.host.snapshot().state == "no_shoe" and win.dealer.notice.isHidden()
    before, beeps = win.host.snapshot(), len(win.beeps)
    _inject(qtbot, win, frames.CardRead("QH", b"QH\r\n"))
    notice = win.dealer.notice
    assert notice.isVisible()
    assert notice.text.text() == "A card was read with no shoe open: Q♥. It is not part of any round."
    assert len(win.beeps) == beeps + 1, "a sound goes with the notice"
    assert win.host.snapshot() == before                 # nothing changed at the table
    _inject(qtbot, win, frames.CutCard(b"CUT\r\n"))
    assert notice.text.text().startswith("The cut card was read with no shoe open.")
    assert notice.text.text().endswith("(2×)")
    _press(qtbot, win)                                   # NEW SHOE: a shoe is open, the notice goes
    assert win.host.snapshot().state == "shuffle" and notice.isHidden()
