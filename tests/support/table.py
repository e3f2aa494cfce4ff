"""Helpers for the controller tests: a controller on a journal, a fake clock,
cheap argon2id accounts, and frame feeders."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from argon2 import PasswordHasher

from dealer_station.app.accounts import Accounts
from dealer_station.app.config import StationConfig, config_from_dict
from dealer_station.app.controller import Controller, Fact
from dealer_station.journal import Journal
from dealer_station.journal.memory import MemoryJournal
from drivers.deck import CUT, shuffled_shoe
from drivers.frames import CardRead, Connected, CutCard, NoRead


def shoe_cards(seed: int = 0):
    """An iterator over a shuffled 8-deck shoe's card tokens (no cut card)."""
    return iter([t for t in shuffled_shoe(seed) if t != CUT])

SUP, SUP_PIN = "sam", "2468"
DEALER, DEALER_PIN = "dana", "1357"


class FakeClock:
    """An injectable clock that moves only when told: the wall clock (call it) and a monotonic one
    (:meth:`monotonic`); :meth:`advance` moves both, :meth:`step` only the wall clock (an NTP step)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 4, 0, 0, tzinfo=UTC)
        self.elapsed = 1000.0

    def __call__(self) -> datetime:
        return self.now

    def monotonic(self) -> float:
        return self.elapsed

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)
        self.elapsed += seconds

    def step(self, seconds: float) -> None:
        """The wall clock jumps (back when negative); time itself does not pass."""
        self.now += timedelta(seconds=seconds)


def cheap_hasher() -> PasswordHasher:
    return PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)


def make_accounts(path, clock=None) -> Accounts:
    clock = clock or FakeClock()
    accounts = Accounts(path, clock=clock, hasher=cheap_hasher(), monotonic=clock.monotonic)
    accounts.add(SUP, "supervisor", SUP_PIN)
    accounts.add(DEALER, "dealer", DEALER_PIN)
    return accounts


def config(**overrides) -> StationConfig:
    data: dict = {"table": {"id": "T1"}}
    for key, value in overrides.items():
        section, name = key.split("__")
        data.setdefault(section, {})[name] = value
    return config_from_dict(data)


class Table:
    """A controller with its journal, accounts, clock and the facts it told."""

    def __init__(self, tmp_path, journal_path=":memory:", cfg: StationConfig | None = None, edge_monitor=None,
                 accounts: Accounts | None = None, clock: FakeClock | None = None) -> None:
        self.clock = clock or FakeClock()
        self.cfg = cfg or config()
        self.journal = journal_path if isinstance(journal_path, Journal | MemoryJournal) else Journal(journal_path)
        try:
            self.accounts = accounts or make_accounts(tmp_path / "accounts.json", self.clock)
            self.ctl = Controller(self.cfg, self.journal, accounts=self.accounts, clock=self.clock,
                                  edge_monitor=edge_monitor, monotonic=self.clock.monotonic)
        except BaseException:
            # like a station that fails to start: its lock goes
            if not isinstance(journal_path, Journal | MemoryJournal):
                self.journal.close()
            raise
        self.facts: list[Fact] = []
        self.ctl.subscribe(self.facts.append)

    @property
    def state(self) -> str:
        return self.ctl.snapshot().state

    def kinds(self) -> list[str]:
        return [f.kind for f in self.facts]

    def card(self, *tokens: str) -> None:
        for token in tokens:
            self.ctl.shoe_event(CardRead(token, token.encode()))

    def no_read(self, n: int = 1) -> None:
        for _ in range(n):
            self.ctl.shoe_event(NoRead(b"\x15", "no_read"))

    def cut(self) -> None:
        self.ctl.shoe_event(CutCard(b"CUT"))

    def sup(self, act: str, **kw) -> None:
        kw.setdefault("reason", "fix")
        kw.setdefault("note", "checked at the table")
        self.ctl.supervisor(act, user=SUP, pin=SUP_PIN, **kw)

    def start_shoe(self, indicator: str = "2S", burned: tuple[str, ...] = ("9D", "9H")) -> None:
        """Connect, new shoe (after a shoe ended: the shoe change, then its confirm), shuffled, the burn card and
        the burned cards: the table is then ready.
        """
        self.ctl.shoe_event(Connected("test"))
        if self.state == "shoe_end":
            self.ctl.dealer("change_shoe")
        self.ctl.dealer("new_shoe")
        self.ctl.dealer("shuffled")
        self.card(indicator, *burned)

    def open_round(self) -> None:
        self.ctl.dealer("open_betting")
        self.ctl.dealer("close_betting")

    def deal_from(self, cards, confirm: bool = True) -> None:
        """Open a round and deal it from the iterator ``cards`` until the table stops wanting cards."""
        self.open_round()
        while self.state in ("betting_closed", "dealing"):
            self.card(next(cards))
        if confirm and self.state == "result":
            self.ctl.dealer("confirm_result")

    def round(self, *tokens: str, confirm: bool = True) -> None:
        self.open_round()
        self.card(*tokens)
        if confirm:
            self.ctl.dealer("confirm_result")


class DealingStation:
    """A station dealing small simulated shoes (one deck, cut at 8-10 cards) on the journal at ``path``, as the
    headless one does: every event the broker's (acknowledged) when the next shoe starts, and the wall clock
    ``clock`` stepped ``days_per_shoe`` days before it; :meth:`restart` stops and starts it again on its journal.

    ``signer``/``previous``: the station's key and the one it replaces (announced at every start, as
    ``run --previous-signing-key`` does); ``acknowledge``: False when a real publisher's broker acknowledges the
    events; ``overrides``: more :func:`config` settings.
    """

    def __init__(self, path, clock: FakeClock, *, seed: int = 3, days_per_shoe: float = 3, signer=None,
                 previous=None, acknowledge: bool = True, **overrides) -> None:
        self.path, self.clock, self.seed, self.days = path, clock, seed, days_per_shoe
        self.acknowledge = acknowledge
        self.signer, self.previous = signer, previous
        self.cfg = config(shoe__decks=1, shoe__cut_min=8, shoe__cut_max=10, **overrides)
        self.announced: list[bool] = []
        """What each start's key announcement did (True: written then)."""
        self._start()

    def _start(self) -> None:
        from dealer_station.app.clock import iso_utc
        from dealer_station.app.signing_keys import announce_key
        from dealer_station.app.simulate import SimulationShoe

        self.journal = Journal(self.path, signer=self.signer)
        if self.previous is not None:
            self.announced.append(announce_key(self.journal, self.signer, self.previous, table_id="T1",
                                               ts=iso_utc(self.clock())))
        self.controller = Controller(self.cfg, self.journal, clock=self.clock)
        self.sim = SimulationShoe(self.seed, self.cfg)
        self._sink: list = []
        self.sim.source.start(self._sink.append)
        self._feed()

    def _feed(self) -> None:
        while self._sink:
            self.controller.shoe_event(self._sink.pop(0))

    def _new_shoe(self, number: int) -> None:
        from dealer_station import outbox

        if self.acknowledge:
            ids = [e.event_id for e in outbox.read_events(self.journal.conn)]
            outbox.mark_published(self.journal.conn, ids, self.clock().strftime("%Y-%m-%dT%H:%M:%SZ"))
        self.clock.step(self.days * 86400)
        self.sim.new_shoe(number)

    def _draw(self) -> None:
        self.sim.draw()
        self._feed()

    def deal(self, until_shoe: int, acts: int | None = None) -> None:
        """Deal until shoe ``until_shoe`` has ended (``acts``: stop after that many of the dealer's acts)."""
        from dealer_station.app.autodealer import AutoDealer

        AutoDealer(self.controller, self._draw, new_shoe=self._new_shoe, shoes=until_shoe).run(acts)

    def restart(self) -> None:
        """Stop (the journal closed) and start again on the same journal."""
        self.journal.close()
        self._start()

    def close(self) -> None:
        self.journal.close()
