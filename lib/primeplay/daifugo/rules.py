"""Prime Daifugo Lvl. 0 rules: the game state and the functions that move it.

The shape follows OpenSpiel, as Prime Climb's rules do: ``legal_moves(state)``
lists the choices of the current step, ``apply(state, move)`` makes one
(checking it first; ``IllegalMove`` leaves the state unchanged), and chance
(the shuffle, the start player, every draw and reshuffle) comes from the
state's own seeded Rng, so a seed plus the moves replays a whole game.

A turn is the rulebook's phases: "1. Draw a card" (optional), "2. Play
cards" (or pass), "3. Prime number judgment", "4. Resolve special powers",
"5. End of a turn", "6. Determine start player for the new round".  Moves,
in ``state.phase``:

* TURN, before the draw phase is used (``state.drawn`` False):
  ``("draw",)`` draws the top card; ``("dcard", cid)`` plays a D card
  instead (draw 2, then discard 1: phase DISCARD).  Either ends phase 1.
* TURN, always: ``("play", cids, values)`` plays 1-3 cards, ``cids`` a
  tuple of card ids in the order they form the number, ``values`` the
  number each card is played as (its own number, or the one declared for
  a multi-number card): ``("play", (7, 31), (3, 10))`` plays [3][10] = 310.
  ``("play", cids)`` is accepted when no multi-number card is in it.
  ``("skip", cid)`` plays a SKIP card (3 players, advanced).
  ``("pass",)`` passes.
* DISCARD: ``("discard", cid)`` ends the D card's power.
* OVER: ``state.winner`` is set.

Cards are ints indexing ``state.cards`` (see ``cards``).  Every card is
always in exactly one of: a hand, the deck, the discard pile, the play
area (``state.area``, the plays of the round, the last one on top).

House rulings (every point the rulebook leaves open, decided once here):

1. A non-prime play is a legal move.  "B. If the number is not a prime
   number: Take the cards you played back into your hand and pass your
   turn" and "Try playing your cards even if you are not sure".  So the
   conditions of 4-2 (the card count, "larger than the previously played
   Number", the 3-card restrictions, no leading [0]) are checked when the
   move is made (IllegalMove otherwise), primality is judged after it
   (the cards stay in hand and the turn is a pass, Draw 2 included).
   ``Settings(strict=True)`` is a practice mode where the device refuses
   a non-prime play instead ("511 = 7 x 73 is not prime").
2. Phase 1 is "Draw a card (optional)" and "You may only draw 1 card each
   turn"; the D card "is played instead of drawing" and "you cannot play
   this card twice in a single turn".  So one of draw or D per turn, and
   only before playing; passing after drawing is allowed (Q1, Q6).
3. The D card goes to the discard pile first (Q9: "the D card is added to
   the discard pile ... it should be shuffled with other cards"), then two
   cards are drawn one by one, then one card of the hand is discarded.
   The discard is skipped when the hand holds fewer than 2 cards (only
   possible when the deck and discard pile ran dry): D never wins a game.
4. The deck is rebuilt from the shuffled discard pile "as soon as the
   deck has been depleted" (A3, A9).  With deck and discard pile both
   empty, nothing can be drawn: ``("draw",)`` is not offered and Draw 2
   draws what there is.  With the Q7 hand limit (``hand_limit``, off by
   default) "you may not draw additional cards, including by the power of
   Draw 2"; each of D's two draws stops at the limit too.
5. [0]: "0 cannot be added as the highest digit".  A lone [0] is its own
   highest digit, so it forms no number; [2][0] = 20 may be tried (it is
   never prime, which is why "0 can only be used when playing 3 cards").
6. 3-card plays: "All cards must be a single digit card (1 ~ 9)" plus
   [0] in the advanced game ("used like any other number card"); a
   multi-number card counts as the digit declared for it (all its numbers
   are single digits) and is refused in 3-card plays while the optional
   rule is in force (``multi_in_three`` False, the default); "One or more
   of the cards must have a 3 cards allowed icon" (no multi card has it).
7. "The last cards played" (Draw 2, round end) are the top play of the
   area, "the cards used to form the largest number".  Draw 2 hits every
   player who passes (or fails the judgment) while a [10] is in it, the
   player who played the [10] too (the SKIP example: "If A passes at this
   situation, then he will draw 2 cards"); never a player whose turn was
   skipped, nor the one who played SKIP; no Draw 2 on an empty area.
8. Stop: a prime play with a [12] ends the round "at the end of the
   player's turn": if the hand is empty the player wins (5 comes before
   6), else the area is discarded and the same player starts the new
   round with a whole new turn, draw phase included.
9. Round end: at the end of every turn that was not a SKIP, if the next
   player made the top play, the area is discarded and that player starts
   the new round.  A SKIP turn "ends immediately (you don't resolve phases
   3 and later)": no win check, no round end, no Draw 2; the turn goes to
   the player after the next.
10. SKIP: "You may not keep this card as the last card in your hand.
   If this is the only card left in your hand, you must draw a card at
   the start of your turn" and "you cannot win the game by playing the
   SKIP card as last".  So a SKIP is never played as the last card of a
   hand, and only a lone SKIP (the hand is that one card) must draw first,
   if anything can be drawn (then it may play SKIP, pass, ...).  A hand
   of two SKIPs is not a lone SKIP: playing one leaves a card, so it may
   play SKIP, draw or pass like any hand.  Played with 3 players only
   (``Settings.validate`` refuses it for 2).
11. Setup: "Randomly determine the start player" (the Rng), then 10 cards
   each, dealt one at a time from the start player on.
12. The game ends when a player's hand is empty at the end of their turn.
   ``places`` ranks the others by fewest cards left, ties in turn order
   after the winner (the rulebook ranks no one but the winner).  The
   match to two wins (section 5) is for the app to keep.
13. A player may only see the top card of the discard pile (Q8): the
   rules keep the whole pile (it is reshuffled), hiding it is the UI's job.
14. A table that can never move again ends the game.  With the Q7 hand
   limit (or deck and discards empty) a round can come to a stand: the
   area is empty, every player in turn has passed, nobody may draw, and
   no hand holds a D or SKIP card it could play or any prime it could
   lead.  Nothing can change any more, so the game ends there ("stuck"):
   the fewest cards wins, a tie going to the first in turn order from the
   player who passed last.  (The rulebook has no such case: without the
   limit a player can always draw.)
"""

from primeplay.rng import Rng
from primeplay.daifugo import cards as C
from primeplay.daifugo.forms import concat
from primeplay.daifugo.primejudge import judge, verdict
from primeplay.daifugo.settings import Settings

TURN = "turn"
DISCARD = "discard"
OVER = "over"


class IllegalMove(ValueError):
    """A move that is not legal now; the state is left unchanged."""


class State:
    """Everything about one game in progress, as plain fields."""

    __slots__ = ("settings", "cards", "rng", "hands", "deck", "discard",
                 "area", "last", "leader", "current", "phase", "drawn",
                 "passes", "turn", "winner", "events")

    def copy(self):
        s = object.__new__(State)
        s.settings = self.settings
        s.cards = self.cards
        s.rng = self.rng.copy()
        s.hands = [list(h) for h in self.hands]
        s.deck = list(self.deck)
        s.discard = list(self.discard)
        s.area = list(self.area)        # its plays are tuples
        s.last = self.last
        s.leader = self.leader
        s.current = self.current
        s.phase = self.phase
        s.drawn = self.drawn
        s.passes = self.passes
        s.turn = self.turn
        s.winner = self.winner
        s.events = list(self.events)
        return s

    @property
    def players(self):
        return self.settings.players

    def top(self):
        """The last play of the area, (player, cids, values, number), or None."""
        return self.area[-1] if self.area else None

    def snapshot(self):
        """The whole position as plain data, for comparing states."""
        return (self.rng.getstate(), tuple([tuple(h) for h in self.hands]),
                tuple(self.deck), tuple(self.discard), tuple(self.area),
                self.last, self.leader, self.current, self.phase, self.drawn,
                self.passes, self.turn, self.winner)


def new_game(settings=None, seed=0):
    """A new game: deck shuffled, start player drawn and hands dealt from
    ``seed`` (ruling 11)."""
    if settings is None:
        settings = Settings()
    if not isinstance(settings, Settings):
        raise TypeError("settings must be a Settings, got %r" % (settings,))
    settings.validate()
    s = object.__new__(State)
    s.settings = settings
    s.cards = C.build(settings.sets())
    s.rng = Rng(seed)
    s.deck = list(range(len(s.cards)))
    s.rng.shuffle(s.deck)
    n = settings.players
    start = s.rng.randbelow(n)
    s.hands = [[] for _ in range(n)]
    for _ in range(settings.hand_size):
        for k in range(n):
            s.hands[(start + k) % n].append(s.deck.pop())
    s.discard = []
    s.area = []
    s.last = -1
    s.leader = start
    s.current = start
    s.phase = TURN
    s.drawn = False
    s.passes = 0
    s.turn = 0
    s.winner = None
    s.events = [("start", start)]
    return s


# ---------------------------------------------------------------- queries

def can_draw(state, p):
    """Is there a card player p may draw (ruling 4)?"""
    if not state.deck and not state.discard:
        return False
    limit = state.settings.hand_limit
    return not limit or len(state.hands[p]) < limit


def must_draw(state):
    """A lone SKIP (the hand is one SKIP card) must draw before anything
    else (ruling 10)."""
    if state.drawn or state.phase != TURN:
        return False
    hand = state.hands[state.current]
    if len(hand) != 1 or state.cards[hand[0]][0] != C.SKIP:
        return False
    return can_draw(state, state.current)


def _three_ok(state, card):
    """May this card be one of three (ruling 6)?"""
    kind = card[0]
    if kind == C.MULTI:
        return state.settings.multi_in_three
    return kind == C.NUMBER and card[1][0] <= 9


def check_play(state, cids, values):
    """The number a play forms, or raise IllegalMove saying why not.

    Checks everything but primality (ruling 1), unless strict.
    """
    cards = state.cards
    hand = state.hands[state.current]
    k = len(cids)
    if not 1 <= k <= 3:
        raise IllegalMove("play 1 to 3 cards, not %d" % k)
    if len(values) != k:
        raise IllegalMove("give one number for each card played")
    for i in range(k):
        c = cids[i]
        if c not in hand:
            raise IllegalMove("card %d is not in your hand" % c)
        if c in cids[i + 1:]:
            raise IllegalMove("card %d is played twice" % c)
        card = cards[c]
        if card[0] == C.DRAW:
            raise IllegalMove("a D card is played instead of drawing, "
                              "not to form a number")
        if card[0] == C.SKIP:
            raise IllegalMove("SKIP is played on its own, not to form a "
                              "number")
        if values[i] not in card[1]:
            if card[0] == C.MULTI:
                raise IllegalMove("%s can be played as %s, not %r"
                                  % (card[4], " or ".join(
                                      [str(v) for v in card[1]]), values[i]))
            raise IllegalMove("%s is %d, not %r" % (card[4], card[1][0],
                                                    values[i]))
    top = state.top()
    if top is not None and k != len(top[1]):
        raise IllegalMove("play %d card%s, as the last play did"
                          % (len(top[1]), "" if len(top[1]) == 1 else "s"))
    if k == 3:
        icon = False
        for c in cids:
            card = cards[c]
            if not _three_ok(state, card):
                if card[0] == C.MULTI:
                    raise IllegalMove("%s is not used in 3-card plays "
                                      "(optional rule)" % card[4])
                raise IllegalMove("3-card plays use single-digit cards only, "
                                  "not %s" % card[4])
            icon = icon or card[2]
        if not icon:
            raise IllegalMove("a 3-card play needs a card with the "
                              "3-cards icon")
    n = concat(values)
    if n < 0:
        raise IllegalMove("[0] cannot be the highest digit")
    if top is not None and n <= top[3]:
        raise IllegalMove("%d is not larger than %d" % (n, top[3]))
    if state.settings.strict and not judge(n)[0]:
        raise IllegalMove(verdict(n))
    return n


def play_moves(state):
    """Every legal play of the current player, in a fixed order."""
    cards = state.cards
    hand = state.hands[state.current]
    top = state.top()
    need = len(top[1]) if top is not None else 0
    floor = top[3] if top is not None else -1
    strict = state.settings.strict
    out = []
    h = len(hand)

    def add(cids, values):
        n = concat(values)
        if n > floor and (not strict or judge(n)[0]):
            out.append(("play", cids, values))

    playable = []
    for c in hand:
        if cards[c][0] in (C.NUMBER, C.MULTI):
            playable.append(c)
    if need in (0, 1):
        for a in playable:
            for va in cards[a][1]:
                add((a,), (va,))
    if need in (0, 2):
        for a in playable:
            for b in playable:
                if a == b:
                    continue
                for va in cards[a][1]:
                    for vb in cards[b][1]:
                        add((a, b), (va, vb))
    if need in (0, 3) and h >= 3:
        three = []
        for c in playable:
            if _three_ok(state, cards[c]):
                three.append(c)
        for a in three:
            for b in three:
                if b == a:
                    continue
                for c in three:
                    if c == a or c == b:
                        continue
                    if not (cards[a][2] or cards[b][2] or cards[c][2]):
                        continue
                    for va in cards[a][1]:
                        for vb in cards[b][1]:
                            for vc in cards[c][1]:
                                add((a, b, c), (va, vb, vc))
    return out


def legal_moves(state):
    """Every legal move of the current step, in a fixed order."""
    ph = state.phase
    if ph == OVER:
        return []
    p = state.current
    hand = state.hands[p]
    if ph == DISCARD:
        return [("discard", c) for c in hand]
    out = []
    if not state.drawn:
        if can_draw(state, p):
            out.append(("draw",))
            if must_draw(state):
                return out
        for c in hand:
            if state.cards[c][0] == C.DRAW:
                out.append(("dcard", c))
    out.extend(play_moves(state))
    if len(hand) > 1:
        for c in hand:
            if state.cards[c][0] == C.SKIP:
                out.append(("skip", c))
    out.append(("pass",))
    return out


def prime_plays(state):
    """The legal plays that pass the judgment (for hints and bots)."""
    return [m for m in play_moves(state) if judge(concat(m[2]))[0]]


def stuck(state):
    """Can no player ever change the table again (ruling 14)?  Nobody may
    draw, no D or SKIP card can be played, no hand can lead a prime."""
    n = state.settings.players
    drawable = state.deck or state.discard
    probe = state.copy()
    probe.area = []
    for q in range(n):
        hand = state.hands[q]
        if can_draw(state, q):
            return False
        for c in hand:
            kind = state.cards[c][0]
            if kind == C.DRAW and drawable:
                return False
            if kind == C.SKIP and len(hand) > 1:
                return False
        probe.current = q
        for m in play_moves(probe):
            if judge(concat(m[2]))[0]:
                return False
    return True


def winner(state):
    return state.winner


def places(state):
    """Players best first once the game is over (ruling 12), else []."""
    if state.winner is None:
        return []
    n = state.settings.players
    w = state.winner
    rest = [(w + k) % n for k in range(1, n)]
    rest.sort(key=lambda q: (len(state.hands[q]), (q - w) % n))
    return [w] + rest


def is_ten(state, top):
    """Is a [10] (Draw 2) among the cards of this play?"""
    for i in range(len(top[1])):
        if state.cards[top[1][i]][0] == C.NUMBER and top[2][i] == C.DRAW_TWO:
            return True
    return False


# ---------------------------------------------------------------- apply

def _normal(state, move):
    """The move as legal_moves writes it, or raise IllegalMove."""
    if not isinstance(move, tuple) or not move or not isinstance(move[0], str):
        raise IllegalMove("a move is a tuple like ('pass',), got %r" % (move,))
    kind = move[0]
    if kind == "play":
        if len(move) not in (2, 3):
            raise IllegalMove("a play is ('play', card_ids, values), got %r"
                              % (move,))
        cids = move[1]
        if not isinstance(cids, tuple):
            raise IllegalMove("the card ids of a play are a tuple, got %r"
                              % (cids,))
        for c in cids:
            if not _is_card(state, c):
                raise IllegalMove("no card %r in this game" % (c,))
        if len(move) == 2:
            values = []
            for c in cids:
                vs = state.cards[c][1]
                if len(vs) != 1:
                    raise IllegalMove("say which number %s is played as"
                                      % state.cards[c][4])
                values.append(vs[0])
            return ("play", cids, tuple(values))
        values = move[2]
        if not isinstance(values, tuple):
            raise IllegalMove("the values of a play are a tuple, got %r"
                              % (values,))
        for v in values:
            if not isinstance(v, int) or isinstance(v, bool):
                raise IllegalMove("a card's value is an int, got %r" % (v,))
        return move
    if kind in ("draw", "pass"):
        if len(move) != 1:
            raise IllegalMove("(%r,) takes no fields, got %r" % (kind, move))
        return move
    if kind in ("dcard", "discard", "skip"):
        if len(move) != 2 or not _is_card(state, move[1]):
            raise IllegalMove("(%r, card_id) needs a card of this game, got %r"
                              % (kind, move))
        return move
    raise IllegalMove("unknown move %r" % (move,))


def _is_card(state, c):
    return isinstance(c, int) and not isinstance(c, bool) and \
        0 <= c < len(state.cards)


def check(state, move):
    """Raise IllegalMove if ``move`` (normalised) is not legal now."""
    if state.phase == OVER:
        raise IllegalMove("the game is over")
    kind = move[0]
    p = state.current
    hand = state.hands[p]
    if state.phase == DISCARD:
        if kind != "discard":
            raise IllegalMove("discard a card first (the D card: draw 2, "
                              "discard 1)")
        if move[1] not in hand:
            raise IllegalMove("card %d is not in your hand" % move[1])
        return
    if kind == "discard":
        raise IllegalMove("discard only after playing a D card")
    if kind == "draw" or kind == "dcard":
        if state.drawn:
            raise IllegalMove("you have already drawn this turn")
        if kind == "draw":
            if not can_draw(state, p):
                if state.deck or state.discard:
                    raise IllegalMove("your hand is at the limit of %d cards"
                                      % state.settings.hand_limit)
                raise IllegalMove("there are no cards left to draw")
            return
        if move[1] not in hand or state.cards[move[1]][0] != C.DRAW:
            raise IllegalMove("card %d is not a D card in your hand" % move[1])
        return
    if must_draw(state):
        raise IllegalMove("a lone SKIP may not be your last card: draw a card "
                          "first")
    if kind == "pass":
        return
    if kind == "skip":
        if move[1] not in hand or state.cards[move[1]][0] != C.SKIP:
            raise IllegalMove("card %d is not a SKIP card in your hand"
                              % move[1])
        if len(hand) == 1:
            raise IllegalMove("you cannot win by playing SKIP as your last "
                              "card")
        return
    check_play(state, move[1], move[2])


def is_legal(state, move):
    try:
        check(state, _normal(state, move))
    except IllegalMove:
        return False
    return True


def apply(state, move):
    """Make ``move``; raise IllegalMove (state unchanged) if it is not legal.
    Returns the move as recorded (a 2-field play gets its values)."""
    move = _normal(state, move)
    check(state, move)
    apply_legal(state, move)
    return move


def apply_legal(state, move):
    """Make ``move``, known to be legal (from ``legal_moves``): ``apply``
    without the check.  Anything else is undefined."""
    state.events = []
    kind = move[0]
    p = state.current
    if kind == "draw":
        state.drawn = True
        _draw(state, p)
    elif kind == "dcard":
        state.drawn = True
        state.hands[p].remove(move[1])
        state.discard.append(move[1])
        state.events.append(("dcard", p, move[1]))
        _refill(state)
        _draw(state, p)
        _draw(state, p)
        if len(state.hands[p]) >= 2:
            state.phase = DISCARD
    elif kind == "discard":
        state.hands[p].remove(move[1])
        state.discard.append(move[1])
        state.events.append(("discard", p, move[1]))
        state.phase = TURN
    elif kind == "play":
        _play(state, move[1], move[2])
    elif kind == "skip":
        state.hands[p].remove(move[1])
        state.discard.append(move[1])
        n = state.settings.players
        state.events.append(("skip", p, (p + 1) % n))
        _start_turn(state, (p + 2) % n)
    else:
        _pass(state)


def _refill(state):
    """Rebuild an empty deck from the shuffled discard pile (A3, A9)."""
    if not state.deck and state.discard:
        state.deck = state.discard
        state.discard = []
        state.rng.shuffle(state.deck)
        state.events.append(("reshuffle", len(state.deck)))


def _draw(state, p):
    """Player p draws one card if one may be drawn; True if drawn."""
    _refill(state)
    if not can_draw(state, p):
        return False
    c = state.deck.pop()
    state.hands[p].append(c)
    state.events.append(("draw", p, c))
    _refill(state)
    return True


def _play(state, cids, values):
    p = state.current
    n = concat(values)
    ok, factors = judge(n)
    if not ok:
        # Ruling 1: the cards never left the hand; the turn is a pass.
        state.events.append(("not_prime", p, cids, values, n, factors))
        _pass(state)
        return
    hand = state.hands[p]
    stop = False
    for i in range(len(cids)):
        hand.remove(cids[i])
        if state.cards[cids[i]][0] == C.NUMBER and values[i] == C.STOP:
            stop = True
    state.area.append((p, cids, values, n))
    state.last = p
    state.passes = 0
    state.events.append(("play", p, cids, values, n))
    _end_turn(state, stop)


def _pass(state):
    p = state.current
    state.passes += 1
    state.events.append(("pass", p))
    top = state.top()
    if top is not None and is_ten(state, top):
        got = 0
        for _ in range(2):
            if _draw(state, p):
                got += 1
        state.events.append(("draw2", p, got))
    if not state.area and state.passes >= state.settings.players and \
            stuck(state):
        # Ruling 14: nobody can ever move again.
        n = state.settings.players
        order = [(p + k) % n for k in range(n)]
        w = order[0]
        for q in order:
            if len(state.hands[q]) < len(state.hands[w]):
                w = q
        state.winner = w
        state.phase = OVER
        state.events.append(("stuck", p))
        state.events.append(("win", w))
        return
    _end_turn(state, False)


def _clear(state):
    for play in state.area:
        state.discard.extend(play[1])
    state.area = []
    state.last = -1
    state.passes = 0


def _end_turn(state, stop):
    p = state.current
    if not state.hands[p]:
        state.winner = p
        state.phase = OVER
        state.events.append(("win", p))
        return
    if stop:
        _clear(state)
        state.leader = p
        state.events.append(("stop", p))
        _start_turn(state, p)
        return
    nxt = (p + 1) % state.settings.players
    if state.area and state.last == nxt:
        _clear(state)
        state.leader = nxt
        state.events.append(("round", nxt))
    _start_turn(state, nxt)


def _start_turn(state, p):
    state.current = p
    state.phase = TURN
    state.drawn = False
    state.turn += 1


def where(state, cid):
    """Where card ``cid`` is: ("hand", p), ("deck",), ("discard",), ("area",)."""
    for p in range(len(state.hands)):
        if cid in state.hands[p]:
            return ("hand", p)
    if cid in state.deck:
        return ("deck",)
    if cid in state.discard:
        return ("discard",)
    for play in state.area:
        if cid in play[1]:
            return ("area",)
    return None
