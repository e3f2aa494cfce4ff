"""Wrong-PIN counts that hold: parallel processes, a file that cannot be written, a held lock.

The count is read, changed and written under the accounts file's lock, and kept in
memory (lockout included) when the file cannot be written. A PIN is never checked uncounted.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from dealer_station.app.accounts import LOCKOUT, MAX_FAILURES, Accounts, AuthError
from tests.support.table import FakeClock, cheap_hasher

ROOT = Path(__file__).resolve().parents[3]


class Monotonic:
    """A monotonic clock that moves only when told (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _accounts(path: Path, **kw) -> Accounts:
    kw.setdefault("clock", FakeClock())
    kw.setdefault("hasher", cheap_hasher())
    return Accounts(path, **kw)


def _code(accounts: Accounts, pin: str, user: str = "sam") -> str:
    try:
        accounts.authenticate(user, pin, role="supervisor")
    except AuthError as err:
        return err.code
    return "ok"


# ------------------------------------------------------------------ parallel processes

_WORKER = textwrap.dedent("""
    import os, sys, time
    sys.path.insert(0, {root!r})
    from argon2 import PasswordHasher
    from dealer_station.app.accounts import Accounts, AuthError
    accounts = Accounts({path!r}, hasher=PasswordHasher(time_cost=2, memory_cost=8192, parallelism=1))
    while not os.path.exists({go!r}):
        time.sleep(0.001)
    try:
        accounts.authenticate("sam", "1111")
        print("ok")
    except AuthError as err:
        print(err.code)
""")


def _parallel_wrong_pins(tmp_path: Path, processes: int) -> list[str]:
    """``processes`` processes each try one wrong PIN at the same moment; their answers."""
    path = tmp_path / "accounts.json"
    go = tmp_path / f"go-{processes}"
    script = _WORKER.format(root=str(ROOT), path=str(path), go=str(go))
    procs = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(processes)]
    time.sleep(1.0)  # every process is waiting at the start line
    go.write_text("")
    out = []
    for proc in procs:
        stdout, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 0, stderr
        out.append(stdout.strip())
    return out


def test_parallel_wrong_pins_from_several_processes_are_all_counted(tmp_path):
    path = tmp_path / "accounts.json"
    _accounts(path).add("sam", "supervisor", "2468")
    codes = _parallel_wrong_pins(tmp_path, MAX_FAILURES - 1)
    assert codes == ["wrong_pin"] * (MAX_FAILURES - 1)
    assert json.loads(path.read_text())["users"]["sam"]["failures"] == MAX_FAILURES - 1  # none lost


def test_parallel_wrong_pins_lock_the_account_at_the_fifth(tmp_path):
    path = tmp_path / "accounts.json"
    _accounts(path).add("sam", "supervisor", "2468")
    codes = _parallel_wrong_pins(tmp_path, 8)
    assert sorted(codes) == sorted(["wrong_pin"] * MAX_FAILURES + ["locked"] * (8 - MAX_FAILURES)), codes
    rec = json.loads(path.read_text())["users"]["sam"]
    assert rec["failures"] == MAX_FAILURES and rec["locked_until"]
    assert _code(Accounts(path, hasher=cheap_hasher()), "2468") == "locked"  # the right PIN too


# ------------------------------------------------------------------ a file that cannot be written

def _no_space(users):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_lockout_holds_in_memory_when_the_file_cannot_be_written(tmp_path, monkeypatch):
    path = tmp_path / "accounts.json"
    clock, mono = FakeClock(), Monotonic()
    accounts = _accounts(path, clock=clock, monotonic=mono)
    accounts.add("sam", "supervisor", "2468")
    assert _code(accounts, "1111") == "wrong_pin"  # one counted in the file
    monkeypatch.setattr(Accounts, "_save", lambda self, users: _no_space(users))
    for _ in range(MAX_FAILURES - 2):
        with pytest.raises(AuthError) as err:
            accounts.authenticate("sam", "1111")
        assert err.value.code == "wrong_pin" and "counted in memory" in str(err.value)
    with pytest.raises(AuthError) as err:
        accounts.authenticate("sam", "1111")  # the fifth: file 1 + memory 4
    assert err.value.code == "wrong_pin" and "locked until" in str(err.value)
    assert _code(accounts, "2468") == "locked"  # the right PIN is refused: the lock is in memory
    # another Accounts of the same process (the console's log-in and the controller's check) sees it
    assert _code(_accounts(path, clock=clock, monotonic=mono), "2468") == "locked"
    assert accounts.list()[0].failures == 1  # the file could not learn the rest
    clock.advance(LOCKOUT.total_seconds())  # the wall clock alone does not end a lock kept in memory
    assert _code(accounts, "2468") == "locked"
    mono.now += LOCKOUT.total_seconds()
    assert _code(accounts, "2468") == "ok"


def test_a_count_kept_in_memory_goes_to_the_file_once_it_can_be_written(tmp_path, monkeypatch):
    path = tmp_path / "accounts.json"
    accounts = _accounts(path, monotonic=Monotonic())
    accounts.add("sam", "supervisor", "2468")
    with monkeypatch.context() as m:
        m.setattr(Accounts, "_save", lambda self, users: _no_space(users))
        for _ in range(3):
            assert _code(accounts, "1111") == "wrong_pin"
    assert accounts.list()[0].failures == 0
    assert _code(accounts, "1111") == "wrong_pin"  # the disk has room again
    assert accounts.list()[0].failures == 4
    assert _code(accounts, "1111") == "wrong_pin"
    assert accounts.list()[0].locked_until and _code(accounts, "2468") == "locked"


def test_a_right_pin_while_the_file_cannot_be_written_passes_below_the_limit(tmp_path, monkeypatch):
    path = tmp_path / "accounts.json"
    accounts = _accounts(path, monotonic=Monotonic())
    accounts.add("sam", "supervisor", "2468")
    monkeypatch.setattr(Accounts, "_save", lambda self, users: _no_space(users))
    for _ in range(MAX_FAILURES - 1):
        assert _code(accounts, "1111") == "wrong_pin"
    assert _code(accounts, "2468") == "ok"  # four in memory: not locked; the right PIN resets them
    for _ in range(MAX_FAILURES - 1):
        assert _code(accounts, "1111") == "wrong_pin"
    assert _code(accounts, "2468") == "ok"


@pytest.fixture
def small_tmpfs(tmp_path):
    """A 256 KiB tmpfs (root only): yields its path; unmounted after the test."""
    if os.geteuid() != 0:
        pytest.skip("needs root to mount a tmpfs (a file root cannot write: read-only mount or full disk)")
    where = tmp_path / "mnt"
    where.mkdir()
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(where)], capture_output=True,
                          text=True)
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {proc.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def _fill(folder: Path) -> None:
    with open(folder / "filler", "wb", buffering=0) as fp:
        try:
            while True:
                fp.write(b"\0" * 4096)
        except OSError as err:
            assert err.errno == errno.ENOSPC


@pytest.mark.parametrize("how", ["read_only", "read_only_no_lock_file", "full"])
def test_lockout_with_an_accounts_file_root_cannot_write(small_tmpfs, how):
    path = small_tmpfs / "accounts.json"
    mono = Monotonic()
    _accounts(path).add("sam", "supervisor", "2468")
    if how == "read_only_no_lock_file":  # a file copied onto read-only media: no lock can be made
        Accounts(path).lock_path.unlink()
    if how.startswith("read_only"):
        subprocess.run(["mount", "-o", "remount,ro", str(small_tmpfs)], check=True)
    else:
        _fill(small_tmpfs)
    accounts = _accounts(path, monotonic=mono)
    for _ in range(MAX_FAILURES):
        with pytest.raises(AuthError) as err:
            accounts.authenticate("sam", "1111")
        assert err.value.code == "wrong_pin" and "could not be recorded in the file" in str(err.value), err.value
    assert _code(accounts, "2468") == "locked"
    assert json.loads(path.read_text())["users"]["sam"]["failures"] == 0  # nothing reached the file
    assert not [p.name for p in small_tmpfs.iterdir() if p.name.startswith(".accounts-")]  # no temp file left
    mono.now += LOCKOUT.total_seconds()
    assert _code(accounts, "2468") == "ok"


# ------------------------------------------------------------------ a lock held elsewhere

def test_a_pin_is_not_checked_while_another_process_holds_the_lock(tmp_path, monkeypatch):
    from types import SimpleNamespace

    from dealer_station.app import accounts as accounts_module

    path = tmp_path / "accounts.json"
    _accounts(path).add("sam", "supervisor", "2468")
    accounts = _accounts(path, lock_wait=0.3)
    tries = []

    def flock(fd, operation):
        if operation & fcntl.LOCK_NB:
            tries.append(operation)
        return fcntl.flock(fd, operation)

    monkeypatch.setattr(accounts_module, "fcntl", SimpleNamespace(flock=flock, LOCK_EX=fcntl.LOCK_EX,
                                                                  LOCK_NB=fcntl.LOCK_NB, LOCK_UN=fcntl.LOCK_UN))
    holder = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        import fcntl, os, sys, time
        fd = os.open({str(accounts.lock_path)!r}, os.O_RDWR)
        fcntl.flock(fd, fcntl.LOCK_EX)
        print("held", flush=True)
        time.sleep(30)
    """)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(AuthError) as err:
            accounts.authenticate("sam", "2468")
        assert err.value.code == "busy" and "not checked" in str(err.value)
        assert "held by another process for 0.3 s" in str(err.value)   # refused when its lock wait ran out
        assert len(tries) > 1    # it tried the lock again while it waited, and did not give up at the first
        assert _code(accounts, "1111") == "busy"
    finally:
        holder.kill()
        holder.wait()
    assert accounts.list()[0].failures == 0  # the busy attempts were never tried, so never counted
    assert _code(accounts, "1111") == "wrong_pin"  # the holder died: its lock went with it
    fd = os.open(accounts.lock_path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # and the station does not keep it between attempts
    finally:
        os.close(fd)


# ------------------------------------------------------------------ reasons and notes nobody can read

@pytest.mark.parametrize("reason, note", [
    ("scanner_misread", "\u200b"), ("scanner_misread", "\x00"), ("scanner_misread", "\x1b[2J"),
    ("scanner_misread", "\ufeff \u200d"), ("\u200b", "lens dirty"), ("\x1b[0m", "lens dirty"),
    ("scanner_misread", "lens\x00dirty"),
])
def test_supervisor_act_with_an_invisible_reason_or_note_is_refused_and_journaled(table, reason, note):
    from dealer_station.app.controller import ActRefused
    from tests.support.table import SUP, SUP_PIN

    table.ctl.dealer("call_supervisor", note="x")
    with pytest.raises(ActRefused) as err:
        table.ctl.supervisor("resume", user=SUP, pin=SUP_PIN, reason=reason, note=note)
    assert "blank" in str(err.value) or "control character" in str(err.value)
    assert table.state == "paused"
    refused = [row.body for row in table.journal.rows(kinds=("note",)) if row.body.get("kind") == "act_refused"]
    assert refused and refused[-1]["note"] == note and refused[-1]["reason"] == reason  # kept as typed
    table.sup("resume", reason="scanner_misread", note="lens dirty \u200b")  # visible text passes
    assert table.state != "paused"


@pytest.mark.parametrize("step", [LOCKOUT.total_seconds() + 3600, -3600.0], ids=["forward", "back"])
def test_a_lockout_set_here_runs_on_the_monotonic_clock_whatever_the_wall_clock_does(tmp_path, step):
    """Every timeout on a monotonic clock: an NTP step of the wall clock neither ends the lock early (forward)
    nor stretches it (back) in the process that set it; the file keeps its wall-clock time for the others."""
    path = tmp_path / "accounts.json"
    clock = FakeClock()
    accounts = _accounts(path, clock=clock, monotonic=clock.monotonic)
    accounts.add("sam", "supervisor", "2468")
    for _ in range(MAX_FAILURES):
        assert _code(accounts, "1111") == "wrong_pin"
    stamp = accounts.list()[0].locked_until
    assert stamp and _code(accounts, "2468") == "locked"
    clock.step(step)
    assert _code(accounts, "2468") == "locked"           # no time has passed
    assert accounts.list()[0].locked_until == stamp      # nothing was written
    clock.advance(LOCKOUT.total_seconds() - 1)
    assert _code(accounts, "2468") == "locked"
    clock.advance(1)
    assert _code(accounts, "2468") == "ok"               # five minutes have passed, on the monotonic clock


def test_a_lockout_set_by_another_process_runs_on_the_files_time(tmp_path):
    """A lockout this process did not set (another station, or before a restart) is the file's: its
    ``locked_until`` on the wall clock is all there is to go by."""
    path = tmp_path / "accounts.json"
    clock = FakeClock()
    _accounts(path, clock=clock).add("sam", "supervisor", "2468")
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from tests.support.table import FakeClock, cheap_hasher
        from dealer_station.app.accounts import Accounts, AuthError
        accounts = Accounts({str(path)!r}, clock=FakeClock(), hasher=cheap_hasher())
        for _ in range(5):
            try:
                accounts.authenticate("sam", "1111")
            except AuthError:
                pass
    """)
    subprocess.run([sys.executable, "-c", script], check=True, timeout=60)
    here = _accounts(path, clock=clock, monotonic=clock.monotonic)
    assert here.list()[0].locked_until and _code(here, "2468") == "locked"
    clock.step(LOCKOUT.total_seconds())                  # the file's time has come
    assert _code(here, "2468") == "ok"
