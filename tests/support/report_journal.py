"""A journal whose counts are known: a real controller on a file journal, scripted cards, acts and times.

Shoe 1 (rounds 1–3 dealt by ``dana``, 4–5 by ``eve``), shoe 2 an hour later (``dana``):

====  ===========================  =========================================================
S1R1  P KS 9H (9)  B 5D 2C (7)     player wins, player natural; 4 s first card → confirm
S1R2  P 3S  B 4D                   No-Read at player1, 3 No-Reads at player2 (misread_limit),
                                   a void with a wrong PIN refused, then voided by sam,
                                   reason misdeal, note "cards dropped"
S1R3  P 6S 3H (9)  B 2D 5C* (7)    dealer calls the supervisor; sam enters 5C by hand; 5 s
S1R4  P 2H 3C (5)  B 4S 4D (8)     banker wins, banker natural and banker pair; 2 s
S1R5  P 7H KH (7)  B 7D QC (7)     tie; 6 s
      (call_supervisor, end_shoe)  a procedure_violation between rounds, the shoe ended by sam
S2R1  P KD TD (0)  B 8S KS (8)     banker wins, banker natural; 3 s
S2R2  P 8H AD (9)  B 2S 3S (5)     player wins, player natural; 8 s
====  ===========================  =========================================================

Card frames: burn 3 + 4 + 2 + 3 + 4 + 4 (shoe 1: 20), burn 3 + 4 + 4 (shoe 2: 11); misreads 4.

Before the dealer of a round is recorded by the station, :class:`DealerJournal` writes it into the
``round_completed`` / ``round_voided`` output of the decision row as the station will (``dealer``), or
takes it out (``None``: a journal from before dealers were recorded). The chain is computed over the
row as written, so it verifies.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from dealer_station.app.accounts import AuthError  # noqa: E402
from dealer_station.journal import Journal  # noqa: E402
from tests.support.table import Table

START = "2026-11-30T04:00:00Z"
SHOE2_AT = "2026-11-30T05:00:00Z"


class DealerJournal(Journal):
    """A journal that stamps ``dealer`` (or removes it, when None) in every round result it writes."""

    dealer: str | None = None

    def add(self, kind, body, ts, **kw):
        if kind == "decision":
            outputs = []
            for out, data in body.get("outputs", ()):
                if out in ("round_completed", "round_voided"):
                    data = {k: v for k, v in data.items() if k != "dealer"}
                    if self.dealer is not None:
                        data["dealer"] = self.dealer
                outputs.append([out, data])
            body = {**body, "outputs": outputs}
            kw["json_only"] = False
        return super().add(kind, body, ts, **kw)


def _round(t: Table, first: str, rest: tuple[str, ...], k: float, ends: list) -> None:
    """Open, the first card 1 s later, the rest 1 s after it, confirm ``k`` s later (lasts 1 + k s), 10 s pause."""
    t.open_round()
    opened = t.clock.now
    t.clock.advance(1)
    t.card(first)
    t.clock.advance(1)
    t.card(*rest)
    t.clock.advance(k)
    t.ctl.dealer("confirm_result")
    ends.append((opened, t.clock.now))
    t.clock.advance(10)


def build(tmp_path: Path, *, dealers: bool = True) -> tuple[Path, dict]:
    """Write the journal; return its path and the times (``ends``: (opened, ended) per round, in order)."""
    path = tmp_path / "journal.sqlite"
    journal = DealerJournal(path)
    t = Table(tmp_path, journal_path=journal)
    ends: list = []

    def dealer(name: str) -> None:
        journal.dealer = name if dealers else None

    dealer("dana")
    t.start_shoe()
    _round(t, "KS", ("5D", "9H", "2C"), 3, ends)                      # R1 4 s
    t.open_round()                                                  # R2: misreads and a void
    opened = t.clock.now
    t.clock.advance(1)
    t.no_read()
    t.card("3S", "4D")
    t.no_read(3)
    t.clock.advance(5)
    try:
        t.ctl.supervisor("void_round", user="sam", pin="0000", reason="misdeal", note="cards dropped")
    except AuthError:
        pass   # a wrong PIN: refused, noted in the journal
    t.sup("void_round", reason="misdeal", note="cards dropped")
    ends.append((opened, t.clock.now))
    t.clock.advance(10)
    t.open_round()                                                  # R3: a call and a card by hand, 5 s
    opened = t.clock.now
    t.clock.advance(1)
    t.card("6S")
    t.clock.advance(1)
    t.card("2D", "3H")
    t.ctl.dealer("call_supervisor", note="card face up on the felt")
    t.clock.advance(2)
    t.sup("enter_card", token="5C", reason="face_up", note="entered the face-up card")
    t.clock.advance(2)
    t.ctl.dealer("confirm_result")
    ends.append((opened, t.clock.now))
    t.clock.advance(10)
    dealer("eve")                                                   # the rotation
    _round(t, "2H", ("4S", "3C", "4D"), 1, ends)                      # R4 2 s
    _round(t, "7H", ("7D", "KH", "QC"), 5, ends)                      # R5 6 s
    t.ctl.dealer("call_supervisor", note="end of the shift")
    t.sup("end_shoe", reason="shoe_change", note="shoe taken out")
    t.clock.now = t.clock.now.replace(hour=5, minute=0, second=0) + timedelta(0)
    dealer("dana")
    t.start_shoe()
    _round(t, "KD", ("8S", "TD", "KS"), 2, ends)                      # S2R1 3 s
    _round(t, "8H", ("2S", "AD", "3S"), 7, ends)                      # S2R2 8 s
    journal.close()
    return path, {"ends": ends}
