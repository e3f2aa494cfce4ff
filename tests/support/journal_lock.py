"""Another process holding a journal's SQLite write lock, for tests and benchmarks of a locked journal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

_HOLD = ("import sqlite3, sys, time\n"
         "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
         "c.execute('BEGIN EXCLUSIVE')\n"
         "print('locked', flush=True)\n"
         "time.sleep(float(sys.argv[2]))\n"
         "c.execute('COMMIT')\n")


def hold_journal_lock(path: str | Path, seconds: float) -> subprocess.Popen:
    """Start a process that holds the journal at ``path`` locked (``BEGIN EXCLUSIVE``) for ``seconds``; return it
    once it holds the lock. Raises RuntimeError when it could not take it.
    """
    proc = subprocess.Popen([sys.executable, "-c", _HOLD, str(path), str(seconds)], stdout=subprocess.PIPE, text=True)
    if proc.stdout.readline().strip() != "locked":
        proc.kill()
        raise RuntimeError(f"no process could lock {path}")
    return proc
