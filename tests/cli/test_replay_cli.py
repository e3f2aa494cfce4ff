"""``dealer-station replay``: output lines, pacing, and one clear line with exit 2 on bad input."""

from __future__ import annotations

import json
import threading

import pytest

from dealer_station.app.replay import ReplayError, load_session
from tests.support.replay import SESSIONS, run_cli

CUT_MID = SESSIONS / "cut-mid-round.session.jsonl"
FULL_LINES = SESSIONS / "full-shoe-lines.session.jsonl"


def test_json_lines_equal_the_expected_file():
    done = run_cli("replay", str(CUT_MID), "--json")
    assert done.returncode == 0, done.stderr
    got = [json.loads(line) for line in done.stdout.splitlines()]
    want = [json.loads(line) for line in (SESSIONS / "cut-mid-round.expected.jsonl").read_text().splitlines()]
    assert got == want
    assert done.stderr == ""  # no progress bar when standard error is not a terminal


def test_human_lines_and_check_of_several_sessions():
    done = run_cli("replay", str(CUT_MID), str(SESSIONS / "script-saopai.script"), "--codec", "saopai", "--check")
    assert done.returncode == 0, done.stderr  # cut-mid-round names 'saopai' itself: --codec agrees with it
    assert "shoe 1 round 2: player AH 4S 8H = 3, banker AD 2S = 3: tie" in done.stdout
    done = run_cli("replay", str(CUT_MID), str(SESSIONS / "garbage-bytes.session.jsonl"), "--check")
    assert done.returncode == 0, done.stderr
    assert "shoe 1 round 3: player 2S 3H = 5, banker JC 8D = 8: banker  (last round)" in done.stdout
    assert done.stdout.count("shoe 1 round 1:") == 2


@pytest.mark.parametrize(("args", "message"), [
    (["nowhere.session.jsonl"], "no such session file: nowhere.session.jsonl"),
    ([str(CUT_MID), "--codec", "morse"], "unknown codec 'morse': use one of lines, saopai, stx-etx, hid-keyboard"),
    ([str(SESSIONS / "script-saopai.script")], "does not name its wire format: give --codec"),
    ([str(CUT_MID), "--codec", "lines"], "the recording was made with codec 'saopai'; --codec lines contradicts it"),
    ([str(CUT_MID), "--speed", "0"], "--speed 0: give a positive factor"),
    ([str(CUT_MID), "--expected", "nowhere.jsonl"], "no expected results nowhere.jsonl: make them from a replay"),
    ([str(SESSIONS / "cut-mid-round.expected.jsonl")], "not a session"),
    ([str(CUT_MID), "--journal", str(SESSIONS / "cut-mid-round.expected.jsonl")], "the file exists"),
    ([str(SESSIONS)], "is a directory: give a session file"),
    ([str(CUT_MID), "--journal", str(SESSIONS)], "is a directory: give a new file's name"),
    ([str(CUT_MID), "--journal", "no-such-dir/j.sqlite"], "no directory"),
    ([str(CUT_MID), "--console-exit"], "--console-exit closes the console: it goes with --console"),
    ([str(CUT_MID), "--check", "--expected", str(SESSIONS / "cut-mid-round.expected.jsonl")], "not both"),
    ([str(CUT_MID), "--acts", "nowhere.journal.jsonl"], "--acts: no such session file"),
    ([str(CUT_MID), "--expected", str(SESSIONS.parent / "README.md")], "not JSON"),
])
def test_bad_input_is_one_line_and_exit_2(args, message):
    done = run_cli("replay", *args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("dealer-station replay: ") and message in lines[0], done.stderr


def test_a_journal_database_is_not_a_session(tmp_path):
    kept = tmp_path / "kept.sqlite"
    assert run_cli("replay", str(CUT_MID), "--journal", str(kept)).returncode == 0
    done = run_cli("replay", str(kept))
    assert done.returncode == 2 and "is a journal database, not a session" in done.stderr
    assert "journal export" in done.stderr and done.stderr.count("\n") == 1


def test_a_replay_that_reads_no_card_says_so_and_fails(tmp_path):
    done = run_cli("replay", str(SESSIONS / "script-saopai.script"), "--codec", "stx-etx")
    assert done.returncode == 1 and "no card was read" in done.stderr and "codec 'stx-etx'" in done.stderr
    header_only = tmp_path / "header.session.jsonl"
    header_only.write_text(CUT_MID.read_text().splitlines()[0] + "\n")
    done = run_cli("replay", str(header_only))
    assert done.returncode == 1 and "the session holds no reads" in done.stderr


def test_a_session_cut_in_a_round_is_told(tmp_path):
    cut = tmp_path / "cut.session.jsonl"
    cut.write_text("\n".join(FULL_LINES.read_text().splitlines()[:60]) + "\n")
    done = run_cli("replay", str(cut))
    assert done.returncode == 0, done.stderr
    assert "the session ends in the middle of round" in done.stderr and "that round has no result" in done.stderr


def test_several_sessions_are_told_apart_on_standard_error():
    done = run_cli("replay", str(CUT_MID), str(SESSIONS / "garbage-bytes.session.jsonl"), "--check")
    assert done.returncode == 0
    assert f"{CUT_MID}: 3 rounds, 1 shoe ended, equal to the expected results" in done.stderr
    assert "garbage-bytes.session.jsonl: 2 rounds, 0 shoes ended, equal to the expected results" in done.stderr


@pytest.mark.parametrize("line", ["[" * 100_000 + "]" * 100_000, '{"t": 1, "x": ' + "9" * 5000 + "}"])
def test_a_line_nested_too_deep_or_with_a_huge_number_is_a_bad_line(tmp_path, line):
    """JSON the parser refuses other than by JSONDecodeError (recursion, the 4300-digit limit) is one line, exit 2."""
    text = CUT_MID.read_text().splitlines()
    for name, lines in (("head.session.jsonl", [line, *text[1:]]), ("body.session.jsonl", [text[0], line]),
                        ("mid.session.jsonl", [text[0], line, *text[1:]])):
        bad = tmp_path / name
        bad.write_text("\n".join(lines) + "\n")
        done = run_cli("replay", str(bad))
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    expected = tmp_path / "x.expected.jsonl"
    expected.write_text(line + "\n")
    done = run_cli("replay", str(CUT_MID), "--expected", str(expected))
    assert done.returncode == 2 and "not JSON" in done.stderr, done.stderr


def test_an_empty_expected_file_is_refused(tmp_path):
    empty = tmp_path / "empty.expected.jsonl"
    empty.write_text("\n")
    done = run_cli("replay", str(CUT_MID), "--expected", str(empty))
    assert done.returncode == 2 and "holds no round or shoe line" in done.stderr


def test_a_log_level_must_be_one_of_the_levels():
    done = run_cli("replay", str(CUT_MID), "--log-level", "verbose")
    assert done.returncode == 2 and "'verbose' is not a log level: use one of DEBUG, INFO" in done.stderr
    assert run_cli("replay", str(CUT_MID), "--log-level", "error").returncode == 0


def test_bad_session_lines_are_named(tmp_path):
    bad = tmp_path / "bad.session.jsonl"
    text = CUT_MID.read_text().splitlines()
    bad.write_text("\n".join([*text[:3], '{"t": 1.0, "dir": "rx", "hex": "zz"}', *text[4:]]) + "\n")
    with pytest.raises(ReplayError, match=r"bad.session.jsonl:4: bad session line"):
        load_session(bad)
    act = tmp_path / "act.session.jsonl"
    act.write_text(text[0] + '\n{"t": 1, "dir": "act", "by": "supervisor", "act": "void_round"}\n')
    with pytest.raises(ReplayError, match="a supervisor act needs 'user'"):
        load_session(act)
    torn = tmp_path / "torn.session.jsonl"
    torn.write_text("\n".join(text) + '\n{"t": 99, "dir": "rx", "he')  # the recorder stopped mid-line
    assert len(load_session(torn).steps) == len(load_session(CUT_MID).steps)


class _SteppedWaits(threading.Event):
    """A replay's stop event that never waits: each wait asked for moves a hand-stepped clock (seconds) by as much."""

    def __init__(self) -> None:
        super().__init__()
        self.now = 0.0
        self.waits: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def wait(self, timeout: float | None = None) -> bool:
        self.waits.append(timeout)
        self.now += timeout
        return False


def test_speed_follows_the_recorded_timing(monkeypatch):
    """At ``--speed 8`` each recorded step is played once an eighth of its recorded time has passed, not before."""
    from types import SimpleNamespace

    import dealer_station.app.replay.player as player
    from dealer_station.app.config import load_config
    from dealer_station.app.replay import Replayer

    session = load_session(CUT_MID)
    assert session.steps[-1].t > 8   # the recording's last step, as its file says (more than eight recorded seconds)
    stop = _SteppedWaits()
    monkeypatch.setattr(player, "time", SimpleNamespace(monotonic=stop.monotonic))
    played_at: list[float] = []
    replayer = Replayer(load_config(), speed=8, stop=stop, on_step=lambda done, total: played_at.append(stop.now))
    try:
        paced = replayer.play(session)
    finally:
        replayer.journal.close()
    assert played_at == pytest.approx([step.t / 8 for step in session.steps])
    assert sum(stop.waits) == pytest.approx(session.steps[-1].t / 8) and all(w > 0 for w in stop.waits)
    fast = Replayer(load_config())
    try:
        assert fast.play(session).lines == paced.lines   # the pace never changes a result
    finally:
        fast.journal.close()
    done = run_cli("replay", str(CUT_MID), "--speed", "50", "--json")
    assert done.returncode == 0, done.stderr
    assert done.stdout == run_cli("replay", str(CUT_MID), "--fast", "--json").stdout



def test_paused_at_the_end_exits_1(tmp_path):
    cut = tmp_path / "cut.session.jsonl"
    lines = CUT_MID.read_text().splitlines()
    # keep the header and everything up to 3 No-Reads in a row at the first round
    head = [line for line in lines if '"dir":"rx"' in line][:7]
    nr = json.dumps({"t": 30.0, "dir": "rx", "hex": b"NR\r\n".hex()})
    cut.write_text("\n".join([lines[0], *head, nr, nr, nr]) + "\n")
    done = run_cli("replay", str(cut))
    assert done.returncode == 1
    assert "the table is left paused (misread_limit)" in done.stderr


@pytest.mark.parametrize("capture", ["trk_picoctf2017.pcap", "csec_keyboard.pcapng"])
def test_a_real_keyboard_capture_that_is_no_shoe_pauses_the_table(capture):
    """Public captures of people typing (no card codes): every token is an unknown code, so the burn
    card is rescanned until the misread limit pauses the table; nothing crashes, nothing is guessed."""
    path = SESSIONS.parent / "captures" / capture
    session = load_session(path)
    assert session.kind == "capture" and session.codec == "hid-keyboard"
    done = run_cli("replay", str(path))
    assert done.returncode == 1
    assert done.stdout == ""
    assert "the table is left paused (misread_limit)" in done.stderr


def test_progress_bar_only_on_a_terminal():
    """Standard error a terminal (a pty): rich draws the bar; not a terminal: nothing (tested above)."""
    import os
    import subprocess
    import sys
    import threading

    from tests.support.replay import ROOT

    master, slave = os.openpty()
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="100", TERM="xterm")
    chunks: list[bytes] = []

    def read() -> None:  # drain the pty while the command runs (a full pty would block it)
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            chunks.append(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        proc = subprocess.run([sys.executable, "-m", "dealer_station", "replay",
                               str(SESSIONS / "full-shoe-hid.session.jsonl"), "--json"],
                              stdout=subprocess.PIPE, stderr=slave, env=env, cwd=ROOT, timeout=120)
    finally:
        os.close(slave)
        reader.join(timeout=5)
        os.close(master)
    drawn = b"".join(chunks)
    assert proc.returncode == 0
    assert b"full-shoe-hid.session.jsonl" in drawn  # the bar's task name
    assert len(proc.stdout.splitlines()) == 69  # 68 rounds and the shoe's end, on standard output


def test_acts_from_a_journal_export_join_a_bytes_only_recording(tmp_path):
    """The bytes of a shoe (as `record` or usbmon keep them) and the station's journal export of the
    same shoe: the supervisor's void comes from the journal, and the results are the expected ones."""
    full = SESSIONS / "misread-limit-void.session.jsonl"
    lines = full.read_text().splitlines()
    bare = tmp_path / "bytes.session.jsonl"
    bare.write_text("\n".join(line for line in lines if '"dir":"act"' not in line) + "\n")
    alone = run_cli("replay", str(bare))
    assert alone.returncode == 1 and "left paused (misread_limit)" in alone.stderr

    db = tmp_path / "station.sqlite"
    assert run_cli("replay", str(full), "--journal", str(db)).returncode == 0
    export = tmp_path / "station.journal.jsonl"
    assert run_cli("journal", "export", str(db), "-o", str(export)).returncode == 0
    done = run_cli("replay", str(bare), "--acts", str(export), "--expected",
                   str(SESSIONS / "misread-limit-void.expected.jsonl"))
    assert done.returncode == 0, done.stderr

    script = run_cli("replay", str(SESSIONS / "script-saopai.script"), "--codec", "saopai", "--acts", str(export))
    assert script.returncode == 2 and "no clock time" in script.stderr
    wrong = run_cli("replay", str(bare), "--acts", str(full))
    assert wrong.returncode == 2 and "the acts come from a journal export" in wrong.stderr


def test_a_torn_last_line_is_dropped_and_named_on_standard_error(tmp_path):
    text = CUT_MID.read_text()
    assert text.endswith("\n")
    torn = tmp_path / "torn.session.jsonl"
    torn.write_text(text + '{"t": 99, "dir": "rx", "he')  # the recorder stopped mid-line
    line = len(text.splitlines()) + 1
    session = load_session(torn)
    assert session.dropped is not None and f"{torn}:{line}:" in session.dropped
    assert load_session(CUT_MID).dropped is None
    done = run_cli("replay", str(torn), "--json")
    whole = run_cli("replay", str(CUT_MID), "--json")
    assert done.returncode == 0 and done.stdout == whole.stdout
    warnings = [x for x in done.stderr.splitlines() if "warning" in x]
    assert len(warnings) == 1 and f"{torn}:{line}:" in warnings[0] and "torn" in warnings[0], done.stderr
    assert "warning" not in whole.stderr
