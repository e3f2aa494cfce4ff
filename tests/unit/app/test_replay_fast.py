"""A fast replay's own arrangements: the collector's threshold while it runs, restored after, even on a failure."""

from __future__ import annotations

import gc

import pytest

from dealer_station.app.config import load_config
from dealer_station.app.replay import FAST_GC_THRESHOLD, Replayer, ReplayError, load_session
from tests.support.replay import SESSIONS

SESSION = SESSIONS / "cut-mid-round.session.jsonl"


def _thresholds_seen(speed):
    seen = []
    replayer = Replayer(load_config(), speed=speed, listeners=[lambda fact: seen.append(gc.get_threshold()[0])])
    replayer.play(load_session(SESSION))
    return seen


def test_a_fast_replay_raises_the_young_collection_threshold_and_puts_it_back():
    before = gc.get_threshold()
    assert set(_thresholds_seen(None)) == {max(before[0], FAST_GC_THRESHOLD)}
    assert gc.get_threshold() == before
    assert set(_thresholds_seen(1000.0)) == {before[0]}  # a paced replay (a console) leaves it alone
    assert gc.get_threshold() == before


def test_the_threshold_is_restored_when_a_replay_fails():
    before = gc.get_threshold()
    session = load_session(SESSION)
    session.codec = "no-such-codec"
    with pytest.raises(ReplayError):
        Replayer(load_config()).play(session)
    assert gc.get_threshold() == before


@pytest.mark.parametrize("line", ['{"t": 1, "dir": "rx", "hex": "41"}', '  {"t": 1}  ', '{"t": 1} x',
                                  '{"t": 1},{"t": 2}', "\ufeff{}", '{"t": 1}\x0c', "\x1c{}", '{"t":', "nope",
                                  '"text"', "[1, 2]", "NaN"])
def test_a_session_line_reads_as_json_loads_reads_it(line):
    """The fast line reader gives json.loads' value, or its very error (message, column)."""
    import json

    from dealer_station.app.replay import _json_line

    try:
        expected = json.loads(line)
    except ValueError as err:
        with pytest.raises(ValueError) as got:
            _json_line(line)
        assert str(got.value) == str(err)
    else:
        got = _json_line(line)
        assert got == expected or (got != got and expected != expected)  # NaN is not equal to itself
