"""Replay and the side-bet edge monitor: run where its alerts are kept or shown, the round lines the same."""

from __future__ import annotations

import dataclasses
import io

import pytest

from dealer_station.app.config import load_config
from dealer_station.app.logging import configure_logging
from dealer_station.app.replay import Replayer, load_session
from dealer_station.journal import Journal
from tests.conftest import reset_logging
from tests.support.replay import SESSIONS, run_cli

FULL_SHOE = SESSIONS / "full-shoe-stx-etx.session.jsonl"


@pytest.fixture
def log_level():
    """Configure logging at a level for the test; structlog's defaults and no station handler after."""
    def configure(level: str) -> None:
        configure_logging(json=True, level=level, stream=io.StringIO())

    yield configure
    reset_logging()


def _alerts(journal) -> list[dict]:
    return [data for row in journal.rows(kinds=("decision",)) for kind, data in row.body["outputs"]
            if kind == "player_edge"]


def _play(**kw) -> tuple[Replayer, list[dict]]:
    replayer = Replayer(load_config(), **kw)
    result = replayer.play(load_session(FULL_SHOE))
    return replayer, result.lines


def test_a_fast_replay_leaves_the_monitor_out_unless_its_alerts_are_kept_shown_or_asked_for(tmp_path, log_level):
    log_level("WARNING")
    quiet, lines = _play()
    assert not quiet.edge_monitor and _alerts(quiet.journal) == []
    asked, asked_lines = _play(edge_monitor=True)
    assert asked.edge_monitor and len(_alerts(asked.journal)) >= 2  # this shoe turns side bets favourable
    assert asked_lines == lines  # the monitor never changes a round
    kept, kept_lines = _play(journal=Journal(tmp_path / "kept.sqlite"))
    assert kept.edge_monitor and _alerts(kept.journal) == _alerts(asked.journal) and kept_lines == lines
    kept.journal.close()
    shown, _ = _play(listeners=[lambda fact: None])
    assert shown.edge_monitor
    never, _ = _play(journal=Journal(tmp_path / "never.sqlite"), edge_monitor=False)
    assert not never.edge_monitor and _alerts(never.journal) == []
    never.journal.close()
    log_level("INFO")  # each alert is a log record: seen
    logged, _ = _play()
    assert logged.edge_monitor and _alerts(logged.journal) == _alerts(asked.journal)


def test_a_configuration_without_the_monitor_is_never_overridden():
    config = dataclasses.replace(load_config(), player_edge_monitor=False)
    replayer = Replayer(config, edge_monitor=True)
    replayer.play(load_session(FULL_SHOE))
    assert not replayer.edge_monitor and _alerts(replayer.journal) == []


def test_replay_edge_monitor_flag_keeps_the_alerts_in_the_journal(tmp_path):
    plain = tmp_path / "plain.sqlite"
    proc = run_cli("replay", str(FULL_SHOE), "--journal", str(plain), "--json")
    assert proc.returncode == 0, proc.stderr
    with Journal(plain, readonly=True) as journal:
        assert len(_alerts(journal)) >= 2  # a kept journal is the station's, alerts included
    proc = run_cli("replay", str(FULL_SHOE), "--edge-monitor", "--json")
    assert proc.returncode == 0, proc.stderr
    proc = run_cli("replay", str(FULL_SHOE), "--json", "--log-level", "INFO")
    assert proc.returncode == 0 and proc.stderr.count('"player_edge"') >= 2  # logged alerts: the monitor ran
    assert '"player_edge"' not in run_cli("replay", str(FULL_SHOE), "--json", "--log-level", "INFO",
                                          "--config", str(_no_monitor(tmp_path))).stderr
    assert "--edge-monitor" in run_cli("replay", "--help").stdout


def _no_monitor(tmp_path):
    path = tmp_path / "no-monitor.toml"
    path.write_text("[monitor]\nplayer_edge = false\n")
    return path
