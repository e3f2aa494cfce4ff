"""What the dealer screen says: banner, next action and the next dealer act, from a TableView.

Every string goes through Qt's translation (context ``"Prompts"``), so a table can run the
console in the language of its rule sheet. An incident's and the shoe's frames' words are
:mod:`dealer_station.console.incident_prompts`. The texts are built from the view's fields (state,
positions, totals), not from the controller's English prompt, which is only the fallback for a
state this module does not know.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from PySide6.QtCore import QCoreApplication, QObject

from dealer_station.console.cards import card_text
from dealer_station.domain.acts import DealerAct
from dealer_station.domain.dealer_prompt import Say
from dealer_station.domain.facts import RoundStatus
from dealer_station.domain.outcome import Position, Winner
from dealer_station.domain.rules import CONFIRM_STATES, NEXT_DEALER_ACT, DrawVerdict
from dealer_station.domain.states import CARD_NEXT_STATES, DEAL_STATES, TableState

translate = QCoreApplication.translate

__all__ = [
    "ACT_STATES",
    "CARD_STATES",
    "banner",
    "WARN_SECONDS",
    "bet_name",
    "burn_line",
    "countdown_warning",
    "draw_words",
    "next_act",
    "next_line",
    "position_name",
    "rescan_name",
    "rescan_words",
    "seconds_left",
    "state_name",
    "state_names",
    "void_announcement",
    "who_draws",
    "result_line",
    "result_words",
    "winner_name",
]

CARD_STATES = CARD_NEXT_STATES
"""States in which the next thing is a card from the shoe (TableView.state): the domain's one definition."""

ACT_STATES = NEXT_DEALER_ACT
"""The dealer act that moves each state on (the domain's rule, :func:`dealer_station.domain.rules.next_dealer_act`)."""

_AFTER_A_ROUND = frozenset({TableState.READY, TableState.SHOE_END})
"""States in which the last round's end is still to announce (a void: before the next round opens)."""

_LAST_ROUND_BANNERS = frozenset({TableState.READY, TableState.BETTING_OPEN, TableState.BETTING_CLOSED})
"""States whose banner says LAST ROUND in the shoe's last round (docs/rules.md §1: the cut card's round)."""


class Prompts(QObject):
    """The messages of context ``"Prompts"`` that take a count: ``self.tr(text, "", n)`` is what
    pyside6-lupdate marks as a plural (numerus) message, so each language gets its plural forms; English
    too, from ``i18n/console_en.qm`` (:func:`dealer_station.console.i18n.install_english`).
    """

    def burn_more(self, n: int) -> str:
        """``"BURN 7 MORE CARDS"`` in the plural form of ``n`` (int ≥ 0)."""
        return self.tr("BURN %n MORE CARD(S)", "", n)

    def bet_seconds(self, n: int) -> str:
        """The betting countdown, ``"PLACE YOUR BETS – 12 s"``, for ``n`` whole seconds left (int ≥ 0)."""
        return self.tr("PLACE YOUR BETS – %n s", "", n)

    def last_seconds(self, n: int) -> str:
        """The countdown in its last :data:`WARN_SECONDS`: ``"PLACE YOUR BETS – 5 s – LAST SECONDS"``."""
        return self.tr("PLACE YOUR BETS – %n s – LAST SECONDS", "", n)

    def misreads_in_a_row(self, position: str, n: int) -> str:
        """A misread limit's detail: ``"3 misreads in a row at BANKER CARD 2"`` (``position`` already in words)."""
        return self.tr("%n misread(s) in a row at %1", "", n).replace("%1", position)

    def burn_left(self, card: str, n: int) -> str:
        """While burning: the burn card shown and the count left, ``"BURN CARD 7♥: 6 MORE TO BURN"``."""
        return self.tr("BURN CARD %1: %n MORE TO BURN", "", n).replace("%1", card)


_PLURALS: Prompts | None = None

WARN_SECONDS = 5
"""The betting countdown warns (colour and words) when this many whole seconds or fewer are left."""


def seconds_left(view) -> int | None:
    """Whole seconds left to bet (rounded up, ≥ 0) while betting is open with a window; None otherwise."""
    secs = getattr(view, "betting_seconds_left", None)
    if getattr(view, "state", "") != TableState.BETTING_OPEN or secs is None:
        return None
    try:
        return max(0, int(float(secs) + 0.999))
    except (TypeError, ValueError):
        return None


def countdown_warning(view) -> bool:
    """True in the betting window's last :data:`WARN_SECONDS` seconds (the banner turns amber and says so)."""
    left = seconds_left(view)
    return left is not None and left <= WARN_SECONDS


def void_announcement(view) -> str:
    """What the dealer announces after a void, ``"ROUND 7 VOID – ALL BETS RETURNED"``; ``""`` when the
    view's last result is not a void (only shown before the next round opens: states ready and shoe end).
    """
    result = getattr(view, "result", None)
    if getattr(view, "state", "") not in _AFTER_A_ROUND or result is None or not result.voided:
        return ""
    number = result.round or getattr(view, "round_number", None)
    return translate("Prompts", "ROUND %1 VOID – ALL BETS RETURNED").replace("%1", str(number or "–"))


def burn_line(view) -> str:
    """While burning, the burn card shown and how many cards are left to burn (``""`` otherwise)."""
    if getattr(view, "state", "") != TableState.BURNING or not getattr(view, "burn_indicator", None):
        return ""
    card = card_text(view.burn_indicator) + "\u200e"
    return _plurals().burn_left(card, int(getattr(view, "burn_remaining", 0) or 0))


def _plurals() -> Prompts:
    global _PLURALS
    if _PLURALS is None:
        _PLURALS = Prompts()
    return _PLURALS


def position_name(position) -> str:
    """``Position.PLAYER2`` (or its text, ``"player2"``, as an incident or the journal records it) →
    ``"PLAYER CARD 2"`` (translated); ``""`` for None or an unknown position.
    """
    position = getattr(position, "value", position)
    if (not isinstance(position, str) or not position or position[-1:] not in "123"
            or position[:-1] not in ("player", "banker")):
        return ""
    if position.startswith("player"):
        return translate("Prompts", "PLAYER CARD %1").replace("%1", position[-1])
    return translate("Prompts", "BANKER CARD %1").replace("%1", position[-1])


def rescan_name(position: str | None) -> str:
    """The card to rescan in words: a hand position (``"BANKER CARD 2"``), the burn card, or the card."""
    name = position_name(position)
    if name:
        return name
    if position and "burn" in position:
        return translate("Prompts", "THE BURN CARD")
    return translate("Prompts", "THE CARD")


def rescan_words(position: Position | None, burn: bool = False) -> str:
    """The card a view asks to scan again in words: its round position (``"BANKER CARD 2"``), the burn card
    (``burn``: the view's ``rescan_burn``), or ``""`` when none is asked.
    """
    if position is not None:
        return position_name(position)
    return translate("Prompts", "THE BURN CARD") if burn else ""


def winner_name(winner: str | None) -> str:
    """``"banker"``/``"player"``/``"tie"`` (or ``B``/``P``/``T``) → its translated name in capitals."""
    key = (winner or "").lower()[:1]
    return {
        "b": translate("Prompts", "BANKER"),
        "p": translate("Prompts", "PLAYER"),
        "t": translate("Prompts", "TIE"),
    }.get(key, (winner or "").upper())


def bet_name(bet: str) -> str:
    """A bet identifier (``"player_pair"``) as its translated name (``"Player Pair"``)."""
    names = {
        "player": translate("Prompts", "Player"),
        "banker": translate("Prompts", "Banker"),
        "tie": translate("Prompts", "Tie"),
        "player_pair": translate("Prompts", "Player Pair"),
        "banker_pair": translate("Prompts", "Banker Pair"),
        "either_pair": translate("Prompts", "Either Pair"),
        "perfect_pair": translate("Prompts", "Perfect Pair"),
        "player_natural": translate("Prompts", "Player Natural"),
        "banker_natural": translate("Prompts", "Banker Natural"),
        "player_bonus": translate("Prompts", "Player Bonus"),
        "banker_bonus": translate("Prompts", "Banker Bonus"),
        "lucky_six": translate("Prompts", "Lucky Six"),
        "two_cards_lucky_six": translate("Prompts", "2 Cards Lucky Six"),
        "three_cards_lucky_six": translate("Prompts", "3 Cards Lucky Six"),
    }
    return names.get(bet, bet.replace("_", " ").title())


def state_name(state: str) -> str:
    """A TableView state as a short translated caption."""
    return state_names().get(state, state.upper())


def state_names() -> dict[str, str]:
    """Every state's short caption in the screen's language, by its code (:class:`TableState`)."""
    return {
        TableState.NO_SHOE: translate("Prompts", "NO SHOE"),
        TableState.SHUFFLE: translate("Prompts", "SHUFFLE"),
        TableState.BURN_INDICATOR: translate("Prompts", "BURN CARD"),
        TableState.READY: translate("Prompts", "READY"),
        TableState.BURNING: translate("Prompts", "BURNING"),
        TableState.BETTING_OPEN: translate("Prompts", "BETTING OPEN"),
        TableState.BETTING_CLOSED: translate("Prompts", "NO MORE BETS"),
        TableState.DEALING: translate("Prompts", "DEALING"),
        TableState.RESULT: translate("Prompts", "RESULT"),
        TableState.PAUSED: translate("Prompts", "PAUSED"),
        TableState.SHOE_END: translate("Prompts", "SHOE END"),
        TableState.SHOE_CHANGE: translate("Prompts", "SHOE CHANGE"),
    }


def _result_line(view) -> str:
    """The view's result (:class:`~dealer_station.domain.round_result.RoundResult`) as the result banner says it;
    totals it has not come from the view.
    """
    result = getattr(view, "result", None)
    p, b = getattr(view, "player_total", None), getattr(view, "banker_total", None)
    if result is None:
        return result_words(None, p, b)
    return result_words(result.winner, p if result.player_total is None else result.player_total,
                        b if result.banker_total is None else result.banker_total, voided=result.voided)


def result_words(winner: Winner | None, player_total: int | None, banker_total: int | None,
                 voided: bool = False) -> str:
    """A round's result as the result banner says it: ``"BANKER WINS 7 – 5"`` (the winner's total first),
    ``"TIE 6 – 6"``, ``"ROUND VOIDED"`` (no winner, ``voided``), else ``"RESULT"``.
    """
    p, b = str(player_total), str(banker_total)
    if winner is Winner.TIE:
        return translate("Prompts", "TIE %1 – %2").replace("%1", p).replace("%2", b)
    if winner is Winner.PLAYER:
        return translate("Prompts", "PLAYER WINS %1 – %2").replace("%1", p).replace("%2", b)
    if winner is Winner.BANKER:
        return translate("Prompts", "BANKER WINS %1 – %2").replace("%1", b).replace("%2", p)
    if voided:
        return translate("Prompts", "ROUND VOIDED")
    return translate("Prompts", "RESULT")


_WINNER_BY_LETTER = {w.letter.lower(): w for w in Winner}


def result_line(result: Mapping) -> str:
    """A recorded round's result (a platform event's data, a recall's record: ``winner`` as its text
    ``"banker"``, or its letter) as the result banner says it (:func:`result_words`).
    """
    winner = _WINNER_BY_LETTER.get(str(result.get("winner") or "").lower()[:1])
    return result_words(winner, result.get("player_total"), result.get("banker_total"),
                        voided=result.get("status") == RoundStatus.VOIDED)


def banner(view) -> str:
    """The state banner: ``"PLACE YOUR BETS 12"``, ``"NO MORE BETS"``, ``"DEAL PLAYER CARD 2"`` and the like; in
    the shoe's last round, from betting's opening to its close, ``"LAST ROUND – NO MORE BETS"`` (docs/rules.md §1: the
    round the cut card came out in, or the one more after it, is the shoe's last: the dealer announces it).
    """
    text = _banner(view)
    if getattr(view, "last_round", False) and getattr(view, "state", "") in _LAST_ROUND_BANNERS:
        return translate("Prompts", "LAST ROUND – %1").replace("%1", text)
    return text


def _banner(view) -> str:
    """The banner's words for the view's :class:`~dealer_station.domain.dealer_prompt.DealerPrompt` (the domain
    decides what the dealer is told; here it is worded), with the betting countdown, a void's announcement and the
    result line from the view.
    """
    said = getattr(view, "dealer_prompt", None)
    if said is None:
        return getattr(view, "prompt", "") or str(getattr(view, "state", "")).upper()
    say = said.say
    if say is Say.RESCAN:
        return translate("Prompts", "RESCAN %1").replace("%1", position_name(said.position))
    if say is Say.RESCAN_BURN_CARD or say is Say.RESCAN_BURNED:
        return translate("Prompts", "RESCAN %1").replace("%1", translate("Prompts", "THE BURN CARD"))
    if say is Say.OPEN_BETTING or say is Say.SIGN_IN:
        announced = void_announcement(view)
        return announced or translate("Prompts", "OPEN BETTING – ROUND %1").replace("%1", str(said.round))
    if say is Say.BURN:
        return _plurals().burn_more(said.count)
    if say is Say.PLACE_BETS:
        left = seconds_left(view)
        if left is not None:
            return _plurals().last_seconds(left) if left <= WARN_SECONDS else _plurals().bet_seconds(left)
        return translate("Prompts", "PLACE YOUR BETS")
    if say is Say.DEAL:
        return translate("Prompts", "DEAL %1").replace("%1", position_name(said.position))
    if say is Say.CONFIRM_RESULT:
        return _result_line(view)
    return _fixed_words(say)


def _fixed_words(say: Say) -> str:
    """The banner of an instruction that takes no value, in the screen's language."""
    if say is Say.LOAD_SHOE:
        return translate("Prompts", "NEW SHOE")
    if say is Say.SHUFFLE:
        return translate("Prompts", "SHUFFLE AND LOAD THE SHOE")
    if say is Say.SHOW_BURN_CARD:
        return translate("Prompts", "SHOW THE BURN CARD")
    if say is Say.NO_MORE_BETS:
        return translate("Prompts", "NO MORE BETS")
    if say is Say.NO_MORE_CARDS:
        return translate("Prompts", "DEALING")
    if say is Say.PAUSED or say is Say.JOURNAL_FAILURE:
        return translate("Prompts", "ROUND PAUSED – CALL THE SUPERVISOR")
    if say is Say.SHOE_CHANGE:
        return translate("Prompts", "SHOE CHANGE – CONFIRM WITH NEW SHOE")
    return translate("Prompts", "SHOE ENDED – CHANGE THE SHOE")


def next_line(view, can_draw: bool = False) -> str:
    """The next action in words, for the line under the hands (e.g. ``"Next: deal BANKER CARD 3"``)."""
    state = getattr(view, "state", "")
    if state == TableState.PAUSED:  # one instruction while paused: nothing is scanned until the supervisor acts
        return translate("Prompts", "Wait for the supervisor")
    where = rescan_words(getattr(view, "rescan", None), bool(getattr(view, "rescan_burn", False)))
    if where:
        return translate("Prompts", "Rescan %1").replace("%1", where)
    act = next_act(view, can_draw)
    last = bool(getattr(view, "last_round", False))
    if act == DealerAct.CHANGE_SHOE and void_announcement(view):  # the shoe ended with its round voided
        return translate("Prompts", "Announce %1 and the end of the shoe, then press CHANGE SHOE").replace(
            "%1", void_announcement(view))
    if act == DealerAct.CHANGE_SHOE:
        return translate("Prompts", "Announce the end of the shoe, then press CHANGE SHOE")
    if state == TableState.SHOE_CHANGE:  # the confirm: its own key, never the next key (rules.CONFIRM_STATES)
        n = int(getattr(view, "shoe_number", 0) or 0) + 1
        return translate("Prompts", "Take the old cards off the table, load new decks, then press NEW SHOE [F2] "
                                    "to start shoe %1").replace("%1", str(n))
    if act == DealerAct.NEW_SHOE:
        return translate("Prompts", "Press NEW SHOE to start a shoe")
    if act == DealerAct.SHUFFLED:
        return translate("Prompts", "Shuffle 8 decks, place the cut card, load the shoe, then press SHUFFLED")
    if act == DealerAct.CLOSE_BETTING and last:
        return translate("Prompts", "Announce the last round of the shoe; press NO MORE BETS to close betting")
    if act == DealerAct.CLOSE_BETTING:
        return translate("Prompts", "Press NO MORE BETS to close betting")
    if act == DealerAct.CONFIRM_RESULT and last:
        return translate("Prompts", "Announce the result and the end of the shoe, then CONFIRM")
    if act == DealerAct.CONFIRM_RESULT:
        return translate("Prompts", "Announce the result, then CONFIRM")
    if act == DealerAct.OPEN_BETTING and void_announcement(view):
        n = int(getattr(view, "round_number", 0) or 0) + 1
        return translate("Prompts", "Announce it, then press OPEN BETTING for round %1").replace("%1", str(n))
    if act == DealerAct.OPEN_BETTING and last:
        return translate("Prompts", "Announce the last round of the shoe, then press OPEN BETTING")
    if act == DealerAct.OPEN_BETTING:
        return translate("Prompts", "Press OPEN BETTING")
    if state == TableState.BURN_INDICATOR:
        return translate("Prompts", "Draw one card and show it: it sets the burn")
    if state == TableState.BURNING:
        return translate("Prompts", "Burn the next card face down")
    if state in DEAL_STATES:
        pos = position_name(getattr(view, "next_position", None) or "player1")
        return translate("Prompts", "Deal %1").replace("%1", pos)
    if state == TableState.PAUSED:
        return translate("Prompts", "Wait for the supervisor")
    return getattr(view, "prompt", "") or ""


class ScreenAct(StrEnum):
    """The dealer screen's own acts, besides the dealer acts (:class:`DealerAct`) its buttons and keys send."""

    NEXT = "next"
    """Whatever moves the table on now (:func:`next_act`): Space, Enter, a foot pedal."""
    DRAW = "draw"
    """Ask a simulated shoe for its next card."""
    SUPERVISOR = "supervisor"
    """Call the supervisor: an open round pauses first, then the supervisor's screen."""


def next_act(view, can_draw: bool = False) -> DealerAct | ScreenAct | None:
    """The act the NEXT key (Space/Enter, a foot pedal) performs in this view, or None.

    A :class:`DealerAct` (``new_shoe``, ``change_shoe``, ``shuffled``, ``open_betting``, ``close_betting``,
    ``confirm_result``); :attr:`ScreenAct.DRAW` asks a simulated shoe for its next card (only when ``can_draw``);
    None while paused, when the next step is a card from a real shoe, and in the shoe change, whose confirm
    (``new_shoe``) is a deliberate act of its own, the NEW SHOE key (F2) or button
    (:data:`dealer_station.domain.rules.CONFIRM_STATES`): a pedal or a key pressed again and again stops there.
    """
    state = getattr(view, "state", "")
    if state == TableState.PAUSED or state in CONFIRM_STATES:
        return None
    if state in ACT_STATES:
        return ACT_STATES[state]
    if state in CARD_STATES and can_draw:
        return ScreenAct.DRAW
    return None


def who_draws(view) -> str:
    """Who draws and why (docs/rules.md §2 third-card rules), translated: the view's ``draw_reason`` (the
    domain's :func:`dealer_station.domain.rules.draw_reason`, whose English is ``TableView.who_draws``) worded in
    the dealer's language. ``""`` before the first four cards and once Banker has drawn.
    """
    reason = getattr(view, "draw_reason", None)
    if reason is None:
        return ""
    return draw_words(reason)


def draw_words(reason) -> str:
    """A :class:`~dealer_station.domain.rules.DrawReason` in the dealer's language (its English:
    :func:`~dealer_station.domain.rules.draw_reason_text`).
    """
    p2, b2, third = reason.player_total, reason.banker_total, reason.player_third
    if reason.verdict is DrawVerdict.NATURAL:
        text = translate("Prompts", "NATURAL: PLAYER %1, BANKER %2: NO MORE CARDS")
        return text.replace("%1", str(p2)).replace("%2", str(b2))
    if reason.verdict is DrawVerdict.PLAYER_DRAWS:
        return translate("Prompts", "PLAYER DRAWS ON %1").replace("%1", str(p2))
    if reason.verdict is DrawVerdict.BANKER_DRAWS:
        if third is None:
            text = translate("Prompts", "BANKER DRAWS (PLAYER STOOD; BANKER %1: DRAWS)")
        else:
            text = translate("Prompts", "BANKER DRAWS (BANKER %1, PLAYER'S THIRD CARD %2: DRAWS)")
        return text.replace("%1", str(b2)).replace("%2", str(third))
    if third is None:
        text = translate("Prompts", "PLAYER STANDS ON %1; BANKER STANDS (PLAYER STOOD; BANKER %2: STANDS)")
        return text.replace("%1", str(p2)).replace("%2", str(b2))
    text = translate("Prompts", "BANKER STANDS (BANKER %1, PLAYER'S THIRD CARD %2: STANDS)")
    return text.replace("%1", str(b2)).replace("%2", str(third))
