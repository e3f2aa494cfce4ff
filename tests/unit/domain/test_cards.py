"""Cards, tokens and the 8-deck shoe (docs/rules.md §1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_station.domain.cards import (
    ALL_KINDS,
    DECKS_PER_SHOE,
    Card,
    Rank,
    Suit,
    parse_card,
    parse_cards,
    shoe_cards,
    shoe_counts,
)
from dealer_station.domain.errors import CardError, DomainError

TOKENS = [
    # token, rank, suit, canonical
    ("AS", Rank.ACE, Suit.SPADES, "AS"),
    ("as", Rank.ACE, Suit.SPADES, "AS"),
    ("td", Rank.TEN, Suit.DIAMONDS, "TD"),
    ("TD", Rank.TEN, Suit.DIAMONDS, "TD"),
    ("10D", Rank.TEN, Suit.DIAMONDS, "TD"),
    ("10d", Rank.TEN, Suit.DIAMONDS, "TD"),
    ("KH", Rank.KING, Suit.HEARTS, "KH"),
    ("qc", Rank.QUEEN, Suit.CLUBS, "QC"),
    ("Jh", Rank.JACK, Suit.HEARTS, "JH"),
    ("2c", Rank.TWO, Suit.CLUBS, "2C"),
    ("9S", Rank.NINE, Suit.SPADES, "9S"),
    (" 7h\n", Rank.SEVEN, Suit.HEARTS, "7H"),
]


@pytest.mark.parametrize(("token", "rank", "suit", "canonical"), TOKENS)
def test_parse_card(token, rank, suit, canonical):
    card = parse_card(token)
    assert card == Card(rank, suit)
    assert str(card) == card.token == canonical
    assert parse_card(str(card)) == card


@pytest.mark.parametrize("token", ["", "A", "S", "1S", "11S", "AX", "ZZ", "A S", "10", "0S", "1OD", "ASS", "KHX",
                                   "♠A", "AS9"])
def test_unknown_tokens_are_refused_naming_the_token(token):
    with pytest.raises(CardError) as err:
        parse_card(token)
    assert repr(token) in str(err.value)
    assert isinstance(err.value, DomainError) and isinstance(err.value, ValueError)


@pytest.mark.parametrize("value", [None, 10, b"AS", ["AS"]])
def test_non_text_is_refused(value):
    with pytest.raises(CardError):
        parse_card(value)


def test_every_kind_round_trips_through_its_token():
    assert len(ALL_KINDS) == 52 and len(set(ALL_KINDS)) == 52
    for card in ALL_KINDS:
        assert parse_card(card.token) == card
        assert parse_card(card.token.lower()) == card
        if card.rank is Rank.TEN:
            assert parse_card("10" + card.suit.value) == card


@pytest.mark.parametrize(("rank", "points"), [
    (Rank.ACE, 1), (Rank.TWO, 2), (Rank.THREE, 3), (Rank.FOUR, 4), (Rank.FIVE, 5), (Rank.SIX, 6),
    (Rank.SEVEN, 7), (Rank.EIGHT, 8), (Rank.NINE, 9), (Rank.TEN, 0), (Rank.JACK, 0), (Rank.QUEEN, 0),
    (Rank.KING, 0),
])
def test_points_ignore_the_suit(rank, points):
    for suit in Suit:
        assert Card(rank, suit).points == points


BURN_COUNTS = [
    (Rank.ACE, 1), (Rank.TWO, 2), (Rank.THREE, 3), (Rank.FOUR, 4), (Rank.FIVE, 5), (Rank.SIX, 6),
    (Rank.SEVEN, 7), (Rank.EIGHT, 8), (Rank.NINE, 9), (Rank.TEN, 10), (Rank.JACK, 10), (Rank.QUEEN, 10),
    (Rank.KING, 10),
]


@pytest.mark.parametrize(("rank", "burn"), BURN_COUNTS)
def test_burn_count_counts_tens_and_faces_as_ten(rank, burn):
    assert rank.burn_count == burn


def test_burn_counts_cover_every_rank():
    assert [rank for rank, _ in BURN_COUNTS] == list(Rank)


def test_labels_and_colours():
    assert parse_card("TD").label == "10\u2666"
    assert parse_card("AS").label == "A\u2660"
    assert Suit.HEARTS.is_red and Suit.DIAMONDS.is_red
    assert not Suit.SPADES.is_red and not Suit.CLUBS.is_red


def test_parse_cards_stops_at_the_first_bad_token():
    assert parse_cards(["AS", "10h"]) == [Card(Rank.ACE, Suit.SPADES), Card(Rank.TEN, Suit.HEARTS)]
    with pytest.raises(CardError, match="'XX'"):
        parse_cards(["AS", "XX", "YY"])


def test_shoe_is_eight_decks_of_416_cards():
    cards = shoe_cards()
    assert DECKS_PER_SHOE == 8
    assert len(cards) == 416
    counts = shoe_counts()
    assert sum(counts.values()) == 416
    assert set(counts) == set(ALL_KINDS)
    assert set(counts.values()) == {8}
    from collections import Counter
    assert Counter(cards) == counts


def test_shoe_with_other_deck_counts():
    assert len(shoe_cards(1)) == 52
    assert set(shoe_counts(6).values()) == {6}
    with pytest.raises(ValueError):
        shoe_counts(0)


def test_cards_sort_by_rank_then_suit():
    cards = parse_cards(["AC", "KS", "AS", "AH", "2S", "AD"])
    assert [c.token for c in sorted(cards)] == ["AS", "AH", "AD", "AC", "2S", "KS"]
    assert Suit.SPADES < Suit.HEARTS < Suit.DIAMONDS < Suit.CLUBS
    assert Suit.CLUBS >= Suit.CLUBS and Suit.SPADES <= Suit.HEARTS and Suit.CLUBS > Suit.SPADES
    with pytest.raises(TypeError):
        _ = Suit.SPADES < 1


def test_a_card_made_by_hand_equals_the_parsed_one_in_value_hash_and_order():
    """Cards are values: the parsed card (one shared object per kind) and one built from its rank and suit are
    interchangeable as Counter keys (the shoe inventory), in sets and in sorting (docs/rules.md §1)."""
    for parsed in ALL_KINDS:
        built = Card(parsed.rank, parsed.suit)
        assert built == parsed and hash(built) == hash(parsed) and not built < parsed
        assert (built.points, built.token) == (parsed.points, parsed.token)
        assert parse_card(parsed.token) is parse_card(parsed.token.lower())
    inventory = shoe_counts(1)
    inventory[Card(Rank.TEN, Suit.HEARTS)] -= 1
    assert inventory[parse_card("10H")] == 0 and len({Card(Rank.ACE, Suit.SPADES), parse_card("AS")}) == 1
    assert Card(Rank.KING, Suit.CLUBS) != Card(Rank.KING, Suit.SPADES)
    assert hash(Card(Rank.KING, Suit.CLUBS)) != hash(Card(Rank.KING, Suit.SPADES))


def test_a_card_from_another_process_finds_its_inventory_entry(tmp_path):
    """A card's hash is the same in every process (string hashing is not): a pickled shoe inventory still works."""
    import os
    import pickle
    import subprocess
    import sys

    path = tmp_path / "inventory.pickle"
    code = ("import pickle, sys; from dealer_station.domain.cards import shoe_counts, parse_card; "
            "c = shoe_counts(8); c[parse_card('AS')] = 5; pickle.dump(c, open(sys.argv[1], 'wb'))")
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(Path(__file__).resolve().parents[3])}
    subprocess.run([sys.executable, "-c", code, str(path)], check=True, env=env)
    inventory = pickle.loads(path.read_bytes())
    assert inventory[parse_card("AS")] == 5 and inventory[Card(Rank.KING, Suit.CLUBS)] == 8
    assert sum(inventory.values()) == 8 * 52 - 3
