"""``dealer-station keys init|show``: the station's Ed25519 key pair, which signs its events and status.

``keys init --table-id ID --out DIR`` writes ``DIR/ID.key`` (the private key, mode 0600: give it to the station
with ``--signing-key`` or ``[station] signing_key``) and ``DIR/ID.pub`` (the public key: give it to the platform,
whose ``events follow --trust DIR`` and ``pit --trust DIR`` read ``ID.pub`` files). A key is never overwritten.
``keys show FILE`` prints a key file's id and its public key (docs/events.md "What a platform can trust").
"""

from __future__ import annotations

from dealer_station.cli import CliError, echo

NAME = "keys"
HELP = "make or show the station's signing key pair (Ed25519): the platform checks every event with ID.pub"


def register(parser) -> None:
    """Add ``init --table-id ID --out DIR`` and ``show FILE``."""
    sub = parser.add_subparsers(dest="keys_command", metavar="ACTION", required=True)
    init = sub.add_parser("init", help="write DIR/ID.key (private, mode 0600) and DIR/ID.pub (public)")
    init.add_argument("--table-id", metavar="ID", required=True, help="the table the key speaks for")
    init.add_argument("--out", metavar="DIR", required=True, help="directory for the two files (made if missing)")
    show = sub.add_parser("show", help="print a key file's id and public key")
    show.add_argument("file", help="a private (.key) or public (.pub) key file")


def run(args) -> int:
    """Run the action; exit 0, or 2 with one line naming the problem and the fix."""
    from dealer_station.signing import (
        SigningKeyError,
        key_id,
        load_public_key,
        load_signer,
        public_pem,
        write_key_pair,
    )

    try:
        if args.keys_command == "init":
            from dealer_station.publish.topics import TABLE_ID_RULE, is_table_id

            if not is_table_id(args.table_id):
                raise CliError(f"--table-id {args.table_id!r}: a table id is {TABLE_ID_RULE} (e.g. T1)")
            private, public, kid = write_key_pair(args.table_id, args.out)
            echo(f"key {kid} for table {args.table_id}: private key {private} (mode 0600, for the station's "
                 f"--signing-key), public key {public} (for the platform's --trust directory)")
            return 0
        try:
            key = load_signer(args.file).public_key
        except SigningKeyError:
            key = load_public_key(args.file)
        echo(f"key id {key_id(key)}")
        echo(public_pem(key), end="")
        return 0
    except SigningKeyError as err:
        raise CliError(str(err)) from None
