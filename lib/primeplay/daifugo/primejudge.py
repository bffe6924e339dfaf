"""The prime number judge: is a played number prime, and if not, why.

Kept on its own so that a faster judge (Miller-Rabin, a table) can take
its place without touching the rules.  Trial division is quick enough:
a play forms at most a 4-digit number (two 2-digit cards), and even a
6-digit number needs fewer than 500 divisions.

judge(0) and judge(1) are (False, []): neither is prime (the rulebook: "a
whole number greater than 1") and neither has prime factors, so the
factor list is empty, as ``primeplay.numbers.factorize`` has it.
"""

from primeplay.numbers import factorize


def judge(n):
    """(is_prime, factors): factors ascending with multiplicity.

    judge(511) == (False, [7, 73]); judge(53) == (True, [53]);
    judge(1) == (False, []); judge(0) == (False, []).
    """
    out = factorize(n)
    return len(out) == 1, out


def verdict(n):
    """The judge's words: "53 is prime", "511 = 7 x 73 is not prime",
    "1 is not prime".

    The words are the judge screen's (``primeplay.primes.verdict_text``,
    one text for both), with "is not prime" after the factors, as a
    refused play reads.  primes is imported here, not at the top: only a
    strict game's refused play needs it, and its tables cost heap."""
    from primeplay.primes import verdict_text
    text = verdict_text(n)
    if " = " in text:
        return text + " is not prime"
    return text
