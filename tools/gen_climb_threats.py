"""Generate lib/primeplay/climb/threats.bin: for a pawn on board space y
and a space x, how many of the 100 rolls of two d10 let that pawn end its
turn on x, moving (a pawn that stays put bumps nobody).

    python tools/gen_climb_threats.py          # a few seconds

The pawn may use any of the roll's uses (1 or 2 dice; 1 to 4 for
doubles), the rest going to its partner, in any order, with + - x /, on
the standard board (0..101; a pawn on 101 is home and stays).  The hard
computer player reads the rows of its opponents' pawns (climb/bot.py,
``_threats``) to weigh how likely a bump is where it would end.

The file holds 101 rows (y = 0..100) of 102 bytes (x = 0..101), each a
count out of 100: 10,302 bytes, read a row at a time from flash.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "lib"))

from primeplay.climb.reach import Plan, pawn_shares  # noqa: E402
from primeplay.climb.track import ALL_OPS, TOP  # noqa: E402
# The 100 rolls as the standard table's solver weighs them.
from gen_climb_values import rolls  # noqa: E402

PATH = os.path.join(ROOT, "lib", "primeplay", "climb", "threats.bin")
ROW = TOP + 1


def row(y):
    counts = [0] * ROW
    for dice, w in rolls():
        plan = Plan(dice, (), "standard", ALL_OPS, False)
        shares = pawn_shares(plan, y)
        ends = set()
        for L in range(1, plan.nshares):
            if shares[L] is not None:
                ends.update(shares[L])
        for x in ends:
            counts[x] += w
    return counts


def table():
    data = bytearray()
    for y in range(TOP):
        data += bytes(row(y))
    return data


def main():
    data = table()
    with open(PATH, "wb") as f:
        f.write(data)
    print("wrote %s (%d bytes)" % (os.path.relpath(PATH, ROOT), len(data)))


if __name__ == "__main__":
    main()
