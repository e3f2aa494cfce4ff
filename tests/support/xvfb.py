"""A private X server for one test: ``Xvfb`` that picks its own free display number (``-displayfd``).

``xvfb-run -a`` looks for a free number and then starts the server: two tests doing it at once (the suite runs in
several worker processes, ``tests/README.md``) can pick the same number, and the second server then fails to start.
Here the server itself takes a number whose lock it could create and writes it back, so any number of tests may
each have their own display at the same time.
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator

import pytest

XVFB = shutil.which("Xvfb")
START_SECONDS = 30.0


@contextlib.contextmanager
def x_display(screen: str = "1920x1080x24") -> Iterator[dict[str, str]]:
    """Start an Xvfb with one screen of ``screen`` (``WIDTHxHEIGHTxDEPTH``); yield the environment of a process
    that draws on it (``os.environ`` with ``DISPLAY`` set, ``QT_QPA_PLATFORM`` and ``WAYLAND_DISPLAY`` taken away:
    Qt's xcb platform), the server stopped afterwards.

    Skips the test, with the reason, when Xvfb is not installed; raises RuntimeError when the server exits
    before it names its display or does not name one within ``START_SECONDS``.
    """
    if XVFB is None:
        pytest.skip("Xvfb is not installed (Debian package 'xvfb')")
    said = tempfile.TemporaryFile()   # a file, not a pipe: a server that writes much is never blocked
    read_end, write_end = os.pipe()
    server = subprocess.Popen([XVFB, "-displayfd", str(write_end), "-screen", "0", screen, "-nolisten", "tcp"],
                              pass_fds=(write_end,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=said)
    os.close(write_end)
    try:
        number = _display_number(read_end, server, said)
        env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY", "XAUTHORITY")}
        env["DISPLAY"] = f":{number}"
        yield env
    finally:
        os.close(read_end)
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(5)
        said.close()


def _display_number(read_end: int, server: subprocess.Popen, log) -> int:
    """The display number the server writes on ``read_end`` once it accepts clients (a line: ``N\\n``); ``log``
    is the file of its standard error, quoted when it exits first."""
    number = b""
    deadline = time.monotonic() + START_SECONDS
    while not number.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0:
            raise RuntimeError(f"Xvfb named no display within {START_SECONDS:g} s")
        ready, _, _ = select.select([read_end], [], [], left)
        if ready:
            chunk = os.read(read_end, 16)
            if not chunk:   # the server closed its end: it exited
                server.wait(10)
                log.seek(0)
                raise RuntimeError(f"Xvfb exited {server.returncode}: {log.read().decode(errors='replace')[-500:]}")
            number += chunk
    return int(number)
