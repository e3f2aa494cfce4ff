"""``replay --console``: the replay in the dealer console with pause, step and speed (pytest-qt, offscreen)."""

from __future__ import annotations

import pytest

from tests.support.replay import SESSIONS, run_cli

pytest.importorskip("PySide6")

from dealer_station.app.config import load_config  # noqa: E402
from dealer_station.app.replay import Replayer, load_expected, load_session  # noqa: E402
from dealer_station.console.replay_panel import ReplayPanel, attach_panel  # noqa: E402
from dealer_station.domain.outcome import Position  # noqa: E402

VOID = SESSIONS / "misread-limit-void.session.jsonl"


@pytest.fixture
def console(qtbot):
    from dealer_station.console.main_window import MainWindow

    made = []

    def make(path=VOID, **kw):
        replayer = Replayer(load_config())
        replayer.begin(load_session(path))
        window = MainWindow(replayer.controller, None)
        qtbot.addWidget(window)
        panel = ReplayPanel(replayer, **kw)
        attach_panel(window, panel)
        with qtbot.waitActive(window):
            window.show()
            window.activateWindow()
        made.append((window, replayer))
        return window, panel

    yield make
    for window, replayer in made:
        window.shutdown()
        replayer.journal.close()


def test_fast_replay_in_the_console_gives_the_expected_results(console, qtbot):
    window, panel = console(SESSIONS / "full-shoe-hid.session.jsonl", speed=None)
    with qtbot.waitSignal(panel.finished, timeout=60_000) as blocker:
        pass
    result = blocker.args[0]
    assert result.lines == load_expected(SESSIONS / "full-shoe-hid.expected.jsonl")
    assert panel.done and not panel.step_button.isEnabled()
    assert "replay finished" in panel.position_label.text()
    assert window.host.snapshot().state == "shoe_end"  # the console renders the replayed table


def test_step_plays_one_recorded_step_and_the_console_follows(console, qtbot):
    window, panel = console(autoplay=False)
    total = panel.replayer.position[1]
    assert panel.replayer.position == (0, total) and not panel.playing
    for _ in range(13):  # burn card, 2 burns, round 1 (4 cards), 3 cards of round 2, 3 No-Reads
        assert panel.step()
    assert panel.replayer.position == (13, total)
    qtbot.waitUntil(lambda: window.host.snapshot().state == "paused")
    view = window.host.snapshot()
    assert view.incident.type == "misread_limit" and view.rescan is Position.BANKER2
    assert panel.step()  # the supervisor's void, as recorded
    assert window.host.snapshot().state == "ready"
    while panel.step():
        pass
    assert panel.done
    assert [line.get("status") for line in panel.result.lines] == ["completed", "voided", "completed"]


def test_pause_stops_between_steps_and_play_goes_on(console, qtbot):
    window, panel = console(speed=2.0)
    qtbot.waitUntil(lambda: panel.replayer.position[0] >= 2, timeout=10_000)
    panel.pause()
    where = panel.replayer.position
    qtbot.wait(600)
    assert panel.replayer.position == where and panel.play_button.text() == "Play"
    panel.set_speed(None)
    panel.play()
    with qtbot.waitSignal(panel.finished, timeout=10_000):
        pass
    assert panel.result.lines == load_expected(SESSIONS / "misread-limit-void.expected.jsonl")


def test_speed_scales_the_recorded_timing(console, qtbot, monkeypatch):
    """At 10x a recorded step plays once a tenth of its recorded time has passed on the panel's clock (stepped by
    hand here), never before: each tick plays exactly the steps then due."""
    from types import SimpleNamespace

    from dealer_station.console import replay_panel

    clock = SimpleNamespace(now=0.0)
    monkeypatch.setattr(replay_panel, "time", SimpleNamespace(monotonic=lambda: clock.now))
    times = [step.t for step in load_session(VOID).steps]
    window, panel = console(speed=10.0)
    distinct = sorted(set(times))
    assert len(distinct) > 4
    for before, after in list(zip(distinct, distinct[1:], strict=False))[:: max(1, len(distinct) // 5)]:
        clock.now = (before + after) / 2 / 10      # between two recorded times, scaled by the speed
        due = sum(1 for t in times if t <= before)
        qtbot.waitUntil(lambda due=due: panel.replayer.position[0] == due, timeout=20_000)
        panel._tick()                               # one more tick at the same moment plays nothing more
        assert panel.replayer.position[0] == due and not panel.done
    clock.now = distinct[-1] / 10
    with qtbot.waitSignal(panel.finished, timeout=20_000):
        pass
    assert panel.result.lines == load_expected(SESSIONS / "misread-limit-void.expected.jsonl")


def test_cli_console_compares_like_headless():
    done = run_cli("replay", str(SESSIONS / "cut-mid-round.session.jsonl"), "--console", "--console-exit",
                   "--speed", "50", "--check", "--json")
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == 4


def test_cli_console_tells_what_headless_tells(tmp_path):
    """A console replay names a round cut off by the end of the recording, and fails on one that reads no card."""
    lines = (SESSIONS / "full-shoe-lines.session.jsonl").read_text().splitlines()
    cut = tmp_path / "cut.session.jsonl"
    cut.write_text("\n".join(lines[:60]) + "\n")
    done = run_cli("replay", str(cut), "--console", "--console-exit", "--fast")
    assert done.returncode == 0, done.stderr
    assert "the session ends in the middle of round" in done.stderr and "that round has no result" in done.stderr
    header_only = tmp_path / "header.session.jsonl"
    header_only.write_text(lines[0] + "\n")
    done = run_cli("replay", str(header_only), "--console", "--console-exit", "--fast")
    assert done.returncode == 1 and "the session holds no reads" in done.stderr, done.stderr


def test_cli_console_without_a_display_is_one_line():
    done = run_cli("replay", str(VOID), "--console", drop_env=("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "dealer-station replay: no display: the console needs a screen; replay headless (without --console), "
        "or set QT_QPA_PLATFORM=offscreen"]


def test_f7_pauses_and_f8_steps(console, qtbot):
    from PySide6.QtCore import Qt

    window, panel = console(autoplay=False)
    qtbot.keyClick(window, Qt.Key.Key_F8)
    assert panel.replayer.position[0] == 1 and not panel.playing
    qtbot.keyClick(window, Qt.Key.Key_F7)
    assert panel.playing
    qtbot.keyClick(window, Qt.Key.Key_F7)
    assert not panel.playing
