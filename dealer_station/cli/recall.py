"""``dealer-station recall [ROUND_ID] [--shoe N] [--journal DB | --ledger URL] [--json] [--png FILE]``: one
round's whole record for a dispute, or a list of rounds (from the platform's ledger: what its events tell).

With ROUND_ID (``T1-S0001-R007``): the cards with their positions and scan times, every No-Read and rescan,
cards entered by hand, incidents with their evidence, every act with who, reason and note, and the result
(totals in the result banner's order, flags, void reason), in plain words; ``--json`` the record as one JSON
document; ``--png FILE`` also draws it. Without ROUND_ID: one line per round (``--shoe N``: that shoe's).
The journal's chain is verified first (docs/reports.md).
"""

from __future__ import annotations

import json
import sys

from dealer_station.cli import CliError, echo
from dealer_station.cli._records import add_journal_arguments, load, shoe_of_round

NAME = "recall"
HELP = "one round's whole record for a dispute (cards, scans, incidents, acts, who), or the list of rounds"
DESCRIPTION = (
    "Print one round's whole record from the journal, in plain words: cards with positions and scan times, "
    "No-Reads and rescans, cards entered by hand, incidents, supervisor and dealer acts (who, reason, note), "
    "the result and the dealer. --json prints the record as JSON, --png FILE draws it. Without ROUND_ID it lists "
    "the rounds (of --shoe N). The journal's hash chain is verified first."
)


def register(parser) -> None:
    """Add the ``recall`` arguments."""
    parser.add_argument("round_id", nargs="?", metavar="ROUND_ID", help="the round, e.g. T1-S0001-R007")
    parser.add_argument("--shoe", type=int, default=None, metavar="N", help="list shoe N's rounds")
    parser.add_argument("--json", action="store_true", help="print the record (or the list) as JSON")
    parser.add_argument("--png", metavar="FILE", help="draw the round's record into the PNG file FILE")
    add_journal_arguments(parser)


def _hand(label: str, cards: list[str], total: object) -> str:
    from dealer_station.app.record_words import card_face

    faces = " ".join(card_face(c) for c in cards) or "no card"
    return f"{label}: {faces}   total {'-' if total is None else total}"


def round_text(rnd) -> str:
    """One round's record in plain words (lines)."""
    from dealer_station.app.record_words import (
        act_words,
        card_face,
        flag_words,
        incident_words,
        plain,
        position_words,
        resolution_words,
        result_words,
        scan_words,
        seconds_words,
        status_words,
        time_words,
        void_words,
    )
    from dealer_station.app.words import ACTOR_WORDS

    record = rnd.result
    status = status_words(rnd.status).upper()
    lines = [f"Round {rnd.round_id} (table {rnd.table_id}, shoe {rnd.shoe}, round {rnd.round}): {status}",
             f"Dealer: {rnd.dealer_name}"]
    result = result_words(record)
    if record is not None and record.status == "voided":
        voided_by = next((a.user for a in rnd.acts if a.act in ("void_round", "end_shoe") and a.outcome == "done"),
                         None)
        result += f": {void_words(record, voided_by)}"
    lines.append(f"Result: {result}")
    player = list(record.player) if record else [c.card for c in rnd.cards if c.position.startswith("player")]
    banker = list(record.banker) if record else [c.card for c in rnd.cards if c.position.startswith("banker")]
    lines.append("  " + _hand("Player", player, record.player_total if record else None))
    lines.append("  " + _hand("Banker", banker, record.banker_total if record else None))
    if record is not None:
        lines.append(f"  Flags: {', '.join(flag_words(record)) or 'none'}")
    lines.append(f"Times: betting opened {time_words(rnd.opened_at)}, closed {time_words(rnd.closed_at)}"
                 + (f" by {ACTOR_WORDS.get(rnd.closed_by, 'the ' + rnd.closed_by)}" if rnd.closed_by else ""))
    took = rnd.duration_seconds
    lines.append(f"  first card scanned {time_words(rnd.first_card_at)}, "
                 + (f"confirmed {time_words(rnd.confirmed_at)} ({seconds_words(took)} after the first card)"
                    if rnd.confirmed_at else f"ended {time_words(rnd.ended_at)}"))
    lines.append("Cards:")
    for c in rnd.cards:
        how = f"entered by hand by supervisor {c.by}" if c.manual else "scanned"
        lines.append(f"  {position_words(c.position)}: {card_face(c.card)}, {how} at {time_words(c.ts)} (row {c.seq})")
    if not rnd.cards:
        lines.append("  none")
    at = rnd.misreads_at
    lines.append(f"Misreads: {rnd.misreads}" + (" (" + ", ".join(f"{position_words(p)}: {n}" for p, n in at.items())
                                                 + ")" if at else ""))
    lines.append(f"Cards entered by hand: {len(rnd.manual)}")
    lines.append("Incidents:" if rnd.incidents else "Incidents: none")
    for i in rnd.incidents:
        text = f"  {time_words(i.ts)}  {incident_words(i)}"
        if i.detail:
            text += f"; {plain(i.detail)}"
        if i.evidence:
            text += f"; evidence {i.evidence}"
        lines.append(text + f" (row {i.seq})")
        if i.resolved_act:
            lines.append(f"      resolved {time_words(i.resolved_at)}: {resolution_words(i)}")
        elif not i.while_paused:
            lines.append("      not resolved yet")
    lines.append("Acts:" if rnd.acts else "Acts: none")
    for a in rnd.acts:
        lines.append(f"  {time_words(a.ts)}  {act_words(a, rnd.dealer)} (row {a.seq})")
    lines.append("Scans:" if rnd.scans else "Scans: none")
    for s in rnd.scans:
        lines.append(f"  {time_words(s.ts)}  {scan_words(s)} (raw {s.raw or '-'}, row {s.seq})")
    return "\n".join(lines)


def list_line(rnd) -> str:
    """One round in one line (the list), marked with its incidents and cards entered by hand."""
    from dealer_station.app.record_words import (
        card_face,
        reason_words,
        result_words,
        round_marks_words,
        status_words,
        time_words,
    )

    record = rnd.result
    dealt = {hand: record.player if hand == "player" else record.banker for hand in ("player", "banker")} if record \
        else {hand: [c.card for c in rnd.cards if c.position.startswith(hand)] for hand in ("player", "banker")}
    player = " ".join(card_face(c) for c in dealt["player"]) or "-"
    banker = " ".join(card_face(c) for c in dealt["banker"]) or "-"
    extra = f"; void: {reason_words(record.reason)}" if record is not None and record.status == "voided" else ""
    marks = round_marks_words(rnd)
    extra += f"; {marks}" if marks else ""
    return (f"{rnd.round_id}  {status_words(rnd.status):<11}  {result_words(record):<18}  player {player}  "
            f"banker {banker}  dealer {rnd.dealer_name}  {time_words(rnd.ended_at or rnd.opened_at)}{extra}")


def shoe_lines(shoe) -> list[str]:
    """What happened in a shoe outside its rounds (incidents and supervisor acts), one line each."""
    from dealer_station.app.record_words import act_words, incident_words, resolution_words, time_words

    out = []
    for i in shoe.incidents:
        resolved = f"; resolved: {resolution_words(i)}" if i.resolved_act else ""
        out.append(f"shoe {shoe.shoe}, outside a round  {time_words(i.ts)}  {incident_words(i)}{resolved} "
                   f"(row {i.seq})")
    for a in shoe.acts:
        if a.by != "dealer" and a.by != "timer":
            out.append(f"shoe {shoe.shoe}, outside a round  {time_words(a.ts)}  {act_words(a)} (row {a.seq})")
    return out


def run(args) -> int:
    """Print the record (0), or the list (0); 2 for an unknown round; 1 when the chain does not verify."""
    if args.round_id is not None and args.shoe is not None:
        raise CliError("give ROUND_ID or --shoe N, not both")
    if args.png and args.round_id is None:
        raise CliError("--png draws one round: give its ROUND_ID (list them with --shoe N)")
    shoe = args.shoe if args.round_id is None else shoe_of_round(args.round_id)
    if args.ledger is not None and args.round_id is not None:
        from dealer_station.cli._records import load_ledger
        from dealer_station.platform.ledger_records import table_of_round

        table = table_of_round(args.round_id)
        if table is None:
            raise CliError(f"{args.round_id!r} is not a round id (TABLE-SNNNN-RNNN, e.g. T1-S0001-R007)")
        loaded = load_ledger(args, [table])
    else:
        loaded = load(args, shoes=None if shoe is None else [shoe])
    history = loaded.history
    status = 0 if loaded.verified_to_seq is not None else 1
    if args.round_id is None:
        rounds = [r for h in loaded.histories for r in h.rounds if args.shoe is None or r.shoe == args.shoe]
        if args.shoe is not None and not rounds:
            shoes = sorted(set(loaded.shoe_numbers) | {r.shoe for r in history.rounds})
            raise CliError(f"no round of shoe {args.shoe} in {loaded.path} (shoes with rounds: "
                           f"{', '.join(map(str, shoes)) or 'none'}){loaded.elsewhere}")
        if args.json:
            json.dump({"verified_to_seq": loaded.verified_to_seq, "verify_message": loaded.verify_message,
                       "rounds": [r.to_json() for r in rounds]}, sys.stdout, ensure_ascii=False)
            sys.stdout.write("\n")
            return status
        echo(loaded.verify_message)
        for rnd in rounds:
            echo(list_line(rnd))
        for shoe in (s for h in loaded.histories for s in h.shoes):
            if args.shoe is None or shoe.shoe == args.shoe:
                for line in shoe_lines(shoe):
                    echo(line)
        return status
    rnd = history.round(args.round_id)
    if rnd is None:
        raise CliError(f"no round {args.round_id} in {loaded.path}; list the rounds with "
                       f"'dealer-station recall {'--ledger' if args.ledger else '--journal'} {loaded.path}' (or --shoe "
                       f"N){loaded.elsewhere}")
    if args.png:
        from dealer_station.console.recall_picture import render_round_png  # Qt only when drawing

        try:
            render_round_png(rnd, args.png)
        except OSError as err:
            raise CliError(f"--png {args.png}: {err}") from None
    if args.json:
        json.dump({"verified_to_seq": loaded.verified_to_seq, "verify_message": loaded.verify_message,
                   "round": rnd.to_json()}, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return status
    echo(loaded.verify_message)
    echo(round_text(rnd))
    return status
