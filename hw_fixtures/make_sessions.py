"""Write the QA replay library ``hw_fixtures/sessions/``: recorded sessions and their expected results.

Run from the repository root: ``python hw_fixtures/make_sessions.py`` (rewrites the files in
``hw_fixtures/sessions/``; ``tests/e2e`` checks that the committed files equal what this writes).

Every session is *scripted*: a :class:`Scenario` says which cards the dealer pulls, where the
shoe misreads, where a supervisor acts. From one scenario this script writes

- the wire bytes, encoded by the drivers' own encoders (``drivers.codecs.make_codec(...).encode``),
  as a ``record`` session (``NAME.session.jsonl``), a umockdev tty script (``NAME.script``), a usbmon
  capture (``NAME.pcap``, written by ``drivers.usbmon.UsbmonWriter``) or a journal export
  (``NAME.journal.jsonl``);
- the expected results (``NAME.expected.jsonl``), worked out **from the cards by the rules**,
  never from a replay: each round's cards go through ``dealer_station.domain.outcome.deal_round``
  (docs/rules.md §2: order P B P B, naturals, third-card table), the burn count follows docs/rules.md §1
  (A = 1, 2-9 = face, 10/J/Q/K = 10, the shown card not counted), the cut card makes the round in
  progress the last one (between rounds: one more round), the bets offered follow docs/rules.md §3's
  "last round offered" column (50 and 60), and a void lists the cards dealt before it.

Timing: 0.4 s between cards, 2 s between rounds, 0.5 s between a No-Read and the rescan.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from dealer_station.domain.cards import parse_card  # noqa: E402
from dealer_station.domain.errors import DealError  # noqa: E402
from dealer_station.domain.outcome import deal_round  # noqa: E402
from drivers.codecs import NOREAD, make_codec  # noqa: E402
from drivers.deck import CUT, shuffled_shoe  # noqa: E402
from drivers.sessions import SESSION_FORMAT, escape_script  # noqa: E402

OUT = HERE / "sessions"

ALL_BETS = ("player", "banker", "tie", "player_pair", "banker_pair", "either_pair", "perfect_pair",
            "player_natural", "banker_natural", "player_bonus", "banker_bonus", "lucky_six",
            "two_cards_lucky_six", "three_cards_lucky_six")
"""The default table's bets (config/paytables/commission.toml), in identifier order."""
LAST_ROUND = {"player_pair": 60, "banker_pair": 60, "either_pair": 50, "perfect_pair": 50, "player_natural": 50,
              "banker_natural": 50, "lucky_six": 50, "two_cards_lucky_six": 50, "three_cards_lucky_six": 50}
"""docs/rules.md §3, "Last round it is offered"."""

SUPERVISOR = {"user": "sup1"}


def offered(round_number: int) -> list[str]:
    """Bets open in round ``round_number`` of a shoe (docs/rules.md §3)."""
    return [b for b in ALL_BETS if round_number <= LAST_ROUND.get(b, 10**9)]


@dataclass
class Scenario:
    """One recorded session being written: steps out, expected lines kept beside them.

    ``acts``: the session holds the dealer's acts (the automatic dealer stays out in replay).
    """

    name: str
    codec: str
    acts: bool = False
    split: bool = False
    steps: list[dict] = field(default_factory=list)
    expected: list[dict] = field(default_factory=list)
    t: float = 0.0
    shoe: int = 0
    round: int = 0
    indicator: str | None = None
    burned: list[str] = field(default_factory=list)
    cut_round: int | None = None
    last_round: int | None = None
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    cut_kind: str = ""

    def __post_init__(self) -> None:
        self.enc = make_codec(self.codec)

    # -- raw material -----------------------------------------------------------------------------
    def wait(self, seconds: float) -> None:
        self.t = round(self.t + seconds, 6)

    def wire(self, data: bytes, gap: float = 0.4) -> None:
        """Bytes as reads return them: HID one report per read; serial sometimes split in two."""
        self.wait(gap)
        if self.codec == "hid-keyboard":
            size = self.enc.report_size
            for i in range(0, len(data), size):
                self.steps.append({"t": self.t, "dir": "rx", "hex": data[i:i + size].hex()})
                self.wait(0.008)
            return
        if self.split and len(data) > 2 and self.rng.random() < 0.3:
            cut = self.rng.randint(1, len(data) - 1)
            self.steps.append({"t": self.t, "dir": "rx", "hex": data[:cut].hex()})
            self.wait(0.005)
            data = data[cut:]
        self.steps.append({"t": self.t, "dir": "rx", "hex": data.hex()})

    def send(self, token: str, gap: float = 0.4) -> None:
        self.wire(self.enc.encode(token), gap)

    def noread(self) -> None:
        self.send(NOREAD)
        self.wait(0.1)

    def garbage(self) -> None:
        self.wire(self.enc.encode_garbage(self.rng), 0.05)

    def act(self, by: str, act: str, gap: float = 0.2, **kw) -> None:
        self.wait(gap)
        step = {"t": self.t, "dir": "act", "by": by, "act": act}
        if by == "supervisor":
            step.update(SUPERVISOR)
            step["reason"] = kw.pop("reason")
            step["note"] = kw.pop("note")
        if kw:
            step["args"] = kw
        self.steps.append(step)

    def link(self, event: str, detail: str, gap: float = 0.2) -> None:
        self.wait(gap)
        self.steps.append({"t": self.t, "dir": "link", "event": event, "detail": detail})

    # -- the table procedure, with the expected lines -----------------------------------------------
    def new_shoe(self, indicator: str, burned: list[str]) -> None:
        """Start a shoe: the indicator and exactly the cards it burns (docs/rules.md §1)."""
        assert len(burned) == parse_card(indicator).rank.burn_count, (indicator, burned)
        self.shoe += 1
        self.round = 0
        self.indicator, self.burned = indicator, list(burned)
        self.cut_round = self.last_round = None
        if self.acts:
            self.act("dealer", "new_shoe", gap=1.0)
        self.send(indicator, 1.0)
        for token in burned:
            self.send(token, 0.3)

    def cut(self) -> None:
        """The cut card comes out now, in the open round (its first cards dealt or not): that round is the
        shoe's last (docs/rules.md §1: completed with the cards it needs; between rounds, one more round).
        """
        self.send(CUT)
        self.cut_round = self.last_round = self.round

    def open_round(self) -> None:
        self.round += 1
        if self.acts:
            self.act("dealer", "open_betting", gap=2.0)
            self.act("dealer", "close_betting", gap=1.0)


    def deal(self, cards: list[str], *, cut_after: int | None = None, cut_before: bool = False,
             hooks: dict[int, object] | None = None) -> dict:
        """Deal one round of exactly the cards it needs; return its expected line.

        ``cut_before``: the cut card comes out before the round's first card (between rounds);
        ``cut_after=k``: after the k-th card of the round (mid-round); ``hooks``: ``{k: fn}`` runs
        ``fn()`` before the k-th card (0-based) — misreads, noise, a disconnect.
        """
        outcome, rest = deal_round([parse_card(c) for c in cards])
        assert not rest, f"{self.name}: round {self.round + 1} needs {len(cards) - len(rest)} cards, got {len(cards)}"
        self.open_round()
        if cut_before:
            self.cut()
            self.cut_kind = f"between rounds {self.round - 1} and {self.round}"
        elif cut_after is not None:
            self.cut_kind = f"in round {self.round}, after its card {cut_after}"
        for k, token in enumerate(cards):
            if hooks and k in hooks:
                hooks[k]()  # type: ignore[operator]
            self.send(token)
            if cut_after is not None and k + 1 == cut_after:
                self.cut()
        line = {"shoe": self.shoe, "round": self.round, "status": "completed",
                "player": [c.token for c in outcome.player], "banker": [c.token for c in outcome.banker],
                "player_total": outcome.player_total, "banker_total": outcome.banker_total,
                "winner": outcome.winner.value, "available_bets": offered(self.round),
                "last_round": self.last_round is not None and self.round >= self.last_round}
        self.expected.append(line)
        if self.acts:
            self.act("dealer", "confirm_result", gap=1.0)
        if self.last_round is not None and self.round >= self.last_round:
            self.shoe_end()
        return line

    def void(self, player: list[str], banker: list[str]) -> None:
        """The round in progress is voided by the supervisor with these cards dealt (docs/rules.md §5)."""
        self.expected.append({"shoe": self.shoe, "round": self.round, "status": "voided", "player": player,
                              "banker": banker, "player_total": None, "banker_total": None, "winner": None,
                              "available_bets": offered(self.round),
                              "last_round": self.last_round is not None and self.round >= self.last_round})

    def shoe_end(self) -> None:
        self.expected.append({"shoe": self.shoe, "event": "shoe_end", "rounds": self.round,
                              "burn_indicator": self.indicator, "burned": list(self.burned),
                              "cut_card_round": self.cut_round})

    # -- files ------------------------------------------------------------------------------------
    def header(self) -> dict:
        return {"format": SESSION_FORMAT, "version": 1,
                "profile": {"name": f"fixture-{self.codec}", "transport": "usb" if self.codec == "hid-keyboard"
                            else "serial", "codec": self.codec, "options": {}, "codec_options": {},
                            "source": "hw_fixtures/make_sessions.py"},
                "port": {}, "started": "2026-11-30T10:00:00+00:00"}

    def write(self, out: Path) -> list[Path]:
        session = out / f"{self.name}.session.jsonl"
        lines = [json.dumps(self.header(), separators=(",", ":"))]
        lines += [json.dumps(s, separators=(",", ":")) for s in self.steps]
        session.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return [session, write_expected(out / f"{self.name}.expected.jsonl", self.expected)]

    def write_script(self, out: Path) -> list[Path]:
        """As a umockdev tty script (bytes only: no acts, no link events)."""
        assert all(s["dir"] == "rx" for s in self.steps), "a tty script holds only what the shoe sent"
        script = out / f"{self.name}.script"
        # wait for the reader's on_open byte (ENQ) first: pyserial drops what arrives before it opens
        # the port (as hw_fixtures/serial/generate.py; profile option on_open = "05")
        rows, last = ["w 0 ^E"], 0.0
        for s in self.steps:
            rows.append(f"r {round((s['t'] - last) * 1000)} {escape_script(bytes.fromhex(s['hex']))}")
            last = s["t"]
        script.write_text("\n".join(rows) + "\n", encoding="latin-1")
        return [script, write_expected(out / f"{self.name}.expected.jsonl", self.expected)]


def write_expected(path: Path, lines: list[dict]) -> Path:
    """Write expected round and shoe lines as JSON Lines; return the path."""
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def full_shoe(name: str, codec: str, seed: int, split: bool = False) -> Scenario:
    """A whole 8-deck shoe as the drivers' shuffler makes it: burn, every round up to the cut card's last."""
    s = Scenario(name, codec, split=split)
    tokens = shuffled_shoe(seed)
    indicator = tokens[0]
    n = parse_card(indicator).rank.burn_count
    s.new_shoe(indicator, tokens[1:1 + n])
    i = 1 + n
    while s.last_round is None or s.round < s.last_round:
        cut_before = tokens[i] == CUT
        if cut_before:
            i += 1
        cards: list[str] = []
        cut_after = None
        while not _complete(cards):  # a round takes 4, 5 or 6 cards; note a cut card among them
            if tokens[i] == CUT:
                cut_after = len(cards)
                i += 1
                continue
            cards.append(tokens[i])
            i += 1
        s.deal(cards, cut_before=cut_before, cut_after=cut_after)
    return s


def _complete(cards: list[str]) -> bool:
    """True when ``cards`` are exactly one round (docs/rules.md §2)."""
    if len(cards) < 4:
        return False
    try:
        _, rest = deal_round([parse_card(c) for c in cards])
    except DealError:
        return False
    return not rest


def scenarios() -> list[Scenario]:
    """Every fixture of the library."""
    out: list[Scenario] = []

    # 1-4. a full shoe in each wire format, split across reads as a UART delivers it. Burn indicators
    # Q, J, 9, 10; the cut card in the middle of the last round (seeds 11, 1, 5) or, with seed 6,
    # between rounds 73 and 74 (round 74 is the last)
    out.append(full_shoe("full-shoe-lines", "lines", 11, split=True))
    out.append(full_shoe("full-shoe-saopai", "saopai", 1, split=True))
    out.append(full_shoe("full-shoe-stx-etx", "stx-etx", 6, split=True))
    out.append(full_shoe("full-shoe-hid", "hid-keyboard", 5))

    # 5. misreads and rescans: No-Reads and unknown codes below the limit; the rounds are unchanged
    s = Scenario("misreads-rescans", "lines")
    s.new_shoe("3D", ["9C", "4H", "KD"])
    s.deal(["AS", "JD", "3H", "2C", "5S", "AC"], hooks={0: s.noread, 3: lambda: (s.noread(), s.noread())})
    s.deal(["9H", "8S", "KC", "QD"], hooks={2: lambda: s.wire(b"ZZ9\r\n")})  # unknown code: rescan
    s.deal(["2H", "4C", "3C", "TH", "7S", "5D"], hooks={5: s.noread})
    out.append(s)

    # 6. the misread limit: three No-Reads at banker2 pause the round; the supervisor voids it
    s = Scenario("misread-limit-void", "lines")
    s.new_shoe("2S", ["7C", "7D"])
    s.deal(["8H", "6C", "TD", "3S"])
    s.open_round()
    for token in ("4D", "9S", "5H"):
        s.send(token)
    for _ in range(3):
        s.noread()
    s.act("supervisor", "void_round", gap=5.0, reason="misread_limit", note="banker's second card unreadable")
    s.void(["4D", "5H"], ["9S"])
    s.deal(["2D", "2H", "7S", "QC"])
    out.append(s)

    # 7. burns: shoes burned by 10, J, Q, K (10 cards each) and by an Ace (1 card); each shoe's cut
    # card comes out right after the burn, so one round is dealt and the shoe ends
    s = Scenario("burns-10-jqk-ace", "stx-etx")
    filler = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC"]
    rounds = [["9D", "TS", "9H", "KC"], ["AD", "2D", "3D", "4D", "5D"], ["8S", "8D", "QH", "QS"],
              ["5S", "6S", "KS", "7H", "AH", "2H"], ["7D", "6H", "JS", "TD"]]
    for indicator, cards in zip(("TH", "JH", "QD", "KH", "AS"), rounds, strict=True):
        s.new_shoe(indicator, filler[:parse_card(indicator).rank.burn_count])
        s.deal(cards, cut_before=True)
    out.append(s)

    # 8. the cut card in the middle of a round: after player1 of round 3 (round 3 is the last)
    s = Scenario("cut-mid-round", "saopai")
    s.new_shoe("5H", ["2C", "3C", "4C", "5C", "6C"])
    s.deal(["AD", "3S", "QS", "4H", "8C"])
    s.deal(["7D", "KD", "TS", "9H"])
    s.deal(["2S", "JC", "3H", "8D"], cut_after=1)
    out.append(s)

    # 9. the cut card between rounds: after round 2; exactly one more round (docs/rules.md §1 default)
    s = Scenario("cut-between-rounds", "lines")
    s.new_shoe("AC", ["KS"])
    s.deal(["6H", "QH", "JD", "2S", "9C"])
    s.deal(["3C", "3D", "5C", "QD"])
    s.deal(["9S", "9D", "KH", "4D"], cut_before=True)
    out.append(s)

    # 10. a disconnect and reconnect mid-round: half a token, the link drops, the shoe comes back,
    # the supervisor resumes and the dealer rescans the card
    s = Scenario("disconnect-reconnect", "lines")
    s.new_shoe("4S", ["8C", "8H", "2D", "TC"])
    s.deal(["KC", "5D", "8H", "9S"])

    def unplug() -> None:
        s.wire(b"7", 0.3)  # the first byte of "7H\r\n", then the cable is pulled
        s.link("lost", "[Errno 5] Input/output error", gap=0.05)
        s.link("connected", "/dev/ttyUSB0", gap=4.0)
        s.act("supervisor", "resume", gap=3.0, reason="shoe_disconnected", note="cable reseated; card rescanned")

    s.deal(["3H", "4C", "7H", "2C", "6D", "JS"], hooks={2: unplug})
    s.deal(["TD", "AS", "8S", "7C"])
    out.append(s)

    # 11. a card while betting is open (the session holds the dealer's acts): the round pauses, the
    # stray card is set aside, the supervisor resumes, betting closes and the round is dealt
    s = Scenario("card-while-betting", "stx-etx", acts=True)
    s.new_shoe("7S", ["2H", "3H", "4H", "5H", "6H", "7H", "8H"])
    s.deal(["AH", "KS", "5S", "QC", "3C"])
    s.round += 1
    s.act("dealer", "open_betting", gap=2.0)
    s.send("9C", 0.5)  # the dealer pulls a card before betting closed
    s.act("supervisor", "resume", gap=4.0, reason="card_while_betting", note="stray card 9C set aside")
    s.act("dealer", "close_betting", gap=2.0)
    for token in ("6C", "2D", "3S", "KD"):
        s.send(token)
    outcome, _ = deal_round([parse_card(c) for c in ("6C", "2D", "3S", "KD")])
    s.expected.append({"shoe": 1, "round": 2, "status": "completed", "player": [c.token for c in outcome.player],
                       "banker": [c.token for c in outcome.banker], "player_total": outcome.player_total,
                       "banker_total": outcome.banker_total, "winner": outcome.winner.value,
                       "available_bets": offered(2), "last_round": False})
    s.act("dealer", "confirm_result", gap=1.0)
    s.deal(["JH", "JD", "4S", "5C", "9D"])
    out.append(s)

    # 12. a foreign card: the shoe has 8 copies of the Ace of spades; after all 8 are out a 9th is
    # read (a card from another shoe); the round pauses, the supervisor resumes, the dealer deals on
    s = Scenario("foreign-card", "lines")
    s.new_shoe("AS", ["AS"])
    s.deal(["AS", "AS", "5D", "TC", "2H"])
    s.deal(["AS", "AS", "9C", "KS", "3D", "2C"])
    s.deal(["AS", "AS", "8D", "QD"])
    # all 8 Aces of spades are out (indicator, burn, 6 dealt): the next one is foreign

    def foreign() -> None:
        s.send("AS")
        s.act("supervisor", "resume", gap=5.0, reason="foreign_card", note="9th ace of spades removed from the table")

    s.deal(["3C", "7S", "4D", "6S", "JD"], hooks={2: foreign})
    out.append(s)

    # 13. garbage bytes: line noise between and inside frames (STX/ETX), never a card, never a rescan
    s = Scenario("garbage-bytes", "stx-etx")
    s.new_shoe("6D", ["2S", "3S", "4S", "5S", "6S", "7S"])
    s.deal(["AC", "9H", "TS", "8C", "4D"], hooks={0: s.garbage, 1: s.garbage})
    s.deal(["4H", "QC", "4S", "JC"], hooks={2: lambda: s.wire(b"\x00\xff~~~", 0.1), 3: s.garbage})
    out.append(s)

    # 14. a supervisor's manual card entry: a card no rescan can read (misread limit at player3);
    # the supervisor enters it by hand and the round completes
    s = Scenario("manual-card-entry", "saopai")
    s.new_shoe("8C", ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"])

    def unreadable() -> None:
        for _ in range(3):
            s.noread()
        s.act("supervisor", "enter_card", gap=6.0, reason="misread_limit", note="card worn; read by eye as 6H",
              token="6H")

    cards = ["2D", "QH", "TC", "5C", "6H", "7D"]
    outcome, _ = deal_round([parse_card(c) for c in cards])
    s.open_round()
    for k, token in enumerate(cards):
        if k == 4:
            unreadable()
            continue  # 6H is placed by the supervisor, not read
        s.send(token)
    s.expected.append({"shoe": 1, "round": 1, "status": "completed", "player": [c.token for c in outcome.player],
                       "banker": [c.token for c in outcome.banker], "player_total": outcome.player_total,
                       "banker_total": outcome.banker_total, "winner": outcome.winner.value,
                       "available_bets": offered(1), "last_round": False})
    s.deal(["9C", "KC", "AD", "5H", "3D"])
    out.append(s)
    return out


def script_scenario() -> Scenario:
    """15. a serial shoe's umockdev tty script (saopai codes): two rounds and a misread."""
    s = Scenario("script-saopai", "saopai", split=True)
    s.new_shoe("9H", ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC"])
    s.deal(["QS", "3D", "7C", "6H"], hooks={1: s.noread})
    s.deal(["AH", "AD", "4S", "2S", "8H"])
    return s


def capture_scenario(out: Path) -> list[Path]:
    """17. a USB capture (usbmon pcap, link type 220) of a HID keyboard-wedge scanner: rounds with rescans."""
    from drivers.usbmon import UsbmonWriter

    s = Scenario("usb-hid-rescans", "hid-keyboard")
    s.new_shoe("JS", ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"])
    s.deal(["QS", "4C", "KC", "3C", "6C"], hooks={1: s.noread})
    s.deal(["8C", "9C", "AH", "2C"], hooks={3: lambda: (s.noread(), s.noread())})
    path = out / "usb-hid-rescans.pcap"
    with path.open("wb") as fh:
        writer = UsbmonWriter(fh, bus=1, device=2, start=1_790_000_000.0)
        last = 0.0
        for step in s.steps:
            writer.transfer(bytes.fromhex(step["hex"]), gap=max(0.0005, round(step["t"] - last, 6)))
            last = step["t"]
    return [path, write_expected(out / "usb-hid-rescans.expected.jsonl", s.expected)]


def journal_scenario(out: Path) -> list[Path]:
    """16. a journal export: a station journal (the real controller, a file journal) of two rounds,
    the second voided by the supervisor after the misread limit; exported as JSON Lines.
    """
    import tempfile

    from dealer_station.app.config import load_config
    from dealer_station.app.replay import RecordedAuthority, Replayer, load_session

    s = Scenario("journal-void", "lines", acts=True)
    s.new_shoe("3S", ["QD", "JD", "TD"])
    s.deal(["KH", "2H", "5C", "9D", "4H", "8S"])
    s.open_round()
    s.send("AC")
    for _ in range(3):
        s.noread()
    s.act("supervisor", "void_round", gap=5.0, reason="misread_limit", note="banker1 unreadable")
    s.void(["AC"], [])
    s.deal(["6S", "3H", "JC", "2D", "TS"])
    assert RecordedAuthority  # the recording's supervisor is accepted as authenticated at the table
    with tempfile.TemporaryDirectory() as tmp:
        session = Path(tmp) / "journal-void.session.jsonl"
        s.write(Path(tmp))
        from dealer_station.journal import Journal

        db = Path(tmp) / "journal.sqlite"
        journal = Journal(db)
        replayer = Replayer(load_config(), journal=journal)
        replayer.play(load_session(session))
        target = out / "journal-void.journal.jsonl"
        with target.open("w", encoding="utf-8") as fh:
            journal.export(fh)
        journal.close()
    return [target, write_expected(out / "journal-void.expected.jsonl", s.expected)]


def main(out: Path = OUT) -> list[Path]:
    """Write every fixture into ``out``; return the files written."""
    from dealer_station.app.logging import configure_logging

    configure_logging(level="ERROR")
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for scenario in scenarios():
        written += scenario.write(out)
    written += script_scenario().write_script(out)
    written += capture_scenario(out)
    written += journal_scenario(out)
    return written


if __name__ == "__main__":
    for path in main():
        print(path.relative_to(HERE.parent))
