"""Archives: closed shoes move to files whose chain the live journal continues, and the whole history is proven.

docs/controller.md "Archives": ``journal archive`` copies the rows of closed shoes (and their acknowledged
events) into a file, journals a chained ``archived`` note with the archive's head, then deletes the rows; the live
journal's first row links to that head. Attacked here: rows deleted without a note, an archive edited or missing,
an archive of another journal, an unsent event, a second archive over the first, event ids after the archive, and
the reader's checkpoint across an archive. The kill -9 attack is in tests/e2e/test_journal_archive_kill.py.
"""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from dealer_station import outbox
from dealer_station.journal import Journal, JournalError
from dealer_station.journal.archive import archive_shoes
from dealer_station.journal.archive_read import History, list_archives, verify_history
from dealer_station.journal.index import JournalIndex
from tests.conftest import run_cli

FAR = "2999-01-01T00:00:00.000000Z"
NOW = "2026-12-03T00:00:00.000000Z"


def _all_rows(path) -> list[tuple]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT seq, ts, kind, mark, body, prev_hash, hash FROM journal ORDER BY seq").fetchall()


def _history_rows(path, directory) -> list[tuple]:
    with Journal(path, readonly=True) as journal:
        history = History(journal, list_archives(directory))
        try:
            return [(r.seq, r.hash) for r in history.rows()]
        finally:
            history.close()


def _archive(path, directory, before=FAR):
    with Journal(path) as journal:
        return archive_shoes(journal, directory, before=before, ts=NOW, chunk=700)


def test_closed_shoes_move_out_and_the_live_chain_goes_on_from_the_archive_head(journal_path, tmp_path):
    before = _all_rows(journal_path)
    result = _archive(journal_path, tmp_path / "arch")
    assert result.file is not None and result.shoes == (1, 2, 3, 4, 5)   # the newest shoe stays
    live = _all_rows(journal_path)
    assert live[0][0] == result.last + 1
    head = next(r for r in before if r[0] == result.last)[6]
    assert live[0][5] == head   # the live journal's first row carries the archive's head
    assert [r[:7] for r in before if r[0] > result.last] == [r for r in live if r[0] <= before[-1][0]]
    with Journal(journal_path, readonly=True) as journal:
        report = journal.verify()
        assert report.ok, report.message
        assert "in archive files, not proven here" in report.message   # says what it cannot prove
        whole = verify_history(journal, tmp_path / "arch")
        assert whole.ok, whole.message
        assert f"from row 1 to row {journal.last_seq}" in whole.message
    # every row of the history, as it was, read across the archive and the live journal
    assert _history_rows(journal_path, tmp_path / "arch")[:len(before)] == [(r[0], r[6]) for r in before]


def test_nothing_goes_while_the_broker_has_not_acknowledged_an_event(journal_path, tmp_path):
    with sqlite3.connect(journal_path) as conn:
        conn.execute("UPDATE outbox SET published_utc = NULL WHERE event_id = (SELECT MAX(event_id) FROM outbox)")
    result = _archive(journal_path, tmp_path / "arch")
    assert result.file is None and "not acknowledged" in result.message
    assert _all_rows(journal_path)[0][0] == 1


def test_only_shoes_that_ended_before_the_cut_off_go(journal_path, tmp_path):
    with sqlite3.connect(journal_path) as conn:
        ends = [ts for (ts,) in conn.execute("SELECT ts FROM journal WHERE kind = 'decision' AND "
                                             "mark LIKE '%,shoe_ended,%' ORDER BY seq")]
    result = _archive(journal_path, tmp_path / "arch", before=ends[2])   # shoes 1 and 2 ended before it
    assert result.shoes == (1, 2)
    assert _archive(journal_path, tmp_path / "arch", before=ends[2]).file is None   # nothing more to take


def test_a_second_archive_continues_the_first_and_the_history_is_one_chain(journal_path, tmp_path):
    before = _all_rows(journal_path)
    with sqlite3.connect(journal_path) as conn:
        ends = [ts for (ts,) in conn.execute("SELECT ts FROM journal WHERE kind = 'decision' AND "
                                             "mark LIKE '%,shoe_ended,%' ORDER BY seq")]
    first = _archive(journal_path, tmp_path / "arch", before=ends[1])
    second = _archive(journal_path, tmp_path / "arch")
    assert first.shoes == (1,) and second.shoes == (2, 3, 4, 5) and second.first == first.last + 1
    with Journal(journal_path, readonly=True) as journal:
        whole = verify_history(journal, tmp_path / "arch")
        assert whole.ok and whole.archives == 2, whole.message
    got = _history_rows(journal_path, tmp_path / "arch")
    assert got[:len(before)] == [(r[0], r[6]) for r in before]
    assert len(got) == len(before) + 2   # and the two archived notes


def test_rows_deleted_without_an_archived_note_are_found(journal_path):
    with sqlite3.connect(journal_path) as conn:
        conn.execute("DROP TRIGGER journal_no_delete")
        conn.execute("DELETE FROM journal WHERE seq <= 500")
    with Journal(journal_path, readonly=True) as journal:
        report = journal.verify()
    assert not report.ok and "rows missing" in report.message


def test_an_archive_edited_missing_or_swapped_is_found_by_verify_across(journal_path, tmp_path):
    result = _archive(journal_path, tmp_path / "arch")
    saved = tmp_path / "saved.sqlite"
    shutil.copy(result.file, saved)
    with sqlite3.connect(result.file) as conn:   # a winner changed in the archive
        conn.execute("DROP TRIGGER IF EXISTS journal_no_update")
        conn.execute("UPDATE journal SET body = replace(body, 'banker', 'player') WHERE seq = "
                     "(SELECT MIN(seq) FROM journal WHERE kind = 'decision' AND mark LIKE '%,round,%')")
    with Journal(journal_path, readonly=True) as journal:
        edited = verify_history(journal, tmp_path / "arch")
        assert not edited.ok and result.file.name in edited.message and "hash does not match" in edited.message
        result.file.unlink()
        missing = verify_history(journal, tmp_path / "arch")
        assert not missing.ok and "not in the directory" in missing.message
        # an archive of other rows under the name the note records
        shutil.copy(saved, result.file)
        with sqlite3.connect(result.file) as conn:
            conn.execute("DROP TRIGGER IF EXISTS journal_no_delete")
            conn.execute("DELETE FROM journal WHERE seq = (SELECT MAX(seq) FROM journal)")
        cut = verify_history(journal, tmp_path / "arch")
        assert not cut.ok, cut.message


def test_recall_across_archives_reads_an_archived_shoe_and_refuses_an_edited_archive(journal_path, tmp_path):
    result = _archive(journal_path, tmp_path / "arch")
    live_only = run_cli("recall", "--journal", str(journal_path), "--shoe", "2")
    assert live_only.returncode == 2 and "--archives" in live_only.stderr   # says where the shoe went
    done = run_cli("recall", "--journal", str(journal_path), "--shoe", "2", "--archives", str(tmp_path / "arch"))
    assert done.returncode == 0, done.stderr
    assert "T1-S0002-R001" in done.stdout and "read from 1 archive file" in done.stdout
    one = run_cli("recall", "--journal", str(journal_path), "T1-S0003-R005", "--archives", str(tmp_path / "arch"))
    assert one.returncode == 0 and "Round T1-S0003-R005" in one.stdout, one.stderr
    report = run_cli("report", "--journal", str(journal_path), "--json", "--archives", str(tmp_path / "arch"))
    assert report.returncode == 0, report.stderr
    assert '"shoe": 1' in report.stdout and '"shoe": 6' in report.stdout
    with sqlite3.connect(result.file) as conn:
        conn.execute("DROP TRIGGER IF EXISTS journal_no_update")
        conn.execute("UPDATE journal SET ts = '2020-01-01T00:00:00Z' WHERE seq = "
                     "(SELECT MIN(seq) FROM journal WHERE kind = 'decision' AND mark LIKE '%,round,%' AND "
                     "seq > (SELECT first_seq FROM (SELECT MIN(seq) AS first_seq FROM journal)) + 1200)")
    refused = run_cli("recall", "--journal", str(journal_path), "--shoe", "2", "--archives", str(tmp_path / "arch"))
    assert refused.returncode == 1 and "does not verify" in refused.stderr


def test_event_ids_go_on_after_the_events_were_archived(journal_path, tmp_path):
    with Journal(journal_path) as journal:
        before = journal._next_event_id
    result = _archive(journal_path, tmp_path / "arch")
    assert result.events > 0
    with Journal(journal_path) as journal:
        assert outbox.read_events(journal.conn) == []   # they went with their rows
        assert journal._next_event_id == before          # never given again
        assert journal.pruned_through() == before - 1


def test_the_reader_index_keeps_its_checkpoint_across_an_archive(journal_path, tmp_path):
    with Journal(journal_path, readonly=True) as journal, JournalIndex(journal) as index:
        assert index.refresh().ok
        assert index.shoe_rows(2) is not None
    result = _archive(journal_path, tmp_path / "arch")
    with Journal(journal_path, readonly=True) as journal, JournalIndex(journal) as index:
        again = index.refresh()
        assert again.ok and again.earlier > 0, again.message   # not verified again from the start
        assert index.shoe_rows(2) is None and index.shoe_rows(6) is not None
        assert index.shoes() == [6]
        assert "in archive files" in again.message
        assert index.check_range(result.last + 1, None) is None


def test_only_rows_a_note_records_can_be_removed(journal_path):
    with Journal(journal_path) as journal, pytest.raises(JournalError, match="no archived note"):
        journal.remove_archived(1, 100)


def test_the_cli_archives_verifies_and_exports_across(journal_path, tmp_path):
    export_before = run_cli("journal", "export", str(journal_path)).stdout
    done = run_cli("journal", "archive", str(journal_path), "--before", "2999-01-01", "--to", str(tmp_path / "a"))
    assert done.returncode == 0 and "moved to" in done.stdout, done.stderr
    verify = run_cli("journal", "verify", str(journal_path), "--archives", str(tmp_path / "a"))
    assert verify.returncode == 0 and "the chain holds from row 1" in verify.stdout, verify.stdout
    across = run_cli("journal", "export", str(journal_path), "--archives", str(tmp_path / "a")).stdout
    assert across.startswith(export_before) and across.count("\n") == export_before.count("\n") + 1   # + the note
    again = run_cli("journal", "archive", str(journal_path), "--shoes-older-than", "7", "--to", str(tmp_path / "a"))
    assert again.returncode == 0 and "nothing to archive" in again.stdout


@pytest.mark.parametrize("args, words", [
    (["--before", "yesterday"], "is not a date"),
    (["--shoes-older-than", "0"], "is not a number of days"),
    (["--shoes-older-than", "7", "--before", "2026-01-01"], "not allowed with"),
    ([], "one of the arguments"),
])
def test_a_bad_archive_command_line_is_one_line_and_exit_2(journal_path, tmp_path, args, words):
    done = run_cli("journal", "archive", str(journal_path), *args, "--to", str(tmp_path / "a"))
    assert done.returncode == 2 and words in done.stderr and done.stderr.count("\n") == 1, done.stderr


def test_the_cli_will_not_archive_a_journal_a_station_deals_on(journal_path, tmp_path):
    with Journal(journal_path):   # this process holds the writer's lock, as a dealing station does
        done = run_cli("journal", "archive", str(journal_path), "--before", "2999-01-01", "--to", str(tmp_path / "a"))
    assert done.returncode == 2 and "archive_after_days" in done.stderr and done.stderr.count("\n") == 1
    assert _all_rows(journal_path)[0][0] == 1


def test_the_station_archives_at_a_shoe_end_with_its_setting(tmp_path):
    """A station dealing five small shoes, three days apart on a stepped clock, keeping two days."""
    from tests.support.table import DealingStation, FakeClock

    station = DealingStation(tmp_path / "j.sqlite", FakeClock(), journal__archive_after_days=2,
                             journal__archive_dir=str(tmp_path / "arch"))
    station.deal(5)
    assert station.controller.snapshot().shoe_number == 5
    station.close()
    archives = list_archives(tmp_path / "arch")
    shoes = [n for a in archives for n in a.info["shoes"]]
    for a in archives:
        a.close()
    assert shoes and shoes == list(range(1, len(shoes) + 1)) and 5 not in shoes
    with Journal(tmp_path / "j.sqlite", readonly=True) as reread:
        whole = verify_history(reread, tmp_path / "arch")
        assert whole.ok, whole.message


def test_a_simulated_run_keeps_its_seed_after_its_note_was_archived(journal_path, tmp_path):
    from dealer_station.app.shoes import recorded_seed

    with Journal(journal_path) as journal:
        seed = recorded_seed(journal, None, 8)
    _archive(journal_path, tmp_path / "arch")
    with sqlite3.connect(journal_path) as conn:
        left = conn.execute("SELECT COUNT(*) FROM journal WHERE body LIKE '%\"kind\":\"simulate\"%' AND "
                            "mark NOT LIKE '%,archived,%'").fetchone()[0]
    assert left == 0   # the note itself went to the archive
    with Journal(journal_path) as journal:
        assert recorded_seed(journal, None, 8) == seed
        with pytest.raises(ValueError, match="seed 1"):
            recorded_seed(journal, 1, 8)


@pytest.mark.parametrize("value", [-1, 3651, 1.5, "7", True])
def test_a_bad_archive_setting_is_named_with_what_is_allowed(tmp_path, value):
    from dealer_station.app.config import ConfigError, config_from_dict

    with pytest.raises(ConfigError, match="journal.archive_after_days.*0..3650"):
        config_from_dict({"journal": {"archive_after_days": value}})
    text = f"[journal]\narchive_after_days = {value!r}\n".replace("True", "true").replace("'", '"')
    (tmp_path / "station.toml").write_text(text)
    done = run_cli("config", "check", str(tmp_path / "station.toml"))   # a check that fails: exit 1, it says why
    assert done.returncode == 1 and "journal.archive_after_days" in done.stdout and "0..3650" in done.stdout


def test_a_journal_whose_every_event_was_pruned_or_archived_still_names_its_table(tmp_path):
    from dealer_station.journal.reading import table_id_of
    from tests.support.synthetic_journal import deal_one_shoe, grow

    path = tmp_path / "journal.sqlite"
    deal_one_shoe(path)
    grow(path, 3, pruned_events=True)   # the outbox emptied by its retention, as after a long idle week
    with Journal(path, readonly=True) as journal:
        assert outbox.read_events(journal.conn) == []
        assert journal.verify().ok
        assert table_id_of(journal) == "T1"
    done = run_cli("recall", "--journal", str(path), "--shoe", "3")
    assert done.returncode == 0 and "T1-S0003-R001" in done.stdout and "T?" not in done.stdout
    result = _archive(path, tmp_path / "arch")
    assert result.shoes == (1, 2)
    with Journal(path, readonly=True) as journal:
        assert table_id_of(journal) == "T1"
    archive = list_archives(tmp_path / "arch")[0]
    assert archive.info["table_id"] == "T1"
    archive.close()


def test_the_station_s_prune_note_names_the_table(tmp_path):
    from datetime import UTC, datetime

    from dealer_station.app.config import config_from_dict
    from dealer_station.app.controller import Controller

    now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    journal = Journal(tmp_path / "j.sqlite")
    ctl = Controller(config_from_dict({"table": {"id": "T7"}}), journal, clock=lambda: now)
    ctl.dealer("new_shoe")
    ids = [e.event_id for e in outbox.read_events(journal.conn)]
    outbox.mark_published(journal.conn, ids, "2026-11-01T00:00:00Z")
    ctl.log.prune_events()
    note = journal.last_marked("events_pruned")
    assert note is not None and note.body["table_id"] == "T7"
    journal.close()


def test_each_archived_note_carries_the_highest_event_id_so_far(journal_path, tmp_path):
    """The copies of shoes 2-5 list no event: the second note must still say how far ids went, since the first
    note (listing them) is itself archived once more shoes follow it."""
    with sqlite3.connect(journal_path) as conn:
        ends = [ts for (ts,) in conn.execute("SELECT ts FROM journal WHERE kind = 'decision' AND "
                                             "mark LIKE '%,shoe_ended,%' ORDER BY seq")]
    _archive(journal_path, tmp_path / "arch", before=ends[1])
    _archive(journal_path, tmp_path / "arch")
    with Journal(journal_path, readonly=True) as journal:
        first, second = [r.body for r in journal.rows(mark="archived")]
    assert first["events_through"] > 0
    assert second["events_through"] == first["events_through"]
