"""One table-id rule (docs/events.md "Table ids"): the station configuration, the topics and the schemas agree."""

from __future__ import annotations

import re

import pytest

from dealer_station.app.config import ConfigError, config_from_dict
from dealer_station.publish import BrokerConfigError
from dealer_station.publish.topics import TABLE_ID_PATTERN, events_topic, validate_table_id
from dealer_station.schemas import load_schema, validate
from tests.conftest import ROOT

SCHEMA_TABLE_ID = {"$ref": "common.json#/$defs/table_id"}


def _docs_rule() -> tuple[list[str], int]:
    """The example ids and the longest length that docs/events.md's "Table ids" paragraph states."""
    text = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    paragraph = re.search(r"\*\*Table ids\.\*\*(.*?)\n\n", text, re.S)
    assert paragraph, "docs/events.md has no **Table ids.** paragraph"
    words = " ".join(paragraph[1].split())
    longest = re.search(r"A table id is 1–(\d+) characters", words)
    examples = re.search(r"the first a letter or digit: (.*?)\. ", words)
    assert longest and examples, words
    return re.findall(r"`([^`]+)`", examples[1]), int(longest[1])


DOC_EXAMPLES, DOC_LONGEST = _docs_rule()


def test_the_schema_pattern_is_the_code_rule():
    assert load_schema("common")["$defs"]["table_id"]["pattern"] == TABLE_ID_PATTERN
    for name in ("envelope", "station_status", "replay_error"):
        assert load_schema(name)["properties"]["table_id"] == SCHEMA_TABLE_ID


def _config_takes(table_id: str) -> bool:
    try:
        return config_from_dict({"table": {"id": table_id}}).table_id == table_id
    except ConfigError:
        return False


def _topics_take(table_id: str) -> bool:
    try:
        return validate_table_id(table_id) == table_id and events_topic(table_id).count("/") == 3
    except BrokerConfigError:
        return False


def _schema_takes(table_id: str) -> bool:
    return validate(table_id, SCHEMA_TABLE_ID) == []


GOOD = [*DOC_EXAMPLES, "7", "a" * DOC_LONGEST, "A.b_c-9", "x-"]
BAD = ["", "-x", "_x", ".x", "a" * (DOC_LONGEST + 1), "T/1", "T+", "#", "T 1", "tä", "T1:", "\u0661"]


def test_the_docs_give_examples_and_a_bound():
    assert "T1" in DOC_EXAMPLES and len(DOC_EXAMPLES) >= 3 and DOC_LONGEST == 32


@pytest.mark.parametrize("table_id", GOOD)
def test_an_id_the_docs_allow_is_taken_by_each(table_id):
    assert (_config_takes(table_id), _topics_take(table_id), _schema_takes(table_id)) == (True, True, True)


@pytest.mark.parametrize("table_id", BAD)
def test_an_id_the_docs_refuse_is_refused_by_each(table_id):
    assert (_config_takes(table_id), _topics_take(table_id), _schema_takes(table_id)) == (False, False, False)


def test_a_final_newline_is_refused_by_the_code():
    # The rule is matched whole (re.fullmatch): a bare "$" would let "T1\n" by. ECMAScript's "$", the schemas',
    # does not either; Python's jsonschema does (its "pattern" is re.search), so the schema is not asked here.
    assert (_config_takes("T1\n"), _topics_take("T1\n")) == (False, False)


def test_the_refusals_say_the_rule():
    with pytest.raises(ConfigError, match=r"table\.id: 'T/1' is not allowed; allowed: 1-32 letters, digits, '\.'"):
        config_from_dict({"table": {"id": "T/1"}})
    with pytest.raises(BrokerConfigError, match=r"cannot name a topic: use 1-32 letters, digits, '\.'"):
        validate_table_id("T/1")
