"""An exclusive lock held by one process on a sidecar file next to a journal (``flock``).

docs/design.md "Durability and recovery": one station writes a journal. The lock is the kernel's
(``flock(2)``, exclusive, non-blocking): it is held for as long as the holder keeps the file open and
the kernel drops it when the holder's process ends in any way, SIGKILL and power cut included, so a
dead station never leaves a stale lock behind. The holder writes its pid into the file so a refusal
can name it; the file itself stays (removing it would let a second process lock a new file while a
third still holds the old one: never delete a lock file by hand while a station may run).

Two locks use it: ``<journal>.station.lock`` (one writing station per journal,
:class:`~dealer_station.journal.store.Journal`) and ``<journal>.publisher.lock`` (one publisher per
outbox, :class:`~dealer_station.publish.publisher.Publisher`). They are separate files, so a station
and its own publisher run together while two of either refuse each other. The sidecar sits next to
the journal's real file (symbolic links resolved), so two names of one journal share one lock.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["SidecarLock", "sidecar_path"]


def sidecar_path(db_path: str | os.PathLike[str], suffix: str) -> Path:
    """The lock file of the journal at ``db_path``: ``<real path of the journal><suffix>``.

    Parameters
    ----------
    db_path:
        The journal database (it need not exist yet; its directory's symbolic links are resolved).
    suffix:
        ``".station.lock"`` or ``".publisher.lock"``.
    """
    path = Path(db_path)
    try:
        path = path.resolve()
    except (OSError, RuntimeError):   # a symbolic link loop: the name as given
        path = path.absolute()
    return path.with_name(path.name + suffix)


class SidecarLock:
    """An exclusive ``flock`` on one file, taken without waiting; the holder's pid is written in it.

    Parameters
    ----------
    path:
        The lock file (made when missing, mode 0644; never removed).

    Notes
    -----
    ``flock`` locks belong to the open file: a second :class:`SidecarLock` on the same file is refused
    even in the same process, and a child made by ``fork`` shares the lock (the file is opened
    close-on-exec, so a program the holder starts does not). Linux only keeps ``flock`` apart from
    SQLite's own ``fcntl`` locks, which is why the lock is on a sidecar, never on the database.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._fd is not None

    def acquire(self) -> bool:
        """Take the lock; False when another holder has it.

        Raises
        ------
        OSError
            The lock file cannot be made or opened (a missing or read-only directory, a directory
            not writable by this user, a full disk).
        """
        if self._fd is not None:
            return True
        import fcntl

        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                mine, named = os.fstat(fd), os.stat(self.path)
            except BlockingIOError:
                os.close(fd)
                return False
            except FileNotFoundError:   # removed between the open and the lock: take the new one
                os.close(fd)
                continue
            except BaseException:
                os.close(fd)
                raise
            if (mine.st_dev, mine.st_ino) == (named.st_dev, named.st_ino):
                break
            os.close(fd)   # replaced between the open and the lock: a lock on a file nobody else opens holds nothing
        self._fd = fd
        try:   # the pid is for people reading a refusal: the lock holds without it (a full disk)
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError:
            pass
        return True

    def holder(self) -> int | None:
        """The pid written by the holder (or the last one), None when the file holds none.

        Meant for a refusal just after :meth:`acquire` returned False: the holder writes its pid right
        after taking the lock, so it is read again for a moment when it is not there yet.
        """
        import time

        for _ in range(20):
            try:
                text = self.path.read_text(encoding="ascii", errors="replace").strip()
            except OSError:
                return None
            if text.isdigit():
                return int(text)
            time.sleep(0.01)
        return None

    def release(self) -> None:
        """Let the lock go (idempotent); the file stays."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)
