"""The table machine's handling of what comes from the shoe and the station: frames, the link, the
publisher's refusals and the journal's failures (part of :class:`dealer_station.domain.table.TableMachine`).

Rule source: docs/rules.md §1 (burn, cut card), §2 (deal order), §5 (misreads, cards out of place);
docs/design.md "Procedure violations that pause". Every frame is dispatched by the table's
:class:`~dealer_station.domain.states.Phase` to exactly one handler (``_CARD``, ``_MISREAD``, ``_CUT``,
``_PLACE`` below); the rules each handler applies are the named functions of :mod:`dealer_station.domain.rules`.
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
from dealer_station.domain.outcome import Position
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

if TYPE_CHECKING:
    from dealer_station.domain.inputs import (
        FrameInput,
        JournalFailed,
        JournalResumed,
        LineNoise,
        LinkInput,
        PublisherRefusal,
    )
    from dealer_station.domain.table import TableMachine

__all__ = ["FrameInputs"]

S = TableState
_PAUSABLE = frozenset(PAUSABLE)


class FrameInputs:
    """Handlers of frame, link, publisher and journal inputs (:mod:`dealer_station.domain.inputs`; mixed into
    ``TableMachine``).
    """

    # ---------------------------------------------------------------- frames

    def _frame(self: TableMachine, inp: FrameInput) -> None:
        frame = inp.frame
        raw = "" if inp.raw is None else str(inp.raw)
        if frame == FrameKind.GARBAGE:
            self._emit(Garbage(raw=raw))
            return
        if frame not in _TAKEN:
            self._emit(Ignored(frame=str(frame), why="unknown frame"))
            return
        if self.state not in NO_SHOE_STATES:
            self.frames_in_shoe += 1
        if frame == FrameKind.CARD:
            token = "" if inp.token is None else str(inp.token)
            try:
                card = parse_card(token)
            except CardError:
                self._misread(MisreadReason.UNKNOWN_CODE, raw, token=token)
                return
            self._card(card, raw)
        elif frame == FrameKind.NO_READ:
            self._misread(str(inp.reason or MisreadReason.NO_READ), raw)
        else:
            self._cut(raw)

    # ----------------------------------------------------------------- cards

    def _card(self: TableMachine, card: Card, raw: str) -> None:
        """A card read by the shoe: counted out of the inventory (once a shoe is open), then handled by phase."""
        phase = GROUP_OF[self.state]
        if phase is not Phase.NO_SHOE:
            remaining = self.remaining
            left = remaining[card]
            if left <= 0:
                self._pause(IncidentType.FOREIGN_CARD, PauseReason.BEYOND_INVENTORY, raw,
                            position=self.expected_position(), token=card.token,
                            detail=f"{card.token} would be copy {self.settings.decks + 1} in "
                                   f"{self.settings.decks} decks")
                return
            remaining[card] = left - 1
        _CARD[phase](self, card, raw)

    def _card_without_shoe(self: TableMachine, card: Card, raw: str) -> None:
        kind, reason = stray_card_incident(Phase.NO_SHOE, self.round_number)
        self._pause(kind, reason, raw, position=None, token=card.token)

    def _card_held(self: TableMachine, card: Card, raw: str) -> None:
        """Paused: the card is held for the supervisor (entered with ``enter_card`` or discarded)."""
        self.held.append(card.token)
        self._emit(CardWhilePaused(card=card, raw=raw))

    def _card_out_of_place(self: TableMachine, card: Card, raw: str) -> None:
        """Betting open, between rounds, after the round's last card: the card is discarded and the table pauses."""
        self.discarded.append(card.token)
        kind, reason = stray_card_incident(GROUP_OF[self.state], self.round_number)
        self._pause(kind, reason, raw, position=None, token=card.token)

    def _card_due(self: TableMachine, card: Card, raw: str) -> None:
        self._place(card, manual=False)

    def _place(self: TableMachine, card: Card, manual: bool) -> None:
        """Put an accepted card where the state expects it (indicator, burn, or the round)."""
        self.misreads = 0
        self.rescan = None
        state = self.state
        if state is S.SHUFFLE:
            self._trigger(Trigger.SHUFFLED)  # a card in shuffle is the indicator: the shuffle is over
            state = self.state
        _PLACE[state](self, card, manual)

    def _place_indicator(self: TableMachine, card: Card, manual: bool) -> None:
        count = burn_count(card, ace_burns=self.settings.ace_burns)
        self.burn_indicator = card
        self.burn_total = count
        self.burn_remaining = burn_remaining(count, indicator_counts=self.settings.indicator_counts)
        self._emit(BurnIndicator(card=card, burn_count=count, manual=manual,
                                 burn_remaining=self.burn_remaining))
        self._trigger(Trigger.SHOW_INDICATOR)
        if self.burn_remaining <= 0:
            self._burn_done()

    def _place_burned(self: TableMachine, card: Card, manual: bool) -> None:
        self.burned.append(card)
        self.burn_remaining -= 1
        self._emit(CardBurned(card=card, burn_remaining=self.burn_remaining, manual=manual))
        if self.burn_remaining <= 0:
            self._burn_done()

    def _place_in_round(self: TableMachine, card: Card, manual: bool) -> None:
        if self.state is S.BETTING_CLOSED:
            self._trigger(Trigger.FIRST_CARD)
        dealer = self.dealer
        assert dealer is not None
        position = dealer.add(card)
        if manual:
            self.manual_positions.append(_POSITION_NAME[position])
        self._emit(CardAccepted(round=self.round_number, position=position, card=card, manual=manual))
        if dealer.complete:
            self._trigger(Trigger.ROUND_DEALT)
            outcome = dealer.outcome
            self._emit(RoundDealt(round=self.round_number, **{**outcome.flags(), "winner": outcome.winner}))

    def _burn_done(self: TableMachine) -> None:
        self._trigger(Trigger.BURN_DONE)
        self._emit(BurnDone(burn_indicator=self.burn_indicator, burned=list(self.burned)))
        self._ready()

    # -------------------------------------------------------------- misreads

    def _misread(self: TableMachine, reason: MisreadReason | str, raw: str, token: str = "") -> None:
        """A No-Read or an unknown code (``reason``: a :class:`MisreadReason`, or the shoe's own code), handled by
        phase; the outputs carry the reason as its plain ``str``.
        """
        _MISREAD[GROUP_OF[self.state]](self, str(reason), raw, token)

    def _misread_while_paused(self: TableMachine, reason: str, raw: str, token: str) -> None:
        self._emit(NoReadWhilePaused(reason=reason, raw=raw, token=token))

    def _misread_at_card(self: TableMachine, reason: str, raw: str, token: str) -> None:
        """A card is due: rescan it, or pause once too many came in a row (docs/rules.md §5)."""
        position = self.expected_position()
        self.misreads += 1
        self.rescan = position
        if misread_verdict(self.misreads, self.settings.max_misreads) is MisreadVerdict.PAUSE:
            self._pause(IncidentType.MISREAD_LIMIT, reason, raw, position=position, token=token,
                        detail=f"{self.misreads} misreads in a row at {position}")
            if self.incident is not None and self.incident.type is IncidentType.MISREAD_LIMIT:
                # the count and the limit as fields, for the screens (not in the journal's round_paused)
                self.incident = replace(self.incident, misreads=self.misreads,
                                        max_misreads=self.settings.max_misreads)
        else:
            self._emit(RescanRequested(position=position, misreads=self.misreads,
                                       reason=reason, raw=raw, token=token))

    def _misread_out_of_place(self: TableMachine, reason: str, raw: str, token: str) -> None:
        kind, code = stray_card_incident(GROUP_OF[self.state], self.round_number, reason)
        self._pause(kind, code, raw, position=None, token=token)

    # -------------------------------------------------------------- cut card

    def _cut(self: TableMachine, raw: str) -> None:
        """The cut card, handled by the phase the table is in (the one before a pause, while paused)."""
        phase = GROUP_OF[self._where()]
        if phase is not Phase.NO_SHOE and self.cut_card_out:
            self._pause(IncidentType.PROCEDURE_VIOLATION, PauseReason.SECOND_CUT_CARD, raw, position=None)
            return
        _CUT[phase](self, raw)

    def _cut_without_shoe(self: TableMachine, raw: str) -> None:
        self._pause(IncidentType.PROCEDURE_VIOLATION, PauseReason.CUT_CARD_WITHOUT_SHOE, raw, position=None)

    def _cut_in_burn(self: TableMachine, raw: str) -> None:
        """The cut card while the shoe is prepared: an incident; the shoe's first round is its last."""
        self.cut_card_out = True
        self.cut_card_round = 0
        self.last_round_number = last_round_after_cut(CutPlace.IN_BURN, 0, self.settings.cut_between_rounds)
        self._emit(CutCard(round=0, last_round_number=self.last_round_number))
        if self.state is not S.PAUSED:
            self._pause(IncidentType.CUT_CARD_IN_BURN, PauseReason.CUT_CARD, raw, position=self.expected_position())

    def _cut_last_round(self: TableMachine, raw: str) -> None:
        """The cut card once the shoe is prepared: it sets the shoe's last round (docs/rules.md §1)."""
        self.cut_card_out = True
        dealer = self.dealer
        place = cut_card_place(self._where(), len(dealer.positions) if dealer is not None else 0)
        assert place is not None
        between_rounds = self.settings.cut_between_rounds
        self.last_round_number = last_round_after_cut(place, self.round_number, between_rounds)
        self.cut_card_round = self.round_number
        self._emit(CutCard(round=self.round_number, last_round_number=self.last_round_number))
        ends = cut_ends_shoe_at_once(place, between_rounds)
        if self.state is S.PAUSED:
            # "none" acts when the pause is resolved, exactly as it would have acted now (see _resume).
            self.cut_pending = ends
            return
        if ends:
            if place is CutPlace.BEFORE_FIRST_CARD:
                self._void(ShoeEndReason.CUT_CARD, "cut card came out before the round's first card", user=None)
            self._end_shoe(ShoeEndReason.CUT_CARD)

    # ------------------------------------------------------------------ link

    def _link(self: TableMachine, inp: LinkInput) -> None:
        event = inp.event
        detail = str(inp.detail or "")
        if event == LinkEvent.CONNECTED:
            self.connected = True
            self._emit(Connection(connected=True, detail=detail))
        elif event == LinkEvent.LOST:
            self.connected = False
            self._emit(Connection(connected=False, detail=detail))
            if self.state in _PAUSABLE:
                self._pause(IncidentType.SHOE_DISCONNECTED, PauseReason.CONNECTION_LOST, "",
                            position=self.expected_position(), detail=detail or "the shoe's link went away")
        elif event == LinkEvent.CLOSED:
            # The station stopped the reader (a stop, not a lost shoe): recorded, no pause.
            self.connected = False
            self._emit(Connection(connected=False, detail=detail, closed=True))
        else:
            self._emit(Ignored(event=str(event), why="unknown link event"))

    # ------------------------------------------------------------- publisher

    def _publisher(self: TableMachine, inp: PublisherRefusal) -> None:
        if inp.act != "event_refused":
            self._emit(Ignored(act=str(inp.act), why="unknown publisher act"))
            return
        event_id = inp.event_id
        problem = str(inp.problem or "it does not match the journal")
        before = self.incident
        self._pause(IncidentType.EVENT_MISMATCH, PauseReason.OUTBOX_EVENT_REFUSED, "",
                    position=self.expected_position(), token=f"event {event_id}",
                    detail=f"event {event_id} for the betting platform does not match the journal ({problem}); "
                           f"it and the events after it were not sent")
        if self.incident is not None and self.incident is not before and type(event_id) is int:
            self.incident = replace(self.incident, refused=RefusedEvent(event_id, problem))   # for the screens

    # ------------------------------------------------------------ line noise

    def _line_noise(self: TableMachine, inp: LineNoise) -> None:
        """The shoe's line is noisy, or a card came out of noise (the station's noise watch decided which): a
        ``line_noise`` pause, with the burst as evidence (docs/rules.md §5: an unexpected problem pauses the round).
        A card read while paused is held (:meth:`_card_held`): the supervisor enters it or discards it.
        """
        reason = str(inp.reason or PauseReason.NOISE_RATE)
        count, frames = inp.bytes, inp.frames
        detail = (f"{count} bytes of line noise in {frames} frames from {inp.first or '?'} to {inp.last or '?'}"
                  if type(count) is int and type(frames) is int else "line noise from the shoe")
        if reason == PauseReason.CARD_IN_NOISE:
            detail = f"a card read inside line noise is held for the supervisor; {detail}"
        before = self.incident
        self._pause(IncidentType.LINE_NOISE, reason, "" if inp.raw is None else str(inp.raw),
                    position=self.expected_position(), token="" if inp.token is None else str(inp.token),
                    detail=detail)
        if self.incident is not None and self.incident is not before and type(count) is int and type(frames) is int:
            # the burst's counts as fields, for the screens (not in the journal's round_paused)
            self.incident = replace(self.incident, noise=LineNoiseCounts(count, frames, str(inp.first or ""),
                                                                         str(inp.last or "")))

    # The controller pauses the table itself while its journal fails (nothing can be journaled then); once the
    # journal takes rows again it journals the pause and its resolution as these inputs, so the platform hears
    # of both, in order (``round_paused``, ``round_resumed``). Nothing of the table changes.

    def _journal_failed(self: TableMachine, inp: JournalFailed) -> None:
        """A journal failure, with its incident: told as ``round_paused``."""
        incident = {**(inp.incident or {}), "type": IncidentType.JOURNAL_FAILURE.value}
        self._emit_recorded(FactKind.ROUND_PAUSED, incident)

    def _journal_resumed(self: TableMachine, inp: JournalResumed) -> None:
        """A journal failure's resolution: told as ``round_resumed``."""
        self._emit(RoundResumed(incident_type=IncidentType.JOURNAL_FAILURE.value, act="resume",
                                user=inp.user, reason=inp.reason, note=inp.note))


_POSITION_NAME: dict[Position, str] = {position: position.value for position in Position}
"""A round position → its name (``"player_1"``), without the Enum's ``value`` lookup on the per-card path."""

_TAKEN = frozenset({FrameKind.CARD, FrameKind.NO_READ, FrameKind.CUT})
"""Frames that count as the shoe's (the simulator's position, :attr:`TableMachine.frames_in_shoe`)."""

_Handler = Callable[..., None]

F = FrameInputs

_CARD: dict[Phase, _Handler] = {
    Phase.NO_SHOE: F._card_without_shoe, Phase.PAUSED: F._card_held, Phase.BETTING: F._card_out_of_place,
    Phase.READY: F._card_out_of_place, Phase.RESULT: F._card_out_of_place,
    Phase.BURN: F._card_due, Phase.DEAL: F._card_due,
}
"""A card read by the shoe, by phase (after the inventory check, once a shoe is open)."""

_MISREAD: dict[Phase, _Handler] = {
    Phase.PAUSED: F._misread_while_paused, Phase.BURN: F._misread_at_card, Phase.DEAL: F._misread_at_card,
    Phase.NO_SHOE: F._misread_out_of_place, Phase.READY: F._misread_out_of_place,
    Phase.BETTING: F._misread_out_of_place, Phase.RESULT: F._misread_out_of_place,
}
"""A No-Read or an unknown code, by phase."""

_CUT: dict[Phase, _Handler] = {
    Phase.NO_SHOE: F._cut_without_shoe, Phase.BURN: F._cut_in_burn, Phase.READY: F._cut_last_round,
    Phase.BETTING: F._cut_last_round, Phase.DEAL: F._cut_last_round, Phase.RESULT: F._cut_last_round,
}
"""The cut card, by the phase the table is in (the one it paused from, while paused; after the second-cut check)."""

_PLACE: dict[TableState, _Handler] = {
    S.BURN_INDICATOR: F._place_indicator, S.BURNING: F._place_burned,
    S.BETTING_CLOSED: F._place_in_round, S.DEALING: F._place_in_round,
}
"""Where an accepted card goes, by state (``shuffle`` has moved on to ``burn_indicator`` first)."""

DISPATCH: dict[str, dict] = {"card": _CARD, "no_read": _MISREAD, "cut": _CUT, "place": _PLACE}
"""Every frame dispatch table by its input (for the documentation and its test)."""

del F
