"""A private PostgreSQL cluster for the tests: ``initdb`` in a temporary directory, ``pg_ctl start`` on a free
loopback port and a Unix socket in that directory, stopped (and removed) afterwards.

The binaries come from PATH or Debian's ``/usr/lib/postgresql/VERSION/bin`` (package ``postgresql``, which
``make test`` installs as root). PostgreSQL refuses to run as root: as root the cluster is made and run as the
``postgres`` user the package creates, in a directory of its own.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.support.mqtt import free_port

START_SECONDS = 60


def binaries() -> Path | None:
    """The directory of ``initdb``, ``pg_ctl`` and ``postgres``, or None when PostgreSQL is not installed."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                      key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    return Path(versions[-1]).parent if versions else None


def why_not() -> str | None:
    """None when a private cluster can be made here, else why not (the tests skip with it)."""
    if binaries() is None:
        return ("PostgreSQL is not installed (Debian package 'postgresql', installed by make test as root): "
                "no initdb or pg_ctl on PATH or in /usr/lib/postgresql/*/bin")
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError:
        return "psycopg 3 and psycopg_pool are not installed (pip install -e '.[test]')"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no 'postgres' user to run the cluster as"
    return None


class Cluster:
    """One private cluster: ``url`` of its database ``ledger`` (user ``ledger``, trust on loopback only)."""

    def __init__(self) -> None:
        self.bin = binaries()
        assert self.bin is not None
        self.dir = Path(tempfile.mkdtemp(prefix="dealer-station-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.user = None
        if os.geteuid() == 0:
            entry = pwd.getpwnam("postgres")
            os.chown(self.dir, entry.pw_uid, entry.pw_gid)
            self.user = entry
        self.url = f"postgresql://ledger@127.0.0.1:{self.port}/ledger"

    def _run(self, *args: str, timeout: float = START_SECONDS) -> subprocess.CompletedProcess:
        def drop() -> None:
            if self.user is not None:
                os.setgid(self.user.pw_gid)
                os.setuid(self.user.pw_uid)

        return subprocess.run(list(args), capture_output=True, text=True, timeout=timeout, preexec_fn=drop,
                              cwd=self.dir, env={**os.environ, "LC_ALL": "C"})

    def start(self) -> str | None:
        """initdb, start and make the database; None when it is up, else why not (the caller skips)."""
        done = self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "ledger", "-E",
                         "UTF8", "--no-sync", "--no-instructions")
        if done.returncode != 0:
            return f"initdb failed: {done.stderr.strip()[-300:]}"
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c max_connections=50 -c shared_buffers=16MB")
        done = self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-l",
                         str(self.dir / "server.log"), "-w", "-t", str(START_SECONDS), "start")
        if done.returncode != 0:
            return f"pg_ctl start failed: {done.stderr.strip()[-200:]} {self.log()[-300:]}"
        done = self._run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "ledger",
                         "ledger")
        if done.returncode != 0:
            return f"createdb failed: {done.stderr.strip()[-300:]}"
        return None

    def log(self) -> str:
        try:
            return (self.dir / "server.log").read_text(errors="replace")
        except OSError:
            return ""

    def database(self, name: str) -> str:
        """A new empty database of the cluster; its URL."""
        done = self._run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "ledger", name)
        assert done.returncode == 0, done.stderr
        return f"postgresql://ledger@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        if self.data.exists():
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "-t", "30", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)
