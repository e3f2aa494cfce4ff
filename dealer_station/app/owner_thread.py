"""The controller's one-thread discipline: every input is decided whole before the next one starts
(:class:`InputQueue`), and the facts it makes are told to its listeners synchronously, in order
(:class:`FactListeners`). A listener that calls the controller back from inside a fact has its input queued
until the current one has ended; a listener that raises never stops the table.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from dealer_station.app.accounts import AuthError
from dealer_station.app.logging import safe_repr
from dealer_station.app.refusals import ActRefused
from dealer_station.app.views import Fact
from dealer_station.domain.fact_base import FactData
from dealer_station.domain.fact_data import Error

__all__ = ["FactListeners", "InputQueue"]


class InputQueue:
    """Runs the controller's inputs one at a time, those called from inside another queued after it.

    Parameters
    ----------
    say:
        Tell listeners a fact (a queued input that failed is told as an ``error``).
    log:
        ``log(level, event, **fields)``: the controller's log, never raising.
    """

    def __init__(self, say: Callable[[FactData], None], log: Callable[..., None]) -> None:
        self._say = say
        self._log = log
        self._busy = False   # a call is being decided: a re-entrant call waits in _deferred
        self._deferred: deque[tuple[Callable[..., Any], tuple, dict]] = deque()

    def call(self, fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        """Run the input ``fn`` now and return its value; when called from inside another input (a listener
        of its facts), queue it to run after that input has ended and return None (nothing is raised then:
        the queued input's refusal is journaled and told as a fact when it runs, like any other).
        """
        if self._busy:
            self._deferred.append((fn, args, kw))
            self._log("debug", "input_deferred", call=getattr(fn, "__name__", "?"), queued=len(self._deferred))
            return None
        self._busy = True
        try:
            return fn(*args, **kw)
        finally:
            self._busy = False
            if self._deferred:
                self._run_deferred()

    def _run_deferred(self) -> None:
        while self._deferred:
            fn, args, kw = self._deferred.popleft()
            self._busy = True
            try:
                fn(*args, **kw)
            except (ActRefused, AuthError) as err:  # journaled and told as a fact; the caller has long returned
                self._log("info", "deferred_input_refused", call=getattr(fn, "__name__", "?"), error=str(err))
            except Exception as err:  # noqa: BLE001 - a queued input never raises into an unrelated caller
                self._log("error", "deferred_input_failed", call=getattr(fn, "__name__", "?"), error=repr(err))
                self._say(Error(detail=repr(err)))
            finally:
                self._busy = False


class FactListeners:
    """The controller's listeners, each with the fact kinds it asked for (None: all).

    ``log``: ``log(level, event, **fields)``, told when a listener raises.
    """

    def __init__(self, log: Callable[..., None]) -> None:
        self._log = log
        # a tuple, replaced at each subscribe: a listener subscribing while facts are told changes no loop
        self._listeners: tuple[tuple[Callable[[Fact], None], frozenset[str] | None], ...] = ()

    def subscribe(self, listener: Callable[[Fact], None], kinds: Iterable[str] | None = None) -> None:
        """Call ``listener(fact)`` for every fact (or only facts of ``kinds``), synchronously, on the owner thread."""
        self._listeners = (*self._listeners, (listener, None if kinds is None else frozenset(kinds)))

    def tell(self, kind: str, data: FactData) -> None:
        """Tell every listener of ``kind`` the fact; a listener that raises is logged and the others are told."""
        fact = None
        for listener, kinds in self._listeners:
            if kinds is not None and kind not in kinds:
                continue
            if fact is None:
                fact = Fact(kind, data)
            try:
                listener(fact)
            except Exception as err:  # noqa: BLE001 - a listener never stops the table
                # safe_repr: an exception whose own repr raises must not stop the other listeners
                self._log("error", "listener_failed", fact=kind, error=safe_repr(err))
