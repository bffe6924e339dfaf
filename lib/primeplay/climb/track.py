"""Where a pawn is, as one number: its progress along the route.

Every variant's route is a line of spaces, so a pawn is stored as how far
it has come, ``v``, rather than as the board number it stands on:

* standard:        v = space, 0 -> 101 (v == 101 is home, off the board)
* Prime Decline:   v = 101 - space, so 101 -> 0 is again v 0 -> 101
* There and Back:  v = space on the way out (0..101), then 202 - space on
  the way back, so v runs 0 -> 202 and v == 101 is standing on 101.

With that, "home" is ``v == goal_v``, bumping sends a pawn to the start of
its leg, and a Way Station blocks ``v == 101`` in every variant (reaching
101, or 0 in Prime Decline).  Arithmetic is done on the board number.
"""

from primeplay.climb.settings import STANDARD, DECLINE, THERE_AND_BACK

_GOALS = (STANDARD, DECLINE, THERE_AND_BACK)

ADD, SUB, MUL, DIV = 0, 1, 2, 3
OP_SYMBOLS = "+-x/"
ALL_OPS = 15          # bit per op: 1 << ADD | 1 << SUB | ...
CURSED_OPS = (1 << SUB) | (1 << DIV)
TOP = 101             # the highest space, and v of "checkpoint" everywhere
NONE = 255            # "no target" in packed successor tables


def goal_v(goal):
    return 202 if goal == THERE_AND_BACK else TOP


def to_space(goal, v):
    """The board number a pawn at progress v stands on."""
    if goal == DECLINE:
        return TOP - v
    if v > TOP:
        return 202 - v
    return v


def from_space(goal, v_before, space):
    """Progress after moving to ``space`` from progress ``v_before``.

    Moves never change leg, except that reaching 101 on the way out of
    There and Back Again is the turning point (v 101 either way).
    """
    if goal == DECLINE:
        return TOP - space
    if goal == THERE_AND_BACK and v_before >= TOP:
        return 202 - space
    return space


def leg_start(goal, v):
    """Where a bumped pawn goes: the start of the leg it is on.

    There and Back Again sends a pawn "to 101 or 0, whichever is worse":
    on the way out that is 0, on the way back it is 101.
    """
    if goal == THERE_AND_BACK and v >= TOP:
        return TOP
    return 0


def apply_op(space, op, d):
    """The space reached from ``space`` by ``op`` with ``d``; -1 if off the
    board (below 0, above 101, or an inexact division)."""
    if op == ADD:
        r = space + d
        return r if r <= TOP else -1
    if op == SUB:
        r = space - d
        return r if r >= 0 else -1
    if op == MUL:
        r = space * d
        return r if r <= TOP else -1
    if space % d:
        return -1
    return space // d


# Entries per progress value in a successor table: up to 4 targets and
# always one NONE after them, so readers loop until NONE.
STRIDE = 5

# Each leg of a route: (offset, sign, lowest space, highest space) with
# v = offset + sign * space for the spaces of that leg that can move.
_LEGS = {
    STANDARD: ((0, 1, 0, 100),),
    DECLINE: ((TOP, -1, 1, TOP),),
    THERE_AND_BACK: ((0, 1, 0, 100), (202, -1, 1, TOP)),
}

# The tables asked for lately, newest last: (key, table) pairs.  Kept
# few: a turn asks for its two dice and a Keeper or two again and again,
# but over a game every die with every op set and every Keeper comes up,
# and 24 cached tables were 12 KB of a heap the computer's decisions need
# (a table is rebuilt in about 10 ms on the board).  Four hold a turn's
# two dice and two Keepers; eight cost the 4-computer games on cp32 some
# 2 KB more of the smallest heap they pass at (host_tests/
# test_board_heap.py's margin).
_cache = []
CACHE_MAX = 4


def successor_table(goal, d, ops, blocked):
    """Packed successors of every progress value for one number ``d``.

    A bytearray of STRIDE entries per v: the progress values one op with
    ``d`` reaches from v (possibly the same value twice: 2 + 2 = 2 x 2),
    then NONE.  A pawn at home has none.  ``blocked`` forbids v == 101
    (unvisited Way Stations).  Each op is one loop over exactly the spaces
    where it stays on the board, which costs the VM a fraction of testing
    every op on every space; tables are cached because hints and bots ask
    for the same few dice again and again.
    """
    key = (_GOALS.index(goal) << 12) | (d << 5) | (ops << 1) | (1 if blocked else 0)
    for i in range(len(_cache) - 1, -1, -1):
        if _cache[i][0] == key:
            hit = _cache.pop(i)
            _cache.append(hit)
            return hit[1]
    end = goal_v(goal)
    tab = bytearray(b"\xff" * ((end + 1) * STRIDE))
    fill = bytearray(end + 1)
    for off, sg, lo, hi in _LEGS[goal]:
        for op in range(4):
            if not (ops >> op) & 1:
                continue
            if op == ADD:
                spaces = range(lo, min(hi, TOP - d) + 1)
            elif op == SUB:
                spaces = range(max(lo, d), hi + 1)
            elif op == MUL:
                spaces = range(lo, min(hi, TOP // d) + 1)
            else:
                spaces = range((lo + d - 1) // d * d, hi + 1, d)
            for sp in spaces:
                if op == ADD:
                    r = sp + d
                elif op == SUB:
                    r = sp - d
                elif op == MUL:
                    r = sp * d
                else:
                    r = sp // d
                nv = off + sg * r
                if blocked and nv == TOP:
                    continue
                v = off + sg * sp
                tab[v * STRIDE + fill[v]] = nv
                fill[v] += 1
    if len(_cache) >= CACHE_MAX:
        _cache.pop(0)
    _cache.append((key, tab))
    return tab


def forced_target(goal, v, blocked):
    """Where a pawn goes when a die has no legal use at all.

    The FAQ: "In the unlikely event that you are forced to go below 0, you
    stay at 0."  Returns NONE when even that is not allowed.
    """
    nv = from_space(goal, v, 0)
    if blocked and nv == TOP:
        return NONE
    return nv
