"""Prime Daifugo at the table: pass the handheld, pick cards, judge primes.

One screen with modes, and small screens pushed over it (``App.push``):

* pass: "Pass to P2 (yellow)", the public table; A shows the hand.  Only
  when two or more humans play: a hand never shows outside its owner's
  turn.  A lone human against computers sees the hand at once.
* hand: the owner's cards in a row, the actions above it.  In the row
  LEFT/RIGHT move the cursor and A picks a card (again on a multi-number
  card: its next number, shown on the card, then off); the number reads
  in the order the cards were picked, and the line above the actions says
  what stands in its way ("53: not > 97") or, with the learner's check,
  whether it is prime.  UP goes to the actions (Play, Draw, Pass, and ?:
  what the card under the cursor does, with its hints), LEFT/RIGHT choose
  one, A does it, DOWN goes back to the cards.  A on a D or SKIP card
  plays it, after a question; so does a pass that draws 2.
* table: a computer's turn: its seat and a pause (A hurries it), then its
  moves.
* page: what a turn did, for everyone: the played number large with the
  judgment ("511 NOT PRIME =7x73", "Cards back, turn over"), Draw 2,
  Stop, the round's end, the game's winner.  A computer's pages go on by
  themselves (A hurries them); a human's wait for A.
* over: the match is won.

B is back everywhere: the pause menu (Resume, Table, Save and quit).
Computer pauses and pages take the device's computer speed (``app.pace``).

A press counts only on a frame that has been drawn (``seen``, and the
same in the screens pushed over the game): two presses in one pass of
the loop (a double tap, or both queued while the board drew) would else
act on a screen nobody saw; the second A of a player's last page used to
answer the next player's pass screen, showing that hand to the wrong
player.

The game is saved at the start of every turn (``primeplay.daifugo.saves``).
"""

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH, HEIGHT
from primeplay.app import colours, Confirm
from primeplay.app import Pause as _Pause
from primeplay.daifugo import cards as C
from primeplay.daifugo import rules, saves
from primeplay.daifugo.game import Game
from primeplay.daifugo.forms import concat
from primeplay.daifugo.primejudge import judge
from primeplay.daifugo.rules import TURN, DISCARD, OVER, IllegalMove

BOT_MS = 900        # a computer's pause before its turn (normal speed)
PAGE_MS = 2500      # a computer's pages go on by themselves after this
COLS = WIDTH // CHAR_W
LEVELS = (None, "normal", "strong")     # the seats' values in the prefs
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


class DaifugoPlay:
    def __init__(self, app, settings, seed, seats, match=2, score=None,
                 state=None):
        self.app = app
        self.seats = seats
        self.seed = seed
        self.match = match
        self.score = score if score is not None else [0] * len(seats)
        self.game = Game(settings, self._game_seed())
        if state is not None:
            self.game.resume(state)
        self.bots = [None] * len(seats)
        if any(seats):
            # The computer player's prime tables cost heap a table of
            # humans does not need to give up.
            from primeplay.daifugo.bot import Bot
            self.bots = [Bot(LEVELS[s]) if s else None for s in seats]
        self.humans = len([s for s in seats if not s])
        self.mode = "table"
        self.seen = False       # the screen as it is now has been drawn
        self.until = 0
        self.pages = []
        self.page_bot = False
        self.page_step = 0      # ms a step of the ring's blink on the page drawn last
        self.page_seat = 0      # whose turn the pages tell (their colour)
        self.turn_events = []
        self.shown_to = None    # whose hand the pass screen last showed
        self.sel = []           # [cid, value] in the order of the number
        self.cursor = 0
        self.left = 0           # the first card the row shows
        self.focus = 0          # 0: the row of cards; 1: the actions
        self.act = 0            # the action chosen (focus 1)
        self.drew = []          # cards drawn this turn: their owner's news
        self._order = None
        self._labels = None     # label() of each card of _order
        self._order_of = None
        self._drawn_key = None
        self._drawn = None
        self._begin_turn()

    @classmethod
    def resume(cls, app, g):
        """The screen of saved game ``g`` (``saves.play``'s dict); raises
        whatever is wrong with it."""
        state, seats, seed, score, match = saves.unpack(g)
        missing = saves.told(g)
        if missing:
            # Saved before the card hints and the learner's check were
            # saved with the game: as the player has them set now.
            p = app.game_prefs("daifugo")
            for k in missing:
                setattr(state.settings, k, bool(p[k]))
        return cls(app, state.settings, seed, seats, match, score, state)

    def _game_seed(self):
        """Each game of the match its own deal, all from the match seed."""
        return (self.seed + sum(self.score) * 0x9E3779B1) & 0xFFFFFFFF

    # ------------------------------------------------------------ state
    @property
    def state(self):
        return self.game.state

    def is_bot(self):
        return self.bots[self.state.current] is not None

    def hand_owner(self):
        """Whose hand the screen shows now, or None (the hidden-hands
        property test reads this and the scene)."""
        if self.mode == "hand":
            return self.state.current
        return None

    def _begin_turn(self):
        s = self.state
        self.sel = []
        self.drew = []
        self.focus = 0
        self.turn_events = []
        self.seen = False
        if s.phase == OVER:
            self._finish_game()     # a game over is never saved: safety
            return
        if s.phase == TURN and not s.drawn:
            self.app.keep_game("daifugo", saves.play(
                s, self.seats, self.seed, self.score, self.match))
        if self.is_bot():
            self.mode = "table"
            self.until = self.app.now + self.app.pace(BOT_MS)
            self.shown_to = None
        elif self.humans > 1 and self.shown_to != s.current:
            self.mode = "pass"
        else:
            self._show_hand()

    def _show_hand(self):
        self.mode = "hand"
        self.seen = False
        self.shown_to = self.state.current
        self.cursor = 0
        self.left = 0
        self.focus = 0

    def _apply(self, move):
        """Make ``move``; True if made.  An illegal one is explained on
        screen and changes nothing."""
        s = self.state
        turn = s.turn
        mover = s.current
        try:
            events = self.game.apply(move)
        except IllegalMove as e:
            self._note(_lines(str(e)))
            return False
        self.seen = False
        self.turn_events.extend(events)
        self.sel = []
        self.focus = 0
        if s.phase == OVER:
            self.score[s.winner] += 1
        if s.turn != turn or s.phase == OVER:
            pages = self._pages(self.turn_events, mover)
            self.turn_events = []
            if mover != s.current:
                self.shown_to = None
            self.page_bot = self.bots[mover] is not None
            self.page_seat = mover
            if pages:
                self._show_pages(pages)
            else:
                self._begin_turn()
        elif self.mode == "hand":
            if move[0] == "discard":
                self.drew = []
            for e in events:
                if e[0] == "draw" and e[1] == s.current:
                    self.drew.append(e[2])
            # The row is another now: the cursor on a card drawn, or at
            # least on a card (a discard shortened it under the cursor).
            order = self.order()
            if self.drew and self.drew[-1] in order:
                self.cursor = order.index(self.drew[-1])
            self._scroll()
        return True

    def _show_pages(self, pages):
        self.pages = pages
        self.mode = "page"
        self.seen = False
        self.until = self.app.now + self.app.pace(PAGE_MS)

    def _next_page(self):
        self.pages = self.pages[1:]
        self.seen = False
        self.until = self.app.now + self.app.pace(PAGE_MS)
        if not self.pages:
            if self.state.phase == OVER:
                self._finish_game()
            else:
                self._begin_turn()

    # ------------------------------------------------------------ pages
    def _pages(self, events, p):
        """What a turn did, as pages everyone may see: no card drawn is
        named (the discard of a D card is public, Q8)."""
        s = self.state
        who = seat_name(p)
        pages = []
        drew = False    # drew a card in phase 1 (not the D card's two)
        dcard = False
        acted = False   # played, passed or skipped: later draws are Draw 2
        for e in events:
            k = e[0]
            if k == "draw" and e[1] == p and not acted and not dcard:
                drew = True
            elif k == "dcard":
                dcard = True
                if not [x for x in events if x[0] == "discard"]:
                    # Too few cards left for its discard (ruling 3).
                    pages.append(("text", [who + " plays D:",
                                           "draws what is left."]))
            elif k == "discard":
                pages.append(("text", [who + " plays D:",
                                       "draws 2 cards and",
                                       "discards %s." % s.cards[e[2]][4]]))
            elif k == "reshuffle":
                pages.append(("text", ["Deck empty:", "the discards are",
                                       "shuffled."]))
            elif k in ("play", "not_prime"):
                acted = True
                ok = k == "play"
                pages.append(("judge", who + (" drew, then plays"
                                              if drew else " plays"),
                              e[2], e[3], e[4], ok, e[5] if not ok else []))
            elif k == "pass":
                if not acted:
                    pages.append(("text", [who + " draws and",
                                           "passes."] if drew else
                                  [who + " passes."]))
                acted = True
            elif k == "draw2":
                pages.append(("draw2", ["Draw 2! ([10])", "%s draws %s." % (
                    seat_name(e[1]), plural(e[2]))]))
            elif k == "skip":
                acted = True
                pages.append(("text", [who + " plays SKIP:",
                                       "%s is skipped." % seat_name(e[2])]))
            elif k == "stop":
                pages.append(("stop", ["Stop! ([12])", "%s starts a new" %
                                       seat_name(e[1]), "round."]))
            elif k == "round":
                pages.append(("text", ["Round over:", "%s's play stands."
                                       % seat_name(e[1]), "%s leads a new"
                                       % seat_name(e[1]), "round."]))
            elif k == "stuck":
                pages.append(("text", ["Nobody can move", "again: the fewest",
                                       "cards win."]))
            elif k == "win":
                pages.append(("win", e[1]))
        return pages

    def _finish_game(self):
        s = self.state
        w = s.winner
        self.seen = False
        if self.score[w] >= self.match:
            self.mode = "over"
            self.app.keep_game(None)
            return
        self.game = Game(s.settings, self._game_seed())
        self.shown_to = None
        self._begin_turn()

    # ------------------------------------------------------------ hand
    def order(self):
        """The current hand as the row shows it: by number, D and SKIP
        last (a hand is a set; sorted, a player finds a card)."""
        s = self.state
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
        s = self.state
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

    def _ten(self):
        """Is a [10] (Draw 2) in the play on top?"""
        top = self.state.top()
        return top is not None and rules.is_ten(self.state, top)

    def info(self):
        """The line over the actions: what A does there, what the picked
        cards make, or what the turn asks."""
        s = self.state
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
                return "A: pass, draw 2 cards" if self._ten() else "A: pass"
            if key == "help":
                if len(cids) > 1 and s.settings.learner:
                    return "A: what they make"
                return "A: about " + C.card_text(s.cards[self._under()])
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
        if self._ten():
            return plural(k) + "; pass draws 2"
        t = "Beat %d with %s" % (top[3], plural(k))
        return t if len(t) <= COLS else "Beat %d: %s" % (top[3], plural(k))

    def _under(self):
        """The card under the cursor."""
        order = self.order()
        return order[self.cursor % len(order)]

    def _pick(self):
        s = self.state
        order = self.order()
        if not order:
            return
        c = self._under()
        card = s.cards[c]
        if s.phase == DISCARD:
            self._ask(("discard", c), ["Discard %s?" % card[4], "",
                                       "(D card: draw 2,", "then discard 1)"],
                      "A: discard  B: back")
            return
        if card[0] == C.DRAW:
            self._ask(("dcard", c), ["Play the D card?", "Draw 2 cards, then",
                                     "discard 1 (instead", "of drawing 1)."],
                      "A: play D  B: back")
            return
        if card[0] == C.SKIP:
            self._ask(("skip", c), ["Play SKIP?", "%s is skipped." %
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
            self._note(["3 cards at most.", "A on a picked card",
                        "puts it back."])
            return
        self.sel.append([c, card[1][0]])

    def _act(self, key):
        """A on an action over the row."""
        if key == "play":
            cids, values = self.picked()
            self._apply(("play", cids, values))
        elif key == "draw":
            self._apply(("draw",))
        elif key == "pass":
            if self._ten():
                self._ask(("pass",), ["Pass?", "", "A [10] is on top:",
                                      "you draw 2 cards."],
                          "A: pass  B: back")
            else:
                self._apply(("pass",))
        else:
            # What the card under the cursor does, and its hints (loaded
            # when asked for).
            from primeplay.daifugo.ui.clues import help_lines
            self._note(help_lines(self.state, self.picked()[0],
                                  self._under()))

    def _ask(self, move, lines, foot):
        """A question before a move; the answer is ruled on."""
        try:
            rules.check(self.state, move)
        except IllegalMove as e:
            self._note(_lines(str(e)))
            return
        p = self.state.current
        self.app.push(Ask(self.app, lines, self._do(move), foot=foot,
                          hand=p, leds=colours.seat_ring(p, self.app.pixels)))

    def _note(self, lines):
        # It may name a card of the hand on screen: the hand's frame.
        self.app.push(Note(self.app, lines, self.hand_owner()))

    def _do(self, move):
        def act():
            self._apply(move)
        return act

    def _scroll(self):
        n = len(self.order())
        if n == 0:
            self.cursor = self.left = 0
            return
        self.cursor %= n
        if self.left >= n or self.cursor < self.left:
            self.left = self.cursor
        if self._row_end(self.left) <= self.cursor:
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

    def _row_end(self, left):
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

    def score_text(self):
        """"Wins P1:1 P2:0"."""
        return "Wins " + " ".join(["%s:%d" % (seat_name(q), self.score[q])
                                   for q in range(len(self.score))])

    def pause(self):
        self.app.push(Pause(self.app, [("Table", self._push_table),
                                       ("Save and quit", self.app.home)],
                            colours.seat_ring(self.state.current,
                                              self.app.pixels, 2)))

    def _push_table(self):
        from primeplay.daifugo.ui.clues import table_lines
        self.app.push(Note(self.app, table_lines(self.state, self.score,
                                                 self.match)))

    # ------------------------------------------------------------ input
    def press(self, name):
        if not self.seen:
            # Not drawn since it changed: this press was meant for the
            # screen before (a double tap, or queued while the board
            # drew).  Dropped, never taken by a screen nobody has seen.
            return
        mode = self.mode
        if name == "B":
            if mode == "over":
                self.app.home()
            else:
                self.pause()
        elif mode == "hand":
            self._press_hand(name)
        elif name != "A":
            return
        elif mode == "page":
            self._next_page()
        elif mode == "over":
            self.app.home()
        elif mode == "pass":
            self._show_hand()
        elif mode == "table":
            self.until = self.app.now       # hurry the computer
        # (A press on a page that is drawn again by then is taken there.)

    def _press_hand(self, name):
        acts = self.acts()
        if self.focus and acts:
            self.act %= len(acts)
            if name in ("LEFT", "RIGHT"):
                self.act = (self.act + (1 if name == "RIGHT" else -1)) % \
                    len(acts)
            elif name == "DOWN":
                self.focus = 0
            elif name == "A":
                self._act(acts[self.act])
            return
        self.focus = 0
        if name in ("LEFT", "RIGHT"):
            self.cursor += 1 if name == "RIGHT" else -1
            self._scroll()
        elif name == "UP" and acts:
            self.focus = 1
            self.act = 0
        elif name == "A":
            self._pick()

    def next_change(self):
        # A human's hand, the pass screen, the match's end and a page
        # read by a human wait for a press; a computer's pages turn at
        # ``until``, and the ring moves a step at a time: a Stop or a
        # [10] page's blink, the spinner of the computer's turn.
        mode = self.mode
        now = self.app.now
        if mode == "table":
            return min(self.until, (now // 80 + 1) * 80)
        if mode == "page":
            t = self.until if self.page_bot else None
            step = self.page_step
            if step and (t is None or (now // step + 1) * step < t):
                t = (now // step + 1) * step
            return t
        return None if mode in ("hand", "pass", "over") else 0

    def tick(self):
        now = self.app.now
        if self.mode == "page":
            if self.page_bot and now >= self.until:
                self._next_page()
            return
        if self.mode != "table" or now < self.until:
            return
        # A computer's turn, all its moves at once (a draw is followed by
        # the play it made possible); its pages then tell the table.
        bot = self.bots[self.state.current]
        s = self.state
        p = s.current
        turn = s.turn
        for _ in range(8):
            if s.current != p or s.turn != turn or s.phase == OVER:
                break
            if not self._apply(bot.choose(s)):
                break       # never: the bot is legal by construction

    # ------------------------------------------------------------ draw
    def _scene_key(self):
        """What the hand and pass screens show depends on, or None for the
        screens that move with time: the firmware asks for a scene fifty
        times a second, and building a hand row is a good part of a
        board's 20 ms loop."""
        if self.mode not in ("hand", "pass"):
            return None
        s = self.state
        sel = 0
        for x in self.sel:
            sel = sel * 4096 + x[0] * 32 + x[1]
        return (self.mode, self.cursor, self.left, sel, self.focus,
                self.act, s.turn, s.phase, s.drawn, s.current,
                len(s.hands[s.current]), len(s.area), len(s.deck),
                len(self.drew))

    def draw(self, sc):
        self.seen = True
        key = self._scene_key()
        if key is not None and key == self._drawn_key:
            sc.items.extend(self._drawn[0])
            sc.leds = self._drawn[1]
        else:
            self._draw(sc)
            self._drawn_key = key
            if key is not None:
                self._drawn = (list(sc.items), sc.leds)
        # Whose hidden cards the frame shows, and whose pass screen it is.
        if self.mode == "hand":
            sc.hand = self.state.current
        elif self.mode == "pass":
            sc.handoff = self.state.current

    def _draw(self, sc):
        mode = self.mode
        n = self.app.pixels
        s = self.state
        p = s.current
        if mode == "page":
            self._draw_page(sc)
        elif mode == "over":
            self._draw_over(sc)
        elif mode == "pass":
            self._draw_public(sc)
            sc.text(0, 26, "Pass to %s" % seat_name(p), 2)
            sc.text(0, 52, "(%s) A: my hand" % colours.SEAT_NAMES[p])
            sc.leds = colours.seat_ring(p, n)
        elif mode == "table":
            self._draw_public(sc)
            sc.text(0, 26, seat_name(p), 2)
            sc.text(30, 26, "computer's turn")
            sc.text(30, 37, "A: hurry")
            if self._ten():
                sc.text(0, 52, "[10]: a pass draws 2")
            sc.leds = colours.spinner(p, n, self.app.now // 80)
        else:
            self._draw_hand(sc)

    def _draw_public(self, sc):
        """The header and the play area: what everyone may see.  The
        hands in turn order from the player on turn (lit), the deck if
        there is room; who made the play on top, and its number."""
        s = self.state
        p = s.current
        me = "%s:%d" % (seat_name(p), len(s.hands[p]))
        sc.rect(0, 0, len(me) * CHAR_W + 2, CHAR_H, 1)
        sc.text(1, 0, me, 1, 0)
        n = s.settings.players
        others = " ".join(["%s:%d" % (seat_name((p + k) % n),
                                      len(s.hands[(p + k) % n]))
                           for k in range(1, n)])
        x = len(me) * CHAR_W + 2 + CHAR_W // 2
        sc.text(x, 0, others)
        deck = "deck %d" % len(s.deck)
        if x + (len(others) + 1 + len(deck)) * CHAR_W <= WIDTH:
            sc.text(WIDTH - len(deck) * CHAR_W, 0, deck)
        top = s.top()
        sc.text(0, CHAR_H, "New round: 1-3 cards" if top is None else
                "%s played %d" % (seat_name(top[0]), top[3]))
        sc.rect(0, 2 * CHAR_H, WIDTH, 1, 1)

    def _draw_hand(self, sc):
        s = self.state
        self._draw_public(sc)
        sc.text(0, INFO_Y, self.info())
        if s.phase == DISCARD:
            sc.text(0, ACTS_Y, "A on a card: discard")
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
        self._draw_row(sc)
        sc.leds = colours.seat_ring(s.current, self.app.pixels)

    def _draw_row(self, sc):
        s = self.state
        order = self.order()
        cards = s.cards
        self._scroll()
        end = self._row_end(self.left)
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
            x += w + 2
        # More cards off the row's ends.
        if self.left > 0:
            sc.rect(0, CARD_Y, 1, CHAR_H + 1, 1)
        if end < len(order):
            sc.rect(WIDTH - 1, CARD_Y, 1, CHAR_H + 1, 1)

    def _draw_page(self, sc):
        page = self.pages[0]
        n = self.app.pixels
        kind = page[0]
        now = self.app.now
        self.page_step = 150 if kind == "stop" else 60 if kind == "draw2" else 0
        if kind == "judge":
            who, cids, values, number, ok, factors = page[1:]
            played = cards_text(values)
            if ok or len(who) + len(played) + 2 > COLS:
                sc.text(0, 0, who + ":")
            else:
                # The cards that go back, when they fit.
                sc.text(0, 0, "%s %s:" % (who, played))
            big = str(number)
            sc.text(0, 13, big, 2)
            x = len(big) * CHAR_W * 2 + CHAR_W
            if ok:
                sc.text(x, 13, "PRIME")
                sc.text(x, 25, played)
                special = ""
                stop = False
                for i in range(len(cids)):
                    if self.state.cards[cids[i]][0] == C.NUMBER:
                        if values[i] == C.STOP:
                            stop = True
                        elif values[i] == C.DRAW_TWO:
                            special = "[10]: a pass draws 2"
                if stop:
                    special = "[12]: Stop!"
                if special:
                    sc.text(0, 38, special)
                sc.leds = _flash(n, now, colours.RGB["red"]) if stop else \
                    [colours.RGB["green"]] * n
                self.page_step = 150 if stop else 0
            else:
                sc.text(x, 13, "NOT PRIME")
                f = "=" + "x".join([str(q) for q in factors])
                if x + len(f) * CHAR_W <= WIDTH:
                    sc.text(x, 25, f)
                    sc.text(0, 38, "Cards back, turn over")
                else:
                    sc.text(x, 25, "Turn over.")
                    sc.text(0, 38, f)
                sc.leds = [colours.RGB["orange"]] * n
        elif kind == "win":
            w = page[1]
            sc.text(0, 0, "Game over")
            sc.text(0, 14, "%s wins!" % seat_name(w), 2)
            sc.text(0, 40, self.score_text())
            sc.leds = colours.seat_ring(w, n, 16)
        else:
            y = 0
            for line in page[1][:4]:
                sc.text(0, y, line)
                y += CHAR_H + 1
            sc.leds = colours.seat_ring(self.page_seat, n, 6)
            if kind == "stop":
                sc.leds = _flash(n, now, colours.RGB["red"])
            elif kind == "draw2":
                sc.leds = _chase(n, now, colours.RGB["orange"])
        sc.text(0, 52, "A: go on")

    def _draw_over(self, sc):
        s = self.state
        w = s.winner
        sc.text(0, 0, "Match over")
        sc.text(0, 14, "%s wins!" % seat_name(w), 2)
        sc.text(0, 40, self.score_text())
        sc.text(0, 52, "A: menu")
        sc.leds = colours.seat_ring(w, self.app.pixels, 16)


# ------------------------------------------------ screens over the game
# Each takes presses only once it has been drawn (``seen``): a second tap
# of the press that put it up must not answer a question nobody has read.
# ``hand``: the seat whose hidden cards it may name (the scene says so).

class Ask(Confirm):
    """A question: A does it, B goes back."""

    def __init__(self, app, lines, yes, foot, hand=None, leds=None):
        Confirm.__init__(self, app, lines, yes, leds=leds, foot=foot)
        self.hand = hand
        self.seen = False

    def press(self, name):
        if self.seen:
            Confirm.press(self, name)

    def draw(self, sc):
        self.seen = True
        Confirm.draw(self, sc)
        sc.hand = self.hand


class Pause(_Pause):
    """The pause menu (Resume first), its rows taken once it is drawn:
    B, UP, A in one pass of the loop would else save and quit unseen."""

    seen = False

    def press(self, name):
        if self.seen:
            _Pause.press(self, name)

    def draw(self, sc):
        self.seen = True
        _Pause.draw(self, sc)


class Note:
    """Lines four at a time: UP/DOWN scroll, A or B goes back."""

    def __init__(self, app, lines, hand=None):
        self.app = app
        self.lines = lines
        self.top = 0
        self.hand = hand
        self.seen = False

    def press(self, name):
        if not self.seen:
            return
        if name in ("UP", "DOWN"):
            step = 1 if name == "DOWN" else -1
            self.top = max(0, min(self.top + step, len(self.lines) - 4))
        elif name in ("A", "B"):
            self.app.pop()

    def tick(self):
        pass

    def next_change(self):
        return None

    def draw(self, sc):
        self.seen = True
        y = 0
        for line in self.lines[self.top:self.top + 4]:
            sc.text(0, y, line)
            y += CHAR_H + 1
        sc.text(0, HEIGHT - CHAR_H, "DOWN: more  A: back" if
                self.top + 4 < len(self.lines) else "A: back")
        sc.hand = self.hand


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


def _lines(text):
    from primeplay.app.scene import wrap
    return wrap(text)[:4]


def _flash(n, now, rgb):
    """Stop: the whole ring blinks."""
    return [rgb] * n if (now // 150) % 2 == 0 else [colours.OFF] * n


def _chase(n, now, rgb):
    """Draw 2: two pixels running round."""
    out = [colours.OFF] * n
    i = (now // 60) % n
    out[i] = rgb
    out[(i + 1) % n] = rgb
    return out
