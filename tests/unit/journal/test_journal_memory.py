"""MemoryJournal (the journal of a replay) keeps exactly the rows, hash chain and export of the SQLite journal."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest

from dealer_station.app.controller import Controller
from dealer_station.journal import EventSpec, Journal, JournalError, JournalRow, MemoryJournal
from dealer_station.journal import memory as memory_module
from dealer_station.journal.store import GENESIS, canonical, export_rows, row_hash
from tests.support.simulation import simulate


def _simulated(journal, monkeypatch) -> list[dict]:
    """``simulate --seed 4`` on ``journal`` (left open), every row stamped at one moment."""
    moment = datetime(2026, 11, 30, 4, 0, tzinfo=UTC)  # one clock for both, so the rows can be equal
    monkeypatch.setattr("dealer_station.app.shoes.utcnow", lambda: moment)  # the run's seed note
    run = simulate(seed=4, keep_open=True, open_journal=lambda path, signer=None: journal,
                   controller=lambda config, j, **kw: Controller(config, j, clock=lambda: moment, **kw))
    assert run.why == "finished"
    return run.lines


def _without_events(rows) -> list[JournalRow]:
    """The SQLite journal's rows as a replay's journal keeps them: the same bodies but for the decision rows'
    ``events`` (the digests of their outbox events: a replay keeps no outbox), the chain made over them."""
    out, prev = [], GENESIS
    for r in rows:
        body = {k: v for k, v in r.body.items() if not (r.kind == "decision" and k == "events")}
        digest = row_hash(r.seq, r.ts, r.kind, r.mark, canonical(body), prev)
        out.append(JournalRow(r.seq, r.ts, r.kind, r.mark, body, prev, digest))
        prev = digest
    return out


@pytest.mark.parametrize("block", [memory_module.BLOCK_ROWS, 7, 1])
def test_a_simulated_shoe_gives_the_same_rows_and_export(block, monkeypatch):
    monkeypatch.setattr(memory_module, "BLOCK_ROWS", block)  # rows in sealed (compressed) blocks and in the tail
    sqlite, memory = Journal(":memory:"), MemoryJournal()
    assert _simulated(sqlite, monkeypatch) == _simulated(memory, monkeypatch)
    assert memory.last_seq == sqlite.last_seq > 100
    # the SQLite journal's decision rows also list their outbox events; all else is the same, byte for byte
    assert all("events" in r.body for r in sqlite.rows(kinds=("decision",)))
    expected = _without_events(sqlite.rows())
    a, b = io.StringIO(), io.StringIO()
    assert export_rows(expected, a) == memory.export(b)
    assert a.getvalue() == b.getvalue()  # same bodies, same chain: byte-identical exports
    assert memory.verify().ok and memory.verify().rows == sqlite.verify().rows and sqlite.verify().ok
    assert memory._sealed  # some rows were sealed
    for kwargs in ({}, {"after": 10, "until": 40}, {"after": 6, "until": 7}, {"after": 7, "until": 14},
                   {"after": 511, "until": 1025}, {"after": -3}, {"until": 10_000}, {"kinds": ("decision",)},
                   {"mark": "round"},
                   {"kinds": ("input", "note"), "after": 3}, {"until": 0}, {"after": 10_000}):
        assert list(memory.rows(**kwargs)) == [expected[r.seq - 1] for r in sqlite.rows(**kwargs)], kwargs
    for mark in ("shoe_started", "round", "shoe_ended", "nothing"):
        found = sqlite.last_marked(mark)
        assert memory.last_marked(mark) == (None if found is None else expected[found.seq - 1])
    for kind in ("input", "decision", "note", "nothing"):
        found = sqlite.last_row(kind)
        assert memory.last_row(kind) == (None if found is None else expected[found.seq - 1])
    assert memory.conn.execute("SELECT COUNT(*) FROM outbox").fetchone() == (0,)  # a replay publishes nothing
    sqlite.close()
    memory.close()


def test_an_unknown_event_type_writes_nothing():
    journal = MemoryJournal()
    journal.append("input", {"kind": "frame"}, "t")
    with pytest.raises(JournalError, match="unknown event type"):
        journal.append("decision", {"input": 1}, "t", events=[EventSpec("no_such_event", {})])
    assert journal.last_seq == 1 and len(list(journal.rows())) == 1
    assert journal.append("note", {}, "t")[0].seq == 2


def test_text_that_is_not_ascii_survives_sealing(monkeypatch):
    monkeypatch.setattr(memory_module, "BLOCK_ROWS", 2)
    journal = MemoryJournal()
    odd = {"token": "\u00e9\u4e2d\n\"\\", "raw": "ff"}
    journal.append("input", odd, "t", mark=["round"])
    journal.append("input", {"i": 1}, "t")
    journal.append("input", {"i": 2}, "t")
    assert journal._sealed and [r.body for r in journal.rows()] == [odd, {"i": 1}, {"i": 2}]
    assert journal.last_marked("round").body == odd and journal.verify().ok


def test_verify_names_a_changed_row():
    journal = MemoryJournal()
    for i in range(5):
        journal.append("input", {"i": i}, "t")
    seq, ts, kind, mark, text, prev, digest = journal._tail[2]
    journal._tail[2] = (seq, ts, kind, mark, text.replace("2", "7"), prev, digest)
    report = journal.verify()
    assert not report.ok and report.first_bad == 3 and "hash does not match" in report.message


def test_add_defers_hashing_but_reads_the_rows_append_makes():
    """``add`` keeps a copy of the body: the rows, chain and export equal those of ``append`` on the SQLite journal."""
    from decimal import Decimal

    from dealer_station.domain.outcome import Winner

    body = {"kind": "frame", "cards": ["AS", "KH"], "nested": {"n": 1}}
    lazy, eager = MemoryJournal(), Journal(":memory:")
    bodies = [dict(body), {"stake": Decimal("12.50"), "winner": Winner.BANKER}, {"t": (1, 2)}, {"x": None}]
    for index, item in enumerate(bodies * 300):  # more than a block of rows waits for its hash
        mark = ("round",) if index % 7 == 0 else ()
        plain = "stake" not in item  # JSON values only: text and hash both wait for a read
        seq = lazy.add("input", item, f"2026-11-30T04:00:{index % 60:02d}.000000Z", mark=mark, json_only=plain)
        row, _ = eager.append("input", item, f"2026-11-30T04:00:{index % 60:02d}.000000Z", mark=mark)
        assert seq == row.seq == lazy.last_seq
    bodies[0]["cards"].append("QD")  # the caller changes its dict afterwards: the journal keeps what was added
    bodies[0]["nested"]["n"] = 2
    assert lazy.verify().ok and lazy.verify().rows == 1200
    assert list(lazy.rows(kinds=("input",), mark="round")) == list(eager.rows(kinds=("input",), mark="round"))
    a, b = io.StringIO(), io.StringIO()
    lazy.export(a)
    eager.export(b)
    assert a.getvalue() == b.getvalue()
    assert next(lazy.rows()).body == {"cards": ["AS", "KH"], "kind": "frame", "nested": {"n": 1}}
    assert next(lazy.rows(after=1)).body == {"stake": "12.50", "winner": "Winner.BANKER"}  # as canonical() writes them
    eager.close()


def test_a_body_without_json_text_is_refused_by_add_at_once():
    """Without json_only the text is made at once: a bad body is refused then, as append refuses it, nothing written."""
    journal = MemoryJournal()
    journal.add("input", {"i": 1}, "t")
    with pytest.raises(JournalError, match="row 2"):
        journal.add("input", {(1, 2): "tuple key"}, "t")
    journal.add("input", {"i": 3}, "t")
    assert journal.last_seq == 2 and [r.body for r in journal.rows()] == [{"i": 1}, {"i": 3}]
    assert journal.verify().ok


def test_a_row_that_cannot_be_settled_is_never_dropped():
    """A body wrongly declared JSON-only fails at the first read; it and the rows after it stay waiting (every read
    raises) instead of leaving a chain with rows missing."""
    journal = MemoryJournal()
    journal.add("input", {"i": 1}, "t", json_only=True)
    journal.add("input", {(1, 2): "tuple key"}, "t", json_only=True)
    journal.add("input", {"i": 3}, "t", json_only=True)
    for _ in range(2):
        with pytest.raises(TypeError):
            journal.verify()
        with pytest.raises(TypeError):
            list(journal.rows())
    assert journal.last_seq == 3 and journal._pending and journal._pending[0][0] == 2


def test_add_and_append_interleave_on_one_chain():
    mixed, plain = MemoryJournal(), MemoryJournal()
    for i in range(40):
        if i % 3:
            mixed.add("input", {"i": i}, "t")
        else:
            assert mixed.append("input", {"i": i}, "t")[0].seq == i + 1  # append hashes what add left pending first
        plain.append("input", {"i": i}, "t")
    assert list(mixed.rows()) == list(plain.rows())
    with pytest.raises(JournalError, match="unknown event type"):
        mixed.add("decision", {"input": 1}, "t", events=[EventSpec("no_such_event", {})])
    assert mixed.last_seq == 40 and mixed.verify().ok


@pytest.mark.parametrize("path", [MemoryJournal(), 3, None, b"journal.sqlite"])
def test_a_file_journal_refuses_a_path_that_is_not_one(path, tmp_path, monkeypatch):
    """Given another object the journal would have named its file after the object's repr."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(TypeError, match="str or a path"):
        Journal(path)
    assert list(tmp_path.iterdir()) == []
