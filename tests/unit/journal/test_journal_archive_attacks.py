"""Archives attacked: what ``journal verify`` (with and without ``--archives``), the readers and the next archiving
make of a history someone changed, or that a stop left half done.

docs/controller.md "Archives", "What each check proves". The attacker writes the files with plain sqlite3 and
knows the row hash (the chain has no key): a forged ``archived`` note is as well chained as a real one, so the
live journal alone can only say that a note claims the rows; the archives prove them.
"""

from __future__ import annotations

import sqlite3

from dealer_station.journal import Journal
from dealer_station.journal.rows import canonical, row_hash
from tests.conftest import run_cli
from tests.unit.journal.test_journal_archive import FAR, NOW, _archive


def _forge_note(path, first: int, last: int, *, file: str = "journal.forged.sqlite", through: int = 0) -> None:
    """Append an ``archived`` note for rows ``first``..``last`` with a correct hash, then delete those rows and
    the events up to ``through``, as an attacker with the file and the row hash would.
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
