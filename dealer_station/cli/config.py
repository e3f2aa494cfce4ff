"""``dealer-station config check FILE``: validate a station configuration."""

from __future__ import annotations

from pathlib import Path

from dealer_station.cli import CliError, echo

NAME = "config"
HELP = "check a station configuration file (every error names the key, the bad value and what is allowed)"


def register(parser) -> None:
    """Add the ``config`` sub-commands."""
    sub = parser.add_subparsers(dest="config_command", metavar="ACTION", required=True)
    check = sub.add_parser("check", help="validate FILE the way the station does on start")
    check.add_argument("file", nargs="?", default=None, help="configuration file (default config/station.toml)")


def run(args) -> int:
    """Exit 0 when the file is valid, 1 listing every error otherwise, 2 when there is no such file."""
    from dealer_station.app.config import ConfigError, default_config_path, load_config

    if args.config_command != "check":
        raise CliError(f"unknown action {args.config_command!r}")
    if args.file is not None and not args.file.strip():
        raise CliError("'': give the path of a station configuration, or no FILE for config/station.toml")
    path = args.file or str(default_config_path())
    if not Path(path).is_file():
        raise CliError(f"no configuration file {path!r}: give the path of a station configuration "
                       "(the documented default is config/station.toml)")
    try:
        config = load_config(path)
    except ConfigError as err:
        echo(f"{path}: INVALID")
        for line in err.errors:
            echo(f"  {line}")
        return 1
    echo(f"{path}: ok (table {config.table_id}, {config.mode.value}, pay table {config.paytable_name}, "
          f"{len(config.offered_bets)} bets, {config.decks} decks)")
    return 0
