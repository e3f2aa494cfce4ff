"""Reports for the pit and the regulator: statistics of a journal's rounds by table, shoe and dealer.

Everything is counted from the journal alone (:func:`dealer_station.app.record_fold.fold_journal`), so a
report is as trustworthy as the journal's hash chain: the command verifies the chain first and every
report says to which row it was verified (docs/reports.md). UKGC RTS 17 asks for game logs "collated
into statistics analysable for trends by game performance, staff, location": the groups here are
(table, shoe, dealer), and a report shows them by shoe (default) or by dealer.

Definitions (docs/reports.md "What the numbers mean")
    rounds
        Finished rounds (completed and voided) whose betting opened in the period; a round still being
        dealt on a running station is counted under ``in_progress`` only.
    banker / player / tie and their ``_pct``
        Completed rounds won by each, and their share of completed rounds in percent (2 decimals).
    pairs and naturals
        Completed rounds with a player pair, a banker pair, a player natural, a banker natural; ``naturals``
        rounds where either hand had one.
    cards, misreads, misreads_per_1000_cards
        ``cards``: card frames the table took (dealt, burned, the burn indicator, held or refused by an
        incident); ``misreads``: No-Reads and unknown card codes; per 1,000 cards = misreads × 1000 / cards
        (2 decimals; None without cards). The burn and what happened between rounds count with the shoe's
        previous round (the next one for the burn), so by dealer they go to who dealt then.
    incidents
        Incidents that paused the table, and those recorded while it was already paused, by what each was
        (:attr:`~dealer_station.app.records.IncidentRecord.kind`: its type, ``dealer_call`` for a dealer's call
        for the supervisor, which the journal records as a ``procedure_violation`` of reason ``dealer_call``).
    round_seconds
        First card scan → confirmation of each completed round, seconds: p50, p90 (nearest rank) and max.
        The times are the journal's (the wall clock): a round whose confirmation is stamped before its first
        card (the clock was stepped back) is left out and counted in ``clock_stepped_back``.
    rounds_per_hour
        rounds × 3600 / the time the rounds took, where a round takes from the end of the shoe's previous
        round (its betting opening for a shoe's first round) to its own end: the time between rounds counts,
        a shoe change does not.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from dealer_station.app.clock import parse_time, seconds_between
from dealer_station.app.record_words import incident_kind_words, incident_words, reason_words, resolution_words
from dealer_station.app.records import UNKNOWN_DEALER, IncidentRecord, JournalHistory, RoundHistory, Scan, ShoeHistory
from dealer_station.app.words import code_words, seconds_words, time_words
from dealer_station.domain.roads import compute_roads

__all__ = ["BY", "CSV_COLUMNS", "Group", "Report", "build_report", "percentile", "report_csv", "report_html",
           "report_json", "report_text", "road_marks", "summary_lines"]

CSV_COLUMNS = (
    "table", "shoe", "dealer", "rounds", "completed", "voided", "in_progress", "banker", "player", "tie",
    "banker_pct", "player_pct", "tie_pct", "player_pair", "banker_pair", "player_natural", "banker_natural",
    "naturals", "cards", "misreads", "misreads_per_1000_cards", "manual_cards", "incidents", "incidents_by_type",
    "voids_by_reason", "rounds_per_hour", "round_p50_s", "round_p90_s", "round_max_s", "first_round_at",
    "last_round_at", "journal_verified_to_seq",
)
"""The columns of ``report --csv``, one row per (table, shoe, dealer) group (docs/reports.md)."""


@dataclass
class Group:
    """What one (table, shoe, dealer) group — or a block or total of them — holds."""

    rounds: list[RoundHistory] = field(default_factory=list)
    scans: list[Scan] = field(default_factory=list)
    incidents: list[IncidentRecord] = field(default_factory=list)
    cycles: list[float] = field(default_factory=list)
    misreads_known: bool = True
    """False when some of the rounds come from platform events that do not tell a rescanned No-Read (a station
    before ``card_misread``: :attr:`JournalHistory.misreads_unknown`): ``misreads`` and ``misreads_per_1000_cards``
    are then None (unknown), never a count that looks whole."""

    def add(self, other: "Group") -> None:
        """Add ``other``'s rounds, scans, incidents and cycle times (misreads are known when both knew them)."""
        self.misreads_known = self.misreads_known and other.misreads_known
        self.rounds += other.rounds
        self.scans += other.scans
        self.incidents += other.incidents
        self.cycles += other.cycles

    def stats(self) -> dict:
        """The group's numbers (module docstring)."""
        finished = [r for r in self.rounds if r.status in ("completed", "voided")]
        completed = [r for r in finished if r.status == "completed"]
        winners = Counter(str(r.result.winner or "") for r in completed if r.result)
        flags = [r.result.flags for r in completed if r.result]
        measured = [d for d in (r.duration_seconds for r in completed) if d is not None]
        durations = sorted(d for d in measured if d >= 0)   # below 0: the wall clock was stepped back
        cards = sum(s.frame == "card" and not s.misread for s in self.scans)
        misreads = sum(s.misread for s in self.scans)
        voids = Counter(str(r.result.reason or "none") for r in finished if r.status == "voided" and r.result)
        cycle = sum(self.cycles)
        return {
            "rounds": len(finished), "completed": len(completed), "voided": len(finished) - len(completed),
            "in_progress": sum(r.status == "in_progress" for r in self.rounds),
            "banker": winners["banker"], "player": winners["player"], "tie": winners["tie"],
            "banker_pct": _pct(winners["banker"], len(completed)),
            "player_pct": _pct(winners["player"], len(completed)),
            "tie_pct": _pct(winners["tie"], len(completed)),
            "player_pair": sum(bool(f.get("player_pair")) for f in flags),
            "banker_pair": sum(bool(f.get("banker_pair")) for f in flags),
            "player_natural": sum(bool(f.get("player_natural")) for f in flags),
            "banker_natural": sum(bool(f.get("banker_natural")) for f in flags),
            "naturals": sum(bool(f.get("player_natural") or f.get("banker_natural")) for f in flags),
            "cards": cards, "misreads": misreads if self.misreads_known else None,
            "misreads_per_1000_cards": round(misreads * 1000 / cards, 2) if cards and self.misreads_known else None,
            "manual_cards": sum(len(r.manual) for r in self.rounds),
            "incidents": len(self.incidents),
            "incidents_by_type": dict(sorted(Counter(i.kind for i in self.incidents).items())),
            "voids_by_reason": dict(sorted(voids.items())),
            "voids": [{"round_id": r.round_id, "reason": r.result.reason if r.result else None,
                       "note": r.result.note if r.result else None, "by": _void_user(r), "at": r.ended_at}
                      for r in finished if r.status == "voided"],
            "rounds_per_hour": round(len(finished) * 3600 / cycle, 2) if cycle > 0 else None,
            "round_seconds": {"count": len(durations), "clock_stepped_back": len(measured) - len(durations),
                              "p50": percentile(durations, 50),
                              "p90": percentile(durations, 90), "max": durations[-1] if durations else None},
            "first_round_at": min((r.opened_at for r in finished if r.opened_at), default=None),
            "last_round_at": max((r.ended_at for r in finished if r.ended_at), default=None),
        }


def _void_user(rnd: RoundHistory) -> str | None:
    for act in rnd.acts:
        if act.act in ("void_round", "end_shoe") and act.outcome == "done":
            return act.user
    return None


def _pct(part: int, whole: int) -> float | None:
    return round(part * 100 / whole, 2) if whole else None


def percentile(values: list[float], p: float) -> float | None:
    """The ``p``-th percentile (0 < p ≤ 100) of sorted ``values`` by nearest rank; None when empty.

    Nearest rank: the value at rank ``ceil(p / 100 × n)`` (1-based), so it is always one of the values.
    """
    if not values:
        return None
    rank = max(1, math.ceil(p / 100 * len(values)))
    return values[min(rank, len(values)) - 1]


@dataclass
class Report:
    """A built report: the groups by (table, shoe, dealer), the blocks shown, the total, and what it covers."""

    table_id: str
    by: str
    groups: dict[tuple[str, int, str], Group]
    blocks: list[tuple[str, Group]]
    total: Group
    shoes: dict[tuple[str, int], list[RoundHistory]]
    """Each shoe's rounds in the report, by ``(table_id, shoe number)``."""
    verified_to_seq: int | None
    verify_message: str
    journal: str = ""
    shoe: int | None = None
    start: datetime | None = None
    end: datetime | None = None
    shoe_records: list[ShoeHistory] = field(default_factory=list)
    """The shoes in the report: start, end and why, burn, cut card."""
    incident_rows: list[tuple[str, IncidentRecord]] = field(default_factory=list)
    """Every incident counted with where it happened (``T1-S0001-R002``, or ``shoe 1, outside a round``)."""
    tables: list[str] = field(default_factory=list)
    """The tables reported, in order (one for a station's journal; a ledger's may hold many)."""
    source: str = "journal"
    """``"journal"`` (a station's) or ``"ledger"`` (the platform's events): what the first line says."""


def _in_period(ts: str | None, start: datetime | None, end: datetime | None) -> bool:
    if start is None and end is None:
        return True
    if not ts:
        return False
    try:
        moment = parse_time(ts)
    except ValueError:
        return False
    return (start is None or moment >= start) and (end is None or moment < end)


BY = ("shoe", "dealer", "table", "day")
"""The blocks a report can show: one per shoe (of each table), dealer, table, or UTC day (of the round's opening)."""


def build_report(history: JournalHistory | Sequence[JournalHistory], *, shoe: int | None = None,
                 start: datetime | None = None, end: datetime | None = None, by: str = "shoe",
                 verified_to_seq: int | None = None, verify_message: str = "", journal: str = "",
                 misreads_known: bool = True, source: str = "journal") -> Report:
    """Count folded journals' rounds into (table, shoe, dealer) groups.

    Parameters
    ----------
    history:
        The folded journal (:func:`~dealer_station.app.record_fold.fold_journal`), or several tables' (a ledger's
        events folded by :func:`dealer_station.platform.ledger_records.fold_events`).
    shoe:
        Only this shoe's rounds (of every table).
    start, end:
        Only rounds whose betting opened at or after ``start`` and before ``end`` (aware UTC datetimes);
        what happened outside rounds counts when its own time is in the period.
    by:
        One of :data:`BY`: a block per shoe (default), dealer, table or UTC day.
    verified_to_seq, verify_message:
        What the chain's verification said (shown in every output).
    misreads_known:
        False: misreads are unknown in every group (:attr:`Group.misreads_known`); besides, a history's
        ``misreads_unknown`` shoes make unknown the groups they count in.
    source:
        ``"journal"``, or ``"ledger"``: what ``journal`` names and the first line says.

    Raises
    ------
    ValueError
        For ``by`` not in :data:`BY`.
    """
    if by not in BY:
        raise ValueError(f"by {by!r}: allowed {', '.join(BY)}")
    histories = [history] if isinstance(history, JournalHistory) else list(history)
    several = len(histories) > 1
    groups: dict[tuple[str, int, str], Group] = {}
    shoes: dict[tuple[str, int], list[RoundHistory]] = {}
    where: list[tuple[str, IncidentRecord]] = []
    days: dict[str, Group] = {}

    def day(ts: str | None) -> Group:
        return days.setdefault((ts or "")[:10] or "no date", Group())

    for h in histories:
        table = h.table_id
        untold = frozenset(h.misreads_unknown)

        def group(shoe_number: int, dealer: str, table: str = table) -> Group:
            return groups.setdefault((table, shoe_number, dealer), Group())

        by_shoe: dict[int, list[RoundHistory]] = {}
        for rnd in h.rounds:
            by_shoe.setdefault(rnd.shoe, []).append(rnd)
        for number, rounds in sorted(by_shoe.items()):
            if shoe is not None and number != shoe:
                continue
            previous_end: str | None = None
            for rnd in rounds:
                cycle = seconds_between(previous_end or rnd.opened_at, rnd.ended_at)
                if rnd.ended_at:
                    previous_end = rnd.ended_at
                if not _in_period(rnd.opened_at, start, end):
                    continue
                for g in (group(number, rnd.dealer_name), day(rnd.opened_at)):
                    g.misreads_known = g.misreads_known and number not in untold
                    g.rounds.append(rnd)
                    g.scans += rnd.scans
                    g.incidents += rnd.incidents
                    if cycle is not None and rnd.status in ("completed", "voided") and cycle > 0:
                        g.cycles.append(cycle)
                where += [(rnd.round_id, i) for i in rnd.incidents]
                shoes.setdefault((table, number), []).append(rnd)
        for shoe_history in h.shoes:
            if shoe is not None and shoe_history.shoe != shoe:
                continue
            rounds = by_shoe.get(shoe_history.shoe, [])
            for item in (*shoe_history.scans, *shoe_history.incidents):
                if not _in_period(item.ts, start, end):
                    continue
                for g in (group(shoe_history.shoe, _dealer_at(rounds, item.seq)), day(item.ts)):
                    g.misreads_known = g.misreads_known and shoe_history.shoe not in untold
                    if isinstance(item, Scan):
                        g.scans.append(item)
                    else:
                        g.incidents.append(item)
                if not isinstance(item, Scan):
                    place = f"shoe {shoe_history.shoe}, outside a round"
                    where.append((f"table {table} {place}" if several else place, item))
    total = Group()
    blocks: dict[str, Group] = {}
    for (t, number, dealer), g in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2])):
        total.add(g)
        name = {"dealer": dealer, "table": t, "day": ""}[by] if by != "shoe" else \
            (f"{t} shoe {number}" if several else f"shoe {number}")
        if by != "day":
            blocks.setdefault(name, Group()).add(g)
    if by == "day":
        blocks = dict(sorted(days.items()))
    block_list = sorted(blocks.items(), key=lambda kv: (kv[0] == UNKNOWN_DEALER, kv[0])) if by == "dealer" \
        else list(blocks.items())
    if not misreads_known:
        for g in (total, *groups.values(), *blocks.values()):
            g.misreads_known = False
    return Report(", ".join(h.table_id for h in histories), by, groups, block_list, total, shoes, verified_to_seq,
                  verify_message, journal, shoe, start, end,
                  [s for h in histories for s in h.shoes if (h.table_id, s.shoe) in shoes],
                  sorted(where, key=lambda pair: (pair[1].ts, pair[1].seq) if several else pair[1].seq),
                  [h.table_id for h in histories], source)


def _dealer_at(rounds: list[RoundHistory], seq: int) -> str:
    """Who dealt at row ``seq`` outside a round: the dealer of the shoe's last round begun before it, else of
    its first round (the burn comes before round 1), else unknown.
    """
    before = [r for r in rounds if _first_seq(r) < seq]
    if before:
        return before[-1].dealer_name
    return rounds[0].dealer_name if rounds else UNKNOWN_DEALER


def _first_seq(rnd: RoundHistory) -> int:
    seqs = [a.seq for a in rnd.acts] + [s.seq for s in rnd.scans] + [c.seq for c in rnd.cards]
    return min(seqs) if seqs else 0


# --------------------------------------------------------------------------------------------------
# Outputs
# --------------------------------------------------------------------------------------------------


def _period(report: Report) -> dict:
    return {"shoe": report.shoe, "from": report.start.isoformat().replace("+00:00", "Z") if report.start else None,
            "to": report.end.isoformat().replace("+00:00", "Z") if report.end else None, "by": report.by}


def report_json(report: Report) -> dict:
    """The report as one JSON document: verification, filter, total, blocks and every group."""
    return {
        "journal": report.journal, "table_id": report.table_id,
        "verified": report.verified_to_seq is not None, "verified_to_seq": report.verified_to_seq,
        "verify_message": report.verify_message, "filter": _period(report),
        "total": report.total.stats(),
        "shoes": [{"table": h.table_id, "shoe": h.shoe, "started_at": h.started_at, "ended_at": h.ended_at,
                   "end_reason": h.end_reason,
                   "burn_indicator": h.burn_indicator, "burned": h.burned, "cut_card_round": h.cut_card_round,
                   "rounds": len(report.shoes.get((h.table_id, h.shoe), ()))} for h in report.shoe_records],
        "blocks": [{"block": name, **g.stats()} for name, g in report.blocks],
        "groups": [{"table": t, "shoe": s, "dealer": d, **g.stats()} for (t, s, d), g in report.groups.items()],
    }


def _cell(value: object) -> str:
    """A CSV or HTML cell: None empty (no value), a count by kind a JSON object (``{}`` when there is none)."""
    if value is None:
        return ""
    if isinstance(value, Mapping):
        return json.dumps(dict(value), ensure_ascii=False, separators=(",", ":"))
    return str(value)


def report_csv(report: Report) -> str:
    """One row per (table, shoe, dealer) group, columns :data:`CSV_COLUMNS` (docs/reports.md)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for (table, shoe, dealer), g in report.groups.items():
        s = g.stats()
        row = {"table": table, "shoe": shoe, "dealer": dealer, **s, "round_p50_s": s["round_seconds"]["p50"],
               "round_p90_s": s["round_seconds"]["p90"], "round_max_s": s["round_seconds"]["max"],
               "journal_verified_to_seq": report.verified_to_seq}
        writer.writerow([_cell(row.get(c)) for c in CSV_COLUMNS])
    return out.getvalue()


def summary_lines(name: str, s: dict) -> list[str]:
    """A block's numbers in plain lines (the text report)."""
    def num(v: object, unit: str = "") -> str:
        return "-" if v is None else f"{v}{unit}"

    rs = s["round_seconds"]
    lines = [f"{name}: {s['rounds']} rounds ({s['completed']} completed, {s['voided']} voided"
             + (f", {s['in_progress']} in progress" if s["in_progress"] else "") + ")",
             f"  results: banker {s['banker']} ({num(s['banker_pct'], '%')}), player {s['player']} "
             f"({num(s['player_pct'], '%')}), tie {s['tie']} ({num(s['tie_pct'], '%')})",
             f"  pairs: player {s['player_pair']}, banker {s['banker_pair']}; naturals {s['naturals']} "
             f"(player {s['player_natural']}, banker {s['banker_natural']})",
             f"  cards {s['cards']}, " + (f"misreads {s['misreads']} ({num(s['misreads_per_1000_cards'])} per 1,000 "
                                           "cards)" if s["misreads"] is not None else "misreads not in the events")
             + f", entered by hand {s['manual_cards']}",
             f"  incidents {s['incidents']}" + (f" ({_counts_words(s['incidents_by_type'], incident_kind_words)})"
                                                  if s["incidents"] else ""),
             f"  voids {s['voided']}" + (f" ({_counts_words(s['voids_by_reason'], reason_words)})"
                                          if s["voided"] else ""),
             f"  rounds per hour {num(s['rounds_per_hour'])}; a round takes (first card to confirm) "
             f"{_round_time_words(rs)}"]
    return lines


def _counts_words(counts: Mapping[str, int], words) -> str:  # noqa: ANN001 - code -> words
    """``{"dealer_call": 2, "misread_limit": 1}`` → ``"the dealer called the supervisor: 2; the shoe could not
    read the card: 1"``, the most first.
    """
    return "; ".join(f"{words(k)}: {v}" for k, v in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def _round_time_words(rs: Mapping) -> str:
    """``{"p50": 4.0, "p90": 8.0, "max": 8.0}`` → ``"median 4.0 s, 9 in 10 within 8.0 s, longest 8.0 s"``."""
    if rs["p50"] is None:
        return "no round timed"
    return f"median {seconds_words(rs['p50'])}, 9 in 10 within {seconds_words(rs['p90'])}, " \
           f"longest {seconds_words(rs['max'])}"


def report_text(report: Report) -> str:
    """The report in plain words (standard output)."""
    lines = [_verified_line(report), f"table {report.table_id}; {_filter_words(report)}", ""]
    lines += summary_lines("all", report.total.stats())
    for name, g in report.blocks:
        lines.append("")
        lines += summary_lines(_block_title(report, name), g.stats())
    return "\n".join(lines)


def _block_title(report: Report, name: str) -> str:
    """A block's title: ``shoe 2`` (``T1 shoe 2`` across tables), ``dealer sue``, ``table T1``, ``day 2026-11-30``."""
    return name if report.by == "shoe" else f"{report.by} {name}"


def _verified_line(report: Report) -> str:
    if report.source == "ledger":
        return report.verify_message if report.verified_to_seq is not None \
            else f"LEDGER NOT COMPLETE: {report.verify_message}"
    if report.verified_to_seq is None:
        return f"JOURNAL NOT VERIFIED: {report.verify_message}"
    return f"journal verified to seq {report.verified_to_seq}"


def _filter_words(report: Report) -> str:
    parts = []
    if report.shoe is not None:
        parts.append(f"shoe {report.shoe}")
    if report.start or report.end:
        parts.append(f"rounds opened from {time_words(_iso(report.start)) if report.start else 'the start'} "
                     f"to {time_words(_iso(report.end)) if report.end else 'the end'}")
    parts.append(f"by {report.by}")
    return ", ".join(parts)


def _iso(moment: datetime | None) -> str | None:
    return moment.strftime("%Y-%m-%dT%H:%M:%S.%fZ") if moment else None


def road_marks(rounds: Iterable[RoundHistory]) -> list[dict]:
    """The completed rounds' results as the roads take them (``{"winner", "player_pair", ...}``)."""
    return [{"winner": r.result.winner, **r.result.flags} for r in rounds
            if r.status == "completed" and r.result is not None and r.result.winner]


def road_columns_words(marks: list[dict]) -> str:
    """How many columns each road of a shoe fills, in words: ``"bead plate 12 columns, big road 28 columns, ..."``."""
    return ", ".join(f"{code_words(name)} {n} column{'s' if n != 1 else ''}"
                     for name, n in compute_roads(marks).columns().items())


_CSS = """body{font-family:sans-serif;margin:24px;color:#111}table{border-collapse:collapse;margin:8px 0 16px}
td,th{border:1px solid #999;padding:3px 8px;text-align:right}th{background:#eee}td.l,th.l{text-align:left}
.bad{color:#fff;background:#b00;padding:6px}.ok{color:#060}img{max-width:100%;border:1px solid #999}"""

_ROWS = (("rounds", "rounds"), ("completed", "completed"), ("voided", "voided"), ("banker", "banker wins"),
         ("banker_pct", "banker %"), ("player", "player wins"), ("player_pct", "player %"), ("tie", "ties"),
         ("tie_pct", "tie %"), ("player_pair", "player pairs"), ("banker_pair", "banker pairs"),
         ("naturals", "naturals"), ("cards", "cards"), ("misreads", "misreads"),
         ("misreads_per_1000_cards", "misreads per 1,000 cards"), ("manual_cards", "cards entered by hand"),
         ("incidents", "incidents"), ("rounds_per_hour", "rounds per hour"))


def _stats_table(blocks: list[tuple[str, dict]]) -> str:
    e = html.escape
    head = "".join(f"<th>{e(name)}</th>" for name, _ in blocks)
    rows = [f"<tr><th class=l></th>{head}</tr>"]
    for key, label in _ROWS:
        rows.append(f"<tr><td class=l>{e(label)}</td>" + "".join(
            f"<td>{e(_cell(s[key]) or '-')}</td>" for _, s in blocks) + "</tr>")
    for q, label in (("p50", "round time, median"), ("p90", "round time, 9 in 10 within"),
                     ("max", "round time, longest")):
        rows.append(f"<tr><td class=l>{label}</td>" + "".join(
            f"<td>{e(seconds_words(s['round_seconds'][q]))}</td>" for _, s in blocks) + "</tr>")
    for key, label, words in (("incidents_by_type", "incidents by type", incident_kind_words),
                              ("voids_by_reason", "voids by reason", reason_words)):
        rows.append(f"<tr><td class=l>{label}</td>" + "".join(
            f"<td class=l>{e(_counts_words(s[key], words) or '-')}</td>" for _, s in blocks) + "</tr>")
    return "<table>" + "".join(rows) + "</table>"


def report_html(report: Report, roads_png: Mapping[tuple[str, int], bytes]) -> str:
    """The report as one self-contained HTML page: numbers, voids, incidents, and each shoe's roads as a
    PNG embedded as a ``data:`` URI (``roads_png``: ``(table_id, shoe number)`` → PNG bytes). Every text is
    escaped.
    """
    e = html.escape
    total = report.total.stats()
    verified = _verified_line(report)
    parts = ["<!DOCTYPE html><html lang=en><head><meta charset=utf-8>",
             f"<title>Table {e(report.table_id)} report</title><style>{_CSS}</style></head><body>",
             f"<h1>Table {e(report.table_id)}</h1>",
             f"<p class={'ok' if report.verified_to_seq is not None else 'bad'}>{e(verified)}</p>",
             f"<p>{e(_filter_words(report))}; {report.source} {e(report.journal)}</p>",
             f"<h2>By {report.by}</h2>",
             _stats_table([("all", total)] + [(_block_title(report, n), g.stats())
                                              for n, g in report.blocks])]
    if total["voids"]:
        parts.append("<h2>Voids</h2><table><tr><th class=l>round</th><th class=l>reason</th><th class=l>note</th>"
                     "<th class=l>by</th><th class=l>at</th></tr>")
        for v in total["voids"]:
            parts.append("<tr>" + "".join(f"<td class=l>{e(_cell(x) or '-')}</td>"
                                          for x in (v["round_id"], reason_words(v["reason"]), v["note"], v["by"])) +
                         f"<td class=l>{e(time_words(v['at']))}</td></tr>")
        parts.append("</table>")
    if report.incident_rows:
        parts.append("<h2>Incidents</h2><table><tr><th class=l>at</th><th class=l>where</th><th class=l>what</th>"
                     "<th class=l>evidence</th><th class=l>resolved</th></tr>")
        for place, i in report.incident_rows:
            resolved = resolution_words(i) or "-"
            parts.append(f"<tr><td class=l>{e(time_words(i.ts))}</td><td class=l>{e(place)}</td>"
                         f"<td class=l>{e(incident_words(i))}</td>"
                         f"<td class=l>{e(i.evidence or '-')}</td><td class=l>{e(resolved)}</td></tr>")
        parts.append("</table>")
    for key in sorted(report.shoes):
        table, number = key
        parts.append(f"<h2>{'Table ' + e(table) + ' shoe' if len(report.tables) > 1 else 'Shoe'} {number} roads</h2>")
        png = roads_png.get(key)
        if png:
            data = base64.b64encode(png).decode("ascii")
            columns = e(road_columns_words(road_marks(report.shoes[key])))
            parts.append(f"<p>Every column of every road is drawn: {columns}.</p>")
            parts.append(f'<img alt="roads of shoe {number}: {columns}" src="data:image/png;base64,{data}">')
        else:
            parts.append("<p>no completed round</p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
