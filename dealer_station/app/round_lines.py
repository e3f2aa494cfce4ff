"""The output lines of ``simulate``, ``run`` and ``replay``: one a finished round or an ended shoe.

A module of its own so that a command that only prints lines (``replay``) does not import what the
``simulate`` command's table and shoe need (:mod:`dealer_station.app.simulate` re-exports these names).
"""

from __future__ import annotations

from dealer_station.app.views import RoundRecord
from dealer_station.domain.facts import RoundStatus

__all__ = ["OUTPUT_KINDS", "human_line", "output_line"]

OUTPUT_KINDS = ("round_completed", "round_voided", "shoe_ended")
"""The controller facts that make an output line (:func:`output_line`)."""


def output_line(kind: str, data: dict) -> dict:
    """The output line of a finished round (``round_completed``/``round_voided``) or a ``shoe_ended``."""
    if kind == "shoe_ended":
        return {"shoe": data["shoe"], "event": "shoe_end", "rounds": data["rounds"],
                "burn_indicator": data["burn_indicator"], "burned": list(data["burned"]),
                "cut_card_round": data["cut_card_round"]}
    return RoundRecord.line_of(data)


def human_line(line: dict) -> str:
    """An output line (:func:`output_line`) for people."""
    if line.get("event") == "shoe_end":
        return (f"shoe {line['shoe']} ended after {line['rounds']} rounds; burn card {line['burn_indicator']}, "
                f"burned {' '.join(line['burned']) or '-'}; cut card in round {line['cut_card_round']}")
    if line["status"] == RoundStatus.VOIDED:
        return f"shoe {line['shoe']} round {line['round']}: VOID"
    last = "  (last round)" if line["last_round"] else ""
    return (f"shoe {line['shoe']} round {line['round']}: player {' '.join(line['player'])} = {line['player_total']}, "
            f"banker {' '.join(line['banker'])} = {line['banker_total']}: {line['winner']}{last}")
