"""Station configuration: one TOML file, validated on load.

Every error names the key, the bad value and what is allowed; all errors of a file are reported
together. The file's shape (sections, keys, each key's TOML type) is a set of pydantic models in
strict mode (no coercion: ``"8"`` is not a number of decks); each pydantic error becomes one such line.
The rules between values (pay tables, device profiles, ranges) are checked after.
The documented default is ``config/station.toml`` at the project root. Keys::

    [table]
    id = "T1"                       # table id: as docs/events.md "Table ids" says
    mode = "commission"             # "commission" | "no-commission" (docs/rules.md §3)
    paytable = "commission"         # shipped pay table name or a path to a .toml file
    offered_bets = []               # bet ids the table offers; empty = all of the pay table
    dealer = ""                     # the dealer id of headless runs and the simulator (run, simulate); "" = none
    [limits]
    difference = "10000"            # optional: Player/Banker difference limit override (docs/rules.md §4)
    [betting]
    auto_open = false               # open betting as soon as the table is ready
    window_seconds = 0              # > 0: betting closes by itself after that many seconds
    [burn]
    indicator_counts = false        # the burn indicator is the first of the N burned cards
    ace_burns = 1                   # 1 or 11
    [cut_card]
    between_rounds = "one_more"     # "one_more" | "none" (docs/rules.md §1)
    [shoe]
    profile = "sim"                 # device profile (drivers); "sim" or "sim?seed=N" is the simulator
    decks = 8                       # 1..8 (docs/rules.md §1: 8)
    cut_min = 60                    # cut card placed cut_min..cut_max cards before the end (simulator)
    cut_max = 80
    max_misreads = 3                # No-Reads in a row before the round pauses (docs/rules.md §5)
    [journal]
    path = "/srv/table/journal.sqlite"  # default: journal.sqlite in the user's data directory
    [accounts]
    path = "/srv/table/accounts.json"   # default: accounts.json in the user's data directory
    [console]
    supervisor_idle_seconds = 60    # 0 < S <= 600: a supervisor's session ends after S idle seconds
    press_debounce_ms = 250         # 0..1000: presses of one key or button closer than this count once
    badge_signs_in = false          # a dealer badge scanned alone signs the dealer in (else it fills the id)
    [line_noise]
    quiet_seconds = 0.5             # 0 < S <= 60: a burst of line noise ends after S seconds without any
    window_seconds = 1.0            # 0 < S <= 60: the window the noise's rate is measured over
    max_bytes_per_second = 256      # 1..1000000: more bad bytes a second over the window: the line is noisy
    max_frames_per_second = 32      # 1..100000: more bad frames a second over the window: the line is noisy
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from dealer_station.app.line_noise import NoiseSettings
from dealer_station.domain.bets import BetType
from dealer_station.domain.errors import MoneyError, PayTableError
from dealer_station.domain.money import MAX_AMOUNT, to_money
from dealer_station.domain.paytable import Mode, PayTable, load_paytable, paytable_names
from dealer_station.domain.table import TableSettings
from dealer_station.publish.topics import TABLE_ID_RULE, is_table_id

__all__ = ["ConfigError", "StationConfig", "config_from_dict", "default_config_path", "load_config"]


class ConfigError(ValueError):
    """A configuration that cannot be used. ``errors`` lists one line per problem (key, value, allowed)."""

    def __init__(self, errors: list[str], source: str = "") -> None:
        self.errors = list(errors)
        self.source = source
        head = f"{source}: " if source else ""
        super().__init__(head + ("; ".join(self.errors) if len(self.errors) == 1
                                 else f"{len(self.errors)} errors:\n  " + "\n  ".join(self.errors)))


APP_NAME = "dealer-station"
"""Application name for platformdirs."""


def default_data_dir() -> Path:
    """The user's data directory of the station (platformdirs), e.g. ``~/.local/share/dealer-station``.

    The journal and the accounts live there unless the configuration names other paths.
    """
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def default_config_path() -> Path:
    """The shipped, documented station configuration: ``config/station.toml`` at the project root."""
    return Path(__file__).resolve().parents[2] / "config" / "station.toml"


@dataclass(frozen=True)
class StationConfig:
    """A validated station configuration (see the module doc for the file format).

    ``paytable`` is already restricted to the offered bets and set to the table's mode.
    ``betting_window_seconds`` is 0 when only the dealer closes betting.
    """

    table_id: str = "T1"
    mode: Mode = Mode.COMMISSION
    paytable_name: str = "commission"
    paytable: PayTable | None = None
    offered_bets: tuple[str, ...] = ()
    difference_limit: Decimal | None = None
    betting_auto_open: bool = False
    betting_window_seconds: float = 0.0
    burn_indicator_counts: bool = False
    burn_ace: int = 1
    cut_between_rounds: str = "one_more"
    shoe_profile: str = "sim"
    decks: int = 8
    cut_min: int = 60
    cut_max: int = 80
    max_misreads: int = 3
    journal_path: str = dataclasses.field(default_factory=lambda: str(default_data_dir() / "journal.sqlite"))
    accounts_path: str = dataclasses.field(default_factory=lambda: str(default_data_dir() / "accounts.json"))
    player_edge_monitor: bool = True
    supervisor_idle_seconds: float = 60.0
    press_debounce_ms: int = 250
    """``[console] press_debounce_ms``: the dealer's presses of one key (a pedal) or button closer together than
    this many milliseconds count once (a bouncing pedal, a key that repeats); 0: every press counts."""
    event_retention_days: int = 7
    archive_after_days: int = 0
    """``[journal] archive_after_days``: at every shoe end, closed shoes that ended this many days ago move to
    archive files (:mod:`dealer_station.journal.archive`); 0 = never (``journal archive`` by hand)."""
    archive_dir: str | None = None
    """``[journal] archive_dir``: where the archive files go; None = ``archives`` beside the journal."""
    dealer: str = ""
    """The configured dealer id (``[table] dealer``): headless runs and the simulator sign it in; "" = none."""
    badge_signs_in: bool = False
    """``[console] badge_signs_in``: a scanned dealer badge alone signs in (else it fills the id, the PIN follows)."""
    signing_key: str | None = None
    """``[station] signing_key``: the private key file that signs every event and the status; None = unsigned."""
    previous_signing_key: str | None = None
    """``[station] previous_signing_key``: the key ``signing_key`` replaces, which signs the new key's announcement."""
    line_noise: NoiseSettings = NoiseSettings()
    """``[line_noise]``: when the shoe's line noise is a burst, and when it is a noisy line that pauses the round."""
    broker: dict = dataclasses.field(default_factory=dict)
    source: str = "<defaults>"

    def table_settings(self) -> TableSettings:
        """The rule settings of the state machine (pure values)."""
        paytable = self.paytable
        known: dict[int, tuple[str, ...]] = {}  # the pay table does not change: each round number once

        def offered_in(round_number: int) -> tuple[str, ...]:
            if paytable is None:
                return ("player", "banker", "tie")
            bets = known.get(round_number)
            if bets is None:
                bets = known[round_number] = tuple(b.value for b in paytable.offered_in(round_number))
            return bets

        return TableSettings(decks=self.decks, max_misreads=self.max_misreads,
                             indicator_counts=self.burn_indicator_counts, ace_burns=self.burn_ace,
                             cut_between_rounds=self.cut_between_rounds, auto_open=self.betting_auto_open,
                             offered_in=offered_in)

    def limits(self, bets: tuple[str, ...] | None = None) -> dict[str, object]:
        """Stake limits as strings of decimals: ``{"difference": "10000", "bets": {id: {"min", "max"}}}``."""
        out: dict[str, object] = {"difference": None if self.difference_limit is None else str(self.difference_limit)}
        per: dict[str, dict[str, str | None]] = {}
        if self.paytable is not None:
            for bet, rule in self.paytable.bets.items():
                if bets is None or bet.value in bets:
                    per[bet.value] = {"min": None if rule.min_stake is None else str(rule.min_stake),
                                      "max": None if rule.max_stake is None else str(rule.max_stake)}
        out["bets"] = per
        return out

    def validate(self) -> None:
        """Check the values again (a configuration built by hand). Raises ConfigError naming each bad key."""
        errors = _check_ranges(self)
        if self.paytable is None:
            errors.append("table.paytable: None is not allowed; allowed: a loaded pay table (use load_config)")
        if errors:
            raise ConfigError(errors, self.source)

    def with_overrides(self, **changes: object) -> "StationConfig":
        """A copy with some fields changed, validated again. Raises ConfigError."""
        new = dataclasses.replace(self, **changes)
        errors = _check_ranges(new)
        if errors:
            raise ConfigError(errors, self.source)
        return new


DEALER_ID = re.compile(r"^[A-Za-z0-9_.-]{1,32}$")
"""A dealer id: an account name's form (1-32 letters, digits, ``_ . -``)."""
MAX_BETTING_WINDOW = 86400
"""Longest betting window, seconds (a day): a finite bound the betting timer can always reach."""
MAX_SUPERVISOR_IDLE = 600
"""Longest idle time of a supervisor's session on the console, seconds (ten minutes)."""
MAX_PRESS_DEBOUNCE_MS = 1000
"""The longest debounce of the dealer's presses (``console.press_debounce_ms``), milliseconds: a second."""
MAX_RETENTION_DAYS = 3650
"""The longest retention of sent events (``journal.event_retention_days``): ten years."""
MAX_NOISE_SECONDS = 60
"""Longest ``line_noise.quiet_seconds`` and ``window_seconds``: a minute."""
MAX_NOISE_BYTES = 1_000_000
"""Most ``line_noise.max_bytes_per_second`` (a megabyte a second is more than any serial line carries)."""
MAX_NOISE_FRAMES = 100_000
"""Most ``line_noise.max_frames_per_second``."""


class _Section(BaseModel):
    """One ``[section]`` of the file: known keys only, each of exactly its TOML type (no coercion).

    Each field's ``description`` is the "allowed" part of the one-line error about it.
    """

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class _Table(_Section):
    id: str = Field("T1", description=TABLE_ID_RULE)
    mode: str = Field("commission", description="'commission' or 'no-commission'")
    paytable: str = Field("commission", description="a shipped pay table ({paytables}) or a path to a .toml file")
    offered_bets: list = Field([], description="a list of bet ids")
    dealer: str = Field("", description="a dealer id: 1-32 letters, digits, '_', '.' or '-' (or \"\")")


class _Limits(_Section):
    difference: Any = Field(None, description="checked by the money rules (see config_from_dict)")


class _Betting(_Section):
    auto_open: bool = Field(False, description="true or false")
    window_seconds: float = Field(0.0, description=f"a number of seconds from 0 to {MAX_BETTING_WINDOW} "
                                                   "(0: the dealer closes)")


class _Burn(_Section):
    indicator_counts: bool = Field(False, description="true or false")
    ace_burns: int = Field(1, description="1 or 11")


class _CutCard(_Section):
    between_rounds: str = Field("one_more", description="'one_more' or 'none'")


class _Shoe(_Section):
    profile: str = Field("sim", description="a device profile name, e.g. 'sim'")
    decks: int = Field(8, description="a whole number 1..8")
    cut_min: int = Field(60, description="a whole number of cards >= 1")
    cut_max: int = Field(80, description="a whole number of cards >= cut_min")
    max_misreads: int = Field(3, description="a whole number 1..20")


class _Journal(_Section):
    path: str | None = Field(None, description="a file path")
    event_retention_days: int = Field(7, description=f"a whole number of days 1..{MAX_RETENTION_DAYS}")
    archive_after_days: int = Field(0, description=f"a whole number of days 0..{MAX_RETENTION_DAYS} (0: never)")
    archive_dir: str | None = Field(None, description="a directory path")


class _Accounts(_Section):
    path: str | None = Field(None, description="a file path")


class _Station(_Section):
    signing_key: str | None = Field(None, description="the path of the station's private key file "
                                    "(dealer-station keys init --table-id ID --out DIR makes one)")
    previous_signing_key: str | None = Field(None, description="the path of the private key signing_key replaces "
                                             "(the new key is announced in an event signed by this one)")


class _Monitor(_Section):
    player_edge: bool = Field(True, description="true or false")


class _Console(_Section):
    supervisor_idle_seconds: float = Field(60.0, description=f"a number of seconds > 0 and <= {MAX_SUPERVISOR_IDLE}")
    badge_signs_in: bool = Field(False, description="true or false")
    press_debounce_ms: int = Field(250, description=f"a whole number of milliseconds 0..{MAX_PRESS_DEBOUNCE_MS}")


class _LineNoise(_Section):
    quiet_seconds: float = Field(0.5, description=f"a number of seconds > 0 and <= {MAX_NOISE_SECONDS}")
    window_seconds: float = Field(1.0, description=f"a number of seconds > 0 and <= {MAX_NOISE_SECONDS}")
    max_bytes_per_second: int = Field(256, description=f"a whole number 1..{MAX_NOISE_BYTES}")
    max_frames_per_second: int = Field(32, description=f"a whole number 1..{MAX_NOISE_FRAMES}")


class _StationFile(BaseModel):
    """The sections of a station configuration file; ``[broker]`` is checked by
    :mod:`dealer_station.publish.settings`.
    """

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    table: _Table = _Table()
    limits: _Limits = _Limits()
    betting: _Betting = _Betting()
    burn: _Burn = _Burn()
    cut_card: _CutCard = _CutCard()
    shoe: _Shoe = _Shoe()
    journal: _Journal = _Journal()
    accounts: _Accounts = _Accounts()
    station: _Station = _Station()
    monitor: _Monitor = _Monitor()
    console: _Console = _Console()
    line_noise: _LineNoise = _LineNoise()
    broker: dict[str, Any] = {}


def _section_keys(name: str) -> list[str]:
    if name == "broker":
        from dealer_station.publish.settings import BROKER_KEYS

        return sorted(BROKER_KEYS)
    return sorted(_StationFile.model_fields[name].annotation.model_fields)  # type: ignore[union-attr]


def _problem(error: Mapping[str, Any]) -> str:
    """The one line (key, value, allowed) of one pydantic error of :class:`_StationFile`."""
    loc, value = error["loc"], error["input"]
    if error["type"] == "extra_forbidden":
        if len(loc) == 1:
            return f"{loc[0]}: unknown section; allowed: {', '.join(sorted(_StationFile.model_fields))}"
        return f"{loc[0]}.{loc[1]}: unknown key; allowed: {', '.join(_section_keys(loc[0]))}"
    if len(loc) == 1:
        return f"[{loc[0]}]: {value!r} is not a table; expected a [{loc[0]}] section"
    section, key = loc[0], loc[1]
    field = _StationFile.model_fields[section].annotation.model_fields[key]  # type: ignore[union-attr]
    allowed = str(field.description).replace("{paytables}", ", ".join(paytable_names()))
    if (section, key) == ("console", "supervisor_idle_seconds") and isinstance(value, int) \
            and not isinstance(value, bool) and abs(value) >= 10 ** 18:   # 10**400 has no float
        shown = f"an integer of {len(str(abs(value)))} digits"
    else:
        shown = _shown(value)
    return f"{section}.{key}: {shown} is not allowed; allowed: {allowed}"


def _read_sections(data: Mapping[str, object], errors: list[str]) -> _StationFile:
    """Validate the file's shape with pydantic; each bad key is one line in ``errors`` and takes its default.

    Every problem of the file is reported, not just the first: the bad keys are dropped and the
    rest validated again, so the checks that follow see a complete set of values.
    """
    raw: dict[str, Any] = {k: dict(v) if isinstance(v, Mapping) else v for k, v in data.items()}
    for _ in range(3):   # a second pass can only meet what the first dropped; a third never runs
        try:
            return _StationFile.model_validate(raw)
        except ValidationError as err:
            for error in err.errors(include_url=False):
                errors.append(_problem(error))
                loc = error["loc"]
                if len(loc) == 1:
                    raw.pop(loc[0], None)
                else:
                    raw[loc[0]].pop(loc[1], None)
    raise AssertionError("unreachable: the file's bad keys were all dropped")  # pragma: no cover


def load_config(path: str | Path | None = None) -> StationConfig:
    """Load and validate a station configuration (default :func:`default_config_path`).

    Raises ConfigError listing every problem, each naming the key, the bad value and what is allowed.
    """
    file = Path(path) if path is not None else default_config_path()
    if not file.is_file():
        raise ConfigError([f"no such file: {file}"], str(file))
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as err:
        # RecursionError: tables or arrays nested deeper than the parser can follow
        raise ConfigError([f"not valid TOML: {err}"], str(file)) from err
    except OSError as err:
        raise ConfigError([f"cannot be read: {err}"], str(file)) from err
    return config_from_dict(data, source=str(file))


def config_from_dict(data: Mapping[str, object], *, source: str = "<dict>") -> StationConfig:
    """Validate parsed TOML data and build a :class:`StationConfig`. Raises ConfigError."""
    errors: list[str] = []
    file = _read_sections(data, errors)
    table, shoe, console = file.table, file.shoe, file.console
    broker = file.broker
    if broker:
        from dealer_station.publish.config import BrokerConfigError
        from dealer_station.publish.settings import broker_config_from, drain_timeout_from

        for check in (broker_config_from, drain_timeout_from):
            try:
                check(None, broker)
            except BrokerConfigError as err:
                errors.append(f"broker: {err}")
        known = set(_section_keys("broker"))
        errors += [f"broker.{key}: unknown key; allowed: {', '.join(sorted(known))}" for key in broker
                   if key not in known]

    try:
        mode = Mode.parse(table.mode)
    except ValueError:
        errors.append(f"table.mode: {table.mode!r} is not allowed; allowed: 'commission' or 'no-commission'")
        mode = Mode.COMMISSION
    pt_name = table.paytable
    paytable: PayTable | None = None
    try:
        paytable = load_paytable(pt_name)
    except PayTableError as err:
        errors.append(f"table.paytable: {_shown(pt_name)}: {err}")
    offered: list[BetType] = []
    for item in table.offered_bets:
        try:
            bet = BetType.parse(str(item))
        except ValueError:
            errors.append(f"table.offered_bets: {item!r} is not allowed; allowed: "
                          + ", ".join(b.value for b in BetType))
            continue
        if paytable is not None and not paytable.offers(bet):
            errors.append(f"table.offered_bets: {item!r} is not in pay table {pt_name!r}; allowed: "
                          + ", ".join(b.value for b in paytable.bets))
            continue
        offered.append(bet)
    if paytable is not None:
        paytable = dataclasses.replace(paytable.restricted(offered or None), mode=mode)

    difference = paytable.difference_limit if paytable is not None else None
    if "difference" in file.limits.model_fields_set:
        raw = file.limits.difference
        try:
            if isinstance(raw, (bool, float)) or not isinstance(raw, (int, str)):
                raise MoneyError(raw)
            difference = to_money(raw)  # finite, whole cents, below MAX_AMOUNT (1e999999999 is no limit)
            if difference < 0:
                raise MoneyError(raw)
        except (MoneyError, ValueError):  # ValueError: an int past Python's digit limit
            errors.append(f"limits.difference: {_shown(raw)} is not allowed; allowed: a non-negative amount "
                          f"below {MAX_AMOUNT:,.0f} written as a string or an integer (e.g. \"10000\")")
            difference = None

    if "profile" in shoe.model_fields_set:
        from drivers.errors import ShoeConfigError
        from drivers.profiles import load_profile

        try:
            load_profile(shoe.profile)  # reads the profile (file or spec) and checks its options; opens nothing
        except ShoeConfigError as err:
            errors.append(f"shoe.profile: {_shown(shoe.profile)}: {err}")
    jpath = file.journal.path if file.journal.path is not None else str(default_data_dir() / "journal.sqlite")
    apath = file.accounts.path if file.accounts.path is not None else str(default_data_dir() / "accounts.json")

    config = StationConfig(
        table_id=table.id, mode=mode, paytable_name=pt_name, paytable=paytable,
        offered_bets=tuple(b.value for b in paytable.bets) if paytable else (),
        difference_limit=difference, betting_auto_open=file.betting.auto_open,
        betting_window_seconds=file.betting.window_seconds, burn_indicator_counts=file.burn.indicator_counts,
        burn_ace=file.burn.ace_burns, cut_between_rounds=file.cut_card.between_rounds, shoe_profile=shoe.profile,
        decks=shoe.decks, cut_min=shoe.cut_min, cut_max=shoe.cut_max, max_misreads=shoe.max_misreads,
        journal_path=jpath, accounts_path=apath, player_edge_monitor=file.monitor.player_edge,
        supervisor_idle_seconds=console.supervisor_idle_seconds, press_debounce_ms=console.press_debounce_ms,
        event_retention_days=file.journal.event_retention_days, archive_after_days=file.journal.archive_after_days,
        archive_dir=file.journal.archive_dir or None, broker=dict(broker), source=source,
        dealer=table.dealer, badge_signs_in=console.badge_signs_in, signing_key=file.station.signing_key or None,
        previous_signing_key=file.station.previous_signing_key or None,
        line_noise=NoiseSettings(**file.line_noise.model_dump()))
    errors += _check_ranges(config)
    if errors:
        raise ConfigError(errors, source)
    return config


def _shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters: a 400-digit number is named in a message, not printed whole."""
    try:
        text = repr(value)
    except ValueError:  # an int past Python's digit limit cannot even be written in decimal
        text = f"<an integer of about {int(value.bit_length() * 0.30103)} digits>"  # type: ignore[union-attr]
    return text if len(text) <= limit else f"{text[:limit - 3]}..."


def _check_ranges(c: StationConfig) -> list[str]:
    errors = []
    if not is_table_id(c.table_id):
        errors.append(f"table.id: {_shown(c.table_id)} is not allowed; allowed: {TABLE_ID_RULE}")
    if not 0 <= c.betting_window_seconds <= MAX_BETTING_WINDOW:  # also refuses nan and inf (TOML has both)
        errors.append(f"betting.window_seconds: {_shown(c.betting_window_seconds)} is not allowed; allowed: >= 0 and "
                      f"<= {MAX_BETTING_WINDOW} seconds")
    days = c.event_retention_days
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_RETENTION_DAYS:
        errors.append(f"journal.event_retention_days: {_shown(days)} is not allowed; allowed: a whole number of "
                      f"days 1..{MAX_RETENTION_DAYS}")
    days = c.archive_after_days
    if isinstance(days, bool) or not isinstance(days, int) or not 0 <= days <= MAX_RETENTION_DAYS:
        errors.append(f"journal.archive_after_days: {_shown(days)} is not allowed; allowed: a whole number of "
                      f"days 0..{MAX_RETENTION_DAYS} (0: never archive)")
    idle = c.supervisor_idle_seconds
    if isinstance(idle, bool) or not isinstance(idle, int | float) or not 0 < idle <= MAX_SUPERVISOR_IDLE:
        errors.append(f"console.supervisor_idle_seconds: {idle!r} is not allowed; allowed: a number of "
                      f"seconds > 0 and <= {MAX_SUPERVISOR_IDLE}")  # also refuses nan and inf
    debounce = c.press_debounce_ms
    if isinstance(debounce, bool) or not isinstance(debounce, int) or not 0 <= debounce <= MAX_PRESS_DEBOUNCE_MS:
        errors.append(f"console.press_debounce_ms: {_shown(debounce)} is not allowed; allowed: a whole number of "
                      f"milliseconds 0..{MAX_PRESS_DEBOUNCE_MS}")
    if c.dealer and not DEALER_ID.match(c.dealer if isinstance(c.dealer, str) else ""):
        errors.append(f"table.dealer: {c.dealer!r} is not allowed; allowed: a dealer id of 1-32 letters, digits, "
                      "'_', '.' or '-' (or \"\" for none)")
    if c.burn_ace not in (1, 11):
        errors.append(f"burn.ace_burns: {_shown(c.burn_ace)} is not allowed; allowed: 1 or 11")
    if c.cut_between_rounds not in ("one_more", "none"):
        errors.append(f"cut_card.between_rounds: {_shown(c.cut_between_rounds)} is not allowed; "
                      "allowed: 'one_more', 'none'")
    if not 1 <= c.decks <= 8:
        errors.append(f"shoe.decks: {_shown(c.decks)} is not allowed; allowed: 1..8")
    cards = 52 * c.decks
    if 1 <= c.decks <= 8 and not 1 <= c.cut_min <= c.cut_max < cards:
        errors.append(f"shoe.cut_min/cut_max: {_shown(c.cut_min)}..{_shown(c.cut_max)} is not allowed; allowed: "
                      f"1 <= cut_min <= cut_max < {cards} (cards in {c.decks} decks)")
    if not 1 <= c.max_misreads <= 20:
        errors.append(f"shoe.max_misreads: {_shown(c.max_misreads)} is not allowed; allowed: 1..20")
    errors += _noise_problems(c.line_noise)
    if not c.journal_path or "\0" in c.journal_path:
        errors.append(f"journal.path: {_shown(c.journal_path)} is not allowed; allowed: a file path (no NUL)")
    if not c.accounts_path or "\0" in c.accounts_path:
        errors.append(f"accounts.path: {_shown(c.accounts_path)} is not allowed; allowed: a file path (no NUL)")
    return errors


def _noise_problems(n: NoiseSettings) -> list[str]:
    """The ``[line_noise]`` keys out of range, one line each (nan and inf are refused too)."""
    errors = []
    for key in ("quiet_seconds", "window_seconds"):
        value = getattr(n, key)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= MAX_NOISE_SECONDS:
            errors.append(f"line_noise.{key}: {_shown(value)} is not allowed; allowed: a number of seconds > 0 and "
                          f"<= {MAX_NOISE_SECONDS}")
    for key, most in (("max_bytes_per_second", MAX_NOISE_BYTES), ("max_frames_per_second", MAX_NOISE_FRAMES)):
        value = getattr(n, key)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
            errors.append(f"line_noise.{key}: {_shown(value)} is not allowed; allowed: a whole number 1..{most}")
    return errors
