"""Prime Daifugo at the table: pass the handheld, pick cards, judge primes.

One screen with modes, and small screens pushed over it (``App.push``):

* pass: "Pass to P2 (yellow)", the public table; A shows the hand.  Only
  when two or more humans play: a hand never shows outside its owner's
  turn.  A lone human against computers sees the hand at once.
* hand: the owner's cards in a row that scrolls.  LEFT/RIGHT move the
  cursor, A picks a card (again on a multi-number card: its next number,
  then off), UP/DOWN move the picked card under the cursor earlier or
  later in the number.  The number the picked cards form is shown large,
  with what stands in its way ("not > 97", "needs 2 cards") and, with
  clues on, whether it is prime.  A on a D or SKIP card plays it (after a
  question).  B opens the turn menu: play, draw, pass, clues, the table,
  save and quit.
* table: a computer's turn: its seat and a pause, then its moves.
* page: what a turn did, for everyone: the played number large with the
  judgment ("511 NOT PRIME 7x73: cards back"), Draw 2, Stop, the round
  end, the game's winner.  A computer's pages go on by themselves; a
  human's wait for A.
* over: the match is won.

The game is saved at the start of every turn (``primeplay.daifugo.saves``).
"""

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH, HEIGHT
from primeplay.app import colours, Message, Confirm, Pause
from primeplay.app.menus import Menu
from primeplay.daifugo import cards as C
from primeplay.daifugo import rules, saves
from primeplay.daifugo.game import Game
from primeplay.daifugo.forms import concat
from primeplay.daifugo.primejudge import judge
from primeplay.daifugo.rules import TURN, DISCARD, OVER, IllegalMove

BOT_MS = 900        # a computer's pause before its turn
PAGE_BOT_MS = 2500  # a computer's pages go on by themselves
COLS = WIDTH // CHAR_W
LEVELS = (None, "normal", "strong")     # the seats' values in the prefs
CARD_Y = HEIGHT - CHAR_H - 1            # the row of cards in the hand
BIG_Y = 26


def seat_name(p):
    return "P%d" % (p + 1)


def label(card):
    """A card as the hand row shows it: "7", "9*" (3-cards icon),
    "5/9", "468", "D", "SK"."""
    kind = card[0]
    if kind == C.DRAW:
        return "D"
    if kind == C.SKIP:
        return "SK"
    if kind == C.MULTI:
        return "/".join([str(v) for v in card[1]]) if len(card[1]) < 3 \
            else "".join([str(v) for v in card[1]])
    return str(card[1][0]) + ("*" if card[2] else "")


def cards_text(values):
    """"[1][7]": the cards of a play, a multi-number card as the number
    it was played as."""
    return "".join(["[%d]" % v for v in values])


class DaifugoPlay:
    def __init__(self, app, settings, seed, seats, clues=True, match=2,
                 score=None, state=None):
        self.app = app
        self.seats = seats
        self.seed = seed
        self.clues = clues
        self.match = match
        self.score = score if score is not None else [0] * len(seats)
        self.game = Game(settings, self._game_seed())
        if state is not None:
            self.game.state = state
            self.game.edited()
        self.bots = [None] * len(seats)
        if any(seats):
            # The computer player's prime tables cost heap a table of
            # humans does not need to give up.
            from primeplay.daifugo.bot import Bot
            self.bots = [Bot(LEVELS[s]) if s else None for s in seats]
        self.humans = len([s for s in seats if not s])
        self.mode = "table"
        self.until = 0
        self.pages = []
        self.page_bot = False
        self.turn_events = []
        self.shown_to = None    # whose hand the pass screen last showed
        self.sel = []           # [cid, value] in the order of the number
        self.cursor = 0
        self.left = 0           # the first card the row shows
        self._order = None
        self._labels = None     # label() of each card of _order
        self._order_of = None
        self._verdict = None
        self._verdict_of = None
        self._drawn_key = None
        self._drawn = None
        self._begin_turn()

    @classmethod
    def resume(cls, app, g):
        """The screen of saved game ``g`` (``saves.play``'s dict); raises
        whatever is wrong with it."""
        state, seats, seed, score, match = saves.unpack(g)
        clues = bool(app.game_prefs("daifugo")["clues"])
        return cls(app, state.settings, seed, seats, clues, match, score,
                   state)

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
        self.turn_events = []
        if s.phase == OVER:
            self._finish_game()     # a game over is never saved: safety
            return
        if s.phase == TURN and not s.drawn:
            self.app.keep_game("daifugo", saves.play(
                s, self.seats, self.seed, self.score, self.match))
        if self.is_bot():
            self.mode = "table"
            self.until = self.app.now + BOT_MS
            self.shown_to = None
        elif self.humans > 1 and self.shown_to != s.current:
            self.mode = "pass"
        else:
            self._show_hand()

    def _show_hand(self):
        self.mode = "hand"
        self.shown_to = self.state.current
        self.cursor = 0
        self.left = 0

    def _apply(self, move):
        """Make ``move``; True if made.  An illegal one is explained on
        screen and changes nothing."""
        s = self.state
        turn = s.turn
        mover = s.current
        try:
            events = self.game.apply(move)
        except IllegalMove as e:
            self.app.push(Message(self.app, _lines(str(e)) + ["A: OK"]))
            return False
        self.turn_events.extend(events)
        self.sel = []
        if s.phase == OVER:
            self.score[s.winner] += 1
        if s.turn != turn or s.phase == OVER:
            pages = self._pages(self.turn_events, mover)
            self.turn_events = []
            if mover != s.current:
                self.shown_to = None
            self.page_bot = self.bots[mover] is not None
            if pages:
                self._show_pages(pages)
            else:
                self._begin_turn()
        elif self.mode == "hand":
            self._point_at_new(events)
        return True

    def _point_at_new(self, events):
        """After a draw the cursor goes to the card drawn."""
        for e in events:
            if e[0] == "draw" and e[1] == self.state.current:
                order = self.order()
                if e[2] in order:
                    self.cursor = order.index(e[2])
                    self._scroll()

    def _show_pages(self, pages):
        self.pages = pages
        self.mode = "page"
        self.until = self.app.now + PAGE_BOT_MS

    def _next_page(self):
        self.pages = self.pages[1:]
        self.until = self.app.now + PAGE_BOT_MS
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
        pages = []
        drew = False    # in phase 1: a card, or the D card
        acted = False   # played, passed or skipped: later draws are Draw 2
        for e in events:
            k = e[0]
            if k == "draw" and e[1] == p and not acted:
                drew = True
            elif k == "discard":
                pages.append(("text", [seat_name(p) + " plays D:",
                                       "draws 2, discards",
                                       s.cards[e[2]][4] + "."]))
            elif k == "reshuffle":
                pages.append(("text", ["Deck empty:", "the discards are",
                                       "shuffled."]))
            elif k in ("play", "not_prime"):
                acted = True
                ok = k == "play"
                who = seat_name(p) + (" draws, then" if drew else "")
                pages.append(("judge", who, e[2], e[3], e[4], ok,
                              e[5] if not ok else []))
            elif k == "pass":
                if not acted:
                    pages.append(("text", [seat_name(p) + " draws and",
                                           "passes."] if drew else
                                  [seat_name(p) + " passes."]))
                acted = True
            elif k == "draw2":
                pages.append(("draw2", ["Draw 2!",
                                        "%s draws %d card%s." % (
                                            seat_name(e[1]), e[2],
                                            "" if e[2] == 1 else "s")]))
            elif k == "skip":
                acted = True
                pages.append(("text", [seat_name(p) + " plays SKIP:",
                                       "%s is skipped." % seat_name(e[2])]))
            elif k == "stop":
                pages.append(("stop", ["Stop!", "%s starts a new" %
                                       seat_name(e[1]), "round."]))
            elif k == "round":
                pages.append(("text", ["Round over:", "%s clears the area"
                                       % seat_name(e[1]), "and leads."]))
            elif k == "stuck":
                pages.append(("text", ["Nobody can move", "again: the fewest",
                                       "cards win."]))
            elif k == "win":
                pages.append(("win", e[1]))
        return pages

    def _finish_game(self):
        s = self.state
        w = s.winner
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

    def verdict(self):
        """(number or None, line 1, line 2) for the picked cards."""
        cids, values = self.picked()
        key = (cids, values, self.state.turn, len(self.state.area))
        if self._verdict_of == key:
            return self._verdict
        if not cids:
            v = (None, "A: pick", "B: menu")
        else:
            n = concat(values)
            why = _why_not(self.state, cids, values)
            if why:
                v = (n, why, "")
            elif self.clues:
                ok, f = judge(n)
                v = (n, "prime" if ok else "not prime",
                     "B: play" if ok else "x".join([str(x) for x in f]))
            else:
                v = (n, "prime?", "B: play")
        self._verdict = v
        self._verdict_of = key
        return v

    def _pick(self):
        s = self.state
        order = self.order()
        if not order:
            return
        c = order[self.cursor]
        card = s.cards[c]
        if s.phase == DISCARD:
            self.app.push(Confirm(self.app, ["Discard %s?" % card[4], "",
                                             "(D card: draw 2,",
                                             "discard 1)"],
                                  self._do(("discard", c))))
            return
        if card[0] == C.DRAW:
            self._ask(("dcard", c), ["Play the D card?", "Draw 2, then",
                                     "discard 1.",
                                     "(instead of drawing)"])
            return
        if card[0] == C.SKIP:
            self._ask(("skip", c), ["Play SKIP?", "%s is skipped." %
                                    seat_name((s.current + 1) %
                                              s.settings.players)])
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
            self.app.push(Message(self.app, ["3 cards at most.",
                                             "A on a picked card",
                                             "puts it back.", "A: OK"]))
            return
        self.sel.append([c, card[1][0]])

    def _ask(self, move, lines):
        """A question before a card is played; the answer is ruled on."""
        try:
            rules.check(self.state, move)
        except IllegalMove as e:
            self.app.push(Message(self.app, _lines(str(e)) + ["A: OK"]))
            return
        self.app.push(Confirm(self.app, lines, self._do(move)))

    def _do(self, move):
        def act():
            self._apply(move)
        return act

    def _move_picked(self, step):
        """The picked card under the cursor one place earlier (-1) or
        later (+1) in the number."""
        c = self.order()[self.cursor] if self.order() else None
        for i in range(len(self.sel)):
            if self.sel[i][0] == c:
                j = i + step
                if 0 <= j < len(self.sel):
                    self.sel[i], self.sel[j] = self.sel[j], self.sel[i]
                return

    def _scroll(self):
        n = len(self.order())
        if n == 0:
            self.cursor = self.left = 0
            return
        self.cursor %= n
        if self.cursor < self.left:
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

    # ------------------------------------------------------------ menus
    def turn_menu(self):
        """The rows of the turn menu: (key, text).  Asked of the rules
        directly, not of legal_moves: with 13 cards that list weighs
        thousands of plays, a press's worth of time on a board."""
        s = self.state
        rows = []
        if s.phase == TURN:
            if self.sel:
                n = concat(self.picked()[1])
                rows.append(("play", "Play %d" % n))
            if not s.drawn and rules.can_draw(s, s.current):
                rows.append(("draw", "Draw a card"))
            if not rules.must_draw(s):
                rows.append(("pass", "Pass"))
            if self.sel:
                rows.append(("clear", "Put cards back"))
        if self.clues and self.order():
            rows.append(("clues", "Clues"))
        rows.append(("table", "Table"))
        rows.append(("quit", "Save and quit"))
        return rows

    def menu_choice(self, key):
        if key == "play":
            cids, values = self.picked()
            self._apply(("play", cids, values))
        elif key == "draw":
            self._apply(("draw",))
        elif key == "pass":
            self._apply(("pass",))
        elif key == "clear":
            self.sel = []
        elif key == "clues":
            self.app.push(Clues(self.app, self.clue_lines()))
        elif key == "table":
            self.app.push(Message(self.app, self.table_lines()))
        elif key == "quit":
            # The save holds the game as of the start of this turn.
            self.app.home()

    def clue_lines(self):
        """The printed cards' hints, worked out for this deck: the picked
        cards (every prime they form), or the card under the cursor (the
        cards it makes a 2-card prime with)."""
        from primeplay.daifugo.clues import clue_lines
        cids = self.picked()[0] or (self.order()[self.cursor],)
        return clue_lines(self.state.cards, cids, self.state.settings)

    def table_lines(self):
        """The public table: the round, the hands' sizes, deck, score."""
        s = self.state
        top = s.top()
        if top is None:
            area = "Area empty: %s leads" % seat_name(s.current)
        else:
            area = "Area: " + " ".join([str(p[3]) for p in s.area[-4:]])
        hands = " ".join(["%s:%d" % (seat_name(q), len(s.hands[q]))
                          for q in range(s.settings.players)])
        disc = s.cards[s.discard[-1]][4] if s.discard else "none"
        return [area, hands, "Deck %d  top %s" % (len(s.deck), disc),
                "Wins %s (to %d)" % (self.score_text(True), self.match),
                "A: back"]

    def score_text(self, short=False):
        """"Wins P1:1 P2:0" (short: "1-0")."""
        if short:
            return "-".join([str(x) for x in self.score])
        return "Wins " + " ".join(["%s:%d" % (seat_name(q), self.score[q])
                                   for q in range(len(self.score))])

    def pause(self):
        self.app.push(Pause(self.app, [("Table", self._push_table),
                                       ("Save and quit", self.app.home)],
                            colours.seat_ring(self.state.current,
                                              self.app.pixels, 2)))

    def _push_table(self):
        self.app.push(Message(self.app, self.table_lines()))

    # ------------------------------------------------------------ input
    def press(self, name):
        mode = self.mode
        if mode == "page":
            if name in ("A", "B"):
                self._next_page()
        elif mode == "over":
            if name in ("A", "B"):
                self.app.home()
        elif mode == "pass":
            if name == "A":
                self._show_hand()
            elif name == "B":
                self.pause()
        elif mode == "table":
            if name == "B":
                self.pause()
        elif mode == "hand":
            self._press_hand(name)

    def _press_hand(self, name):
        if name in ("LEFT", "RIGHT"):
            self.cursor += 1 if name == "RIGHT" else -1
            self._scroll()
        elif name in ("UP", "DOWN"):
            self._move_picked(-1 if name == "UP" else 1)
        elif name == "A":
            self._pick()
        elif name == "B":
            self.app.push(TurnMenu(self.app, self))

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
        return (self.mode, self.cursor, self.left, sel, s.turn, s.phase,
                s.current, len(s.hands[s.current]), len(s.area),
                len(s.deck), len(s.discard))

    def draw(self, sc):
        key = self._scene_key()
        if key is not None and key == self._drawn_key:
            sc.items.extend(self._drawn[0])
            sc.leds = self._drawn[1]
            return
        self._draw(sc)
        self._drawn_key = key
        if key is not None:
            self._drawn = (list(sc.items), sc.leds)

    def _draw(self, sc):
        mode = self.mode
        n = self.app.pixels
        s = self.state
        if mode == "page":
            self._draw_page(sc)
        elif mode == "over":
            self._draw_over(sc)
        elif mode == "pass":
            p = s.current
            self._draw_public(sc)
            sc.text(0, 25, "Pass to %s" % seat_name(p), 2)
            sc.text(0, 52, "(%s) A: my hand" % colours.SEAT_NAMES[p])
            sc.leds = colours.seat_ring(p, n)
        elif mode == "table":
            p = s.current
            self._draw_public(sc)
            sc.text(0, 25, seat_name(p), 2)
            sc.text(30, 31, "computer")
            sc.text(0, 52, "thinking...")
            sc.leds = colours.spinner(p, n, self.app.now // 80)
        else:
            self._draw_hand(sc)

    def _draw_public(self, sc):
        """The header and the play area: what everyone may see."""
        s = self.state
        p = s.current
        # Every hand's size, whose turn it is on a lit bar.
        me = "%s:%d" % (seat_name(p), len(s.hands[p]))
        sc.rect(0, 0, len(me) * CHAR_W + 2, CHAR_H, 1)
        sc.text(1, 0, me, 1, 0)
        parts = []
        for q in range(s.settings.players):
            if q != p:
                parts.append("%s:%d" % (seat_name(q), len(s.hands[q])))
        x = len(me) * CHAR_W + 2 + CHAR_W // 2
        others = " ".join(parts)
        room = (WIDTH - x) // CHAR_W - len(others) - 1
        deck = ("deck%d" if room >= 6 else "d%d") % len(s.deck)
        sc.text(x, 0, others[:(WIDTH - x) // CHAR_W - len(deck) - 1])
        sc.text(WIDTH - len(deck) * CHAR_W, 0, deck)
        top = s.top()
        if top is None:
            line = "New round: lead"
        else:
            k = len(top[1])
            line = "Beat %d %dc" % (top[3], k)
        disc = s.cards[s.discard[-1]][4] if s.discard else ""
        sc.text(0, CHAR_H + 1, line[:COLS - len(disc) - 1])
        if disc:
            sc.text(WIDTH - len(disc) * CHAR_W, CHAR_H + 1, disc)
        sc.rect(0, 2 * CHAR_H, WIDTH, 1, 1)

    def _draw_hand(self, sc):
        s = self.state
        self._draw_public(sc)
        number, line1, line2 = self.verdict()
        if s.phase == DISCARD:
            number, line1, line2 = None, "Discard one:", "A on a card"
        x = 0
        if number is not None:
            big = str(number)
            sc.text(0, BIG_Y, big, 2)
            x = len(big) * CHAR_W * 2 + 4
        cols = (WIDTH - x) // CHAR_W
        sc.text(x, BIG_Y, line1[:cols])
        sc.text(x, BIG_Y + CHAR_H - 1, line2[:cols])
        self._draw_row(sc)
        sc.leds = colours.seat_ring(s.current, self.app.pixels)

    def _draw_row(self, sc):
        s = self.state
        order = self.order()
        cards = s.cards
        picked = [x[0] for x in self.sel]
        self._scroll()
        end = self._row_end(self.left)
        x = 2
        for i in range(self.left, end):
            c = order[i]
            text = self._labels[i]
            w = len(text) * CHAR_W + 4
            on = c in picked
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
        if kind == "judge":
            who, cids, values, number, ok, factors = page[1:]
            sc.text(0, 0, (who + " plays:")[:COLS])
            big = str(number)
            scale = 3 if len(big) <= 4 else 2
            sc.text(0, 14, big, scale)
            x = len(big) * CHAR_W * scale + 4
            played = cards_text(values)
            sc.text(x, 14 + 2 * CHAR_H, played[:(WIDTH - x) // CHAR_W])
            if ok:
                sc.text(x, 14, "PRIME")
                special = ""
                if C.STOP in values:
                    special = "[12] Stop!"
                elif C.DRAW_TWO in values:
                    special = "[10]: pass = draw 2"
                sc.text(0, HEIGHT - CHAR_H, special)
                sc.leds = [colours.RGB["green"]] * n
                if C.STOP in values:
                    sc.leds = _flash(n, now, colours.RGB["red"])
            else:
                sc.text(x, 14, "NOT")
                sc.text(x, 14 + CHAR_H, "PRIME")
                f = "=" + "x".join([str(p) for p in factors])
                sc.text(0, HEIGHT - CHAR_H, (f + " cards back")[:COLS]
                        if len(f) + 11 <= COLS else f[:COLS])
                sc.leds = [colours.RGB["orange"]] * n
        elif kind == "win":
            w = page[1]
            sc.text(0, 0, "Game over")
            sc.text(0, 14, "%s wins!" % seat_name(w), 2)
            sc.text(0, 40, self.score_text())
            sc.text(0, 52, "A: go on")
            sc.leds = colours.seat_ring(w, n, 16)
        else:
            y = 0
            for line in page[1][:4]:
                sc.text(0, y, line[:COLS])
                y += CHAR_H + 1
            sc.text(0, 52, "A: go on")
            sc.leds = colours.seat_ring(self.state.current, n, 6)
            if kind == "stop":
                sc.leds = _flash(n, now, colours.RGB["red"])
            elif kind == "draw2":
                sc.leds = _chase(n, now, colours.RGB["orange"])

    def _draw_over(self, sc):
        s = self.state
        w = s.winner
        sc.text(0, 0, "Match over")
        sc.text(0, 14, "%s wins!" % seat_name(w), 2)
        sc.text(0, 40, self.score_text())
        sc.text(0, 52, "A: menu")
        sc.leds = colours.seat_ring(w, self.app.pixels, 16)


class TurnMenu(Menu):
    """The hand's menu (B): play, draw, pass, clues, the table, quit."""

    def __init__(self, app, play):
        Menu.__init__(self, app)
        self.play = play
        self.menu = play.turn_menu()    # once: drawn fifty times a second

    def rows(self):
        return [r[1] for r in self.menu]

    def choose(self, i):
        key = self.menu[i][0]
        self.app.pop()
        self.play.menu_choice(key)

    def back(self):
        self.app.pop()

    def draw(self, sc):
        Menu.draw(self, sc)
        sc.leds = colours.seat_ring(self.play.state.current,
                                    self.app.pixels, 2)


class Clues:
    """Clue lines, four at a time: UP/DOWN scroll, A or B goes back."""

    def __init__(self, app, lines):
        self.app = app
        self.lines = lines or ["No clues."]
        self.top = 0

    def press(self, name):
        if name in ("UP", "DOWN"):
            step = 1 if name == "DOWN" else -1
            self.top = max(0, min(self.top + step, len(self.lines) - 4))
        elif name in ("A", "B"):
            self.app.pop()

    def tick(self):
        pass

    def draw(self, sc):
        y = 0
        for line in self.lines[self.top:self.top + 4]:
            sc.text(0, y, line[:COLS])
            y += CHAR_H + 1
        more = self.top + 4 < len(self.lines)
        sc.text(0, HEIGHT - CHAR_H, "v more  A: back" if more else
                "A: back")
        sc.leds = [colours.OFF] * self.app.pixels


def _why_not(state, cids, values):
    """A short reason (13 characters) why these picked cards cannot be
    played now, or "" (primality aside)."""
    try:
        rules.check_play(state, cids, values)
    except IllegalMove as e:
        top = state.top()
        k = len(cids)
        if top is not None and k != len(top[1]):
            return "needs %d card%s" % (len(top[1]),
                                        "" if len(top[1]) == 1 else "s")
        if concat(values) < 0:
            return "0 leads: no"
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
        if state.settings.strict:
            return "not prime"
        return str(e)[:13]
    return ""


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
