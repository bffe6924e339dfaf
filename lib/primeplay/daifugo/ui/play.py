"""Prime Daifugo at the table: pass the handheld, pick cards, judge primes.

One screen with modes, and small screens pushed over it (``App.push``):

* pass: "Pass to P2 (yellow)", the public table; A shows the hand.  Only
  when two or more humans play: a hand never shows outside its owner's
  turn.  A lone human against computers sees the hand at once.
* hand: the owner's cards in a row, the actions above it (``hand``: the
  ``Hand`` this screen holds takes the presses of this mode).  A on a D
  or SKIP card plays it, after a question; so does a pass that draws 2.
  In a first game (the setup's row) the hand points at a play
  (``guide``): its cards ticked, the cursor on the first, the line over
  the actions saying what to pick; only here, never on the pass screen.
* table: a computer's turn: its seat and a pause (A hurries it), then its
  moves.
* page: what a turn did, for everyone (``report`` words and draws the
  pages).  A computer's pages go on by themselves (A hurries them); a
  human's wait for A.
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
from primeplay.daifugo import rules, saves
from primeplay.daifugo.game import Game
from primeplay.daifugo.rules import TURN, OVER, IllegalMove
from primeplay.daifugo.ui.hand import Hand, seat_name
from primeplay.daifugo.ui.report import turn_pages, draw_page

BOT_MS = 900        # a computer's pause before its turn (normal speed)
PAGE_MS = 2500      # a computer's pages go on by themselves after this
LEVELS = (None, "normal", "strong")     # the seats' values in the prefs
class DaifugoPlay:
    def __init__(self, app, settings, seed, seats, match=2, score=None,
                 state=None):
        self.app = app
        self.seats = seats
        self.seed = seed
        self.match = match
        self.score = score if score is not None else [0] * len(seats)
        self.game = Game(settings, self._game_seed(), record=False)
        if state is not None:
            self.game.resume(state)
        self.bots = [None] * len(seats)
        if any(seats):
            # The computer player's prime tables cost heap a table of
            # humans does not need to give up.
            from primeplay.daifugo.bot import Bot
            self.bots = [Bot(LEVELS[s]) if s else None for s in seats]
        self.humans = len([s for s in seats if not s])
        # First game (the setup's row): the hand points at a play, loaded
        # only when it is on and someone human plays.
        self.guide = None
        p = app.prefs.get("daifugo")
        if self.humans and isinstance(p, dict) and p.get("guide") == 1:
            from primeplay.daifugo.ui.guide import Guide
            self.guide = Guide()
        self.mode = "table"
        self.seen = False       # the screen as it is now has been drawn
        self.until = 0
        self.pages = []
        self.page_bot = False
        self.page_step = 0      # ms a step of the ring's blink on the page drawn last
        self.page_t0 = 0        # when the page shown began (its blink's time)
        self.page_seat = 0      # whose turn the pages tell (their colour)
        self.turn_events = []
        self.shown_to = None    # whose hand the pass screen last showed
        self.hand = Hand(self)  # the row of the hand on turn
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
        self.hand.new_turn()
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
            return
        if self.humans < len(self.bots) and self.app.cued is None:
            # A human's turn after the computers': heard (a verdict
            # asked in the same pass is heard instead).
            self.app.cue("turn")
        if self.humans > 1 and self.shown_to != s.current:
            self.mode = "pass"
        else:
            self._show_hand()

    def _show_hand(self):
        self.mode = "hand"
        self.seen = False
        self.shown_to = self.state.current
        self.hand.open()

    def apply(self, move):
        """Make ``move``; True if made.  An illegal one is explained on
        screen and changes nothing."""
        s = self.state
        turn = s.turn
        mover = s.current
        try:
            events = self.game.apply(move)
        except IllegalMove as e:
            self.note(_lines(str(e)))
            return False
        self.seen = False
        self.turn_events.extend(events)
        self.hand.clear()
        self.app.cue(cue_of(events))
        if s.phase == OVER:
            self.score[s.winner] += 1
        if s.turn != turn or s.phase == OVER:
            pages = turn_pages(s, self.turn_events, mover)
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
            self.hand.made(move, events)
        return True

    def _show_pages(self, pages):
        self.pages = pages
        self.mode = "page"
        self.seen = False
        self.page_t0 = self.app.now
        self.until = self.app.now + self.app.pace(PAGE_MS)

    def _next_page(self):
        self.pages = self.pages[1:]
        self.seen = False
        self.page_t0 = self.app.now
        self.until = self.app.now + self.app.pace(PAGE_MS)
        if not self.pages:
            if self.state.phase == OVER:
                self._finish_game()
            else:
                self._begin_turn()

    def _finish_game(self):
        s = self.state
        w = s.winner
        self.seen = False
        if self.score[w] >= self.match:
            self.mode = "over"
            self.app.keep_game("daifugo")
            return
        self.game = Game(s.settings, self._game_seed(), record=False)
        self.shown_to = None
        self._begin_turn()

    # ------------------------------------------------------------ hand
    def ten(self):
        """Is a [10] (Draw 2) in the play on top?"""
        top = self.state.top()
        return top is not None and rules.is_ten(self.state, top)

    def ask(self, move, lines, foot):
        """A question before a move; the answer is ruled on."""
        try:
            rules.check(self.state, move)
        except IllegalMove as e:
            self.note(_lines(str(e)))
            return
        p = self.state.current
        self.app.push(Ask(self.app, lines, self._do(move), foot=foot,
                          hand=p, leds=colours.seat_ring(p, self.app.pixels)))

    def note(self, lines):
        # It may name a card of the hand on screen: the hand's frame.
        self.app.push(Note(self.app, lines, self.hand_owner()))

    def _do(self, move):
        def act():
            self.apply(move)
        return act

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
            self.hand.press(name)
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
            t0 = self.page_t0
            if step:
                nxt = t0 + ((now - t0) // step + 1) * step
                if t is None or nxt < t:
                    t = nxt
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
            if not self.apply(bot.choose(s)):
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
        h = self.hand
        sel = 0
        for x in h.sel:
            sel = sel * 4096 + x[0] * 32 + x[1]
        return (self.mode, h.cursor, h.left, sel, h.focus,
                h.act, s.turn, s.phase, s.drawn, s.current,
                len(s.hands[s.current]), len(s.area), len(s.deck),
                len(h.drew))

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
            # The ring's blink starts lit with the page.
            self.page_step = draw_page(sc, s, self.pages[0], self.page_seat,
                                       self.score_text(), n,
                                       self.app.now - self.page_t0,
                                       self.app.prefs["calm"])
        elif mode == "over":
            self._draw_over(sc)
        elif mode == "pass":
            self.draw_public(sc)
            sc.text(0, 26, "Pass to %s" % seat_name(p), 2)
            sc.text(0, 52, "(%s) A: my hand" % colours.SEAT_NAMES[p])
            sc.leds = colours.seat_ring(p, n)
        elif mode == "table":
            self.draw_public(sc)
            sc.text(0, 26, seat_name(p), 2)
            sc.text(30, 26, "computer's turn")
            sc.text(30, 37, "A: hurry")
            if self.ten():
                sc.text(0, 52, "[10]: a pass draws 2")
            sc.leds = colours.spinner(p, n, self.app.now // 80,
                                      self.app.prefs["calm"])
        else:
            self.hand.draw(sc)

    def draw_public(self, sc):
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


def cue_of(events):
    """The sound cue of a move's events: the win, the table's verdict on a
    play (prime rises, not prime falls), else a tick."""
    cue = "move"
    for e in events:
        k = e[0]
        if k == "win":
            return "win"
        if k == "not_prime":
            cue = k
        elif k == "play" and cue == "move":
            cue = "prime"
    return cue


def _lines(text):
    from primeplay.app.scene import wrap
    return wrap(text)[:4]
