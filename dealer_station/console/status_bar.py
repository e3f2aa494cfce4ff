"""The dealer screen's status bar: table, shoe, round, cards left, burn, cut card, the shoe's link and LAST ROUND.

A piece of :mod:`dealer_station.console.dealer_screen` (docs/design.md "Users": the dealer): a row of
:class:`~dealer_station.console.dealer_panels.StatusTile` read from two metres, each value in words (colour
only alongside). Its strings are the dealer screen's (context ``"DealerScreen"``).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QHBoxLayout, QWidget

from dealer_station.console.cards import card_label
from dealer_station.console.dealer_panels import StatusTile, label
from dealer_station.domain.states import BURN_STATES, NO_SHOE_STATES, TableState

translate = QCoreApplication.translate

__all__ = ["LAST_ROUND_WIDTH", "SHOE_OVER", "StatusBar", "prompts_card"]

LAST_ROUND_WIDTH = 180
"""Width of the LAST ROUND badge in the status bar, pixels."""

SHOE_OVER = NO_SHOE_STATES
"""States with no shoe being dealt: no LAST ROUND badge, no ask predictions."""


def prompts_card(token: str) -> str:
    """A token as rank + suit symbol for a caption (``"TD"`` → ``"10♦"``); the token itself if unreadable.

    A left-to-right mark (U+200E, invisible) ends it, so the suit stays after the rank in a right-to-left
    caption (Arabic showed ``♣J``).
    """
    face = card_label(token)
    return face[0] + face[1] + "\u200e" if face else str(token)


class StatusBar(QWidget):
    """The row of status tiles over the dealer's screen (``tile_table`` … ``tile_link``, each of the same width
    in every state) and the LAST ROUND badge (``last_round``, shown while the shoe's last round is on, its place
    kept while it is not); :meth:`show_view` renders a ``TableView``.
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
        for tile in (self.tile_table, self.tile_shoe, self.tile_round, self.tile_left, self.tile_burn,
                     self.tile_cut, self.tile_link):
            bar.addWidget(tile, 1)
        self.last_round = label(translate("DealerScreen", "LAST ROUND"), "lastRound")
        # a fixed width, on two lines where the words need them ("ÚLTIMA RODADA"), so the bar does not
        # outgrow the screen when it shows
        self.last_round.setWordWrap(True)
        self.last_round.setFixedWidth(LAST_ROUND_WIDTH)
        # its place is kept while it is hidden: the tiles have the same width in every state
        policy = self.last_round.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.last_round.setSizePolicy(policy)
        self.last_round.hide()
        bar.addWidget(self.last_round)

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
