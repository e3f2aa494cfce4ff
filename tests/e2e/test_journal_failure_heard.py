"""A journal failure reaches the platform with no supervisor (docs/controller.md "Stops and pauses", docs/events.md
"Status and last will"): ``run --headless --shoe sim --auto`` as a process, its journal on a small tmpfs filled
until the table pauses, a real Mosquitto and a subscriber. Freed, the station journals and publishes the pause by
itself; a SIGTERM is then a clean stop. Never freed, the stop cannot be journaled: exit 1, and the retained status
says so."""

from __future__ import annotations

import json
import signal
import subprocess
from pathlib import Path

import pytest

from dealer_station import outbox
from dealer_station.journal import Journal
from dealer_station.schemas import validate, validate_event
from tests.support.disk import fill, small_tmpfs
from tests.support.mqtt import ROOT, wait_until

pytestmark = pytest.mark.broker


def _events(path: Path) -> list[dict]:
    with Journal(path, readonly=True) as journal:
        return [e.as_dict() for e in outbox.read_events(journal.conn)]


def _log(path: Path) -> list[dict]:
    """The station's JSON log lines (standard error to a file); lines that are not JSON are left out."""
    out = []
    for line in path.read_text(errors="replace").splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict):
            out.append(record)
    return out


def _logged(path: Path, event: str) -> list[dict]:
    return [r for r in _log(path) if r.get("event") == event]


def _station(tmp_path: Path, journal: Path, broker, name: str, *extra: str) -> tuple[subprocess.Popen, Path]:
    import os
    import sys

    err = tmp_path / f"{name}.log"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "dealer_station", "run", "--headless", "--shoe", "sim?seed=5",
                             "--journal", str(journal), "--broker", broker.url, "--table-id", "T1",
                             "--drain-timeout", "5", "--log-level", "INFO", *extra],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err.open("w"), text=True)
    return proc, err


def _end(proc: subprocess.Popen, sig: int | None = signal.SIGTERM, timeout: float = 120) -> int:
    if sig is not None and proc.poll() is None:
        proc.send_signal(sig)
    try:
        return proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)
        raise


def _pause_on_full_disk(tmp_path: Path, disk: Path, broker, sub) -> tuple[subprocess.Popen, Path, Path, Path]:
    """Start the station dealing on ``disk``, fill the disk once it has dealt a little, wait for the pause."""
    journal = disk / "j.sqlite"
    proc, err = _station(tmp_path, journal, broker, "run", "--auto")
    try:
        assert sub.wait_for(lambda: sum(e["type"] == "card_dealt" for e in sub.events) >= 20, 60), err.read_text()
        filler = fill(disk)
        assert wait_until(lambda: _logged(err, "journal_failure") or proc.poll() is not None, 60), err.read_text()
        assert proc.poll() is None, err.read_text()[-3000:]
        failure = _logged(err, "journal_failure")[0]
        assert failure["cause"] == "disk full", failure
        # paused: nothing reaches the outbox; the station tries again by itself
        assert wait_until(lambda: len(_logged(err, "journal_retry")) >= 2, 30), err.read_text()[-3000:]
        assert not [e for e in sub.events if e["type"] == "round_paused"]
    except BaseException:
        _end(proc, signal.SIGKILL)
        raise
    return proc, err, journal, filler


def test_a_full_disk_freed_is_heard_as_a_pause_with_no_supervisor(tmp_path, broker, subscriber_factory):
    sub = subscriber_factory(broker.port)
    with small_tmpfs(tmp_path / "disk", "8m") as disk:
        proc, err, journal, filler = _pause_on_full_disk(tmp_path, disk, broker, sub)
        try:
            filler.unlink()  # the disk is freed; nobody comes to the table
            assert sub.wait_for(lambda: any(e["type"] == "round_paused" for e in sub.events), 60), \
                err.read_text()[-3000:]
            paused = [e for e in sub.events if e["type"] == "round_paused"][0]
            incident = paused["data"]["incident"]
            assert incident["type"] == "journal_failure" and incident["reason"] == "disk_full", incident
            assert incident["detail"] == "the journal could not be written: disk full"
            assert "disk full" in incident["evidence"]
            assert validate_event({k: v for k, v in paused.items() if k != "_topic"}) == []
            assert sub.wait_for(lambda: any(e["type"] == "table_status" and e["data"]["status"] == "paused"
                                            for e in sub.events), 30)
            assert _logged(err, "journal_recovered")
            assert [r["ok"] for r in _logged(err, "journal_retry")][-1] is True
        finally:
            code = _end(proc)
        text = err.read_text()
        assert code == 0, text[-3000:]
        assert "Traceback" not in text
        assert sub.wait_for(lambda: sub.events and sub.events[-1]["type"] == "table_status"
                            and sub.events[-1]["data"]["status"] == "closed", 30), sub.events[-3:]
        assert [e["type"] for e in sub.events].count("round_paused") == 1
        statuses = [body for topic, body, _ in sub.status if topic.endswith("/T1/status")]
        assert statuses[-1]["status"] == "offline" and statuses[-1]["reason"] == "stopped"
        with Journal(journal, readonly=True) as j:
            last = j.last_row("input").body
            assert (last["kind"], last["why"]) == ("stop", "SIGTERM")
            failed = [r.body for r in j.rows(kinds=("input",)) if r.body.get("kind") == "journal"]
            assert [b["event"] for b in failed] == ["failed"]
            assert failed[0]["incident"]["reason"] == "disk_full"
            assert j.verify().ok

        # the next start: the pause is in the journal and the outbox, and the table is paused on it again
        again, err2 = _station(tmp_path, journal, broker, "again", "--auto", "--idle-exit", "1")
        code = _end(again, None)
        text = err2.read_text()
        assert code == 0, text[-3000:]
        assert _logged(err2, "journal_failure_pause_restored")
        events = _events(journal)
        paused = [e for e in events if e["type"] == "round_paused"]
        assert len(paused) == 1 and paused[0]["data"]["incident"]["type"] == "journal_failure"
        assert events[-1]["type"] == "table_status" and events[-1]["data"]["status"] == "closed"
        with Journal(journal, readonly=True) as j:
            assert [r.body["event"] for r in j.rows(kinds=("input",)) if r.body.get("kind") == "journal"] \
                == ["failed"]
            assert j.verify().ok


def test_a_stop_while_the_disk_stays_full_exits_1_and_the_platform_is_told(tmp_path, broker, subscriber_factory):
    sub = subscriber_factory(broker.port)
    with small_tmpfs(tmp_path / "disk", "8m") as disk:
        proc, err, journal, _ = _pause_on_full_disk(tmp_path, disk, broker, sub)
        code = _end(proc)  # the disk is never freed
        text = err.read_text()
        assert code == 1, text[-3000:]
        assert "Traceback" not in text
        assert "the stop could not be journaled" in text
        assert _logged(err, "stop_not_journaled")
        assert len(_logged(err, "journal_retry")) >= 3  # it kept trying while stopping
        assert sub.wait_for(lambda: any(t.endswith("/T1/status") and b["status"] == "offline"
                                        for t, b, _ in sub.status), 30)
        offline = [b for t, b, _ in sub.status if t.endswith("/T1/status")][-1]
        assert offline["status"] == "offline" and offline["reason"] == "journal_failure", offline
        assert validate(offline, "station_status") == []
        assert offline["detail"].startswith("the stop could not be journaled:") and "disk full" in offline["detail"]
        assert not [e for e in sub.events if e["type"] == "round_paused"]  # the journal never took it
        with Journal(journal, readonly=True) as j:
            assert j.last_row("input").body["kind"] != "stop"
            assert j.verify().ok


def test_a_stop_before_the_first_shoe_is_heard_as_the_table_closed(tmp_path, broker, subscriber_factory):
    sub = subscriber_factory(broker.port)
    journal = tmp_path / "j.sqlite"
    proc, err = _station(tmp_path, journal, broker, "run", "--idle-exit", "0.5")  # no dealer: no shoe ever
    code = _end(proc, None)
    assert code == 0, err.read_text()[-3000:]
    assert sub.wait_for(lambda: any(e["type"] == "table_status" for e in sub.events), 30), err.read_text()[-3000:]
    assert [(e["type"], e["data"]) for e in sub.events] == [("table_status", {"status": "closed",
                                                                             "state": "no_shoe"})]
