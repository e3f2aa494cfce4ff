"""The station's key pair and its signatures: ``keys init|show``, ``--signing-key`` and ``[station] signing_key``
on the commands that deal, every stored event signed over its canonical text (anchor included), and the two
checks docs/events.md gives a platform (Python and Node.js), run as printed there on a station's real events."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
import stat
import subprocess
import textwrap

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from dealer_station.schemas import validate_event
from tests.conftest import ROOT, run_cli

DOCS = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")


def docs_block(language: str, starts: str) -> str:
    """The fenced ``language`` block of docs/events.md whose first line starts with ``starts``."""
    for block in re.findall(rf"```{language}\n(.*?)```", DOCS, flags=re.S):
        if block.startswith(starts):
            return block
    raise AssertionError(f"docs/events.md has no {language} block starting {starts!r}")


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    out = tmp_path_factory.mktemp("keys")
    proc = run_cli("keys", "init", "--table-id", "T1", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    return out


@pytest.fixture(scope="module")
def signed_journal(keys, tmp_path_factory):
    path = tmp_path_factory.mktemp("signed") / "journal.sqlite"
    proc = run_cli("simulate", "--shoes", "1", "--seed", "11", "--journal", str(path),
                   "--signing-key", str(keys / "T1.key"))
    assert proc.returncode == 0, proc.stderr
    return path


def payloads(path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return [p for (p,) in conn.execute("SELECT payload FROM outbox ORDER BY event_id")]


def test_keys_init_writes_a_private_key_only_its_owner_reads_and_the_public_key(keys):
    private, public = keys / "T1.key", keys / "T1.pub"
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
    assert "PRIVATE KEY" in private.read_text() and "PUBLIC KEY" in public.read_text()
    shown = [run_cli("keys", "show", str(p)) for p in (private, public)]
    assert all(p.returncode == 0 for p in shown)
    ids = {p.stdout.splitlines()[0] for p in shown}
    assert len(ids) == 1 and re.fullmatch(r"key id [0-9a-f]{16}", ids.pop())
    assert public.read_text() in shown[0].stdout   # the private key's public half is the .pub file


def test_keys_init_never_overwrites_a_key_and_names_bad_input_in_one_line(keys, tmp_path):
    before = (keys / "T1.key").read_bytes()
    proc = run_cli("keys", "init", "--table-id", "T1", "--out", str(keys))
    assert proc.returncode == 2 and "exists already" in proc.stderr and proc.stderr.count("\n") == 1
    assert (keys / "T1.key").read_bytes() == before
    for table_id in ("", "T 1", "x" * 33, "-T1"):
        proc = run_cli("keys", "init", "--table-id", table_id, "--out", str(tmp_path))
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1, (table_id, proc.stderr)
    junk = tmp_path / "junk.pub"
    junk.write_text("not a key")
    proc = run_cli("keys", "show", str(junk))
    assert proc.returncode == 2 and "not a PEM public key" in proc.stderr and proc.stderr.count("\n") == 1


def test_every_stored_event_is_signed_and_valid_and_the_chain_still_verifies(keys, signed_journal):
    from dealer_station.signing import TrustStore

    trust = TrustStore(keys)
    events = [json.loads(p) for p in payloads(signed_journal)]
    assert len(events) > 100
    for event in events:
        assert trust.problem("T1", event) is None, event
        assert validate_event(event) == [], event
    assert run_cli("journal", "verify", str(signed_journal)).returncode == 0
    assert run_cli("journal", "replay", str(signed_journal)).returncode == 0
    changed = {**events[5], "journal_seq": events[5]["journal_seq"] + 1}   # the anchor is signed too
    assert "does not verify" in trust.problem("T1", changed)


def test_the_python_check_in_the_docs_accepts_the_station_and_refuses_a_changed_event(keys, signed_journal):
    scope: dict = {}
    exec(compile(docs_block("python", "import base64"), "docs/events.md", "exec"), scope)   # noqa: S102
    check = scope["station_signed"]
    pem = (keys / "T1.pub").read_bytes()
    texts = payloads(signed_journal)
    assert all(check(t.encode(), pem) for t in texts)
    result = next(t for t in texts if '"type":"round_result"' in t)
    winner = json.loads(result)["data"]["winner"]
    forged = result.replace(f'"winner":"{winner}"', '"winner":"tie"' if winner != "tie" else '"winner":"banker"')
    assert forged != result and not check(forged.encode(), pem)
    unsigned = json.dumps({k: v for k, v in json.loads(result).items() if k != "signature"})
    assert not check(unsigned.encode(), pem)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed: the Node.js check is not run")
def test_the_node_check_in_the_docs_accepts_the_station_and_refuses_a_changed_event(keys, signed_journal, tmp_path):
    texts = payloads(signed_journal)
    result = next(t for t in texts if '"type":"round_result"' in t)
    forged = result.replace('"round_number":', '"round_number":1', 1)
    (tmp_path / "events.json").write_text(json.dumps(texts + [forged]))
    script = tmp_path / "check.js"
    script.write_text(docs_block("js", "const crypto") + textwrap.dedent(f"""
        const fs = require("node:fs");
        const pem = fs.readFileSync({json.dumps(str(keys / "T1.pub"))}, "utf8");
        const texts = JSON.parse(fs.readFileSync({json.dumps(str(tmp_path / "events.json"))}, "utf8"));
        console.log(JSON.stringify(texts.map((t) => stationSigned(t, pem))));
    """))
    proc = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    verdicts = json.loads(proc.stdout)
    assert verdicts[:-1] == [True] * len(texts) and verdicts[-1] is False


def test_the_configuration_names_the_key_and_the_option_wins(keys, tmp_path):
    other = tmp_path / "other"
    assert run_cli("keys", "init", "--table-id", "T1", "--out", str(other)).returncode == 0
    config = tmp_path / "station.toml"
    shipped = (ROOT / "config" / "station.toml").read_text()
    assert "\n[station]\n" in shipped
    config.write_text(shipped.replace("\n[station]\n", f'\n[station]\nsigning_key = "{keys / "T1.key"}"\n', 1))
    key_ids = {}
    for name, extra in (("config", []), ("option", ["--signing-key", str(other / "T1.key")])):
        path = tmp_path / f"{name}.sqlite"
        proc = run_cli("simulate", "--shoes", "1", "--decks", "1", "--seed", "2", "--config", str(config),
                       "--journal", str(path), *extra)
        assert proc.returncode == 0, proc.stderr
        key_ids[name] = {json.loads(p)["signature"]["key_id"] for p in payloads(path)}
    shown = {d: run_cli("keys", "show", str(d / "T1.pub")).stdout.split()[2] for d in (keys, other)}
    assert key_ids == {"config": {shown[keys]}, "option": {shown[other]}}


@pytest.mark.parametrize("command", ["simulate", "run"])
def test_a_key_that_cannot_sign_stops_the_command_in_one_line(tmp_path, command):
    rsa_like = tmp_path / "ec.key"
    rsa_like.write_bytes(ec.generate_private_key(ec.SECP256R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    garbage = tmp_path / "garbage.key"
    garbage.write_text("-----BEGIN PRIVATE KEY-----\nnope\n")
    extra = ["--headless", "--shoe", "sim", "--shoes", "1", "--auto"] if command == "run" else ["--shoes", "1"]
    for key, needle in ((rsa_like, "not Ed25519"), (garbage, "not an unencrypted PEM"),
                        (tmp_path / "missing.key", "cannot be read")):
        journal = tmp_path / f"{key.stem}.sqlite"
        proc = run_cli(command, *extra, "--journal", str(journal), "--signing-key", str(key))
        assert proc.returncode == 2 and needle in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr
        assert not journal.exists()   # nothing was opened


def test_an_unsigned_station_stays_as_it_was(tmp_path):
    path = tmp_path / "plain.sqlite"
    proc = run_cli("simulate", "--shoes", "1", "--decks", "1", "--seed", "4", "--journal", str(path))
    assert proc.returncode == 0
    assert not any('"signature"' in p for p in payloads(path))


def test_a_rotated_key_is_announced_once_under_the_old_key_and_a_platform_trusting_the_old_key_follows(
        keys, tmp_path):
    from dealer_station.signing import Signer, TrustStore, sign_object

    new = tmp_path / "new"
    assert run_cli("keys", "init", "--table-id", "T1", "--out", str(new)).returncode == 0
    path = tmp_path / "journal.sqlite"
    one_deck = tmp_path / "one_deck.toml"   # short shoes; the journal is re-run with the same configuration
    one_deck.write_text("[shoe]\ndecks = 1\ncut_min = 8\ncut_max = 10\n")
    config = ["--config", str(one_deck)]
    assert run_cli("simulate", *config, "--shoes", "1", "--seed", "5", "--journal", str(path),
                   "--signing-key", str(keys / "T1.key")).returncode == 0
    for _ in range(2):   # a restart with the same two keys announces nothing again
        proc = run_cli("simulate", *config, "--shoes", "1", "--journal", str(path), "--signing-key",
                       str(new / "T1.key"), "--previous-signing-key", str(keys / "T1.key"))
        assert proc.returncode == 0, proc.stderr
    events = [json.loads(p) for p in payloads(path)]
    announced = [e for e in events if e["type"] == "signing_key"]
    assert len(announced) == 1 and validate_event(announced[0]) == []
    old_id, new_id = (run_cli("keys", "show", str(d / "T1.pub")).stdout.split()[2] for d in (keys, new))
    assert announced[0]["signature"]["key_id"] == old_id and announced[0]["data"]["key_id"] == new_id
    after = [e for e in events if e["event_id"] > announced[0]["event_id"]]
    assert after and {e["signature"]["key_id"] for e in after} == {new_id}
    assert run_cli("journal", "verify", str(path)).returncode == 0
    assert run_cli("journal", "replay", *config, str(path)).returncode == 0
    trust = TrustStore(keys)   # the platform has only the old ID.pub
    assert [trust.accept("T1", e) for e in events] == [None] * len(events)
    from dealer_station.signing import load_signer

    forged = sign_object({**after[-1], "event_id": after[-1]["event_id"] + 1}, load_signer(keys / "T1.key"))
    assert "replaced at event" in trust.accept("T1", forged)   # the old key, stolen, speaks for nothing new
    assert "not trusted" in trust.accept("T1", sign_object(after[-1], Signer.generate()))


def test_a_previous_key_alone_or_the_same_key_twice_is_refused_in_one_line(keys, tmp_path):
    for extra, needle in ((["--previous-signing-key", str(keys / "T1.key")], "needs --signing-key"),
                          (["--signing-key", str(keys / "T1.key"), "--previous-signing-key", str(keys / "T1.key")],
                           "the same key")):
        proc = run_cli("simulate", "--shoes", "1", "--journal", str(tmp_path / "j.sqlite"), *extra)
        assert proc.returncode == 2 and needle in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr
