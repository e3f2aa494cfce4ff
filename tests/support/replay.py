"""Helpers of the replay tests: the fixture library and a quiet replay."""

from __future__ import annotations

from pathlib import Path

from dealer_station.app.config import load_config
from dealer_station.app.replay import Replayer, load_session

ROOT = Path(__file__).resolve().parents[2]
SESSIONS = ROOT / "hw_fixtures" / "sessions"
SCRIPT_CODECS = {"script-saopai.script": "saopai"}
"""umockdev scripts do not name their wire format: the codec each fixture script is replayed with."""


def fixture_sessions() -> list[Path]:
    """Every session of the library (record sessions, journal exports, scripts), sorted."""
    found = [p for p in SESSIONS.iterdir()
             if p.name.endswith((".session.jsonl", ".journal.jsonl", ".script", ".pcap"))]
    return sorted(found)


def expected_for(session: Path) -> Path:
    """The expected-results file beside a session."""
    from dealer_station.cli.replay import expected_path

    return expected_path(session)


def replay(session: Path, **kw):
    """Replay one session on a fresh table (fast); return the ReplayResult."""
    loaded = load_session(session, codec=SCRIPT_CODECS.get(session.name))
    replayer = Replayer(load_config(), **kw)
    try:
        return replayer.play(loaded)
    finally:
        replayer.journal.close()


def run_cli(*args: str, module: str = "dealer_station", timeout: float = 120, drop_env: tuple[str, ...] = ()):
    """``python -m MODULE ARGS`` from this checkout as a process of its own (as tests/conftest.py's run_cli);
    ``drop_env``: environment variables to remove (e.g. the display)."""
    import os
    import subprocess
    import sys

    if module == "dealer_station":
        from tests.support.forked_cli import run

        return run(*args, timeout=timeout, drop_env=drop_env)
    env = {k: v for k, v in os.environ.items() if k not in drop_env}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, timeout=timeout,
                          env=env, cwd=ROOT)
