"""QA replay: recorded scanner sessions through the same codecs and the same controller.

A session is read into :class:`Step` values (bytes as the reader got them, link events, dealer and
supervisor acts), the bytes go through the wire format's codec (:func:`drivers.codecs.make_codec`)
exactly as a shoe reader feeds it, and every frame reaches a fresh
:class:`~dealer_station.app.controller.Controller` on its own journal (in memory unless a file is
given), run by the station runtime's loop (:class:`dealer_station.app.runtime.Station`). Finished
rounds and shoes come out as the same lines as ``simulate``.

Session kinds (:func:`load_session` tells them apart by content; scripts by the ``.script`` suffix,
captures by ``.pcap``/``.pcapng``):

``record``
    JSON Lines of ``dealer-station record`` (:mod:`drivers.sessions`): a header naming the shoe
    profile (and so the codec), then ``{"t": s, "dir": "rx", "hex": "..."}`` chunks. A record
    session may also hold lines this module defines (the drivers' reader skips them)::

        {"t": 1.5, "dir": "link", "event": "lost", "detail": "unplugged"}
        {"t": 3.0, "dir": "link", "event": "connected", "detail": "/dev/ttyUSB0"}
        {"t": 4.0, "dir": "act", "by": "dealer", "act": "open_betting"}
        {"t": 9.0, "dir": "act", "by": "supervisor", "act": "enter_card", "user": "sup1",
         "reason": "misread_limit", "note": "card worn, read by eye", "args": {"token": "KH"}}

    ``by`` is ``dealer`` (acts of :data:`dealer_station.domain.table.DEALER_ACTS`), ``supervisor``
    (:data:`~dealer_station.domain.table.SUPERVISOR_ACTS`, with ``user``, ``reason``, ``note`` and
    the act's ``args``) or ``timer`` (the betting window ran out).
``journal``
    ``dealer-station journal export`` JSON Lines: the ``input`` rows are replayed (frames, link
    events, dealer, timer and supervisor acts). A frame's recorded raw bytes are decoded again
    through the codec named by ``--codec``; without it the frames are taken as the station decoded them.
``script``
    A umockdev tty script (``r DELAY_MS DATA`` lines): what a serial shoe sent; ``--codec`` names
    the wire format.
``capture``
    A USB capture (``.pcap``/``.pcapng``: Wireshark or ``usbmon`` on Linux, USBPcap on Windows): the
    scanner's interrupt-IN reports with their capture times, decoded as ``hid-keyboard`` unless
    ``--codec`` says otherwise; a transfer ending in ENODEV (-19) is a lost link.

A bytes-only recording (``record``, a capture) can take the acts and link events of the station's
journal export of the same shoe, placed by clock time (:func:`with_acts`).

The automatic dealer (the station's own :class:`~dealer_station.app.autodealer.AutoDealer`,
through its ``before_frame``) acts unless the session holds dealer acts: it starts a shoe, opens
and closes betting and confirms results whenever the next frame needs it.
Supervisor acts in a session are always applied where they stand; they were authenticated at
the table, so replay accepts the recorded user (:class:`RecordedAuthority`).

Time: each step carries ``t`` (seconds from the session's start). The codec sees the recorded
times whatever the playback speed (a token left unterminated for ``token_timeout`` seconds is a
No-Read in every replay), and the controller's clock is the session's start plus ``t``, so a
replay is deterministic: ``--fast`` and ``--speed X`` give the same lines.
"""


from dealer_station.app.replay.audit import AuditReport, audit_journal
from dealer_station.app.replay.expected import ExpectedError, compare_lines, load_expected
from dealer_station.app.replay.player import (
    FAST_GC_THRESHOLD,
    ROUND_KINDS,
    RecordedAuthority,
    Replayer,
    ReplayResult,
    round_line,
)
from dealer_station.app.replay.session import (
    EPOCH,
    SESSION_KINDS,
    ReplayError,
    ReplaySession,
    Step,
    StepKind,
    _json_line,
    load_session,
    torn_line_message,
    with_acts,
)

__all__ = ["AuditReport", "EPOCH", "ExpectedError", "FAST_GC_THRESHOLD", "ROUND_KINDS",
           "RecordedAuthority", "ReplayError", "ReplayResult", "ReplaySession", "Replayer", "SESSION_KINDS", "Step",
           "StepKind", "_json_line", "audit_journal", "compare_lines", "load_expected", "load_session",
           "round_line", "torn_line_message", "with_acts"]
