"""The Hint button: the best way to use the rest of the roll from here.

``hint(state)`` returns the moves that finish the current Move phase, in
the order to make them; [] only when there is nothing to decide (not a
Move phase, or no dice left).  Every move in the list is legal in turn
when the ones before it have been made.

In a race with a solved table (the standard race, Prime Sprint, Prime
Decline, Way Stations on 53 or once visited, There and Back Again's way
out or back: bot.frame) the hint is
turn-optimal: of every end pair the dice can reach it takes the one with
the fewest expected turns still to play (values.py), counting own pawns
that end on one space as one sent back to the start.  Bumps and cards do
not enter: the hint answers "how do I get home soonest", which the table
knows exactly.

Keepers: the hint searches the dice alone, then the dice with ONE
add-or-subtract Keeper (the one that best improves the dice's best end
pair when played last, as the computer player picks it), and suggests the
Keeper only if it buys a better end pair.  Searching every Keeper at once
is exponential (each doubles the shares); one keeps the worst hint on the
MicroPython VM near 20 M fuel (``tools/bench.py``, "hint" row).

Elsewhere (There and Back Again with both_out off, or with the pawns on
two ways, where no table applies, and a Curse, where the pawns are
coupled) the hint is the computer player's own plan or, move by move,
its choice by trial, so it is never empty while a die is left.
"""

from primeplay.climb import reach, values
from primeplay.climb.rules import (MOVE, IllegalMove, apply, apply_legal,
                                   legal_moves, allowed_ops, blocked, target,
                                   can_move)
from primeplay.climb.track import TOP, ADD, SUB, leg_ops

# Bit -> its index, for walking the set bits of a result word without
# testing every clear bit (MicroPython has no int.bit_length).
_BIT = {}
for _i in range(reach.WORD):
    _BIT[1 << _i] = _i


def hint(state):
    got = None
    for got in hint_slices(state):
        pass
    return got


def hint_slices(state):
    """``hint(state)`` in slices, for a screen that works it out a tick at
    a time (the first-game mode's pointer): yields None after each slice
    but the last, then the moves.  A table's plan with a Keeper is two
    searches, the dice alone (at worst some 7 M fuel on the MicroPython
    VM, 50 ms on the board) then with the Keeper (12 M, 85 ms): one a
    slice, a press never waits 100 ms behind a tick (the whole is 130).
    The state must not change between slices (nor the computer's search
    scratch: the dice alone's pairs wait in bot.scratch(0))."""
    if state.phase != MOVE or not state.dice:
        yield []
        return
    from primeplay.climb import bot
    if state.curse_now:
        moves = []
    elif bot.table_applies(state):
        args = _table_start(state)
        yield None
        moves = _plan_with(*args)
    else:
        moves = bot.plan_turn(state)
    # A plan is made to be legal; a hint must never suggest a move the
    # rules refuse, so it is replayed on a copy, and whatever dice it
    # leaves (a Curse, an Action card drawn in Double Time that moved a
    # pawn) are finished by the computer's choice by trial.
    s = state.copy()
    good = []
    for m in moves:
        if s.phase != MOVE:
            break
        if m[0] == "keeper":
            # is_legal would list every Keeper's moves (nine Keepers: a
            # tenth of the hint's fuel); this one card is checked alone.
            if not _keeper_ok(s, m):
                break
            apply_legal(s, m)
        else:
            try:
                apply(s, m)     # checks the move; refused, s is unchanged
            except IllegalMove:
                break
        good.append(m)
    while s.phase == MOVE and s.dice and s.winner is None:
        steps = [m for m in legal_moves(s) if m[0] in ("die", "lose")]
        if not steps:
            break
        m = bot.best_after(s, steps, bot.position_value)
        apply(s, m)
        good.append(m)
    yield good


def _keeper_ok(s, m):
    """Is ("keeper", cid, pawn, op) an add-or-subtract Keeper the mover
    may play now (rules.keeper_moves, for this card alone)?"""
    if len(m) != 4:
        return False
    cid, i, op = m[1], m[2], m[3]
    p = s.current
    if cid not in s.keepers[p] or cid in s.fresh or i not in (0, 1) or \
            op not in (ADD, SUB):
        return False
    card = s.cards[cid]
    for other in s.keepers[p]:
        if other == cid:
            break
        if other not in s.fresh and s.cards[other] == card:
            return False        # the rules list a card's first copy only
    # As keeper_moves asks: the pawn may move (not home, nor parked on
    # There and Back Again's 101, which a plan's pair can still name) by
    # an op of its leg.
    v = s.pos[2 * p + i]
    return card[1] == "addsub" and can_move(s, p, i) and \
        (leg_ops(s.settings.goal, v, allowed_ops(s)) >> op) & 1 and \
        target(s, v, op, card[2], blocked(s, p)) >= 0


def min_pair(r, exclude=None, kind=0):
    """The pair of ``r`` (a reach.Reach) with the least table value once
    settled (own pawns on one space: one to 0), and that value x 1000;
    pairs also in ``exclude`` are skipped.  (None, None) when empty.

    Rows are read from the top (pawn a furthest on, where the best pairs
    usually are), and a word of WORD pairs is skipped whole when its
    bound (bounds.bin) cannot beat the best so far: a turn with a Keeper
    has thousands of end pairs, of which a few dozen are then read.
    """
    table = values.table_of(kind)
    lo = _bounds(kind)
    words = r.words
    ex = exclude.words if exclude is not None else None
    nw = r.nw
    wbits = reach.WORD
    bit = _BIT
    best = None
    best_v = 0x10000
    row_a = -1
    # One loop over the words, last first: most of them are empty.
    for w in range(len(words) - 1, -1, -1):
        x = words[w]
        if not x:
            continue
        if ex is not None:
            x &= ~ex[w]
            if not x:
                continue
        if ((lo[2 * w] << 8) | lo[2 * w + 1]) >= best_v:
            continue
        a = w // nw
        if a != row_a:
            row = table.row(a)
            row_a = a
        b0 = (w - a * nw) * wbits
        while x:
            low = x & -x
            x ^= low
            b = b0 + bit[low]
            bb = b
            if a == bb and 0 < a < TOP:
                bb = 0
            v = (row[2 * bb] << 8) | row[2 * bb + 1]
            if v < best_v:
                best_v = v
                best = (a, b)
    if best is None:
        return None, None
    return best, best_v


try:
    _DIR = __file__.rsplit("/", 1)[0]
except NameError:       # a frozen module has no __file__
    _DIR = "/lib/primeplay/climb"
BOUNDS_PATHS = (_DIR + "/bounds.bin", _DIR + "/bounds_sprint.bin",
                _DIR + "/bounds_decline.bin",
                _DIR + "/bounds_way53.bin",
                _DIR + "/bounds_back.bin")        # by values' table kind
_lo = [None, None, None, None, None]


def _bounds(k=0):
    """bounds.bin, or another table kind's (values.kind_of; made by
    tools/gen_climb_bounds.py): per progress a and word j of a result
    row, the least settled table value over that word's b."""
    if _lo[k] is None:
        nw = (values.N + reach.WORD - 1) // reach.WORD
        buf = bytearray(2 * values.N * nw)
        with open(BOUNDS_PATHS[k], "rb") as f:
            if f.readinto(buf) != len(buf):
                raise ValueError("%s: expected %d bytes"
                                 % (BOUNDS_PATHS[k], len(buf)))
        _lo[k] = buf
    return _lo[k]


_bounds()


def table_plan(state):
    """The turn-optimal moves of the standard race (module docstring)."""
    return _plan_with(*_table_start(state))


def _table_start(state):
    """The arguments of ``_plan_with`` that finish ``table_plan``: with
    Keepers, the dice alone searched first (their best pair is the mark
    the Keeper must beat)."""
    from primeplay.climb import bot
    p = state.current
    # There and Back Again's way out or back: the standard race or Prime
    # Decline's, progress less off (bot.frame).
    kind, goal, off = bot.frame(state)
    ops = allowed_ops(state)
    block = blocked(state, p)
    a0 = state.pos[2 * p] - off
    b0 = state.pos[2 * p + 1] - off
    kcids, knums = bot.addsub_keepers(state, p)
    if not knums:
        return state, (), [], None
    # The dice alone: their best pair picks the Keeper to search and is
    # the mark it must beat.  Traced, their shares are the Keeper-free
    # shares of the Keeper's search, which takes them as they are.
    pl0 = reach.Plan(state.dice, (), goal, ops, block)
    ta0 = [None] * pl0.nshares
    tb0 = [None] * pl0.nshares
    sa0 = reach.pawn_shares(pl0, a0, ta0)
    sb0 = reach.pawn_shares(pl0, b0, tb0)
    if bot.winning_shares(pl0, sa0, sb0, state.settings.sprint) \
            is not None:
        return state, (), [], None
    r0 = reach.pair_up(pl0, sa0, sb0, into=bot.scratch(0, pl0.w))
    best0, v0 = min_pair(r0, None, kind)
    ki = bot.pick_keeper(state, knums, best0, True)
    return (state, (knums[ki],), [kcids[ki]], r0, best0, v0,
            ((sa0, ta0), (sb0, tb0)))


def _plan_with(state, knums, kc, r0, best0=None, v0=None, known=(None, None)):
    """The moves to the least-valued end pair of the dice and ``knums``
    (no Keeper or one); with ``r0`` (the dice alone's pairs, best pair
    best0 of value v0) the Keeper is used only if it beats that.
    ``known``: per pawn, the dice alone's traced shares
    (reach.pawn_shares)."""
    from primeplay.climb import bot
    p = state.current
    kind, goal, off = bot.frame(state)
    pl = reach.Plan(state.dice, knums, goal, allowed_ops(state),
                    blocked(state, p))
    ta = [None] * pl.nshares
    tb = [None] * pl.nshares
    sa = reach.pawn_shares(pl, state.pos[2 * p] - off, ta, False, known[0])
    sb = reach.pawn_shares(pl, state.pos[2 * p + 1] - off, tb, False,
                           known[1])
    win = bot.winning_shares(pl, sa, sb, state.settings.sprint)
    if win is not None:
        return _moves(state, pl, ta, tb, win, kc, off)
    use_k = 0
    if r0 is None:
        best0, v0 = min_pair(reach.pair_up(pl, sa, sb,
                                           into=bot.scratch(0, pl.w)),
                             None, kind)
    else:
        best1, v1 = min_pair(reach.pair_up(pl, sa, sb,
                                           into=bot.scratch(1, pl.w)), r0,
                             kind)
        if best1 is not None and (best0 is None or v1 < v0):
            best0 = best1
            use_k = 1
    if best0 is None:
        return []
    return _moves(state, pl, ta, tb, bot.shares_for(pl, sa, sb, best0, use_k),
                  kc, off)


def _moves(state, pl, ta, tb, shares, kc, off):
    from primeplay.climb.bot import path_moves
    La, Lb, va, vb = shares
    if La is None:
        return []
    return path_moves(state, pl, ta, La, va, 0, kc, off) + \
        path_moves(state, pl, tb, Lb, vb, 1, kc, off)
