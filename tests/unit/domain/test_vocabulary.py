"""The table's vocabulary as enums (dealer_station.domain.status, dealer_station.domain.staff, the replay's step
kinds): each member's text is exactly the one the journal, the events, their schemas and the docs use, a member
writes the same JSON as its text, and a text read back (journal, accounts file, broker payload, recording) is the
member again; an unknown text stays the text it was."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dealer_station.app.accounts import ROLES
from dealer_station.app.controller import Controller
from dealer_station.app.platform_events import table_status
from dealer_station.app.replay import StepKind, load_session
from dealer_station.app.views import RoundRecord
from dealer_station.domain.acts import InputKind
from dealer_station.domain.enums import member_or_text
from dealer_station.domain.facts import RoundStatus
from dealer_station.domain.staff import Actor, Role, SignInMethod
from dealer_station.domain.states import TableState
from dealer_station.domain.status import OfflineReason, StationStatus, TableStatusCode
from dealer_station.domain.table import TableMachine
from dealer_station.journal.rows import canonical
from dealer_station.publish.status import status_payload
from dealer_station.schemas import load_schema
from drivers.sessions import SESSION_FORMAT
from tests.support.table import DEALER, DEALER_PIN, SUP, Table, make_accounts

DOCS = Path(__file__).resolve().parents[3] / "docs"

TEXTS = [
    (TableStatusCode, {"CLOSED": "closed", "SHUFFLING": "shuffling", "OPEN": "open", "PAUSED": "paused",
                       "SHOE_CHANGE": "shoe_change"}),
    (StationStatus, {"ONLINE": "online", "OFFLINE": "offline"}),
    (OfflineReason, {"STOPPED": "stopped", "CONNECTION_LOST": "connection_lost", "SWITCHED_BROKER": "switched_broker",
                     "JOURNAL_FAILURE": "journal_failure"}),
    (RoundStatus, {"COMPLETED": "completed", "VOIDED": "voided", "IN_PROGRESS": "in_progress",
                   "DEALT": "dealt"}),
    (Role, {"DEALER": "dealer", "SUPERVISOR": "supervisor"}),
    (SignInMethod, {"PIN": "pin", "BADGE": "badge", "CONFIGURED": "configured", "DEMO": "demo"}),
    (Actor, {"DEALER": "dealer", "TIMER": "timer", "SUPERVISOR": "supervisor", "PUBLISHER": "publisher"}),
    (StepKind, {"BYTES": "bytes", "RAW_FRAME": "raw_frame", "FRAME": "frame", "LINK": "link", "ACT": "act"}),
]
IDS = [cls.__name__ for cls, _ in TEXTS]


def _schema_enum(name: str, *path: str) -> set[str]:
    node = load_schema(name)
    for key in path:
        node = node[key]
    return set(node["enum"])


def _doc(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


@pytest.mark.parametrize(("cls", "texts"), TEXTS, ids=IDS)
def test_every_member_has_its_text_in_order(cls, texts):
    assert [(m.name, m.value) for m in cls] == list(texts.items())


@pytest.mark.parametrize(("cls", "texts"), TEXTS, ids=IDS)
def test_a_member_writes_and_reads_back_as_its_text(cls, texts):
    for name, text in texts.items():
        member = cls[name]
        assert member == text and str(member) == text and f"{member}" == text and hash(member) == hash(text)
        assert canonical({"v": member}) == canonical({"v": text}) == json.dumps({"v": text}, separators=(",", ":"))
        back = member_or_text(cls, json.loads(canonical({"v": member}))["v"])
        assert back is member
    unknown = member_or_text(cls, "no_such_text")
    assert unknown == "no_such_text" and type(unknown) is str


def test_the_table_status_texts_are_the_events_and_every_state_has_its_member():
    assert {m.value for m in TableStatusCode} == _schema_enum(
        "table_status", "properties", "data", "properties", "status")
    row = next(line for line in _doc("events.md").splitlines() if line.startswith("| `table_status` |"))
    assert {m.value for m in TableStatusCode} <= set(re.findall(r"`([a-z_]+)`", row))
    statuses = {state: table_status(state) for state in TableState}
    assert all(type(s) is TableStatusCode for s in statuses.values()) and set(statuses.values()) == set(TableStatusCode)
    assert all(table_status(state.value) is status for state, status in statuses.items())  # a state read back


def test_the_round_status_texts_are_the_events_and_a_recorded_round_reads_back_as_its_member():
    data = lambda name: load_schema(name)["properties"]["data"]["properties"]["status"]["const"]  # noqa: E731
    assert (data("round_result"), data("round_voided")) == (RoundStatus.COMPLETED.value, RoundStatus.VOIDED.value)
    assert f"`{RoundStatus.IN_PROGRESS.value}`" in _doc("reports.md")
    recorded = json.loads(canonical({"shoe": 1, "round": 2, "status": "voided", "reason": "r"}))
    assert RoundRecord.from_output(recorded).status is RoundStatus.VOIDED
    assert RoundRecord.from_output({**recorded, "status": "abandoned"}).status == "abandoned"


def test_the_station_status_texts_are_the_retained_messages():
    assert {m.value for m in StationStatus} == _schema_enum("station_status", "properties", "status")
    assert {m.value for m in OfflineReason} == _schema_enum("station_status", "properties", "reason")
    kw = {"table_id": "T1", "client_id": "c", "station_info": {}}
    sent = json.loads(status_payload(StationStatus.OFFLINE, reason=OfflineReason.STOPPED, **kw))
    plain = json.loads(status_payload("offline", reason="stopped", **kw))
    assert {k: v for k, v in sent.items() if k != "ts"} == {k: v for k, v in plain.items() if k != "ts"}
    assert member_or_text(StationStatus, sent["status"]) is StationStatus.OFFLINE
    assert member_or_text(OfflineReason, sent["reason"]) is OfflineReason.STOPPED


def test_the_roles_are_the_accounts_and_an_accounts_file_reads_back_as_them(tmp_path):
    assert ROLES == tuple(m.value for m in Role)
    accounts = make_accounts(tmp_path / "accounts.json")
    assert {a.user: a.role for a in accounts.list()} == {SUP: Role.SUPERVISOR, DEALER: Role.DEALER}
    assert all(type(a.role) is Role for a in accounts.list())
    stored = json.loads((tmp_path / "accounts.json").read_text(encoding="utf-8"))
    stored = stored.get("users", stored)
    assert {stored[SUP]["role"], stored[DEALER]["role"]} == {"supervisor", "dealer"}
    readme = (DOCS.parent / "README.md").read_text(encoding="utf-8")
    assert all(f"--role {m.value}" in readme for m in Role)


def test_an_unknown_role_in_the_accounts_file_stays_its_text(tmp_path):
    path = tmp_path / "accounts.json"
    accounts = make_accounts(path)
    text = path.read_text(encoding="utf-8").replace('"dealer"', '"croupier"')
    path.write_text(text, encoding="utf-8")
    (dealer,) = [a for a in accounts.list() if a.user == DEALER]
    assert dealer.role == "croupier" and type(dealer.role) is str


def test_the_sign_in_methods_are_the_journals_and_read_back_after_a_restart(tmp_path):
    page = _doc("controller.md")
    assert all(f"`{m.value}`" in page for m in SignInMethod)
    t = Table(tmp_path, tmp_path / "j.db")
    t.ctl.sign_in(DEALER, DEALER_PIN)
    (row,) = [r.body for r in t.journal.rows(kinds=("input",)) if r.body.get("act") == "sign_in"]
    assert row["args"] == {"user": DEALER, "how": "pin"}
    assert t.ctl.snapshot().dealer_how is SignInMethod.PIN
    again = Controller(t.cfg, t.journal, accounts=t.accounts, clock=t.clock, monotonic=t.clock.monotonic)
    assert again.snapshot().dealer == DEALER and again.snapshot().dealer_how is SignInMethod.PIN


@pytest.mark.parametrize(("recorded", "expected"), [("badge", SignInMethod.BADGE), ("wand", "wand"), (None, None),
                                                    ("configured", SignInMethod.CONFIGURED)])
def test_who_was_at_the_table_before_a_shoe_reads_back_as_the_sign_in_method(recorded, expected):
    m = TableMachine()
    m.restore_before_shoe(3, True, staff={"dealer": DEALER, "how": recorded})
    assert m.signed_in_how == expected and type(m.signed_in_how) is type(expected)
    assert m.staff() == {"dealer": DEALER, "how": recorded}


def test_the_actors_are_input_kinds_and_the_events_betting_closed_by():
    assert {m.value for m in Actor} <= {k.value for k in InputKind}
    closed_by = load_schema("betting_closed")["properties"]["data"]["properties"]["by"]["examples"]
    assert closed_by == [Actor.DEALER.value, Actor.TIMER.value]


def test_a_recorded_sessions_steps_read_back_as_step_kinds_and_actors(tmp_path):
    page = _doc("replay.md")
    assert all(f"`{m.value}`" in page for m in StepKind) and all(f"`{m.value}`" in page for m in Actor)
    path = tmp_path / "s.jsonl"
    header = {"format": SESSION_FORMAT, "version": 1, "profile": {
        "name": "x", "transport": "serial", "codec": "lines", "options": {}, "codec_options": {}}}
    lines = [header, {"t": 0.1, "dir": "link", "event": "connected"},
             {"t": 0.2, "dir": "rx", "hex": b"AS\r\n".hex()},
             {"t": 0.3, "dir": "act", "by": "dealer", "act": "open_betting"},
             {"t": 0.4, "dir": "act", "by": "timer", "act": "close_betting"},
             {"t": 0.5, "dir": "act", "by": "supervisor", "act": "resume", "user": SUP, "reason": "r", "note": "n"}]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    steps = load_session(path).steps
    assert [s.kind for s in steps] == [StepKind.LINK, StepKind.BYTES, StepKind.ACT, StepKind.ACT, StepKind.ACT]
    assert all(type(s.kind) is StepKind for s in steps)
    assert [s.act["by"] for s in steps if s.act] == [Actor.DEALER, Actor.TIMER, Actor.SUPERVISOR]
    assert all(type(s.act["by"]) is Actor for s in steps if s.act)
