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

# There and Back Again's way back alone, as the computer searches it once
# both pawns have turned on 101 (bot.frame): Prime Decline's route, v =
# 101 - space, except that a pawn that comes back up to 101 stays there
# for the turn, as on the way out (no "bounce off 101", rules ruling 10).
# Not a game's goal: no Settings has it.
BACK = "back"

_GOALS = (STANDARD, DECLINE, THERE_AND_BACK, BACK)

ADD, SUB, MUL, DIV = 0, 1, 2, 3
OP_SYMBOLS = "+-x/"
ALL_OPS = 15          # bit per op: 1 << ADD | 1 << SUB | ...
CURSED_OPS = (1 << SUB) | (1 << DIV)
# An op set with MIRROR means its ops on a leg that goes down (Prime
# Decline, the way back) are the mirror images: + for -, x for /.  A
# Curse is CURSED_OPS | MIRROR with Settings.curse_mirror (rules ruling
# 3): the operations that lead away from the goal on every leg.
MIRROR = 16
TOP = 101             # the highest space, and v of "checkpoint" everywhere
NONE = 255            # "no target" in packed successor tables


def goal_v(goal):
    return 202 if goal == THERE_AND_BACK else TOP


def to_space(goal, v):
    """The board number a pawn at progress v stands on."""
    if goal == DECLINE or goal == BACK:
        return TOP - v
    if v > TOP:
        return 202 - v
    return v


def from_space(goal, v_before, space):
    """Progress after moving to ``space`` from progress ``v_before``.

    Moves never change leg, except that reaching 101 on the way out of
    There and Back Again is the turning point (v 101 either way).
    """
    if goal == DECLINE or goal == BACK:
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


def down_leg(goal, v):
    """Does a pawn at progress v travel towards lower spaces?  (Standing
    on 101 in There and Back Again it has turned: the way back.)"""
    return goal == DECLINE or goal == BACK or \
        (goal == THERE_AND_BACK and v >= TOP)


def leg_ops(goal, v, ops):
    """The four-bit set of ops open to a pawn at progress v."""
    if ops & MIRROR and down_leg(goal, v):
        return ((ops & 5) << 1) | ((ops & 10) >> 1)
    return ops & 15


def stop_v(goal):
    """The progress value where a pawn that arrives stays for the rest of
    the turn though it is not home: There and Back Again's 101 ("you
    cannot 'bounce off' 101", rules ruling 10), on the way back alone
    (BACK) its v 0; -1 elsewhere."""
    if goal == BACK:
        return 0
    return TOP if goal == THERE_AND_BACK else -1


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
    BACK: ((TOP, -1, 1, TOP),),
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
# How many successors each v has so far while a table is built: one
# buffer for every build (the longest track's), so that a decision
# allocates nothing but its tables on a heap cut up late in a game.
_fill = bytearray(203)


def successor_table(goal, d, ops, blocked):
    """Packed successors of every progress value for one number ``d``.

    A bytearray of STRIDE entries per v: the progress values one op with
    ``d`` reaches from v (possibly the same value twice: 2 + 2 = 2 x 2),
    then NONE.  A pawn at home has none, nor one on There and Back
    Again's 101 (``stop_v``).  ``ops`` may hold MIRROR (a Curse's ops on
    a leg that goes down).  ``blocked`` forbids v == 101
    (unvisited Way Stations).  Each op is one loop over exactly the spaces
    where it stays on the board, which costs the VM a fraction of testing
    every op on every space; tables are cached because hints and bots ask
    for the same few dice again and again.
    """
    key = (_GOALS.index(goal) << 13) | (d << 6) | (ops << 1) | (1 if blocked else 0)
    for i in range(len(_cache) - 1, -1, -1):
        if _cache[i][0] == key:
            hit = _cache.pop(i)
            _cache.append(hit)
            return hit[1]
    end = goal_v(goal)
    # Zeros, each v's NONE written after its targets: a table of NONE
    # (b"\xff" * n) first was a second 510-byte block to find on the
    # heap mid-decision, late in a game when holes that size are few.
    tab = bytearray((end + 1) * STRIDE)
    fill = _fill
    for v in range(end + 1):
        fill[v] = 0
    stop = stop_v(goal)
    top = TOP
    stride = STRIDE
    for off, sg, lo, hi in _LEGS[goal]:
        lops = ops & 15
        if ops & MIRROR and sg < 0:
            lops = leg_ops(goal, end, ops)
        for op in range(4):
            if not (lops >> op) & 1:
                continue
            # i runs over a range where the op stays on the board: the
            # space is i * ms, the result i * mr + cr (for / the spaces
            # are the multiples of d, i their quotient).  One loop for
            # every op, no test of the op inside it.
            if op == ADD:
                it, ms, mr, cr = range(lo, min(hi, top - d) + 1), 1, 1, d
            elif op == SUB:
                it, ms, mr, cr = range(max(lo, d), hi + 1), 1, 1, -d
            elif op == MUL:
                it, ms, mr, cr = range(lo, min(hi, top // d) + 1), 1, d, 0
            else:
                it, ms, mr, cr = range((lo + d - 1) // d, hi // d + 1), d, 1, 0
            for i in it:
                nv = off + sg * (i * mr + cr)
                if blocked and nv == top:
                    continue
                v = off + sg * i * ms
                if v == stop:
                    # Arrived on 101 this turn: it stays (a pawn that
                    # starts the turn there moves by first_targets).
                    continue
                tab[v * stride + fill[v]] = nv
                fill[v] += 1
    for v in range(end + 1):
        tab[v * STRIDE + fill[v]] = NONE
    if len(_cache) >= CACHE_MAX:
        _cache.pop(0)
    _cache.append((key, tab))
    return tab


def first_targets(goal, v, d, ops, blocked):
    """The progress values one op with ``d`` reaches from v, computed
    rather than looked up: for a pawn that starts the turn on There and
    Back Again's 101, whose row the tables leave empty (``stop_v``)."""
    out = []
    lops = leg_ops(goal, v, ops)
    sp = to_space(goal, v)
    for op in range(4):
        if (lops >> op) & 1:
            r = apply_op(sp, op, d)
            if r >= 0:
                nv = from_space(goal, v, r)
                if not (blocked and nv == TOP):
                    out.append(nv)
    return out


def forced_target(goal, v, ops, blocked):
    """Where a pawn goes when a die has no legal use at all (a Curse).

    The FAQ: "In the unlikely event that you are forced to go below 0, you
    stay at 0."  The pawn stays on the edge of the board its ops push it
    against: 0 with - and /, 101 with a mirrored Curse's + and x.  Never
    home (rules ruling 2): returns NONE then, or when a Way Station blocks
    the space; the die is lost.
    """
    edge = 0 if leg_ops(goal, v, ops) & (1 << SUB) else TOP
    nv = from_space(goal, v, edge)
    if nv == goal_v(goal) or (blocked and nv == TOP):
        return NONE
    return nv
