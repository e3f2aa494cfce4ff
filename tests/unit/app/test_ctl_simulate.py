"""The headless commands, the station loop with its reader queue and the edge-monitor hook."""

from __future__ import annotations

import json
import queue
import threading
from collections import Counter

from dealer_station.app.autodealer import AutoDealer
from dealer_station.app.controller import Controller
from dealer_station.app.simulate import OUTPUT_KINDS, SimulationShoe
from dealer_station.app.station import run_station
from dealer_station.domain.cards import parse_cards
from dealer_station.domain.outcome import deal_round
from dealer_station.journal import Journal
from drivers.deck import CUT, shuffled_shoe
from drivers.frames import ConnectionLost
from tests.conftest import run_cli
from tests.support.cards import card, cards
from tests.support.simulation import simulate as simulate_here
from tests.support.simulation import stop_after
from tests.support.table import Table, config, shoe_cards


def simulate(*args: str) -> list[dict]:
    proc = run_cli("simulate", "--json", *args)
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_simulate_output_format_and_rules():
    lines = simulate("--seed", "7", "--shoes", "2")
    rounds = [x for x in lines if "status" in x]
    ends = [x for x in lines if x.get("event") == "shoe_end"]
    assert [e["shoe"] for e in ends] == [1, 2] and lines[-1] == ends[-1]
    for line in rounds:
        assert set(line) == {"shoe", "round", "status", "player", "banker", "player_total", "banker_total",
                             "winner", "available_bets", "last_round", "dealer"}
        assert line["dealer"] == "auto"  # no [table] dealer, no --dealer: the automatic dealer's id
        outcome, _ = deal_round(parse_cards([line["player"][0], line["banker"][0], line["player"][1],
                                             line["banker"][1], *line["player"][2:], *line["banker"][2:]]))
        assert (line["player_total"], line["banker_total"], line["winner"]) == (
            outcome.player_total, outcome.banker_total, outcome.winner.value)
    for end in ends:
        shoe_rounds = [r for r in rounds if r["shoe"] == end["shoe"]]
        assert end["rounds"] == len(shoe_rounds) == shoe_rounds[-1]["round"]
        assert shoe_rounds[-1]["last_round"] and not any(r["last_round"] for r in shoe_rounds[:-1])
        assert end["cut_card_round"] == end["rounds"]
        assert set(end) == {"shoe", "event", "rounds", "burn_indicator", "burned", "cut_card_round"}


def test_simulate_deals_the_shuffled_shoe_in_order():
    """Shoe 1's cards: burn card, burned cards, then every round's cards, exactly as shuffled."""
    from dealer_station.app.simulate import shoe_seed

    lines = simulate("--seed", "3")
    tokens = shuffled_shoe(shoe_seed(3, 1))
    end = lines[-1]
    dealt = [end["burn_indicator"], *end["burned"]]
    for r in lines[:-1]:
        dealt += [r["player"][0], r["banker"][0], r["player"][1], r["banker"][1], *r["player"][2:], *r["banker"][2:]]
    assert [t for t in tokens if t != CUT][:len(dealt)] == dealt


def test_same_seed_same_output_and_a_restart_prints_only_what_it_deals(tmp_path, cli):
    """Two processes with one seed deal the same (a journal or none); the restarts (in this process) go on from
    the journal's seed and shoes, print only what they deal and refuse another seed."""
    whole = run_cli("simulate", "--json", "--seed", "5", "--decks", "2", "--shoes", "3")
    j = str(tmp_path / "j.sqlite")
    c = run_cli("simulate", "--json", "--seed", "5", "--decks", "2", "--shoes", "2", "--journal", j)
    assert c.returncode == 0 and "before this run" not in c.stderr
    assert c.stdout and whole.stdout.startswith(c.stdout) and c.stdout.count("shoe_end") == 2
    rounds = sum('"status"' in line for line in c.stdout.splitlines())
    status, out, err = cli("simulate", "--json", "--decks", "2", "--shoes", "2", "--journal", j)  # seed: the journal's
    assert status == 0 and out == ""                                                            # nothing left to deal
    assert f"{rounds} rounds of 2 shoes were dealt on journal {j} before this run: not printed again" in err
    status, out, err = cli("simulate", "--json", "--seed", "6", "--decks", "2", "--journal", j)
    assert status == 2 and "seed 5" in err
    status, f, err = cli("simulate", "--json", "--decks", "2", "--shoes", "3", "--journal", j)  # one more shoe
    assert status == 0 and c.stdout + f == whole.stdout and f.count("shoe_end") == 1
    assert all(json.loads(line)["shoe"] == 3 for line in f.splitlines())
    status, out, err = cli("simulate", "--decks", "2", "--shoes", "4", "--journal", j)   # for people
    lines = out.splitlines()
    third = sum('"status"' in line for line in f.splitlines())
    assert lines[0].startswith(f"{rounds + third} rounds of 3 shoes were dealt on journal {j} before this run")
    assert lines[1].startswith("shoe 4 round 1: player ") and all(line.startswith("shoe 4 ") for line in lines[1:])


def test_a_run_stopped_mid_shoe_and_restarted_prints_each_round_once(tmp_path):
    """A run stopped after round 5 of shoe 1, restarted by the command: the first run's lines and the restart's
    are the uninterrupted run's, no round twice, and the restart says first that 5 rounds were there."""
    whole = [json.dumps(line) for line in simulate_here(seed=5, decks=2).lines]
    j = tmp_path / "k.sqlite"
    lines = simulate_here(seed=5, decks=2, journal=j, stop_when=stop_after(5, *OUTPUT_KINDS)).lines
    assert [json.dumps(x) for x in lines] == whole[:5]
    again = run_cli("simulate", "--json", "--seed", "5", "--decks", "2", "--journal", str(j))
    assert again.returncode == 0, again.stderr
    assert f"5 rounds of 1 shoe were dealt on journal {j} before this run: not printed again" in again.stderr
    assert whole[:5] + again.stdout.splitlines() == whole


def test_run_headless_sim_equals_simulate(tmp_path):
    expected = "".join(json.dumps(line) + "\n" for line in simulate_here(seed=9, decks=2).lines)
    # run reads the deck count from the configuration: one with 2 decks (the cut card range scaled as --decks does)
    cfg = tmp_path / "s.toml"
    cfg.write_text("[shoe]\ndecks = 2\ncut_min = 15\ncut_max = 20\n")
    proc = run_cli("run", "--headless", "--shoe", "sim?seed=9", "--auto", "--json", "--shoes", "1", "--journal",
                   str(tmp_path / "r2.sqlite"), "--config", str(cfg), "--log-level", "WARNING")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == expected
    assert "finished" in proc.stderr


def test_run_station_with_a_reader_thread_and_bounded_queue(tmp_path):
    """The drivers' simulated shoe over a real pty, read by its reader thread into a bounded queue."""
    from dealer_station.app.shoes import open_station_shoe

    cfg = config(shoe__decks=1, shoe__cut_min=8, shoe__cut_max=10)
    journal = Journal(":memory:")
    ctl = Controller(cfg, journal)
    shoe = open_station_shoe("sim?seed=4", cfg, journal)
    events: queue.Queue = queue.Queue(maxsize=4)
    shoe.source.start(events.put)
    auto = AutoDealer(ctl, shoe.draw, new_shoe=shoe.new_shoe, shoes=2)
    stop = threading.Event()
    try:
        why = run_station(ctl, events, shoe.draw, stop, idle_exit=10, auto=auto)
    finally:
        shoe.source.stop()
    assert why == "finished" and ctl.snapshot().shoe_number == 2 and ctl.snapshot().state == "shoe_end"
    assert len(ctl.recall()) > 4


def test_run_on_a_simulated_shoe_in_another_wire_format(tmp_path, cli):
    """The same seed gives the same rounds whatever the wire format the simulated shoe speaks (``run`` in this
    process: the pty, its reader thread and the codec are the command's own)."""
    cfg = tmp_path / "s.toml"
    cfg.write_text("[shoe]\ndecks = 1\ncut_min = 8\ncut_max = 10\n")
    outs = []
    for codec in ("lines", "stx-etx", "saopai"):
        status, out, err = cli("run", "--headless", "--shoe", f"sim?codec={codec}&seed=3", "--auto", "--json",
                               "--shoes", "1", "--journal", str(tmp_path / f"{codec}.sqlite"), "--config", str(cfg),
                               "--log-level", "WARNING")
        assert status == 0, err
        outs.append(out)
    assert outs[0].count("shoe_end") == 1 and outs[0] == outs[1] == outs[2]


def test_run_station_idle_exit_and_stop(tmp_path):
    ctl = Controller(config(), Journal(":memory:"))
    events: queue.Queue = queue.Queue(maxsize=4)
    assert run_station(ctl, events, None, threading.Event(), idle_exit=0.2) == "idle"
    stop = threading.Event()
    stop.set()
    assert run_station(ctl, events, None, stop, idle_exit=None) == "stopped"


def test_disconnect_during_the_run_pauses_and_the_autodealer_waits(tmp_path):
    cfg = config(shoe__decks=1, shoe__cut_min=8, shoe__cut_max=10)
    ctl = Controller(cfg, Journal(":memory:"))
    sink = []
    sim = SimulationShoe(1, cfg)
    sim.source.start(sink.append)
    dealt = {"n": 0}

    def draw():
        dealt["n"] += 1
        if dealt["n"] == 20:
            ctl.shoe_event(ConnectionLost("cable"))
            return
        sim.draw()
        ctl.shoe_event(sink.pop())

    ctl.shoe_event(sink.pop())  # the loopback's Connected
    auto = AutoDealer(ctl, draw, new_shoe=sim.new_shoe, shoes=1)
    auto.run()
    assert ctl.snapshot().state == "paused" and ctl.snapshot().incident.type == "shoe_disconnected"
    assert auto.step() is None


def test_a_journal_failure_on_an_automatic_act_pauses_the_run_never_raises_out_of_it(tmp_path):
    from dealer_station.journal import JournalError

    journal = Journal(":memory:")
    ctl = Controller(config(), journal)
    sink = []
    sim = SimulationShoe(1, config())
    sim.source.start(sink.append)

    def draw():
        sim.draw()
        ctl.shoe_event(sink.pop())

    ctl.shoe_event(sink.pop())  # the loopback's Connected
    auto = AutoDealer(ctl, draw, new_shoe=sim.new_shoe, shoes=1)
    real = journal.append
    acts = {"n": 0}

    def failing(kind, body, ts, **kw):
        if kind == "input" and body.get("act") == "open_betting":
            acts["n"] += 1
            raise JournalError("disk full")
        return real(kind, body, ts, **kw)

    journal.append = failing
    stop = threading.Event()
    assert run_station(ctl, queue.Queue(), draw, stop, idle_exit=0.2, auto=auto, poll=0.01) == "idle"
    view = ctl.snapshot()
    assert acts["n"] == 1 and view.state == "paused" and view.incident.type == "journal_failure"
    assert view.round_number == 0 and auto.step() is None


def test_edge_monitor_hook(tmp_path):
    calls = []

    def monitor(remaining: Counter, round_number: int) -> list[dict]:
        calls.append((sum(remaining.values()), round_number))
        return [{"bet": "tie", "edge": "0.0123"}] if round_number == 2 else []

    t = Table(tmp_path, edge_monitor=monitor)
    t.start_shoe()
    cards = shoe_cards(8)
    t.deal_from(cards)
    t.deal_from(cards)
    assert [c[1] for c in calls] == [1, 2]
    assert calls[1][0] == t.ctl.snapshot().cards_left
    edges = [f for f in t.facts if f.kind == "player_edge"]
    assert len(edges) == 1 and edges[0].data["bet"] == "tie" and edges[0].data["round"] == 2
    assert t.state == "ready"  # never pauses
    from dealer_station import outbox

    published = [e.as_dict() for e in outbox.read_events(t.journal.conn) if e.type == "player_edge"]
    assert len(published) == 1 and published[0]["round_id"] == "T1-S0001-R002"


def test_edge_monitor_failure_never_stops_the_table(tmp_path):
    def monitor(remaining, round_number):
        raise ZeroDivisionError("oops")

    t = Table(tmp_path, edge_monitor=monitor)
    t.start_shoe()
    t.deal_from(shoe_cards(2))
    assert t.state == "ready" and any(f.kind == "error" for f in t.facts)


def test_listener_errors_never_stop_the_table(tmp_path):
    t = Table(tmp_path)

    def bad(fact):
        raise RuntimeError("listener broke")

    t.ctl.subscribe(bad)
    t.start_shoe()
    t.deal_from(shoe_cards(3))
    assert t.state == "ready" and len(t.ctl.recall()) == 1


def test_the_commands_table_in_this_process_deals_what_the_command_prints(tmp_path):
    run = simulate_here(seed=5, decks=2)
    assert run.why == "finished" and run.state == "shoe_end"
    assert [json.dumps(x) for x in run.lines] == run_cli("simulate", "--json", "--seed", "5", "--decks", "2"
                                                         ).stdout.splitlines()


def test_run_unknown_profile_is_a_usage_error(tmp_path, cli):
    status, _, err = cli("run", "--headless", "--shoe", "no-such-shoe-profile", "--auto", "--journal",
                         str(tmp_path / "j.sqlite"))
    assert status == 2 and "no-such-shoe-profile" in err


def test_run_restart_continues_the_same_shoe(tmp_path):
    cfg = tmp_path / "s.toml"
    cfg.write_text("[shoe]\ndecks = 2\ncut_min = 15\ncut_max = 20\n")
    j = str(tmp_path / "r.sqlite")
    first = run_cli("run", "--headless", "--shoe", "sim?seed=4", "--auto", "--json", "--shoes", "1",
                    "--journal", j, "--config", str(cfg), "--log-level", "WARNING")
    second = run_cli("run", "--headless", "--shoe", "sim", "--auto", "--json", "--shoes", "2",
                     "--journal", j, "--config", str(cfg), "--log-level", "WARNING")
    assert first.returncode == 0 and second.returncode == 0, second.stderr
    expected = "".join(json.dumps(line) + "\n" for line in simulate_here(seed=4, decks=2, shoes=2).lines)
    assert first.stdout + second.stdout == expected


def test_injected_misreads_are_rescanned_and_change_no_result(tmp_path, cli):
    plain = "".join(json.dumps(line) + "\n" for line in simulate_here(seed=8, decks=2).lines)
    j = str(tmp_path / "m.sqlite")
    noisy = run_cli("simulate", "--json", "--seed", "8", "--decks", "2", "--misread-rate", "0.3", "--journal", j)
    assert noisy.returncode == 0 and noisy.stdout == plain
    rescans = [o for r in Journal(j, readonly=True).rows(kinds=("decision",)) for o in r.body["outputs"]
               if o[0] == "rescan_requested"]
    assert len(rescans) > 10
    status, _, err = cli("simulate", "--json", "--decks", "2", "--journal", j)  # the rate is part of the record
    assert status == 2 and "misread rate" in err
    assert cli("simulate", "--misread-rate", "1.5")[0] == 2


def test_run_station_stopping_gives_the_queued_events_to_the_controller(tmp_path):
    from drivers.frames import CardRead, Connected

    ctl = Controller(config(), Journal(":memory:"))
    ctl.shoe_event(Connected("test"))
    ctl.dealer("new_shoe")
    ctl.dealer("shuffled")
    events: queue.Queue = queue.Queue(maxsize=4)
    for token in ("2S", "9D", "9H"):  # read by the shoe just before SIGTERM
        events.put(CardRead(token))
    stop = threading.Event()
    stop.set()
    assert run_station(ctl, events, None, stop, idle_exit=None) == "stopped"
    assert events.empty()
    view = ctl.snapshot()
    assert view.burn_indicator == card("2S") and view.burned == cards("9D", "9H") and view.state == "ready"


def test_the_reader_never_drops_an_event_when_stopping_with_a_full_queue(tmp_path):
    from dealer_station.app.station import drain_events
    from dealer_station.app.station import put_event as _put
    from drivers.frames import CardRead, Connected

    ctl = Controller(config(), Journal(":memory:"))
    ctl.shoe_event(Connected("test"))
    ctl.dealer("new_shoe")
    ctl.dealer("shuffled")
    events: queue.Queue = queue.Queue(maxsize=1)
    stop = threading.Event()
    stop.set()
    spill: list = []
    for token in ("3S", "9D", "9H", "4C"):
        _put(events, CardRead(token), stop, spill)  # the queue is full after the first
    assert events.qsize() == 1 and [e.token for e in spill] == ["9D", "9H", "4C"]
    assert drain_events(ctl, events, spill) == 4 and not spill
    view = ctl.snapshot()
    assert view.burn_indicator == card("3S") and view.burned == cards("9D", "9H", "4C") and view.state == "ready"


def test_a_round_line_is_the_records_line_for_every_finished_round(tmp_path):
    """``simulate``/``replay`` lines (RoundRecord.line_of) are the round records' own lines, completed and voided."""
    from dealer_station.app.controller import RoundRecord
    from dealer_station.app.simulate import output_line

    t = Table(tmp_path)
    t.start_shoe()
    cards = shoe_cards(30)
    for _ in range(4):
        t.deal_from(cards)
    t.open_round()
    t.card(next(cards))
    t.ctl.dealer("call_supervisor", note="void it")
    t.sup("void_round")
    finished = list(t.ctl.recorded_outputs(("round_completed", "round_voided")))
    assert [kind for kind, _ in finished] == ["round_completed"] * 4 + ["round_voided"]
    for kind, data in finished:
        assert output_line(kind, data) == RoundRecord.from_output(data).line() == RoundRecord.line_of(data)


def test_a_listener_can_ask_for_some_facts_only(tmp_path):
    t = Table(tmp_path)
    rounds = []
    t.ctl.subscribe(rounds.append, kinds=("round_completed",))
    t.start_shoe()
    cards = shoe_cards(12)
    t.deal_from(cards)
    t.deal_from(cards)
    assert [f.kind for f in rounds] == ["round_completed", "round_completed"]
    assert {"card_accepted", "betting_opened", "round_completed"} <= set(t.kinds())  # the other listener: all
    assert [f.data for f in rounds] == [f.data for f in t.facts if f.kind == "round_completed"]


def test_simulate_on_a_journal_that_refuses_writes_is_a_one_line_error(tmp_path, cli):
    import sqlite3

    path = tmp_path / "j.sqlite"
    Journal(path).close()
    conn = sqlite3.connect(path)
    conn.execute("CREATE TRIGGER refuse BEFORE INSERT ON journal BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    conn.commit()
    conn.close()
    status, _, err = cli("simulate", "--seed", "1", "--journal", str(path))
    assert status == 2 and "disk full" in err and "Traceback" not in err and err.count("\n") == 1


def test_the_simulated_shoe_sends_its_codecs_bytes_and_the_controller_takes_the_codecs_frames():
    """``simulate``'s shoe is a transport and a codec: each card goes out as the wire format's bytes and the
    frame the table journals is the one that codec decoded from them (a saopai shoe: ``D12`` for Q♦)."""
    from drivers.cardcodes import to_saopai
    from drivers.codecs import make_codec
    from drivers.frames import CardRead

    cfg = config(shoe__decks=1, shoe__cut_min=8, shoe__cut_max=10)
    journal = Journal(":memory:")
    ctl = Controller(cfg, journal)
    shoe = SimulationShoe(2, cfg, codec=make_codec("saopai"))
    shoe.new_shoe(1)
    frames = []

    def sink(event):
        frames.append(event)
        ctl.shoe_event(event)

    shoe.source.start(sink)
    ctl.sign_in_configured("auto")
    AutoDealer(ctl, shoe.draw, new_shoe=shoe.new_shoe, shoes=1).run()
    cards = [f for f in frames if isinstance(f, CardRead)]
    assert ctl.snapshot().state == "shoe_end" and cards
    assert all(f.raw == to_saopai(f.token).encode() for f in cards)
    journaled = [row.body for row in journal.rows(kinds=("input",)) if row.body.get("frame") == "card"]
    assert [bytes.fromhex(b["raw"]) for b in journaled] == [f.raw for f in cards]
    assert [t for t in shoe.frames(1) if t != CUT][:len(cards)] == [f.token for f in cards]


def test_a_shoe_that_runs_out_pauses_the_simulation_and_the_command_exits_1(tmp_path):
    """The cut card placed last of a 1-deck shoe: the last round can need more cards than are left. The empty
    loopback answers each draw with a No-Read ``empty`` until the misread limit pauses the round; ``simulate``
    (nobody there to resolve it) stops with exit 1 instead of drawing forever."""
    path = tmp_path / "one-deck.toml"
    path.write_text("[shoe]\ndecks = 1\ncut_min = 1\ncut_max = 1\n")
    ends = []
    for seed in range(1, 30):
        ends.append(simulate_here(seed=seed, config_path=path).state)
        if ends[-1] == "paused":
            break
    assert ends[-1] == "paused", ends
    done = run_cli("simulate", "--config", str(path), "--shoes", "1", "--seed", str(seed), timeout=120)
    assert done.returncode == 1, done.stderr[-2000:]
    assert "misread_limit" in done.stdout + done.stderr


def test_the_open_shoes_recall_reads_from_its_first_row_however_long_the_journal(tmp_path, monkeypatch):
    """The console's recall of the open shoe reads that shoe's rows only, and gives the same rounds."""
    from dealer_station.app.record_fold import fold_journal
    from dealer_station.journal import Journal
    from tests.support.table import Table, shoe_cards

    path = str(tmp_path / "j.sqlite")
    t = Table(tmp_path, journal_path=path)
    for _ in range(3):
        t.start_shoe()
        cards = shoe_cards(1)
        for _ in range(3):
            t.deal_from(cards)
        t.cut()
        t.deal_from(cards)   # the round after the cut card: the shoe ends
    t.start_shoe()
    cards = shoe_cards(2)
    for _ in range(2):
        t.deal_from(cards)
    ctl = t.ctl
    shoe = ctl.shoe_number
    assert ctl.shoe_first_seq(shoe) > 1 and ctl.shoe_first_seq(shoe - 1) == 1
    seen = []
    original = Journal.rows

    def rows(journal, after=0, **kw):
        seen.append(after)
        return original(journal, after, **kw)

    monkeypatch.setattr(Journal, "rows", rows)
    recalled = ctl.recall(shoe)
    monkeypatch.undo()
    assert seen == [ctl.shoe_first_seq(shoe) - 1]
    with Journal(path, readonly=True) as journal:
        history = fold_journal(journal)
    assert recalled == [r.result for r in history.rounds if r.shoe == shoe] and len(recalled) == 2
