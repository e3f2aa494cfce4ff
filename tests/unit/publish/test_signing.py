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


def announcement(new: signing.Signer, old: signing.Signer, event_id: int, **data) -> dict:
    body = {"schema_version": 1, "event_id": event_id, "type": signing.KEY_EVENT, "table_id": "T1", "shoe_id": None,
            "round_id": None, "ts": "2026-12-02T10:00:00.000000Z",
            "data": {"key_id": new.key_id, "public_key": signing.public_pem(new.public_key),
                     "previous_key_id": old.key_id, **data}}
    return signing.sign_object(body, old)


def event(event_id: int, by: signing.Signer) -> dict:
    return signing.sign_object({"event_id": event_id, "type": "card_dealt", "table_id": "T1", "data": {}}, by)


@pytest.fixture
def trusting(tmp_path, signer):
    (tmp_path / "T1.pub").write_text(signing.public_pem(signer.public_key))
    return signing.TrustStore(tmp_path)


def test_a_new_key_announced_by_the_trusted_one_is_trusted_and_the_old_one_retired_after_it(trusting, signer):
    new = signing.Signer.generate()
    assert "not trusted" in trusting.accept("T1", event(5, new))   # before its announcement
    assert trusting.accept("T1", announcement(new, signer, 10)) is None
    assert trusting.accept("T1", event(11, new)) is None
    assert trusting.accept("T1", event(9, signer)) is None           # an old event, re-sent: still the station's
    assert "replaced at event 10" in trusting.accept("T1", event(12, signer))
    status = signing.sign_object({"status": "online", "table_id": "T1"}, signer)
    assert "replaced at event 10" in trusting.problem("T1", status)
    assert trusting.problem("T1", signing.sign_object({"status": "online", "table_id": "T1"}, new)) is None


@pytest.mark.parametrize("attack, why", [
    ("other_signer", "not trusted"),
    ("wrong_key_id", "not the id of the key"),
    ("no_key", "no Ed25519 public key"),
    ("other_table", "no key is trusted"),
])
def test_an_announcement_that_does_not_hold_is_refused_and_teaches_nothing(trusting, signer, attack, why):
    new = signing.Signer.generate()
    if attack == "other_signer":
        ann = announcement(new, signing.Signer.generate(), 10)
    elif attack == "wrong_key_id":
        ann = announcement(new, signer, 10, key_id=signing.Signer.generate().key_id)
    elif attack == "no_key":
        ann = announcement(new, signer, 10, public_key="nope")
    else:
        ann = announcement(new, signer, 10)
    assert why in trusting.accept("T2" if attack == "other_table" else "T1", ann)
    assert "not trusted" in trusting.problem("T1", event(11, new))
    assert trusting.problem("T1", event(11, signer)) is None


def test_a_replaced_key_names_no_new_key_and_signs_no_status_or_answer_even_dressed_as_an_event(trusting, signer):
    new, thief = signing.Signer.generate(), signing.Signer.generate()
    assert trusting.accept("T1", announcement(new, signer, 100)) is None
    forged = announcement(thief, signer, 50)   # the stolen old key, under an id it may still sign
    assert "replaced at event 100" in trusting.accept("T1", forged)
    assert "not trusted" in trusting.problem("T1", event(500, thief))
    dressed = signing.sign_object({"status": "online", "table_id": "T1", "type": "x", "event_id": 1}, signer)
    assert "replaced at event 100" in trusting.problem("T1", dressed, "status")
    answer = signing.sign_object({"error": "not_retained", "first_available": 10**9, "type": "x", "event_id": 1},
                                 signer)
    assert "replaced at event 100" in trusting.problem("T1", answer, "replay/error")
    assert trusting.problem("T1", event(99, signer)) is None   # its old events, re-sent, still prove


def test_a_key_trusted_for_another_table_is_not_announced_for_this_one(tmp_path, signer):
    other = signing.Signer.generate()
    (tmp_path / "T1.pub").write_text(signing.public_pem(signer.public_key))
    (tmp_path / "T2.pub").write_text(signing.public_pem(other.public_key))
    trust = signing.TrustStore(tmp_path)
    assert "trusted for table 'T2'" in trust.accept("T1", announcement(other, signer, 10))


def test_a_signature_has_one_base64_text(trusting, signer):
    obj = event(3, signer)
    value = obj["signature"]["value"]
    last = value[-3]   # the last data character before '=='; its low bits are padding
    other = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    twin = other[other.index(last) ^ 1]
    bent = {**obj, "signature": {**obj["signature"], "value": value[:-3] + twin + "=="}}
    assert "one base64 form" in trusting.problem("T1", bent)


@pytest.mark.parametrize("kind, text, why", [
    ("events", None, "appears twice"),
    ("events", "other_table", "not its topic's"),
    ("status", "event_on_status", "not a status"),
    ("status", "respaced", "not canonical"),
])
def test_a_message_is_read_only_as_the_stations_canonical_text_of_its_table_and_kind(trusting, signer, kind, text,
                                                                                    why):
    import json

    from dealer_station.outbox import payload_text

    genuine = signing.sign_object({"schema_version": 1, "event_id": 7, "type": "round_result", "table_id": "T1",
                                   "data": {"winner": "banker"}}, signer)
    body, raw = genuine, payload_text(genuine)
    if text is None:
        raw = raw.replace('"data":{', '"data":{"winner":"player",', 1)   # a first-wins reader sees player
        body = json.loads(raw)
    elif text == "other_table":
        raw = payload_text(genuine)
        assert trusting.message_problem("T2", kind, body, raw) is not None
        body = signing.sign_object({**genuine, "table_id": "T2"}, signer)
        raw = payload_text(body)
    elif text == "respaced":
        body = signing.sign_object({"status": "online", "table_id": "T1"}, signer)
        raw = json.dumps(body, sort_keys=True)
    assert why in trusting.message_problem("T1", kind, body, raw)
    assert trusting.message_problem("T1", "events", genuine, payload_text(genuine)) is None
    assert trusting.message_problem("T1", "status", {}, b"") is None   # a cleared retained status claims nothing
