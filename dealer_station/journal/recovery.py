"""Recovery: the table's state is a fold over the journal's inputs (docs/design.md "Durability and recovery").

On start the controller replays the inputs of the open shoe through a fresh state machine. The
outputs of inputs that already have a decision row are dropped (their events were appended with
that row, so nothing is published twice); only the last input may lack its decision (the station
stopped between the two rows), and its outputs are handed back to be recorded now.

The replay is checked, never trusted: the rule settings recorded when the open shoe started must
equal the current ones, and every replayed input must give exactly the outputs its decision row
recorded; otherwise the station refuses to start (JournalError naming the setting or the row),
because a different table would publish different results for rounds already settled. One
exception, since the platform was told what is recorded: a decision recorded as a failed step (an
``error`` output naming the input, then the ``unexpected_error`` pause) is replayed as recorded when the
replay does not fail, with a machine that can (``undo_step`` then ``fail``, :class:`TableMachine`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from dealer_station.domain.facts import FactKind
from dealer_station.domain.inputs import TableInput
from dealer_station.journal.codec import decode_input, encode_outputs
from dealer_station.journal.store import Journal, JournalError, JournalRow, canonical

__all__ = ["ADDED_OUTPUTS", "Foldable", "Recovery", "replay_open_shoe"]

ADDED_OUTPUTS = frozenset({FactKind.PLAYER_EDGE, FactKind.TABLE_STATUS, FactKind.ERROR})
"""Output kinds the controller may append after the machine's own outputs in a decision row."""


class Foldable(Protocol):
    """What recovery needs from a state machine (:class:`dealer_station.domain.table.TableMachine`)."""

    @property
    def state(self) -> str:
        """The machine's current state name (``"betting_open"``, ``"paused"``...)."""

    def step(self, inp: TableInput) -> list[tuple[str, dict]]:
        """Act on one input (read from its row by :func:`dealer_station.journal.codec.decode_input`); return the
        outputs.
        """

    def restore_before_shoe(self, shoe_number: int, connected: bool, *, staff: dict | None = None,
                            ended: bool = False) -> None:
        """Put the machine where it was just before shoe ``shoe_number + 1`` was started, or, with ``ended``,
        right after shoe ``shoe_number`` ended (``staff``: who was at the table, as the decision row records
        it, or None when it records no one).
        """


@dataclass
class Recovery:
    """What the replay found: inputs replayed, the first replayed row, and a pending input (or None).

    ``pending_outputs``: what the machine made of the pending input; ``state_before_pending``: the machine's
    state just before it (the controller derives the table status change of the pending decision from it).
    """

    inputs: int = 0
    from_seq: int = 0
    pending: JournalRow | None = None
    pending_outputs: list[tuple[str, dict]] = field(default_factory=list)
    state_before_pending: str | None = None


def replay_open_shoe(journal: Journal, machine: Foldable, settings: Mapping[str, object] | None = None) -> Recovery:
    """Replay the open shoe's inputs into ``machine`` (a fresh one) and check them against the decisions.

    The open shoe starts at the input of the last decision marked ``shoe_started``; before the
    first shoe the whole journal is replayed.

    Parameters
    ----------
    journal:
        The table's journal.
    machine:
        A fresh state machine built from the current configuration.
    settings:
        The current rule settings (``{"burn.indicator_counts": False, ...}``, JSON-able), compared
        with the ``settings`` of the shoe's ``shoe_settings`` note (written after its ``shoe_started``
        decision); None, or no such note: not compared.

    Raises
    ------
    JournalError
        On a read failure; when the open shoe was started with other rule settings (the message
        names the setting, the journal's value and the configuration's value); when a replayed input
        gives other outputs than its decision row recorded (the message names the row). A shoe that
        has ended may have had other settings: the next shoe takes the new ones, so only the inputs
        after its end are replayed then.
    """
    result = Recovery()
    start = journal.last_marked("shoe_started")
    after = 0
    if start is not None and start.kind == "decision":
        shoe = _whole(journal, start, "shoe", 1)
        noted = journal.last_marked("shoe_settings")
        recorded = None
        if noted is not None and noted.seq > start.seq and noted.body.get("shoe") == shoe:
            recorded = noted.body.get("settings")
        changed = _changed(recorded, settings)
        ended = journal.last_marked("shoe_ended")
        if changed is not None and ended is not None and ended.kind == "decision" and ended.seq > start.seq:
            # The shoe is over: replay only what came after its end (the new settings start with the next shoe).
            machine.restore_before_shoe(shoe, bool(ended.body.get("connected", False)), staff=_staff(ended),
                                        ended=True)
            after = _whole(journal, ended, "input")
        elif changed is not None:
            key, was, now = changed
            where = getattr(journal, "path", "(memory)")
            raise JournalError(
                f"journal {where}: the open shoe {shoe} was started with {key} = {_show(was)} but the "
                f"configuration now says {_show(now)}; refusing to replay it into a different table: restore "
                f"the setting, finish or end the shoe, then change it")
        else:
            machine.restore_before_shoe(shoe - 1, bool(start.body.get("connected", False)), staff=_staff(start))
            after = _whole(journal, start, "input") - 1
    result.from_seq = after + 1
    last_input: JournalRow | None = None
    last_outputs: list[tuple[str, dict]] = []
    last_state = ""
    last_decided = 0
    undecided: dict[int, list[tuple[str, dict]]] = {}
    can_undo = callable(getattr(machine, "undo_step", None))
    for row in journal.rows(after, kinds=("input", "decision")):
        if row.kind == "input":
            last_state = machine.state
            last_outputs = machine.step(decode_input(row.body))
            undecided[row.seq] = last_outputs
            last_input = row
            result.inputs += 1
        else:
            decided = int(row.body.get("input", 0))
            last_decided = max(last_decided, decided)
            outputs = undecided.pop(decided, None)
            if outputs is not None:
                failure = _recorded_failure(row, outputs)
                if failure is not None and can_undo and last_input is not None and decided == last_input.seq:
                    # The step failed when it was decided (a bug, memory...): the table paused and the platform
                    # was told so. Replay it as recorded, from the state before it (the step is atomic).
                    machine.undo_step()  # type: ignore[attr-defined]
                    outputs = last_outputs = machine.fail(  # type: ignore[attr-defined]
                        decode_input(last_input.body), *failure)
                _check(journal, row, decided, outputs)
    if last_input is not None and last_decided < last_input.seq:
        result.pending = last_input
        result.pending_outputs = last_outputs
        result.state_before_pending = last_state
    return result


def _staff(row: JournalRow) -> dict | None:
    """Who was at the table after decision ``row`` (its ``staff``: the dealer signed in), or None when the row
    records no one (a journal made before dealers signed in). The dealer signed in survives a restart: it
    signed in before the open shoe started, in a shoe that is not replayed.
    """
    staff = row.body.get("staff")
    return dict(staff) if isinstance(staff, dict) else None


def _recorded_failure(row: JournalRow, outputs: list[tuple[str, dict]]) -> tuple[str, str] | None:
    """``(reason, detail)`` of a decision that recorded a failed step (its first output an ``error`` naming the
    input, then the ``unexpected_error`` pause) where the replay did not fail the same way; else None.
    """
    recorded = row.body.get("outputs", [])
    if (not recorded or not isinstance(recorded[0], list) or len(recorded[0]) != 2
            or recorded[0][0] != FactKind.ERROR):
        return None
    first = recorded[0][1]
    if not isinstance(first, dict) or "input" not in first or (outputs and outputs[0][0] == FactKind.ERROR):
        return None
    reason = next((item[1].get("reason", "") for item in recorded
                   if isinstance(item, list) and len(item) == 2 and item[0] == FactKind.ROUND_PAUSED
                   and isinstance(item[1], dict)), "")
    return str(reason), str(first.get("detail", ""))


def _changed(recorded: object, settings: Mapping[str, object] | None) -> tuple[str, object, object] | None:
    """The first rule setting that differs: ``(key, journal value, configuration value)``, or None."""
    if settings is None or not isinstance(recorded, dict):
        return None  # nothing to compare (a journal written before settings were recorded)
    now = json.loads(canonical(dict(settings)))
    for key in sorted(set(recorded) | set(now)):
        if recorded.get(key) != now.get(key):
            return key, recorded.get(key), now.get(key)
    return None


def _show(value: object) -> str:
    return json.dumps(value)


def _check(journal: Journal, row: JournalRow, seq: int, outputs: list[tuple[str, dict]]) -> None:
    """Raise JournalError when the replayed ``outputs`` of input ``seq`` are not those ``row`` recorded."""
    mine = json.loads(canonical({"o": encode_outputs(outputs)}))["o"]
    recorded = row.body.get("outputs", [])
    extra = recorded[len(mine):]
    if recorded[:len(mine)] == mine and all(item and item[0] in ADDED_OUTPUTS for item in extra):
        return
    pairs = enumerate(zip(recorded, mine, strict=False))
    at = next((i for i, (a, b) in pairs if a != b), min(len(recorded), len(mine)))
    where = getattr(journal, "path", "(memory)")
    was = recorded[at] if at < len(recorded) else None
    now = mine[at] if at < len(mine) else None
    raise JournalError(
        f"journal {where}: row {row.seq} (the decision on input {seq}) recorded output {at + 1} "
        f"as {_show(was)[:200]} but replaying the input gives {_show(now)[:200]}; refusing to start on a replay "
        f"that differs from the record")


def _whole(journal: Journal, row: JournalRow, key: str, default: int | None = None) -> int:
    """``row.body[key]`` as a whole number; JournalError naming the row when a damaged row has none."""
    try:
        value = row.body[key] if default is None else row.body.get(key, default)
        if isinstance(value, bool):
            raise TypeError("a true/false value")
        return int(value)
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        where = getattr(journal, "path", "(memory)")
        raise JournalError(f"journal {where}: {row.kind} row {row.seq} has no usable {key!r} ({err!r}): the journal "
                           f"is damaged; check it with: dealer-station journal verify {where}") from err
