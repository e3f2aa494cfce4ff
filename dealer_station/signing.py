"""Ed25519 signatures of the station's events and status: only the station speaks for its table.

Each station has a key pair. The private key signs every event the journal writes to the outbox, and the
retained status the publisher sends; a platform holding the station's public key (``ID.pub``) checks that a
message came from that station and was not changed on the way (docs/events.md "What a platform can trust").

A signed JSON object carries one more member, ``signature``::

    "signature": {"alg": "ed25519", "key_id": "3f1c0d9a2b7e4c55", "value": "<base64 of 64 bytes>"}

and the signed text is the object **without** ``signature``, as canonical JSON: keys sorted at every level,
no spaces (``","`` and ``":"``), non-ASCII characters kept as they are, UTF-8 (:func:`signed_text`). An event's
anchor (``journal_seq``, ``journal_hash``) is inside the signed text. ``key_id`` is the first 16 hex digits of
the SHA-256 of the raw 32-byte public key (:func:`key_id`).

Key files: the private key is PKCS #8 PEM (unencrypted, mode 0600), the public key SubjectPublicKeyInfo PEM,
named ``{table_id}.pub`` in a trust directory; both readable by any language's Ed25519 library (Node's
``crypto.createPublicKey``, Python's ``cryptography``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

__all__ = ["ALGORITHM", "KEY_EVENT", "SIGNATURE_MEMBER", "Signer", "SigningKeyError", "TrustStore", "key_id",
           "load_public_key", "load_signer", "public_key_from_pem", "public_pem", "sign_object", "signature_problem",
           "signed_text", "write_key_pair"]

ALGORITHM = "ed25519"
SIGNATURE_MEMBER = "signature"
"""The member of a signed event or status that holds its signature."""
KEY_EVENT = "signing_key"
"""The event type announcing a station's new key, signed by the key it replaces: ``data`` is
``{"key_id", "public_key" (PEM), "previous_key_id"}``; every later event is signed by the new key."""

_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
_TABLE_FILE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$")
"""A key file's table id: the table-id rule of docs/events.md "Table ids" (checked by the command line too)."""


class SigningKeyError(ValueError):
    """A key file that cannot be read, written or used; the message names the file and the fix."""


def signed_text(obj: Mapping[str, object]) -> bytes:
    """The bytes a signature covers: ``obj`` without its ``signature`` member, canonical JSON, UTF-8.

    Raises TypeError / ValueError for a value with no JSON text.
    """
    body = {k: v for k, v in obj.items() if k != SIGNATURE_MEMBER}
    return _CANONICAL.encode(body).encode()


def _crypto():  # noqa: ANN202 - three modules
    """The ``exceptions``, ``serialization`` and ``ed25519`` modules of cryptography, imported when a key is first
    used: a station that signs nothing (no key configured) does not wait for them at its start.
    """
    from cryptography import exceptions
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ed25519

    return exceptions, serialization, ed25519


def key_id(public_key: Ed25519PublicKey) -> str:
    """The key's id: 16 hex digits, the start of SHA-256 over its raw 32 bytes."""
    serialization = _crypto()[1]
    raw = public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()[:16]


def public_pem(public_key: Ed25519PublicKey) -> str:
    """The public key as SubjectPublicKeyInfo PEM text."""
    serialization = _crypto()[1]
    return public_key.public_bytes(serialization.Encoding.PEM,
                                   serialization.PublicFormat.SubjectPublicKeyInfo).decode("ascii")


@dataclass(frozen=True)
class Signer:
    """A station's private key: :meth:`sign` gives the ``signature`` member of a JSON object."""

    private_key: Ed25519PrivateKey
    key_id: str
    path: str = ""

    @classmethod
    def generate(cls) -> "Signer":
        """A new random key pair (for tests and :func:`write_key_pair`)."""
        key = _crypto()[2].Ed25519PrivateKey.generate()
        return cls(key, key_id(key.public_key()))

    @property
    def public_key(self) -> Ed25519PublicKey:
        """The public half."""
        return self.private_key.public_key()

    def signature(self, obj: Mapping[str, object]) -> dict[str, str]:
        """``{"alg", "key_id", "value"}`` over :func:`signed_text` of ``obj`` (base64, standard alphabet)."""
        value = self.private_key.sign(signed_text(obj))
        return {"alg": ALGORITHM, "key_id": self.key_id, "value": base64.b64encode(value).decode("ascii")}


def sign_object(obj: Mapping[str, object], signer: Signer | None) -> dict:
    """``obj`` with its ``signature`` member (a copy; unchanged without a signer)."""
    out = {k: v for k, v in obj.items() if k != SIGNATURE_MEMBER}
    if signer is not None:
        out[SIGNATURE_MEMBER] = signer.signature(out)
    return out


def load_signer(path: str | os.PathLike) -> Signer:
    """The private key in PEM file ``path``. Raises SigningKeyError naming the file and what is wrong."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as err:
        raise SigningKeyError(f"signing key {p}: cannot be read ({err.strerror or err}); make one with "
                        f"dealer-station keys init --table-id ID --out DIR") from err
    exceptions, serialization, ed25519 = _crypto()
    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError, exceptions.UnsupportedAlgorithm) as err:
        raise SigningKeyError(f"signing key {p}: not an unencrypted PEM private key; make one with "
                        f"dealer-station keys init --table-id ID --out DIR") from err
    if not isinstance(key, ed25519.Ed25519PrivateKey):
        raise SigningKeyError(f"signing key {p}: a {type(key).__name__.removeprefix('_')} key, not Ed25519; make one "
                        f"with dealer-station keys init --table-id ID --out DIR")
    return Signer(key, key_id(key.public_key()), str(p))


def load_public_key(path: str | os.PathLike) -> Ed25519PublicKey:
    """The Ed25519 public key in PEM file ``path``. Raises SigningKeyError naming the file and what is wrong."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as err:
        raise SigningKeyError(f"public key {p}: cannot be read ({err.strerror or err})") from err
    exceptions, serialization, ed25519 = _crypto()
    try:
        key = serialization.load_pem_public_key(data)
    except (ValueError, TypeError, exceptions.UnsupportedAlgorithm) as err:
        raise SigningKeyError(f"public key {p}: not a PEM public key") from err
    if not isinstance(key, ed25519.Ed25519PublicKey):
        raise SigningKeyError(f"public key {p}: not an Ed25519 key")
    return key


def public_key_from_pem(text: str) -> Ed25519PublicKey:
    """An Ed25519 public key from its PEM text. Raises SigningKeyError."""
    exceptions, serialization, ed25519 = _crypto()
    try:
        key = serialization.load_pem_public_key(text.encode("ascii"))
    except (ValueError, TypeError, UnicodeEncodeError, exceptions.UnsupportedAlgorithm) as err:
        raise SigningKeyError("not a PEM public key") from err
    if not isinstance(key, ed25519.Ed25519PublicKey):
        raise SigningKeyError("not an Ed25519 key")
    return key


def write_key_pair(table_id: str, out_dir: str | os.PathLike, *, overwrite: bool = False) -> tuple[Path, Path, str]:
    """Make a key pair for ``table_id``: ``DIR/ID.key`` (PKCS #8 PEM, mode 0600) and ``DIR/ID.pub``.

    Returns ``(private path, public path, key id)``. Raises SigningKeyError when a file exists (unless
    ``overwrite``) or the directory cannot be written.
    """
    if not _TABLE_FILE.match(table_id):
        raise SigningKeyError(f"table id {table_id!r}: 1-32 letters, digits, '.', '_' or '-', the first a letter "
                              f"or digit")
    out = Path(out_dir)
    private, public = out / f"{table_id}.key", out / f"{table_id}.pub"
    for p in (private, public):
        if p.exists() and not overwrite:
            raise SigningKeyError(f"{p} exists already: keep it, or choose another --out (a key is never overwritten)")
    signer = Signer.generate()
    serialization = _crypto()[1]
    pem = signer.private_key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption())
    try:
        out.mkdir(parents=True, exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | (0 if overwrite else os.O_EXCL)
        fd = os.open(private, flags, 0o600)
        try:
            os.fchmod(fd, 0o600)
            os.write(fd, pem)
            os.fsync(fd)
        finally:
            os.close(fd)
        public.write_text(public_pem(signer.public_key), encoding="ascii")
    except OSError as err:
        raise SigningKeyError(f"{out}: cannot write the keys ({err.strerror or err})") from err
    return private, public, signer.key_id


def signature_problem(obj: object, public_keys: Mapping[str, Ed25519PublicKey]) -> str | None:
    """None when ``obj`` (a parsed JSON object) carries a valid signature by one of ``public_keys``
    (``{key_id: key}``); else why not, in plain words: unsigned, signed by an unknown key, or not verifying.
    """
    if not isinstance(obj, dict):
        return "not a JSON object"
    sig = obj.get(SIGNATURE_MEMBER)
    if sig is None:
        return "unsigned"
    if not isinstance(sig, dict) or sig.get("alg") != ALGORITHM or not isinstance(sig.get("key_id"), str) \
            or not isinstance(sig.get("value"), str):
        return "its signature member is malformed"
    key = public_keys.get(sig["key_id"])
    exceptions = _crypto()[0]
    if key is None:
        return f"signed by key {sig['key_id'][:16]!r}, which is not trusted for this table"
    try:
        value = base64.b64decode(sig["value"], validate=True)
        if base64.b64encode(value).decode("ascii") != sig["value"]:   # one signature, one text
            return "its signature is not in its one base64 form"
        key.verify(value, signed_text(obj))
    except (binascii.Error, ValueError):
        return "its signature is not base64"
    except exceptions.InvalidSignature:
        return "its signature does not verify (the message was changed, or signed by another key)"
    except (TypeError, RecursionError):
        return "its content has no JSON text"
    return None


class TrustStore:
    """The public keys a consumer trusts, by table id: ``DIR/{table_id}.pub`` files (docs/events.md
    "What a platform can trust"), plus keys announced by a trusted key (key rotation).

    Raises SigningKeyError when ``directory`` is not a readable directory or a ``.pub`` file is not an Ed25519 key.
    """

    def __init__(self, directory: str | os.PathLike) -> None:
        self.directory = Path(directory)
        if not self.directory.is_dir():
            raise SigningKeyError(f"--trust {self.directory}: not a directory of public keys (ID.pub files)")
        self._keys: dict[str, dict[str, Ed25519PublicKey]] = {}
        self._retired: dict[str, dict[str, int]] = {}   # table -> key id -> the event id that announced its successor
        for path in sorted(self.directory.glob("*.pub")):
            key = load_public_key(path)
            self._keys.setdefault(path.stem, {})[key_id(key)] = key

    def tables(self) -> list[str]:
        """The table ids with a trusted key."""
        return sorted(self._keys)

    def keys_for(self, table_id: str) -> dict[str, Ed25519PublicKey]:
        """``{key_id: key}`` trusted for ``table_id`` (empty when none)."""
        return dict(self._keys.get(table_id, {}))

    def add(self, table_id: str, key: Ed25519PublicKey) -> str:
        """Trust ``key`` for ``table_id`` too (an announced key); return its id."""
        kid = key_id(key)
        self._keys.setdefault(table_id, {})[kid] = key
        return kid

    def problem(self, table_id: object, obj: object, kind: str = "events") -> str | None:
        """None when ``obj`` is signed by a key trusted for ``table_id``; else why not (plain words).

        ``kind``: the topic it came on (``"events"``, ``"status"``, ``"replay/error"``). A key the station replaced
        (:meth:`accept` of its successor's announcement) still proves the *events* up to the announcement, and
        nothing else: not a later event, not a status, not a replay answer.
        """
        if not isinstance(table_id, str) or table_id not in self._keys:
            return f"no key is trusted for table {str(table_id)[:64]!r}"
        why = signature_problem(obj, self._keys[table_id])
        if why is not None:
            return why
        kid = obj[SIGNATURE_MEMBER]["key_id"]   # type: ignore[index] - verified above: a dict with a key id
        until = self._retired.get(table_id, {}).get(kid)
        if until is not None:
            event_id = obj.get("event_id") if kind == "events" else None   # type: ignore[union-attr]
            if not (type(event_id) is int and event_id <= until):
                return (f"signed by key {kid!r}, which the station replaced at event {until}: only events up to "
                        f"there may carry it")
        return None

    def message_problem(self, table_id: str, kind: str, body: object, text: str | bytes) -> str | None:
        """What a consumer checks of every message on a table's topics (``kind``: ``"events"``, ``"status"`` or
        ``"replay/error"``), before anything reads it: None when it is the station's, else why not.

        The text must be its own canonical form (so no key twice: what was signed is what every reader reads); an
        event or status must name the topic's table and be of its kind (an event replayed on the status topic is
        not a status); then :meth:`accept` (its signature, and a new key it announces). An empty retained status
        (the topic being cleared) claims nothing and passes.
        """
        if kind == "status" and body == {} and not text:
            return None
        from dealer_station.outbox import payload_problem

        raw = text.decode("utf-8", errors="replace") if isinstance(text, bytes | bytearray) else str(text)
        why = payload_problem(raw)
        if why is not None:
            return why.replace("its text", "the message", 1)
        if not isinstance(body, dict):
            return "not a JSON object"
        if kind in ("events", "status") and body.get("table_id") != table_id:
            return f"it names table {str(body.get('table_id'))[:64]!r}, not its topic's {table_id!r}"
        if kind == "events" and ("type" not in body or "event_id" not in body):
            return "an event without a type and an event_id"
        if kind == "status" and ("status" not in body or "event_id" in body or "type" in body):
            return "not a status (an event or another message on the status topic)"
        return self.accept(table_id, body, kind)

    def accept(self, table_id: object, obj: object, kind: str = "events") -> str | None:
        """:meth:`problem`, and when ``obj`` is a valid announcement of a new key (a ``signing_key`` event,
        :data:`KEY_EVENT`) signed by a trusted key, trust the new key for ``table_id`` from then on and retire the
        old one after that event. Returns None when ``obj`` is trusted, else why not.
        """
        why = self.problem(table_id, obj, kind)
        if why is not None or kind != "events" or not isinstance(obj, dict) or obj.get("type") != KEY_EVENT:
            return why
        data = obj.get("data")
        event_id = obj.get("event_id")
        if not isinstance(data, dict) or type(event_id) is not int:
            return "its announcement of a new key is malformed"
        signed_by = obj[SIGNATURE_MEMBER]["key_id"]
        table = str(table_id)
        if signed_by in self._retired.get(table, {}):
            # a replaced key proves old events only: it never names a new key (a stolen old key would)
            return (f"it announces a new key but is signed by key {signed_by!r}, which the station replaced at event "
                    f"{self._retired[table][signed_by]}")
        try:
            key = public_key_from_pem(str(data.get("public_key")))
        except SigningKeyError:
            return "its announcement of a new key holds no Ed25519 public key"
        if key_id(key) != data.get("key_id"):
            return "its announcement's key_id is not the id of the key it holds"
        others = [t for t, keys in self._keys.items() if t != table and key_id(key) in keys]
        if others:
            return f"it announces a key trusted for table {others[0]!r}: one key speaks for one table"
        self.add(table, key)
        if signed_by != key_id(key):
            self._retired.setdefault(table, {})[signed_by] = event_id
        return None
