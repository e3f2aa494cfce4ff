"""Card faces drawn with QPainter: rank, suit symbol, red or black.

A :class:`CardFace` shows one position of a hand: a dealt card, an empty slot, or the slot the
dealer must deal next (marked with text, not colour alone). It is handed the view's
:class:`~dealer_station.domain.cards.Card` values and parses nothing. :func:`token_label` is for the shoe's own
text alone (the supervisor's record of its frames and an incident's evidence, which may be no card at all).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealer_station.console.road_marks import hand_letter
from dealer_station.console.theme import COLORS, font
from dealer_station.domain.cards import Card, Rank, parse_card
from dealer_station.domain.errors import CardError

__all__ = ["CardFace", "card_label", "card_text", "token_label"]

_LABELS: dict[Card, tuple[str, str, bool]] = {}
"""Each card kind's label, made the first time it is shown."""


def card_label(card: Card | None) -> tuple[str, str, bool] | None:
    """Rank text, suit symbol and redness of ``card``, or None for no card.

    ``Card(TEN, DIAMONDS)`` → ``("10", "♦", True)``. Never raises.
    """
    if card is None:
        return None
    label = _LABELS.get(card)
    if label is None:
        label = _LABELS[card] = ("10" if card.rank is Rank.TEN else card.rank.letter, card.suit.symbol,
                                 card.suit.is_red)
    return label


def card_text(card: Card | None) -> str:
    """``card`` as the screen writes it, rank and suit (``"Q♦"``); ``""`` for no card."""
    label = card_label(card)
    return label[0] + label[1] if label else ""


def token_label(token: object) -> tuple[str, str, bool] | None:
    """:func:`card_label` of the shoe's own text (``"TD"``), or None when it is no card token. Never raises.

    Only for what the shoe sent as the supervisor's records show it (its raw frames, an incident's evidence, a card
    the journal recorded): the table's cards reach the screens as :class:`Card` values.
    """
    if not token:
        return None
    try:
        return card_label(parse_card(str(token)))
    except (CardError, ValueError):
        return None


class CardFace(QWidget):
    """One card position drawn as a playing card (Qt widget).

    Parameters
    ----------
    position:
        The position it stands for (``"player1"`` … ``"banker3"``), shown on an empty slot.
    parent:
        Qt parent widget.
    """

    def __init__(self, position: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position = position
        self.card: Card | None = None
        self.is_next = False
        self.is_rescan = False
        self.manual = False
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setMinimumSize(90, 126)
        self.setAccessibleName(position)

    def sizeHint(self) -> QSize:  # noqa: D102 - Qt override
        return QSize(170, 238)

    def set_card(self, card: Card | None, *, is_next: bool = False, is_rescan: bool = False,
                 manual: bool = False) -> None:
        """Show ``card`` (or an empty slot for None); mark the slot as the next one or as the one to rescan, and a
        card a supervisor entered by hand as ``MANUAL``.
        """
        if (card, is_next, is_rescan, manual) == (self.card, self.is_next, self.is_rescan, self.manual):
            return  # the same slot again: no tool tip set, no paint asked
        if card != self.card or not self.toolTip():
            self.setToolTip(f"{self.position}: {card_text(card) or '-'}")
        dealt = card is not None and card != self.card
        self.card, self.is_next, self.is_rescan, self.manual = card, is_next, is_rescan, manual
        if dealt and self.isVisible():
            self.repaint()
        else:
            self.update()

    def text_shown(self) -> str:
        """What the face shows as text (rank + suit, or the empty slot's text); used by tests and accessibility."""
        label = card_label(self.card)
        if label:
            manual = " " + QCoreApplication.translate("CardFace", "MANUAL") if self.manual else ""
            return label[0] + label[1] + manual
        if self.is_rescan:
            return QCoreApplication.translate("CardFace", "RESCAN")
        if self.is_next:
            return QCoreApplication.translate("CardFace", "NEXT")
        return ""

    def paintEvent(self, event) -> None:  # noqa: D102 - Qt override
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        ch = min(h - 8, (w - 8) * 1.4)
        cw = ch / 1.4
        rect = QRectF((w - cw) / 2, (h - ch) / 2, cw, ch)
        radius = cw * 0.08
        label = card_label(self.card)
        if label is not None:
            self._paint_face(p, rect, radius, *label)
        else:
            self._paint_slot(p, rect, radius)
        p.end()

    def _paint_face(self, p: QPainter, rect: QRectF, radius: float, rank: str, suit: str, red: bool) -> None:
        path = QPainterPath()
        path.addRoundedRect(rect, radius, radius)
        p.fillPath(path, QColor(COLORS["card"]))
        p.setPen(QPen(QColor("#8a8a80"), 2))
        p.drawPath(path)
        ink = QColor(COLORS["card_red"] if red else COLORS["card_black"])
        p.setPen(ink)
        cw, ch = rect.width(), rect.height()
        corner = QRectF(rect.left() + cw * 0.05, rect.top() + ch * 0.03, cw * 0.42, ch * 0.22)
        p.setFont(font(int(ch * 0.17), bold=True))
        p.drawText(corner, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, rank)
        sub = QRectF(corner.left(), corner.bottom() - ch * 0.02, corner.width(), ch * 0.15)
        p.setFont(font(int(ch * 0.13)))
        p.drawText(sub, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, suit)
        # the same corner, upside down, bottom right
        p.save()
        p.translate(rect.center())
        p.rotate(180)
        p.translate(-rect.center())
        p.setFont(font(int(ch * 0.17), bold=True))
        p.drawText(corner, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, rank)
        p.setFont(font(int(ch * 0.13)))
        p.drawText(sub, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, suit)
        p.restore()
        centre = QRectF(rect.left(), rect.top() + ch * 0.22, cw, ch * 0.56)
        p.setFont(font(int(ch * 0.42)))
        p.drawText(centre, Qt.AlignmentFlag.AlignCenter, suit)
        if self.manual:
            strip = QRectF(rect.left(), rect.top() + ch * 0.70, cw, ch * 0.13)
            p.fillRect(strip, QColor(COLORS["alert"]))
            p.setPen(QColor("#1a1200"))
            p.setFont(font(int(ch * 0.085), bold=True))
            p.drawText(strip, Qt.AlignmentFlag.AlignCenter, QCoreApplication.translate("CardFace", "MANUAL"))

    def _paint_slot(self, p: QPainter, rect: QRectF, radius: float) -> None:
        if self.is_rescan:
            edge, fill = QColor(COLORS["alert"]), QColor(COLORS["alert_bg"])
        elif self.is_next:
            edge, fill = QColor(COLORS["gold"]), QColor(232, 193, 90, 40)
        else:
            edge, fill = QColor(255, 255, 255, 60), QColor(0, 0, 0, 40)
        path = QPainterPath()
        path.addRoundedRect(rect, radius, radius)
        p.fillPath(path, fill)
        pen = QPen(edge, 4 if (self.is_next or self.is_rescan) else 2)
        if not (self.is_next or self.is_rescan):
            pen.setStyle(Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.drawPath(path)
        text = self.text_shown()
        hand = hand_letter(self.position[:1].upper())  # P1 … B3 in the hand's letter of the language
        number = self.position[-1:]
        p.setPen(edge if text else QColor(255, 255, 255, 90))
        p.setFont(font(int(rect.height() * 0.16), bold=True))
        top = QRectF(rect.left(), rect.top() + rect.height() * 0.18, rect.width(), rect.height() * 0.3)
        p.drawText(top, Qt.AlignmentFlag.AlignCenter, f"{hand}{number}")
        if text:
            p.setFont(font(int(rect.height() * 0.12), bold=True))
            low = QRectF(rect.left(), rect.top() + rect.height() * 0.55, rect.width(), rect.height() * 0.25)
            p.drawText(low, Qt.AlignmentFlag.AlignCenter, text)
