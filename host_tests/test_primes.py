"""primes.py, the judge's arithmetic: primality, factors, "?" fill-ins.

Checked against references written here and sharing no code with it:
trial division and a sieve for small n, numbers.py on its range, and for
24-digit primes a Pratt certificate (Lucas' theorem applied down a tree of
p - 1 factorizations found by a naive Floyd rho), which proves primality
by itself.  Then known hard cases (Carmichael numbers, the least strong
pseudoprimes to the first k prime bases, squares and products of large
primes), the stepwise Factorizer, the same outputs on MicroPython's unix
port and CircuitPython's cp32 VM, and fuel on the WASI VM: printed for 4,
12 and 24 digits, asserted only for a 4-digit verdict.
"""

import math
import random

import pytest
from hypothesis import given, settings, strategies as st

import mpvm
from primeplay import numbers
from primeplay import primes
from primeplay.primes import (PROVEN_BELOW, SMALL_PRIMES, Factorizer,
                              _MR_TABLE, _strong_probable_prime, bit_length,
                              factorize, fill_unknown, fillings, gcd, iroot,
                              is_prime, verdict_text)


# ------------------------------------------------------------ references

def sieve(limit):
    flags = bytearray([1]) * limit
    flags[0:2] = b"\0\0"
    for i in range(2, math.isqrt(limit) + 1):
        if flags[i]:
            flags[i * i::i] = bytes(len(range(i * i, limit, i)))
    return flags


SIEVE = sieve(2_000_000)


def trial_is_prime(n):
    return n >= 2 and all(n % d for d in range(2, math.isqrt(n) + 1))


def floyd_factor(n):
    """Prime factors of n by trial division to 10**4 and Floyd's rho,
    primality of cofactors by trial_is_prime up to 10**12 and otherwise
    by pratt().  Slow but independent of primes.py."""
    out = []
    for d in range(2, 10_000):
        while n % d == 0:
            out.append(d)
            n //= d
    todo = [n] if n > 1 else []
    while todo:
        m = todo.pop()
        if (m < 10**12 and trial_is_prime(m)) or (m >= 10**12 and pratt(m)):
            out.append(m)
            continue
        c = 1
        while True:
            x = y = 2
            g = 1
            while g == 1:
                x = (x * x + c) % m
                y = (y * y + c) % m
                y = (y * y + c) % m
                g = math.gcd(x - y, m)
            if g != m:
                break
            c += 1
        todo += [g, m // g]
    return sorted(out)


def pratt(p):
    """True when Lucas' theorem proves p prime: some a has order p - 1.

    Needs p - 1 fully factored; floyd_factor proves those factors prime in
    turn (recursion depth is tiny: the factors shrink fast).  A False here
    means no witness among a < 200, which for a prime would be a surprise.
    """
    if p < 10**12:
        return trial_is_prime(p)
    if pow(2, p - 1, p) != 1:
        return False
    qs = sorted(set(floyd_factor(p - 1)))
    assert math.prod(floyd_factor(p - 1)) == p - 1
    for a in range(2, 200):
        if pow(a, p - 1, p) == 1 and all(pow(a, (p - 1) // q, p) != 1
                                         for q in qs):
            return True
    return False


def product(xs):
    return math.prod(xs)


# ------------------------------------------------------------ known numbers

# 24-digit primes (and 23-digit: 10**23 + k), proven in test_pratt below.
PRIMES_24 = [999999999999999999999743, 999999999999999999999697,
             999999999999999999999653, 100000000000000000000117,
             100000000000000000000157, 100000000000000000000171]
PRIME_12 = [999999999989, 999999999959, 100000000003, 100000000019]

CARMICHAEL = [561, 1105, 1729, 2465, 2821, 6601, 8911, 10585, 15841,
              29341, 41041, 46657, 52633, 62745, 63973, 75361, 101101,
              115921, 126217, 162401, 172081, 188461, 252601, 278545,
              294409, 314821, 334153, 340561, 399001, 410041, 449065,
              488881, 512461, 825265, 321197185, 5394826801,
              232250619601, 9746347772161]

# Least strong pseudoprimes to the first k primes (Jaeschke; Zhang & Tang;
# Sorenson & Webster): composite, and they pass Miller-Rabin with those k
# bases, so each is where k bases stop being enough.
PSI = [(2047, 1), (1373653, 2), (25326001, 3), (3215031751, 4),
       (2152302898747, 5), (3474749660383, 6), (341550071728321, 7),
       (341550071728321, 8), (3825123056546413051, 9),
       (3825123056546413051, 10), (3825123056546413051, 11), (318665857834031151167461, 12),
       (3317044064679887385961981, 13)]

# Strong pseudoprimes to several bases, from the literature.
SPSP = [3215031751, 2152302898747, 3474749660383, 341550071728321,
        3825123056546413051, 318665857834031151167461,
        3317044064679887385961981, 25326001, 1373653, 2047, 3277, 4033,
        4681, 8321, 121603, 1194649, 12327121]


def test_pratt_proves_the_24_digit_primes():
    for p in PRIMES_24 + [2**61 - 1, 2**31 - 1]:
        assert pratt(p), p
        assert is_prime(p), p
    assert is_prime(2**89 - 1)   # beyond PROVEN_BELOW: probable prime
    assert not pratt(PRIMES_24[0] * 3)


def test_the_24_digit_primes_are_the_neighbours_of_powers_of_ten():
    # Every odd number between them and 10**24 (10**23) is composite:
    # exhibited by a factor found here, not by is_prime's say-so.
    gaps = list(range(PRIMES_24[0] + 2, 10**24, 2)) + \
        list(range(10**23 + 1, PRIMES_24[3], 2))
    for n in gaps:
        assert not is_prime(n), n
        fs = factorize(n)
        assert len(fs) > 1 and product(fs) == n


# ------------------------------------------------------------ is_prime

def test_is_prime_matches_a_sieve_below_two_million_at_the_edges():
    for lo, hi in [(0, 20_000), (990_000, 1_010_000), (1_990_000, 2_000_000)]:
        for n in range(lo, hi):
            assert is_prime(n) == bool(SIEVE[n]), n


@settings(max_examples=3000, deadline=None)
@given(st.integers(0, 1_999_999))
def test_is_prime_matches_the_sieve(n):
    assert is_prime(n) == bool(SIEVE[n])


@settings(max_examples=300, deadline=None)
@given(st.integers(-50, 10**12))
def test_is_prime_matches_trial_division(n):
    assert is_prime(n) == trial_is_prime(n)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 20_000))
def test_is_prime_and_factorize_agree_with_numbers_py(n):
    assert is_prime(n) == numbers.is_prime(n)
    assert factorize(n) == numbers.factorize(n)


def test_carmichael_numbers_are_composite():
    for n in CARMICHAEL:
        assert pow(2, n - 1, n) == 1 or gcd(n, 2) > 1   # Fermat liars
        assert not is_prime(n), n
        fs = factorize(n)
        assert product(fs) == n and len(fs) >= 3, n


def test_the_strong_pseudoprime_bounds_are_where_the_bases_fail():
    for n, k in PSI:
        assert _strong_probable_prime(n, k), (n, k)      # fools k bases
        fs = factorize(n)
        assert len(fs) > 1 and product(fs) == n
        if n < 10**20:
            assert floyd_factor(n) == fs
        assert not is_prime(n)
    # The table in primes.py is these bounds, each with enough bases.
    for bound, k in _MR_TABLE:
        assert (bound, k) in PSI
        assert not _strong_probable_prime(bound, k + 1) or \
            (bound, k + 1) in PSI
    assert PROVEN_BELOW == 3317044064679887385961981 > 10**24


def test_strong_pseudoprimes_are_composite():
    for n in SPSP:
        assert not is_prime(n), n
        assert product(factorize(n)) == n


def test_large_squares_cubes_and_products_are_composite():
    cases = [p * p for p in PRIME_12] + [p * q for p in PRIME_12
                                         for q in PRIME_12 if p < q]
    cases += [1000003 ** 4, 1009 ** 8, 999983 ** 3, 10007 ** 2 * 10009,
              PRIMES_24[0] * 3, (2**31 - 1) * (2**61 - 1)]
    for n in cases:
        assert not is_prime(n), n


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(PRIME_12 + PRIMES_24), st.integers(2, 10**6))
def test_multiples_of_big_primes_are_composite(p, k):
    assert not is_prime(p * k)


def test_non_ints_and_small_numbers():
    for n in [-7, -1, 0, 1, 2.0, "7", None]:
        assert not is_prime(n)
    assert [n for n in range(30) if is_prime(n)] == \
        [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    assert len(SMALL_PRIMES) == 168 and SMALL_PRIMES[-1] == 997


# ------------------------------------------------------------ helpers

@given(st.integers(0, 10**40))
def test_bit_length_and_iroot(n):
    assert bit_length(n) == n.bit_length()
    for k in (2, 3, 5):
        r = iroot(n, k)
        assert r ** k <= n < (r + 1) ** k


@given(st.integers(0, 10**30), st.integers(0, 10**30))
def test_gcd(a, b):
    assert gcd(a, b) == math.gcd(a, b)


@given(st.integers(0, 10**30), st.integers(0, 10**30), st.integers(1, 10**25))
def test_the_pow_fallback_for_vms_without_three_argument_pow(b, e, m):
    assert primes._pow_loop(b, e, m) == pow(b, e, m)


def test_is_prime_with_the_pow_fallback(monkeypatch):
    monkeypatch.setattr(primes, "_powmod", primes._pow_loop)
    for n in PRIMES_24 + PRIME_12:
        assert is_prime(n)
    for n in SPSP + CARMICHAEL:
        assert not is_prime(n)


# ------------------------------------------------------------ factorize

def check_factors(n, fs):
    assert fs == sorted(fs)
    assert product(fs) == n or (n < 2 and fs == [])
    for p in fs:
        assert is_prime(p)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 10**20))
def test_factorize_random_numbers(n):
    fs = factorize(n)
    check_factors(n, fs)
    if n < 10**14:
        assert fs == floyd_factor(n) if n > 1 else fs == []


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(PRIME_12[:2] + [2, 3, 7, 997, 1009, 65537,
                                                999983, 1000003]),
                min_size=1, max_size=4))
def test_factorize_products_of_known_primes(ps):
    n = product(ps)
    assert factorize(n) == sorted(ps)


def test_factorize_hard_cases():
    p, q = PRIME_12[0], PRIME_12[1]
    assert factorize(p * q) == [q, p]                  # two 12-digit primes
    assert factorize(p * p) == [p, p]                  # a square
    assert factorize(999983 ** 4) == [999983] * 4      # a 4th power
    assert factorize((1009 * 1013) ** 3) == [1009] * 3 + [1013] * 3
    assert factorize(PRIMES_24[0]) == [PRIMES_24[0]]
    assert factorize(2 ** 79) == [2] * 79
    assert factorize(10 ** 24) == [2] * 24 + [5] * 24
    assert factorize(3317044064679887385961981) == \
        [1287836182261, 2575672364521]


def test_factorize_rejects_bad_input():
    with pytest.raises(TypeError):
        factorize(7.0)
    with pytest.raises(TypeError):
        factorize(True)
    with pytest.raises(ValueError):
        factorize(-4)
    assert factorize(0) == [] and factorize(1) == []


def test_factorizer_in_small_steps_keeps_its_invariants():
    n = 2 ** 3 * 997 * 1000003 ** 2 * PRIME_12[0] * PRIME_12[3]
    f = Factorizer(n)
    steps = 0
    while not f.step(7):
        steps += 1
        assert f.factors == sorted(f.factors)
        assert product(f.factors) * f.remaining == n
    assert f.done and f.remaining == 1
    assert f.factors == factorize(n)
    assert steps > 100 and f.work_done > 700


def test_factorizer_can_be_abandoned_and_budget_gives_none():
    n = PRIME_12[0] * PRIME_12[1]
    f = Factorizer(n)
    assert not f.step(5000)
    assert f.factors == [] and f.remaining == n and not f.done
    assert factorize(n, budget=10_000) is None
    assert factorize(n, budget=10**7) == [PRIME_12[1], PRIME_12[0]]
    assert factorize(511, budget=0) is None
    assert factorize(1, budget=0) == []
    assert verdict_text(n, budget=1000) == "%d is composite" % n


def test_factorizer_is_deterministic():
    n = 999983 * 1000003 * PRIME_12[2]
    a, b = Factorizer(n), Factorizer(n)
    a.step(10**6)
    while not b.step(1):
        pass
    assert a.factors == b.factors and a.work_done == b.work_done


# ------------------------------------------------------------ fill_unknown

def brute_fill(pattern):
    k = pattern.count("?")
    nums = []
    for code in range(10 ** k):
        digits = iter(str(code).zfill(k)) if k else iter(())
        s = "".join(next(digits) if ch == "?" else ch for ch in pattern)
        if len(s) > 1 and s[0] == "0":
            continue
        nums.append(int(s))
    return sorted(n for n in nums if trial_is_prime(n)), len(nums)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from("0123456789?"), min_size=1, max_size=9))
def test_fill_unknown_matches_brute_force(chars):
    pattern = "".join(chars)
    if pattern.count("?") > 3 or (pattern[0] == "0" and len(pattern) > 1):
        with pytest.raises(ValueError):
            fill_unknown(pattern)
        return
    want = brute_fill(pattern)
    assert fill_unknown(pattern) == want
    assert len(list(fillings(pattern))) == want[1]


def test_fill_unknown_examples():
    assert fill_unknown("1?3?") == brute_fill("1?3?")
    assert fill_unknown("1?3?")[0][:3] == [1031, 1033, 1039]
    assert fill_unknown("?") == ([2, 3, 5, 7], 10)
    assert fill_unknown("??") == ([p for p in range(10, 100)
                                   if trial_is_prime(p)], 90)
    assert fill_unknown("???")[1] == 900
    assert fill_unknown("97") == ([97], 1)
    assert fill_unknown("1?") == ([11, 13, 17, 19], 10)
    assert fill_unknown("2?") == ([23, 29], 10)
    assert fill_unknown("?0") == ([], 9)
    assert list(fillings("?0")) == list(range(10, 100, 10))
    assert list(fillings("7")) == [7] and list(fillings("?")) == \
        list(range(10))
    big = "99999999999999999999?7?3"       # 24 digits, proven range
    got, tried = fill_unknown(big)
    assert tried == 100 and all(pratt(p) for p in got)
    for n in range(int(big.replace("?", "0")), int(big.replace("?", "9")) + 1):
        s = str(n)
        if s[-3] == "7" and s[-1] == "3":
            assert (n in got) == is_prime(n)
    for bad in ["", "1?a", "????", "012", "-7"]:
        with pytest.raises(ValueError):
            fill_unknown(bad)
    with pytest.raises(TypeError):
        fill_unknown(13)


# ------------------------------------------------------------ verdict_text

def test_verdict_text():
    assert verdict_text(511) == "511 = 7 x 73"
    assert verdict_text(73) == "73 is prime"
    assert verdict_text(84) == "84 = 2 x 2 x 3 x 7"
    assert verdict_text(1) == "1 is not prime"
    assert verdict_text(0) == "0 is not prime"
    assert verdict_text(2) == "2 is prime"
    assert verdict_text(PRIME_12[0] * PRIME_12[1]) == \
        "999999999948000000000451 = 999999999959 x 999999999989"
    with pytest.raises(ValueError):
        verdict_text(-5)
    for n in range(2, 3000):
        v = verdict_text(n)
        assert v.isascii()
        if v.endswith("is prime"):
            assert numbers.is_prime(n)
        else:
            assert eval(v.split(" = ")[1].replace(" x ", "*")) == n


# ------------------------------------------------------------ other VMs

_CP_SKIP = pytest.mark.skip(reason=mpvm.cp_missing(32) or "")
VMS = ["unix", pytest.param("cp32", marks=() if mpvm.cp_missing(32) is None
                            else (_CP_SKIP,))]

PARITY_NUMBERS = ([0, 1, 2, 3, 4, 97, 511, 561, 1001, 9973, 9991, 65537,
                   2**30 - 35, 2**30, 2**30 + 3, 2**31 - 1, 2**32 + 1,
                   2**62 - 57, 2**63 + 29, 2**64 - 59]
                  + CARMICHAEL[-4:] + SPSP[:7] + PRIME_12 + PRIMES_24
                  + [PRIME_12[0] * PRIME_12[1], PRIME_12[2] ** 2,
                     999983 ** 4, 1009 ** 8, 10**24 - 7, 10**24 - 1,
                     2**89 - 1])
PARITY_PATTERNS = ["1?3?", "?", "??", "9?9", "1000000?", "99999999999?7?3"]

GUEST = """
from primeplay import primes
from primeplay.primes import is_prime, factorize, fill_unknown, verdict_text
print(primes._powmod is pow)
for n in %r:
    print(is_prime(n), verdict_text(n))
for p in %r:
    print(fill_unknown(p))
"""


def parity_expected():
    # verdict_text holds factorize's answer (by one run of it).
    out = ["True"] + ["%s %s" % (is_prime(n), verdict_text(n))
                      for n in PARITY_NUMBERS]
    return out + [repr(fill_unknown(p)) for p in PARITY_PATTERNS]


@pytest.fixture(params=VMS)
def vm(request):
    return request.param


def test_same_answers_on_micropython_and_circuitpython(vm):
    code = GUEST % (PARITY_NUMBERS, PARITY_PATTERNS)
    if vm == "unix":
        out = mpvm.run_unix(code, heapsize="1M")
    else:
        out = mpvm.run_cp(code, bits=32, heapsize="1M")
    assert out.split("\n")[:-1] == parity_expected()


# ------------------------------------------------------------ fuel

SETUP = "from primeplay.primes import is_prime, factorize"

# (label, n, worst case it stands for)
FUEL_CASES = [
    ("4-digit prime", 9973, "is_prime: division by all 25 primes < 100"),
    ("4-digit 97x103", 9991, "factorize: the largest smallest factor"),
    ("12-digit prime", PRIME_12[0], "is_prime: 5 Miller-Rabin bases"),
    ("12-digit 999983x999979", 999983 * 999979,
     "factorize: two 6-digit primes, rho"),
    ("24-digit prime", PRIMES_24[0], "is_prime: 13 bases"),
    ("24-digit 1000003x(18-digit p)", 1000003 * 999999999999999989,
     "factorize: 7-digit factor by rho"),
    ("24-digit 3x312929x2228959x477893202221", 10**24 - 7,
     "factorize: two 6/7-digit factors by rho"),
]


def test_fuel_of_a_verdict(capsys):
    rows = []
    for label, n, why in FUEL_CASES:
        a = mpvm.cost(SETUP, "is_prime(%d)" % n)
        b = mpvm.cost(SETUP, "factorize(%d)" % n)
        rows.append((label, a.fuel, b.fuel, b.alloc_bytes, why))
    # Two 12-digit primes: ~1.6 M rho steps, too much garbage for cost()'s
    # GC-less heap, so a window of steps times the (VM-independent) count.
    n = PRIME_12[0] * PRIME_12[1]
    f = Factorizer(n)
    f.step(10**7)
    window = mpvm.cost("from primeplay.primes import Factorizer\n"
                       "f = Factorizer(%d)\nf.step(20000)" % n,
                       "f.step(10000)")
    per_unit = window.fuel / 10000
    with capsys.disabled():
        print("\nfuel (WASI, ~145,000 per ms on an RP2040):")
        for label, fa, fb, ab, why in rows:
            print("  %-40s is_prime %11d  factorize %11d (%7d B)  %s"
                  % (label, fa, fb, ab, why))
        print("  %-40s factorize ~%d (%d rho units x %d fuel), ~%d s"
              % ("24-digit two 12-digit primes", per_unit * f.work_done,
                 f.work_done, per_unit, per_unit * f.work_done / 145e6))
    # A 4-digit verdict (is_prime + factorize) <= 5 M fuel, ~35 ms.
    for label, fa, fb, _, _ in rows[:2]:
        assert fa + fb <= 5_000_000, label
    worst4 = max(mpvm.cost(SETUP, "is_prime(%d); factorize(%d)" % (n, n)).fuel
                 for n in (9973, 9991, 9409, 8192, 9999))
    assert worst4 <= 5_000_000
