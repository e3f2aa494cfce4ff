"""Key rotation: a station's new signing key announced to the platform under the key it replaces.

Started with ``--signing-key NEW --previous-signing-key OLD`` (or ``[station] signing_key`` and
``previous_signing_key``), the station journals, before anything else, a note ``{"kind": "signing_key",
"key_id", "previous_key_id"}`` (mark ``signing_key``) whose one event, ``signing_key``, carries the new public key
and is signed by the old key; every later event is signed by the new one. A consumer that trusts the old key
learns the new one from that event (:meth:`dealer_station.signing.TrustStore.accept`) and from then on refuses
anything the old key signs. A restart with the same two keys announces nothing again.
"""

from __future__ import annotations

import structlog

from dealer_station.journal import EventSpec, Journal
from dealer_station.journal.archive import notes_of
from dealer_station.signing import KEY_EVENT, Signer, public_pem

__all__ = ["announce_key"]

log = structlog.get_logger(__name__)


def announce_key(journal: Journal, signer: Signer, previous: Signer, *, table_id: str, ts: str) -> bool:
    """Journal the announcement of ``signer``'s key, signed by ``previous``, unless the journal holds it already.

    Returns True when it was written now. ``ts``: UTC ISO-8601 ending in ``Z``. Raises JournalError (nothing is
    written) and ValueError when the two keys are the same key.
    """
    if signer.key_id == previous.key_id:
        raise ValueError(f"--previous-signing-key {previous.path or previous.key_id}: the same key as --signing-key; "
                         f"give the key the new one replaces")
    for _, body in notes_of(journal, KEY_EVENT):   # an archived note carries the newest once its rows are archived
        if body.get("key_id") == signer.key_id:
            return False
    body = {"kind": KEY_EVENT, "key_id": signer.key_id, "previous_key_id": previous.key_id}
    data = {"key_id": signer.key_id, "public_key": public_pem(signer.public_key), "previous_key_id": previous.key_id}
    journal.append("note", body, ts, mark=(KEY_EVENT,), events=[EventSpec(KEY_EVENT, data)], table_id=table_id,
                   sign_with=previous)
    log.info("signing_key_announced", key_id=signer.key_id, previous_key_id=previous.key_id, table_id=table_id)
    return True
