"""Prime Daifugo's hand (see ``play``): the cards of the player on turn
in a row, the actions over it, and the line that says what the picked
cards make.

In the row LEFT/RIGHT move the cursor and A picks a card (again on a
multi-number card: its next number, shown on the card, then off); the
number reads in the order the cards were picked.  UP goes to the actions
(Play, Draw, Pass, and ?: what the card under the cursor does, with its
hints), LEFT/RIGHT choose one, A does it, DOWN goes back to the cards.

In a first game the play screen's ``guide`` points at a play: its cards
get a tick, the cursor starts on the first, the line over the actions
says what to pick next and UP lights the tip's action.

The play screen holds one ``Hand`` (``DaifugoPlay.hand``) and hands it
the presses of its hand mode; the hand makes a move, asks or notes
through the play screen's methods (``apply``, ``ask``, ``note``), and
only its own methods write its fields.  The words both draw with (seat
names, card labels, "2 cards") are here too.
"""

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH, HEIGHT
from primeplay.app import colours
from primeplay.daifugo import cards as C
from primeplay.daifugo import rules
from primeplay.daifugo.forms import concat
from primeplay.daifugo.primejudge import judge
from primeplay.daifugo.rules import TURN, DISCARD, IllegalMove

COLS = WIDTH // CHAR_W

CARD_Y = HEIGHT - CHAR_H - 1            # the row of cards in the hand
# The lines over the row (a cell's glyphs take its rows 1-11): the header
# 0, the play area 12, a rule at 24, then these two, the row's cursor at
# 48.
INFO_Y = 25         # what the picked cards make, or what to do
ACTS_Y = 36         # the actions over the row
# The actions of the hand view: their chips, each in a place of its own
# after "UP: " (one that cannot be taken now is not there: the others do
# not move, and the panel redraws only what changed).
ACT_NAMES = {"play": "Play", "draw": "Draw", "pass": "Pass", "help": "?"}
ACT_X = {"play": 24, "draw": 54, "pass": 84, "help": 114}



def seat_name(p):
    return "P%d" % (p + 1)


def label(card):
    """A card as the hand row shows it: "7", "9*" (3-cards icon), "5/9",
    "4/6/8", "D", "SKIP"."""
    kind = card[0]
    if kind == C.DRAW:
        return "D"
    if kind == C.SKIP:
        return "SKIP"
    if kind == C.MULTI:
        return "/".join([str(v) for v in card[1]])
    return str(card[1][0]) + ("*" if card[2] else "")


def cards_text(values):
    """"[1][7]": the cards of a play, a multi-number card as the number
    it was played as."""
    return "".join(["[%d]" % v for v in values])


def digits(values):
    """The number picked cards read as, a leading [0] too ("021")."""
    return "".join([str(v) for v in values])


def plural(k, what="card"):
    return "%d %s%s" % (k, what, "" if k == 1 else "s")




class Hand:
    """The row of the hand on turn: the picked cards (``sel``, [cid,
    value] in the number's order), the ``cursor`` and the first card shown
    (``left``), whether the actions have the focus (``focus``) and which
    (``act``), the cards drawn this turn (``drew``: their owner's news)."""

    def __init__(self, play):
        self.play = play
        self.sel = []
        self.cursor = 0
        self.left = 0
        self.focus = 0
        self.act = 0
        self.drew = []
        self._order = None
        self._labels = None     # label() of each card of _order
        self._order_of = None

    def new_turn(self):
        """A turn begins: nothing picked, nothing drawn, on the cards."""
        self.sel = []
        self.drew = []
        self.focus = 0

    def open(self):
        """The hand shown to its owner: the row from its first card (in a
        first game, from the tip's first card)."""
        self.cursor = 0
        self.left = 0
        self.focus = 0
        self._point()

    def clear(self):
        """A move was made: its picks are gone, the focus on the cards."""
        self.sel = []
        self.focus = 0

    def made(self, move, events):
        """``move`` was made and the turn goes on (a draw, a D card's
        discard): the cursor goes to a card drawn, or at least stays on a
        card (a discard shortened the row)."""
        if move[0] == "discard":
            self.drew = []
        s = self.play.state
        for e in events:
            if e[0] == "draw" and e[1] == s.current:
                self.drew.append(e[2])
        order = self.order()
        if self.drew and self.drew[-1] in order:
            self.cursor = order.index(self.drew[-1])
        self.scroll()
        if s.phase == DISCARD or not self.drew:
            # A first game: on the card to discard, or after the discard
            # on the tip's play (a card just drawn keeps the cursor).
            self._point()

    def _point(self):
        # A first game: the cursor on the tip's first card (guide).
        g = self.play.guide
        c = -1 if g is None else g.first(self.play.state)
        order = self.order()
        if c in order:
            self.cursor = order.index(c)
            self.scroll()

    def order(self):
        """The current hand as the row shows it: by number, D and SKIP
        last (a hand is a set; sorted, a player finds a card)."""
        s = self.play.state
        hand = s.hands[s.current]
        if self._order is None or self._order_of != hand:
            cards = s.cards
            keyed = []
            for c in hand:
                vs = cards[c][1]
                keyed.append(((vs[0] if vs else 99) * 4 + len(vs), c))
            keyed.sort()
            self._order = [k[1] for k in keyed]
            self._labels = [label(cards[c]) for c in self._order]
            self._order_of = list(hand)
        return self._order

    def picked(self):
        """(cids, values) of the picked cards, in the number's order."""
        return (tuple([x[0] for x in self.sel]),
                tuple([x[1] for x in self.sel]))

    def acts(self):
        """The actions over the row (keys of ACT_NAMES) that can be
        taken now."""
        s = self.play.state
        if s.phase != TURN:
            return []
        out = []
        if self.sel:
            out.append("play")
        if not s.drawn and rules.can_draw(s, s.current):
            out.append("draw")
        if not rules.must_draw(s):
            out.append("pass")
        if self.order():
            out.append("help")
        return out

    def info(self):
        """The line over the actions: what A does there, what the picked
        cards make, or what the turn asks."""
        s = self.play.state
        g = self.play.guide
        if g is not None and not self.focus:
            line = g.line(self)
            if line:
                return line
        names = " ".join([s.cards[c][4] for c in self.drew])
        if s.phase == DISCARD:
            return "D drew " + names if self.drew else "Discard a card"
        cids, values = self.picked()
        if self.focus:
            acts = self.acts()
            key = acts[self.act % len(acts)] if acts else ""
            if key == "play":
                why = _why_not(s, cids, values)
                return _short(digits(values), why) if why else \
                    "A: play " + digits(values)
            if key == "draw":
                return "A: draw a card"
            if key == "pass":
                return "A: pass, draw 2 cards" if self.play.ten() else "A: pass"
            if key == "help":
                if len(cids) > 1 and s.settings.learner:
                    return "A: what they make"
                return "A: about " + C.card_text(s.cards[self.under()])
            return ""
        if cids:
            n = digits(values)
            why = _why_not(s, cids, values)
            if why:
                return _short(n, why)
            if s.settings.learner:
                ok, f = judge(concat(values))
                if ok:
                    return n + " is prime"
                t = "%s not prime: %s" % (n, "x".join([str(x) for x in f]))
                return t if len(t) <= COLS else n + " is not prime"
            return n + ": prime? Try it!"
        if self.drew:
            return "You drew " + names
        top = s.top()
        if top is None:
            return "A on a card: pick it"
        k = len(top[1])
        if self.play.ten():
            return plural(k) + "; pass draws 2"
        t = "Beat %d with %s" % (top[3], plural(k))
        return t if len(t) <= COLS else "Beat %d: %s" % (top[3], plural(k))

    def under(self):
        """The card under the cursor."""
        order = self.order()
        return order[self.cursor % len(order)]

    def pick(self):
        s = self.play.state
        order = self.order()
        if not order:
            return
        c = self.under()
        card = s.cards[c]
        if s.phase == DISCARD:
            self.play.ask(("discard", c), ["Discard %s?" % card[4], "",
                                       "(D card: draw 2,", "then discard 1)"],
                      "A: discard  B: back")
            return
        if card[0] == C.DRAW:
            self.play.ask(("dcard", c), ["Play the D card?", "Draw 2 cards, then",
                                     "discard 1 (instead", "of drawing 1)."],
                      "A: play D  B: back")
            return
        if card[0] == C.SKIP:
            self.play.ask(("skip", c), ["Play SKIP?", "%s is skipped." %
                                    seat_name((s.current + 1) %
                                              s.settings.players)],
                      "A: play SKIP  B: back")
            return
        for i in range(len(self.sel)):
            if self.sel[i][0] == c:
                vs = card[1]
                k = vs.index(self.sel[i][1]) + 1
                if k < len(vs):
                    self.sel[i][1] = vs[k]
                else:
                    self.sel.pop(i)
                return
        if len(self.sel) == 3:
            self.play.note(["3 cards at most.", "A on a picked card",
                        "puts it back."])
            return
        self.sel.append([c, card[1][0]])

    def act_on(self, key):
        """A on an action over the row."""
        if key == "play":
            cids, values = self.picked()
            self.play.apply(("play", cids, values))
        elif key == "draw":
            self.play.apply(("draw",))
        elif key == "pass":
            if self.play.ten():
                self.play.ask(("pass",), ["Pass?", "", "A [10] is on top:",
                                      "you draw 2 cards."],
                          "A: pass  B: back")
            else:
                self.play.apply(("pass",))
        else:
            # What the card under the cursor does, and its hints (loaded
            # when asked for).
            from primeplay.daifugo.ui.clues import help_lines
            self.play.note(help_lines(self.play.state, self.picked()[0],
                                  self.under()))

    def scroll(self):
        n = len(self.order())
        if n == 0:
            self.cursor = self.left = 0
            return
        self.cursor %= n
        if self.left >= n or self.cursor < self.left:
            self.left = self.cursor
        if self.row_end(self.left) <= self.cursor:
            # The cursor's card last in the row: fill leftwards from it.
            labels = self._labels
            x = 2
            i = self.cursor
            while i >= 0:
                x += len(labels[i]) * CHAR_W + 6
                if x - 2 > WIDTH - 2:
                    break
                i -= 1
            self.left = min(i + 1, self.cursor)

    def row_end(self, left):
        """The index after the last card that fits from ``left`` on."""
        order = self.order()
        x = 2
        i = left
        while i < len(order):
            w = len(self._labels[i]) * CHAR_W + 4
            if x + w > WIDTH - 2:
                break
            x += w + 2
            i += 1
        return max(i, left + 1)

    def press(self, name):
        acts = self.acts()
        if self.focus and acts:
            self.act %= len(acts)
            if name in ("LEFT", "RIGHT"):
                self.act = (self.act + (1 if name == "RIGHT" else -1)) % \
                    len(acts)
            elif name == "DOWN":
                self.focus = 0
            elif name == "A":
                self.act_on(acts[self.act])
            return
        self.focus = 0
        if name in ("LEFT", "RIGHT"):
            self.cursor += 1 if name == "RIGHT" else -1
            self.scroll()
        elif name == "UP" and acts:
            self.focus = 1
            g = self.play.guide
            self.act = 0 if g is None else g.act(acts)
        elif name == "A":
            self.pick()

    def draw(self, sc):
        s = self.play.state
        self.play.draw_public(sc)
        sc.text(0, INFO_Y, self.info())
        if s.phase == DISCARD:
            g = self.play.guide
            sc.text(0, ACTS_Y, g is not None and g.discard_line(self) or
                    "A on a card: discard")
        else:
            # UP goes to the actions; there, the lit one is A's (the card
            # cursor stays: "?" tells of its card).  Both stay drawn, so
            # UP and DOWN redraw only what they change.
            acts = self.acts()
            sc.text(0, ACTS_Y, "UP:")
            for i in range(len(acts)):
                chip = ACT_NAMES[acts[i]]
                x = ACT_X[acts[i]]
                on = self.focus and i == self.act % len(acts)
                if on:
                    sc.rect(x - 2, ACTS_Y + 1, len(chip) * CHAR_W + 3,
                            CHAR_H - 1, 1)
                sc.text(x, ACTS_Y, chip, 1, 0 if on else 1)
        self.draw_row(sc)
        sc.leds = colours.seat_ring(s.current, self.play.app.pixels)

    def draw_row(self, sc):
        s = self.play.state
        order = self.order()
        cards = s.cards
        self.scroll()
        end = self.row_end(self.left)
        # A first game's tip: a tick over each of its cards.
        tips = () if self.play.guide is None else \
            self.play.guide.cards(s)
        x = 2
        for i in range(self.left, end):
            c = order[i]
            text = self._labels[i]
            w = len(text) * CHAR_W + 4
            on = False
            for pick in self.sel:
                if pick[0] == c:
                    on = True
                    if cards[c][0] == C.MULTI:
                        # The number it is declared as, on the card.
                        v = str(pick[1])
                        pad = (len(text) - 1) // 2
                        text = " " * pad + v + " " * (len(text) - 1 - pad)
            if on:
                sc.rect(x, CARD_Y, w, CHAR_H + 1, 1)
            else:
                sc.frame(x, CARD_Y, w, CHAR_H + 1, 1)
            sc.text(x + 2, CARD_Y + 1, text, 1, 0 if on else 1)
            if i == self.cursor:
                sc.rect(x, CARD_Y - 3, w, 2, 1)
            elif c in tips:
                sc.rect(x + w // 2 - 2, CARD_Y - 3, 4, 2, 1)
            x += w + 2
        # More cards off the row's ends.
        if self.left > 0:
            sc.rect(0, CARD_Y, 1, CHAR_H + 1, 1)
        if end < len(order):
            sc.rect(WIDTH - 1, CARD_Y, 1, CHAR_H + 1, 1)


def _why_not(state, cids, values):
    """A short reason (13 characters at most) why these picked cards
    cannot be played now, or "" (primality is not told here: that is the
    learner's, and Practice refuses a non-prime when it is played)."""
    try:
        rules.check_play(state, cids, values)
    except IllegalMove as e:
        top = state.top()
        k = len(cids)
        if top is not None and k != len(top[1]):
            return "needs " + plural(len(top[1]))
        if concat(values) < 0:
            return "0 can't lead"
        if top is not None and concat(values) <= top[3]:
            return "not > %d" % top[3]
        if k == 3:
            for c in cids:
                if state.cards[c][0] == C.MULTI and \
                        not state.settings.multi_in_three:
                    return "no multi in 3"
                if state.cards[c][0] != C.MULTI and state.cards[c][1][0] > 9:
                    return "1 digit each"
            return "needs a * card"
        return ""   # not prime, refused by Practice when it is played
    return ""


def _short(n, why):
    """"53: not > 97", the number left out when both do not fit."""
    t = n + ": " + why
    return t if len(t) <= COLS else why
