"""The shoe's line noise (docs/drivers.md "Line noise"; docs/rules.md §5): counted in bursts, one journal note a burst;
a noisy line pauses the round (``line_noise``); a card read in the noise is held for the supervisor; genuine cards
after the noise are dealt again; the burst is journaled at the stop."""

from __future__ import annotations

import random

import pytest

from dealer_station.app.config import ConfigError, config_from_dict
from dealer_station.app.line_noise import NoiseSettings, NoiseWatch, is_bad_frame
from dealer_station.app.replay import audit_journal
from dealer_station.journal import Journal
from drivers.codecs import make_codec
from drivers.frames import CardRead, Connected, ConnectionLost, CutCard, Garbage, NoRead
from tests.support.cards import cards
from tests.support.table import Table, config

SETTINGS = NoiseSettings(quiet_seconds=0.5, window_seconds=1.0, max_bytes_per_second=100, max_frames_per_second=10)


def _notes(journal) -> list[dict]:
    return [r.body for r in journal.rows(kinds=("note",)) if r.body.get("kind") == "line_noise"]


def _rows(journal) -> int:
    return journal.last_seq


# ------------------------------------------------------------------------------------------ the burst counter

# (frames as (seconds, bytes of a bad frame or a good frame's name), bursts ended as (bytes, frames, noisy),
#  how many times the watch asks for a pause)
BURSTS = [
    pytest.param([(0.0, 4)], [], 0, id="one bad frame: a burst left open"),
    pytest.param([(0.0, 4), (0.1, 4), (0.2, "card")], [(8, 2, False)], 0, id="a card ends the burst"),
    pytest.param([(0.0, 4), (0.4, 4), (0.8, 4), (1.2, "card")], [(12, 3, False)], 0,
                 id="gaps below quiet_seconds: one burst"),
    pytest.param([(0.0, 4), (0.6, 4), (1.0, "card")], [(4, 1, False), (4, 1, False)], 0,
                 id="a quiet gap ends the burst"),
    pytest.param([(0.0, 60), (0.1, 60), (0.2, "card")], [(120, 2, True)], 1, id="over max_bytes in the window"),
    pytest.param([(i * 0.01, 1) for i in range(11)] + [(0.2, "card")], [(11, 11, True)], 1,
                 id="over max_frames in the window"),
    pytest.param([(i * 0.01, 1) for i in range(10)] + [(0.2, "card")], [(10, 10, False)], 0,
                 id="exactly max_frames: not noisy"),
    pytest.param([(0.0, 60), (0.1, 60), (0.2, 60), (0.3, 60), (0.4, "card")], [(240, 4, True)], 1,
                 id="a noisy burst asks once"),
    pytest.param([(0.0, 60), (1.1, 60), (2.2, 60), (3.3, "card")], [(60, 1, False)] * 3, 0,
                 id="slow noise never fills the window"),
    pytest.param([(0.0, 60), (0.3, 60), (0.6, 60), (0.9, 60)], [], 1,
                 id="the window runs across the burst: still open, noisy"),
]


@pytest.mark.parametrize(("frames", "ended", "pauses"), BURSTS)
def test_the_burst_counter(frames, ended, pauses):
    watch = NoiseWatch(SETTINGS)
    done, asked = [], 0
    for at, what in frames:
        if watch.quiet(at):
            done.append(watch.end())
        if what == "card":
            if watch.burst is not None:
                done.append(watch.end())
            continue
        asked += watch.bad(b"\xff" * what, at, f"t{at}")
    assert [(b.bytes, b.frames, b.noisy) for b in done] == ended
    assert asked == pauses


def test_a_burst_note_has_its_counts_times_and_first_bytes():
    watch = NoiseWatch(SETTINGS)
    for k in range(5):
        watch.bad(bytes([k]) * 10, k * 0.1, f"2026-11-30T04:00:0{k}.000000Z")
    note = watch.end().note()
    assert note == {"kind": "line_noise", "bytes": 50, "frames": 5, "first": "2026-11-30T04:00:00.000000Z",
                    "last": "2026-11-30T04:00:04.000000Z", "raw": (b"\x00" * 10 + b"\x01" * 10 + b"\x02" * 10
                                                                  + b"\x03" * 2).hex(), "noisy": False}
    assert watch.end() is None


@pytest.mark.parametrize(("frame", "in_burst", "bad"), [
    (Garbage(b"\xff"), False, True),
    (NoRead(b"\x00AS", "unknown_code", noise=True), False, True),
    (NoRead(b"ZZ", "unknown_code"), False, False),        # a shoe's unknown code: a misread
    (NoRead(b"ZZ", "unknown_code"), True, True),          # read inside noise: noise
    (NoRead(b"NR", "no_read"), True, True),
    (CardRead("AS", b"AS"), True, False),
    (CutCard(b"CUT"), True, False),
    (Connected("x"), True, False),
])
def test_what_is_line_noise(frame, in_burst, bad):
    assert is_bad_frame(frame, in_burst) is bad


# ---------------------------------------------------------------------------------------- the controller

def _noisy_table(tmp_path, **settings) -> Table:
    cfg = config(**{f"line_noise__{k}": v for k, v in settings.items()})
    t = Table(tmp_path, journal_path=tmp_path / "j.sqlite", cfg=cfg)
    t.start_shoe()
    t.open_round()
    return t


def test_a_small_glitch_is_one_note_no_misread_and_the_next_cards_are_dealt(tmp_path):
    t = _noisy_table(tmp_path)
    before = _rows(t.journal)
    for raw in (b"\x00\x7f", b"\xff#*", b"\x1b~"):
        t.ctl.shoe_event(Garbage(raw))
    t.ctl.shoe_event(NoRead(b"\x00A\xff", "unknown_code", noise=True))
    assert _rows(t.journal) == before  # nothing yet: the burst is open
    t.card("4S")
    view = t.ctl.snapshot()
    assert view.state == "dealing" and view.player == cards("4S") and view.misreads == 0 and view.held == ()
    (note,) = _notes(t.journal)
    assert {k: note[k] for k in ("bytes", "frames", "raw", "noisy")} == {"bytes": 10, "frames": 4,
                                                                         "raw": "007fff232a1b7e0041ff", "noisy": False}
    assert note["first"] == note["last"] == t.journal.last_row("input").ts   # the fake clock stood still
    assert _rows(t.journal) == before + 3  # the note, the card's input and its decision
    t.card("5S", "5H", "4H")   # player 9, banker 9: naturals
    assert t.ctl.snapshot().state == "result"


def test_a_noisy_line_pauses_with_line_noise_and_a_card_in_it_is_held(tmp_path):
    t = _noisy_table(tmp_path, max_bytes_per_second=100)
    t.card("4S")
    for _ in range(3):
        t.ctl.shoe_event(Garbage(b"\xff" * 50))
    view = t.ctl.snapshot()
    assert view.state == "paused" and view.incident.type == "line_noise" and view.incident.reason == "noise_rate"
    assert view.incident.position == "banker1" and view.incident.evidence == ("ff" * 32)
    assert view.incident.detail.startswith("150 bytes of line noise in 3 frames")  # past 100 bytes in the window
    t.ctl.shoe_event(CardRead("2H", b"2H"))   # decoded out of the noise
    view = t.ctl.snapshot()
    assert view.held == cards("2H") and view.banker == cards()
    note = _notes(t.journal)[-1]
    assert (note["bytes"], note["frames"], note["noisy"]) == (150, 3, True)
    paused = [d for k, d in _outputs(t.journal) if k == "round_paused"]
    assert paused[-1]["type"] == "line_noise"
    # the supervisor discards it and resumes; the genuine cards after the noise are dealt
    t.sup("resume", discard_held=True, reason="device_fault")
    t.card("5S", "5H", "4H")
    view = t.ctl.snapshot()
    assert view.state == "result" and view.player == cards("4S", "5H") and view.banker == cards("5S", "4H")
    assert view.held == ()
    assert audit_journal(t.journal, t.cfg).ok


def test_a_card_at_the_edge_of_a_noisy_burst_after_a_resume_pauses_again_and_is_held(tmp_path):
    t = _noisy_table(tmp_path, max_bytes_per_second=100)
    for _ in range(3):
        t.ctl.shoe_event(Garbage(b"\xff" * 50))
    t.sup("resume", reason="device_fault")   # the act ends the burst: noise after it is a new one
    for _ in range(3):
        t.ctl.shoe_event(Garbage(b"\xff" * 50))
    t.sup("resume", reason="device_fault")
    for _ in range(3):
        t.ctl.shoe_event(Garbage(b"\xff" * 50))
    assert t.ctl.snapshot().state == "paused"
    pauses = [d for k, d in _outputs(t.journal) if k == "round_paused"]
    assert [p["reason"] for p in pauses] == ["noise_rate"] * 3


def test_a_card_right_after_noise_while_the_burst_is_noisy_is_held_even_unpaused(tmp_path):
    """The station could not pause at the noise (no round yet: between shoes the pause is only recorded); a card
    read right at the edge of the noisy burst pauses with card_in_noise and is held."""
    t = _noisy_table(tmp_path, max_bytes_per_second=100)
    watch = t.ctl.noise.watch
    watch.bad(b"\xff" * 200, t.clock.monotonic(), "t")   # noisy, its pause already asked for
    assert watch.noisy() and t.ctl.snapshot().state == "betting_closed"
    t.ctl.shoe_event(CardRead("2H", b"2H"))
    view = t.ctl.snapshot()
    assert view.state == "paused" and view.incident.reason == "card_in_noise" and view.held == cards("2H")
    assert "(2H)" in view.incident.evidence


def test_after_a_quiet_gap_a_card_is_dealt_and_the_burst_is_one_note(tmp_path):
    t = _noisy_table(tmp_path, quiet_seconds=0.5)
    t.ctl.shoe_event(Garbage(b"\xff\xfe"))
    t.clock.advance(0.6)
    t.ctl.tick()
    assert len(_notes(t.journal)) == 1
    t.card("4S")
    assert t.ctl.snapshot().player == cards("4S")


def test_a_burst_is_journaled_at_the_stop(tmp_path):
    t = _noisy_table(tmp_path)
    for _ in range(5):
        t.ctl.shoe_event(Garbage(b"\x00\x01\x02"))
    t.ctl.begin_stop()
    t.ctl.shoe_event(ConnectionLost(None))   # the link's change ends the burst first
    assert t.ctl.stop("SIGTERM")
    rows = list(t.journal.rows())
    kinds = [(r.kind, r.body.get("kind")) for r in rows[-5:]]
    assert kinds == [("note", "line_noise"), ("input", "link"), ("decision", None), ("input", "stop"),
                     ("decision", None)]
    assert (rows[-5].body["bytes"], rows[-5].body["frames"]) == (15, 5)


def test_the_stop_flushes_an_open_burst(tmp_path):
    t = _noisy_table(tmp_path)
    t.ctl.shoe_event(Garbage(b"\x00\x01\x02"))
    assert t.ctl.stop("finished")
    assert [(n["bytes"], n["frames"]) for n in _notes(t.journal)] == [(3, 1)]


def test_a_megabyte_of_noise_adds_a_few_rows_deals_no_card_and_pauses(tmp_path):
    t = _noisy_table(tmp_path)
    before = _rows(t.journal)
    codec = make_codec("lines")
    data = random.Random(3).randbytes(1_000_000)
    cards = 0
    for k in range(0, len(data), 512):
        for frame in codec.feed(data[k:k + 512]):
            cards += type(frame) is CardRead
            t.ctl.shoe_event(frame)
    for frame in codec.flush():
        t.ctl.shoe_event(frame)
    assert t.ctl.stop("finished")
    view = t.ctl.snapshot()
    assert view.state == "paused" and view.incident.type == "line_noise"
    assert view.player == () and view.banker == () and len(view.held) == cards
    added = _rows(t.journal) - before
    # the pause (input, decision), the burst's note, the stop (input, decision); a card decoded in the noise ends
    # a burst (its note) and is held (input, decision); the noise after it is noisy again: its note says so, no
    # second pause (the table is paused)
    assert added == 5 + 3 * cards, added
    assert [r.body["kind"] for r in t.journal.rows(kinds=("input",))][-1:] == ["stop"]
    assert sum(r.body.get("kind") == "noise" for r in t.journal.rows(kinds=("input",))) == 1
    assert audit_journal(t.journal, t.cfg).ok


def test_a_restart_after_a_line_noise_pause_is_paused_on_it(tmp_path):
    t = _noisy_table(tmp_path, max_bytes_per_second=100)
    for _ in range(3):
        t.ctl.shoe_event(Garbage(b"\xff" * 50))
    t.ctl.shoe_event(CardRead("2H", b"2H"))
    assert t.ctl.stop("SIGTERM")
    t.journal.close()
    again = Table(tmp_path, journal_path=Journal(tmp_path / "j.sqlite"), cfg=t.cfg)
    view = again.ctl.snapshot()
    assert view.incident.type == "line_noise" and view.held == cards("2H")
    again.journal.close()


def test_without_the_watch_every_frame_is_an_input_as_before(tmp_path):
    from dealer_station.app.controller import Controller

    journal = Journal(tmp_path / "j.sqlite")
    ctl = Controller(config(), journal, watch_noise=False)
    ctl.shoe_event(Garbage(b"\xff"))
    assert journal.last_row("input").body["frame"] == "garbage"
    journal.close()


# ------------------------------------------------------------------------------------------------ settings

@pytest.mark.parametrize(("key", "value"), [
    ("quiet_seconds", 0), ("quiet_seconds", 61), ("window_seconds", float("nan")), ("window_seconds", -1.0),
    ("max_bytes_per_second", 0), ("max_bytes_per_second", 10 ** 7), ("max_frames_per_second", 1.5),
    ("max_frames_per_second", True),
])
def test_a_bad_line_noise_setting_is_refused_naming_it(key, value):
    with pytest.raises(ConfigError) as err:
        config_from_dict({"line_noise": {key: value}})
    assert len(err.value.errors) == 1 and err.value.errors[0].startswith(f"line_noise.{key}: ")


def _outputs(journal) -> list[tuple[str, dict]]:
    return [(k, d) for r in journal.rows(kinds=("decision",)) for k, d in r.body["outputs"]]
