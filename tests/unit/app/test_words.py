"""The station's words for its codes live in one module (dealer_station/app/words.py): every code of each kind has
its words there, and no other module keeps a table of the same codes in English of its own.
"""

from __future__ import annotations

import ast
from enum import StrEnum
from pathlib import Path

import pytest

from dealer_station.app import words
from dealer_station.app.journal_guard import CAUSE_CODES
from dealer_station.app.records import DEALER_CALL, ScanOutcome
from dealer_station.domain.acts import DealerAct, FrameKind, InputKind, LinkEvent, StaffAct, SupervisorAct
from dealer_station.domain.facts import RoundStatus
from dealer_station.domain.incidents import IncidentType, MisreadReason, PauseReason
from dealer_station.domain.states import TableState

PACKAGE = Path(words.__file__).resolve().parents[1]
WORDS_MODULE = Path(words.__file__).resolve()

TABLES = {name: getattr(words, name) for name in words.__all__ if isinstance(getattr(words, name), dict)}
"""Every code → words table of the module."""

SHARED_CODES = frozenset(str(code) for table in TABLES.values() for code in table)
ENUMS: dict[str, type[StrEnum]] = {e.__name__: e for e in (IncidentType, MisreadReason, PauseReason, TableState,
                                                           RoundStatus, ScanOutcome, FrameKind, InputKind, LinkEvent,
                                                           SupervisorAct, DealerAct, StaffAct)}

KINDS = [
    ("INCIDENT_WORDS", [*IncidentType, DEALER_CALL]),
    ("INCIDENT_HEADINGS", list(IncidentType)),
    ("REASON_WORDS", [*PauseReason, *MisreadReason, *CAUSE_CODES.values(), "write_failed"]),
    ("STATE_CLAUSES", list(TableState)),
    ("STATE_CAPTIONS", list(TableState)),
    ("ROUND_STATUS_WORDS", list(RoundStatus)),
    ("SCAN_OUTCOME_WORDS", list(ScanOutcome)),
    ("FRAME_WORDS", [k for k in FrameKind if k != FrameKind.CARD]),
    ("ACT_WORDS", [*SupervisorAct, *DealerAct, *StaffAct]),
]


@pytest.mark.parametrize(("table", "codes"), KINDS, ids=[k for k, _ in KINDS])
def test_every_code_of_each_kind_has_its_words(table, codes):
    shown = TABLES[table]
    missing = [str(c) for c in codes if str(c) not in shown]
    assert not missing, f"{table} has no words for {missing}"
    for code in codes:
        phrase = shown[str(code)]
        for text in phrase if isinstance(phrase, tuple) else (phrase,):
            assert text.strip() and "_" not in text, f"{table}[{code!r}] = {text!r} is no words"


def test_a_connection_lost_pause_and_a_journal_cause_read_as_words():
    assert words.REASON_WORDS[PauseReason.CONNECTION_LOST] == "the link was lost"
    assert words.REASON_WORDS["disk_full"] == "the disk is full"
    assert words.position_words("banker2") == "Banker card 2"
    assert words.position_words("player4") is None
    assert words.position_words("burn") is None and words.POSITION_WORDS["burn"] == "burn card"


def _code(node: ast.expr) -> str | None:
    """The code a dict's key names: a string, or an enum's member (``IncidentType.MISREAD_LIMIT``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ENUMS:
        member = getattr(ENUMS[node.value.id], node.attr, None)
        return None if member is None else str(member)
    return None


def _is_text(node: ast.expr) -> bool:
    """An English phrase (or a tuple of them) written into the source, not a translated string."""
    if isinstance(node, ast.Tuple):
        return bool(node.elts) and all(_is_text(e) for e in node.elts)
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and " " in node.value.strip()


def word_tables(source: str) -> list[tuple[int, list[str]]]:
    """The dict literals of ``source`` that map two or more of the shared codes to English phrases: (line, codes)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            codes = [c for k, v in zip(node.keys, node.values, strict=True)
                     if k is not None and (c := _code(k)) in SHARED_CODES and _is_text(v)]
            if len(codes) >= 2:
                found.append((node.lineno, codes))
    return found


def test_the_check_finds_a_table_of_the_shared_codes():
    source = ('INCIDENTS = {IncidentType.MISREAD_LIMIT: "Card not read", "foreign_card": "Card of another deck"}\n'
              'NAMES = {"misread_limit": tr("MISREAD LIMIT"), "foreign_card": tr("FOREIGN CARD")}\n'
              'KINDS = {"misread_limit": "misread_limit", "foreign_card": "foreign_card"}\n')
    assert word_tables(source) == [(1, ["misread_limit", "foreign_card"])]


def test_no_other_module_keeps_words_for_the_shared_codes():
    offenders = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.resolve() == WORDS_MODULE:
            continue
        found = word_tables(path.read_text(encoding="utf-8"))
        if found:
            offenders[str(path.relative_to(PACKAGE.parent))] = found
    assert not offenders, f"code → words tables outside dealer_station/app/words.py: {offenders}"
