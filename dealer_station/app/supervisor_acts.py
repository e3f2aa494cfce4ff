"""What a supervisor act would do now, or why it is refused: the rules in one place.

docs/design.md "The table state machine" (supervisor acts from ``paused``: ``resume``, ``enter_card``,
``move_card``, ``void_round``, ``end_shoe``) and docs/rules.md §5 (a misread or an irregularity is resolved
by a supervisor; a void refunds every bet). :func:`preview` takes a table's ``TableView`` and an act
with its arguments and returns an :class:`ActPreview`: the :class:`Effect` the act has when it is
allowed, or the :class:`Refusal` (a code and the plain English ``why`` the controller raises in
``ActRefused``). The controller refuses a supervisor act by it before the act reaches the table's
state machine (which keeps the same checks as its own last line); the supervisor screen renders the
same value, in the supervisor's language, before the act is confirmed.

Pure: values in, a value out; no clock, no journal, no Qt. The view is read by attribute (a
``TableView`` or anything shaped like one), a missing attribute counting as its default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from dealer_station.domain.cards import Card, parse_card
from dealer_station.domain.errors import CardError
from dealer_station.domain.outcome import Position, RoundDealer
from dealer_station.domain.states import CARD_STATES, DEAL_STATES, ROUND_STATES, TableState
from dealer_station.domain.table import SUPERVISOR_ACTS

__all__ = ["ActPreview", "Effect", "Refusal", "preview"]

_BURN_UNDER_WAY = frozenset({TableState.BURN_INDICATOR, TableState.BURNING})
"""States of the burn under way (docs/rules.md §1): a pause in them resumes the burn, not a round."""


class Effect(StrEnum):
    """What an allowed act does."""

    RESUME_ROUND = "resume_round"
    """The paused round goes on where it stopped; no card changes (held cards, if any, are discarded)."""
    RESUME_BURN = "resume_burn"
    """The burn of the shoe goes on where it stopped."""
    RESUME_SHOE = "resume_shoe"
    """The shoe goes on where it stopped, between rounds."""
    RESUME_JOURNAL = "resume_journal"
    """The journal is written again first; the shoe events held meanwhile are then acted on, in order."""
    PLACE_CARD = "place_card"
    """The card typed is placed at the position due, recorded as entered by hand."""
    SWAP_CARDS = "swap_cards"
    """The cards at two positions change places; totals and who draws are worked out again."""
    VOID_ROUND = "void_round"
    """The round is voided: every bet of it is refunded, its cards discarded."""
    END_SHOE = "end_shoe"
    """The shoe ends now (a round in progress is voided first)."""


class Refusal(StrEnum):
    """Why an act is refused."""

    UNKNOWN_ACT = "unknown_act"
    JOURNAL_FAILED = "journal_failed"
    """While the journal cannot be written only ``resume`` is taken."""
    NOT_PAUSED = "not_paused"
    SHOE_DISCONNECTED = "shoe_disconnected"
    HELD_CARDS = "held_cards"
    """The shoe read a card while paused: enter it, or discard it explicitly."""
    NO_ROUND_OPEN = "no_round_open"
    NO_CARD_EXPECTED = "no_card_expected"
    CUT_CARD_OUT = "cut_card_out"
    """The cut card came out before the round's first card: no more rounds are dealt."""
    NO_CARD_DUE = "no_card_due"
    BAD_CARD = "bad_card"
    BEYOND_INVENTORY = "beyond_inventory"
    BAD_POSITIONS = "bad_positions"
    NOT_DEALT = "not_dealt"
    NOT_DUE_AFTER_MOVE = "not_due_after_move"
    MORE_CARDS_AFTER_MOVE = "more_cards_after_move"


@dataclass(frozen=True)
class ActPreview:
    """What :func:`preview` found: the act's :class:`Effect` or its :class:`Refusal`, with what to say.

    Attributes
    ----------
    act:
        The act asked about.
    effect:
        What the act does when allowed, else None.
    refusal:
        Why it is refused, else None (exactly one of ``effect`` and ``refusal`` is set).
    why:
        The refusal in plain English, as ``ActRefused.why`` gives it ("" when allowed).
    shoe, round:
        The shoe and round numbers of the view.
    state_before:
        The state the table was paused from (None when not paused).
    card:
        ``enter_card``: the card's token (normalised, ``"TH"``), None when the text typed is no card.
    position:
        ``enter_card``: the position the card goes to; ``move_card``: the one named in a refusal.
    from_position, to_position:
        ``move_card``: the two positions.
    held:
        Cards the shoe read while paused, held (discarded by the act unless it enters one).
    held_inputs:
        Shoe events held while the journal fails (``resume`` acts on them).
    voids_round:
        True when the act voids the round open (``void_round``, ``end_shoe`` from a round).
    """

    act: str
    effect: Effect | None = None
    refusal: Refusal | None = None
    why: str = ""
    shoe: int = 0
    round: int = 0
    state_before: str | None = None
    card: str | None = None
    position: str | None = None
    from_position: str | None = None
    to_position: str | None = None
    held: tuple[str, ...] = ()
    held_inputs: tuple[str, ...] = ()
    voids_round: bool = False

    @property
    def allowed(self) -> bool:
        """True when the act would be taken."""
        return self.refusal is None


def _get(view: object, name: str, default: object = None) -> object:
    value = getattr(view, name, default)
    return default if value is None else value


def _held_text(held: tuple[str, ...]) -> str:
    return f"the shoe read {', '.join(held)} while paused (held)"


def preview(view: object, act: str, *, token: str | None = None, from_position: str | None = None,
            to_position: str | None = None, discard_held: bool = False,
            remaining: Mapping[Card, int] | None = None, cut_pending: bool = False) -> ActPreview:
    """What supervisor ``act`` would do on the table of ``view`` now, or why it is refused.

    Parameters
    ----------
    view:
        The table's ``TableView`` (``state``, ``incident``, ``held``, ``held_inputs``, ``connected``,
        ``player``, ``banker``, ``next_position``, ``rescan``, ``shoe_number``, ``round_number``).
    act:
        One of ``resume``, ``enter_card``, ``move_card``, ``void_round``, ``end_shoe``.
    token:
        ``enter_card``: the card, e.g. ``"QD"`` or ``"10H"``.
    from_position, to_position:
        ``move_card``: two positions ``player1`` … ``banker3``.
    discard_held:
        ``resume`` / ``enter_card``: discard the cards held while paused.
    remaining:
        Cards still in the shoe by its inventory (card → count); None skips the inventory check
        (the screen does not know it; the controller does).
    cut_pending:
        The cut card came out between rounds while paused and no more rounds are dealt; the screen
        does not know it (the controller does).

    Returns
    -------
    ActPreview
        Never raises: an unknown act, a bad card or bad positions are refusals.

    Notes
    -----
    The rules and their order are those of the table's state machine
    (:meth:`dealer_station.domain.table.TableMachine.step` on a ``supervisor`` input), with the
    controller's own before them: while the journal fails, only ``resume``.
    """
    incident = getattr(view, "incident", None)
    before = getattr(incident, "state_before", None) if incident is not None else None
    held = tuple(_get(view, "held", ()))
    base = {"act": act, "shoe": int(_get(view, "shoe_number", 0)), "round": int(_get(view, "round_number", 0)),
            "state_before": before, "held": held, "held_inputs": tuple(_get(view, "held_inputs", ()))}

    def refused(code: Refusal, why: str, **more: object) -> ActPreview:
        return ActPreview(**base, **more, refusal=code, why=why)

    def does(effect: Effect, **more: object) -> ActPreview:
        return ActPreview(**base, **more, effect=effect)

    if act not in SUPERVISOR_ACTS:
        return refused(Refusal.UNKNOWN_ACT, f"unknown act; allowed: {', '.join(SUPERVISOR_ACTS)}")
    journal_failed = incident is not None and getattr(incident, "type", "") == "journal_failure"
    if journal_failed:
        if act != "resume":
            return refused(Refusal.JOURNAL_FAILED, "the journal failed: resume once it can be written again")
        return does(Effect.RESUME_JOURNAL)
    state = str(_get(view, "state", ""))
    if state != TableState.PAUSED or incident is None:
        return refused(Refusal.NOT_PAUSED, f"the table is not paused (state {state})")
    if act == "resume":
        if getattr(incident, "type", "") == "shoe_disconnected" and not _get(view, "connected", True):
            return refused(Refusal.SHOE_DISCONNECTED, "the shoe is still disconnected")
        if held and not discard_held:
            return refused(Refusal.HELD_CARDS, f"{_held_text(held)}: enter it with enter_card, "
                                               "or resume with discard_held to discard it")
        if before in ROUND_STATES:
            return does(Effect.RESUME_ROUND)
        return does(Effect.RESUME_BURN if before in _BURN_UNDER_WAY else Effect.RESUME_SHOE)
    if act == "enter_card":
        return _enter_card(view, before, held, token, discard_held, remaining, cut_pending, refused, does)
    if act == "move_card":
        return _move_card(view, before, from_position, to_position, refused, does)
    if act == "void_round":
        if before not in ROUND_STATES:
            return refused(Refusal.NO_ROUND_OPEN, f"no round is open (paused from {before})")
        return does(Effect.VOID_ROUND, voids_round=True)
    return does(Effect.END_SHOE, voids_round=before in ROUND_STATES)


def _enter_card(view, before, held, token, discard_held, remaining, cut_pending, refused, does) -> ActPreview:
    due = _get(view, "next_position", None)
    position = _get(view, "rescan", None) or getattr(view.incident, "position", None) or getattr(due, "value", due)
    if before not in CARD_STATES:
        return refused(Refusal.NO_CARD_EXPECTED, f"no card is expected (paused from {before})")
    if cut_pending:
        return refused(Refusal.CUT_CARD_OUT, "the cut card came out before the round's first card and no more "
                       "rounds are dealt (cut_card.between_rounds = none): resume, void the round or end the shoe")
    if before in DEAL_STATES and _get(view, "next_position", None) is None:
        return refused(Refusal.NO_CARD_DUE, "no card is due: the round's cards are all out (resume)")
    try:
        card = parse_card(str(token or ""))
    except CardError as err:
        return refused(Refusal.BAD_CARD, str(err), position=position)
    others = [t for t in held if t != card.token] if card.token in held else list(held)
    if others and not discard_held:
        return refused(Refusal.HELD_CARDS, f"{_held_text(held)}: enter {'it' if len(held) == 1 else 'one of them'}, "
                       "or add discard_held to discard what is not entered", card=card.token, position=position)
    if card.token not in held and remaining is not None and remaining.get(card, 0) <= 0:
        return refused(Refusal.BEYOND_INVENTORY, f"{card.token} is beyond the shoe's inventory",
                       card=card.token, position=position)
    return does(Effect.PLACE_CARD, card=card.token, position=position)


def _move_card(view, before, from_position, to_position, refused, does) -> ActPreview:
    names = {"from_position": from_position, "to_position": to_position}
    try:
        src, dst = Position(str(from_position)), Position(str(to_position))
    except ValueError:
        return refused(Refusal.BAD_POSITIONS, "positions must be player1..banker3", **names)
    hands = {"player": tuple(_get(view, "player", ())), "banker": tuple(_get(view, "banker", ()))}
    # the view's cards are Card values; anything else is a view without cards to read: as if none were dealt
    cards = {p: hands[p.hand][p.index - 1] for p in Position if p.index <= len(hands[p.hand])}
    if not all(isinstance(card, Card) for card in cards.values()):
        cards = {}
    dealt = tuple(cards)  # Position order is deal order (docs/rules.md §2)
    if src not in dealt or dst not in dealt or src is dst:
        return refused(Refusal.NOT_DEALT, "both positions must be dealt cards of this round, and differ", **names)
    cards[src], cards[dst] = cards[dst], cards[src]
    trial = RoundDealer()
    for position in dealt:
        if trial.next_position is not position:
            return refused(Refusal.NOT_DUE_AFTER_MOVE, f"after the move {position.value} would not be due by the "
                           "rules; void the round instead", position=position.value, **names)
        trial.add(cards[position])
    if before == TableState.RESULT and not trial.complete:
        return refused(Refusal.MORE_CARDS_AFTER_MOVE, "after the move the round would need more cards", **names)
    return does(Effect.SWAP_CARDS, **names)
