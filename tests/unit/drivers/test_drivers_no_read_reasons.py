"""The No-Read reasons (drivers.frames.NoReadReason): their texts are the ones the drivers' page, the
``card_misread`` event's schema and the table's misread codes use, and a reason read back from a record is the
member again (an unknown one stays the recorded text)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dealer_station.app.shoe_inputs import no_read_reason, shoe_event_input, shoe_frame
from dealer_station.domain.incidents import MisreadReason
from dealer_station.journal.codec import decode_input
from dealer_station.schemas import load_schema
from drivers.frames import NoRead, NoReadReason

DOCS = Path(__file__).resolve().parents[3] / "docs" / "drivers.md"

TEXTS = (
    (NoReadReason.NO_READ, "no_read"),
    (NoReadReason.UNKNOWN_CODE, "unknown_code"),
    (NoReadReason.BAD_LRC, "bad_lrc"),
    (NoReadReason.TOKEN_TIMEOUT, "token_timeout"),
    (NoReadReason.ROLLOVER, "rollover"),
    (NoReadReason.EMPTY, "empty"),
)


def test_the_table_names_every_member_once():
    assert [member for member, _ in TEXTS] == list(NoReadReason)


@pytest.mark.parametrize(("member", "text"), TEXTS, ids=[t for _, t in TEXTS])
def test_a_member_is_its_text_in_every_form(member, text):
    assert member == text and str(member) == text and f"{member}" == text and hash(member) == hash(text)
    assert json.dumps({"reason": member}) == json.dumps({"reason": text})
    assert NoReadReason(text) is member


@pytest.mark.parametrize(("member", "text"), TEXTS, ids=[t for _, t in TEXTS])
def test_a_recorded_reason_reads_back_as_the_member(member, text):
    back = no_read_reason(text)
    assert back is member
    frame = shoe_frame(decode_input(shoe_event_input(NoRead(b"\x00", member))))
    assert frame.reason is member and shoe_event_input(frame)["reason"] == text


@pytest.mark.parametrize(("recorded", "expected"), [(None, NoReadReason.NO_READ), ("", NoReadReason.NO_READ),
                                                    ("damaged", "damaged")])
def test_a_missing_or_unknown_recorded_reason_is_handled_as_before(recorded, expected):
    back = no_read_reason(recorded)
    assert back == expected and type(back) is type(expected)


def test_the_drivers_page_lists_every_reason():
    listed = DOCS.read_text(encoding="utf-8").split("### What the sink receives", 1)[1].split("\n3.", 1)[0]
    assert set(re.findall(r"`([a-z_]+)`", listed)) >= {text for _, text in TEXTS}


def test_the_shoes_reasons_are_the_tables_misread_codes_and_the_events():
    published = set(load_schema("card_misread")["properties"]["data"]["properties"]["reason"]["enum"])
    assert {m.value for m in MisreadReason} == published
    # the simulated shoe's empty draw is the one reason of the drivers' own: the event says no_read for it
    assert {m.value for m in NoReadReason} == published | {NoReadReason.EMPTY.value}
