"""``dealer-station roads`` (issue 6): JSON shape, text output, bad letters, PNG."""

from __future__ import annotations

import json

from PySide6.QtGui import QImage

from tests.conftest import run_cli


def test_json_has_the_issue_shape():
    proc = run_cli("roads", "PB TTP", "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
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
