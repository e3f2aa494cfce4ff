"""The broker options of the commands that publish (``run``, ``simulate``, ``console``, ``events publish``).

:func:`add_broker_arguments` puts them on a parser; :func:`broker_options` turns the parsed arguments
into the plain :class:`~dealer_station.publish.settings.BrokerOptions` that the publishing set-up takes.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from dealer_station.publish.settings import DEFAULT_DRAIN_TIMEOUT, BrokerOptions
from dealer_station.publish.topics import TABLE_ID_RULE, is_table_id

__all__ = ["PASSWORD_ENV", "add_broker_arguments", "add_signing_argument", "broker_options", "table_id_argument"]

PASSWORD_ENV = "DEALER_STATION_BROKER_PASSWORD"
"""The environment variable read for the MQTT password when ``--broker-username`` is given alone."""


def table_id_argument(text: str) -> str:
    """The argparse type of ``--table-id``: a table id (docs/events.md "Table ids"), returned as given.

    Raises argparse.ArgumentTypeError (one line on standard error, exit 2) naming the rule otherwise; an
    empty id is refused too, never taken for the configured one.
    """
    if is_table_id(text):
        return text
    if not text:
        raise argparse.ArgumentTypeError(f"the table id is empty: give {TABLE_ID_RULE} (e.g. T1), or leave "
                                         "--table-id out for [table] id of the configuration")
    raise argparse.ArgumentTypeError(f"{text!r} is not allowed; allowed: {TABLE_ID_RULE}")


def add_broker_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--broker``, ``--table-id``, ``--drain-timeout`` and the credential/TLS options to ``parser``.

    The options (all optional): ``--broker URL``, ``--table-id ID``, ``--drain-timeout SECONDS``
    (default 10), ``--broker-username``, ``--broker-password`` (or the environment variable
    ``DEALER_STATION_BROKER_PASSWORD``), ``--broker-ca PEM``, ``--broker-cert PEM``, ``--broker-key PEM``,
    ``--broker-client-id``. Read them back with :func:`broker_options`.
    """
    group = parser.add_argument_group("publishing to the betting platform (MQTT)")
    group.add_argument("--broker", metavar="URL", default=None, action="append",
                       help="MQTT broker, mqtt://host[:port] or mqtts://host[:port] (overrides [broker] in the "
                            "config); repeat it for brokers to fail over to, in order of preference; without one, "
                            "events stay in the outbox")
    group.add_argument("--table-id", metavar="ID", default=None, type=table_id_argument,
                       help=f"table id used in topics baccarat/tables/ID/... ({TABLE_ID_RULE}; default: "
                            "[table] id of the config)")
    group.add_argument("--drain-timeout", metavar="SECONDS", type=float, default=None,
                       help="on exit, wait up to this long for the outbox to empty "
                            f"(default {DEFAULT_DRAIN_TIMEOUT:g})")
    group.add_argument("--broker-username", metavar="USER", default=None, help="MQTT user name")
    group.add_argument("--broker-password", metavar="PASSWORD", default=None,
                       help="MQTT password (better: set DEALER_STATION_BROKER_PASSWORD)")
    group.add_argument("--broker-ca", metavar="PEM", default=None, help="CA certificate(s) to trust for mqtts://")
    group.add_argument("--broker-cert", metavar="PEM", default=None, help="client certificate for mqtts://")
    group.add_argument("--broker-key", metavar="PEM", default=None, help="client private key for mqtts://")
    group.add_argument("--broker-client-id", metavar="ID", default=None,
                       help="MQTT client id (default dealer-station-TABLE)")


def add_signing_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--signing-key FILE`` (the station's private key; read back as ``args.signing_key``, None when absent)
    and ``--previous-signing-key FILE`` (the key it replaces, ``args.previous_signing_key``).

    A file given but empty (``--signing-key ''``) is refused by the parser (exit 2, one line).
    """
    def key_file(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError("give the private key file made by dealer-station keys init "
                                             "--table-id ID --out DIR, or leave --signing-key out")
        return text

    parser.add_argument("--signing-key", metavar="FILE", type=key_file, default=None,
                        help="the station's private key: every event and the retained status are signed with it "
                             "(default: [station] signing_key of the configuration; none: unsigned)")
    parser.add_argument("--previous-signing-key", metavar="FILE", type=key_file, default=None,
                        help="the key --signing-key replaces: the new key is announced once, in an event this one "
                             "signs, so a platform trusting the old key trusts the new one (default: [station] "
                             "previous_signing_key)")


def broker_options(args: argparse.Namespace) -> BrokerOptions:
    """The broker options of parsed arguments (missing attributes are fine: a command without them gives none).

    ``--broker-password`` falls back to :data:`PASSWORD_ENV` when ``--broker-username`` is given.
    """
    def arg(name: str) -> Any:
        return getattr(args, name, None)

    given = arg("broker")
    urls = (given,) if isinstance(given, str) else tuple(str(u) for u in (given or []) if u)
    username = arg("broker_username")
    password = arg("broker_password") or (os.environ.get(PASSWORD_ENV) if username else None)
    return BrokerOptions(brokers=urls, table_id=arg("table_id"), drain_timeout=arg("drain_timeout"),
                         username=username, password=password, ca_certs=arg("broker_ca"),
                         certfile=arg("broker_cert"), keyfile=arg("broker_key"), client_id=arg("broker_client_id"))
