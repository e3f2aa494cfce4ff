"""The event schema files (JSON); a package so that they ship with dealer_station."""
