"""What the controller shows and tells: facts, the table view, finished rounds and their ids.

docs/design.md "One station runtime" (the console is a view of these values); docs/controller.md "Public API".
Immutable values; :func:`table_view` builds the view of a :class:`~dealer_station.domain.table.TableMachine`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from dealer_station.domain.cards import Card
from dealer_station.domain.dealer_prompt import DealerPrompt, Say, prompt_text
from dealer_station.domain.enums import member_or_text
from dealer_station.domain.fact_base import FactData
from dealer_station.domain.facts import FactKind, Output, RoundStatus
from dealer_station.domain.incidents import Incident
from dealer_station.domain.outcome import Position
from dealer_station.domain.roads.marks import RoundMark
from dealer_station.domain.round_result import RoundResult
from dealer_station.domain.rules import DrawReason, draw_reason, draw_reason_text, hand_total
from dealer_station.domain.slot_init import slot_init
from dealer_station.domain.states import TableState
from dealer_station.domain.table import TableMachine
from dealer_station.journal.codec import decode_decision

__all__ = ["EdgeAlert", "Fact", "RoundRecord", "TableView", "journal_failure_prompt", "recalled_rounds",
           "recorded_outputs", "round_id", "shoe_id", "table_view"]


@slot_init
@dataclass(frozen=True, slots=True)
class Fact:
    """What the controller tells listeners (console, publisher, logs). ``data``: the kind's
    :class:`~dealer_station.domain.fact_data.FactData` (a read-only mapping of its JSON keys).

    ``kind``: a :class:`~dealer_station.domain.facts.FactKind` (equal to its plain name: ``state_changed``,
    ``betting_opened``, ``betting_closed``, ``burn_indicator``, ``card_burned``, ``burn_done``, ``card_accepted``,
    ``rescan_requested``, ``round_dealt``, ``round_completed``, ``round_paused``, ``round_resumed``,
    ``round_voided``, ``shoe_started``, ``shoe_ended``, ``cut_card``, ``player_edge``, ``garbage``, ``connection``,
    ``card_moved``, ``cards_discarded``, ``card_while_paused``, ``no_read_while_paused``,
    ``incident_while_paused``, ``act_refused``, ``auth_refused``, ``table_status``, ``input_refused``,
    ``input_held``, ``error``, ``ignored``, ``stopped`` (the station stopped: :meth:`Controller.stop`),
    ``dealer_signed_in``, ``dealer_signed_out``, ``betting_not_opened`` (betting would open by itself but no
    dealer is signed in)). ``input_held``: a shoe event (or the betting timer) that came while the journal
    failed; it is held, shown (:attr:`TableView.held_inputs`) and journaled and acted on, in order, at
    ``resume``.
    """

    kind: FactKind | str
    data: FactData


@dataclass(frozen=True, slots=True)
class EdgeAlert:
    """One alert of the edge monitor in the open shoe, as the supervisor's screen lists it.

    ``ts``: the time of the decision that made it (UTC ISO-8601, as the journal stamps the row:
    ``2026-11-30T04:00:00.000000Z``); ``data``: its ``player_edge`` output
    (:class:`~dealer_station.domain.fact_data.PlayerEdge`: ``shoe``, ``round``, ``bet``, ``ev``, ``house_edge``,
    ``cards_left`` and what the monitor adds; a plain mapping when an older row recorded other keys).
    """

    ts: str
    data: FactData | Mapping[str, Any]


@dataclass(frozen=True)
class TableView:
    """Everything the dealer screen shows; an immutable snapshot (see docs/controller.md).

    The cards are :class:`~dealer_station.domain.cards.Card` values (``player``, ``banker``, ``burn_indicator``,
    ``burned``, ``held``), the positions :class:`~dealer_station.domain.outcome.Position` members (``next_position``,
    ``rescan``, ``manual``), why a hand draws a :class:`~dealer_station.domain.rules.DrawReason`, the round's result a
    :class:`~dealer_station.domain.round_result.RoundResult`: a screen words them, it parses nothing.
    """

    state: str
    prompt: str
    next_position: Position | None
    """The position the next card goes to while a round is dealt, else None."""
    who_draws: str | None
    """:attr:`draw_reason` in the dealer's English (``"PLAYER DRAWS ON 4"``), or None."""
    table_id: str
    shoe_number: int
    round_number: int
    cards_left: int
    burn_indicator: Card | None
    burn_remaining: int
    cut_card_out: bool
    last_round: bool
    player: tuple[Card, ...]
    banker: tuple[Card, ...]
    player_total: int | None
    banker_total: int | None
    offered_bets: tuple[str, ...]
    misreads: int
    rescan: Position | None
    """The round position whose card the shoe misread and is to be scanned again, else None."""
    incident: Incident | None
    result: RoundResult | None
    """The round's result shown (:class:`~dealer_station.domain.round_result.RoundResult`): the dealt round's,
    not yet confirmed, in ``result`` (status ``dealt``), then the confirmed or voided one until the next round
    opens; else None."""
    history: tuple[str, ...]
    betting_seconds_left: float | None
    connected: bool
    burned: tuple[Card, ...] = ()
    manual: tuple[Position, ...] = ()
    """The positions of the round's cards a supervisor entered by hand, in the order entered."""
    held: tuple[Card, ...] = ()
    """Cards the shoe read while paused, held for the supervisor (enter one, or discard them explicitly)."""
    held_inputs: tuple[str, ...] = ()
    """Shoe events held while the journal fails (``"card AH"``, ``"no_read"``...), acted on at ``resume``."""
    dealer: str | None = None
    """The dealer signed in at the table (:meth:`Controller.sign_in`), or None."""
    dealer_how: str | None = None
    """How that dealer signed in: ``pin``, ``badge``, ``configured`` (the station's setting) or ``demo``."""
    marks: tuple[RoundMark, ...] = ()
    """The shoe's completed rounds as the roads read them, in order, one per :attr:`history` letter: the winner
    and the pairs and naturals (:class:`~dealer_station.domain.roads.RoundMark`). The shoe's statistics and
    every road are :func:`~dealer_station.domain.roads.compute_roads` of them. The machine makes them as it
    confirms each round, live and in the replay of the open shoe alike, so a restart shows the same ones.
    """
    edges: tuple[EdgeAlert, ...] = ()
    """The edge monitor's alerts of the open shoe (or of the shoe just ended), oldest first; a restart reads them
    back from the journal's decisions."""
    draw_reason: DrawReason | None = None
    """Why the next card is dealt or not (:func:`~dealer_station.domain.rules.draw_reason`): None before the first
    four cards and once Banker has drawn. :attr:`who_draws` is its English."""
    dealer_prompt: DealerPrompt | None = None
    """What the dealer is told to do next (:func:`~dealer_station.domain.dealer_prompt.dealer_prompt`; a journal
    failure's ``Say.JOURNAL_FAILURE``): :attr:`prompt` is its English, each screen's banner its words."""
    rescan_burn: bool = False
    """The burn card (the indicator or a burned card) was misread and is to be scanned again (:attr:`rescan` is
    a round position's)."""


@dataclass(frozen=True)
class RoundRecord:
    """One finished round from the journal (docs/rules.md §2: completed or voided, with its cards and flags)."""

    shoe: int
    round: int
    status: str
    player: tuple[str, ...]
    banker: tuple[str, ...]
    player_total: int | None
    banker_total: int | None
    winner: str | None
    available_bets: tuple[str, ...]
    last_round: bool
    flags: dict = field(default_factory=dict)
    reason: str | None = None
    note: str | None = None
    manual: tuple[str, ...] = ()
    round_id: str = ""
    dealer: str | None = None
    """Who dealt the round (the dealer signed in); None in a journal made before dealers signed in."""

    @classmethod
    def from_output(cls, data: dict, table_id: str = "") -> "RoundRecord":
        """Build from a ``round_completed`` / ``round_voided`` output."""
        flag_keys = ("margin", "player_natural", "banker_natural", "player_pair", "banker_pair",
                     "player_perfect_pair", "banker_perfect_pair", "lucky_six", "cards_used")
        return cls(shoe=int(data["shoe"]), round=int(data["round"]), status=member_or_text(RoundStatus, data["status"]),
                   player=tuple(data.get("player", ())), banker=tuple(data.get("banker", ())),
                   player_total=data.get("player_total"), banker_total=data.get("banker_total"),
                   winner=data.get("winner"), available_bets=tuple(data.get("available_bets", ())),
                   last_round=bool(data.get("last_round")),
                   flags={k: data[k] for k in flag_keys if k in data},
                   reason=data.get("reason"), note=data.get("note"), manual=tuple(data.get("manual", ())),
                   round_id=round_id(table_id, int(data["shoe"]), int(data["round"])) if table_id else "",
                   dealer=data.get("dealer"))

    def line(self) -> dict:
        """The ``simulate`` output line of this round."""
        return _round_line(self.shoe, self.round, self.status, self.player, self.banker, self.player_total,
                           self.banker_total, self.winner, self.available_bets, self.last_round, self.dealer)

    @staticmethod
    def line_of(data: dict) -> dict:
        """``RoundRecord.from_output(data).line()`` without the record (a replay makes one per round)."""
        return _round_line(int(data["shoe"]), int(data["round"]), str(data["status"]), data.get("player", ()),
                           data.get("banker", ()), data.get("player_total"), data.get("banker_total"),
                           data.get("winner"), data.get("available_bets", ()), bool(data.get("last_round")),
                           data.get("dealer"))


def _round_line(shoe: int, rnd: int, status: str, player, banker, player_total, banker_total, winner,
                available_bets, last_round: bool, dealer: str | None = None) -> dict:
    """The one shape of a round's output line (:meth:`RoundRecord.line`).

    ``dealer``: who dealt it, the line's last key; left out when no dealer was signed in (a replay of a
    recording or a journal made before sign-ins), so those lines stay as they were.
    """
    line = {"shoe": shoe, "round": rnd, "status": status, "player": list(player), "banker": list(banker),
            "player_total": player_total, "banker_total": banker_total, "winner": winner,
            "available_bets": list(available_bets), "last_round": last_round}
    if dealer is not None:
        line["dealer"] = dealer
    return line


def shoe_id(table_id: str, shoe: int) -> str:
    """``T1-S0003``."""
    return f"{table_id}-S{shoe:04d}"


def round_id(table_id: str, shoe: int, rnd: int) -> str:
    """``T1-S0003-R012``."""
    return f"{shoe_id(table_id, shoe)}-R{rnd:03d}"


def table_view(machine: TableMachine, table_id: str, *, journal_fault: Incident | None = None,
               held_inputs: tuple[str, ...] = (), betting_seconds_left: float | None = None,
               edges: tuple[EdgeAlert, ...] = ()) -> TableView:
    """The :class:`TableView` of ``machine`` (docs/controller.md).

    ``journal_fault``: the journal failure the controller paused on, or None (the view then shows ``paused``
    with that incident and the prompt names the cause); ``held_inputs``: the shoe events held meanwhile, in
    words (:func:`dealer_station.app.journal_guard.describe_input`); ``betting_seconds_left``: seconds, or None;
    ``edges``: the shoe's edge alerts (the controller keeps them: the machine does not run the monitor).
    """
    m = machine
    dealer = m.dealer
    player = tuple(dealer.player) if dealer else ()
    banker = tuple(dealer.banker) if dealer else ()
    reason = draw_reason(player, banker) if dealer else None
    state = m.state
    incident = m.incident
    said = m.instruction()
    if journal_fault is not None:
        state, incident = TableState.PAUSED, journal_fault
        said = DealerPrompt(Say.JOURNAL_FAILURE)
        prompt = journal_failure_prompt(journal_fault, len(held_inputs))
    else:
        prompt = prompt_text(said)
    return TableView(
        state=state, prompt=prompt, next_position=dealer.next_position if m.next_position is not None else None,
        who_draws=draw_reason_text(reason),
        table_id=table_id, shoe_number=m.shoe_number, round_number=m.round_number,
        cards_left=m.cards_left, burn_indicator=m.burn_indicator, burn_remaining=m.burn_remaining,
        cut_card_out=m.cut_card_out, last_round=m.last_round(), player=player, banker=banker,
        player_total=hand_total(dealer.player) if player else None,
        banker_total=hand_total(dealer.banker) if banker else None,
        offered_bets=tuple(m.offered) if m.round_open else (), misreads=m.misreads,
        rescan=rescan if isinstance(rescan := m.rescan, Position) else None, rescan_burn=isinstance(rescan, str),
        incident=incident, result=m.round_result(), history=tuple(m.history), betting_seconds_left=betting_seconds_left,
        connected=m.connected, burned=tuple(m.burned), manual=tuple(m.manual_positions),
        held=tuple(m.held), held_inputs=held_inputs, dealer=m.signed_in, dealer_how=m.signed_in_how,
        marks=tuple(m.marks), edges=edges, draw_reason=reason, dealer_prompt=said)


def journal_failure_prompt(incident: Incident, held: int = 0) -> str:
    """The dealer's prompt while the journal fails: ``"PAUSED: JOURNAL FAILURE (DISK FULL): CALL THE SUPERVISOR
    (2 SHOE EVENTS HELD)"``; ``held``: shoe events held meanwhile.
    """
    cause = incident.detail.partition(": ")[2]
    prompt = f"PAUSED: JOURNAL FAILURE{f' ({cause.upper()})' if cause else ''}: CALL THE SUPERVISOR"
    if held:
        prompt += f" ({held} SHOE EVENT{'S' if held != 1 else ''} HELD)"
    return prompt


def recorded_outputs(journal, kinds: tuple[str, ...], mark: str | None = None,  # noqa: ANN001
                     after: int = 0) -> Iterator[Output]:
    """Decided outputs of the given kinds from ``journal``, in order (e.g. to re-print a run); ``mark``: only the
    decision rows of that mark (``"round"``); ``after``: only rows after this seq. Raises JournalError when the
    journal cannot be read.
    """
    for row in journal.rows(after, kinds=("decision",), mark=mark):
        for kind, data in decode_decision(row.body).outputs:
            if kind in kinds:
                yield kind, data


def recalled_rounds(journal, table_id: str, shoe: int | None, *, after: int = 0) -> list[RoundRecord]:  # noqa: ANN001
    """Finished rounds (completed and voided) of table ``table_id`` from ``journal``, oldest first; shoe ``shoe``
    or all (None); ``after``: read the rows after this seq (the open shoe's start: reading it costs the same
    however long the journal). Raises JournalError when the journal cannot be read.
    """
    out = []
    for _kind, data in recorded_outputs(journal, (FactKind.ROUND_COMPLETED, FactKind.ROUND_VOIDED), mark="round",
                                        after=after):
        if shoe is None or data.get("shoe") == shoe:
            out.append(RoundRecord.from_output(data, table_id))
    return out
