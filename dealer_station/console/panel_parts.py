"""Small builders shared by the supervisor screen's panels: a caption or value label and a framed panel."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout

__all__ = ["label", "panel"]


def label(text: str = "", name: str | None = None,
          align=Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter) -> QLabel:
    """A QLabel with ``text``, object name ``name`` (a style sheet selector, e.g. ``"caption"``) and ``align``."""
    lab = QLabel(text)
    if name:
        lab.setObjectName(name)
    lab.setAlignment(align)
    return lab


def panel(frame: QFrame | None = None) -> tuple[QFrame, QVBoxLayout]:
    """``frame`` (a new QFrame when None) styled as a panel, with its vertical layout."""
    frame = frame if frame is not None else QFrame()
    frame.setObjectName("panel")
    lay = QVBoxLayout(frame)
    lay.setContentsMargins(16, 12, 16, 12)
    lay.setSpacing(10)
    return frame, lay
