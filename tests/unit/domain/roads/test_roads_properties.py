"""Property tests of the roads: entry counts, ask road, grids, and an incremental oracle."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_station.domain.roads import ROWS, compute_roads, derived_entries_count

sequences = st.text(alphabet="BPT", max_size=90)
# long runs too: lists of (winner, run length) pairs, so dragon tails and long columns are common
runs = st.lists(st.tuples(st.sampled_from("BPT"), st.integers(1, 12)), max_size=14).map(
    lambda rs: "".join(w * n for w, n in rs))
any_sequence = st.one_of(sequences, runs)

K = {"big_eye_boy": 1, "small_road": 2, "cockroach_pig": 3}


def _oracle(sequence: str) -> dict[str, str]:
    """Derived roads computed the way a dealer marks them: one result at a time, from the columns so far."""
    cols: list[list[str]] = []
    out = {name: [] for name in K}
    for w in sequence:
        if w == "T":
            continue
        if cols and cols[-1][0] == w:
            cols[-1].append(w)
            c, m = len(cols), len(cols[-1])        # 1-based column and row of the new cell
            for name, k in K.items():
                if c - k >= 1:
                    other = len(cols[c - k - 1])
                    out[name].append("R" if other >= m else "B" if other == m - 1 else "R")
        else:
            cols.append([w])
            c = len(cols)
            for name, k in K.items():
                if c - k - 1 >= 1:
                    out[name].append("R" if len(cols[c - 2]) == len(cols[c - k - 2]) else "B")
    return {name: "".join(v) for name, v in out.items()}


@settings(max_examples=300, deadline=None)
@given(any_sequence)
def test_derived_roads_match_the_incremental_oracle(sequence):
    roads = compute_roads(sequence)
    assert {r.name: r.marks for r in roads.derived} == _oracle(sequence)


@settings(max_examples=300, deadline=None)
@given(any_sequence)
def test_number_of_derived_entries_follows_from_the_columns(sequence):
    roads = compute_roads(sequence)
    lengths = roads.big_road.lengths
    results = sum(lengths)
    for road in roads.derived:
        k = road.k
        # every Banker/Player result gets an entry except those before the start cell:
        # all of columns 1..k, and the first cell of column k+1
        before_start = sum(lengths[:k]) + (1 if len(lengths) > k else 0)
        assert len(road.marks) == max(0, results - before_start)
        assert len(road.marks) == derived_entries_count(lengths, k)


@settings(max_examples=200, deadline=None)
@given(any_sequence)
def test_ask_road_equals_appending_and_recomputing(sequence):
    roads = compute_roads(sequence)
    for winner in "BP":
        after = compute_roads(sequence + winner)
        for road, new in zip(roads.derived, after.derived, strict=True):
            grew = new.marks[len(road.marks):]
            assert new.marks.startswith(road.marks)
            assert len(grew) <= 1
            assert roads.ask[winner][road.name] == grew


@settings(max_examples=200, deadline=None)
@given(any_sequence)
def test_big_road_columns_and_ties_account_for_every_round(sequence):
    roads = compute_roads(sequence)
    big = roads.big_road
    ties = sum(c.ties for col in big.columns for c in col)
    assert big.leading_ties + ties == sequence.count("T")
    assert sum(big.lengths) == len(sequence) - sequence.count("T")
    for a, b in zip(big.columns, big.columns[1:], strict=False):
        assert a[0].winner != b[0].winner
    for col in big.columns:
        assert len({c.winner for c in col}) == 1
    assert [b.mark.winner for b in roads.bead_plate] == list(sequence)
    assert all(b.row == i % ROWS and b.col == i // ROWS for i, b in enumerate(roads.bead_plate))
    s = roads.stats
    assert (s.banker, s.player, s.tie, s.rounds) == (
        sequence.count("B"), sequence.count("P"), sequence.count("T"), len(sequence))


def _check_grid(grid, columns):
    positions = [(g.row, g.col) for g in grid]
    assert len(positions) == len(set(positions)), "two cells drawn at one place"
    assert all(0 <= r < ROWS and c >= 0 for r, c in positions)
    assert len(grid) == sum(len(c) for c in columns)
    i = 0
    prev_start = -1
    for col in columns:
        cells = positions[i:i + len(col)]
        i += len(col)
        row0, col0 = cells[0]
        assert row0 == 0 and col0 > prev_start
        prev_start = col0
        turned = False
        for (r1, c1), (r2, c2) in zip(cells, cells[1:], strict=False):
            if not turned and (r2, c2) == (r1 + 1, c1):
                continue                               # going down
            turned = True                              # then only right, along the same row
            assert r2 == r1 and c2 > c1


@settings(max_examples=200, deadline=None)
@given(any_sequence)
def test_drawn_grids_are_well_formed(sequence):
    roads = compute_roads(sequence)
    _check_grid(roads.big_road.grid, roads.big_road.columns)
    for road in roads.derived:
        _check_grid(road.grid, road.columns)
        assert "".join(g.item for g in road.grid) == road.marks
