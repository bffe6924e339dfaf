"""Every end position of a turn: the fast search behind hints, bots and
``reachable``.

The two pawns move independently except that they share the dice and the
Keepers, so the search works per pawn: for every split of the uses (how
many of each die value, which Keepers) it finds the spaces one pawn can
reach with exactly that share, then pairs each share of pawn a with the
complementary shares of pawn b.  Each per-pawn layer is a bytearray of
flags plus the list of its members; the result is a bitset with one row
of bits per space of pawn a.  That costs about as much as two one-pawn
searches and a few thousand byte ORs, where a search over pairs touched
every pair of every layer (25x the work on the MicroPython VM).

Under a Curse the pawns are not independent ("a die no pawn can use"
depends on both), nor with Way Stations that count mid-move (one pawn's
visit opens 101 to the other), so those rare cases walk pairs
(``_search_joint``).  Where both pawns are done before the dice are (home,
or on There and Back Again's 101, which stops a pawn for the turn), the
dice left are lost, as in the rules (``_add_wins``).

Why bitsets and not sets of tuples: MicroPython hashes a tuple as the sum
of its items, so (3, 9) and (9, 3) collide and a set of pairs degrades to
a list; bytearrays also keep the allocation of a whole search to a few KB.
"""

from primeplay.climb.settings import STANDARD
from primeplay.climb.track import (ALL_OPS, ADD, SUB, MIRROR, NONE, STRIDE,
                                   goal_v, stop_v, successor_table,
                                   first_targets, forced_target)


# Bits per word of a result row: 30 keeps every word a small int on
# MicroPython (no heap allocation for OR), and on CircuitPython too.
WORD = 30


class Reach:
    """The result of a search: pairs (a, b) as a bitset, one row of
    ``nw`` words of WORD bits per value of a, bit b of the row set for
    (a, b)."""

    __slots__ = ("words", "width", "nw")

    def __init__(self, words, width):
        self.words = words
        self.width = width
        self.nw = (width + WORD - 1) // WORD

    def __contains__(self, pair):
        a, b = pair
        if not (0 <= a < self.width and 0 <= b < self.width):
            return False
        return bool(self.words[a * self.nw + b // WORD] >> (b % WORD) & 1)

    def __iter__(self):
        nw = self.nw
        words = self.words
        for i in range(len(words)):
            x = words[i]
            a = i // nw
            b = (i - a * nw) * WORD
            while x:
                if x & 1:
                    yield (a, b)
                x >>= 1
                b += 1

    def __len__(self):
        n = 0
        for x in self.words:
            while x:
                x &= x - 1
                n += 1
        return n

    def pairs(self):
        return set(self)


def new_result(w, into=None):
    """An all-clear result for width ``w``: ``into`` cleared in place when
    it has the size, else a new list."""
    n = w * ((w + WORD - 1) // WORD)
    if into is None or len(into) != n:
        return [0] * n
    for i in range(n):
        into[i] = 0
    return into


def _set(final, nw, a, b):
    final[a * nw + b // WORD] |= 1 << (b % WORD)


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


class Plan:
    """The uses of one turn and how a share of them is numbered.

    A share is ``ds * kcount + km``: ``ds`` counts the uses of each die
    value in mixed radix (digit i of radix counts[i] + 1), ``km`` is a bit
    mask of the Keepers.  Using anything only makes the number larger, so
    shares can be processed in increasing order.
    """

    __slots__ = ("values", "counts", "strides", "ds_count", "kcount", "nk",
                 "dtabs", "ktabs", "full_ds", "nshares", "end", "w",
                 "stop", "goal", "ops", "kops", "blocked", "knums")

    def __init__(self, dice, keepers, goal, ops, blocked):
        self.end = goal_v(goal)
        self.w = self.end + 1
        # There and Back Again's 101: arriving there ends a pawn's turn.
        self.stop = stop_v(goal)
        self.goal = goal
        self.ops = ops
        self.blocked = blocked
        self.knums = list(keepers)
        self.values, self.counts = _dice_groups(dice)
        self.strides = []
        n = 1
        for c in self.counts:
            self.strides.append(n)
            n *= c + 1
        self.ds_count = n
        self.full_ds = n - 1
        self.nk = len(keepers)
        self.kcount = 1 << self.nk
        self.nshares = n * self.kcount
        self.dtabs = [successor_table(goal, d, ops, blocked)
                      for d in self.values]
        # A Keeper adds or subtracts, on each leg as the ops allow.
        kops = ops & ((1 << ADD) | (1 << SUB) | MIRROR)
        self.kops = kops
        self.ktabs = [successor_table(goal, k, kops, blocked)
                      for k in keepers]

    def fits(self, ds_a, ds_b):
        """Can shares ds_a and ds_b be used together (digit-wise sum within
        the dice)?"""
        for i in range(len(self.counts)):
            r = self.counts[i] + 1
            st = self.strides[i]
            if (ds_a // st) % r + (ds_b // st) % r > self.counts[i]:
                return False
        return True


def pawn_shares(plan, start, trace=None, parked=False, known=None):
    """For one pawn from ``start``: per share, the spaces (progress values)
    it can stand on having used exactly that share, as bytes in the order
    first reached (None: the share cannot be made).

    Home (``plan.end``) takes no more uses, nor There and Back Again's 101
    once reached (``plan.stop``), nor a ``parked`` pawn (rules.parked:
    on that 101 and out of the turn).  A pawn that starts the turn on
    that 101 and is not parked makes its first use by
    ``track.first_targets``; the tables have no row for it.  With ``trace`` (a list of
    ``plan.nshares`` Nones) it also records how each member was first
    reached: ``trace[L]``, a bytearray of 2 * plan.w: at v the progress
    value it came from, at w + v how (the die group, or 100 + the Keeper
    index): one block per share, not two and a tuple.  That is
    what a bot needs to turn an end pair back into moves.

    ``known``: (members, trace) of this pawn from a traced pawn_shares of
    the same dice and no Keeper (``plan``'s Keeper-free shares, in the
    same order): taken as they are instead of searched again, which was
    a sixth of a hint's fuel.  Not with ``parked`` or a start on 101.
    """
    w = plan.w
    kcount = plan.kcount
    nk = plan.nk
    counts = plan.counts
    strides = plan.strides
    dtabs = plan.dtabs
    ktabs = plan.ktabs
    n = plan.nshares
    none = NONE
    stride = STRIDE
    members = [None] * n
    flags = [None] * n
    members[0] = bytes((start,))
    if parked:
        return members
    if start == plan.stop:
        _first_uses(plan, start, members, flags, trace)
    if known is not None:
        for ds in range(len(known[0])):
            members[ds * kcount] = known[0][ds]
            if trace is not None:
                trace[ds * kcount] = known[1][ds]
    for L in range(n):
        here = members[L]
        if here is None:
            continue
        # Share L is whole now (the shares that add to it come before
        # it): its values as bytes, in the order found.  A list of them
        # was four bytes a value plus what its doublings left behind, the
        # blocks a late decision on a cut-up heap could not find.
        if trace is not None and type(here) is list:
            here = members[L] = bytes(here)
        if L == 0 and start == plan.stop:
            continue
        ds = L // kcount
        km = L - ds * kcount
        # The moves open from this share: (next share, table, ops in table).
        # The dice alone from a Keeper-free share are ``known`` already.
        nexts = []
        for gi in range(len(counts) if known is None or km else 0):
            if (ds // strides[gi]) % (counts[gi] + 1) < counts[gi]:
                nexts.append((L + strides[gi] * kcount, dtabs[gi], gi))
        for ki in range(nk):
            if not km >> ki & 1:
                nexts.append((L + (1 << ki), ktabs[ki], 100 + ki))
        for L2, tab, via in nexts:
            out = members[L2]
            seen = flags[L2]
            if out is None:
                out = members[L2] = []
                seen = flags[L2] = bytearray(w)
                if trace is not None:
                    trace[L2] = bytearray(2 * w)
            if trace is not None:
                _trace_step(here, tab, seen, out, trace[L2], w, via)
                continue
            # Home has no successors in the tables: no test for it here.
            # Constants and the bound append are locals: on MicroPython a
            # global or attribute is a dict lookup on every use.
            push = out.append
            for v in here:
                j = v * stride
                t = tab[j]
                while t != none:
                    if not seen[t]:
                        seen[t] = 1
                        push(t)
                    j += 1
                    t = tab[j]
        flags[L] = None
    return members


def _first_uses(plan, start, members, flags, trace):
    """The shares one use from ``start`` (on There and Back Again's 101),
    as pawn_shares' loop would make them from a table row."""
    kcount = plan.kcount
    for gi in range(len(plan.counts)):
        _first_share(plan, start, members, flags, trace,
                     plan.strides[gi] * kcount, plan.values[gi], plan.ops,
                     gi)
    for ki in range(plan.nk):
        _first_share(plan, start, members, flags, trace, 1 << ki,
                     plan.knums[ki], plan.kops, 100 + ki)


def _first_share(plan, start, members, flags, trace, L2, d, ops, via):
    w = plan.w
    out = members[L2] = []
    seen = flags[L2] = bytearray(w)
    if trace is not None:
        trace[L2] = bytearray(2 * w)
    for t in first_targets(plan.goal, start, d, ops, plan.blocked):
        if not seen[t]:
            seen[t] = 1
            out.append(t)
            if trace is not None:
                trace[L2][t] = start
                trace[L2][w + t] = via


def _trace_step(here, tab, seen, out, record, w, via):
    """The inner loop of pawn_shares, also noting where each new member
    came from (kept apart so the untraced search stays lean)."""
    none = NONE             # locals: a global is a dict lookup per use
    stride = STRIDE
    push = out.append
    for v in here:
        j = v * stride
        t = tab[j]
        while t != none:
            if not seen[t]:
                seen[t] = 1
                push(t)
                record[t] = v
                record[w + t] = via
            j += 1
            t = tab[j]


def _row(members, nw):
    row = [0] * nw
    for b in members:
        row[b // WORD] |= 1 << (b % WORD)
    return row


def search(a, b, dice, keepers=(), goal=STANDARD, ops=ALL_OPS,
           blocked=False, sprint=False, parked=0, stations=()):
    """All end pairs from pawns at progress (a, b).

    ``dice``: the numbers still to use, all of them, one at a time.
    ``keepers``: numbers of add-or-subtract Keepers, each usable once, or
    not at all, at any point.  A pawn at home takes no more uses; when both
    are home (one, with ``sprint``) the game is won and the pair is an end
    position with dice left over.  So is a pair where neither pawn can
    take a use: home, or on There and Back Again's 101 having arrived or
    ``parked`` (bit 0 for a, bit 1 for b: rules.parked_mask) - the dice
    left are lost.  ``stations``: with ``blocked``, the progress values of
    the Way Stations still to visit when a visit counts mid-move (rules
    ruling 9, station_mid_move); 101 opens once all are visited.  The
    search ignores other pawns and bumping: positions only.
    """
    end = goal_v(goal)
    if (a == end and b == end) or (sprint and (a == end or b == end)):
        # Already won: nothing moves.
        final = new_result(end + 1)
        _set(final, (end + WORD) // WORD, a, b)
        return Reach(final, end + 1)
    if ops != ALL_OPS or (blocked and stations):
        return _search_joint(a, b, dice, keepers, goal, ops, blocked, sprint,
                             parked, stations if blocked else ())
    plan = Plan(dice, keepers, goal, ops, blocked)
    return pair_up(plan, pawn_shares(plan, a, None, parked & 1),
                   pawn_shares(plan, b, None, parked & 2), sprint,
                   parked=parked)


def pair_up(plan, sa, sb, sprint=False, keepers=True, into=None, parked=0):
    """The end pairs of two pawns' shares (from pawn_shares) as a Reach.

    With ``keepers`` False only the shares that use no Keeper count: the
    end pairs of the dice alone, from the same per-pawn work.  ``into``:
    a list from an earlier result (its ``words``) to fill instead of a new
    one, when it has the size.  ``parked``: as for search (it was given to
    pawn_shares).  The result is 1.6 KB in one piece on the
    standard board, the largest block a decision asks for: the computer
    player keeps two and reuses them rather than find that much contiguous
    heap late in a game (see bot.py).
    """
    w = plan.w
    end = plan.end
    nw = (w + WORD - 1) // WORD
    kcount = plan.kcount
    full_ds = plan.full_ds
    if not keepers and kcount > 1:
        sa = [sa[L] if L % kcount == 0 else None for L in range(len(sa))]
        sb = [sb[L] if L % kcount == 0 else None for L in range(len(sb))]
    final = new_result(w, into)
    # Pawn b's rows, one per share, and per (dice share, Keepers still
    # free) the union of b's rows over the Keepers it may use.
    rows_b = [None] * plan.nshares
    for L in range(plan.nshares):
        if sb[L] is not None:
            rows_b[L] = _row(sb[L], nw)
    for La in range(plan.nshares):
        here = sa[La]
        if here is None:
            continue
        ds_a = La // kcount
        ka = La - ds_a * kcount
        ds_b = full_ds - ds_a
        if not plan.fits(ds_a, ds_b):
            continue
        union = None
        for kb in range(kcount):
            row = rows_b[ds_b * kcount + kb]
            if kb & ka or row is None:
                continue
            if union is None:
                union = list(row)
            else:
                for j in range(nw):
                    union[j] |= row[j]
        if union is None:
            continue
        if nw == 4:
            # The standard board (102 spaces): unrolled, the hot spot.
            u0, u1, u2, u3 = union
            for v in here:
                base = v * 4
                final[base] |= u0
                final[base + 1] |= u1
                final[base + 2] |= u2
                final[base + 3] |= u3
        else:
            for v in here:
                base = v * nw
                for j in range(nw):
                    final[base + j] |= union[j]
    if sprint:
        # The first pawn home ends the game: both can never be home.
        final[end * nw + end // WORD] &= ~(1 << (end % WORD))
    _add_wins(plan, sa, sb, final, nw, sprint, parked)
    return Reach(final, w)


def _done(plan, members, L, parked):
    """The values of ``members`` (share L) where the pawn takes no more
    uses: home, or There and Back Again's 101 reached (or parked)."""
    out = []
    if members is None:
        return out
    if plan.end in members:
        out.append(plan.end)
    if plan.stop >= 0 and (L or parked) and plan.stop in members:
        out.append(plan.stop)
    return out


def _add_wins(plan, sa, sb, final, nw, sprint, parked=0):
    """Pairs where the turn ends before every use is made: both pawns
    home (or one, in Prime Sprint) using shares that fit together - the
    game is won - or both done (``_done``), the dice left lost."""
    end = plan.end
    n = plan.nshares
    done_b = [_done(plan, sb[L], L, parked & 2) for L in range(n)]
    home_b = [L for L in range(n) if sb[L] is not None and end in sb[L]]
    for La in range(n):
        da = _done(plan, sa[La], La, parked & 1)
        if not da:
            continue
        for Lb in range(n):
            here = sb[Lb]
            if here is None or not compatible(plan, La, Lb):
                continue
            for x in da:
                for y in done_b[Lb]:
                    if not (sprint and x == end and y == end):
                        _set(final, nw, x, y)
            if sprint and end in da:
                for v in here:
                    if v != end:
                        _set(final, nw, end, v)
    if sprint:
        for Lb in home_b:
            for La in range(n):
                here = sa[La]
                if here is not None and compatible(plan, La, Lb):
                    for v in here:
                        if v != end:
                            _set(final, nw, v, end)


def compatible(plan, La, Lb):
    kcount = plan.kcount
    ds_a = La // kcount
    ds_b = Lb // kcount
    return not (La - ds_a * kcount) & (Lb - ds_b * kcount) and \
        plan.fits(ds_a, ds_b)


def _search_joint(a, b, dice, keepers, goal, ops, blocked, sprint, parked=0,
                  stations=()):
    """The pair-by-pair search, for a Curse: a die no pawn can use forces a
    pawn to the edge of the board (or is lost), which depends on both
    pawns at once.  Also for Way Stations that count mid-move
    (``stations``: the progress values of those still to visit): one
    pawn's visit opens 101 to the other later in the turn.

    A pawn that has arrived on There and Back Again's 101 (or is parked
    there) is the value ``w``, one past the board, in a pair: it stands on
    101 but takes no more uses, unlike one that started the turn there.
    With stations a pair also holds the mask of those still to visit, and
    the layers' seen-sets are sets (a bitmap per mask would not fit).
    """
    plan = Plan(dice, keepers, goal, ops, blocked)
    free = Plan(dice, keepers, goal, ops, False) if stations else plan
    end = plan.end
    w = plan.w
    wk = w + 1
    wk2 = wk * wk
    nw = (w + WORD - 1) // WORD
    final = new_result(w)
    kcount = plan.kcount
    stop = plan.stop
    if parked & 1 and a == stop:
        a = w
    if parked & 2 and b == stop:
        b = w
    mask = _unvisited(stations, (1 << len(stations)) - 1, a, b)
    layers = [None] * plan.nshares
    layers[0] = [mask * wk2 + a * wk + b]
    seen = [None] * plan.nshares
    for L in range(plan.nshares):
        here = layers[L]
        if here is None:
            continue
        ds = L // kcount
        km = L - ds * kcount
        for key in here:
            mask = key // wk2
            pair = key - mask * wk2
            pa = pair // wk
            pb = pair - pa * wk
            won = (pa == end and pb == end) or \
                (sprint and (pa == end or pb == end))
            if won or ds == plan.full_ds:
                _set(final, nw, stop if pa == w else pa,
                     stop if pb == w else pb)
            if won:
                continue
            for L2, k2 in _joint_moves(plan if mask else free, L, ds, km,
                                       pa, pb):
                if mask:
                    m2 = _unvisited(stations, mask, k2 // wk, k2 % wk)
                    k2 += m2 * wk2
                if seen[L2] is None:
                    seen[L2] = set() if stations else \
                        bytearray((wk2 + 7) >> 3)
                    layers[L2] = []
                if stations:
                    if k2 not in seen[L2]:
                        seen[L2].add(k2)
                        layers[L2].append(k2)
                elif not seen[L2][k2 >> 3] & (1 << (k2 & 7)):
                    seen[L2][k2 >> 3] |= 1 << (k2 & 7)
                    layers[L2].append(k2)
        layers[L] = None
        seen[L] = None
    return Reach(final, w)


def _unvisited(stations, mask, pa, pb):
    """``mask`` of stations still to visit, less those pa or pb is on."""
    for i in range(len(stations)):
        if mask >> i & 1 and (stations[i] == pa or stations[i] == pb):
            mask &= ~(1 << i)
    return mask


def _joint_moves(plan, L, ds, km, pa, pb):
    """Every (next share, packed pair) one use away from (pa, pb)."""
    end = plan.end
    w = plan.w
    wk = w + 1
    kcount = plan.kcount
    goal = plan.goal
    out = []
    for gi in range(len(plan.counts)):
        if (ds // plan.strides[gi]) % (plan.counts[gi] + 1) == plan.counts[gi]:
            continue
        L2 = L + plan.strides[gi] * kcount
        d = plan.values[gi]
        n0 = len(out)
        _joint_uses(plan, out, plan.dtabs[gi], d, plan.ops, L2, pa, pb)
        if len(out) == n0:
            # No legal use: forced to the edge (ruling 2), never home;
            # else the die is lost.
            if pa != end and pa != w:
                t = forced_target(goal, pa, plan.ops, plan.blocked)
                if t != NONE:
                    out.append((L2, _arrived(plan, t) * wk + pb))
            if pb != end and pb != w:
                t = forced_target(goal, pb, plan.ops, plan.blocked)
                if t != NONE:
                    out.append((L2, pa * wk + _arrived(plan, t)))
            if len(out) == n0:
                out.append((L2, pa * wk + pb))
    for ki in range(plan.nk):
        if km >> ki & 1:
            continue
        L2 = L + (1 << ki)
        _joint_uses(plan, out, plan.ktabs[ki], plan.knums[ki], plan.kops, L2,
                    pa, pb)
    return out


def _arrived(plan, t):
    """A pawn moved to progress t: the stuck value ``w`` on the stop."""
    return plan.w if t == plan.stop else t


def _targets(plan, tab, d, ops, v):
    if v == plan.stop:
        # Started the turn on There and Back Again's 101: not in the table.
        return first_targets(plan.goal, v, d, ops, plan.blocked)
    out = []
    for j in range(STRIDE - 1):
        t = tab[v * STRIDE + j]
        if t == NONE:
            break
        out.append(t)
    return out


def _joint_uses(plan, out, tab, d, ops, L2, pa, pb):
    end = plan.end
    w = plan.w
    wk = w + 1
    if pa != end and pa != w:
        for t in _targets(plan, tab, d, ops, pa):
            out.append((L2, _arrived(plan, t) * wk + pb))
    if pb != end and pb != w:
        for t in _targets(plan, tab, d, ops, pb):
            out.append((L2, pa * wk + _arrived(plan, t)))


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
