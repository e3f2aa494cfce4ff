"""The table machine's handling of what comes from the shoe and the station: frames, the link, the
publisher's refusals and the journal's failures.

Rule source: docs/rules.md §1 (burn, cut card), §2 (deal order), §5 (misreads, cards out of place);
docs/design.md "Procedure violations that pause". Every frame is dispatched by the table's
:class:`~dealer_station.domain.states.Phase` to exactly one handler (``_CARD``, ``_MISREAD``, ``_CUT``,
``_PLACE`` below); the rules each handler applies are the named functions of :mod:`dealer_station.domain.rules`.
The handlers are module functions taking the table (:class:`~dealer_station.domain.table_protocol.Table`);
:class:`dealer_station.domain.table.TableMachine` calls the public ones, one per input.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from dealer_station.domain.acts import FrameKind, LinkEvent
from dealer_station.domain.cards import Card, parse_card
from dealer_station.domain.errors import CardError
from dealer_station.domain.fact_data import (
    BurnDone,
    BurnIndicator,
    CardAccepted,
    CardBurned,
    CardWhilePaused,
    Connection,
    CutCard,
    Garbage,
    Ignored,
    NoReadWhilePaused,
    RescanRequested,
    RoundDealt,
    RoundResumed,
)
from dealer_station.domain.facts import FactKind, ShoeEndReason
from dealer_station.domain.incidents import IncidentType, LineNoiseCounts, MisreadReason, PauseReason, RefusedEvent
from dealer_station.domain.rules import (
    CutPlace,
    MisreadVerdict,
    burn_count,
    burn_remaining,
    cut_card_place,
    cut_ends_shoe_at_once,
    last_round_after_cut,
    misread_verdict,
    stray_card_incident,
)
from dealer_station.domain.states import GROUP_OF, NO_SHOE_STATES, PAUSABLE, Phase, TableState, Trigger
from dealer_station.domain.table_protocol import Table
from dealer_station.domain.table_rounds import end_shoe, ready, void

if TYPE_CHECKING:
    from dealer_station.domain.inputs import (
        FrameInput,
        JournalFailed,
        JournalResumed,
        LineNoise,
        LinkInput,
        PublisherRefusal,
    )

__all__ = ["DISPATCH", "frame_input", "journal_failed", "journal_resumed", "line_noise", "link_input", "place",
           "publisher_refusal"]

S = TableState
_PAUSABLE = frozenset(PAUSABLE)


# ---------------------------------------------------------------- frames


def frame_input(table: Table, inp: FrameInput) -> None:
    """A frame from the shoe: garbage told, a card, a No-Read or the cut card handled by the table's phase."""
    frame = inp.frame
    raw = "" if inp.raw is None else str(inp.raw)
    if frame == FrameKind.GARBAGE:
        table._emit(Garbage(raw=raw))
        return
    if frame not in _TAKEN:
        table._emit(Ignored(frame=str(frame), why="unknown frame"))
        return
    if table.state not in NO_SHOE_STATES:
        table.frames_in_shoe += 1
    if frame == FrameKind.CARD:
        token = "" if inp.token is None else str(inp.token)
        try:
            card = parse_card(token)
        except CardError:
            _misread(table, MisreadReason.UNKNOWN_CODE, raw, token=token)
            return
        _card(table, card, raw)
    elif frame == FrameKind.NO_READ:
        _misread(table, str(inp.reason or MisreadReason.NO_READ), raw)
    else:
        _cut(table, raw)


# ----------------------------------------------------------------- cards


def _card(table: Table, card: Card, raw: str) -> None:
    """A card read by the shoe: counted out of the inventory (once a shoe is open), then handled by phase."""
    phase = GROUP_OF[table.state]
    if phase is not Phase.NO_SHOE:
        remaining = table.remaining
        left = remaining[card]
        if left <= 0:
            table._pause(IncidentType.FOREIGN_CARD, PauseReason.BEYOND_INVENTORY, raw,
                         position=table.expected_position(), token=card.token,
                         detail=f"{card.token} would be copy {table.settings.decks + 1} in "
                                f"{table.settings.decks} decks")
            return
        remaining[card] = left - 1
    _CARD[phase](table, card, raw)


def _card_without_shoe(table: Table, card: Card, raw: str) -> None:
    kind, reason = stray_card_incident(Phase.NO_SHOE, table.round_number)
    table._pause(kind, reason, raw, position=None, token=card.token)


def _card_held(table: Table, card: Card, raw: str) -> None:
    """Paused: the card is held for the supervisor (entered with ``enter_card`` or discarded)."""
    table.held.append(card)
    table._emit(CardWhilePaused(card=card, raw=raw))


def _card_out_of_place(table: Table, card: Card, raw: str) -> None:
    """Betting open, between rounds, after the round's last card: the card is discarded and the table pauses."""
    table.discarded.append(card.token)
    kind, reason = stray_card_incident(GROUP_OF[table.state], table.round_number)
    table._pause(kind, reason, raw, position=None, token=card.token)


def _card_due(table: Table, card: Card, raw: str) -> None:
    place(table, card, manual=False)


def place(table: Table, card: Card, manual: bool) -> None:
    """Put an accepted card where the state expects it (indicator, burn, or the round)."""
    table.misreads = 0
    table.rescan = None
    state = table.state
    if state is S.SHUFFLE:
        table._trigger(Trigger.SHUFFLED)  # a card in shuffle is the indicator: the shuffle is over
        state = table.state
    _PLACE[state](table, card, manual)


def _place_indicator(table: Table, card: Card, manual: bool) -> None:
    count = burn_count(card, ace_burns=table.settings.ace_burns)
    table.burn_indicator = card
    table.burn_total = count
    table.burn_remaining = burn_remaining(count, indicator_counts=table.settings.indicator_counts)
    table._emit(BurnIndicator(card=card, burn_count=count, manual=manual,
                              burn_remaining=table.burn_remaining))
    table._trigger(Trigger.SHOW_INDICATOR)
    if table.burn_remaining <= 0:
        _burn_done(table)


def _place_burned(table: Table, card: Card, manual: bool) -> None:
    table.burned.append(card)
    table.burn_remaining -= 1
    table._emit(CardBurned(card=card, burn_remaining=table.burn_remaining, manual=manual))
    if table.burn_remaining <= 0:
        _burn_done(table)


def _place_in_round(table: Table, card: Card, manual: bool) -> None:
    if table.state is S.BETTING_CLOSED:
        table._trigger(Trigger.FIRST_CARD)
    dealer = table.dealer
    assert dealer is not None
    position = dealer.add(card)
    if manual:
        table.manual_positions.append(position)
    table._emit(CardAccepted(round=table.round_number, position=position, card=card, manual=manual))
    if dealer.complete:
        table._trigger(Trigger.ROUND_DEALT)
        outcome = dealer.outcome
        table._emit(RoundDealt(round=table.round_number, **{**outcome.flags(), "winner": outcome.winner}))


def _burn_done(table: Table) -> None:
    table._trigger(Trigger.BURN_DONE)
    table._emit(BurnDone(burn_indicator=table.burn_indicator, burned=list(table.burned)))
    ready(table)


# -------------------------------------------------------------- misreads


def _misread(table: Table, reason: MisreadReason | str, raw: str, token: str = "") -> None:
    """A No-Read or an unknown code (``reason``: a :class:`MisreadReason`, or the shoe's own code), handled by
    phase; the outputs carry the reason as its plain ``str``.
    """
    _MISREAD[GROUP_OF[table.state]](table, str(reason), raw, token)


def _misread_while_paused(table: Table, reason: str, raw: str, token: str) -> None:
    table._emit(NoReadWhilePaused(reason=reason, raw=raw, token=token))


def _misread_at_card(table: Table, reason: str, raw: str, token: str) -> None:
    """A card is due: rescan it, or pause once too many came in a row (docs/rules.md §5)."""
    position = table.expected_position()
    table.misreads += 1
    due = table.dealer.next_position if table.dealer is not None else None
    table.rescan = due if due is not None and position == due.value else position
    if misread_verdict(table.misreads, table.settings.max_misreads) is MisreadVerdict.PAUSE:
        table._pause(IncidentType.MISREAD_LIMIT, reason, raw, position=position, token=token,
                     detail=f"{table.misreads} misreads in a row at {position}")
        if table.incident is not None and table.incident.type is IncidentType.MISREAD_LIMIT:
            # the count and the limit as fields, for the screens (not in the journal's round_paused)
            table.incident = replace(table.incident, misreads=table.misreads,
                                     max_misreads=table.settings.max_misreads)
    else:
        table._emit(RescanRequested(position=position, misreads=table.misreads,
                                    reason=reason, raw=raw, token=token))


def _misread_out_of_place(table: Table, reason: str, raw: str, token: str) -> None:
    kind, code = stray_card_incident(GROUP_OF[table.state], table.round_number, reason)
    table._pause(kind, code, raw, position=None, token=token)


# -------------------------------------------------------------- cut card


def _cut(table: Table, raw: str) -> None:
    """The cut card, handled by the phase the table is in (the one before a pause, while paused)."""
    phase = GROUP_OF[table._where()]
    if phase is not Phase.NO_SHOE and table.cut_card_out:
        table._pause(IncidentType.PROCEDURE_VIOLATION, PauseReason.SECOND_CUT_CARD, raw, position=None)
        return
    _CUT[phase](table, raw)


def _cut_without_shoe(table: Table, raw: str) -> None:
    table._pause(IncidentType.PROCEDURE_VIOLATION, PauseReason.CUT_CARD_WITHOUT_SHOE, raw, position=None)


def _cut_in_burn(table: Table, raw: str) -> None:
    """The cut card while the shoe is prepared: an incident; the shoe's first round is its last."""
    table.cut_card_out = True
    table.cut_card_round = 0
    table.last_round_number = last_round_after_cut(CutPlace.IN_BURN, 0, table.settings.cut_between_rounds)
    table._emit(CutCard(round=0, last_round_number=table.last_round_number))
    if table.state is not S.PAUSED:
        table._pause(IncidentType.CUT_CARD_IN_BURN, PauseReason.CUT_CARD, raw, position=table.expected_position())


def _cut_last_round(table: Table, raw: str) -> None:
    """The cut card once the shoe is prepared: it sets the shoe's last round (docs/rules.md §1)."""
    table.cut_card_out = True
    dealer = table.dealer
    place = cut_card_place(table._where(), len(dealer.positions) if dealer is not None else 0)
    assert place is not None
    between_rounds = table.settings.cut_between_rounds
    table.last_round_number = last_round_after_cut(place, table.round_number, between_rounds)
    table.cut_card_round = table.round_number
    table._emit(CutCard(round=table.round_number, last_round_number=table.last_round_number))
    ends = cut_ends_shoe_at_once(place, between_rounds)
    if table.state is S.PAUSED:
        # "none" acts when the pause is resolved, exactly as it would have acted now (see _resume).
        table.cut_pending = ends
        return
    if ends:
        if place is CutPlace.BEFORE_FIRST_CARD:
            void(table, ShoeEndReason.CUT_CARD, "cut card came out before the round's first card", user=None)
        end_shoe(table, ShoeEndReason.CUT_CARD)


# ------------------------------------------------------------------ link


def link_input(table: Table, inp: LinkInput) -> None:
    """The shoe's link: connected, lost (a ``shoe_disconnected`` pause) or closed by the station (no pause)."""
    event = inp.event
    detail = str(inp.detail or "")
    if event == LinkEvent.CONNECTED:
        table.connected = True
        table._emit(Connection(connected=True, detail=detail))
    elif event == LinkEvent.LOST:
        table.connected = False
        table._emit(Connection(connected=False, detail=detail))
        if table.state in _PAUSABLE:
            table._pause(IncidentType.SHOE_DISCONNECTED, PauseReason.CONNECTION_LOST, "",
                         position=table.expected_position(), detail=detail or "the shoe's link went away")
    elif event == LinkEvent.CLOSED:
        # The station stopped the reader (a stop, not a lost shoe): recorded, no pause.
        table.connected = False
        table._emit(Connection(connected=False, detail=detail, closed=True))
    else:
        table._emit(Ignored(event=str(event), why="unknown link event"))


# ------------------------------------------------------------- publisher


def publisher_refusal(table: Table, inp: PublisherRefusal) -> None:
    """The publisher refused an outbox event: an ``event_mismatch`` pause naming it."""
    if inp.act != "event_refused":
        table._emit(Ignored(act=str(inp.act), why="unknown publisher act"))
        return
    event_id = inp.event_id
    problem = str(inp.problem or "it does not match the journal")
    before = table.incident
    table._pause(IncidentType.EVENT_MISMATCH, PauseReason.OUTBOX_EVENT_REFUSED, "",
                 position=table.expected_position(), token=f"event {event_id}",
                 detail=f"event {event_id} for the betting platform does not match the journal ({problem}); "
                        f"it and the events after it were not sent")
    if table.incident is not None and table.incident is not before and type(event_id) is int:
        table.incident = replace(table.incident, refused=RefusedEvent(event_id, problem))   # for the screens


# ------------------------------------------------------------ line noise


def line_noise(table: Table, inp: LineNoise) -> None:
    """The shoe's line is noisy, or a card came out of noise (the station's noise watch decided which): a
    ``line_noise`` pause, with the burst as evidence (docs/rules.md §5: an unexpected problem pauses the round).
    A card read while paused is held (:func:`_card_held`): the supervisor enters it or discards it.
    """
    reason = str(inp.reason or PauseReason.NOISE_RATE)
    count, frames = inp.bytes, inp.frames
    detail = (f"{count} bytes of line noise in {frames} frames from {inp.first or '?'} to {inp.last or '?'}"
              if type(count) is int and type(frames) is int else "line noise from the shoe")
    if reason == PauseReason.CARD_IN_NOISE:
        detail = f"a card read inside line noise is held for the supervisor; {detail}"
    before = table.incident
    table._pause(IncidentType.LINE_NOISE, reason, "" if inp.raw is None else str(inp.raw),
                 position=table.expected_position(), token="" if inp.token is None else str(inp.token),
                 detail=detail)
    if table.incident is not None and table.incident is not before and type(count) is int and type(frames) is int:
        # the burst's counts as fields, for the screens (not in the journal's round_paused)
        table.incident = replace(table.incident, noise=LineNoiseCounts(count, frames, str(inp.first or ""),
                                                                       str(inp.last or "")))

# The controller pauses the table itself while its journal fails (nothing can be journaled then); once the
# journal takes rows again it journals the pause and its resolution as these inputs, so the platform hears
# of both, in order (``round_paused``, ``round_resumed``). Nothing of the table changes.


def journal_failed(table: Table, inp: JournalFailed) -> None:
    """A journal failure, with its incident: told as ``round_paused``."""
    incident = {**(inp.incident or {}), "type": IncidentType.JOURNAL_FAILURE.value}
    table._emit_recorded(FactKind.ROUND_PAUSED, incident)


def journal_resumed(table: Table, inp: JournalResumed) -> None:
    """A journal failure's resolution: told as ``round_resumed``."""
    table._emit(RoundResumed(incident_type=IncidentType.JOURNAL_FAILURE.value, act="resume",
                             user=inp.user, reason=inp.reason, note=inp.note))
_TAKEN = frozenset({FrameKind.CARD, FrameKind.NO_READ, FrameKind.CUT})
"""Frames that count as the shoe's (the simulator's position, :attr:`TableMachine.frames_in_shoe`)."""

_Handler = Callable[..., None]

_CARD: dict[Phase, _Handler] = {
    Phase.NO_SHOE: _card_without_shoe, Phase.PAUSED: _card_held, Phase.BETTING: _card_out_of_place,
    Phase.READY: _card_out_of_place, Phase.RESULT: _card_out_of_place,
    Phase.BURN: _card_due, Phase.DEAL: _card_due,
}
"""A card read by the shoe, by phase (after the inventory check, once a shoe is open)."""

_MISREAD: dict[Phase, _Handler] = {
    Phase.PAUSED: _misread_while_paused, Phase.BURN: _misread_at_card, Phase.DEAL: _misread_at_card,
    Phase.NO_SHOE: _misread_out_of_place, Phase.READY: _misread_out_of_place,
    Phase.BETTING: _misread_out_of_place, Phase.RESULT: _misread_out_of_place,
}
"""A No-Read or an unknown code, by phase."""

_CUT: dict[Phase, _Handler] = {
    Phase.NO_SHOE: _cut_without_shoe, Phase.BURN: _cut_in_burn, Phase.READY: _cut_last_round,
    Phase.BETTING: _cut_last_round, Phase.DEAL: _cut_last_round, Phase.RESULT: _cut_last_round,
}
"""The cut card, by the phase the table is in (the one it paused from, while paused; after the second-cut check)."""

_PLACE: dict[TableState, _Handler] = {
    S.BURN_INDICATOR: _place_indicator, S.BURNING: _place_burned,
    S.BETTING_CLOSED: _place_in_round, S.DEALING: _place_in_round,
}
"""Where an accepted card goes, by state (``shuffle`` has moved on to ``burn_indicator`` first)."""

DISPATCH: dict[str, dict] = {"card": _CARD, "no_read": _MISREAD, "cut": _CUT, "place": _PLACE}
"""Every frame dispatch table by its input (for the documentation and its test)."""
