"""``python -m dealer_station ARGS`` as a process of its own, forked from one that imported the station already.

A fresh interpreter spends most of a short command's time importing the station (structlog, numpy, the
controller, the publisher: about a second of CPU, several on a busy machine), and the suite runs hundreds of
them. Each test process (each pytest-xdist worker) therefore starts one *fork server* the first time it runs a
command: a Python process that imports the station's modules once, then forks for every command. The forked
process is the command's own, as a fresh one is: its own process id, exit status (or the signal that killed it),
environment, working directory, standard input, output and error (the caller's pipes), no file of the server
left open, the interpreter's normal exit (threads joined, ``atexit`` run). Qt is not imported by the server:
a command that needs it starts it fresh, in its own process.

What a forked command cannot differ in from the server is what an interpreter fixes at its start: the locale
(``LANG``, ``LC_*``), the interpreter's options (``PYTHON*``). A command asked with other values of those than
the server's runs in a fresh interpreter instead (:func:`run`), as does every command when the server cannot
start (no ``socket.send_fds``). The modules imported by the server are imported before the command's
environment is in place: the station reads the environment when it runs, never at import
(``tests/unit/test_forked_cli.py`` checks the equivalence on the commands' own terms).
"""

from __future__ import annotations

import atexit
import json
import os
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MESSAGE_BYTES = 1 << 20
"""The largest request (arguments, environment, working directory), bytes."""
FRESH_ONLY = ("LANG", "LANGUAGE", "LC_", "PYTHON")
"""Environment variables (names or prefixes) an interpreter reads at its start: a command asked with values of
these other than the server's runs in a fresh interpreter."""
PRELOAD = ("dealer_station.cli", "dealer_station.app.runtime", "dealer_station.app.runtime_station",
           "dealer_station.app.autodealer", "dealer_station.app.publishing", "dealer_station.publish.publisher")
"""The modules the server imports (every command module besides, by ``dealer_station.cli``'s own list)."""


# ---------------------------------------------------------------------------------------- the server
def _preload() -> None:
    import importlib

    for name in PRELOAD:
        importlib.import_module(name)
    from dealer_station import cli

    cli._commands()


def _become_the_command(request: dict, fds: list[int]) -> None:
    """In the forked process: take the caller's standard streams, environment and directory; run the command.

    Never returns: the command's ``SystemExit`` (or its exception) ends the interpreter as a fresh one's would.
    """
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    keep = {0, 1, 2}
    for name in os.listdir("/proc/self/fd"):
        if int(name) not in keep:
            try:
                os.close(int(name))
            except OSError:
                pass
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    sys.path[0] = request["cwd"]
    sys.argv = [str(ROOT / "dealer_station" / "__main__.py"), *request["args"]]
    import runpy

    runpy.run_module("dealer_station", run_name="__main__", alter_sys=True)
    raise SystemExit(0)


def _watch(conn: socket.socket, request: dict, fds: list[int]) -> None:
    """In a process forked per request: fork the command, tell its id, wait for it, tell its exit status."""
    pid = os.fork()
    if pid == 0:
        conn.close()
        _become_the_command(request, fds)
    for fd in fds:
        os.close(fd)
    try:
        conn.send(json.dumps({"pid": pid}).encode())
        _, status = os.waitpid(pid, 0)
        conn.send(json.dumps({"returncode": os.waitstatus_to_exitcode(status)}).encode())
    finally:
        os._exit(0)


def serve(path: str) -> None:
    """Import the station, listen on the Unix socket ``path``, fork a command for every request.

    Ends when its standard input closes (the test process that started it has ended). The command's process
    is forked from this function's frame: nothing here may catch its ``SystemExit`` nor clean up after it.
    """
    _preload()
    import gc

    # the imported modules' objects are never looked at again by the collector, in the server or a command:
    # a command's exit then does not walk them (a tenth of a second less per command), nor does its collector
    # touch (and so copy) the server's memory
    gc.freeze()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    listener.bind(path)
    listener.listen(64)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    watch = selectors.DefaultSelector()
    watch.register(listener, selectors.EVENT_READ)
    watch.register(sys.stdin, selectors.EVENT_READ)
    while True:
        ready = [key.fileobj for key, _ in watch.select()]
        if sys.stdin in ready and not os.read(0, 1):
            return
        if listener not in ready:
            continue
        conn, _ = listener.accept()
        message, fds, _, _ = socket.recv_fds(conn, MESSAGE_BYTES, 3)
        if message and len(fds) == 3:
            if os.fork() == 0:
                watch.close()
                listener.close()
                _watch(conn, json.loads(message), fds)
        for fd in fds:
            os.close(fd)
        conn.close()
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            pass


# ---------------------------------------------------------------------------------------- the caller
class _Server:
    """The fork server of this process: started on first use, ended with this process."""

    def __init__(self) -> None:
        self.owner = os.getpid()
        self.dir = tempfile.mkdtemp(prefix="dealer-station-fork-")
        self.path = os.path.join(self.dir, "s")
        self.env = _environment(None)
        self.proc = subprocess.Popen([sys.executable, "-c", "import sys; from tests.support.forked_cli import serve; "
                                      "serve(sys.argv[1])", self.path], cwd=ROOT, env=self.env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        line = self.proc.stdout.readline()
        if line != b"ready\n":
            self.proc.wait(30)
            raise OSError("the fork server did not start")
        atexit.register(self.close)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        shutil.rmtree(self.dir, ignore_errors=True)


_server: _Server | None = None
_server_lock = threading.Lock()


def _environment(extra: dict | None, drop: tuple[str, ...] = ()) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")
    if extra:
        env.update(extra)
    return env


def _fresh_only(env: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in env.items() if k.startswith(FRESH_ONLY)}


def _the_server() -> _Server | None:
    global _server
    with _server_lock:
        if _server is not None and (_server.owner != os.getpid() or _server.proc.poll() is not None):
            _server = None
        if _server is None and hasattr(socket, "send_fds"):
            try:
                _server = _Server()
            except OSError:
                return None
        return _server


def _text(data: bytes) -> str:
    import locale

    return data.decode(locale.getpreferredencoding(False)).replace("\r\n", "\n").replace("\r", "\n")


def run(*args: str, input: str | None = None, timeout: float = 120, env: dict | None = None,
        cwd: Path | None = None, drop_env: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """``python -m dealer_station ARGS`` from this checkout to its end, as ``subprocess.run`` with
    ``capture_output=True, text=True`` runs it: a process of its own, forked from the fork server.

    Parameters
    ----------
    args : str
        The command line after ``dealer-station``.
    input : str, optional
        Its standard input (else this process's).
    timeout : float
        Seconds; the command is killed after them.
    env : dict, optional
        Environment variables besides this process's (``PYTHONPATH`` names this checkout first).
    cwd : Path, optional
        Its working directory (default: the checkout).
    drop_env : tuple of str
        Variables of this process's environment the command does not get.

    Returns
    -------
    subprocess.CompletedProcess
        ``returncode`` (negative: the signal that ended it), ``stdout`` and ``stderr`` as text.

    Raises
    ------
    subprocess.TimeoutExpired
        When the command ran past ``timeout`` (it was killed).
    """
    full_env = _environment(env, drop_env)
    command = [sys.executable, "-m", "dealer_station", *args]
    where = str(cwd or ROOT)
    server = _the_server()
    if server is None or _fresh_only(full_env) != _fresh_only(server.env):
        return subprocess.run(command, input=input, capture_output=True, text=True, timeout=timeout, env=full_env,
                              cwd=where)
    return _forked(server, command, args, input, timeout, full_env, where)


def _forked(server: _Server, command: list[str], args: tuple[str, ...], input: str | None, timeout: float,
            env: dict[str, str], cwd: str) -> subprocess.CompletedProcess:
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    in_r, in_w = os.pipe() if input is not None else (os.dup(0), None)
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    try:
        conn.connect(server.path)
        request = json.dumps({"args": list(args), "env": env, "cwd": cwd}).encode()
        socket.send_fds(conn, [request], [in_r, out_w, err_w])
    finally:
        for fd in (in_r, out_w, err_w):
            os.close(fd)
    got: dict[int, list[bytes]] = {out_r: [], err_r: []}

    def drain(fd: int) -> None:
        while chunk := os.read(fd, 65536):
            got[fd].append(chunk)

    readers = [threading.Thread(target=drain, args=(fd,), daemon=True) for fd in (out_r, err_r)]
    for reader in readers:
        reader.start()
    if in_w is not None:
        def feed() -> None:
            import locale

            try:
                with open(in_w, "wb", closefd=True) as stream:
                    stream.write(input.encode(locale.getpreferredencoding(False)))
            except BrokenPipeError:
                pass

        threading.Thread(target=feed, daemon=True).start()
    try:
        conn.settimeout(30)
        pid = json.loads(conn.recv(4096))["pid"]
        conn.settimeout(timeout)
        try:
            returncode = json.loads(conn.recv(4096))["returncode"]
        except TimeoutError:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            conn.settimeout(30)
            conn.recv(4096)
            for reader in readers:
                reader.join(30)
            raise subprocess.TimeoutExpired(command, timeout, b"".join(got[out_r]), b"".join(got[err_r])) from None
    finally:
        conn.close()
    for reader in readers:
        reader.join()
    os.close(out_r)
    os.close(err_r)
    return subprocess.CompletedProcess(command, returncode, _text(b"".join(got[out_r])),
                                       _text(b"".join(got[err_r])))


# ---------------------------------------------------------------------------------------- a running station
class Forked:
    """A command forked from the fork server, running: the parts of ``subprocess.Popen`` the tests use (``pid``,
    ``args``, ``stdout``/``stderr`` as text streams when asked for, ``poll``, ``wait``, ``communicate``,
    ``send_signal``, ``terminate``, ``kill``, ``returncode``: negative for the signal that ended it)."""

    def __init__(self, conn: socket.socket, command: list[str], stdout, stderr) -> None:
        self.args = command
        self.stdout = stdout
        self.stderr = stderr
        self.returncode: int | None = None
        self._conn = conn
        self._ended = threading.Event()
        conn.settimeout(30)
        self.pid = json.loads(conn.recv(4096))["pid"]
        threading.Thread(target=self._watch, daemon=True, name=f"forked {self.pid}").start()

    def _watch(self) -> None:
        self._conn.settimeout(None)
        try:
            self.returncode = json.loads(self._conn.recv(4096))["returncode"]
        finally:
            self._conn.close()
            self._ended.set()

    def poll(self) -> int | None:
        return self.returncode if self._ended.is_set() else None

    def wait(self, timeout: float | None = None) -> int:
        if not self._ended.wait(timeout):
            raise subprocess.TimeoutExpired(self.args, timeout)
        return self.returncode

    def communicate(self, input=None, timeout: float | None = None):  # noqa: A002 - Popen's own name
        got: dict[str, object] = {}

        def read(name: str, stream) -> None:
            got[name] = stream.read()
            stream.close()

        readers = [threading.Thread(target=read, args=(n, s), daemon=True)
                   for n, s in (("out", self.stdout), ("err", self.stderr)) if s is not None and not s.closed]
        for reader in readers:
            reader.start()
        self.wait(timeout)
        for reader in readers:
            reader.join()
        return got.get("out"), got.get("err")

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                pass

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


def start(*args: str, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env: dict | None = None,
          cwd: Path | None = None):
    """``python -m dealer_station ARGS`` from this checkout, running, as ``subprocess.Popen(..., text=True)``
    starts it, but forked from the fork server (a station a test signals, kills or reads while it runs).

    Parameters
    ----------
    args : str
        The command line after ``dealer-station``.
    stdout, stderr : int or None
        ``subprocess.PIPE`` (a text stream on the object), ``subprocess.DEVNULL`` or None (this process's).
    env : dict, optional
        Environment variables besides this process's.
    cwd : Path, optional
        Its working directory (default: the checkout).

    Returns
    -------
    Forked or subprocess.Popen
        The running command (a ``Popen`` of a fresh interpreter where :func:`run` would use one).
    """
    full_env = _environment(env)
    command = [sys.executable, "-m", "dealer_station", *args]
    where = str(cwd or ROOT)
    server = _the_server()
    if server is None or _fresh_only(full_env) != _fresh_only(server.env):
        return subprocess.Popen(command, env=full_env, cwd=where, stdout=stdout, stderr=stderr, text=True)
    import locale

    encoding = locale.getpreferredencoding(False)
    mine: list[int] = []
    streams = []
    for target, how in ((1, stdout), (2, stderr)):
        if how == subprocess.PIPE:
            r, w = os.pipe()
            streams.append(open(r, encoding=encoding))   # noqa: SIM115 - the caller's to read and close
            mine.append(w)
        elif how == subprocess.DEVNULL:
            streams.append(None)
            mine.append(os.open(os.devnull, os.O_WRONLY))
        else:
            streams.append(None)
            mine.append(os.dup(target))
    child = [os.dup(0), *mine]
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    try:
        conn.connect(server.path)
        request = json.dumps({"args": list(args), "env": full_env, "cwd": where}).encode()
        socket.send_fds(conn, [request], child)
    finally:
        for fd in child:
            os.close(fd)
    return Forked(conn, command, *streams)
