"""A slow disk for a process the test starts: an ``LD_PRELOAD`` shim (``slow_sync.c``, built here with the system's
C compiler) whose ``fdatasync`` and ``fsync`` sleep first, as a disk whose every sync takes that long."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

SHIM_SOURCE = Path(__file__).with_name("slow_sync.c")


def slow_sync_env(where: Path, seconds: float = 0.5) -> dict[str, str]:
    """Build the shim into ``where`` and return the environment that loads it: every ``fdatasync``/``fsync`` of the
    process takes ``seconds`` longer. Skips the test, with the reason, when there is no C compiler (``cc``,
    ``gcc``) or the build fails.
    """
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler (cc or gcc) to build the slow-fsync shim")
    shim = where / "slow_sync.so"
    done = subprocess.run([compiler, "-shared", "-fPIC", "-O2", "-o", str(shim), str(SHIM_SOURCE), "-ldl"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"the slow-fsync shim does not build here: {done.stderr.strip()[:300]}")
    preload = " ".join(p for p in (str(shim), os.environ.get("LD_PRELOAD", "")) if p)
    return {"LD_PRELOAD": preload, "SLOW_SYNC_USEC": str(int(seconds * 1_000_000))}
