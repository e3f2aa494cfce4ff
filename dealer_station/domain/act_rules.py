"""Who may do which act at the table, in which state, and why an act is refused: the act rules in one place.

docs/design.md "Users" and "The table state machine" (dealer acts, who is at the table, supervisor acts from
``paused``: ``resume``, ``enter_card``, ``move_card``, ``void_round``, ``end_shoe``) and docs/rules.md §5 (a
misread or an irregularity is resolved by a supervisor; a void refunds every bet).

- :data:`ACT_RULES`: every act's :class:`ActRule`, the role that may do it, whether a PIN is checked for it and
  whether it needs a reason and a note; :data:`DEALER_ACT_STATES`, the states each dealer act fits.
- :func:`dealer_refusal`: why a dealer's act (or a sign-in, a sign-out) does not fit the table now, as a
  :class:`Refused` (a :class:`Refusal` code and the plain English ``why`` the journal records), or None. The
  table's handlers refuse by it (:mod:`dealer_station.domain.table_acts`); a refused act changes nothing, so
  the controller asks it again after the table refused, for the code its ``ActRefused`` carries.
- :func:`supervisor_refusal`: the same for an authenticated supervisor's act on the table machine (its last
  line, behind :func:`preview`).
- :func:`preview`: what a supervisor act would do now (its :class:`Effect`) or why it is refused (its
  :class:`Refusal` and ``why``), from a table's ``TableView``. The controller refuses a supervisor act by it
  before the act reaches the table's state machine (which keeps the same checks as its own last line); the
  supervisor screen renders the same value, in the supervisor's language, before the act is confirmed.

A screen words a refusal by its code, never by its English text. Pure: values in, a value out; no clock, no
journal, no Qt. The view is read by attribute (a ``TableView`` or anything shaped like one), a missing attribute
counting as its default.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from dealer_station.domain.acts import DEALER_ACTS, STAFF_ACTS, SUPERVISOR_ACTS, DealerAct, StaffAct, SupervisorAct
from dealer_station.domain.cards import Card, parse_card
from dealer_station.domain.errors import CardError
from dealer_station.domain.incidents import IncidentType
from dealer_station.domain.outcome import Position, RoundDealer
from dealer_station.domain.staff import Role
from dealer_station.domain.states import CARD_STATES, DEAL_STATES, PAUSABLE, ROUND_STATES, STATES, TableState
from dealer_station.domain.table_protocol import Table

__all__ = ["ACT_RULES", "DEALER_ACT_STATES", "NO_DEALER", "ActPreview", "ActRule", "Effect", "Refusal", "Refused",
           "dealer_refusal", "moved", "preview", "supervisor_refusal"]

NO_DEALER = "no dealer is signed in: a dealer signs in at the console before betting opens"
"""Why betting does not open (by the dealer or by itself) while no dealer is signed in."""

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
    """Why an act is refused: the code a refusal carries beside its English ``why`` (a screen words it by this)."""

    UNKNOWN_ACT = "unknown_act"
    NOT_IN_STATE = "not_in_state"
    """A dealer act that does not fit the table's state."""
    SHOE_CHANGE_FIRST = "shoe_change_first"
    """``new_shoe`` right after a shoe ended: the shoe change (``change_shoe``) comes first."""
    NO_DEALER = "no_dealer"
    """A shoe starts and betting opens only while a dealer is signed in."""
    STAFF_BY_SIGN_IN = "staff_by_sign_in"
    """A dealer signs in and out with the sign-in (its PIN or badge checked), not as a plain act."""
    PAUSED = "paused"
    """The dealer changes once the supervisor has resolved the incident."""
    ROUND_OPEN = "round_open"
    """The dealer changes between rounds."""
    NOBODY_SIGNED_IN = "nobody_signed_in"
    """A sign-out with no dealer signed in."""
    NO_DEALER_ID = "no_dealer_id"
    ALREADY_SIGNED_IN = "already_signed_in"
    BAD_TEXT = "bad_text"
    """A supervisor's reason or note missing, blank or with control characters."""
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


@dataclass(frozen=True)
class ActRule:
    """Who may do an act.

    Attributes
    ----------
    role:
        The role that may do it: ``"dealer"`` (a supervisor signs in as a dealer too) or ``"supervisor"``.
    pin:
        True when the act itself is checked against the accounts (a supervisor's PIN at every act; a dealer's
        PIN or badge at the sign-in); the dealer's other acts are taken from the dealer signed in.
    reason:
        True when the act needs a reason code and a note, each with visible text.
    """

    role: str
    pin: bool = False
    reason: bool = False


ACT_RULES: Mapping[str, ActRule] = {
    **{act: ActRule(Role.DEALER) for act in DEALER_ACTS},
    StaffAct.SIGN_IN: ActRule(Role.DEALER, pin=True),
    StaffAct.SIGN_OUT: ActRule(Role.DEALER),
    **{act: ActRule(Role.SUPERVISOR, pin=True, reason=True) for act in SUPERVISOR_ACTS},
}
"""Every act → who may do it (docs/design.md "Users")."""

_ANY_STATE = frozenset(TableState(s) for s in STATES)
S = TableState

DEALER_ACT_STATES: Mapping[str, frozenset[TableState]] = {
    DealerAct.NEW_SHOE: frozenset({S.NO_SHOE, S.SHOE_CHANGE}),
    DealerAct.CHANGE_SHOE: frozenset({S.SHOE_END}),
    DealerAct.SHUFFLED: frozenset({S.SHUFFLE}),
    DealerAct.OPEN_BETTING: frozenset({S.READY}),
    DealerAct.CLOSE_BETTING: frozenset({S.BETTING_OPEN}),
    DealerAct.CONFIRM_RESULT: frozenset({S.RESULT}),
    DealerAct.CALL_SUPERVISOR: frozenset(PAUSABLE),
    StaffAct.SIGN_IN: _ANY_STATE,
    StaffAct.SIGN_OUT: _ANY_STATE,
}
"""A dealer (or timer) act → the states it fits; any other state refuses it (who is at the table changes in any
state the rules of :func:`dealer_refusal` allow)."""


@dataclass(frozen=True)
class Refused:
    """A refusal: its :class:`Refusal` code and the plain English ``why`` the journal records."""

    code: Refusal
    why: str


def dealer_refusal(table: Table, act: str, args: Mapping[str, object]) -> Refused | None:
    """Why the dealer's ``act`` (with its ``args``) does not fit ``table`` now, or None when it does.

    Parameters
    ----------
    table:
        The table machine (its state, round, who is signed in).
    act:
        A dealer act (:data:`~dealer_station.domain.acts.DEALER_ACTS`, a timer's ``close_betting`` too) or
        who is at the table (``sign_in`` with ``args["user"]``, ``sign_out``).
    args:
        The act's arguments as the input carries them.

    Returns
    -------
    Refused or None
        The first rule the act breaks, in the order the table checks them; None: the table takes it.
    """
    state = table.state
    fits = DEALER_ACT_STATES.get(act)
    if fits is None or state not in fits:
        if act not in DEALER_ACTS:
            return Refused(Refusal.UNKNOWN_ACT, f"unknown act; allowed: {', '.join(DEALER_ACTS)}")
        if act == DealerAct.NEW_SHOE and state is S.SHOE_END:
            return Refused(Refusal.SHOE_CHANGE_FIRST, "the shoe change comes first: change_shoe (the old cards out, "
                                                      "new decks in), then new_shoe confirms it")
        return Refused(Refusal.NOT_IN_STATE, f"not allowed in state {state}")
    if act == DealerAct.OPEN_BETTING and table.staffed and table.signed_in is None:
        return Refused(Refusal.NO_DEALER, NO_DEALER)
    if act in STAFF_ACTS:
        return _staff_refusal(table, act, args)
    return None


def _staff_refusal(table: Table, act: str, args: Mapping[str, object]) -> Refused | None:
    """``sign_in`` / ``sign_out``: the dealer at the table changes between rounds only."""
    if table.state is S.PAUSED:
        return Refused(Refusal.PAUSED, "the table is paused: the supervisor resolves the incident first, "
                                       "then the dealer changes")
    # betting open with no card out yet (betting.auto_open opens at once): the next dealer may take over
    takes_over = act == StaffAct.SIGN_IN and table.state is S.BETTING_OPEN
    if table.round_open and not takes_over:
        return Refused(Refusal.ROUND_OPEN, f"round {table.round_number} is open: the dealer changes between rounds "
                                           "(after the result is confirmed or the round is voided)")
    if act == StaffAct.SIGN_OUT:
        return Refused(Refusal.NOBODY_SIGNED_IN, "no dealer is signed in") if table.signed_in is None else None
    user = str(args.get("user") or "").strip()
    if not user:
        return Refused(Refusal.NO_DEALER_ID, "no dealer id")
    if user == table.signed_in:
        return Refused(Refusal.ALREADY_SIGNED_IN, f"dealer {user} is already signed in")
    return None


def _get(view: object, name: str, default: object = None) -> object:
    value = getattr(view, name, default)
    return default if value is None else value


def _held_text(held: tuple[str, ...] | list[str]) -> str:
    """``"the shoe read AH, 2D while paused (held)"``: the cards held for the supervisor (their tokens)."""
    return f"the shoe read {', '.join(held)} while paused (held)"


def _tokens(cards: Iterable[object]) -> tuple[str, ...]:
    """Held cards (:class:`~dealer_station.domain.cards.Card` values, or tokens) as their tokens."""
    return tuple(card.token if isinstance(card, Card) else str(card) for card in cards)


def supervisor_refusal(table: Table, act: str, args: Mapping[str, object]) -> Refused | None:
    """Why the authenticated supervisor's ``act`` (with its ``args``) does not fit ``table`` now, or None.

    The table machine refuses a supervisor input by it (:mod:`dealer_station.domain.table_acts`), the last line
    behind :func:`preview`, which the controller and the screen ask first from the table's view; the words are the
    journal's. The first rule broken counts, in this order: the act known, the table paused, then the act's own.

    Parameters
    ----------
    table:
        The table machine (its state, the incident, the held cards, the round's cards, the inventory).
    act:
        A supervisor act (:data:`~dealer_station.domain.acts.SUPERVISOR_ACTS`).
    args:
        The act's arguments (``token``, ``from_position``, ``to_position``, ``discard_held``).

    Returns
    -------
    Refused or None
        None: the table takes the act.
    """
    if act not in SUPERVISOR_ACTS:
        return Refused(Refusal.UNKNOWN_ACT, f"unknown act; allowed: {', '.join(SUPERVISOR_ACTS)}")
    if table.state is not S.PAUSED:
        return Refused(Refusal.NOT_PAUSED, f"the table is not paused (state {table.state})")
    before = table.state_before
    if act == SupervisorAct.RESUME:
        incident = table.incident
        if incident is not None and incident.type is IncidentType.SHOE_DISCONNECTED and not table.connected:
            return Refused(Refusal.SHOE_DISCONNECTED, "the shoe is still disconnected")
        if table.held and not args.get("discard_held"):
            return Refused(Refusal.HELD_CARDS, f"{_held_text(_tokens(table.held))}: enter it with enter_card, "
                                               "or resume with discard_held to discard it")
        return None
    if act == SupervisorAct.VOID_ROUND:
        if before not in ROUND_STATES:
            return Refused(Refusal.NO_ROUND_OPEN, f"no round is open (paused from {before})")
        return None
    if act == SupervisorAct.ENTER_CARD:
        return _enter_card_refusal(table, args)
    if act == SupervisorAct.MOVE_CARD:
        return _move_card_refusal(table, args)
    return None   # end_shoe: from any pause


def _enter_card_refusal(table: Table, args: Mapping[str, object]) -> Refused | None:
    before = table.state_before
    if before not in CARD_STATES:
        return Refused(Refusal.NO_CARD_EXPECTED, f"no card is expected (paused from {before})")
    if table.cut_pending:
        return Refused(Refusal.CUT_CARD_OUT, "the cut card came out before the round's first card and no more "
                       "rounds are dealt (cut_card.between_rounds = none): resume, void the round or end the shoe")
    if before in DEAL_STATES and (table.dealer is None or table.dealer.next_position is None):
        return Refused(Refusal.NO_CARD_DUE, "no card is due: the round's cards are all out (resume)")
    try:
        card = parse_card(str(args.get("token", "")))
    except CardError as err:
        return Refused(Refusal.BAD_CARD, str(err))
    held = _tokens(table.held)
    others = [t for t in held if t != card.token] if card.token in held else list(held)
    if others and not args.get("discard_held"):
        return Refused(Refusal.HELD_CARDS, f"{_held_text(held)}: enter {'it' if len(held) == 1 else 'one of them'}, "
                       "or add discard_held to discard what is not entered")
    if card.token not in held and table.remaining[card] <= 0:
        return Refused(Refusal.BEYOND_INVENTORY,
                       f"{card.token} is beyond the shoe's inventory ({table.settings.decks} decks)")
    return None


def _move_card_refusal(table: Table, args: Mapping[str, object]) -> Refused | None:
    dealer = table.dealer
    try:
        src = Position(str(args.get("from_position")))
        dst = Position(str(args.get("to_position")))
    except ValueError:
        return Refused(Refusal.BAD_POSITIONS, "positions must be player1..banker3")
    if dealer is None or src not in dealer.positions or dst not in dealer.positions or src is dst:
        return Refused(Refusal.NOT_DEALT, "both positions must be dealt cards of this round, and differ")
    trial = moved(dealer, src, dst)
    if isinstance(trial, Position):
        return Refused(Refusal.NOT_DUE_AFTER_MOVE,
                       f"after the move {trial.value} would not be due by the rules; void the round instead")
    if table.state_before == S.RESULT and not trial.complete:
        return Refused(Refusal.MORE_CARDS_AFTER_MOVE, "after the move the round would need more cards")
    return None


def moved(dealer: RoundDealer, src: Position, dst: Position) -> RoundDealer | Position:
    """The round's cards dealt again with the cards at ``src`` and ``dst`` swapped (both dealt): the new round,
    or the first position that would not be due by the rules (docs/rules.md §2) after the swap.
    """
    cards = {p: (dealer.player if p.hand == "player" else dealer.banker)[p.index - 1] for p in dealer.positions}
    cards[src], cards[dst] = cards[dst], cards[src]
    trial = RoundDealer()
    for position in dealer.positions:
        if trial.next_position is not position:
            return position
        trial.add(cards[position])
    return trial


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
    held = _tokens(getattr(view, "held", None) or ())
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
    rescan = _get(view, "rescan", None)
    position = (getattr(rescan, "value", rescan) or getattr(view.incident, "position", None)
                or getattr(due, "value", due))
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
