"""Every legal move of Prime Daifugo can be made with the buttons.

Positions come from seeded games of computers (2 and 3 players, every
advanced rule and variant of ``Settings``).  At a turn's start the play
screen is given to that player, a human (all seats human: the pass screen
first), and for moves sampled from ``rules.legal_moves`` (every kind the
position offers: plays of 1-3 cards, each number a multi-number card is
declared as, [0], Stop, a play with Draw 2 on top, SKIP, the D card with
each discard, a draw and what follows it, a pass, a pass that draws 2)
only buttons are pressed, a frame drawn after each, as a player would:
the cursor walked to each card, A to pick it (again for a multi-number
card's next number), UP to the actions, RIGHT to the one wanted, A, A to
answer a question.  The game must then be exactly what ``rules.apply``
makes of the same position.
"""

from primeplay.app import App
from primeplay.daifugo.ui.play import DaifugoPlay
from primeplay.daifugo import rules
from primeplay.daifugo import cards as C
from primeplay.daifugo.bot import Bot
from primeplay.daifugo.settings import Settings
from primeplay.rng import Rng

VARIANTS = [
    Settings(2),
    Settings(3),
    Settings.advanced(2),
    Settings.advanced(3),
    Settings.advanced(3, multi_in_three=True),
    Settings.advanced(3, hand_limit=13),
    Settings.advanced(2, strict=True, multi_in_three=True),
    Settings(2, zero=True, multi59=True),
    Settings(3, multi468=True, skip=True, hand_limit=13),
]


def turn_starts(settings, seed, every=2, limit=300):
    """States at turn starts (every ``every``-th) of a game of computers."""
    s = rules.new_game(settings, seed)
    bots = [Bot("strong" if (seed + q) % 2 else "normal")
            for q in range(settings.players)]
    out = []
    k = 0
    for _ in range(limit):
        if s.phase == rules.OVER:
            break
        if s.phase == rules.TURN and not s.drawn:
            if k % every == 0:
                out.append(s.copy())
            k += 1
        rules.apply(s, bots[s.current].choose(s))
    return out


def kind(state, move):
    """What sort of move this is, for sampling and coverage."""
    k = move[0]
    if k == "pass":
        top = state.top()
        return ("pass", "draw2") if top is not None and \
            rules.is_ten(state, top) else ("pass",)
    if k != "play":
        return (k,)
    cards = state.cards
    multi = tuple(sorted(["%s=%d" % (cards[move[1][i]][4], move[2][i])
                          for i in range(len(move[1]))
                          if cards[move[1][i]][0] == C.MULTI]))
    return ("play", len(move[1]), multi, C.STOP in move[2],
            0 in move[2], state.top() is not None and
            rules.is_ten(state, state.top()))


def sample(state, moves, rng):
    """One move of each kind among ``moves`` (chosen with ``rng``)."""
    by = {}
    for m in moves:
        by.setdefault(kind(state, m), []).append(m)
    return [v[rng.randbelow(len(v))] for _, v in sorted(by.items())]


class Driver:
    """The play screen of ``state`` for its player, through buttons."""

    def __init__(self, state):
        self.app = App(None, seed=1)
        n = state.settings.players
        self.play = DaifugoPlay(self.app, state.settings, 1, [0] * n,
                                state=state)
        self.app.go(self.play)
        self.presses = 0
        self.frame()
        assert self.play.mode == "pass"
        self.press("A")
        assert self.play.hand_owner() == state.current

    def frame(self):
        return self.app.scene()

    def press(self, name):
        # No tick: nothing moves but what the buttons do.
        self.app.press(name)
        self.presses += 1
        self.frame()

    def cursor_to(self, cid):
        play = self.play
        assert play.hand.focus == 0
        i = play.hand.order().index(cid)
        n = len(play.hand.order())
        step = "RIGHT" if (i - play.hand.cursor) % n <= n // 2 else "LEFT"
        for _ in range(n):
            if play.hand.cursor == i:
                return
            self.press(step)
        raise AssertionError("the cursor never reached card %d" % cid)

    def act(self, key):
        play = self.play
        self.press("UP")
        acts = play.hand.acts()
        assert play.hand.focus == 1 and key in acts, (key, acts)
        for _ in range(len(acts)):
            if acts[play.hand.act] == key:
                break
            self.press("RIGHT")
        assert play.hand.info().startswith("A: "), play.hand.info()
        self.press("A")

    def answer(self):
        """A on the question the last press put up."""
        assert self.app.screen is not self.play, "no question"
        self.press("A")
        assert self.app.screen is self.play

    def move(self, move):
        play = self.play
        k = move[0]
        if k == "play":
            for i in range(len(move[1])):
                c = move[1][i]
                self.cursor_to(c)
                self.press("A")
                for _ in range(3):
                    if [x for x in play.hand.sel if x[0] == c][0][1] == \
                            move[2][i]:
                        break
                    self.press("A")
            assert play.hand.picked() == (tuple(move[1]), tuple(move[2]))
            self.act("play")
        elif k in ("draw", "pass"):
            ten = play.ten()
            self.act(k)
            if k == "pass" and ten:
                self.answer()
        else:   # dcard, skip, discard: A on the card, then the question
            self.cursor_to(move[1])
            self.press("A")
            self.answer()


def drive(start, moves):
    """Make ``moves`` from turn start ``start`` with the buttons; check
    the game against the rules after each.  Returns the presses."""
    want = start.copy()
    d = Driver(start.copy())
    for m in moves:
        rules.apply(want, m)
        d.move(m)
        assert d.play.state.snapshot() == want.snapshot(), (m, kind(want, m))
    return d.presses


def test_every_kind_of_legal_move_is_made_with_the_buttons():
    rng = Rng(2024)
    seen = set()
    presses = drives = 0
    for v in range(len(VARIANTS)):
        settings = VARIANTS[v]
        for s in turn_starts(settings, 100 + v, every=3)[:8]:
            for m in sample(s, rules.legal_moves(s), rng):
                follow = [m]
                after = s.copy()
                rules.apply(after, m)
                if m[0] in ("draw", "dcard") and after.phase != rules.OVER:
                    # And on from there: the D card's discard, or what a
                    # draw made possible.
                    nxt = sample(after, rules.legal_moves(after), rng)
                    follow.append(nxt[rng.randbelow(len(nxt))])
                    if follow[1][0] == "discard":
                        seen.add(("discard",))
                presses += drive(s, follow)
                drives += 1
                seen.add(kind(s, m)[:2] if m[0] == "play" else kind(s, m))
                if m[0] == "play":
                    seen.update([("declared", x) for x in kind(s, m)[2]])
                    if kind(s, m)[3]:
                        seen.add(("stop",))
                    if kind(s, m)[4]:
                        seen.add(("zero",))
    for want in [("play", 1), ("play", 2), ("play", 3), ("draw",),
                 ("dcard",), ("discard",), ("skip",), ("pass",),
                 ("pass", "draw2"), ("stop",), ("zero",),
                 ("declared", "[5/9]=5"), ("declared", "[5/9]=9"),
                 ("declared", "[4/6/8]=4"), ("declared", "[4/6/8]=6"),
                 ("declared", "[4/6/8]=8")]:
        assert want in seen, (want, sorted(seen))
    assert drives > 200 and presses > drives * 3


def test_a_hand_of_thirteen_reaches_its_last_card():
    # The hand limit's 13 cards: the row scrolls, LEFT wraps to the end,
    # and a 3-card play from the far end is made as any other.
    s = turn_starts(Settings.advanced(3, hand_limit=13), 7)[2]
    hand = s.hands[s.current]
    while len(hand) < 13:
        hand.append(s.deck.pop())
    for play in s.area:     # a lead: any 1-3 cards
        s.discard.extend(play[1])
    s.area = []
    s.last = -1
    plays = [m for m in rules.legal_moves(s) if m[0] == "play"]
    far = max(plays, key=lambda m: sum([sorted(s.hands[s.current]).index(c)
                                        for c in m[1]]))
    assert drive(s, [far]) > 3
