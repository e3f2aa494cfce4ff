"""The dealer console (PySide6): the station's face for dealers and supervisors.

Widgets render a controller's ``TableView`` and send it dealer and supervisor acts; they listen
to the controller, never to drivers (docs/design.md "Layout"); the domain is imported for its pure
values only. Entry points: :class:`~dealer_station.console.main_window.MainWindow` and
``dealer-station console``.
"""
