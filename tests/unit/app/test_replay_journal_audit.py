"""``journal replay``: a station's recorded inputs re-run on a fresh controller give identical decisions;
an input or a decision altered after the fact (even with the hash chain rebuilt) is named."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter

import pytest

from dealer_station.app.config import load_config
from dealer_station.app.controller import Controller
from dealer_station.app.replay import audit_journal
from dealer_station.journal import Journal
from dealer_station.journal.store import GENESIS, row_hash
from tests.support.replay import SESSIONS, replay, run_cli
from tests.support.simulation import simulate, stop_after


def _unsynced(path, signer=None):
    return Journal(path, synchronous="OFF", signer=signer)


def _simulated(path, shoes=1, seed=5, stop_at_card=None, controller=Controller):
    """``simulate`` on the journal at ``path`` (stopped as by SIGTERM at its ``stop_at_card``-th card when given)."""
    simulate(seed=seed, shoes=shoes, journal=path, open_journal=_unsynced, controller=controller,
             stop_when=None if stop_at_card is None else stop_after(stop_at_card, "card_accepted"))
    return path


def _audit(path):
    with Journal(path, readonly=True) as journal:
        return audit_journal(journal, load_config())


def _rewrite(path, seq, change, rehash=True):
    """Change row ``seq``'s body with ``change(body)``; rebuild the chain from there when ``rehash``, and the
    outbox events' anchors with it (a forger who left them would be named by ``verify``)."""
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER journal_no_update")
    body = json.loads(conn.execute("SELECT body FROM journal WHERE seq = ?", (seq,)).fetchone()[0])
    change(body)
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    conn.execute("UPDATE journal SET body = ? WHERE seq = ?", (text, seq))
    if rehash:
        prev = GENESIS
        for row in conn.execute("SELECT seq, ts, kind, mark, body FROM journal ORDER BY seq").fetchall():
            digest = row_hash(row[0], row[1], row[2], row[3], row[4], prev)
            conn.execute("UPDATE journal SET prev_hash = ?, hash = ? WHERE seq = ?", (prev, digest, row[0]))
            conn.execute("UPDATE outbox SET payload = json_set(payload, '$.journal_hash', ?) "
                         "WHERE json_extract(payload, '$.journal_seq') = ?", (digest, row[0]))
            prev = digest
    conn.commit()
    conn.close()


def _first_row(path, kind, test):
    with Journal(path, readonly=True) as journal:
        return next(r for r in journal.rows(kinds=(kind,)) if test(r.body))


def test_a_simulated_shoe_re_runs_identically(tmp_path):
    report = _audit(_simulated(tmp_path / "j.sqlite"))
    assert report.ok, report.first_difference
    assert report.inputs > 400 and report.decisions == report.inputs


def test_a_journal_across_a_restart_re_runs_identically(tmp_path):
    path = _simulated(tmp_path / "j.sqlite", stop_at_card=50)  # in the middle of a round
    _simulated(path)  # the station restarts on the same journal and finishes the shoe
    report = _audit(path)
    assert report.ok, report.first_difference


@pytest.mark.parametrize("name", ["misread-limit-void", "manual-card-entry", "disconnect-reconnect",
                                  "card-while-betting", "foreign-card"])
def test_supervisor_acts_re_run_identically(tmp_path, name):
    path = tmp_path / "j.sqlite"
    journal = Journal(path, synchronous="OFF")
    replay(SESSIONS / f"{name}.session.jsonl", journal=journal)
    journal.close()
    report = _audit(path)
    assert report.ok, report.first_difference
    with Journal(path, readonly=True) as journal:
        assert any(r.body.get("kind") == "supervisor" for r in journal.rows(kinds=("input",)))


def test_an_altered_card_with_a_rebuilt_chain_is_named(tmp_path):
    path = _simulated(tmp_path / "j.sqlite")
    row = _first_row(path, "input", lambda b: b.get("frame") == "card" and b["token"] != "KS"
                     and b["token"][0] not in "TJQK")
    _rewrite(path, row.seq, lambda b: b.update(token="KS"))
    with Journal(path, readonly=True) as journal:
        assert journal.verify().ok  # the forger rebuilt the chain: verify alone cannot see it
    report = _audit(path)
    assert not report.ok
    assert report.first_difference.startswith(f"input row {row.seq} (frame card KS,")
    assert "decision row" in report.first_difference

    done = run_cli("journal", "replay", str(path))
    assert done.returncode == 1
    assert f"DIFFERENT: input row {row.seq} (frame card KS," in done.stdout


def test_an_altered_result_is_named(tmp_path):
    path = _simulated(tmp_path / "j.sqlite")
    row = _first_row(path, "decision", lambda b: any(o[0] == "round_completed" and o[1]["winner"] == "banker"
                                                     for o in b["outputs"]))

    def flip(body):
        for kind, data in body["outputs"]:
            if kind == "round_completed":
                data["winner"] = "player"

    _rewrite(path, row.seq, flip)
    report = _audit(path)
    assert not report.ok
    assert f"decision row {row.seq} differs" in report.first_difference
    assert "winner: recorded \"player\", re-run \"banker\"" in report.first_difference


def test_a_broken_chain_is_named(tmp_path):
    path = _simulated(tmp_path / "j.sqlite")
    row = _first_row(path, "input", lambda b: b.get("frame") == "card")
    _rewrite(path, row.seq, lambda b: b.update(token="2C" if b["token"] != "2C" else "3C"), rehash=False)
    report = _audit(path)
    assert not report.ok and report.first_difference.startswith(f"hash chain broken: row {row.seq}")


def test_cli_exit_codes(tmp_path):
    path = _simulated(tmp_path / "j.sqlite")
    done = run_cli("journal", "replay", str(path))
    assert done.returncode == 0, done.stderr
    assert "decisions and results identical" in done.stdout
    done = run_cli("journal", "replay", str(tmp_path / "none.sqlite"))
    assert done.returncode == 2
    assert done.stderr.strip() == f"dealer-station journal: no journal at {tmp_path / 'none.sqlite'}"


def test_edge_monitor_alerts_are_decisions_too(tmp_path):
    """A station with an edge monitor journals its alerts; the re-run needs the same monitor."""
    from dealer_station.cli._journal_replay import _edge_monitor

    def monitor(remaining, round_number):  # alerts after every third round, like a real monitor's, as data
        return [{"bet": "lucky_six", "edge": "0.0123", "round": round_number}] if round_number % 3 == 0 else []

    path = _simulated(tmp_path / "edge.sqlite", seed=9,
                      controller=lambda config, journal, **kw: Controller(config, journal, edge_monitor=monitor, **kw))
    with Journal(path, readonly=True) as recorded:
        assert audit_journal(recorded, load_config(), edge_monitor=monitor).ok
        without = audit_journal(recorded, load_config())
        assert not without.ok and "player_edge" in without.first_difference
        assert callable(_edge_monitor(recorded, load_config(), "auto"))  # the journal holds alerts
        assert _edge_monitor(recorded, load_config(), "no")(Counter(), 20) == []  # a monitor that never alerts
    plain = _simulated(tmp_path / "plain.sqlite")
    with Journal(plain, readonly=True) as recorded:
        assert _edge_monitor(recorded, load_config(), "auto")(Counter(), 20) == []
        assert callable(_edge_monitor(recorded, load_config(), "yes"))


def _stepped_station(path, config_file):
    """A station whose wall clock steps an hour back, then two hours forward, while it deals: the betting
    window (15 s on the monotonic clock) closes by the timer each round, at wall times that go back."""
    from datetime import UTC, datetime, timedelta

    from dealer_station.app.config import load_config
    from drivers.frames import CardRead, Connected

    cfg = load_config(config_file)
    wall = [datetime(2026, 11, 30, 9, 0, tzinfo=UTC)]
    mono = [500.0]

    def advance(seconds):
        wall[0] += timedelta(seconds=seconds)
        mono[0] += seconds

    journal = Journal(path, synchronous="OFF")
    ctl = Controller(cfg, journal, clock=lambda: wall[0], monotonic=lambda: mono[0])

    def card(token):
        advance(1.5)
        ctl.shoe_event(CardRead(token, token.encode()))

    ctl.shoe_event(Connected("/dev/ttyUSB0"))
    ctl.dealer("new_shoe")
    ctl.dealer("shuffled")
    for token in ("3S", "9C", "8D", "7H"):
        card(token)
    for step, cards in ((-3600, ("AS", "JD", "3H", "2C", "5S", "AC")), (7200, ("9H", "8S", "KC", "QD")),
                        (-1, ("9D", "8C", "KH", "QS"))):
        ctl.dealer("open_betting")
        advance(5)
        wall[0] += timedelta(seconds=step)  # the wall clock steps while betting is open
        advance(10)
        ctl.tick()  # 15 s of monotonic time: the window has run out
        assert ctl.snapshot().state == "betting_closed"
        for token in cards:
            card(token)
        ctl.dealer("confirm_result")
    journal.close()
    with Journal(path, readonly=True) as recorded:
        stamps = [r.ts for r in recorded.rows(kinds=("input",))]
        timers = [r for r in recorded.rows(kinds=("input",)) if r.body.get("kind") == "timer"]
    assert len(timers) == 3
    assert any(later < earlier for earlier, later in zip(stamps, stamps[1:], strict=False)), "no step back"
    return cfg


def test_a_journal_recorded_with_a_stepped_back_wall_clock_re_runs_identically(tmp_path):
    """The audit feeds each input at its recorded time, as it was; a wall clock that once stepped back
    (or forward) is not a difference, and a recorded timer closes betting where it stands."""
    config_file = tmp_path / "station.toml"
    config_file.write_text('[table]\nid = "T1"\n[betting]\nwindow_seconds = 15\n')
    path = tmp_path / "stepped.sqlite"
    cfg = _stepped_station(path, config_file)
    with Journal(path, readonly=True) as journal:
        report = audit_journal(journal, cfg)
    assert report.ok, report.first_difference
    assert report.decisions == report.inputs > 20
    done = run_cli("journal", "replay", str(path), "--config", str(config_file))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "decisions and results identical" in done.stdout
    # still an audit: the same journal re-run without the betting window differs, at the first timer row
    with Journal(path, readonly=True) as journal:
        other = audit_journal(journal, load_config())
    assert not other.ok and "timer close_betting" in other.first_difference
