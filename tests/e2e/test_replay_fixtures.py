"""Every fixture of hw_fixtures/sessions is a test: replayed through codec and controller, compared
with its expected results; the expected results themselves are checked against the rules."""

from __future__ import annotations

import filecmp
import json
import shutil
import sys

import pytest

from dealer_station.app.replay import compare_lines, load_expected
from dealer_station.domain.cards import parse_card
from dealer_station.domain.outcome import deal_round
from tests.support.replay import SESSIONS, expected_for, fixture_sessions, replay, run_cli

SESSIONS_LIST = fixture_sessions()


def test_library_has_every_case():
    names = {p.name.split(".")[0] for p in SESSIONS_LIST}
    assert len(SESSIONS_LIST) >= 12
    for wanted in ("full-shoe-lines", "full-shoe-saopai", "full-shoe-stx-etx", "full-shoe-hid", "misreads-rescans",
                   "misread-limit-void", "burns-10-jqk-ace", "cut-mid-round", "cut-between-rounds",
                   "disconnect-reconnect", "card-while-betting", "foreign-card", "garbage-bytes",
                   "manual-card-entry"):
        assert wanted in names
    kinds = {p.name.rsplit(".", 2)[-2] if p.suffix == ".jsonl" else p.suffix for p in SESSIONS_LIST}
    assert kinds == {"session", "journal", ".script", ".pcap"}


@pytest.mark.parametrize("session", SESSIONS_LIST, ids=lambda p: p.name)
def test_fixture_replays_to_its_expected_results(session):
    expected = load_expected(expected_for(session))
    result = replay(session)
    assert compare_lines(expected, result.lines) == []
    assert result.lines == expected
    assert result.state != "paused", result.incident


def _interleave(player: list[str], banker: list[str]) -> list[str]:
    order = [player[0], banker[0], player[1], banker[1]]
    return order + player[2:] + banker[2:]


@pytest.mark.parametrize("expected", sorted(SESSIONS.glob("*.expected.jsonl")), ids=lambda p: p.name)
def test_expected_results_follow_the_rules(expected):
    """Independent of the controller: each completed round's cards, dealt by the rules, give its line."""
    lines = load_expected(expected)
    rounds_seen: dict[int, int] = {}
    for line in lines:
        if line.get("event") == "shoe_end":
            assert line["rounds"] == rounds_seen.get(line["shoe"], 0)
            indicator = line["burn_indicator"]
            burns = 1 if indicator[0] == "A" else 10 if indicator[0] in "TJQK" else int(indicator[0])
            assert len(line["burned"]) == burns  # docs/rules.md §1
            continue
        rounds_seen[line["shoe"]] = line["round"]
        if line["status"] == "voided":
            assert line["winner"] is None and line["player_total"] is None
            continue
        outcome, rest = deal_round([parse_card(t) for t in _interleave(line["player"], line["banker"])])
        assert not rest
        assert [c.token for c in outcome.player] == line["player"]
        assert [c.token for c in outcome.banker] == line["banker"]
        assert (outcome.player_total, outcome.banker_total) == (line["player_total"], line["banker_total"])
        assert outcome.winner.value == line["winner"]
        offered = set(line["available_bets"])
        assert ("either_pair" in offered) == (line["round"] <= 50)  # docs/rules.md §3 last round offered
        assert ("player_pair" in offered) == (line["round"] <= 60)


def test_a_wrong_expected_file_fails(tmp_path):
    """Corrupt one fixture's expected results: the comparison (and the CLI) must fail and say where."""
    session = SESSIONS / "cut-mid-round.session.jsonl"
    lines = load_expected(expected_for(session))
    lines[1] = {**lines[1], "winner": "player"}  # round 2 is a banker win (7 against 9)
    bad = tmp_path / "cut-mid-round.expected.jsonl"
    bad.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    diff = compare_lines(load_expected(bad), replay(session).lines)
    assert diff == ["shoe 1 round 2: winner: expected 'player', got 'banker'"]

    done = run_cli("replay", str(session), "--expected", str(bad), "--json")
    assert done.returncode == 1
    assert "shoe 1 round 2: winner: expected 'player', got 'banker'" in done.stderr
    copy = tmp_path / "cut-mid-round.session.jsonl"
    shutil.copy(session, copy)
    done = run_cli("replay", str(copy), "--check")
    assert done.returncode == 1 and "round 2: winner" in done.stderr


def test_missing_and_extra_rounds_are_named():
    a = [{"shoe": 1, "round": 1, "winner": "player"}, {"shoe": 1, "round": 2, "winner": "tie"}]
    b = [{"shoe": 1, "round": 1, "winner": "player"}, {"shoe": 1, "round": 3, "winner": "tie"}]
    diff = compare_lines(a, b)
    assert diff[0].startswith("shoe 1 round 2: missing from the replay")
    assert diff[1].startswith("shoe 1 round 3: not expected")
    assert compare_lines(a, list(reversed(a)))[0].startswith("the same lines in another order")


def test_committed_library_is_what_the_generator_writes(tmp_path):
    sys.path.insert(0, str(SESSIONS.parent))
    try:
        import make_sessions
    finally:
        sys.path.remove(str(SESSIONS.parent))
    written = make_sessions.main(tmp_path)
    assert {p.name for p in written} <= {p.name for p in SESSIONS.iterdir()}  # hand-made fixtures may be added
    for path in written:
        assert filecmp.cmp(path, SESSIONS / path.name, shallow=False), f"{path.name} differs: run make_sessions.py"
