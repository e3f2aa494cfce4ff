"""Archives attacked: what ``journal verify`` (with and without ``--archives``), the readers and the next archiving
make of a history someone changed, or that a stop left half done.

docs/controller.md "Archives", "What each check proves". The attacker writes the files with plain sqlite3 and
knows the row hash (the chain has no key): a forged ``archived`` note is as well chained as a real one, so the
live journal alone can only say that a note claims the rows; the archives prove them.
"""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest

from dealer_station.journal import Journal, JournalError
from dealer_station.journal.archive import archive_shoes
from dealer_station.journal.archive_read import list_archives
from dealer_station.journal.rows import canonical, row_hash
from tests.conftest import run_cli
from tests.unit.journal.test_journal_archive import FAR, NOW, _all_rows, _archive


def _forge_note(path, first: int, last: int, *, file: str = "journal.forged.sqlite", through: int = 0,
                cut: bool = True) -> None:
    """Append an ``archived`` note for rows ``first``..``last`` with a correct hash, then (``cut``) delete those
    rows and the events up to ``through``, as an attacker with the file and the row hash would.
    """
    with sqlite3.connect(path) as conn:
        prev = conn.execute("SELECT prev_hash FROM journal WHERE seq = ?", (first,)).fetchone()[0]
        head = conn.execute("SELECT hash FROM journal WHERE seq = ?", (last,)).fetchone()[0]
        seq, tail = conn.execute("SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1").fetchone()
        body = canonical({"kind": "archived", "first": first, "last": last, "prev": prev, "head": head,
                          "file": file, "rows": last - first + 1, "shoes": [], "events_through": through,
                          "event_count": 0, "table_id": "T1", "before": FAR, "ts": NOW})
        conn.execute("INSERT INTO journal VALUES (?, ?, 'note', ',archived,', ?, ?, ?)",
                     (seq + 1, NOW, body, tail, row_hash(seq + 1, NOW, "note", ",archived,", body, tail)))
        if not cut:
            return
        conn.execute("DROP TRIGGER journal_no_delete")
        conn.execute("DELETE FROM journal WHERE seq BETWEEN ? AND ?", (first, last))
        conn.execute("DELETE FROM outbox WHERE event_id <= ?", (through,))


def _last_event(path) -> int:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT MAX(event_id) FROM outbox").fetchone()[0]


def test_rows_cut_from_the_middle_under_a_forged_note_are_rows_missing(journal_path):
    """Archiving takes rows from the front only: a gap after rows no note records is never an archive's."""
    _forge_note(journal_path, 2000, 3000)
    with Journal(journal_path, readonly=True) as journal:
        report = journal.verify()
    assert not report.ok and report.first_bad == 3001 and "rows missing" in report.message, report.message


def test_rows_cut_from_the_front_under_a_forged_note_pass_alone_and_fail_with_the_archives(journal_path, tmp_path):
    """What the live journal cannot prove it says; the archive directory proves it (docs: "What each check
    proves"): a forged note passes ``journal verify DB`` as "not proven here", never as proven.
    """
    result = _archive(journal_path, tmp_path / "arch", before="2000-01-01T00:00:00Z")
    assert result.file is None
    _forge_note(journal_path, 1, 3000, through=_last_event(journal_path))
    alone = run_cli("journal", "verify", str(journal_path))
    assert alone.returncode == 0 and "rows 1-3000 are in archive files, not proven here" in alone.stdout
    across = run_cli("journal", "verify", str(journal_path), "--archives", str(tmp_path / "arch"))
    assert across.returncode == 1 and "journal.forged.sqlite, which is not in the directory" in across.stdout


class _StopsRemoving(Journal):
    """A journal whose archiving stops after removing the newest 1,000 rows it archived (as a kill -9 there)."""

    def remove_archived(self, first: int, last: int, *, chunk: int = 2000) -> int:
        return super().remove_archived(max(first, last - 999), last, chunk=chunk)


def _ends(path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [ts for (ts,) in conn.execute("SELECT ts FROM journal WHERE kind = 'decision' AND "
                                             "mark LIKE '%,shoe_ended,%' ORDER BY seq")]


def _report(path, *more: str) -> dict:
    done = run_cli("report", "--journal", str(path), "--json", *more)
    assert done.returncode == 0, done.stderr
    said = ("verify_message", "generated_utc", "journal", "verified_to_seq")   # of the file, not of the table
    return {k: v for k, v in json.loads(done.stdout).items() if k not in said}


def test_a_stop_while_archived_rows_are_removed_leaves_a_history_every_check_and_reader_takes(journal_path, tmp_path):
    """Rows 1-4610 of the archive 1-5610 are still in the live journal: nothing is doubled, nothing is TAMPERED."""
    with _StopsRemoving(journal_path) as journal:
        result = archive_shoes(journal, tmp_path / "arch", before=FAR, ts=NOW)
    live = [r[0] for r in _all_rows(journal_path)]
    assert live[0] == 1 and result.last - 999 not in live and result.last - 1000 in live
    across = run_cli("journal", "verify", str(journal_path), "--archives", str(tmp_path / "arch"))
    assert across.returncode == 0 and "the chain holds from row 1" in across.stdout, across.stdout
    alone_now = _report(journal_path)
    across_now = _report(journal_path, "--archives", str(tmp_path / "arch"))
    partly = run_cli("recall", "--journal", str(journal_path), "--shoe", "2")
    assert partly.returncode == 2 and "--archives" in partly.stderr   # archived, not half read from the live rows
    _archive(journal_path, tmp_path / "arch")   # the next archiving finishes the removal
    assert _all_rows(journal_path)[0][0] == result.last + 1
    assert alone_now == _report(journal_path) and across_now == _report(journal_path, "--archives",
                                                                         str(tmp_path / "arch"))
    assert [s["shoe"] for s in across_now["shoes"]] == [1, 2, 3, 4, 5, 6]


def test_an_archive_named_before_its_note_failed_is_no_part_of_the_history_and_the_next_replaces_it(
        journal_path, tmp_path):
    """The note cannot be written (another writer holds the journal: a full disk does the same) after the archive
    file got its name; the next archiving, with a later cut-off, writes another: the rows are held once.
    """
    arch = tmp_path / "arch"
    blocker = sqlite3.connect(journal_path, isolation_level=None)
    with Journal(journal_path) as journal:
        journal.conn.execute("PRAGMA busy_timeout = 0")
        blocker.execute("BEGIN IMMEDIATE")
        with pytest.raises(JournalError, match="locked"):
            archive_shoes(journal, arch, before=_ends(journal_path)[1], ts=NOW)
        blocker.execute("ROLLBACK")
    blocker.close()
    assert [p.name for p in arch.iterdir()] == ["journal.000000000001-000000001126.sqlite"]
    across = run_cli("journal", "verify", str(journal_path), "--archives", str(arch))
    assert across.returncode == 0 and "left by an archiving stopped before its note" in across.stdout, across.stdout
    recall = run_cli("recall", "--journal", str(journal_path), "--shoe", "1", "--archives", str(arch))
    assert recall.returncode == 0 and recall.stdout.count("T1-S0001-R001 ") == 1, recall.stderr
    result = _archive(journal_path, arch)
    assert sorted(p.name for p in arch.iterdir()) == [result.file.name]
    assert run_cli("journal", "verify", str(journal_path), "--archives", str(arch)).returncode == 0
    export = run_cli("journal", "export", str(journal_path), "--archives", str(arch)).stdout
    seqs = [json.loads(line)["seq"] for line in export.splitlines()]
    assert seqs == list(range(1, len(seqs) + 1))


def test_a_head_kept_elsewhere_is_checked_across_the_archives_once_its_row_is_archived(journal_path, tmp_path):
    """The head the station logged at a shoe end (``journal_head``) is what finds a history rewritten with its
    chain: once that row is archived it is looked up in the archive, never called "rows cut off the end".
    """
    with sqlite3.connect(journal_path) as conn:
        digest = conn.execute("SELECT hash FROM journal WHERE seq = 1126").fetchone()[0]
    _archive(journal_path, tmp_path / "arch")
    across = ("--archives", str(tmp_path / "arch"))
    kept = run_cli("journal", "verify", str(journal_path), "--head", f"1126:{digest}", *across)
    assert kept.returncode == 0 and "TAMPERED" not in kept.stdout, kept.stdout
    other = run_cli("journal", "verify", str(journal_path), "--head", f"1126:{'ab' * 32}", *across)
    assert other.returncode == 1 and "the journal was rewritten" in other.stdout, other.stdout
    alone = run_cli("journal", "verify", str(journal_path), "--head", f"1126:{digest}")
    assert alone.returncode == 1 and "not checked" in alone.stdout and "--archives" in alone.stdout
    assert "TAMPERED" not in alone.stdout and "cut off" not in alone.stdout


@pytest.mark.parametrize("attack", ["edited", "held twice"])
def test_an_export_across_archives_is_refused_when_the_history_does_not_verify(journal_path, tmp_path, attack):
    arch = tmp_path / "arch"
    result = _archive(journal_path, arch, before=_ends(journal_path)[1])
    if attack == "edited":   # a winner changed in the archive
        with sqlite3.connect(result.file) as conn:
            conn.execute("UPDATE journal SET body = replace(body, 'banker', 'player') WHERE seq = 500")
    else:                    # a copy of the archive under another name: its rows twice
        shutil.copy(result.file, arch / "journal.000000000001-000000000999.sqlite")
    done = run_cli("journal", "export", str(journal_path), "--archives", str(arch), "-o", str(tmp_path / "x.jsonl"))
    assert done.returncode == 1 and "does not verify" in done.stderr and done.stderr.count("\n") == 1, done.stderr
    assert not (tmp_path / "x.jsonl").exists() or not (tmp_path / "x.jsonl").read_text()


def _events(path, directory) -> list[int]:
    """Every event id the history holds: each archive's and the live outbox's, in file order."""
    ids = []
    for archive in list_archives(directory):
        ids += [i for (i,) in archive.conn.execute("SELECT event_id FROM outbox ORDER BY event_id")]
        archive.close()
    with sqlite3.connect(path) as conn:
        return ids + [i for (i,) in conn.execute("SELECT event_id FROM outbox ORDER BY event_id")]


def _deal_with_restarts(path, **overrides) -> None:
    """Eight shoes three days apart, the station restarted after shoes 3 and 5, its clock stepped a month back
    at the first restart and two months forward at the second (an NTP step, a battery-less clock set by hand).
    """
    from tests.support.table import DealingStation, FakeClock

    clock = FakeClock()
    station = DealingStation(path, clock, **overrides)
    station.deal(3)
    station.restart()
    clock.step(-30 * 86400)
    station.deal(5)
    station.restart()
    clock.step(60 * 86400)
    station.deal(8)
    assert station.controller.snapshot().shoe_number == 8
    station.close()


def test_the_station_archives_at_shoe_ends_across_restarts_on_a_stepped_clock_and_the_record_is_the_same(tmp_path):
    kept, moved, arch = tmp_path / "kept.sqlite", tmp_path / "moved.sqlite", tmp_path / "arch"
    _deal_with_restarts(kept)
    _deal_with_restarts(moved, journal__archive_after_days=2, journal__archive_dir=str(arch))
    archives = list_archives(arch)
    shoes = [n for a in archives for n in a.info["shoes"]]
    for a in archives:
        a.close()
    assert len(archives) >= 2 and shoes == list(range(1, len(shoes) + 1)) and 8 not in shoes
    assert run_cli("journal", "verify", str(moved), "--archives", str(arch)).returncode == 0
    ids, dealt = _events(moved, arch), _events(kept, tmp_path)   # (the events pruned after their retention: none)
    assert ids == sorted(set(ids)) and ids[-1] == dealt[-1] and set(dealt) <= set(ids)   # none given twice
    assert _report(moved, "--archives", str(arch)) == _report(kept)   # every shoe, round and result, as dealt
    assert _report(moved)["shoes"] == [s for s in _report(kept)["shoes"] if s["shoe"] not in shoes]


def test_a_key_handed_over_is_not_announced_again_once_its_note_is_archived(tmp_path):
    """The announcement is signed by the old key, which a consumer refuses once it learnt the new one: sent
    again after a restart, it would be refused as a stolen old key's.
    """
    from dealer_station.signing import Signer
    from tests.support.table import DealingStation, FakeClock

    arch = tmp_path / "arch"
    station = DealingStation(tmp_path / "j.sqlite", FakeClock(), signer=Signer.generate(), previous=Signer.generate(),
                             journal__archive_after_days=2, journal__archive_dir=str(arch))
    station.deal(3)
    with sqlite3.connect(tmp_path / "j.sqlite") as conn:
        assert conn.execute("SELECT COUNT(*) FROM journal WHERE mark = ',signing_key,'").fetchone()[0] == 0
    station.restart()
    station.close()
    assert station.announced == [True, False]


def test_a_full_archive_disk_stops_the_archiving_with_nothing_lost_and_its_space_given_back(journal_path, tmp_path):
    """The archive directory on a small tmpfs filled to the last block (root: skipped with the reason otherwise)."""
    from tests.support.disk import fill, small_tmpfs

    before = _all_rows(journal_path)
    with small_tmpfs(tmp_path / "small", "3m") as disk:
        (disk / "arch").mkdir()
        filler = fill(disk)
        done = run_cli("journal", "archive", str(journal_path), "--before", "2999-01-01", "--to", str(disk / "arch"))
        assert done.returncode == 2 and "archiving stopped" in done.stderr and done.stderr.count("\n") == 1, \
            done.stderr
        assert list((disk / "arch").iterdir()) == []   # no half-written file keeps the disk full
        assert _all_rows(journal_path) == before and run_cli("journal", "verify", str(journal_path)).returncode == 0
        filler.unlink()
        result = _archive(journal_path, disk / "arch")   # with room again, the same call goes on
        assert result.file is not None and result.shoes == (1, 2, 3, 4, 5)
        assert run_cli("journal", "verify", str(journal_path), "--archives", str(disk / "arch")).returncode == 0


def test_a_journal_whose_last_shoe_is_open_keeps_that_shoe_and_the_station_deals_it_on(tmp_path):
    from tests.support.table import DealingStation, FakeClock

    def run(path, arch=None):
        clock = FakeClock()
        station = DealingStation(path, clock)
        station.deal(3)
        station.deal(4, acts=15)   # shoe 4 open: some of its rounds dealt
        assert station.controller.snapshot().shoe_number == 4
        station.close()
        if arch is not None:
            done = run_cli("journal", "archive", str(path), "--before", "2999-01-01", "--to", str(arch))
            assert done.returncode == 0 and "3 shoes: 1, 2, 3" in done.stdout, done.stdout + done.stderr
        station = DealingStation(path, clock)   # started again: the open shoe replayed from the live rows
        assert station.controller.snapshot().shoe_number == 4
        station.deal(5)
        station.close()

    run(tmp_path / "kept.sqlite")
    run(tmp_path / "moved.sqlite", tmp_path / "arch")
    assert run_cli("journal", "verify", str(tmp_path / "moved.sqlite"), "--archives", str(tmp_path / "arch")) \
        .returncode == 0
    assert _report(tmp_path / "moved.sqlite", "--archives", str(tmp_path / "arch")) == _report(tmp_path / "kept.sqlite")


def test_a_journal_with_no_shoe_has_nothing_to_archive(tmp_path):
    with Journal(tmp_path / "j.sqlite") as journal:
        journal.append("note", {"kind": "started"}, NOW)
    done = run_cli("journal", "archive", str(tmp_path / "j.sqlite"), "--before", "2999-01-01", "--to",
                   str(tmp_path / "arch"))
    assert done.returncode == 0 and "nothing to archive" in done.stdout, done.stderr
    assert list((tmp_path / "arch").iterdir()) == [] and len(_all_rows(tmp_path / "j.sqlite")) == 1
    assert run_cli("journal", "verify", str(tmp_path / "j.sqlite"), "--archives", str(tmp_path / "arch")) \
        .returncode == 0


@pytest.mark.parametrize("attack", ["another journal's", "renamed"])
def test_an_archive_swapped_or_renamed_is_named_and_nothing_is_read_from_it(journal_path, tmp_path, attack):
    from tests.support.table import DealingStation, FakeClock

    arch = tmp_path / "arch"
    result = _archive(journal_path, arch)
    if attack == "renamed":
        result.file.rename(arch / "journal.000000000001-000000009999.sqlite")
    else:   # another table's journal, archived the same way, its archive under our name
        station = DealingStation(tmp_path / "other" / "journal.sqlite", FakeClock())
        station.deal(3)
        station.close()
        other = _archive(tmp_path / "other" / "journal.sqlite", tmp_path / "other-arch")
        shutil.copy(other.file, result.file)
    verify = run_cli("journal", "verify", str(journal_path), "--archives", str(arch))
    assert verify.returncode == 1 and "TAMPERED" in verify.stdout, verify.stdout
    recall = run_cli("recall", "--journal", str(journal_path), "--shoe", "1", "--archives", str(arch))
    assert recall.returncode == 1 and "nothing is reported" in recall.stderr, recall.stderr
    export = run_cli("journal", "export", str(journal_path), "--archives", str(arch))
    assert export.returncode == 1 and export.stdout == ""


@pytest.mark.parametrize("forge", ["body", "body and hash", "prev_hash and the chain after it"])
def test_the_live_journal_first_row_after_an_archive_edited_is_found(journal_path, tmp_path, forge):
    result = _archive(journal_path, tmp_path / "arch")
    first = result.last + 1
    with sqlite3.connect(journal_path) as conn:
        conn.execute("DROP TRIGGER journal_no_update")
        rows = conn.execute("SELECT seq, ts, kind, mark, body, prev_hash, hash FROM journal ORDER BY seq").fetchall()
        prev = "ab" * 32 if forge.startswith("prev_hash") else rows[0][5]
        for i, (seq, ts, kind, mark, body, _, digest) in enumerate(rows):
            if i == 0:
                body = body.replace('"kind":"', '"kind": "', 1) if forge == "body" else body + " "
            elif forge != "prev_hash and the chain after it":
                break
            new = digest if forge == "body" else row_hash(seq, ts, kind, mark, body, prev)
            conn.execute("UPDATE journal SET body = ?, prev_hash = ?, hash = ? WHERE seq = ?", (body, prev, new, seq))
            prev = new
    with Journal(journal_path, readonly=True) as journal:
        report = journal.verify()
    assert not report.ok and report.first_bad in (first, first + 1), report.message
    assert run_cli("report", "--journal", str(journal_path), "--json").returncode == 1


@pytest.mark.parametrize("name", ["../elsewhere/{}", "..", "sub\\{}"])
def test_a_note_naming_its_archive_by_a_path_is_refused_and_no_row_leaves_on_its_word(journal_path, tmp_path, name):
    """Archiving names its file plainly, in the archive directory; a note naming a path (here to a real archive of
    the same rows, kept outside the directory) was changed: ``verify --archives`` and ``recall --archives`` say
    so, and the next archiving removes no row on its word.
    """
    copy = tmp_path / "copy" / "journal.sqlite"
    copy.parent.mkdir()
    shutil.copy(journal_path, copy)
    outside = _archive(copy, tmp_path / "elsewhere")
    arch = tmp_path / "arch"
    arch.mkdir()
    _forge_note(journal_path, 1, outside.last, file=name.format(outside.file.name), cut=False)
    before = _all_rows(journal_path)
    verify = run_cli("journal", "verify", str(journal_path), "--archives", str(arch))
    assert verify.returncode == 1 and "TAMPERED" in verify.stdout and "not a file name" in verify.stdout, verify.stdout
    recall = run_cli("recall", "--journal", str(journal_path), "--shoe", "6", "--archives", str(arch))
    assert recall.returncode == 1 and "not a file name" in recall.stderr, recall.stderr
    _archive(journal_path, arch)
    assert _all_rows(journal_path) == before
