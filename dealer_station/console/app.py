"""Running the console: the QApplication, the station, the window, and the screenshot run.

:func:`run_console` is what ``dealer-station console`` calls. It opens the table on the station
runtime (:func:`dealer_station.app.runtime.open_station`): the controller runs on the station's
controller thread, as in ``run``; the GUI thread only paints what it is told and sends commands
(docs/style.md habit 7, docs/runtime.md). The shoe's reader and its blocking calls stay off it too.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import structlog

if TYPE_CHECKING:
    from dealer_station.publish.settings import BrokerOptions

__all__ = ["CLOSED", "STALL_MS", "GuiWatchdog", "console_settings", "dealer_note", "install_language", "languages",
           "open_console_station", "qt_is_usable", "run_console"]

log = structlog.get_logger(__name__)


def qt_is_usable() -> str | None:
    """None when the installed PySide6 is usable; else a one-line reason.

    PySide6 6.12.0 on CPython < 3.12 drops a reference to ``True`` on every ``Signal.emit`` and to
    ``None`` on every slot call, and the process aborts after a few thousand signals (seen here;
    6.11.3 is fine). The console refuses to start on it rather than crash at the table.
    """
    import PySide6

    if PySide6.__version__ == "6.12.0" and sys.version_info < (3, 12):
        return ("PySide6 6.12.0 crashes on Python < 3.12 (reference-count bug in signal emission); "
                "install PySide6-Essentials 6.11.3: pip install 'PySide6-Essentials==6.11.3'")
    return None


def _quit_on_signals(app) -> list[int]:
    """Ctrl-C and SIGTERM close the console cleanly, as closing its window does (the stop journaled by the
    controller's thread, the journal closed once that thread has ended: docs/runtime.md "How a stop ends").

    Installed before the station is opened, so a signal that comes while the console starts is a
    clean stop too (its number is kept in the returned list: the caller skips the event loop).
    Python runs signal handlers only between bytecodes, so a timer wakes the interpreter a few
    times a second while Qt's event loop runs; the handler itself only asks for the close, which the
    event loop runs next (wherever it is: an act's wait included).
    """
    import signal

    from PySide6.QtCore import QTimer

    caught: list[int] = []

    def close() -> None:
        app.closeAllWindows()  # each window's close: its stop, waited for between paints
        app.quit()

    def stop(signum, _frame) -> None:
        log.info("console_signal", signal=signum)
        caught.append(signum)
        QTimer.singleShot(0, close)

    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            signal.signal(sig, stop)
        except (ValueError, OSError):  # not the main thread, or not on this platform
            pass
    wake = QTimer(app)
    wake.setInterval(200)
    wake.timeout.connect(lambda: None)
    wake.start()
    return caught


CLOSED = "console closed"
"""The reason of the console's stop, in the journal (its ``stop`` input's ``why``)."""

STALL_MS = 50.0
"""The GUI thread's event loop blocked longer than this (milliseconds) is logged as ``gui_stall``."""


class GuiWatchdog:
    """Watches the GUI thread's event loop: a timer ticks every ``interval_ms``; a tick that comes more than
    ``stall_ms`` late means the loop was blocked that long, and it is logged as ``gui_stall`` with
    ``blocked_ms`` (a freeze at the table is seen in the log).

    Parameters
    ----------
    parent:
        The QObject that owns the timer (the application).
    interval_ms:
        Tick interval, milliseconds (default 20).
    stall_ms:
        Lateness logged, milliseconds (default :data:`STALL_MS`).
    clock:
        Monotonic seconds (default ``time.monotonic``).

    Attributes
    ----------
    stalls:
        The blocked milliseconds of the last stalls logged (at most 100), oldest first.
    """

    def __init__(self, parent, *, interval_ms: int = 20, stall_ms: float = STALL_MS, clock=time.monotonic) -> None:
        from collections import deque

        from PySide6.QtCore import Qt, QTimer

        self.interval = interval_ms / 1000
        self.stall_ms = stall_ms
        self.clock = clock
        self.stalls: deque[float] = deque(maxlen=100)
        self._last = clock()
        self.timer = QTimer(parent)
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        now = self.clock()
        blocked_ms = (now - self._last - self.interval) * 1000
        self._last = now
        if blocked_ms > self.stall_ms:
            self.stalls.append(round(blocked_ms, 1))
            log.warning("gui_stall", blocked_ms=round(blocked_ms, 1))

    def stop(self) -> None:
        """Stop watching."""
        self.timer.stop()


def languages() -> list[str]:
    """The console's languages: English (built in) and every shipped ``i18n/console_<code>.qm``."""
    folder = Path(__file__).with_name("i18n")
    return sorted({"en", *(p.stem.removeprefix("console_") for p in folder.glob("console_*.qm"))})


def _application(lang: str | None):
    """The QApplication with the console's translation installed (:func:`install_language`).

    ``lang``: a language code (``"ar"``, ``"pt_BR"`` …) or None for the system locale. The screens
    are laid out right to left for a right-to-left language.

    Raises
    ------
    ValueError
        ``lang`` names a language the console has no translation for.
    """
    from PySide6.QtWidgets import QApplication

    from dealer_station.console.qt_log import install_message_handler

    install_message_handler()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("dealer-station")
    locale = install_language(app, lang)
    app.setLayoutDirection(locale.textDirection())
    return app


def install_language(app, lang: str | None):  # noqa: ANN201 - a QLocale, imported late
    """Install the console's translation of ``lang`` on ``app`` (a ``QCoreApplication``: the console's, or a
    process that only needs the console's words, like the table display) and make its locale the default.

    ``lang``: a language code (``"ar"``, ``"pt_BR"`` …) or None for the system locale; English (and a system
    language without a translation) gets English's plural forms (``console_en.qm``). Returns the ``QLocale``
    (``textDirection()`` says right to left for Arabic).

    Raises
    ------
    ValueError
        ``lang`` names a language the console has no translation for.
    """
    from PySide6.QtCore import QLocale, QTranslator

    from dealer_station.console.i18n import install_english

    if lang and re.split(r"[_.@-]", lang.strip())[0].lower() not in languages():
        raise ValueError(f"--language {lang}: the console has no translation for it; "
                         f"use one of {', '.join(languages())}")
    locale = QLocale(lang) if lang else QLocale.system()
    english = locale.language() in (QLocale.Language.English, QLocale.Language.C)
    QLocale.setDefault(locale)
    translated = False
    if not english:
        translator = QTranslator(app)
        folder = Path(__file__).with_name("i18n")
        translated = translator.load(locale, "console", "_", str(folder))
        if translated:
            app.installTranslator(translator)
        else:  # the system's language (no --language) has no translation: English
            log.info("no_translation", lang=locale.name(), folder=str(folder))
    if not translated:  # English: the sources' words, with its plural forms from console_en.qm
        install_english(app)
    return locale


def dealer_note(station) -> str:
    """What the console says about accounts: the demo dealer's notice, how to add accounts, or ""."""
    from PySide6.QtCore import QCoreApplication

    if station.has_accounts():
        return ""
    if station.simulated:
        return QCoreApplication.translate(
            "Station", "Demo dealer — no accounts yet: create them with dealer-station users add")
    return QCoreApplication.translate(
        "Station", "No accounts yet: betting cannot open until a dealer signs in. Add a dealer with "
                   "'dealer-station users add NAME --role dealer' (and a supervisor with --role supervisor), "
                   "then sign in here.")


def open_console_station(config: str | None = None, shoe: str | None = None, journal: str | None = None,
                         accounts: str | None = None, *, table_id: str | None = None,
                         publish: BrokerOptions | None = None, signing_key: str | None = None,
                         previous_signing_key: str | None = None):
    """Open the console's table (:func:`dealer_station.app.runtime.open_station` of :func:`console_settings`).

    Embedded defaults: the simulated shoe, a journal and accounts in the user's data directory, no broker;
    on the simulated shoe with no accounts the demo dealer signs in. Raises what ``open_station`` raises.
    """
    from dealer_station.app.runtime import open_station

    return open_station(console_settings(config=config, shoe=shoe, journal=journal, accounts=accounts,
                                         table_id=table_id, publish=publish, signing_key=signing_key,
                                         previous_signing_key=previous_signing_key))


def console_settings(*, config: str | None = None, shoe: str | None = None, journal: str | None = None,
                     accounts: str | None = None, table_id: str | None = None,
                     publish: BrokerOptions | None = None, signing_key: str | None = None,
                     previous_signing_key: str | None = None):
    """The console's :class:`~dealer_station.app.runtime.StationSettings`: the demo dealer on a fresh install."""
    from dealer_station.app.runtime import StationSettings

    return StationSettings(config_path=config, shoe=shoe, journal=journal, accounts=accounts, table_id=table_id,
                           demo_dealer=True, publish=publish, signing_key=signing_key,
                           previous_signing_key=previous_signing_key)


def run_console(*, config: str | None = None, shoe: str | None = None, journal: str | None = None,
                accounts: str | None = None, screenshot: str | None = None, rounds: int = 3,
                screen: str = "dealer", size: tuple[int, int] = (1920, 1080), fullscreen: bool = False,
                lang: str | None = None, publish: BrokerOptions | None = None,
                signing_key: str | None = None, previous_signing_key: str | None = None) -> int:
    """Open the station and its console; return the exit status.

    With ``screenshot`` (a PNG path): deal ``rounds`` rounds with the automatic dealer (a
    simulated shoe is needed), show ``screen`` (``"dealer"`` or ``"supervisor"``), save the
    window and return 0 (1 when the rounds could not be dealt: the picture is still saved).
    Its journal is in memory unless ``journal`` is given. ``publish``: the run's broker options
    (``--broker``, ``--table-id`` …, :mod:`dealer_station.app.publishing`); without a broker the
    events stay in the outbox. ``signing_key``: the station's private key file (``--signing-key``; None: the
    configuration's ``[station] signing_key``); ``previous_signing_key``: the key it replaces (announced).

    Raises
    ------
    ValueError
        A bad configuration, shoe spec or accounts file; a real shoe with ``screenshot``; an
        unusable PySide6 (see :func:`qt_is_usable`).
    OSError
        The journal cannot be opened, or the PNG cannot be written.
    """
    # the station's own modules before Qt's: PySide6 reads the source of every module imported after it
    # (to look for its __feature__ switches), a tenth of a second and more over the station's hundreds
    from dealer_station.app import runtime  # noqa: F401

    problem = qt_is_usable()
    if problem:
        raise ValueError(problem)
    from dealer_station.console.main_window import MainWindow

    app = _application(lang)
    caught = [] if screenshot else _quit_on_signals(app)
    if screenshot and journal is None:
        journal = ":memory:"
    station = open_console_station(config, shoe, journal, accounts, table_id=publish.table_id if publish else None,
                                   publish=publish, signing_key=signing_key,
                                   previous_signing_key=previous_signing_key)
    if screenshot and not station.simulated:
        station.stop(CLOSED)
        station.close()
        raise ValueError("--screenshot needs the simulated shoe (the automatic dealer draws the cards)")
    if screenshot and station.controller.signed_in is None:
        # a picture dealt by the automatic dealer: the configured dealer deals it (journaled, no PIN)
        station.controller.sign_in_configured(station.config.dealer or "auto")
    window = MainWindow(station, authenticate=station.authenticate, load_shoe=station.load_shoe,
                        supervisor_idle_seconds=station.config.supervisor_idle_seconds,
                        badge_signs_in=station.config.badge_signs_in, dealer_note=dealer_note(station),
                        first_accounts=station.add_first_account, stop_on_close=CLOSED,
                        press_debounce_ms=station.config.press_debounce_ms)
    window.resize(*size)
    watchdog = None if screenshot else GuiWatchdog(app)  # a picture run is no table: its waits are not freezes
    status = 0
    try:
        if fullscreen and not screenshot:
            window.showFullScreen()
        else:
            window.show()
        window.start()
        if not screenshot:
            if not caught:  # a signal while starting: stop at once, cleanly
                status = app.exec()
        else:
            deadline = time.monotonic() + 15
            while not window.host.snapshot().connected and time.monotonic() < deadline:
                app.processEvents()
                time.sleep(0.005)
            dealt = window.run_auto(rounds)
            if screen == "supervisor":
                window.show_supervisor()
            for _ in range(5):
                app.processEvents()
            window.save_png(screenshot)
            log.info("screenshot_saved", path=screenshot, rounds=window.rounds_completed, dealt=dealt)
            if not dealt:
                view = window.host.snapshot()
                log.warning("automatic_dealer_stopped", state=view.state, rounds=window.rounds_completed,
                            incident=getattr(view.incident, "type", None))
                status = 1
    finally:
        # a stop, journaled and published as one (the table closed), not the reader's lost link: the controller's
        # thread journals it and ends (the window waits for it between paints); the journal is closed after that
        window.shutdown()
        if watchdog is not None:
            watchdog.stop()
        window.close()
        station.stop(CLOSED)
        station.close()
    return int(status)
