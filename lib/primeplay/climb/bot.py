"""Computer players for Prime Climb.

``random_move`` picks uniformly among the legal moves: the baseline for
soak tests and the parity runs on MicroPython.

``Bot`` plays to win.  At the start of its Move phase it runs the per-pawn
end-position search with traces (reach.py), scores every pawn's possible
end space (progress, a card to draw, an opponent to bump, a Way Station,
home), picks the best pair of shares of the dice that fit together, and
turns that pair back into moves.  It plays "send to Start" and Curse
Keepers on the leader, saves add-or-subtract Keepers unless they buy
something, and chooses Action targets by trying each one on a copy.

The bound: every decision costs at most ~50 M fuel and 32 KB on the
MicroPython VM (``tools/bench.py decisions`` scans for the worst), however
many Keepers the player holds.  A full search is exponential in the
Keepers (each doubles the shares and adds thousands of end pairs to
score: 121 M fuel with two, 490 M with four), so a plan searches the dice
alone and then the dice with ONE add-or-subtract Keeper: with the table,
the Keeper that best improves the dice's best end pair when played last
(+ or - on either pawn); in the other variants, the largest number.
What that gives up: a turn never plays two add-or-subtract Keepers
(the others stay in hand for later turns), and a Keeper other than the
chosen one is not tried even if, played mid-turn (say before a
multiplication), it would have led further.  Under a Curse the bot steps
by trial (one legal move at a time), never running the joint search.

Levels (a seat stores the number):

* NORMAL (1) plans its own race (the table, a card at a third of a
  turn) and does not hunt bumps: where its pawns end is never chosen for
  the opponent it would send back (``_rivals``).  It still bumps when
  its best race lands there, and plays Send to Start and Curses.
  The planner that also counts bumps (NORMAL before) beat it in 57% of
  1,000 games, and lost to HARD in only 54-56%: too close to HARD for
  the level between easy and hard.
* HARD (2) plans the same way but also weighs, for each end space, the
  threat of being bumped there next turn (how many of the 100 rolls let
  an opponent pawn land on it, a row of threats.bin per opponent pawn,
  times what the bump would cost, at a third: ``_threats``), values a
  card at a whole turn (NORMAL: a third), bumping an opponent at 150% of
  the turns it costs them, and Action choices by the table.  Alone
  without cards it is NORMAL: no opponent, no threat, no card.
* EASY (3) plays one die at a time, the move that gains the most progress
  now (by trial), never plans a roll and never plays a Keeper: plausible
  moves that miss the combinations.  Deterministic, so a seed replays.
"""

from primeplay.numbers import is_all_red
from primeplay.climb import reach, values
from primeplay.climb.settings import STANDARD, THERE_AND_BACK
from primeplay.climb.rules import (legal_moves, is_legal, allowed_ops,
                                   blocked, apply, target, parked_mask,
                                   ROLL, ACTION)
from primeplay.climb.track import (to_space, from_space, leg_start, TOP, ADD,
                                   BACK,
                                   SUB, MUL, DIV)

# Scores are in "progress" units (one space of the route).
# A pawn home is worth more than any space: HOME - TOP more than the last
# one.  Relative to the route's end: There and Back Again's progress runs
# to 202, and a fixed 160 made spaces 161..201 of the way back worth more
# than home, so computers hovered near 0 instead of finishing (games of
# 96-307 turns).
HOME = 160
# With the solved-solitaire table (standard races), in turns x 1000.
CARD_X1000 = 300     # a card to draw is worth about a third of a turn
# HARD values a card at a turn: the deck's Keepers and Actions (three
# Roll again, two Send to Start, two Curses) are worth more than NORMAL's
# third of a turn; in 1,000-game matches against NORMAL, 800-1,500 won
# 52-58%, 2,500 lost (it chases red spaces over progress).
HARD_CARD_X1000 = 1000
KEEPER_X1000 = 400   # a Keeper is spent only to save this much
HARD_SEND_MIN = 55
# Prime Sprint without a table (Way Stations to visit, or another goal):
# the leading pawn's score counts this many times.  Alone without cards,
# summing both pawns took 6.19 rolls, x4 5.96, x10 5.75 (solved: 4.96).
SPRINT_LEAD = 10
# HARD counts what a bump costs the opponent at 150%: over 1,000-game
# matches against NORMAL, +2 to +4 points (200%: no better; 300%: worse).
HARD_BUMP_PCT = 150
HARD_CURSE_MIN = 90
HARD_KEEPER_X1000 = 400
KEEPER_COST = 6      # a Keeper used must buy at least this much
CARD_VALUE = 5       # ending on an all-red space draws a card
STATION_VALUE = 25   # a Way Station still to visit
# Bumping is worth 7/10 of the bumped pawn's progress.  Integers only:
# CircuitPython's floats are 30-bit, and a score must compare the same on
# every VM or a seeded game would differ.
BUMP_NUM, BUMP_DEN = 7, 10


# Computer levels, as a seat stores them (0 is a human).  1 stays
# "computer" as saves before levels wrote it, so an old save keeps the
# opponent it had.
NORMAL = 1
HARD = 2
EASY = 3
LEVELS = (EASY, NORMAL, HARD)      # the setup menu's order
LEVEL_NAMES = {EASY: "easy", NORMAL: "normal", HARD: "hard"}


def random_move(state, rng):
    return rng.choice(legal_moves(state))


def _progress_value(state, v):
    return state.end + HOME - TOP if v == state.end else v


def position_value(state, p):
    """How good the position is for player p: own progress minus the
    best opponent's (used to pick Action targets and Keepers)."""
    own = 0
    best = 0
    for q in range(state.settings.players):
        t = _progress_value(state, state.pos[2 * q]) + \
            _progress_value(state, state.pos[2 * q + 1])
        if q == p:
            own = t
        elif t > best:
            best = t
    return own - best


class Bot:
    """A computer seat.  ``choose(state)`` returns the move to make.

    ``level`` is EASY, NORMAL or HARD (see the constants above)."""

    __slots__ = ("plan", "_turn", "level")

    def __init__(self, level=NORMAL):
        if level not in LEVELS:
            raise ValueError("no computer level %r" % (level,))
        self.level = level
        self.plan = []
        self._turn = -1

    def choose(self, state):
        ph = state.phase
        if ph == ROLL:
            return ("roll",)
        if ph == ACTION:
            if self.level == HARD and table_applies(state):
                return _best_by_table(state, legal_moves(state))
            return self._best_by_trial(state, legal_moves(state))
        if self.level == EASY:
            return self._easy_step(state)
        special = self._special_keeper(state)
        if special is not None:
            return special
        # is_legal, not a list of every legal move: with all nine Keepers
        # in hand that list alone is ~2 KB of the decision's 32 KB.
        if self._turn != state.turn or not self.plan or \
                not is_legal(state, self.plan[0]):
            self._turn = state.turn
            self.plan = plan_turn(state, self.level)
        if self.plan and is_legal(state, self.plan[0]):
            return self.plan.pop(0)
        moves = legal_moves(state)
        for m in moves:
            if m[0] == "commit":
                return m
        # Nothing planned fits (Double Time moved a pawn under us): the
        # best single step by trial.
        return self._best_by_trial(state, [m for m in moves
                                           if m[0] in ("die", "lose")])

    def _easy_step(self, state):
        """EASY: one die at a time, the move that adds the most progress
        now (by trial), with no plan of the whole roll and no Keepers.
        Plausible moves, but it misses every turn whose best end needs an
        early die used for a later one (a multiplication set up by an
        addition), which is most of what the planner finds."""
        steps = []
        for m in legal_moves(state):
            if m[0] in ("die", "lose"):
                steps.append(m)
            elif m[0] == "commit":
                return m
        return self._best_by_trial(state, steps)

    def _best_by_trial(self, state, moves):
        return best_after(state, moves, position_value)

    def _special_keeper(self, state):
        """Send the leading opponent pawn to Start, or Curse the leader.

        The moves keeper_moves would list for these cards, in its order,
        without listing the others."""
        if state.move_count:
            return None
        p = state.current
        best = None
        best_v = 0
        seen = []
        goal = state.settings.goal
        hard = self.level == HARD
        send_min = HARD_SEND_MIN if hard else 55
        curse_min = HARD_CURSE_MIN if hard else 90
        for cid in state.keepers[p]:
            if cid in state.fresh:
                continue
            card = state.cards[cid]
            if card in seen:
                continue
            seen.append(card)
            effect = card[1]
            for q in range(state.settings.players):
                if effect == "send_start" and q != p:
                    for j in (0, 1):
                        v = state.pos[2 * q + j]
                        if v != state.end and v != leg_start(goal, v) and \
                                v >= send_min and v > best_v:
                            best, best_v = ("keeper", cid, q, j), v
                elif effect == "curse" and q != p and not state.cursed[q]:
                    v = _progress_value(state, state.pos[2 * q]) + \
                        _progress_value(state, state.pos[2 * q + 1])
                    if v >= curse_min and v > best_v:
                        best, best_v = ("keeper", cid, q, 0), v
        return best


def _race_value(state, p):
    """How far ahead player p is, in expected turns x 1000 (the table):
    the best opponent's turns still needed minus p's own."""
    own = best = 0
    for q in range(state.settings.players):
        v = _turns_left(state, state.pos[2 * q], state.pos[2 * q + 1])
        if q == p:
            own = v
        elif best == 0 or v < best:
            best = v
    return best - own


def _turns_left(state, x, y):
    """Expected turns x 1000 for pawns at x, y to finish (the table); There
    and Back Again's as its two races (frame), a way out then the way
    back from (101, 101)."""
    st = state.settings
    if st.goal != THERE_AND_BACK:
        return values.turns_in(values.table_for(st), x, y)
    out = values.table_of(values.STANDARD)
    back = values.table_of(values.BACK)
    if x > y:
        x, y = y, x
    if y <= TOP:
        return values.turns_in(out, x, y) + values.turns_in(back, 0, 0)
    if x >= TOP:
        return values.turns_in(back, x - TOP, y - TOP)
    return values.turns_in(out, x, TOP) + values.turns_in(back, 0, y - TOP)


def best_after(state, moves, value):
    """The move of ``moves`` after which ``value(state, player)`` is
    highest for the mover (a win first), each tried on a copy."""
    p = state.current
    best = None
    best_v = None
    for m in moves:
        s = state.copy()
        apply(s, m)
        if s.winner == p:
            return m
        v = value(s, p)
        if best_v is None or v > best_v:
            best, best_v = m, v
    return best


def _best_by_table(state, moves):
    """HARD's Action choice in the standard race: the move after which
    the player is furthest ahead in table turns."""
    return best_after(state, moves, _race_value)


def _station_limit(state, p):
    """While player p has Way Stations to visit: the progress of the
    furthest of them on the way to 101 (no pawn may finish before), else
    None."""
    if not blocked(state, p):
        return None
    goal = state.settings.goal
    stations = state.settings.way_stations
    limit = 0
    for b in range(len(stations)):
        if not state.visited[p] >> b & 1:
            v = from_space(goal, 0, stations[b])
            if v > limit:
                limit = v
    return limit


def _pawn_score(state, i, v, opp_spaces, limit=None):
    """The worth of ending the turn with pawn i of the mover at v.

    ``limit`` (_station_limit): a pawn beyond the last station still to
    visit counts as far back as it is past it, since it must come back
    or wait for its partner: counted as progress, it ran on to 100 and
    sat there, unable to finish, while the station went unvisited."""
    if v == state.end:
        return state.end + HOME - TOP
    p = state.current
    goal = state.settings.goal
    sp = to_space(goal, v)
    score = v
    if limit is not None and limit < v <= TOP:
        score = 2 * limit - v
    if state.settings.cards and v != state.start_pos[i] and sp != TOP \
            and is_all_red(sp):
        score += CARD_VALUE
    if 0 < sp < TOP:
        for q, qv in opp_spaces:
            if q == sp:
                score += qv * BUMP_NUM // BUMP_DEN
    stations = state.settings.way_stations
    for b in range(len(stations)):
        if stations[b] == sp and not state.visited[p] >> b & 1:
            # Worth more than any space: until every station is visited
            # no pawn may finish, and a bonus on the station's own number
            # (53 + 25) left a pawn on 100 stuck there for ever, alone.
            score = TOP + STATION_VALUE
    return score


def _top2(state, i, members, opp_spaces, pen=None, limit=None):
    """The two best (score, v) of one share's members."""
    a = b = None
    for v in members:
        s = _pawn_score(state, i, v, opp_spaces, limit)
        if pen is not None:
            s -= pen[i][v]
        if a is None or s > a[0]:
            a, b = (s, v), a
        elif b is None or s > b[0]:
            b = (s, v)
    return a, b


def addsub_keepers(state, p):
    """The player's playable add-or-subtract Keepers, one per number:
    ([card ids], [numbers])."""
    kcids = []
    knums = []
    for cid in state.keepers[p]:
        card = state.cards[cid]
        if cid not in state.fresh and card[1] == "addsub" and \
                card[2] not in knums:
            kcids.append(cid)
            knums.append(card[2])
    return kcids, knums


def plan_turn(state, level=NORMAL):
    """The moves (dice and at most one add-or-subtract Keeper) to the best
    end pair of the current Move phase; [] when no dice are left.  See
    the module docstring for the bound.  HARD also weighs the threat of
    being bumped next turn (``_threats``)."""
    if not state.dice:
        return []
    if state.curse_now:
        # A Curse couples the pawns (reach.py): step by trial instead.
        return []
    p = state.current
    st = state.settings
    # The race as searched: There and Back Again's way out or back is
    # the standard race or Prime Decline's, progress less ``off``.
    kind, goal, off = frame(state)
    kcids, knums = addsub_keepers(state, p)
    ops = allowed_ops(state)
    block = blocked(state, p)
    a0 = state.pos[2 * p] - off
    b0 = state.pos[2 * p + 1] - off
    table = kind is not None
    pen = _threats(state, p, a0, b0, table) if level == HARD else None
    kc = []
    best0 = None
    known = (None, None)
    if knums:
        r0 = opp2 = None
        if table:
            # The dice alone: their best pair picks the Keeper.  Traced,
            # their shares are the Keeper-free shares of the Keeper's
            # search below, which takes them as they are (reach.py).
            opp2 = _rivals(state, p, level)
            pl0 = reach.Plan(state.dice, (), goal, ops, block)
            ta0 = [None] * pl0.nshares
            tb0 = [None] * pl0.nshares
            sa0 = reach.pawn_shares(pl0, a0, ta0)
            sb0 = reach.pawn_shares(pl0, b0, tb0)
            known = ((sa0, ta0), (sb0, tb0))
            r0 = reach.pair_up(pl0, sa0, sb0, into=scratch(0, pl0.w))
            best0, score0 = _best_pair(state, r0, opp2, None, pen)
        # The bound: one Keeper searched, the one most likely to help.
        ki = pick_keeper(state, knums, best0, table)
        kc = [kcids[ki]]
        knums = (knums[ki],)
    pl = reach.Plan(state.dice, knums, goal, ops, block)
    ta = [None] * pl.nshares
    tb = [None] * pl.nshares
    # There and Back Again: a pawn held on 101 (rules ruling 10) takes no
    # use; searched as free, its plan would be illegal and the turn fall
    # back to steps by trial.
    pk = parked_mask(state) if goal == THERE_AND_BACK else 0
    sa = reach.pawn_shares(pl, a0, ta, pk & 1, known[0])
    sb = reach.pawn_shares(pl, b0, tb, pk & 2, known[1])
    win = winning_shares(pl, sa, sb, st.sprint)
    use_k = 0
    if table and win is None:
        if not knums:
            opp2 = _rivals(state, p, level)
            best0, score0 = _best_pair(
                state, reach.pair_up(pl, sa, sb, into=scratch(0, pl.w)),
                opp2, None, pen)
        else:
            kpair, kscore = _best_pair(
                state, reach.pair_up(pl, sa, sb, into=scratch(1, pl.w)),
                opp2, r0, pen)
            if kpair is not None and (best0 is None or
                                      kscore >= score0 + (
                                          KEEPER_X1000 if pen is None
                                          else HARD_KEEPER_X1000)):
                best0 = kpair
                use_k = 1
    if win is not None:
        La, Lb, va, vb = win
    elif table:
        if best0 is None:
            return []
        La, Lb, va, vb = shares_for(pl, sa, sb, best0, use_k)
    else:
        opp = []
        for q in range(st.players if level != NORMAL else 0):
            if q != p:
                for j in (0, 1):
                    v = state.pos[2 * q + j]
                    if v != pl.end:
                        opp.append((to_space(goal, v), v))
        La, Lb, va, vb = _best_shares(state, pl, sa, sb, opp, pen)
    if La is None:
        return []
    moves = path_moves(state, pl, ta, La, va, 0, kc, off)
    moves += path_moves(state, pl, tb, Lb, vb, 1, kc, off)
    return moves


# Two result bitsets, reused by every decision (plan_turn needs two at
# once: the dice alone and with a Keeper).  Late in a game the heap holds
# enough free bytes for a decision but not always 1.6 KB in one piece:
# on CircuitPython's VM an all-computer game then failed on a 156 KB heap
# and passed on 154 KB.  Made at import, as the game starts, and again
# only when a variant's board is another size.
_results = [reach.new_result(TOP + 1), reach.new_result(TOP + 1)]

# _best_pair's per-space gains (all, pawn a's, pawn b's), likewise: three
# lists of 102 made fresh at every decision were the block a late
# decision most often could not find (408 bytes, in the 4-computer games
# of host_tests/test_board_heap.py).
_gains = ([0] * (TOP + 1), [0] * (TOP + 1), [0] * (TOP + 1))

# Which progress values draw a card, the same for every decision: made
# once, not fresh blocks per decision late in a game on a cut-up heap.
_RED = {}


def _red(n, goal=STANDARD):
    """red[v] is 1 when progress v (of n) stands on an all-red space."""
    got = _RED.get((n, goal))
    if got is None:
        got = _RED[(n, goal)] = bytearray(n)
        for v in range(n):
            sp = to_space(goal, v)
            if 11 <= sp < TOP and is_all_red(sp):
                got[v] = 1
    return got


def scratch(i, w):
    r = _results[i]
    if len(r) != w * ((w + reach.WORD - 1) // reach.WORD):
        r = _results[i] = reach.new_result(w)
    return r


def _rivals(state, p, level):
    """The opponent pawns a plan weighs bumping (_opp_pairs): none for
    NORMAL, which plans its own race only."""
    return [] if level == NORMAL else _opp_pairs(state, p)


def _opp_pairs(state, p):
    """Each opponent pawn with its partner, for what a bump costs them."""
    opp = []
    for q in range(state.settings.players):
        if q != p:
            x, y = state.pos[2 * q], state.pos[2 * q + 1]
            opp.append((x, y))
            opp.append((y, x))
    return opp


def pick_keeper(state, knums, pair, table):
    """Which one Keeper to search with: with the table, the one that best
    improves the dice's best end pair as a last step (+ or - to either
    pawn); otherwise the largest number."""
    best = 0
    if not table or pair is None:
        for i in range(1, len(knums)):
            if knums[i] > knums[best]:
                best = i
        return best
    a, b = pair
    tab = values.table_of(_table_kind(state))
    # Each Keeper's best of its four last steps, read from two rows of
    # the table: (a +- k, b) in row b, (a, b +- k) in row a (the table is
    # symmetric; own pawns on one space settle to (that space, 0)).
    low = [None] * len(knums)
    for row_of, fixed, moved in ((b, b, a), (a, a, b)):
        t = tab.row(row_of)
        for i in range(len(knums)):
            for x in (moved + knums[i], moved - knums[i]):
                if 0 <= x <= TOP:
                    j = 0 if x == fixed and 0 < x < TOP else x
                    v = (t[2 * j] << 8) | t[2 * j + 1]
                    if low[i] is None or v < low[i]:
                        low[i] = v
    best_v = None
    for i in range(len(knums)):
        if low[i] is not None and (best_v is None or low[i] < best_v):
            best, best_v = i, low[i]
    return best


# HARD's threat weight: the expected loss from a bump is counted at
# THREAT_NUM / THREAT_DEN: an opponent that can bump does not always (it
# has its own plan), and counted in full HARD lost to NORMAL (3x: 41%).
THREAT_NUM, THREAT_DEN = 1, 3
try:
    THREATS_PATH = __file__.rsplit("/", 1)[0] + "/threats.bin"
except NameError:       # a frozen module has no __file__
    THREATS_PATH = "/lib/primeplay/climb/threats.bin"


def _risk(state, p):
    """For each board space 1..100: how many of the 100 rolls let some
    opponent pawn end its next turn there (summed over pawns, capped at
    100), from threats.bin (tools/gen_climb_threats.py).

    A row of 102 bytes per opponent pawn is read from flash: the whole
    table would be another 10 KB of heap.  The count is per pawn alone
    (Keepers, Curses and Way Stations ignored)."""
    goal = state.settings.goal
    risk = bytearray(TOP + 1)
    buf = bytearray(TOP + 1)
    with open(THREATS_PATH, "rb") as f:
        for q in range(state.settings.players):
            if q == p:
                continue
            for j in (0, 1):
                v = state.pos[2 * q + j]
                if v == state.end:
                    continue
                y = to_space(goal, v)
                if not 0 <= y < TOP:
                    continue
                f.seek(y * (TOP + 1))
                f.readinto(buf)
                for x in range(1, TOP):
                    if buf[x]:
                        r = risk[x] + buf[x]
                        risk[x] = r if r < 100 else 100
    return risk


def _threats(state, p, a0, b0, table):
    """HARD: per pawn, per end value, what the threat of being bumped
    there costs: the rolls that reach it (_risk) times what a bump loses,
    in the units of the score (turns x 1000 with the table, progress
    without)."""
    goal = state.settings.goal
    risk = _risk(state, p)
    if table:
        n = values.N
        kind, goal, _ = frame(state)       # a0, b0 are in its race
        tab = values.table_of(kind)
        pen = ([0] * n, [0] * n)
        for i, other in ((0, b0), (1, a0)):
            row = pen[i]
            # (x, other) is (other, x): one row of the table for all x.
            t = tab.row(other)
            back = (t[0] << 8) | t[1]
            for x in range(1, TOP):
                r = risk[to_space(goal, x)]
                if r:
                    loss = back - ((t[2 * x] << 8) | t[2 * x + 1])
                    if loss > 0:
                        row[x] = r * loss * THREAT_NUM // \
                            (100 * THREAT_DEN)
        return pen
    w = state.end + 1
    row = [0] * w
    for v in range(w):
        if v == state.end:
            continue
        r = risk[to_space(goal, v)] if 0 < to_space(goal, v) < TOP else 0
        if r:
            row[v] = r * (v - leg_start(goal, v)) * BUMP_NUM * \
                THREAT_NUM // (100 * BUMP_DEN * THREAT_DEN)
    return (row, row)


def frame(state):
    """(table kind, goal, offset): how the mover's race is searched and
    judged now (kind None: by progress, no table).

    There and Back Again, with both_out (its default, rules ruling 10),
    is two races one after the other: the standard race out to 101 (a
    pawn there waits, as one home does), then the way back from 101 to 0
    (track.BACK: Prime Decline's route, but a pawn back up on 101 stays
    there), each pawn's turn on one way only.  So a turn that began with
    both pawns on the way out is searched as the standard race and judged
    by its table (offset 0), one that began with both turned as the way
    back (progress less 101) and judged by values_back.bin.  Solved whole
    (tools/gen_climb_variants.py: 17.0088 turns from the start), the race
    is the standard table's 8.980 plus the way back's from 101.  A pawn
    sent back to 0 from the way back leaves the pawns on two ways: judged
    by progress."""
    st = state.settings
    if st.goal != THERE_AND_BACK:
        return _table_kind_of(state), st.goal, 0
    if not st.both_out or st.sprint or blocked(state, state.current):
        return None, st.goal, 0
    a, b = state.start_pos
    if a >= TOP and b >= TOP:       # both in (or back): the way back
        return values.BACK, BACK, TOP
    if a <= TOP and b <= TOP:
        return values.STANDARD, STANDARD, 0
    return None, st.goal, 0


def _table_kind(state):
    """The table (values' kinds) that judges the mover's race now, or
    None (frame)."""
    return frame(state)[0]


def _table_kind_of(state):
    """The kind of a race without There and Back Again's two ways: a
    variant's own table, and with Way Stations still to visit only the
    preset's single station on 53 (values_way53.bin)."""
    st = state.settings
    k = values.kind_of(st)
    if k is None:
        return None
    if blocked(state, state.current):
        if k == values.STANDARD and \
                st.way_stations == (values.WAY_STATION,):
            return values.WAY53
        return None
    return k


def table_applies(state):
    """A solved table judges the standard race (also Way Stations once the
    mover has visited them all: the rest of its race is the standard
    one, and before that on the preset's 53), Prime Sprint's, Prime
    Decline's and There and Back Again's (frame)."""
    return _table_kind(state) is not None


def _best_pair(state, r, opp, exclude=None, pen=None):
    """The pair of ``r`` (a reach.Reach) with the best score, and
    that score; pairs also in ``exclude`` (a Reach) are skipped.

    Written out over the result's words with no tuple or call per pair:
    a turn with a Keeper has ~2,500 end pairs, and on the board every
    allocation and call there counts.  The score of a pair, written out
    plainly, is test_climb_bot.table_score.
    """
    kind, goal, off = frame(state)
    table = values.table_of(kind)
    n = values.N
    sa, sb = state.start_pos
    sa -= off
    sb -= off
    card = (CARD_X1000 if pen is None else HARD_CARD_X1000) \
        if state.settings.cards else 0
    # What landing on each space gains: the bumped opponents' lost turns,
    # plus a card (counted once per pair, below) as bit 0 of ``red``.
    gain, gain_a, gain_b = _gains
    for x in range(n):
        gain[x] = 0
    if goal != state.settings.goal:
        _two_way_gains(state, opp, gain, goal)
    else:
        for x, y in opp:
            if 0 < x < TOP:
                gain[x] += values.turns_in(table, y, 0) - \
                    values.turns_in(table, y, x)
    if pen is not None and HARD_BUMP_PCT != 100:
        for x in range(n):
            gain[x] = gain[x] * HARD_BUMP_PCT // 100
    # Per pawn, what ending on each space gains: the same list for both
    # unless HARD subtracts each pawn's threat (``pen``); no cost per pair.
    if pen is None:
        gain_a = gain_b = gain
    else:
        pa, pb = pen
        for v in range(n):
            gain_a[v] = gain[v] - pa[v]
            gain_b[v] = gain[v] - pb[v]
    red = _red(n, goal)
    words = r.words
    ex = exclude.words if exclude is not None else None
    nw = r.nw
    wbits = reach.WORD
    best = None
    best_v = None
    for a in range(r.width):
        ra = red[a] and a != sa
        ga = gain_a[a]
        row = None
        for k in range(nw):
            x = words[a * nw + k]
            if ex is not None:
                x &= ~ex[a * nw + k]
            if not x:
                continue
            if row is None:
                row = table.row(a)      # only for an a with end pairs
            b = k * wbits
            while x:
                if not x & 1:
                    # Skip a run of clear bits at once.
                    if not x & 0xFF:
                        x >>= 8
                        b += 8
                        continue
                    x >>= 1
                    b += 1
                    continue
                bb = b
                if a == bb and 0 < a < TOP:
                    bb = 0
                v = ga - ((row[2 * bb] << 8) | row[2 * bb + 1])
                if ra or (red[bb] and bb != sb):
                    v += card
                if bb != a:
                    v += gain_b[bb]
                if best_v is None or v > best_v:
                    best_v = v
                    best = (a, b)
                x >>= 1
                b += 1
    return best, best_v


def _two_way_gains(state, opp, gain, goal):
    """There and Back Again (frame): what bumping each opponent pawn
    costs them, in their own race (out: the standard table, back: the way
    back's; bumped to the start of its way, 0 or 101), at the mover's
    progress for that space in the mover's race ``goal``."""
    tg = state.settings.goal
    for x, y in opp:
        sp = to_space(tg, x)
        if not 0 < sp < TOP:
            continue
        if x <= TOP and y <= TOP:
            t = values.table_of(values.STANDARD).row(y)
        elif x >= TOP and y >= TOP:
            t = values.table_of(values.BACK).row(y - TOP)
            x -= TOP
        else:
            continue            # on two ways: no table
        gain[sp if goal == STANDARD else TOP - sp] += \
            ((t[0] << 8) | t[1]) - ((t[2 * x] << 8) | t[2 * x + 1])


def shares_for(pl, sa, sb, pair, use_keepers):
    """Complementary shares ending on ``pair``, fewest Keepers first."""
    kc = pl.kcount
    best = None
    for La in range(pl.nshares):
        if sa[La] is None or pair[0] not in sa[La]:
            continue
        ds_a = La // kc
        ka = La - ds_a * kc
        if ka and not use_keepers:
            continue
        ds_b = pl.full_ds - ds_a
        if not pl.fits(ds_a, ds_b):
            continue
        for kb in range(kc):
            if kb & ka or (kb and not use_keepers):
                continue
            Lb = ds_b * kc + kb
            if sb[Lb] is not None and pair[1] in sb[Lb]:
                used = _popcount(ka | kb)
                if best is None or used < best[0]:
                    best = (used, La, Lb)
    if best is None:
        return None, None, None, None
    return best[1], best[2], pair[0], pair[1]


def winning_shares(pl, sa, sb, sprint):
    end = pl.end
    n = pl.nshares
    for La in range(n):
        if sa[La] is None or end not in sa[La]:
            continue
        if sprint:
            return La, 0, end, None
        for Lb in range(n):
            if sb[Lb] is not None and end in sb[Lb] and \
                    reach.compatible(pl, La, Lb):
                return La, Lb, end, end
    if sprint:
        for Lb in range(n):
            if sb[Lb] is not None and end in sb[Lb]:
                return 0, Lb, None, end
    return None


def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def _best_shares(state, pl, sa, sb, opp, pen=None):
    """The best pair of exactly complementary shares, and their ends."""
    kc = pl.kcount
    n = pl.nshares
    goal = state.settings.goal
    top_a = [None] * n
    top_b = [None] * n
    limit = _station_limit(state, state.current)
    sprint = state.settings.sprint
    for L in range(n):
        if sa[L] is not None:
            top_a[L] = _top2(state, 0, sa[L], opp, pen, limit)
        if sb[L] is not None:
            top_b[L] = _top2(state, 1, sb[L], opp, pen, limit)
    best = None
    for La in range(n):
        if top_a[La] is None:
            continue
        ds_a = La // kc
        ka = La - ds_a * kc
        ds_b = pl.full_ds - ds_a
        if not pl.fits(ds_a, ds_b):
            continue
        for kb in range(kc):
            Lb = ds_b * kc + kb
            if kb & ka or top_b[Lb] is None:
                continue
            cost = KEEPER_COST * _popcount(ka | kb)
            for ca in top_a[La]:
                if ca is None:
                    continue
                for cb in top_b[Lb]:
                    if cb is None:
                        continue
                    if sprint:
                        # The first pawn home wins: the leader is what
                        # counts, the other only breaks ties.
                        hi, lo = (ca[0], cb[0]) if ca[0] > cb[0] else \
                            (cb[0], ca[0])
                        total = SPRINT_LEAD * hi + lo - cost
                    else:
                        total = ca[0] + cb[0] - cost
                    va, vb = ca[1], cb[1]
                    if va != pl.end and vb != pl.end and \
                            to_space(goal, va) == to_space(goal, vb) and \
                            0 < to_space(goal, va) < TOP:
                        # One bumps the other: worth only the better one.
                        total = (ca[0] if ca[0] > cb[0] else cb[0]) - cost
                    if best is None or total > best[0]:
                        best = (total, La, Lb, va, vb)
    if best is None:
        return None, None, None, None
    return best[1], best[2], best[3], best[4]


def path_moves(state, pl, trace, L, v, pawn, kcids, off=0):
    """Moves that take pawn ``pawn`` from its start to v using share L
    (progress in the plan's race: the game's less ``off``, frame)."""
    if v is None:
        return []
    steps = []
    kc = pl.kcount
    block = blocked(state, state.current)
    ops = allowed_ops(state)
    w = pl.w
    while L:
        u = trace[L][v]
        via = trace[L][w + v]
        if via >= 100:
            ki = via - 100
            num = _keeper_num(state, kcids[ki])
            op = _op_for(state, u + off, v + off, num, ops, block,
                         (ADD, SUB))
            steps.append(("keeper", kcids[ki], pawn, op))
            L -= 1 << ki
        else:
            d = pl.values[via]
            op = _op_for(state, u + off, v + off, d, ops, block,
                         (ADD, SUB, MUL, DIV))
            steps.append(("die", d, pawn, op))
            L -= pl.strides[via] * kc
        v = u
    steps.reverse()
    return steps


def _keeper_num(state, cid):
    return state.cards[cid][2]


def _op_for(state, u, v, d, ops, block, choices):
    for op in choices:
        if (ops >> op) & 1 and target(state, u, op, d, block) == v:
            return op
    raise ValueError("no op takes %d to %d with %d" % (u, v, d))


__all__ = ["Bot", "EASY", "NORMAL", "HARD", "LEVELS", "LEVEL_NAMES",
           "random_move", "plan_turn"]
