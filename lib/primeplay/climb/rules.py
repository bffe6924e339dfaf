"""Prime Climb rules: the game state and the pure functions that move it.

The shape follows OpenSpiel: ``legal_moves(state)`` lists the choices of
the current step, ``apply(state, move)`` makes one (checking it first),
and chance (dice, shuffles) is drawn from the state's own seeded Rng, so a
seed plus the list of moves replays a whole game on any VM.

Steps of a turn, in ``state.phase``:

* ROLL: the only move is ``("roll",)``.  ``("roll", d1, d2)`` is accepted
  too, as an explicit chance outcome (tests, a table that rolls real dice).
* MOVE: ``("die", d, pawn, op)`` uses one die on one of the player's pawns
  with op ADD/SUB/MUL/DIV; ``("lose", d)`` gives up a die no pawn can use;
  ``("keeper", card, x, y)`` plays a Keeper (addsub: pawn, op; send_start:
  player, pawn; curse: player, 0); ``("commit",)`` ends the Move phase once
  every die is used, and runs Bump and Draw.
* ACTION: a drawn Action card waits for the player's choice:
  ``("pawn", i)``, ``("switch", i, player, pawn)`` or
  ``("steal", player, card)``.
* OVER: ``state.winner`` is set.

Pawns are stored as progress along their route (see ``track``), in
``state.pos[2 * player + i]``.

House rulings (what the rulebook leaves open, decided once here):

1. Doubles always give four uses (the rulebook's "must use ... four
   times").  Every use is of one die on one pawn; intermediate spaces must
   be on the board.  Multiplying or dividing by 1, or 0 by anything, is a
   legal move that leaves the pawn where it is.
2. A die that no pawn can use (only possible under a Curse) is still
   used (the FAQ: "You do have to move. That may mean moving backwards.
   In the unlikely event that you are forced to go below 0, you stay at
   0."): the pawn stays on the edge of the board its operations push it
   against, 0 with - and /, 101 with a mirrored Curse's + and x (ruling
   3); the move names the op, - or +.  A forced die never brings a pawn
   home: where that edge is the goal (0 in Prime Decline and on There
   and Back Again's way back, under the Curse as printed) or a Way
   Station blocks it, the pawn cannot take the die, and when no pawn can,
   the die is lost with ``("lose", d)`` (event ``("lost_die", p, d)``).
   Why: "you stay at 0" softens being pushed back, it is no way home; a
   Curse that carried its target home (Prime Decline, pawns on 3 and 7,
   roll 9 and 8) would be the best card to play on yourself.  Dice are
   lost the same way when every pawn is home or out of the turn on
   There and Back Again's 101 (ruling 10).
3. A Curse limits every arithmetic move of the cursed player's next turn,
   dice and add-or-subtract Keepers alike, to the card's "An opponent may
   only subtract or divide next turn".  In Prime Decline and on There
   and Back Again's way back those lead to the goal, so the card would
   help its target: with ``Settings.curse_mirror`` (the default) a pawn
   travelling down may only add or multiply instead, what the card does
   in the standard game (only moves away from the goal).  A pawn on There
   and Back Again's way out keeps - and /.  curse_mirror False: the
   card's words on every leg.  A Curse cannot target a player already
   cursed (it would do nothing) and is not playable in a one-player
   game.
4. "Send any one pawn back to Start" may target any pawn on the board that
   is not already at the start of its route, the player's own included.
5. Bump: at the end of the Move phase every pawn of the mover that moved
   this turn bumps whatever pawn shares its space.  When both the mover's
   pawns moved onto one space, the one that arrived last stays and the
   other goes back (it was "landed on").  0 and 101 never bump.
6. Draw: one card when a pawn of the mover ends the Move phase on an
   all-red space (prime above 10, not 101) that differs from where it
   started the turn.  A Keeper drawn (or stolen) can not be played in the
   turn it arrived; "Roll again" starts a new turn, in which it can.
7. Actions: "above/below 50" cards would do nothing on 50 itself, which is
   never red, so it never arises with the printed cards.  "Nearest
   pawn ahead/behind" counts pawns on spaces 1..100, any player's, in the
   pawn's direction of travel (up, or down in Prime Decline and on the way
   back); with none there the card does nothing.  "Switch" must swap with
   some pawn on spaces 1..100 if there is one; the swap bumps nobody.
   "Steal" takes any Keeper of any other player; with none it does nothing.
   An Action never draws another card.
8. Double Time: "you bump and draw after each move of a pawn. You can
   draw two or more Prime cards per turn".  After every use (a die or a
   Keeper) that takes a pawn to another space, that pawn bumps and may
   draw by the Draw rule as printed: it "is on an entirely red space" and
   "did not begin its turn on that space".  A use that leaves the pawn
   where it stands (x 1, / 1, 0 x d) is no move of the pawn: no bump, no
   draw, so x 1 on 11 cannot draw again and again.  A pawn that moves on
   and comes back (11 + 1 = 12, - 1 = 11) has moved and draws again.
9. Way Stations: "Choose one or more prime number(s) between 30 and 80.
   Before a player can move any pawn to 101, they need to land a pawn on
   the chosen space(s)."  Any number of stations, each to be visited.  A
   station counts as visited when one of the player's pawns stands on it
   when landings are checked: the end of the Move phase, after each move
   in Double Time, after an Action moved it - where the rulebook's Bump
   and Draw look, and Example 2 calls a space a die only went through
   "passed through".  ``Settings.station_mid_move``: the Move rule's "Your
   pawns may land on any space" reading, where every use of a die or
   Keeper that puts a pawn on a station counts at once (and may open 101
   later in the same turn).  Until all are visited no pawn of that player
   may reach 101 (0 in Prime Decline; the turning point in There and Back
   Again).
10. There and Back Again: "Get both pawns in to 101, and then back to
   start."  A pawn that reaches 101 stops there for the rest of the turn,
   as the first pawn home leaves the board: "When your first pawn reaches
   the 101 circle exactly, remove it from the board. You cannot move to a
   number past 101, or "bounce off" 101." (98 + 3 = 101 and then - 4 =
   97 is the bounce.)  Exactly: a pawn that has moved this turn and
   stands on 101 takes no more uses, whichever way it came (``parked``).
   With ``Settings.both_out`` (the default) both pawns must be in before
   either turns: a pawn on 101 may start back only in a turn that began
   with the other pawn on 101 or beyond.  So the turn in which the second
   pawn arrives ends like the standard game's winning move, its dice
   left lost ("You do not have to use both dice rolls on your winning
   move").  Why the default: the sentence orders it, both in and then
   back, and Solitaire 2 says it again ("get your two pawns to 101, and
   then back to 0").  both_out False: each pawn turns by itself.  A pawn
   is home when it reaches 0 again; a bumped pawn goes to 0 on the way
   out and to 101 on the way back ("whichever is worse for you").
11. Prime Sprint: the first pawn home wins.  Solitaire: one player, only
   the add-or-subtract Keepers in the deck, score = number of rolls.
12. Who starts: "roll the dice to decide who will play first" (Setup).
   Everyone rolls two dice, in seat order, from the game's own Rng (after
   the shuffle, as the rulebook orders Setup); the highest total starts,
   and the players tied for it, only they, roll again until one is
   highest.  ``new_game`` leaves ``("start_roll", p, d1, d2)`` for every
   roll and then ``("first", p)`` in ``state.events`` (``("first", 0)``
   alone without a roll).  ``Settings.start_roll`` False: player 1
   starts, for tables that decide otherwise; one player never rolls.
13. The tally (``state.tally``, the results screen's figures): TURNS
   counts every roll of the player's, "Roll again" included; DRAWS every
   Prime Card drawn (a Keeper stolen is not drawn); BUMPS the opponents'
   pawns that this player's pawns sent back by landing on them (end of
   the Move phase, Double Time, an Action's move).  A pawn of one's own
   landed on is not counted: it is no gain over anybody.  Nor is "Send
   any one pawn back to Start": a Keeper sends it, not a pawn.
14. Places (``places``): the rulebook names only a winner ("The first
   player to get both pawns to 101 wins").  The others are ranked by how
   far their two pawns have come along the route (the sum of their
   progress), ties in seat order: a table asking "who came second" gets
   the race as it stood.
"""

from primeplay.numbers import is_all_red
from primeplay.rng import Rng
from primeplay.climb import cards as C
from primeplay.climb.settings import (Settings, STANDARD, DECLINE,
                                      THERE_AND_BACK)
from primeplay.climb.track import (ADD, SUB, MUL, DIV, ALL_OPS, CURSED_OPS,
                                   MIRROR, NONE, TOP, goal_v, to_space,
                                   from_space, leg_start, leg_ops, apply_op,
                                   forced_target)

ROLL = "roll"
MOVE = "move"
ACTION = "action"
OVER = "over"

# What state.tally counts, per player p at index 3 * p + k (the results
# screen's figures).
TURNS = 0     # turns begun: every roll of the player's, "Roll again" too
BUMPS = 1     # opponents' pawns this player's pawns sent back (ruling 13)
DRAWS = 2     # Prime Cards drawn
TALLY = 3     # ints per player


class IllegalMove(ValueError):
    """A move that is not legal now; the state is left unchanged."""


class State:
    """Everything about one game in progress, as plain fields."""

    __slots__ = ("settings", "cards", "end", "rng", "pos", "keepers",
                 "fresh", "deck", "discard", "current", "phase", "dice",
                 "rolled", "start_pos", "moved", "move_count", "cursed",
                 "curse_now", "visited", "pending", "extra_rolls", "rolls",
                 "turn", "winner", "events", "tally")

    def copy(self):
        s = object.__new__(State)
        s.settings = self.settings
        s.cards = self.cards
        s.end = self.end
        s.rng = self.rng.copy()
        s.pos = list(self.pos)
        s.keepers = [list(k) for k in self.keepers]
        s.fresh = list(self.fresh)
        s.deck = list(self.deck)
        s.discard = list(self.discard)
        s.current = self.current
        s.phase = self.phase
        s.dice = list(self.dice)
        s.rolled = self.rolled
        s.start_pos = self.start_pos
        s.moved = list(self.moved)
        s.move_count = self.move_count
        s.cursed = list(self.cursed)
        s.curse_now = self.curse_now
        s.visited = list(self.visited)
        s.pending = self.pending
        s.extra_rolls = self.extra_rolls
        s.rolls = list(self.rolls)
        s.turn = self.turn
        s.winner = self.winner
        s.events = list(self.events)
        s.tally = list(self.tally)
        return s

    # Read-only views the UI and bots want.
    @property
    def players(self):
        return self.settings.players

    def space(self, player, i):
        """The board number pawn i of player stands on (101 when home in
        the standard game; 0 when home in Prime Decline)."""
        return to_space(self.settings.goal, self.pos[2 * player + i])

    def spaces(self, player):
        return (self.space(player, 0), self.space(player, 1))

    def is_home(self, player, i):
        return self.pos[2 * player + i] == self.end

    def on_board(self, player, i):
        return self.pos[2 * player + i] != self.end

    def card(self, cid):
        return self.cards[cid]


def new_game(settings=None, seed=0):
    """A new game: pawns on their start, deck shuffled from ``seed``."""
    if settings is None:
        settings = Settings()
    if not isinstance(settings, Settings):
        raise TypeError("settings must be a Settings, got %r" % (settings,))
    settings.validate()
    s = object.__new__(State)
    s.settings = settings
    deck_cards = list(C.BASE_CARDS) + [tuple(c) for c in settings.custom_cards]
    if settings.solitaire:
        deck_cards = [c for c in deck_cards if C.is_solitaire_card(c)]
    s.cards = tuple(deck_cards)
    s.end = goal_v(settings.goal)
    s.rng = Rng(seed)
    n = settings.players
    s.pos = [0] * (2 * n)
    s.keepers = [[] for _ in range(n)]
    s.fresh = []
    s.deck = list(range(len(deck_cards))) if settings.cards else []
    s.rng.shuffle(s.deck)
    s.discard = []
    s.current = 0
    s.phase = ROLL
    s.dice = []
    s.rolled = ()
    s.start_pos = (0, 0)
    s.moved = [0, 0]
    s.move_count = 0
    s.cursed = [False] * n
    s.curse_now = False
    s.visited = [0] * n
    s.pending = None
    s.extra_rolls = 0
    s.rolls = [0] * n
    s.turn = 0
    s.winner = None
    s.events = []
    s.tally = [0] * (TALLY * n)
    if settings.start_roll and n > 1:
        s.current = _roll_for_first(s)
    s.events.append(("first", s.current))
    return s


def _roll_for_first(s):
    """Who starts (ruling 12): everyone rolls two dice in seat order; the
    players tied for the highest total roll again, only they, until one
    is highest.  Every roll goes into the events for the play screen."""
    rolling = list(range(s.settings.players))
    while True:
        best = -1
        top = []
        for p in rolling:
            d1 = s.rng.d10()
            d2 = s.rng.d10()
            s.events.append(("start_roll", p, d1, d2))
            if d1 + d2 > best:
                best = d1 + d2
                top = [p]
            elif d1 + d2 == best:
                top.append(p)
        if len(top) == 1:
            return top[0]
        rolling = top


# ---------------------------------------------------------------- queries

def allowed_ops(state):
    """The mover's op set (track.leg_ops gives one pawn's four ops)."""
    if not state.curse_now:
        return ALL_OPS
    st = state.settings
    if st.curse_mirror and st.goal != STANDARD:
        return CURSED_OPS | MIRROR
    return CURSED_OPS


def parked(state, p, i):
    """Is pawn i of player p (the mover) on There and Back Again's 101 and
    out of this turn (ruling 10)?  It arrived there by a move this turn,
    or, with both_out, it waits for the other pawn, which began the turn
    short of 101."""
    st = state.settings
    if st.goal != THERE_AND_BACK or state.pos[2 * p + i] != TOP:
        return False
    if state.moved[i]:
        return True
    return st.both_out and state.start_pos[1 - i] < TOP


def parked_mask(state):
    """Bit i set for each of the mover's pawns that ``parked`` holds in
    place (what ``reach.search`` and ``pawn_shares`` take as ``parked``)."""
    p = state.current
    return (1 if parked(state, p, 0) else 0) | \
        (2 if parked(state, p, 1) else 0)


def can_move(state, p, i):
    """May pawn i of the mover p take a use now?"""
    return state.pos[2 * p + i] != state.end and not parked(state, p, i)


def blocked(state, player):
    """True while the player still has Way Stations to visit."""
    need = (1 << len(state.settings.way_stations)) - 1
    return state.visited[player] != need


def target(state, v, op, d, block):
    """Progress after op with d from progress v, or -1 if not allowed."""
    goal = state.settings.goal
    r = apply_op(to_space(goal, v), op, d)
    if r < 0:
        return -1
    nv = from_space(goal, v, r)
    if block and nv == TOP:
        return -1
    return nv


def die_moves(state, d):
    """The legal uses of one die value: [(move, new_progress), ...]."""
    p = state.current
    ops = allowed_ops(state)
    goal = state.settings.goal
    block = blocked(state, p)
    out = []
    for i in (0, 1):
        if not can_move(state, p, i):
            continue
        v = state.pos[2 * p + i]
        lops = leg_ops(goal, v, ops)
        for op in (ADD, SUB, MUL, DIV):
            if (lops >> op) & 1:
                nv = target(state, v, op, d, block)
                if nv >= 0:
                    out.append((("die", d, i, op), nv))
    if out:
        return out
    # Forced off the board (ruling 2): the pawn stays on the edge, never
    # home; the move names the op that pushed it (- to 0, + to 101).
    for i in (0, 1):
        if not can_move(state, p, i):
            continue
        v = state.pos[2 * p + i]
        nv = forced_target(goal, v, ops, block)
        if nv != NONE:
            op = SUB if leg_ops(goal, v, ops) & (1 << SUB) else ADD
            out.append((("die", d, i, op), nv))
    return out


def keeper_moves(state):
    """Keepers the current player may play now (Move phase only)."""
    p = state.current
    out = []
    seen = []
    for cid in state.keepers[p]:
        if cid in state.fresh:
            continue
        card = state.cards[cid]
        # Two copies of one card give the same choices: list them once.
        if card in seen:
            continue
        seen.append(card)
        effect = card[1]
        if effect == "addsub":
            block = blocked(state, p)
            ops = allowed_ops(state)
            for i in (0, 1):
                if not can_move(state, p, i):
                    continue
                v = state.pos[2 * p + i]
                lops = leg_ops(state.settings.goal, v, ops)
                for op in (ADD, SUB):
                    if (lops >> op) & 1 and \
                            target(state, v, op, card[2], block) >= 0:
                        out.append(("keeper", cid, i, op))
        elif effect == "send_start":
            for q in range(state.settings.players):
                for j in (0, 1):
                    v = state.pos[2 * q + j]
                    if v != state.end and v != leg_start(state.settings.goal, v):
                        out.append(("keeper", cid, q, j))
        elif effect == "curse":
            for q in range(state.settings.players):
                if q != p and not state.cursed[q]:
                    out.append(("keeper", cid, q, 0))
    return out


def legal_moves(state):
    """Every legal move of the current step, in a fixed order."""
    ph = state.phase
    if ph == ROLL:
        return [("roll",)]
    if ph == MOVE:
        out = []
        values = []
        for d in state.dice:
            if d not in values:
                values.append(d)
        for d in values:
            ms = die_moves(state, d)
            if ms:
                for m, _ in ms:
                    out.append(m)
            else:
                out.append(("lose", d))
        out.extend(keeper_moves(state))
        if not state.dice:
            out.append(("commit",))
        return out
    if ph == ACTION:
        return list(state.pending[2])
    return []


def is_legal(state, move):
    """Is ``move`` legal now?  Checks only the moves of its kind, which
    keeps apply() from listing every legal move of the step."""
    ph = state.phase
    kind = move[0]
    if kind == "roll":
        if ph != ROLL:
            return False
        if len(move) == 3:
            return _valid_die(move[1]) and _valid_die(move[2])
        return len(move) == 1
    if ph == MOVE:
        if kind == "die":
            if len(move) != 4 or move[1] not in state.dice:
                return False
            for m, _ in die_moves(state, move[1]):
                if m == move:
                    return True
            return False
        if kind == "lose":
            return len(move) == 2 and move[1] in state.dice and \
                not die_moves(state, move[1])
        if kind == "keeper":
            return move in keeper_moves(state)
        if kind == "commit":
            return len(move) == 1 and not state.dice
        return False
    if ph == ACTION:
        return move in state.pending[2]
    return False


def _valid_die(d):
    return isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 10


def winner(state):
    return state.winner


def places(state):
    """Players best first once there is a winner (else []): ruling 14, in
    a module of its own (a game in play does not hold it)."""
    from primeplay.climb.standings import places
    return places(state)


def end_positions(state):
    """Every end pair of the current player's pawns (progress values) this
    Move phase: the dice left and any unplayed add-or-subtract Keepers.

    Movement only: bumps, draws and Double Time's mid-turn effects are not
    modelled.  Used by hints and bots, and benchmarked.
    """
    from primeplay.climb.reach import search
    p = state.current
    ks = []
    for cid in state.keepers[p]:
        if cid not in state.fresh and state.cards[cid][1] == "addsub":
            ks.append(state.cards[cid][2])
    st = state.settings
    block = blocked(state, p)
    stations = []
    if block and st.station_mid_move:
        for b in range(len(st.way_stations)):
            if not state.visited[p] >> b & 1:
                stations.append(from_space(st.goal, 0, st.way_stations[b]))
    return search(state.pos[2 * p], state.pos[2 * p + 1], state.dice, ks,
                  st.goal, allowed_ops(state), block, st.sprint,
                  parked_mask(state), stations)


# ---------------------------------------------------------------- apply

def apply(state, move):
    """Make ``move``; raise IllegalMove (state unchanged) if it is not legal.
    Returns the move as recorded."""
    if not isinstance(move, tuple) or not move or not isinstance(move[0], str):
        raise IllegalMove("a move is a tuple like ('die', 3, 0, 0), got %r"
                          % (move,))
    for x in move[1:]:
        if not isinstance(x, int) or isinstance(x, bool):
            raise IllegalMove("move %r: every field after the first must be "
                              "an int" % (move,))
    if state.phase == OVER:
        raise IllegalMove("the game is over")
    if not is_legal(state, move):
        raise IllegalMove("illegal move %r in phase %s; legal: %s"
                          % (move, state.phase, _some(legal_moves(state))))
    apply_legal(state, move)
    return move


def apply_legal(state, move):
    """Make ``move``, known to be one of ``legal_moves(state)`` (taken from
    that very list): ``apply`` without the legality check, which costs as
    much as listing the moves again.  Anything else is undefined."""
    state.events = []
    kind = move[0]
    if kind == "roll":
        if len(move) == 3:
            _roll(state, move[1], move[2])
        else:
            _roll(state, state.rng.d10(), state.rng.d10())
    elif kind == "die":
        _use_die(state, move)
    elif kind == "lose":
        state.dice.remove(move[1])
        state.events.append(("lost_die", state.current, move[1]))
    elif kind == "keeper":
        _play_keeper(state, move)
    elif kind == "commit":
        _commit(state)
    else:
        _resolve_action(state, move)


def _some(moves):
    if len(moves) <= 6:
        return repr(moves)
    return "%r ... (%d in all)" % (moves[:6], len(moves))


def _roll(state, d1, d2):
    p = state.current
    state.rolled = (d1, d2)
    state.dice = [d1] * 4 if d1 == d2 else [d1, d2]
    state.rolls[p] += 1
    state.tally[TALLY * p + TURNS] += 1
    state.turn += 1
    state.curse_now = state.cursed[p]
    state.cursed[p] = False
    state.start_pos = (state.pos[2 * p], state.pos[2 * p + 1])
    state.moved = [0, 0]
    state.move_count = 0
    state.fresh = []
    state.phase = MOVE
    state.events.append(("rolled", p, d1, d2))


def _move_pawn(state, i, nv):
    """Move pawn i of the current player as part of the Move phase."""
    p = state.current
    was = state.pos[2 * p + i]
    state.pos[2 * p + i] = nv
    state.move_count += 1
    state.moved[i] = state.move_count
    if state.settings.station_mid_move:
        _land(state)
    if nv == state.end:
        state.events.append(("home", p, i))
        if _check_win(state):
            return
    # Double Time (ruling 8): a use that leaves the pawn on its space (x 1,
    # / 1, 0 x d) is no move of the pawn, so nothing to bump or draw.
    if state.settings.double_time and nv != state.end and nv != was:
        _bump_from(state, p, i)
        _land(state)
        if state.settings.cards and _draws(state, i):
            _draw(state, [i], MOVE)


def _use_die(state, move):
    # apply() has checked the move against die_moves(): only its target is
    # needed here, not the whole list again.
    d, i, op = move[1], move[2], move[3]
    p = state.current
    v = state.pos[2 * p + i]
    block = blocked(state, p)
    nv = target(state, v, op, d, block)
    if nv < 0:
        # The forced use of ruling 2: the pawn stays on the edge.
        nv = forced_target(state.settings.goal, v, allowed_ops(state), block)
    state.dice.remove(d)
    _move_pawn(state, i, nv)


def _check_win(state):
    p = state.current
    a = state.pos[2 * p] == state.end
    b = state.pos[2 * p + 1] == state.end
    if (a and b) or (state.settings.sprint and (a or b)):
        state.winner = p
        state.phase = OVER
        state.dice = []
        state.events.append(("win", p))
        return True
    return False


def _play_keeper(state, move):
    p = state.current
    cid = move[1]
    card = state.cards[cid]
    state.keepers[p].remove(cid)
    state.discard.append(cid)
    state.events.append(("keeper", p, cid))
    effect = card[1]
    if effect == "addsub":
        i, op = move[2], move[3]
        nv = target(state, state.pos[2 * p + i], op, card[2], blocked(state, p))
        _move_pawn(state, i, nv)
    elif effect == "send_start":
        q, j = move[2], move[3]
        _send_to_start(state, q, j)
    elif effect == "curse":
        state.cursed[move[2]] = True
        state.events.append(("cursed", move[2]))


def _send_to_start(state, q, j):
    k = 2 * q + j
    state.pos[k] = leg_start(state.settings.goal, state.pos[k])
    state.events.append(("bump", q, j))


def _bump_from(state, p, i):
    """Pawn i of player p bumps every other pawn on its space."""
    goal = state.settings.goal
    space = to_space(goal, state.pos[2 * p + i])
    if space == 0 or space == TOP:
        return
    for k in range(len(state.pos)):
        if k == 2 * p + i:
            continue
        v = state.pos[k]
        if v != state.end and to_space(goal, v) == space:
            _send_to_start(state, k // 2, k % 2)
            if k // 2 != p:
                state.tally[TALLY * p + BUMPS] += 1


def _land(state):
    """Mark the Way Stations the current player's pawns stand on."""
    stations = state.settings.way_stations
    if not stations:
        return
    p = state.current
    for i in (0, 1):
        v = state.pos[2 * p + i]
        if v == state.end:
            continue
        sp = to_space(state.settings.goal, v)
        for b in range(len(stations)):
            if stations[b] == sp and not state.visited[p] >> b & 1:
                state.visited[p] |= 1 << b
                state.events.append(("station", p, sp))


def _draws(state, i):
    """Does pawn i of the mover earn a card (ruling 6)?"""
    p = state.current
    v = state.pos[2 * p + i]
    if v == state.end or v == state.start_pos[i]:
        return False
    sp = to_space(state.settings.goal, v)
    # 101 is all red but never draws: home, Prime Decline's Start, There
    # and Back Again's turning point (rulebook FAQ; ruling 6).
    return sp != TOP and is_all_red(sp)


def _commit(state):
    p = state.current
    if not state.settings.double_time:
        # Later arrivals bump first, so they stay (ruling 5).
        order = [0, 1] if state.moved[0] > state.moved[1] else [1, 0]
        for i in order:
            if state.moved[i] and state.pos[2 * p + i] != state.end:
                _bump_from(state, p, i)
        _land(state)
        if state.settings.cards:
            cands = [i for i in (0, 1) if state.moved[i] and _draws(state, i)]
            if cands:
                _draw(state, cands, ROLL)
                if state.phase != MOVE:
                    return
    _end_turn(state)


def _end_turn(state):
    p = state.current
    state.phase = ROLL
    state.dice = []
    state.curse_now = False
    if state.extra_rolls:
        state.extra_rolls -= 1
        state.events.append(("extra_roll", p))
    else:
        state.current = (p + 1) % state.settings.players


def _draw(state, cands, resume):
    """Draw one card for the current player; resolve it if an Action.

    ``resume`` is where play goes on once an Action's choice is made: MOVE
    (Double Time, mid-turn) or ROLL (the turn ends).
    """
    if not state.deck:
        if not state.discard:
            state.events.append(("no_cards",))
            return
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
        state.events.append(("reshuffle",))
    cid = state.deck.pop()
    p = state.current
    card = state.cards[cid]
    state.tally[TALLY * p + DRAWS] += 1
    state.events.append(("draw", p, cid))
    if card[0] == C.KEEPER:
        state.keepers[p].append(cid)
        state.fresh.append(cid)
        return
    state.discard.append(cid)
    choices = _action_choices(state, card, cands)
    if len(choices) > 1:
        state.pending = (cid, resume, choices)
        state.phase = ACTION
    elif choices:
        _do_action(state, cid, choices[0])
    else:
        state.events.append(("no_effect", p, cid))


def _others_on_spaces(state, exclude):
    """(player, pawn, space) of every pawn on spaces 1..100 but one."""
    goal = state.settings.goal
    out = []
    for k in range(len(state.pos)):
        if k == exclude:
            continue
        v = state.pos[k]
        if v == state.end:
            continue
        sp = to_space(goal, v)
        if 0 < sp < TOP:
            out.append((k // 2, k % 2, sp))
    return out


def _action_choices(state, card, cands):
    effect = card[1]
    p = state.current
    if effect == "roll_again":
        return [("pawn", cands[0])]
    if effect == "steal":
        out = []
        for q in range(state.settings.players):
            if q != p:
                for cid in state.keepers[q]:
                    out.append(("steal", q, cid))
        return out
    if effect == "switch":
        out = []
        for i in cands:
            for q, j, _ in _others_on_spaces(state, 2 * p + i):
                out.append(("switch", i, q, j))
        return out
    return [("pawn", i) for i in cands]


def _resolve_action(state, move):
    cid, resume, _ = state.pending
    state.pending = None
    state.phase = MOVE
    _do_action(state, cid, move)
    if state.phase == MOVE and resume == ROLL:
        _end_turn(state)


def _direction(state, v):
    goal = state.settings.goal
    if goal == DECLINE or (goal == THERE_AND_BACK and v >= TOP):
        return -1
    return 1


def _do_action(state, cid, move):
    p = state.current
    card = state.cards[cid]
    effect = card[1]
    goal = state.settings.goal
    state.events.append(("action", p, cid))
    if effect == "roll_again":
        state.extra_rolls += 1
        return
    if effect == "steal":
        q, taken = move[1], move[2]
        state.keepers[q].remove(taken)
        state.keepers[p].append(taken)
        state.fresh.append(taken)
        state.events.append(("stole", p, q, taken))
        return
    i = move[1]
    k = 2 * p + i
    v = state.pos[k]
    sp = to_space(goal, v)
    if effect == "switch":
        q, j = move[2], move[3]
        other = 2 * q + j
        osp = to_space(goal, state.pos[other])
        state.pos[other] = from_space(goal, state.pos[other], sp)
        state.pos[k] = from_space(goal, v, osp)
        state.events.append(("switched", p, i, q, j))
        _land(state)
        return
    new = sp
    if effect == "swing50":
        if sp > 50:
            new = sp - 50
        elif sp < 50:
            new = sp + 50
    elif effect == "back10_double":
        if sp > 50:
            new = sp - 10
        elif sp < 50:
            new = sp * 2
    elif effect == "reverse_digits":
        new = _reverse_digits(sp)
    elif effect == "goto":
        new = card[2]
    elif effect in ("advance_bump", "reverse_bump"):
        step = _direction(state, v)
        if effect == "reverse_bump":
            step = -step
        best = None
        for q, j, osp in _others_on_spaces(state, k):
            dist = (osp - sp) * step
            if dist > 0 and (best is None or dist < best):
                best = dist
                new = osp
    if new == sp:
        state.events.append(("no_effect", p, cid))
        return
    nv = from_space(goal, v, new)
    if nv == TOP and blocked(state, p):
        state.events.append(("no_effect", p, cid))
        return
    state.pos[k] = nv
    state.events.append(("moved", p, i, new))
    if nv == state.end:
        state.events.append(("home", p, i))
        _check_win(state)
        return
    _bump_from(state, p, i)
    _land(state)


def _reverse_digits(n):
    r = 0
    while n:
        r = r * 10 + n % 10
        n //= 10
    return r


def chance_outcomes():
    """The 100 equally likely rolls of two d10, as roll moves."""
    return [("roll", a, b) for a in range(1, 11) for b in range(1, 11)]
