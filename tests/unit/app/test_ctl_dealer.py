"""Who is at the table: a dealer signs in before betting opens, the shift rotation between rounds, the dealer
of every round (journal, round lines, RoundRecord, platform events), a dealer refused every supervisor act,
recovery and the audit with sign-ins, and journals made before sign-ins."""

from __future__ import annotations

import json

import pytest

from dealer_station import outbox
from dealer_station.app.accounts import AuthError
from dealer_station.app.controller import ActRefused, Controller
from dealer_station.app.replay import audit_journal
from dealer_station.domain.table import NO_DEALER, SUPERVISOR_ACTS
from dealer_station.journal import Journal
from dealer_station.schemas import validate_event
from drivers.frames import Connected
from tests.conftest import run_cli
from tests.support.table import DEALER, DEALER_PIN, SUP, SUP_PIN, Table, config, shoe_cards

ROUND = ("2H", "3D", "4S", "5C")  # player 2+4 = 6, banker 3+5 = 8: banker wins, no third card


def staffed(tmp_path, journal_path=":memory:", cfg=None, **kw) -> Table:
    """A table whose controller requires a dealer (as the console, run and simulate build it)."""
    t = Table(tmp_path, journal_path, cfg=cfg, **kw)
    t.ctl = Controller(t.cfg, t.journal, accounts=t.accounts, clock=t.clock, monotonic=t.clock.monotonic,
                       require_dealer=True)
    t.ctl.subscribe(t.facts.append)
    return t


def inputs(t: Table, act: str) -> list[dict]:
    return [r.body for r in t.journal.rows(kinds=("input",)) if r.body.get("act") == act]


def events(t: Table, kind: str) -> list[dict]:
    return [e.as_dict() for e in outbox.read_events(t.journal.conn) if e.type == kind]


# ------------------------------------------------------------------------------------------ sign-in first

def test_no_shoe_and_no_betting_until_a_dealer_signs_in(tmp_path):
    t = staffed(tmp_path)
    t.ctl.shoe_event(Connected("test"))
    with pytest.raises(ActRefused, match="no dealer is signed in"):
        t.ctl.dealer("new_shoe")
    assert t.state == "no_shoe"
    notes = [r.body for r in t.journal.rows(kinds=("note",)) if r.body.get("kind") == "act_refused"]
    assert notes and notes[-1]["act"] == "new_shoe" and "no dealer" in notes[-1]["why"]
    t.ctl.sign_in(DEALER, DEALER_PIN)
    assert t.ctl.signed_in == DEALER and t.ctl.snapshot().dealer == DEALER
    t.ctl.dealer("new_shoe")
    t.ctl.dealer("shuffled")
    t.card("2S", "9D", "9H")
    t.ctl.dealer("open_betting")
    assert t.state == "betting_open"
    # the journal holds the sign-in as a dealer input, user and how, never the PIN
    (signed,) = inputs(t, "sign_in")
    assert signed["args"] == {"user": DEALER, "how": "pin"} and DEALER_PIN not in json.dumps(signed)


def test_open_betting_refused_with_a_plain_reason_once_the_dealer_signed_out(tmp_path):
    t = Table(tmp_path)  # even without require_dealer: once a dealer has signed in, one must be signed in
    t.ctl.sign_in(DEALER, DEALER_PIN)
    t.start_shoe()
    t.ctl.sign_out()
    with pytest.raises(ActRefused) as refused:
        t.ctl.dealer("open_betting")
    assert refused.value.why == NO_DEALER and t.state == "ready"
    assert "SIGN IN" in t.ctl.snapshot().prompt
    t.ctl.sign_in(SUP, SUP_PIN)  # a supervisor may deal
    t.ctl.dealer("open_betting")
    assert t.state == "betting_open"


def test_the_automatic_betting_open_waits_for_a_dealer(tmp_path):
    t = Table(tmp_path, cfg=config(betting__auto_open=True))
    t.ctl.sign_in(DEALER, DEALER_PIN)
    t.start_shoe()
    assert t.state == "betting_open"  # opened by itself after the burn
    t.ctl.dealer("close_betting")
    t.card(*ROUND)
    t.ctl.dealer("confirm_result")
    assert t.state == "betting_open"
    t.ctl.dealer("close_betting")
    t.card(*ROUND)
    with pytest.raises(ActRefused, match="round 2 is open"):
        t.ctl.sign_out()
    t.ctl.dealer("confirm_result")
    assert t.state == "betting_open"
    # sign-out needs a table between rounds: with auto_open that is only after a void or before the burn ends
    t2 = Table(tmp_path / "b", cfg=config(betting__auto_open=True))
    t2.ctl.sign_in(DEALER, DEALER_PIN)
    t2.ctl.shoe_event(Connected("test"))
    t2.ctl.dealer("new_shoe")
    t2.ctl.dealer("shuffled")
    t2.ctl.sign_out()
    t2.card("2S", "9D", "9H")
    assert t2.state == "ready"
    assert [f.data["why"] for f in t2.facts if f.kind == "betting_not_opened"] == [NO_DEALER]
    t2.ctl.sign_in(SUP, SUP_PIN)
    assert t2.state == "betting_open"  # the dealer signed in: betting opens by itself


def test_a_wrong_pin_is_refused_counted_and_journaled(tmp_path):
    t = staffed(tmp_path)
    with pytest.raises(AuthError) as err:
        t.ctl.sign_in(DEALER, "9753")
    assert err.value.code == "wrong_pin" and t.ctl.signed_in is None
    assert [a.failures for a in t.accounts.list() if a.user == DEALER] == [1]
    refused = [r.body for r in t.journal.rows(kinds=("note",)) if r.body.get("kind") == "auth_refused"]
    assert refused[-1]["user"] == DEALER and refused[-1]["act"] == "sign_in" and "9753" not in json.dumps(refused)
    with pytest.raises(AuthError, match="no user"):
        t.ctl.sign_in("nobody", "1234")
    for _ in range(4):
        with pytest.raises(AuthError):
            t.ctl.sign_in(DEALER, "9753")
    with pytest.raises(AuthError) as locked:
        t.ctl.sign_in(DEALER, DEALER_PIN)  # five wrong PINs: locked, the right PIN too
    assert locked.value.code == "locked"
    with pytest.raises(AuthError) as badge:
        t.ctl.sign_in(DEALER, how="badge")
    assert t.ctl.signed_in is None and badge.value.code in ("wrong_pin", "locked")
    assert inputs(t, "sign_in") == []


def test_the_pin_cannot_be_skipped_through_dealer_acts(tmp_path):
    t = staffed(tmp_path)
    with pytest.raises(ActRefused, match="sign_in"):
        t.ctl.dealer("sign_in", user=DEALER, how="configured")
    assert t.ctl.signed_in is None and inputs(t, "sign_in") == []
    with pytest.raises(AuthError):
        t.ctl.sign_in(DEALER, how="demo")  # accounts exist: no demo dealer
    with pytest.raises(AuthError):
        t.ctl.sign_in(DEALER, "", how="nonsense")
    with pytest.raises(AuthError):
        t.ctl.sign_in(DEALER, "")  # no PIN
    assert t.ctl.signed_in is None


def test_a_badge_alone_signs_in_only_where_configured(tmp_path):
    t = staffed(tmp_path)
    with pytest.raises(AuthError, match="badge_signs_in"):
        t.ctl.sign_in(DEALER, "", how="badge")
    t.ctl.sign_in(DEALER, DEALER_PIN, how="badge")  # the badge filled the id, the PIN was typed
    assert t.ctl.snapshot().dealer_how == "badge"
    t2 = staffed(tmp_path / "b", cfg=config(console__badge_signs_in=True))
    t2.ctl.sign_in(DEALER, "", how="badge")
    assert t2.ctl.signed_in == DEALER and inputs(t2, "sign_in")[0]["args"] == {"user": DEALER, "how": "badge"}
    t2.accounts.disable(SUP)
    with pytest.raises(AuthError, match="disabled"):
        t2.ctl.sign_in(SUP, "", how="badge")
    with pytest.raises(AuthError, match="no user"):
        t2.ctl.sign_in("ghost", "", how="badge")


# ------------------------------------------------------------------------------------------ rotation

def test_rotation_mid_shoe_between_rounds_is_journaled_and_refused_mid_round(tmp_path):
    t = staffed(tmp_path)
    t.ctl.sign_in(DEALER, DEALER_PIN)
    t.start_shoe()
    t.round(*ROUND)
    t.open_round()
    t.card("2H")
    with pytest.raises(ActRefused, match="round 2 is open: the dealer changes between rounds"):
        t.ctl.sign_in(SUP, SUP_PIN)
    with pytest.raises(ActRefused, match="between rounds"):
        t.ctl.sign_out()
    assert t.ctl.signed_in == DEALER
    t.card("3D", "4S", "5C")
    t.ctl.dealer("confirm_result")
    t.ctl.sign_in(SUP, SUP_PIN)  # the shift rotation: the next dealer signs in, the one before is replaced
    changed = [f.data for f in t.facts if f.kind == "dealer_signed_in"]
    assert changed[-1] == {"dealer": SUP, "previous": DEALER, "how": "pin", "shoe": 1, "after_round": 2}
    t.round(*ROUND)
    t.ctl.dealer("call_supervisor", note="x")
    with pytest.raises(ActRefused, match="paused"):
        t.ctl.sign_in(DEALER, DEALER_PIN)
    t.sup("resume")
    records = t.ctl.recall()
    assert [r.dealer for r in records] == [DEALER, DEALER, SUP]
    assert [r.line()["dealer"] for r in records] == [DEALER, DEALER, SUP]
    results = events(t, "round_result")
    assert [e["data"]["dealer"] for e in results] == [DEALER, DEALER, SUP]
    assert all(validate_event(e) == [] for e in results)
    # every decision after the first sign-in says who is at the table
    decisions = list(t.journal.rows(kinds=("decision",)))
    assert decisions[-1].body["staff"] == {"dealer": SUP, "how": "pin"}


def test_a_voided_round_names_its_dealer(tmp_path):
    t = staffed(tmp_path)
    t.ctl.sign_in(DEALER, DEALER_PIN)
    t.start_shoe()
    t.open_round()
    t.card("2H")
    t.ctl.dealer("call_supervisor", note="x")
    t.sup("void_round")
    (voided,) = events(t, "round_voided")
    assert voided["data"]["dealer"] == DEALER and validate_event(voided) == []
    assert t.ctl.recall()[0].dealer == DEALER


# --------------------------------------------------------------- a dealer can do nothing a supervisor must

@pytest.mark.parametrize("act", SUPERVISOR_ACTS)
def test_a_dealer_pin_is_refused_for_every_supervisor_act(tmp_path, act):
    t = staffed(tmp_path)
    t.ctl.sign_in(DEALER, DEALER_PIN)
    t.start_shoe()
    t.open_round()
    t.card("2H", "3D", "4S")
    t.ctl.dealer("call_supervisor", note="x")
    args = {"enter_card": {"token": "5C"}, "move_card": {"from_position": "player1", "to_position": "player2"}}
    before = len(list(t.journal.rows(kinds=("input",))))
    with pytest.raises(AuthError) as err:
        t.ctl.supervisor(act, user=DEALER, pin=DEALER_PIN, reason="fix", note="by the dealer",
                         **args.get(act, {}))
    assert err.value.code == "not_supervisor"
    assert t.state == "paused" and len(list(t.journal.rows(kinds=("input",)))) == before
    refused = [r.body for r in t.journal.rows(kinds=("note",)) if r.body.get("kind") == "auth_refused"]
    assert refused[-1]["act"] == act and refused[-1]["user"] == DEALER


# ------------------------------------------------------------------------------- recovery and the audit

def test_recovery_keeps_the_dealer_signed_in_before_the_open_shoe(tmp_path):
    path = tmp_path / "j.sqlite"
    t = staffed(tmp_path, Journal(path), cfg=config(shoe__decks=1, shoe__cut_min=40, shoe__cut_max=40))
    t.ctl.sign_in(DEALER, DEALER_PIN)
    t.start_shoe()
    cards = shoe_cards(3)
    t.deal_from(cards)
    t.cut()  # the cut card between rounds: one more round, then the shoe ends
    t.deal_from(cards)
    assert t.state == "shoe_end"
    t.ctl.sign_in(SUP, SUP_PIN)  # a rotation between shoes
    t.ctl.dealer("change_shoe")
    t.ctl.dealer("new_shoe")
    t.ctl.dealer("shuffled")
    t.card("2S", "9D", "9H")
    t.open_round()
    t.card("2H")
    t.journal.close()  # the station stops mid-round (a crash: nothing else is written)

    again = staffed(tmp_path, Journal(path), cfg=t.cfg, accounts=t.accounts)
    assert again.ctl.signed_in == SUP and again.ctl.snapshot().dealer_how == "pin"
    assert again.state == "dealing"
    again.card("3D", "4S", "5C")
    again.ctl.dealer("confirm_result")
    assert [r.dealer for r in again.ctl.recall()] == [DEALER, DEALER, SUP]
    # the audit re-runs every input, sign-ins included, on a fresh controller: identical
    report = audit_journal(again.journal, again.cfg)
    assert report.ok, report.message
    again.journal.close()


def test_the_audit_names_a_changed_sign_in(tmp_path):
    path = tmp_path / "j.sqlite"
    t = staffed(tmp_path, Journal(path))
    t.ctl.sign_in(DEALER, DEALER_PIN)
    t.start_shoe()
    t.round(*ROUND)
    t.ctl.sign_out()
    t.ctl.sign_in(SUP, SUP_PIN)
    t.round(*ROUND)
    assert audit_journal(t.journal, t.cfg).ok
    t.journal.close()
    proc = run_cli("journal", "replay", str(path))
    assert proc.returncode == 0, proc.stderr
    assert "identical" in proc.stdout


def test_a_journal_made_before_sign_ins_still_recovers_with_no_dealer(tmp_path):
    path = tmp_path / "old.sqlite"
    t = Table(tmp_path, Journal(path))  # no sign-in: what a station wrote before dealers signed in
    t.start_shoe()
    t.round(*ROUND)
    t.open_round()
    t.card("2H")
    rows = list(t.journal.rows(kinds=("decision",)))
    assert all("staff" not in r.body for r in rows)
    t.journal.close()

    again = staffed(tmp_path, Journal(path), cfg=t.cfg, accounts=t.accounts)
    assert again.ctl.signed_in is None and again.state == "dealing"
    again.card("3D", "4S", "5C")
    again.ctl.dealer("confirm_result")
    first, second = again.ctl.recall()
    assert first.dealer is None and second.dealer is None and "dealer" not in first.line()
    with pytest.raises(ActRefused, match="no dealer"):
        again.ctl.dealer("open_betting")  # the station now requires one
    again.ctl.sign_in(DEALER, DEALER_PIN)
    again.round(*ROUND)
    assert again.ctl.recall()[-1].dealer == DEALER
    assert audit_journal(again.journal, again.cfg).ok
    again.journal.close()


# ------------------------------------------------------------------------- configured dealer (headless)

def test_the_configured_dealer_is_a_journaled_sign_in_without_pin(tmp_path):
    t = staffed(tmp_path)
    assert t.ctl.sign_in_configured("auto") is True
    assert t.ctl.sign_in_configured("auto") is False  # already signed in: nothing journaled again
    assert inputs(t, "sign_in") == [{"kind": "dealer", "act": "sign_in", "args": {"user": "auto",
                                     "how": "configured"}, "ts": inputs(t, "sign_in")[0]["ts"]}]
    t.start_shoe()
    t.open_round()
    t.card("2H")
    assert t.ctl.sign_in_configured("other") is False  # mid-round: the dealer signed in deals on
    assert t.ctl.signed_in == "auto"


def test_simulate_and_run_name_the_configured_dealer(tmp_path):
    cfg = tmp_path / "station.toml"
    cfg.write_text('[table]\nid = "T1"\ndealer = "ana"\n[shoe]\ndecks = 1\ncut_min = 10\ncut_max = 12\n')
    proc = run_cli("simulate", "--json", "--seed", "4", "--config", str(cfg))
    assert proc.returncode == 0, proc.stderr
    rounds = [json.loads(x) for x in proc.stdout.splitlines() if '"round"' in x]
    assert rounds and {r["dealer"] for r in rounds} == {"ana"}
    journal = tmp_path / "run.sqlite"
    proc = run_cli("simulate", "--json", "--seed", "4", "--config", str(cfg), "--dealer", "bo",
                   "--journal", str(journal))
    assert {json.loads(x)["dealer"] for x in proc.stdout.splitlines() if '"round"' in x} == {"bo"}
    with Journal(journal, readonly=True) as j:
        signs = [r.body["args"] for r in j.rows(kinds=("input",)) if r.body.get("act") == "sign_in"]
        results = [e.as_dict()["data"] for e in outbox.read_events(j.conn) if e.type == "round_result"]
    assert signs == [{"user": "bo", "how": "configured"}]
    assert results and {d["dealer"] for d in results} == {"bo"}
    bad = run_cli("simulate", "--dealer", "no spaces")
    assert bad.returncode == 2 and "--dealer" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    cfg.write_text('[table]\ndealer = "a b"\n')
    bad = run_cli("simulate", "--config", str(cfg))
    assert bad.returncode == 2 and "table.dealer" in bad.stderr



def test_with_the_automatic_open_the_next_dealer_takes_over_while_betting_is_open(tmp_path):
    t = Table(tmp_path, cfg=config(betting__auto_open=True))
    t.ctl.sign_in(DEALER, DEALER_PIN)
    t.start_shoe()
    t.ctl.dealer("close_betting")
    t.card(*ROUND)
    t.ctl.dealer("confirm_result")
    assert t.state == "betting_open"  # round 2 opened by itself: no moment between rounds
    with pytest.raises(ActRefused, match="round 2 is open"):
        t.ctl.sign_out()  # a round open with nobody dealing: refused
    t.ctl.sign_in(SUP, SUP_PIN)  # no card out yet: the next dealer takes over
    t.ctl.dealer("close_betting")
    t.card("2H")
    with pytest.raises(ActRefused, match="round 2 is open"):
        t.ctl.sign_in(DEALER, DEALER_PIN)  # a card is out: refused
    t.card("3D", "4S", "5C")
    t.ctl.dealer("confirm_result")
    assert [r.dealer for r in t.ctl.recall()] == [DEALER, SUP]
