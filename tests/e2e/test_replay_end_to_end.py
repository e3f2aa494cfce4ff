"""End to end: a station's journal, exported, replays to the station's own lines; the betting timer,
a real supervisor (authenticated with a PIN) and a wrong PIN survive the journal re-run."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from argon2 import PasswordHasher

from dealer_station.app.accounts import Accounts, AuthError
from dealer_station.app.config import config_from_dict
from dealer_station.app.controller import Controller
from dealer_station.app.replay import audit_journal
from dealer_station.journal import Journal
from drivers.frames import CardRead, Connected, NoRead
from tests.support.replay import replay, run_cli


def test_simulate_journal_export_replays_to_the_same_lines(tmp_path):
    # two shoes of two decks: a shoe change and some thirty rounds, as many kinds of line as eight decks give
    db = tmp_path / "sim.sqlite"
    sim = run_cli("simulate", "--shoes", "2", "--decks", "2", "--seed", "21", "--journal", str(db), "--json")
    assert sim.returncode == 0, sim.stderr
    export = tmp_path / "sim.journal.jsonl"
    done = run_cli("journal", "export", str(db), "-o", str(export))
    assert done.returncode == 0, done.stderr
    result = replay(export)
    assert result.lines == [json.loads(line) for line in sim.stdout.splitlines()]
    # the frames' raw bytes through the lines codec again: the same
    text = run_cli("replay", str(export), "--codec", "lines")
    human = run_cli("simulate", "--shoes", "2", "--decks", "2", "--seed", "21")
    assert text.returncode == 0 and text.stdout == human.stdout


class _Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def test_betting_timer_and_real_supervisor_re_run_identically(tmp_path):
    cfg = config_from_dict({"betting": {"window_seconds": 20}, "shoe": {"max_misreads": 2}})
    clock = _Clock()
    accounts = Accounts(tmp_path / "accounts.json", clock=clock,
                        hasher=PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    accounts.add("sue", "supervisor", "2468")
    path = tmp_path / "station.sqlite"
    journal = Journal(path, synchronous="OFF")
    ctl = Controller(cfg, journal, accounts=accounts, clock=clock, monotonic=lambda: clock.now.timestamp())

    def card(token: str) -> None:
        clock.now += timedelta(seconds=1.5)
        ctl.shoe_event(CardRead(token, token.encode()))

    ctl.shoe_event(Connected("/dev/ttyUSB0"))
    ctl.dealer("new_shoe")
    for token in ("3S", "9C", "8D", "7H"):  # burn card 3, three burned
        card(token)
    for cards in (("AS", "JD", "3H", "2C", "5S", "AC"), ("9H", "8S", "KC", "QD")):
        ctl.dealer("open_betting")
        clock.now += timedelta(seconds=25)
        ctl.tick()  # the betting window runs out: a timer input
        for token in cards:
            card(token)
        ctl.dealer("confirm_result")
    ctl.dealer("open_betting")
    ctl.dealer("close_betting")
    card("4D")
    ctl.shoe_event(NoRead(b"NR", "no_read"))
    ctl.shoe_event(NoRead(b"NR", "no_read"))  # misread limit (2)
    try:
        ctl.supervisor("resume", user="sue", pin="0000", reason="misread_limit", note="wrong PIN")
    except AuthError:
        pass
    ctl.supervisor("enter_card", user="sue", pin="2468", reason="misread_limit", note="read by eye", token="6C")
    for token in ("2D", "TH"):
        card(token)
    ctl.dealer("confirm_result")
    journal.close()

    with Journal(path, readonly=True) as recorded:
        kinds = [r.body.get("kind") for r in recorded.rows(kinds=("input",))]
        assert kinds.count("timer") == 2 and "supervisor" in kinds
        report = audit_journal(recorded, cfg)
    assert report.ok, report.first_difference
    # with another rule setting the re-run differs, and the report says where
    with Journal(path, readonly=True) as recorded:
        other = audit_journal(recorded, config_from_dict({"betting": {"window_seconds": 20}}))
    assert not other.ok and "frame no_read" in other.first_difference
