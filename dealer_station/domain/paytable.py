"""Pay tables: which bets a table offers, what each pays, until which round, and the limits.

Rule source: docs/rules.md §3 (bets, payouts, last round offered) and §4 (limits). Odds are kept
"to one" (stake returned plus x times the stake). A table written "for one" (stake included,
sheet 004) is converted on load: "2:1" for one is 1:1 to one, "9:1" for one is 8:1 to one.

Pay tables are data: ``config/paytables/NAME.toml``. Keys::

    name = "commission"            # identifier, defaults to the file stem
    title = "..."                  # for people
    sources = ["000", "001"]       # rule sheets
    mode = "commission"            # default table mode: "commission" | "no-commission"
    odds = "to-one"                # how odds below are written: "to-one" | "for-one"
    [limits]
    difference = "10000"           # Player/Banker difference limit (docs/rules.md §4); optional
    [bets.player]                  # one table per offered bet identifier (player, banker and tie: always)
    pays = "1:1"                   # "x:1", "a:b" or a decimal
    last_round = 60                # optional: last round of the shoe it is offered
    min = "1"                      # optional stake limits
    max = "5000"
    [bets.banker]                  # banker: both modes
    pays = "0.95:1"                # commission
    no_commission = "1:1"
    no_commission_six = "1:2"      # a Banker win with 6 points, No Commission
    [bets.player_bonus]            # bonus: natural win, and non-natural wins by margin
    natural = "1:1"
    margin = { 9 = "30:1", 8 = "10:1", 7 = "6:1", 6 = "4:1", 5 = "2:1", 4 = "1:1" }
    [bets.lucky_six]               # lucky six: by Banker's number of cards
    two_cards = "12:1"
    three_cards = "20:1"
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path

from dealer_station.domain.bets import BetType
from dealer_station.domain.enums import IdentityEnum
from dealer_station.domain.errors import MoneyError, PayTableError
from dealer_station.domain.money import to_money

__all__ = [
    "BetRule",
    "Mode",
    "PayTable",
    "load_paytable",
    "parse_odds",
    "paytable_dir",
    "paytable_names",
]


class Mode(IdentityEnum):
    """Betting mode of a table (docs/rules.md §3): only the Banker bet pays differently."""

    COMMISSION = "commission"
    NO_COMMISSION = "no-commission"

    @classmethod
    def parse(cls, text: str) -> "Mode":
        """Mode from ``"commission"`` / ``"no-commission"`` (``_`` accepted); ValueError otherwise."""
        try:
            return cls(str(text).strip().lower().replace("_", "-"))
        except ValueError:
            raise ValueError(f"unknown mode {text!r}; allowed: commission, no-commission") from None


def parse_odds(text: object, *, for_one: bool = False) -> Decimal:
    """Odds as a "to one" multiple of the stake, exact.

    ``"8:1"`` → 8, ``"0.95:1"`` → 0.95, ``"7:2"`` → 3.5, ``"1:2"`` → 0.5, ``"0.95"`` → 0.95.
    With ``for_one`` the text includes the stake and 1 is taken off: ``"9:1"`` → 8 (docs/rules.md §3).

    Raises PayTableError for anything else (including infinities, NaN and exponents beyond ±12),
    or for a result that is not positive.
    """
    raw = str(text).strip()
    try:
        parts = [Decimal(p.strip()) for p in raw.split(":", 1)]
        if any(not p.is_finite() or not -12 <= p.adjusted() <= 12 for p in parts):
            raise ValueError(raw)   # infinities, NaN, absurd exponents (1e999999999)
        value = Fraction(parts[0]) / Fraction(parts[1]) if len(parts) == 2 else Fraction(parts[0])
    except (InvalidOperation, ValueError, ZeroDivisionError):
        raise PayTableError(f"bad odds {text!r}: write them as 'x:1', 'a:b' or a decimal") from None
    if for_one:
        value -= 1
    if value <= 0:
        raise PayTableError(f"odds {text!r} pay nothing{' after the for-one conversion' if for_one else ''}")
    result = Decimal(value.numerator) / Decimal(value.denominator)
    if Fraction(result) != value:
        raise PayTableError(f"odds {text!r} are not an exact decimal")
    return result


@dataclass(frozen=True, slots=True)
class BetRule:
    """One offered bet: its payout(s) "to one", the last round it is offered and its stake limits.

    ``pays`` is the main payout. ``extra`` holds the other payouts by name: ``no_commission``,
    ``no_commission_six`` (banker); ``natural``, ``margin_4`` … ``margin_9`` (bonus bets);
    ``two_cards``, ``three_cards`` (lucky six). ``last_round`` is ``None`` for "every round".
    """

    bet: BetType
    pays: Decimal
    last_round: int | None = None
    min_stake: Decimal | None = None
    max_stake: Decimal | None = None
    extra: Mapping[str, Decimal] = field(default_factory=dict)

    def offered_in(self, round_number: int) -> bool:
        """True when the bet is open in round ``round_number`` (1-based) of the shoe (docs/rules.md §3)."""
        return self.last_round is None or round_number <= self.last_round


@dataclass(frozen=True, slots=True)
class PayTable:
    """A loaded pay table: the offered bets with their rules (docs/rules.md §3–4)."""

    name: str
    title: str
    mode: Mode
    bets: Mapping[BetType, BetRule]
    difference_limit: Decimal | None = None
    sources: tuple[str, ...] = ()
    written_for_one: bool = False

    def offers(self, bet: BetType) -> bool:
        """True when the table offers ``bet`` at all."""
        return bet in self.bets

    def rule(self, bet: BetType) -> BetRule:
        """The rule of an offered bet. Raises PayTableError if the table does not offer it."""
        try:
            return self.bets[bet]
        except KeyError:
            raise PayTableError(f"pay table {self.name!r} does not offer {bet.value}") from None

    def offered_in(self, round_number: int) -> tuple[BetType, ...]:
        """The bets open in round ``round_number`` of the shoe, in identifier order (docs/rules.md §3)."""
        return tuple(b for b in BetType if b in self.bets and self.bets[b].offered_in(round_number))

    def restricted(self, offered: list[BetType] | None) -> "PayTable":
        """The table with only the ``offered`` bets (a station setting). PayTableError for a bet it lacks."""
        if offered is None:
            return self
        for bet in offered:
            self.rule(bet)
        return PayTable(self.name, self.title, self.mode, {b: self.bets[b] for b in offered},
                        self.difference_limit, self.sources, self.written_for_one)


MAIN_BETS_ORDER = (BetType.PLAYER, BetType.BANKER, BetType.TIE)
"""The bets every pay table offers (docs/rules.md §3: the three main bets), in identifier order."""


def paytable_dir() -> Path:
    """Directory of the shipped pay tables: ``config/paytables`` at the project root."""
    return Path(__file__).resolve().parents[2] / "config" / "paytables"


def paytable_names() -> list[str]:
    """Names of the shipped pay tables (file stems), sorted."""
    return sorted(p.stem for p in paytable_dir().glob("*.toml"))


def load_paytable(name_or_path: str | Path) -> PayTable:
    """Load a pay table by shipped name (``"commission"``, ``"sheet-004"``) or by TOML file path.

    Raises PayTableError naming the file, the key and what is allowed when anything is wrong.
    """
    path = Path(name_or_path)
    if not path.suffix:
        path = paytable_dir() / f"{name_or_path}.toml"
    try:
        found = path.is_file()
    except (OSError, ValueError):  # a name too long for the file system, a NUL character
        found = False
    if not found:
        name = str(name_or_path) if len(str(name_or_path)) <= 60 else f"{str(name_or_path)[:57]}..."
        raise PayTableError(f"no pay table {name!r}; shipped: {', '.join(paytable_names())} "
                            "(or give a path to a .toml file)")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError) as err:
        # RecursionError: arrays or tables nested deeper than the parser can follow
        raise PayTableError(f"{path}: not valid TOML: {err}") from err
    except OSError as err:
        raise PayTableError(f"{path}: cannot be read: {err}") from err
    return paytable_from_dict(data, source=str(path), default_name=path.stem)


def paytable_from_dict(data: Mapping[str, object], *, source: str = "<dict>", default_name: str = "custom") -> PayTable:
    """Build a :class:`PayTable` from parsed TOML data (keys as in the module doc). Raises PayTableError."""

    def fail(key: str, message: str) -> PayTableError:
        return PayTableError(f"{source}: {key}: {message}")

    odds_form = str(data.get("odds", "to-one"))
    if odds_form not in ("to-one", "for-one"):
        raise fail("odds", f"{odds_form!r} is not allowed; use 'to-one' or 'for-one'")
    for_one = odds_form == "for-one"
    try:
        mode = Mode.parse(str(data.get("mode", "commission")))
    except ValueError as err:
        raise fail("mode", str(err)) from None

    def odds(key: str, value: object) -> Decimal:
        try:
            return parse_odds(value, for_one=for_one)
        except PayTableError as err:
            raise fail(key, str(err)) from None

    def money(key: str, value: object) -> Decimal:
        if isinstance(value, float):
            value = str(value)
        try:
            amount = to_money(value)  # type: ignore[arg-type]
        except MoneyError as err:
            raise fail(key, f"{value!r} is not an amount ({err})") from None
        if amount < 0:
            raise fail(key, f"{value!r} must be a non-negative amount")
        return amount

    bets_data = data.get("bets")
    if not isinstance(bets_data, Mapping) or not bets_data:
        raise fail("bets", "missing: a pay table needs at least one [bets.ID] table")
    bets: dict[BetType, BetRule] = {}
    for bet_id, spec in bets_data.items():
        key = f"bets.{bet_id}"
        try:
            bet = BetType.parse(bet_id)
        except ValueError as err:
            raise fail(key, str(err)) from None
        if not isinstance(spec, Mapping):
            raise fail(key, "must be a table")
        extra: dict[str, Decimal] = {}
        pays: Decimal | None = odds(f"{key}.pays", spec["pays"]) if "pays" in spec else None
        if bet is BetType.BANKER:
            if pays is None:
                raise fail(f"{key}.pays", "missing: the commission payout, e.g. '0.95:1'")
            for name in ("no_commission", "no_commission_six"):
                if name not in spec:
                    raise fail(f"{key}.{name}", "missing: banker needs both modes' payouts")
                extra[name] = odds(f"{key}.{name}", spec[name])
        elif bet in (BetType.PLAYER_BONUS, BetType.BANKER_BONUS):
            if "natural" not in spec or not isinstance(spec.get("margin"), Mapping):
                raise fail(key, "a bonus bet needs 'natural' and a 'margin' table (4..9)")
            extra["natural"] = odds(f"{key}.natural", spec["natural"])
            if not spec["margin"]:
                raise fail(f"{key}.margin", "empty: give the payout of at least one winning margin, "
                                            "e.g. margin = { 9 = \"30:1\", 4 = \"1:1\" }")
            for m, value in spec["margin"].items():
                if str(m) not in {str(i) for i in range(1, 10)}:
                    raise fail(f"{key}.margin.{m}", "margin must be 1..9")
                extra[f"margin_{m}"] = odds(f"{key}.margin.{m}", value)
            pays = max(extra.values())
        elif bet is BetType.LUCKY_SIX:
            for name in ("two_cards", "three_cards"):
                if name not in spec:
                    raise fail(f"{key}.{name}", "missing: lucky six pays by banker's cards")
                extra[name] = odds(f"{key}.{name}", spec[name])
            pays = extra["two_cards"]
        if pays is None:
            raise fail(f"{key}.pays", "missing")
        last_round = spec.get("last_round")
        if last_round is not None and (not isinstance(last_round, int) or isinstance(last_round, bool)
                                       or last_round < 1):
            raise fail(f"{key}.last_round", f"{last_round!r} must be a whole number >= 1")
        lo = money(f"{key}.min", spec["min"]) if "min" in spec else None
        hi = money(f"{key}.max", spec["max"]) if "max" in spec else None
        if lo is not None and hi is not None and lo > hi:
            raise fail(key, f"min {lo} is above max {hi}")
        bets[bet] = BetRule(bet, pays, last_round, lo, hi, extra)

    missing = [b.value for b in MAIN_BETS_ORDER if b not in bets]
    if missing:
        raise fail("bets", f"no [bets.{missing[0]}]: every pay table offers player, banker and tie "
                           f"(missing: {', '.join(missing)})")
    limits = data.get("limits", {})
    if not isinstance(limits, Mapping):
        raise fail("limits", "must be a table")
    difference = money("limits.difference", limits["difference"]) if "difference" in limits else None
    sources = data.get("sources", [])
    return PayTable(
        name=str(data.get("name", default_name)),
        title=str(data.get("title", default_name)),
        mode=mode,
        bets=bets,
        difference_limit=difference,
        sources=tuple(str(s) for s in sources) if isinstance(sources, list) else (),
        written_for_one=for_one,
    )
