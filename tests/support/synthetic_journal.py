"""A journal of many shoes in seconds: one real shoe dealt by the station, its rows copied as shoes 2, 3, ...

The copies are written directly (plain sqlite3), each row renumbered (its seq, the input its decision answers,
the shoe's number and ids) and chained, so ``journal verify`` passes and the fold reads every copy as a shoe of
its own. Events are not copied (the copies' decisions list none), so the outbox holds the first shoe's only.
Used by the tests of costs that must not grow with the journal, and by ``bench/bench_growth.py``.
"""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

from dealer_station.journal.rows import canonical, row_hash

ROOT = Path(__file__).resolve().parents[2]
_INPUT = re.compile(r'"input":(\d+)')
_EVENTS = re.compile(r'"events":\[\[.*?\]\]')
_TS = re.compile(r'"ts":"([0-9T:.-]+)Z"')


def deal_one_shoe(path: Path, seed: int = 9) -> None:
    """A real station's journal of one simulated shoe at ``path``."""
    import os

    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    subprocess.run([sys.executable, "-m", "dealer_station", "simulate", "--shoes", "1", "--seed", str(seed),
                    "--journal", str(path)], check=True, capture_output=True, cwd=ROOT, env=env, timeout=300)


def _renumbered(listed: str, offset: int) -> str:
    """An ``"events":[[id, digest], ...]`` text with every id ``offset`` higher."""
    return re.sub(r"\[(\d+),", lambda m: f"[{int(m.group(1)) + offset},", listed)


def _later(stamp: str, minutes: int) -> str:
    """A ``...Z`` time ``minutes`` later, in the same form."""
    moment = datetime.fromisoformat(stamp.removesuffix("Z")) + timedelta(minutes=minutes)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%f") + "Z"


def grow(path: Path, shoes: int, *, minutes_per_shoe: int = 40, pruned_events: bool = False) -> int:
    """Copy shoe 1 of the journal at ``path`` until it holds ``shoes`` shoes; return the rows it holds.

    Each copy's times are ``minutes_per_shoe`` later than the one before. ``pruned_events``: as a station long at
    the table keeps it, each copy's decisions list events of their own (shoe 1's, renumbered) and a last chained
    ``events_pruned`` note records every event pruned after its retention (the outbox is then empty); else the
    copies list none and the outbox keeps shoe 1's.
    """
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT seq, ts, kind, mark, body FROM journal ORDER BY seq").fetchall()
    start = next(s for s, _, kind, mark, body in rows if kind == "decision" and ",shoe_started," in mark)
    first = int(_INPUT.search(next(b for s, _, _, _, b in rows if s == start)).group(1))
    ends = [s for s, _, kind, mark, _ in rows if kind == "decision" and ",shoe_ended," in mark]
    template = [r for r in rows if first <= r[0] <= min(ends)]   # shoe 1's rows
    end = max(ends)   # the last shoe's end: the copies go on from it
    have = sum(1 for _, _, kind, mark, _ in rows if kind == "decision" and ",shoe_started," in mark)
    conn.execute("DROP TRIGGER IF EXISTS journal_no_update")
    conn.execute("DROP TRIGGER IF EXISTS journal_no_delete")
    conn.execute("DELETE FROM journal WHERE seq > ?", (end,))   # the stop after the shoe: the copies go on from it
    conn.execute("DELETE FROM outbox WHERE json_extract(payload, '$.journal_seq') > ?", (end,))
    (seq, prev), = conn.execute("SELECT seq, hash FROM journal WHERE seq = ?", (end,))
    width = len(template)
    listed = [int(i) for _, _, _, _, body in template for m in _EVENTS.finditer(body)
              for i in re.findall(r"\[(\d+),", m.group(0))]
    per_shoe = max(listed) - min(listed) + 1 if listed else 0
    batch = []
    for copy in range(have + 1, shoes + 1):
        offset = seq + 1 - first
        shoe_id = f"S{copy:04d}"
        for old, ts, kind, mark, body in template:
            new = old + offset
            text = body.replace('"shoe":1,', f'"shoe":{copy},').replace('"shoe":1}', f'"shoe":{copy}}}')
            text = text.replace("S0001", shoe_id)
            text = _INPUT.sub(lambda m, o=offset: f'"input":{int(m.group(1)) + o}', text)
            if pruned_events:
                text = _EVENTS.sub(lambda m, k=(copy - 1) * per_shoe: _renumbered(m.group(0), k), text)
            else:
                text = _EVENTS.sub('"events":[]', text)
            later = minutes_per_shoe * (copy - 1)
            text = _TS.sub(lambda m, k=later: f'"ts":"{_later(m.group(1), k)}"', text)
            stamp = _later(ts, later)
            digest = row_hash(new, stamp, kind, mark, text, prev)
            batch.append((new, stamp, kind, mark, text, prev, digest))
            prev = digest
        seq += width
        if len(batch) > 50_000:
            conn.executemany("INSERT INTO journal VALUES (?, ?, ?, ?, ?, ?, ?)", batch)
            batch = []
    conn.executemany("INSERT INTO journal VALUES (?, ?, ?, ?, ?, ?, ?)", batch)
    if pruned_events and per_shoe and shoes > have:
        (count,) = conn.execute("SELECT COUNT(*) FROM outbox").fetchone()
        through = max(listed) + (shoes - 1) * per_shoe
        body = canonical({"kind": "events_pruned", "through": through, "count": count, "before": stamp,
                          "table_id": "T1", "ts": stamp})
        seq += 1
        conn.execute("INSERT INTO journal VALUES (?, ?, ?, ?, ?, ?, ?)",
                     (seq, stamp, "note", ",events_pruned,", body, prev,
                      row_hash(seq, stamp, "note", ",events_pruned,", body, prev)))
        conn.execute("DELETE FROM outbox")
    conn.commit()
    conn.close()
    from dealer_station.journal import Journal

    Journal(path).close()   # the append-only triggers again
    return seq


def acknowledged_shoes(path: Path, shoes: int) -> Path:
    """A journal of ``shoes`` shoes at ``path`` (shoe 1 dealt, the rest copies) whose every event the broker
    acknowledged, checkpointed into one file (a test may copy it whole); returns ``path``.
    """
    deal_one_shoe(path)
    grow(path, shoes)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE outbox SET published_utc = '2020-01-01T00:00:00Z'")
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path
