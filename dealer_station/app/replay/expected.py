"""Expected-results files (JSON Lines of round and shoe lines) and the per-round diff of a replay against them."""

from __future__ import annotations

import json
from pathlib import Path

__all__ = ["ExpectedError", "compare_lines", "load_expected"]

class ExpectedError(ValueError):
    """An expected-results file that cannot be read; the message names the file and line."""


def load_expected(path: str | Path) -> list[dict]:
    """Read an expected-results file: JSON Lines of round and shoe lines (as ``replay --json`` writes).

    Blank lines are skipped. Raises ExpectedError naming the file and line, or when the file holds no line.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError as err:
        raise ExpectedError(f"no expected results {p}: make them from a replay you have checked by hand "
                            f"(dealer-station replay SESSION --json > {p}; hw_fixtures/README.md)") from err
    except (OSError, UnicodeDecodeError) as err:
        raise ExpectedError(f"cannot read expected results {p}: {getattr(err, 'strerror', None) or err}") from err
    out = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError) as err:  # JSONDecodeError, a number too long, nesting too deep
            raise ExpectedError(f"{p}:{number}: not JSON ({getattr(err, 'msg', None) or err})") from err
        if not isinstance(obj, dict) or "shoe" not in obj or not ("round" in obj or obj.get("event") == "shoe_end"):
            raise ExpectedError(f"{p}:{number}: not a round or shoe line: {line[:80]!r}")
        out.append(obj)
    if not out:
        raise ExpectedError(f"{p} holds no round or shoe line: an expected-results file lists every round "
                            f"(dealer-station replay SESSION --json > {p}, checked by hand)")
    return out


def _label(line: dict) -> str:
    if line.get("event") == "shoe_end":
        return f"shoe {line.get('shoe')} end"
    return f"shoe {line.get('shoe')} round {line.get('round')}"


def _key(line: dict) -> tuple:
    return (line.get("shoe"), "end") if line.get("event") == "shoe_end" else (line.get("shoe"), line.get("round"))


def compare_lines(expected: list[dict], actual: list[dict]) -> list[str]:
    """A readable per-round diff of expected and replayed lines; empty when they are the same.

    Lines are matched by shoe and round (or shoe end); each difference is one text line such as
    ``shoe 1 round 3: winner: expected 'banker', got 'player'``; missing and extra rounds are named,
    and so is a difference of order.
    """
    out: list[str] = []
    got = {}
    for line in actual:
        got.setdefault(_key(line), line)
    want = {}
    for line in expected:
        want.setdefault(_key(line), line)
    for line in expected:
        other = got.get(_key(line))
        if other is None:
            out.append(f"{_label(line)}: missing from the replay (expected {json.dumps(line)})")
            continue
        for name in sorted(set(line) | set(other), key=lambda k: (k not in line, list(line).index(k)
                                                                  if k in line else 0, k)):
            if line.get(name, "<absent>") != other.get(name, "<absent>"):
                out.append(f"{_label(line)}: {name}: expected {_show(line.get(name, '<absent>'))}, "
                           f"got {_show(other.get(name, '<absent>'))}")
    for line in actual:
        if _key(line) not in want:
            out.append(f"{_label(line)}: not expected (the replay gave {json.dumps(line)})")
    if not out and [_key(x) for x in expected] != [_key(x) for x in actual]:
        out.append("the same lines in another order: expected " + ", ".join(_label(x) for x in expected)
                   + "; got " + ", ".join(_label(x) for x in actual))
    if len(actual) != len(got) or len(expected) != len(want):
        out.append(f"duplicate lines: expected {len(expected)} lines ({len(want)} distinct), "
                   f"the replay gave {len(actual)} ({len(got)} distinct)")
    return out


def _show(value: object) -> str:
    if isinstance(value, list):
        return " ".join(str(v) for v in value) if value else "(none)"
    return repr(value)
