"""The journal audit behind ``dealer-station journal replay``: a station's recorded inputs re-run on a
fresh controller, every decision compared with the recorded one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from dealer_station.app.accounts import AuthError
from dealer_station.app.config import StationConfig
from dealer_station.app.controller import ActRefused, Controller
from dealer_station.app.replay.player import RecordedAuthority, dealer_act
from dealer_station.app.replay.session import EPOCH, _parse_time
from dealer_station.app.shoe_inputs import shoe_frame
from dealer_station.domain.acts import InputKind, LinkEvent
from dealer_station.domain.inputs import (
    DealerInput,
    FrameInput,
    JournalFailed,
    JournalResumed,
    LineNoise,
    LinkInput,
    PublisherRefusal,
    StopInput,
    SupervisorInput,
    TimerInput,
)
from dealer_station.domain.status import TableStatusCode
from dealer_station.journal import Journal, MemoryJournal
from dealer_station.journal.codec import decode_input
from drivers.frames import ConnectionLost
from drivers.sessions import link_event

__all__ = ["AuditReport", "audit_journal"]

@dataclass
class AuditReport:
    """Result of :func:`audit_journal`: ``ok``, inputs re-run, decisions compared, the first difference."""

    ok: bool
    inputs: int = 0
    decisions: int = 0
    rows: int = 0
    first_difference: str | None = None

    @property
    def message(self) -> str:
        """One line for people."""
        if self.ok:
            return (f"{self.inputs} inputs re-run on a fresh controller: all {self.decisions} decisions and "
                    f"results identical")
        return f"DIFFERENT: {self.first_difference}"


def _feed(controller: Controller, body: dict) -> None:
    """Give one recorded input (its journal body, read through :func:`~dealer_station.journal.codec.decode_input`)
    to a controller through its public inputs. Raises ValueError if it cannot.
    """
    inp = decode_input(body)
    if isinstance(inp, FrameInput):
        controller.shoe_event(shoe_frame(inp))
    elif isinstance(inp, LinkInput) and inp.event == LinkEvent.CLOSED:  # the stopping station's reader closing
        controller.begin_stop()
        try:
            controller.shoe_event(ConnectionLost(str(inp.detail or "") or None))
        finally:
            controller.begin_stop(False)
    elif isinstance(inp, LinkInput):
        controller.shoe_event(link_event(body))
    elif isinstance(inp, StopInput):
        controller.stop(str(inp.why or ""))
    elif isinstance(inp, (JournalFailed, JournalResumed)):
        controller.recorded_journal_event(body)
    elif isinstance(inp, LineNoise):   # what the station's noise watch decided (the noise itself is a note)
        controller.recorded_line_noise(body)
    elif isinstance(inp, DealerInput):
        try:
            dealer_act(controller, str(inp.act), dict(inp.args or {}))
        except (ActRefused, AuthError):
            pass  # journaled and decided: compared like any other decision
    elif isinstance(inp, TimerInput):
        controller.tick(expired=True)  # the table's monotonic clock decided it; the row's ts is only a stamp
    elif isinstance(inp, PublisherRefusal) and inp.act == "event_refused":   # the publisher refused an event
        controller.event_refused(int(inp.event_id or 0), str(inp.problem or ""))
    elif isinstance(inp, SupervisorInput):
        try:
            controller.supervisor(str(inp.act), user=str(inp.user or ""), pin="", reason=str(inp.reason or ""),
                                  note=str(inp.note or ""), **dict(inp.args or {}))
        except (ActRefused, AuthError):
            pass
    else:
        raise ValueError(f"input kind {body.get('kind')!r} is not a table input")


def _first_diff(recorded: object, rerun: object, path: str = "") -> str:
    """Where two JSON values first differ, as ``path: recorded X, re-run Y``."""
    if isinstance(recorded, dict) and isinstance(rerun, dict):
        for key in list(recorded) + [k for k in rerun if k not in recorded]:
            if recorded.get(key, "<absent>") != rerun.get(key, "<absent>"):
                return _first_diff(recorded.get(key, "<absent>"), rerun.get(key, "<absent>"), f"{path}.{key}")
    if isinstance(recorded, list) and isinstance(rerun, list):
        for index, (a, b) in enumerate(zip(recorded, rerun, strict=False)):
            if a != b:
                return _first_diff(a, b, f"{path}[{index}]")
        if len(recorded) != len(rerun):
            n = min(len(recorded), len(rerun))
            longer, who = (recorded, "recorded only") if len(recorded) > n else (rerun, "re-run only")
            return (f"{path}: recorded {len(recorded)} items, re-run {len(rerun)}; {who}: "
                    f"{json.dumps(longer[n])[:200]}")
    return f"{path or 'value'}: recorded {json.dumps(recorded)[:200]}, re-run {json.dumps(rerun)[:200]}"


def _older_stop(body: dict, recorded: dict, rerun: dict) -> bool:
    """True for a stop decided by the rule of journals made before every stop told the platform the table is
    closed: where the status was ``closed`` already (no shoe yet) the recorded decision has no ``table_status``,
    the re-run's ends in one (``closed``); everything else is the same.
    """
    if body.get("kind") != "stop":
        return False
    outputs = rerun.get("outputs")
    if not isinstance(outputs, list) or not outputs:
        return False
    last = outputs[-1]
    if not (isinstance(last, list) and len(last) == 2 and last[0] == "table_status"
            and isinstance(last[1], dict) and last[1].get("status") == TableStatusCode.CLOSED):
        return False
    return recorded == {**rerun, "outputs": outputs[:-1]}


def _describe(body: dict) -> str:
    kind = body.get("kind")
    if kind == InputKind.FRAME:
        what = body.get("token") or body.get("reason") or ""
        return f"frame {body.get('frame')} {what}".strip()
    if kind in (InputKind.DEALER, InputKind.SUPERVISOR, InputKind.TIMER):
        return f"{kind} {body.get('act')}"
    if kind == InputKind.LINK:
        return f"link {body.get('event')}"
    return str(kind)


def audit_journal(journal: Journal, config: StationConfig, *,
                  edge_monitor: Callable[..., list[dict]] | None = None) -> AuditReport:
    """Re-run a station's recorded inputs on a fresh controller (a MemoryJournal) and compare.

    A journal re-run is an audit of determinism. The hash chain is verified first
    (a changed row that was not re-hashed is named there). Then every ``input`` row (frames, link
    events, dealer, timer and supervisor acts) is given to a fresh
    :class:`~dealer_station.app.controller.Controller` through its public inputs, with the clock set
    to the row's recorded time (even when it goes back: the station's wall clock stepped) and the
    recorded supervisor accepted (:class:`RecordedAuthority`); a recorded ``timer`` input closes betting
    where it stands (the window ran out on the station's monotonic clock, which the rows do not record); the
    input it journals and the decision it takes (state, shoe, round, every output: cards,
    results, incidents, platform-relevant facts) must equal the recorded ones.

    Parameters
    ----------
    journal:
        The station's journal (opened read-only is enough).
    config:
        The station configuration the journal was made with (rule settings change decisions).
    edge_monitor:
        The station's edge monitor, if it ran one (its ``player_edge`` outputs are decisions too).

    Returns an :class:`AuditReport` naming the first difference. Raises JournalError if the
    journal cannot be read.
    """
    chain = journal.verify()
    if not chain.ok:
        return AuditReport(False, rows=chain.rows, first_difference=f"hash chain broken: {chain.message}")
    rows = list(journal.rows(kinds=("input", "decision")))
    decided = {int(r.body.get("input", 0)): r for r in rows if r.kind == "decision"}
    fresh = MemoryJournal()
    clock = [EPOCH]
    # watch_noise=False: each recorded frame is re-run as the input it was (the noise watch's own decisions are
    # recorded as noise inputs, and a journal of an older station has its garbage frames as inputs)
    controller = Controller(config, fresh, accounts=RecordedAuthority(), clock=lambda: clock[0],  # type: ignore[arg-type]
                            edge_monitor=edge_monitor, monotonic=lambda: clock[0].timestamp(), watch_noise=False)
    report = AuditReport(True, rows=chain.rows)
    try:
        for row in rows:
            if row.kind != "input":
                continue
            report.inputs += 1
            where = f"input row {row.seq} ({_describe(row.body)}, {row.ts})"
            moment = _parse_time(row.ts)
            if moment is None:
                return _differs(report, f"{where}: its time {row.ts!r} is not an ISO time")
            clock[0] = moment  # the recorded stamp, as it was: a wall clock that stepped back is no difference
            before = fresh.last_seq
            try:
                _feed(controller, row.body)
            except (ValueError, TypeError) as err:
                return _differs(report, f"{where}: cannot be given to a controller: {err}")
            new = list(fresh.rows(after=before, kinds=("input", "decision")))
            fed = next((r for r in new if r.kind == "input"), None)
            decision = next((r for r in new if r.kind == "decision"), None)
            if fed is None:
                return _differs(report, f"{where}: the re-run took no input (the controller refused it)")
            if fed.body != row.body:
                return _differs(report, f"{where}: re-fed as a different input: "
                                        f"{_first_diff(row.body, fed.body, 'input')}")
            recorded = decided.get(row.seq)
            if recorded is None:
                return _differs(report, f"{where}: the journal has no decision for it")
            if decision is None:
                return _differs(report, f"{where}: the re-run took no decision")
            # "events" (the digests of its outbox events) was checked against the outbox by verify; the
            # re-run keeps no outbox, so its rows list none
            want = {k: v for k, v in recorded.body.items() if k not in ("input", "events")}
            got = {k: v for k, v in decision.body.items() if k not in ("input", "events")}
            report.decisions += 1
            if want != got and not _older_stop(row.body, want, got):
                return _differs(report, f"{where}: decision row {recorded.seq} differs: {_first_diff(want, got)}")
        extra = sorted(set(decided) - {r.seq for r in rows if r.kind == "input"})
        if extra:
            return _differs(report, f"decision rows for inputs that are not in the journal: {extra[:5]}")
    finally:
        fresh.close()
    return report


def _differs(report: AuditReport, why: str) -> AuditReport:
    report.ok = False
    report.first_difference = why
    return report
