"""A small disk to fill: a tmpfs mounted for one test (root only), and a file that fills it."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@contextlib.contextmanager
def small_tmpfs(where: Path, size: str = "3m") -> Iterator[Path]:
    """Mount a tmpfs of ``size`` (``mount -o size=``: ``"3m"``, ``"256k"``) on the new folder ``where``; yield it,
    unmounted afterwards. Skips the test, with the reason, when not root or when the mount fails.
    """
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs to fill needs root")
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True,
                          text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def fill(disk: Path, name: str = "filler") -> Path:
    """Write zeros to ``disk/name`` until the disk is full (ENOSPC); return the file (unlink it to free the disk)."""
    filler = disk / name
    chunk = b"\0" * 4096
    with open(filler, "ab", buffering=0) as fp:
        try:
            while True:
                fp.write(chunk)
        except OSError as err:
            assert err.errno == errno.ENOSPC, err
    return filler
