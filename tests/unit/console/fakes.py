"""A small fake controller and fake shoes that follow CONTROLLER_API.md, for console tests.

The fake is deliberately simple (no journal file, no argon2): it keeps its inputs in a list
("journal") and a new fake built on the same list replays them, which is enough to test what the
console shows after a restart. It raises AuthError / ActRefused like the real controller.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field, replace

from dealer_station.domain.cards import parse_card
from dealer_station.domain.errors import CardError
from dealer_station.domain.outcome import RoundDealer
from drivers import frames
from drivers.deck import CUT, shuffled_shoe


class AuthError(Exception):
    """Not a supervisor, wrong PIN or locked."""


class ActRefused(Exception):
    """The act is not allowed now."""


@dataclass(frozen=True)
class Fact:
    kind: str
    data: dict


@dataclass(frozen=True)
class Incident:
    type: str
    reason: str
    state_before: str
    position: str | None
    evidence: str
    ts: str


@dataclass(frozen=True)
class TableView:
    state: str = "no_shoe"
    prompt: str = "NEW SHOE"
    next_position: str | None = None
    who_draws: str | None = None
    table_id: str = "T1"
    shoe_number: int = 0
    round_number: int = 0
    cards_left: int = 416
    burn_indicator: str | None = None
    burn_remaining: int = 0
    cut_card_out: bool = False
    last_round: bool = False
    player: tuple = ()
    banker: tuple = ()
    player_total: int | None = None
    banker_total: int | None = None
    offered_bets: tuple = ()
    misreads: int = 0
    rescan: str | None = None
    incident: Incident | None = None
    result: dict | None = None
    history: tuple = ()
    betting_seconds_left: float | None = None
    connected: bool = True


@dataclass
class RoundRecord:
    shoe: int
    round: int
    status: str
    player: list
    banker: list
    winner: str | None
    incidents: list = field(default_factory=list)
    acts: list = field(default_factory=list)


ACCOUNTS = {"sue": ("1234", "supervisor"), "dan": ("0000", "dealer")}
BETS = ("player", "banker", "tie", "player_pair", "banker_pair", "lucky_six")


class FakeController:
    """The controller contract on a toy state machine. ``journal``: a list of inputs, replayed on start."""

    def __init__(self, journal: list | None = None, max_misreads: int = 3) -> None:
        self.journal = journal if journal is not None else []
        self.max_misreads = max_misreads
        self.listeners = []
        self.view = TableView()
        self.dealer_ = None
        self.state_before = None
        self.records: list[RoundRecord] = []
        self.thread = threading.get_ident()
        self._replaying = True
        for entry in list(self.journal):
            self._apply(*entry)
        self._replaying = False

    # -- API
    def subscribe(self, listener):
        self.listeners.append(listener)

    def snapshot(self):
        return self.view

    def shoe_event(self, event):
        self._input("shoe", event)

    def dealer(self, act, **kw):
        self._input("dealer", act, kw)

    def supervisor(self, act, *, user, pin, reason, note="", **kw):
        self._input("supervisor", act, dict(kw, user=user, pin=pin, reason=reason, note=note))

    def recall(self, shoe=None):
        return [r for r in self.records if shoe is None or r.shoe == shoe]

    # -- internals
    def _input(self, *entry):
        assert threading.get_ident() == self.thread, "the controller is owned by one thread"
        self.journal.append(entry)
        self._apply(*entry)

    def _fact(self, kind, **data):
        if not self._replaying:
            for listener in self.listeners:
                listener(Fact(kind, data))

    def _set(self, **kw):
        self.view = replace(self.view, **kw)
        self._fact("state_changed", state=self.view.state)

    def _apply(self, source, what, kw=None):
        if source == "shoe":
            return self._shoe(what)
        if source == "dealer":
            return self._dealer(what, kw or {})
        return self._supervisor(what, kw or {})

    def _pause(self, kind, reason, position=None, raw=b""):
        inc = Incident(kind, reason, self.view.state, position, raw.hex(" "), "2026-11-30T04:00:00Z")
        self.state_before = self.view.state
        self._set(state="paused", prompt="ROUND PAUSED", incident=inc)
        self._fact("round_paused", type=kind)

    def _shoe(self, ev):
        v = self.view
        if isinstance(ev, frames.ConnectionLost):
            self._set(connected=False)
            if v.state in ("dealing", "burning", "burn_indicator"):
                self._pause("shoe_disconnected", "link lost")
            return
        if isinstance(ev, frames.Connected):
            self._set(connected=True)
            return
        if isinstance(ev, frames.Garbage):
            self._fact("garbage", raw=ev.raw.hex())
            return
        if isinstance(ev, frames.CutCard):
            self._set(cut_card_out=True, last_round=True)
            return
        if isinstance(ev, frames.NoRead):
            if v.state in ("burning", "burn_indicator", "dealing", "betting_closed"):
                pos = v.next_position or "burn"
                n = v.misreads + 1
                self._set(misreads=n, rescan=pos)
                self._fact("rescan_requested", position=pos, misreads=n)
                if n >= self.max_misreads:
                    self._pause("misread_limit", f"{n} No-Reads in a row", pos, ev.raw)
            return
        try:
            card = parse_card(ev.token)
        except CardError:
            return self._pause("foreign_card", "unknown token", v.next_position, ev.raw)
        if v.state == "betting_open":
            return self._pause("card_while_betting", "card while betting is open", None, ev.raw)
        if v.state == "burn_indicator":
            n = card.rank.burn_count
            self._set(state="burning", burn_indicator=ev.token, burn_remaining=n, cards_left=v.cards_left - 1,
                      prompt=f"BURN {n} MORE CARDS", misreads=0, rescan=None)
            return
        if v.state == "burning":
            left = v.burn_remaining - 1
            self._set(burn_remaining=left, cards_left=v.cards_left - 1, misreads=0, rescan=None)
            self._fact("card_burned", token=ev.token)
            if left == 0:
                self._open_round()
            return
        if v.state in ("betting_closed", "dealing"):
            self.dealer_.add(card)
            self._after_card(v.cards_left - 1)
            return
        self._pause("card_after_round", "card after the round", None, ev.raw)

    def _after_card(self, cards_left):
        d = self.dealer_
        from dealer_station.domain.rules import hand_total
        pos = d.next_position
        kw = dict(player=tuple(c.token for c in d.player), banker=tuple(c.token for c in d.banker),
                  player_total=hand_total(d.player), banker_total=hand_total(d.banker), cards_left=cards_left,
                  misreads=0, rescan=None, next_position=pos.value if pos else None,
                  who_draws=("PLAYER DRAWS" if pos and pos.value == "player3" else
                             "BANKER DRAWS" if pos and pos.value == "banker3" else None))
        self._fact("card_accepted", position=d.positions[-1].value)
        if pos is None:
            out = d.outcome
            result = dict(out.flags(), status="completed")
            self.records.append(RoundRecord(self.view.shoe_number, self.view.round_number, "completed",
                                            list(kw["player"]), list(kw["banker"]), out.winner.value))
            self._set(state="result", prompt="CONFIRM RESULT", result=result,
                      history=self.view.history + (out.winner.letter,), **kw)
            self._fact("round_completed", **result)
        else:
            self._set(state="dealing", prompt=f"DEAL {pos.value.upper()}", **kw)

    def _open_round(self):
        n = self.view.round_number + 1
        self.dealer_ = RoundDealer()
        self._set(state="betting_open", prompt="PLACE YOUR BETS", round_number=n, player=(), banker=(),
                  player_total=None, banker_total=None, result=None, next_position=None, who_draws=None,
                  offered_bets=BETS if n <= 50 else BETS[:3], incident=None)
        self._fact("betting_opened", round=n)

    def _dealer(self, act, kw):
        v = self.view
        if act == "new_shoe" and v.state in ("no_shoe", "shoe_end"):
            self._set(state="burn_indicator", prompt="SHOW THE BURN CARD", shoe_number=v.shoe_number + 1,
                      round_number=0, cards_left=416, burn_indicator=None, cut_card_out=False, last_round=False,
                      history=(), result=None, player=(), banker=(), player_total=None, banker_total=None)
            self._fact("shoe_started", shoe=v.shoe_number + 1)
        elif act == "close_betting" and v.state == "betting_open":
            self._set(state="betting_closed", prompt="DEAL PLAYER CARD 1", next_position="player1")
            self._fact("betting_closed")
        elif act == "confirm_result" and v.state == "result":
            if v.last_round:
                self._set(state="shoe_end", prompt="NEW SHOE")
                self._fact("shoe_ended", rounds=v.round_number)
            else:
                self._open_round()
        else:
            if not self._replaying:
                raise ActRefused(f"{act} is not allowed in {v.state}")

    def _supervisor(self, act, kw):
        user, pin = kw.get("user"), kw.get("pin")
        acct = ACCOUNTS.get(user)
        if acct is None or acct[0] != pin or acct[1] != "supervisor":
            if not self._replaying:
                raise AuthError("not a supervisor or wrong PIN")
            return
        v = self.view
        if v.state != "paused":
            if not self._replaying:
                raise ActRefused(f"{act} needs a paused round")
            return
        if act == "void_round":
            self.records.append(RoundRecord(v.shoe_number, v.round_number, "voided", list(v.player), list(v.banker),
                                            None, [v.incident.type], [f"{user}: void ({kw.get('reason')})"]))
            self._fact("round_voided", reason=kw.get("reason"))
            self._set(incident=None, misreads=0, rescan=None)
            self._open_round()
        elif act == "resume":
            self._set(state=self.state_before, incident=None, misreads=0, rescan=None, prompt="RESUMED")
            self._fact("round_resumed")
        elif act == "end_shoe":
            self._set(state="shoe_end", incident=None, prompt="NEW SHOE")
            self._fact("shoe_ended")
        elif act == "enter_card":
            self._set(state=self.state_before, incident=None)
            self._shoe(frames.CardRead(kw["token"], b""))
        else:
            raise ActRefused(act)

    # test helper
    def edge(self, bet="two_cards_lucky_six", ev="0.0123"):
        self._fact("player_edge", bet=bet, ev=ev, cards_left=self.view.cards_left)


class FakeShoe:
    """A simulated shoe: ``draw()`` makes its reader thread deliver the next card to the sink."""

    def __init__(self, seed: int = 7, misread_every: int = 0, cut_card: bool = True) -> None:
        self.tokens = [t for t in shuffled_shoe(seed) if cut_card or t != CUT]
        self.misread_every = misread_every
        self.sink = None
        self.drawn = 0
        self._wake = threading.Semaphore(0)
        self._stop = threading.Event()
        self.thread = None

    def start(self, sink):
        self.sink = sink
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        sink(frames.Connected("fake"))

    def draw(self):
        self._wake.release()

    def stop(self):
        self._stop.set()
        self._wake.release()
        if self.thread:
            self.thread.join(2)

    def _run(self):
        while not self._stop.is_set():
            if not self._wake.acquire(timeout=0.1):
                continue
            if self._stop.is_set():
                break
            if not self.tokens:
                continue
            self.drawn += 1
            if self.misread_every and self.drawn % self.misread_every == 0:
                self.sink(frames.NoRead(b"NR\r\n"))
                continue
            token = self.tokens.pop(0)
            if token == CUT:
                self.sink(frames.CutCard(b"CUT\r\n"))
                token = self.tokens.pop(0)
            self.sink(frames.CardRead(token, token.encode() + b"\r\n"))


class BlockingShoe:
    """A shoe that hangs ``seconds`` (a device open or a read that blocks) and then delivers one card.

    With ``block_in_start`` the ``start()`` call itself blocks (a hung open); otherwise the reader
    thread blocks.
    """

    def __init__(self, seconds: float = 5.0, block_in_start: bool = False) -> None:
        self.seconds = seconds
        self.block_in_start = block_in_start
        self.thread = None
        self.start_thread = None
        self.done = threading.Event()

    def start(self, sink):
        self.start_thread = threading.get_ident()
        if self.block_in_start:
            time.sleep(self.seconds)

        def run():
            if not self.block_in_start:
                time.sleep(self.seconds)
            sink(frames.CardRead("9H", b"9H\r\n"))
            self.done.set()
        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def stop(self):
        if self.thread:
            self.thread.join(self.seconds + 1)
