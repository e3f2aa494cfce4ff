"""Wiring of the station: configuration, logging, accounts, the table controller, the automatic dealer."""
