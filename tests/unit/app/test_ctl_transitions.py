"""Every transition of the table is taken by some scripted scenario."""

from __future__ import annotations

from dealer_station.domain.table import PAUSABLE, TRANSITIONS
from drivers.frames import Connected, ConnectionLost
from tests.support.table import Table, config


def all_pairs() -> set[tuple[str, str]]:
    pairs = set()
    for t in TRANSITIONS:
        sources = t["source"] if isinstance(t["source"], list) else [t["source"]]
        pairs |= {(s, t["dest"]) for s in sources}
    return pairs


class Recorder:
    def __init__(self) -> None:
        self.pairs: set[tuple[str, str]] = set()

    def watch(self, t: Table) -> Table:
        state = {"now": t.state}

        def listener(fact) -> None:
            if fact.kind == "state_changed":
                self.pairs.add((state["now"], fact.data["state"]))
                state["now"] = fact.data["state"]

        t.ctl.subscribe(listener)
        return t


def pause_and_resume(t: Table) -> None:
    t.ctl.shoe_event(ConnectionLost("x"))
    t.ctl.shoe_event(Connected("y"))
    t.sup("resume")


def test_every_transition_is_taken(tmp_path):
    rec = Recorder()
    # the regular procedure, with a pause and resume in every pausable state
    t = rec.watch(Table(tmp_path))
    t.ctl.shoe_event(Connected("c"))
    t.ctl.dealer("new_shoe")
    pause_and_resume(t)                      # shuffle
    t.ctl.dealer("shuffled")
    pause_and_resume(t)                      # burn_indicator
    t.card("2S")
    pause_and_resume(t)                      # burning
    t.card("3S", "4S")
    pause_and_resume(t)                      # ready
    t.ctl.dealer("open_betting")
    pause_and_resume(t)                      # betting_open
    t.ctl.dealer("close_betting")
    pause_and_resume(t)                      # betting_closed
    t.card("TS")
    pause_and_resume(t)                      # dealing
    t.card("TH", "9S", "8H")
    pause_and_resume(t)                      # result
    t.ctl.dealer("confirm_result")           # result -> ready
    t.open_round()
    t.card("2H", "3H")
    t.ctl.dealer("call_supervisor", note="x")
    t.sup("void_round")                      # paused -> ready
    t.open_round()
    t.cut()
    t.card("TD", "TC", "9D", "8D")
    t.ctl.dealer("confirm_result")           # result -> shoe_end
    t.ctl.dealer("change_shoe")              # shoe_end -> shoe_change
    t.ctl.dealer("new_shoe")                 # shoe_change -> shuffle
    t.ctl.dealer("shuffled")
    t.card("AS", "2D")
    t.ctl.dealer("call_supervisor", note="x")
    t.sup("end_shoe")                        # paused -> shoe_end
    # the cut card between rounds with setting "none"
    for opened in ("ready", "betting_open", "betting_closed"):
        n = rec.watch(Table(tmp_path, cfg=config(cut_card__between_rounds="none")))
        n.start_shoe()
        if opened != "ready":
            n.ctl.dealer("open_betting")
        if opened == "betting_closed":
            n.ctl.dealer("close_betting")
        n.cut()
        assert n.state == "shoe_end"
    missing = all_pairs() - rec.pairs
    assert not missing, sorted(missing)
    assert {("paused", s) for s in PAUSABLE} <= rec.pairs
