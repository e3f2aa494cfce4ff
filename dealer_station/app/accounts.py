"""Dealer and supervisor accounts: argon2id-hashed PINs in a JSON file, with lockout.

5 wrong PINs lock an account for 5 minutes. The file holds, per
user, the role (``dealer`` | ``supervisor``), the argon2id hash of the PIN, whether the account is
disabled, and the lockout state (kept in the file so a restart does not reset it). The clock is
injectable for tests.

Counting that holds (docs/controller.md). Every change of the file (a PIN checked, an account added or
disabled) is one read-modify-write under an exclusive ``flock`` on the sidecar file
``<accounts file>.lock``, held from the read to the rename: the file is read, changed, written to a
temporary file in the same folder, fsynced and renamed over the old one (``os.replace``), so
parallel logins from several processes never lose a count and a reader never sees half a file.
A PIN is checked only while its failure can be counted:

* in the file, when it can be written;
* else (a full disk, a read-only mount, a folder it may not write) in this process's memory,
  where the lockout is enforced too (on the monotonic clock; a count kept in memory goes back to
  the file with the next change that can be written). The count used is the higher of the file's
  and memory's, so a right PIN while the file cannot be written passes only if neither locks.
* When the lock cannot be had within :data:`LOCK_WAIT` seconds (another program holds it), the
  attempt is refused (``busy``) before the PIN is checked: a PIN is never tried uncounted.

Every lockout runs on the monotonic clock in the process that set it. The file's ``locked_until`` is a
wall-clock time, since it is shared with other processes and outlives a restart; the process that wrote
it keeps the monotonic deadline beside it and goes by that while the file still holds its lock, so an NTP
step neither ends a lockout early nor stretches it there. Other processes go by the file's time.

Memory is per process: with a file that cannot be written, two processes each count their own
failures. That is no weaker than the file itself: whoever can start processes that read the
accounts file can read the hashes it holds.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import re
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import structlog
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from dealer_station.domain.enums import member_or_text
from dealer_station.domain.staff import Role

__all__ = ["LOCK_WAIT", "MAX_FAILURES", "LOCKOUT", "ROLES", "Account", "Accounts", "AccountsError", "AuthError"]

log = structlog.get_logger(__name__)

MAX_FAILURES = 5
"""Wrong PINs in a row that lock an account."""
LOCKOUT = timedelta(minutes=5)
"""How long a locked account stays locked."""
ROLES = tuple(role.value for role in Role)
"""Account roles (the texts of :class:`~dealer_station.domain.staff.Role`)."""
LOCK_WAIT = 10.0
"""Seconds to wait for the accounts file's lock before an attempt is refused (``busy``)."""

_USER = re.compile(r"^[A-Za-z0-9_.-]{1,32}$")
_PIN = re.compile(r"^[0-9]{4,12}$")

_MEMORY_LOCK = threading.Lock()
_MEMORY: dict[str, dict[str, list]] = {}
"""Failures that could not be written, per accounts file (absolute path) and user:
``[failures, locked until (monotonic seconds) or None]``. Shared by every Accounts of the process."""
_LOCKS_SET: dict[str, dict[str, tuple[str, float]]] = {}
"""Lockouts this process wrote to the file, per accounts file and user: ``(the file's locked_until text,
monotonic deadline)``. While the file still holds that text, the monotonic deadline decides when the lock
ends, so a wall clock stepped forward does not end it early and one stepped back does not stretch it."""


class AccountsError(ValueError):
    """A bad account request (bad name, PIN or role; unknown user) or an unreadable accounts file."""


class AuthError(PermissionError):
    """Authentication refused. ``code``: ``unknown_user``, ``wrong_pin``, ``locked``, ``disabled``,
    ``not_supervisor``, ``no_accounts`` or ``busy`` (the accounts file's lock could not be had).
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Account:
    """One account as listed: name, role, disabled flag, failures in a row, locked until (UTC ISO or None)."""

    user: str
    role: Role | str
    """A :class:`~dealer_station.domain.staff.Role`; a file's role this version does not know stays its text."""
    disabled: bool = False
    failures: int = 0
    locked_until: str | None = None


def _utcnow() -> datetime:
    return datetime.now(UTC)


class Accounts:
    """The accounts file.

    Parameters
    ----------
    path:
        JSON file; created by the first :meth:`add`.
    clock:
        Returns the current time as an aware UTC ``datetime``.
    hasher:
        An ``argon2.PasswordHasher`` (argon2id; default parameters of argon2-cffi).
    monotonic:
        Seconds of a monotonic clock (default ``time.monotonic``). Every lockout this process sets runs
        on it: the one kept in memory when the file cannot be written, and the one it wrote to the file
        (whose ``locked_until``, on the wall clock, is what other processes and a restart go by).
    lock_wait:
        Seconds to wait for the file's lock (default :data:`LOCK_WAIT`).
    """

    def __init__(self, path: str | Path, *, clock: Callable[[], datetime] = _utcnow,
                 hasher: PasswordHasher | None = None, monotonic: Callable[[], float] = time.monotonic,
                 lock_wait: float = LOCK_WAIT) -> None:
        self.path = Path(path)
        self._clock = clock
        self._hasher = hasher or PasswordHasher()
        self._monotonic = monotonic
        self._lock_wait = float(lock_wait)
        self._key = os.path.abspath(self.path)

    @property
    def lock_path(self) -> Path:
        """The sidecar lock file, ``<accounts file>.lock``."""
        return self.path.with_name(self.path.name + ".lock")

    @contextmanager
    def _locked(self, *, make_folder: bool = False) -> Iterator[bool]:
        """Hold the exclusive lock of the file for one read-modify-write; yields True when it is held.

        Yields False when the lock file cannot be opened at all (its folder cannot be written or
        does not exist): then the accounts file cannot be replaced either, and failures are kept in
        memory. Raises TimeoutError when another process holds the lock for :attr:`_lock_wait` seconds.
        ``make_folder``: create the file's folder first (the first :meth:`add`).
        """
        if make_folder:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError:
                pass  # the save names the problem
        fd = None
        for flags in (os.O_RDWR | os.O_CREAT, os.O_RDONLY):
            try:
                fd = os.open(self.lock_path, flags | getattr(os, "O_CLOEXEC", 0), 0o600)
                break
            except OSError:
                continue
        if fd is None:
            yield False
            return
        try:
            deadline = time.monotonic() + self._lock_wait
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except OSError as err:
                    if err.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                        log.warning("accounts_lock_failed", path=str(self.lock_path), error=str(err))
                        yield False
                        return
                    if time.monotonic() >= deadline:
                        raise TimeoutError(f"{self.lock_path}: held by another process for "
                                           f"{self._lock_wait:g} s") from None
                    time.sleep(0.01)
            try:
                yield True
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)

    def _load(self) -> dict[str, dict]:
        if not self.path.exists():
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            raise AccountsError(f"{self.path}: unreadable accounts file: {err}") from err
        users = data.get("users") if isinstance(data, dict) else None
        if not isinstance(users, dict):
            raise AccountsError(f"{self.path}: not an accounts file (no 'users' table)")
        return users

    def _save(self, users: dict[str, dict]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".accounts-", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fp:
                json.dump({"version": 1, "users": users}, fp, indent=2, sort_keys=True)
                fp.flush()
                os.fsync(fp.fileno())
            os.chmod(tmp, 0o600)
            os.replace(tmp, self.path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise

    @contextmanager
    def _changing(self) -> Iterator[None]:
        """The file's lock for an add or a disable; AccountsError when another process holds it too long."""
        try:
            with self._locked(make_folder=True):
                yield
        except TimeoutError as err:
            raise AccountsError(f"{self.path}: the accounts file is busy ({err}); try again") from err

    def add(self, user: str, role: str, pin: str) -> Account:
        """Add (or replace the PIN and role of) an account. Raises AccountsError for a bad name, role or PIN.

        Names: 1-32 of letters, digits, ``_ . -``; PINs: 4-12 digits; roles: :data:`ROLES`. The new
        account starts with no failures (also in memory). OSError when the file cannot be written.
        """
        if not _USER.match(user or ""):
            raise AccountsError(f"user {user!r} is not allowed; allowed: 1-32 letters, digits, '_', '.', '-'")
        if role not in ROLES:
            raise AccountsError(f"role {role!r} is not allowed; allowed: {', '.join(ROLES)}")
        role = Role(role)
        if not _PIN.match(pin or ""):
            raise AccountsError("the PIN is not allowed; allowed: 4-12 digits")
        digest = self._hasher.hash(pin)
        with self._changing():
            users = self._load()
            users[user] = {"role": role, "hash": digest, "disabled": False, "failures": 0, "locked_until": None}
            self._save(users)
            self._forget(user)
        return self._account(user, users[user])

    def disable(self, user: str) -> Account:
        """Disable an account (it can no longer log in). Raises AccountsError for an unknown user."""
        with self._changing():
            users = self._load()
            if user not in users:
                raise AccountsError(f"no user {user!r}")
            if not isinstance(users[user], dict):
                raise AccountsError(f"{self.path}: the account {user!r} is damaged: add it again")
            users[user]["disabled"] = True
            self._save(users)
        return self._account(user, users[user])

    def list(self) -> list[Account]:
        """Every account, by name (the counts as the file has them)."""
        users = self._load()
        return [self._account(name, users[name]) for name in sorted(users)]

    def _account(self, name: str, rec: dict) -> Account:
        """The listed form of one record; AccountsError when the record is damaged (not an object, bad count)."""
        try:
            return Account(name, member_or_text(Role, rec.get("role")), bool(rec.get("disabled")),
                           int(rec.get("failures", 0)), rec.get("locked_until"))
        except (AttributeError, TypeError, ValueError) as err:
            raise AccountsError(f"{self.path}: the account {name!r} is damaged: {err}") from err

    # ------------------------------------------------------------------ failures kept in memory
    def _remembered(self, user: str) -> tuple[int, bool]:
        """(failures kept in memory, locked in memory now) for ``user``; an expired lock is forgotten."""
        with _MEMORY_LOCK:
            entry = _MEMORY.get(self._key, {}).get(user)
            if entry is None:
                return 0, False
            until = entry[1]
            if until is not None and not self._monotonic() < until:
                _MEMORY[self._key].pop(user, None)
                return 0, False
            return int(entry[0]), until is not None

    def _remember(self, user: str, failures: int, lock: bool) -> None:
        until = self._monotonic() + LOCKOUT.total_seconds() if lock else None
        with _MEMORY_LOCK:
            _MEMORY.setdefault(self._key, {})[user] = [failures, until]

    def _forget(self, user: str) -> None:
        with _MEMORY_LOCK:
            _MEMORY.get(self._key, {}).pop(user, None)

    def _set_lock(self, user: str, stamp: str) -> None:
        """Remember that this process wrote ``locked_until = stamp`` for ``user``, on the monotonic clock."""
        with _MEMORY_LOCK:
            _LOCKS_SET.setdefault(self._key, {})[user] = (stamp, self._monotonic() + LOCKOUT.total_seconds())

    def _file_locked(self, user: str, locked: object, now: datetime) -> bool:
        """Whether the file's lockout ``locked`` (its ``locked_until``, or None) of ``user`` is in force.

        A lockout this process set is in force until its monotonic deadline, whatever the wall clock says;
        any other (set by another process, or before a restart) until the wall-clock time in the file.
        Raises ValueError for a ``locked_until`` that is not an ISO time.
        """
        if not locked:
            return False
        with _MEMORY_LOCK:
            mine = _LOCKS_SET.get(self._key, {}).get(user)
            if mine is not None and mine[0] == locked:
                if self._monotonic() < mine[1]:
                    return True
                _LOCKS_SET[self._key].pop(user, None)
                return False
            if mine is not None:  # the file was changed since (another process): it decides
                _LOCKS_SET[self._key].pop(user, None)
        until = datetime.fromisoformat(str(locked).replace("Z", "+00:00"))
        return now < until

    def _record(self, user: str) -> tuple[dict[str, dict], dict]:
        """(every user's record, ``user``'s record as the file has it) for a sign-in.

        Raises AuthError ``no_accounts`` when the file cannot be read, ``unknown_user`` when it has no ``user``.
        """
        try:
            users = self._load()
        except AccountsError as err:
            raise AuthError("no_accounts", str(err)) from err
        rec = users.get(user)
        if rec is None:
            raise AuthError("unknown_user", f"no user {user!r}")
        return users, rec

    def account(self, user: str) -> Account:
        """The account of ``user`` for a sign-in without a PIN (a dealer badge, where the station allows it).

        Nothing is counted or changed. Raises AuthError: ``unknown_user``, ``disabled``, ``locked`` (in the
        file or in this process's memory: a badge never gets round a lockout), ``no_accounts``.
        """
        _, rec = self._record(user)
        try:
            account = self._account(user, rec)
        except AccountsError as err:
            raise AuthError("no_accounts", str(err)) from err
        if account.disabled:
            raise AuthError("disabled", f"user {user!r} is disabled")
        locked = account.locked_until
        try:
            in_force = self._file_locked(user, locked, self._clock())
        except ValueError as err:
            raise AuthError("no_accounts", f"{self.path}: the account {user!r} is damaged: {err}") from err
        if in_force:
            raise AuthError("locked", f"user {user!r} is locked until {locked}")
        if self._remembered(user)[1]:
            raise AuthError("locked", f"user {user!r} is locked after {MAX_FAILURES} wrong PINs")
        return account

    def authenticate(self, user: str, pin: str, *, role: str | None = None) -> Account:
        """Check ``user``'s PIN (and ``role`` when given); return the account.

        Five wrong PINs in a row lock the account for five minutes; a right PIN resets the count.
        The whole check is one read-modify-write under the file's lock (see the module doc), so
        attempts from parallel processes are counted one after the other and none is lost.

        Counting rule: a wrong PIN is counted in the file; when the file cannot be written (full
        disk, read-only), in this process's memory, and the lockout is enforced from there too
        (the message says "could not be recorded in the file"). The count in force is the higher of
        the two, and a lock in either refuses the right PIN as well. A right PIN whose reset cannot
        be written still passes; the file keeps its (higher) count until a later change is written.
        When the lock cannot be had (``busy``), the PIN is not checked at all.

        Raises
        ------
        AuthError
            ``unknown_user``, ``disabled``, ``locked``, ``wrong_pin``, ``not_supervisor``; ``no_accounts``
            when the file, or this user's record in it, cannot be read; ``busy`` when another
            process holds the file's lock for longer than ``lock_wait`` seconds.
        """
        try:
            with self._locked():
                users, rec = self._record(user)
                try:
                    return self._check(user, rec, users, pin, role)
                except (AttributeError, TypeError, ValueError) as err:  # a hand-edited or damaged record
                    raise AuthError("no_accounts", f"{self.path}: the account {user!r} is damaged: {err}") from err
        except TimeoutError as err:
            raise AuthError("busy", f"the accounts file is busy ({err}); the PIN was not checked: "
                                    "try again") from err

    def _check(self, user: str, rec: dict, users: dict[str, dict], pin: str, role: str | None) -> Account:
        if rec.get("disabled"):
            raise AuthError("disabled", f"user {user!r} is disabled")
        now = self._clock()
        failures = int(rec.get("failures", 0))
        if failures < 0:
            raise ValueError(f"failures {failures!r} is not a count")
        locked = rec.get("locked_until")
        if locked:
            if self._file_locked(user, locked, now):
                raise AuthError("locked", f"user {user!r} is locked until {locked}")
            rec["locked_until"] = None
            rec["failures"] = failures = 0
        remembered, locked_in_memory = self._remembered(user)
        if locked_in_memory:
            raise AuthError("locked", f"user {user!r} is locked for {LOCKOUT.total_seconds() / 60:g} minutes after "
                                      f"{MAX_FAILURES} wrong PINs (counted in memory: the accounts file cannot be "
                                      "written)")
        try:
            self._hasher.verify(str(rec.get("hash")), pin if isinstance(pin, str) else "")
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            count = max(failures, remembered) + 1
            rec["failures"] = count
            message = f"wrong PIN for {user!r}"
            if count >= MAX_FAILURES:
                rec["locked_until"] = (now + LOCKOUT).astimezone(UTC).isoformat().replace("+00:00", "Z")
                message += f"; locked until {rec['locked_until']}"
            try:
                self._save(users)
            except OSError as err:
                self._remember(user, count, count >= MAX_FAILURES)
                log.warning("pin_failure_kept_in_memory", user=user, failures=count, path=str(self.path),
                            error=str(err))
                message += f" (the failure could not be recorded in the file: {err}; counted in memory)"
            else:
                self._forget(user)
                if count >= MAX_FAILURES:
                    self._set_lock(user, rec["locked_until"])
            raise AuthError("wrong_pin", message) from None
        self._forget(user)
        if rec.get("failures"):
            rec["failures"] = 0
            try:
                self._save(users)
            except OSError:
                pass  # the right PIN counts; the file keeps the higher count until a later reset is written
        account = self._account(user, rec)
        if role is not None and account.role != role:
            raise AuthError("not_supervisor" if role == Role.SUPERVISOR else "wrong_role",
                            f"user {user!r} is a {account.role}, not a {role}")
        return account
