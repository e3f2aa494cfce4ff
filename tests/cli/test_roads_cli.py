"""``dealer-station roads``: JSON shape, text output, bad letters, PNG."""

from __future__ import annotations

import json

import pytest
from PySide6.QtGui import QImage

from tests.conftest import run_cli


def test_json_has_the_issue_shape():
    proc = run_cli("roads", "PB TTP", "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    cells = doc.pop("cells")
    assert set(cells) == {"bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig"}
    assert doc == {
        "bead_plate": [[0, 0, "P"], [1, 0, "B"], [2, 0, "T"], [3, 0, "T"], [4, 0, "P"]],
        "big_road": {
            "columns": [[{"winner": "P", "ties": 0}], [{"winner": "B", "ties": 2}], [{"winner": "P", "ties": 0}]],
            "leading_ties": 0,
            "grid": [[0, 0, "P"], [0, 1, "B"], [0, 2, "P"]],
        },
        "big_eye_boy": "R",
        "small_road": "",
        "cockroach_pig": "",
        "ask": {"B": {"big_eye_boy": "R", "small_road": "R", "cockroach_pig": ""},
                "P": {"big_eye_boy": "B", "small_road": "B", "cockroach_pig": ""}},
        "stats": {"rounds": 5, "banker": 1, "player": 2, "tie": 2, "banker_pair": 0, "player_pair": 0,
                  "banker_natural": 0, "player_natural": 0, "natural": 0},
    }


def test_sequence_may_be_split_over_arguments():
    one = run_cli("roads", "BBPPBBPPP", "--json")
    split = run_cli("roads", "BB", "PP BB", "PPP", "--json")
    assert split.returncode == 0
    assert json.loads(split.stdout) == json.loads(one.stdout)
    assert json.loads(one.stdout)["big_eye_boy"] == "RRRRRB"


def test_text_output_names_the_roads():
    proc = run_cli("roads", "TTBBPPBBPPP")
    assert proc.returncode == 0
    out = proc.stdout
    assert "leading ties 2" in out
    assert "big eye boy (R red, B blue): RRRRRB" in out
    assert "small road (R red, B blue): RRRB" in out
    assert "cockroach pig (R red, B blue): RB" in out
    assert "ask Banker: big eye boy blue, small road blue, cockroach pig blue" in out


def test_bad_letter_exits_2_with_one_line():
    proc = run_cli("roads", "BPXB", "--json")
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "'X'" in lines[0] and "position 3" in lines[0]


def test_png_written_offscreen(tmp_path):
    target = tmp_path / "roads.png"
    proc = run_cli("roads", "BBPPTBPB", "--json", "--png", str(target), "--size", "640x300")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["stats"]["rounds"] == 8
    image = QImage(str(target))
    assert not image.isNull()
    assert (image.width(), image.height()) == (640, 300)


def test_png_to_an_unwritable_place_exits_2(tmp_path):
    proc = run_cli("roads", "BP", "--png", str(tmp_path / "missing" / "roads.png"))
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1


def test_bad_size_exits_2(tmp_path):
    proc = run_cli("roads", "BP", "--png", str(tmp_path / "r.png"), "--size", "big")
    assert proc.returncode == 2
    assert "--size" in proc.stderr


def _cells(*args: str) -> dict:
    proc = run_cli("roads", *args, "--json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)["cells"]


def test_pair_and_natural_marks_reach_every_cell():
    cells = _cells("B[bp] P[pp,pn] T B")
    assert cells["bead_plate"] == [
        {"col": 0, "row": 0, "winner": "B", "banker_pair": True, "player_pair": False, "natural": False, "round": 0},
        {"col": 0, "row": 1, "winner": "P", "banker_pair": False, "player_pair": True, "natural": True, "round": 1},
        {"col": 0, "row": 2, "winner": "T", "banker_pair": False, "player_pair": False, "natural": False, "round": 2},
        {"col": 0, "row": 3, "winner": "B", "banker_pair": False, "player_pair": False, "natural": False, "round": 3},
    ]
    big = [(c["col"], c["row"], c["winner"], c["ties"], c["banker_pair"], c["player_pair"]) for c in cells["big_road"]]
    assert big == [(0, 0, "B", 0, True, False), (1, 0, "P", 1, False, True), (2, 0, "B", 0, False, False)]
    assert cells["big_eye_boy"] == [{"col": 0, "row": 0, "colour": "red"}]


def test_cells_are_the_drawn_grid_dragon_tail_included():
    # seven Bankers run down six rows and turn right along the bottom row; the Player starts column 1
    cells = _cells("BBBBBBB P")
    assert [(c["col"], c["row"]) for c in cells["big_road"]] == [(0, r) for r in range(6)] + [(1, 5), (1, 0)]
    bead = cells["bead_plate"]
    assert [(c["col"], c["row"]) for c in bead] == [(i // 6, i % 6) for i in range(8)]


def test_a_whole_shoe_of_cells_is_every_round():
    seq = ("BPBBPTPBBBPPBPTB" * 6)[:84]
    cells = _cells(seq)
    assert len(cells["bead_plate"]) == 84
    assert len(cells["big_road"]) == seq.count("B") + seq.count("P")
    assert len({(c["col"], c["row"]) for c in cells["big_road"]}) == len(cells["big_road"])   # no two share a cell


@pytest.mark.parametrize(("text", "words"), [
    ("B[xx]", "bad mark 'xx'"),
    ("B[bp", "never closed"),
    ("B[]", "bad mark ''"),
    ("[bp]", "bad letter '['"),
])
def test_bad_marks_are_one_line_exit_2(text, words):
    proc = run_cli("roads", text)
    assert proc.returncode == 2
    assert words in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
