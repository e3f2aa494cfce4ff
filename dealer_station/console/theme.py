"""Colours, fonts and the style sheet of the dealer console.

A dark green and black casino theme built to be read from two metres on a 1920×1080 screen.
Colour is never the only signal: every coloured state also has text and, for alerts, an icon.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont

__all__ = ["COLORS", "STYLE_SHEET", "font"]

COLORS = {
    "bg": "#06100b",            # near-black green
    "panel": "#0d2419",         # felt, dark
    "panel_edge": "#1f5a3c",
    "felt": "#0f3b27",
    "text": "#f2efe4",          # warm white
    "muted": "#9fb8a8",
    "gold": "#e8c15a",
    "player": "#3d8bfd",        # player blue
    "banker": "#e0483e",        # banker red
    "tie": "#3cc46e",           # tie green
    "alert": "#ffb020",         # misread amber
    "alert_bg": "#3a2600",
    "misread": "#e070ff",       # misread violet: its own colour, not the notice's amber nor the pause's red
    "misread_bg": "#2c0f3a",
    "danger": "#ff4d4d",
    "danger_bg": "#3b0b0b",
    "ok": "#47d16c",
    "card": "#fbfaf5",
    "card_red": "#c8102e",
    "card_black": "#111111",
}
"""Named colours (hex RGB) used by every console widget."""


def font(pixels: int, *, bold: bool = False, family: str = "DejaVu Sans") -> QFont:
    """A font of ``pixels`` pixel size (pixels, int), bold or not, in the console's family."""
    f = QFont(family)
    f.setPixelSize(max(1, int(pixels)))
    f.setBold(bold)
    return f


def qcolor(name: str) -> QColor:
    """The :data:`COLORS` entry ``name`` as a QColor (KeyError for an unknown name)."""
    return QColor(COLORS[name])


STYLE_SHEET = f"""
QWidget {{ background: {COLORS['bg']}; color: {COLORS['text']}; font-family: 'DejaVu Sans'; font-size: 22px; }}
QFrame#panel {{ background: {COLORS['panel']}; border: 2px solid {COLORS['panel_edge']}; border-radius: 14px; }}
QFrame#felt {{ background: qradialgradient(cx:0.5, cy:0.4, radius:0.9, fx:0.5, fy:0.4,
               stop:0 #17573a, stop:1 {COLORS['felt']}); border: 3px solid {COLORS['gold']}; border-radius: 22px; }}
QLabel {{ background: transparent; }}
QLabel#caption {{ color: {COLORS['muted']}; font-size: 20px; font-weight: bold; letter-spacing: 2px; }}
QLabel#value {{ color: {COLORS['text']}; font-size: 40px; font-weight: bold; }}
QLabel#banner {{ color: {COLORS['gold']}; font-size: 78px; font-weight: bold; }}
QLabel#next {{ color: {COLORS['text']}; font-size: 44px; font-weight: bold; }}
QLabel#why {{ color: {COLORS['text']}; font-size: 32px; font-weight: bold; }}
QLabel#problem {{ color: {COLORS['danger']}; font-size: 24px; }}
QLabel#dealerNote {{ color: {COLORS['alert']}; font-size: 24px; }}
QStackedWidget#feltLine {{ background: transparent; }}
QLabel#lastRound {{ color: #1a1200; background: {COLORS['gold']}; border-radius: 14px; padding: 4px 12px;
                    font-size: 40px; font-weight: bold; }}
QLabel#offered {{ color: {COLORS['text']}; font-size: 20px; }}
QLabel#hint {{ color: {COLORS['muted']}; font-size: 18px; }}
QFrame#misread {{ background: {COLORS['misread_bg']}; border: 4px solid {COLORS['misread']}; border-radius: 14px; }}
QFrame#notice {{ background: {COLORS['alert_bg']}; border: 4px solid {COLORS['alert']}; border-radius: 14px; }}
QFrame#incident {{ background: {COLORS['danger_bg']}; border: 4px solid {COLORS['danger']}; border-radius: 14px; }}
QLabel#alertText {{ color: {COLORS['alert']}; font-size: 40px; font-weight: bold; }}
QLabel#misreadText {{ color: {COLORS['misread']}; font-size: 40px; font-weight: bold; }}
QLabel#incidentText {{ color: {COLORS['danger']}; font-size: 40px; font-weight: bold; }}
QLabel#alertIcon {{ font-size: 52px; font-weight: bold; }}
QPushButton {{ background: #15402b; color: {COLORS['text']}; border: 3px solid {COLORS['panel_edge']};
               border-radius: 16px; padding: 4px 4px; font-size: 26px; font-weight: bold; min-height: 96px; }}
QPushButton:disabled {{ background: #0b1d14; color: #4f6b5b; border-color: #173626; }}
QPushButton#primary {{ background: {COLORS['gold']}; color: #17120a; border-color: #fff0b8; }}
QPushButton#primary:disabled {{ background: #3a3420; color: #7d7350; border-color: #3a3420; }}
QPushButton#danger {{ background: #5a1010; border-color: {COLORS['danger']}; }}
QLabel#buttonLabel {{ font-size: 25px; font-weight: bold; color: {COLORS['text']}; }}
QLabel#buttonKey {{ font-size: 22px; font-weight: bold; color: {COLORS['muted']}; }}
QLabel#buttonLabel:disabled, QLabel#buttonKey:disabled {{ color: #4f6b5b; }}
QPushButton#primary QLabel {{ color: #17120a; }}
QPushButton#primary QLabel:disabled {{ color: #7d7350; }}
QPushButton#small {{ min-height: 56px; font-size: 22px; }}
QPushButton#dealerButton {{ min-height: 36px; padding: 2px 16px; font-size: 22px; }}
QLineEdit, QComboBox, QPlainTextEdit, QTextEdit, QListWidget, QTableWidget {{
    background: #0a1a12; color: {COLORS['text']}; border: 2px solid {COLORS['panel_edge']}; border-radius: 8px;
    padding: 6px; font-size: 24px; }}
QLineEdit, QComboBox {{ min-height: 52px; }}
QHeaderView::section {{ background: {COLORS['panel']}; color: {COLORS['muted']}; font-size: 20px; border: 0;
                        padding: 6px; }}
QTabWidget::pane {{ border: 2px solid {COLORS['panel_edge']}; border-radius: 10px; }}
QTabBar::tab {{ background: {COLORS['panel']}; color: {COLORS['muted']}; padding: 14px 30px; font-size: 26px;
                font-weight: bold; border-top-left-radius: 10px; border-top-right-radius: 10px; margin-right: 4px; }}
QTabBar::tab:selected {{ background: #15402b; color: {COLORS['gold']}; }}
"""
"""The application style sheet (Qt style sheet syntax)."""
