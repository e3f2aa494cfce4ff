"""The console on the real controller: a journal failure names its cause on the screens, and the
console's close is journaled as a stop (docs/controller.md "Stops and pauses")."""

from __future__ import annotations

from dealer_station import outbox
from dealer_station.app.accounts import Accounts
from dealer_station.journal import Journal, JournalError
from drivers import frames


def test_a_full_disk_is_named_on_the_supervisor_screen_and_closing_is_a_stop(qtbot, console, tmp_path):
    from dealer_station.console.app import open_console_station as open_station

    accounts = tmp_path / "accounts.json"
    Accounts(accounts).add("sue", "supervisor", "1234")
    station = open_station(None, "sim?seed=7", tmp_path / "j.sqlite", accounts)
    station.controller.sign_in("sue", "1234")  # a dealer signs in before betting can open
    try:
        win = console(station, authenticate=station.authenticate,
                      load_shoe=station.load_shoe)
        qtbot.waitUntil(lambda: win.host.snapshot().connected, timeout=10000)
        real = station.journal.append

        def full(kind, body, ts, **kw):
            raise JournalError("journal write failed: disk full (database or disk is full)", cause="disk full")

        station.journal.append = full
        before = win.bridge.delivered
        win.bridge.sink(frames.CardRead("AS", b"AS\r\n"))
        qtbot.waitUntil(lambda: win.bridge.delivered > before, timeout=3000)
        view = win.host.snapshot()
        assert view.state == "paused" and "DISK FULL" in view.prompt
        win.show_supervisor()
        fields = win.supervisor.incident_fields
        qtbot.waitUntil(lambda: "disk full" in fields["detail"].text(), timeout=3000)
        assert fields["reason"].text() == "disk full"  # the reason code disk_full in plain words
        station.journal.append = real  # space freed: the supervisor resumes, then the console is closed
        station.controller.supervisor("resume", user="sue", pin="1234", reason="disk_cleared", note="freed")
        win.shutdown()
        # what run_console does once the window is closed: a stop, not a lost shoe
        station.controller.stop("console closed")
    finally:
        station.close()
    with Journal(tmp_path / "j.sqlite", readonly=True) as journal:
        last = journal.last_row("input").body
        assert last["kind"] == "stop"
        events = [e.as_dict() for e in outbox.read_events(journal.conn)]
        types = [e["type"] for e in events]
        assert "round_paused" in types and "round_resumed" in types
        # the card read with no shoe open after the resume is an alert; the platform's last status is closed
        statuses = [e["data"]["status"] for e in events if e["type"] == "table_status"]
        assert statuses[-1] == "closed" and types.index("round_resumed") < len(types) - 1
        assert "shoe_disconnected" not in str([r.body for r in journal.rows(kinds=("decision",))])
