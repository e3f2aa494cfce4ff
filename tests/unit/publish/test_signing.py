"""The station's Ed25519 keys and signatures (dealer_station/signing.py): what verifies and what does not."""

import base64
import os
import stat

import pytest

from dealer_station import signing


@pytest.fixture
def signer():
    return signing.Signer.generate()


def test_a_signed_object_verifies_with_its_key_and_the_signed_text_leaves_the_signature_out(signer):
    obj = signing.sign_object({"event_id": 1, "note": "مرحبا", "data": {"b": 2, "a": [1, None]}}, signer)
    assert signing.signature_problem(obj, {signer.key_id: signer.public_key}) is None
    assert signing.signed_text(obj) == '{"data":{"a":[1,null],"b":2},"event_id":1,"note":"مرحبا"}'.encode()
    assert obj["signature"]["alg"] == "ed25519" and obj["signature"]["key_id"] == signer.key_id
    assert len(base64.b64decode(obj["signature"]["value"])) == 64


@pytest.mark.parametrize("attack, why", [
    (lambda o: o.update(event_id=2), "does not verify"),
    (lambda o: o["data"].update(a=[1, 0]), "does not verify"),
    (lambda o: o.pop("signature"), "unsigned"),
    (lambda o: o["signature"].update(value="!!"), "not base64"),
    (lambda o: o["signature"].update(alg="hmac"), "malformed"),
    (lambda o: o["signature"].update(key_id="0" * 16), "not trusted"),
    (lambda o: o.update(signature="x"), "malformed"),
])
def test_a_changed_or_unsigned_object_is_refused_with_the_reason(signer, attack, why):
    obj = signing.sign_object({"event_id": 1, "data": {"a": [1, None]}}, signer)
    attack(obj)
    assert why in signing.signature_problem(obj, {signer.key_id: signer.public_key})


def test_a_signature_by_another_key_under_the_trusted_id_does_not_verify(signer):
    other = signing.Signer.generate()
    obj = signing.sign_object({"event_id": 1}, other)
    obj["signature"]["key_id"] = signer.key_id
    assert "does not verify" in signing.signature_problem(obj, {signer.key_id: signer.public_key})


def test_keys_init_writes_a_private_key_only_its_owner_reads_and_a_public_key_named_by_table(tmp_path):
    private, public, kid = signing.write_key_pair("T7", tmp_path / "keys")
    assert stat.S_IMODE(os.stat(private).st_mode) == 0o600
    assert public.name == "T7.pub"
    signer = signing.load_signer(private)
    assert signer.key_id == kid == signing.key_id(signing.load_public_key(public))
    with pytest.raises(signing.SigningKeyError, match="exists already"):
        signing.write_key_pair("T7", tmp_path / "keys")
    trust = signing.TrustStore(tmp_path / "keys")
    assert trust.tables() == ["T7"]
    obj = signing.sign_object({"table_id": "T7"}, signer)
    assert trust.problem("T7", obj) is None
    assert "no key is trusted for table 'T8'" in trust.problem("T8", obj)


def test_a_key_file_that_is_no_key_is_one_error_naming_the_file(tmp_path):
    bad = tmp_path / "x.key"
    bad.write_text("not a key")
    with pytest.raises(signing.SigningKeyError, match=r"x\.key: not an unencrypted PEM private key"):
        signing.load_signer(bad)
    with pytest.raises(signing.SigningKeyError, match="cannot be read"):
        signing.load_signer(tmp_path / "missing.key")
    (tmp_path / "T1.pub").write_text("nope")
    with pytest.raises(signing.SigningKeyError, match=r"T1\.pub: not a PEM public key"):
        signing.TrustStore(tmp_path)
