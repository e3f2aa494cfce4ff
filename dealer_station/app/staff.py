"""Who is at the table: a dealer signs in (PIN, badge, the station's configured dealer, the demo dealer) and
out, between rounds; the sign-in's authority is checked here, the table's own rules in
:mod:`dealer_station.domain.table_acts` (docs/controller.md "Who is at the table"). The dealer's other acts are
taken here too (:meth:`Staff.take_dealer`): the sign-in they need, then the table's input.
"""

from __future__ import annotations

from typing import Any

from dealer_station.app.accounts import Accounts, AuthError
from dealer_station.app.config import StationConfig
from dealer_station.app.journal_guard import JournalGuard
from dealer_station.app.refusals import ActRefused
from dealer_station.app.table_ports import TablePorts
from dealer_station.domain.act_rules import Refusal, dealer_refusal
from dealer_station.domain.acts import STAFF_ACTS, DealerAct, StaffAct
from dealer_station.domain.fact_data import ActRefused as ActRefusedFact
from dealer_station.domain.fact_data import AuthRefused
from dealer_station.domain.facts import FactKind
from dealer_station.domain.inputs import DealerInput
from dealer_station.domain.states import TableState
from dealer_station.domain.table import NO_DEALER, TableMachine

__all__ = ["Staff"]


class Staff:
    """Who is at the table: the dealer's sign-in and sign-out, its authority checked against the accounts.

    Parameters
    ----------
    accounts:
        The accounts (None: none; only the configured and the demo dealer sign in).
    config:
        The station's configuration (``[console] badge_signs_in``).
    machine:
        The state machine, which holds who is signed in (it survives a restart: the journal's fold).
    guard:
        The journal-failure guard: refusals are noted through it, and its pause is a pause.
    ports:
        The controller's clock, facts and inputs (:class:`~dealer_station.app.table_ports.TablePorts`).
    """

    def __init__(self, accounts: Accounts | None, config: StationConfig, machine: TableMachine,
                 guard: JournalGuard, ports: TablePorts) -> None:
        self.accounts = accounts
        self.config = config
        self._machine = machine
        self._guard = guard
        self._ports = ports

    @property
    def signed_in(self) -> str | None:
        """The dealer signed in at the table (None: nobody); it survives a restart (the journal's fold)."""
        return self._machine.signed_in

    def sign_in(self, user: str, pin: str = "", *, how: str = "pin") -> None:
        """A dealer signs in at the table (the shift rotation: the dealer before is replaced), between rounds.

        ``how``:

        - ``"pin"``: ``user``'s PIN is checked against the accounts (role dealer or supervisor; wrong PINs
          count towards the lockout);
        - ``"badge"``: a dealer badge was scanned; with a PIN it is checked as ``"pin"``; without one the
          account must exist, be enabled and not locked, and ``[console] badge_signs_in`` must be true;
        - ``"configured"``: the station's own dealer id (``[table] dealer``, ``--dealer``; headless runs and
          the simulator); no account, no PIN;
        - ``"demo"``: the console's demo dealer on the simulated shoe while there are no accounts at all.

        Journaled as the dealer input ``{"act": "sign_in", "args": {"user", "how"}}`` (never the PIN).

        Raises
        ------
        AuthError
            Unknown user, wrong PIN, locked, disabled, not a dealer or supervisor, no accounts, a badge alone
            while badges need the PIN, a demo dealer while accounts exist (journaled as an ``auth_refused``
            note).
        ActRefused
            A round is open or the table is paused (the dealer changes between rounds), the same dealer is
            already signed in, or the journal failed (journaled).
        """
        user, pin, how = str(user or "").strip(), str(pin or ""), str(how)
        who = {"act": "sign_in", "user": user, "how": how}
        try:
            self._check_dealer(user, pin, how)
        except AuthError as err:
            self._guard.note({"kind": "auth_refused", **who, "code": err.code, "why": str(err)})
            self._ports.say(AuthRefused(**who, code=err.code, why=str(err)))
            raise
        self._staff_input("sign_in", {"user": user, "how": how})

    def take_dealer(self, act: str, kw: dict, require_dealer: bool) -> None:
        """A dealer act (``kw``: its keywords; ``require_dealer``: a shoe starts and betting opens only with a
        dealer signed in) journaled and decided; run it through the controller's input queue. Raises ActRefused
        (journaled) when the act does not fit the table now.
        """
        args = {k: v for k, v in kw.items() if isinstance(v, (str, int, float, bool)) or v is None}
        if act in STAFF_ACTS:
            raise ActRefused(act, "a dealer signs in with sign_in (the PIN or badge is checked) and out with sign_out",
                             Refusal.STAFF_BY_SIGN_IN)
        if require_dealer:
            self.refuse_unstaffed(act)
        outputs = self._ports.take_input(DealerInput(act, args, ts=self._ports.now()))
        if outputs is None:
            raise ActRefused(act, "the table is paused: journal failure", Refusal.JOURNAL_FAILED)
        for kind, data in outputs:
            if kind == FactKind.ACT_REFUSED:
                raise self._refused(act, args, data)

    def refuse_unstaffed(self, act: str) -> None:
        """On a table that requires a dealer: raise ActRefused (journaled as an ``act_refused`` note, told) for a
        dealer act that starts a shoe or opens betting while nobody is signed in (the journal-failure pause
        refuses it itself).
        """
        m = self._machine
        if act not in (DealerAct.NEW_SHOE, DealerAct.OPEN_BETTING) or m.signed_in is not None \
                or self._guard.fault is not None:
            return
        why = NO_DEALER if act == DealerAct.OPEN_BETTING else \
            "no dealer is signed in: a dealer signs in at the console first"
        self._guard.note({"kind": "act_refused", "by": "dealer", "act": str(act), "why": why})
        self._ports.say(ActRefusedFact(by="dealer", act=act, why=why, state=m.state.value))
        raise ActRefused(act, why, Refusal.NO_DEALER)

    def sign_in_configured(self, dealer: str) -> bool:
        """Sign in the station's configured dealer (``[table] dealer``, ``--dealer``; headless runs and the
        simulator): journaled as a sign-in ``how: configured``, no PIN. Nothing is done when that dealer is
        already signed in, or while a round is open or the table is paused (the dealer signed in deals on:
        a dealer changes between rounds). Returns True when it signed in now.

        Raises AuthError for an empty id; ActRefused when the journal failed.
        """
        m = self._machine
        if m.signed_in == dealer or m.round_open or self._guard.fault is not None or m.state == TableState.PAUSED:
            return False
        self.sign_in(dealer, how="configured")
        return True

    def sign_out(self) -> None:
        """The dealer signs out (between rounds); betting does not open until another signs in.

        Raises ActRefused (journaled) when nobody is signed in, a round is open or the table is paused.
        """
        self._staff_input("sign_out", {})

    def _staff_input(self, act: str, args: dict) -> None:
        self._ports.call(self._take_staff, act, args)

    def _take_staff(self, act: str, args: dict) -> None:
        outputs = self._ports.take_input(DealerInput(StaffAct(act), args, ts=self._ports.now()))
        if outputs is None:
            raise ActRefused(act, "the journal failed", Refusal.JOURNAL_FAILED)
        for kind, data in outputs:
            if kind == FactKind.ACT_REFUSED:
                raise self._refused(act, args, data)

    def _refused(self, act: str, args: dict, data: Any) -> ActRefused:
        """The table's refusal ``data`` of ``act`` as raised, with the act rules' code: a refused act changes
        nothing, so the rules asked now say what the table said (:func:`~dealer_station.domain.act_rules.
        dealer_refusal`).
        """
        verdict = dealer_refusal(self._machine, act, args)
        return ActRefused(act, str(data.get("why")), verdict.code if verdict is not None else None)

    def _check_dealer(self, user: str, pin: str, how: str) -> None:
        """Raise AuthError unless ``user`` may sign in as the dealer ``how`` says (see :meth:`sign_in`)."""
        if getattr(self.accounts, "recorded", False):
            return  # a replay or an audit: the act was checked at the table when it was recorded
        if how == "configured":
            if not user:
                raise AuthError("unknown_user", "no dealer id is configured")
            return
        if how == "demo":
            try:
                exist = self.accounts is not None and bool(self.accounts.list())
            except Exception:  # noqa: BLE001 - a damaged accounts file: no demo dealer past it
                exist = True
            if exist:
                raise AuthError("wrong_role", "accounts exist: a dealer signs in with an account, not as the "
                                              "demo dealer")
            return
        if how not in ("pin", "badge"):
            raise AuthError("unknown_user", f"sign-in {how!r}: allowed pin, badge, configured, demo")
        if self.accounts is None:
            raise AuthError("no_accounts", "no accounts file is configured: add one with 'dealer-station users add'")
        if how == "badge" and not pin:
            if not self.config.badge_signs_in:
                raise AuthError("wrong_pin", "a badge alone does not sign in here ([console] badge_signs_in = "
                                             "false): enter the PIN")
            account = self.accounts.account(user)
        else:
            account = self.accounts.authenticate(user, pin)
        if account.role not in ("dealer", "supervisor"):
            raise AuthError("wrong_role", f"user {user!r} is a {account.role}, not a dealer")
