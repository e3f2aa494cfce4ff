"""The table state machine: shoe and round procedure, as data, on ``transitions``.

Rule source: RULES.md §1 (shuffle, burn, cut card), §2 (a round), §3 (bets offered per round),
§5 (misreads, pauses); DESIGN.md "The table state machine".

This module is pure: no I/O, no clock, no threads. :class:`TableMachine` takes one *input* at a
time (a plain dict, exactly as the journal stores it, timestamp included) and returns the
*outputs* it decided (``(kind, data)`` pairs). The same inputs always give the same state and
the same outputs, which is what makes the journal a fold (recovery replays the inputs).

States (:data:`STATES`) and the allowed transitions (:data:`TRANSITIONS`) are data; the machine
refuses any transition the table does not list (``transitions.MachineError``), and an input that
does not fit the state is never dropped: it becomes a typed incident or a refusal.

Inputs (dicts; ``ts`` is the UTC time of the input, ``raw`` is hex):

- ``{"kind": "frame", "frame": "card", "token": "AS", "raw": "..."}``
- ``{"kind": "frame", "frame": "no_read", "reason": "no_read", "raw": "..."}``
- ``{"kind": "frame", "frame": "cut", "raw": "..."}``; ``{"kind": "frame", "frame": "garbage", "raw": "..."}``
- ``{"kind": "link", "event": "connected" | "lost", "detail": "..."}``
- ``{"kind": "dealer", "act": "new_shoe" | "shuffled" | "open_betting" | "close_betting" |
  "confirm_result" | "call_supervisor", "args": {}}``
- ``{"kind": "dealer", "act": "sign_in", "args": {"user": "ana", "how": "pin" | "badge" | "configured" |
  "demo"}}`` (already checked against the accounts), ``{"kind": "dealer", "act": "sign_out", "args": {}}``:
  who is at the table (:data:`STAFF_ACTS`). Refused while a round is open or the table is paused. Once a
  dealer has signed in (:attr:`TableMachine.staffed`), betting opens (by the dealer or by itself) only while
  one is signed in, and every round records its ``dealer``.
- ``{"kind": "timer", "act": "close_betting"}`` (the betting window ran out)
- ``{"kind": "publisher", "act": "event_refused", "event_id": 17, "problem": "..."}`` (the publisher found
  an outbox event that does not match the journal's chain and did not send it: an ``event_mismatch`` pause)
- ``{"kind": "supervisor", "act": "resume" | "enter_card" | "move_card" | "void_round" | "end_shoe",
  "user": "...", "reason": "...", "note": "...", "args": {...}}`` (already authenticated). A card the
  shoe reads while paused is *held*: ``resume`` is refused until it is entered (``enter_card`` with its
  token) or discarded explicitly (``args.discard_held``); ``void_round`` and ``end_shoe`` discard it.
- ``{"kind": "link", "event": "closed", "detail": "..."}``: the station stopped the reader (a stop, not a
  lost shoe: no pause).
- ``{"kind": "stop", "why": "..."}``: the station stops (SIGTERM, Ctrl-C, the console closed...). Nothing of
  the table changes (the open round stays open for the next start); :attr:`TableMachine.closed` is true
  until the next input.
- ``{"kind": "journal", "event": "failed", "incident": {...}}`` / ``{"kind": "journal", "event": "resumed",
  "user": ..., "reason": ..., "note": ...}``: a journal failure and its resolution, journaled by the
  controller once the journal takes rows again; told as ``round_paused`` / ``round_resumed``, nothing of the
  table changes.

:meth:`TableMachine.step` is atomic: when acting raises, every attribute is put back as it was before the
input, then the table pauses with ``unexpected_error``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from transitions import Machine, MachineError

from dealer_station.domain.acts import DEALER_ACTS, STAFF_ACTS, SUPERVISOR_ACTS
from dealer_station.domain.cards import Card, parse_card, shoe_counts
from dealer_station.domain.errors import CardError, DealError
from dealer_station.domain.incidents import Incident
from dealer_station.domain.outcome import Position, RoundDealer
from dealer_station.domain.rules import (
    CutPlace,
    DrawReason,
    DrawVerdict,
    MisreadVerdict,
    banker_rule_reason,
    burn_count,
    burn_remaining,
    cut_card_place,
    cut_ends_shoe_at_once,
    draw_reason,
    hand_total,
    last_round_after_cut,
    misread_verdict,
)
from dealer_station.domain.states import CARD_STATES, PAUSABLE, ROUND_STATES, STATES, TRANSITIONS, TableState

__all__ = [
    "CARD_STATES",
    "DEALER_ACTS",
    "NO_DEALER",
    "PAUSABLE",
    "ROUND_STATES",
    "STAFF_ACTS",
    "STATES",
    "SUPERVISOR_ACTS",
    "TRANSITIONS",
    "Output",
    "TableMachine",
    "TableSettings",
    "TableState",
]

NO_DEALER = "no dealer is signed in: a dealer signs in at the console before betting opens"
"""Why betting does not open (by the dealer or by itself) while no dealer is signed in."""

Output = tuple[str, dict]
"""What the machine decided: ``(kind, data)``; ``data`` is JSON-able."""


@dataclass(frozen=True)
class TableSettings:
    """The rule settings the machine needs (validated by the station configuration).

    Attributes
    ----------
    decks:
        Decks in a shoe (RULES.md §1: 8); sets the inventory (a ``decks + 1``-th copy is foreign).
    max_misreads:
        No-Reads in a row at one position before the round pauses with ``misread_limit`` (RULES.md §5).
    indicator_counts:
        True when the burn indicator is the first of the N burned cards (RULES.md §1; default False).
    ace_burns:
        Cards an Ace indicator burns: 1 (default) or 11.
    cut_between_rounds:
        ``"one_more"`` (default: one more round after a cut card between rounds) or ``"none"``.
    auto_open:
        Open betting as soon as the table is ready (else the dealer opens it).
    offered_in:
        Round number (1-based) → offered bet ids in that round (RULES.md §3 last round offered).
    """

    decks: int = 8
    max_misreads: int = 3
    indicator_counts: bool = False
    ace_burns: int = 1
    cut_between_rounds: str = "one_more"
    auto_open: bool = False
    offered_in: Callable[[int], tuple[str, ...]] = field(default=lambda n: ("player", "banker", "tie"))


def draw_reason_text(reason: DrawReason | None) -> str | None:
    """A :class:`~dealer_station.domain.rules.DrawReason` in the dealer's English, upper case
    (``"BANKER DRAWS (BANKER 3, PLAYER'S THIRD CARD 9: DRAWS)"``); None for None. The console words the
    same reason in the dealer's language."""
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


class _Model:
    """The object ``transitions`` drives; holds only ``state``, kept as a :class:`TableState` member.

    ``transitions`` is built on the states' plain names (it would take an Enum by its member name) and
    sets ``state`` to a name; the property keeps the member, so the table's state is typed everywhere.
    """

    def __init__(self) -> None:
        self._state = TableState.NO_SHOE

    @property
    def state(self) -> TableState:
        return self._state

    @state.setter
    def state(self, name: str) -> None:
        self._state = TableState(name)


_CHANGED_IN_PLACE = ("remaining", "burned", "manual_positions", "history", "rounds", "held", "discarded", "_out")
"""The attributes a step changes in place (a Counter and lists): copied by a checkpoint, the rest is replaced."""


def _copy_dealer(dealer: RoundDealer) -> RoundDealer:
    """A copy of ``dealer`` that later cards do not change (its card lists copied; the rest is immutable)."""
    clone = RoundDealer.__new__(RoundDealer)
    clone.__dict__.update({k: v.copy() if type(v) is list else v for k, v in dealer.__dict__.items()})
    return clone


def _moves(machine: Machine) -> dict[tuple[str, str], str]:
    """``(trigger, source state) -> destination`` from a ``transitions`` machine's events.

    Only unconditional, callback-free transitions are expected (:data:`TRANSITIONS` has no other
    kind); a source with more than one transition for a trigger, a condition or a callback would
    need ``transitions`` itself, so it raises ValueError here rather than behaving differently.
    """
    moves: dict[tuple[str, str], str] = {}
    for name, event in machine.events.items():
        for source, found in event.transitions.items():
            if len(found) != 1:
                raise ValueError(f"transition {name} from {source}: {len(found)} candidates")
            (move,) = found
            if move.conditions or move.before or move.after or move.prepare:
                raise ValueError(f"transition {name} from {source} has conditions or callbacks")
            moves[(name, source)] = move.dest
    return moves


class TableMachine:
    """One table's procedure (RULES.md §1–2, §5). Not thread-safe: one owner thread.

    Call :meth:`step` with one input dict; it returns the outputs. Read the public attributes
    for the view (state, shoe and round numbers, cards, incident...).
    """

    def __init__(self, settings: TableSettings | None = None) -> None:
        self.settings = settings or TableSettings()
        self._model = _Model()
        self._fsm = Machine(model=self._model, states=list(STATES), transitions=[dict(t) for t in TRANSITIONS],
                            initial="no_shoe", auto_transitions=False, ignore_invalid_triggers=False)
        self._moves = _moves(self._fsm)
        self.shoe_number = 0
        self.connected = False
        self.signed_in: str | None = None
        """The dealer at the table (``sign_in``), or None; it stays across shoes."""
        self.signed_in_how: str | None = None
        self.staffed = False
        """True once a dealer has signed in: from then on betting opens only with a dealer signed in."""
        self._reset_shoe()
        self.closed = False
        """True after a ``stop`` input, until the next input: the station stopped (the table is closed)."""
        self._before_step: tuple[dict, str] | None = None  # the machine before the last step (undo_step)
        self._out: list[Output] = []
        self._ts = ""

    def restore_before_shoe(self, shoe_number: int, connected: bool, *, staff: dict | None = None) -> None:
        """Put the machine where it was before shoe ``shoe_number + 1`` started (recovery from the journal).

        ``staff``: who was at the table then (``{"dealer": id or None, "how": ...}``, as the decision rows
        record it once a dealer has signed in); None: no dealer had signed in (a journal made before
        sign-ins: the table is not :attr:`staffed`).
        """
        self.shoe_number = shoe_number
        self.connected = connected
        if staff is not None:
            self.staffed = True
            self.signed_in = staff.get("dealer") or None
            self.signed_in_how = staff.get("how") or None
        self._reset_shoe()
        self._fsm.set_state("shoe_end" if shoe_number else "no_shoe", model=self._model)

    # ------------------------------------------------------------------ view

    @property
    def state(self) -> str:
        """The current state (one of :data:`STATES`)."""
        return self._model.state

    @property
    def cards_left(self) -> int:
        """Cards still in the shoe by the inventory (0 with no shoe)."""
        return sum(self.remaining.values())

    @property
    def round_open(self) -> bool:
        """True when a round is open (betting open, closed, dealing or result), paused or not."""
        return self._where() in ROUND_STATES

    @property
    def next_position(self) -> str | None:
        """Position the next card goes to while a round is dealt, else None."""
        if self._where() in ("betting_closed", "dealing") and self.dealer is not None:
            pos = self.dealer.next_position
            return pos.value if pos else None
        return None

    def expected_position(self) -> str | None:
        """Where the next card from the shoe goes: a round position, ``burn_indicator``, ``burn`` or None."""
        where = self._where()
        if where in ("shuffle", "burn_indicator"):
            return "burn_indicator"
        if where == "burning":
            return "burn"
        return self.next_position

    def last_round(self) -> bool:
        """True when the current (or next, between rounds) round is the shoe's last (cut card out)."""
        if self.last_round_number is None:
            return False
        current = self.round_number if self.round_open or self.round_number == 0 else self.round_number + 1
        return current >= self.last_round_number

    def _shoe_last_round_reached(self) -> bool:
        """True when the round numbered :attr:`round_number` is the shoe's last or later (cut card out)."""
        return self.last_round_number is not None and self.round_number >= self.last_round_number

    def who_draws(self) -> str | None:
        """The third-card explanation for the dealer, in English, or None before the first four cards and
        once Banker has drawn (:func:`dealer_station.domain.rules.draw_reason`, worded by :func:`draw_reason_text`)."""
        if self.dealer is None:
            return None
        return draw_reason_text(draw_reason(self.dealer.player, self.dealer.banker))

    def prompt(self) -> str:
        """The instruction for the dealer, upper case (``"DEAL PLAYER CARD 2"``, ``"BURN 7 MORE CARDS"``)."""
        state = self.state
        if state == "no_shoe":
            return "LOAD A NEW SHOE"
        if state == "shuffle":
            return "SHUFFLE AND LOAD THE SHOE"
        if state == "burn_indicator":
            return "RESCAN THE BURN CARD" if self.misreads else "DRAW AND SHOW THE BURN CARD"
        if state == "burning":
            word = "CARD" if self.burn_remaining == 1 else "CARDS"
            head = "RESCAN: " if self.misreads else ""
            return f"{head}BURN {self.burn_remaining} MORE {word}"
        if state == "ready":
            if self.staffed and self.signed_in is None:
                return "DEALER: SIGN IN TO OPEN BETTING"
            return f"OPEN BETTING FOR ROUND {self.round_number + 1}"
        if state == "betting_open":
            return "PLACE YOUR BETS"
        if state in ("betting_closed", "dealing"):
            pos = self.dealer.next_position if self.dealer else None
            if pos is None:
                return "NO MORE CARDS"
            verb = "RESCAN" if self.misreads else "DEAL"
            return f"{verb} {pos.hand.upper()} CARD {pos.index}"
        if state == "result":
            return "CONFIRM THE RESULT"
        if state == "paused":
            kind = self.incident.type.replace("_", " ").upper() if self.incident else "INCIDENT"
            return f"PAUSED: {kind}: CALL THE SUPERVISOR"
        return "SHOE ENDED: LOAD A NEW SHOE"

    def provisional(self) -> dict | None:
        """The dealt round's outcome flags while in ``result`` (or paused from it), else None."""
        if self.dealer is not None and self.dealer.complete:
            return self.dealer.outcome.flags()
        return None

    # ----------------------------------------------------------------- input

    def step(self, inp: dict) -> list[Output]:
        """Act on one input and return the outputs, in order.

        Never raises: an unexpected exception while acting pauses the table with an
        ``unexpected_error`` incident (RULES.md §5, "unexpected problem"). The step is atomic: the
        attributes are first put back exactly as they were before the input (state, shoe and round
        numbers, counters, inventory, cards, history), and the outputs made so far are dropped, so
        nothing of the failed step remains but the ``error`` output and the pause.
        """
        self._out = []
        self._ts = str(inp.get("ts", ""))
        kind = inp.get("kind")
        self.closed = kind == "stop"
        saved = self._before_step = self._checkpoint()
        try:
            if kind == "frame":
                self._frame(inp)
            elif kind == "link":
                self._link(inp)
            elif kind in ("dealer", "timer"):
                self._dealer(str(inp.get("act")), dict(inp.get("args") or {}), timer=kind == "timer")
            elif kind == "supervisor":
                self._supervisor(inp)
            elif kind == "publisher":
                self._publisher(inp)
            elif kind == "stop":
                self._emit("stopped", {"why": str(inp.get("why") or ""), "state": self.state.value})
            elif kind == "journal":
                self._journal(inp)
            else:
                self._emit("ignored", {"kind": str(kind), "why": "not a table input"})
        except Exception as err:  # noqa: BLE001 - any surprise pauses the table (RULES.md §5)
            self._restore(saved)
            self._out = []
            self._unexpected(err, inp)
        return self._out

    def undo_step(self) -> None:
        """Put the machine back exactly where it was before the last :meth:`step` (the copy that step made
        anyway). For the controller, when its own part of the decision raises; for recovery, to replay a
        step recorded as failed as it was recorded. Raises RuntimeError when no step was taken."""
        saved = self.__dict__.get("_before_step")
        if saved is None:
            raise RuntimeError("no step to undo")
        self._restore(saved)

    def fail(self, inp: dict, reason: str, detail: str) -> list[Output]:
        """The outputs of ``inp`` as if acting on it had raised: an ``error`` output, then (when a shoe is open)
        the ``unexpected_error`` pause with ``reason`` (the exception's type name) and ``detail``.

        For the controller, after :meth:`restore`, when its decision on the step's outputs raised; and for
        recovery, to replay a recorded failed step as it was recorded.
        """
        self._out = []
        self._ts = str(inp.get("ts", ""))
        self._failed(inp, reason, detail)
        return self._out

    def _checkpoint(self) -> tuple[dict, str]:
        """Every attribute as it is now, with private copies of those a step changes in place
        (:data:`_CHANGED_IN_PLACE`, the inventory, the round's dealer); for :meth:`_restore`.

        About 10 µs (a 52-entry Counter, a few short lists): small next to the journal's commit on the card path.
        """
        saved = self.__dict__.copy()
        del saved["_before_step"]  # never a chain of copies
        for name in _CHANGED_IN_PLACE:
            saved[name] = saved[name].copy()
        if self.dealer is not None:
            saved["dealer"] = _copy_dealer(self.dealer)
        return saved, self._model.state

    def _restore(self, saved: tuple[dict, str]) -> None:
        """Put back what :meth:`_checkpoint` kept; the state through ``transitions`` (``set_state``)."""
        attributes, state = saved
        keep = self.__dict__.get("_before_step")
        self.__dict__.clear()
        self.__dict__.update(attributes)
        for name in _CHANGED_IN_PLACE:  # the copy stays as it was: a second restore gives the same machine
            setattr(self, name, attributes[name].copy())
        if self.dealer is not None:
            self.dealer = _copy_dealer(self.dealer)
        self._before_step = keep
        self._fsm.set_state(str(state), model=self._model)

    # ---------------------------------------------------------------- frames

    def _frame(self, inp: dict) -> None:
        frame = inp.get("frame")
        raw = str(inp.get("raw", ""))
        if frame == "garbage":
            self._emit("garbage", {"raw": raw})
            return
        if self.state not in ("no_shoe", "shoe_end") and frame in ("card", "no_read", "cut"):
            self.frames_in_shoe += 1
        if frame == "card":
            try:
                card = parse_card(str(inp.get("token", "")))
            except CardError:
                self._misread("unknown_code", raw, token=str(inp.get("token", "")))
                return
            self._card(card, raw)
        elif frame == "no_read":
            self._misread(str(inp.get("reason") or "no_read"), raw)
        elif frame == "cut":
            self._cut(raw)
        else:
            self._emit("ignored", {"frame": str(frame), "why": "unknown frame"})

    def _card(self, card: Card, raw: str) -> None:
        """A card read by the shoe: counted out of the inventory, then placed or made an incident."""
        state = self.state
        if state in ("no_shoe", "shoe_end"):
            self._pause("procedure_violation", "card_without_shoe", raw, position=None, token=card.token)
            return
        if self.remaining[card] <= 0:
            self._pause("foreign_card", "beyond_inventory", raw, position=self.expected_position(),
                        token=card.token,
                        detail=f"{card.token} would be copy {self.settings.decks + 1} in {self.settings.decks} decks")
            return
        self.remaining[card] -= 1
        if state == "paused":
            self.held.append(card.token)
            self._emit("card_while_paused", {"card": card.token, "raw": raw})
            return
        if state == "betting_open":
            self.discarded.append(card.token)
            self._pause("card_while_betting", "card", raw, position=None, token=card.token)
            return
        if state == "result" or (state == "ready" and self.round_number > 0):
            self.discarded.append(card.token)
            self._pause("card_after_round", "card", raw, position=None, token=card.token)
            return
        if state == "ready":
            self.discarded.append(card.token)
            self._pause("procedure_violation", "card_before_betting", raw, position=None, token=card.token)
            return
        self._place(card, manual=False)

    def _place(self, card: Card, manual: bool) -> None:
        """Put an accepted card where the state expects it (indicator, burn, or the round)."""
        self.misreads = 0
        self.rescan = None
        if self.state == "shuffle":
            self._trigger("shuffled")
        state = self.state
        if state == "burn_indicator":
            count = burn_count(card, ace_burns=self.settings.ace_burns)
            self.burn_indicator = card.token
            self.burn_total = count
            self.burn_remaining = burn_remaining(count, indicator_counts=self.settings.indicator_counts)
            self._emit("burn_indicator", {"card": card.token, "burn_count": count, "manual": manual,
                                          "burn_remaining": self.burn_remaining})
            self._trigger("show_indicator")
            if self.burn_remaining <= 0:
                self._burn_done()
        elif state == "burning":
            self.burned.append(card.token)
            self.burn_remaining -= 1
            self._emit("card_burned", {"card": card.token, "burn_remaining": self.burn_remaining, "manual": manual})
            if self.burn_remaining <= 0:
                self._burn_done()
        elif state in ("betting_closed", "dealing"):
            if state == "betting_closed":
                self._trigger("first_card")
            assert self.dealer is not None
            position = self.dealer.add(card)
            if manual:
                self.manual_positions.append(position.value)
            self._emit("card_accepted", {"round": self.round_number, "position": position.value,
                                         "card": card.token, "manual": manual})
            if self.dealer.complete:
                self._trigger("round_dealt")
                self._emit("round_dealt", {"round": self.round_number, **self.dealer.outcome.flags()})
        else:  # pragma: no cover - guarded by the callers
            raise DealError(f"no place for a card in state {state}")

    def _burn_done(self) -> None:
        self._trigger("burn_done")
        self._emit("burn_done", {"burn_indicator": self.burn_indicator, "burned": list(self.burned)})
        self._ready()

    def _misread(self, reason: str, raw: str, token: str = "") -> None:
        state = self.state
        if state == "paused":
            self._emit("no_read_while_paused", {"reason": reason, "raw": raw, "token": token})
            return
        if state in CARD_STATES:
            position = self.expected_position()
            self.misreads += 1
            self.rescan = position
            if misread_verdict(self.misreads, self.settings.max_misreads) is MisreadVerdict.PAUSE:
                self._pause("misread_limit", reason, raw, position=position, token=token,
                            detail=f"{self.misreads} misreads in a row at {position}")
            else:
                self._emit("rescan_requested", {"position": position, "misreads": self.misreads,
                                                "reason": reason, "raw": raw, "token": token})
            return
        if state == "betting_open":
            self._pause("card_while_betting", reason, raw, position=None, token=token)
        elif state == "result" or (state == "ready" and self.round_number > 0):
            self._pause("card_after_round", reason, raw, position=None, token=token)
        elif state == "ready":
            self._pause("procedure_violation", "card_before_betting", raw, position=None, token=token)
        else:
            self._pause("procedure_violation", f"{reason}_without_shoe", raw, position=None, token=token)

    def _cut(self, raw: str) -> None:
        state = self.state
        where = self._where()
        if where in ("no_shoe", "shoe_end"):
            self._pause("procedure_violation", "cut_card_without_shoe", raw, position=None)
            return
        if self.cut_card_out:
            self._pause("procedure_violation", "second_cut_card", raw, position=None)
            return
        self.cut_card_out = True
        place = cut_card_place(where, len(self.dealer.positions) if self.dealer is not None else 0)
        between_rounds = self.settings.cut_between_rounds
        self.last_round_number = last_round_after_cut(place, self.round_number, between_rounds)
        if place is CutPlace.IN_BURN:
            self.cut_card_round = 0
            self._emit("cut_card", {"round": 0, "last_round_number": self.last_round_number})
            if state != "paused":
                self._pause("cut_card_in_burn", "cut_card", raw, position=self.expected_position())
            return
        self.cut_card_round = self.round_number
        self._emit("cut_card", {"round": self.round_number, "last_round_number": self.last_round_number})
        ends = cut_ends_shoe_at_once(place, between_rounds)
        if state == "paused":
            # "none" acts when the pause is resolved, exactly as it would have acted now (see _resume).
            self.cut_pending = ends
            return
        if ends:
            if place is CutPlace.BEFORE_FIRST_CARD:
                self._void("cut_card", "cut card came out before the round's first card", user=None)
            self._end_shoe("cut_card")

    # ------------------------------------------------------------------ link

    def _link(self, inp: dict) -> None:
        event = inp.get("event")
        detail = str(inp.get("detail") or "")
        if event == "connected":
            self.connected = True
            self._emit("connection", {"connected": True, "detail": detail})
        elif event == "lost":
            self.connected = False
            self._emit("connection", {"connected": False, "detail": detail})
            if self.state in PAUSABLE:
                self._pause("shoe_disconnected", "connection_lost", "", position=self.expected_position(),
                            detail=detail or "the shoe's link went away")
        elif event == "closed":
            # The station stopped the reader (a stop, not a lost shoe): recorded, no pause.
            self.connected = False
            self._emit("connection", {"connected": False, "detail": detail, "closed": True})
        else:
            self._emit("ignored", {"event": str(event), "why": "unknown link event"})

    # ------------------------------------------------------------- publisher

    def _publisher(self, inp: dict) -> None:
        if inp.get("act") != "event_refused":
            self._emit("ignored", {"act": str(inp.get("act")), "why": "unknown publisher act"})
            return
        event_id = inp.get("event_id")
        problem = str(inp.get("problem") or "it does not match the journal")
        self._pause("event_mismatch", "outbox_event_refused", "", position=self.expected_position(),
                    token=f"event {event_id}",
                    detail=f"event {event_id} for the betting platform does not match the journal ({problem}); "
                           f"it and the events after it were not sent")

    def _journal(self, inp: dict) -> None:
        """A journal failure (``failed``, with its incident) or its resolution (``resumed``): told, nothing changes.

        The controller pauses the table itself while its journal fails (nothing can be journaled then);
        once the journal takes rows again it journals the pause and its resolution as these inputs, so
        the platform hears of both, in order (``round_paused``, ``round_resumed``).
        """
        event = inp.get("event")
        if event == "failed":
            incident = dict(inp.get("incident") or {})
            self._emit("round_paused", {**incident, "type": "journal_failure"})
        elif event == "resumed":
            self._emit("round_resumed", {"incident_type": "journal_failure", "act": "resume",
                                         "user": inp.get("user"), "reason": inp.get("reason"),
                                         "note": inp.get("note")})
        else:
            self._emit("ignored", {"event": str(event), "why": "unknown journal event"})

    # ---------------------------------------------------------------- dealer

    def _dealer(self, act: str, args: dict, *, timer: bool = False) -> None:
        state = self.state
        if act == "new_shoe" and state in ("no_shoe", "shoe_end"):
            self.shoe_number += 1
            self._reset_shoe()
            self._trigger("new_shoe")
            self._emit("shoe_started", {"shoe": self.shoe_number, "decks": self.settings.decks})
        elif act == "shuffled" and state == "shuffle":
            self._trigger("shuffled")
        elif act in STAFF_ACTS:
            self._staff(act, args)
        elif act == "open_betting" and state == "ready" and self.staffed and self.signed_in is None:
            self._refuse("dealer", act, NO_DEALER)
        elif act == "open_betting" and state == "ready":
            self._open_round()
        elif act == "close_betting" and state == "betting_open":
            self._trigger("close_betting")
            self._emit("betting_closed", {"round": self.round_number, "by": "timer" if timer else "dealer"})
        elif act == "confirm_result" and state == "result":
            self._confirm()
        elif act == "call_supervisor" and state in PAUSABLE:
            self._pause("procedure_violation", "dealer_call", "", position=self.expected_position(),
                        detail=str(args.get("note") or "the dealer called the supervisor"))
        else:
            self._refuse("timer" if timer else "dealer", act, self._why_not(act))

    def staff(self) -> dict:
        """Who is at the table, as decision rows record it: ``{"dealer": id or None, "how": ...}``."""
        return {"dealer": self.signed_in, "how": self.signed_in_how}

    def _staff(self, act: str, args: dict) -> None:
        """``sign_in`` / ``sign_out``: the dealer at the table changes, between rounds only."""
        if self.state == "paused":
            self._refuse("dealer", act, "the table is paused: the supervisor resolves the incident first, "
                                        "then the dealer changes")
            return
        # betting open with no card out yet (betting.auto_open opens at once): the next dealer may take over
        takes_over = act == "sign_in" and self.state == "betting_open"
        if self.round_open and not takes_over:
            self._refuse("dealer", act, f"round {self.round_number} is open: the dealer changes between rounds "
                                        "(after the result is confirmed or the round is voided)")
            return
        previous = self.signed_in
        if act == "sign_out":
            if previous is None:
                self._refuse("dealer", act, "no dealer is signed in")
                return
            self.staffed = True
            self.signed_in = self.signed_in_how = None
            self._emit("dealer_signed_out", {"dealer": previous, "shoe": self.shoe_number,
                                             "after_round": self.round_number})
            return
        user = str(args.get("user") or "").strip()
        how = str(args.get("how") or "pin")
        if not user:
            self._refuse("dealer", act, "no dealer id")
            return
        if user == previous:
            self._refuse("dealer", act, f"dealer {user} is already signed in")
            return
        self.staffed = True
        self.signed_in, self.signed_in_how = user, how
        self._emit("dealer_signed_in", {"dealer": user, "previous": previous, "how": how,
                                        "shoe": self.shoe_number, "after_round": self.round_number})
        if self.state == "ready" and self.settings.auto_open:
            self._open_round()

    def _why_not(self, act: str) -> str:
        if act not in DEALER_ACTS:
            return f"unknown act; allowed: {', '.join(DEALER_ACTS)}"
        return f"not allowed in state {self.state}"

    def _open_round(self) -> None:
        self.round_number += 1
        self.dealer = RoundDealer()
        self.manual_positions = []
        self.offered = tuple(self.settings.offered_in(self.round_number))
        self.result = None
        self._trigger("open_betting")
        self._emit("betting_opened", {"round": self.round_number, "offered_bets": list(self.offered),
                                      "last_round": self.last_round()})

    def _ready(self) -> None:
        """After a burn, a confirmed result or a void: open the next round or end the shoe."""
        if self._shoe_last_round_reached():
            self._end_shoe("cut_card")
            return
        if self.settings.auto_open:
            if self.staffed and self.signed_in is None:
                self._emit("betting_not_opened", {"round": self.round_number + 1, "why": NO_DEALER})
                return
            self._open_round()

    def _confirm(self) -> None:
        assert self.dealer is not None
        outcome = self.dealer.outcome
        record = self._record("completed")
        record.update(outcome.flags())
        self.rounds.append(record)
        self.history.append(outcome.winner.letter)
        self.result = record
        self._emit("round_completed", dict(record))
        self.dealer = None
        if self._shoe_last_round_reached():
            self._trigger("last_confirmed")
            self._shoe_ended("cut_card")
        else:
            self._trigger("confirm")
            self._ready()

    def _record(self, status: str) -> dict:
        dealer = self.dealer or RoundDealer()
        complete = dealer.complete and len(dealer.positions) >= 4
        record = {
            "shoe": self.shoe_number,
            "round": self.round_number,
            "status": status,
            "player": [c.token for c in dealer.player],
            "banker": [c.token for c in dealer.banker],
            "player_total": hand_total(dealer.player) if complete else None,
            "banker_total": hand_total(dealer.banker) if complete else None,
            "winner": dealer.outcome.winner.value if complete and status == "completed" else None,
            "available_bets": list(self.offered),
            "last_round": self._shoe_last_round_reached(),
            "manual": list(self.manual_positions),
        }
        if self.staffed:
            record["dealer"] = self.signed_in  # who dealt the round (a journal made before sign-ins has no key)
        return record

    # ------------------------------------------------------------ supervisor

    def _supervisor(self, inp: dict) -> None:
        act = str(inp.get("act"))
        args = dict(inp.get("args") or {})
        who = {"user": inp.get("user"), "reason": inp.get("reason"), "note": inp.get("note")}
        if act not in SUPERVISOR_ACTS:
            self._refuse("supervisor", act, f"unknown act; allowed: {', '.join(SUPERVISOR_ACTS)}")
            return
        if self.state != "paused":
            self._refuse("supervisor", act, f"the table is not paused (state {self.state})")
            return
        before = self.state_before
        incident = self.incident
        assert incident is not None and before is not None
        if act == "resume":
            if incident.type == "shoe_disconnected" and not self.connected:
                self._refuse("supervisor", act, "the shoe is still disconnected")
                return
            if self.held and not args.get("discard_held"):
                self._refuse("supervisor", act, f"{self._held_text()}: enter it with enter_card, "
                                                "or resume with discard_held to discard it")
                return
            self._resume(who, act)
        elif act == "enter_card":
            self._enter_card(args, who)
        elif act == "move_card":
            self._move_card(args, who)
        elif act == "void_round":
            if before not in ROUND_STATES:
                self._refuse("supervisor", act, f"no round is open (paused from {before})")
                return
            self._void(str(who["reason"]), str(who["note"] or ""), user=who["user"])
            self._clear_pause(who, act)
            self._trigger("voided")
            self._ready()
        elif act == "end_shoe":
            if before in ROUND_STATES:
                self._void(str(who["reason"]), str(who["note"] or ""), user=who["user"])
            self._clear_pause(who, act)
            self._trigger("end_shoe")
            self._shoe_ended("supervisor")

    def _resume(self, who: dict, act: str) -> None:
        before = self.state_before
        assert before is not None
        target = before
        if before == "dealing" and self.dealer is not None and self.dealer.complete:
            target = "result"
        self._clear_pause(who, act)
        self._trigger(f"resume_to_{target}")
        if self.cut_pending:
            # The cut card came out between rounds while paused and cut_card.between_rounds is "none":
            # the same as when it comes out unpaused (RULES.md §1): the unstarted round is voided, the shoe ends.
            self.cut_pending = False
            if target in ("betting_open", "betting_closed"):
                self._void("cut_card", "cut card came out before the round's first card", user=None)
            self._end_shoe("cut_card")
            return
        if target == "result" and before != "result":
            assert self.dealer is not None
            self._emit("round_dealt", {"round": self.round_number, **self.dealer.outcome.flags()})

    def _enter_card(self, args: dict, who: dict) -> None:
        before = self.state_before
        if before not in CARD_STATES:
            self._refuse("supervisor", "enter_card", f"no card is expected (paused from {before})")
            return
        if self.cut_pending:
            self._refuse("supervisor", "enter_card", "the cut card came out before the round's first card and no "
                         "more rounds are dealt (cut_card.between_rounds = none): resume, void the round or end "
                         "the shoe")
            return
        if before in ("betting_closed", "dealing") and (self.dealer is None or self.dealer.next_position is None):
            # Everything is checked before the pause is cleared: a refused act changes nothing.
            self._refuse("supervisor", "enter_card", "no card is due: the round's cards are all out (resume)")
            return
        try:
            card = parse_card(str(args.get("token", "")))
        except CardError as err:
            self._refuse("supervisor", "enter_card", str(err))
            return
        others = [t for t in self.held if t != card.token] if card.token in self.held else list(self.held)
        if others and not args.get("discard_held"):
            self._refuse("supervisor", "enter_card",
                         f"{self._held_text()}: enter {'it' if len(self.held) == 1 else 'one of them'}, "
                         "or add discard_held to discard what is not entered")
            return
        if card.token in self.held:
            self.held.remove(card.token)
        elif self.remaining[card] <= 0:
            self._refuse("supervisor", "enter_card",
                         f"{card.token} is beyond the shoe's inventory ({self.settings.decks} decks)")
            return
        else:
            self.remaining[card] -= 1
        self._clear_pause(who, "enter_card")
        self._trigger(f"resume_to_{before}")
        self._place(card, manual=True)

    def _move_card(self, args: dict, who: dict) -> None:
        dealer = self.dealer
        try:
            src = Position(str(args.get("from_position")))
            dst = Position(str(args.get("to_position")))
        except ValueError:
            self._refuse("supervisor", "move_card", "positions must be player1..banker3")
            return
        if dealer is None or src not in dealer.positions or dst not in dealer.positions or src is dst:
            self._refuse("supervisor", "move_card", "both positions must be dealt cards of this round, and differ")
            return
        cards = {p: (dealer.player if p.hand == "player" else dealer.banker)[p.index - 1] for p in dealer.positions}
        cards[src], cards[dst] = cards[dst], cards[src]
        trial = RoundDealer()
        for position in dealer.positions:
            if trial.next_position is not position:
                self._refuse("supervisor", "move_card",
                             f"after the move {position.value} would not be due by the rules; void the round instead")
                return
            trial.add(cards[position])
        if self.state_before == "result" and not trial.complete:
            self._refuse("supervisor", "move_card", "after the move the round would need more cards")
            return
        self.dealer = trial
        # The manual flag follows the card: a card entered by hand at ``src`` now sits at ``dst``.
        swap = {src.value: dst.value, dst.value: src.value}
        self.manual_positions = [swap.get(p, p) for p in self.manual_positions]
        self._emit("card_moved", {"round": self.round_number, "from_position": src.value,
                                  "to_position": dst.value, "user": who["user"], "reason": who["reason"],
                                  "note": who["note"], "player": [c.token for c in trial.player],
                                  "banker": [c.token for c in trial.banker]})

    def _held_text(self) -> str:
        """``"the shoe read AH, 2D while paused (held)"``: the cards held for the supervisor."""
        return f"the shoe read {', '.join(self.held)} while paused (held)"

    def _clear_pause(self, who: dict, act: str) -> None:
        incident = self.incident
        if self.held:
            self.discarded.extend(self.held)
            self._emit("cards_discarded", {"cards": list(self.held)})
            self.held = []
        self.misreads = 0
        self.rescan = None
        self.incident = None
        self.state_before = None
        self._emit("round_resumed", {"incident_type": incident.type if incident else None, "act": act,
                                     "user": who["user"], "reason": who["reason"], "note": who["note"]})

    def _void(self, reason: str, note: str, *, user: object) -> None:
        record = self._record("voided")
        record.update({"reason": reason, "note": note, "user": user})
        self.rounds.append(record)
        self.result = record
        self.dealer = None
        self._emit("round_voided", dict(record))

    # ------------------------------------------------------------- shoe end

    def _end_shoe(self, reason: str) -> None:
        self._trigger("end_shoe" if self.state == "ready" else "cut_end")
        self._shoe_ended(reason)

    def _shoe_ended(self, reason: str) -> None:
        self._emit("shoe_ended", {"shoe": self.shoe_number, "rounds": self.round_number,
                                  "burn_indicator": self.burn_indicator, "burned": list(self.burned),
                                  "cut_card_round": self.cut_card_round, "reason": reason,
                                  "cards_left": self.cards_left})

    # --------------------------------------------------------------- helpers

    def _reset_shoe(self) -> None:
        self.remaining: Counter[Card] = shoe_counts(self.settings.decks) if self.shoe_number else Counter()
        self.burn_indicator: str | None = None
        self.burn_total = 0
        self.burn_remaining = 0
        self.burned: list[str] = []
        self.cut_card_out = False
        self.cut_card_round: int | None = None
        self.last_round_number: int | None = None
        self.cut_pending = False
        self.round_number = 0
        self.dealer: RoundDealer | None = None
        self.manual_positions: list[str] = []
        self.offered: tuple[str, ...] = ()
        self.misreads = 0
        self.rescan: str | None = None
        self.incident: Incident | None = None
        self.state_before: str | None = None
        self.result: dict | None = None
        self.history: list[str] = []
        self.rounds: list[dict] = []
        self.held: list[str] = []
        self.discarded: list[str] = []
        self.frames_in_shoe = 0

    def _where(self) -> str:
        """The state, or the state before the pause while paused."""
        return self.state_before if self.state == "paused" and self.state_before else self.state

    def _move(self, name: str) -> None:
        """Fire transition ``name`` from the current state, as ``transitions`` would.

        The destination comes from the machine's own event table (built from :data:`TRANSITIONS`,
        no conditions or callbacks), so the table stays the single source of truth; a transition the
        table does not list raises ``MachineError`` with the message ``transitions`` gives.
        """
        model = self._model
        dest = self._moves.get((name, model.state))
        if dest is None:
            raise MachineError(f"Can't trigger event {name} from state {model.state}!")
        model.state = dest

    def _trigger(self, name: str) -> None:
        self._move(name)
        self._emit("state_changed", {"state": self.state.value})

    def _emit(self, kind: str, data: dict) -> None:
        self._out.append((kind, data))

    def _refuse(self, by: str, act: str, why: str) -> None:
        self._emit("act_refused", {"by": by, "act": act, "why": why, "state": self.state.value})

    def _pause(self, kind: str, reason: str, raw: str, *, position: str | None, token: str = "",
               detail: str = "") -> None:
        evidence = raw or token
        if token and raw:
            evidence = f"{raw} ({token})"
        if self.state == "paused":
            # Already paused: the earlier incident stays; this one is recorded as evidence.
            self._emit("incident_while_paused", {"type": kind, "reason": reason, "evidence": evidence})
            return
        if self.state not in PAUSABLE:
            # No shoe is open (no_shoe, shoe_end): nothing to pause; recorded and told, never dropped.
            self._emit("procedure_violation", {"type": kind, "reason": reason, "evidence": evidence,
                                               "state": self.state.value, "detail": detail})
            return
        incident = Incident(kind, reason, self.state, position, evidence, self._ts, detail)
        before = self.state
        self._move("pause")
        self.state_before = before
        self.incident = incident
        self._emit("state_changed", {"state": self.state.value})
        self._emit("round_paused", incident.as_dict())

    def _unexpected(self, err: Exception, inp: dict) -> None:
        detail = f"{type(err).__name__}: {err}"
        if isinstance(err, MachineError):
            detail = f"transition refused: {err.value}"
        self._failed(inp, type(err).__name__, detail)

    def _failed(self, inp: dict, reason: str, detail: str) -> None:
        self._emit("error", {"detail": detail, "input": {k: v for k, v in inp.items() if k != "ts"}})
        if self.state in PAUSABLE:
            self._pause("unexpected_error", reason, str(inp.get("raw", "")), position=None, detail=detail)

