"""Every expected round of the fixture library agrees with the independent reference of the rules.

The fixtures' expected files are written by hw_fixtures/make_sessions.py with the product's own
dealing code; this test re-deals every completed round with tests/reference.py, which shares no
code with the product, so a rules bug cannot slip into the expected files unnoticed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import reference

SESSIONS = Path(__file__).resolve().parents[2] / "hw_fixtures" / "sessions"
EXPECTED = sorted(SESSIONS.glob("*.expected.jsonl"))


def test_there_is_a_fixture_library():
    assert len(EXPECTED) >= 12


@pytest.mark.parametrize("path", EXPECTED, ids=[p.name.split(".")[0] for p in EXPECTED])
def test_every_completed_round_is_right_by_the_reference(path):
    rounds = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    completed = [r for r in rounds if r.get("status") == "completed"]
    for r in completed:
        player, banker = r["player"], r["banker"]
        in_deal_order = [player[0], banker[0], player[1], banker[1], *player[2:], *banker[2:]]
        dealt = reference.deal(in_deal_order)
        assert dealt is not None, f"{path.name} shoe {r['shoe']} round {r['round']}: too few cards"
        ref_player, ref_banker, used = dealt
        where = f"{path.name} shoe {r['shoe']} round {r['round']}"
        assert (ref_player, ref_banker, used) == (player, banker, len(in_deal_order)), where
        assert reference.total(player) == r["player_total"] and reference.total(banker) == r["banker_total"], where
        assert reference.winner(player, banker) == r["winner"], where
