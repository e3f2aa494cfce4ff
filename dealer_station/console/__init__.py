"""The dealer console: PySide6 widgets that render the controller's state (DESIGN.md layout).

Widgets listen to the controller, never to drivers; the domain is imported for its pure values only.
"""
