"""Solve each variant's solitaire race without cards: the reference the
computer is measured against, and the tables it plays by.

Solved (rolls from the start, perfect play): standard 8.9805, Prime
Sprint 4.9602, Prime Decline 8.0283, Way Stations on 53 12.3413, There
and Back Again 17.0088 (with both_out and no bounce off 101, rules
ruling 10; 20,706 states: ~14 CPU minutes).

    python tools/gen_climb_variants.py [VARIANT ...]   # minutes each
    python tools/gen_climb_variants.py --write [prime_sprint prime_decline
                                  way_stations there_and_back]
                                  # values_sprint.bin, values_decline.bin,
                                  # values_way53.bin, values_back.bin

For Prime Decline, There and Back Again, Way Stations (53) and Prime
Sprint: value iteration over every pawn pair (with Way Stations, also
whether 53 has been visited) of

    V(s) = 1 + sum over the 100 rolls of min over end states of V

as tools/gen_climb_values.py does for the standard race (reach.search
with the variant's goal, Sprint and blocking).  Own pawns ending on one
numbered space: one goes back to the start of its leg, the player
choosing which (by the order of the moves).  Prints V at the start:
the mean rolls of perfect play, the reference that tools/bench.py's
"variants" figures compare the computer with.

Each race's table has the standard one's shape (pairs of progress
0..101), so ``--write`` stores them in values.bin's format, for the
computer and the hint to judge those races as they judge the standard
one (by progress the computer took 6.1 rolls in Prime Sprint against
4.96, 8.91 in Prime Decline against 8.03).  Way Stations on 53 (the
preset) before the station is visited: values_way53.bin holds V(a, b, not
visited), except that a pair with a pawn on 53 holds the visited value
(the standard table's), which is what ending a turn there leads to.
There and Back Again (both pawns in before either turns) is the standard
race out to 101 and then the way back: values_back.bin holds V of the
pawns' pairs once both have turned (progress less 101); the whole solve
is the standard race's 8.980 plus 8.028 from 101, to the fourth digit.
"""

import os
import sys
from array import array

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "lib"))

from primeplay.climb.reach import search  # noqa: E402
from primeplay.climb.settings import (STANDARD, DECLINE,  # noqa: E402
                                      THERE_AND_BACK)
from primeplay.climb.track import (ALL_OPS, TOP, goal_v, to_space,  # noqa: E402
                                   leg_start)
# The 100 rolls as the standard table's solver weighs them.
from gen_climb_values import rolls  # noqa: E402

STATION = 53
# name -> (goal, sprint, way station)
VARIANTS = {
    "standard": (STANDARD, False, None),
    "prime_decline": (DECLINE, False, None),
    "there_and_back": (THERE_AND_BACK, False, None),
    "way_stations": (STANDARD, False, STATION),
    "prime_sprint": (STANDARD, True, None),
}


class Race:
    def __init__(self, name):
        self.goal, self.sprint, self.station = VARIANTS[name]
        # There and Back Again with both_out (the default, rules ruling
        # 10): a pawn on 101 waits there while the other is short of it.
        self.both_out = self.goal == THERE_AND_BACK
        self.end = goal_v(self.goal)
        self.w = self.end + 1
        self.flags = 2 if self.station else 1

    def key(self, a, b, f):
        if a > b:
            a, b = b, a
        return (f * self.w + a) * self.w + b

    def done(self, a, b):
        if self.sprint:
            return a == self.end or b == self.end
        return a == self.end and b == self.end

    def settle(self, a, b):
        """The pairs the player may leave when both pawns share a space
        (0 and 101 never bump): the order of the moves picks which one
        goes back to the start of its leg."""
        g = self.goal
        if a == self.end or b == self.end or to_space(g, a) != to_space(g, b):
            return ((a, b),)
        sp = to_space(g, a)
        if sp == 0 or sp == TOP:
            return ((a, b),)
        return ((a, leg_start(g, b)), (leg_start(g, a), b))

    def visited(self, a, b, f):
        if not self.station or f:
            return f
        for v in (a, b):
            if v != self.end and to_space(self.goal, v) == self.station:
                return 1
        return 0

    def successors(self):
        table = {}
        rs = rolls()
        for f in range(self.flags):
            block = bool(self.station) and not f
            for a in range(self.w):
                for b in range(a, self.w):
                    k = self.key(a, b, f)
                    if self.done(a, b):
                        table[k] = None
                        continue
                    per_roll = []
                    parked = 0
                    if self.both_out:
                        parked = (1 if a == TOP and b < TOP else 0) | \
                            (2 if b == TOP and a < TOP else 0)
                    for dice, _ in rs:
                        ends = set()
                        for x, y in search(a, b, dice, (), self.goal, ALL_OPS,
                                           block, self.sprint, parked):
                            for x2, y2 in self.settle(x, y):
                                ends.add(self.key(x2, y2,
                                                  self.visited(x2, y2, f)))
                        per_roll.append(array("I", sorted(ends)))
                    table[k] = per_roll
        return table

    def solve(self, tol=1e-7, max_sweeps=2000):
        table = self.successors()
        weights = [w for _, w in rolls()]
        v = dict((k, 0.0 if s is None else 20.0) for k, s in table.items())
        keys = [k for k, s in table.items() if s is not None]
        for sweep in range(max_sweeps):
            delta = 0.0
            for k in keys:
                total = 0.0
                for ends, w in zip(table[k], weights):
                    total += w * min([v[j] for j in ends])
                new = 1.0 + total / 100.0
                d = abs(new - v[k])
                if d > delta:
                    delta = d
                v[k] = new
            if delta < tol:
                return v, sweep + 1
        raise RuntimeError("value iteration did not converge")

    def start(self):
        return self.key(0, 0, 0)    # progress 0 is the start in every goal


def solve(name):
    race = Race(name)
    v, sweeps = race.solve()
    return v[race.start()], sweeps, len(v)


TABLES = {"prime_sprint": "values_sprint.bin",
          "prime_decline": "values_decline.bin",
          "way_stations": "values_way53.bin",
          "there_and_back": "values_back.bin"}


def write_table(name):
    from gen_climb_values import write_square
    path = os.path.join(ROOT, "lib", "primeplay", "climb", TABLES[name])
    race = Race(name)
    v, sweeps = race.solve(tol=1e-9)

    if race.both_out:
        return write_back(path, race, v)

    def value_of(a, b):
        # An end pair on the station is visited: the standard race's
        # value, so one lookup judges every end pair.
        f = 1 if race.station and STATION in (a, b) else 0
        return v[race.key(a, b, f)]

    size = write_square(path, value_of)
    print("%s: V(0, 0) = %.4f; wrote %s (%d bytes)" % (
        name, v[race.start()], os.path.relpath(path, ROOT), size))


def write_back(path, race, v):
    """There and Back Again's way back as its own table (values_back.bin,
    the computer's bot.frame): V of pawns at progress 101 + a, 101 + b
    (both turned), in values.bin's format.  The way out is the standard
    race itself, so the standard table serves it.  Own pawns on one space
    of the way back hold the pair they settle to, (a, 0) as the search
    reads it."""
    from gen_climb_values import write_square

    def value_of(a, b):
        x, y = a + TOP, b + TOP
        if a == b and 0 < a < TOP:
            x, y = race.settle(x, y)[0]
        return v[race.key(x, y, 0)]

    size = write_square(path, value_of)
    print("there_and_back: V(0, 0) = %.4f, from 101 = %.4f; wrote %s (%d "
          "bytes)" % (v[race.start()], v[race.key(TOP, TOP, 0)],
                      os.path.relpath(path, ROOT), size))


def main(argv):
    if argv and argv[0] == "--write":
        for name in argv[1:] or sorted(TABLES):
            write_table(name)
        return 0
    names = argv or [n for n in VARIANTS if n != "standard"]
    for name in names:
        mean, sweeps, states = solve(name)
        print("%s: solved_mean_turns %.4f (%d states, %d sweeps)"
              % (name, mean, states, sweeps))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
