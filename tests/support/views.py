"""A :class:`~dealer_station.app.views.TableView` written by hand in a test, with tokens for its cards.

``typed_view(state="dealing", player=("9H", "KD"), next_position="player3", ...)`` is the view the station would
tell for those values: the cards (and the held ones) as :class:`~dealer_station.domain.cards.Card` values, the
position due, the one to rescan and those entered by hand as :class:`~dealer_station.domain.outcome.Position` (a
rescan of ``burn_indicator`` or ``burn`` as ``rescan_burn``), and the draw reason and the dealer's instruction the
domain makes of them (unless given).
"""

from __future__ import annotations

from dealer_station.app.views import TableView
from dealer_station.domain.cards import Card, parse_card
from dealer_station.domain.dealer_prompt import dealer_prompt, prompt_text
from dealer_station.domain.outcome import Position
from dealer_station.domain.rules import draw_reason, draw_reason_text
from dealer_station.domain.states import TableState

__all__ = ["typed_view"]


def _cards(values) -> tuple[Card, ...]:
    return tuple(v if isinstance(v, Card) else parse_card(v) for v in values or ())


def typed_view(**fields) -> TableView:
    """The :class:`TableView` of ``fields`` (its own names), tokens and position names made values."""
    for name in ("player", "banker", "burned"):
        if name in fields:
            fields[name] = _cards(fields[name])
    indicator = fields.get("burn_indicator")
    if isinstance(indicator, str):
        fields["burn_indicator"] = parse_card(indicator)
    if "held" in fields:
        fields["held"] = _cards(fields["held"])
    if "manual" in fields:
        fields["manual"] = tuple(Position(p) if isinstance(p, str) else p for p in fields["manual"])
    rescan = fields.get("rescan")
    if isinstance(rescan, str):  # a round position's name, or the burn's (burn_indicator, burn)
        burn = rescan not in {p.value for p in Position}
        fields["rescan"], fields["rescan_burn"] = (None, True) if burn else (Position(rescan), False)
    due = fields.get("next_position")
    if isinstance(due, str):
        fields["next_position"] = Position(due)
    player, banker = fields.get("player", ()), fields.get("banker", ())
    if "draw_reason" not in fields:
        fields["draw_reason"] = draw_reason(player, banker)
        fields.setdefault("who_draws", draw_reason_text(fields["draw_reason"]))
    if "dealer_prompt" not in fields:
        incident = fields.get("incident")
        misread = bool(fields.get("rescan") or fields.get("rescan_burn"))
        said = dealer_prompt(TableState(fields["state"]), misread=misread,
                             burn_remaining=int(fields.get("burn_remaining") or 0),
                             round_number=int(fields.get("round_number") or 0),
                             next_position=fields.get("next_position"),
                             incident=getattr(incident, "type", None), shoe_number=int(fields.get("shoe_number") or 0))
        fields["dealer_prompt"] = said
        if not fields.get("prompt"):
            fields["prompt"] = prompt_text(said)
    return TableView(**fields)
