"""Generate lib/primeplay/climb/bounds.bin from values.bin (and the
same for values_sprint.bin, values_decline.bin, values_way53.bin and
values_back.bin): for every
space a and every word k of a result row (reach.WORD spaces b), the least
table value of the settled pair (a, b) over the b of that word.

    python tools/gen_climb_bounds.py          # instant; rerun after
                                              # gen_climb_values.py

The hint (climb/hint.py, ``min_pair``) skips a whole word of end pairs
when its bound cannot beat the best pair found so far: in the worst turns
that leaves a few dozen of ~2,500 pairs to read.  Settled: own pawns on
one numbered space count as one of them back on 0, as in the game.

The file holds 102 rows of 4 unsigned 16-bit big-endian numbers
(turns x 1000): 816 bytes.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "lib"))

from primeplay.climb import values  # noqa: E402
from primeplay.climb.reach import WORD  # noqa: E402

DIR = os.path.join(ROOT, "lib", "primeplay", "climb")
PAIRS = (("values.bin", "bounds.bin"), ("values_sprint.bin", "bounds_sprint.bin"),
         ("values_decline.bin", "bounds_decline.bin"),
         ("values_way53.bin", "bounds_way53.bin"),
         ("values_back.bin", "bounds_back.bin"))
NW = (values.N + WORD - 1) // WORD


def settled(t, a, b):
    if a == b and 0 < a < values.N - 1:
        return values.turns_in(t, a, 0)
    return values.turns_in(t, a, b)


def bounds(t):
    data = bytearray()
    for a in range(values.N):
        for k in range(NW):
            lo = min(settled(t, a, b)
                     for b in range(k * WORD, min((k + 1) * WORD, values.N)))
            data += bytes((lo >> 8, lo & 0xFF))
    return data


def main():
    for src, dst in PAIRS:
        data = bounds(values.Table(os.path.join(DIR, src)))
        path = os.path.join(DIR, dst)
        with open(path, "wb") as f:
            f.write(data)
        print("wrote %s (%d bytes)" % (os.path.relpath(path, ROOT), len(data)))


if __name__ == "__main__":
    main()
