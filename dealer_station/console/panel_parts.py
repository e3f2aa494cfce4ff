"""Small builders shared by the supervisor screen's panels: a caption or value label and a framed panel."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout

__all__ = ["label", "leading", "panel"]


def label(text: str = "", name: str | None = None,
          align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter) -> QLabel:
    """A QLabel with ``text``, object name ``name`` (a style sheet selector, e.g. ``"caption"``) and ``align``.

    Left means the side a line starts on in the console's language: in Arabic a value in Latin letters or digits
    (a time, ``1 / 12``) sits on the right, beside its caption, not at the far end of its cell, as Qt would put
    a left-to-right text.
    """
    lab = QLabel(text)
    if name:
        lab.setObjectName(name)
    lab.setAlignment(leading(align))
    return lab


def leading(align: Qt.AlignmentFlag) -> Qt.AlignmentFlag:
    """``align`` with its left or right taken as the language's start or end whatever the text's own direction
    (Qt mirrors an alignment by the direction of the text it shows, so digits in Arabic went left).
    """
    if align & Qt.AlignmentFlag.AlignAbsolute or not align & (Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignRight):
        return align
    rtl = QGuiApplication.isRightToLeft()
    horizontal = Qt.AlignmentFlag.AlignLeft if bool(align & Qt.AlignmentFlag.AlignLeft) != rtl \
        else Qt.AlignmentFlag.AlignRight
    rest = align & ~(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignRight)
    return rest | horizontal | Qt.AlignmentFlag.AlignAbsolute


def panel(frame: QFrame | None = None) -> tuple[QFrame, QVBoxLayout]:
    """``frame`` (a new QFrame when None) styled as a panel, with its vertical layout."""
    frame = frame if frame is not None else QFrame()
    frame.setObjectName("panel")
    lay = QVBoxLayout(frame)
    lay.setContentsMargins(16, 12, 16, 12)
    lay.setSpacing(10)
    return frame, lay
