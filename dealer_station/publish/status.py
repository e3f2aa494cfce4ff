"""What the publisher says about itself: the retained status of ``baccarat/tables/{table_id}/status`` and
its counters (docs/events.md "Station status").
"""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from dealer_station import __version__
from dealer_station.signing import Signer, sign_object

__all__ = ["NOT_READ", "STATUS_SCHEMA_VERSION", "OutboxBusyError", "PublisherStats", "open_pause_member",
           "status_payload", "utc_now"]

STATUS_SCHEMA_VERSION = 1


class OutboxBusyError(RuntimeError):
    """Another publisher (thread or process) is already publishing this journal's outbox."""


def utc_now() -> str:
    """Now, UTC, as the outbox writes times: ``2026-11-30T04:05:06.123456Z``."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


@dataclass(frozen=True, slots=True)
class PublisherStats:
    """What the publisher has done so far (a snapshot).

    ``sent``: PUBLISH packets sent (re-sends included); ``published``: events marked acknowledged by this
    publisher; ``last_published_id``: the highest event id known acknowledged (0 before the first);
    ``connects``: successful connections; ``failed_attempts``: connection attempts that failed;
    ``last_error``: the last connection or database error, or None; ``broker``: the URL of the broker of
    the current (or last) connection, of the list in order of preference (password hidden).
    """

    connected: bool
    sent: int
    published: int
    last_published_id: int
    connects: int
    failed_attempts: int
    last_error: str | None
    broker: str | None = None


class _NotRead:
    def __repr__(self) -> str:
        return "NOT_READ"


NOT_READ = _NotRead()
"""``open_pause`` of :func:`status_payload` not read from the outbox (yet): the member is left out."""


def open_pause_member(event_id: int, payload: str) -> dict | None:
    """The status's ``open_pause`` from the ``round_paused`` event still open (its id and stored JSON text).

    ``{"event_id", "ts", "shoe_id", "round_id", "round_number", "incident"}``: the event's envelope members and
    its ``data``; None when the text cannot be read (a journal check, not the status, says what is wrong with it).
    """
    try:
        env = json.loads(payload)
        data = env["data"]
        return {"event_id": event_id, "ts": env["ts"], "shoe_id": env.get("shoe_id"), "round_id": env.get("round_id"),
                "round_number": data.get("round_number"), "incident": data["incident"]}
    except (ValueError, TypeError, KeyError, AttributeError):
        return None


def status_payload(status: str, *, table_id: str, client_id: str, station_info: Mapping[str, object],
                   last_event_id: int | None = None, reason: str | None = None,
                   detail: str | None = None, signer: Signer | None = None,
                   open_pause: Mapping[str, object] | None | _NotRead = NOT_READ) -> bytes:
    """The retained status message (JSON, UTF-8; ``station_status.json`` of the shipped schemas).

    ``status``: ``"online"`` or ``"offline"``; ``reason``: why offline (``"stopped"``, ``"connection_lost"``,
    ``"switched_broker"``, ``"journal_failure"``); ``detail``: a sentence on why (left out when None);
    ``last_event_id``: the last event id every earlier one of which a broker
    acknowledged (left out when not known yet); ``open_pause``: the pause open once the events up to
    ``last_event_id`` happened (:func:`open_pause_member`), None for none, left out when :data:`NOT_READ` or
    without ``last_event_id``; ``station_info``: extra members of ``station``; ``signer``: the
    station's key, which signs the status (its ``signature`` member, :mod:`dealer_station.signing`).
    """
    body: dict[str, object] = {
        "schema_version": STATUS_SCHEMA_VERSION, "status": status, "table_id": table_id, "ts": utc_now(),
        "station": {"client_id": client_id, "host": socket.gethostname(), "pid": os.getpid(),
                    "version": __version__, **station_info},
    }
    if reason is not None:
        body["reason"] = reason
    if detail is not None:
        body["detail"] = detail
    if last_event_id is not None:
        body["last_event_id"] = last_event_id
        if not isinstance(open_pause, _NotRead):
            body["open_pause"] = None if open_pause is None else dict(open_pause)
    return json.dumps(sign_object(body, signer), separators=(",", ":"), sort_keys=True, default=str).encode()
