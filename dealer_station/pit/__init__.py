"""The pit view: every table of a broker on one screen for a pit supervisor (docs/pit.md).

- :mod:`dealer_station.pit.model`: the pure model. Takes the messages read by
  :func:`dealer_station.platform.tracker.read_message` (the same reading as ``events follow``) and
  gives one row per table, the open pauses oldest first and the edge alerts, in plain words. No I/O,
  no clock (the caller passes ``now``), no Qt.
- :mod:`dealer_station.pit.feed`: the MQTT subscriber (subscribe only: it never publishes).
- :mod:`dealer_station.pit.window`: the PySide6 window, and ``run_pit`` (``dealer-station pit``).

How to run it: docs/pit.md.
"""
