"""The shared helpers (drivers.util): the one bounded back-off (doubling, capped, reset, jitter below the delay)
and a bad value named in a message (short_repr)."""

from __future__ import annotations

import math

import pytest

from drivers.util import Backoff, short_repr


@pytest.mark.parametrize(("initial", "maximum", "delays"), [
    (0.5, 3.0, [0.5, 1.0, 2.0, 3.0, 3.0, 3.0]),
    (0.1, 2.0, [0.1, 0.2, 0.4, 0.8, 1.6, 2.0]),
    (1.0, 1.0, [1.0, 1.0, 1.0]),
    (0.0, 2.0, [0.0, 0.0, 0.0]),        # a profile's backoff_initial = 0: at once, every time
])
def test_delays_double_up_to_the_maximum(initial, maximum, delays):
    b = Backoff(initial, maximum)
    assert [b.next() for _ in delays] == pytest.approx(delays)


def test_reset_starts_again_from_the_first_delay():
    b = Backoff(0.5, 30.0)
    for _ in range(4):
        b.next()
    assert b.delay == 8.0
    b.reset()
    assert b.delay == 0.5 and b.next() == 0.5


def test_jitter_shortens_a_delay_by_at_most_its_fraction_and_never_slows_the_doubling():
    draws = []

    def lowest(a, b):   # the shortest delay the jitter allows, every time
        draws.append((a, b))
        return a

    b = Backoff(1.0, 8.0, jitter=0.2, uniform=lowest)
    assert [b.next() for _ in range(5)] == pytest.approx([0.8, 1.6, 3.2, 6.4, 6.4])
    assert draws == [(0.8, 1.0)] * 5


@pytest.mark.parametrize(("initial", "maximum", "jitter"), [
    (-1.0, 1.0, 0.0), (2.0, 1.0, 0.0), (math.nan, 1.0, 0.0), (0.1, math.nan, 0.0), (0.1, 1.0, 1.0),
    (0.1, 1.0, -0.1),
])
def test_bad_bounds_are_refused(initial, maximum, jitter):
    with pytest.raises(ValueError, match="back-off"):
        Backoff(initial, maximum, jitter=jitter)


@pytest.mark.parametrize(("value", "shown"), [
    (1.5, "1.5"),
    ("x" * 40, repr("x" * 40)[:37] + "..."),          # 42 characters with its quotes: cut to 40
    (10 ** 5000, "<a very large integer>"),            # past Python's digit limit: named, never raised
], ids=["short", "cut", "past-the-digit-limit"])
def test_short_repr_names_a_value_in_at_most_forty_characters(value, shown):
    assert short_repr(value) == shown
    assert len(short_repr(value)) <= 40


def test_short_repr_is_no_longer_a_shoe_error():
    import drivers.errors
    assert not hasattr(drivers.errors, "short_repr")
