"""Ring Climb's computer players (issue 9): ``choose(state, level)``.

Both levels return a move of ``rules.legal_moves(state)`` for
``state.current``, worked out from the state alone (no randomness), and
leave the state as they found it.

``NORMAL`` climbs greedily, card by card: of every play of its cards it
makes the one that best improves its own progress (levels climbed, the
top worth most), and stops when nothing helps.  If its first card of a
turn helps nothing it takes the level-6 swap when offered, else throws
away its least useful card (a plain colour card before its own colour,
wilds last).

``STRONG`` plans the whole turn: every order and choice of its cards,
pruned to the ``BEST`` (3) most promising plays at the first step and
``BEST2`` (2) at the second (a best-few search, depth <= 3; a spin wild
tries turns of up to 3 either way), each end of turn valued as

* its own progress minus the opponents' (so a bump that sends a pawn
  down two levels is worth as much as two climbs, and is taken when it
  pays), the top worth four levels more than level 6: the level it is
  above, and three for being "safe" and final, where a pawn on level 6
  can be bumped two levels down at any turn.  (Worth 1.6 levels, strong
  bumped or climbed elsewhere with a card that could take the top, and
  the same player taking the top whenever it could beat it 0.53-0.56 of
  2-player games; now it wins 0.47 of 2,000, BENCH.md.)
* the cards it keeps: its own-colour cards and wilds held back for its
  pawns on levels 5 and 6 ("think about holding back your key color cards
  and wild cards to enable you to enter the top level quickly"), so it
  climbs with another card when one does the same climb, and stops early
  rather than spend a key card on a small gain;
* a little for each pawn on the board whose space above matches a card it
  keeps (a ring turned for the next card).

The search runs on the state's own ``pawns`` and ``rot`` lists, each move
made and undone in place (the lists restored from per-step copies), an
occupancy list kept beside them, and moves packed as small ints: no
state.copy() and no move tuples per candidate, so a decision allocates a
few hundred bytes and its work grows with the plays, not with copies.
Scores are ints (MicroPython boxes floats).  The WASI VM spends some 300
fuel a bytecode, so the search is held to a few hundred candidates: the
costliest decision ``tools/bench.py rings`` finds (three spin wilds, five
players) takes about 40 M fuel and 6 KB; host_tests/test_rings_bot.py
holds decisions to 50 M fuel and 32 KB.
"""

from primeplay.rings import board as B
from primeplay.rings import rules as R

NORMAL = 1
STRONG = 2
LEVELS = (NORMAL, STRONG)

_S = B.SPACES
_TOP = B.TOP
_P = B.PAWNS

# Plays kept for the next step of the strong search: at the first card,
# at the second (the third is only valued).
BEST = 3
BEST2 = 2
# A spin wild's turns tried: seven wedges show every colour and reach
# what a numbered card reaches.
_SPIN_TURNS = (0, 1, -1, 2, -2, 3, -3)

# Values (ints): a level is 100.
LEVEL = 100
TOP_BONUS = 300         # the top is safe and final: 4 levels over 6
FINISH = 10000          # three pawns on top
KEY6 = 90               # a key card kept for a pawn on level 6
KEY5 = 60               # ... on level 5
WILD_KEEP = 15          # a wild kept anyway (it climbs from anywhere)
SPIN_KEEP = 25
READY = 12              # a pawn whose space above matches a kept card
NEG = -(1 << 28)

# A place's worth: its level, the top more.
_VAL = tuple([(pos // _S) * LEVEL for pos in range(_TOP)] +
             [7 * LEVEL + TOP_BONUS])


def _colours(face):
    return bytes([B.colour_of_space(face, _S + i) for i in range(_S)])


# Colour of ring space s (any level) per face.
_COL = (_colours(0), _colours(1))


class _Ctx:
    """One decision's search: the state's lists, worked in place."""

    __slots__ = ("pawns", "rot", "occ", "col", "p", "me", "topc", "hand",
                 "hcol", "hnum", "hkey", "dup", "nh", "wt", "prog", "sp",
                 "so", "sr", "tv", "tm", "log", "kbonus", "kcols", "kkeys", "best", "bestm", "strong", "depth")

    def __init__(self, state, strong):
        p = state.current
        self.p = p
        self.me = p * _P
        self.pawns = state.pawns
        self.rot = state.rot
        self.col = _COL[state.settings.face]
        self.topc = B.PLAYER_COLOURS[p]
        occ = [-1] * _TOP
        pawns = state.pawns
        for i in range(len(pawns)):
            pos = pawns[i]
            if B.TABLE < pos < _TOP:
                occ[pos] = i
        self.occ = occ
        hand = state.hands[p]
        nh = len(hand)
        self.hand = hand
        self.nh = nh
        self.hcol = [B.card_colour(c) for c in hand]
        self.hnum = [B.card_number(c) for c in hand]
        # 0 a plain card, 1 own colour (a key to the top), 2 wild, 3 spin.
        hkey = [0] * nh
        dup = [-1] * nh
        for j in range(nh):
            c = hand[j]
            if c >= B.SPIN:
                hkey[j] = 3
            elif c >= B.WILD:
                hkey[j] = 2
            elif B.card_colour(c) == self.topc:
                hkey[j] = 1
            for i in range(j):
                if dup[j] < 0 and B.card_kind(hand[i]) == B.card_kind(c):
                    dup[j] = i
        self.hkey = hkey
        self.dup = dup
        # By the bits of the cards played: what the rest are worth kept.
        self.kbonus = [0] * 8
        self.kcols = [0] * 8
        self.kkeys = [0] * 8
        for used in range(1 << nh):
            for j in range(nh):
                if used >> j & 1:
                    continue
                k = hkey[j]
                if k:
                    self.kkeys[used] += 1
                if k == 2:
                    self.kbonus[used] += WILD_KEEP
                elif k == 3:
                    self.kbonus[used] += SPIN_KEEP
                else:
                    self.kcols[used] |= 1 << B.card_colour(hand[j])
        n = state.settings.players
        # Weights of each pawn's progress: own +4, an opponent's -4 with
        # one opponent, less with more (a bump helps the others too).
        opp = 0
        if strong:
            opp = 4 if n == 2 else (3 if n == 3 else 2)
        self.wt = [(4 if i // _P == p else -opp) for i in range(len(pawns))]
        self.prog = 0
        self.strong = strong
        depth = 3
        self.sp = [list(pawns) for _ in range(depth)]
        self.so = [list(occ) for _ in range(depth)]
        self.sr = [list(state.rot) for _ in range(depth)]
        self.tv = [[NEG] * BEST for _ in range(depth)]
        self.tm = [[0] * BEST for _ in range(depth)]
        self.log = [0] * 12
        self.best = NEG
        self.bestm = -1
        self.depth = 0


def line_end(rot, occ, pos, d, start):
    """As rules.line_end: the first free place along ``d`` from occupied
    ``pos`` (the top always free), -1 off the board or back at start."""
    while pos != _TOP and occ[pos] >= 0:
        pos = R.neighbour(rot, pos, d)
        if pos < 0 or pos == start:
            return -1
    return pos


def _move(c, pawn, dest):
    """Move ``pawn`` to ``dest`` (a bump cascades), each pawn moved and
    where it was logged in c.log for _back; the change of c.prog."""
    pawns = c.pawns
    occ = c.occ
    wt = c.wt
    log = c.log
    pos = pawns[pawn]
    victim = occ[dest] if dest != _TOP else -1
    if pos != B.TABLE:
        occ[pos] = -1
    pawns[pawn] = dest
    log[0] = 1
    log[1] = pawn
    log[2] = pos
    delta = wt[pawn] * (_VAL[dest] - _VAL[pos])
    if dest == _TOP:
        return delta
    occ[dest] = pawn
    rot = c.rot
    cur = dest
    n = 1
    while victim >= 0:
        log[2 * n + 1] = victim
        log[2 * n + 2] = cur
        n += 1
        log[0] = n
        lvl = cur // _S - 2
        if lvl < 1:
            pawns[victim] = B.TABLE
            delta -= wt[victim] * _VAL[cur]
            break
        w = (cur % _S + rot[cur // _S - 1]) % _S
        below = lvl * _S + (w - rot[lvl - 1]) % _S
        nxt = occ[below]
        pawns[victim] = below
        occ[below] = victim
        delta += wt[victim] * (_VAL[below] - _VAL[cur])
        victim = nxt
        cur = below
    return delta


def _back(c):
    """Undo the last _move (from c.log)."""
    pawns = c.pawns
    occ = c.occ
    log = c.log
    n = log[0]
    if n == 1:
        pawn = log[1]
        pos = pawns[pawn]
        if pos != _TOP:
            occ[pos] = -1
        pos = log[2]
        pawns[pawn] = pos
        if pos != B.TABLE:
            occ[pos] = pawn
        return
    for k in range(n):
        pos = pawns[log[2 * k + 1]]
        if B.TABLE < pos < _TOP:
            occ[pos] = -1
    for k in range(n):
        pawn = log[2 * k + 1]
        pos = log[2 * k + 2]
        pawns[pawn] = pos
        if pos != B.TABLE:
            occ[pos] = pawn


def _value(c, used):
    """The strong level's worth of the position with cards ``used`` gone
    (bit j: hand[j]); the normal level's is its own progress."""
    pawns = c.pawns
    me = c.me
    v = c.prog
    if not c.strong:
        if pawns[me] == pawns[me + 1] == pawns[me + 2] == _TOP:
            return v + FINISH
        return v
    rot = c.rot
    occ = c.occ
    col = c.col
    n6 = n5 = top = ready = 0
    for i in range(me, me + _P):
        pos = pawns[i]
        lvl = pos // _S
        if lvl == 7:
            top += 1
        elif lvl == 6:
            n6 += 1
        elif lvl:
            if lvl == 5:
                n5 += 1
            # The colour that climbs this pawn next.
            up = (pos + rot[lvl - 1] - rot[lvl]) % _S
            if occ[(lvl + 1) * _S + up] < 0:
                ready |= 1 << col[up]
    if top == _P:
        return v + FINISH
    # The cards kept (by the bits of ``used``): wilds' worth, colours.
    v += c.kbonus[used]
    if ready & c.kcols[used]:
        v += READY
    keys = c.kkeys[used]
    if keys > n6:
        v += n6 * KEY6
        keys -= n6
        v += (keys if keys < n5 else n5) * KEY5
    else:
        v += keys * KEY6
    return v


def _offer(c, depth, used, m, val):
    """A child of the node at ``depth``: the root's best so far, and the
    best few kept for the next step."""
    if depth == 0 and val > c.best:
        c.best = val
        c.bestm = m
    tv = c.tv[depth]
    if val <= tv[BEST - 1]:
        return
    tm = c.tm[depth]
    i = BEST - 1
    while i > 0 and tv[i - 1] < val:
        tv[i] = tv[i - 1]
        tm[i] = tm[i - 1]
        i -= 1
    tv[i] = val
    tm[i] = m


def _pack(j, pawn, r, dest):
    return ((j * 20 + pawn + 1) * 16 + r + 8) * 128 + dest + 1


def _expand(c, depth, used):
    """Every play of the unused cards from here, each made, valued and
    undone, offered to ``_offer``."""
    pawns = c.pawns
    rot = c.rot
    occ = c.occ
    col = c.col
    me = c.me
    p = c.p
    topc = c.topc
    sp = c.sp[depth]
    so = c.so[depth]
    sp[:] = pawns
    so[:] = occ
    prog = c.prog
    for j in range(c.nh):
        bit = 1 << j
        if used & bit:
            continue
        d = c.dup[j]
        if d >= 0 and not used >> d & 1:
            continue
        u2 = used | bit
        colour = c.hcol[j]
        number = c.hnum[j]
        # Played for nothing.
        _offer(c, depth, u2, _pack(j, -1, 0, -1), _value(c, u2))
        entered = False
        for pawn in range(me, me + _P):
            pos = pawns[pawn]
            if pos == _TOP:
                continue
            if pos == B.TABLE:
                if entered:
                    continue
                entered = True
                for dest in range(_S, 2 * _S):
                    if occ[dest] >= 0:
                        dest = line_end(rot, occ, dest, R.UP, -1)
                        if dest < 0:
                            continue
                    if colour >= 0:
                        if dest == _TOP:
                            if colour != topc:
                                continue
                        elif col[dest % _S] != colour:
                            continue
                    c.prog = prog + _move(c, pawn, dest)
                    _offer(c, depth, u2, _pack(j, pawn, 0, dest),
                           _value(c, u2))
                    _back(c)
                c.prog = prog
                continue
            lvl = pos // _S
            was = rot[lvl - 1]
            for r in (R.turns(number) if number >= 0 else _SPIN_TURNS):
                rot[lvl - 1] = (was + r) % _S
                if r and number > 0:
                    _offer(c, depth, u2, _pack(j, pawn, r, -1),
                           _value(c, u2))
                w = (pos % _S + rot[lvl - 1]) % _S
                # A spin wild turned: only its climbs (it climbs from any
                # turn; the turn picks where it lands and what it bumps).
                for dr in range(1 if number < 0 and r else 4):
                    if dr == 0:
                        nxt = _TOP if lvl == 6 else \
                            (lvl + 1) * _S + (w - rot[lvl]) % _S
                    elif dr == 1:
                        if lvl == 1:
                            continue
                        nxt = (lvl - 1) * _S + (w - rot[lvl - 2]) % _S
                    elif dr == 2:
                        nxt = lvl * _S + (pos + 1) % _S
                    else:
                        nxt = lvl * _S + (pos - 1) % _S
                    # A step onto a free place; onto another player's
                    # pawn above level 1, a bump; past a line, a jump.
                    d1 = d2 = -1
                    if nxt == _TOP or occ[nxt] < 0:
                        d1 = nxt
                    else:
                        if occ[nxt] // _P != p and nxt >= 2 * _S:
                            d1 = nxt
                        if dr != 1:
                            d2 = line_end(rot, occ, nxt, dr, pos)
                    if dr == 1 and d2 < 0 and (nxt == _TOP or occ[nxt] < 0):
                        # Down only to bump.
                        continue
                    for k in range(2):
                        dest = d2 if k else d1
                        if dest < 0:
                            continue
                        if colour >= 0:
                            if dest == _TOP:
                                if colour != topc:
                                    continue
                            elif col[dest % _S] != colour:
                                continue
                        c.prog = prog + _move(c, pawn, dest)
                        _offer(c, depth, u2, _pack(j, pawn, r, dest),
                               _value(c, u2))
                        _back(c)
                c.prog = prog
            rot[lvl - 1] = was


def _unpack(m):
    return (m >> 11) // 20, (m >> 11) % 20 - 1, (m >> 7 & 15) - 8, \
        (m & 127) - 1


def _make(c, m):
    """Make packed move ``m`` on the lists; the change of c.prog."""
    j, pawn, r, dest = _unpack(m)
    if pawn < 0:
        return 0
    pos = c.pawns[pawn]
    if r:
        lvl = pos // _S
        c.rot[lvl - 1] = (c.rot[lvl - 1] + r) % _S
    if dest < 0:
        return 0
    return _move(c, pawn, dest)


def _search(c, depth, used, left):
    """The best worth of a turn from here with ``left`` cards to play
    (stopping allowed), plays pruned to the best few per step."""
    tv = c.tv[depth]
    tm = c.tm[depth]
    for i in range(BEST):
        tv[i] = NEG
    _expand(c, depth, used)
    best = NEG
    if left == 1:
        for i in range(BEST):
            if tv[i] > best:
                best = tv[i]
        return best
    pawns = c.pawns
    occ = c.occ
    rot = c.rot
    sp = c.sp[depth]
    so = c.so[depth]
    sr = c.sr[depth]
    sr[:] = rot
    prog = c.prog
    mine = c.me
    for i in range(BEST if depth == 0 else BEST2):
        v = tv[i]
        if v == NEG:
            break
        m = tm[i]
        c.prog = prog + _make(c, m)
        if pawns[mine] == pawns[mine + 1] == pawns[mine + 2] == _TOP:
            w = v
        else:
            u2 = used | 1 << ((m >> 11) // 20)
            w = _search(c, depth + 1, u2, left - 1)
            if v > w:
                w = v
        pawns[:] = sp
        occ[:] = so
        rot[:] = sr
        c.prog = prog
        if depth == 0 and w > c.best:
            c.best = w
            c.bestm = m
        if w > best:
            best = w
    return best


def _as_move(c, m):
    """The packed move as rules.legal_moves lists it."""
    j, pawn, r, dest = _unpack(m)
    cid = c.hand[j]
    if pawn >= 0 and dest < 0:
        # A turn alone: the rules list it for the first pawn on the ring.
        lvl = c.pawns[pawn] // _S
        for i in range(c.me, c.me + _P):
            if c.pawns[i] // _S == lvl:
                pawn = i
                break
    return (R.PLAY, cid, pawn, r, dest)


def _useless(c):
    """The hand index of the card least worth keeping."""
    worst = 0
    wv = 1000
    for j in range(c.nh):
        v = c.hkey[j] * 10 + c.hnum[j]
        if v < wv:
            wv = v
            worst = j
    return worst


def choose(state, level=NORMAL):
    """A legal move for the player to move (see the module docstring)."""
    if level not in LEVELS:
        raise ValueError("no such level: %r" % (level,))
    if state.phase == R.OVER:
        raise ValueError("the game is over")
    strong = level == STRONG
    c = _Ctx(state, strong)
    left = state.settings.per_turn() - state.played
    if left > c.nh:
        left = c.nh
    rot0 = list(state.rot)
    pawns0 = list(state.pawns)
    try:
        base = _value(c, 0)
        if strong:
            _search(c, 0, 0, left)
        else:
            for i in range(BEST):
                c.tv[0][i] = NEG
            _expand(c, 0, 0)
    finally:
        state.rot[:] = rot0
        state.pawns[:] = pawns0
    if strong:
        if state.played and base >= c.best:
            return ("stop",)
        if not state.played and R.may_swap(state):
            # The swap keeps no card and moves nothing.
            if _value(c, (1 << c.nh) - 1) > c.best:
                return ("swap",)
        return _as_move(c, c.bestm)
    # Normal: the best climb now, if any climbs.
    if c.best > base:
        return _as_move(c, c.bestm)
    if state.played:
        return ("stop",)
    if R.may_swap(state):
        return ("swap",)
    return (R.PLAY, state.hands[state.current][_useless(c)], -1, 0, -1)


def play_bots(settings, seed, levels, max_moves=5000):
    """A whole game from ``seed``, seat i played at ``levels[i]``.
    Returns the Game."""
    from primeplay.rings.game import Game
    g = Game(settings, seed)
    n = 0
    while g.state.phase != R.OVER:
        if n >= max_moves:
            raise RuntimeError("game from seed %d not over after %d moves"
                               % (seed, max_moves))
        g.apply(choose(g.state, levels[g.state.current]))
        n += 1
    return g


def digest(game):
    """A 32-bit FNV-1a hash of the transcript and the places: the same on
    every VM when the games are."""
    from primeplay.rings.game import move_text
    h = 0x811C9DC5
    s = game.state
    for m in game.history:
        h = _fnv(h, move_text(s, m) + "\n")
    return _fnv(h, "|%r" % (R.places(s),))


def _fnv(h, text):
    for ch in text:
        h = ((h ^ ord(ch)) * 0x01000193) & 0xFFFFFFFF
    return h
