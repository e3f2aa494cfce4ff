"""dealer-station: the dealer-side controller of a live punto banco baccarat table.

Packages: :mod:`dealer_station.domain` (pure game core), :mod:`dealer_station.cli` (the
``dealer-station`` command). Device code lives in the separate top-level package :mod:`drivers`.
"""

import os

# The odds engine's matrices are small (thousands of elements): a BLAS thread pool only spins on the
# other cores after each product. One thread, unless the environment says otherwise (it must be set
# before numpy is first imported to count).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
