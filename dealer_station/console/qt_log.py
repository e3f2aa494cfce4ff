"""Qt's own messages (``qDebug``/``qWarning``...) go to the station's log, not raw to standard error.

Qt writes its messages straight to standard error unless a handler is installed; that breaks the
command line's one-line promise and the JSON log. :func:`install_message_handler` routes them to
structlog (logger ``dealer_station.qt``) at the matching level, and drops the messages known to be
harmless: the offscreen platform's "This plugin does not support propagateSizeHints()" and "...
raise()", written each time a window is shown (and raised to take the keyboard) without a screen
(screenshots, tests).
"""

from __future__ import annotations

import structlog

__all__ = ["HARMLESS", "install_message_handler", "qt_message"]

HARMLESS = ("This plugin does not support propagateSizeHints()", "This plugin does not support raise()")
"""Qt messages dropped: known to mean nothing for the station (the offscreen platform's window hints)."""

_log = structlog.get_logger("dealer_station.qt")
_installed = False


def qt_message(kind: object, context: object, message: str) -> None:
    """The handler: ``message`` to the log at the level of ``kind`` (a ``QtMsgType``), unless harmless.

    Never raises (Qt calls it from C++; an exception there would abort the process).
    """
    try:
        if any(text in message for text in HARMLESS):
            return
        name = getattr(kind, "name", str(kind))
        level = {"QtDebugMsg": "debug", "QtInfoMsg": "info", "QtWarningMsg": "warning",
                 "QtCriticalMsg": "error", "QtFatalMsg": "critical"}.get(name, "warning")
        getattr(_log, level)("qt_message", message=message, category=getattr(context, "category", None))
    except Exception:  # noqa: BLE001, S110 - a log handler must not raise into Qt
        pass


def install_message_handler() -> None:
    """Install :func:`qt_message` as Qt's message handler (once per process; call before the QApplication)."""
    global _installed
    if _installed:
        return
    from PySide6.QtCore import qInstallMessageHandler

    qInstallMessageHandler(qt_message)
    _installed = True
