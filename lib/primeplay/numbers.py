"""Primes, factors and the Prime Climb board colours for 0..101."""

# The board colours each prime factor: 2 orange, 3 green, 5 blue,
# 7 purple and every prime above 10 red; 1 is grey and 0 has none.
_SMALL_COLOURS = {2: "orange", 3: "green", 5: "blue", 7: "purple"}


def is_prime(n):
    """True for 2, 3, 5, 7, 11 ...; False for 0, 1, negatives, composites."""
    if not isinstance(n, int) or n < 2:
        return False
    if n < 4:
        return True
    if n % 2 == 0 or n % 3 == 0:
        return False
    f = 5
    while f * f <= n:
        if n % f == 0 or n % (f + 2) == 0:
            return False
        f += 6
    return True


def factorize(n):
    """Ascending prime factors with multiplicity: factorize(84) == [2, 2, 3, 7].

    factorize(1) == [] and factorize(0) == []: neither has prime factors.
    """
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError("factorize needs an int, got %r" % (n,))
    if n < 0:
        raise ValueError("factorize needs n >= 0, got %d" % n)
    out = []
    if n < 2:
        return out
    while n % 2 == 0:
        out.append(2)
        n //= 2
    f = 3
    while f * f <= n:
        while n % f == 0:
            out.append(f)
            n //= f
        f += 2
    if n > 1:
        out.append(n)
    return out


def prime_colour(p):
    """The colour of one prime factor on the board."""
    return _SMALL_COLOURS.get(p, "red")


def climb_colours(n):
    """One colour per prime factor of n, in ascending factor order.

    climb_colours(84) == ['orange', 'orange', 'green', 'purple'];
    climb_colours(1) == ['grey']; climb_colours(0) == [].
    """
    if n == 1:
        return ["grey"]
    return [prime_colour(p) for p in factorize(n)]


def is_all_red(n):
    """A space that is entirely red: a prime above 10 (101 included)."""
    return n > 10 and is_prime(n)
