"""Every end position of a turn: the fast search behind hints, bots and
``reachable``.

The search walks layers of a bitset, one layer per (dice used, Keepers
used) combination; each layer holds every pawn pair (a, b) reached so far
as one bit at ``a * W + b``.  Using a die or a Keeper only moves to a later
layer, so one pass in layer order visits everything once.

Why bitsets and not sets of tuples: MicroPython hashes a tuple as the sum
of its items, so (3, 9) and (9, 3) collide and a set of pairs degrades to
a list; bytearrays also keep the allocation of a whole search to a few KB.
"""

from primeplay.climb.settings import STANDARD
from primeplay.climb.track import (ALL_OPS, ADD, SUB, NONE, goal_v,
                                   successor_table, forced_target)


class Reach:
    """The result of a search: a bitset of (a, b) pairs, W per row."""

    __slots__ = ("bits", "width")

    def __init__(self, bits, width):
        self.bits = bits
        self.width = width

    def __contains__(self, pair):
        key = pair[0] * self.width + pair[1]
        return bool(self.bits[key >> 3] & (1 << (key & 7)))

    def __iter__(self):
        w = self.width
        bits = self.bits
        for i in range(len(bits)):
            x = bits[i]
            j = i << 3
            while x:
                if x & 1:
                    yield (j // w, j % w)
                x >>= 1
                j += 1

    def __len__(self):
        n = 0
        for x in self.bits:
            while x:
                x &= x - 1
                n += 1
        return n

    def pairs(self):
        return set(self)


def _dice_groups(dice):
    """Distinct die values and how many of each: [3, 3, 3, 3] -> [3], [4]."""
    values = []
    counts = []
    for d in dice:
        if d in values:
            counts[values.index(d)] += 1
        else:
            values.append(d)
            counts.append(1)
    return values, counts


def search(a, b, dice, keepers=(), goal=STANDARD, ops=ALL_OPS,
           blocked=False, sprint=False):
    """All end pairs from pawns at progress (a, b).

    ``dice``: the numbers still to use, all of them, one at a time.
    ``keepers``: numbers of add-or-subtract Keepers, each usable once, or
    not at all, at any point.  A pawn at home takes no more uses; when both
    are home (one, with ``sprint``) the game is won and the pair is an end
    position with dice left over.  The search ignores other pawns and
    bumping: positions only.
    """
    end = goal_v(goal)
    w = end + 1
    nbytes = (w * w + 7) >> 3
    values, counts = _dice_groups(dice)
    nv = len(values)
    # Mixed-radix dice state: digit i counts the uses of values[i].
    strides = []
    ds_count = 1
    for c in counts:
        strides.append(ds_count)
        ds_count *= c + 1
    nk = len(keepers)
    kcount = 1 << nk
    nlayers = ds_count * kcount
    full_ds = ds_count - 1
    dtabs = [successor_table(goal, d, ops, blocked) for d in values]
    kops = ops & ((1 << ADD) | (1 << SUB))
    ktabs = [successor_table(goal, k, kops, blocked) for k in keepers]

    layers = [None] * nlayers
    final = bytearray(nbytes)
    start = a * w + b
    layers[0] = bytearray(nbytes)
    layers[0][start >> 3] |= 1 << (start & 7)

    for L in range(nlayers):
        layer = layers[L]
        if layer is None:
            continue
        layers[L] = None
        ds = L // kcount
        km = L - ds * kcount
        if ds == full_ds:
            for i in range(nbytes):
                final[i] |= layer[i]
        # Which die values are still to use in this layer.
        for i in range(nbytes):
            x = layer[i]
            if not x:
                continue
            key = i << 3
            while x:
                if x & 1:
                    pa = key // w
                    pb = key - pa * w
                    if pa == end and pb == end or sprint and (pa == end or pb == end):
                        final[key >> 3] |= 1 << (key & 7)
                    else:
                        _expand(layers, final, L, ds, pa, pb, w, end, values,
                                counts, strides, dtabs, ktabs, kcount, km,
                                nv, nk, nbytes, goal, blocked, sprint)
                x >>= 1
                key += 1
    return Reach(final, w)


def _put(layers, final, L2, pa, pb, w, end, sprint, nbytes):
    key = pa * w + pb
    if pa == end and pb == end or sprint and (pa == end or pb == end):
        # The game is won the instant this happens: uses left are dropped.
        final[key >> 3] |= 1 << (key & 7)
        return
    t = layers[L2]
    if t is None:
        t = layers[L2] = bytearray(nbytes)
    t[key >> 3] |= 1 << (key & 7)


def _expand(layers, final, L, ds, pa, pb, w, end, values, counts, strides,
            dtabs, ktabs, kcount, km, nv, nk, nbytes, goal, blocked, sprint):
    for gi in range(nv):
        used = (ds // strides[gi]) % (counts[gi] + 1)
        if used == counts[gi]:
            continue
        L2 = L + strides[gi] * kcount
        tab = dtabs[gi]
        moved = False
        if pa != end:
            base = pa * 4
            for j in range(base, base + 4):
                t = tab[j]
                if t != NONE:
                    moved = True
                    _put(layers, final, L2, t, pb, w, end, sprint, nbytes)
        if pb != end:
            base = pb * 4
            for j in range(base, base + 4):
                t = tab[j]
                if t != NONE:
                    moved = True
                    _put(layers, final, L2, pa, t, w, end, sprint, nbytes)
        if not moved:
            # No legal use (only under a Curse): forced below 0, stay at 0;
            # if even that is blocked the die is lost.
            lost = True
            if pa != end:
                t = forced_target(goal, pa, blocked)
                if t != NONE:
                    lost = False
                    _put(layers, final, L2, t, pb, w, end, sprint, nbytes)
            if pb != end:
                t = forced_target(goal, pb, blocked)
                if t != NONE:
                    lost = False
                    _put(layers, final, L2, pa, t, w, end, sprint, nbytes)
            if lost:
                _put(layers, final, L2, pa, pb, w, end, sprint, nbytes)
    for ki in range(nk):
        bit = 1 << ki
        if km & bit:
            continue
        L2 = L + bit
        tab = ktabs[ki]
        if pa != end:
            base = pa * 4
            for j in range(base, base + 2):
                t = tab[j]
                if t != NONE:
                    _put(layers, final, L2, t, pb, w, end, sprint, nbytes)
        if pb != end:
            base = pb * 4
            for j in range(base, base + 2):
                t = tab[j]
                if t != NONE:
                    _put(layers, final, L2, pa, t, w, end, sprint, nbytes)


def reachable(pawns, dice):
    """Every (a, b) the two pawns can end on using all of ``dice``.

    Standard board, no cards, no other pawns; 101 is home.  ``pawns`` is a
    pair of spaces in 0..101, ``dice`` a list of 2 or 4 numbers in 1..10.
    When both pawns reach 101 the set holds (101, 101) even if dice are
    left.  Positions are raw: two pawns on one space are not bumped.
    """
    if not isinstance(pawns, (tuple, list)) or len(pawns) != 2:
        raise ValueError("pawns must be a pair of spaces, got %r" % (pawns,))
    for p in pawns:
        if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p <= 101:
            raise ValueError("pawn position must be an int in 0..101, got %r"
                             % (p,))
    if not isinstance(dice, (tuple, list)) or len(dice) not in (2, 4):
        raise ValueError("dice must be a list of 2 or 4 numbers, got %r"
                         % (dice,))
    for d in dice:
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 10:
            raise ValueError("a die must be an int in 1..10, got %r" % (d,))
    return search(pawns[0], pawns[1], list(dice)).pairs()
