"""numbers.py (primes, factors, board colours) and rng.py (the seeded Rng).

The primes and factors are checked against a naive reference; the colours
against the rulebook's "Using the colors"; the generator for determinism,
ranges, uniformity (loose chi-square bounds on fixed seeds, so the tests
are deterministic) and one golden sequence.
"""

import itertools
import math
from collections import Counter

import pytest

from primeplay.numbers import (is_prime, factorize, climb_colours,
                               prime_colour, is_all_red)
from primeplay.rng import Rng


# ------------------------------------------------------------ references

def naive_is_prime(n):
    return n >= 2 and all(n % d for d in range(2, n))


def naive_factorize(n):
    out = []
    d = 2
    while n > 1:
        while n % d == 0:
            out.append(d)
            n //= d
        d += 1
    return out


def chi_square(counts, expected):
    return sum((c - expected) ** 2 / expected for c in counts)


def chi_bound(df):
    # Loose: about 8 standard deviations of a chi-square with df degrees of
    # freedom above its mean.  A fair generator lands near df; a biased one
    # (a modulo bias, a stuck bit, an off-by-one range) lands far beyond.
    return df + 8 * math.sqrt(2 * df)


# ------------------------------------------------------------ numbers

def test_is_prime_matches_naive_reference_0_to_2000():
    for n in range(0, 2001):
        assert is_prime(n) == naive_is_prime(n), n


def test_is_prime_rejects_negatives_and_non_ints():
    for n in (-1, -2, -7, -101):
        assert not is_prime(n)
    assert not is_prime(2.0)
    assert not is_prime("7")


def test_factorize_matches_naive_reference_0_to_2000():
    for n in range(0, 2001):
        fs = factorize(n)
        assert fs == naive_factorize(n), n
        assert fs == sorted(fs), n
        assert all(is_prime(p) for p in fs), n
        if n >= 1:
            assert math.prod(fs) == n, n
    assert factorize(0) == []
    assert factorize(1) == []
    assert factorize(84) == [2, 2, 3, 7]


def test_factorize_bad_input():
    with pytest.raises(ValueError):
        factorize(-4)
    with pytest.raises(TypeError):
        factorize(4.0)
    with pytest.raises(TypeError):
        factorize(True)


def test_colours_of_the_single_primes():
    assert climb_colours(2) == ["orange"]
    assert climb_colours(3) == ["green"]
    assert climb_colours(5) == ["blue"]
    assert climb_colours(7) == ["purple"]
    assert climb_colours(11) == ["red"]
    assert climb_colours(13) == ["red"]
    assert climb_colours(101) == ["red"]
    assert prime_colour(97) == "red"


def test_colours_of_1_and_0():
    assert climb_colours(1) == ["grey"]
    assert climb_colours(0) == []


def test_rulebook_14_times_3_is_42_by_colours():
    # "14 is orange and purple, while 3 is green ... 42, which is 14 x 3"
    assert Counter(climb_colours(14)) == Counter(["orange", "purple"])
    assert climb_colours(3) == ["green"]
    assert Counter(climb_colours(42)) == \
        Counter(climb_colours(14)) + Counter(climb_colours(3))
    # "The only circle with exactly those colors is 42"
    want = Counter(["orange", "purple", "green"])
    assert [n for n in range(102) if Counter(climb_colours(n)) == want] == [42]


def test_rulebook_84_divided_by_4_removes_two_oranges():
    four = Counter(climb_colours(4))
    assert four == Counter({"orange": 2})
    left = Counter(climb_colours(84)) - four
    assert left == Counter(["purple", "green"])
    assert Counter(climb_colours(21)) == left
    want = left
    assert [n for n in range(102) if Counter(climb_colours(n)) == want] == [21]


def test_multiplying_combines_colours_everywhere_on_the_board():
    for a in range(2, 102):
        for b in range(2, 101 // a + 1):
            assert Counter(climb_colours(a * b)) == \
                Counter(climb_colours(a)) + Counter(climb_colours(b)), (a, b)


def test_all_red_spaces_are_primes_above_10():
    reds = [n for n in range(102) if is_all_red(n)]
    assert reds == [n for n in range(11, 102) if naive_is_prime(n)]
    assert all(climb_colours(n) == ["red"] for n in reds)


# ------------------------------------------------------------ Rng

def test_golden_first_ten_d10_of_seed_1():
    # Pins the generator: a saved game is seed + moves, and it must replay
    # identically on CPython, MicroPython and CircuitPython.  If this
    # changes, every saved game and every seeded test changes with it.
    r = Rng(1)
    assert [r.d10() for _ in range(10)] == [4, 1, 9, 1, 6, 3, 1, 9, 1, 9]


def test_same_seed_same_sequence():
    for seed in (0, 1, 2, 12345, 2 ** 31, 2 ** 40 + 7):
        a, b = Rng(seed), Rng(seed)
        assert [a.next32() for _ in range(200)] == \
            [b.next32() for _ in range(200)]
        a, b = Rng(seed), Rng(seed)
        assert [a.d10() for _ in range(200)] == [b.d10() for _ in range(200)]


def test_different_seeds_differ():
    a, b = Rng(1), Rng(2)
    assert [a.next32() for _ in range(10)] != [b.next32() for _ in range(10)]
    # Nearby seeds start far apart: no two of the first 10,000 seeds give
    # the same first 32-bit output.
    firsts = set()
    for seed in range(10000):
        firsts.add(Rng(seed).next32())
    assert len(firsts) == 10000


def test_reseed_restarts_the_sequence():
    r = Rng(7)
    first = [r.next32() for _ in range(20)]
    r.seed(7)
    assert [r.next32() for _ in range(20)] == first


def test_state_is_never_zero():
    for seed in range(2000):
        r = Rng(seed)
        for _ in range(5):
            assert r.next32() != 0
            assert 0 < r.getstate() <= 0xFFFFFFFF


def test_d10_range_and_uniformity():
    r = Rng(2024)
    n = 100000
    counts = Counter(r.d10() for _ in range(n))
    assert set(counts) == set(range(1, 11))
    assert chi_square([counts[k] for k in range(1, 11)], n / 10) < chi_bound(9)


@pytest.mark.parametrize("n", [3, 10, 24])
def test_randbelow_is_unbiased(n):
    r = Rng(99 + n)
    draws = 3000 * n
    counts = Counter(r.randbelow(n) for _ in range(draws))
    assert set(counts) == set(range(n))
    assert chi_square([counts[k] for k in range(n)], draws / n) \
        < chi_bound(n - 1)


def test_randbelow_edges_and_errors():
    r = Rng(3)
    assert all(r.randbelow(1) == 0 for _ in range(100))
    with pytest.raises(ValueError):
        r.randbelow(0)
    with pytest.raises(ValueError):
        r.randbelow(-5)
    with pytest.raises(ValueError):
        r.randbelow(2 ** 32 + 1)
    assert 0 <= r.randbelow(2 ** 32) < 2 ** 32
    for _ in range(1000):
        assert 5 <= r.randrange(5, 9) < 9
        assert 5 <= r.randint(5, 9) <= 9
        assert 0 <= r.randrange(7) < 7
    assert {r.randint(1, 3) for _ in range(300)} == {1, 2, 3}


def test_shuffle_is_a_permutation():
    r = Rng(11)
    for size in (0, 1, 2, 5, 24, 100):
        items = list(range(size))
        r.shuffle(items)
        assert sorted(items) == list(range(size))
    items = list(range(24))
    r.shuffle(items)
    assert items != list(range(24))


def test_shuffle_of_three_gives_all_six_orders_equally():
    r = Rng(5)
    n = 60000
    counts = Counter()
    for _ in range(n):
        items = [0, 1, 2]
        r.shuffle(items)
        counts[tuple(items)] += 1
    perms = list(itertools.permutations(range(3)))
    assert set(counts) == set(perms)
    assert chi_square([counts[p] for p in perms], n / 6) < chi_bound(5)


def test_choice():
    r = Rng(8)
    seq = ["a", "b", "c", "d"]
    counts = Counter(r.choice(seq) for _ in range(8000))
    assert set(counts) == set(seq)
    assert chi_square([counts[x] for x in seq], 2000) < chi_bound(3)
    assert r.choice((42,)) == 42
    with pytest.raises(IndexError):
        r.choice([])
    with pytest.raises(IndexError):
        r.choice(())


@pytest.mark.parametrize("bad", [1.0, "1", None, [1]])
def test_seed_must_be_an_int(bad):
    with pytest.raises(TypeError):
        Rng(bad)
    r = Rng(1)
    with pytest.raises(TypeError):
        r.seed(bad)


def test_copy_continues_identically_and_independently():
    r = Rng(31337)
    for _ in range(17):
        r.next32()
    c = r.copy()
    assert c is not r
    assert [c.d10() for _ in range(100)] == [r.d10() for _ in range(100)]
    # Drawing from one does not advance the other.
    c2 = r.copy()
    c2.next32()
    assert r.getstate() != c2.getstate()


def test_getstate_setstate_round_trip():
    r = Rng(77)
    for _ in range(5):
        r.next32()
    st = r.getstate()
    ahead = [r.next32() for _ in range(50)]
    r.setstate(st)
    assert [r.next32() for _ in range(50)] == ahead
    other = Rng(0)
    other.setstate(st)
    assert [other.next32() for _ in range(50)] == ahead
    for bad in (0, -1, 2 ** 32, 1.5, "3"):
        with pytest.raises(ValueError):
            other.setstate(bad)
