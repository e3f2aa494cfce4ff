"""One station per journal (an OS lock the kernel drops with its holder), journal paths that cannot be, and
a finished journal read from read-only media.

The two-station tests run real processes: a first ``simulate`` is held mid-shoe by not reading its output (its
``--json`` lines overflow the pipe, so it blocks in a write while holding its journal), and every other command
is tried against it then.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from dealer_station.cli import main
from dealer_station.journal import Journal, JournalBusyError, JournalError
from tests.conftest import ROOT, reset_logging, run_cli

SESSION = ROOT / "hw_fixtures" / "sessions" / "cut-mid-round.session.jsonl"
HELD_SHOES = "4"   # about 100 kB of --json lines: more than a pipe holds, so the first station blocks mid-run


def start_cli(*args: str) -> subprocess.Popen:
    """``python -m dealer_station ARGS`` in the background, its standard output a pipe nobody reads yet."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.Popen([sys.executable, "-m", "dealer_station", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env, cwd=ROOT)


def lock_file(db: Path) -> Path:
    return db.with_name(db.name + ".station.lock")


def wait_for_holder(db: Path, proc: subprocess.Popen, timeout: float = 60) -> None:
    """Wait until ``proc`` holds the journal's lock (its pid is in the lock file)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the first station ended before taking its journal"
        try:
            if lock_file(db).read_text().strip() == str(proc.pid):
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"the first station did not lock {db} within {timeout} s")


def rows_without_times(db: Path) -> list[tuple]:
    """Every row's kind, mark and body with the wall-clock times taken out (two runs differ only there; a decision
    row's ``events`` digests cover its events' times, so they go too)."""
    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("ts", "events")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    with Journal(db, readonly=True) as journal:
        return [(row.kind, row.mark, strip(row.body)) for row in journal.rows()]


def one_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    return lines[0]


# ---------------------------------------------------------------- in one process

def test_a_second_writer_is_refused_naming_the_holder_and_the_lock_goes_with_close(tmp_path):
    db = tmp_path / "j.sqlite"
    first = Journal(db)
    first.append("note", {"n": 1}, "2026-01-01T00:00:00Z")
    try:
        with pytest.raises(JournalBusyError) as err:
            Journal(db)
        assert err.value.pid == os.getpid()
        assert str(err.value) == (f"the journal {db} is in use by another station (pid {os.getpid()}); "
                                  f"stop it or use another --journal")
        link = tmp_path / "other-name.sqlite"
        link.symlink_to(db)
        with pytest.raises(JournalBusyError):   # another name of the same journal is the same journal
            Journal(link)
        with Journal(db, readonly=True) as reader:   # a reader takes no lock
            assert reader.last_seq == 1 and reader.verify().ok
        assert first.append("note", {"n": 2}, "2026-01-01T00:00:01Z")[0].seq == 2   # the refusals changed nothing
    finally:
        first.close()
    with Journal(db) as again:
        assert again.last_seq == 2
    first.close()   # idempotent: a second close lets nobody's lock go


def test_the_lock_names_its_holder_and_goes_with_release(tmp_path):
    from dealer_station.journal.lock import SidecarLock

    path = tmp_path / "x.lock"
    first = SidecarLock(path)
    assert first.acquire() and first.held and path.read_text() == f"{os.getpid()}\n"
    second = SidecarLock(path)
    assert not second.acquire() and second.holder() == os.getpid()
    first.release()
    assert second.acquire()
    second.release()
    assert not first.held and path.exists()   # the file stays: only the lock goes


@pytest.mark.parametrize("change", ["replaced", "removed"])
def test_a_lock_file_changed_between_its_open_and_its_lock_is_opened_again(tmp_path, monkeypatch, change):
    """Another process may replace or remove the file between this one's open and flock: the lock taken on the
    old file would hold nothing (the next comer opens the new one), so it is taken again on the file now named."""
    import fcntl

    from dealer_station.journal.lock import SidecarLock

    path = tmp_path / "x.lock"
    path.write_text("")
    real = fcntl.flock
    calls = []

    def flock_after_a_change(fd, op):
        if not calls:
            if change == "replaced":
                (tmp_path / "new.lock").write_text("")
                os.replace(tmp_path / "new.lock", path)
            else:
                path.unlink()
        calls.append(op)
        return real(fd, op)

    monkeypatch.setattr(fcntl, "flock", flock_after_a_change)
    lock = SidecarLock(path)
    assert lock.acquire()
    monkeypatch.undo()
    try:
        assert len(calls) == 2 and path.exists()
        assert not SidecarLock(path).acquire()   # the lock is on the file a newcomer opens
    finally:
        lock.release()


def test_a_station_runs_its_own_publisher_while_two_publishers_still_refuse_each_other(tmp_path):
    from dealer_station.publish import OutboxBusyError, Publisher, parse_broker_url

    db = tmp_path / "j.sqlite"
    with socket.socket() as s:   # a port nobody listens on: the publisher only tries to connect
        s.bind(("127.0.0.1", 0))
        url = f"mqtt://127.0.0.1:{s.getsockname()[1]}"
    config = parse_broker_url(url, backoff_min=0.05, backoff_max=0.2, connect_timeout=1.0)
    with Journal(db):
        publisher = Publisher(config, db, "T1").start()   # beside its station's writer lock
        try:
            with pytest.raises(OutboxBusyError, match=f"another publisher \\(pid {os.getpid()}\\)"):
                Publisher(config, db, "T1").start()
            with pytest.raises(JournalBusyError):
                Journal(db)
        finally:
            publisher.stop()


# ---------------------------------------------------------------- two stations as processes

def test_a_second_station_on_a_running_journal_is_refused_and_the_first_deals_on_unchanged(tmp_path):
    db = tmp_path / "j.sqlite"
    first = start_cli("simulate", "--json", "--shoes", HELD_SHOES, "--seed", "11", "--journal", str(db))
    try:
        wait_for_holder(db, first)
        seconds = {
            "simulate": ("simulate", "--shoes", "1", "--seed", "12", "--journal", str(db)),
            "run": ("run", "--headless", "--shoe", "sim?seed=12", "--auto", "--shoes", "1", "--journal", str(db)),
            "console": ("console", "--journal", str(db)),
        }
        for name, args in seconds.items():
            proc = run_cli(*args, env={"QT_QPA_PLATFORM": "offscreen"}, timeout=60)
            assert proc.returncode == 2, (name, proc.stdout, proc.stderr)
            line = one_line(proc.stderr)
            assert line == (f"dealer-station {name}: the journal {db} is in use by another station "
                            f"(pid {first.pid}); stop it or use another --journal"), name
            assert first.poll() is None, "the first station was no longer running: the refusal proves nothing"
        # readers work beside it
        verify = run_cli("journal", "verify", str(db))
        assert verify.returncode == 0 and "rows intact" in verify.stdout, verify.stderr
        export = run_cli("journal", "export", str(db))
        assert export.returncode == 0 and json.loads(export.stdout.splitlines()[0])["seq"] == 1, export.stderr
        tail = run_cli("events", "tail", "--all", "--journal", str(db))
        assert tail.returncode == 0 and "shoe_started" in tail.stdout and "round_result" in tail.stdout, tail.stderr
        assert first.poll() is None
        out, _ = first.communicate(timeout=120)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert first.returncode == 0
    alone = tmp_path / "alone.sqlite"
    proc = run_cli("simulate", "--json", "--shoes", HELD_SHOES, "--seed", "11", "--journal", str(alone))
    assert proc.returncode == 0, proc.stderr
    assert out.decode() == proc.stdout   # the same rounds, line for line, as a run alone with the seed
    assert rows_without_times(db) == rows_without_times(alone)   # and the same journal
    assert run_cli("journal", "replay", str(db)).returncode == 0


def test_a_sigkilled_station_leaves_no_lock(tmp_path):
    db = tmp_path / "j.sqlite"
    first = start_cli("simulate", "--json", "--shoes", HELD_SHOES, "--seed", "11", "--journal", str(db))
    try:
        wait_for_holder(db, first)
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
    assert first.returncode == -signal.SIGKILL
    assert lock_file(db).read_text().strip() == str(first.pid)   # the file stays; the lock went with its holder
    proc = run_cli("simulate", "--shoes", "1", "--journal", str(db))   # goes on with the dead station's shoe
    assert proc.returncode == 0, proc.stderr
    assert "in use" not in proc.stderr   # it took the journal: the dead holder's lock was not in its way
    assert run_cli("journal", "verify", str(db)).returncode == 0


# ---------------------------------------------------------------- journal paths that cannot be

def _writers(path: str) -> dict[str, list[str]]:
    return {
        "simulate": ["simulate", "--shoes", "1", "--journal", path],
        "run": ["run", "--headless", "--shoe", "sim", "--auto", "--shoes", "1", "--journal", path],
        "console": ["console", "--journal", path],
        "replay": ["replay", str(SESSION), "--fast", "--journal", path],
    }


def _readers(path: str) -> dict[str, list[str]]:
    return {
        "journal verify": ["journal", "verify", path],
        "journal export": ["journal", "export", path],
        "journal replay": ["journal", "replay", path],
        "events tail": ["events", "tail", "--journal", path],
        "events publish": ["events", "publish", "--broker", "mqtt://127.0.0.1:1", "--journal", path],
    }


def _bad_paths(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """Name -> (path, what the writers' refusal says)."""
    afile = tmp_path / "afile"
    afile.write_text("not a directory\n")
    top = Path(f"/dealer-station-test-{uuid.uuid4().hex[:12]}")
    assert not top.exists()
    return {
        "under a regular file": (str(afile / "j.sqlite"), f"{afile} is a file, not a directory"),
        "two levels under a regular file": (str(afile / "sub" / "j.sqlite"), f"{afile} is a file, not a directory"),
        "a missing directory at the top": (str(top / "dir" / "j.sqlite"), f"no directory {top}"),
        "a directory": (str(tmp_path), "is a directory"),
    }


def _cli(argv: list[str], capsys) -> tuple[int, str, str]:
    try:
        status = main(argv)
    finally:
        reset_logging()
    out, err = capsys.readouterr()
    return status, out, err


def test_every_front_end_refuses_a_journal_path_that_cannot_be_in_one_line(tmp_path, capsys, monkeypatch):
    pytest.importorskip("PySide6", reason="the console front-end needs PySide6")
    monkeypatch.chdir(tmp_path)
    failures = []
    cases = _bad_paths(tmp_path)
    for case, (path, said) in cases.items():
        for name, argv in {**_writers(path), **_readers(path)}.items():
            status, out, err = _cli(argv, capsys)
            lines = err.strip().splitlines()
            ok = status == 2 and len(lines) == 1 and path in lines[0] and "Traceback" not in err
            if name in _writers(path):
                ok = ok and said in lines[0]
            if not ok:
                failures.append(f"{name} / {case}: status {status}, stderr {err!r}")
    assert not failures, "\n".join(failures)
    assert not Path(cases["a missing directory at the top"][0]).parents[1].exists()   # nothing was made at /


def test_the_real_entry_point_says_the_same_one_line(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    proc = run_cli("simulate", "--journal", str(afile / "j.sqlite"))
    assert proc.returncode == 2
    assert one_line(proc.stderr) == (f"dealer-station simulate: the journal {afile / 'j.sqlite'} cannot be made: "
                                     f"{afile} is a file, not a directory; choose a path in a directory "
                                     f"(another --journal)")


def test_missing_directories_below_an_existing_one_are_still_made(tmp_path):
    db = tmp_path / "data" / "dealer-station" / "journal.sqlite"   # a first start's data directory
    with Journal(db) as journal:
        journal.append("note", {"n": 1}, "2026-01-01T00:00:00Z")
    assert db.is_file()


# ---------------------------------------------------------------- read-only media

@pytest.fixture
def readonly_mount(tmp_path):
    """A small tmpfs (root only) and a function that remounts it read-only: real read-only media."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root (CI runs as root); not root here")
    if shutil.which("mount") is None:
        pytest.skip("no mount command")
    media = tmp_path / "media"
    media.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", str(media)], capture_output=True,
                          text=True)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.strip()}")

    def seal() -> None:
        subprocess.run(["mount", "-o", "remount,ro", str(media)], check=True, capture_output=True)

    try:
        yield media, seal
    finally:
        subprocess.run(["umount", "-l", str(media)], capture_output=True)


def _a_finished_journal(db: Path) -> str:
    """A station's journal, closed cleanly (no -wal, no -shm left); its export as a reference."""
    proc = run_cli("simulate", "--shoes", "1", "--seed", "3", "--journal", str(db))
    assert proc.returncode == 0, proc.stderr
    assert not db.with_name(db.name + "-wal").exists() and not db.with_name(db.name + "-shm").exists()
    export = run_cli("journal", "export", str(db))
    assert export.returncode == 0
    for suffix in ("-wal", "-shm"):   # a reader leaves them (empty) behind: gone, as after the station's close
        side = db.with_name(db.name + suffix)
        assert not side.exists() or suffix == "-shm" or side.stat().st_size == 0
        side.unlink(missing_ok=True)
    return export.stdout


def test_a_finished_journal_on_read_only_media_is_verified_exported_and_replayed(readonly_mount):
    media, seal = readonly_mount
    db = media / "j.sqlite"
    reference = _a_finished_journal(db)
    pending = media / "pending.sqlite"   # a journal whose last writes are only in its -wal (a station killed)
    with Journal(pending) as journal:
        journal.append("note", {"n": 1}, "2026-01-01T00:00:00Z")
        for suffix in ("", "-wal"):
            shutil.copyfile(f"{pending}{suffix}", media / f"copy.sqlite{suffix}")
    for suffix in ("", "-wal", "-shm", ".station.lock"):
        Path(f"{pending}{suffix}").unlink(missing_ok=True)
    (media / "copy.sqlite").rename(pending)
    (media / "copy.sqlite-wal").rename(f"{pending}-wal")
    seal()
    assert not os.access(media, os.W_OK)

    verify = run_cli("journal", "verify", str(db))
    assert verify.returncode == 0 and "rows intact" in verify.stdout, verify.stderr
    export = run_cli("journal", "export", str(db))
    assert export.returncode == 0 and export.stdout == reference, export.stderr
    assert run_cli("journal", "replay", str(db)).returncode == 0
    tail = run_cli("events", "tail", "--all", "--json", "--journal", str(db))   # the outbox is read as the journal
    assert tail.returncode == 0 and tail.stdout.count("\n") > 20, tail.stderr
    assert all(json.loads(line)["table_id"] for line in tail.stdout.splitlines())
    assert run_cli("events", "stats", "--journal", str(db)).returncode == 0
    assert sorted(p.name for p in media.iterdir()) == ["j.sqlite", "j.sqlite.station.lock", "pending.sqlite",
                                                       "pending.sqlite-wal"]   # nothing could be, nothing was made

    writer = run_cli("simulate", "--shoes", "1", "--journal", str(db))
    assert writer.returncode == 2
    assert "cannot be written" in one_line(writer.stderr) and "Read-only file system" in writer.stderr

    # its last write is only in the -wal, which cannot be read without a -shm: refused, never read short
    refused = run_cli("journal", "verify", str(pending))
    assert refused.returncode == 2
    assert "still holds writes" in one_line(refused.stderr) and "copy both files" in refused.stderr


def _unprivileged() -> list[str]:
    """The prefix that runs a command as a user the file modes bind: none when not root, else nobody."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("root, and no setpriv to drop to an unprivileged user (file modes do not bind root)")
    prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    probe = subprocess.run([*prefix, sys.executable, "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
                            "import dealer_station.journal"], capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip(f"the unprivileged user cannot run this checkout's Python: {probe.stderr.strip()[-200:]}")
    return prefix


def test_a_read_only_file_in_a_read_only_directory_is_verified_and_exported(tmp_path):
    import tempfile

    prefix = _unprivileged()
    home = Path(tempfile.mkdtemp(prefix="dealer-station-ro-"))   # outside tmp_path (0700): the user must reach it
    try:
        db = home / "j.sqlite"
        reference = _a_finished_journal(db)
        lock_file(db).unlink()
        db.chmod(0o444)
        home.chmod(0o555)
        env = dict(os.environ, PYTHONPATH=str(ROOT))

        def cli(*args: str) -> subprocess.CompletedProcess:
            return subprocess.run([*prefix, sys.executable, "-m", "dealer_station", *args], capture_output=True,
                                  text=True, timeout=120, env=env, cwd="/")

        verify = cli("journal", "verify", str(db))
        assert verify.returncode == 0 and "rows intact" in verify.stdout, verify.stderr
        export = cli("journal", "export", str(db))
        assert export.returncode == 0 and export.stdout == reference, export.stderr
        assert sorted(p.name for p in home.iterdir()) == ["j.sqlite"]
        writer = cli("simulate", "--shoes", "1", "--journal", str(db))
        assert writer.returncode == 2 and "cannot be written" in one_line(writer.stderr), writer.stderr
    finally:
        home.chmod(0o755)
        shutil.rmtree(home, ignore_errors=True)


def test_a_reader_never_takes_the_writer_lock(tmp_path):
    db = tmp_path / "j.sqlite"
    with Journal(db) as journal:
        journal.append("note", {"n": 1}, "2026-01-01T00:00:00Z")
    with Journal(db, readonly=True), Journal(db) as writer:   # a reader open: a station still starts
        assert writer.last_seq == 1
    with pytest.raises(JournalError, match="no journal at"):
        Journal(tmp_path / "none.sqlite", readonly=True)


def test_a_system_directory_the_user_cannot_write_is_one_line():
    prefix = _unprivileged()
    path = f"/usr/dealer-station-test-{uuid.uuid4().hex[:12]}/j.sqlite"   # /usr: there, and only root's
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([*prefix, sys.executable, "-m", "dealer_station", "simulate", "--journal", path],
                          capture_output=True, text=True, timeout=120, env=env, cwd="/")
    assert proc.returncode == 2
    assert one_line(proc.stderr) == (f"dealer-station simulate: the journal {path} cannot be made: Permission "
                                     f"denied ({Path(path).parent}); create its directory or choose another "
                                     f"--journal")
    assert not Path(path).parent.exists()


def test_a_writer_that_fails_to_open_lets_the_lock_go(tmp_path):
    from dealer_station.journal.lock import SidecarLock

    db = tmp_path / "j.sqlite"
    db.write_bytes(b"not a database, " * 512)
    for _ in range(2):   # the second attempt is told the same, not "in use"
        with pytest.raises(JournalError) as err:
            Journal(db)
        assert not isinstance(err.value, JournalBusyError) and "not a database" in str(err.value)
    probe = SidecarLock(lock_file(db))
    assert probe.acquire()
    probe.release()


def test_a_journal_with_a_hard_link_is_refused_by_writers_and_readers_in_one_line(tmp_path, capsys, monkeypatch):
    """The lock is by name and SQLite's write-ahead log is by name: through a hard link a second station would
    lock and log apart from the first, and a reader would miss the first's log. Every front end refuses it."""
    pytest.importorskip("PySide6", reason="the console front-end needs PySide6")
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "j.sqlite"
    with Journal(db) as journal:
        journal.append("note", {"n": 1}, "2026-01-01T00:00:00Z")
    other = tmp_path / "elsewhere" / "copy.sqlite"
    other.parent.mkdir()
    os.link(db, other)
    first = None
    try:
        with pytest.raises(JournalError, match="has 2 names"):
            first = Journal(db)
        with pytest.raises(JournalError, match="has 2 names"):
            Journal(other, readonly=True)
        failures = []
        for path in (str(db), str(other)):
            # (replay refuses any existing --journal: it writes a new one)
            fronts = {name: argv for name, argv in {**_writers(path), **_readers(path)}.items() if name != "replay"}
            for name, argv in fronts.items():
                status, out, err = _cli(argv, capsys)
                lines = err.strip().splitlines()
                if not (status == 2 and len(lines) == 1 and "has 2 names (hard links)" in lines[0]
                        and "Traceback" not in err):
                    failures.append(f"{name} on {path}: status {status}, stderr {err!r}")
        assert not failures, "\n".join(failures)
    finally:
        if first is not None:
            first.close()
    other.unlink()
    with Journal(db) as again:   # one name again: it opens, unchanged
        assert again.last_seq == 1 and again.verify().ok
