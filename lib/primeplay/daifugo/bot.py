"""Computer players for Prime Daifugo Lvl. 0.

``Bot(level).choose(state)`` returns the move to make, always one the
rules allow now (it is made of the cards, counts and phases the rules
check, and only primes are played: the bot knows its primes, so its plays
never fail the judgment).  Two levels:

``normal`` -- the plain player of the rulebook's first pages:

* it wins when one play empties its hand ([6][19] leading: 619, not 19);
* holding a SKIP whose rest is one play, it plays the SKIP (the rest
  goes out next turn: "you cannot win the game by playing the SKIP card
  as last");
* else it plays the smallest prime that beats the play area; on an empty
  area, from a hand of 6 cards or more the smallest prime of the most
  cards it can play (3, else 2, else 1), from a smaller hand the smallest
  prime it can form at all, whatever the card count;
* when it cannot play and has not drawn this turn it uses phase 1: a D
  card if it holds one (draw 2, discard 1), else it draws a card; then it
  plays the smallest beating prime if the new cards made one, else plays
  a SKIP if it holds one (three players), else passes;
* after a D card it discards the card that takes part in the fewest
  primes the hand can form (a dead card first).

It plans nothing (no card kept for the end, no look at the other
hands), so strong beats it: 0.66 of 2,000 2-player games, and 0.48 of
2,000 3-player games against two normals with every advanced rule
(BENCH.md).  Before it played SKIP it could not win while it held one,
and three normals took a median 310 moves a game (every advanced rule);
leading one card at a time from a big hand, still 147 without SKIP
(strong: 39).  Now some 55 (strong: 45).

``strong`` -- the tips of section 9 as a score on every candidate play:

* it wins at once when a play (or a Stop whose rest is one play) empties
  the hand;
* it plays its D cards at the start of a turn ("use D cards early");
* it plans its last plays: before each candidate the hand left after it
  is read (its dead cards, and whether it is one play: "plan on which
  cards to play last"); the cards that make its best prime are kept for
  the end, cards that join few primes go before flexible ones, low
  cards go first, many cards per play go first;
* leading, it reads the other hands' card counts: a play of k cards lets
  a hand of n cards go out only when k == n or k == n + 1 (a draw), so
  with an opponent low it leads another count, 3 cards above all;
* a [12] (Stop) is played when it gives the lead back with a good rest,
  a [10] (Draw 2) when the next player is unlikely to beat it;
* it draws only when it has nothing worth playing, and plays SKIP (three
  players) rather than pass: a card shed and the next player skipped;
  and it plays SKIP at once when the rest of its hand is one play.

Candidate plays come from prime tables built once (``T1``, ``T2``, ``T3``:
the primes one, two and three cards can form, as card values), matched
against the hand's cards grouped by value, never from ``legal_moves``:
with 13 cards that list holds thousands of 3-card moves.  Strong keeps
no list of its candidates either (a 13-card hand forms hundreds of prime
plays, some 20 KB of tuples on the board): one pass over the tables
finds what the scores need (``_survey``), a second scores each play
that beats the area as it is found.  The costliest
decision ``make bench`` finds (13-card hands, every advanced rule) takes
some 20 M fuel and 14 KB on the MicroPython VM, some 135 ms on the board
(host_tests/test_daifugo_bot.py holds decisions to 50 M fuel and 32 KB).
"""

from primeplay.daifugo import cards as C
from primeplay.daifugo.game import Game, move_text
from primeplay.daifugo.rules import (TURN, DISCARD, can_draw, must_draw)

NORMAL = "normal"
STRONG = "strong"
LEVELS = (NORMAL, STRONG)

# The card values there are (cards.TABLE); multi-number cards take some.
_VALUES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 17, 19)
_TOP = 2000     # two 2-digit cards form at most 1919


def _sieve(n):
    s = bytearray(n)
    for i in range(2, n):
        s[i] = 1
    i = 2
    while i * i < n:
        if s[i]:
            for j in range(i * i, n, i):
                s[j] = 0
        i += 1
    return s


PRIME = _sieve(_TOP)


def _cat(a, b):
    return a * (100 if b >= 10 else 10) + b


def _tables():
    t1 = []
    for v in _VALUES:
        if PRIME[v]:
            t1.append((v, (v,)))
    t2 = []
    for a in _VALUES:
        if a == 0:
            continue
        for b in _VALUES:
            n = _cat(a, b)
            if PRIME[n]:
                t2.append((n, (a, b)))
    t2.sort()
    t3 = []
    for n in range(101, 1000, 2):
        if PRIME[n]:
            t3.append((n, (n // 100, n // 10 % 10, n % 10)))
    return (None, tuple(t1), tuple(t2), tuple(t3))


# TABLES[k]: (number, values) of every prime k cards can form, ascending.
TABLES = _tables()


# ------------------------------------------------------------ candidates

def slots(state, hand):
    """The hand's cards by the value they can be played as:
    (any[v] for 1-2 card plays, three[v] for 3-card plays), each list in
    order of preference to spend: plain number cards, then ones with the
    3-cards icon (kept for 3-card plays), then multi-number cards (kept
    for their choice)."""
    cards = state.cards
    m3 = state.settings.multi_in_three
    one = [None] * 20
    three = [None] * 10
    for rank in range(3):
        for c in hand:
            card = cards[c]
            kind = card[0]
            if rank < 2:
                if kind != C.NUMBER or card[2] != (rank == 1):
                    continue
            elif kind != C.MULTI:
                continue
            for v in card[1]:
                if one[v] is None:
                    one[v] = [c]
                else:
                    one[v].append(c)
                if v <= 9 and (kind == C.NUMBER or m3):
                    if three[v] is None:
                        three[v] = [c]
                    else:
                        three[v].append(c)
    return one, three


def _pick(cards, vals, one, three):
    """Card ids for a template's values, or None: the first assignment in
    preference order (distinct cards; a 3-card play needs an icon)."""
    k = len(vals)
    if k == 1:
        la = one[vals[0]]
        return None if la is None else (la[0],)
    if k == 2:
        la = one[vals[0]]
        lb = one[vals[1]]
        if la is None or lb is None:
            return None
        for a in la:
            for b in lb:
                if b != a:
                    return (a, b)
        return None
    la = three[vals[0]]
    lb = three[vals[1]]
    lc = three[vals[2]]
    if la is None or lb is None or lc is None:
        return None
    for a in la:
        for b in lb:
            if b == a:
                continue
            for c in lc:
                if c == a or c == b:
                    continue
                if cards[a][2] or cards[b][2] or cards[c][2]:
                    return (a, b, c)
    return None


def plays(state, hand=None, need=None, floor=None, sl=None):
    """The prime plays of ``hand`` (default: the current player's) that
    beat the area: a list of (number, card ids, values, tenth), ascending
    by number within each card count, 1-card plays first; ``tenth`` (0-9)
    is how far up the primes of its card count the number stands.  ``need`` is the
    card count the area asks (0: any), ``floor`` the number to beat."""
    if hand is None:
        hand = state.hands[state.current]
    if need is None:
        top = state.top()
        need = len(top[1]) if top is not None else 0
        floor = top[3] if top is not None else -1
    if sl is None:
        sl = slots(state, hand)
    one, three = sl
    cards = state.cards
    out = []
    h = len(hand)
    for k in (1, 2, 3):
        if (need and k != need) or k > h:
            continue
        t = TABLES[k]
        for i in range(len(t)):
            e = t[i]
            if e[0] <= floor:
                continue
            cids = _pick(cards, e[1], one, three)
            if cids is not None:
                out.append((e[0], cids, e[1], i * 10 // len(t)))
    return out


def _smallest(state, hand, need, floor, sl):
    """The smallest prime play beating ``floor`` (any count when need is
    0), without listing the others."""
    one, three = sl
    cards = state.cards
    best = None
    for k in (1, 2, 3):
        if (need and k != need) or k > len(hand):
            continue
        for t in TABLES[k]:
            if t[0] <= floor:
                continue
            if best is not None and t[0] >= best[0]:
                break
            cids = _pick(cards, t[1], one, three)
            if cids is not None:
                best = (t[0], cids, t[1], 0)
                break
    return best


def _values_of(state, c):
    card = state.cards[c]
    return card[1] if card[0] in (C.NUMBER, C.MULTI) else ()


def one_play(state, cids):
    """The prime play of exactly these cards (1-3, as a lead), as
    ``plays`` gives it (tenth 0), or None."""
    k = len(cids)
    if not 1 <= k <= 3:
        return None
    for c in cids:
        if state.cards[c][0] not in (C.NUMBER, C.MULTI):
            return None
    sl = slots(state, cids)
    for t in TABLES[k]:
        got = _pick(state.cards, t[1], sl[0], sl[1])
        if got is not None:
            return (t[0], got, t[1], 0)
    return None


def _use(state, hand, counts):
    """How many plays each card of ``hand`` can take part in, by value
    (``counts``: the plays each value takes part in, _survey's): a list
    indexed like ``hand``."""
    cards = state.cards
    use = [0] * len(hand)
    for i in range(len(hand)):
        for v in _values_of(state, hand[i]):
            use[i] += counts[v]
    # A lone prime card is a play of its own whatever the rest is.
    for i in range(len(hand)):
        card = cards[hand[i]]
        if card[0] == C.NUMBER and PRIME[card[1][0]]:
            use[i] += 2
    return use


def _worst_card(state, hand, use):
    """The card to give up (D's discard): the least useful, the higher
    value first among equals (the orange [10]/[12]/[8] ... go first)."""
    best = None
    key = None
    for i in range(len(hand)):
        vals = _values_of(state, hand[i])
        high = vals[-1] if vals else 99
        k = (use[i], -high)
        if key is None or k < key:
            best, key = hand[i], k
    return best


def _d_card(state, hand):
    for c in hand:
        if state.cards[c][0] == C.DRAW:
            return c
    return None


def _skip_card(state, hand):
    for c in hand:
        if state.cards[c][0] == C.SKIP:
            return c
    return None


# ------------------------------------------------------------ the bots

class Bot:
    """A computer seat: ``Bot("normal")`` or ``Bot("strong")``;
    ``choose(state)`` returns the move to make."""

    __slots__ = ("level",)

    def __init__(self, level=STRONG):
        if level not in LEVELS:
            raise ValueError("level is %s, not %r" % (" or ".join(LEVELS),
                                                       level))
        self.level = level

    def choose(self, state):
        p = state.current
        hand = state.hands[p]
        if state.phase == DISCARD:
            counts = _survey(state, hand, slots(state, hand), 0, -1)[1]
            return ("discard", _worst_card(state, hand,
                                           _use(state, hand, counts)))
        if state.phase != TURN:
            raise ValueError("no move to choose: the game is over")
        if must_draw(state):
            return ("draw",)
        if self.level == NORMAL:
            return _normal(state, p, hand)
        return _strong(state, p, hand)


def _play(best):
    return ("play", best[1], best[2])


# Normal leads with as many cards as it can from a hand this big (from
# a smaller one, the smallest prime of any count).
BIG_HAND = 6


def _skip_then_out(state, hand):
    """A SKIP card of ``hand`` whose rest is one play (as a lead), or None:
    SKIP now, and the rest may go out in one play on the next turn."""
    sk = _skip_card(state, hand)
    if sk is None or not 1 < len(hand) < 5:
        return None
    return sk if one_play(state, [c for c in hand if c != sk]) else None


def _normal(state, p, hand):
    top = state.top()
    need = len(top[1]) if top is not None else 0
    floor = top[3] if top is not None else -1
    sl = slots(state, hand)
    h = len(hand)
    # Out at once: a play of all its cards (of the count the area asks).
    if h <= 3 and need in (0, h):
        best = _smallest(state, hand, h, floor, sl)
        if best is not None:
            return _play(best)
    sk = _skip_then_out(state, hand)
    if sk is not None:
        return ("skip", sk)
    best = None
    if not need and h >= BIG_HAND:
        # A big hand leads as many cards as it can.
        for k in (3, 2, 1):
            best = _smallest(state, hand, k, floor, sl)
            if best is not None:
                break
    else:
        best = _smallest(state, hand, need, floor, sl)
    if best is not None:
        return _play(best)
    if not state.drawn:
        d = _d_card(state, hand)
        if d is not None:
            return ("dcard", d)
        if can_draw(state, p):
            return ("draw",)
    sk = _skip_card(state, hand)
    if sk is not None and h > 1:
        return ("skip", sk)
    return ("pass",)


# Strong's weights (score units: a card shed is worth CARD).
CARD = 100
DEAD = 60            # each card of the rest that forms no prime
KEEP = 40            # spending the hand's best prime of a count
HIGH = 12            # per tenth of the way up the table a play climbs
STOP_BONUS = 300     # a Stop: the lead again
DRAW2_BONUS = 100    # a [10] the next player must beat or draw 2
SAFE_BONUS = 100     # a lead no low opponent can go out on
SPEND = 5            # per play a card played could have been part of
PASS_SCORE = 0       # play only what scores above a pass


def _survey(state, hand, sl, need, floor):
    """One pass over every prime play of ``hand`` as a lead, no list of
    them kept (a hand of 13 forms hundreds): (the best number of each
    card count, how many plays each value takes part in, the smallest
    play of the whole hand that beats ``floor`` with ``need`` cards or
    None)."""
    one, three = sl
    cards = state.cards
    h = len(hand)
    bestn = [0, 0, 0, 0]
    counts = [0] * 20
    out = None
    for k in (1, 2, 3):
        if k > h:
            break
        for e in TABLES[k]:
            cids = _pick(cards, e[1], one, three)
            if cids is None:
                continue
            bestn[k] = e[0]         # the tables ascend
            for v in e[1]:
                counts[v] += 1
            if k == h and out is None and e[0] > floor and need in (0, k):
                out = (e[0], cids, e[1], 0)
    return bestn, counts, out


def _strong(state, p, hand):
    top = state.top()
    need = len(top[1]) if top is not None else 0
    floor = top[3] if top is not None else -1
    sl = slots(state, hand)
    h = len(hand)
    bestn, counts, out = _survey(state, hand, sl, need, floor)
    # Out at once, or a SKIP now and the rest out in one play next turn.
    if out is not None:
        return _play(out)
    sk = _skip_then_out(state, hand)
    if sk is not None:
        return ("skip", sk)
    if not state.drawn:
        d = _d_card(state, hand)
        if d is not None and h > 1:
            return ("dcard", d)
    n = state.settings.players
    # Opponents' card counts: the lowest, and the next player's.
    low = 99
    for q in range(n):
        if q != p and len(state.hands[q]) < low:
            low = len(state.hands[q])
    nxt = len(state.hands[(p + 1) % n])
    lead = top is None
    use = _use(state, hand, counts)
    # Every play that beats the area, scored as it is found (bestn: the
    # hand's best prime of each count, kept for the end).
    best = None
    best_s = PASS_SCORE
    one, three = sl
    cards = state.cards
    for k in (1, 2, 3):
        if (need and k != need) or k > h:
            continue
        t = TABLES[k]
        for i in range(len(t)):
            e = t[i]
            if e[0] <= floor:
                continue
            cids = _pick(cards, e[1], one, three)
            if cids is None:
                continue
            f = (e[0], cids, e[1], i * 10 // len(t))
            s = _score(state, hand, f, use, bestn, lead, low, nxt, h)
            if best is None or s > best_s:
                best, best_s = f, s
    if best is not None and best_s > PASS_SCORE:
        return _play(best)
    if not state.drawn and can_draw(state, p):
        return ("draw",)
    # A lead is never passed up when no card can come: passing an empty
    # area changes nothing, and at the hand limit the table would stand.
    if best is not None and (lead or low <= 3 or best_s > -CARD):
        return _play(best)
    if h > 1:
        sk = _skip_card(state, hand)
        if sk is not None:
            return ("skip", sk)
    return ("pass",)


def _score(state, hand, f, use, bestn, lead, low, nxt, h):
    num, cids, vals, frac = f
    k = len(cids)
    cards = state.cards
    s = CARD * k
    rest = h - k
    # The rest: its dead cards, and whether it is a single last play.
    dead = 0
    stop = False
    ten = False
    for i in range(k):
        if cards[cids[i]][0] == C.NUMBER:
            if vals[i] == C.STOP:
                stop = True
            elif vals[i] == C.DRAW_TWO:
                ten = True
    for i in range(h):
        c = hand[i]
        if c in cids:
            continue
        if use[i] == 0 and cards[c][0] != C.DRAW and cards[c][0] != C.SKIP:
            dead += 1
    s -= DEAD * dead
    # Flexibility spent: the plays the cards played could have joined.
    for i in range(h):
        if hand[i] in cids:
            s -= SPEND * use[i]
    if rest <= 3 and rest:
        left = []
        for c in hand:
            if c not in cids:
                left.append(c)
        last = one_play(state, left)
        if last is not None:
            s += 150 if not stop else 2000
    if num == bestn[k] and rest > 3:
        s -= KEEP
    # How far up its table the play is: high plays hold the lead but
    # spend strength, low ones are easy to beat.
    if lead:
        s -= HIGH * frac
        if low <= 3 and (k == low or k == low + 1):
            s -= SAFE_BONUS
    else:
        s -= HIGH * frac // 2
    if stop:
        s += STOP_BONUS
    if ten and nxt > 1:
        s += DRAW2_BONUS
    return s


# ------------------------------------------------------------ whole games

def play_bots(settings, seed, seats=None, max_moves=20000):
    """A whole game from ``seed``: ``seats`` lists a Bot per seat (default:
    all strong).  Returns the Game."""
    if seats is None:
        seats = [Bot(STRONG) for _ in range(settings.players)]
    g = Game(settings, seed)
    n = 0
    while g.state.winner is None:
        if n >= max_moves:
            raise RuntimeError("game from seed %d not over after %d moves"
                               % (seed, max_moves))
        g.apply(seats[g.state.current].choose(g.state))
        n += 1
    return g


def digest(game):
    """A 32-bit FNV-1a hash of the transcript and the winner: the same on
    every VM when the games are."""
    h = 0x811C9DC5
    for line in game.transcript():
        h = _fnv(h, line + "\n")
    return _fnv(h, "|%r" % (game.state.winner,))


def _fnv(h, text):
    for ch in text:
        h = ((h ^ ord(ch)) * 0x01000193) & 0xFFFFFFFF
    return h


__all__ = ["Bot", "NORMAL", "STRONG", "LEVELS", "plays", "one_play",
           "play_bots", "digest", "move_text"]
