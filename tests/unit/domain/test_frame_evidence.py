"""A frame as an incident's evidence: written by one function, read back as raw bytes and token by one."""

from __future__ import annotations

import pytest

from dealer_station.domain.incidents import card_evidence_parts, frame_evidence


@pytest.mark.parametrize(("raw", "token", "evidence", "parts"), [
    ("5148", "QH", "5148 (QH)", ("5148", "QH")),
    ("", "QH", "QH", ("", "QH")),                 # the shoe sent no bytes: the token alone
    ("5148", "", "5148", ("5148", None)),         # bytes no token was read from
    ("", "", "", ("", None)),
    ("023F3F03", "??", "023F3F03 (??)", ("023F3F03", "??")),   # a code that is no card still reads as its token
])
def test_evidence_is_written_and_read_back(raw, token, evidence, parts):
    assert frame_evidence(raw, token) == evidence
    assert card_evidence_parts(evidence) == parts


@pytest.mark.parametrize("odd", ["garbage", "51 ()", "(QH)", "QH (", "qh"])
def test_evidence_of_neither_shape_is_raw_bytes_with_no_token(odd):
    assert card_evidence_parts(odd) == (odd, None)
