"""Seeded pseudo-random numbers that are bit-identical on every VM.

CPython's ``random`` and CircuitPython's differ (CircuitPython has no
``shuffle`` and its own generator), so the games draw every chance event
from this one: xorshift32 (Marsaglia 2003, shifts 13/17/5) behind a
splitmix-style seed scrambler.  Only 32-bit masked integer arithmetic is
used, which CPython, MicroPython and CircuitPython all evaluate the same.

Ranges are drawn by rejection on a power-of-two mask, so ``randrange(10)``
has no modulo bias.
"""

_MASK = 0xFFFFFFFF


def _scramble(x):
    # A 32-bit integer hash (Chris Wellons' lowbias32) so that nearby seeds
    # (1, 2, 3 ...) start far apart in the xorshift sequence.
    x &= _MASK
    x ^= x >> 16
    x = (x * 0x7FEB352D) & _MASK
    x ^= x >> 15
    x = (x * 0x846CA68B) & _MASK
    x ^= x >> 16
    return x


class Rng:
    """xorshift32 generator with the few draws the games need."""

    __slots__ = ("state",)

    def __init__(self, seed=0):
        self.seed(seed)

    def seed(self, seed):
        if not isinstance(seed, int):
            raise TypeError("seed must be an int, got %r" % (seed,))
        # Nested, not XORed side by side: the two halves must not cancel
        # (Rng(0) and Rng(2**32 + 1) would be the same game).
        s = _scramble((seed & _MASK) ^ _scramble((seed >> 32) & _MASK))
        # xorshift32 must never hold 0: it would stay 0 for ever.
        self.state = s or 0x9E3779B9

    def getstate(self):
        return self.state

    def setstate(self, state):
        if not isinstance(state, int) or not 0 < state <= _MASK:
            raise ValueError("rng state must be an int in 1..2**32-1")
        self.state = state

    def copy(self):
        r = object.__new__(Rng)
        r.state = self.state
        return r

    def next32(self):
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x

    def randbelow(self, n):
        """Uniform int in 0..n-1 (n >= 1), unbiased by rejection."""
        if n <= 0:
            raise ValueError("randbelow needs n >= 1, got %r" % (n,))
        if n > 0x100000000:
            raise ValueError("range too large for a 32-bit generator")
        mask = 1
        while mask < n:
            mask <<= 1
        mask -= 1
        # The high bits of xorshift32 are its better ones; a mask of 24 bits
        # or fewer takes them from there.
        shift = 8 if mask < 0x1000000 else 0
        while True:
            v = (self.next32() >> shift) & mask
            if v < n:
                return v

    def randrange(self, start, stop=None):
        if stop is None:
            start, stop = 0, start
        return start + self.randbelow(stop - start)

    def randint(self, a, b):
        return a + self.randbelow(b - a + 1)

    def choice(self, seq):
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items):
        """Fisher-Yates, in place."""
        i = len(items) - 1
        while i > 0:
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def d10(self):
        """One ten-sided die: 1..10 (the face "0" counts as 10)."""
        return 1 + self.randbelow(10)
