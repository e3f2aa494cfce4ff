"""Bad input, tried as an attacker and an unlucky operator would: one line naming the problem and the fix,
exit status 2, never a traceback (every case here raised or was accepted before).

Each case writes its files under ``tmp_path`` (``{tmp}`` in the arguments) and runs the command line in
a subprocess, as an operator does.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli

BIG = "1" + "0" * 400            # an integer no float can hold
DEEP = "x = " + "[" * 5000 + "]" * 5000 + "\n"   # nested past the TOML parser's recursion limit
SESSION = ROOT / "hw_fixtures" / "sessions" / "burns-10-jqk-ace.session.jsonl"

CONFIGS = {
    "window_big.toml": f"[betting]\nwindow_seconds = {BIG}\n",
    "drain_big.toml": f"[broker]\nhost = 'localhost'\ndrain_timeout = {BIG}\n",
    "connect_big.toml": f"[broker]\nhost = 'localhost'\nconnect_timeout = {BIG}\n",
    "backoff_big.toml": f"[broker]\nhost = 'localhost'\nbackoff_min = {BIG}\n",
    "deep.toml": DEEP,
    "deep_table.toml": "[table]\nx = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n",
    "no_profile.toml": "[shoe]\nprofile = 'no-such-shoe'\n",
    "dup_profile.toml": "[shoe]\nprofile = 'sim?seed=1&seed=2'\n",
    "diff_huge.toml": "[limits]\ndifference = '1e999999999'\n",
    "diff_int.toml": f"[limits]\ndifference = {BIG}\n",
    "paytable_long.toml": "[table]\npaytable = '" + "a" * 5000 + "'\n",
    "no_main_bets.toml": "[table]\npaytable = '{tmp}/side_only.toml'\n",
    "empty_bonus.toml": "[table]\npaytable = '{tmp}/empty_bonus_pt.toml'\n",
    "nul_accounts.toml": '[accounts]\npath = "a\\u0000b"\n',
    "noise_quiet.toml": "[line_noise]\nquiet_seconds = 0\n",
    "noise_rate.toml": f"[line_noise]\nmax_bytes_per_second = {BIG}\n",
    "noise_window.toml": "[line_noise]\nwindow_seconds = nan\n",
}
PAYTABLES = {
    "side_only.toml": '[bets.player_pair]\npays = "11:1"\n',
    "empty_bonus_pt.toml": ('[bets.player]\npays = "1:1"\n[bets.tie]\npays = "8:1"\n[bets.banker]\npays = "0.95:1"\n'
                            'no_commission = "1:1"\nno_commission_six = "1:2"\n'
                            '[bets.player_bonus]\nnatural = "1:1"\nmargin = {}\n'),
}
RUN = ("run", "--headless", "--auto", "--shoes", "1", "--journal", ":memory:", "--log-level", "WARNING")

CASES = [
    # seconds settings too large for a float
    (("simulate", "--config", "{tmp}/window_big.toml"), "betting.window_seconds: 1000"),
    (("simulate", "--config", "{tmp}/drain_big.toml"), "drain timeout 1000"),
    (("simulate", "--config", "{tmp}/connect_big.toml"), "connect_timeout = 1000"),
    (("simulate", "--config", "{tmp}/backoff_big.toml"), "backoff_min = 1000"),
    ((*RUN, "--shoe", f"sim?read_timeout={BIG}"), "read_timeout"),
    ((*RUN, "--shoe", "sim?backoff_initial=1e308"), "backoff_initial='1e308': give 0 to 86400 seconds"),
    ((*RUN, "--shoe", f"sim?token_timeout={BIG}"), "token_timeout"),
    ((*RUN, "--shoe", "sim?reconnect_timeout=inf"), "reconnect_timeout='inf': give a finite number"),
    ((*RUN, "--shoe", "sim", "--idle-exit", "nan"), "--idle-exit nan"),
    (("events", "tail", "--journal", "{tmp}/j.sqlite", "--interval", "1e400", "--follow"), "--interval inf"),
    (("events", "tail", "--journal", "{tmp}/j.sqlite", "--after", BIG), "--after 1000"),
    (("record", "--shoe", "sim", "-o", "{tmp}/r.jsonl", "--seconds", "nan"), "--seconds nan"),
    # TOML nested thousands deep
    (("simulate", "--config", "{tmp}/deep.toml"), "not valid TOML"),
    (("simulate", "--config", "{tmp}/deep_table.toml"), "not valid TOML"),
    ((*RUN, "--shoe", "sim", "--config", "{tmp}/deep.toml"), "not valid TOML"),
    (("users", "--config", "{tmp}/deep.toml", "list"), "not valid TOML"),
    (("events", "tail", "--config", "{tmp}/deep.toml"), "not valid TOML"),
    ((*RUN, "--shoe", "{tmp}/deep_profile.toml"), "is not valid TOML"),
    # session times and speeds no clock reaches
    (("replay", "{tmp}/inf.session.jsonl"), "t=inf is not a time in seconds"),
    (("replay", "{tmp}/big.session.jsonl"), "t=1e+308 is not a time in seconds"),
    (("replay", "{tmp}/huge.session.jsonl"), "bad session line"),
    ((*RUN, "--shoe", "replay:{tmp}/inf.session.jsonl?speed=1"), "t=inf is not a time in seconds"),
    (("replay", str(SESSION), "--speed", "1e-300"), "--speed 1e-300: give a positive factor"),
    ((*RUN, "--shoe", f"replay:{SESSION}?speed=1e-300"), "speed='1e-300'"),
    (("odds", "--decks", BIG), "a shoe holds 1 to 8 decks"),
    # accepted before, wrong
    (("simulate", "--config", "{tmp}/no_profile.toml"), "shoe.profile: 'no-such-shoe'"),
    (("simulate", "--config", "{tmp}/dup_profile.toml"), "seed is given twice"),
    ((*RUN, "--shoe", ""), "--shoe ''"),
    ((*RUN, "--shoe", "sim?seed=1&seed=2"), "seed is given twice: give each option once"),
    (("record", "--shoe", "sim?seed=1&seed=1", "-o", "{tmp}/r2.jsonl"), "seed is given twice"),
    (("simulate", "--config", "{tmp}/diff_huge.toml"), "limits.difference: '1e999999999' is not allowed"),
    (("simulate", "--config", "{tmp}/diff_int.toml"), "limits.difference: 1000"),
    (("simulate", "--config", "{tmp}/paytable_long.toml"), "table.paytable"),
    (("simulate", "--config", "{tmp}/no_main_bets.toml"), "every pay table offers player, banker and tie"),
    (("simulate", "--config", "{tmp}/empty_bonus.toml"), "bets.player_bonus.margin: empty"),
    (("deal", "--paytable", "{tmp}/side_only.toml", "5S", "6D", "KH", "KC"), "no [bets.player]"),
    (("users", "--config", "{tmp}/nul_accounts.toml", "list"), "accounts.path"),
    ((*RUN, "--shoe", "sim", "--config", "{tmp}/noise_quiet.toml"), "line_noise.quiet_seconds: 0"),
    (("simulate", "--config", "{tmp}/noise_rate.toml"), "line_noise.max_bytes_per_second: 1000"),
    (("simulate", "--config", "{tmp}/noise_window.toml"), "line_noise.window_seconds: nan is not allowed"),
    (("config", "check", ""), "give the path of a station configuration"),
    (("console", "--rounds", BIG), "give 0 to 10000 rounds"),
    # a shoe that cannot be opened: the one line, with the errno said once
    ((*RUN[:-2], "--shoe", "serial:{tmp}/no-such-tty?codec=lines"), "No such file or directory; is the shoe"),
    ((*RUN[:-2], "--shoe", "replay:{tmp}/missing.jsonl"), "no recorded session"),
    # usage errors: one line, not the usage block
    (("simulate", "--shoes", "abc"), "simulate: --shoes: 'abc' is not a whole number; see dealer-station simulate"),
    (("deal", "--mode", "foo"), "--mode: invalid choice: 'foo' (choose from commission, no-commission)"),
    (("dael",), "'dael' is not a command"),
    (("journal", "verfy", "x"), "did you mean verify?"),
    (("config",), "ACTION is missing: give one of check"),
    ((), "give a command"),
    (("simulate", "--sheos", "2"), "did you mean --shoes?"),
]


def _files(tmp: Path) -> None:
    for name, text in {**CONFIGS, **PAYTABLES}.items():
        (tmp / name).write_text(text.replace("{tmp}", str(tmp)), encoding="utf-8")
    (tmp / "deep_profile.toml").write_text("transport = 'sim'\ncodec = 'lines'\n" + DEEP)
    lines = SESSION.read_text().splitlines()
    for name, t in (("inf", "Infinity"), ("big", "1e308"), ("huge", BIG)):
        last = json.loads(lines[-1])
        (tmp / f"{name}.session.jsonl").write_text("\n".join(lines[:-1]) + "\n" + json.dumps(last)
                                                    .replace(f'"t": {last["t"]}', f'"t": {t}') + "\n")
    with sqlite3.connect(tmp / "j.sqlite") as conn:
        conn.execute("CREATE TABLE outbox (event_id INTEGER PRIMARY KEY, type TEXT, payload TEXT, "
                     "created_utc TEXT, published_utc TEXT)")


@pytest.mark.parametrize(("args", "needle"), CASES, ids=[" ".join(a)[:60] or "no-command" for a, _ in CASES])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, needle):
    _files(tmp_path)
    args = tuple(a.replace("{tmp}", str(tmp_path)) for a in args)
    done = run_cli(*args, cwd=tmp_path, timeout=60)
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2, done.stderr[-3000:]
    assert len(lines) == 1, done.stderr[-3000:]
    assert needle in lines[0], lines[0]
    assert len(lines[0]) < 1200  # a 400-digit value is named, not printed whole, where it would be


def test_config_check_names_a_profile_that_does_not_exist(tmp_path):
    _files(tmp_path)
    done = run_cli("config", "check", str(tmp_path / "no_profile.toml"))
    assert done.returncode == 1 and "INVALID" in done.stdout and "shoe.profile: 'no-such-shoe'" in done.stdout
    assert "Traceback" not in done.stderr


def test_users_options_go_before_or_after_the_action(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    done = run_cli("users", "add", "ann", "--role", "dealer", "--pin-stdin", "--accounts", str(first),
                   input="2468\n")
    assert done.returncode == 0, done.stderr
    listed = run_cli("users", "list", "--accounts", str(first))
    assert listed.returncode == 0 and listed.stdout.startswith("ann\tdealer\tactive"), listed.stderr
    # after the action wins over before it; not given after, the one before stays
    after = run_cli("users", "--accounts", str(second), "list", "--accounts", str(first))
    assert after.stdout.startswith("ann\t"), after.stderr
    before = run_cli("users", "--accounts", str(first), "list")
    assert before.stdout.startswith("ann\t"), before.stderr


def test_nothing_to_show_is_said(tmp_path):
    _files(tmp_path)
    users = run_cli("users", "list", "--accounts", str(tmp_path / "none.json"))
    assert users.returncode == 0 and users.stdout == "" and "no accounts in" in users.stderr
    events = run_cli("events", "tail", "--journal", str(tmp_path / "j.sqlite"))
    assert events.returncode == 0 and events.stdout == "" and "no events in the outbox" in events.stderr
    pending = run_cli("events", "tail", "--pending", "--journal", str(tmp_path / "j.sqlite"))
    assert "no pending events in the outbox" in pending.stderr


def test_publish_to_a_refusing_broker_fails_at_once(tmp_path):
    import socket

    journal = tmp_path / "j.sqlite"
    made = run_cli("simulate", "--decks", "1", "--seed", "3", "--journal", str(journal))
    assert made.returncode == 0, made.stderr
    with socket.socket() as s:   # a port nobody listens on: bound, never listening, then closed
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # a drain timeout far beyond the run's deadline: waiting it out would fail the run (TimeoutExpired)
    done = run_cli("events", "publish", "--journal", str(journal), "--broker", f"mqtt://127.0.0.1:{port}",
                   "--drain-timeout", "3600", timeout=300)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 1 and len(lines) == 1 and "Connection refused" in lines[0], done.stderr
    assert "so it was not waited out" in lines[0]   # the refusal ended it, not the drain timeout


def test_qt_messages_go_to_the_log_and_the_harmless_one_is_dropped():
    import io

    from dealer_station.app.logging import configure_logging
    from dealer_station.console.qt_log import qt_message
    from tests.conftest import reset_logging

    stream = io.StringIO()
    configure_logging(json=True, level="DEBUG", stream=stream)
    try:
        class Kind:
            name = "QtWarningMsg"

        qt_message(Kind(), None, "This plugin does not support propagateSizeHints()")
        assert stream.getvalue() == ""
        qt_message(Kind(), None, "QFont::setPointSize: Point size <= 0 (-1)")
        record = json.loads(stream.getvalue().splitlines()[-1])
        assert record["event"] == "qt_message" and record["level"] == "warning"
        assert "setPointSize" in record["message"]
        qt_message(object(), object(), "x")  # an odd kind or context: logged, never raised
    finally:
        reset_logging()


def test_offscreen_screenshot_prints_no_qt_warnings(tmp_path):
    pytest.importorskip("PySide6")
    done = run_cli("console", "--screenshot", str(tmp_path / "s.png"), "--rounds", "0",
                   env={"QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr
    assert "propagateSizeHints" not in done.stderr and done.stderr.strip() == "", done.stderr
