"""Bad recordings never crash the replay: a ReplayError naming the file, or a replay that ends."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_station.app.config import load_config
from dealer_station.app.replay import Replayer, ReplayError, load_session
from tests.support.replay import SESSIONS

HEADER = json.loads((SESSIONS / "cut-mid-round.session.jsonl").read_text().splitlines()[0])
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                       max_size=3), max_leaves=6)
lines = st.one_of(
    st.builds(lambda t, h: {"t": t, "dir": "rx", "hex": h}, st.floats(0, 100), st.binary(max_size=24).map(bytes.hex)),
    st.builds(lambda t, e: {"t": t, "dir": "link", "event": e, "detail": "x"}, st.floats(0, 100),
              st.sampled_from(["lost", "connected", "zap"])),
    st.builds(lambda t, by, act, args: {"t": t, "dir": "act", "by": by, "act": act, "user": "u", "reason": "r",
                                        "note": "n", "args": args},
              st.floats(0, 100), st.sampled_from(["dealer", "supervisor", "timer", "nobody"]),
              st.sampled_from(["open_betting", "close_betting", "confirm_result", "resume", "void_round",
                               "enter_card", "end_shoe", "fly"]),
              st.dictionaries(st.sampled_from(["token", "user", "pin", "act", "from_position"]), json_values,
                              max_size=2)),
    st.dictionaries(st.text(max_size=5), json_values, max_size=4),
)


def _play(path) -> None:
    try:
        session = load_session(path)
    except ReplayError as err:
        assert str(path.name) in str(err) or "codec" in str(err)
        return
    replayer = Replayer(load_config())
    try:
        replayer.play(session)
    except ReplayError:
        pass
    finally:
        replayer.journal.close()


@FUZZ
@given(body=st.lists(lines, max_size=25), codec=st.sampled_from(["lines", "saopai", "stx-etx", "hid-keyboard"]),
       options=json_values)
def test_fuzzed_record_sessions(tmp_path_factory, body, codec, options):
    path = tmp_path_factory.mktemp("fz") / "f.session.jsonl"
    header = {**HEADER, "profile": {"codec": codec, "codec_options": options}}
    body = sorted(body, key=lambda o: o.get("t", 0) if isinstance(o.get("t", 0), (int, float)) else 0)
    path.write_text("\n".join(json.dumps(x) for x in [header, *body]) + "\n")
    _play(path)


@FUZZ
@given(data=st.binary(max_size=400), suffix=st.sampled_from([".jsonl", ".script", ".pcap", ".pcapng"]))
def test_fuzzed_bytes_in_any_kind_of_file(tmp_path_factory, data, suffix):
    path = tmp_path_factory.mktemp("fz") / f"f{suffix}"
    path.write_bytes(data)
    try:
        session = load_session(path, codec="lines" if suffix == ".script" else None)
    except ReplayError:
        return
    replayer = Replayer(load_config())
    try:
        replayer.play(session)
    finally:
        replayer.journal.close()


BODY_KEYS = st.sampled_from(["kind", "frame", "token", "raw", "act", "event", "args", "user"])
ROWS = st.lists(st.fixed_dictionaries({
    "seq": st.integers(0, 9), "kind": st.sampled_from(["input", "note"]), "hash": st.just("0"),
    "ts": st.sampled_from(["2026-11-30T00:00:00Z", "yesterday"]),
    "body": st.dictionaries(BODY_KEYS, json_values, max_size=5)}), min_size=1, max_size=12)


@FUZZ
@given(rows=ROWS)
def test_fuzzed_journal_exports(tmp_path_factory, rows):
    path = tmp_path_factory.mktemp("fz") / "f.journal.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    _play(path)


def test_act_arguments_that_clash_with_the_act_are_refused_not_raised(tmp_path):
    path = tmp_path / "clash.session.jsonl"
    acts = [{"t": 0.5, "dir": "act", "by": "dealer", "act": "new_shoe", "args": {"act": "x"}},
            {"t": 1.0, "dir": "act", "by": "supervisor", "act": "resume", "user": "u", "reason": "r", "note": "n",
             "args": {"user": "someone else", "pin": "1"}}]
    path.write_text("\n".join(json.dumps(x) for x in [HEADER, *acts]) + "\n")
    replayer = Replayer(load_config())
    result = replayer.play(load_session(path))
    replayer.journal.close()
    assert len(result.refused) == 2
    assert "multiple values for argument 'act'" in result.refused[0]
    assert "multiple values for keyword argument 'user'" in result.refused[1]
