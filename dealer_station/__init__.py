"""dealer-station: the dealer-side controller of a live punto banco baccarat table.

Packages: :mod:`dealer_station.domain` (pure game core), :mod:`dealer_station.cli` (the
``dealer-station`` command). Device code lives in the separate top-level package :mod:`drivers`.
"""

import os
import sys

# The odds engine's matrices are small (thousands of elements): a BLAS thread pool only spins on the
# other cores after each product. One thread, unless the environment says otherwise (it must be set
# before numpy is first imported to count).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def _import_structlog() -> None:
    """Import structlog with its optional use of rich left out: most of structlog's import time.

    structlog imports rich, when it is installed, for its pretty tracebacks (``structlog.dev``,
    ``structlog.tracebacks``); the station never shows them: a record's exception is made text by
    ``format_exc_info`` before any renderer (:func:`dealer_station.app.logging.configure_logging`), so the
    lines written are the same either way. rich stays importable afterwards (``replay``'s progress bar uses
    it). Nothing is done when structlog or rich is imported already.
    """
    if "structlog" in sys.modules or "rich" in sys.modules:
        return
    sys.modules["rich"] = None  # type: ignore[assignment]  # an ImportError for structlog's optional import
    try:
        import structlog  # noqa: F401 - imported here once, for every module after
    finally:
        del sys.modules["rich"]


_import_structlog()

__version__ = "0.1.0"
