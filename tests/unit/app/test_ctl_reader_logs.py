"""The shoe reader thread's log lines name the table.

A station runs on the simulator with a fault that unplugs the shoe: the port is opened (on the
calling thread), the link is lost, the reader tries again and reconnects (on the reader thread), the
simulator replugs (on a timer thread). Every line the drivers write must carry the station's table
id; before, only lines written on the controller's thread after its first input did.
"""

from __future__ import annotations

import json

from tests.conftest import run_cli


def test_reader_thread_log_lines_carry_the_table_id(tmp_path):
    proc = run_cli("run", "--headless", "--shoe", "sim?seed=1&disconnect_at=5&replug_after=0.3", "--auto",
                   "--shoes", "1", "--journal", str(tmp_path / "j.sqlite"), "--idle-exit", "2",
                   "--table-id", "TX9", "--log-level", "INFO", timeout=120)
    lines = [json.loads(x) for x in proc.stderr.splitlines() if x.startswith("{")]
    drivers = [x for x in lines if str(x.get("logger", "")).startswith("drivers.")]
    events = [x["event"] for x in drivers]
    for wanted in ("shoe_port_open", "shoe_connection_lost", "shoe_reconnect_failed", "sim_shoe_replugged",
                   "shoe_reconnected"):
        assert wanted in events, (wanted, proc.stderr[-3000:])
    assert events.count("shoe_port_open") >= 2   # the first open and the reopen after the loss
    missing = [x for x in drivers if x.get("table_id") != "TX9"]
    assert missing == [], missing


def test_a_bad_log_context_does_not_keep_the_shoe_from_opening():
    from drivers.codecs import make_codec
    from drivers.simulator import SimulatedShoe

    shoe = SimulatedShoe(make_codec("lines"), tokens=["AS"])
    shoe.log_context = ["not", "a", "mapping"]  # type: ignore[assignment]
    got: list = []
    shoe.start(got.append)
    try:
        assert shoe.wait_connected(2)
    finally:
        shoe.stop()
    assert type(got[0]).__name__ == "Connected"
