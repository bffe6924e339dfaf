"""The judge's arithmetic: primality, factors and "?" fill-ins for big numbers.

numbers.py covers the board's 0..101 by plain trial division; this module
covers every number the judge may be shown, 24 digits included:

* ``is_prime(n)`` -- trial division by the primes below 1000, then
  Miller-Rabin with the smallest set of prime bases proven sufficient for n
  (the first 13 primes are enough below PROVEN_BELOW = 3.3e24, so every
  24-digit number gets a proven answer).  Above that bound the first 20
  primes are used: a probable-prime answer, not a proof.
* ``Factorizer(n)`` -- factorization in bounded steps, so the UI can draw
  progress and cancel: trial division by the primes below 1000, then for
  each cofactor a primality test, a perfect-power check and Pollard's rho
  in Brent's variant (seeds x0 = 2, c = 1, 2, 3 ... so every VM does the
  same work and gives the same answer).  ``factorize(n, budget)`` loops it.
* ``fill_unknown(pattern)`` -- the primes made by filling up to three "?"
  (``fillings(pattern)`` yields the candidates, for work spread on frames).
* ``verdict_text(n)`` -- "511 = 7 x 73" / "73 is prime".

Runs unchanged on CPython, MicroPython and CircuitPython: no f-strings,
no int.bit_length or math.gcd (MicroPython lacks both), no recursion.
Three-argument pow is used when the VM has it (CircuitPython's and
MicroPython's full builds do, long ints included) and replaced by a
square-and-multiply loop when it does not.
"""

# Every prime below 1000 (168 of them), sieved once at import.
_TRIAL_LIMIT = 1000


def _sieve(limit):
    flags = bytearray(limit)
    out = []
    for i in range(2, limit):
        if not flags[i]:
            out.append(i)
            for j in range(i * i, limit, i):
                flags[j] = 1
    return tuple(out)


SMALL_PRIMES = _sieve(_TRIAL_LIMIT)

# Miller-Rabin with the first k primes as bases is correct for every n
# below bound (Jaeschke 1993; Zhang & Tang 2003; Sorenson & Webster 2015).
# Each bound is itself the least strong pseudoprime to those bases.
_MR_TABLE = (
    (2047, 1),
    (1373653, 2),
    (25326001, 3),
    (3215031751, 4),
    (2152302898747, 5),
    (3474749660383, 6),
    (341550071728321, 7),
    (3825123056546413051, 9),
    (318665857834031151167461, 12),
    (3317044064679887385961981, 13),
)
PROVEN_BELOW = 3317044064679887385961981
# Beyond the proven range: more bases, a probable-prime answer.
_MR_BASES_BEYOND = 20


def _pow_loop(b, e, m):
    r = 1
    b %= m
    while e:
        if e & 1:
            r = r * b % m
        b = b * b % m
        e >>= 1
    return r % m


def _has_pow3():
    try:
        return pow(3, 1 << 70, (1 << 80) + 13) == \
            _pow_loop(3, 1 << 70, (1 << 80) + 13)
    except Exception:  # noqa: BLE001 - TypeError / NotImplementedError
        return False


_powmod = pow if _has_pow3() else _pow_loop


def gcd(a, b):
    """Greatest common divisor of two non-negative ints (gcd(0, 0) == 0)."""
    while b:
        a, b = b, a % b
    return a


def bit_length(n):
    """Bits of n >= 0 (int.bit_length, which MicroPython lacks)."""
    b = 0
    while n >= 65536:
        n >>= 16
        b += 16
    while n:
        n >>= 1
        b += 1
    return b


def _check_int(n, name):
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError("%s needs an int, got %r" % (name, n))


def _strong_probable_prime(n, bases):
    """Miller-Rabin: False when one of the first ``bases`` primes proves n
    composite.  n odd, > SMALL_PRIMES[bases - 1]."""
    d = n - 1
    s = 0
    while not d & 1:
        d >>= 1
        s += 1
    m = n - 1
    for i in range(bases):
        x = _powmod(SMALL_PRIMES[i], d, n)
        if x == 1 or x == m:
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == m:
                break
        else:
            return False
    return True


def _miller_rabin(n):
    """Primality of an odd n with no prime factor below _TRIAL_LIMIT, or
    none below _QUICK_TRIAL when n >= _TRIAL_LIMIT ** 2."""
    if n < _TRIAL_LIMIT * _TRIAL_LIMIT:
        return True
    for bound, bases in _MR_TABLE:
        if n < bound:
            return _strong_probable_prime(n, bases)
    return _strong_probable_prime(n, _MR_BASES_BEYOND)


# Trial division before Miller-Rabin stops at this prime for large n: it
# weeds out most composites for a few divisions, while one Miller-Rabin
# base costs about as much as dividing by all 168 small primes.
_QUICK_TRIAL = 53


def is_prime(n):
    """True for 2, 3, 5, 7, 11 ...; False for 0, 1, negatives, composites.

    Proven for n < PROVEN_BELOW (all 24-digit numbers); beyond it, a strong
    probable-prime test with the first 20 primes as bases.
    """
    if not isinstance(n, int) or n < 2:
        return False
    for p in SMALL_PRIMES:
        if p * p > n:
            return True
        if n % p == 0:
            return n == p
        if p >= _QUICK_TRIAL and n >= _TRIAL_LIMIT * _TRIAL_LIMIT:
            break
    # Either n < 1000 ** 2 passed every small prime, or n is large.
    return _miller_rabin(n)


def iroot(n, k):
    """The integer k-th root of n >= 0: the largest r with r ** k <= n."""
    if n < 2:
        return n
    r = 1 << ((bit_length(n) + k - 1) // k)   # >= the root
    while True:
        s = ((k - 1) * r + n // r ** (k - 1)) // k
        if s >= r:
            return r
        r = s


def _perfect_power(n):
    """(r, k) with r ** k == n and k largest, for n whose prime factors are
    all >= _TRIAL_LIMIT; None when n is no perfect power."""
    k = 2
    best = None
    # A k-th power of factors >= 1000 is at least 1000 ** k.
    limit = _TRIAL_LIMIT * _TRIAL_LIMIT
    while limit <= n:
        r = iroot(n, k)
        if r ** k == n:
            best = (r, k)
        k += 1
        limit *= _TRIAL_LIMIT
    return best


# Pollard-Brent: the gcd is taken once per batch of this many steps.
_RHO_BATCH = 64

# Factorizer phases.
_TRIAL = 0
_SPLIT = 1
_DONE = 2


class Factorizer:
    """Factor n in bounded steps: ``while not f.step(2000): draw(f)``.

    ``step(work)`` does about ``work`` units (a unit is one trial division
    or one Pollard rho iteration, a modular squaring and multiplication)
    and returns True once done.  A step may overrun by one primality test
    or perfect-power check (a few hundred units at 24 digits).

    ``factors`` holds the prime factors found so far, ascending (complete
    and with multiplicity once done); ``remaining`` is n divided by their
    product, 1 once done; ``work_done`` counts units so far.
    """

    def __init__(self, n):
        _check_int(n, "Factorizer")
        if n < 0:
            raise ValueError("Factorizer needs n >= 0, got %d" % n)
        self.n = n
        self.factors = []
        self.remaining = n if n > 1 else 1
        self.work_done = 0
        self._phase = _TRIAL if n > 1 else _DONE
        self._ti = 0            # index into SMALL_PRIMES
        self._stack = []        # cofactors still to split
        self._m = 0             # the cofactor rho is working on, 0 = none

    @property
    def done(self):
        return self._phase == _DONE

    def step(self, work=1000):
        """About ``work`` units of work; True when the factors are complete."""
        while work > 0 and self._phase != _DONE:
            if self._phase == _TRIAL:
                work -= self._trial(work)
            elif self._m:
                work -= self._rho(work)
            else:
                work -= self._next_cofactor()
        return self._phase == _DONE

    # ------------------------------------------------------------ phases

    def _add(self, p, times=1):
        f = self.factors
        for _ in range(times):
            i = len(f)
            while i and f[i - 1] > p:
                i -= 1
            f.insert(i, p)
            self.remaining //= p

    def _trial(self, work):
        m = self.remaining
        i = self._ti
        used = 0
        primes = SMALL_PRIMES
        while used < work:
            if i == len(primes):
                # Every factor left is >= 1000.
                self._phase = _SPLIT
                if m > 1:
                    self._stack.append(m)
                break
            p = primes[i]
            if p * p > m:
                if m > 1:
                    self._add(m)
                self._phase = _DONE
                break
            used += 1
            if m % p == 0:
                m //= p
                self._add(p)
            else:
                i += 1
        self._ti = i
        self.work_done += used
        return used

    def _next_cofactor(self):
        """Take one cofactor off the stack: prime, power or rho's next job."""
        if not self._stack:
            self._phase = _DONE
            return 0
        m = self._stack.pop()
        used = bit_length(m)
        if _miller_rabin(m):
            self._add(m)
        else:
            pp = _perfect_power(m)
            if pp is not None:
                r, k = pp
                for _ in range(k):
                    self._stack.append(r)
            else:
                self._start_rho(m, 1)
        self.work_done += used
        return used

    def _start_rho(self, m, c):
        self._m = m
        self._c = c
        self._y = 2
        self._x = 2
        self._ys = 2
        self._q = 1
        self._r = 1
        self._k = 0           # steps done in the current round
        self._left = 1        # steps left in this stage
        self._advance = True  # stage: walking y on r steps before batches

    def _rho(self, work):
        """Brent's cycle search on f(y) = y * y + c mod m, resumable.

        Each round r = 1, 2, 4 ...: x = y, walk y on r steps, then r more
        steps multiplying |x - y| into q, with gcd(q, m) every
        _RHO_BATCH steps.  A gcd of m (the batch overshot) is redone one
        step at a time from the batch's start ys; a cycle that gives m
        anyway restarts with the next c.
        """
        m = self._m
        c = self._c
        x = self._x
        y = self._y
        q = self._q
        used = 0
        g = 1
        while used < work:
            if self._advance:
                t = self._left
                if t > work - used:
                    t = work - used
                for _ in range(t):
                    y = (y * y + c) % m
                used += t
                self._left -= t
                if self._left:
                    break
                self._advance = False
                self._k = 0
                self._ys = y
                self._left = _RHO_BATCH if _RHO_BATCH < self._r \
                    else self._r
            else:
                t = self._left
                if t > work - used:
                    t = work - used
                for _ in range(t):
                    y = (y * y + c) % m
                    q = q * (x - y) % m
                used += t
                self._left -= t
                if self._left:
                    break
                self._k += _RHO_BATCH
                g = gcd(q, m)
                if g != 1:
                    break
                if self._k < self._r:
                    self._ys = y
                    t = self._r - self._k
                    self._left = _RHO_BATCH if _RHO_BATCH < t else t
                else:
                    # Next round: x jumps to y, the walk doubles.
                    x = y
                    self._r *= 2
                    self._advance = True
                    self._left = self._r
        self._x = x
        self._y = y
        self._q = q
        self.work_done += used
        if g != 1:
            used += self._found(g)
        return used

    def _found(self, g):
        m = self._m
        c = self._c
        used = 0
        if g == m:
            # Redo the last batch step by step from its start.
            x = self._x
            ys = self._ys
            while True:
                ys = (ys * ys + c) % m
                used += 1
                g = gcd((x - ys) % m, m)
                if g != 1:
                    break
        self.work_done += used
        if g == m:
            self._start_rho(m, c + 1)
        else:
            self._m = 0
            self._stack.append(g)
            self._stack.append(m // g)
        return used


def factorize(n, budget=None):
    """Ascending prime factors with multiplicity: factorize(84) == [2, 2, 3, 7].

    factorize(0) == factorize(1) == [].  With ``budget`` (work units, see
    Factorizer) returns None when the factors are not complete within it.
    """
    f = Factorizer(n)
    while not f.done:
        if budget is None:
            f.step(100000)
        else:
            if f.work_done >= budget:
                return None
            f.step(budget - f.work_done)
    return f.factors


_MAX_UNKNOWN = 3


def fillings(pattern):
    """Every number a digit pattern with up to three "?" makes, ascending.

    A generator, so the UI can test a few per frame: fill_unknown is
    ``[n for n in fillings(pattern) if is_prime(n)]``.  A "?" in front
    never takes 0, unless the pattern is that single "?".  More than three
    "?", a character other than a digit or "?", an empty pattern or a
    fixed leading zero ("012") is a ValueError.
    """
    if not isinstance(pattern, str):
        raise TypeError("fillings needs a str, got %r" % (pattern,))
    if not pattern:
        raise ValueError("empty pattern")
    weights = []     # place value of each "?", most significant first
    base = 0
    for ch in pattern:
        base *= 10
        for i in range(len(weights)):
            weights[i] *= 10
        if ch == "?":
            weights.append(1)
        elif "0" <= ch <= "9":
            base += ord(ch) - 48
        else:
            raise ValueError("pattern has %r: only digits and ?" % (ch,))
    k = len(weights)
    if k > _MAX_UNKNOWN:
        raise ValueError("at most %d ? in a pattern, got %d"
                         % (_MAX_UNKNOWN, k))
    if pattern[0] == "0" and len(pattern) > 1:
        raise ValueError("pattern has a leading zero: %s" % pattern)
    # The code's digits, most significant first, fill the ?s in order:
    # ascending codes give ascending numbers.  A "?" in front starts at 1.
    first = 10 ** (k - 1) if pattern[0] == "?" and len(pattern) > 1 else 0
    for code in range(first, 10 ** k):
        n = base
        rest = code
        for i in range(k - 1, -1, -1):
            n += (rest % 10) * weights[i]
            rest //= 10
        yield n


def fill_unknown(pattern):
    """The primes made by filling the "?"s of a digit pattern, and how many
    numbers the pattern makes: fill_unknown("1?") == ([11, 13, 17, 19], 10).

    Returns (primes ascending, count of fillings); the pattern rules are
    those of fillings().  Up to 1000 primality tests: about 4 s on the
    board for 23 digits and three "?", so the UI may prefer fillings().
    """
    found = []
    tried = 0
    for n in fillings(pattern):
        tried += 1
        if is_prime(n):
            found.append(n)
    return found, tried


def verdict_text(n, budget=None):
    """The judge's line: "511 = 7 x 73", "73 is prime", "1 is not prime".

    With ``budget`` (see factorize) a composite whose factors are not found
    in time reads "N is composite".
    """
    _check_int(n, "verdict_text")
    if n < 0:
        raise ValueError("verdict_text needs n >= 0, got %d" % n)
    if n < 2:
        return "%d is not prime" % n
    if is_prime(n):
        return "%d is prime" % n
    fs = factorize(n, budget)
    if fs is None:
        return "%d is composite" % n
    return "%d = %s" % (n, " x ".join([str(p) for p in fs]))
