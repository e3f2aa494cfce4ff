"""The dealer screen's status bar: table, shoe, round, cards left, burn, cut card, the shoe's link and LAST ROUND.

A piece of :mod:`dealer_station.console.dealer_screen` (docs/design.md "Users": the dealer): a row of
:class:`~dealer_station.console.dealer_panels.StatusTile` read from two metres, each value in words (colour
only alongside). Its strings are the dealer screen's (context ``"DealerScreen"``).

The tiles share the bar's whole width in the shares of :data:`TILE_SHARES`, fixed in every state and language: a
short number gets a narrow tile, the words of the burn, the cut card and the link wide ones. The LAST ROUND badge
takes no place of its own: in the shoe's last round it covers the cut card's tile (the cut card out is what made
the round the last).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QHBoxLayout, QWidget

from dealer_station.console.cards import card_text
from dealer_station.console.dealer_panels import TILE_VALUE_PIXELS, StatusTile
from dealer_station.console.widgets import WrapFitLabel
from dealer_station.domain.states import BURN_STATES, NO_SHOE_STATES, TableState

translate = QCoreApplication.translate

__all__ = ["LAST_ROUND_PIXELS", "SHOE_OVER", "TILE_SHARES", "StatusBar", "prompts_card"]

TILE_SHARES = (2, 2, 2, 4, 5, 4, 6)
"""Each tile's share of the bar's width: table, shoe, round, cards left, burn, cut card, link (at 1920×1080 145,
145, 145, 289, 362, 289 and 434 pixels: the longest value of each, in every language, in type of 32 pixels or more).
"""

LAST_ROUND_PIXELS = (TILE_VALUE_PIXELS, 24)
"""The LAST ROUND badge's font, pixels: a tile value's, shrunk (down to 24) to fit the cut card's tile, on two
lines where the words need them."""

SHOE_OVER = NO_SHOE_STATES
"""States with no shoe being dealt: no LAST ROUND badge, no ask predictions."""


def prompts_card(card) -> str:
    """A :class:`~dealer_station.domain.cards.Card` as rank + suit symbol for a caption (``"10♦"``).

    A left-to-right mark (U+200E, invisible) ends it, so the suit stays after the rank in a right-to-left
    caption (Arabic showed ``♣J``).
    """
    return card_text(card) + "\u200e"


class StatusBar(QWidget):
    """The row of status tiles over the dealer's screen (``tile_table`` … ``tile_link``, each of its own width, the
    same in every state) and the LAST ROUND badge (``last_round``, over the cut card's tile while the shoe's last
    round is on); :meth:`show_view` renders a ``TableView``.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        bar = QHBoxLayout(self)
        bar.setContentsMargins(0, 0, 0, 0)
        bar.setSpacing(12)
        self.tile_table = StatusTile(translate("DealerScreen", "TABLE"))
        self.tile_shoe = StatusTile(translate("DealerScreen", "SHOE"))
        self.tile_round = StatusTile(translate("DealerScreen", "ROUND"))
        self.tile_left = StatusTile(translate("DealerScreen", "CARDS LEFT"))
        self.tile_burn = StatusTile(translate("DealerScreen", "BURN"))
        self.tile_cut = StatusTile(translate("DealerScreen", "CUT CARD"))
        self.tile_link = StatusTile(translate("DealerScreen", "SHOE LINK"))
        tiles = (self.tile_table, self.tile_shoe, self.tile_round, self.tile_left, self.tile_burn, self.tile_cut,
                 self.tile_link)
        for tile, share in zip(tiles, TILE_SHARES, strict=True):
            bar.addWidget(tile, share)
        self.last_round = WrapFitLabel(*LAST_ROUND_PIXELS)
        self.last_round.setObjectName("lastRound")
        self.last_round.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.last_round.setText(translate("DealerScreen", "LAST ROUND"))
        self.tile_cut.cover_with(self.last_round)
        self.last_round.hide()

    def show_view(self, view) -> None:
        """Render the status of a ``TableView``; a tile whose words and colour did not change is not touched."""
        state = view.state
        self.tile_table.set_value(str(view.table_id or "–"))
        shoe = view.shoe_number or 0
        self.tile_shoe.set_value(str(shoe) if shoe else "–")
        rnd = view.round_number or 0
        if state in BURN_STATES or state == TableState.READY:  # the round about to be dealt
            self.tile_round.set_value(str(rnd + 1), "muted")
        else:
            self.tile_round.set_value(str(rnd) if rnd else "–")
        # no shoe started yet: no count of cards (a 0 would read as an empty shoe) and no cut card
        started = bool(shoe) and state != TableState.NO_SHOE
        self.tile_left.set_value(str(view.cards_left) if started else "–")
        indicator = view.burn_indicator
        remaining = view.burn_remaining or 0
        if state == TableState.BURN_INDICATOR:
            self.tile_burn.set_value(translate("DealerScreen", "SHOW CARD"), "alert")
        elif indicator and remaining:
            self.tile_burn.set_value(translate("DealerScreen", "%1 TO BURN").replace("%1", str(remaining)), "alert")
        elif indicator:
            self.tile_burn.set_value(translate("DealerScreen", "DONE %1").replace("%1", prompts_card(indicator)), "ok")
        else:
            self.tile_burn.set_value("–")
        if view.cut_card_out:
            self.tile_cut.set_value(translate("DealerScreen", "OUT"), "gold")
        elif not started:
            self.tile_cut.set_value("–")
        else:
            self.tile_cut.set_value(translate("DealerScreen", "IN SHOE"))
        if view.connected:
            self.tile_link.set_value("● " + translate("DealerScreen", "ONLINE"), "ok")
        else:
            self.tile_link.set_value("✖ " + translate("DealerScreen", "OFFLINE"), "danger")
        # the shoe is over: no round is the last one any more (the badge goes, the roads' ask with it)
        self.last_round.setVisible(bool(view.last_round) and state not in SHOE_OVER)
