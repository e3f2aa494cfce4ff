"""A throw-away mosquitto broker for the benchmarks that publish (``bench_publish``, ``bench_scale``).

Run from ``bench/`` scripts only (they put this folder on ``sys.path`` by being run as scripts).
"""

from __future__ import annotations

import getpass
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

__all__ = ["free_port", "start_broker"]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_broker(workdir: Path, who: str) -> tuple[subprocess.Popen, int]:
    """Start mosquitto on a free local port, no persistence, no queue limit; return (process, port).

    Raises
    ------
    SystemExit
        ``who`` names the benchmark: mosquitto is not installed, or did not take connections within 10 s.
    """
    binary = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
    if not os.path.exists(binary):
        raise SystemExit(f"{who}: mosquitto is not installed (Debian package 'mosquitto')")
    port = free_port()
    conf = workdir / "mosquitto.conf"
    conf.write_text(f"user {getpass.getuser()}\nlistener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
                    "max_queued_messages 0\nlog_dest none\n")
    proc = subprocess.Popen([binary, "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc, port
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit(f"{who}: mosquitto did not start")
