"""One session reader for the shoe and for QA replay: the same file meets the same fate in both.

``--shoe replay:FILE`` (``drivers.replay.ReplayShoe``, through ``drivers.sessions.read_session``) and
``dealer-station replay FILE`` (``dealer_station.app.replay.load_session``) read a ``record`` session
with ``drivers.sessions.parse_session``. Each case below is a session's lines after its header and
what both readers make of it; ``was`` says what the two readers of before did with it, where that
differed from now.
"""

from __future__ import annotations

import json

import pytest

from dealer_station.app.config import load_config
from dealer_station.app.replay import Replayer, ReplayError, load_session
from drivers.sessions import SESSION_FORMAT, SessionFormatError, iter_chunks, read_session
from tests.support.replay import SESSIONS

HEADER = json.dumps({"format": SESSION_FORMAT, "version": 1, "profile": {
    "name": "x", "transport": "serial", "codec": "lines", "options": {}, "codec_options": {}}})
AS = '{"t": 0.5, "dir": "rx", "hex": "41530d0a"}'

# name -> (lines after the header, ends with a newline, fate in both readers, what was done before)
CASES = {
    "negative t": ([AS, '{"t": -1, "dir": "rx", "hex": "4b480d0a"}'], True, "refused", None),
    "back in time": (['{"t": 2.0, "dir": "rx", "hex": "41530d0a"}', '{"t": 1.0, "dir": "rx", "hex": "4b480d0a"}'],
                     True, "refused", "the shoe played it"),
    "NaN": ([AS, '{"t": NaN, "dir": "rx", "hex": "4b480d0a"}'], True, "refused", None),
    "Infinity": ([AS, '{"t": Infinity, "dir": "rx", "hex": "4b480d0a"}'], True, "refused", None),
    "past a year": ([AS, '{"t": 1e12, "dir": "rx", "hex": "4b480d0a"}'], True, "refused", None),
    "400-digit t": ([AS, '{"t": 1%s, "dir": "rx", "hex": "4b480d0a"}' % ("0" * 400)], True, "refused", None),
    "t as a number in text": ([AS, '{"t": "1.5", "dir": "rx", "hex": "4b480d0a"}'], True, "accepted", None),
    "tx with bad hex": ([AS, '{"t": 1, "dir": "tx", "hex": "zz"}'], True, "refused", "both skipped it"),
    "tx back in time": ([AS, '{"t": 0.1, "dir": "tx", "hex": "00"}'], True, "refused", "both skipped it"),
    "tx without t": ([AS, '{"dir": "tx", "hex": "00"}'], True, "refused", "the shoe skipped it"),
    "tx": ([AS, '{"t": 1, "dir": "tx", "hex": "00"}'], True, "accepted", None),
    "another dir without t": ([AS, '{"dir": "note", "text": "x"}'], True, "refused", "the shoe skipped it"),
    "another dir": ([AS, '{"t": 1, "dir": "note", "text": "x"}'], True, "accepted", None),
    "unknown link event": ([AS, '{"t": 1, "dir": "link", "event": "boom"}'], True, "refused",
                           "the shoe skipped it"),
    "supervisor act without user": ([AS, '{"t": 1, "dir": "act", "by": "supervisor", "act": "void_round"}'],
                                    True, "refused", "the shoe skipped it"),
    "act by nobody": ([AS, '{"t": 1, "dir": "act", "by": "robot", "act": "open_betting"}'], True, "refused",
                      "the shoe skipped it"),
    "nesting too deep": ([AS, "[" * 100_000 + "]" * 100_000, AS], True, "refused",
                         "the shoe crashed (RecursionError)"),
    "not an object": ([AS, "[1]"], True, "refused", None),
    "torn last line": ([AS, '{"t": 1, "dir": "rx", "he'], False, "dropped", None),
    "whole last line without newline": ([AS, '{"t": 1, "dir": "rx", "hex": "4b480d0a"}'], False, "accepted", None),
    "whole last line without newline, bad hex": ([AS, '{"t": 1, "dir": "rx", "hex": "4"}'], False, "refused",
                                                 "both dropped it as torn (a torn line is never JSON)"),
}


def _write(tmp_path, lines, newline):
    path = tmp_path / "case.session.jsonl"
    path.write_text("\n".join([HEADER, *lines]) + ("\n" if newline else ""))
    return path


def _shoe_fate(path) -> str:
    try:
        session = read_session(path)
        list(iter_chunks(path))
    except SessionFormatError:
        return "refused"
    return "dropped" if session.dropped else "accepted"


def _replay_fate(path) -> str:
    try:
        session = load_session(path)
    except ReplayError:
        return "refused"
    Replayer(load_config()).play(session)  # an accepted session plays without raising
    return "dropped" if session.dropped else "accepted"


@pytest.mark.parametrize("name", list(CASES))
def test_the_shoe_and_the_replay_read_a_session_alike(tmp_path, name):
    lines, newline, fate, _was = CASES[name]
    path = _write(tmp_path, lines, newline)
    assert (_shoe_fate(path), _replay_fate(path)) == (fate, fate)


def test_a_refused_line_is_named_alike_by_both(tmp_path):
    path = _write(tmp_path, CASES["back in time"][0], True)
    with pytest.raises(SessionFormatError) as shoe:
        read_session(path)
    with pytest.raises(ReplayError) as replay:
        load_session(path)
    assert f"{path}:3: bad session line" in str(shoe.value) and "goes back in time" in str(shoe.value)
    assert str(replay.value) == str(shoe.value)


def test_the_act_names_are_the_replays_to_check(tmp_path):
    """The one difference left: an act's name is a rule of the table (the domain's, which drivers/ do not
    import); the shoe plays the bytes and ignores acts, the replay refuses an act it does not know."""
    path = _write(tmp_path, [AS, '{"t": 1, "dir": "act", "by": "dealer", "act": "dance"}'], True)
    assert read_session(path).chunks == [(0.5, b"AS\r\n")]
    with pytest.raises(ReplayError, match="dealer act 'dance'"):
        load_session(path)


@pytest.mark.parametrize("fixture", sorted(p.name for p in SESSIONS.glob("*.session.jsonl")))
def test_every_fixture_session_reads_the_same_bytes_both_ways(fixture):
    path = SESSIONS / fixture
    shoe = read_session(path).chunks
    replay = [(s.t, s.data) for s in load_session(path).steps if s.kind == "bytes"]
    assert shoe == replay and shoe
