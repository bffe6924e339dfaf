"""Generate lib/primeplay/climb/values.bin: the expected number of turns
to bring both pawns home from every pair of spaces, playing perfectly.

    python tools/gen_climb_values.py          # ~1-2 minutes

Value iteration over the 5,151 unordered pawn pairs of solitaire Prime
Climb without cards (bumping your own pawn included): V(101, 101) = 0 and

    V(a, b) = 1 + sum over the 100 rolls of min over end pairs of V.

The reference is 8.98 turns from (0, 0) (docs/architecture.md, "Reference
facts"); the test suite checks the table against it and that it satisfies
the equation above.

The file holds V(a, b) * 1000 rounded, as unsigned 16-bit big-endian
numbers, a row of 102 per a (b = 0..101; each pair twice, so the board
reads one row of 204 bytes for every b of a pawn's end space): 20,808
bytes, read a row at a time by climb/values.py.
"""

import os
import sys
from array import array

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "lib"))

from primeplay.climb.reach import search  # noqa: E402
from primeplay.climb.values import N, SCALE, PATH, SIZE  # noqa: E402

HOME = 101


def index(a, b):
    """The solver's place for the unordered pair a <= b."""
    return a * N - (a * (a - 1)) // 2 + (b - a)


def write_square(path, value_of):
    """Write a table file from ``value_of(a, b)`` (turns, a <= b): every
    ordered pair, row a then b, x SCALE, 16-bit big-endian."""
    data = bytearray(SIZE)
    for a in range(N):
        for b in range(N):
            q = int(round(value_of(min(a, b), max(a, b)) * SCALE))
            i = 2 * (a * N + b)
            data[i] = q >> 8
            data[i + 1] = q & 0xFF
    with open(path, "wb") as f:
        f.write(data)
    return len(data)


def settle(a, b):
    """Own pawns ending on one numbered space: one goes back to 0."""
    if a == b and 0 < a < HOME:
        return a, 0
    return a, b


def rolls():
    """(dice, probability numerator out of 100)."""
    out = []
    for d1 in range(1, 11):
        for d2 in range(d1, 11):
            if d1 == d2:
                out.append(([d1] * 4, 1))
            else:
                out.append(([d1, d2], 2))
    return out


def successors():
    """For every pair index and roll: the pair indices it can end on."""
    table = []
    rs = rolls()
    for a in range(N):
        for b in range(a, N):
            per_roll = []
            for dice, _ in rs:
                if a == HOME and b == HOME:
                    per_roll.append(array("H", [index(HOME, HOME)]))
                    continue
                ends = set()
                for x, y in search(a, b, dice):
                    x, y = settle(x, y)
                    ends.add(index(min(x, y), max(x, y)))
                per_roll.append(array("H", sorted(ends)))
            table.append(per_roll)
    return table


def iterate(table, tol=1e-9, max_sweeps=500):
    weights = [w for _, w in rolls()]
    v = [10.0] * len(table)
    goal = index(HOME, HOME)
    v[goal] = 0.0
    for sweep in range(max_sweeps):
        delta = 0.0
        for i in range(len(table)):
            if i == goal:
                continue
            total = 0.0
            for ends, w in zip(table[i], weights):
                total += w * min([v[j] for j in ends])
            new = 1.0 + total / 100.0
            d = abs(new - v[i])
            if d > delta:
                delta = d
            v[i] = new
        if delta < tol:
            return v, sweep + 1
    raise RuntimeError("value iteration did not converge")


def main():
    table = successors()
    v, sweeps = iterate(table)
    size = write_square(PATH, lambda a, b: v[index(a, b)])
    print("V(0, 0) = %.4f turns; %d sweeps; wrote %s (%d bytes)"
          % (v[index(0, 0)], sweeps, os.path.relpath(PATH, ROOT), size))


if __name__ == "__main__":
    main()
