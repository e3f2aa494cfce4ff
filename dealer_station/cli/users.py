"""``dealer-station users add|list|disable``: dealer and supervisor accounts (argon2id-hashed PINs)."""

from __future__ import annotations

import argparse
import getpass
import sys

from dealer_station.cli import CliError, echo
from dealer_station.domain.staff import Role

NAME = "users"
HELP = "manage dealer and supervisor accounts (add, list, disable)"


ACCOUNTS_HELP = "accounts file (default: accounts.path of --config)"
CONFIG_HELP = "station configuration (default config/station.toml)"


def register(parser) -> None:
    """Add the ``users`` sub-commands. ``--accounts`` and ``--config`` go before or after the action."""
    parser.add_argument("--accounts", default=None, help=ACCOUNTS_HELP)
    parser.add_argument("--config", default=None, help=CONFIG_HELP)
    sub = parser.add_subparsers(dest="users_command", metavar="ACTION", required=True)
    add = sub.add_parser("add", help="add an account, or set a new PIN and role")
    add.add_argument("user")
    add.add_argument("--role", choices=tuple(role.value for role in Role), required=True)
    add.add_argument("--pin-stdin", action="store_true", help="read the PIN from standard input (scripts)")
    listing = sub.add_parser("list", help="list the accounts")
    disable = sub.add_parser("disable", help="disable an account")
    disable.add_argument("user")
    for action in (add, listing, disable):
        # SUPPRESS: given after the action it is set; not given, the value before the action stays
        action.add_argument("--accounts", default=argparse.SUPPRESS, help=ACCOUNTS_HELP)
        action.add_argument("--config", default=argparse.SUPPRESS, help=CONFIG_HELP)


def run(args) -> int:
    """Run the action; exit 0, or 2 with a one-line error."""
    from dealer_station.app.accounts import Accounts, AccountsError
    from dealer_station.app.config import ConfigError, load_config

    path = args.accounts
    if path is None:
        try:
            path = load_config(args.config).accounts_path
        except ConfigError as err:
            raise CliError(str(err)) from None
    accounts = Accounts(path)
    try:
        if args.users_command == "add":
            if args.pin_stdin:
                pin = sys.stdin.readline().strip()
            else:
                if not sys.stdin.isatty():
                    raise CliError("no terminal to type the PIN on: give the PIN on standard input with --pin-stdin")
                try:
                    pin = getpass.getpass("PIN: ")
                    if getpass.getpass("PIN again: ") != pin:
                        raise CliError("the PINs differ")
                except EOFError:
                    raise CliError("no PIN typed: run it on a terminal, or give the PIN on standard input "
                                   "with --pin-stdin") from None
            account = accounts.add(args.user, args.role, pin)
            echo(f"{account.user}: {account.role} added to {path}")
        elif args.users_command == "list":
            listed = accounts.list()
            if not listed:
                echo(f"dealer-station users: no accounts in {path}; add one with "
                     "dealer-station users add USER --role dealer|supervisor", file=sys.stderr)
            for account in listed:
                state = "disabled" if account.disabled else (
                    f"locked until {account.locked_until}" if account.locked_until else "active")
                echo(f"{account.user}\t{account.role}\t{state}")
        elif args.users_command == "disable":
            account = accounts.disable(args.user)
            echo(f"{account.user}: disabled")
    except AccountsError as err:
        raise CliError(str(err)) from None
    except OSError as err:  # the accounts file (or its folder) cannot be written
        raise CliError(f"{path}: {err.strerror or err}") from None
    return 0
