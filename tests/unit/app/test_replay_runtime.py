"""The headless replay runs on the station runtime: its steps go through the station's loop on the calling
thread, one step each, and the lines are the ones the steps played by hand give."""

from __future__ import annotations

import threading

from dealer_station.app.config import load_config
from dealer_station.app.replay import Replayer, load_session
from dealer_station.app.runtime import Station
from tests.support.replay import SESSIONS

SESSION = SESSIONS / "cut-mid-round.session.jsonl"


def test_play_runs_the_steps_on_the_station_loop_of_the_calling_thread():
    replayer = Replayer(load_config())
    assert isinstance(replayer.station, Station) and replayer.station.controller is replayer.controller
    told = []
    replayer.station.listen(lambda update: told.append((threading.current_thread(), update)))
    result = replayer.play(load_session(SESSION))
    assert replayer.station.why == "finished" and replayer.station.auto is None
    assert result.steps == len(load_session(SESSION).steps) and result.lines and not result.stopped
    assert told and {thread for thread, _ in told} == {threading.current_thread()}
    facts = [fact.kind for _, update in told for fact in update.facts]
    assert facts[0] == "connection" and "card_accepted" in facts and "round_completed" in facts
    # the round the end of the recording leaves dealt is confirmed by finish(), after the loop
    assert facts.count("round_completed") == sum("round" in x for x in result.lines) - 1


def test_the_loop_gives_the_same_lines_as_the_steps_played_one_by_one():
    by_hand = Replayer(load_config())
    session = load_session(SESSION)
    by_hand.begin(session)
    while by_hand.advance():
        pass
    expected = by_hand.finish()
    played = Replayer(load_config()).play(load_session(SESSION))
    assert played.lines == expected.lines and played.state == expected.state and played.cards == expected.cards


def test_a_stop_set_before_the_replay_plays_nothing_and_says_stopped():
    stop = threading.Event()
    stop.set()
    replayer = Replayer(load_config(), stop=stop)
    result = replayer.play(load_session(SESSION))
    assert result.stopped and result.steps == 0 and result.lines == []
    assert replayer.station.why == "finished"  # the loop ended on the replay's word, not on a tick or idling
