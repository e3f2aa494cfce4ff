"""The station: one table's parts and the one thread that owns its controller.

:class:`Station` (built by :func:`dealer_station.app.runtime.open_station`, or around a controller built
elsewhere with :meth:`Station.around`) runs the controller's loop
(:func:`dealer_station.app.station.run_station`) on one thread; the shoe's reader, the publisher's
refusals and every command (:meth:`Station.submit`) reach it through one bounded queue, and after each
step it tells its listeners the facts and the fresh view (docs/runtime.md). It also seats the dealer and
answers for the accounts (:meth:`Station.seat_dealer`, :meth:`Station.authenticate`).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future

import structlog

from dealer_station.app.accounts import Accounts, AccountsError, AuthError
from dealer_station.app.autodealer import AutoDealer
from dealer_station.app.config import StationConfig
from dealer_station.app.controller import Controller
from dealer_station.app.runtime_settings import (
    DEMO_DEALER,
    StationBusy,
    StationSettings,
    StationStopping,
    StationUpdate,
)
from dealer_station.app.shoes import StationShoe
from dealer_station.app.station import QUEUE_SIZE, Command, EventRefused, drain_events, put_event, run_station
from dealer_station.app.station_listeners import TICK_VIEWS, StationListeners
from dealer_station.domain.staff import Role, SignInMethod
from dealer_station.domain.states import ROUND_STATES, TableState
from dealer_station.domain.status import OfflineReason
from dealer_station.journal import Journal

__all__ = ["Station", "TICK_VIEWS"]

log = structlog.get_logger("dealer_station.app.runtime")

_BETWEEN_ROUNDS_NOT = ROUND_STATES | {TableState.PAUSED}
"""States in which the table is not between rounds: a round is open, or the table is paused."""


class Station:
    """One table's parts and the thread that owns its controller. Built by :func:`open_station`.

    Attributes
    ----------
    settings, config, journal, accounts, controller:
        What it was opened with, the validated configuration, the open journal, the accounts (None:
        none) and the controller (recovered from the journal).
    shoe:
        The shoe (:class:`~dealer_station.app.shoes.StationShoe`): its reader puts events on the queue.
    publishing:
        The publisher of this run (:class:`~dealer_station.app.publishing.Publishing`), or None.
    auto:
        The automatic dealer acting on the controller's thread, or None. Set it there (:meth:`submit`).

    Every method that touches the controller runs on its thread: the loop (:meth:`start` or :meth:`run`),
    or before the loop starts and after it ended.
    """

    def __init__(self, settings: StationSettings, config: StationConfig, journal: Journal,
                 accounts: Accounts | None, shoe: StationShoe) -> None:
        self.settings = settings
        self.config = config
        self.journal = journal
        self.accounts = accounts
        self.shoe = shoe
        self.controller: Controller | None = None
        self.publishing = None
        self.auto: AutoDealer | None = None
        self.events: queue.Queue = queue.Queue(maxsize=QUEUE_SIZE)
        self.why: str | None = None
        """Why the loop ended (``"stopped"``, ``"idle"``, ``"finished"``), None while it runs or never ran."""
        self.stop_journaled: bool | None = None
        """After :meth:`stop`: True when the stop is in the journal, False when the journal failed throughout the
        bound (:attr:`StationSettings.stop_journal_seconds`) or the controller's thread did not end within the
        stop's wait (:attr:`stop_deadline`); None before."""
        self._spill: list = []
        self._stopping = threading.Event()
        self._stop_asked = False  # request_stop(why): the controller's thread stops the table on its way out
        self._stop_why: str | None = None
        self._left: int | None = None  # what the stop returned, once done
        self._dropped: list[Command] = []  # commands a stop dropped, not run
        self._ended = False  # the controller's thread has left its last journal call
        self._close_at_end = False  # close() came while it ran: it closes the journal as it ends
        self._stop_by: float | None = None  # the asked stop's deadline (monotonic seconds)
        self._end_lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._shoe_started = False
        self._dropping = False
        self._updates = StationListeners(lambda: self.controller)   # the listeners and what they are told
        self._closed = False

    @classmethod
    def around(cls, controller: Controller, source: object | None = None) -> Station:
        """A station for a controller built elsewhere (tests, tools): its configuration, journal and accounts,
        and ``source`` (or none) as a shoe that is not simulated. The loop is not running yet.
        """
        shoe = StationShoe(source, None, None)
        station = cls(StationSettings(), getattr(controller, "config", None), getattr(controller, "journal", None),
                      getattr(controller, "accounts", None), shoe)
        station.controller = controller
        return station

    # ------------------------------------------------------------------ what it is
    @property
    def simulated(self) -> bool:
        """True when the shoe is the simulator (cards dealt on ``draw()``)."""
        return self.shoe.simulated

    @property
    def seed(self) -> int | None:
        """The simulated shoe's run seed (None for a real shoe)."""
        return self.shoe.seed

    @property
    def source(self):
        """The drivers' shoe source."""
        return self.shoe.source

    @property
    def thread(self) -> threading.Thread | None:
        """The controller's thread once :meth:`start` ran, else None."""
        return self._thread

    # ------------------------------------------------------------------ the queue
    def put(self, event: object) -> None:
        """Hand a shoe event (or an :class:`EventRefused`) to the controller's thread; any thread.

        Waits while the queue is full, never drops (:func:`~dealer_station.app.station.put_event`): once
        stopping, what finds no room is spilled and given to the controller after the queue.
        """
        put_event(self.events, event, self._stopping, self._spill)

    def submit(self, fn: Callable[[], object], *, act: str | None = None) -> Future:
        """Run ``fn()`` on the controller's thread, after what is already queued; never blocks.

        Returns a :class:`concurrent.futures.Future` with ``fn``'s value or exception; the listeners have
        been told what it changed before the future is done. A full queue gives a future that failed
        with :class:`StationBusy`. Before :meth:`start` the queue waits.

        ``act``: the press ``fn`` makes (``"dealer:open_betting"``, ``"supervisor:resume"``), or None. Once a stop
        has begun (:meth:`request_stop`, :meth:`end_loop`) nothing is queued: the future fails with
        :class:`StationStopping`; a command still queued when it began is dropped, not run (its future is
        cancelled), and the stop journals how many presses it dropped (:meth:`Controller.acts_dropped`).
        """
        future: Future = Future()
        if self._stopping.is_set():
            log.info("command_after_stop_refused", act=act)
            future.set_exception(StationStopping("the table is closing: not done"))
            return future

        def command() -> object:
            self._updates.commanded()  # its listeners hear of it even when it changed nothing
            return fn()

        try:
            self.events.put_nowait(Command(command, future, act))
        except queue.Full:
            log.warning("station_queue_full")
            future.set_exception(StationBusy("the table is busy: try again"))
        return future

    def _drop(self, command: Command) -> None:
        """A command still queued when a stop began (controller's thread): cancelled, not run; kept for the note."""
        command.future.cancel()
        self._dropped.append(command)

    def _note_dropped(self) -> bool:
        """Journal the presses dropped so far (:meth:`Controller.acts_dropped`; controller's thread); True when none
        is left to journal. Logged as ``commands_dropped_at_stop``.
        """
        if not self._dropped:
            return True
        acts = [command.act for command in self._dropped if command.act]
        log.warning("commands_dropped_at_stop", commands=len(self._dropped), acts=len(acts))
        note = getattr(self.controller, "acts_dropped", None)
        if not acts or note is None or note(acts):
            self._dropped = []
            return True
        return False

    def refused(self, event_id: int, problem: str) -> None:
        """The publisher's ``on_refused`` (its own thread): to the controller's thread, in order."""
        self.put(EventRefused(event_id, problem))

    # ------------------------------------------------------------------ listeners
    def listen(self, listener: Callable[[StationUpdate], None]) -> None:
        """Call ``listener(update)`` on the controller's thread after each step that changed something
        (:class:`~dealer_station.app.station_listeners.StationListeners`).

        The station takes the controller's facts from its first listener on (with none, nobody is told them:
        a headless replay's controller tells its facts to nobody more). Facts made before it, while the station
        opened (a configured dealer seated, the shoe's ``Connected``), reach no listener: the first view shows
        what they changed. A front-end therefore listens before it starts the station's loop.
        """
        self._updates.listen(listener)

    def _sink(self, event: object) -> None:
        if self._dropping:
            log.info("shoe_event_after_close_dropped", frame=type(event).__name__)
            return
        self.put(event)

    # ------------------------------------------------------------------ running
    def start_shoe(self) -> None:
        """Start the shoe's reader (its events go to the queue). Raises ``drivers.errors.ShoeError``.

        A shoe another program holds (``ShoeBusyError``: a ``cat`` on the tty, ModemManager probing it) is
        no start-up failure: the reader reports the loss naming the holder, so the station records it,
        tells the platform and pauses an open round on it like any loss of the shoe, and the reader keeps
        opening the port until it is the station's (``ShoeSource.start(wait_while_busy=True)``).
        """
        if self._shoe_started or self.shoe.source is None:
            return
        self._shoe_started = True
        try:
            self.shoe.source.start(self._sink, wait_while_busy=True)
        except BaseException:
            self._shoe_started = False  # nothing to stop: the source cleans up a failed open itself
            raise

    def stop_shoe(self, *, drop: bool = False) -> None:
        """Stop the shoe's reader. Raises what the source raises.

        ``drop``: what the reader still sends is logged and dropped, not queued (the console's close: the
        table comes back exactly as after a kill, where the journal stops); else it is queued and the stop
        gives it to the controller (:meth:`stop`: the closing link loss is the stop's).
        """
        if not self._shoe_started:
            return
        self._shoe_started = False
        self._dropping = drop
        self.shoe.source.stop()

    def end_loop(self, timeout: float = 10.0) -> bool:
        """End the controller's thread and wait up to ``timeout`` seconds for it; True when it ended.

        The shoe events queued are given to the controller first; the commands queued are dropped, not run (their
        futures cancelled). Nothing is journaled: :meth:`stop` journals the dropped presses and the stop afterwards
        (on the calling thread, the controller's from then on). A stop asked with a reason (:meth:`request_stop`)
        is journaled by the controller's thread itself before it ends.
        """
        self._stopping.set()
        if self._thread is None:
            return True
        if not self.wait_ended(timeout):
            log.error("controller_thread_did_not_end", timeout=timeout)
            return False
        return True

    def wait_ended(self, timeout: float | None = None) -> bool:
        """Wait up to ``timeout`` seconds (None: as long as it takes) for the controller's thread to end; True when
        it has (or never started). Any thread but the controller's; a front-end waits in short steps between its
        own events (the console: ``MainWindow.shutdown``).
        """
        thread = self._thread
        if thread is None:
            return True
        thread.join(timeout)
        return not thread.is_alive()

    @property
    def ended(self) -> bool:
        """True once the controller's thread has ended (or when it never started)."""
        return self._thread is None or not self._thread.is_alive()

    def stop_seconds(self, timeout: float = 10.0) -> float:
        """The longest a stop keeps the controller's thread, in seconds: ``timeout`` for the step it is in and the
        stop's rows, the journal's retries (:attr:`StationSettings.stop_journal_seconds`) and the publisher's drain.
        """
        publishing = self.publishing
        sending = publishing is not None and getattr(publishing, "publisher", None) is not None
        drain = float(getattr(publishing, "drain_timeout", 0) or 0) if sending else 0.0
        return max(0.0, float(timeout)) + max(0.0, float(self.settings.stop_journal_seconds)) + max(0.0, drain)

    def run(self, *, start_shoe: bool = True) -> str:
        """Run the controller's loop on the calling thread until stopped, idle or finished; return why.

        The calling thread is the controller's from now on (``run``: the main thread, so its signal
        handlers only set the stop). ``start_shoe``: the shoe's reader is started first when it is not
        running yet (a shoe that cannot be opened raises ``drivers.errors.ShoeError``), and what it delivered
        on opening (its ``Connected``) is given to the controller before the loop's first dealer act: the
        shoe is on line before the dealer starts. The controller builds what it would build at the first
        round's end (``Controller.prepare``: the edge watch's odds tables) before the loop begins; the
        console, whose loop runs on a thread of its own (:meth:`start`), asks for that once its window is up.
        """
        if start_shoe:
            self.prepare()
        if start_shoe and not self._shoe_started:
            self.start_shoe()
            drain_events(self.controller, self.events, after=self._updates.after, on_error=self._updates.event_failed)
        self.why = run_station(self.controller, self.events, self.shoe.draw, self._stopping,
                               self.settings.idle_exit, poll=0.05, after=self._step_done,
                               dealer=lambda: self.auto, end_paused=self.settings.end_paused,
                               on_error=self._updates.event_failed, drop=self._drop)
        return self.why

    def prepare(self) -> None:
        """Build now what the controller would build when first needed (``Controller.prepare``: the edge watch's
        odds tables); a controller without it has nothing to build. Call on the controller's thread.
        """
        prepare = getattr(self.controller, "prepare", None)
        if prepare is not None:
            prepare()

    def _step_done(self, item: object) -> None:
        self._updates.after(item)

    def start(self) -> threading.Thread:
        """Run the controller's loop on a thread of its own (:meth:`run`); return it. The shoe's reader is
        not started there (a device that blocks its open must not hold the controller): :meth:`start_shoe`.
        """
        if self._thread is None:
            self._thread = threading.Thread(target=self._run_logged, name="controller", daemon=True)
            self._thread.start()
        return self._thread

    def _run_logged(self) -> None:
        try:
            try:
                self.run(start_shoe=False)
            except Exception as err:  # noqa: BLE001 - the loop's end is logged, the stop still closes the table
                log.error("controller_loop_failed", error=repr(err))
                self.why = "failed"
            if self._stop_asked:
                try:
                    self._left = self._stop_table(self._stop_why)  # on this thread: nobody else writes the journal
                except Exception as err:  # noqa: BLE001 - nobody to raise it to: logged, the stop is over
                    log.error("station_stop_failed", error=repr(err))
                    self._left = 0
                    if self.stop_journaled is None:
                        self.stop_journaled = False
        finally:
            with self._end_lock:
                self._ended = True
                close = self._close_at_end
            if close:
                self.journal.close()
                log.info("journal_closed_by_controller_thread")

    def request_stop(self, why: str | None = None, *, timeout: float = 10.0) -> None:
        """Ask the loop to end (any thread, a signal handler too); :meth:`stop` finishes the stop.

        ``why`` (the stop's reason, ``"console closed"``): a loop on a thread of its own (:meth:`start`) then stops
        the table itself on its way out (the queued commands dropped, the presses among them journaled, the stop
        journaled and published: :meth:`stop`), and :meth:`stop` only waits for it, until :attr:`stop_deadline`
        (:meth:`stop_seconds` of ``timeout`` from now). The first reason given wins, and its deadline.
        """
        if why is not None and not self._stop_asked:
            self._stop_why = why
            self._stop_by = time.monotonic() + self.stop_seconds(timeout)
            self._stop_asked = True
        self._stopping.set()

    @property
    def stop_deadline(self) -> float | None:
        """When the stop asked with a reason (:meth:`request_stop`) should be over, on ``time.monotonic``'s clock:
        :meth:`stop`, :meth:`close` and the console's window wait for the controller's thread until then and no
        longer, all of them together. None: no such stop asked.
        """
        return self._stop_by

    def _stop_wait_left(self) -> float:
        return 0.0 if self._stop_by is None else max(0.0, self._stop_by - time.monotonic())

    def stop(self, why: str | None = None, *, timeout: float = 10.0) -> int:
        """Stop the table: end the loop, stop the shoe, journal and publish the stop, drain the publisher.

        However it ends, the stop is journaled and published as a stop (the table ``closed``), never as
        a pause: the reader's closing link loss is the stop's, and the open round stays open for the next
        start (:meth:`Controller.stop`). ``why``: the stop's reason (default: why the loop ended). Every
        event the reader delivered while stopping is given to the controller first. Returns the events
        the broker has not acknowledged (they stay in the outbox). Call it from the thread that
        started the station (again: the first stop's result); the journal stays open until :meth:`close`.

        A loop on a thread of its own (:meth:`start`) stops the table on that thread, the controller's: this asks
        for it (:meth:`request_stop`) and waits for the thread to end until :attr:`stop_deadline` (at most
        :meth:`stop_seconds` of ``timeout``). The commands still queued are dropped (their futures cancelled) and
        the presses among them journaled in one note (:meth:`Controller.acts_dropped`) before the stop (while the
        journal fails: right after it, once the journal takes rows). A thread that does not end in time is left
        to finish: this returns 0, :attr:`stop_journaled` is False and :meth:`close` leaves the journal to that
        thread.

        While the journal fails, the stop tries it again about every second (:meth:`Controller.retry_journal`)
        for up to :attr:`StationSettings.stop_journal_seconds`: once it takes rows, the pause, what it held and
        the stop are journaled and published. When it never does, :attr:`stop_journaled` is False, the
        failure is logged (``stop_not_journaled``) and the publisher leaves the broker with the retained
        ``offline`` status of reason ``journal_failure`` (its ``detail`` says why), so the platform knows the
        stop, and whatever the journal could not take, is missing.
        """
        if self._left is not None:
            return self._left  # stopped already
        if self._thread is not None:
            self.request_stop(why or self.why or "stopped", timeout=timeout)
            if not self.wait_ended(self._stop_wait_left()):
                log.error("controller_thread_did_not_end", timeout=round(self.stop_seconds(timeout), 3))
                self.stop_journaled = False
                return 0
            if self._left is not None:
                return self._left
            # the thread ended before the stop was asked (end_loop, a failed loop): the table is this thread's now
        self._stopping.set()  # the reader no longer waits for room in the queue: it spills (never drops)
        self._left = self._stop_table(why)
        return self._left

    def _stop_table(self, why: str | None) -> int:
        """The stop itself (:meth:`stop`), on the controller's thread: its own, or the caller's once its loop ended."""
        controller = self.controller
        controller.begin_stop()  # the reader's closing ConnectionLost is the stop's, not a lost shoe
        try:
            self.stop_shoe()
        except Exception as err:  # noqa: BLE001 - closing a device must not hide the run's result
            log.warning("shoe_stop_failed", error=str(err))
        self._drain()
        reason = why or self.why or "stopped"
        noted = not controller.journal_failing and self._note_dropped()  # else: once the journal takes the stop
        stopped = controller.stop(reason)
        if not stopped and controller.journal_failing:
            stopped = self._retry_stop(reason)
        if stopped and not noted:
            self._note_dropped()
        self.stop_journaled = stopped
        self._updates.after()
        left = 0
        if self.publishing is not None:
            if stopped:
                left = self.publishing.finish()
            else:
                detail = f"the stop could not be journaled: {controller.last_journal_error}"
                left = self.publishing.finish(offline_reason=OfflineReason.JOURNAL_FAILURE, detail=detail)
        self._drain()  # a refusal while draining
        self._cancel_waiting()
        return left

    def _drain(self) -> None:
        """Give the controller what is queued and spilled (the commands among it dropped, not run)."""
        drain_events(self.controller, self.events, self._spill, after=self._updates.after,
                     on_error=self._updates.event_failed, drop=self._drop)

    def _retry_stop(self, why: str) -> bool:
        """Try to journal the stop until the journal takes it or the bound runs out; True when journaled."""
        from dealer_station.app.journal_guard import RETRY_MAX_SECONDS

        controller = self.controller
        bound = max(0.0, float(self.settings.stop_journal_seconds))
        deadline = time.monotonic() + bound
        log.warning("stop_journal_retrying", why=why, seconds=bound, error=controller.last_journal_error)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            time.sleep(min(RETRY_MAX_SECONDS, left))
            self._drain()
            if controller.stop(why):
                self._updates.after()
                return True
            self._updates.after()
        log.error("stop_not_journaled", why=why, seconds=bound, error=controller.last_journal_error,
                  held=len(controller.snapshot().held_inputs))
        return False

    def _cancel_waiting(self) -> None:
        while True:
            try:
                item = self.events.get_nowait()
            except queue.Empty:
                return
            if isinstance(item, Command):
                item.future.cancel()

    def close(self) -> None:
        """Close the journal (after :meth:`stop`; or instead of it): a loop still running is ended first.

        The journal is closed only once the controller's thread has ended: while it still runs (it did not end
        within :meth:`end_loop`'s wait, or :meth:`stop`'s) the journal is left to that thread, which closes it as it
        ends (``journal_close_left_to_controller_thread``), never from here while it may be writing.
        """
        if self._closed:
            return
        self._closed = True
        if self._stop_asked:
            self._stopping.set()
            self.wait_ended(self._stop_wait_left())  # what is left of the stop's bound, no more
        else:
            self.end_loop()
        with self._end_lock:
            if self._thread is not None and not self._ended:
                self._close_at_end = True
                log.error("journal_close_left_to_controller_thread")
                return
        self.journal.close()

    # ------------------------------------------------------------------ dealers and accounts
    def has_accounts(self) -> bool:
        """True when the accounts file holds an account (an unreadable one counts: no demo dealer past damage)."""
        if self.accounts is None:
            return False
        try:
            return bool(self.accounts.list())
        except Exception:  # noqa: BLE001 - a damaged file: the sign-in says why when it is tried
            return True

    def authenticate(self, user: str, pin: str) -> bool:
        """Check a supervisor's PIN against the accounts (counts towards the lockout). Raises AuthError."""
        if self.accounts is None:
            raise AuthError("no_accounts", "no accounts file: add one with 'dealer-station users add'")
        self.accounts.authenticate(user, pin, role=Role.SUPERVISOR)
        return True

    def add_first_account(self, user: str, role: str, pin: str) -> None:
        """Add one of the first accounts (refused once a supervisor's exists). Raises AccountsError."""
        if self.accounts is None:
            raise AccountsError("no accounts file is configured")
        if any(a.role == Role.SUPERVISOR for a in self.accounts.list()):
            raise AccountsError("a supervisor account exists: add accounts with 'dealer-station users add'")
        self.accounts.add(user, role, pin)

    def seat_dealer(self) -> str | None:
        """Sign in the demo dealer on the simulated shoe while there are no accounts; sign a demo dealer out
        once there are (between rounds). Returns the dealer signed in now (None: nobody). Controller's thread.
        """
        controller = self.controller
        view = controller.snapshot()
        between = view.state not in _BETWEEN_ROUNDS_NOT
        try:
            if self.simulated and not self.has_accounts():
                if view.dealer is None and between:
                    controller.sign_in(DEMO_DEALER, how=SignInMethod.DEMO)
            elif view.dealer_how == SignInMethod.DEMO and between:
                controller.sign_out()
        except Exception as err:  # noqa: BLE001 - the console shows the sign-in; it never fails to open
            log.warning("seat_dealer_failed", error=str(err))
        return controller.signed_in

    def load_shoe(self, shoe_number: int) -> None:
        """Put simulated shoe ``shoe_number`` in the simulator; no-op on a real shoe."""
        if self.shoe.new_shoe is None:
            return
        self.shoe.new_shoe(shoe_number)
        log.info("sim_shoe_loaded", shoe=shoe_number)
