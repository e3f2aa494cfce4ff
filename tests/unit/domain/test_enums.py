"""The plain enumerations hash by identity, in C, and are otherwise the standard library's."""

from __future__ import annotations

import copy
import enum
import pickle

import pytest

from dealer_station.domain.bets import BetType
from dealer_station.domain.cards import Suit
from dealer_station.domain.enums import IdentityEnum
from dealer_station.domain.outcome import Position, Winner
from dealer_station.domain.paytable import Mode
from dealer_station.domain.settlement import Result, SubCentRule

PLAIN = (BetType, Suit, Position, Winner, Mode, Result, SubCentRule)


@pytest.mark.parametrize("cls", PLAIN, ids=lambda c: c.__name__)
def test_members_hash_by_identity_and_look_up_as_before(cls):
    assert issubclass(cls, IdentityEnum) and cls.__hash__ is object.__hash__  # no Python call per lookup
    members = list(cls)
    table = {m: i for i, m in enumerate(members)}
    for i, member in enumerate(members):
        assert table[member] == i and member in set(members)
        assert hash(member) == hash(member) == object.__hash__(member)
        again = pickle.loads(pickle.dumps(member))
        assert again is member and table[again] == i  # a member read back finds its entry
        assert copy.deepcopy(member) is member and copy.copy(member) is member
        assert cls(member.value) is member and cls[member.name] is member


@pytest.mark.parametrize("cls", PLAIN, ids=lambda c: c.__name__)
def test_members_still_compare_by_identity_never_as_their_value(cls):
    member = next(iter(cls))
    assert member != member.value and member.value not in {member}  # as a plain Enum: no value equality
    assert isinstance(member, enum.Enum) and len({*cls, *cls}) == len(cls)
