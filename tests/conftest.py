"""Test set-up for every kind: Qt runs offscreen, no sound, a scratch data directory; helpers to run the CLI."""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import tempfile
from pathlib import Path

# A run started with SIGINT ignored (a background job of a non-interactive shell, nohup) passes that on to every
# station it starts, and a test that stops one with SIGINT, as Ctrl-C does, would wait for it in vain: this process
# (each worker too) takes Python's handler back, and the processes it starts SIGINT's default.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Nothing sounds during the tests, in this process or a station it starts (docs/console.md "Misread and incident
# alerts"): a test that looks at the sound itself takes the variable away for its own duration.
SOUND_ENV = "DEALER_STATION_SOUND"   # dealer_station.console.sound.SOUND_ENV, without importing Qt's side here
os.environ[SOUND_ENV] = "off"
# The station's default journal and accounts live in the user's data directory: tests never touch the real one.
os.environ["XDG_DATA_HOME"] = _DATA_HOME = tempfile.mkdtemp(prefix="dealer-station-test-data-")
atexit.register(shutil.rmtree, _DATA_HOME, ignore_errors=True)

import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def run_cli(*args: str, input: str | None = None, timeout: float = 120, env: dict | None = None,
            cwd: Path | None = None):
    """Run ``python -m dealer_station ARGS`` from this checkout as a process of its own; return CompletedProcess.

    The process is forked from one that imported the station already (tests/support/forked_cli.py): a
    process of its own all the same, with its own exit status, environment and standard streams."""
    from tests.support.forked_cli import run

    return run(*args, input=input, timeout=timeout, env=env, cwd=cwd)


def route_logs_to_logging() -> None:
    """structlog through the standard library's loggers, as the station configures it, for the test run.

    structlog's own default prints every record to standard output. A reader or console thread that logs
    after its test has ended (``shoe_port_open`` of a port opened late, ``shoe_event_after_close_dropped``)
    would then write into the run's output between the tests. Through ``logging`` a record goes where
    pytest's log capture puts it: into the report of a failing test, below WARNING nowhere else.
    """
    import logging

    import structlog

    structlog.configure(
        processors=[structlog.contextvars.merge_contextvars, structlog.stdlib.add_log_level,
                    structlog.processors.TimeStamper(fmt="iso", utc=True),
                    structlog.dev.ConsoleRenderer(colors=False)],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.make_filtering_bound_logger(logging.NOTSET),
        cache_logger_on_first_use=False,
    )


def reset_logging() -> None:
    """Undo configure_logging: the test run's logging, no bound ids, the station's handler off the root logger."""
    import logging

    import structlog

    structlog.contextvars.clear_contextvars()
    route_logs_to_logging()
    root = logging.getLogger()
    for h in list(root.handlers):
        if getattr(h, "_dealer_station", False):
            root.removeHandler(h)
    root.setLevel(logging.WARNING)


route_logs_to_logging()


from tests.support.fixtures import *  # noqa: E402, F403 - the suite's shared fixtures (tests/support/fixtures.py)


@pytest.fixture(autouse=True)
def _logging_of_the_test_run():
    """Every test starts with the test run's logging, whatever a test before it in the same process did: a command
    run in-process (``main([...])``) or a test of ``configure_logging`` leaves the station's level filter behind
    (ERROR for a replay onto a journal), and a later test's ``capture_logs`` or ``caplog`` would find its
    warnings filtered out before they reach the capture: which test runs before which depends on how the files
    are shared among the workers."""
    reset_logging()
    yield


@pytest.fixture(autouse=True)
def _sound_off(monkeypatch):
    """The station's sound switch is off again at the start of every test (and so for every process it starts,
    which inherit the environment), whatever a test before it did to the variable: a plain ``pytest`` run never
    starts ``aplay`` nor opens a sound device. A test of the sound paths takes the switch away for itself and
    plays through a stand-in program (``sound_program`` in tests/unit/console/conftest.py)."""
    monkeypatch.setenv(SOUND_ENV, "off")


@pytest.fixture(autouse=True)
def _every_output_has_its_shape(monkeypatch):
    """Every output a test makes is its kind's data class (``dealer_station.domain.fact_data``) with values of its
    fields' types: checked as it is made, failed when the test ends (tests/support/fact_shapes.py). Yields the
    list of problems found (a test of the watch itself empties it)."""
    from tests.support.fact_shapes import watch_facts

    problems = watch_facts(monkeypatch, made=True)
    yield problems
    if problems:
        shown = "; ".join(dict.fromkeys(problems))
        pytest.fail(f"{len(problems)} output(s) of another shape than their kind's: {shown[:2000]}")
