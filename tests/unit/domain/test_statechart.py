"""The documentation of the table machine is the code's: docs/controller.md's generated tables and the
diagram in docs/table-states.md equal what dealer_station.domain.statechart makes of the machine, and those
rows are exactly the transitions of domain/states.py. Regenerate with ``python -m dealer_station.cli.statechart``."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_station.domain.statechart import (
    BEGIN,
    END,
    diagram_page,
    mermaid,
    render_block,
    replace_block,
    transition_rows,
)
from dealer_station.domain.states import GROUP_OF, PAUSABLE, STATES, TRANSITIONS, Phase, TableState
from dealer_station.domain.table_acts import DISPATCH as ACTS
from dealer_station.domain.table_frames import DISPATCH as FRAMES

DOCS = Path(__file__).resolve().parents[3] / "docs"


def _listed() -> set[tuple[str, str, str]]:
    out = set()
    for t in TRANSITIONS:
        sources = t["source"] if isinstance(t["source"], list) else [t["source"]]
        out |= {(str(t["trigger"]), str(s), str(t["dest"])) for s in sources}
    return out


def test_the_controller_page_shows_the_generated_tables():
    page = (DOCS / "controller.md").read_text(encoding="utf-8")
    start, end = page.index(BEGIN), page.index(END) + len(END)
    assert page[start:end] == render_block(), "docs/controller.md is stale: python -m dealer_station.cli.statechart"


def test_the_diagram_page_is_the_generated_diagram():
    page = (DOCS / "table-states.md").read_text(encoding="utf-8")
    assert page == diagram_page(), "docs/table-states.md is stale: python -m dealer_station.cli.statechart"


def test_rows_are_the_machines_transitions_and_only_those():
    rows = {(name, source, dest) for name, sources, dest in transition_rows() for source in sources}
    assert rows == _listed()
    arrows = {line.strip() for line in mermaid().splitlines()[2:]}
    assert arrows == {f"{source} --> {dest} : {name}" for name, source, dest in rows}


def test_every_state_is_in_the_diagram_and_every_pausable_state_pauses_and_resumes():
    rows = _listed()
    named = {s for _, s, _ in rows} | {d for _, _, d in rows}
    assert named == set(STATES)
    for state in PAUSABLE:
        assert ("pause", state, "paused") in rows
        assert (f"resume_to_{state}", "paused", state) in rows


def test_phases_partition_the_states():
    assert set(GROUP_OF) == set(TableState)
    assert {GROUP_OF[s] for s in TableState} == set(Phase)


@pytest.mark.parametrize("frame", ["card", "no_read"])
def test_a_card_or_no_read_has_one_handler_in_every_phase(frame):
    assert set(FRAMES[frame]) == set(Phase)


def test_the_cut_card_has_one_handler_in_every_phase_it_can_be_read_in():
    # while paused the cut card is handled by the phase the table paused from
    assert set(FRAMES["cut"]) == set(Phase) - {Phase.PAUSED}


def test_every_act_has_a_handler():
    from dealer_station.domain.acts import DEALER_ACTS, STAFF_ACTS, SUPERVISOR_ACTS

    assert set(ACTS["dealer"]) == set(DEALER_ACTS) | set(STAFF_ACTS)
    assert set(ACTS["supervisor"]) == set(SUPERVISOR_ACTS)


def test_replace_block_needs_the_markers():
    assert replace_block(f"a\n{BEGIN}\nold\n{END}\nb", "new") == "a\nnew\nb"
    with pytest.raises(ValueError):
        replace_block("no markers here", "new")
