"""The reader's index of a journal (dealer_station/journal/index.py): ``recall`` and ``report`` of one shoe read
the same rows at 10 shoes and at 120, the chain is verified once from the last checkpoint on, a row changed
before the checkpoint is still found by ``journal verify`` (and by a reader of that row's shoe), and a rewritten
journal is verified again from row 1."""

from __future__ import annotations

import argparse
import shutil
import sqlite3

import pytest

from dealer_station.cli import CliError
from dealer_station.cli._records import load
from dealer_station.journal import Journal
from dealer_station.journal.index import JournalIndex
from tests.conftest import run_cli
from tests.support.synthetic_journal import deal_one_shoe, grow


@pytest.fixture(scope="module")
def one_shoe(tmp_path_factory):
    path = tmp_path_factory.mktemp("template") / "journal.sqlite"
    deal_one_shoe(path)
    return path


def grown(one_shoe, directory, shoes: int):
    path = directory / f"journal-{shoes}.sqlite"
    shutil.copy(one_shoe, path)
    grow(path, shoes)
    return path


@pytest.fixture(scope="module")
def journals(one_shoe, tmp_path_factory):
    d = tmp_path_factory.mktemp("grown")
    return {n: grown(one_shoe, d, n) for n in (10, 120)}


def args(path, **extra) -> argparse.Namespace:
    return argparse.Namespace(journal=str(path), table=None, unverified=False, **extra)


class Counting:
    """Counts the rows every Journal.rows call yields (the fold's reading)."""

    def __init__(self, monkeypatch) -> None:
        self.rows = 0
        original = Journal.rows

        def rows(journal, *a, **kw):
            for row in original(journal, *a, **kw):
                self.rows += 1
                yield row

        monkeypatch.setattr(Journal, "rows", rows)


@pytest.mark.parametrize("what", ["round", "shoe", "range"])
def test_one_shoe_costs_the_same_rows_at_10_and_at_120_shoes(journals, monkeypatch, what):
    read, checked = {}, {}
    for n, path in journals.items():
        with Journal(path, readonly=True) as journal, JournalIndex(journal) as index:
            index.refresh()   # the first reading: every row, once
            checked[n] = index.refresh().checked_now
            start = index.conn.execute("SELECT started_ts FROM shoes WHERE number = 5").fetchone()[0]
        counter = Counting(monkeypatch)
        if what == "range":
            loaded = load(args(path), start=start, end=start[:-8] + "59.999999Z")
        else:
            loaded = load(args(path), shoes=[5])
        monkeypatch.undo()
        assert loaded.verified_to_seq is not None and {r.shoe for r in loaded.history.rounds} == {5}
        read[n] = counter.rows
    assert checked == {10: 0, 120: 0}
    assert read[10] == read[120] > 0


def test_the_chain_is_verified_from_the_checkpoint_on(one_shoe, tmp_path):
    path = grown(one_shoe, tmp_path, 3)
    with Journal(path, readonly=True) as journal, JournalIndex(journal) as index:
        first = index.refresh()
        assert first.ok and first.earlier == 0 and index.checkpoint()[0] == first.rows
        again = index.refresh()
        assert again.ok and again.checked_now == 0 and "not proven again" not in again.message
        assert "every row when first read" in again.message and "journal verify" in again.message
    rows_before = first.rows
    grow(path, 4)   # one more shoe, written after the checkpoint
    with Journal(path, readonly=True) as journal, JournalIndex(journal) as index:
        later = index.refresh()
        assert later.ok and later.earlier == rows_before and later.checked_now == later.rows - rows_before
        assert f"rows 1-{rows_before} when first read" in later.message and "not proven again" in later.message
        assert index.shoes() == [1, 2, 3, 4]


def edit_row(path, seq: int, text: str) -> None:
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER journal_no_update")
    conn.execute("UPDATE journal SET body = ? WHERE seq = ?", (text, seq))
    conn.commit()
    conn.close()


def round_row(path, shoe: int) -> tuple[int, str]:
    """The first card scanned in shoe ``shoe``: its seq and body text."""
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT seq, body FROM journal WHERE kind = 'input' AND body LIKE '%\"frame\"%' "
                            "AND seq > (SELECT MAX(seq) FROM journal WHERE body LIKE ?) ORDER BY seq LIMIT 1",
                            (f'%"shoe_started",{{"decks":8,"shoe":{shoe}}}%',)).fetchone()


def test_a_row_changed_before_the_checkpoint_is_found_by_verify_and_by_a_reader_of_its_shoe(one_shoe, tmp_path):
    path = grown(one_shoe, tmp_path, 4)
    assert load(args(path), shoes=[4]).verified_to_seq is not None   # the checkpoint: every row
    seq, text = round_row(path, 2)
    edit_row(path, seq, text.replace('"raw":"', '"raw":"00', 1))       # a card's bytes, the chain not forged
    other = load(args(path), shoes=[4])   # another shoe: this check cannot prove the old rows again, and says so
    assert other.verified_to_seq is not None and "journal verify" in other.verify_message
    with pytest.raises(CliError) as caught:
        load(args(path), shoes=[2])   # the changed row's own shoe is re-hashed when read
    assert caught.value.status == 1 and f"row {seq}" in str(caught.value)
    proc = run_cli("journal", "verify", str(path))
    assert proc.returncode == 1 and f"row {seq}" in proc.stdout


def test_a_journal_rewritten_through_the_checkpoint_is_verified_again_from_row_1(one_shoe, tmp_path):
    from dealer_station.journal.store import GENESIS, row_hash

    path = grown(one_shoe, tmp_path, 3)
    assert load(args(path), shoes=[3]).verified_to_seq is not None
    seq, text = round_row(path, 1)
    edit_row(path, seq, text.replace('"raw":"', '"raw":"00', 1))
    conn = sqlite3.connect(path)   # the whole chain forged after it: every hash matches its row again
    prev = GENESIS
    for row in conn.execute("SELECT seq, ts, kind, mark, body FROM journal ORDER BY seq").fetchall():
        digest = row_hash(*row, prev)
        conn.execute("UPDATE journal SET prev_hash = ?, hash = ? WHERE seq = ?", (prev, digest, row[0]))
        prev = digest
    conn.commit()
    conn.close()
    with pytest.raises(CliError) as caught:   # the checkpoint's hash changed: all again, the anchors show it
        load(args(path), shoes=[3])
    assert caught.value.status == 1 and "journal_hash" in str(caught.value)


def test_an_index_that_cannot_be_written_costs_a_full_check_and_says_so(one_shoe, tmp_path, monkeypatch):
    import dealer_station.journal.index as index_module

    path = grown(one_shoe, tmp_path, 2)
    monkeypatch.setattr(index_module, "_index_path", lambda journal_path: [])
    first = load(args(path), shoes=[2])
    again = load(args(path), shoes=[2])
    assert first.verified_to_seq == again.verified_to_seq
    assert "every row is verified each time" in again.verify_message


@pytest.mark.parametrize("command", [("report",), ("recall",)])
def test_a_whole_journal_reading_re_hashes_every_row_it_folds(one_shoe, tmp_path, command):
    """Without a shoe or a round, every row is folded: every one is re-hashed too, checkpoint or not."""
    path = grown(one_shoe, tmp_path, 2)
    assert run_cli(*command, "--journal", str(path)).returncode == 0   # the checkpoint: every row
    seq, text = round_row(path, 1)
    edit_row(path, seq, text.replace('"raw":"', '"raw":"00', 1))
    proc = run_cli(*command, "--journal", str(path))
    assert proc.returncode == 1 and f"row {seq}" in proc.stderr, (proc.stdout, proc.stderr)


def test_a_shoe_number_past_any_journal_is_no_shoe_not_a_crash(one_shoe, tmp_path):
    path = grown(one_shoe, tmp_path, 2)
    proc = run_cli("recall", "--journal", str(path), "--shoe", "99999999999999999999")
    assert proc.returncode == 2 and "no round of shoe" in proc.stderr and proc.stderr.count("\n") == 1
    proc = run_cli("recall", "--journal", str(path), "T1-S99999999999999999999-R001")
    assert proc.returncode == 2 and "no round" in proc.stderr and proc.stderr.count("\n") == 1
