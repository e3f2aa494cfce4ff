"""A megabyte of random bytes on a running station's serial shoe (a pty, codec ``lines``, docs/drivers.md "Line
noise"): a few journal rows, not one a frame; no card dealt, the card the noise happens to spell held for the
supervisor; a ``line_noise`` pause published as ``round_paused``; the burst's note journaled by the stop; the
journal re-runs to the same decisions."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import tty
from pathlib import Path

import pytest

from drivers.codecs import decode_all, make_codec
from drivers.frames import CardRead, CutCard

ROOT = Path(__file__).resolve().parents[2]
NOISE_SEED = 5
"""Its megabyte of noise spells one card (6H) through the ``lines`` codec, and no cut card."""


def _rows(db: Path) -> list[tuple[str, dict]]:
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            found = conn.execute("SELECT kind, body FROM journal ORDER BY seq")
            return [(kind, json.loads(body)) for kind, body in found]
    except sqlite3.Error:
        return []


def _outputs(rows) -> list[tuple[str, dict]]:
    return [(k, d) for kind, body in rows if kind == "decision" for k, d in body["outputs"]]


@pytest.mark.device
def test_a_megabyte_of_noise_on_the_line_is_a_few_rows_a_line_noise_pause_and_no_card_dealt(tmp_path):
    noise = random.Random(NOISE_SEED).randbytes(1_000_000)
    decoded = decode_all(make_codec("lines"), [noise])
    spelled = [f for f in decoded if type(f) in (CardRead, CutCard)]
    assert [f.token for f in spelled] == ["6H"]   # what the noise spells, decoded offline
    bad_bytes = sum(len(f.raw) for f in decoded if f not in spelled)   # every byte but the line ends and 6H

    master, slave = os.openpty()
    tty.setraw(slave)
    path = os.ttyname(slave)
    os.close(slave)
    db = tmp_path / "j.sqlite"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    station = subprocess.Popen([sys.executable, "-m", "dealer_station", "run", "--headless", "--auto",
                                "--log-level", "ERROR", "--dealer", "auto", "--shoe", f"serial:{path}?codec=lines",
                                "--journal", str(db)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)

    def wait_for(predicate, what: str, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert station.poll() is None, station.communicate()[1][-3000:]
            if predicate():
                return
            time.sleep(0.05)
        raise AssertionError(f"not within {timeout} s: {what}; last outputs {_outputs(_rows(db))[-5:]}")

    def state() -> str | None:
        decisions = [body for kind, body in _rows(db) if kind == "decision"]
        return decisions[-1]["state"] if decisions else None

    try:
        wait_for(lambda: state() == "burn_indicator", "the shoe started and shuffled")
        os.write(master, b"2S\r\n9D\r\n9H\r\n")   # the indicator burns two
        wait_for(lambda: state() == "betting_closed", "betting opened and closed")
        before = len(_rows(db))
        dealt_before = sum(k == "card_accepted" for k, _ in _outputs(_rows(db)))

        def write() -> None:
            view = memoryview(noise)
            while view:
                view = view[os.write(master, view[:4096]):]

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        writer.join(300)
        assert not writer.is_alive(), "the station did not read the noise"
        wait_for(lambda: sum(body["bytes"] for kind, body in _rows(db)[before:] if kind == "note"
                             and body.get("kind") == "line_noise") == bad_bytes,
                 "every byte of the noise counted in the bursts' notes (the last one after its quiet gap)")
        station.send_signal(signal.SIGTERM)
        _out, err = station.communicate(timeout=60)
        assert station.returncode == 1 and "table paused" in err, err[-3000:]   # stopped while paused: exit 1
    finally:
        if station.poll() is None:
            station.kill()
            station.wait(10)
        os.close(master)

    rows = _rows(db)
    added = rows[before:]
    outputs = _outputs(added)
    assert sum(k == "card_accepted" for k, _ in _outputs(rows)) == dealt_before   # no card dealt
    paused = [d for k, d in outputs if k == "round_paused"]
    assert paused and paused[0]["type"] == "line_noise" and paused[0]["reason"] == "noise_rate"
    assert [d["card"] for k, d in outputs if k == "card_while_paused"] == ["6H"]
    notes = [body for kind, body in added if kind == "note" and body.get("kind") == "line_noise"]
    assert notes and all(n["noisy"] or n["bytes"] < 1000 for n in notes)
    assert sum(n["frames"] for n in notes) == len(decoded) - 1
    assert not [1 for kind, body in added if kind == "input" and body.get("frame") in ("garbage", "no_read")]
    # the pause, the held card, the bursts' notes, the link closed and the stop: a few rows, not 40,000
    assert len(added) <= 12 + 3 * len(notes), [(kind, body.get("kind")) for kind, body in added]
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        events = [json.loads(p) for (p,) in conn.execute("SELECT payload FROM outbox ORDER BY event_id")]
    assert any(e["type"] == "round_paused" and e["data"]["incident"]["type"] == "line_noise" for e in events)
    audit = subprocess.run([sys.executable, "-m", "dealer_station", "journal", "replay", str(db)],
                           capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert audit.returncode == 0, audit.stdout + audit.stderr
