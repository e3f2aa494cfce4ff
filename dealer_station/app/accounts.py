"""Dealer and supervisor accounts: argon2id-hashed PINs in a JSON file, with lockout.

Issue "Supervisor authority": 5 wrong PINs lock an account for 5 minutes. The file holds, per
user, the role (``dealer`` | ``supervisor``), the argon2id hash of the PIN, whether the account is
disabled, and the lockout state (kept in the file so a restart does not reset it). The file is
replaced atomically on every change. The clock is injectable for tests.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

__all__ = ["MAX_FAILURES", "LOCKOUT", "ROLES", "Account", "Accounts", "AccountsError", "AuthError"]

MAX_FAILURES = 5
"""Wrong PINs in a row that lock an account."""
LOCKOUT = timedelta(minutes=5)
"""How long a locked account stays locked."""
ROLES = ("dealer", "supervisor")
"""Account roles."""

_USER = re.compile(r"^[A-Za-z0-9_.-]{1,32}$")
_PIN = re.compile(r"^[0-9]{4,12}$")


class AccountsError(ValueError):
    """A bad account request (bad name, PIN or role; unknown user) or an unreadable accounts file."""


class AuthError(PermissionError):
    """Authentication refused. ``code``: ``unknown_user``, ``wrong_pin``, ``locked``, ``disabled``,
    ``not_supervisor`` or ``no_accounts``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Account:
    """One account as listed: name, role, disabled flag, failures in a row, locked until (UTC ISO or None)."""

    user: str
    role: str
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
    """

    def __init__(self, path: str | Path, *, clock: Callable[[], datetime] = _utcnow,
                 hasher: PasswordHasher | None = None) -> None:
        self.path = Path(path)
        self._clock = clock
        self._hasher = hasher or PasswordHasher()

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

    def add(self, user: str, role: str, pin: str) -> Account:
        """Add (or replace the PIN and role of) an account. Raises AccountsError for a bad name, role or PIN.

        Names: 1-32 of letters, digits, ``_ . -``; PINs: 4-12 digits; roles: :data:`ROLES`.
        """
        if not _USER.match(user or ""):
            raise AccountsError(f"user {user!r} is not allowed; allowed: 1-32 letters, digits, '_', '.', '-'")
        if role not in ROLES:
            raise AccountsError(f"role {role!r} is not allowed; allowed: {', '.join(ROLES)}")
        if not _PIN.match(pin or ""):
            raise AccountsError("the PIN is not allowed; allowed: 4-12 digits")
        users = self._load()
        users[user] = {"role": role, "hash": self._hasher.hash(pin), "disabled": False, "failures": 0,
                       "locked_until": None}
        self._save(users)
        return self._account(user, users[user])

    def disable(self, user: str) -> Account:
        """Disable an account (it can no longer log in). Raises AccountsError for an unknown user."""
        users = self._load()
        if user not in users:
            raise AccountsError(f"no user {user!r}")
        if not isinstance(users[user], dict):
            raise AccountsError(f"{self.path}: the account {user!r} is damaged: add it again")
        users[user]["disabled"] = True
        self._save(users)
        return self._account(user, users[user])

    def list(self) -> list[Account]:
        """Every account, by name."""
        users = self._load()
        return [self._account(name, users[name]) for name in sorted(users)]

    def _account(self, name: str, rec: dict) -> Account:
        """The listed form of one record; AccountsError when the record is damaged (not an object, bad count)."""
        try:
            return Account(name, str(rec.get("role")), bool(rec.get("disabled")), int(rec.get("failures", 0)),
                           rec.get("locked_until"))
        except (AttributeError, TypeError, ValueError) as err:
            raise AccountsError(f"{self.path}: the account {name!r} is damaged: {err}") from err

    def authenticate(self, user: str, pin: str, *, role: str | None = None) -> Account:
        """Check ``user``'s PIN (and ``role`` when given); return the account.

        Five wrong PINs in a row lock the account for five minutes; a right PIN resets the count.
        Raises AuthError (``unknown_user``, ``disabled``, ``locked``, ``wrong_pin``, ``not_supervisor``;
        ``no_accounts`` when the file, or this user's record in it, cannot be read). A wrong PIN whose
        count cannot be written is still ``wrong_pin``; a right PIN whose reset cannot be written still
        passes (the count kept is the higher one).
        """
        try:
            users = self._load()
        except AccountsError as err:
            raise AuthError("no_accounts", str(err)) from err
        rec = users.get(user)
        if rec is None:
            raise AuthError("unknown_user", f"no user {user!r}")
        try:
            return self._check(user, rec, users, pin, role)
        except (AttributeError, TypeError, ValueError) as err:  # a hand-edited or damaged record
            raise AuthError("no_accounts", f"{self.path}: the account {user!r} is damaged: {err}") from err

    def _check(self, user: str, rec: dict, users: dict[str, dict], pin: str, role: str | None) -> Account:
        if rec.get("disabled"):
            raise AuthError("disabled", f"user {user!r} is disabled")
        now = self._clock()
        locked = rec.get("locked_until")
        if locked:
            until = datetime.fromisoformat(str(locked).replace("Z", "+00:00"))
            if now < until:
                raise AuthError("locked", f"user {user!r} is locked until {locked}")
            rec["locked_until"] = None
            rec["failures"] = 0
        try:
            self._hasher.verify(str(rec.get("hash")), pin if isinstance(pin, str) else "")
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            rec["failures"] = int(rec.get("failures", 0)) + 1
            message = f"wrong PIN for {user!r}"
            if rec["failures"] >= MAX_FAILURES:
                rec["locked_until"] = (now + LOCKOUT).astimezone(UTC).isoformat().replace("+00:00", "Z")
                message += f"; locked until {rec['locked_until']}"
            try:
                self._save(users)
            except OSError as err:
                message += f" (the failure could not be recorded: {err})"
            raise AuthError("wrong_pin", message) from None
        if rec.get("failures"):
            rec["failures"] = 0
            try:
                self._save(users)
            except OSError:
                pass  # the right PIN counts; the file keeps the higher count until a later reset is written
        account = self._account(user, rec)
        if role is not None and account.role != role:
            raise AuthError("not_supervisor" if role == "supervisor" else "wrong_role",
                            f"user {user!r} is a {account.role}, not a {role}")
        return account
