"""The fold of a journal into round records, on hand-made rows (a decision carrying ``dealer``)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.app.controller import RoundRecord
from dealer_station.app.record_fold import fold_journal
from dealer_station.app.record_words import card_face, position_words
from dealer_station.app.records import UNKNOWN_DEALER, RoundHistory
from dealer_station.app.reports import build_report, percentile, report_csv, report_html, report_json
from dealer_station.domain.facts import FactKind
from dealer_station.journal import EventSpec, Journal, MemoryJournal

RESULT = {"shoe": 1, "round": 1, "status": "completed", "player": ["KS", "9H"], "banker": ["5D", "5C"],
          "player_total": 9, "banker_total": 0, "winner": "player", "available_bets": ["player", "banker"],
          "last_round": False, "manual": [], "margin": 9, "player_natural": True, "banker_natural": False,
          "player_pair": False, "banker_pair": True, "cards_used": 4, "dealer": "<b>dana</b>"}


def _ts(second: float) -> str:
    return f"2026-11-30T04:00:{second:09.6f}Z"


def _write(journal, *, with_decision_for_last: bool = True) -> None:
    """shoe_started; round 1 opened at 0 s; cards at 2, 3, 4, 5 s; confirmed at 9 s; a card input with no
    decision (a station between the two rows) when ``with_decision_for_last`` is False."""
    seq = 0

    def step(inp: dict, second: float, outputs: list, shoe: int = 1, rnd: int = 1, events=()) -> None:
        nonlocal seq
        ts = _ts(second)
        seq = journal.add("input", {**inp, "ts": ts}, ts)
        journal.add("decision", {"input": seq, "shoe": shoe, "round": rnd, "state": "x", "connected": True,
                                 "outputs": outputs}, ts, events=events, table_id="T7")

    step({"kind": "dealer", "act": "new_shoe", "args": {}}, 0, [["shoe_started", {"shoe": 1, "decks": 8}]], rnd=0,
         events=[EventSpec("shoe_started", {"shoe_number": 1}, "T7-S0001")])
    step({"kind": "dealer", "act": "open_betting", "args": {}}, 0,
         [["betting_opened", {"round": 1, "offered_bets": ["player", "banker"], "last_round": False}]])
    for second, (pos, card) in zip((2, 3, 4, 5), (("player1", "KS"), ("banker1", "5D"), ("player2", "9H"),
                                                   ("banker2", "5C")), strict=True):
        step({"kind": "frame", "frame": "card", "token": card, "raw": card.encode().hex()}, second,
             [["card_accepted", {"round": 1, "position": pos, "card": card, "manual": False}]])
    step({"kind": "dealer", "act": "confirm_result", "args": {}}, 9, [["round_completed", dict(RESULT)]])
    if not with_decision_for_last:
        journal.add("input", {"kind": "frame", "frame": "card", "token": "2S", "raw": "", "ts": _ts(10)}, _ts(10))


def test_the_dealer_and_times_come_from_the_rows(tmp_path):
    journal = Journal(tmp_path / "j.sqlite")
    _write(journal, with_decision_for_last=False)
    history = fold_journal(journal)
    assert history.table_id == "T7"                      # from the outbox's envelope
    assert history.pending_input == journal.last_seq     # the input with no decision yet is not folded
    (rnd,) = history.rounds
    assert rnd.round_id == "T7-S0001-R001" and history.round("t7-s0001-r001") is rnd
    assert rnd.dealer == rnd.dealer_name == "<b>dana</b>"
    assert rnd.result == RoundRecord.from_output(RESULT, "T7")   # the record the console's recall builds
    assert (rnd.opened_at, rnd.first_card_at, rnd.confirmed_at) == (_ts(0), _ts(2), _ts(9))
    assert rnd.duration_seconds == 7.0
    assert [(s.position, s.token, s.ts) for s in rnd.scans] == [("player1", "KS", _ts(2)), ("banker1", "5D", _ts(3)),
                                                                ("player2", "9H", _ts(4)), ("banker2", "5C", _ts(5))]
    assert [a.act for a in rnd.acts] == ["open_betting", "confirm_result"]
    assert RoundHistory.from_json(json.loads(json.dumps(rnd.to_json()))) == rnd
    journal.close()


def test_without_a_dealer_the_round_reads_unknown():
    journal = MemoryJournal()
    _write(journal)
    RESULT_NO_DEALER = {k: v for k, v in RESULT.items() if k != "dealer"}
    rows = list(journal.rows())
    other = MemoryJournal()
    for row in rows:
        body = row.body
        if row.kind == "decision" and body["outputs"][0][0] == "round_completed":
            body = {**body, "outputs": [["round_completed", RESULT_NO_DEALER]]}
        other.add(row.kind, body, row.ts)
    history = fold_journal(other)
    assert history.table_id == "T?"                      # a memory journal keeps no outbox
    assert fold_journal(other, table_id="T9").rounds[0].round_id == "T9-S0001-R001"
    (rnd,) = history.rounds
    assert rnd.dealer is None and rnd.dealer_name == UNKNOWN_DEALER == "unknown"
    assert build_report(history, by="dealer").blocks[0][0] == "unknown"


def test_report_of_the_hand_made_round_escapes_and_counts(tmp_path):
    journal = Journal(tmp_path / "j.sqlite")
    _write(journal)
    report = build_report(fold_journal(journal), by="dealer", verified_to_seq=journal.last_seq)
    doc = report_json(report)
    assert [b["block"] for b in doc["blocks"]] == ["<b>dana</b>"]
    total = doc["total"]
    assert (total["player"], total["banker_pair"], total["player_natural"], total["cards"]) == (1, 1, 1, 4)
    assert total["round_seconds"] == {"count": 1, "clock_stepped_back": 0, "p50": 7.0, "p90": 7.0, "max": 7.0}
    assert total["rounds_per_hour"] == 400.0             # one round in 9 s
    page = report_html(report, {("T7", 1): b"\x89PNG fake"})
    assert "<b>dana</b>" not in page and "&lt;b&gt;dana&lt;/b&gt;" in page
    assert "data:image/png;base64,iVBORyBmYWtl" in page
    assert report_csv(report).splitlines()[1].startswith('T7,1,<b>dana</b>,1,1,0,0,0,1,0,')
    journal.close()


def test_percentile_is_nearest_rank():
    values = [2.0, 3.0, 4.0, 5.0, 6.0, 8.0]
    assert [percentile(values, p) for p in (50, 90, 100)] == [4.0, 8.0, 8.0]
    assert percentile([1.0], 90) == 1.0 and percentile([], 50) is None


def test_words():
    assert [card_face(t) for t in ("KS", "TD", "AH", "9C", "ZZ", None)] == ["K♠", "10♦", "A♥", "9♣", "ZZ", "?"]
    assert position_words("banker3") == "Banker card 3" and position_words("burn") == "burn card"


def test_the_fold_gives_the_consoles_recall(known):
    """Each round's result is exactly what Controller.recall() (the console's recall tab) gives: its own code,
    run on the same read-only journal (a Controller would replay the open shoe, which a read-only journal
    cannot take)."""
    from types import SimpleNamespace

    from dealer_station.app.controller import Controller

    path, _ = known
    with Journal(path, readonly=True) as journal:
        history = fold_journal(journal)
        host = SimpleNamespace(journal=journal, config=SimpleNamespace(table_id="T1"))
        host.recorded_outputs = lambda kinds, mark=None, after=0: Controller.recorded_outputs(host, kinds, mark, after)
        host.shoe_first_seq = lambda shoe: 1   # no open shoe: every shoe is read from the start
        recalled = Controller.recall(host)
        assert Controller.recall(host, 2) == [r.result for r in history.rounds if r.shoe == 2]
    assert [r.result for r in history.rounds] == recalled
    assert len(recalled) == 7


def test_rows_of_another_shape_are_named_never_a_crash(tmp_path, cli):
    """A chained row whose body is not what the table writes (bad bytes in the right place) is left out and
    named; every other row still counts."""
    journal = Journal(tmp_path / "odd.sqlite")
    _write(journal)
    ts = _ts(20)
    seq = journal.add("input", {"kind": "frame", "frame": "card", "token": "2S", "ts": ts}, ts)
    odd = journal.add("decision", {"input": seq, "shoe": "one", "outputs": [["betting_opened", {"round": "x"}]]}, ts)
    journal.add("decision", {"input": 999, "outputs": [["round_completed", {"shoe": 1}], "junk", [1, 2, 3]]}, ts)
    third = journal.add("input", {"kind": "frame", "frame": "card", "token": "3S", "ts": ts}, ts)
    no_list = [journal.add("decision", {"input": n, "outputs": outputs}, ts)
               for n, outputs in ((third, None), (998, 3), (998, "junk"))]
    journal.add("note", {"kind": "auth_refused", "user": ["not", "text"]}, ts)
    history = fold_journal(journal)
    assert history.skipped == [odd, *no_list]
    assert history.pending_input is None   # a skipped decision still decided its input: none is waiting
    assert [r.round_id for r in history.rounds] == ["T7-S0001-R001"] and history.rounds[0].status == "completed"
    journal.close()
    status, out, err = cli("report", "--journal", str(tmp_path / "odd.sqlite"), "--json")
    assert status == 0, err
    doc = json.loads(out)
    assert doc["total"]["rounds"] == 1
    assert f"4 row(s) not of the table's shape left out (rows {odd}, {', '.join(map(str, no_list))})" \
        in doc["verify_message"]
    status, out, _ = cli("recall", "--journal", str(tmp_path / "odd.sqlite"))
    assert status == 0 and f"(rows {odd}, " in out.splitlines()[0]


def test_report_json_lists_the_shoes(known, report_json):
    path, _ = known
    shoes = report_json(path)["shoes"]
    assert [(s["shoe"], s["rounds"], s["end_reason"], s["burn_indicator"], s["burned"]) for s in shoes] == [
        (1, 5, "supervisor", "2S", ["9D", "9H"]), (2, 2, None, "2S", ["9D", "9H"])]
    assert shoes[0]["ended_at"] == "2026-11-30T04:01:17.000000Z"


def test_every_kind_of_input_is_folded_as_its_act_and_a_pin_never(tmp_path):
    """Each input kind is read through the journal's codec: a supervisor's act with who, reason and note; a dealer's
    with its note argument and the dealer it names; the timer's; an input of a kind the table does not know, as
    recorded; never a PIN among the arguments; a frame and a link event are no act."""
    journal = Journal(tmp_path / "acts.sqlite")
    ts = _ts(1)
    bodies = [
        {"kind": "supervisor", "act": "void_round", "user": "sam", "reason": "misdeal", "note": "dropped",
         "args": {"pin": "1234", "discard_held": True}, "ts": ts},
        {"kind": "dealer", "act": "call_supervisor", "args": {"note": "a card fell", "dealer": "dana", "PIN": "9"},
         "ts": ts},
        {"kind": "timer", "act": "close_betting", "ts": ts},
        {"kind": "pit", "act": "wave", "user": "zoe", "note": "hello", "args": {"badge_pin": "1"}, "ts": ts},
        {"kind": "journal", "event": "resumed", "act": "resume", "user": "sam", "reason": "disk", "ts": ts},
        {"kind": "frame", "frame": "card", "token": "AS", "raw": "4153", "ts": ts},
        {"kind": "link", "event": "lost", "detail": "cable", "ts": ts},
    ]
    for body in bodies:
        seq = journal.add("input", body, ts)
        journal.add("decision", {"input": seq, "shoe": 0, "round": 0, "state": "no_shoe", "connected": True,
                                 "outputs": []}, ts)
    (shoe,) = fold_journal(journal, table_id="T1").shoes
    got = [(a.by, a.act, a.user, a.reason, a.note, a.args) for a in shoe.acts]
    assert got == [("supervisor", "void_round", "sam", "misdeal", "dropped", {"discard_held": True}),
                   ("dealer", "call_supervisor", "dana", None, "a card fell",
                    {"note": "a card fell", "dealer": "dana"}),
                   ("timer", "close_betting", None, None, None, {}),
                   ("pit", "wave", "zoe", None, "hello", {}),
                   ("journal", "resume", "sam", "disk", None, {})]
    assert [s.token for s in shoe.scans] == ["AS"]
    assert "1234" not in json.dumps(shoe.to_json())
    journal.close()


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=3), max_leaves=6)
_kinds = st.sampled_from(["frame", "dealer", "timer", "supervisor", "link", "journal", "publisher", "stop", "pit"])
_outputs = st.lists(st.tuples(st.sampled_from([*map(str, FactKind), "new_kind"]),
                              st.dictionaries(st.sampled_from(["shoe", "round", "card", "position", "manual", "type",
                                                               "reason", "status", "player", "banker", "winner"]),
                                              _json, max_size=5)).map(list), max_size=3)
_rows = st.lists(st.one_of(
    st.tuples(st.just("input"), st.fixed_dictionaries({"kind": _kinds}, optional={
        "frame": st.sampled_from(["card", "no_read", "cut", "garbage", "unknown"]), "token": _json, "raw": _json,
        "act": _json, "user": _json, "args": _json, "note": _json, "event": _json})),
    st.tuples(st.just("decision"), st.fixed_dictionaries({}, optional={
        "input": st.integers(0, 40) | _json, "shoe": st.integers(0, 3) | _json, "outputs": _outputs | _json})),
    st.tuples(st.just("note"), st.fixed_dictionaries({"kind": st.sampled_from(["auth_refused", "act_refused",
                                                                              "journal_resumed", "other"])},
                                                    optional={"user": _json, "act": _json, "why": _json})),
), max_size=40)


@settings(max_examples=150, deadline=None)
@given(_rows)
def test_any_rows_fold_without_a_crash_and_every_input_is_accounted_for(rows):
    """Rows of any shape in the right places (an edited or foreign journal that still verifies) never crash the
    fold: a row it cannot read is named as skipped, every other one is folded, and an input is pending only
    when no decision row names it."""
    journal = MemoryJournal()
    ts = _ts(1)
    for kind, body in rows:
        journal.add(kind, body, ts)
    history = fold_journal(journal, table_id="T1")
    seqs = {row.seq for row in journal.rows()}
    assert set(history.skipped) <= seqs and history.last_seq == (max(seqs) if seqs else 0)
    waiting: set[int] = set()   # inputs no decision row after them names by its number (a whole number, no bool)
    for row in journal.rows():
        if row.kind == "input":
            waiting.add(row.seq)
        elif row.kind == "decision" and type(row.body.get("input")) is int:
            waiting.discard(row.body["input"])
    assert history.pending_input == (max(waiting) if waiting else None)
    json.dumps([s.to_json() for s in history.shoes] + [r.to_json() for r in history.rounds])   # JSON, always
