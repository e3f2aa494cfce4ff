"""Incidents a supervisor resolves at a glance, on the real controller and journal:
a new incident starts with no act chosen, the paused dealer screen gives one instruction, a
dealer's call and a pause in the burn are headed and previewed in plain words."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStyle

from dealer_station.domain.acts import FrameKind, LinkEvent
from dealer_station.domain.cards import parse_card
from dealer_station.domain.outcome import Position
from drivers import frames
from tests.unit.console.conftest import on_controller


@pytest.fixture
def table(console, console_station):
    """``table()`` → (window, station): the console on a real station with a simulated shoe."""

    def make():
        station = console_station(sign_in=("sue", "1234"))
        win = console(station, authenticate=station.authenticate,
                      load_shoe=station.load_shoe)
        return win, station

    return make


def _press(qtbot, win):
    before = win.host.snapshot()  # the view the console shows: it changes when the step is told
    qtbot.keyClick(win, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: win.host.snapshot() != before, timeout=5000)


def _until(qtbot, win, state):
    qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=10000)
    for _ in range(80):
        if win.host.snapshot().state == state:
            return
        _press(qtbot, win)
    raise AssertionError(f"never reached {state}: {win.host.snapshot().state}")


def _dealing(qtbot, win, cards=1):
    _until(qtbot, win, "ready")
    _press(qtbot, win)  # open betting
    _press(qtbot, win)  # no more bets
    for _ in range(cards):
        _press(qtbot, win)
    assert win.host.snapshot().state == "dealing"


def _call(qtbot, win):
    qtbot.keyClick(win, Qt.Key.Key_F12)
    assert win.stack.currentWidget() is win.supervisor
    assert win.host.snapshot().state == "paused"


def _login(sup):
    sup.user_edit.setText("sue")
    sup.pin_edit.setText("1234")
    assert sup.login(), sup.login_message.text()


def _shown(qtbot, win):
    """The latest snapshot has reached both screens."""
    qtbot.waitUntil(lambda: win.supervisor.view == win.host.snapshot(), timeout=3000)
    win.supervisor.show_view(win.host.snapshot())


def test_a_new_incident_starts_with_no_act_chosen(qtbot, table):
    win, _station = table()
    _dealing(qtbot, win)
    _call(qtbot, win)
    sup = win.supervisor
    _login(sup)
    sup.select_act("resume")
    sup.set_reason("other", "card flashed; checked")
    assert sup.perform(), sup.outcome.text()
    _shown(qtbot, win)
    qtbot.keyClick(win, Qt.Key.Key_Escape)
    # a second incident: the form must not still hold RESUME, its reason, note or "DONE: RESUME"
    _call(qtbot, win)
    _shown(qtbot, win)
    assert sup.selected_act is None
    assert not any(b.isChecked() for b in sup.act_buttons.values())
    assert sup.reason.currentData() == "" and sup.note.text() == "" and sup.card_edit.text() == ""
    assert "DONE" not in sup.outcome.text() and sup.outcome.text() == ""
    assert sup.preview.text() == "Choose an act."
    assert not sup.confirm.isEnabled() and "choose an act" in sup.missing()


def test_an_act_chosen_for_an_incident_stays_while_it_lasts(qtbot, table):
    win, _station = table()
    _dealing(qtbot, win)
    _call(qtbot, win)
    sup = win.supervisor
    _shown(qtbot, win)
    sup.select_act("void_round")
    sup.set_reason("other", "checking")
    sup.show_view(win.host.snapshot())  # the same incident again: nothing is cleared
    assert sup.selected_act == "void_round" and sup.act_buttons["void_round"].isChecked()
    assert sup.note.text() == "checking"


def test_paused_after_misreads_the_dealer_screen_gives_one_instruction(qtbot, table):
    win, _station = table()
    _dealing(qtbot, win, cards=3)
    before = win.bridge.delivered
    for _ in range(3):
        win.bridge.sink(frames.NoRead(b"NR\r\n"))
    qtbot.waitUntil(lambda: win.bridge.delivered >= before + 3, timeout=3000)
    view = win.host.snapshot()
    assert view.state == "paused" and view.rescan  # the controller still knows the card to rescan
    win.dealer.show_view(view)
    d = win.dealer
    assert "CALL THE SUPERVISOR" in d.banner.text()
    assert d.next.text() == "Wait for the supervisor"
    assert "Rescan" not in d.next.text() and "RESCAN" not in d.banner.text()
    assert d.misread.isHidden()
    assert not any(face.is_rescan for hand in (d.player, d.banker) for face in hand.cards)


def test_a_dealers_call_is_headed_as_a_call_not_a_violation(qtbot, table):
    win, _station = table()
    _dealing(qtbot, win)
    _call(qtbot, win)
    sup = win.supervisor
    _shown(qtbot, win)
    assert sup.incident_title.text() == "‼ DEALER CALLED THE SUPERVISOR"
    assert "PROCEDURE" not in sup.incident_title.text().upper()
    assert "DEALER CALLED THE SUPERVISOR" in win.dealer.incident.text.text()
    assert "PROCEDURE" not in win.dealer.incident.text.text()


def test_a_pause_in_the_burn_says_the_burn_resumes(qtbot, table):
    win, _station = table()
    _until(qtbot, win, "burning")
    _call(qtbot, win)
    sup = win.supervisor
    _shown(qtbot, win)
    assert win.host.snapshot().incident.state_before == "burning"
    sup.select_act("resume")
    text = sup.preview.text()
    assert text.startswith("The burn of shoe 1 resumes where it stopped (BURNING)"), text
    assert "Round 0" not in text and "round 0" not in text.lower()


def _faces(tokens):
    from dealer_station.console.cards import token_label

    return [token_label(t)[0] + token_label(t)[1] for t in tokens]


def test_the_supervisor_sees_the_round_beside_the_incident(qtbot, table, monkeypatch):
    win, _station = table()
    _dealing(qtbot, win, cards=3)  # PLAYER 1, BANKER 1, PLAYER 2 dealt; BANKER 2 is due
    _call(qtbot, win)
    sup = win.supervisor
    _shown(qtbot, win)
    view = win.host.snapshot()
    assert len(view.player) == 2 and len(view.banker) == 1

    def no_journal(*_a, **_k):
        raise AssertionError("the supervisor screen read the journal to draw the round")

    monkeypatch.setattr(win.host, "recall", no_journal)
    sup.show_view(view)  # drawn from the TableView alone
    cards = sup.round_cards
    assert [cards["player1"].text(), cards["player2"].text()] == _faces(view.player)
    assert cards["banker1"].text() == _faces(view.banker)[0]
    assert cards["banker2"].text() == "?" and cards["player3"].text() == "–" and cards["banker3"].text() == "–"
    assert sup.round_totals["player"].text() == f"total {view.player_total}"
    assert sup.round_totals["banker"].text() == f"total {view.banker_total}"
    assert sup.round_missing.text() == "? Card missing: BANKER CARD 2"
    assert all(lab.isVisible() for lab in (*cards.values(), sup.round_missing))


def test_after_misreads_the_supervisor_sees_which_card_to_rescan(qtbot, table):
    win, _station = table()
    _dealing(qtbot, win, cards=1)
    before = win.bridge.delivered
    for _ in range(3):
        win.bridge.sink(frames.NoRead(b"NR\r\n"))
    qtbot.waitUntil(lambda: win.bridge.delivered >= before + 3, timeout=3000)
    view = win.host.snapshot()
    assert view.state == "paused" and view.rescan is Position.BANKER1
    sup = win.supervisor
    sup.show_view(view)
    assert sup.round_cards["banker1"].text() == "?"
    assert sup.round_missing.text() == "? Card missing: BANKER CARD 1"
    assert sup.round_cards["player1"].text() == _faces(view.player)[0]


def test_a_pause_with_no_card_being_dealt_names_no_missing_card(qtbot, table):
    win, _station = table()
    _until(qtbot, win, "burning")
    _call(qtbot, win)
    sup = win.supervisor
    sup.show_view(win.host.snapshot())
    assert all(lab.text() == "–" for lab in sup.round_cards.values())
    assert sup.round_missing.text() == "No card is being dealt"


def test_the_evidence_fits_without_scrolling_sideways(qtbot, table):
    from datetime import UTC, datetime

    from dealer_station.console.bridge import RawFrame

    win, _station = table()
    win.resize(1920, 1080)
    _dealing(qtbot, win)
    _call(qtbot, win)
    sup = win.supervisor
    long_detail = "bad_lrc: expected 0x44 got 0x45 after a token cut short by the reader " * 3
    raw = bytes.fromhex("02 44 31 32 03 44".replace(" ", "")) * 6
    frames_seen = [RawFrame("Misread", raw, datetime.now(UTC), long_detail),
                   RawFrame(FrameKind.CARD, b"\x02QH\x03", datetime.now(UTC))]
    sup.frames = lambda: frames_seen
    sup.show_view(win.host.snapshot())
    qtbot.wait(50)
    t = sup.raw_table
    width = t.viewport().width()
    assert width > 0
    assert t.horizontalScrollBar().maximum() == 0
    header = t.horizontalHeader()
    for col in range(4):
        left = header.sectionViewportPosition(col)
        assert left >= 0 and left + header.sectionSize(col) <= width + 1, (col, left, header.sectionSize(col), width)
        assert header.sectionSize(col) >= 60, (col, header.sectionSize(col))  # each column can be read
    assert header.sectionSize(1) == max(header.sectionSize(c) for c in range(4))  # the words take the rest
    kinds = [t.item(r, 1) for r in range(t.rowCount())]
    whole = [item for item in kinds if item.text().startswith("Misread")]
    assert whole and long_detail in whole[0].text()
    # every cell shown whole on its row, wrapped at its column's width, never cut: a touch screen has no tooltip
    assert t.textElideMode() == Qt.TextElideMode.ElideNone and t.wordWrap()
    metrics = t.fontMetrics()
    margin = 2 * (t.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, t) + 1)  # a cell's text's
    cut = []
    for r in range(t.rowCount()):
        for c in range(4):
            text = t.item(r, c).text()
            need = metrics.boundingRect(0, 0, header.sectionSize(c) - margin, 100_000,
                                        int(Qt.TextFlag.TextWordWrap | Qt.TextFlag.TextWrapAnywhere), text)
            if need.height() > t.rowHeight(r) or need.width() > header.sectionSize(c):
                cut.append(f"row {r}, column {c}: {text!r} needs {need.width()}x{need.height()}, has "
                           f"{header.sectionSize(c)}x{t.rowHeight(r)}")
    assert not cut, "\n".join(cut)


def test_an_event_mismatch_pause_says_that_publishing_stays_stopped_after_a_resume(qtbot, tmp_path):
    """The publisher refused an outbox event the chain does not prove: the supervisor is told, before
    resuming, that the table deals on but nothing more reaches the platform until the event is put right."""
    from dealer_station.console import incident_prompts
    from dealer_station.console.incident_panel import IncidentPanel
    from tests.support.table import Table

    t = Table(tmp_path)
    t.start_shoe()
    t.open_round()
    t.ctl.event_refused(3, "its content differs from what decision row 12 lists (changed)")
    view = t.ctl.snapshot()
    assert view.state == "paused" and view.incident.type == "event_mismatch"
    panel = IncidentPanel()
    qtbot.addWidget(panel)
    panel.show_view(view, [])
    assert incident_prompts.incident_name("event_mismatch") in panel.incident_title.text()
    detail = panel.incident_fields["detail"].text()
    assert "its content differs" in detail and "nothing more is sent to the betting platform" in detail
    assert "outbox_event_refused" not in panel.incident_fields["reason"].text()   # plain words, no code
    assert incident_prompts.incident_advice("misread_limit") == ""


def test_the_evidence_and_the_misread_detail_are_in_plain_words(qapp):
    """The evidence table names each frame in words (no class names, no ``reason=`` codes), and a misread
    limit's detail names the position as the screen does, in the console's language, from the incident's
    fields (its count and position), not from the controller's English sentence."""
    from datetime import UTC, datetime

    from PySide6.QtCore import QCoreApplication, QTranslator

    from dealer_station.console import prompts
    from dealer_station.console.bridge import EVIDENCE, RawFrame, _raw_frame
    from dealer_station.console.incident_prompts import frame_words, incident_detail
    from dealer_station.domain.incidents import Incident
    from drivers.frames import CardRead, Connected, ConnectionLost, CutCard, Garbage, NoRead
    from tests.unit.console.test_console_i18n import I18N

    def frame(kind, **told):
        return RawFrame(kind, b"", datetime.now(UTC), **told)

    assert frame_words(frame(FrameKind.CARD, token="9H")) == "card 9♥"
    assert frame_words(frame(FrameKind.NO_READ, reason="bad_lrc")) == "unread card: damaged read (checksum)"
    assert frame_words(frame(LinkEvent.LOST, detail="EOF")) == "shoe link lost: EOF"
    assert frame_words(_raw_frame(CardRead("9H", b"\x029H\x03"))) == "card 9♥"   # the bridge's record of a frame
    assert frame_words(_raw_frame(NoRead(b"\x15", "bad_lrc"))) == "unread card: damaged read (checksum)"
    assert frame_words(_raw_frame(ConnectionLost("EOF"))) == "shoe link lost: EOF"
    events = (CardRead("TD", b"TD"), NoRead(b"\x15", "token_timeout"), CutCard(b"C"), Garbage(b"\x00"),
              Connected("x"), ConnectionLost("EOF"))
    for event in events:
        recorded = _raw_frame(event)
        assert type(recorded.kind) in (FrameKind, LinkEvent), recorded   # the event's kind, not its class's name
        words = frame_words(recorded)
        assert type(event).__name__ not in words and "=" not in words and "_" not in words, words
    assert frame_words(frame(EVIDENCE)) == "evidence"

    class Misread:   # an event no codec of the shoe makes: named by its class, with what it told
        raw, reason = b"", "odd"

    assert frame_words(_raw_frame(Misread())) == "Misread (odd)"
    limit = Incident("misread_limit", "no_read", "dealing", "banker2", detail="3 misreads in a row at banker2",
                     misreads=3, max_misreads=3)
    assert incident_detail(limit) == "3 misreads in a row at BANKER CARD 2"
    # the words come from the fields: a sentence worded otherwise changes nothing
    assert incident_detail(dataclasses.replace(limit, detail="")) == "3 misreads in a row at BANKER CARD 2"
    # the journal's English sentence is never shown: the words come from the type, reason, position and card
    assert incident_detail(Incident("shoe_disconnected", "connection_lost", "dealing",
                                    detail="the shoe's link went away")) == "connection lost"
    replayed = dataclasses.replace(limit, misreads=None, max_misreads=None)  # read back from the journal
    assert incident_detail(replayed) == "misreads in a row at BANKER CARD 2: the limit was reached"
    assert incident_detail(Incident("foreign_card", "beyond_inventory", "dealing", None, "5148 (QH)",
                                    detail="QH would be copy 9 in an 8-deck shoe")) == \
        "more copies than the shoe holds: Q♥"
    assert incident_detail(Incident("procedure_violation", "dealer_call", "dealing", "player1",
                                    detail="the dealer called the supervisor")) == "the dealer called the supervisor"
    translator = QTranslator()
    assert translator.load(str(I18N / "console_pt.qm"))
    QCoreApplication.installTranslator(translator)
    try:
        assert incident_detail(limit) == f"3 leituras falhadas seguidas em {prompts.position_name('banker2')}"
        assert incident_detail(replayed) == (f"leituras falhadas seguidas em {prompts.position_name('banker2')}: "
                                             "o limite foi atingido")
        assert frame_words(frame(FrameKind.NO_READ, reason="bad_lrc")).startswith("carta não lida: ")
    finally:
        QCoreApplication.removeTranslator(translator)


def test_a_misread_limit_carries_its_count_and_limit(qtbot, table):
    """The table paused on the misread limit: its incident has the count and the limit as fields (not in the
    journal's record of it), and the supervisor's detail is worded from them."""
    win, station = table()
    _dealing(qtbot, win)
    limit = station.config.max_misreads
    for _ in range(limit):
        on_controller(win, lambda: station.controller.shoe_event(frames.NoRead(b"\x15", "no_read")))
    qtbot.waitUntil(lambda: win.host.snapshot().state == "paused", timeout=10000)
    inc = win.host.snapshot().incident
    assert inc.type == "misread_limit" and inc.misreads == inc.max_misreads == limit
    assert "misreads" not in inc.as_dict() and "max_misreads" not in inc.as_dict()
    sup = win.supervisor
    sup.show_view(win.host.snapshot())
    assert inc.position == "banker1"  # the card due after PLAYER CARD 1
    assert sup.incident_fields["detail"].text() == f"{limit} misreads in a row at BANKER CARD 1"


def test_every_reason_the_station_makes_has_its_words_in_the_dealers_language(qapp):
    """Each reason code an incident can carry (the table's pauses, the misreads, the journal's failures) is worded
    in the console's language, never shown as its code: checked in Portuguese, where no word is its code."""
    from PySide6.QtCore import QCoreApplication, QTranslator

    from dealer_station.app.journal_guard import CAUSE_CODES
    from dealer_station.console.incident_prompts import reason_name
    from dealer_station.domain.incidents import MisreadReason, PauseReason
    from tests.unit.console.test_console_i18n import I18N

    codes = [*PauseReason, *MisreadReason, *CAUSE_CODES.values(), "write_failed"]
    translator = QTranslator()
    assert translator.load(str(I18N / "console_pt.qm"))
    QCoreApplication.installTranslator(translator)
    try:
        untranslated = [str(c) for c in codes if reason_name(c) in (str(c), str(c).replace("_", " "))]
    finally:
        QCoreApplication.removeTranslator(translator)
    assert untranslated == []


def test_a_line_noise_pause_is_named_and_says_to_check_the_cable_and_what_to_do_with_a_held_card(qtbot, tmp_path):
    """The shoe's line sent noise and a card was read in it: the panel names the incident and its reason in words
    and tells the supervisor to check the cable, and to enter the held card only if it is the one on the table."""
    from dealer_station.console import incident_prompts
    from dealer_station.console.incident_panel import IncidentPanel
    from tests.support.table import Table

    t = Table(tmp_path)
    t.start_shoe()
    t.open_round()
    for _ in range(3):
        t.ctl.shoe_event(frames.Garbage(b"\xff" * 200))
    t.ctl.shoe_event(frames.CardRead("2H", b"2H"))
    view = t.ctl.snapshot()
    assert view.state == "paused" and view.incident.type == "line_noise" and view.held == (parse_card("2H"),)
    panel = IncidentPanel()
    qtbot.addWidget(panel)
    panel.show_view(view, [])
    assert incident_prompts.incident_name("line_noise") in panel.incident_title.text()
    assert "noise_rate" not in panel.incident_fields["reason"].text()
    detail = panel.incident_fields["detail"].text()
    assert "too much noise on the shoe's line: 400 bytes in 2 frames" in detail and "Check the shoe's cable" in detail


FRAME_ROWS = 6
"""Raw frames in view at once at 1920x1080, without scrolling (docs/console.md "Supervisor screen")."""


def test_six_raw_frames_are_in_view_logged_out_and_logged_in(qtbot, table):
    win, _station = table()
    win.resize(1920, 1080)
    _dealing(qtbot, win)
    for _ in range(2):
        win.bridge.sink(frames.NoRead(b"\x02NR\x03\x1c", "bad_lrc"))
    qtbot.waitUntil(lambda: win.host.snapshot().misreads == 2, timeout=60000)
    _call(qtbot, win)
    sup = win.supervisor
    t = sup.raw_table
    assert t.rowCount() >= FRAME_ROWS
    for logged in (False, True):
        if logged:
            sup.user_edit.setText("sue")
            sup.pin_edit.setText("1234")
            assert sup.login()
        qtbot.wait(50)
        seen = [r for r in range(t.rowCount()) if t.rowViewportPosition(r) + t.rowHeight(r) <= t.viewport().height()]
        assert len(seen) >= FRAME_ROWS, (logged, t.viewport().height(), [t.rowHeight(r) for r in range(t.rowCount())])
