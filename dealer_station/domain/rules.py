"""The rules of punto banco and of the table's procedure, one named function each.

Rule source: docs/rules.md §1 (points, totals, the burn, the cut card), §2 (natural, player's third card,
banker table), §5 (misreads, cards out of place); docs/design.md "The table state machine" (the dealer's acts).
Pure functions over values; no I/O. Each is table-tested in ``tests/unit/domain/test_rules.py``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from dealer_station.domain.acts import DealerAct
from dealer_station.domain.cards import Card, Rank
from dealer_station.domain.incidents import IncidentType
from dealer_station.domain.states import Phase, TableState

__all__ = [
    "BANKER_DRAWS_ON",
    "CONFIRM_STATES",
    "NEXT_DEALER_ACT",
    "CutPlace",
    "DrawReason",
    "DrawVerdict",
    "MisreadVerdict",
    "banker_draws",
    "banker_rule_reason",
    "burn_count",
    "burn_remaining",
    "cut_card_place",
    "cut_ends_shoe_at_once",
    "draw_reason",
    "draw_reason_text",
    "hand_total",
    "is_natural",
    "last_round_after_cut",
    "misread_verdict",
    "next_dealer_act",
    "player_draws",
    "stray_card_incident",
]


def hand_total(cards: Iterable[Card]) -> int:
    """Total of a hand: sum of points mod 10, always 0–9 (docs/rules.md §1: 8 + 9 = 17 → 7)."""
    return sum([card.points for card in cards]) % 10


def is_natural(total: int) -> bool:
    """True when a two-card total is a natural, 8 or 9 (docs/rules.md §2)."""
    return total in (8, 9)


def player_draws(player_total: int) -> bool:
    """Player's third card: draw on 0–5, stand on 6–7 (docs/rules.md §2). Only asked when no natural."""
    _check_total(player_total)
    return player_total <= 5


BANKER_DRAWS_ON: dict[int, frozenset[int]] = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset({0, 1, 2, 3, 4, 5, 6, 7, 9}),
    4: frozenset({2, 3, 4, 5, 6, 7}),
    5: frozenset({4, 5, 6, 7}),
    6: frozenset({6, 7}),
    7: frozenset(),
}
"""Banker's two-card total → points of Player's third card on which Banker draws (docs/rules.md §2 table)."""


def banker_draws(banker_total: int, player_third_points: int | None) -> bool:
    """Whether Banker draws a third card (docs/rules.md §2). Only asked when neither hand has a natural.

    Parameters
    ----------
    banker_total:
        Banker's two-card total, 0–7.
    player_third_points:
        Points (0–9) of Player's third card, or ``None`` when Player stood.

    Raises ValueError for a total outside 0–9 or third-card points outside 0–9.
    """
    _check_total(banker_total)
    if player_third_points is None:
        return banker_total <= 5
    _check_total(player_third_points)
    return player_third_points in BANKER_DRAWS_ON.get(banker_total, frozenset())


def banker_rule_reason(banker_total: int, player_third_points: int | None) -> str:
    """A one-line explanation of Banker's decision, for people (e.g. ``"banker 3, player's third card 8: stands"``)."""
    verb = "draws" if banker_draws(banker_total, player_third_points) else "stands"
    if player_third_points is None:
        return f"player stood; banker {banker_total}: {verb}"
    return f"banker {banker_total}, player's third card {player_third_points}: {verb}"


def _check_total(total: int) -> None:
    if not isinstance(total, int) or not 0 <= total <= 9:
        raise ValueError(f"a total or card point must be 0-9, got {total!r}")


# ------------------------------------------------------------------ why a hand draws


class DrawVerdict(StrEnum):
    """What the third-card rules say next (docs/rules.md §2)."""

    NATURAL = "natural"
    """A natural on either hand: no more cards."""
    PLAYER_DRAWS = "player_draws"
    """Player draws a third card (Player's two-card total 0–5)."""
    BANKER_DRAWS = "banker_draws"
    """Banker draws a third card."""
    BANKER_STANDS = "banker_stands"
    """Banker stands (and so does Player, when ``player_third`` is None): no more cards."""


@dataclass(frozen=True, slots=True)
class DrawReason:
    """Why a hand draws or stands, as values: the console words it in the dealer's language.

    Attributes
    ----------
    verdict:
        What happens next (:class:`DrawVerdict`).
    player_total, banker_total:
        The hands' two-card totals, 0–9.
    player_third:
        Points (0–9) of Player's third card, or None when Player has not drawn (stood, or not yet).
    """

    verdict: DrawVerdict
    player_total: int
    banker_total: int
    player_third: int | None = None


def draw_reason(player: Sequence[Card], banker: Sequence[Card]) -> DrawReason | None:
    """Why the next card is dealt or not, from a round's cards so far (docs/rules.md §2 third-card rules).

    Parameters
    ----------
    player, banker:
        The hands' cards in deal order (2 or 3 each once the first four are out).

    Returns
    -------
    DrawReason or None
        None before the first four cards, and once Banker has drawn (nothing is left to explain).
    """
    if len(player) < 2 or len(banker) < 2:
        return None
    p2, b2 = hand_total(player[:2]), hand_total(banker[:2])
    if is_natural(p2) or is_natural(b2):
        return DrawReason(DrawVerdict.NATURAL, p2, b2)
    if len(player) == 2 and player_draws(p2):
        return DrawReason(DrawVerdict.PLAYER_DRAWS, p2, b2)
    if len(banker) == 3:
        return None
    third = player[2].points if len(player) == 3 else None
    verdict = DrawVerdict.BANKER_DRAWS if banker_draws(b2, third) else DrawVerdict.BANKER_STANDS
    return DrawReason(verdict, p2, b2, third)


# -------------------------------------------------------------------------- the burn


def burn_count(indicator: Card, *, ace_burns: int = 1) -> int:
    """Cards the burn indicator card says to burn (docs/rules.md §1): Ace ``ace_burns`` (1, or 11 by the setting
    ``burn.ace_burns``), 2–9 face value, 10/J/Q/K 10 (not 0).
    """
    return ace_burns if indicator.rank is Rank.ACE else indicator.rank.burn_count


def burn_remaining(count: int, *, indicator_counts: bool = False) -> int:
    """Cards still to burn once the indicator is shown (docs/rules.md §1): ``count``, or ``count - 1`` when the
    indicator is counted as the first burned card (setting ``burn.indicator_counts``; default not).
    """
    return count - 1 if indicator_counts else count


# ------------------------------------------------------------------------ the cut card


class CutPlace(StrEnum):
    """Where the cut card came out (docs/rules.md §1), which says which round is the shoe's last."""

    IN_BURN = "in_burn"
    """While showing the burn card or burning: an incident; the shoe's first round is its last."""
    IN_ROUND = "in_round"
    """A round's cards are out: that round is the last, completed with as many cards as it needs."""
    BEFORE_FIRST_CARD = "before_first_card"
    """Betting open or closed, no card of the round out yet."""
    BETWEEN_ROUNDS = "between_rounds"
    """Between rounds (``ready``)."""
    AWAITING_CONFIRM = "awaiting_confirm"
    """The round's cards are all out, its result not yet confirmed."""


def cut_card_place(where: TableState | str, cards_dealt: int) -> CutPlace | None:
    """Where the cut card came out, from the table's state (the one before a pause) and the cards of the
    round already dealt; None with no shoe open (``no_shoe``, ``shoe_end``: a procedure violation).
    """
    state = TableState(where)
    if state in (TableState.SHUFFLE, TableState.BURN_INDICATOR, TableState.BURNING):
        return CutPlace.IN_BURN
    if state is TableState.DEALING or (state is TableState.BETTING_CLOSED and cards_dealt > 0):
        return CutPlace.IN_ROUND
    return _CUT_PLACE.get(state)


_CUT_PLACE = {TableState.BETTING_OPEN: CutPlace.BEFORE_FIRST_CARD,
              TableState.BETTING_CLOSED: CutPlace.BEFORE_FIRST_CARD,
              TableState.READY: CutPlace.BETWEEN_ROUNDS, TableState.RESULT: CutPlace.AWAITING_CONFIRM}


def last_round_after_cut(place: CutPlace, round_number: int, between_rounds: str = "one_more") -> int:
    """The number of the shoe's last round once the cut card is out (docs/rules.md §1).

    Parameters
    ----------
    place:
        Where it came out (:func:`cut_card_place`).
    round_number:
        The shoe's current round number (0 before the first round).
    between_rounds:
        The setting ``cut_card.between_rounds``: ``"one_more"`` (default: exactly one more round is dealt
        after a cut card between rounds) or ``"none"`` (no more rounds).

    Returns
    -------
    int
        1 in the burn; the current round when it is under way (or about to be, betting open or closed,
        with ``one_more``); with ``one_more`` the next round when between rounds or awaiting the confirm;
        with ``none`` the current round.
    """
    if place is CutPlace.IN_BURN:
        return 1
    if place in (CutPlace.BETWEEN_ROUNDS, CutPlace.AWAITING_CONFIRM) and between_rounds == "one_more":
        return round_number + 1
    return round_number


def cut_ends_shoe_at_once(place: CutPlace, between_rounds: str) -> bool:
    """True when the cut card ends the shoe where it came out (docs/rules.md §1, setting ``none``): between rounds,
    or betting open or closed before the round's first card (that round is voided: no card of it is out).
    """
    return between_rounds == "none" and place in (CutPlace.BEFORE_FIRST_CARD, CutPlace.BETWEEN_ROUNDS)


# --------------------------------------------------------------------------- misreads


class MisreadVerdict(StrEnum):
    """What a No-Read (or an unknown code) at a card's position makes (docs/rules.md §5)."""

    RESCAN = "rescan"
    """The dealer rescans the same card."""
    PAUSE = "pause"
    """Too many in a row: the round pauses with incident ``misread_limit``."""


def misread_verdict(misreads_in_a_row: int, max_misreads: int) -> MisreadVerdict:
    """Rescan, or pause once ``misreads_in_a_row`` (this one included, ≥ 1) reaches ``max_misreads``
    (setting ``shoe.max_misreads``, ≥ 1) (docs/rules.md §5: the dealer rescans until the system reads it; the
    station bounds the retries).
    """
    return MisreadVerdict.PAUSE if misreads_in_a_row >= max_misreads else MisreadVerdict.RESCAN


def stray_card_incident(phase: Phase, round_number: int, reason: str = "card") -> tuple[IncidentType, str]:
    """The incident type and reason code of a card (or a No-Read, ``reason`` its own code) that comes out
    where no card is due (docs/design.md "Procedure violations that pause").

    ``phase``: the table's :class:`~dealer_station.domain.states.Phase`, one of ``no_shoe``, ``ready``,
    ``betting``, ``result``; ``round_number``: the shoe's current round (0 before the first). Raises
    ValueError for a phase in which a card is due (``burn``, ``deal``) or which holds it (``paused``).
    """
    if phase is Phase.BETTING:
        return IncidentType.CARD_WHILE_BETTING, reason
    if phase is Phase.RESULT or (phase is Phase.READY and round_number > 0):
        return IncidentType.CARD_AFTER_ROUND, reason
    if phase is Phase.READY:
        return IncidentType.PROCEDURE_VIOLATION, "card_before_betting"
    if phase is Phase.NO_SHOE:
        return IncidentType.PROCEDURE_VIOLATION, "card_without_shoe" if reason == "card" else f"{reason}_without_shoe"
    raise ValueError(f"a card is not out of place in phase {phase}")


# ------------------------------------------------------------------------ dealer acts


NEXT_DEALER_ACT: dict[TableState, DealerAct] = {
    TableState.NO_SHOE: DealerAct.NEW_SHOE,
    TableState.SHOE_END: DealerAct.CHANGE_SHOE,
    TableState.SHOE_CHANGE: DealerAct.NEW_SHOE,
    TableState.SHUFFLE: DealerAct.SHUFFLED,
    TableState.READY: DealerAct.OPEN_BETTING,
    TableState.BETTING_OPEN: DealerAct.CLOSE_BETTING,
    TableState.RESULT: DealerAct.CONFIRM_RESULT,
}
"""The dealer act that moves each state on; the states missing wait for a card or a supervisor."""

CONFIRM_STATES: frozenset[TableState] = frozenset({TableState.SHOE_CHANGE})
"""States whose dealer act is a confirm of something done at the table by hand (the shoe change: the old
shoe's cards out, new decks in): it must be a deliberate act of its own, so the dealer's "next" key or pedal
never gives it (docs/rules.md §1, a new shoe after the last round; docs/design.md "Users": the dealer)."""


def next_dealer_act(state: TableState | str) -> DealerAct | None:
    """The dealer act that moves the table on from ``state``, or None when the next step is a card from
    the shoe (burn and deal states) or a supervisor's act (``paused``) (docs/design.md "Users": the dealer's
    procedure).
    """
    return NEXT_DEALER_ACT.get(state)  # type: ignore[call-overload]


def draw_reason_text(reason: DrawReason | None) -> str | None:
    """A :class:`~dealer_station.domain.rules.DrawReason` in the dealer's English, upper case
    (``"BANKER DRAWS (BANKER 3, PLAYER'S THIRD CARD 9: DRAWS)"``); None for None. The console words the
    same reason in the dealer's language.
    """
    if reason is None:
        return None
    p2, b2, third = reason.player_total, reason.banker_total, reason.player_third
    if reason.verdict is DrawVerdict.NATURAL:
        return f"NATURAL: PLAYER {p2}, BANKER {b2}: NO MORE CARDS"
    if reason.verdict is DrawVerdict.PLAYER_DRAWS:
        return f"PLAYER DRAWS ON {p2}"
    verdict = banker_rule_reason(b2, third).upper()
    if reason.verdict is DrawVerdict.BANKER_DRAWS:
        return f"BANKER DRAWS ({verdict})"
    head = f"PLAYER STANDS ON {p2}; " if third is None else ""
    return f"{head}BANKER STANDS ({verdict})"
