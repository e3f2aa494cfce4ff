"""dealer-station: the dealer-side controller of a live punto banco baccarat table.

Packages: :mod:`dealer_station.domain` (pure game core), :mod:`dealer_station.cli` (the
``dealer-station`` command). Device code lives in the separate top-level package :mod:`drivers`.
"""

__version__ = "0.1.0"
