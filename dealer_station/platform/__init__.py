"""The reference consumer of a station's events: what a betting platform runs or copies.

docs/events.md, "A reference consumer".

- :mod:`dealer_station.platform.tracker`: the pure core. Reads envelopes and statuses, de-duplicates by
  ``(table_id, event_id)``, holds events that arrive ahead of a gap, says which replays to ask for,
  and checks each event's chain anchor (``journal_seq``, ``journal_hash``). No I/O, no clock.
- :mod:`dealer_station.platform.ledger`: the ledger each event is written to exactly once, over one of two
  stores: a SQLite file (:mod:`~dealer_station.platform.ledger_sqlite`) or a PostgreSQL database several
  consumers write (:mod:`~dealer_station.platform.ledger_postgres`).
- :mod:`dealer_station.platform.ledger_records`: a ledger's events folded into the station's round records
  (``report --ledger``, ``recall --ledger``).
- :mod:`dealer_station.platform.follow`: the MQTT shell (``dealer-station events follow``).

How to run or copy it: docs/events.md "A reference consumer".
"""
