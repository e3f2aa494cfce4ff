"""What the dealer screen says: banner, next action and the next dealer act, from a TableView.

Every string goes through Qt's translation (context ``"Prompts"``), so a table can run the
console in the language of its rule sheet. The texts are built from the view's fields (state,
positions, totals), not from the controller's English prompt, which is only the fallback for a
state this module does not know.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

__all__ = ["ACT_STATES", "CARD_STATES", "banner", "bet_name", "next_act", "next_line", "position_name",
           "state_name", "winner_name"]

CARD_STATES = frozenset({"burn_indicator", "burning", "betting_closed", "dealing"})
"""States in which the next thing is a card from the shoe (TableView.state)."""

ACT_STATES = {"no_shoe": "new_shoe", "shoe_end": "new_shoe", "shuffle": "shuffled", "ready": "open_betting",
              "betting_open": "close_betting", "result": "confirm_result"}
"""The dealer act that moves each state on (CONTROLLER_API.md dealer acts)."""


def _t(text: str, n: int = -1) -> str:
    return QCoreApplication.translate("Prompts", text, None, n)


def position_name(position: str | None) -> str:
    """``"player2"`` → ``"PLAYER CARD 2"`` (translated); ``""`` for None or an unknown position."""
    if not position or position[-1:] not in "123" or position[:-1] not in ("player", "banker"):
        return ""
    if position.startswith("player"):
        return _t("PLAYER CARD %1").replace("%1", position[-1])
    return _t("BANKER CARD %1").replace("%1", position[-1])


def winner_name(winner: str | None) -> str:
    """``"banker"``/``"player"``/``"tie"`` (or ``B``/``P``/``T``) → its translated name in capitals."""
    key = (winner or "").lower()[:1]
    return {"b": _t("BANKER"), "p": _t("PLAYER"), "t": _t("TIE")}.get(key, (winner or "").upper())


def bet_name(bet: str) -> str:
    """A bet identifier (``"player_pair"``) as its translated name (``"Player Pair"``)."""
    names = {
        "player": _t("Player"), "banker": _t("Banker"), "tie": _t("Tie"),
        "player_pair": _t("Player Pair"), "banker_pair": _t("Banker Pair"), "either_pair": _t("Either Pair"),
        "perfect_pair": _t("Perfect Pair"), "player_natural": _t("Player Natural"),
        "banker_natural": _t("Banker Natural"), "player_bonus": _t("Player Bonus"),
        "banker_bonus": _t("Banker Bonus"), "lucky_six": _t("Lucky Six"),
        "two_cards_lucky_six": _t("2 Cards Lucky Six"), "three_cards_lucky_six": _t("3 Cards Lucky Six"),
    }
    return names.get(bet, bet.replace("_", " ").title())


def state_name(state: str) -> str:
    """A TableView state as a short translated caption."""
    names = {
        "no_shoe": _t("NO SHOE"), "shuffle": _t("SHUFFLE"), "burn_indicator": _t("BURN CARD"),
        "ready": _t("READY"),
        "burning": _t("BURNING"), "betting_open": _t("BETTING OPEN"), "betting_closed": _t("NO MORE BETS"),
        "dealing": _t("DEALING"), "result": _t("RESULT"), "paused": _t("PAUSED"), "shoe_end": _t("SHOE END"),
    }
    return names.get(state, state.upper())


def _result_line(view) -> str:
    result = getattr(view, "result", None) or {}
    winner = result.get("winner") or ""
    p = result.get("player_total", getattr(view, "player_total", None))
    b = result.get("banker_total", getattr(view, "banker_total", None))
    if str(winner).lower().startswith("t"):
        return _t("TIE %1 – %2").replace("%1", str(p)).replace("%2", str(b))
    if str(winner).lower().startswith("p"):
        return _t("PLAYER WINS %1 – %2").replace("%1", str(p)).replace("%2", str(b))
    if str(winner).lower().startswith("b"):
        return _t("BANKER WINS %1 – %2").replace("%1", str(b)).replace("%2", str(p))
    if result.get("status") == "voided":
        return _t("ROUND VOIDED")
    return _t("RESULT")


def banner(view) -> str:
    """The state banner: ``"PLACE YOUR BETS 12"``, ``"NO MORE BETS"``, ``"DEAL PLAYER CARD 2"``, …"""
    state = getattr(view, "state", "")
    if state == "no_shoe":
        return _t("NEW SHOE")
    if state == "shuffle":
        return _t("SHUFFLE AND LOAD THE SHOE")
    if state == "ready":
        n = int(getattr(view, "round_number", 0) or 0) + 1
        return _t("OPEN BETTING – ROUND %1").replace("%1", str(n))
    if state == "burn_indicator":
        return _t("SHOW THE BURN CARD")
    if state == "burning":
        left = int(getattr(view, "burn_remaining", 0) or 0)
        return _t("BURN %n MORE CARD(S)", left).replace("%n", str(left))
    if state == "betting_open":
        secs = getattr(view, "betting_seconds_left", None)
        if secs is not None:
            return _t("PLACE YOUR BETS %1").replace("%1", str(max(0, int(secs + 0.999))))
        return _t("PLACE YOUR BETS")
    if state == "betting_closed":
        return _t("NO MORE BETS")
    if state == "dealing":
        pos = position_name(getattr(view, "next_position", None))
        return _t("DEAL %1").replace("%1", pos) if pos else _t("DEALING")
    if state == "result":
        return _result_line(view)
    if state == "paused":
        return _t("ROUND PAUSED – CALL THE SUPERVISOR")
    if state == "shoe_end":
        return _t("SHOE ENDED – NEW SHOE")
    return getattr(view, "prompt", "") or state.upper()


def next_line(view, can_draw: bool = False) -> str:
    """The next action in words, for the line under the hands (e.g. ``"Next: deal BANKER CARD 3"``)."""
    state = getattr(view, "state", "")
    rescan = getattr(view, "rescan", None)
    if rescan:
        return _t("Rescan %1").replace("%1", position_name(rescan) or rescan)
    act = next_act(view, can_draw)
    if act == "new_shoe":
        return _t("Press NEW SHOE to start a shoe")
    if act == "shuffled":
        return _t("Shuffle 8 decks, place the cut card, load the shoe, then press SHUFFLED")
    if act == "close_betting":
        return _t("Press NO MORE BETS to close betting")
    if act == "confirm_result":
        return _t("Announce the result, then CONFIRM")
    if act == "open_betting":
        return _t("Press OPEN BETTING")
    if state == "burn_indicator":
        return _t("Draw one card and show it: it sets the burn")
    if state == "burning":
        return _t("Burn the next card face down")
    if state in ("betting_closed", "dealing"):
        pos = position_name(getattr(view, "next_position", None) or "player1")
        return _t("Deal %1").replace("%1", pos)
    if state == "paused":
        return _t("Wait for the supervisor")
    return getattr(view, "prompt", "") or ""


def next_act(view, can_draw: bool = False) -> str | None:
    """The act the NEXT key (Space/Enter, a foot pedal) performs in this view, or None.

    ``"new_shoe"``, ``"shuffled"``, ``"open_betting"``, ``"close_betting"``, ``"confirm_result"`` are dealer acts;
    ``"draw"`` asks a simulated shoe for its next card (only when ``can_draw``); None while paused
    or when the next step is a card from a real shoe.
    """
    state = getattr(view, "state", "")
    if state == "paused":
        return None
    if state in ACT_STATES:
        return ACT_STATES[state]
    if state in CARD_STATES and can_draw:
        return "draw"
    return None
