"""Signing benchmark: what an Ed25519 signature costs per event, on the station and on the platform.

1. Station: ``sign_object`` of a typical event envelope (canonical text + Ed25519 sign), µs per event.
2. Platform: ``TrustStore.problem`` of the signed event (canonical text + Ed25519 verify), µs per event.
3. The journal: ``Journal.append`` of a decision row with two events, signed against unsigned, in one run:
   with ``synchronous=OFF`` (the CPU alone) and ``FULL`` (as the station runs: a durable commit per row).
   The ratio signed / unsigned is the cost a station pays (aim: under 5 % with ``FULL``).

Usage: python bench/bench_signing.py [--events N] [--rows N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dealer_station import outbox  # noqa: E402
from dealer_station.journal import EventSpec, Journal  # noqa: E402
from dealer_station.signing import Signer, TrustStore, public_pem, sign_object  # noqa: E402

TS = "2026-12-02T10:00:00.000000Z"


def envelope(i: int) -> dict:
    env = outbox.envelope(i, "round_result", table_id="T1", ts=TS, shoe_id="T1-S0001", round_id="T1-S0001-R012",
                          data={"round_number": 12, "winner": "banker", "player": ["AS", "9D"],
                                "banker": ["KH", "TD", "8H"], "player_total": 0, "banker_total": 8,
                                "natural": False, "status": "completed"})
    return {**env, "journal_seq": 1000 + i, "journal_hash": "ab" * 32}


def per_event(fn, n: int) -> float:
    t0 = time.perf_counter()
    for i in range(n):
        fn(i)
    return (time.perf_counter() - t0) / n * 1e6


def appends(path: str, rows: int, synchronous: str, signer: Signer | None) -> float:
    """Seconds per row for ``rows`` decision rows of two events each."""
    journal = Journal(path, synchronous=synchronous, signer=signer)
    events = [EventSpec("card_dealt", {"round_number": 1, "position": "player1", "card": "AS", "manual": False},
                        "T1-S0001", "T1-S0001-R001"),
              EventSpec("table_status", {"status": "open", "state": "dealing"}, "T1-S0001")]
    t0 = time.perf_counter()
    for i in range(rows):
        journal.append("decision", {"input": i, "outputs": []}, TS, events=events, table_id="T1")
    elapsed = time.perf_counter() - t0
    journal.close()
    return elapsed / rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=5000, help="events signed and checked (default 5000)")
    parser.add_argument("--rows", type=int, default=2000, help="journal rows per append run (default 2000)")
    args = parser.parse_args()
    signer = Signer.generate()
    with tempfile.TemporaryDirectory(prefix="bench-signing-") as tmp:
        d = Path(tmp)
        (d / "T1.pub").write_text(public_pem(signer.public_key))
        trust = TrustStore(d)
        signed = [sign_object(envelope(i), signer) for i in range(args.events)]
        sign_us = per_event(lambda i: sign_object(envelope(i), signer), args.events)
        bare_us = per_event(lambda i: envelope(i), args.events)
        check_us = per_event(lambda i: trust.problem("T1", signed[i]), args.events)
        assert all(trust.problem("T1", e) is None for e in signed[:10])
        print(f"station: sign one event {sign_us - bare_us:.1f} µs (building the envelope alone {bare_us:.1f} µs)")
        print(f"platform: check one event {check_us:.1f} µs")
        for sync, rows in (("OFF", args.rows), ("FULL", max(200, args.rows // 4))):
            results = {}
            for run in range(2):   # interleaved, twice: the machine's drift shows as the two runs differing
                for name, key in (("unsigned", None), ("signed", signer)):
                    took = appends(str(d / f"j-{sync}-{name}-{run}.sqlite"), rows, sync, key)
                    results.setdefault(name, []).append(took)
            plain, with_key = min(results["unsigned"]), min(results["signed"])
            print(f"journal append, synchronous={sync}: unsigned {plain * 1e6:.0f} µs/row, signed "
                  f"{with_key * 1e6:.0f} µs/row: x{with_key / plain:.3f} (two events a row)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
