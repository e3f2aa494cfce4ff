"""What the dealer is told to do next, as a value: the one decision the banner of every screen words.

Rule source: docs/rules.md §1 (shoe, burn, cut card) and §2 (the deal), docs/design.md "Users": the dealer.
:func:`dealer_prompt` decides it from the table's state; :func:`prompt_text` words it in the dealer's English
(``TableView.prompt``, the headless commands); the console words the same value in the screen's language, keyed
by its :class:`Say`. Pure: values in, a value out.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from dealer_station.domain.outcome import Position
from dealer_station.domain.states import DEAL_STATES, TableState

__all__ = ["DealerPrompt", "Say", "dealer_prompt", "prompt_text"]

S = TableState


class Say(StrEnum):
    """What the dealer is asked for, one member per instruction of the procedure."""

    LOAD_SHOE = "load_shoe"
    """No shoe: load a new one."""
    SHUFFLE = "shuffle"
    """Shuffle the decks and load the shoe."""
    SHOW_BURN_CARD = "show_burn_card"
    """Draw the burn card and show it."""
    RESCAN_BURN_CARD = "rescan_burn_card"
    """The burn card was misread: scan it again."""
    BURN = "burn"
    """Burn :attr:`DealerPrompt.count` more cards."""
    RESCAN_BURNED = "rescan_burned"
    """A burned card was misread: scan it again (:attr:`DealerPrompt.count` still to burn)."""
    SIGN_IN = "sign_in"
    """Betting would open for round :attr:`DealerPrompt.round`, but no dealer is signed in."""
    OPEN_BETTING = "open_betting"
    """Open betting for round :attr:`DealerPrompt.round`."""
    PLACE_BETS = "place_bets"
    """Betting is open."""
    NO_MORE_BETS = "no_more_bets"
    """Betting is closed: the round's first card (:attr:`DealerPrompt.position`) is due."""
    DEAL = "deal"
    """Deal the card of :attr:`DealerPrompt.position`."""
    RESCAN = "rescan"
    """The card of :attr:`DealerPrompt.position` was misread: scan it again."""
    NO_MORE_CARDS = "no_more_cards"
    """The round's cards are all out."""
    CONFIRM_RESULT = "confirm_result"
    """Announce the result and confirm it."""
    PAUSED = "paused"
    """The table is paused on an incident (:attr:`DealerPrompt.incident`): call the supervisor."""
    JOURNAL_FAILURE = "journal_failure"
    """The journal cannot be written: the table is paused, call the supervisor."""
    SHOE_CHANGE = "shoe_change"
    """Take the old cards off, load new decks, then confirm shoe :attr:`DealerPrompt.shoe`."""
    SHOE_ENDED = "shoe_ended"
    """The shoe has ended: announce it, then change the shoe."""


@dataclass(frozen=True, slots=True)
class DealerPrompt:
    """One instruction to the dealer.

    Attributes
    ----------
    say:
        Which instruction (:class:`Say`).
    position:
        The card position it is about (deal, rescan, the first card after betting closed), or None.
    count:
        Cards still to burn (burn, rescan while burning); 0 otherwise.
    round:
        The round whose betting opens (open betting, sign in); 0 otherwise.
    shoe:
        The shoe to confirm (shoe change); 0 otherwise.
    incident:
        The incident's type (paused), e.g. ``"misread_limit"``, or None.
    """

    say: Say
    position: Position | None = None
    count: int = 0
    round: int = 0
    shoe: int = 0
    incident: str | None = None


def dealer_prompt(state: TableState, *, misread: bool = False, burn_remaining: int = 0, round_number: int = 0,
                  next_position: Position | None = None, needs_dealer: bool = False,
                  incident: str | None = None, shoe_number: int = 0) -> DealerPrompt:
    """The instruction for the dealer in ``state`` (docs/rules.md §1–§2).

    Parameters
    ----------
    state:
        The table's state.
    misread:
        The card due was misread (a rescan is asked).
    burn_remaining:
        Cards still to burn, ≥ 0.
    round_number:
        The round open, or the last one between rounds (0 before the first).
    next_position:
        The position due while a round is dealt, or None (the round's cards are out).
    needs_dealer:
        Betting may open only once a dealer signs in, and nobody is signed in.
    incident:
        The pause's incident type, or None.
    shoe_number:
        The shoe open (or the last one), 0 before the first.
    """
    if state is S.NO_SHOE:
        return DealerPrompt(Say.LOAD_SHOE)
    if state is S.SHUFFLE:
        return DealerPrompt(Say.SHUFFLE)
    if state is S.BURN_INDICATOR:
        return DealerPrompt(Say.RESCAN_BURN_CARD if misread else Say.SHOW_BURN_CARD)
    if state is S.BURNING:
        return DealerPrompt(Say.RESCAN_BURNED if misread else Say.BURN, count=burn_remaining)
    if state is S.READY:
        return DealerPrompt(Say.SIGN_IN if needs_dealer else Say.OPEN_BETTING, round=round_number + 1)
    if state is S.BETTING_OPEN:
        return DealerPrompt(Say.PLACE_BETS)
    if state in DEAL_STATES:
        if next_position is None:
            return DealerPrompt(Say.NO_MORE_CARDS)
        if misread:
            return DealerPrompt(Say.RESCAN, next_position)
        return DealerPrompt(Say.NO_MORE_BETS if state is S.BETTING_CLOSED else Say.DEAL, next_position)
    if state is S.RESULT:
        return DealerPrompt(Say.CONFIRM_RESULT)
    if state is S.PAUSED:
        return DealerPrompt(Say.PAUSED, incident=incident)
    if state is S.SHOE_CHANGE:
        return DealerPrompt(Say.SHOE_CHANGE, shoe=shoe_number + 1)
    return DealerPrompt(Say.SHOE_ENDED)


def prompt_text(prompt: DealerPrompt) -> str:
    """``prompt`` in the dealer's English, upper case (``"DEAL PLAYER CARD 2"``, ``"BURN 7 MORE CARDS"``).

    A journal failure's own words (its cause and the events held) are the controller's
    (``dealer_station.app.views.journal_failure_prompt``); here it is the general instruction.
    """
    say = prompt.say
    if say is Say.BURN or say is Say.RESCAN_BURNED:
        word = "CARD" if prompt.count == 1 else "CARDS"
        head = "RESCAN: " if say is Say.RESCAN_BURNED else ""
        return f"{head}BURN {prompt.count} MORE {word}"
    if say is Say.OPEN_BETTING:
        return f"OPEN BETTING FOR ROUND {prompt.round}"
    if say in (Say.DEAL, Say.NO_MORE_BETS, Say.RESCAN):
        pos = prompt.position
        assert pos is not None
        return f"{'RESCAN' if say is Say.RESCAN else 'DEAL'} {pos.hand.upper()} CARD {pos.index}"
    if say is Say.PAUSED:
        kind = prompt.incident.replace("_", " ").upper() if prompt.incident is not None else "INCIDENT"
        return f"PAUSED: {kind}: CALL THE SUPERVISOR"
    if say is Say.SHOE_CHANGE:
        return f"SHOE CHANGE: CARDS OUT, NEW DECKS IN, THEN CONFIRM NEW SHOE {prompt.shoe}"
    return _FIXED[say]


_FIXED: dict[Say, str] = {
    Say.LOAD_SHOE: "LOAD A NEW SHOE",
    Say.SHUFFLE: "SHUFFLE AND LOAD THE SHOE",
    Say.SHOW_BURN_CARD: "DRAW AND SHOW THE BURN CARD",
    Say.RESCAN_BURN_CARD: "RESCAN THE BURN CARD",
    Say.SIGN_IN: "DEALER: SIGN IN TO OPEN BETTING",
    Say.PLACE_BETS: "PLACE YOUR BETS",
    Say.NO_MORE_CARDS: "NO MORE CARDS",
    Say.CONFIRM_RESULT: "CONFIRM THE RESULT",
    Say.JOURNAL_FAILURE: "PAUSED: JOURNAL FAILURE: CALL THE SUPERVISOR",
    Say.SHOE_ENDED: "SHOE ENDED: ANNOUNCE IT, THEN CHANGE THE SHOE",
}
"""The English of each instruction that takes no value."""
