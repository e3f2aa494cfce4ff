"""Syncs of the journal's file per journaled input: `simulate` and `replay` onto a journal on disk, under strace.

Each input row is committed without waiting for the disk and its decision row durably (Journal.append
``durable``): one fdatasync a card, with the notes and the write-ahead log's checkpoints on top. Prints the figure
for each command and the limit (1.05). Needs strace (Debian package strace). Run: python bench/bench_syncs.py
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 1.05


def syncs_per_input(args: list[str], db: Path) -> tuple[int, int]:
    """Run ``python -m dealer_station ARGS`` under strace; return (fdatasync + fsync calls, input rows)."""
    counts = db.with_suffix(".strace")
    subprocess.run(["strace", "-f", "-c", "-e", "trace=fdatasync,fsync", "-o", str(counts), sys.executable, "-m",
                    "dealer_station", *args], check=True, capture_output=True, cwd=ROOT,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    syncs = sum(int(m.group(1)) for m in re.finditer(
        r"^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?f(?:data)?sync$", counts.read_text(), re.M))
    with sqlite3.connect(db) as conn:
        (inputs,) = conn.execute("SELECT COUNT(*) FROM journal WHERE kind = 'input'").fetchone()
    return syncs, inputs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shoes", type=int, default=3, help="shoes to simulate (default 3)")
    opts = parser.parse_args()
    if shutil.which("strace") is None:
        print("strace is not installed (apt-get install strace)")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        sim = work / "simulate.db"
        syncs, inputs = syncs_per_input(["simulate", "--shoes", str(opts.shoes), "--seed", "1", "--journal",
                                         str(sim)], sim)
        print(f"simulate, {opts.shoes} shoes: {syncs} syncs for {inputs} inputs = {syncs / inputs:.3f} a journaled "
              f"input (limit {LIMIT})")
        export = work / "shoes.jsonl"
        subprocess.run([sys.executable, "-m", "dealer_station", "journal", "export", str(sim), "--output", str(export)],
                       check=True, capture_output=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
        rep = work / "replay.db"
        syncs, inputs = syncs_per_input(["replay", "--fast", "--journal", str(rep), str(export)], rep)
        print(f"replay of that journal's export: {syncs} syncs for {inputs} inputs = {syncs / inputs:.3f} a "
              f"journaled input (limit {LIMIT})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
