"""Ring Climb's rules: spin, climb, jump, bump, be first to the top.

The state is plain fields (``State``); the rules are functions of it, in
the shape of the other games: ``new_game``, ``legal_moves``, ``apply``
(``IllegalMove``, the state unchanged), ``winner``, ``places``.  Chance
(shuffles) comes from the state's own Rng, so seed + moves replay a game.

Moves are small tuples:

* ``("play", cid, pawn, rot, dest)``: play card ``cid``; turn the ring
  ``pawn`` stands on by ``rot`` spaces (clockwise positive; 0 none), then
  move that pawn to ``dest`` (a board.pos; -1 stays).  Entering takes a
  pawn from the table (rot 0).  ``pawn`` -1: the card is played for
  nothing (rot 0, dest -1).
* ``("stop",)``: end the turn after one or two cards.
* ``("swap",)``: the level-6 discard (ruling 6).

House rulings (what the rulebook leaves open, decided as a careful player
would; tests in host_tests/test_rings_rulings.py):

1. One pawn per card.  "Numbers on the cards tell you how many spaces you
   may (optionally) rotate the ring your pawn is currently standing on,
   after which you may 'climb' your pawn": the ring turned is the one the
   moving pawn stands on, and the pawn that moves is that pawn.  A card
   may turn a ring and move nothing ("a ring, a pawn, or both").
2. Entering takes the whole card and turns nothing: a pawn on the table
   "is not standing on" a ring.  It enters on the level-1 space of a
   wedge, or jumps up that wedge's line of pawns ("Jumping can begin with
   the first move onto the board"); it never bumps ("you may not bump
   pawns sitting on the first level").
3. A card may be played for nothing (it is discarded), and a turn may
   stop after one or two cards ("Then, you may play a second card and
   even a third").  A turn plays at least one card ("On your turn, you
   will play a card"): a card that helps nobody can be thrown away.
4. A jump goes over one or more pawns of anyone, in a straight line (up
   or down the wedge, or along the ring), to the first free space, which
   must match the card; it never leaves the board downward, and up from
   level 6 it lands on the top.  A move down from level 1 is no move.
5. A bump moves onto the adjacent space (up, down or sideways) of another
   player's pawn, below the top and above level 1, with a card of that
   space's colour.  The bumped pawn drops two levels on its wedge, and a
   pawn there drops two more ("even if it is your own pawn"), and so on;
   below level 1 a pawn goes back to its owner's table.  Own pawns are
   jumped, never bumped directly.
6. The level-6 discard: "If you cannot play a card at the sixth level,
   discard your hand and draw a new set of three cards".  Offered at the
   start of a turn (``("swap",)``, the whole turn) when a pawn of yours
   stands on level 6 and no card in your hand can take a pawn to the top.
7. The top: a move onto it (a step from level 6 or a jump) needs "any
   numbered color card that matches the color of your pawns or any of
   the wild cards"; the ring may still be turned first.  Pawns on top
   never move again ("cannot be removed").
8. Places: a player with three pawns on top is done; their hand goes to
   the discard pile and their turns are skipped.  With ``play_on`` the
   others play on until one is left (last place); without, the game ends
   at the first.  Unfinished players are ranked by pawns on top, then
   levels climbed, then seat order from the first player.
9. Who starts: a setting (the rulebook: "The youngest player goes
   first"); player 1 by default.
10. An empty deck is the discard pile shuffled; hands refill at the end of
    a turn, in seat order of need (only the player whose turn ended).
"""

from primeplay.rng import Rng
from primeplay.rings import board as B
from primeplay.rings.settings import Settings

PLAY = "play"
OVER = "over"

UP, DOWN, CW, CCW = 0, 1, 2, 3
DIRECTIONS = (UP, DOWN, CW, CCW)


class IllegalMove(ValueError):
    """A move that is not legal now; the state is left unchanged."""


class State:
    """One game in progress, as plain fields."""

    __slots__ = ("settings", "rng", "rot", "pawns", "hands", "deck",
                 "discard", "current", "played", "turn", "phase",
                 "finished", "events")

    def copy(self):
        s = object.__new__(State)
        s.settings = self.settings
        s.rng = self.rng.copy()
        s.rot = list(self.rot)
        s.pawns = list(self.pawns)
        s.hands = [list(h) for h in self.hands]
        s.deck = list(self.deck)
        s.discard = list(self.discard)
        s.current = self.current
        s.played = self.played
        s.turn = self.turn
        s.phase = self.phase
        s.finished = list(self.finished)
        s.events = list(self.events)
        return s

    @property
    def players(self):
        return self.settings.players

    def snapshot(self):
        """The whole position as plain data, for comparing states."""
        return (self.rng.getstate(), tuple(self.rot), tuple(self.pawns),
                tuple([tuple(h) for h in self.hands]), tuple(self.deck),
                tuple(self.discard), self.current, self.played, self.turn,
                self.phase, tuple(self.finished))


def new_game(settings=None, seed=0):
    """Rings lined up, pawns on the table, deck shuffled, 3 cards dealt."""
    if settings is None:
        settings = Settings()
    if not isinstance(settings, Settings):
        raise TypeError("settings must be a Settings, got %r" % (settings,))
    settings.validate()
    n = settings.players
    s = object.__new__(State)
    s.settings = settings
    s.rng = Rng(seed)
    s.rot = [0] * B.LEVELS
    s.pawns = [B.TABLE] * (n * B.PAWNS)
    s.deck = list(range(B.DECK))
    s.rng.shuffle(s.deck)
    s.discard = []
    s.hands = [[] for _ in range(n)]
    first = settings.first
    for _ in range(B.HAND):
        for k in range(n):
            s.hands[(first + k) % n].append(s.deck.pop())
    s.current = first
    s.played = 0
    s.turn = 0
    s.phase = PLAY
    s.finished = []
    s.events = [("turn", first)]
    return s


# ------------------------------------------------------------ geometry

def owner(pawn):
    return pawn // B.PAWNS


def wedge(rot, pos):
    """The wedge of the base under ring place ``pos``."""
    return (pos % B.SPACES + rot[pos // B.SPACES - 1]) % B.SPACES


def at(rot, lvl, w):
    """The ring place on level ``lvl`` over wedge ``w``."""
    return lvl * B.SPACES + (w - rot[lvl - 1]) % B.SPACES


def neighbour(rot, pos, d):
    """The place one step from ring place ``pos`` in direction ``d``:
    TOP above level 6, -1 below level 1."""
    lvl = pos // B.SPACES
    if d == UP:
        if lvl == B.LEVELS:
            return B.TOP
        return at(rot, lvl + 1, wedge(rot, pos))
    if d == DOWN:
        if lvl == 1:
            return -1
        return at(rot, lvl - 1, wedge(rot, pos))
    # Sideways stays on the ring: its turning does not matter.
    s = pos % B.SPACES
    s = s + 1 if d == CW else s - 1
    return lvl * B.SPACES + s % B.SPACES


def occupancy(state):
    """A list over ring places (index pos < TOP): the pawn there, or -1."""
    occ = [-1] * B.TOP
    pawns = state.pawns
    for i in range(len(pawns)):
        pos = pawns[i]
        if B.TABLE < pos < B.TOP:
            occ[pos] = i
    return occ


def matches(state, colour, pos, p):
    """May a card of ``colour`` (-1: wild) put player p's pawn on ``pos``?"""
    if colour < 0:
        return True
    if pos == B.TOP:
        return colour == B.PLAYER_COLOURS[p]
    return B.colour_of_space(state.settings.face, pos) == colour


def line_end(rot, occ, pos, d, start):
    """From occupied ``pos``, the first free place along ``d`` (TOP is
    always free), or -1 off the board or back at ``start``."""
    while pos != B.TOP and occ[pos] >= 0:
        pos = neighbour(rot, pos, d)
        if pos < 0 or pos == start:
            return -1
    return pos


def entries(state, occ, colour, p, out):
    """Append where a pawn from the table may enter with a card of
    ``colour``: an empty level-1 space, or the end of a jump up a wedge."""
    rot = state.rot
    for w in range(B.SPACES):
        pos = at(rot, 1, w)
        if occ[pos] >= 0:
            pos = line_end(rot, occ, pos, UP, -1)
            if pos < 0:
                continue
        if matches(state, colour, pos, p) and pos not in out:
            out.append(pos)
    return out


def steps(state, occ, pos, colour, p, out):
    """Append where the pawn on ring place ``pos`` may move with a card of
    ``colour``: a step, a jump or a bump (the rings as they stand)."""
    rot = state.rot
    for d in DIRECTIONS:
        nxt = neighbour(rot, pos, d)
        if nxt < 0:
            continue
        if nxt == B.TOP or occ[nxt] < 0:
            if matches(state, colour, nxt, p) and nxt not in out:
                out.append(nxt)
            continue
        # Occupied: bump it (another player's pawn above level 1) ...
        if owner(occ[nxt]) != p and nxt >= 2 * B.SPACES and \
                matches(state, colour, nxt, p) and nxt not in out:
            out.append(nxt)
        # ... or jump the line (never both: the landing is free).
        end = line_end(rot, occ, nxt, d, pos)
        if end >= 0 and matches(state, colour, end, p) and end not in out:
            out.append(end)
    return out


def turns(number):
    """The rotations a card of ``number`` allows (board.card_number)."""
    if number > 0:
        return (0, number, -number)
    if number == 0:
        return (0,)
    return (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6)


def normal_turn(rot):
    """A spin wild's rotation as -5..6 (12 is a whole turn: none)."""
    rot %= B.SPACES
    return rot - B.SPACES if rot > B.SPACES // 2 else rot


# ---------------------------------------------------------------- moves

def plays(state, out=None, only=-1, top=False):
    """Every distinct card play of the player to move (one card of each
    kind: two red 2s play the same); with ``only`` (a card id in the
    hand), that card's plays alone; with ``top``, only the plays onto the
    top (``may_swap`` asks just that: a six-player turn has hundreds of
    plays, a list whose growth wants 1 KB in one piece on a board)."""
    out = [] if out is None else out
    if state.phase == OVER:
        return out
    p = state.current
    occ = occupancy(state)
    rot = state.rot
    pawns = state.pawns
    kinds = []
    dests = []
    for cid in state.hands[p]:
        k = B.card_kind(cid)
        if k in kinds or (only >= 0 and cid != only):
            continue
        kinds.append(k)
        colour = B.card_colour(cid)
        if not top:
            out.append((PLAY, cid, -1, 0, -1))
        entered = False
        spun = []
        for i in range(B.PAWNS):
            pawn = p * B.PAWNS + i
            pos = pawns[pawn]
            if pos == B.TOP:
                continue
            if pos == B.TABLE:
                if entered:
                    continue   # the pawns on the table are all alike
                entered = True
                del dests[:]
                for d in entries(state, occ, colour, p, dests):
                    if d == B.TOP or not top:
                        out.append((PLAY, cid, pawn, 0, d))
                continue
            lvl = pos // B.SPACES
            was = rot[lvl - 1]
            for r in turns(B.card_number(cid)):
                rot[lvl - 1] = (was + r) % B.SPACES
                if r and not top:
                    key = lvl * 16 + r + 5
                    if key not in spun:
                        spun.append(key)
                        out.append((PLAY, cid, pawn, r, -1))
                del dests[:]
                for d in steps(state, occ, pos, colour, p, dests):
                    if d == B.TOP or not top:
                        out.append((PLAY, cid, pawn, r, d))
            rot[lvl - 1] = was
    return out


def to_top(moves):
    """Is one of ``moves`` a move onto the top?"""
    for m in moves:
        if m[0] == PLAY and m[4] == B.TOP:
            return True
    return False


def may_swap(state, moves=None):
    """Ruling 6: a level-6 pawn, no card to the top, no card played yet."""
    if state.phase == OVER or state.played:
        return False
    p = state.current
    for i in range(B.PAWNS):
        if state.pawns[p * B.PAWNS + i] // B.SPACES == B.LEVELS:
            break
    else:
        return False
    if moves is None:
        return not plays(state, None, -1, True)
    return not to_top(moves)


def legal_moves(state):
    """Every legal move of the player to move."""
    out = plays(state)
    if state.phase == OVER:
        return out
    if state.played:
        out.append(("stop",))
    elif may_swap(state, out):
        out.append(("swap",))
    return out


def winner(state):
    """The first player with three pawns on top, or None."""
    return state.finished[0] if state.finished else None


def score(state, p):
    """Progress: pawns on top first, then levels climbed."""
    top = 0
    levels = 0
    for i in range(B.PAWNS):
        pos = state.pawns[p * B.PAWNS + i]
        if pos == B.TOP:
            top += 1
        levels += pos // B.SPACES
    return top * 100 + levels


def places(state):
    """Players best first: the finished in order, then the rest by
    progress (ruling 8)."""
    out = list(state.finished)
    n = state.settings.players
    rest = []
    for k in range(n):
        p = (state.settings.first + k) % n
        if p not in out:
            rest.append(p)
    # Insertion sort (stable): at most 6 players.
    for i in range(1, len(rest)):
        j = i
        while j > 0 and score(state, rest[j]) > score(state, rest[j - 1]):
            rest[j], rest[j - 1] = rest[j - 1], rest[j]
            j -= 1
    return out + rest


# ---------------------------------------------------------------- checks

def _why_not_dest(state, occ, pos, colour, p, dest):
    """Why ``dest`` is no move for the pawn on ``pos`` (entering when
    ``pos`` is TABLE), in words for the screen."""
    if dest == B.TOP:
        if pos != B.TABLE and pos // B.SPACES < B.LEVELS - 1:
            return "the top is not one move away"
        return "the top takes a %s card or a wild" % \
            B.NAMES[B.PLAYER_COLOURS[p]]
    if not B.SPACES <= dest < B.TOP:
        return "no such space"
    if dest == pos:
        return "the pawn is already there"
    name = B.NAMES[B.colour_of_space(state.settings.face, dest)]
    held = occ[dest]
    if pos == B.TABLE:
        if held >= 0:
            return "no bumping when entering the board"
        if colour >= 0 and not matches(state, colour, dest, p):
            return "that space is %s, the card %s" % (name, B.NAMES[colour])
        return "a pawn enters on level 1 or jumps up a line"
    adjacent = False
    for d in DIRECTIONS:
        if neighbour(state.rot, pos, d) == dest:
            adjacent = True
    if held >= 0:
        if owner(held) == p:
            return "your own pawn is there"
        if not adjacent:
            return "no jumping and bumping in one move"
        if dest < 2 * B.SPACES:
            return "nobody is bumped on level 1"
    if colour >= 0 and not matches(state, colour, dest, p):
        return "that space is %s, the card %s" % (name, B.NAMES[colour])
    return "a pawn moves one space, or jumps a line of pawns"


def why_not(state, move):
    """None if ``move`` is legal now, else the reason in words (what the
    screen shows).  ``move`` is taken as it comes: anything may be wrong."""
    if state.phase == OVER:
        return "the game is over"
    if not isinstance(move, tuple) or not move:
        return "not a move"
    kind = move[0]
    p = state.current
    if kind == "stop":
        if len(move) != 1:
            return "not a move"
        return None if state.played else "play a card first"
    if kind == "swap":
        if len(move) != 1:
            return "not a move"
        if state.played:
            return "only instead of a whole turn"
        if may_swap(state):
            return None
        return "only with a pawn on level 6 and no card to the top"
    if kind != PLAY or len(move) != 5:
        return "not a move"
    for f in move[1:]:
        if not isinstance(f, int) or isinstance(f, bool):
            return "not a move"
    cid, pawn, r, dest = move[1], move[2], move[3], move[4]
    if cid not in state.hands[p]:
        return "that card is not in your hand"
    if pawn == -1:
        if r or dest != -1:
            return "a card played for nothing moves nothing"
        return None
    if owner(pawn) != p or pawn >= len(state.pawns) or pawn < 0:
        return "that is not your pawn"
    pos = state.pawns[pawn]
    if pos == B.TOP:
        return "pawns on the top stay there"
    number = B.card_number(cid)
    colour = B.card_colour(cid)
    occ = occupancy(state)
    if pos == B.TABLE:
        if r:
            return "a pawn on the table stands on no ring"
        if dest in entries(state, occ, colour, p, []):
            return None
        if dest == -1:
            return "choose where the pawn enters"
        return _why_not_dest(state, occ, pos, colour, p, dest)
    if r:
        if number == 0:
            return "a wild card turns no ring"
        if number > 0 and r != number and r != -number:
            return "a %s turns its ring exactly %d" % (B.card_name(cid),
                                                        number)
    lvl = pos // B.SPACES
    rot = state.rot
    was = rot[lvl - 1]
    rot[lvl - 1] = (was + r) % B.SPACES
    try:
        if dest == -1 or dest in steps(state, occ, pos, colour, p, []):
            return None
        return _why_not_dest(state, occ, pos, colour, p, dest)
    finally:
        rot[lvl - 1] = was


def normal(move):
    """The move as recorded: a spin wild's rotation as -5..6, and a pawn
    that neither turns nor moves as no pawn (the card played for
    nothing has one spelling)."""
    if move[0] != PLAY:
        return move
    if move[1] >= B.SPIN and move[3]:
        move = (PLAY, move[1], move[2], normal_turn(move[3]), move[4])
    if move[2] >= 0 and move[3] == 0 and move[4] == -1:
        return (PLAY, move[1], -1, 0, -1)
    return move


def apply(state, move):
    """Make ``move``; raise IllegalMove (state unchanged) if it is not
    legal.  Returns the move as recorded."""
    reason = why_not(state, move)
    if reason is not None:
        raise IllegalMove(reason)
    move = normal(move)
    apply_legal(state, move)
    return move


def apply_legal(state, move):
    """Make ``move``, known to be legal (from ``legal_moves``)."""
    state.events = []
    ev = state.events
    p = state.current
    kind = move[0]
    if kind == "stop":
        _end_turn(state)
        return
    if kind == "swap":
        hand = state.hands[p]
        state.discard.extend(hand)
        del hand[:]
        ev.append(("swap", p))
        _end_turn(state)
        return
    cid, pawn, r, dest = move[1], move[2], move[3], move[4]
    state.hands[p].remove(cid)
    state.discard.append(cid)
    state.played += 1
    ev.append(("card", p, cid))
    if pawn >= 0:
        pos = state.pawns[pawn]
        if r:
            lvl = pos // B.SPACES
            state.rot[lvl - 1] = (state.rot[lvl - 1] + r) % B.SPACES
            ev.append(("rotate", lvl, r))
        if dest >= 0:
            _move(state, pawn, pos, dest)
    if len(state.finished) and state.finished[-1] == p:
        _end_turn(state)
    elif state.played >= state.settings.per_turn() or not state.hands[p]:
        _end_turn(state)


def board_after(state, move):
    """The rings and pawns after the play ``move`` (known legal), with its
    events, and none of the cards: what a preview shows, for a fraction
    of a copy of the whole state."""
    s = object.__new__(State)
    s.settings = state.settings
    s.rot = list(state.rot)
    s.pawns = list(state.pawns)
    s.finished = list(state.finished)
    s.events = []
    pawn, r, dest = move[2], move[3], move[4]
    if pawn >= 0:
        pos = s.pawns[pawn]
        if r:
            lvl = pos // B.SPACES
            s.rot[lvl - 1] = (s.rot[lvl - 1] + r) % B.SPACES
            s.events.append(("rotate", lvl, r))
        if dest >= 0:
            _move(s, pawn, pos, dest)
    return s


def _move(state, pawn, src, dest):
    ev = state.events
    victim = -1
    if dest != B.TOP:
        for i in range(len(state.pawns)):
            if state.pawns[i] == dest:
                victim = i
    occ = occupancy(state) if victim >= 0 else None
    state.pawns[pawn] = dest
    ev.append(("move", pawn, src, dest))
    pos = dest
    rot = state.rot
    # The cascade runs straight down one wedge, two levels a drop.
    while victim >= 0:
        lvl = pos // B.SPACES - 2
        if lvl < 1:
            state.pawns[victim] = B.TABLE
            ev.append(("bump", victim, pos, B.TABLE))
            break
        below = at(rot, lvl, wedge(rot, pos))
        state.pawns[victim] = below
        ev.append(("bump", victim, pos, below))
        victim = occ[below]
        pos = below
    if dest == B.TOP:
        p = owner(pawn)
        base = p * B.PAWNS
        if state.pawns[base] == state.pawns[base + 1] == \
                state.pawns[base + 2] == B.TOP:
            state.finished.append(p)
            ev.append(("finish", p, len(state.finished)))


def _draw(state, p):
    if not state.deck and state.discard:
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
        state.events.append(("reshuffle", len(state.deck)))
    if state.deck:
        state.hands[p].append(state.deck.pop())
        return True
    return False


def _end_turn(state):
    p = state.current
    hand = state.hands[p]
    if p in state.finished:
        state.discard.extend(hand)   # ruling 8: the others draw them
        del hand[:]
    else:
        drawn = 0
        while len(hand) < B.HAND and _draw(state, p):
            drawn += 1
        state.events.append(("draw", p, drawn))
    n = state.settings.players
    left = n - len(state.finished)
    if left <= 1 or (state.finished and not state.settings.play_on):
        state.phase = OVER
        state.events.append(("over", places(state)))
        return
    q = p
    while True:
        q = (q + 1) % n
        if q not in state.finished:
            break
    state.current = q
    state.played = 0
    state.turn += 1
    state.events.append(("turn", q))
