"""Station configuration validation, accounts with argon2id PINs and lockout, and their commands."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from dealer_station.app.accounts import Accounts, AccountsError, AuthError
from dealer_station.app.config import ConfigError, config_from_dict, default_config_path, load_config
from tests.conftest import run_cli
from tests.support.table import FakeClock, Table, cheap_hasher


def test_shipped_configuration_is_valid():
    config = load_config(default_config_path())
    assert config.table_id == "T1" and config.decks == 8 and config.max_misreads == 3
    assert config.burn_ace == 1 and not config.burn_indicator_counts and config.cut_between_rounds == "one_more"
    assert run_cli("config", "check", str(default_config_path())).returncode == 0


@pytest.mark.parametrize("data, key, value, allowed", [
    ({"table": {"mode": "euro"}}, "table.mode", "'euro'", "no-commission"),
    ({"table": {"id": "T 1"}}, "table.id", "'T 1'", "letters"),
    ({"table": {"paytable": "nope"}}, "table.paytable", "'nope'", "shipped"),
    ({"table": {"offered_bets": ["player", "dragon"]}}, "table.offered_bets", "'dragon'", "banker"),
    ({"table": {"paytable": "sheet-004", "offered_bets": ["lucky_six"]}}, "table.offered_bets", "'lucky_six'",
     "player"),
    ({"burn": {"ace_burns": 2}}, "burn.ace_burns", "2", "1 or 11"),
    ({"burn": {"indicator_counts": "yes"}}, "burn.indicator_counts", "'yes'", "true or false"),
    ({"cut_card": {"between_rounds": "two"}}, "cut_card.between_rounds", "'two'", "one_more"),
    ({"shoe": {"decks": 9}}, "shoe.decks", "9", "1..8"),
    ({"shoe": {"max_misreads": 0}}, "shoe.max_misreads", "0", "1..20"),
    ({"shoe": {"cut_min": 90, "cut_max": 80}}, "shoe.cut_min/cut_max", "90", "cut_min <= cut_max"),
    ({"betting": {"window_seconds": -1}}, "betting.window_seconds", "-1", ">= 0"),
    ({"betting": {"window_seconds": float("inf")}}, "betting.window_seconds", "inf", ">= 0"),
    ({"betting": {"window_seconds": float("nan")}}, "betting.window_seconds", "nan", ">= 0"),
    ({"betting": {"window_seconds": 10 ** 9}}, "betting.window_seconds", "1000000000", "<= 86400"),
    ({"limits": {"difference": "lots"}}, "limits.difference", "'lots'", "amount"),
    ({"table": {"colour": "green"}}, "table.colour", "unknown key", "offered_bets"),
    ({"tabel": {}}, "tabel", "unknown section", "table"),
])
def test_every_error_names_key_value_and_allowed(data, key, value, allowed):
    with pytest.raises(ConfigError) as err:
        config_from_dict(data, source="station.toml")
    line = next(e for e in err.value.errors if e.startswith(key))
    assert value in line and allowed in line


def test_all_errors_reported_together_and_check_command(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('[table]\nmode = "euro"\n[shoe]\ndecks = 0\n')
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert len(err.value.errors) == 2
    proc = run_cli("config", "check", str(path))
    assert proc.returncode == 1 and "table.mode" in proc.stdout and "shoe.decks" in proc.stdout
    path.write_text("[table\n")
    proc = run_cli("config", "check", str(path))
    assert proc.returncode == 1 and "not valid TOML" in proc.stdout


def test_offered_bets_restrict_the_rounds(tmp_path):
    config = config_from_dict({"table": {"offered_bets": ["player", "banker", "tie", "lucky_six"],
                                         "mode": "no-commission"}})
    settings = config.table_settings()
    assert settings.offered_in(50) == ("player", "banker", "tie", "lucky_six")
    assert settings.offered_in(51) == ("player", "banker", "tie")
    assert config.paytable.mode.value == "no-commission"


def test_run_refuses_a_bad_configuration(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('[shoe]\ndecks = 12\n')
    proc = run_cli("run", "--headless", "--shoe", "sim", "--auto", "--config", str(path), "--journal",
                   str(tmp_path / "j.sqlite"))
    assert proc.returncode == 2 and "shoe.decks" in proc.stderr and not (tmp_path / "j.sqlite").exists()


def test_controller_refuses_a_bad_configuration_built_by_hand():
    from dealer_station.app.config import StationConfig
    from dealer_station.app.controller import Controller
    from dealer_station.journal import Journal

    good = config_from_dict({})
    with pytest.raises(ConfigError) as err:
        Controller(StationConfig(), Journal(":memory:"))  # no pay table
    assert "table.paytable" in str(err.value)
    import dataclasses

    with pytest.raises(ConfigError) as err:
        Controller(dataclasses.replace(good, max_misreads=0), Journal(":memory:"))
    assert "shoe.max_misreads" in str(err.value)


# ------------------------------------------------------------------ accounts

def test_pins_are_argon2id_hashes(tmp_path):
    accounts = Accounts(tmp_path / "a.json", hasher=cheap_hasher())
    accounts.add("sam", "supervisor", "2468")
    text = (tmp_path / "a.json").read_text()
    assert "2468" not in text and "$argon2id$" in text
    assert accounts.authenticate("sam", "2468").role == "supervisor"


@pytest.mark.parametrize("user, role, pin", [("s am", "supervisor", "1234"), ("sam", "boss", "1234"),
                                             ("sam", "dealer", "12"), ("sam", "dealer", "12ab")])
def test_bad_accounts_refused(tmp_path, user, role, pin):
    with pytest.raises(AccountsError):
        Accounts(tmp_path / "a.json", hasher=cheap_hasher()).add(user, role, pin)


def test_lockout_after_five_wrong_pins_for_five_minutes(tmp_path):
    clock = FakeClock()
    accounts = Accounts(tmp_path / "a.json", clock=clock, hasher=cheap_hasher(), monotonic=clock.monotonic)
    accounts.add("sam", "supervisor", "2468")
    for _ in range(4):
        with pytest.raises(AuthError):
            accounts.authenticate("sam", "1111")
    accounts.authenticate("sam", "2468")  # a right PIN resets the count
    for _ in range(5):
        with pytest.raises(AuthError) as err:
            accounts.authenticate("sam", "1111")
        assert err.value.code == "wrong_pin"
    with pytest.raises(AuthError) as err:
        accounts.authenticate("sam", "2468")
    assert err.value.code == "locked"
    # the lock is in the file: a new Accounts object (a restarted station) still refuses
    again = Accounts(tmp_path / "a.json", clock=clock, hasher=cheap_hasher(), monotonic=clock.monotonic)
    with pytest.raises(AuthError):
        again.authenticate("sam", "2468")
    clock.advance(timedelta(minutes=5).total_seconds())
    assert again.authenticate("sam", "2468").failures == 0


def test_disabled_and_unknown(tmp_path):
    accounts = Accounts(tmp_path / "a.json", hasher=cheap_hasher())
    accounts.add("dana", "dealer", "1357")
    accounts.disable("dana")
    with pytest.raises(AuthError) as err:
        accounts.authenticate("dana", "1357")
    assert err.value.code == "disabled"
    with pytest.raises(AuthError) as err:
        accounts.authenticate("nobody", "1357")
    assert err.value.code == "unknown_user"
    with pytest.raises(AuthError) as err:
        accounts.add("dana", "dealer", "1357") and accounts.authenticate("dana", "1357", role="supervisor")
    assert err.value.code == "not_supervisor"


def test_users_command(tmp_path):
    path = str(tmp_path / "acc.json")
    proc = run_cli("users", "--accounts", path, "add", "sam", "--role", "supervisor", "--pin-stdin", input="2468\n")
    assert proc.returncode == 0, proc.stderr
    assert run_cli("users", "--accounts", path, "add", "dana", "--role", "dealer", "--pin-stdin",
                   input="1357\n").returncode == 0
    proc = run_cli("users", "--accounts", path, "list")
    assert proc.stdout.splitlines() == ["dana\tdealer\tactive", "sam\tsupervisor\tactive"]
    assert run_cli("users", "--accounts", path, "disable", "dana").returncode == 0
    assert "dana\tdealer\tdisabled" in run_cli("users", "--accounts", path, "list").stdout
    proc = run_cli("users", "--accounts", path, "add", "x", "--role", "dealer", "--pin-stdin", input="12\n")
    assert proc.returncode == 2 and "4-12 digits" in proc.stderr
    assert json.loads(open(path).read())["users"]["sam"]["hash"].startswith("$argon2id$")


@pytest.mark.parametrize("record", ["not a record", {"role": "supervisor", "hash": "x", "locked_until": "soon"},
                                    {"role": "supervisor", "hash": "x", "locked_until": "2026-11-30T04:00:00"},
                                    {"role": "supervisor", "hash": "x", "failures": "many"}])
def test_a_damaged_account_record_is_refused_never_raised_past_the_station(tmp_path, record):
    path = tmp_path / "a.json"
    accounts = Accounts(path, clock=FakeClock(), hasher=cheap_hasher())
    accounts.add("sam", "supervisor", "2468")
    data = json.loads(path.read_text())
    data["users"]["sam"] = record
    path.write_text(json.dumps(data))
    with pytest.raises(AuthError) as err:
        accounts.authenticate("sam", "1111")
    assert err.value.code == "no_accounts" and "'sam' is damaged" in str(err.value)
    t = Table(tmp_path, accounts=accounts)
    t.start_shoe()
    t.ctl.dealer("open_betting")
    t.card("8H")   # a card while betting: paused for the supervisor
    with pytest.raises(AuthError):
        t.sup("resume")
    assert t.kinds()[-1] == "auth_refused" and t.state == "paused"


def test_an_accounts_file_that_cannot_be_written_still_counts_the_pin(tmp_path, monkeypatch):
    accounts = Accounts(tmp_path / "a.json", clock=FakeClock(), hasher=cheap_hasher())
    accounts.add("sam", "supervisor", "2468")
    with pytest.raises(AuthError):
        accounts.authenticate("sam", "1111")

    def refuse(users):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(accounts, "_save", refuse)
    with pytest.raises(AuthError) as err:
        accounts.authenticate("sam", "1111")
    assert err.value.code == "wrong_pin" and "could not be recorded" in str(err.value)
    assert accounts.authenticate("sam", "2468", role="supervisor").failures == 0
    assert accounts.list()[0].failures == 1   # the reset was not written: the file keeps the count


def test_an_unreadable_configuration_file_is_a_config_error(tmp_path, monkeypatch):
    path = tmp_path / "station.toml"
    path.write_text("[table]\nid = 'T1'\n")

    def denied(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_text", denied)
    with pytest.raises(ConfigError, match="cannot be read"):
        load_config(path)


def test_users_command_names_a_damaged_or_unwritable_accounts_file(tmp_path):
    path = tmp_path / "acc.json"
    path.write_text(json.dumps({"version": 1, "users": {"sam": "not a record"}}))
    for args in (("list",), ("disable", "sam")):
        proc = run_cli("users", "--accounts", str(path), *args)
        assert proc.returncode == 2 and "'sam' is damaged" in proc.stderr and "Traceback" not in proc.stderr
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    proc = run_cli("users", "--accounts", str(blocked / "acc.json"), "add", "sam", "--role", "supervisor",
                   "--pin-stdin", input="2468\n")   # its folder is a file: it cannot be written
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "acc.json" in proc.stderr
