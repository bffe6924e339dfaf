"""The Hint button: the best way to use the rest of the roll from here.

``hint(state)`` returns the moves that finish the current Move phase, in
the order to make them; [] only when there is nothing to decide (not a
Move phase, or no dice left).  Every move in the list is legal in turn
when the ones before it have been made.

In the standard race (goal 101, no Sprint, no Way Stations) the hint is
turn-optimal: of every end pair the dice can reach it takes the one with
the fewest expected turns still to play (the solved table, values.py),
counting own pawns that end on one space as one sent back to Start.
Bumps and cards do not enter: the hint answers "how do I get home
soonest", which the table knows exactly.

Keepers: the hint searches the dice alone, then the dice with ONE
add-or-subtract Keeper (the one that best improves the dice's best end
pair when played last, as the computer player picks it), and suggests the
Keeper only if it buys a better end pair.  Searching every Keeper at once
is exponential (each doubles the shares); one keeps the worst hint on the
MicroPython VM near 20 M fuel (``tools/bench.py``, "hint" row).

Elsewhere (other variants, where no table is solved, and under a Curse,
where the pawns are coupled) the hint is the computer player's own plan
or, move by move, its choice by trial, so it is never empty while a die
is left.
"""

from primeplay.climb import reach, values
from primeplay.climb.rules import (MOVE, is_legal, apply, legal_moves,
                                   allowed_ops, blocked)
from primeplay.climb.track import TOP

# Bit -> its index, for walking the set bits of a result word without
# testing every clear bit (MicroPython has no int.bit_length).
_BIT = {}
for _i in range(reach.WORD):
    _BIT[1 << _i] = _i


def hint(state):
    if state.phase != MOVE or not state.dice:
        return []
    from primeplay.climb import bot
    if state.curse_now:
        moves = []
    elif bot._table_applies(state):
        moves = table_plan(state)
    else:
        moves = bot.plan_turn(state)
    # A plan is made to be legal; a hint must never suggest a move the
    # rules refuse, so it is replayed on a copy, and whatever dice it
    # leaves (a Curse, an Action card drawn in Double Time that moved a
    # pawn) are finished by the computer's choice by trial.
    s = state.copy()
    good = []
    for m in moves:
        if s.phase != MOVE or not is_legal(s, m):
            break
        apply(s, m)
        good.append(m)
    chooser = bot.Bot()
    while s.phase == MOVE and s.dice and s.winner is None:
        steps = [m for m in legal_moves(s) if m[0] in ("die", "lose")]
        if not steps:
            break
        m = chooser._best_by_trial(s, steps)
        apply(s, m)
        good.append(m)
    return good


def min_pair(r, exclude=None):
    """The pair of ``r`` (a reach.Reach) with the least table value once
    settled (own pawns on one space: one to 0), and that value x 1000;
    pairs also in ``exclude`` are skipped.  (None, None) when empty.

    Only set bits are visited (x & -x), and a pair is read in full only
    when its high byte can beat the best so far: a turn with a Keeper has
    thousands of end pairs and this is the hint's hot loop.
    """
    table = values.load()
    n = values.N
    off = _offsets(n)
    words = r.words
    ex = exclude.words if exclude is not None else None
    nw = r.nw
    wbits = reach.WORD
    bit = _BIT
    best = None
    best_v = 0x10000
    best_hi = 0x100
    for a in range(r.width):
        oa = off[a]
        base = a * nw
        for k in range(nw):
            x = words[base + k]
            if ex is not None:
                x &= ~ex[base + k]
            b0 = k * wbits
            while x:
                low = x & -x
                x ^= low
                b = b0 + bit[low]
                bb = b
                if a == bb and 0 < a < TOP:
                    bb = 0
                if a <= bb:
                    i = oa + 2 * bb
                else:
                    i = off[bb] + 2 * a
                hi = table[i]
                if hi > best_hi:
                    continue
                v = (hi << 8) | table[i + 1]
                if v < best_v:
                    best_v = v
                    best_hi = hi
                    best = (a, b)
    if best is None:
        return None, None
    return best, best_v


_OFF = {}


def _offsets(n):
    """Byte offset of pair (x <= y) is off[x] + 2 * y (values.index)."""
    got = _OFF.get(n)
    if got is None:
        got = _OFF[n] = [2 * (x * n - (x * (x - 1) >> 1) - x)
                         for x in range(n)]
    return got


def table_plan(state):
    """The turn-optimal moves of the standard race (module docstring)."""
    from primeplay.climb import bot
    p = state.current
    goal = state.settings.goal
    ops = allowed_ops(state)
    block = blocked(state, p)
    a0 = state.pos[2 * p]
    b0 = state.pos[2 * p + 1]
    kcids, knums = bot._addsub_keepers(state, p)
    pl0 = reach.Plan(state.dice, (), goal, ops, block)
    ta0 = [None] * pl0.nshares
    tb0 = [None] * pl0.nshares
    sa0 = reach.pawn_shares(pl0, a0, ta0)
    sb0 = reach.pawn_shares(pl0, b0, tb0)
    win = bot._winning_shares(pl0, sa0, sb0, False)
    if win is not None:
        return _moves(state, pl0, ta0, tb0, win, [])
    r0 = reach.pair_up(pl0, sa0, sb0, into=bot._scratch(0, pl0.w))
    best0, v0 = min_pair(r0)
    if knums:
        ki = bot._pick_keeper(state, knums, best0, True)
        kc = [kcids[ki]]
        pl1 = reach.Plan(state.dice, (knums[ki],), goal, ops, block)
        ta1 = [None] * pl1.nshares
        tb1 = [None] * pl1.nshares
        sa1 = reach.pawn_shares(pl1, a0, ta1)
        sb1 = reach.pawn_shares(pl1, b0, tb1)
        win = bot._winning_shares(pl1, sa1, sb1, False)
        if win is not None:
            return _moves(state, pl1, ta1, tb1, win, kc)
        r1 = reach.pair_up(pl1, sa1, sb1, into=bot._scratch(1, pl1.w))
        best1, v1 = min_pair(r1, r0)
        if best1 is not None and (best0 is None or v1 < v0):
            shares = bot._shares_for(pl1, sa1, sb1, best1, 1)
            return _moves(state, pl1, ta1, tb1, shares, kc)
    if best0 is None:
        return []
    shares = bot._shares_for(pl0, sa0, sb0, best0, 0)
    return _moves(state, pl0, ta0, tb0, shares, [])


def _moves(state, pl, ta, tb, shares, kc):
    from primeplay.climb.bot import _path
    La, Lb, va, vb = shares
    if La is None:
        return []
    return _path(state, pl, ta, La, va, 0, kc) + \
        _path(state, pl, tb, Lb, vb, 1, kc)
