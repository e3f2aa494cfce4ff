"""The configuration keys that change the table's decisions (recorded with every shoe, checked at recovery)."""

from __future__ import annotations

from dealer_station.app.config import StationConfig

__all__ = ["rule_settings"]


def rule_settings(config: StationConfig) -> dict[str, object]:
    """The configuration keys that change the table's decisions, as JSON-able values.

    Recorded in a ``shoe_settings`` note (marked ``shoe_settings``) after the ``shoe_started`` decision;
    recovery refuses to replay an open shoe under other values
    (:func:`dealer_station.journal.replay_open_shoe`), because the same inputs would then make a different table
    (docs/rules.md §1, §3, §5).
    """
    return {"shoe.decks": config.decks, "shoe.max_misreads": config.max_misreads,
            "burn.indicator_counts": config.burn_indicator_counts, "burn.ace_burns": config.burn_ace,
            "cut_card.between_rounds": config.cut_between_rounds, "betting.auto_open": config.betting_auto_open,
            "table.paytable": config.paytable_name, "table.mode": config.mode.value,
            "table.offered_bets": list(config.offered_bets)}
