"""The dealer screen's parts: a status tile, a hand of cards with its total, the burn card, and an alert bar.

Pieces of :mod:`dealer_station.console.dealer_screen` (docs/design.md "Users": the dealer), each drawn for a
1920×1080 touch screen read from two metres.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dealer_station.console.cards import CardFace
from dealer_station.console.theme import COLORS
from dealer_station.console.widgets import FitLabel, WrapFitLabel, fit_wrapped, restyle
from dealer_station.domain.outcome import Position

__all__ = ["OFFERED_PIXELS", "STATS_VALUE_PIXELS", "TILE_VALUE_PIXELS", "TOTAL_HEIGHT", "AlertBar", "BetsBox",
           "BurnPanel", "HandPanel", "StatsBox", "StatusTile", "label"]

TILE_VALUE_PIXELS = 40
"""Font of a status tile's value, pixels (a value too wide for its tile shrinks)."""

TOTAL_HEIGHT = 110
"""Height of a hand's total (its figures are 120 pixels, about 88 pixels high), pixels."""

STATS_VALUE_PIXELS = 30
"""Font of the counts in the shoe's statistics box (Banker, Player, Tie, rounds), pixels."""

OFFERED_PIXELS = 20
"""Font size of the bets offered (theme.py ``QLabel#offered``), pixels (a longer list shrinks, down to 12)."""


def label(text: str = "", name: str | None = None, align=Qt.AlignmentFlag.AlignCenter) -> QLabel:
    """A QLabel with ``text``, object name ``name`` (a style sheet selector) and ``align`` (centred)."""
    lab = QLabel(text)
    if name:
        lab.setObjectName(name)
    lab.setAlignment(align)
    return lab


class StatusTile(QFrame):
    """A caption over a big value (``ROUND`` / ``12``) in the top status bar.

    Its width is the bar's to give (its size hint is not asked: a longer value never widens it); the caption's font
    (20 pixels, down to 14) and the value's (from :data:`TILE_VALUE_PIXELS` down to 20 pixels) shrink until they fit.
    """

    def __init__(self, caption: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        lay.setSpacing(0)
        self.caption = FitLabel(caption, 20, 14, fit_height=True)
        self.caption.setObjectName("caption")
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.value = FitLabel("–", TILE_VALUE_PIXELS, 20, fit_height=True)
        # heights for the tallest script's lines (Telugu's), so the bar is as high in every language and state
        self.caption.setFixedHeight(28)
        self.value.setFixedHeight(56)
        self.value.setObjectName("value")
        self.value.setAlignment(Qt.AlignmentFlag.AlignCenter)
        lay.addWidget(self.caption)
        lay.addWidget(self.value)
        self.cover: QWidget | None = None

    def cover_with(self, widget: QWidget) -> None:
        """Lay ``widget`` over the whole tile (the LAST ROUND badge over the cut card's): shown, it hides the
        caption and the value; it takes no place of its own in the bar.
        """
        widget.setParent(self)
        widget.setGeometry(self.rect())
        self.cover = widget

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        """The cover, if any, keeps the whole tile."""
        super().resizeEvent(event)
        if self.cover is not None:
            self.cover.setGeometry(self.rect())

    def set_value(self, text: str, color: str | None = None) -> None:
        """Show ``text``; ``color`` (a COLORS name) tints it, always alongside the words."""
        self.value.setText(text)
        self.value.set_color(COLORS[color] if color else None)


class HandPanel(QFrame):
    """One hand (Player or Banker): title, three card positions and the total."""

    def __init__(self, hand: str, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hand = hand
        self.setObjectName("panel")
        self._color = COLORS["player" if hand == "player" else "banker"]
        lay = QVBoxLayout(self)
        lay.setContentsMargins(18, 8, 18, 14)
        lay.setSpacing(6)
        head = QHBoxLayout()
        # the hand's name shrinks (56 down to 34 pixels) rather than push TOTAL or the screen's width
        self.title = FitLabel(title, 56, 34)
        self.title.set_color(self._color)
        self.title.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.tag = label("", None, Qt.AlignmentFlag.AlignCenter)
        self.tag.setStyleSheet("font-size: 34px; font-weight: bold;")
        self.total_caption = label(
            QApplication.translate("DealerScreen", "TOTAL"),
            "caption",
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
        )
        self.total_caption.setStyleSheet("font-size: 26px;")
        self.total = label("–", None, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.total.setStyleSheet("font-size: 120px; font-weight: bold;")
        self.total.setMinimumWidth(90)
        # as high as the figures (not the font's line, 140 pixels): the cards under it get the height
        self.total.setFixedHeight(TOTAL_HEIGHT)
        head.addWidget(self.title, 1)
        head.addSpacing(16)  # the hand's name never runs into TOTAL
        head.addWidget(self.total_caption)
        head.addSpacing(10)
        head.addWidget(self.total)
        lay.addLayout(head)
        row = QHBoxLayout()
        row.setSpacing(12)
        self.cards = [CardFace(f"{hand}{i}") for i in (1, 2, 3)]
        for card in self.cards:
            row.addWidget(card, 1)
        lay.addLayout(row, 1)
        self.tag.setFixedHeight(48)
        lay.addWidget(self.tag)
        self.outcome: str | None = ""
        self.set_winner(None)

    def show_hand(self, cards, total, next_position: str | None, rescan: Position | None, manual=()) -> None:
        """Show the dealt ``cards`` (:class:`~dealer_station.domain.cards.Card` values), the ``total`` (None: not
        yet), mark the next slot (``"player2"``) or the one to rescan (a
        :class:`~dealer_station.domain.outcome.Position`) and the positions in ``manual`` (``Position`` values: cards
        a supervisor entered by hand).
        """
        rescan_at = rescan.value if rescan is not None else None
        manual = {position.value for position in manual}
        for i, face in enumerate(self.cards):
            card = cards[i] if i < len(cards) else None
            face.set_card(
                card,
                is_next=(face.position == next_position and rescan is None),
                is_rescan=(face.position == rescan_at),
                manual=card is not None and face.position in manual,
            )
        self.total.setText("" if total is None else str(total))

    def set_winner(self, outcome: str | None) -> None:
        """``"win"``, ``"lose"``, ``"tie"`` or None: a tag in words and a border in the hand's colour.

        The border is the panel's style sheet keyed by its ``outcome`` property: a change re-polishes the panel
        alone (a new style sheet would re-polish its cards and labels too); the same outcome again changes nothing.
        """
        if outcome == self.outcome:
            return
        first = self.outcome == ""
        self.outcome = outcome
        translate = QApplication.translate
        if outcome == "win":
            self.tag.setText("★ " + translate("DealerScreen", "WINS"))
            restyle(self.tag, f"color: {COLORS['gold']}; font-size: 40px; font-weight: bold;")
        elif outcome == "tie":
            self.tag.setText("= " + translate("DealerScreen", "TIE"))
            restyle(self.tag, f"color: {COLORS['tie']}; font-size: 40px; font-weight: bold;")
        else:
            self.tag.setText("")
        self.setProperty("outcome", outcome if outcome in ("win", "tie") else "")
        if first:
            self.setStyleSheet(
                f"QFrame#panel {{ border: 3px solid {self._color}; }}"
                f' QFrame#panel[outcome="win"] {{ border: 6px solid {COLORS["gold"]}; }}'
                f' QFrame#panel[outcome="tie"] {{ border: 6px solid {COLORS["tie"]}; }}')
        else:
            self.style().unpolish(self)
            self.style().polish(self)


class BurnPanel(QFrame):
    """While the shoe is burned: the burn card the dealer showed, drawn as the hands' cards are
    (:class:`~dealer_station.console.cards.CardFace`), and beside it in large letters the card and the count
    still to burn (``BURN CARD J♥: 10 MORE TO BURN``; docs/rules.md §1, shuffle then burn). On the felt in place of
    the hands, which are empty until betting opens.
    """

    CARD_SIZE = (190, 266)
    """The burn card's size, pixels: a hand's card at 1920×1080."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(28, 18, 28, 18)
        lay.setSpacing(36)
        self.card = CardFace("burn")
        self.card.setFixedSize(*self.CARD_SIZE)
        self.text = label("", "burnText", Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.text.setWordWrap(True)
        self.text.setStyleSheet("font-size: 52px; font-weight: bold;")
        lay.addStretch(1)
        lay.addWidget(self.card)
        lay.addWidget(self.text, 3)
        lay.addStretch(1)

    def show_burn(self, card, text: str) -> None:
        """Show the burn card ``card`` (a :class:`~dealer_station.domain.cards.Card`, or None) and ``text``, its
        words.
        """
        self.card.set_card(card)
        self.text.setText(text)


class AlertBar(QFrame):
    """A coloured bar with an icon and text (misread: violet ⚠; notice: amber ⚠; incident: red ‼)."""

    def __init__(self, kind: str, icon: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(kind)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(24, 4, 24, 4)
        color, name = {"misread": ("misread", "misreadText"), "notice": ("alert", "alertText")}.get(
            kind, ("danger", "incidentText"))
        self.icon = label(icon, "alertIcon")
        self.icon.setStyleSheet(f"color: {COLORS[color]};")
        if kind == "misread":  # one line in a bar of fixed height: the font shrinks rather than wrap
            self.text = FitLabel("", 40, 22)
            self.text.set_color(COLORS[color])
        else:  # wrapped in the bar's fixed height: the font shrinks for a text that needs more
            self.text = WrapFitLabel(40, 20)
        self.text.setObjectName(name)
        self.text.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        lay.addWidget(self.icon)
        lay.addWidget(self.text, 1)
        self.hide()


class StatsBox(QFrame):
    """The shoe's statistics under the roads: Banker, Player, Tie and rounds on one line, pairs and naturals
    under them (``stat_labels`` by ``B``, ``P``, ``T``, ``R``; ``pairs_label``).

    One line of caption and count beside each other, so the roads above get the height (derived cells of
    ``roads_view.DERIVED_MIN_CELL`` pixels at 1920x1080).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        grid = QGridLayout(self)
        grid.setContentsMargins(14, 4, 14, 4)
        grid.setVerticalSpacing(0)
        self.stat_labels: dict[str, QLabel] = {}
        for col, (key, caption, color) in enumerate(
            (
                ("B", self.tr("BANKER"), "banker"),
                ("P", self.tr("PLAYER"), "player"),
                ("T", self.tr("TIE"), "tie"),
                ("R", self.tr("ROUNDS"), "text"),
            )
        ):
            cap = label(caption, "caption", Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            val = label("0", "value", Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            val.setStyleSheet(f"color: {COLORS[color]}; font-size: {STATS_VALUE_PIXELS}px;")
            grid.addWidget(cap, 0, 2 * col)
            grid.addWidget(val, 0, 2 * col + 1)
            self.stat_labels[key] = val
        self.pairs_label = label("", "hint")
        grid.addWidget(self.pairs_label, 1, 0, 1, 8)

    def show_stats(self, stats) -> None:
        """Show a shoe's ``RoadStats`` (``banker``, ``player``, ``tie``, ``rounds``, ``player_pair``,
        ``banker_pair``, ``natural``: counts).
        """
        for key, value in (("B", stats.banker), ("P", stats.player), ("T", stats.tie), ("R", stats.rounds)):
            self.stat_labels[key].setText(str(value))
        self.pairs_label.setText(
            self.tr("Player pairs %1   Banker pairs %2   Naturals %3")
            .replace("%1", str(stats.player_pair))
            .replace("%2", str(stats.banker_pair))
            .replace("%3", str(stats.natural))
        )


class BetsBox(QFrame):
    """The bets offered this round, under the shoe's statistics: a caption over the bets' names (``offered``).

    Its height is the same whatever is offered ("none" or all eight bets, two lines in a script with tall glyphs),
    so the roads above never move: the names' font shrinks (from :data:`OFFERED_PIXELS` down to 12) to fit it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(14, 8, 14, 8)
        caption = label(QApplication.translate("DealerScreen", "BETS OFFERED THIS ROUND"), "caption",
                        Qt.AlignmentFlag.AlignLeft)
        caption.setFixedHeight(28)
        lay.addWidget(caption)
        self.offered = label("", "offered", Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.offered.setWordWrap(True)
        offered_font = QFont(self.offered.font())
        offered_font.setPixelSize(OFFERED_PIXELS)
        self.offered.setFixedHeight(round(2.6 * QFontMetrics(offered_font).lineSpacing()))
        lay.addWidget(self.offered, 1)

    def show_offered(self, text: str) -> None:
        """Show the bets' names ``text`` (one string) in the box's height."""
        self.offered.setText(text)
        self.fit()

    def fit(self) -> None:
        """The names in the fixed height, at the width now: the font shrinks (down to 12 pixels) until they fit."""
        fit_wrapped(self.offered, OFFERED_PIXELS, 12)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt override
        """The names are fitted again to the new width."""
        super().resizeEvent(event)
        self.fit()
